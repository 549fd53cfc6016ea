//! The General de Brigade charge sequence, proven on the six worked examples of seed
//! 001 (digest 3.1-3.6) and clause by clause (GDB-CHG, GDB-ART, GDB-OPP, GDB-EVD).

use coldsteel::rules::GdbOptions;
use coldsteel::rules::gdb::MeleeSide;
use coldsteel::rules::gdb::charge::{
    Ask, Charge, ChargeError, ChargeUnit, Declaration, FollowUp, Frac, Happening, Input, Opportunity, Reaction,
    TestResult, opportunity_first,
};
use coldsteel::rules::gdb::{MeleeInput, Role};
use coldsteel::rules::{Arm, Formation, Order, Rank, Side};

fn unit(arm: Arm, formation: Formation) -> ChargeUnit {
    ChargeUnit { arm, formation, ..Default::default() }
}

fn decl(charger: ChargeUnit, target: ChargeUnit, distance_cm: u32) -> Declaration {
    Declaration {
        charger,
        target,
        distance_cm,
        commander: Some(Rank::Brigade),
        commander_within_15cm: true,
        commander_is_own: true,
        target_visible: true,
        bearing_deg: 0,
        ..Default::default()
    }
}

fn step(c: Charge, input: Input) -> Charge {
    c.step(input).map_err(|(_, e)| e).unwrap()
}

fn contact_of(c: &Charge) -> Option<(bool, u32, bool, bool)> {
    c.happened.iter().find_map(|h| match h {
        Happening::Contact { charging, moved_cm, flank_or_rear, counter_charging, .. } => {
            Some((*charging, *moved_cm, *flank_or_rear, *counter_charging))
        }
        _ => None,
    })
}

/// EX-1 (GDB-CHG-01, GDB-CHG-02, GDB-CHG-06, GDB-CHG-07, GDB-CHG-13, GDB-CHG-14, GDB-CHG-19): Young Guard charges Landwehr, which stands and fires, fails its test and
/// retreats half its compulsory move; the Guard takes the ground, formed. No melee.
#[test]
fn ex1_young_guard_charges_landwehr() {
    let guard = ChargeUnit { charge_move_cm: Some(24), ..unit(Arm::Infantry, Formation::Column) };
    let landwehr = ChargeUnit { compulsory_move_cm: Some(18), ..unit(Arm::Infantry, Formation::Line) };
    let c = Charge::declare(decl(guard, landwehr, 16), GdbOptions::default()).unwrap();
    assert_eq!(c.ask, Ask::Reaction);
    let c = step(c, Input::Reaction(Reaction::StandAndFire));
    assert_eq!(c.happened[0], Happening::ChargerMoves { cm: 8 });
    assert_eq!(c.ask, Ask::ClosingFire);
    let c = step(c, Input::ClosingFire { casualties: 2 });
    assert!(c.happened.contains(&Happening::ChargerLoses { figures: 2 }));
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    assert_eq!(c.ask, Ask::StandTest);
    let c = step(c, Input::StandTest(TestResult::Retreat.into()));
    assert!(c.happened.contains(&Happening::TargetRetreats { cm: Some(9) }));
    assert!(c.happened.contains(&Happening::ChargerOccupies));
    let c = step(c, Input::FollowUp(FollowUp::Stop));
    assert_eq!(c.ask, Ask::Done);
    assert_eq!(contact_of(&c), None, "no melee");
}

/// EX-2 (GDB-CHG-09, GDB-CHG-10, GDB-CHG-11, GDB-CHG-12, GDB-CHG-15): British heavy dragoons charge a French column 20 cm away that forms square:
/// column to square takes half a turn and 20 cm is more than half the charge move.
#[test]
fn ex2_heavy_dragoons_and_the_square() {
    let dragoons = ChargeUnit { charge_move_cm: Some(36), ..unit(Arm::HeavyCavalry, Formation::Line) };
    let column = unit(Arm::Infantry, Formation::Column);
    let c = Charge::declare(decl(dragoons, column, 20), GdbOptions::default()).unwrap();
    let c = step(c, Input::Reaction(Reaction::ChangeFormation { to: Formation::Square, duration: None }));
    assert_eq!(c.happened[0], Happening::ChargerMoves { cm: 10 });
    assert!(c.happened.contains(&Happening::TargetChangesFormation { to: Formation::Square }));
    assert!(!c.target_may_fire(), "GDB-CHG-11: no fire while changing formation");
    assert!(c.target_tests_disordered(), "GDB-CHG-12: tests as disordered");
    assert_eq!(c.ask, Ask::ChargerTest);
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    let c = step(c, Input::StandTest(TestResult::Pass.into()));
    assert_eq!(contact_of(&c), Some((true, 20, false, false)));
    // In the melee phase the square is complete: dragoons +4 +2, the square +2 +4.
    let melee = MeleeInput {
        attacker: MeleeSide {
            arm: Arm::HeavyCavalry,
            situation: coldsteel::rules::Situation { charging: true, moved_cm: Some(20), ..Default::default() },
            ..Default::default()
        },
        defender: MeleeSide { arm: Arm::Infantry, formation: Formation::Square, ..Default::default() },
        options: GdbOptions::default(),
    };
    let ids =
        |r| melee.modifiers(r).iter().filter(|m| m.value != 0).map(|m| (m.rule_id(), m.value)).collect::<Vec<_>>();
    assert_eq!(ids(Role::Attacker), [("GDB-MOD-02", 4), ("GDB-MOD-21", 2)]);
    assert_eq!(ids(Role::Defender), [("GDB-MOD-05", 2), ("GDB-MOD-23", 4)]);
}

/// EX-2 the other way: too close to finish the square (GDB-CHG-10).
#[test]
fn gdb_chg_10_no_time_to_form_square() {
    let dragoons = ChargeUnit { charge_move_cm: Some(36), ..unit(Arm::HeavyCavalry, Formation::Line) };
    let c = Charge::declare(decl(dragoons, unit(Arm::Infantry, Formation::Column), 12), GdbOptions::default()).unwrap();
    let (back, e) =
        c.step(Input::Reaction(Reaction::ChangeFormation { to: Formation::Square, duration: None })).unwrap_err();
    assert_eq!(e, ChargeError::NoTimeToChange { needed: Frac(1, 2), available: Frac(12, 36) });
    assert_eq!(back.ask, Ask::Reaction, "refused: nothing changed");
    let (_, e) =
        back.step(Input::Reaction(Reaction::ChangeFormation { to: Formation::Line, duration: None })).unwrap_err();
    assert_eq!(e, ChargeError::DurationUnknown, "only column to square is known; the players enter the rest");
}

/// EX-3 (GDB-CHG-25, GDB-CHG-27, GDB-ART-01, GDB-ART-02, GDB-ART-04, GDB-ART-05): Austrian lancers charge a French battery; canister fails to stop them; the
/// gunners retreat and roll 1 on the Emergency Limber table; the guns are abandoned and
/// the crew flees 10 cm into a column, which is disordered; the lancers charge the
/// column, which fails its test but is contacted.
#[test]
fn ex3_lancers_the_battery_and_the_column() {
    let lancers = ChargeUnit { charge_move_cm: Some(36), ..unit(Arm::Lancers, Formation::Line) };
    let battery = ChargeUnit { compulsory_move_cm: Some(20), ..unit(Arm::Artillery, Formation::Unlimbered) };
    let c = Charge::declare(decl(lancers.clone(), battery, 14), GdbOptions::default()).unwrap();
    let c = step(c, Input::Reaction(Reaction::StandAndFire));
    let c = step(c, Input::ClosingFire { casualties: 0 });
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    let c = step(c, Input::StandTest(TestResult::Retreat.into()));
    assert_eq!(c.ask, Ask::EmergencyLimber, "GDB-CHG-27: gunners who retreat roll the Emergency Limber table");
    let c = step(c, Input::EmergencyLimber { die: crate::common::face(1), named: None });
    // GDB-ART-03: results 2..6 come from the players' table, by name (see below).
    assert!(c.happened.contains(&Happening::GunsAbandoned));
    assert!(c.happened.contains(&Happening::CrewFlees { cm: Some(10) }));
    let c = step(c, Input::CrewRanIntoFriend);
    assert!(c.happened.contains(&Happening::FriendDisorderedByCrew));
    let c = step(c, Input::FollowUp(FollowUp::NewTarget));
    assert_eq!(c.ask, Ask::Done);
    // The new charge: through the abandoned guns (GDB-CHG-25), on the disordered column.
    let column = ChargeUnit { order: Order::Disordered, ..unit(Arm::Infantry, Formation::Column) };
    let c = Charge::declare(decl(lancers, column, 10), GdbOptions::default()).unwrap();
    let c = step(c, Input::Reaction(Reaction::StandAndFire));
    let c = step(c, Input::ClosingFire { casualties: 0 });
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    let c = step(c, Input::StandTest(TestResult::Halt.into()));
    assert!(c.happened.contains(&Happening::TargetFailsButStays { result: TestResult::Halt }), "AMB-28");
    assert_eq!(contact_of(&c), Some((true, 10, false, false)));
    // Melee: lancers charging count +3 (not light), +2 charging, +2 against infantry.
    let melee = MeleeInput {
        attacker: MeleeSide {
            arm: Arm::Lancers,
            regular: true,
            situation: coldsteel::rules::Situation { charging: true, moved_cm: Some(10), ..Default::default() },
            ..Default::default()
        },
        defender: MeleeSide {
            arm: Arm::Infantry,
            formation: Formation::Column,
            order: Order::Disordered,
            ..Default::default()
        },
        options: GdbOptions::default(),
    };
    let ids: Vec<_> =
        melee.modifiers(Role::Attacker).iter().filter(|m| m.value != 0).map(|m| (m.rule_id(), m.value)).collect();
    assert_eq!(ids, [("GDB-MOD-03", 3), ("GDB-MOD-21", 2), ("GDB-MOD-24", 2)]);
}

/// EX-4 (GDB-CHG-09 with AMB-02 corrected, GDB-CHG-16, GDB-CHG-17, GDB-CHG-18): French
/// cuirassiers charge the flank of Russian dragoons 18 cm away; the dragoons
/// counter-charge and get time by their *own* charge move (9 ÷ 27 = 1/3, whatever the
/// cuirassiers' 36 cm), wheel with 1/3 of their line move (6 cm), and meet the
/// cuirassiers having moved under 5 cm: no charging bonus for them, no flank penalty.
#[test]
fn ex4_cuirassiers_at_the_flank_of_dragoons() {
    let cuirassiers = ChargeUnit { charge_move_cm: Some(36), ..unit(Arm::Cuirassiers, Formation::Line) };
    let dragoons = ChargeUnit { move_cm: Some(18), charge_move_cm: Some(27), ..unit(Arm::Dragoons, Formation::Line) };
    let flank = Declaration { struck_face: coldsteel::rules::Face::Flank, ..decl(cuirassiers, dragoons, 18) };
    let c = Charge::declare(flank, GdbOptions::default()).unwrap();
    let c = step(c, Input::Reaction(Reaction::CounterCharge));
    assert_eq!(c.happened[0], Happening::ChargerMoves { cm: 9 });
    assert_eq!(c.happened[1], Happening::TimeForTarget { fraction: Frac(9, 27), allowance_cm: Some(6) });
    assert_eq!(c.ask, Ask::FacedInTime);
    let c = step(c, Input::FacedInTime(true));
    assert_eq!(c.struck_face, coldsteel::rules::Face::Front, "GDB-CHG-16: wheeled to face in time, no flank attack");
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    assert_eq!(c.ask, Ask::CounterTest);
    let c = step(c, Input::CounterTest(TestResult::Pass.into()));
    let c = step(c, Input::CounterMeet { counter_cm: 4 });
    assert_eq!(contact_of(&c), Some((true, 14, false, false)), "dragoons moved under 5 cm: not charging");
}

/// EX-5 (GDB-OPP-01..11: GDB-OPP-01, GDB-OPP-02, GDB-OPP-03, GDB-OPP-04, GDB-OPP-05, GDB-OPP-06, GDB-OPP-07, GDB-OPP-08, GDB-OPP-09, GDB-OPP-10, GDB-OPP-11; GDB-CHG-05): British hussars intercept French chasseurs who declared a charge on British
/// infantry: every requirement checked; the hussars move first; the chasseurs react as
/// any charged unit may (GDB-CHG-05 corrected: they only may not charge a third unit).
#[test]
fn ex5_hussars_opportunity_charge() {
    let hussars = ChargeUnit { charge_move_cm: Some(36), ..unit(Arm::LightCavalry, Formation::Line) };
    let chasseurs = unit(Arm::LightCavalry, Formation::Line);
    let opp =
        Opportunity { orders_used: 0, other_brigade: false, in_reach_at_phase_start: true, enemy_charge_begun: false };
    let mut d = decl(hussars, chasseurs, 20);
    d.opportunity = Some(opp.clone());
    d.target_was_charging = true;
    let c = Charge::declare(d.clone(), GdbOptions::default()).unwrap();
    assert!(c.clone().step(Input::Reaction(Reaction::Evade)).is_ok(), "light cavalry may evade the interceptor");
    let c = step(c, Input::Reaction(Reaction::Stand));
    assert_eq!(c.happened[0], Happening::ChargerMoves { cm: 10 }, "GDB-OPP-11: the interceptor moves first");
    assert_eq!(c.ask, Ask::ChargerTest);
    assert_eq!(opportunity_first(Side::Second, false, Side::First), Side::Second, "GDB-OPP-02");
    assert_eq!(opportunity_first(Side::Second, true, Side::First), Side::First, "GDB-OPP-03");
    // GDB-OPP-04..10: each requirement refused on its own.
    let refuse = |f: &dyn Fn(&mut Declaration)| {
        let mut x = d.clone();
        f(&mut x);
        Charge::declare(x, GdbOptions::default()).unwrap_err()
    };
    assert_eq!(refuse(&|x| x.charger.arm = Arm::Infantry), ChargeError::OpportunityNotCavalry);
    assert_eq!(refuse(&|x| x.opportunity.as_mut().unwrap().orders_used = 1), ChargeError::NoOrdersLeft);
    assert_eq!(refuse(&|x| x.opportunity.as_mut().unwrap().other_brigade = true), ChargeError::NotOwnBrigade);
    assert_eq!(
        refuse(&|x| x.opportunity.as_mut().unwrap().in_reach_at_phase_start = false),
        ChargeError::NotInReachAtStart
    );
    assert_eq!(refuse(&|x| x.opportunity.as_mut().unwrap().enemy_charge_begun = true), ChargeError::TooLate);
    assert_eq!(refuse(&|x| x.commander_within_15cm = false), ChargeError::NoCommander, "GDB-OPP-07");
}

/// EX-6 (GDB-EVD-01, GDB-EVD-02, GDB-EVD-03, GDB-EVD-06, GDB-EVD-09, GDB-EVD-13, GDB-ART-06, GDB-CHG-19): Polish lancers 18 cm from a Spanish foot battery whose crew evades into cover:
/// the lancers move 9 cm, 1/4 of their 36 cm charge move, so the crew gets 1/4 of its
/// 20 cm maximum evade: 5 cm, enough; the guns are abandoned, the crew disordered; the
/// lancers switch to the battalion behind.
#[test]
fn ex6_lancers_and_the_evading_crew() {
    let lancers = ChargeUnit { charge_move_cm: Some(36), ..unit(Arm::Lancers, Formation::Column) };
    let battery = ChargeUnit { compulsory_move_cm: Some(40), ..unit(Arm::Artillery, Formation::Unlimbered) };
    let c = Charge::declare(decl(lancers, battery, 18), GdbOptions::default()).unwrap();
    let c = step(c, Input::Reaction(Reaction::Evade));
    assert_eq!(c.happened[0], Happening::ChargerMoves { cm: 9 });
    assert_eq!(c.happened[1], Happening::TimeForTarget { fraction: Frac(9, 36), allowance_cm: Some(5) });
    assert!(c.happened.contains(&Happening::GunsAbandoned));
    assert!(c.happened.contains(&Happening::TargetEvades { cm: Some(5), disordered: true }));
    assert_eq!(c.ask, Ask::Caught);
    let c = step(c, Input::Caught(false));
    let c = step(c, Input::FollowUp(FollowUp::NewTarget));
    assert!(c.happened.contains(&Happening::FollowsUp { choice: FollowUp::NewTarget }));
    assert_eq!(contact_of(&c), None);
}

/// GDB-CHG-01, GDB-CHG-02, GDB-CHG-05.
#[test]
fn gdb_chg_01_02_05_declaration_checks() {
    let cav = ChargeUnit { charge_move_cm: Some(30), ..unit(Arm::Dragoons, Formation::Line) };
    let inf = unit(Arm::Infantry, Formation::Line);
    let opts = GdbOptions::default();
    let ok = decl(cav.clone(), inf.clone(), 20);
    assert!(Charge::declare(ok.clone(), opts.clone()).is_ok());
    let with = |f: &dyn Fn(&mut Declaration)| {
        let mut d = ok.clone();
        f(&mut d);
        Charge::declare(d, opts.clone()).unwrap_err()
    };
    assert_eq!(with(&|d| d.commander_is_own = false), ChargeError::NoCommander);
    assert_eq!(with(&|d| d.commander = Some(Rank::Regimental)), ChargeError::RegimentalCommander);
    assert_eq!(with(&|d| d.target_visible = false), ChargeError::NotVisible);
    assert_eq!(with(&|d| d.distance_cm = 31), ChargeError::OutOfReach { distance: 31, reach: 30 });
    assert_eq!(with(&|d| d.bearing_deg = 23), ChargeError::OutsideSector(23));
    assert_eq!(with(&|d| d.charger_was_charged = true), ChargeError::AlreadyCharged);
}

/// GDB-EVD-01, GDB-CHG-06, GDB-CHG-22, GDB-EVD-06, GDB-EVD-11, GDB-EVD-12.
#[test]
fn gdb_evd_01_and_chg_06_who_may_evade_or_counter_charge() {
    let cav = ChargeUnit { charge_move_cm: Some(30), ..unit(Arm::Dragoons, Formation::Line) };
    let line_infantry = unit(Arm::Infantry, Formation::Line);
    let c = Charge::declare(decl(cav.clone(), line_infantry.clone(), 20), GdbOptions::default()).unwrap();
    let (c, e) = c.step(Input::Reaction(Reaction::Evade)).unwrap_err();
    assert_eq!(e, ChargeError::MayNotEvade, "line infantry may not evade");
    let (_, e) = c.step(Input::Reaction(Reaction::CounterCharge)).unwrap_err();
    assert_eq!(e, ChargeError::MayNotCounterCharge, "AMB-41: infantry does not counter-charge by default");
    let opts = GdbOptions { infantry_may_counter_charge: true, ..GdbOptions::default() };
    let c = Charge::declare(decl(cav.clone(), line_infantry, 20), opts).unwrap();
    assert!(c.step(Input::Reaction(Reaction::CounterCharge)).is_ok());
    let skirmishers = ChargeUnit { compulsory_move_cm: Some(30), ..unit(Arm::Skirmishers, Formation::OpenOrder) };
    let c = Charge::declare(decl(cav, skirmishers, 20), GdbOptions::default()).unwrap();
    let (c, e) = c.step(Input::Reaction(Reaction::Stand)).unwrap_err();
    assert_eq!(e, ChargeError::SkirmishersMustEvade, "GDB-CHG-22");
    // GDB-EVD-06: scaled half compulsory move; GDB-EVD-11/12: caught skirmishers are overrun.
    let c = step(c, Input::Reaction(Reaction::Evade));
    assert!(c.happened.contains(&Happening::TargetEvades { cm: Some(5), disordered: false }));
    let c = step(c, Input::Caught(true));
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    assert!(c.happened.contains(&Happening::EvadersCaught));
    assert!(c.happened.contains(&Happening::SkirmishersOverrun));
    assert_eq!(c.ask, Ask::BasesLost, "GDB-EVD-12: the players count the bases contacted");
    let c = step(c, Input::BasesLost { figures: 2 });
    assert!(c.happened.contains(&Happening::BasesDestroyed { figures: 2 }));
    assert_eq!(c.ask, Ask::Done);
}

/// GDB-CHG-13, AMB-42.
#[test]
fn gdb_chg_13_a_failed_cold_steel_test_stops_the_charge() {
    let cav = ChargeUnit { charge_move_cm: Some(30), ..unit(Arm::Dragoons, Formation::Line) };
    let c = Charge::declare(decl(cav, unit(Arm::Infantry, Formation::Line), 20), GdbOptions::default()).unwrap();
    let c = step(c, Input::Reaction(Reaction::Stand));
    let c = step(c, Input::ChargerTest(TestResult::Halt.into()));
    assert_eq!(c.ask, Ask::Done);
    assert!(c.happened.contains(&Happening::ChargeHalts { result: TestResult::Halt }));
    assert_eq!(contact_of(&c), None);
}

/// GDB-CHG-18, GDB-CHG-20.
#[test]
fn gdb_chg_18_under_5_cm_is_not_charging_and_chg_20_occupying_buildings() {
    let inf = ChargeUnit { charge_move_cm: Some(20), ..unit(Arm::Infantry, Formation::Column) };
    let c = Charge::declare(decl(inf.clone(), unit(Arm::Infantry, Formation::Line), 4), GdbOptions::default()).unwrap();
    let c = step(c, Input::Reaction(Reaction::Stand));
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    let c = step(c, Input::StandTest(TestResult::Pass.into()));
    assert_eq!(contact_of(&c), Some((false, 4, false, false)));
    let defenders = ChargeUnit { compulsory_move_cm: Some(16), ..unit(Arm::Infantry, Formation::Line) };
    let in_buildings = Declaration { target_in_buildings: true, ..decl(inf, defenders, 12) };
    let c = Charge::declare(in_buildings, GdbOptions::default()).unwrap();
    let c = step(c, Input::Reaction(Reaction::Stand));
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    let c = step(c, Input::StandTest(TestResult::Retreat.into()));
    let c = step(c, Input::Occupy { needed_cm: 10, left_cm: 8 });
    assert!(c.happened.contains(&Happening::OccupiesBuildings { disordered: true }));
}

#[test]
fn amb_01_half_the_move_as_an_option() {
    let cav = ChargeUnit { charge_move_cm: Some(30), ..unit(Arm::Dragoons, Formation::Line) };
    let opts = GdbOptions { first_move: coldsteel::rules::options::FirstMove::HalfMove, ..GdbOptions::default() };
    let c = Charge::declare(decl(cav.clone(), unit(Arm::Infantry, Formation::Line), 24), opts).unwrap();
    assert_eq!(c.first_move_cm(), 15);
    let c = Charge::declare(decl(cav, unit(Arm::Infantry, Formation::Line), 24), GdbOptions::default()).unwrap();
    assert_eq!(c.first_move_cm(), 12);
}

#[test]
fn a_wrong_input_is_refused_and_changes_nothing() {
    let cav = ChargeUnit { charge_move_cm: Some(30), ..unit(Arm::Dragoons, Formation::Line) };
    let c = Charge::declare(decl(cav, unit(Arm::Infantry, Formation::Line), 20), GdbOptions::default()).unwrap();
    let before = c.clone();
    let (back, e) = c.step(Input::StandTest(TestResult::Pass.into())).unwrap_err();
    assert_eq!(e, ChargeError::WrongStep);
    assert_eq!(back, before);
}

/// Table instructions the app cannot check, each with its clause: GDB-CHG-03, GDB-CHG-04,
/// GDB-CHG-08, GDB-CHG-21, GDB-CHG-22, GDB-CHG-23, GDB-CHG-24, GDB-CHG-25, GDB-CHG-26,
/// GDB-EVD-04, GDB-EVD-05, GDB-EVD-07, GDB-EVD-08, GDB-EVD-10, GDB-ART-04, GDB-ART-05,
/// GDB-ART-07, GDB-SEQ-04, GDB-SEQ-05.
#[test]
fn guidance_follows_the_charge() {
    use coldsteel::rules::gdb::charge::Guidance as G;
    let lancers = ChargeUnit { charge_move_cm: Some(36), ..unit(Arm::Lancers, Formation::Column) };
    let battery = ChargeUnit { compulsory_move_cm: Some(40), ..unit(Arm::Artillery, Formation::Unlimbered) };
    let c = Charge::declare(decl(lancers, battery, 18), GdbOptions::default()).unwrap();
    let g = c.guidance();
    assert!(g.contains(&G::PhasingFirst) && g.contains(&G::ClearOwnSkirmishers) && g.contains(&G::LineOfSight));
    assert!(g.contains(&G::GunsLostInMelee) && g.contains(&G::WhoTests));
    assert!(!g.contains(&G::EvadeDirection));
    let c = step(c, Input::Reaction(Reaction::Evade));
    let g = c.guidance();
    for want in [G::TargetActsNow, G::EvadeDirection, G::EvadersPassFriends, G::ThroughAbandonedGuns, G::RemanGuns] {
        assert!(g.contains(&want), "{want:?}");
    }
    let skirm = ChargeUnit { compulsory_move_cm: Some(20), ..unit(Arm::Skirmishers, Formation::OpenOrder) };
    let cav = ChargeUnit { charge_move_cm: Some(30), ..unit(Arm::Dragoons, Formation::Line) };
    let c = Charge::declare(decl(cav, skirm, 10), GdbOptions::default()).unwrap();
    assert!(c.guidance().contains(&G::SkirmishersEvade));
    let inf = ChargeUnit { charge_move_cm: Some(20), ..unit(Arm::Infantry, Formation::Column) };
    let in_buildings = Declaration { target_in_buildings: true, ..decl(inf, unit(Arm::Infantry, Formation::Line), 12) };
    let c = Charge::declare(in_buildings, GdbOptions::default()).unwrap();
    let c = step(c, Input::Reaction(Reaction::Stand));
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    let c = step(c, Input::StandTest(TestResult::Retreat.into()));
    let c = step(c, Input::Occupy { needed_cm: 4, left_cm: 8 });
    assert!(c.guidance().contains(&G::BonusMovement));
}

/// GDB-ART-03, AMB-22: Emergency Limber results 2..6 are the players' named results.
#[test]
fn gdb_art_03_limber_results_from_the_players_table() {
    let lancers = ChargeUnit { charge_move_cm: Some(36), ..unit(Arm::Lancers, Formation::Line) };
    let battery = ChargeUnit { compulsory_move_cm: Some(20), ..unit(Arm::Artillery, Formation::Limbered) };
    let c = Charge::declare(decl(lancers, battery, 14), GdbOptions::default()).unwrap();
    let c = step(c, Input::Reaction(Reaction::Stand));
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    let c = step(c, Input::StandTest(TestResult::Retreat.into()));
    let c =
        step(c, Input::EmergencyLimber { die: crate::common::face(4), named: Some("limbers and withdraws".into()) });
    assert!(c.happened.contains(&Happening::EmergencyLimberResult { die: 4, named: "limbers and withdraws".into() }));
    assert!(!c.happened.contains(&Happening::GunsAbandoned));
}

/// GDB-CHG-14 (corrected), GDB-CHG-19: a test to stand whose result is a rout takes the
/// target out of the path and offers the follow-up; no contact.
#[test]
fn gdb_chg_14_a_routing_target_leaves_the_path() {
    let cav = ChargeUnit { charge_move_cm: Some(30), ..unit(Arm::Dragoons, Formation::Line) };
    let inf = ChargeUnit { compulsory_move_cm: Some(16), ..unit(Arm::Infantry, Formation::Line) };
    let c = Charge::declare(decl(cav, inf, 20), GdbOptions::default()).unwrap();
    let c = step(c, Input::Reaction(Reaction::Stand));
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    let c = step(c, Input::StandTest(TestResult::Rout.into()));
    assert!(c.happened.contains(&Happening::TargetRouts { cm: Some(16) }));
    assert_eq!(c.ask, Ask::FollowUp, "GDB-CHG-19: carry on, new target, stop or straight on");
    // GDB-CHG-19 a: 10 cm are left of the 30 cm move after the 20 cm covered; the
    // routers stand 16 cm on, out of reach.
    let (_, e) = c.clone().step(Input::FollowUp(FollowUp::CarryOn)).unwrap_err();
    assert_eq!(e, ChargeError::CarryOnOutOfReach { needed: 16, left: 10 });
    let c = step(c, Input::FollowUp(FollowUp::Stop));
    assert_eq!(contact_of(&c), None);
}

/// AMB-23: a test rolled on the players' table takes the kind of its row, whatever the
/// row is called, and the row is recorded.
#[test]
fn amb_23_a_rolled_test_takes_the_kind_of_its_row() {
    use coldsteel::rules::gdb::charge::TestAnswer;
    use coldsteel::rules::options::{TestKind, TestRow, TestTable};
    let mut opts = GdbOptions::default();
    let rows = vec![
        TestRow { from: 2, to: 6, result: "Бегство".into(), kind: TestResult::Rout },
        TestRow { from: 7, to: 12, result: "Пройден".into(), kind: TestResult::Pass },
    ];
    opts.tests.push(TestTable { test: TestKind::Stand, rows });
    let cav = ChargeUnit { charge_move_cm: Some(30), ..unit(Arm::Dragoons, Formation::Line) };
    let c = Charge::declare(decl(cav, unit(Arm::Infantry, Formation::Line), 20), opts).unwrap();
    let c = step(c, Input::Reaction(Reaction::Stand));
    let c = step(c, Input::ChargerTest(TestResult::Pass.into()));
    let c = step(c, Input::StandTest(TestAnswer::Rolled { dice: crate::common::d6([1, 2]), modifier: 0 }));
    assert!(c.happened.iter().any(|h| matches!(h, Happening::TargetRouts { .. })), "the row's kind, not its name");
    assert!(c.happened.iter().any(|h| matches!(h, Happening::TableRoll { row, .. } if row.2 == "Бегство")));
}

/// GDB-CHG-04, 21, 23..26, GDB-EVD-04, 05, 07, 08, 10, GDB-OPP-03: the table
/// instructions appear with the charge and are logged with it.
#[test]
fn the_table_instructions_are_logged_with_the_charge() {
    use coldsteel::rules::gdb::charge::Guidance as G;
    let hussars = ChargeUnit { charge_move_cm: Some(36), ..unit(Arm::LightCavalry, Formation::Line) };
    let mut d = decl(hussars, unit(Arm::LightCavalry, Formation::Line), 20);
    d.opportunity = Some(Opportunity { in_reach_at_phase_start: true, ..Default::default() });
    let c = Charge::declare(d, GdbOptions::default()).unwrap();
    assert!(c.guidance().contains(&G::BothIntercept), "GDB-OPP-03");
    for g in c.guidance() {
        let en = coldsteel::i18n::log_text::guidance_text(coldsteel::i18n::Lang::En, g);
        let ru = coldsteel::i18n::log_text::guidance_text(coldsteel::i18n::Lang::Ru, g);
        assert!(en.starts_with("GDB-") && ru.starts_with("GDB-"), "{en} / {ru}");
    }
}
