//! A whole GdB turn through its seven phases (issue 28), recorded through the game's
//! actions: the report's account names every event with its unit and its result, in
//! English and in Russian, and no failed or pursuing test reads as passed.

use crate::common;

use coldsteel::game::ActionKind;
use coldsteel::i18n::Lang;
use coldsteel::report::markdown::to_text;
use coldsteel::report::summary::game_report;
use coldsteel::rules::{Marker, Order, Phase};

/// The account of the battle, the report's section before the state of the units.
fn account(g: &coldsteel::game::Game, lang: Lang) -> String {
    let text = to_text(&game_report(g, lang));
    let start = text.find(lang.t(coldsteel::i18n::T::RepAccount)).unwrap();
    let end = text.find(lang.t(coldsteel::i18n::T::RepUnits)).unwrap();
    text[start..end].split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_whole_turn_is_played_through_the_games_actions() {
    let g = common::whole_gdb_turn();
    assert_eq!((g.battle().turn, g.battle().phase), (2, Phase::CompulsoryMoves));
    let kiev = common::unit(&g, "Kiev Dragoons");
    assert_eq!(kiev.order, Order::Disordered, "rallied as the Compulsory Moves began (GDB-SEQ-03)");
    assert!(!kiev.markers.contains(&Marker::Rallying));
    assert_eq!(common::unit(&g, "Poltava Infantry").terrain, coldsteel::rules::Terrain::Wood);
    assert_eq!(common::unit(&g, "Ladoga Infantry").order, Order::Routing);
    assert!(common::unit(&g, "Grenadiers à cheval").markers.contains(&Marker::Pursuing));
}

#[test]
fn the_account_names_every_event_with_its_unit_and_result() {
    let g = common::whole_gdb_turn();
    for (lang, told) in [(Lang::En, common::TOLD_EN), (Lang::Ru, common::TOLD_RU)] {
        let text = account(&g, lang);
        for line in told {
            assert!(text.contains(line), "{lang:?}: {line}\n\n{text}");
        }
        for sentence in text.split(". ") {
            let failed = common::NOT_PASSED.iter().any(|w| sentence.contains(w));
            assert!(!(failed && common::PASSED.iter().any(|w| sentence.contains(w))), "{lang:?}: {sentence}");
        }
    }
}

/// The Ruleset B turn's account names each event with its unit and result, in both
/// languages: the collision, the move, the fire, the melee with each side's test, the
/// tests of the Morale phase and the rally as the next turn begins.
#[test]
fn the_ruleset_b_account_names_every_event() {
    use coldsteel::i18n::{Label, T};
    use coldsteel::rules::Terrain;
    use coldsteel::rules::options::{TestKind, TestResult};
    let g = common::whole_b_turn();
    for lang in [Lang::En, Lang::Ru] {
        let said = account(&g, lang).split_whitespace().collect::<Vec<_>>().join(" ");
        let n = |english: &str| common::unit(&g, english).display_name(lang == Lang::Ru).to_owned();
        let words = |test, result| coldsteel::i18n::log_text::result_words(lang, test, result);
        let rally = format!(
            "{}: {}: {}",
            n("Kiev Dragoons"),
            TestKind::Rally.label(lang),
            words(TestKind::Rally, TestResult::Rally)
        );
        let told = [
            lang.fmt(T::LogCollision, &[&n("Sumy Hussars"), &n("Guard Chasseurs à cheval"), &""]),
            lang.fmt(
                T::LogMovedGround,
                &[&n("Poltava Infantry"), &12, &Terrain::Open.label(lang), &Terrain::Wood.label(lang)],
            ),
            lang.fmt(
                T::LogFire,
                &[&n("4th bn, 33e Léger"), &n("Poltava Infantry"), &lang.count(2u32, coldsteel::i18n::Noun::Figure)],
            ),
            lang.fmt(T::LogBTestPassed, &[&n("Sumy Hussars")]),
            lang.fmt(T::LogBTestPassed, &[&n("Guard Chasseurs à cheval")]),
            format!(
                "{}: {}: {}",
                n("Poltava Infantry"),
                TestKind::Morale.label(lang),
                words(TestKind::Morale, TestResult::Pass)
            ),
            lang.fmt(T::LogRallyNextTurn, &[&rally]),
            lang.fmt(T::RepRallied, &[&n("Kiev Dragoons")]),
        ];
        for line in told {
            let line = line.trim_end_matches(": ").to_owned();
            assert!(said.contains(&line), "{lang:?}: {line}\n\n{said}");
        }
    }
}

/// Issue 45: each undo step of a fire and a test names its units and its result, in both
/// languages ("Undone: Test" said nothing).
#[test]
fn the_undo_history_names_each_fire_and_test_with_its_result() {
    let g = common::whole_gdb_turn();
    let b = g.battle();
    let labels = |lang: Lang| -> Vec<String> {
        g.history()
            .done
            .iter()
            .filter(|s| matches!(s.kind, ActionKind::Fire | ActionKind::TakeTest))
            .map(|s| coldsteel::i18n::log_text::action_label(lang, b, s.kind, &s.subject))
            .collect()
    };
    let en = labels(Lang::En);
    assert!(en.contains(&"Fire: 4th bn, 33e Léger × Poltava Infantry, 2 figures lost".to_owned()), "{en:?}");
    assert!(en.contains(&"Poltava Infantry: Morale test (passes)".to_owned()), "{en:?}");
    let ru = labels(Lang::Ru);
    // In Russian, the units' Russian names.
    assert!(
        ru.contains(&"Огонь: 4-й батальон 33-го лёгкого полка × Полтавский пехотный полк, потери: 2 фигуры".to_owned()),
        "{ru:?}"
    );
    assert!(ru.contains(&"Полтавский пехотный полк: Тест морали (пройден)".to_owned()), "{ru:?}");
    // A step recorded before its result was: its units, named.
    assert_eq!(
        coldsteel::i18n::log_text::action_label(Lang::En, b, ActionKind::TakeTest, "5th Jägers"),
        "Test: 5th Jägers"
    );
}

/// Issue 45: a Ruleset B melee's line names each unit with the figures it lost, as the
/// roster shows them (it read the kills as losses, backwards), in the log and the report,
/// in both languages.
#[test]
fn a_ruleset_b_melee_line_names_each_unit_with_its_own_losses() {
    let g = common::whole_b_turn();
    let b = g.battle();
    let entry = b.log.iter().find(|e| matches!(e.detail, coldsteel::model::LogDetail::BMelee { .. })).unwrap();
    let lost = |name: &str| {
        let u = common::unit(&g, name);
        u.figures_start - u.figures
    };
    assert_eq!((lost("Sumy Hussars"), lost("Guard Chasseurs à cheval")), (0, 3), "the roster's losses");
    let en = coldsteel::i18n::log_text::entry_summary(Lang::En, b, entry);
    assert!(en.contains("Sumy Hussars lost 0 figures, Guard Chasseurs à cheval lost 3 figures"), "{en}");
    let ru = coldsteel::i18n::log_text::entry_summary(Lang::Ru, b, entry);
    assert!(ru.contains("Потери: Сумской гусарский полк — 0 фигур, Гвардейские конные егеря — 3 фигуры"), "{ru}");
    for lang in [Lang::En, Lang::Ru] {
        let report = account(&g, lang);
        let line = coldsteel::i18n::log_text::entry_summary(lang, b, entry);
        assert!(report.contains(&line), "{lang:?}: the report tells it as the log does");
    }
}
