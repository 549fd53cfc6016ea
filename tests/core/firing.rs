//! A whole turn through the app (issue 28): fire recorded with the players' firing table
//! and the seeds' bans, tests owed, taken with each result and its consequence, called by
//! the players, carried or dropped. Every scenario drives the game through its actions.

use crate::common;

use coldsteel::game::morale_tests::{Cause, owed_tests};
use coldsteel::game::{Action, ActionError, FireAction, FireRoll, Game, TestAction, Todo, checklist};
use coldsteel::model::LogDetail;
use coldsteel::rules::gdb::charge::{Input, Reaction, TestAnswer};
use coldsteel::rules::options::{FireRow, TestKind, TestResult};
use coldsteel::rules::{Marker, Order, Phase};
use common::{default_at, id, unit};

/// The players' firing table: 2..6 one figure, 7..9 two, 10..12 three; and their morale
/// table: 2..5 routs, 6..7 falls back, 8..12 passes (the whole-turn example's).
fn with_tables(g: &mut Game) {
    common::whole_turn_tables(g);
}

fn fire(g: &Game, firer: &str, target: &str, dice: [u8; 2], test_owed: bool) -> Action {
    Action::Fire(Box::new(FireAction {
        firer: id(g, firer),
        target: id(g, target),
        roll: Some(FireRoll { dice: crate::common::d6(dice), modifier: 0 }),
        figures: None,
        test_owed,
        rng_after: None,
    }))
}

fn test(g: &Game, who: &str, test: TestKind, answer: TestAnswer) -> Action {
    Action::TakeTest(Box::new(TestAction { unit: id(g, who), test, answer, rng_after: None }))
}

fn refused(g: &mut Game, action: Action, want: ActionError) {
    let before = coldsteel::storage::to_json(g);
    assert_eq!(g.perform(&action), Err(want));
    assert_eq!(coldsteel::storage::to_json(g), before);
}

/// A fire read on the players' table takes its figures off the target; more than the
/// target has is refused; the test it owes is listed, taken on the players' morale table
/// and its consequence applied; then it is owed no more.
#[test]
fn a_fire_on_the_players_table_and_its_test() {
    let mut g = default_at(Phase::Firing);
    with_tables(&mut g);
    let before = unit(&g, "Poltava Infantry").figures;
    g.perform(&fire(&g, "4th bn, 33e Léger", "Poltava Infantry", [4, 4], true)).unwrap();
    assert_eq!(unit(&g, "Poltava Infantry").figures, before - 2, "7..9 on the table: two figures");
    let LogDetail::Fire { figures: 2, test_owed: true, roll: Some(r) } = &g.battle().log.last().unwrap().detail else {
        panic!("{:?}", g.battle().log.last().unwrap().detail)
    };
    assert_eq!(r.row.2, "telling");
    let poltava = id(&g, "Poltava Infantry");
    assert!(checklist(g.battle()).contains(&Todo::Test { unit: poltava, test: TestKind::Morale, cause: Cause::Fire }));
    // The Ladoga's two figures less than a murderous volley takes.
    let mut few = unit(&g, "Tula Opolchenie, 2nd druzhina").clone();
    few.figures = 2;
    g.perform(&Action::EditUnit(few.clone())).unwrap();
    let heavy = fire(&g, "4th bn, 33e Léger", "Tula Opolchenie, 2nd druzhina", [6, 6], false);
    refused(&mut g, heavy, ActionError::TooManyLosses { unit: few.id, lost: 3, has: 2 });
    // The test on the players' table: 3 + 3 falls back.
    g.perform(&test(
        &g,
        "Poltava Infantry",
        TestKind::Morale,
        TestAnswer::Rolled { dice: crate::common::d6([3, 3]), modifier: 0 },
    ))
    .unwrap();
    assert!(unit(&g, "Poltava Infantry").markers.contains(&Marker::Retreating));
    assert!(owed_tests(g.battle()).is_empty());
    let LogDetail::TestTaken { result: TestResult::Retreat, called: false, .. } = g.battle().log.last().unwrap().detail
    else {
        panic!()
    };
}

/// GDB-CHG-11: a unit changing formation may not fire; GDB-MEL-02: a unit in base contact
/// is not fired at; fire is recorded in the Firing phase only.
#[test]
fn gdb_chg_11_and_mel_02_forbidden_fires() {
    let mut g = default_at(Phase::Firing);
    with_tables(&mut g);
    let mut changing = unit(&g, "4th bn, 33e Léger").clone();
    changing.markers.insert(Marker::ChangingFormation);
    g.perform(&Action::EditUnit(changing)).unwrap();
    let a = fire(&g, "4th bn, 33e Léger", "Poltava Infantry", [4, 4], false);
    refused(&mut g, a, coldsteel::game::fire::FireError::ChangingFormation.into());
    let mut g = default_at(Phase::Charges);
    let inputs = vec![
        Input::Reaction(Reaction::Stand),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ];
    let a = common::charge(&g, "Grenadiers à cheval", "Kiev Dragoons", 12, inputs);
    common::do_charge(&mut g, a);
    common::to(&mut g, Phase::Firing);
    with_tables(&mut g);
    let a = fire(&g, "4th bn, 33e Léger", "Kiev Dragoons", [4, 4], false);
    refused(&mut g, a, coldsteel::game::fire::FireError::TargetInContact.into());
    // GDB-CHG-22: the skirmishers that screened a charged unit this turn do not fire.
    let mut g = default_at(Phase::Charges);
    let inputs = vec![
        Input::Reaction(Reaction::Stand),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ];
    let mut a = common::charge(&g, "Grenadiers à cheval", "Poltava Infantry", 12, inputs);
    a.screen = vec![id(&g, "Jäger skirmish screen")];
    common::do_charge(&mut g, a);
    common::to(&mut g, Phase::Firing);
    with_tables(&mut g);
    let a = fire(&g, "Jäger skirmish screen", "4th bn, 33e Léger", [4, 4], false);
    refused(&mut g, a, coldsteel::game::fire::FireError::Screen.into());
    let mut g = default_at(Phase::Movement);
    with_tables(&mut g);
    let a = fire(&g, "4th bn, 33e Léger", "Poltava Infantry", [4, 4], false);
    refused(&mut g, a, coldsteel::game::fire::FireError::NotFiringPhase.into());
}

/// Each result kind of a test and its consequence: pass and halt change nothing, unformed
/// disorders, retreat marks the move for the next Compulsory Moves, rout routs, and a
/// rally stops a routing unit (unformed) and steadies a wavering one.
#[test]
fn every_result_and_its_consequence() {
    let cases = [
        (TestResult::Pass, Order::Formed, false),
        (TestResult::Halt, Order::Formed, false),
        (TestResult::Unformed, Order::Disordered, false),
        (TestResult::Retreat, Order::Formed, true),
        (TestResult::Rout, Order::Routing, true),
    ];
    for (result, order, retreating) in cases {
        let mut g = default_at(Phase::Morale);
        g.perform(&test(&g, "Poltava Infantry", TestKind::Morale, result.into())).unwrap();
        let u = unit(&g, "Poltava Infantry");
        assert_eq!((u.order, u.markers.contains(&Marker::Retreating)), (order, retreating), "{result:?}");
        let LogDetail::TestTaken { called, .. } = g.battle().log.last().unwrap().detail else { panic!() };
        assert!(called, "the game listed no test: the players called it");
    }
    let mut g = default_at(Phase::Morale);
    for (name, from) in [("Poltava Infantry", Order::Routing), ("Ladoga Infantry", Order::Wavering)] {
        let mut u = unit(&g, name).clone();
        u.order = from;
        // A wavering unit retreating; a routing one that has made its rout move (it rallies
        // only after it, GDB-RES-01, SEQ-03).
        if from == Order::Wavering {
            u.markers.insert(Marker::Retreating);
        }
        g.perform(&Action::EditUnit(u)).unwrap();
        let owed = owed_tests(g.battle());
        assert!(owed.iter().any(|o| o.unit == id(&g, name)), "{name}: {owed:?}");
        let kind = if from == Order::Routing { TestKind::Rally } else { TestKind::Morale };
        assert!(owed.iter().any(|o| o.test == kind && o.unit == id(&g, name)));
        g.perform(&test(&g, name, TestKind::Rally, TestResult::Rally.into())).unwrap();
        // GDB-SEQ-03: it stops routing now and rallies as the next Compulsory Moves begin.
        let u = unit(&g, name);
        assert_eq!(u.order, from, "{name}");
        assert!(!u.markers.contains(&Marker::Retreating) && u.markers.contains(&Marker::Rallying));
        let LogDetail::TestTaken { deferred: true, .. } = g.battle().log.last().unwrap().detail else { panic!() };
    }
    let rallied = g.clone();
    g.perform(&Action::AdvancePhase).unwrap();
    common::initiative(&mut g, [6, 6], [1, 1], coldsteel::rules::Side::First);
    common::to(&mut g, Phase::CompulsoryMoves);
    for (name, to) in [("Poltava Infantry", Order::Disordered), ("Ladoga Infantry", Order::Formed)] {
        let u = unit(&g, name);
        assert_eq!(u.order, to, "{name}");
        assert!(!u.markers.contains(&Marker::Rallying));
        assert!(!coldsteel::game::checklist(g.battle()).contains(&Todo::Rout(id(&g, name))));
    }
    let mut g = rallied;
    // A formed unit has nothing to rally from; a pursuit is no morale result.
    let a = test(&g, "Sumy Hussars", TestKind::Rally, TestResult::Rally.into());
    refused(&mut g, a, coldsteel::game::morale_tests::TestError::NothingToRally.into());
    let a = test(&g, "Sumy Hussars", TestKind::Morale, TestResult::Pursue.into());
    let want =
        coldsteel::game::morale_tests::TestError::NotAResult { test: TestKind::Morale, result: TestResult::Pursue };
    refused(&mut g, a, want.into());
}

/// The players' option rallies a unit at once, where their rulebook says so.
#[test]
fn gdb_seq_03_a_rally_at_once_as_the_players_option() {
    let mut g = default_at(Phase::Morale);
    let mut options = g.battle().options.clone();
    options.gdb.rally_at_once = true;
    g.perform(&Action::SetOptions(Box::new((g.battle().ruleset, options)))).unwrap();
    let mut u = unit(&g, "Poltava Infantry").clone();
    // Routing since an earlier turn: its rout move made, it may rally.
    u.order = Order::Routing;
    g.perform(&Action::EditUnit(u)).unwrap();
    g.perform(&test(&g, "Poltava Infantry", TestKind::Rally, TestResult::Rally.into())).unwrap();
    let u = unit(&g, "Poltava Infantry");
    assert_eq!(u.order, Order::Disordered);
    assert!(!u.markers.contains(&Marker::Rallying) && !u.markers.contains(&Marker::Retreating));
    let LogDetail::TestTaken { deferred: false, .. } = g.battle().log.last().unwrap().detail else { panic!() };
}

/// A phase ended with a test owed: the game lets the players carry it into the next
/// phase (still listed), or drop it with a reason (logged), never without one.
#[test]
fn a_phase_ended_with_a_test_owed() {
    let mut g = default_at(Phase::Firing);
    with_tables(&mut g);
    g.perform(&fire(&g, "4th bn, 33e Léger", "Poltava Infantry", [2, 2], true)).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    assert_eq!(g.battle().phase, Phase::Melee);
    assert_eq!(owed_tests(g.battle()).len(), 1, "carried into the Melee phase");
    refused(
        &mut g,
        Action::DropTests { reason: " ".into() },
        coldsteel::game::morale_tests::TestError::ReasonNeeded.into(),
    );
    g.perform(&Action::DropTests { reason: "the umpire waived it".into() }).unwrap();
    assert!(owed_tests(g.battle()).is_empty());
    let entry = g.battle().log.last().unwrap();
    assert_eq!(entry.units, vec![id(&g, "Poltava Infantry")]);
    let said = coldsteel::i18n::log_text::entry_summary(coldsteel::i18n::Lang::Ru, g.battle(), entry);
    assert!(said.contains("the umpire waived it"), "{said}");
    refused(
        &mut g,
        Action::DropTests { reason: "again".into() },
        coldsteel::game::morale_tests::TestError::NothingOwed.into(),
    );
}

/// Results in words (issue 28): a rally, a rout and a fall-back read as what they do, in
/// both languages, and a failed test never reads "passes".
#[test]
fn test_results_read_as_what_they_do() {
    use coldsteel::i18n::Lang;
    let mut g = default_at(Phase::Morale);
    g.perform(&test(&g, "Poltava Infantry", TestKind::Morale, TestResult::Rout.into())).unwrap();
    // GDB-RES-01, SEQ-03: it rallies only after its rout move.
    let rally = test(&g, "Poltava Infantry", TestKind::Rally, TestResult::Rally.into());
    let poltava = id(&g, "Poltava Infantry");
    refused(&mut g, rally.clone(), coldsteel::game::sequence::TurnError::RoutMoveFirst(poltava).into());
    let mut u = unit(&g, "Poltava Infantry").clone();
    u.markers.remove(&Marker::Retreating);
    g.perform(&Action::EditUnit(u)).unwrap();
    g.perform(&rally).unwrap();
    let lines = |lang| -> Vec<String> {
        g.battle()
            .log
            .iter()
            .rev()
            .filter(|e| matches!(e.detail, LogDetail::TestTaken { .. }))
            .take(2)
            .map(|e| coldsteel::i18n::log_text::entry_summary(lang, g.battle(), e))
            .collect()
    };
    let (en, ru) = (lines(Lang::En), lines(Lang::Ru));
    assert!(en[0].contains("rallies") && en[1].contains("routs"), "{en:?}");
    assert!(ru[0].contains("сбор") && ru[1].contains("бегство"), "{ru:?}");
    assert!(!en.iter().any(|l| l.contains("passes")) && !ru.iter().any(|l| l.contains("проходит")), "{en:?} {ru:?}");
}

/// B-COL-11: under Ruleset B a fire marks its target under fire, and the collision test
/// against it this turn is pre-filled so.
#[test]
fn b_col_11_a_fire_marks_the_target_under_fire() {
    let mut g = coldsteel::storage::default_game().unwrap();
    let mut options = g.battle().options.clone();
    options.gdb.firing = vec![FireRow { from: 2, to: 12, result: "hit".into(), figures: 1 }];
    g.perform(&Action::SetOptions(Box::new((coldsteel::rules::Ruleset::RulesetB, options)))).unwrap();
    common::to(&mut g, Phase::Firing);
    g.perform(&fire(&g, "1st Tirailleurs of the Guard", "Ladoga Infantry", [3, 3], false)).unwrap();
    assert!(unit(&g, "Ladoga Infantry").markers.contains(&Marker::UnderFire));
    let d =
        coldsteel::game::procedure::CollisionDraft::open(g.battle(), id(&g, "Sumy Hussars"), id(&g, "Ladoga Infantry"))
            .unwrap();
    assert!(d.table.defender.under_fire);
}

/// Issue 28: a Ruleset B melee's log line states each side's test and who gave way (or
/// that the melee goes on), in both languages, never "0 and 0 figures killed" alone.
#[test]
fn a_ruleset_b_melee_line_says_who_gave_way() {
    use coldsteel::game::procedure::{BMeleeDraft, CollisionDraft};
    use coldsteel::i18n::Lang;
    use coldsteel::rules::ruleset_b::MeleeState;
    // The collision that comes to a melee (the dice that neither side flees at).
    let collided = |dice: (u8, u8)| {
        let mut g = coldsteel::storage::default_game().unwrap();
        let mut options = coldsteel::model::RulesOptions::default();
        options.ruleset_b.attack_distances = vec![(coldsteel::rules::Arm::Infantry, 12)];
        g.perform(&Action::SetOptions(Box::new((coldsteel::rules::Ruleset::RulesetB, options)))).unwrap();
        g.perform(&Action::AdvancePhase).unwrap();
        let (a, d) = (id(&g, "1st Tirailleurs of the Guard"), id(&g, "Ladoga Infantry"));
        let mut c = CollisionDraft::open(g.battle(), a, d).unwrap();
        c.start_cm = Some(20);
        c.dice = Some(crate::common::avg_pair(dice));
        g.perform(&c.finish(g.battle()).unwrap()).unwrap();
        let pending = g.battle().pending_melees().next().map(|(_, e)| e.clone())?;
        Some((g, pending))
    };
    let faces = [2u8, 3, 4, 5];
    let (mut g, pending) =
        faces.iter().flat_map(|a| faces.iter().map(move |d| (*a, *d))).find_map(collided).expect("a melee");
    let mut m = BMeleeDraft::open(g.battle(), &pending).unwrap();
    let p = m.preview(g.battle()).unwrap();
    let n = |k: u32| vec![6; usize::try_from(k).unwrap()];
    m.dice = Some((crate::common::d6_vec(n(p.sides[0].dice)), crate::common::d6_vec(n(p.sides[1].dice))));
    if let Some((_, MeleeState::TestsOwed { .. })) = m.outcome(g.battle()) {
        m.tests = [Some(true), Some(false)];
    }
    g.perform(&m.finish(g.battle()).expect("the turn applies")).unwrap();
    let e = g.battle().log.last().unwrap();
    let en = coldsteel::i18n::log_text::entry_summary(Lang::En, g.battle(), e);
    let ru = coldsteel::i18n::log_text::entry_summary(Lang::Ru, g.battle(), e);
    assert!(en.contains("gives way") || en.contains("continues"), "{en}");
    assert!(ru.contains("отход") || ru.contains("продолжается"), "{ru}");
    if m.tests[1] == Some(false) {
        assert!(en.contains("fails its morale test") && ru.contains("тест морали не пройден"), "{en} / {ru}");
    }
}

/// Issue 28, the Movement phase: a formation change is the game's action; not finished
/// this turn, the unit is still changing formation into the melee (GDB-CHG-12, AMB-09:
/// unformed, no formation bonus); a unit in base contact stays as it is (GDB-MEL-02);
/// outside the Movement phase it is refused.
#[test]
fn gdb_chg_12_a_formation_change_carried_into_the_melee() {
    use coldsteel::rules::Formation;
    let change = |g: &Game, name: &str, to, finished| Action::ChangeFormation { unit: id(g, name), to, finished };
    let mut g = default_at(Phase::Charges);
    let a = change(&g, "Poltava Infantry", Formation::Square, false);
    refused(&mut g, a, coldsteel::game::movement::MoveError::NotMovementPhase.into());
    let inputs = vec![
        Input::Reaction(Reaction::Stand),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ];
    let a = common::charge(&g, "Grenadiers à cheval", "Kiev Dragoons", 12, inputs);
    common::do_charge(&mut g, a);
    common::to(&mut g, Phase::Movement);
    let a = change(&g, "Kiev Dragoons", Formation::Column, true);
    refused(&mut g, a, coldsteel::game::movement::MoveError::InContact.into());
    g.perform(&change(&g, "Poltava Infantry", Formation::Square, false)).unwrap();
    let poltava = unit(&g, "Poltava Infantry");
    assert_eq!(poltava.formation, Formation::Square);
    assert!(poltava.markers.contains(&Marker::ChangingFormation));
    let LogDetail::FormationChanged { finished: false, .. } = g.battle().log.last().unwrap().detail else { panic!() };
    let said =
        coldsteel::i18n::log_text::entry_summary(coldsteel::i18n::Lang::En, g.battle(), g.battle().log.last().unwrap());
    assert!(said.contains("not finished"), "{said}");
    // Contact made this turn: the square still forming fights unformed.
    common::to(&mut g, Phase::Melee);
    let contact = coldsteel::model::Engagement::contact(id(&g, "Empress Dragoons"), id(&g, "Poltava Infantry"));
    g.perform(&Action::AddPendingMelee(contact)).unwrap();
    let m = common::melee(&g, "Empress Dragoons", "Poltava Infantry", ([3, 3], [3, 3]), (0, 0));
    let (input, _) = coldsteel::game::gdb_melee_input(g.battle(), &m).unwrap();
    assert!(input.defender.situation.changing_formation, "read by the melee (AMB-09)");
    // Finished, the marker goes.
    let mut g = default_at(Phase::Movement);
    g.perform(&change(&g, "Poltava Infantry", Formation::Column, true)).unwrap();
    assert!(!unit(&g, "Poltava Infantry").markers.contains(&Marker::ChangingFormation));
}

/// Issue 28, the Movement phase off the table view: a move is the game's action, with the
/// distance and the ground the players give; a unit in base contact stays put
/// (GDB-MEL-02); outside the Movement phase, or beyond any table, it is refused.
#[test]
fn gdb_mel_02_a_move_is_recorded_and_a_unit_in_contact_stays_put() {
    use coldsteel::game::movement::MoveError;
    use coldsteel::model::MoveAction;
    use coldsteel::rules::Terrain;
    let go = |g: &Game, name: &str, cm, ground| {
        Action::Move(Box::new(MoveAction { unit: id(g, name), cm, place: None, ground }))
    };
    let mut g = default_at(Phase::Charges);
    let a = go(&g, "Poltava Infantry", 12, Some(Terrain::Wood));
    refused(&mut g, a, MoveError::NotMovementPhase.into());
    let inputs = vec![
        Input::Reaction(Reaction::Stand),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ];
    let a = common::charge(&g, "Grenadiers à cheval", "Kiev Dragoons", 12, inputs);
    common::do_charge(&mut g, a);
    common::to(&mut g, Phase::Movement);
    let a = go(&g, "Kiev Dragoons", 6, None);
    refused(&mut g, a, MoveError::InContact.into());
    let a = go(&g, "Poltava Infantry", 10_001, None);
    refused(&mut g, a, MoveError::TooFar { cm: 10_001, max: 10_000 }.into());
    let a = go(&g, "Poltava Infantry", 0, None);
    refused(&mut g, a, ActionError::NoChange);
    let was = unit(&g, "Poltava Infantry").terrain;
    g.perform(&go(&g, "Poltava Infantry", 12, Some(Terrain::Wood))).unwrap();
    assert_eq!(unit(&g, "Poltava Infantry").terrain, Terrain::Wood);
    let entry = g.battle().log.last().unwrap();
    assert_eq!(entry.detail, LogDetail::Moved { cm: 12, from: was, to: Terrain::Wood });
    assert_eq!(entry.phase, Phase::Movement);
    // Replayed from the file, the move is the same.
    let json = coldsteel::storage::to_json(&g);
    let back = coldsteel::storage::from_json(&json).unwrap();
    assert_eq!(back.battle().unit(id(&g, "Poltava Infantry")).unwrap().terrain, Terrain::Wood);
    g.undo().unwrap();
    assert_eq!(unit(&g, "Poltava Infantry").terrain, was);
}
