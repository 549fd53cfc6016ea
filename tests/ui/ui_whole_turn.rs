//! A new player's walk-through (issue 28): one General de Brigade turn through its seven
//! phases in the window, in English and in Russian — the initiative, the compulsory moves,
//! a charge, a move, a fire, the melee, morale with a rally — and the report's account
//! of that turn names every one of those events with its unit and its result.

use crate::common;

use coldsteel::game::{Action, Game, Todo, checklist};
use coldsteel::i18n::{Label, Lang, T};
use coldsteel::report::markdown::to_text;
use coldsteel::report::summary::game_report;
use coldsteel::rules::options::{TestKind, TestResult};
use coldsteel::rules::{Marker, Order, Phase, Side, Terrain};
use coldsteel::storage;
use coldsteel::ui::CsApp;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type H = Harness<'static, CsApp>;

/// The default battle at its first Initiative phase, with the players' tables of a first
/// evening: the rates of the two arms that charge, every charge test passing, the
/// firing, morale and rally tables; the Kiev Dragoons routing from the skirmish before.
fn first_evening() -> Game {
    let mut g = storage::default_game().unwrap();
    common::first_evening_charge_tables(&mut g);
    common::whole_turn_tables(&mut g);
    common::kiev_dragoons_routing(&mut g);
    g
}

fn harness(game: Game, lang: Lang) -> H {
    let app = CsApp::new(game, lang);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 2000.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    h
}

fn name(h: &H, english: &str, lang: Lang) -> String {
    common::unit(&h.state().game, english).display_name(lang == Lang::Ru).to_owned()
}

fn click(h: &mut H, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

fn button(h: &mut H, label: &str) {
    h.get_by_role_and_label(Role::Button, label).click();
    h.run();
}

fn type_into(h: &mut H, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, label).type_text(text);
    h.run();
}

fn pick(h: &mut H, combo: &str, item: &str) {
    h.get_by_role_and_label(Role::ComboBox, combo).click();
    h.run();
    h.get_all_by_label(item).last().unwrap().click();
    h.run();
}

fn next_phase(h: &mut H, lang: Lang) {
    button(h, lang.t(T::NextPhase));
}

fn phase(h: &H) -> Phase {
    h.state().game.battle().phase
}

/// Initiative: the four dice typed, the winner makes his side phasing.
fn initiative(h: &mut H, lang: Lang, dice: [&str; 4], phasing: Side) {
    let sides = [Side::First, Side::First, Side::Second, Side::Second];
    for (i, (die, side)) in dice.iter().zip(sides).enumerate() {
        let side = coldsteel::i18n::names::side_name(h.state().game.battle(), side, lang).to_owned();
        type_into(h, &lang.fmt(T::DieOf, &[&(i % 2 + 1), &side]), die);
    }
    let side = coldsteel::i18n::names::side_name(h.state().game.battle(), phasing, lang).to_owned();
    button(h, &lang.fmt(T::MovesFirst, &[&side]));
    assert_eq!(h.state().game.battle().phasing, Some(phasing), "{lang:?}");
}

/// The Grenadiers à cheval charge the Ladoga Infantry 20 cm away, the Russians declaring
/// none; it stands, both tests pass on the players' table.
fn charge(h: &mut H, lang: Lang) {
    click(h, &name(h, "Grenadiers à cheval", lang));
    button(h, lang.t(T::ChargeButton));
    click(h, &name(h, "Ladoga Infantry", lang));
    type_into(h, lang.t(T::DistanceCm), "20");
    click(h, lang.t(T::CommanderWithin15));
    // GDB-CHG-03, 04: the Russians are asked for their declarations; they declare none.
    button(h, lang.t(T::Declare));
    common::layout::none_declared(h);
    button(h, lang.t(T::ReactStand));
    for dice in ["34", "25"] {
        type_into(h, lang.t(T::TestDice), dice);
        h.key_press(egui::Key::Enter);
        h.run();
    }
    button(h, lang.t(T::Apply));
    assert!(h.state().wizard.is_none(), "{lang:?}: {:?}", h.state().message);
}

/// The Poltava Infantry moves 12 cm into the wood, from its editor.
fn move_into_the_wood(h: &mut H, lang: Lang) {
    click(h, &name(h, "Poltava Infantry", lang));
    h.get_by_role_and_label(Role::SpinButton, lang.t(T::MoveDistance)).click();
    h.run();
    h.get_by_role_and_label(Role::SpinButton, lang.t(T::MoveDistance)).type_text("12");
    h.key_press(egui::Key::Enter);
    h.run();
    pick(h, lang.t(T::MoveGround), Terrain::Wood.label(lang));
    button(h, lang.t(T::MoveNow));
}

/// The 4th bn, 33e Léger fires at the Poltava Infantry: 4 and 3 on the firing table.
fn fire(h: &mut H, lang: Lang) {
    button(h, lang.t(T::RecordFire));
    pick(h, lang.t(T::FireFirer), &name(h, "4th bn, 33e Léger", lang));
    pick(h, lang.t(T::FireTarget), &name(h, "Poltava Infantry", lang));
    type_into(h, lang.t(T::FireDice), "43");
    button(h, lang.t(T::Apply));
    assert!(h.state().wizard.is_none(), "{lang:?}: {:?}", h.state().message);
}

/// The melee: 6 and 6 against 1 and 1; the casualty table is empty, so the losses are
/// typed; the winner's pursuit test passes on the table.
fn melee(h: &mut H, lang: Lang) {
    button(h, lang.t(T::Fight));
    button(h, lang.t(T::Next));
    type_into(h, &name(h, "Grenadiers à cheval", lang), "66");
    type_into(h, &name(h, "Ladoga Infantry", lang), "11");
    button(h, lang.t(T::Next));
    let (grenadiers, ladoga) = (name(h, "Grenadiers à cheval", lang), name(h, "Ladoga Infantry", lang));
    type_into(h, &lang.fmt(T::LossesOf, &[&grenadiers]), "1");
    type_into(h, &lang.fmt(T::LossesOf, &[&ladoga]), "4");
    type_into(h, lang.t(T::TestDice), "43");
    button(h, lang.t(T::Apply));
    assert!(h.state().wizard.is_none(), "{lang:?}: {:?}", h.state().message);
}

/// The listed test of `who`, taken by its result.
fn take_test(h: &mut H, lang: Lang, who: &str, result: TestResult) {
    let id = common::id(&h.state().game, who);
    let todos = checklist(h.state().game.battle());
    let tests: Vec<&Todo> = todos.iter().filter(|t| matches!(t, Todo::Test { .. })).collect();
    let at = tests.iter().position(|t| matches!(t, Todo::Test { unit, .. } if *unit == id)).unwrap();
    let Todo::Test { test, .. } = tests[at] else { unreachable!() };
    let test = *test;
    h.get_all_by_label(lang.t(T::TakeTest)).nth(at).unwrap().click();
    h.run();
    button(h, &coldsteel::i18n::log_text::result_words(lang, test, result));
    assert!(h.state().wizard.is_none(), "{lang:?}: {:?}", h.state().message);
}

fn account(g: &Game, lang: Lang) -> String {
    let text = to_text(&game_report(g, lang));
    let start = text.find(lang.t(T::RepAccount)).unwrap();
    let end = text.find(lang.t(T::RepUnits)).unwrap();
    text[start..end].split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_gdb_turn_through_its_seven_phases() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(first_evening(), lang);
        initiative(&mut h, lang, ["5", "4", "2", "4"], Side::First);
        next_phase(&mut h, lang);
        assert_eq!(phase(&h), Phase::CompulsoryMoves);
        let kiev = common::id(&h.state().game, "Kiev Dragoons");
        assert!(checklist(h.state().game.battle()).contains(&Todo::Rout(kiev)), "{lang:?}");
        next_phase(&mut h, lang);
        assert_eq!(phase(&h), Phase::Charges);
        charge(&mut h, lang);
        next_phase(&mut h, lang);
        assert_eq!(phase(&h), Phase::Movement);
        move_into_the_wood(&mut h, lang);
        assert_eq!(common::unit(&h.state().game, "Poltava Infantry").terrain, Terrain::Wood, "{lang:?}");
        next_phase(&mut h, lang);
        assert_eq!(phase(&h), Phase::Firing);
        fire(&mut h, lang);
        next_phase(&mut h, lang);
        assert_eq!(phase(&h), Phase::Melee);
        melee(&mut h, lang);
        next_phase(&mut h, lang);
        assert_eq!(phase(&h), Phase::Morale);
        take_test(&mut h, lang, "Kiev Dragoons", TestResult::Rally);
        // Ladoga routed in the melee: no rally is listed before its rout move (GDB-RES-01,
        // SEQ-03).
        let ladoga = common::id(&h.state().game, "Ladoga Infantry");
        let owed = coldsteel::game::morale_tests::owed_tests(h.state().game.battle());
        assert!(!owed.iter().any(|o| o.unit == ladoga), "{lang:?}: {owed:?}");
        // The winner lost a figure: its morale test is owed too (the players' rulebook).
        take_test(&mut h, lang, "Grenadiers à cheval", TestResult::Pass);
        assert!(coldsteel::game::morale_tests::owed_tests(h.state().game.battle()).is_empty(), "{lang:?}");
        next_phase(&mut h, lang);
        assert_eq!((h.state().game.battle().turn, phase(&h)), (2, Phase::Initiative), "{lang:?}");
        initiative(&mut h, lang, ["3", "3", "4", "4"], Side::Second);
        next_phase(&mut h, lang);
        assert_eq!(common::unit(&h.state().game, "Kiev Dragoons").order, Order::Disordered, "{lang:?}");

        let g = &h.state().game;
        let said = account(g, lang);
        let n = |english: &str| common::unit(g, english).display_name(lang == Lang::Ru).to_owned();
        let words = |test, result| coldsteel::i18n::log_text::result_words(lang, test, result);
        let told = [
            lang.fmt(T::RepCompulsoryMade, &[&n("Kiev Dragoons")]),
            n("Grenadiers à cheval"),
            lang.fmt(
                T::LogMovedGround,
                &[&n("Poltava Infantry"), &12, &Terrain::Open.label(lang), &Terrain::Wood.label(lang)],
            ),
            lang.fmt(
                T::LogFire,
                &[&n("4th bn, 33e Léger"), &n("Poltava Infantry"), &lang.count(2u32, coldsteel::i18n::Noun::Figure)],
            ),
            format!(
                "{}: {}: {}",
                n("Grenadiers à cheval"),
                TestKind::Pursuit.label(lang),
                words(TestKind::Pursuit, TestResult::Pass)
            ),
            format!(
                "{}: {}: {}",
                n("Kiev Dragoons"),
                TestKind::Rally.label(lang),
                words(TestKind::Rally, TestResult::Rally)
            ),
            lang.fmt(T::RepRallied, &[&n("Kiev Dragoons")]),
        ];
        for line in told {
            assert!(said.contains(&line), "{lang:?}: {line}\n\n{said}");
        }
        for phase in [
            Phase::Initiative,
            Phase::CompulsoryMoves,
            Phase::Charges,
            Phase::Movement,
            Phase::Firing,
            Phase::Melee,
            Phase::Morale,
        ] {
            assert!(
                said.contains(&lang.fmt(T::RepPhaseAccount, &[&phase.label(lang), &""])),
                "{lang:?}: {phase:?}\n\n{said}"
            );
        }
    }
}

/// The default battle under Ruleset B in its Charges phase, with the players' firing,
/// morale and rally tables, and the Kiev Dragoons routing from the skirmish before.
fn ruleset_b_evening() -> Game {
    let mut g = storage::default_game().unwrap();
    let mut options = g.battle().options.clone();
    options.ruleset_b.zone_widths_cm = vec![5, 5, 5];
    g.perform(&Action::SetOptions(Box::new((coldsteel::rules::Ruleset::RulesetB, options)))).unwrap();
    common::whole_turn_tables(&mut g);
    common::kiev_dragoons_routing(&mut g);
    while g.battle().phase != Phase::Charges {
        g.perform(&Action::AdvancePhase).unwrap();
    }
    g
}

/// Every test listed now, taken by its result: the routing units rally, the others pass.
fn take_every_test(h: &mut H, lang: Lang) {
    while let Some(Todo::Test { unit, .. }) =
        checklist(h.state().game.battle()).into_iter().find(|t| matches!(t, Todo::Test { .. }))
    {
        let routing = h.state().game.battle().unit(unit).is_some_and(|u| u.order == Order::Routing);
        let english = h.state().game.battle().unit(unit).unwrap().name.clone();
        take_test(h, lang, &english, if routing { TestResult::Rally } else { TestResult::Pass });
    }
}

#[test]
fn a_ruleset_b_turn_through_its_phases() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(ruleset_b_evening(), lang);
        let (sumy, chasseurs) = (name(&h, "Sumy Hussars", lang), name(&h, "Guard Chasseurs à cheval", lang));
        // Charges: the hussars and the chasseurs both attack; the collision ends in a melee.
        click(&mut h, &sumy);
        button(&mut h, lang.t(T::ChargeButton));
        click(&mut h, &chasseurs);
        // The defender's column: it attacks too.
        h.get_by_role_and_label(Role::CheckBox, lang.t(T::FlagAttacking)).click();
        h.run();
        type_into(&mut h, &sumy, "5");
        type_into(&mut h, &chasseurs, "3");
        button(&mut h, lang.t(T::Next));
        button(&mut h, lang.t(T::Apply));
        assert!(h.state().wizard.is_none(), "{lang:?}: {:?}", h.state().message);
        assert_eq!(h.state().game.battle().pending_melees().count(), 1, "{lang:?}");
        next_phase(&mut h, lang);
        assert_eq!(phase(&h), Phase::Movement);
        move_into_the_wood(&mut h, lang);
        next_phase(&mut h, lang);
        assert_eq!(phase(&h), Phase::Firing);
        fire(&mut h, lang);
        assert!(common::unit(&h.state().game, "Poltava Infantry").markers.contains(&Marker::UnderFire), "B-COL-11");
        next_phase(&mut h, lang);
        assert_eq!(phase(&h), Phase::Melee);
        button(&mut h, lang.t(T::Fight));
        type_into(&mut h, &sumy, "666");
        type_into(&mut h, &chasseurs, "111");
        let passed: Vec<_> = h.get_all_by_label(lang.t(T::TestPass)).collect();
        for p in passed {
            p.click();
        }
        h.run();
        button(&mut h, lang.t(T::Apply));
        assert!(h.state().wizard.is_none(), "{lang:?}: {:?}", h.state().message);
        next_phase(&mut h, lang);
        assert_eq!(phase(&h), Phase::Morale);
        take_every_test(&mut h, lang);
        next_phase(&mut h, lang);
        assert_eq!((h.state().game.battle().turn, phase(&h)), (2, Phase::Charges), "{lang:?}");
        assert_eq!(common::unit(&h.state().game, "Kiev Dragoons").order, Order::Disordered, "{lang:?}");

        let g = &h.state().game;
        let said = account(g, lang);
        let n = |english: &str| common::unit(g, english).display_name(lang == Lang::Ru).to_owned();
        let words = |test, result| coldsteel::i18n::log_text::result_words(lang, test, result);
        let told = [
            n("Sumy Hussars"),
            lang.fmt(
                T::LogMovedGround,
                &[&n("Poltava Infantry"), &12, &Terrain::Open.label(lang), &Terrain::Wood.label(lang)],
            ),
            lang.fmt(
                T::LogFire,
                &[&n("4th bn, 33e Léger"), &n("Poltava Infantry"), &lang.count(2u32, coldsteel::i18n::Noun::Figure)],
            ),
            lang.fmt(
                T::LogRallyNextTurn,
                &[&format!(
                    "{}: {}: {}",
                    n("Kiev Dragoons"),
                    TestKind::Rally.label(lang),
                    words(TestKind::Rally, TestResult::Rally)
                )],
            ),
            lang.fmt(T::RepRallied, &[&n("Kiev Dragoons")]),
            // B-MEL: each side's test and what came of the turn.
            lang.fmt(T::LogBTestPassed, &[&n("Sumy Hussars")]),
            lang.fmt(T::LogBTestPassed, &[&n("Guard Chasseurs à cheval")]),
        ];
        for line in told {
            assert!(said.contains(&line), "{lang:?}: {line}\n\n{said}");
        }
        for phase in [Phase::Charges, Phase::Movement, Phase::Firing, Phase::Melee, Phase::Morale] {
            assert!(
                said.contains(&lang.fmt(T::RepPhaseAccount, &[&phase.label(lang), &""])),
                "{lang:?}: {phase:?}\n\n{said}"
            );
        }
        eprintln!("{said}");
    }
}
