//! Helpers shared by the integration tests: they drive the game through the same
//! actions the wizards send.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use coldsteel::game::{Action, ChargeAction, ChargeMeasures, Game, GdbMeleeAction, melee_side};
use coldsteel::model::{Unit, UnitId};
use coldsteel::rules::gdb::MeleeSide;
use coldsteel::rules::gdb::charge::Input;
use coldsteel::rules::{BySide, Phase, Side};
use coldsteel::storage;

pub mod layout;
pub mod share;

/// A unit's melee situation as the wizard pre-fills it, charging or not, with no general
/// leading.
pub fn side_of(u: &Unit, charging: bool, moved: Option<u32>) -> MeleeSide {
    let game = storage::default_game().unwrap();
    let mut side = melee_side(u, game.battle());
    side.situation = coldsteel::rules::Situation { charging, moved_cm: moved, general_leads: false, ..side.situation };
    side
}

/// Faces of D6 from numbers (a test's dice).
pub fn d6<const N: usize>(values: [u8; N]) -> [coldsteel::rules::dice::D6; N] {
    coldsteel::rules::dice::d6s(values).unwrap()
}

/// One face of a D6.
pub fn face(value: u8) -> coldsteel::rules::dice::D6 {
    coldsteel::rules::dice::D6::new(value).unwrap()
}

/// A melee's dice, attacker's and defender's, `[0, 0]` for a side that rolls none.
pub fn melee_dice((a, d): ([u8; 2], [u8; 2])) -> coldsteel::rules::ByRole<coldsteel::rules::dice::MeleeDice> {
    let side =
        |p: [u8; 2]| if p == [0, 0] { Default::default() } else { coldsteel::rules::dice::MeleeDice::thrown(d6(p)) };
    coldsteel::rules::ByRole::new(side(a), side(d))
}

/// A collision's average dice.
pub fn average_dice((a, d): (u8, u8)) -> coldsteel::rules::ByRole<coldsteel::rules::dice::AverageDie> {
    let die = |v: u8| coldsteel::rules::dice::AverageDie::new(v).unwrap();
    coldsteel::rules::ByRole::new(die(a), die(d))
}

/// One average die.
pub fn avg(value: u8) -> coldsteel::rules::dice::AverageDie {
    coldsteel::rules::dice::AverageDie::new(value).unwrap()
}

/// Two average dice, attacker's and defender's.
pub fn avg_pair((a, d): (u8, u8)) -> (coldsteel::rules::dice::AverageDie, coldsteel::rules::dice::AverageDie) {
    (avg(a), avg(d))
}

/// Some D6 from numbers.
pub fn d6_vec(values: Vec<u8>) -> Vec<coldsteel::rules::dice::D6> {
    values.into_iter().map(face).collect()
}

/// Both sides' initiative dice.
pub fn d6_sides(dice: BySide<[u8; 2]>) -> BySide<[coldsteel::rules::dice::D6; 2]> {
    BySide { first: d6(dice.first), second: d6(dice.second) }
}

/// A Ruleset B melee turn's D6, each side's.
pub fn d6_lists((a, d): (Vec<u8>, Vec<u8>)) -> coldsteel::rules::ByRole<Vec<coldsteel::rules::dice::D6>> {
    let faces = |v: Vec<u8>| v.into_iter().map(face).collect();
    coldsteel::rules::ByRole::new(faces(a), faces(d))
}

/// The unit with this name.
pub fn unit<'a>(g: &'a Game, name: &str) -> &'a Unit {
    g.battle().units.iter().find(|u| u.name == name).unwrap_or_else(|| panic!("no unit {name}"))
}

/// The id of the unit with this name.
pub fn id(g: &Game, name: &str) -> UnitId {
    unit(g, name).id
}

/// A charge as the wizard sends it: measured at `distance` cm straight ahead, the
/// commander within 15 cm, the target visible, with the players' inputs in order.
pub fn charge(g: &Game, charger: &str, target: &str, distance: u32, inputs: Vec<Input>) -> ChargeAction {
    charge_of(id(g, charger), id(g, target), distance, inputs)
}

/// [`charge`] by unit ids (for scenarios built before any game exists).
pub fn charge_of(charger: UnitId, target: UnitId, distance: u32, inputs: Vec<Input>) -> ChargeAction {
    ChargeAction {
        charger,
        target,
        measured: ChargeMeasures {
            distance_cm: distance,
            bearing_deg: 0,
            commander_within_15cm: true,
            target_visible: true,
            struck_face: coldsteel::rules::Face::Front,
            opportunity: None,
        },
        rates: Default::default(),
        inputs,
        crew_ran_into: None,
        ordering_general: None,
        rng_after: None,
        overrule: None,
        screen: Vec::new(),
    }
}

/// Performs a charge as the players would, panicking with the reason if the game refuses
/// it: see [`charge_in_order`].
pub fn do_charge(g: &mut Game, a: ChargeAction) {
    charge_in_order(g, a).unwrap_or_else(|e| panic!("charging: {e}"));
}

/// A charge as the players would make it: at once where the order of declarations allows
/// (GDB-CHG-03, 04), else declared, both sides' declarations closed (the other side
/// declaring none), then carried out. Refused at any step, the game is left as it was and
/// the refusal returned.
pub fn charge_in_order(g: &mut Game, a: ChargeAction) -> Result<(), coldsteel::game::ActionError> {
    use coldsteel::game::ActionError;
    use coldsteel::game::sequence::TurnError;
    let mut tried = g.clone();
    match tried.perform(&Action::Charge(Box::new(a.clone()))) {
        Err(ActionError::Turn(e @ (TurnError::NonPhasingStillDeclares | TurnError::PhasingStillDeclares))) => {
            if e == TurnError::PhasingStillDeclares {
                let phasing = tried.battle().phasing.unwrap_or(Side::First);
                tried.perform(&Action::DeclarationsDone { side: phasing })?;
            }
            let declared = ChargeAction { inputs: Vec::new(), rng_after: None, ..a.clone() };
            tried.perform(&Action::DeclareCharge(Box::new(declared)))?;
            close_declarations(&mut tried);
            tried.perform(&Action::Charge(Box::new(a)))?;
        }
        other => other?,
    }
    *g = tried;
    Ok(())
}

/// Both sides say their declarations are done, the phasing side first (GDB-CHG-03); a side
/// whose declarations are over already is passed.
pub fn close_declarations(g: &mut Game) {
    let phasing = g.battle().phasing.unwrap_or(Side::First);
    for side in [phasing, phasing.other()] {
        let phase = coldsteel::game::declarations::charges_phase(g.battle());
        if !*phase.closed.get(side) {
            g.perform(&Action::DeclarationsDone { side }).unwrap_or_else(|e| panic!("closing {side:?}: {e}"));
        }
    }
}

/// A melee as the wizard sends it: the dice, the losses the players enter, and the
/// winner's owed test passed, if one is owed.
pub fn melee(g: &Game, attacker: &str, defender: &str, dice: ([u8; 2], [u8; 2]), losses: (u32, u32)) -> GdbMeleeAction {
    let mut m = GdbMeleeAction {
        attacker: id(g, attacker),
        defender: id(g, defender),
        table: Default::default(),
        dice: melee_dice(dice),
        losses: Some(losses.into()),
        test: None,
        overridden: None,
        rng_after: None,
    };
    answer_owed(g, &mut m);
    m
}

/// Passes the winner's owed test, if the melee as it stands owes one (and only then).
pub fn answer_owed(g: &Game, m: &mut GdbMeleeAction) {
    m.test = None;
    if let Ok(r) = coldsteel::game::gdb_melee_result(g.battle(), m)
        && coldsteel::game::owed_melee_test(&r, m).is_some()
    {
        m.test = Some(coldsteel::rules::options::TestResult::Pass.into());
    }
}

/// `battle` (under its ruleset) in `phase` of turn 1; under GdB the first side won the
/// initiative with 6+5 against 1+1.
pub fn game_at(battle: coldsteel::model::Battle, phase: Phase) -> Game {
    let mut g = Game::new(battle);
    if g.battle().ruleset == coldsteel::rules::Ruleset::Gdb {
        initiative(&mut g, [6, 5], [1, 1], Side::First);
    }
    to(&mut g, phase);
    g
}

/// The default battle in `phase` of turn 1.
pub fn default_at(phase: Phase) -> Game {
    game_at(storage::default_game().unwrap().battle().clone(), phase)
}

/// The default battle in the Charges phase of turn 1, the Russians phasing and their
/// declarations done (they declare none, GDB-CHG-03): a French charge is declared and
/// carried out at once, in one pass of the charge wizard.
pub fn russians_declared_none() -> Game {
    second_side_declared_none(storage::default_game().unwrap().battle().clone())
}

/// `battle` (under General de Brigade) in the Charges phase of turn 1, the second side
/// phasing and its declarations done: a charge of the first side goes at once.
pub fn second_side_declared_none(battle: coldsteel::model::Battle) -> Game {
    let mut g = Game::new(battle);
    initiative(&mut g, [6, 5], [1, 1], Side::Second);
    to(&mut g, Phase::Charges);
    g.perform(&Action::DeclarationsDone { side: Side::Second }).unwrap();
    g
}

/// Advances to the phase.
pub fn to(g: &mut Game, phase: Phase) {
    while g.battle().phase != phase {
        g.perform(&Action::AdvancePhase).unwrap();
    }
}

/// Records the initiative.
pub fn initiative(g: &mut Game, first: [u8; 2], second: [u8; 2], phasing: Side) {
    g.perform(&Action::Initiative { dice: BySide { first: d6(first), second: d6(second) }, phasing, rng_after: None })
        .unwrap();
}

/// Plays on to the given phase of the next turn, rolling a winning initiative.
pub fn next_turn_to(g: &mut Game, phase: Phase) {
    to(g, Phase::Morale);
    g.perform(&Action::AdvancePhase).unwrap();
    if g.battle().ruleset == coldsteel::rules::Ruleset::Gdb {
        initiative(g, [6, 6], [1, 1], Side::First);
    }
    to(g, phase);
}

/// The game with its battle changed outside the game's actions, as a test fixture
/// (a hand-edited file would be): its history and journal start kept.
pub fn edited(g: &Game, f: impl FnOnce(&mut coldsteel::model::Battle)) -> Game {
    let mut b = g.battle().clone();
    f(&mut b);
    Game::from_parts(b, g.history().clone(), g.start().cloned().map(Box::new))
}

/// Every `.rs` file under `dir`, recursively.
pub fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A players' charge-test table on which every total passes.
pub fn charge_test_always_passes() -> coldsteel::rules::options::TestTable {
    use coldsteel::rules::options::{TestKind, TestResult, TestRow, TestTable};
    TestTable {
        test: TestKind::Charge,
        rows: vec![TestRow { from: 2, to: 30, result: "pass".into(), kind: TestResult::Pass }],
    }
}

/// EX-4's two regiments with the players' tables: 12 figures on three 4 × 6 cm bases of
/// four (12 cm by 6 cm in line), and EX-4's rates.
pub fn ex4_on_a_table() -> coldsteel::model::Battle {
    let mut b = coldsteel::model::Battle {
        name: "EX-4 on the table".into(),
        sides: coldsteel::rules::BySide {
            first: coldsteel::model::SideInfo { name: "French".into(), ..Default::default() },
            second: coldsteel::model::SideInfo { name: "Russians".into(), ..Default::default() },
        },
        turn: 1,
        table: Some(coldsteel::model::TableSetup::new(180, 120)),
        ..Default::default()
    };
    for (i, side) in [coldsteel::rules::Side::First, coldsteel::rules::Side::Second].into_iter().enumerate() {
        let id = u32::try_from(i).unwrap() + 1;
        b.brigades.push(coldsteel::model::Brigade {
            id: coldsteel::model::BrigadeId(id),
            name: format!("Brigade {id}"),
            name_ru: None,
            side,
        });
        b.generals.push(coldsteel::model::General {
            id: coldsteel::model::GeneralId(id),
            name: format!("General {id}"),
            name_ru: None,
            side,
            rank: coldsteel::rules::Rank::Brigade,
            quality: Default::default(),
            brigade: Some(coldsteel::model::BrigadeId(id)),
            attached_to: None,
            lost: false,
            orders_used: 0,
            place: None,
        });
    }
    let mut c = coldsteel::model::Unit::new(
        coldsteel::model::UnitId(1),
        "Cuirassiers",
        coldsteel::rules::Side::First,
        coldsteel::rules::Arm::Cuirassiers,
        12,
    );
    c.brigade = Some(coldsteel::model::BrigadeId(1));
    let mut d = coldsteel::model::Unit::new(
        coldsteel::model::UnitId(2),
        "Dragoons",
        coldsteel::rules::Side::Second,
        coldsteel::rules::Arm::Dragoons,
        12,
    );
    d.brigade = Some(coldsteel::model::BrigadeId(2));
    d.nation = coldsteel::rules::Nation::Russian;
    for u in [&mut c, &mut d] {
        u.formation = coldsteel::rules::Formation::Line;
    }
    b.units = vec![c, d];
    for (arm, mv, charge) in [(coldsteel::rules::Arm::Cuirassiers, 24, 36), (coldsteel::rules::Arm::Dragoons, 18, 27)] {
        b.options.gdb.distances.push(coldsteel::rules::options::DistanceRow {
            arm,
            formation: Some(coldsteel::rules::Formation::Line),
            move_cm: Some(mv),
            charge_cm: Some(charge),
            retreat_cm: Some(24),
            rout_cm: None,
        });
        b.options.basing.push(coldsteel::rules::options::BasingRow {
            arm,
            formation: None,
            frontage_mm: 40,
            depth_mm: 60,
            figures_per_base: 4,
            bases_deep: 1,
        });
    }
    b
}

/// Passes every test the charge sequence asks for (a target that could wheel to face does
/// not), until the charge is done; the charge as it came out. Panics at any other step, or
/// if the game refuses the charge.
pub fn answer_tests(g: &Game, a: &mut ChargeAction) -> coldsteel::rules::gdb::charge::Charge {
    use coldsteel::rules::gdb::charge::Ask;
    use coldsteel::rules::options::TestResult;
    loop {
        let m = coldsteel::game::run_charge(g.battle(), a).unwrap_or_else(|e| panic!("the charge was refused: {e}"));
        let input = match m.ask {
            Ask::Done => return m,
            Ask::StandTest => Input::StandTest(TestResult::Pass.into()),
            Ask::ChargerTest => Input::ChargerTest(TestResult::Pass.into()),
            Ask::FacedInTime => Input::FacedInTime(false),
            other => panic!("unexpected step {other:?}"),
        };
        a.inputs.push(input);
    }
}

/// The GdB Charges phase as the rules order it (GDB-CHG-03, 04): every charge declared,
/// the phasing side's first, each side closing its declarations; then carried out, the
/// phasing side's first, each side's in the order given. Panics where the game refuses.
pub fn charge_phase(g: &mut Game, charges: Vec<ChargeAction>) {
    let phasing = g.battle().phasing.unwrap_or(Side::First);
    let side_of = |g: &Game, a: &ChargeAction| g.battle().unit(a.charger).map(|u| u.side);
    let (mine, theirs): (Vec<_>, Vec<_>) = charges.into_iter().partition(|a| side_of(g, a) == Some(phasing));
    for (side, list) in [(phasing, &mine), (phasing.other(), &theirs)] {
        for a in list {
            let declared = ChargeAction { inputs: Vec::new(), rng_after: None, ..a.clone() };
            g.perform(&Action::DeclareCharge(Box::new(declared))).unwrap_or_else(|e| panic!("declaring: {e}"));
        }
        g.perform(&Action::DeclarationsDone { side }).unwrap();
    }
    for a in mine.into_iter().chain(theirs) {
        g.perform(&Action::Charge(Box::new(a))).unwrap_or_else(|e| panic!("carrying out: {e}"));
    }
}

/// Declares a plain charge, `distance` cm straight ahead (GDB-CHG-03): what an opportunity
/// charge answers (GDB-OPP-01).
pub fn declare(g: &mut Game, charger: &str, target: &str, distance: u32) {
    let a = charge(g, charger, target, distance, Vec::new());
    g.perform(&Action::DeclareCharge(Box::new(a))).unwrap_or_else(|e| panic!("declaring: {e}"));
}

/// A charge measured on the table, as the wizard pre-fills it: the distance, bearing,
/// face struck and commander the table shows (the units placed and based).
pub fn charge_from_table(g: &Game, charger: UnitId, target: UnitId, inputs: Vec<Input>) -> ChargeAction {
    let facts = coldsteel::game::table::charge_facts(g.battle(), charger, target).expect("both placed");
    let mut a = charge_of(charger, target, facts.distance_cm.round() as u32, inputs);
    a.measured.bearing_deg = facts.angle_deg.round() as u32;
    a.measured.struck_face = facts.struck_face;
    a.measured.commander_within_15cm = facts.commander_within.unwrap_or(true);
    a
}

/// The players' tables of the whole-turn example: a firing table (2–6 one figure, 7–9
/// two, 10+ three), a morale table (2–5 routs, 6–7 falls back, 8+ steady) and a rally
/// table (2–6 still running, 7+ rallies).
pub fn whole_turn_tables(g: &mut Game) {
    use coldsteel::rules::options::{FireRow, TestKind, TestResult, TestRow, TestTable};
    let mut options = g.battle().options.clone();
    options.gdb.firing = vec![
        FireRow { from: 2, to: 6, result: "light".into(), figures: 1 },
        FireRow { from: 7, to: 9, result: "telling".into(), figures: 2 },
        FireRow { from: 10, to: 14, result: "murderous".into(), figures: 3 },
    ];
    let row = |from, to, result: &str, kind| TestRow { from, to, result: result.into(), kind };
    options.gdb.tests.retain(|t| !matches!(t.test, TestKind::Morale | TestKind::Rally));
    // Ruleset B's tests roll one D6 (B-MEL-17): its table's rows run from 1 to 6.
    let (morale, rally) = if g.battle().ruleset == coldsteel::rules::Ruleset::RulesetB {
        (
            vec![
                row(1, 2, "breaks", TestResult::Rout),
                row(3, 3, "falls back", TestResult::Retreat),
                row(4, 6, "steady", TestResult::Pass),
            ],
            vec![row(1, 3, "still running", TestResult::Rout), row(4, 6, "rallies", TestResult::Rally)],
        )
    } else {
        (
            vec![
                row(2, 5, "breaks", TestResult::Rout),
                row(6, 7, "falls back", TestResult::Retreat),
                row(8, 14, "steady", TestResult::Pass),
            ],
            vec![row(2, 6, "still running", TestResult::Rout), row(7, 14, "rallies", TestResult::Rally)],
        )
    };
    options.gdb.tests.push(TestTable { test: TestKind::Morale, rows: morale });
    options.gdb.tests.push(TestTable { test: TestKind::Rally, rows: rally });
    g.perform(&example_pack(g.battle().ruleset, options)).unwrap();
}

/// The example battles' tables taken as the example pack, named for what it is (issue
/// 50: "Example club tables, not the rulebook's").
pub fn example_pack(ruleset: coldsteel::rules::Ruleset, options: coldsteel::model::RulesOptions) -> Action {
    let id = coldsteel::model::PackId { name: coldsteel::model::EXAMPLE_PACK_NAME.into(), version: 1 };
    Action::AdoptPack(Box::new(coldsteel::model::RulesPack { id, ruleset, options }))
}

/// The Kiev Dragoons routing from a skirmish before the first turn.
pub fn kiev_dragoons_routing(g: &mut Game) {
    use coldsteel::rules::{Marker, Order};
    let mut kiev = unit(g, "Kiev Dragoons").clone();
    kiev.order = Order::Routing;
    kiev.markers.insert(Marker::Retreating);
    g.perform(&Action::EditUnit(kiev)).unwrap();
}

/// The whole-turn examples' move: the Poltava Infantry 12 cm into the wood.
pub fn poltava_moves_into_the_wood(g: &mut Game) {
    let m = coldsteel::model::MoveAction {
        unit: id(g, "Poltava Infantry"),
        cm: 12,
        place: None,
        ground: Some(coldsteel::rules::Terrain::Wood),
    };
    g.perform(&Action::Move(Box::new(m))).unwrap();
}

/// The whole-turn examples' fire: the 4th bn, 33e Léger at the Poltava Infantry, 4 and 3
/// on the players' firing table, a morale test owed.
pub fn fourth_bn_fires_at_poltava(g: &mut Game) {
    let fire = coldsteel::game::FireAction {
        firer: id(g, "4th bn, 33e Léger"),
        target: id(g, "Poltava Infantry"),
        roll: Some(coldsteel::game::FireRoll { dice: d6([4, 3]), modifier: 0 }),
        figures: None,
        test_owed: true,
        rng_after: None,
    };
    g.perform(&Action::Fire(Box::new(fire))).unwrap();
}

/// A test rolled on the players' table.
pub fn rolled_test(g: &Game, who: &str, test: coldsteel::rules::options::TestKind, dice: [u8; 2]) -> Action {
    let answer = coldsteel::rules::gdb::charge::TestAnswer::Rolled { dice: d6(dice), modifier: 0 };
    Action::TakeTest(Box::new(coldsteel::game::TestAction { unit: id(g, who), test, answer, rng_after: None }))
}

/// A test rolled on one D6 on the players' table (Ruleset B, B-MEL-17).
pub fn rolled_one_test(g: &Game, who: &str, test: coldsteel::rules::options::TestKind, die: u8) -> Action {
    let answer = coldsteel::rules::gdb::charge::TestAnswer::RolledOne { die: face(die), modifier: 0 };
    Action::TakeTest(Box::new(coldsteel::game::TestAction { unit: id(g, who), test, answer, rng_after: None }))
}

/// Issue 28: one GdB turn through its seven phases, from the default battle, as the
/// players record it. Initiative; the Kiev Dragoons' rout, carried from the skirmish
/// before, in the Compulsory Moves; the Grenadiers à cheval charge the Ladoga Infantry;
/// the Poltava Infantry moves 12 cm into the wood and the Tula 1st druzhina forms line;
/// the 4th bn, 33e Léger fires at the Poltava Infantry; the melee, won by the grenadiers,
/// who pursue; morale: the Poltava Infantry steady, the Ladoga Infantry still running,
/// the Kiev Dragoons rally; then turn 2 begins and they rally in its Compulsory Moves.
pub fn whole_gdb_turn() -> Game {
    use coldsteel::rules::Formation;
    use coldsteel::rules::gdb::charge::Reaction;
    use coldsteel::rules::options::{TestKind, TestResult};
    let mut g = storage::default_game().unwrap();
    whole_turn_tables(&mut g);
    kiev_dragoons_routing(&mut g);
    initiative(&mut g, [5, 4], [2, 4], Side::First);
    to(&mut g, Phase::Charges);
    let inputs = vec![
        Input::Reaction(Reaction::Stand),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ];
    let a = charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 20, inputs);
    charge_phase(&mut g, vec![a]);
    to(&mut g, Phase::Movement);
    poltava_moves_into_the_wood(&mut g);
    let tula = id(&g, "Tula Opolchenie, 1st druzhina");
    g.perform(&Action::ChangeFormation { unit: tula, to: Formation::Line, finished: true }).unwrap();
    to(&mut g, Phase::Firing);
    fourth_bn_fires_at_poltava(&mut g);
    to(&mut g, Phase::Melee);
    let mut m = melee(&g, "Grenadiers à cheval", "Ladoga Infantry", ([6, 6], [1, 1]), (1, 4));
    m.test = m.test.map(|_| TestResult::Pursue.into());
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    to(&mut g, Phase::Morale);
    g.perform(&rolled_test(&g, "Poltava Infantry", TestKind::Morale, [4, 4])).unwrap();
    // Ladoga routed in the melee: it rallies only after its rout move (GDB-RES-01, SEQ-03).
    g.perform(&rolled_test(&g, "Kiev Dragoons", TestKind::Rally, [5, 5])).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    initiative(&mut g, [3, 3], [4, 4], Side::Second);
    to(&mut g, Phase::CompulsoryMoves);
    g
}

/// Every event of the turn, as the account must tell it: its unit and its result.
pub const TOLD_EN: &[&str] = &[
    "Initiative phase. Initiative 9 against 6: won by French Imperial Guard, first to move.",
    "Compulsory moves phase. Kiev Dragoons makes its compulsory move.",
    "Grenadiers à cheval charges Ladoga Infantry, 20 cm away, 0° off straight ahead",
    "Ladoga Infantry reacts: Stand",
    "Grenadiers à cheval: Charge test: passes",
    "Ladoga Infantry: Test to stand: passes",
    "Move Grenadiers à cheval into base contact with Ladoga Infantry",
    "Poltava Infantry moves 12 cm, from Open ground to Wood.",
    "Tula Opolchenie, 1st druzhina changes from Column to Line.",
    "4th bn, 33e Léger fires at Poltava Infantry: 2 figures lost; Poltava Infantry owes a morale test.",
    "Grenadiers à cheval against Ladoga Infantry, 21 to 10, won by Grenadiers à cheval: loser routs.",
    "Grenadiers à cheval: Pursuit test: pursues.",
    "Poltava Infantry: Morale test: passes.",
    "Kiev Dragoons: Rally test: rallies, as the next Compulsory Moves begin.",
    "Compulsory moves phase. Kiev Dragoons rallies.",
];

pub const TOLD_RU: &[&str] = &[
    "Фаза «Инициатива». Инициатива 9 против 6: победа и первый ход — Французская императорская гвардия.",
    "Фаза «Обязательные передвижения». Киевский драгунский полк: обязательное передвижение сделано.",
    "Атака: Конные гренадеры — цель: Ладожский пехотный полк; расстояние 20 см",
    "Ладожский пехотный полк: реакция — Стоять",
    "Конные гренадеры: Тест атаки: пройден",
    "Ладожский пехотный полк: Тест на стойкость: пройден",
    "Контакт: Конные гренадеры и Ладожский пехотный полк",
    "Полтавский пехотный полк: перемещение на 12 см, местность «Открытая местность» сменилась на «Лес».",
    "1-я дружина Тульского ополчения: построение «Колонна» сменилось на «Линия».",
    "Огонь: 4-й батальон 33-го лёгкого полка (цель: Полтавский пехотный полк): потери: 2 фигуры; Полтавский пехотный полк: нужен тест морали.",
    "Конные гренадеры — Ладожский пехотный полк, 21 против 10; победа: Конные гренадеры; проигравший бежит.",
    "Конные гренадеры: Тест на преследование: преследует.",
    "Полтавский пехотный полк: Тест морали: пройден.",
    "Киевский драгунский полк: Тест на сбор: сбор — с началом следующей фазы обязательных передвижений.",
    "Фаза «Обязательные передвижения». Киевский драгунский полк: сбор.",
];

/// The words that say a test went well, and those of results that are no pass.
pub const PASSED: [&str; 5] = ["passes", "проходит", "выдерживает", ": пройден", "holds"];
pub const NOT_PASSED: [&str; 9] =
    ["routs", "pursues", "falls back", "бежит", "преследует", "отступает", "бегство", "преследование", "отход"];

/// Issue 28: one Ruleset B turn through its five phases, from the default battle, as
/// the players record it: the Sumy Hussars and the Guard Chasseurs à cheval both attack
/// and collide into melee; the Poltava Infantry moves 12 cm into the wood; the 4th bn,
/// 33e Léger fires at it (under fire for the turn's collisions, B-COL-11); the melee's
/// first turn, both sides passing their tests; morale: every test owed taken, the
/// routing Kiev Dragoons rallying; then turn 2 begins and they rally.
pub fn whole_b_turn() -> Game {
    use coldsteel::game::{BContact, BMeleeAction, CollisionAction};
    use coldsteel::rules::options::{TestKind, TestResult};
    let mut g = storage::default_game().unwrap();
    let mut options = g.battle().options.clone();
    options.ruleset_b.zone_widths_cm = vec![5, 5, 5];
    g.perform(&example_pack(coldsteel::rules::Ruleset::RulesetB, options)).unwrap();
    whole_turn_tables(&mut g);
    kiev_dragoons_routing(&mut g);
    to(&mut g, Phase::Charges);
    let collision = CollisionAction {
        attacker: id(&g, "Sumy Hussars"),
        defender: id(&g, "Guard Chasseurs à cheval"),
        table: Default::default(),
        defender_attacking: true,
        distance_cm: None,
        dice: average_dice((5, 3)),
        caught: false,
        rng_after: None,
    };
    g.perform(&Action::Collision(Box::new(collision))).unwrap();
    to(&mut g, Phase::Movement);
    poltava_moves_into_the_wood(&mut g);
    to(&mut g, Phase::Firing);
    fourth_bn_fires_at_poltava(&mut g);
    to(&mut g, Phase::Melee);
    let passed = Some(coldsteel::rules::ruleset_b::TestResult { passed: true, score: None });
    let contact = BContact { figures_in_contact: 6, overlaps: 0 };
    let melee = BMeleeAction {
        attacker: id(&g, "Sumy Hussars"),
        defender: id(&g, "Guard Chasseurs à cheval"),
        contact: (contact.clone(), contact).into(),
        dice: d6_lists((vec![6, 6, 6], vec![1, 1, 1])),
        tests: (passed, passed).into(),
        fresh_charge: (false, false).into(),
        rng_after: None,
    };
    g.perform(&Action::BMelee(Box::new(melee))).unwrap();
    to(&mut g, Phase::Morale);
    // Ruleset B's tests roll one D6 (B-MEL-17).
    g.perform(&rolled_one_test(&g, "Poltava Infantry", TestKind::Morale, 4)).unwrap();
    g.perform(&rolled_one_test(&g, "Kiev Dragoons", TestKind::Rally, 5)).unwrap();
    while let Some(o) = coldsteel::game::morale_tests::owed_tests(g.battle()).first().cloned() {
        let answer = TestResult::Pass.into();
        let a = coldsteel::game::TestAction { unit: o.unit, test: o.test, answer, rng_after: None };
        g.perform(&Action::TakeTest(Box::new(a))).unwrap();
    }
    g.perform(&Action::AdvancePhase).unwrap();
    g
}

/// The app on `game`, the first evening's rates form already answered: the flows that
/// test the charge itself type their rates in the wizard (the form has its own test).
pub fn app_without_rates_form(game: Game, lang: coldsteel::i18n::Lang) -> coldsteel::ui::CsApp {
    let mut app = coldsteel::ui::CsApp::new(game, lang);
    app.rates_asked = true;
    app
}

/// The players' tables of a first evening's charge: the rates of the two arms that
/// charge (heavy cavalry, infantry) and every charge, stand and pursuit test passing.
#[allow(dead_code)]
pub fn first_evening_charge_tables(g: &mut Game) {
    use coldsteel::rules::Arm;
    use coldsteel::rules::options::{DistanceRow, TestKind, TestResult, TestRow, TestTable};
    let mut options = g.battle().options.clone();
    for (arm, rates) in [(Arm::HeavyCavalry, [30, 36, 12, 24]), (Arm::Infantry, [15, 20, 10, 20])] {
        options.gdb.distances.retain(|d| d.arm != arm);
        options.gdb.distances.push(DistanceRow {
            move_cm: Some(rates[0]),
            charge_cm: Some(rates[1]),
            retreat_cm: Some(rates[2]),
            rout_cm: Some(rates[3]),
            ..DistanceRow::empty(arm)
        });
    }
    let pass = |test| TestTable {
        test,
        rows: vec![TestRow { from: 2, to: 30, result: "pass".into(), kind: TestResult::Pass }],
    };
    options.gdb.tests = [TestKind::Charge, TestKind::Stand, TestKind::Pursuit].into_iter().map(pass).collect();
    g.perform(&Action::SetOptions(Box::new((g.battle().ruleset, options)))).unwrap();
}

/// Issue 31's bounds on a generated evening of charges (the season test, in debug and at
/// full size against the release binary), tightened by issue 46: under 500 bytes an
/// action beyond the battle it starts from, held twice (at the start and now), in a file
/// of `file_bytes`; no charge or melee over 2 KB with its undo step in memory.
pub fn assert_evening_is_small(g: &Game, file_bytes: usize) {
    let actions = g.battle().log.len();
    let start = storage::to_json(&Game::new(g.journal_start().clone())).len();
    let per_action = (file_bytes - 2 * start) / actions;
    assert!(per_action < 500, "{per_action} bytes an action");
    for (entry, step) in g.battle().log.iter().zip(&g.history().done) {
        let bytes = serde_json::to_string(entry).unwrap().len() + serde_json::to_string(step).unwrap().len();
        let kind = format!("{:?}", step.kind);
        if matches!(kind.as_str(), "Charge" | "GdbMelee") {
            assert!(bytes <= 2048, "entry {} ({kind}): {bytes} bytes", entry.seq);
        }
    }
}

/// The drills program (`examples/drills.rs`) of this test build's profile: the processes
/// the crash tests kill at random. `cargo test` builds it with the tests.
pub fn drills() -> std::process::Command {
    let exe = std::env::current_exe().unwrap();
    // target/PROFILE/deps/TEST → target/PROFILE/examples/drills
    let profile = exe.parent().and_then(std::path::Path::parent).unwrap();
    let drills = profile.join("examples").join(format!("drills{}", std::env::consts::EXE_SUFFIX));
    assert!(
        drills.is_file(),
        "{} is missing: build it with `cargo test` or `cargo build --examples`",
        drills.display()
    );
    std::process::Command::new(drills)
}
