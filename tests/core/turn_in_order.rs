//! The turn in order (issue 42): each clause of the recorded turn judged by the game, as
//! players meet it through the game's actions: the step the turn does not allow now is
//! refused naming its clause, and the battle is unchanged; the checklist offers no step
//! the game would refuse.

use coldsteel::game::morale_tests::owed_tests;
use coldsteel::game::sequence::TurnError;
use coldsteel::game::{Action, ActionError, Game, Todo, checklist};
use coldsteel::model::{BMeleeAction, TestAction};
use coldsteel::rules::gdb::Effect;
use coldsteel::rules::options::{TestKind, TestResult};
use coldsteel::rules::ruleset_b::TestResult as BTest;
use coldsteel::rules::{Marker, Order, Phase};

use crate::common::{self, do_charge, id, melee, to, unit};
use crate::engagements::{b_game, b_melee, collide, gdb_game, stood_charge};

/// `action` is refused with `want`, and the battle and its history are as they were.
fn refused(g: &mut Game, action: &Action, want: TurnError) {
    let before = g.clone();
    assert_eq!(g.perform(action), Err(ActionError::Turn(want)));
    assert_eq!(*g, before, "a refusal changes nothing");
}

fn test_of(g: &Game, who: &str, test: TestKind, result: TestResult) -> Action {
    Action::TakeTest(Box::new(TestAction { unit: id(g, who), test, answer: result.into(), rng_after: None }))
}

/// The Ladoga Infantry, charged by the Grenadiers à cheval, stand: both in base contact.
fn in_contact() -> Game {
    let mut g = gdb_game();
    let a = stood_charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 12);
    do_charge(&mut g, a);
    assert_eq!(g.battle().pending_melees().count(), 1);
    g
}

/// GDB-MEL-02: units in base contact take no morale test until their melee is fought, in
/// the Charges phase or in the Morale phase when the melee was never fought; once it is
/// fought, they may.
#[test]
fn gdb_mel_02_no_morale_test_in_contact_before_the_melee() {
    let mut g = in_contact();
    let ladoga = id(&g, "Ladoga Infantry");
    let test = test_of(&g, "Ladoga Infantry", TestKind::Morale, TestResult::Rout);
    refused(&mut g, &test, TurnError::TestInContact(ladoga));
    to(&mut g, Phase::Morale);
    let mut wavering = unit(&g, "Ladoga Infantry").clone();
    wavering.order = Order::Wavering;
    g.perform(&Action::EditUnit(wavering)).unwrap();
    assert!(!owed_tests(g.battle()).iter().any(|o| o.unit == ladoga), "no test listed in contact");
    refused(&mut g, &test, TurnError::TestInContact(ladoga));
    // Fought in the next turn's Melee phase, the melee frees them for their tests.
    common::next_turn_to(&mut g, Phase::Melee);
    let mut m = melee(&g, "Grenadiers à cheval", "Ladoga Infantry", ([6, 6], [1, 1]), (0, 2));
    common::answer_owed(&g, &mut m);
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    to(&mut g, Phase::Morale);
    let grenadiers = test_of(&g, "Grenadiers à cheval", TestKind::Morale, TestResult::Pass);
    g.perform(&grenadiers).unwrap();
}

/// GDB-MEL-02 and the turn's sequence: units in contact stay so until the Melee phase; a
/// melee is not fought in the Charges phase right after contact.
#[test]
fn gdb_mel_02_a_melee_is_fought_in_the_melee_phase() {
    let mut g = in_contact();
    let mut m = melee(&g, "Grenadiers à cheval", "Ladoga Infantry", ([6, 6], [1, 1]), (0, 2));
    common::answer_owed(&g, &mut m);
    refused(&mut g, &Action::GdbMelee(Box::new(m.clone())), TurnError::MeleeOutsidePhase);
    to(&mut g, Phase::Melee);
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
}

/// GDB-RES-01, GDB-SEQ-03: the loser who routs makes its full rout move in the next
/// Compulsory Moves; no rally test is listed or taken before it, and the next turn's
/// Morale phase offers it.
#[test]
fn gdb_res_01_seq_03_no_rally_before_the_rout_move() {
    let mut g = in_contact();
    to(&mut g, Phase::Melee);
    let mut m = melee(&g, "Grenadiers à cheval", "Ladoga Infantry", ([6, 6], [1, 1]), (1, 4));
    common::answer_owed(&g, &mut m);
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    let ladoga = id(&g, "Ladoga Infantry");
    let routed = unit(&g, "Ladoga Infantry");
    assert!(routed.order == Order::Routing && routed.markers.contains(&Marker::Retreating));
    to(&mut g, Phase::Morale);
    assert!(!owed_tests(g.battle()).iter().any(|o| o.unit == ladoga), "no rally listed before the rout move");
    let rally = test_of(&g, "Ladoga Infantry", TestKind::Rally, TestResult::Rally);
    refused(&mut g, &rally, TurnError::RoutMoveFirst(ladoga));
    common::next_turn_to(&mut g, Phase::Morale);
    assert!(owed_tests(g.battle()).iter().any(|o| o.unit == ladoga && o.test == TestKind::Rally));
    g.perform(&rally).unwrap();
}

/// GDB-RES-11: a draw ("Steady lads!") between two infantry units goes on next turn: the
/// same Melee phase neither lists it again nor lets it be fought twice; the next turn's
/// does.
#[test]
fn gdb_res_11_a_drawn_melee_goes_on_next_turn() {
    let (a, d) = ("Ladoga Infantry", "4th bn, 33e Léger");
    let mut g = gdb_game();
    let charge = stood_charge(&g, a, d, 8);
    do_charge(&mut g, charge);
    to(&mut g, Phase::Melee);
    let draw = drawn_melee(&g, a, d);
    g.perform(&Action::GdbMelee(Box::new(draw.clone()))).unwrap();
    assert_eq!(g.battle().pending_melees().count(), 1, "the melee goes on");
    assert!(!checklist(g.battle()).iter().any(|t| matches!(t, Todo::Melee { .. })), "not offered again this turn");
    refused(&mut g, &Action::GdbMelee(Box::new(draw)), TurnError::MeleeGoesOnNextTurn);
    common::next_turn_to(&mut g, Phase::Melee);
    assert!(checklist(g.battle()).iter().any(|t| matches!(t, Todo::Melee { .. })));
    let mut next = melee(&g, a, d, ([6, 6], [1, 1]), (0, 2));
    common::answer_owed(&g, &mut next);
    g.perform(&Action::GdbMelee(Box::new(next))).unwrap();
}

/// The dice of a drawn melee between `a` and `d`.
fn drawn_melee(g: &Game, a: &str, d: &str) -> coldsteel::game::GdbMeleeAction {
    for x in 1..=6u8 {
        for y in 1..=6u8 {
            let mut m = melee(g, a, d, ([x, 1], [y, 1]), (1, 1));
            common::answer_owed(g, &mut m);
            let r = coldsteel::game::gdb_melee_result(g.battle(), &m).unwrap();
            if r.attacker_effects.contains(&Effect::MeleeContinues) {
                return m;
            }
        }
    }
    panic!("no draw in 36 throws")
}

/// The Sumy Hussars and the Guard Chasseurs à cheval, both attacking, collide: a Ruleset
/// B melee in the Melee phase, its first turn to fight.
fn b_melee_in_contact() -> Game {
    let mut g = b_game();
    let mut c = collide(&g, "Sumy Hussars", "Guard Chasseurs à cheval", (5, 3));
    c.defender_attacking = true;
    g.perform(&Action::Collision(Box::new(c))).unwrap();
    to(&mut g, Phase::Melee);
    g
}

/// A Ruleset B melee of cavalry both attacking, its first turn fought with both tests
/// passed: it goes on.
fn b_melee_goes_on() -> (Game, BMeleeAction) {
    let mut g = b_melee_in_contact();
    let mut first = b_melee(&g, "Sumy Hussars", "Guard Chasseurs à cheval", (6, 6), (vec![1; 3], vec![6; 3]));
    first.tests = (Some(BTest { passed: true, score: None }), Some(BTest { passed: true, score: None })).into();
    g.perform(&Action::BMelee(Box::new(first.clone()))).unwrap();
    assert_eq!(g.battle().pending_melees().count(), 1, "it goes on");
    (g, first)
}

/// B-MEL-02, 03: the end-of-melee tests are taken once, with the melee: the Morale phase
/// lists them no more, and a second morale test of the unit that turn is refused.
#[test]
fn b_mel_02_03_the_end_of_melee_tests_are_taken_once() {
    let (mut g, _) = b_melee_goes_on();
    to(&mut g, Phase::Morale);
    let sumy = id(&g, "Sumy Hussars");
    let owed = owed_tests(g.battle());
    assert!(!owed.iter().any(|o| o.unit == sumy), "{owed:?}");
    let again = test_of(&g, "Sumy Hussars", TestKind::Morale, TestResult::Pass);
    refused(&mut g, &again, TurnError::TestTakenInMelee(sumy));
}

/// B-MEL-02, 05: a melee that goes on is fought again in the next game turn, not at once.
#[test]
fn b_mel_02_05_melee_turn_2_is_the_next_game_turns() {
    let (mut g, first) = b_melee_goes_on();
    assert!(!checklist(g.battle()).iter().any(|t| matches!(t, Todo::Melee { .. })), "not offered again this turn");
    refused(&mut g, &Action::BMelee(Box::new(first)), TurnError::MeleeGoesOnNextTurn);
    common::next_turn_to(&mut g, Phase::Melee);
    assert!(checklist(g.battle()).iter().any(|t| matches!(t, Todo::Melee { .. })));
}

/// GDB-CHG-11, worked example 2: a line changed to column in the Movement phase does not
/// fire in that turn's Firing phase: refused, and shown so where firers are offered.
#[test]
fn gdb_chg_11_a_unit_that_changed_formation_does_not_fire_that_turn() {
    use coldsteel::model::FireAction;
    let mut g = crate::common::default_at(Phase::Movement);
    let bn = id(&g, "4th bn, 33e Léger");
    let change = Action::ChangeFormation { unit: bn, to: coldsteel::rules::Formation::Column, finished: true };
    g.perform(&change).unwrap();
    to(&mut g, Phase::Firing);
    let target = id(&g, "Poltava Infantry");
    let fire = FireAction { firer: bn, target, roll: None, figures: Some(1), test_owed: false, rng_after: None };
    refused(&mut g, &Action::Fire(Box::new(fire)), TurnError::ChangedFormation(bn));
    let firer = unit(&g, "4th bn, 33e Léger");
    let said = coldsteel::game::fire::may_fire_with(g.battle(), firer);
    assert_eq!(said, Err(ActionError::Turn(TurnError::ChangedFormation(bn))), "offered disabled with its reason");
}

/// B-COL-10: the collision test pre-sets "stationary" for a cavalry defender that has
/// neither moved nor attacked this turn, and offers it for cavalry defenders only.
#[test]
fn b_col_10_stationary_cavalry_is_known_from_the_record() {
    use coldsteel::game::procedure::CollisionDraft;
    use coldsteel::model::MoveAction;
    let mut g = b_game();
    to(&mut g, Phase::Charges);
    let (sumy, chasseurs, tula) =
        (id(&g, "Sumy Hussars"), id(&g, "Guard Chasseurs à cheval"), id(&g, "Tula Opolchenie, 1st druzhina"));
    let mut draft = CollisionDraft::open(g.battle(), sumy, chasseurs).unwrap();
    assert!(draft.table.defender.stationary && !draft.table.attacker.stationary, "a cavalry defender that stood");
    assert!(draft.stationary_offered(g.battle(), 1) && !draft.stationary_offered(g.battle(), 0));
    let b_col_10 =
        |d: &CollisionDraft| d.preview(g.battle()).unwrap().modifiers[1].iter().any(|m| m.rule_id() == "B-COL-10");
    assert!(b_col_10(&draft), "−2 for the stationary cavalry");
    draft.defender_attacking = true;
    assert!(!b_col_10(&draft) && !draft.stationary_offered(g.battle(), 1), "attacking too, it is not stationary");
    let infantry = CollisionDraft::open(g.battle(), chasseurs, tula).unwrap();
    assert!(
        !infantry.table.defender.stationary && !infantry.stationary_offered(g.battle(), 1),
        "infantry: not offered"
    );
    to(&mut g, Phase::Movement);
    let moved = MoveAction { unit: chasseurs, cm: 10, place: None, ground: None };
    g.perform(&Action::Move(Box::new(moved))).unwrap();
    let draft = CollisionDraft::open(g.battle(), sumy, chasseurs).unwrap();
    assert!(!draft.table.defender.stationary, "it moved this turn");
}

/// B-COL-11: a unit fired at in the Firing phase counts as under fire in the next turn's
/// Charges phase, though its mark went as the turn began: the collision test pre-sets it.
#[test]
fn b_col_11_last_turns_fire_counts_in_this_turns_collision() {
    use coldsteel::game::procedure::CollisionDraft;
    use coldsteel::model::FireAction;
    let mut g = b_game();
    to(&mut g, Phase::Firing);
    let (tirailleurs, ladoga) = (id(&g, "1st Tirailleurs of the Guard"), id(&g, "Ladoga Infantry"));
    let fire = FireAction {
        firer: tirailleurs,
        target: ladoga,
        roll: None,
        figures: Some(1),
        test_owed: false,
        rng_after: None,
    };
    g.perform(&Action::Fire(Box::new(fire))).unwrap();
    common::next_turn_to(&mut g, Phase::Charges);
    assert!(!unit(&g, "Ladoga Infantry").markers.contains(&Marker::UnderFire), "the mark went with the turn");
    let draft = CollisionDraft::open(g.battle(), id(&g, "Sumy Hussars"), ladoga).unwrap();
    assert!(draft.table.defender.under_fire, "B-COL-11: under fire in this turn's collision");
    let unfired = CollisionDraft::open(g.battle(), id(&g, "Sumy Hussars"), id(&g, "Poltava Infantry")).unwrap();
    assert!(!unfired.table.defender.under_fire);
}

/// B-MEL-17: Ruleset B's tests roll one D6 on the players' table: two dice are refused
/// naming the clause, one is read and logged; General de Brigade's still roll two.
#[test]
fn b_mel_17_ruleset_b_tests_roll_one_d6() {
    use coldsteel::rules::gdb::charge::TestAnswer;
    let mut g = b_game();
    common::whole_turn_tables(&mut g);
    to(&mut g, Phase::Morale);
    let poltava = id(&g, "Poltava Infantry");
    let test = |answer| {
        Action::TakeTest(Box::new(TestAction { unit: poltava, test: TestKind::Morale, answer, rng_after: None }))
    };
    refused(
        &mut g,
        &test(TestAnswer::Rolled { dice: crate::common::d6([4, 4]), modifier: 0 }),
        TurnError::OneDie(poltava),
    );
    g.perform(&test(TestAnswer::RolledOne { die: crate::common::face(4), modifier: 0 })).unwrap();
    let entry = g.battle().log.last().unwrap();
    let said = coldsteel::i18n::log_text::entry_lines(coldsteel::i18n::Lang::En, g.battle(), entry).join("\n");
    assert!(said.contains("rolled 4 +0 = 4; row 4 to 6 of your table: steady"), "{said}");
    let mut gdb = crate::common::default_at(Phase::Morale);
    common::whole_turn_tables(&mut gdb);
    let one = Action::TakeTest(Box::new(TestAction {
        unit: poltava,
        test: TestKind::Morale,
        answer: TestAnswer::RolledOne { die: crate::common::face(4), modifier: 0 },
        rng_after: None,
    }));
    let two_dice = coldsteel::rules::gdb::charge::ChargeError::TwoDiceNeeded;
    assert_eq!(gdb.perform(&one), Err(ActionError::Charge(two_dice)));
}

/// The charge declared only, as the wizard's Declare only sends it.
fn declared(a: &coldsteel::game::ChargeAction) -> Action {
    Action::DeclareCharge(Box::new(coldsteel::game::ChargeAction { inputs: Vec::new(), ..a.clone() }))
}

/// GDB-CHG-03, 04: the phasing side's charge is not carried out at once while the other
/// side may still declare; declared, its side done, the other side still declares (here a
/// charge of its own), and the phasing side's charge goes first once both are done.
#[test]
fn gdb_chg_03_04_the_phasing_sides_charge_waits_for_the_other_sides_declarations() {
    let mut g = common::default_at(Phase::Charges);
    let french = stood_charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 12);
    refused(&mut g, &Action::Charge(Box::new(french.clone())), TurnError::NonPhasingStillDeclares);
    assert!(TurnError::NonPhasingStillDeclares.to_string().contains("GDB-CHG-03"));
    g.perform(&declared(&french)).unwrap();
    g.perform(&Action::DeclarationsDone { side: coldsteel::rules::Side::First }).unwrap();
    assert_eq!(checklist(g.battle())[0], Todo::Declarations { declaring: Some(coldsteel::rules::Side::Second) });
    // The Russians still declare theirs.
    let russian = stood_charge(&g, "Sumy Hussars", "Guard Chasseurs à cheval", 10);
    g.perform(&declared(&russian)).unwrap();
    g.perform(&Action::DeclarationsDone { side: coldsteel::rules::Side::Second }).unwrap();
    assert_eq!(checklist(g.battle())[0], Todo::Declarations { declaring: None }, "the row stays, both done");
    // GDB-CHG-04: the phasing side's charge first.
    let e = g.perform(&Action::Charge(Box::new(russian.clone()))).unwrap_err();
    assert_eq!(e, ActionError::Charge(coldsteel::rules::gdb::charge::ChargeError::PhasingChargesFirst));
    let refused_now = coldsteel::game::may_carry_out(g.battle(), &russian).unwrap_err();
    assert_eq!(refused_now, e, "the checklist offers it disabled with the same reason");
    do_charge(&mut g, french);
    do_charge(&mut g, russian);
    assert_eq!(g.battle().pending_melees().count(), 2);
}

/// GDB-CHG-03: the non-phasing side's charge is not carried out at once before the phasing
/// side has declared; once the phasing side is done (declaring none), it goes at once.
#[test]
fn gdb_chg_03_the_non_phasing_side_waits_for_the_phasing_side() {
    let mut g = common::default_at(Phase::Charges);
    let russian = stood_charge(&g, "Sumy Hussars", "Guard Chasseurs à cheval", 10);
    refused(&mut g, &Action::Charge(Box::new(russian.clone())), TurnError::PhasingStillDeclares);
    assert!(TurnError::PhasingStillDeclares.to_string().contains("GDB-CHG-03"));
    g.perform(&Action::DeclarationsDone { side: coldsteel::rules::Side::First }).unwrap();
    g.perform(&Action::Charge(Box::new(russian))).unwrap();
    assert_eq!(g.battle().pending_melees().count(), 1);
}

/// GDB-CHG-03: a side none of whose units may declare a charge (all routing here) is not
/// waited for: the phasing side's charge goes at once, and the draft says the other side
/// was passed over; while it has one, the draft's one-click Declare declares the charge,
/// closes the phasing side's declarations and asks the other side.
#[test]
fn gdb_chg_03_a_side_with_no_unit_that_may_declare_is_passed_over() {
    use coldsteel::game::procedure::{ChargeDraft, Measured, QuickDeclare};
    use coldsteel::rules::Side;
    let g = common::default_at(Phase::Charges);
    let (grenadiers, ladoga) = (id(&g, "Grenadiers à cheval"), id(&g, "Ladoga Infantry"));
    let mut draft = ChargeDraft::open(g.battle(), grenadiers, ladoga, &mut Measured::default()).unwrap();
    draft.typed.distance = Some(12);
    draft.typed.bearing = Some(0);
    draft.measured.commander_within_15cm = true;
    let Ok(QuickDeclare::ThenOtherSide { actions, other }) = draft.declaration_view(g.battle()).quick else {
        panic!("{:?}", draft.declaration_view(g.battle()).quick)
    };
    assert_eq!(other, Side::Second);
    assert!(matches!(actions.as_slice(), [Action::DeclareCharge(_), Action::DeclarationsDone { side: Side::First }]));
    let mut routed = common::edited(&g, |b| {
        for u in b.units.iter_mut().filter(|u| u.side == Side::Second) {
            u.order = Order::Routing;
        }
    });
    let quick = draft.declaration_view(routed.battle()).quick;
    assert_eq!(quick, Ok(QuickDeclare::CarryOut { unasked: Some(Side::Second) }));
    do_charge(&mut routed, stood_charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 12));
    assert!(matches!(routed.battle().log.last().unwrap().detail, coldsteel::model::LogDetail::Charge { .. }));
}

/// Issue 43: nothing owed is skipped in silence. What Next phase asks about first: the
/// declared charges not carried out in the General de Brigade Charges phase (GDB-CHG-04),
/// and a melee not fought in the Melee phase, under Ruleset B too (B-MEL-01).
#[test]
fn next_phase_knows_what_is_left_undone() {
    use coldsteel::game::{Unfinished, unfinished};
    let mut g = common::default_at(Phase::Charges);
    assert_eq!(unfinished(g.battle()), None);
    let french = stood_charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 12);
    g.perform(&declared(&french)).unwrap();
    assert_eq!(unfinished(g.battle()), Some(Unfinished::Charges(1)));
    common::close_declarations(&mut g);
    do_charge(&mut g, french);
    assert_eq!(unfinished(g.battle()), None, "carried out");
    to(&mut g, Phase::Melee);
    assert_eq!(unfinished(g.battle()), Some(Unfinished::Melees(1)));
    let mut b = b_game();
    let (a, d) = (id(&b, "Ladoga Infantry"), id(&b, "1st Voltigeurs of the Guard"));
    b.perform(&Action::AddPendingMelee(coldsteel::model::Engagement::contact(a, d))).unwrap();
    assert_eq!(unfinished(b.battle()), None, "not before the Melee phase");
    to(&mut b, Phase::Melee);
    assert_eq!(unfinished(b.battle()), Some(Unfinished::Melees(1)));
}

/// Issue 44, B-MEL-08: a Ruleset B melee that goes on opens its next turn with the last
/// turn's figures in contact and overlapping flanks, as the players set them; no more
/// figures in contact than a unit has left.
#[test]
fn b_mel_08_melee_turn_2_starts_from_turn_1s_figures() {
    use coldsteel::game::procedure::BMeleeDraft;
    use coldsteel::model::BContact;
    let mut g = b_melee_in_contact();
    let pending = g.battle().pending_melees().next().unwrap().1.clone();
    let fresh = BMeleeDraft::open(g.battle(), &pending).unwrap();
    assert_eq!(fresh.contact.0, BContact { figures_in_contact: 6, overlaps: 0 }, "a first turn: up to 6, no overlap");
    let mut first = b_melee(&g, "Sumy Hussars", "Guard Chasseurs à cheval", (5, 6), (vec![1; 3], vec![6; 3]));
    first.contact.attacker.overlaps = 1;
    first.tests = (Some(BTest { passed: true, score: None }), Some(BTest { passed: true, score: None })).into();
    g.perform(&Action::BMelee(Box::new(first.clone()))).unwrap();
    assert_eq!(g.battle().pending_melees().count(), 1, "it goes on");
    common::next_turn_to(&mut g, Phase::Melee);
    let pending = g.battle().pending_melees().next().unwrap().1.clone();
    let second = BMeleeDraft::open(g.battle(), &pending).unwrap();
    assert_eq!(second.contact.0, BContact { figures_in_contact: 5, overlaps: 1 });
    let left = unit(&g, "Guard Chasseurs à cheval").figures;
    assert_eq!(second.contact.1.figures_in_contact, left.min(6));
}
