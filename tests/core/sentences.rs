//! Issue 30: every log and report sentence kind the example saves hold, rendered with
//! masculine, feminine and plural unit names in both languages, against a snapshot that
//! a Russian speaker reads (`COLDSTEEL_WRITE_SNAPSHOTS=1 cargo test --test core sentences`
//! rewrites it). Names stay in the nominative and nothing agrees with them, so each
//! sentence reads right whatever the name's gender and number; with the plural names the
//! sides are plural too ("French", "Russians": issue 45, a side as subject). Then the
//! checklist's lines, and the interface's phrases a Russian speaker read in issue 45.

use std::collections::BTreeSet;
use std::path::Path;

use coldsteel::i18n::{Lang, log_text};
use coldsteel::model::Battle;
use coldsteel::report::{markdown, summary};
use coldsteel::storage;

/// The names every unit takes in turn: (English, Russian).
const NAMES: [(&str, &str, &str); 3] =
    [("masculine", "Regiment", "Полк"), ("feminine", "Battery", "Батарея"), ("plural", "Jägers", "Егеря")];

fn renamed(battle: &Battle, (number, en, ru): (&str, &str, &str)) -> Battle {
    let mut b = battle.clone();
    for u in &mut b.units {
        u.name = en.to_owned();
        u.name_ru = Some(ru.to_owned());
    }
    if number == "plural" {
        for (side, (en, ru)) in
            [(&mut b.sides.first, ("French", "Французы")), (&mut b.sides.second, ("Russians", "Русские"))]
        {
            side.name = en.to_owned();
            side.name_ru = Some(ru.to_owned());
        }
    }
    b
}

/// Each distinct line of the log and of the report (tables aside).
fn sentences(game: &coldsteel::game::Game, lang: Lang) -> BTreeSet<String> {
    let battle = game.battle();
    let mut out = BTreeSet::new();
    for entry in &battle.log {
        out.extend(log_text::entry_lines(lang, battle, entry));
    }
    out.extend(coldsteel::game::checklist(battle).iter().map(|t| log_text::todo_text(lang, battle, t)));
    out.extend(battle.generals.iter().map(|g| coldsteel::i18n::names::general_line(g, lang)));
    let account = markdown::to_markdown(&summary::battle_report(battle, lang));
    out.extend(account.lines().filter(|l| !l.starts_with('|') && !l.trim().is_empty()).map(str::to_owned));
    out
}

#[test]
fn every_sentence_kind_with_each_gender_and_number_matches_its_snapshot() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut text = String::new();
    for lang in [Lang::Ru, Lang::En] {
        for names in NAMES {
            let mut all = BTreeSet::new();
            for path in files.iter().filter(|p| p.to_string_lossy().ends_with(".coldsteel.json")) {
                let game = storage::read_battle_file(path).unwrap();
                let battle = renamed(game.battle(), names);
                let game = coldsteel::game::Game::from_parts(
                    battle,
                    game.history().clone(),
                    game.start().cloned().map(Box::new),
                );
                all.extend(sentences(&game, lang));
            }
            text.push_str(&format!("## {lang:?}, {} names\n\n", names.0));
            for line in all {
                text.push_str(&line);
                text.push('\n');
            }
            text.push('\n');
        }
    }
    for lang in [Lang::Ru, Lang::En] {
        text.push_str(&format!("## {lang:?}, the interface's phrases\n\n"));
        for line in phrases(lang) {
            text.push_str(&line);
            text.push('\n');
        }
        text.push('\n');
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/sentences.txt");
    if std::env::var_os("COLDSTEEL_WRITE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, expected, "the sentences changed: read them and rerun with COLDSTEEL_WRITE_SNAPSHOTS=1");
}

/// The phrases of the interface that issue 45 found reading wrong, as the interface shows
/// them: badges, labels beside their values, the ruleset and the ranks.
fn phrases(lang: Lang) -> Vec<String> {
    use coldsteel::i18n::{Label, T};
    use coldsteel::rules::{Face, Marker, Order, Rank, Ruleset};
    let mut out = vec![
        lang.fmt(T::MovesFirst, &[&"Russians"]),
        lang.fmt(T::PvMovesFirst, &[&"French"]),
        format!("{} {}", lang.t(T::RatesMove), lang.fmt(T::TurnN, &[&1])),
        format!("{} · {}", Ruleset::Gdb.label(lang), Rank::Brigade.label(lang)),
        lang.t(T::TodoInitiative).to_owned(),
        lang.t(T::RatesText).to_owned(),
        format!("{}, {}", Marker::PushedBack.label(lang), Marker::Pursuing.label(lang)),
        Order::Wavering.label(lang).to_owned(),
        lang.fmt(T::BecomesWavering, &[&"Jägers"]),
        lang.fmt(T::BCaught, &[&"1st Polish Guard Lancers", &"Jägers"]),
    ];
    out.extend(Face::ALL.iter().map(|f| format!("{}: {}", lang.t(T::StruckFace), f.label(lang))));
    // One of a kind, where a plural pronoun read wrong ("1 test … take them").
    use coldsteel::i18n::Noun;
    for (key, noun) in
        [(T::TestsOwedText, Noun::Test), (T::MeleesUnfoughtText, Noun::Melee), (T::ChargesUndoneText, Noun::Charge)]
    {
        out.push(lang.fmt(key, &[&lang.count(1, noun)]));
    }
    out.push(lang.fmt(T::SoFar, &[&lang.decimal(49.3, 1)]));
    out.push(format!("{} · {}", lang.t(T::DeclarationsHeading), lang.t(T::NoteUmpires)));
    out.push(log_text::win_with_outcome(lang, "Grenadiers à cheval", coldsteel::rules::gdb::Outcome::Rout.label(lang)));
    out
}
