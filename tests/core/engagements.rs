//! One engagement from declaration to aftermath, driven through the game's actions only,
//! as the wizards send them: each fact fixed at one step (a counter-charge, caught
//! evaders, a push-back, a pursuit, both sides attacking, a flight) reaches the next.

use crate::common;

use common::{charge, do_charge, id, initiative, melee, to, unit};

use coldsteel::game::{
    Action, ActionError, BContact, BMeleeAction, ChargeRates, CollisionAction, Game, GdbMeleeAction, collision_input,
    gdb_melee_input,
};
use coldsteel::model::{Engagement, LogDetail, RngState, RulesOptions};
use coldsteel::rules::gdb::charge::{ChargeError, FollowUp, Input, Reaction, TestResult};
use coldsteel::rules::gdb::{Outcome, Role};
use coldsteel::rules::ruleset_b::{MeleeState, TestResult as BTest};
use coldsteel::rules::{ByRole, BySide, Marker, Order, Phase, Ruleset, Side, Situation, Slope, Terrain};
use coldsteel::storage;

fn pass() -> Input {
    Input::ChargerTest(TestResult::Pass.into())
}

fn stand_pass() -> Input {
    Input::StandTest(TestResult::Pass.into())
}

/// A charge the target stands against, both tests passed, measured at `cm`.
pub(crate) fn stood_charge(g: &Game, charger: &str, target: &str, cm: u32) -> coldsteel::game::ChargeAction {
    charge(g, charger, target, cm, vec![Input::Reaction(Reaction::Stand), pass(), stand_pass()])
}

pub(crate) fn gdb_game() -> Game {
    let mut g = storage::default_game().unwrap();
    initiative(&mut g, [6, 6], [1, 1], Side::First);
    to(&mut g, Phase::Charges);
    g
}

fn modifiers(g: &Game, m: &GdbMeleeAction, role: Role) -> Vec<(&'static str, i32)> {
    let (input, _) = gdb_melee_input(g.battle(), m).unwrap();
    input.modifiers(role).iter().filter(|x| x.value != 0).map(|x| (x.rule_id(), x.value)).collect()
}

fn last_melee(g: &Game) -> coldsteel::rules::gdb::MeleeResult {
    match &g.battle().log.last().unwrap().detail {
        LogDetail::GdbMelee { result, .. } => result.clone(),
        other => panic!("{other:?}"),
    }
}

fn fight(g: &mut Game, m: GdbMeleeAction) {
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
}

/// GDB-CHG-17, GDB-CHG-18, EX-4, AMB-02: a counter-charger that moved 5 cm or more
/// counts as charging in the melee, and its general leading it gives his +1.
#[test]
fn gdb_chg_17_18_a_counter_charger_charges_with_its_general() {
    let mut g = gdb_game();
    let walther = g.battle().generals.iter().find(|x| x.name == "Gén. Walther").unwrap().clone();
    let dragoons = id(&g, "Empress Dragoons");
    g.perform(&Action::EditGeneral(coldsteel::model::General { attached_to: Some(dragoons), ..walther })).unwrap();
    let inputs = vec![
        Input::Reaction(Reaction::CounterCharge),
        Input::FacedInTime(true),
        pass(),
        Input::CounterTest(TestResult::Pass.into()),
        Input::CounterMeet { counter_cm: 6 },
    ];
    let mut a = charge(&g, "Ekaterinoslav Cuirassiers", "Empress Dragoons", 18, inputs);
    a.measured.struck_face = coldsteel::rules::Face::Flank;
    a.rates = ChargeRates {
        charger_charge_cm: Some(36),
        target_move_cm: Some(18),
        target_charge_cm: Some(27),
        target_compulsory_cm: None,
    };
    do_charge(&mut g, a);
    let LogDetail::Charge { happened, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    // AMB-02 corrected: the dragoons' own charge move divides, 9 ÷ 27 = 1/3 → 6 cm.
    let time = happened.iter().find_map(|h| match h {
        coldsteel::rules::gdb::charge::Happening::TimeForTarget { allowance_cm, .. } => *allowance_cm,
        _ => None,
    });
    assert_eq!(time, Some(6));
    let (_, e) = g.battle().pending_melees().next().unwrap();
    assert_eq!(e.counter_cm(), Some(6));
    assert_eq!(
        e.contact.defender.struck_face,
        coldsteel::rules::Face::Front,
        "GDB-CHG-16: they wheeled to face in time"
    );
    to(&mut g, Phase::Melee);
    let mut m = melee(&g, "Ekaterinoslav Cuirassiers", "Empress Dragoons", ([3, 3], [3, 3]), (1, 1));
    m.table.defender.general_leads = true;
    common::answer_owed(&g, &mut m);
    let def = modifiers(&g, &m, Role::Defender);
    assert!(def.contains(&("GDB-MOD-21", 2)), "{def:?}");
    assert!(def.contains(&("GDB-MOD-15", 1)), "{def:?}");
    let att = modifiers(&g, &m, Role::Attacker);
    assert!(att.contains(&("GDB-MOD-21", 2)), "the cuirassiers moved 12 cm: charging too");
    fight(&mut g, m);
    let LogDetail::GdbMelee { defender_side, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert!(defender_side.situation.charging);
}

/// Issue 48, derived never carried: what a melee's or a collision's action says the table
/// shows holds only what the table tells (GDB-MOD-15, FN6, FN7, GDB-RES-08; B-COL-02,
/// 06, 07, 10..12); charging (GDB-MOD-21), pursuing or a distance moved (GDB-CHG-18)
/// are the game's, and an action or a file that carries them is refused.
#[test]
fn gdb_mod_21_b_col_06_an_action_that_carries_a_derived_fact_is_refused() {
    let mut g = gdb_game();
    let a = stood_charge(&g, "Ekaterinoslav Cuirassiers", "Empress Dragoons", 18);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    let mut m = melee(&g, "Ekaterinoslav Cuirassiers", "Empress Dragoons", ([3, 3], [3, 3]), (1, 1));
    common::answer_owed(&g, &mut m);
    m.table.defender.charging = true;
    let carried = g.perform(&Action::GdbMelee(Box::new(m.clone())));
    let charging = coldsteel::rules::Field::Fact(coldsteel::rules::Fact::Charging);
    assert_eq!(carried.unwrap_err(), ActionError::DerivedFact(charging));
    m.table.defender.charging = false;
    m.table.attacker.moved_cm = Some(3);
    let moved = g.perform(&Action::GdbMelee(Box::new(m.clone())));
    assert_eq!(moved.unwrap_err(), ActionError::DerivedFact(coldsteel::rules::Field::MovedCm));
    m.table.attacker.moved_cm = None;
    m.table.defender.breach = true;
    g.perform(&Action::GdbMelee(Box::new(m))).expect("a breach is the table's to tell (GDB-MOD-FN7)");

    let mut b = b_game();
    let mut c = collide(&b, "Sumy Hussars", "Guard Chasseurs à cheval", (4, 3));
    c.table.attacker.pursuing = true;
    let pursuing = coldsteel::rules::Field::Fact(coldsteel::rules::Fact::Pursuing);
    assert_eq!(b.perform(&Action::Collision(Box::new(c.clone()))).unwrap_err(), ActionError::DerivedFact(pursuing));
    c.table.attacker.pursuing = false;
    c.table.defender.under_fire = true;
    b.perform(&Action::Collision(Box::new(c))).expect("under fire is the table's to tell (B-COL-11)");
}

/// GDB-EVD-11, AMB-47: caught evaders do not fight back: they roll no dice, cannot win,
/// and the chargers' result and damage apply as the table gives them.
#[test]
fn gdb_evd_11_caught_evaders_do_not_fight_back() {
    let mut g = gdb_game();
    let inputs = vec![Input::Reaction(Reaction::Evade), Input::Caught(true), pass()];
    let mut a = charge(&g, "Sumy Hussars", "Guard Chasseurs à cheval", 12, inputs);
    a.rates.target_compulsory_cm = Some(30);
    do_charge(&mut g, a);
    assert_eq!(unit(&g, "Guard Chasseurs à cheval").order, Order::Routing, "caught evaders count as routing");
    let (_, e) = g.battle().pending_melees().next().unwrap();
    assert!(e.evaders_caught());
    to(&mut g, Phase::Melee);
    // The evaders' dice, whatever the players type, count for nothing.
    let m = melee(&g, "Sumy Hussars", "Guard Chasseurs à cheval", ([1, 1], [6, 6]), (0, 2));
    let (input, _) = gdb_melee_input(g.battle(), &m).unwrap();
    assert!(input.odds().iter().all(|o| o.winner == Some(Role::Attacker)), "the evaders cannot win");
    assert!(modifiers(&g, &m, Role::Defender).contains(&("GDB-MOD-19", -2)));
    fight(&mut g, m);
    let r = last_melee(&g);
    assert_eq!(r.winner, Some(Role::Attacker));
    assert_eq!(r.defender_dice, [0, 0]);
    assert_eq!(unit(&g, "Guard Chasseurs à cheval").figures, 10);
}

/// GDB-EVD-12: skirmishers caught by close-order troops lose the bases contacted, which
/// the players count; the rest rout; there is no melee.
#[test]
fn gdb_evd_12_overrun_skirmishers_lose_the_bases_contacted() {
    let mut g = gdb_game();
    let inputs = vec![Input::Reaction(Reaction::Evade), Input::Caught(true), pass(), Input::BasesLost { figures: 2 }];
    let mut a = charge(&g, "Ladoga Infantry", "Guard tirailleur screen", 8, inputs);
    a.rates.target_compulsory_cm = Some(20);
    do_charge(&mut g, a);
    let screen = unit(&g, "Guard tirailleur screen");
    assert_eq!((screen.figures, screen.order), (4, Order::Routing));
    assert_eq!(g.battle().pending_melees().count(), 0, "no melee");
    // More bases than the unit has are refused.
    let mut g2 = gdb_game();
    let inputs = vec![Input::Reaction(Reaction::Evade), Input::Caught(true), pass(), Input::BasesLost { figures: 9 }];
    let a = charge(&g2, "Ladoga Infantry", "Guard tirailleur screen", 8, inputs);
    let e = common::charge_in_order(&mut g2, a).unwrap_err();
    assert!(matches!(e, ActionError::TooManyLosses { lost: 9, has: 6, .. }), "{e:?}");
}

/// GDB-ART-02, GDB-ART-04, EX-3: after Emergency Limber 1 the guns are abandoned and the
/// crew flees as routers, disordering the friend it runs into.
#[test]
fn gdb_art_02_the_crew_flees_as_routers() {
    let mut g = gdb_game();
    let inputs = vec![
        Input::Reaction(Reaction::StandAndFire),
        Input::ClosingFire { casualties: 0 },
        pass(),
        Input::StandTest(TestResult::Retreat.into()),
        Input::EmergencyLimber { die: crate::common::face(1), named: None },
        Input::CrewRanIntoFriend,
        Input::FollowUp(FollowUp::NewTarget),
    ];
    let mut a = charge(&g, "Chuguev Uhlans", "Young Guard foot battery", 14, inputs);
    a.crew_ran_into = Some(id(&g, "1st Tirailleurs of the Guard"));
    do_charge(&mut g, a);
    let battery = unit(&g, "Young Guard foot battery");
    assert_eq!(battery.order, Order::Routing);
    assert!(battery.markers.contains(&Marker::GunsAbandoned));
    assert_eq!(unit(&g, "1st Tirailleurs of the Guard").order, Order::Disordered);
}

/// GDB-RES-05: a pushed-back unit is unformed, makes its move in the next Compulsory
/// Move phase and then rallies by itself.
#[test]
fn gdb_res_05_a_pushed_back_unit_rallies_after_its_move() {
    let mut g = gdb_game();
    let a = stood_charge(&g, "Sumy Hussars", "Guard Chasseurs à cheval", 12);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    // Hussars +2 +2 charging = +4: 10; chasseurs +2 +2 guard −1 poor horses = +3: 9.
    let m = melee(&g, "Sumy Hussars", "Guard Chasseurs à cheval", ([3, 3], [3, 3]), (0, 1));
    fight(&mut g, m);
    assert_eq!(last_melee(&g).outcome, Outcome::PushedBack);
    let chasseurs = unit(&g, "Guard Chasseurs à cheval");
    assert_eq!(chasseurs.order, Order::Disordered);
    assert!(chasseurs.markers.contains(&Marker::PushedBack));
    to(&mut g, Phase::Morale);
    g.perform(&Action::AdvancePhase).unwrap();
    initiative(&mut g, [6, 6], [1, 1], Side::First);
    to(&mut g, Phase::CompulsoryMoves);
    let who = id(&g, "Guard Chasseurs à cheval");
    assert!(coldsteel::game::checklist(g.battle()).contains(&coldsteel::game::Todo::PushBackThenRally(who)));
    assert_eq!(unit(&g, "Guard Chasseurs à cheval").order, Order::Disordered, "not before its move");
    g.perform(&Action::AdvancePhase).unwrap();
    let chasseurs = unit(&g, "Guard Chasseurs à cheval");
    assert_eq!(chasseurs.order, Order::Formed, "rallied after its push-back move");
    assert!(!chasseurs.markers.contains(&Marker::PushedBack));
    assert!(g.battle().engagements.is_empty(), "the aftermath is over");
}

/// GDB-RES-07 (issue 48: "buildings" answered once, by `Terrain::in_buildings`): a
/// defender of a castle, church or fortified farm, a building, is pushed back 10 cm as
/// a built-up area's is.
#[test]
fn gdb_res_07_a_castle_is_a_building_its_defender_pushed_back_10_cm() {
    let mut g = gdb_game();
    let legion = unit(&g, "1st Vistula Legion").clone();
    g.perform(&Action::EditUnit(coldsteel::model::Unit { terrain: Terrain::Fortified, ..legion })).unwrap();
    let a = stood_charge(&g, "Ladoga Infantry", "1st Vistula Legion", 8);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    // Ladoga +2 +2 charging = +4: 12; the Legion +2 +3 (fortified) = +5: 11.
    let m = melee(&g, "Ladoga Infantry", "1st Vistula Legion", ([4, 4], [3, 3]), (1, 1));
    fight(&mut g, m);
    let r = last_melee(&g);
    assert!(r.defender_effects.contains(&coldsteel::rules::gdb::Effect::PushedBack { cm: Some(10) }), "{r:?}");
    for t in Terrain::ALL {
        let expected = matches!(t, Terrain::BuiltUp | Terrain::Building | Terrain::Fortified);
        assert_eq!(t.in_buildings(), expected, "{t:?}");
        assert_eq!(t.rough(), expected || matches!(t, Terrain::Rough | Terrain::Wood), "GDB-MOD-FN2, AMB-48: {t:?}");
        assert_eq!(t.shelters(), expected || matches!(t, Terrain::Cover | Terrain::Wood | Terrain::Redoubt), "{t:?}");
    }
}

/// GDB-RES-07, GDB-RES-08, GDB-RES-10: infantry pushing back a built-up-area defender
/// follows it in base contact, so the melee goes on; a second push-back in a row makes
/// the defender retreat.
#[test]
fn gdb_res_08_10_follow_in_and_the_second_push_back() {
    let mut g = gdb_game();
    assert_eq!(unit(&g, "1st Vistula Legion").terrain, Terrain::BuiltUp, "it holds the village");
    let a = stood_charge(&g, "Ladoga Infantry", "1st Vistula Legion", 8);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    // Ladoga +2 +2 charging = +4: 12; the Legion +2 +2 (built-up area) = +4: 11.
    let m = melee(&g, "Ladoga Infantry", "1st Vistula Legion", ([4, 4], [3, 4]), (1, 1));
    fight(&mut g, m);
    let r = last_melee(&g);
    assert!(r.defender_effects.contains(&coldsteel::rules::gdb::Effect::PushedBack { cm: Some(10) }), "GDB-RES-07");
    assert!(r.attacker_effects.contains(&coldsteel::rules::gdb::Effect::FollowsInContact), "GDB-RES-10");
    let (_, e) = g.battle().pending_melees().next().expect("the follow-in keeps the melee pending");
    assert_eq!((e.melee_turn, e.pushbacks.defender, e.follow_in), (2, 1, true));
    common::next_turn_to(&mut g, Phase::Melee);
    let m = melee(&g, "Ladoga Infantry", "1st Vistula Legion", ([6, 6], [5, 4]), (1, 1));
    assert!(!modifiers(&g, &m, Role::Attacker).contains(&("GDB-MOD-21", 2)), "not charging on turn 2");
    fight(&mut g, m);
    let r = last_melee(&g);
    assert_eq!(r.defender_effects[0], coldsteel::rules::gdb::Effect::Retreats, "GDB-RES-08: second in a row");
    assert!(unit(&g, "1st Vistula Legion").markers.contains(&Marker::Retreating));
    assert_eq!(g.battle().pending_melees().count(), 0);
}

/// GDB-MOD-21, GDB-RES-02: a pursuit result marks the winner pursuing; its next melee
/// counts +2 though it did not charge; the marker comes off after that turn.
#[test]
fn gdb_mod_21_res_02_the_pursuer_counts_plus_two_next_turn() {
    let mut g = gdb_game();
    let a = stood_charge(&g, "Ekaterinoslav Cuirassiers", "Empress Dragoons", 12);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    let mut m = melee(&g, "Ekaterinoslav Cuirassiers", "Empress Dragoons", ([6, 6], [1, 1]), (0, 2));
    m.test = Some(TestResult::Pursue.into());
    fight(&mut g, m);
    assert!(unit(&g, "Ekaterinoslav Cuirassiers").markers.contains(&Marker::Pursuing));
    common::next_turn_to(&mut g, Phase::CompulsoryMoves);
    // The pursuit reaches a fresh enemy: a melee without a charge.
    let (cuir, chasseurs) = (id(&g, "Ekaterinoslav Cuirassiers"), id(&g, "Guard Chasseurs à cheval"));
    g.perform(&Action::AddPendingMelee(Engagement::contact(cuir, chasseurs))).unwrap();
    to(&mut g, Phase::Melee);
    let m = melee(&g, "Ekaterinoslav Cuirassiers", "Guard Chasseurs à cheval", ([3, 3], [3, 3]), (0, 1));
    assert!(modifiers(&g, &m, Role::Attacker).contains(&("GDB-MOD-21", 2)), "pursuing +2");
    fight(&mut g, m);
    to(&mut g, Phase::Morale);
    assert!(!unit(&g, "Ekaterinoslav Cuirassiers").markers.contains(&Marker::Pursuing), "the pursuit is over");
}

/// GDB-MOD-FN6: infantry charging uphill gets no charging bonus; the slope is what the
/// table shows, given in the melee.
#[test]
fn gdb_mod_fn6_no_bonus_for_infantry_charging_uphill() {
    let mut g = gdb_game();
    let a = stood_charge(&g, "Ladoga Infantry", "4th bn, 33e Léger", 8);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    let level = melee(&g, "Ladoga Infantry", "4th bn, 33e Léger", ([3, 3], [3, 3]), (1, 1));
    assert!(modifiers(&g, &level, Role::Attacker).contains(&("GDB-MOD-21", 2)));
    let mut uphill = GdbMeleeAction {
        table: (Situation { slope: Slope::Uphill, ..Default::default() }, Situation::default()).into(),
        ..level
    };
    common::answer_owed(&g, &mut uphill);
    assert!(!modifiers(&g, &uphill, Role::Attacker).contains(&("GDB-MOD-21", 2)));
    fight(&mut g, uphill);
    let LogDetail::GdbMelee { attacker_side, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert_eq!(attacker_side.situation.slope, Slope::Uphill);
}

/// GDB-CHG-05: a unit charged this turn may not charge a third unit, whether or not the
/// charge reached it; GDB-CHG-11: a unit changing formation may not fire this turn (the
/// charger that made it form square halted short, so it is in no melee).
#[test]
fn gdb_chg_05_and_11_what_a_charged_unit_may_not_do() {
    let mut g = gdb_game();
    let halted = vec![Input::Reaction(Reaction::Stand), Input::ChargerTest(TestResult::Halt.into())];
    let a = charge(&g, "Ekaterinoslav Cuirassiers", "Empress Dragoons", 12, halted);
    do_charge(&mut g, a);
    assert_eq!(g.battle().pending_melees().count(), 0, "the charger stopped short");
    let third = charge(&g, "Empress Dragoons", "Sumy Hussars", 10, vec![]);
    let e = common::charge_in_order(&mut g, third).unwrap_err();
    assert_eq!(e, ActionError::Charge(ChargeError::AlreadyCharged));

    // Both declared before either is carried out (GDB-CHG-03).
    let mut g = gdb_game();
    common::declare(&mut g, "1st Polish Guard Lancers", "Ladoga Infantry", 10);
    let square =
        vec![Input::Reaction(Reaction::ChangeFormation { to: coldsteel::rules::Formation::Square, duration: None })];
    let mut a = charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 20, square);
    a.inputs.push(Input::ChargerTest(TestResult::Halt.into()));
    a.rates.charger_charge_cm = Some(36);
    let declared = coldsteel::game::ChargeAction { inputs: Vec::new(), ..a.clone() };
    g.perform(&Action::DeclareCharge(Box::new(declared))).unwrap();
    g.perform(&Action::DeclarationsDone { side: Side::First }).unwrap();
    g.perform(&Action::DeclarationsDone { side: Side::Second }).unwrap();
    do_charge(&mut g, a);
    assert!(unit(&g, "Ladoga Infantry").markers.contains(&Marker::ChangingFormation));
    let fire = vec![Input::Reaction(Reaction::StandAndFire)];
    let second = charge(&g, "1st Polish Guard Lancers", "Ladoga Infantry", 10, fire);
    let e = common::charge_in_order(&mut g, second).unwrap_err();
    assert_eq!(e, ActionError::Charge(ChargeError::MayNotFire));
}

pub(crate) fn b_game() -> Game {
    let mut g = storage::default_game().unwrap();
    let mut options = RulesOptions::default();
    options.ruleset_b.attack_distances = vec![(coldsteel::rules::Arm::Infantry, 12)];
    g.perform(&Action::SetOptions(Box::new((Ruleset::RulesetB, options)))).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    g
}

pub(crate) fn collide(g: &Game, attacker: &str, defender: &str, dice: (u8, u8)) -> CollisionAction {
    CollisionAction {
        attacker: id(g, attacker),
        defender: id(g, defender),
        table: Default::default(),
        defender_attacking: false,
        distance_cm: Some(20),
        dice: crate::common::average_dice(dice),
        caught: false,
        rng_after: None,
    }
}

pub(crate) fn b_melee(g: &Game, a: &str, d: &str, contact: (u32, u32), dice: (Vec<u8>, Vec<u8>)) -> BMeleeAction {
    let c = |n| BContact { figures_in_contact: n, overlaps: 0 };
    BMeleeAction {
        attacker: id(g, a),
        defender: id(g, d),
        contact: (c(contact.0), c(contact.1)).into(),
        dice: crate::common::d6_lists(dice),
        tests: (None, None).into(),
        fresh_charge: (false, false).into(),
        rng_after: None,
    }
}

/// B-MEL-05, B-MEL-06, B-MEL-07: both sides attacking is a fact of the collision that
/// reaches the melee: even cavalry against cavalry goes on turn after turn, and from the
/// second turn both test with the average die.
#[test]
fn b_mel_05_06_a_both_attacking_melee_goes_on() {
    let mut g = b_game();
    let mut c = collide(&g, "Sumy Hussars", "Guard Chasseurs à cheval", (5, 3));
    c.defender_attacking = true;
    g.perform(&Action::Collision(Box::new(c))).unwrap();
    to(&mut g, Phase::Melee);
    g.perform(&Action::BMelee(Box::new(b_melee(
        &g,
        "Sumy Hussars",
        "Guard Chasseurs à cheval",
        (6, 6),
        (vec![1; 3], vec![1; 3]),
    ))))
    .unwrap();
    let LogDetail::BMelee { state, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert_eq!(*state, MeleeState::Continues { next_turn: 2 }, "cavalry both attacking do not stop after turn 1");
    let (_, e) = g.battle().pending_melees().next().unwrap();
    assert!(e.both_attacking() && e.melee_turn == 2);
    common::next_turn_to(&mut g, Phase::Melee);
    let untested = b_melee(&g, "Sumy Hussars", "Guard Chasseurs à cheval", (6, 6), (vec![1; 6], vec![1; 6]));
    assert_eq!(g.perform(&Action::BMelee(Box::new(untested.clone()))).unwrap_err(), ActionError::TestsOwed, "B-MEL-06");
    let tested = BMeleeAction {
        tests: (Some(BTest { passed: true, score: None }), Some(BTest { passed: false, score: None })).into(),
        ..untested
    };
    g.perform(&Action::BMelee(Box::new(tested))).unwrap();
    assert!(unit(&g, "Guard Chasseurs à cheval").markers.contains(&Marker::Retreating));
    assert_eq!(g.battle().pending_melees().count(), 0);
}

/// B-MEL-03, AMB-33: after turn 2 the heavier losses are judged over both turns against
/// the strength at the melee's start.
#[test]
fn b_mel_03_heavier_losses_over_both_turns() {
    let mut g = b_game();
    // Ladoga 4 +1 (attacker) = 5 against the Voltigeurs' 3 +1 (status A) = 4: melee.
    g.perform(&Action::Collision(Box::new(collide(&g, "Ladoga Infantry", "1st Voltigeurs of the Guard", (4, 3)))))
        .unwrap();
    to(&mut g, Phase::Melee);
    let mut t1 = b_melee(&g, "Ladoga Infantry", "1st Voltigeurs of the Guard", (9, 9), (vec![6; 3], vec![1; 3]));
    t1.tests.defender = Some(BTest { passed: true, score: None });
    g.perform(&Action::BMelee(Box::new(t1))).unwrap();
    assert_eq!(unit(&g, "1st Voltigeurs of the Guard").figures, 21);
    common::next_turn_to(&mut g, Phase::Melee);
    let mut d2 = vec![1u8; 9];
    d2[0] = 6;
    let mut t2 = b_melee(&g, "Ladoga Infantry", "1st Voltigeurs of the Guard", (9, 9), (vec![1; 9], d2));
    t2.tests.attacker = Some(BTest { passed: true, score: None });
    g.perform(&Action::BMelee(Box::new(t2))).unwrap();
    // Over both turns Ladoga lost 1 of 24 and the Voltigeurs 3 of 24: the Voltigeurs give way
    // (turn 2 alone would have blamed Ladoga).
    let LogDetail::BMelee { state, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert!(
        matches!(
            state,
            MeleeState::Ends {
                loser: Role::Defender,
                reason: coldsteel::rules::ruleset_b::LoserReason::HeavierLosses,
                ..
            }
        ),
        "{state:?}"
    );
}

/// B-FLE-01, B-FLE-02, B-MEL-12: a fleeing unit flees (its guns left behind); caught by
/// the other side's advance, it fights a melee rolling no dice.
#[test]
fn b_fle_01_02_the_fugitive_flees_and_caught_rolls_no_dice() {
    let mut g = b_game();
    let mut c = collide(&g, "Ladoga Infantry", "6-pdr foot battery", (5, 2));
    c.caught = true;
    g.perform(&Action::Collision(Box::new(c))).unwrap();
    let battery = unit(&g, "6-pdr foot battery");
    assert_eq!(battery.order, Order::Routing);
    assert!(battery.markers.contains(&Marker::GunsAbandoned));
    let (_, e) = g.battle().pending_melees().next().unwrap();
    assert_eq!(e.fleeing(), Some(Role::Defender));
    let m = b_melee(&g, "Ladoga Infantry", "6-pdr foot battery", (6, 4), (vec![], vec![]));
    let (input, _) = coldsteel::game::b_melee_input(g.battle(), &m).unwrap();
    assert_eq!(input.dice(Role::Defender), 0, "B-MEL-12");
}

/// AMB-37: the game derives "began too close" from the recorded distance and the
/// players' attack-proper table (no attacker +1, B-COL-06).
#[test]
fn amb_37_began_too_close_from_the_distance() {
    let g = b_game();
    let far = collide(&g, "Ladoga Infantry", "1st Voltigeurs of the Guard", (3, 3));
    let near = CollisionAction { distance_cm: Some(8), ..far.clone() };
    let rules = |a: &CollisionAction| {
        let input = collision_input(g.battle(), a).unwrap();
        input.modifiers(Role::Attacker).iter().map(|m| m.rule_id()).collect::<Vec<_>>()
    };
    assert!(rules(&far).contains(&"B-COL-06"));
    assert!(!rules(&near).contains(&"B-COL-06"));
}

/// Bookkeeping: losses can never exceed what a unit has; a unit reduced to nothing is
/// destroyed and its melee ends, even on a draw.
#[test]
fn losses_are_bounded_and_a_destroyed_unit_ends_its_melee() {
    let mut g = gdb_game();
    let a = stood_charge(&g, "Kiev Dragoons", "Empress Dragoons", 12);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    let too_many = melee(&g, "Kiev Dragoons", "Empress Dragoons", ([3, 3], [3, 3]), (0, 99));
    let e = g.perform(&Action::GdbMelee(Box::new(too_many))).unwrap_err();
    assert!(matches!(e, ActionError::TooManyLosses { lost: 99, has: 12, .. }), "{e:?}");
    // Kiev +3 +2 = +5: 11; the Empress Dragoons +3 +2 guard +1 horses = +6: 11. A draw.
    let m = melee(&g, "Kiev Dragoons", "Empress Dragoons", ([3, 3], [3, 2]), (0, 12));
    fight(&mut g, m);
    assert_eq!(last_melee(&g).outcome, Outcome::Draw);
    assert_eq!(unit(&g, "Empress Dragoons").order, Order::Destroyed);
    assert_eq!(g.battle().pending_melees().count(), 0, "no melee goes on with a destroyed unit");
}

/// GDB-SEQ-01: a tied initiative is recorded and its dice used up: the generator moves
/// on, so "Roll for me" rolls new dice.
#[test]
fn an_initiative_tie_is_recorded_and_the_generator_moves_on() {
    let mut g = storage::default_game().unwrap();
    let rolled = RngState { seed: g.battle().rng.seed, rolls: g.battle().rng.rolls + 4 };
    let tie = Action::Initiative {
        dice: BySide { first: crate::common::d6([3, 4]), second: crate::common::d6([5, 2]) },
        phasing: Side::First,
        rng_after: Some(rolled.clone()),
    };
    g.perform(&tie).unwrap();
    assert_eq!(g.battle().rng, rolled);
    assert_eq!(g.battle().phasing, None);
    assert!(matches!(g.battle().log.last().unwrap().detail, LogDetail::Initiative { phasing: None, .. }));
    assert_eq!(coldsteel::game::replay(&g).unwrap(), g.battle().log.len());
}

/// A pursuer that catches the same loser next turn fights it again: the first melee's
/// aftermath does not block the second; the +2 counts from the next turn only, not in
/// the other melees of the turn it won.
#[test]
fn a_pursuer_meets_the_same_enemy_again_and_counts_plus_two_only_next_turn() {
    let mut g = gdb_game();
    let a = stood_charge(&g, "Ekaterinoslav Cuirassiers", "Empress Dragoons", 12);
    do_charge(&mut g, a);
    let (cuir, dragoons) = (id(&g, "Ekaterinoslav Cuirassiers"), id(&g, "Empress Dragoons"));
    let chasseurs = id(&g, "Guard Chasseurs à cheval");
    g.perform(&Action::AddPendingMelee(Engagement::contact(cuir, chasseurs))).unwrap();
    to(&mut g, Phase::Melee);
    let mut m = melee(&g, "Ekaterinoslav Cuirassiers", "Empress Dragoons", ([6, 6], [1, 1]), (0, 2));
    m.test = Some(TestResult::Pursue.into());
    fight(&mut g, m);
    let other = melee(&g, "Ekaterinoslav Cuirassiers", "Guard Chasseurs à cheval", ([3, 3], [3, 3]), (0, 0));
    assert!(!modifiers(&g, &other, Role::Attacker).contains(&("GDB-MOD-21", 2)), "no +2 in the turn it won");
    common::next_turn_to(&mut g, Phase::Charges);
    g.perform(&Action::AddPendingMelee(Engagement::contact(cuir, dragoons))).unwrap();
    to(&mut g, Phase::Melee);
    let again = melee(&g, "Ekaterinoslav Cuirassiers", "Empress Dragoons", ([3, 3], [3, 3]), (0, 1));
    assert!(modifiers(&g, &again, Role::Attacker).contains(&("GDB-MOD-21", 2)), "pursuing +2 the next turn");
    fight(&mut g, again);
}

/// AMB-23: a test can only have the results its kind allows (a stand test cannot make
/// the target pursue; a formation test cannot rout the winner).
#[test]
fn a_test_result_must_fit_its_test() {
    let mut g = gdb_game();
    let a = charge(
        &g,
        "Sumy Hussars",
        "Guard Chasseurs à cheval",
        12,
        vec![Input::Reaction(Reaction::Stand), pass(), Input::StandTest(TestResult::Pursue.into())],
    );
    assert!(matches!(
        common::charge_in_order(&mut g, a).unwrap_err(),
        ActionError::Charge(ChargeError::NotAResultOf { .. })
    ));
    let a = stood_charge(&g, "Ladoga Infantry", "4th bn, 33e Léger", 8);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    let mut m = melee(&g, "Ladoga Infantry", "4th bn, 33e Léger", ([6, 6], [1, 1]), (0, 2));
    m.test = Some(TestResult::Rout.into());
    assert!(matches!(
        g.perform(&Action::GdbMelee(Box::new(m.clone()))).unwrap_err(),
        ActionError::Charge(ChargeError::NotAResultOf { .. })
    ));
    m.test = None;
    assert_eq!(
        g.perform(&Action::GdbMelee(Box::new(m.clone()))).unwrap_err(),
        ActionError::TestsOwed,
        "the winner's test is owed"
    );
    m.test = Some(TestResult::Unformed.into());
    fight(&mut g, m);
    assert_eq!(unit(&g, "Ladoga Infantry").order, Order::Disordered, "failed its formation test");
}

/// GDB-CHG-05 (corrected): charged this turn, a unit may still charge back at the unit
/// that charged it; only a third unit is forbidden.
#[test]
fn gdb_chg_05_a_charged_unit_may_charge_back_at_its_attacker() {
    let mut g = gdb_game();
    let halted = vec![Input::Reaction(Reaction::Stand), Input::ChargerTest(TestResult::Halt.into())];
    let a = charge(&g, "Empress Dragoons", "Ekaterinoslav Cuirassiers", 12, halted);
    let back = stood_charge(&g, "Ekaterinoslav Cuirassiers", "Empress Dragoons", 10);
    common::charge_phase(&mut g, vec![a, back]);
    assert_eq!(g.battle().pending_melees().count(), 1);
}

/// A contact added by hand brings only what the table shows; the game derives the rest
/// (no evaders caught, losses or pursuits smuggled in).
#[test]
fn a_contact_added_by_hand_carries_no_derived_facts() {
    let mut g = gdb_game();
    let (a, d) = (id(&g, "Kiev Dragoons"), id(&g, "Empress Dragoons"));
    let forged = Engagement {
        contact: ByRole::new(
            Situation { charging: true, moved_cm: Some(8), ..Situation::default() },
            Situation { caught_evading: true, ..Situation::default() },
        ),
        losses: ByRole::new(0, 99),
        melee_turn: u32::MAX,
        ..Engagement::contact(a, d)
    };
    g.perform(&Action::AddPendingMelee(forged)).unwrap();
    let (_, e) = g.battle().pending_melees().next().unwrap();
    assert!(!e.evaders_caught() && e.losses == ByRole::default() && e.melee_turn == 1);
    assert!(e.contact.attacker.charging && e.contact.attacker.moved_cm == Some(8));
}

/// GDB-RES-12: cavalry drawn with infantry is pushed back (there is no winner) and
/// rallies after its push-back move like any pushed-back unit (GDB-RES-05).
#[test]
fn gdb_res_12_cavalry_drawn_with_infantry_is_pushed_back_and_rallies() {
    let mut g = gdb_game();
    let a = stood_charge(&g, "Sumy Hussars", "4th bn, 33e Léger", 10);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    // Hussars +2 +2 = +4; conscripts in line +2 −2 +1 (20 against 12) = +1. 10 against 10.
    let m = melee(&g, "Sumy Hussars", "4th bn, 33e Léger", ([3, 3], [5, 4]), (1, 1));
    fight(&mut g, m);
    assert_eq!(last_melee(&g).outcome, Outcome::Draw);
    assert_eq!(unit(&g, "Sumy Hussars").order, Order::Disordered);
    let (_, e) = (0, g.battle().engagements.first().unwrap());
    assert_eq!(e.aftermath().and_then(|a| a.pushed_back), Some(id(&g, "Sumy Hussars")));
    common::next_turn_to(&mut g, Phase::Charges);
    assert_eq!(unit(&g, "Sumy Hussars").order, Order::Formed, "rallied");
}

/// B-MEL-03, B-COL-02, B-MEL-11: the melee loser flees: it is routing, so an attack on it
/// goes in unopposed and it would roll no dice.
#[test]
fn b_mel_03_the_loser_flees() {
    let mut g = b_game();
    let mut c = collide(&g, "Sumy Hussars", "Guard Chasseurs à cheval", (5, 3));
    c.defender_attacking = true;
    g.perform(&Action::Collision(Box::new(c))).unwrap();
    to(&mut g, Phase::Melee);
    let first = b_melee(&g, "Sumy Hussars", "Guard Chasseurs à cheval", (6, 6), (vec![1; 3], vec![1; 3]));
    g.perform(&Action::BMelee(Box::new(first))).unwrap();
    common::next_turn_to(&mut g, Phase::Melee);
    let tested = BMeleeAction {
        tests: (Some(BTest { passed: true, score: None }), Some(BTest { passed: false, score: None })).into(),
        ..b_melee(&g, "Sumy Hussars", "Guard Chasseurs à cheval", (6, 6), (vec![1; 6], vec![1; 6]))
    };
    g.perform(&Action::BMelee(Box::new(tested))).unwrap();
    let loser = unit(&g, "Guard Chasseurs à cheval");
    assert_eq!(loser.order, Order::Routing, "it flees");
    assert!(loser.markers.contains(&Marker::Retreating));
    common::next_turn_to(&mut g, Phase::Charges);
    let again = collide(&g, "Kiev Dragoons", "Guard Chasseurs à cheval", (2, 5));
    let r = coldsteel::game::collision_result(g.battle(), &again).unwrap();
    assert!(r.unopposed, "B-COL-02: a routing unit is attacked unopposed");
}

/// B-MEL-02, B-MEL-08: a unit that loses its last figures takes no test; its melee ends.
#[test]
fn b_mel_02_a_destroyed_unit_takes_no_test() {
    let mut g = b_game();
    // The screen flees and is caught: a melee (B-FLE-02).
    let c = CollisionAction { caught: true, ..collide(&g, "Ladoga Infantry", "Guard tirailleur screen", (5, 2)) };
    g.perform(&Action::Collision(Box::new(c))).unwrap();
    to(&mut g, Phase::Melee);
    let m = b_melee(&g, "Ladoga Infantry", "Guard tirailleur screen", (24, 6), (vec![6; 8], vec![1; 8]));
    let dice_a = coldsteel::game::b_melee_input(g.battle(), &m).unwrap().0.dice(Role::Attacker) as usize;
    let dice_d = coldsteel::game::b_melee_input(g.battle(), &m).unwrap().0.dice(Role::Defender) as usize;
    let m = BMeleeAction { dice: crate::common::d6_lists((vec![6; dice_a], vec![1; dice_d])), ..m };
    g.perform(&Action::BMelee(Box::new(m))).unwrap();
    let LogDetail::BMelee { state, hits, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert_eq!(hits.attacker, 6, "every skirmisher hit");
    assert!(
        matches!(
            state,
            MeleeState::Ends { loser: Role::Defender, reason: coldsteel::rules::ruleset_b::LoserReason::Destroyed, .. }
        ),
        "{state:?}"
    );
    assert_eq!(unit(&g, "Guard tirailleur screen").order, Order::Destroyed);
    assert_eq!(g.battle().pending_melees().count(), 0);
}

/// Issue 27, GDB-RES-05: a push-back carries the full retreat move the players' table
/// sets for the loser, rather than leaving it blank.
#[test]
fn gdb_res_05_a_push_back_reads_the_players_retreat_move() {
    use coldsteel::rules::Arm;
    use coldsteel::rules::gdb::Effect;
    let mut g = common::default_at(Phase::Charges);
    let mut options = g.battle().options.clone();
    options.gdb.distances.retain(|d| d.arm != Arm::HeavyCavalry);
    options.gdb.distances.push(coldsteel::rules::options::DistanceRow {
        retreat_cm: Some(12),
        ..coldsteel::rules::options::DistanceRow::empty(Arm::HeavyCavalry)
    });
    g.perform(&Action::SetOptions(Box::new((g.battle().ruleset, options)))).unwrap();
    let inputs = vec![Input::Reaction(Reaction::Stand), pass(), Input::StandTest(TestResult::Pass.into())];
    let a = charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 12, inputs);
    do_charge(&mut g, a);
    common::to(&mut g, Phase::Melee);
    let m = common::melee(&g, "Grenadiers à cheval", "Ladoga Infantry", ([1, 1], [2, 2]), (1, 1));
    let r = coldsteel::game::gdb_melee_result(g.battle(), &m).unwrap();
    assert!(r.attacker_effects.contains(&Effect::PushedBack { cm: Some(12) }), "{:?}", r.attacker_effects);
}

/// B-COL-16, B-FLE-02 (issue 48's review): a Ruleset B melee pending after a collision
/// where only one side attacked, and one whose fugitive was caught, come back exactly
/// from a saved file, its journal and undo history kept (a contact with neither a
/// counter-charge nor both attacking is one value, whichever ruleset made it).
#[test]
fn b_col_16_b_fle_02_pending_melees_come_back_exactly_from_a_saved_file() {
    let mut g = b_game();
    g.perform(&Action::Collision(Box::new(collide(&g, "Ladoga Infantry", "1st Voltigeurs of the Guard", (4, 3)))))
        .unwrap();
    let mut fled = collide(&g, "Ladoga Infantry", "6-pdr foot battery", (5, 2));
    fled.caught = true;
    g.perform(&Action::Collision(Box::new(fled))).unwrap();
    assert_eq!(g.battle().pending_melees().count(), 2);
    let (again, version, replay) = storage::from_text_versioned(storage::to_json(&g)).unwrap();
    assert_eq!((version, replay), (storage::VERSION, None), "the journal leads to the battle stated");
    assert_eq!(again.battle().engagements, g.battle().engagements);
    assert_eq!(again.battle().engagements[1].fleeing(), Some(Role::Defender));
    assert_eq!(again.history().done.len(), g.history().done.len(), "the undo history kept");
}
