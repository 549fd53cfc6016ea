//! The six worked examples of seed 001 (digest 3.1-3.6) played end to end through the
//! game, as scenarios: a battle and the actions the wizard sends, without results.
//! Declaration, reactions, contact or not, the melee where there is one, the aftermath.
//! Each scenario is also kept as a file in `tests/data/scenarios/` for `coldsteel replay`
//! (rewritten with `COLDSTEEL_WRITE_SAVES=1`).

use crate::common;

use std::path::Path;

use coldsteel::game::{
    Action, ChargeAction, Game, GdbMeleeAction, OpportunityFacts, gdb_melee_input, play, replay, run_charge,
};
use coldsteel::model::{
    Battle, Brigade, BrigadeId, General, GeneralId, LogDetail, RulesOptions, SideInfo, Unit, UnitId,
};
use coldsteel::rules::gdb::charge::{FollowUp, Frac, Happening, Input, Reaction, TestResult};
use coldsteel::rules::gdb::{Outcome, Role};
use coldsteel::rules::options::DistanceRow;
use coldsteel::rules::{Arm, BySide, Class, Formation, Marker, Nation, Order, Phase, Rank, Ruleset, Side};

/// A scenario under construction: its start and its actions.
struct Scenario {
    start: Battle,
    actions: Vec<Action>,
    units: Vec<(String, UnitId)>,
    options: RulesOptions,
}

impl Scenario {
    fn new(name: &str, first: &str, second: &str) -> Self {
        let start = Battle {
            name: name.into(),
            sides: BySide {
                first: SideInfo { name: first.into(), ..Default::default() },
                second: SideInfo { name: second.into(), ..Default::default() },
            },
            turn: 1,
            phase: Phase::Initiative,
            ..Default::default()
        };
        let mut s = Scenario { start, actions: Vec::new(), units: Vec::new(), options: RulesOptions::default() };
        for (side, brigade) in [(Side::First, 1), (Side::Second, 2)] {
            s.actions.push(Action::AddBrigade(Brigade {
                id: BrigadeId(0),
                name: format!("Brigade {brigade}"),
                name_ru: None,
                side,
            }));
            s.actions.push(Action::AddGeneral(General {
                id: GeneralId(0),
                name: format!("General {brigade}"),
                name_ru: None,
                side,
                rank: Rank::Brigade,
                quality: coldsteel::rules::Quality::Average,
                brigade: Some(BrigadeId(brigade)),
                attached_to: None,
                lost: false,
                orders_used: 0,
                place: None,
            }));
        }
        s
    }

    /// A unit of the side's brigade; returns nothing, names it for later.
    fn unit(&mut self, name: &str, side: Side, arm: Arm, formation: Formation, f: impl FnOnce(&mut Unit)) {
        let id = UnitId(u32::try_from(self.units.len()).unwrap() + 1);
        let mut u = Unit::new(UnitId(0), name, side, arm, 12);
        u.formation = formation;
        u.brigade = Some(BrigadeId(if side == Side::First { 1 } else { 2 }));
        f(&mut u);
        self.actions.push(Action::AddUnit(u));
        self.units.push((name.into(), id));
    }

    /// A row of the players' distances table (AMB-24, AMB-25).
    fn rates(
        &mut self,
        arm: Arm,
        formation: Formation,
        move_cm: Option<u32>,
        charge_cm: Option<u32>,
        retreat_cm: Option<u32>,
    ) {
        self.options.gdb.distances.push(DistanceRow {
            arm,
            formation: Some(formation),
            move_cm,
            charge_cm,
            retreat_cm,
            rout_cm: None,
        });
    }

    fn id(&self, name: &str) -> UnitId {
        self.units.iter().find(|(n, _)| n == name).unwrap().1
    }

    /// The players' tables in, the initiative rolled, on to the Charge phase.
    fn on_to_charges(&mut self, phasing: Side) {
        self.actions.push(Action::SetOptions(Box::new((Ruleset::Gdb, self.options.clone()))));
        self.actions.push(Action::Initiative {
            dice: BySide { first: crate::common::d6([6, 5]), second: crate::common::d6([2, 1]) },
            phasing,
            rng_after: None,
        });
        self.actions.push(Action::AdvancePhase);
        self.actions.push(Action::AdvancePhase);
    }

    /// The charge declared, the phasing side's declarations closed, then the other side's
    /// (it declares none), and the charge carried out (GDB-CHG-03, 04). The seed's examples
    /// start with the first side phasing.
    fn declared_then_carried_out(&mut self, a: ChargeAction) {
        let declared = ChargeAction { inputs: Vec::new(), ..a.clone() };
        self.actions.push(Action::DeclareCharge(Box::new(declared)));
        self.actions.push(Action::DeclarationsDone { side: Side::First });
        self.actions.push(Action::DeclarationsDone { side: Side::Second });
        self.actions.push(Action::Charge(Box::new(a)));
    }

    fn charge(&mut self, charger: &str, target: &str, distance: u32, inputs: Vec<Input>) -> ChargeAction {
        common::charge_of(self.id(charger), self.id(target), distance, inputs)
    }

    fn play(&self) -> Game {
        play(self.start.clone(), &self.actions).unwrap_or_else(|(i, e)| panic!("action {i} refused: {e}"))
    }

    /// Keeps the scenario as a file and checks that `replay` reproduces the game.
    fn keep(&self, file: &str) -> Game {
        let g = self.play();
        assert_eq!(replay(&g).unwrap(), self.actions.len());
        #[derive(serde::Serialize)]
        struct File<'a> {
            format: &'a str,
            version: u32,
            battle: &'a Battle,
            actions: &'a [Action],
        }
        let out = File { format: "coldsteel.scenario", version: 1, battle: &self.start, actions: &self.actions };
        let text = format!("{}\n", serde_json::to_string_pretty(&out).unwrap());
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scenarios").join(file);
        if std::env::var_os("COLDSTEEL_WRITE_SAVES").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(on_disk, text, "{} is out of date: rerun with COLDSTEEL_WRITE_SAVES=1", path.display());
        let (battle, actions) = coldsteel::storage::scenario_from_json(&on_disk).unwrap();
        assert_eq!(play(battle, &actions).unwrap(), g, "the scenario file plays to the same game");
        g
    }
}

fn pass() -> coldsteel::rules::gdb::charge::TestAnswer {
    TestResult::Pass.into()
}

fn unit<'a>(g: &'a Game, s: &Scenario, name: &str) -> &'a Unit {
    g.battle().unit(s.id(name)).unwrap()
}

fn happened(g: &Game) -> Vec<Happening> {
    g.battle()
        .log
        .iter()
        .filter_map(|e| match &e.detail {
            LogDetail::Charge { happened, .. } => Some(happened.clone()),
            _ => None,
        })
        .flatten()
        .collect()
}

fn modifiers(g: &Game, m: &GdbMeleeAction, role: Role) -> Vec<(&'static str, i32)> {
    let (input, _) = gdb_melee_input(g.battle(), m).unwrap();
    input.modifiers(role).iter().filter(|x| x.value != 0).map(|x| (x.rule_id(), x.value)).collect()
}

fn melee_action(s: &Scenario, a: &str, d: &str, dice: ([u8; 2], [u8; 2])) -> GdbMeleeAction {
    GdbMeleeAction {
        attacker: s.id(a),
        defender: s.id(d),
        table: Default::default(),
        dice: crate::common::melee_dice(dice),
        losses: Some((1, 2).into()),
        test: None,
        overridden: None,
        rng_after: None,
    }
}

/// EX-1 (GDB-CHG-01, 02, 06, 07, 13, 14, 19): the Young Guard charges Landwehr, which
/// stands and fires (2 figures), fails its test with Retreat and falls back at once half
/// its compulsory move; the Guard takes the ground, formed. No melee.
#[test]
fn ex1_young_guard_and_the_landwehr() {
    let mut s = Scenario::new("EX-1", "French", "Prussians");
    s.unit("Young Guard", Side::First, Arm::Infantry, Formation::Column, |u| u.class = Class::Guard);
    s.unit("Landwehr", Side::Second, Arm::Infantry, Formation::Line, |u| u.nation = Nation::Prussian);
    s.rates(Arm::Infantry, Formation::Line, Some(12), Some(18), Some(18));
    s.on_to_charges(Side::First);
    let inputs = vec![
        Input::Reaction(Reaction::StandAndFire),
        Input::ClosingFire { casualties: 2 },
        Input::ChargerTest(pass()),
        Input::StandTest(TestResult::Retreat.into()),
        Input::FollowUp(FollowUp::Stop),
    ];
    let a = s.charge("Young Guard", "Landwehr", 16, inputs);
    s.declared_then_carried_out(a);
    let g = s.keep("ex1.json");
    let h = happened(&g);
    assert!(h.contains(&Happening::ChargerMoves { cm: 8 }));
    assert!(h.contains(&Happening::TargetRetreats { cm: Some(9) }), "half of 18 cm, at once");
    assert!(h.contains(&Happening::ChargerOccupies));
    let guard = unit(&g, &s, "Young Guard");
    assert_eq!((guard.figures, guard.order), (10, Order::Formed));
    assert!(g.battle().engagements.is_empty(), "no melee");
}

/// EX-2 (GDB-CHG-09..12, 15; GDB-RES-13): heavy dragoons charge a column 20 cm away that
/// forms square in time; it may not fire, tests as disordered, and is a square by
/// contact: the melee reads heavy cavalry +4, charging +2 against infantry +2, square +4.
#[test]
fn ex2_heavy_dragoons_and_the_square() {
    let mut s = Scenario::new("EX-2", "British", "French");
    s.unit("Heavy Dragoons", Side::First, Arm::HeavyCavalry, Formation::Line, |u| u.nation = Nation::British);
    s.unit("Line battalion", Side::Second, Arm::Infantry, Formation::Column, |u| u.nation = Nation::French);
    s.rates(Arm::HeavyCavalry, Formation::Line, Some(24), Some(36), Some(24));
    s.on_to_charges(Side::First);
    let inputs = vec![
        Input::Reaction(Reaction::ChangeFormation { to: Formation::Square, duration: None }),
        Input::ChargerTest(pass()),
        Input::StandTest(pass()),
    ];
    let a = s.charge("Heavy Dragoons", "Line battalion", 20, inputs);
    s.declared_then_carried_out(a);
    for _ in 0..3 {
        s.actions.push(Action::AdvancePhase);
    }
    let g = s.play();
    assert_eq!(g.battle().phase, Phase::Melee);
    let square = unit(&g, &s, "Line battalion");
    assert_eq!(square.formation, Formation::Square);
    let m = melee_action(&s, "Heavy Dragoons", "Line battalion", ([3, 3], [3, 3]));
    assert_eq!(modifiers(&g, &m, Role::Attacker), [("GDB-MOD-02", 4), ("GDB-MOD-21", 2)]);
    assert_eq!(modifiers(&g, &m, Role::Defender), [("GDB-MOD-05", 2), ("GDB-MOD-23", 4)]);
    s.actions.push(Action::GdbMelee(Box::new(m)));
    let g = s.keep("ex2.json");
    let LogDetail::GdbMelee { result, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert_eq!(result.outcome, Outcome::SquareHolds, "GDB-RES-13: under 7 the square holds");
}

/// EX-3 (GDB-CHG-25, 27; GDB-ART-01, 02, 04, 05; AMB-28): Austrian lancers charge a
/// battery; canister fails, the gunners retreat and roll 1: the guns are abandoned, the
/// crew flees as routers into the column behind, which is disordered; the lancers charge
/// the column, which fails its test but is contacted: +3, +2 charging, +2 against infantry.
#[test]
fn ex3_lancers_the_battery_and_the_column() {
    let mut s = Scenario::new("EX-3", "Austrians", "French");
    s.unit("Lancers", Side::First, Arm::Lancers, Formation::Line, |u| {
        u.regular = true;
        u.nation = Nation::Austrian;
    });
    s.unit("8-pdr battery", Side::Second, Arm::Artillery, Formation::Unlimbered, |_| {});
    s.unit("Column", Side::Second, Arm::Infantry, Formation::Column, |_| {});
    s.rates(Arm::Artillery, Formation::Unlimbered, None, None, Some(20));
    s.rates(Arm::Lancers, Formation::Line, Some(24), Some(36), Some(24));
    s.on_to_charges(Side::First);
    let inputs = vec![
        Input::Reaction(Reaction::StandAndFire),
        Input::ClosingFire { casualties: 0 },
        Input::ChargerTest(pass()),
        Input::StandTest(TestResult::Retreat.into()),
        Input::EmergencyLimber { die: crate::common::face(1), named: None },
        Input::CrewRanIntoFriend,
        Input::FollowUp(FollowUp::NewTarget),
    ];
    let mut a = s.charge("Lancers", "8-pdr battery", 14, inputs);
    a.crew_ran_into = Some(s.id("Column"));
    s.declared_then_carried_out(a);
    let second = vec![
        Input::Reaction(Reaction::StandAndFire),
        Input::ClosingFire { casualties: 0 },
        Input::ChargerTest(pass()),
        Input::StandTest(TestResult::Halt.into()),
    ];
    let a = s.charge("Lancers", "Column", 10, second);
    s.actions.push(Action::Charge(Box::new(a)));
    let g = s.keep("ex3.json");
    let battery = unit(&g, &s, "8-pdr battery");
    assert!(battery.markers.contains(&Marker::GunsAbandoned), "GDB-ART-05: abandoned, not destroyed");
    assert_eq!((battery.order, battery.figures), (Order::Routing, 12), "the crew flees as routers");
    assert!(happened(&g).contains(&Happening::CrewFlees { cm: Some(10) }));
    let column = unit(&g, &s, "Column");
    assert_eq!(column.order, Order::Disordered);
    assert!(column.markers.contains(&Marker::InMelee), "AMB-28: its failed test left it in the path");
    let m = melee_action(&s, "Lancers", "Column", ([3, 3], [3, 3]));
    assert_eq!(modifiers(&g, &m, Role::Attacker), [("GDB-MOD-03", 3), ("GDB-MOD-21", 2), ("GDB-MOD-24", 2)]);
}

/// EX-4 (GDB-CHG-09 with AMB-02 corrected, 16, 17, 18): cuirassiers charge the dragoons'
/// flank from 18 cm; the dragoons counter-charge with 9 ÷ 27 = 1/3 of a turn by their own
/// charge move (6 cm of their line move), wheel to face, and meet the cuirassiers having
/// moved under 5 cm: the melee reads cuirassiers +5 and +2 charging; dragoons +3 with no
/// charging bonus and no flank −4.
#[test]
fn ex4_cuirassiers_and_the_counter_charging_dragoons() {
    let mut s = Scenario::new("EX-4", "French", "Russians");
    s.unit("Cuirassiers", Side::First, Arm::Cuirassiers, Formation::Line, |_| {});
    s.unit("Dragoons", Side::Second, Arm::Dragoons, Formation::Line, |u| u.nation = Nation::Russian);
    s.rates(Arm::Cuirassiers, Formation::Line, Some(24), Some(36), Some(24));
    s.rates(Arm::Dragoons, Formation::Line, Some(18), Some(27), Some(24));
    s.on_to_charges(Side::First);
    let inputs = vec![
        Input::Reaction(Reaction::CounterCharge),
        Input::FacedInTime(true),
        Input::ChargerTest(pass()),
        Input::CounterTest(pass()),
        Input::CounterMeet { counter_cm: 4 },
    ];
    let mut a = s.charge("Cuirassiers", "Dragoons", 18, inputs);
    a.measured.struck_face = coldsteel::rules::Face::Flank;
    s.declared_then_carried_out(a);
    for _ in 0..3 {
        s.actions.push(Action::AdvancePhase);
    }
    let g = s.play();
    let h = happened(&g);
    assert!(h.contains(&Happening::TimeForTarget { fraction: Frac(9, 27), allowance_cm: Some(6) }));
    let mut m = melee_action(&s, "Cuirassiers", "Dragoons", ([4, 3], [3, 3]));
    // The cuirassiers win by 5: the winner's Pursuit Test (GDB-RES-04), passed.
    m.test = Some(TestResult::Pass.into());
    assert_eq!(modifiers(&g, &m, Role::Attacker), [("GDB-MOD-01", 5), ("GDB-MOD-21", 2)]);
    assert_eq!(modifiers(&g, &m, Role::Defender), [("GDB-MOD-03", 3)], "no +2 under 5 cm, no flank −4");
    s.actions.push(Action::GdbMelee(Box::new(m)));
    s.keep("ex4.json");
}

/// EX-5 (GDB-OPP-01..11, GDB-CHG-05 corrected): British hussars intercept French
/// chasseurs that declared a charge on British infantry: every requirement holds, the
/// hussars move first, the chasseurs react as any charged unit may, and may then not
/// charge the infantry (a third unit).
#[test]
fn ex5_the_hussars_opportunity_charge() {
    let mut s = Scenario::new("EX-5", "British", "French");
    s.unit("Hussars", Side::First, Arm::LightCavalry, Formation::Line, |u| u.nation = Nation::British);
    s.unit("Infantry", Side::First, Arm::Infantry, Formation::Line, |u| u.nation = Nation::British);
    s.unit("Chasseurs", Side::Second, Arm::LightCavalry, Formation::Line, |u| u.nation = Nation::French);
    s.rates(Arm::LightCavalry, Formation::Line, Some(24), Some(36), Some(24));
    s.on_to_charges(Side::Second);
    // The chasseurs declare their charge at the infantry; the hussars answer it (GDB-OPP-01).
    let theirs = s.charge("Chasseurs", "Infantry", 12, Vec::new());
    s.actions.push(Action::DeclareCharge(Box::new(theirs)));
    let inputs = vec![Input::Reaction(Reaction::Stand), Input::ChargerTest(pass()), Input::StandTest(pass())];
    let mut a = s.charge("Hussars", "Chasseurs", 20, inputs);
    a.measured.opportunity = Some(OpportunityFacts { in_reach_at_phase_start: true, enemy_charge_begun: false });
    a.ordering_general = Some(GeneralId(1));
    s.actions.push(Action::Charge(Box::new(a)));
    let g = s.keep("ex5.json");
    assert!(happened(&g).contains(&Happening::ChargerMoves { cm: 10 }), "GDB-OPP-11: the interceptor moves first");
    assert_eq!(g.battle().general(GeneralId(1)).unwrap().orders_used, 1, "GDB-OPP-05");
    let chasseurs = unit(&g, &s, "Chasseurs");
    assert!(chasseurs.markers.contains(&Marker::WasCharged));
    let mut third = s.charge("Chasseurs", "Infantry", 12, vec![]);
    third.measured.commander_within_15cm = true;
    let e = run_charge(g.battle(), &third).unwrap_err();
    assert_eq!(e.to_string(), "a unit charged this turn may not charge a third unit (GDB-CHG-05)");
}

/// EX-6 (GDB-EVD-01..13, GDB-ART-06, GDB-CHG-19 b): Polish lancers 18 cm from a foot
/// battery whose crew evades: the lancers move 9 cm, 1/4 of their 36 cm charge move, so the
/// crew gets 1/4 of its 20 cm maximum evade, 5 cm; the guns are abandoned, the crew
/// disordered; the lancers cannot catch it and turn on the battalion behind.
#[test]
fn ex6_the_lancers_and_the_evading_crew() {
    let mut s = Scenario::new("EX-6", "Poles", "Spanish");
    s.unit("Polish lancers", Side::First, Arm::Lancers, Formation::Column, |u| u.nation = Nation::Polish);
    s.unit("Foot battery", Side::Second, Arm::Artillery, Formation::Unlimbered, |u| u.nation = Nation::Spanish);
    s.unit("Battalion", Side::Second, Arm::Infantry, Formation::Line, |u| u.nation = Nation::Spanish);
    s.rates(Arm::Lancers, Formation::Column, Some(24), Some(36), Some(24));
    s.rates(Arm::Artillery, Formation::Unlimbered, None, None, Some(40));
    s.on_to_charges(Side::First);
    let inputs = vec![Input::Reaction(Reaction::Evade), Input::Caught(false), Input::FollowUp(FollowUp::NewTarget)];
    let a = s.charge("Polish lancers", "Foot battery", 18, inputs);
    s.declared_then_carried_out(a);
    let g = s.keep("ex6.json");
    let h = happened(&g);
    assert!(h.contains(&Happening::TimeForTarget { fraction: Frac(9, 36), allowance_cm: Some(5) }));
    assert!(h.contains(&Happening::TargetEvades { cm: Some(5), disordered: true }));
    let battery = unit(&g, &s, "Foot battery");
    assert!(battery.markers.contains(&Marker::GunsAbandoned) && battery.markers.contains(&Marker::Evaded));
    assert_eq!(battery.order, Order::Disordered, "GDB-EVD-13");
    // The new charge on the battalion may be declared: the procedure starts again.
    let next = s.charge("Polish lancers", "Battalion", 10, vec![]);
    assert!(run_charge(g.battle(), &next).is_ok());
}
