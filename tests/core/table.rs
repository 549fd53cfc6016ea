//! The table view's game: pieces placed, moved and turned as undoable actions, terrain
//! read from the areas drawn, what the table shows of a charge (EX-4 laid out), the
//! charge's contact and the melee loser's compulsory move (GDB-RES-03, GDB-SEQ-03).

use crate::common;

use coldsteel::game::table::{charge_facts, engagement_slopes, footprint};
use coldsteel::game::{Action, Game, GdbMeleeAction, gdb_melee_input};
use coldsteel::model::{AreaShape, GeneralId, Placement, TerrainArea, UnitId};
use coldsteel::rules::gdb::Role;
use coldsteel::rules::gdb::charge::{Input, Reaction, TestResult};
use coldsteel::rules::options::BasingRow;
use coldsteel::rules::{AreaKind, Arm, ByRole, Face, Formation, Marker, Phase, Side, Slope, Terrain};

const CUIRASSIERS: UnitId = UnitId(1);
const DRAGOONS: UnitId = UnitId(2);

/// The default battle on a 180 × 120 cm table, infantry based 4 × 2 cm, six figures a
/// base, two deep; with a built-up area of these corners (mm), if given.
fn infantry_on_a_table(village: Option<Vec<[i32; 2]>>) -> coldsteel::model::Battle {
    let mut b = coldsteel::storage::default_game().unwrap().battle().clone();
    b.options.basing.push(BasingRow {
        arm: Arm::Infantry,
        formation: None,
        frontage_mm: 40,
        depth_mm: 20,
        figures_per_base: 6,
        bases_deep: 2,
    });
    let mut table = coldsteel::model::TableSetup::new(180, 120);
    if let Some(corners_mm) = village {
        table.terrain.push(TerrainArea { kind: AreaKind::BuiltUp, shape: AreaShape::Polygon { corners_mm } });
    }
    b.table = Some(table);
    b
}

fn place(x_cm: i32, y_cm: i32, facing_deg: i32) -> Option<Placement> {
    Some(Placement { x_mm: x_cm * 10, y_mm: y_cm * 10, facing_deg })
}

/// EX-4 laid out in the Charges phase: the cuirassiers face east 18 cm from the dragoons'
/// left flank, their brigadier 10 cm behind them.
fn ex4_game() -> Game {
    let mut g = common::game_at(common::ex4_on_a_table(), Phase::Charges);
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(50, 40, 90) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(77, 40, 0) }).unwrap();
    g.perform(&Action::PlaceGeneral { general: GeneralId(1), place: place(37, 40, 90) }).unwrap();
    g
}

#[test]
fn placing_moving_and_turning_are_undo_steps() {
    let mut g = common::game_at(common::ex4_on_a_table(), Phase::Charges);
    let start = g.battle().clone();
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(50, 40, 90) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(60, 45, 95) }).unwrap();
    let f = footprint(g.battle(), g.battle().unit(CUIRASSIERS).unwrap()).unwrap();
    assert_eq!((f.x_cm, f.y_cm, f.facing_deg, f.frontage_cm, f.depth_cm), (60.0, 45.0, 95.0, 12.0, 6.0));
    assert!(g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(60, 45, 95) }).is_err(), "no change");
    let off = Some(Placement { x_mm: 20_000, y_mm: 0, facing_deg: 0 });
    assert!(g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: off }).is_err(), "20 m off the table");
    g.undo().unwrap();
    assert_eq!(g.battle().unit(CUIRASSIERS).unwrap().place, place(50, 40, 90));
    g.undo().unwrap();
    assert_eq!(g.battle().units, start.units);
}

#[test]
fn a_formation_change_redraws_the_footprint_about_the_centre() {
    let mut b = common::ex4_on_a_table();
    b.options.basing.push(BasingRow {
        arm: Arm::Dragoons,
        formation: Some(Formation::Column),
        frontage_mm: 40,
        depth_mm: 60,
        figures_per_base: 4,
        bases_deep: 3,
    });
    b.units[1].place = place(77, 40, 0);
    let line = footprint(&b, &b.units[1]).unwrap();
    b.units[1].formation = Formation::Column;
    let column = footprint(&b, &b.units[1]).unwrap();
    assert_eq!((line.frontage_cm, line.depth_cm), (12.0, 6.0));
    assert_eq!((column.frontage_cm, column.depth_cm), (4.0, 18.0));
    assert_eq!((line.x_cm, line.y_cm), (column.x_cm, column.y_cm));
}

#[test]
fn terrain_comes_from_the_area_a_unit_stands_in_and_generals_follow_their_unit() {
    let mut g = ex4_game();
    let mut table = g.battle().table.clone().unwrap();
    table.terrain.push(TerrainArea {
        kind: AreaKind::Hill,
        shape: AreaShape::Ellipse { centre_mm: [770, 400], radii_mm: [200, 150], turn_deg: 0 },
    });
    table.terrain.push(TerrainArea {
        kind: AreaKind::Wood,
        shape: AreaShape::Polygon { corners_mm: vec![[1000, 0], [1200, 0], [1200, 200], [1000, 200]] },
    });
    g.perform(&Action::SetTable(Some(Box::new(table)))).unwrap();
    assert_eq!(g.battle().unit(DRAGOONS).unwrap().terrain, Terrain::Hill, "set up around a placed unit");
    assert_eq!(g.battle().unit(CUIRASSIERS).unwrap().terrain, Terrain::Open);
    // FN6: the cuirassiers go uphill against dragoons on the hill.
    assert_eq!(charge_facts(g.battle(), CUIRASSIERS, DRAGOONS).unwrap().slope, Some(Slope::Uphill));
    assert_eq!(engagement_slopes(g.battle(), CUIRASSIERS, DRAGOONS), Some(ByRole::new(Slope::Uphill, Slope::Downhill)));
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(110, 10, 0) }).unwrap();
    assert_eq!(g.battle().unit(DRAGOONS).unwrap().terrain, Terrain::Wood);
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(150, 60, 0) }).unwrap();
    assert_eq!(g.battle().unit(DRAGOONS).unwrap().terrain, Terrain::Open);
    // An attached general moves and turns with his unit.
    let mut general = g.battle().general(GeneralId(1)).unwrap().clone();
    general.attached_to = Some(CUIRASSIERS);
    g.perform(&Action::EditGeneral(general)).unwrap();
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(50, 40, 180) }).unwrap();
    let p = g.battle().general(GeneralId(1)).unwrap().place.unwrap();
    assert_eq!((p.x_mm, p.y_mm, p.facing_deg), (500, 530, 180), "13 cm behind, turned with it");
    g.undo().unwrap();
    assert_eq!(g.battle().general(GeneralId(1)).unwrap().place, place(37, 40, 90));
}

#[test]
fn gdb_chg_02_a_wood_between_hides_the_target() {
    let mut g = ex4_game();
    assert_eq!(charge_facts(g.battle(), CUIRASSIERS, DRAGOONS).unwrap().target_visible, Some(true));
    let mut table = g.battle().table.clone().unwrap();
    table.terrain.push(TerrainArea {
        kind: AreaKind::Wood,
        shape: AreaShape::Ellipse { centre_mm: [620, 400], radii_mm: [30, 80], turn_deg: 0 },
    });
    g.perform(&Action::SetTable(Some(Box::new(table)))).unwrap();
    assert_eq!(charge_facts(g.battle(), CUIRASSIERS, DRAGOONS).unwrap().target_visible, Some(false));
}

/// EX-4 on the table: the table shows 18 cm, dead ahead, the flank, the brigadier within
/// 15 cm; the charge brings the cuirassiers to the wheeled dragoons' front, and the
/// melee reads EX-4's corrected modifiers.
#[test]
fn ex4_laid_out_on_the_table() {
    let mut g = ex4_game();
    let facts = charge_facts(g.battle(), CUIRASSIERS, DRAGOONS).unwrap();
    assert!((facts.distance_cm - 18.0).abs() < 1e-9, "{}", facts.distance_cm);
    assert!(facts.angle_deg.abs() < 1e-9 && facts.in_sector);
    assert_eq!(facts.struck_face, Face::Flank);
    assert_eq!(facts.commander_within, Some(true), "13 cm behind");
    let mut a = common::charge_of(
        CUIRASSIERS,
        DRAGOONS,
        facts.distance_cm.round() as u32,
        vec![
            Input::Reaction(Reaction::CounterCharge),
            Input::FacedInTime(true),
            Input::ChargerTest(TestResult::Pass.into()),
            Input::CounterTest(TestResult::Pass.into()),
            Input::CounterMeet { counter_cm: 4 },
        ],
    );
    a.measured.struck_face = facts.struck_face;
    common::do_charge(&mut g, a);
    // The dragoons wheeled to face: they now face the cuirassiers, who stand at their front.
    let (c, d) = (g.battle().unit(CUIRASSIERS).unwrap(), g.battle().unit(DRAGOONS).unwrap());
    let (fc, fd) = (footprint(g.battle(), c).unwrap(), footprint(g.battle(), d).unwrap());
    assert_eq!(d.place.unwrap().facing_deg, 270, "turned to face west");
    assert_eq!(c.place.unwrap().facing_deg, 90);
    assert!(coldsteel::rules::geometry::distance_cm(&fc, &fd) < 0.1, "in contact");
    let before = g.battle().unit(DRAGOONS).unwrap().place.unwrap();
    common::to(&mut g, Phase::Melee);
    let m = GdbMeleeAction {
        attacker: CUIRASSIERS,
        defender: DRAGOONS,
        table: Default::default(),
        dice: crate::common::melee_dice(([4, 3], [3, 3])),
        losses: Some((1, 2).into()),
        test: Some(TestResult::Pass.into()),
        overridden: None,
        rng_after: None,
    };
    let (input, _) = gdb_melee_input(g.battle(), &m).unwrap();
    let ids = |role| -> Vec<(&str, i32)> {
        input.modifiers(role).iter().filter(|x| x.value != 0).map(|x| (x.rule_id(), x.value)).collect()
    };
    assert_eq!(ids(Role::Attacker), [("GDB-MOD-01", 5), ("GDB-MOD-21", 2)]);
    assert_eq!(ids(Role::Defender), [("GDB-MOD-03", 3)], "no +2 under 5 cm, no flank −4");
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    assert!(g.battle().unit(DRAGOONS).unwrap().markers.contains(&Marker::Retreating), "lost by 5: retreats");
    assert_eq!(g.battle().unit(DRAGOONS).unwrap().place, Some(before), "losers move next turn");
    gdb_res_03_the_loser_moves_straight_back_in_compulsory_moves(g, before);
}

/// GDB-RES-03, GDB-SEQ-03: the loser's full retreat move (24 cm from the players' table)
/// straight back, in the next turn's Compulsory Moves phase; undo puts it back.
fn gdb_res_03_the_loser_moves_straight_back_in_compulsory_moves(mut g: Game, before: Placement) {
    common::to(&mut g, Phase::Morale);
    g.perform(&Action::AdvancePhase).unwrap();
    common::initiative(&mut g, [6, 6], [1, 1], Side::First);
    assert_eq!(g.battle().unit(DRAGOONS).unwrap().place, Some(before), "not before the phase");
    g.perform(&Action::AdvancePhase).unwrap();
    assert_eq!(g.battle().phase, Phase::CompulsoryMoves);
    let after = g.battle().unit(DRAGOONS).unwrap().place.unwrap();
    // Facing west (270°), straight back is east: +24 cm along x.
    assert_eq!((after.x_mm - before.x_mm, after.y_mm - before.y_mm, after.facing_deg), (240, 0, 270));
    g.undo().unwrap();
    assert_eq!(g.battle().unit(DRAGOONS).unwrap().place, Some(before));
    assert_eq!(g.battle().phase, Phase::Initiative);
}

#[test]
fn a_charge_that_reaches_a_front_squares_up_to_it() {
    let mut g = ex4_game();
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(50, 70, 180) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(52, 40, 5) }).unwrap();
    let facts = charge_facts(g.battle(), CUIRASSIERS, DRAGOONS).unwrap();
    assert_eq!(facts.struck_face, Face::Front);
    let mut a = common::charge_from_table(&g, CUIRASSIERS, DRAGOONS, Vec::new());
    a.inputs.push(Input::Reaction(Reaction::Stand));
    common::answer_tests(&g, &mut a);
    common::do_charge(&mut g, a);
    let c = g.battle().unit(CUIRASSIERS).unwrap().place.unwrap();
    assert_eq!((c.x_mm, c.y_mm, c.facing_deg), (500, 640, 0), "front to front, squared up");
}

/// GDB-RES-07, GDB-RES-10 on the table: the Ladoga infantry pushes the Vistula Legion
/// back out of its village position by 10 cm and follows it in base contact; in the next
/// turn's Compulsory Moves both move the same 10 cm, still touching; undo puts both back.
#[test]
fn gdb_res_10_the_winner_following_in_contact_moves_with_the_loser() {
    let b = infantry_on_a_table(Some(vec![[800, 400], [1200, 400], [1200, 650], [800, 650]]));
    let mut g = common::game_at(b, Phase::Charges);
    let (legion, ladoga) = (common::id(&g, "1st Vistula Legion"), common::id(&g, "Ladoga Infantry"));
    g.perform(&Action::PlaceUnit { unit: legion, place: place(100, 60, 0) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: ladoga, place: place(100, 72, 180) }).unwrap();
    assert_eq!(g.battle().unit(legion).unwrap().terrain, Terrain::BuiltUp, "it holds the village");
    let facts = charge_facts(g.battle(), ladoga, legion).unwrap();
    assert!((facts.distance_cm - 8.0).abs() < 1e-9, "{}", facts.distance_cm);
    let mut a = common::charge_of(ladoga, legion, 8, vec![Input::Reaction(Reaction::Stand)]);
    common::answer_tests(&g, &mut a);
    common::do_charge(&mut g, a);
    common::to(&mut g, Phase::Melee);
    let m = common::melee(&g, "Ladoga Infantry", "1st Vistula Legion", ([4, 4], [3, 4]), (1, 1));
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    assert_eq!(g.battle().unit(ladoga).unwrap().terrain, Terrain::Open, "charged from outside the village");
    let (_, e) = g.battle().pending_melees().next().expect("the follow-in keeps the melee");
    assert!(e.follow_in);
    let before = (g.battle().unit(legion).unwrap().place.unwrap(), g.battle().unit(ladoga).unwrap().place.unwrap());
    common::to(&mut g, Phase::Morale);
    g.perform(&Action::AdvancePhase).unwrap();
    common::initiative(&mut g, [6, 6], [1, 1], Side::First);
    g.perform(&Action::AdvancePhase).unwrap();
    let after = (g.battle().unit(legion).unwrap().place.unwrap(), g.battle().unit(ladoga).unwrap().place.unwrap());
    assert_eq!(after.0.y_mm, before.0.y_mm - 100, "GDB-RES-07: 10 cm straight back");
    assert_eq!(after.1.y_mm, before.1.y_mm - 100, "GDB-RES-10: the winner follows");
    let f = |id| footprint(g.battle(), g.battle().unit(id).unwrap()).unwrap();
    assert!(coldsteel::rules::geometry::distance_cm(&f(ladoga), &f(legion)) < 0.1, "still in contact");
    assert_eq!(coldsteel::game::moved_on_table(g.battle(), legion), Some(10));
    g.undo().unwrap();
    assert_eq!(g.battle().unit(legion).unwrap().place, Some(before.0));
    assert_eq!(g.battle().unit(ladoga).unwrap().place, Some(before.1));
}

/// AMB-26: a club that measures in inches reads the rules' 10 cm as 6". The table stays
/// real: 6" between the bases is 10 cm of the rules, a retreat of 24 cm is 14.4" on the
/// table, and the command radius is 9".
#[test]
fn amb_26_a_table_in_inches_reads_six_inches_as_ten_cm() {
    let mut g = ex4_game();
    let mut table = g.battle().table.clone().unwrap();
    table.scale = coldsteel::rules::Scale::Inch;
    g.perform(&Action::SetTable(Some(Box::new(table)))).unwrap();
    // The cuirassiers' front edge at 53 cm; the dragoons' flank 6" (15.24 cm) beyond it.
    let dragoons = Some(Placement { x_mm: 530 + 152 + 60, y_mm: 400, facing_deg: 0 });
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: dragoons }).unwrap();
    let facts = charge_facts(g.battle(), CUIRASSIERS, DRAGOONS).unwrap();
    assert!((facts.table_cm - 15.2).abs() < 1e-9, "{}", facts.table_cm);
    assert!((facts.distance_cm - 15.2 / 1.524).abs() < 1e-9, "{}", facts.distance_cm);
    // The brigadier 13 cm behind: within 9" (22.86 cm), where 15 real cm would also do;
    // 20 cm behind is beyond 15 cm but within 9".
    g.perform(&Action::PlaceGeneral { general: GeneralId(1), place: place(30, 40, 90) }).unwrap();
    assert_eq!(charge_facts(g.battle(), CUIRASSIERS, DRAGOONS).unwrap().commander_within, Some(true));
    let s = coldsteel::rules::Scale::Inch;
    assert!((s.table_cm(24.0) / 2.54 - 14.4).abs() < 1e-9, "24 cm of the rules is 14.4\"");
    assert!((s.table_cm(15.0) / 2.54 - 9.0).abs() < 1e-9, "the command radius is 9\"");
}

/// Turning a unit again and again (Q/E, 5° a press) is one undo step; a move between two
/// turns makes them two.
#[test]
fn repeated_turns_of_one_unit_are_one_undo_step() {
    let mut g = ex4_game();
    let steps = g.history().done.len();
    for facing in [95, 100, 105] {
        g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(50, 40, facing) }).unwrap();
    }
    assert_eq!(g.history().done.len(), steps + 1);
    g.undo().unwrap();
    assert_eq!(g.battle().unit(CUIRASSIERS).unwrap().place, place(50, 40, 90));
    g.redo().unwrap();
    assert_eq!(g.battle().unit(CUIRASSIERS).unwrap().place, place(50, 40, 105));
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(55, 40, 105) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(55, 40, 110) }).unwrap();
    assert_eq!(g.history().done.len(), steps + 3, "a move, then a new turn");
    assert_eq!(coldsteel::game::replay(&g).unwrap(), g.battle().log.len() - g.start().unwrap().log.len());
}

/// EX-4's cuirassiers and dragoons under Ruleset B in the Charges phase, face to face 21 cm
/// apart, and the collision of the cuirassiers on the dragoons with the first dice of the
/// average die that give the outcome wanted.
fn b_face_to_face(wanted: coldsteel::rules::ruleset_b::CollisionOutcome) -> (Game, coldsteel::game::CollisionAction) {
    let mut b = common::ex4_on_a_table();
    b.ruleset = coldsteel::rules::Ruleset::RulesetB;
    b.phase = Phase::Charges;
    let mut g = Game::new(b);
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(50, 40, 90) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(77, 40, 270) }).unwrap();
    let facts = charge_facts(g.battle(), CUIRASSIERS, DRAGOONS).unwrap();
    let mut table: coldsteel::rules::ByRole<coldsteel::rules::Situation> = Default::default();
    table.defender.struck_face = facts.struck_face;
    let action = |dice| coldsteel::game::CollisionAction {
        attacker: CUIRASSIERS,
        defender: DRAGOONS,
        table: table.clone(),
        defender_attacking: false,
        distance_cm: Some(18),
        dice,
        caught: false,
        rng_after: None,
    };
    let faces = [2u8, 3, 4, 5];
    let dice = faces
        .iter()
        .flat_map(|a| faces.iter().map(move |d| (*a, *d)))
        .find(|d| {
            coldsteel::game::collision_result(g.battle(), &action(crate::common::average_dice(*d))).unwrap().outcome
                == wanted
        })
        .unwrap();
    let collision = action(crate::common::average_dice(dice));
    (g, collision)
}

/// B-FLE-01, B-COL-18 on the table: a defender that does not resist flees its flight
/// distance straight back at once (dragoons, medium cavalry: 6 cm); a collision that comes
/// to melee brings the attacker to the face it strikes, front to front here.
#[test]
fn b_fle_01_the_fugitive_flees_on_the_table_and_a_melee_closes() {
    use coldsteel::rules::ruleset_b::CollisionOutcome;
    for wanted in [CollisionOutcome::DefenderFlees, CollisionOutcome::Melee] {
        let (mut g, action) = b_face_to_face(wanted);
        let result = coldsteel::game::collision_result(g.battle(), &action).unwrap();
        g.perform(&Action::Collision(Box::new(action))).unwrap();
        let d = g.battle().unit(DRAGOONS).unwrap().place.unwrap();
        let a = g.battle().unit(CUIRASSIERS).unwrap().place.unwrap();
        if wanted == CollisionOutcome::DefenderFlees {
            assert_eq!(result.flee_cm, Some(6));
            assert_eq!((d.x_mm, d.y_mm, d.facing_deg), (830, 400, 270), "6 cm straight back, still facing west");
            assert_eq!((a.x_mm, a.y_mm), (500, 400), "not caught: the attacker stays for the players");
        } else {
            let f = |id| footprint(g.battle(), g.battle().unit(id).unwrap()).unwrap();
            assert!(coldsteel::rules::geometry::distance_cm(&f(CUIRASSIERS), &f(DRAGOONS)) < 0.1, "in contact");
            assert_eq!((a.x_mm, a.facing_deg), (710, 90), "front to front");
        }
    }
}

/// B-MEL-03, 04, B-FLE-01 on the table (issue 42): the loser of a Ruleset B melee flees
/// its flight distance directly away from the winner, the piece moved as the log says
/// (dragoons, medium cavalry: 6 cm); the winner stays.
#[test]
fn b_mel_03_the_melee_loser_flees_on_the_table() {
    use coldsteel::model::{BContact, BMeleeAction};
    use coldsteel::rules::ruleset_b::{CollisionOutcome, MeleeState, TestResult as BTest};
    let (mut g, collision) = b_face_to_face(CollisionOutcome::Melee);
    g.perform(&Action::Collision(Box::new(collision))).unwrap();
    common::to(&mut g, Phase::Melee);
    let contact = g.battle().unit(DRAGOONS).unwrap().place.unwrap();
    let c = |n| BContact { figures_in_contact: n, overlaps: 0 };
    let mut m = BMeleeAction {
        attacker: CUIRASSIERS,
        defender: DRAGOONS,
        contact: (c(6), c(6)).into(),
        dice: (Vec::new(), Vec::new()).into(),
        tests: (None, Some(BTest { passed: false, score: None })).into(),
        fresh_charge: (false, false).into(),
        rng_after: None,
    };
    let (input, _) = coldsteel::game::b_melee_input(g.battle(), &m).unwrap();
    m.dice = crate::common::d6_lists((
        vec![6; input.dice(Role::Attacker) as usize],
        vec![1; input.dice(Role::Defender) as usize],
    ));
    g.perform(&Action::BMelee(Box::new(m))).unwrap();
    let coldsteel::model::LogDetail::BMelee { state, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    let MeleeState::Ends { loser: Role::Defender, flee_cm, .. } = *state else { panic!("{state:?}") };
    assert_eq!(flee_cm, 6);
    let fled = g.battle().unit(DRAGOONS).unwrap().place.unwrap();
    assert_eq!((fled.x_mm - contact.x_mm, fled.y_mm, fled.facing_deg), (60, contact.y_mm, 270), "6 cm straight back");
    let cuirassiers = g.battle().unit(CUIRASSIERS).unwrap().place.unwrap();
    assert_eq!(cuirassiers.x_mm, 710, "the winner stays");
}

/// GDB-MOD-FN6: the slope the table showed as the charge was declared goes with the
/// engagement into the melee (the charger in contact may stand on the hill's edge by then).
#[test]
fn gdb_mod_fn6_the_charge_uphill_is_carried_into_the_melee() {
    let mut g = ex4_game();
    let mut table = g.battle().table.clone().unwrap();
    table.terrain.push(TerrainArea {
        kind: AreaKind::Hill,
        shape: AreaShape::Ellipse { centre_mm: [800, 400], radii_mm: [120, 150], turn_deg: 0 },
    });
    g.perform(&Action::SetTable(Some(Box::new(table)))).unwrap();
    let inputs = vec![Input::Reaction(Reaction::Stand)];
    let mut a = common::charge_of(CUIRASSIERS, DRAGOONS, 18, inputs);
    a.measured.struck_face = Face::Flank;
    common::answer_tests(&g, &mut a);
    common::do_charge(&mut g, a);
    let (_, e) = g.battle().pending_melees().next().unwrap();
    assert_eq!(e.slopes, Some(ByRole::new(Slope::Uphill, Slope::Downhill)));
    assert_eq!(e.contact.defender.struck_face, Face::Flank);
}

/// A basing row with a zero size is refused (a file holding it would not load again).
#[test]
fn a_basing_row_with_a_zero_is_refused() {
    let mut g = ex4_game();
    let mut options = g.battle().options.clone();
    options.basing.push(BasingRow {
        arm: Arm::Artillery,
        formation: None,
        frontage_mm: 0,
        depth_mm: 40,
        figures_per_base: 4,
        bases_deep: 1,
    });
    let ruleset = g.battle().ruleset;
    let refused = g.perform(&Action::SetOptions(Box::new((ruleset, options))));
    assert!(matches!(refused, Err(coldsteel::game::ActionError::Invalid(_))), "{refused:?}");
}

/// AMB-21, GDB-CHG-02, 18 with the table's unrounded measures: typed as whole cm and
/// degrees they would let these through, the table's own do not: a target 22.4° off
/// straight ahead is outside the sector, 36.4 cm is beyond a 36 cm charge move, and a
/// charger 4.6 cm away does not count as charging. The game takes the unrounded measures
/// from the table itself where the players give its rounded ones (issue 48: the action
/// carried them).
#[test]
fn amb_21_gdb_chg_18_thresholds_compare_the_unrounded_table() {
    let g = ex4_game();
    // The dragoons placed, millimetre by millimetre, where the table's measures from the
    // cuirassiers are as wanted; the charge as the wizard sends it, the table's measures
    // rounded.
    let with = |wanted: &dyn Fn(f64, f64) -> bool| {
        let mut b = g.battle().clone();
        let at = (400..=800).flat_map(|y| (520..=1300).map(move |x| (x, y))).find(|&(x, y)| {
            b.units
                .iter_mut()
                .filter(|u| u.id == DRAGOONS)
                .for_each(|u| u.place = Some(Placement { x_mm: x, y_mm: y, facing_deg: 0 }));
            let f = coldsteel::game::table::charge_facts(&b, CUIRASSIERS, DRAGOONS).unwrap();
            wanted(f.distance_cm, f.angle_deg)
        });
        let (x, y) = at.expect("such a place on the table");
        b.units
            .iter_mut()
            .filter(|u| u.id == DRAGOONS)
            .for_each(|u| u.place = Some(Placement { x_mm: x, y_mm: y, facing_deg: 0 }));
        let f = coldsteel::game::table::charge_facts(&b, CUIRASSIERS, DRAGOONS).unwrap();
        let whole = coldsteel::game::table::whole;
        let inputs = vec![Input::Reaction(Reaction::Stand)];
        let mut a = common::charge_of(CUIRASSIERS, DRAGOONS, whole(f.distance_cm), inputs);
        a.measured.bearing_deg = whole(f.angle_deg);
        a.measured.struck_face = f.struck_face;
        (b, a)
    };
    let refused = |(b, a): (coldsteel::model::Battle, coldsteel::game::ChargeAction)| {
        coldsteel::game::run_charge(&b, &a).err().map(|e| e.to_string())
    };
    let within_reach = |d: f64| (6.0..30.0).contains(&d);
    assert!(
        refused(with(&|d, a| within_reach(d) && a > 22.3 && a < 22.45)).is_some_and(|e| e.contains("22")),
        "22.4° is outside"
    );
    assert!(
        refused(with(&|d, a| within_reach(d) && a > 22.0 && a <= 22.009)).is_none(),
        "the sector's edge counts within 0.01°"
    );
    assert!(
        refused(with(&|d, a| d > 36.3 && d < 36.5 && a < 1.0)).is_some_and(|e| e.contains("36")),
        "beyond the 36 cm charge move"
    );
    let (b, mut close) = with(&|d, a| d > 4.5 && d < 4.7 && a < 1.0);
    let close_game = Game::new(b);
    let m = common::answer_tests(&close_game, &mut close);
    let contact = m.happened.iter().find_map(|h| match h {
        coldsteel::rules::gdb::charge::Happening::Contact { charging, moved_cm, .. } => Some((*charging, *moved_cm)),
        _ => None,
    });
    assert_eq!(contact, Some((false, 5)), "typed 5, measured 4.6: not charging");
}

/// GDB-OPP-05 with the table: the general who orders an opportunity charge rides with the
/// charger; he moves with it and his order is counted, in one change (two would not fit).
#[test]
fn gdb_opp_05_an_attached_general_moves_and_counts_his_order() {
    let mut g = ex4_game();
    let mut general = g.battle().general(GeneralId(1)).unwrap().clone();
    general.attached_to = Some(CUIRASSIERS);
    g.perform(&Action::EditGeneral(general)).unwrap();
    let inputs = vec![
        Input::Reaction(Reaction::CounterCharge),
        Input::FacedInTime(true),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::CounterTest(TestResult::Pass.into()),
        Input::CounterMeet { counter_cm: 4 },
    ];
    // The dragoons declare their charge at the cuirassiers, who intercept it (GDB-OPP-01).
    g.perform(&Action::DeclarationsDone { side: Side::First }).unwrap();
    // The dragoons face north, their target to the west: the players overrule the sector.
    let mut theirs = common::charge_from_table(&g, DRAGOONS, CUIRASSIERS, Vec::new());
    let off = theirs.measured.bearing_deg;
    theirs.overrule = Some(coldsteel::model::Overrule {
        refusals: vec![coldsteel::rules::gdb::charge::ChargeError::OutsideSector(off)],
        reason: "they wheel first".into(),
    });
    g.perform(&Action::DeclareCharge(Box::new(theirs))).unwrap();
    let mut a = common::charge_of(CUIRASSIERS, DRAGOONS, 18, inputs);
    a.measured.struck_face = Face::Flank;
    a.measured.opportunity =
        Some(coldsteel::game::OpportunityFacts { in_reach_at_phase_start: true, enemy_charge_begun: false });
    let before = g.battle().general(GeneralId(1)).unwrap().place.unwrap();
    common::do_charge(&mut g, a);
    let after = g.battle().general(GeneralId(1)).unwrap();
    assert_eq!(after.orders_used, 1, "GDB-OPP-05: his order is counted");
    assert_ne!(after.place, Some(before), "he moved with the cuirassiers");
    g.undo().unwrap();
    let back = g.battle().general(GeneralId(1)).unwrap();
    assert_eq!((back.orders_used, back.place), (0, Some(before)));
}

/// The most a table may hold (60 areas of 64 corners), drawn one area at a time, keeps the
/// battle file far below its 64 MiB, and loads again; a 61st area is refused.
#[test]
fn a_table_drawn_to_its_limits_keeps_a_file_that_loads() {
    use coldsteel::model::table::{MAX_AREAS, MAX_CORNERS};
    let mut g = ex4_game();
    for i in 0..MAX_AREAS {
        let mut table = g.battle().table.clone().unwrap();
        let offset = i32::try_from(i).unwrap() * 10;
        let corners_mm = (0..MAX_CORNERS)
            .map(|k| {
                let a = std::f64::consts::TAU * k as f64 / MAX_CORNERS as f64;
                [offset + 300 + (200.0 * a.cos()) as i32, 600 + (200.0 * a.sin()) as i32]
            })
            .collect();
        table.terrain.push(TerrainArea { kind: AreaKind::Rough, shape: AreaShape::Polygon { corners_mm } });
        g.perform(&Action::SetTable(Some(Box::new(table)))).unwrap();
    }
    let text = coldsteel::storage::to_json(&g);
    assert!(text.len() < 16 << 20, "{} bytes", text.len());
    assert_eq!(coldsteel::storage::from_json(&text).unwrap(), g);
    let mut table = g.battle().table.clone().unwrap();
    table.terrain.push(table.terrain[0].clone());
    assert!(g.perform(&Action::SetTable(Some(Box::new(table)))).is_err(), "a 61st area");
}

/// GDB-CHG-01 on the table: the commander within 15 cm is the unit's own brigade general
/// or its C-in-C, placed or riding with it: the brigadier 40 cm off and the C-in-C 5 cm
/// behind read as within; another brigade's general beside it does not count.
#[test]
fn gdb_chg_01_the_c_in_c_counts_as_the_commander() {
    let mut b = common::ex4_on_a_table();
    let chief = coldsteel::model::General {
        id: GeneralId(3),
        name: "Marshal".into(),
        rank: coldsteel::rules::Rank::CommanderInChief,
        brigade: None,
        ..b.generals[0].clone()
    };
    let other = coldsteel::model::General {
        id: GeneralId(4),
        name: "Another brigade's general".into(),
        brigade: Some(coldsteel::model::BrigadeId(3)),
        ..b.generals[0].clone()
    };
    b.brigades.push(coldsteel::model::Brigade {
        id: coldsteel::model::BrigadeId(3),
        name: "Brigade 3".into(),
        name_ru: None,
        side: Side::First,
    });
    b.generals.extend([chief, other]);
    let mut g = common::game_at(b, Phase::Charges);
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(50, 40, 90) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(77, 40, 0) }).unwrap();
    g.perform(&Action::PlaceGeneral { general: GeneralId(1), place: place(10, 40, 90) }).unwrap();
    g.perform(&Action::PlaceGeneral { general: GeneralId(4), place: place(44, 40, 90) }).unwrap();
    let facts = charge_facts(g.battle(), CUIRASSIERS, DRAGOONS).unwrap();
    assert_eq!(facts.commander_within, Some(false), "the brigadier is 37 cm behind; the other brigade's counts not");
    g.perform(&Action::PlaceGeneral { general: GeneralId(3), place: place(42, 40, 90) }).unwrap();
    let facts = charge_facts(g.battle(), CUIRASSIERS, DRAGOONS).unwrap();
    assert_eq!(facts.commander_within, Some(true), "the C-in-C 5 cm behind the rear edge");
}

/// Skirmishers' bases: 4 cm by 2, two figures each.
fn skirmishers_basing() -> BasingRow {
    BasingRow {
        arm: Arm::Skirmishers,
        formation: None,
        frontage_mm: 40,
        depth_mm: 20,
        figures_per_base: 2,
        bases_deep: 1,
    }
}

/// GDB-CHG-22 on the table: a skirmisher screen of the dragoons standing in the
/// cuirassiers' path is found by the game and evades with the charge.
#[test]
fn gdb_chg_22_the_table_finds_the_screen_in_the_path() {
    let mut b = common::ex4_on_a_table();
    let mut screen = coldsteel::model::Unit::new(UnitId(3), "Jäger screen", Side::Second, Arm::Skirmishers, 4);
    screen.formation = Formation::OpenOrder;
    screen.brigade = Some(coldsteel::model::BrigadeId(2));
    b.units.push(screen);
    b.options.basing.push(skirmishers_basing());
    let mut g = common::game_at(b, Phase::Charges);
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(50, 40, 90) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(77, 40, 0) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: UnitId(3), place: place(65, 40, 270) }).unwrap();
    assert_eq!(coldsteel::game::table::screen_in_path(g.battle(), CUIRASSIERS, DRAGOONS), vec![UnitId(3)]);
    g.perform(&Action::PlaceUnit { unit: UnitId(3), place: place(65, 90, 270) }).unwrap();
    assert!(coldsteel::game::table::screen_in_path(g.battle(), CUIRASSIERS, DRAGOONS).is_empty(), "off the path");
}

/// GDB-RES-07: a defender in a building pushed back is told 10 cm, and the Compulsory
/// Moves phase moves it those 10 cm, not its full retreat move.
#[test]
fn gdb_res_07_a_defender_in_a_building_pushed_back_moves_10_cm() {
    let mut b = infantry_on_a_table(None);
    b.options.gdb.distances.push(coldsteel::rules::options::DistanceRow {
        retreat_cm: Some(24),
        ..coldsteel::rules::options::DistanceRow::empty(Arm::Infantry)
    });
    let mut g = common::game_at(b, Phase::Charges);
    let (legion, ladoga) = (common::id(&g, "1st Vistula Legion"), common::id(&g, "Ladoga Infantry"));
    g.perform(&Action::PlaceUnit { unit: legion, place: place(100, 60, 0) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: ladoga, place: place(100, 72, 180) }).unwrap();
    let mut held = g.battle().unit(legion).unwrap().clone();
    held.terrain = Terrain::Building;
    g.perform(&Action::EditUnit(held)).unwrap();
    let mut a = common::charge_of(ladoga, legion, 8, vec![Input::Reaction(Reaction::Stand)]);
    common::answer_tests(&g, &mut a);
    common::do_charge(&mut g, a);
    common::to(&mut g, Phase::Melee);
    let m = common::melee(&g, "Ladoga Infantry", "1st Vistula Legion", ([4, 4], [3, 4]), (1, 1));
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    let before = g.battle().unit(legion).unwrap().place.unwrap();
    common::to(&mut g, Phase::Morale);
    g.perform(&Action::AdvancePhase).unwrap();
    common::initiative(&mut g, [6, 6], [1, 1], Side::First);
    g.perform(&Action::AdvancePhase).unwrap();
    let after = g.battle().unit(legion).unwrap().place.unwrap();
    assert_eq!(after.y_mm, before.y_mm - 100, "10 cm, not the 24 cm retreat");
}

/// GDB-RES-08 on the table (issue 42): a built-up area's defender whose 10 cm push-back
/// would take it out of the village drawn on the table retreats instead; one deep inside
/// is pushed back its 10 cm. No tick of the players' is needed.
#[test]
fn gdb_res_08_a_push_back_out_of_the_drawn_village_is_a_retreat() {
    use coldsteel::rules::gdb::Effect;
    for (village_back_mm, retreats) in [(300, false), (560, true)] {
        let village = vec![[800, village_back_mm], [1200, village_back_mm], [1200, 700], [800, 700]];
        let mut g = common::game_at(infantry_on_a_table(Some(village)), Phase::Charges);
        let (legion, ladoga) = (common::id(&g, "1st Vistula Legion"), common::id(&g, "Ladoga Infantry"));
        g.perform(&Action::PlaceUnit { unit: legion, place: place(100, 60, 0) }).unwrap();
        g.perform(&Action::PlaceUnit { unit: ladoga, place: place(100, 72, 180) }).unwrap();
        assert_eq!(g.battle().unit(legion).unwrap().terrain, Terrain::BuiltUp, "placed in the village");
        let mut a = common::charge_of(ladoga, legion, 8, vec![Input::Reaction(Reaction::Stand)]);
        common::answer_tests(&g, &mut a);
        common::do_charge(&mut g, a);
        common::to(&mut g, Phase::Melee);
        // The dice of a push-back within the area: the loser by 1 or 2 (GDB-RES-05, 07).
        let result = |dice| {
            let m = common::melee(&g, "Ladoga Infantry", "1st Vistula Legion", dice, (1, 1));
            coldsteel::game::gdb_melee_result(g.battle(), &m).unwrap()
        };
        let by_one_or_two = (1..=6u8)
            .flat_map(|x| (1..=6u8).map(move |y| ([x, 1], [y, 1])))
            .find(|d| matches!(result(*d).difference(), 1 | 2))
            .unwrap();
        let r = result(by_one_or_two);
        let pushed = r.defender_effects.iter().any(|e| matches!(e, Effect::PushedBack { .. }));
        assert_eq!(
            (r.defender_effects.contains(&Effect::Retreats), pushed),
            (retreats, !retreats),
            "village from y = {village_back_mm} mm: {:?}",
            r.defender_effects
        );
    }
}

/// GDB-CHG-17, 18 on the table: the counter-charging dragoons turn to meet the cuirassiers
/// and go the 4 cm they met them at; the cuirassiers cover the rest.
#[test]
fn gdb_chg_18_the_meet_moves_both_pieces() {
    let mut g = ex4_game();
    let before = g.battle().unit(DRAGOONS).unwrap().place.unwrap();
    let mut a = common::charge_of(
        CUIRASSIERS,
        DRAGOONS,
        18,
        vec![
            Input::Reaction(Reaction::CounterCharge),
            Input::FacedInTime(true),
            Input::ChargerTest(TestResult::Pass.into()),
            Input::CounterTest(TestResult::Pass.into()),
            Input::CounterMeet { counter_cm: 4 },
        ],
    );
    a.measured.struck_face = Face::Flank;
    common::do_charge(&mut g, a);
    let d = g.battle().unit(DRAGOONS).unwrap().place.unwrap();
    let c = g.battle().unit(CUIRASSIERS).unwrap().place.unwrap();
    assert_eq!(d.facing_deg, 270, "turned to meet them");
    assert_eq!(before.x_mm - d.x_mm, 40, "the dragoons went 4 cm towards the cuirassiers");
    // Wheeled about their centre, the dragoons' front stands 3 cm further off than the
    // flank did (21 cm), less the 4 cm they came: the cuirassiers went 17 cm.
    assert_eq!(c.x_mm - 500, 170, "the cuirassiers covered the rest");
}

/// GDB-EVD-04, 05: an evader charged in the rear turns about and moves directly away from
/// the charger, not back towards it.
#[test]
fn gdb_evd_05_the_evader_moves_away_from_the_charger() {
    let mut b = common::ex4_on_a_table();
    b.options.gdb.may_evade.push(Arm::Dragoons);
    let mut g = common::game_at(b, Phase::Charges);
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(50, 40, 90) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(77, 40, 90) }).unwrap();
    let mut a = common::charge_from_table(
        &g,
        CUIRASSIERS,
        DRAGOONS,
        vec![Input::Reaction(Reaction::Evade), Input::Caught(false)],
    );
    assert_eq!(a.measured.struck_face, Face::Rear);
    a.inputs.push(Input::FollowUp(coldsteel::rules::gdb::charge::FollowUp::Stop));
    common::do_charge(&mut g, a);
    let d = g.battle().unit(DRAGOONS).unwrap().place.unwrap();
    assert!(d.x_mm > 770, "away from the charger: {d:?}");
    assert_eq!(d.facing_deg, 90, "facing away");
}

/// GDB-MOD-26, FN8 on the table: a column that charges out of a village fights in the open
/// (no +2 for buildings); one whose front only reaches a village's edge keeps its ground.
#[test]
fn gdb_mod_26_a_charger_leaving_a_village_fights_in_the_open() {
    let b = infantry_on_a_table(Some(vec![[800, 700], [1200, 700], [1200, 1000], [800, 1000]]));
    let mut g = common::game_at(b, Phase::Charges);
    let (legion, ladoga) = (common::id(&g, "1st Vistula Legion"), common::id(&g, "Ladoga Infantry"));
    // The legion stands in the village, facing the Ladoga infantry 13 cm off, outside it.
    g.perform(&Action::PlaceUnit { unit: legion, place: place(100, 80, 180) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: ladoga, place: place(100, 63, 0) }).unwrap();
    assert_eq!(g.battle().unit(legion).unwrap().terrain, Terrain::BuiltUp);
    let mut a = common::charge_from_table(&g, legion, ladoga, vec![Input::Reaction(Reaction::Stand)]);
    common::answer_tests(&g, &mut a);
    common::do_charge(&mut g, a);
    assert_eq!(g.battle().unit(legion).unwrap().terrain, Terrain::Open, "it left the village");
    // Issue 27: the change of ground is logged with the charge.
    let entry = g.battle().log.last().unwrap();
    let coldsteel::model::LogDetail::Charge { grounds, .. } = &entry.detail else { panic!() };
    assert_eq!(grounds, &vec![(legion, Terrain::BuiltUp, Terrain::Open)]);
    let lines = coldsteel::i18n::log_text::entry_lines(coldsteel::i18n::Lang::En, g.battle(), entry).join("\n");
    assert!(lines.contains("1st Vistula Legion stands on Open ground now (was Built-up area)"), "{lines}");
    let m = common::melee(&g, "1st Vistula Legion", "Ladoga Infantry", ([3, 3], [3, 3]), (0, 0));
    let (input, _) = gdb_melee_input(g.battle(), &m).unwrap();
    assert!(!input.modifiers(Role::Attacker).iter().any(|x| x.rule_id() == "GDB-MOD-26"));
}

/// GDB-MOD-25, FN8 on the table (issue 42): a column that charges out of a wood, its base
/// ending astride a hill's edge and the open, none of it in the wood, fights without the
/// wood's +1; the defender on the hill keeps its +1.
#[test]
fn gdb_mod_25_a_charger_out_of_a_wood_astride_a_hill_loses_the_wood() {
    let mut b = infantry_on_a_table(None);
    let table = b.table.as_mut().unwrap();
    let area = |kind, corners_mm| TerrainArea { kind, shape: AreaShape::Polygon { corners_mm } };
    table.terrain.push(area(AreaKind::Wood, vec![[800, 750], [1200, 750], [1200, 1000], [800, 1000]]));
    table.terrain.push(area(AreaKind::Hill, vec![[800, 580], [1200, 580], [1200, 660], [800, 660]]));
    let mut g = common::game_at(b, Phase::Charges);
    let (legion, ladoga) = (common::id(&g, "1st Vistula Legion"), common::id(&g, "Ladoga Infantry"));
    g.perform(&Action::PlaceUnit { unit: legion, place: place(100, 80, 180) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: ladoga, place: place(100, 63, 0) }).unwrap();
    assert_eq!(g.battle().unit(legion).unwrap().terrain, Terrain::Wood);
    assert_eq!(g.battle().unit(ladoga).unwrap().terrain, Terrain::Hill);
    let mut a = common::charge_from_table(&g, legion, ladoga, vec![Input::Reaction(Reaction::Stand)]);
    common::answer_tests(&g, &mut a);
    common::do_charge(&mut g, a);
    let f = footprint(g.battle(), g.battle().unit(legion).unwrap()).unwrap();
    let ys: Vec<f64> = f.corner_points().iter().map(|p| p.y).collect();
    assert!(ys.iter().any(|y| *y < 66.0) && ys.iter().all(|y| *y < 75.0), "astride the hill's edge: {ys:?}");
    assert_eq!(g.battle().unit(legion).unwrap().terrain, Terrain::Open, "out of the wood");
    let m = common::melee(&g, "1st Vistula Legion", "Ladoga Infantry", ([3, 3], [3, 3]), (0, 0));
    let (input, _) = gdb_melee_input(g.battle(), &m).unwrap();
    let has_25 = |role| input.modifiers(role).iter().any(|x| x.rule_id() == "GDB-MOD-25");
    assert_eq!((has_25(Role::Attacker), has_25(Role::Defender)), (false, true));
}

/// A move that would take a unit off the table stops where its base reaches the edge:
/// the dragoons, 3 cm from the east edge behind them, retreat 12 cm but go only 3.
#[test]
fn a_retreat_stops_at_the_tables_edge() {
    let mut g = common::game_at(common::ex4_on_a_table(), Phase::Charges);
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(150, 40, 90) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(174, 40, 270) }).unwrap();
    let facts = charge_facts(g.battle(), CUIRASSIERS, DRAGOONS).unwrap();
    let mut a = common::charge_of(
        CUIRASSIERS,
        DRAGOONS,
        facts.distance_cm.round() as u32,
        vec![
            Input::Reaction(Reaction::Stand),
            Input::ChargerTest(TestResult::Pass.into()),
            Input::StandTest(TestResult::Retreat.into()),
            Input::FollowUp(coldsteel::rules::gdb::charge::FollowUp::Stop),
        ],
    );
    a.measured.struck_face = facts.struck_face;
    common::do_charge(&mut g, a);
    let d = g.battle().unit(DRAGOONS).unwrap();
    let f = footprint(g.battle(), d).unwrap();
    let rear_x = f.corner_points().iter().map(|p| p.x).fold(f64::MIN, f64::max);
    assert!((rear_x - 180.0).abs() < 1e-6, "the rear edge on the table's edge: {rear_x}");
    assert_eq!(d.place.unwrap().x_mm, 1770);
    // Issue 27: stopped there, the players say what it does, a step of its own.
    assert!(d.markers.contains(&Marker::AtTableEdge));
    let todos = coldsteel::game::checklist(g.battle());
    assert!(todos.contains(&coldsteel::game::Todo::AtTheEdge(DRAGOONS)), "{todos:?}");
    let before = g.battle().clone();
    g.perform(&Action::AtTheEdge { unit: DRAGOONS, leaves: true }).unwrap();
    let d = g.battle().unit(DRAGOONS).unwrap();
    assert_eq!(d.order, coldsteel::rules::Order::Dispersed, "it left the battle");
    let said =
        coldsteel::i18n::log_text::entry_summary(coldsteel::i18n::Lang::En, g.battle(), g.battle().log.last().unwrap());
    assert_eq!(said, "Dragoons leaves the battle over the table's edge");
    g.undo().unwrap();
    assert_eq!(g.battle(), &before, "undone, the question is back");
    g.perform(&Action::AtTheEdge { unit: DRAGOONS, leaves: false }).unwrap();
    let d = g.battle().unit(DRAGOONS).unwrap();
    assert!(d.order.in_play() && !d.markers.contains(&Marker::AtTableEdge), "it stays at the edge");
    assert!(!coldsteel::game::checklist(g.battle()).contains(&coldsteel::game::Todo::AtTheEdge(DRAGOONS)));
    assert_eq!(
        g.perform(&Action::AtTheEdge { unit: DRAGOONS, leaves: true }),
        Err(coldsteel::game::ActionError::NoChange)
    );
}

/// Issue 27: a compulsory move that would take a unit off the table stops at its edge,
/// and the players say whether it stays or leaves the battle.
#[test]
fn a_compulsory_move_stopped_at_the_edge_asks_the_players() {
    use coldsteel::rules::options::TestKind;
    let mut g = ex4_game();
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(77, 10, 0) }).unwrap();
    common::to(&mut g, Phase::Morale);
    let test = coldsteel::game::TestAction {
        unit: DRAGOONS,
        test: TestKind::Morale,
        answer: TestResult::Rout.into(),
        rng_after: None,
    };
    g.perform(&Action::TakeTest(Box::new(test))).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    common::initiative(&mut g, [6, 6], [1, 1], Side::First);
    common::to(&mut g, Phase::CompulsoryMoves);
    let d = g.battle().unit(DRAGOONS).unwrap();
    assert_eq!(d.place, place(77, 3, 0), "24 cm back from 10 cm: the base stops 3 cm from the edge, its depth");
    assert!(d.markers.contains(&Marker::AtTableEdge));
    assert!(coldsteel::game::checklist(g.battle()).contains(&coldsteel::game::Todo::AtTheEdge(DRAGOONS)));
}

/// Issue 25, measured facts from the table: between placed units, a typed distance or
/// commander the table contradicts is refused (the battle unchanged), and goes through
/// when the players overrule it with their reason.
#[test]
fn a_typed_value_the_table_contradicts_is_refused_unless_overruled() {
    use coldsteel::rules::gdb::charge::ChargeError;
    let mut g = ex4_game();
    let stood = vec![
        Input::Reaction(Reaction::Stand),
        Input::FacedInTime(false),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ];
    let a = common::charge_from_table(&g, CUIRASSIERS, DRAGOONS, stood);
    let before = g.battle().clone();
    let mut far = a.clone();
    far.measured.distance_cm = 25;
    let e = common::charge_in_order(&mut g, far.clone()).unwrap_err();
    assert_eq!(e, coldsteel::game::ActionError::Charge(ChargeError::TableDistance { typed: 25, table: 18 }));
    let mut alone = a.clone();
    alone.measured.commander_within_15cm = false;
    let e = common::charge_in_order(&mut g, alone).unwrap_err();
    assert_eq!(e, coldsteel::game::ActionError::Charge(ChargeError::TableCommander { table: true }));
    assert_eq!(*g.battle(), before);
    far.overrule = Some(coldsteel::model::Overrule {
        refusals: vec![ChargeError::TableDistance { typed: 25, table: 18 }],
        reason: "measured again with the tape".into(),
    });
    common::do_charge(&mut g, far);
    assert_eq!(g.battle().pending_melees().count(), 1);
}

/// Issue 28, the Movement phase on the table view: a dragged unit's move is the game's
/// action (replayed, undone); the table's area it ends in is its ground, and its attached
/// general goes along; the distance is measured centre to centre.
#[test]
fn gdb_mel_02_a_move_on_the_table_sets_the_ground_from_the_areas() {
    use coldsteel::model::MoveAction;
    let mut g = ex4_game();
    let mut table = g.battle().table.clone().unwrap();
    table.terrain.push(TerrainArea {
        kind: AreaKind::Wood,
        shape: AreaShape::Polygon { corners_mm: vec![[1000, 0], [1200, 0], [1200, 200], [1000, 200]] },
    });
    g.perform(&Action::SetTable(Some(Box::new(table)))).unwrap();
    let mut general = g.battle().general(GeneralId(2)).unwrap().clone();
    general.attached_to = Some(DRAGOONS);
    general.place = place(77, 50, 0);
    g.perform(&Action::EditGeneral(general)).unwrap();
    common::to(&mut g, Phase::Movement);
    let from = g.battle().unit(DRAGOONS).unwrap().place.unwrap();
    let to = place(110, 10, 0).unwrap();
    let cm = coldsteel::game::table::moved_cm(g.battle(), from, to);
    assert_eq!(cm, 45, "33 cm across and 30 down: 44.6 cm");
    let m = MoveAction { unit: DRAGOONS, cm, place: Some(to), ground: None };
    g.perform(&Action::Move(Box::new(m))).unwrap();
    let dragoons = g.battle().unit(DRAGOONS).unwrap();
    assert_eq!((dragoons.place, dragoons.terrain), (Some(to), Terrain::Wood));
    assert_eq!(g.battle().general(GeneralId(2)).unwrap().place, place(110, 20, 0), "the general went along");
    let entry = g.battle().log.last().unwrap();
    assert_eq!(entry.detail, coldsteel::model::LogDetail::Moved { cm: 45, from: Terrain::Open, to: Terrain::Wood });
    let said = coldsteel::i18n::log_text::entry_summary(coldsteel::i18n::Lang::En, g.battle(), entry);
    assert_eq!(said, "Dragoons moves 45 cm, from Open ground to Wood");
    let said = coldsteel::i18n::log_text::entry_summary(coldsteel::i18n::Lang::Ru, g.battle(), entry);
    assert!(said.contains("перемещение на 45 см, местность «Открытая местность» сменилась на «Лес»"), "{said}");
    g.undo().unwrap();
    assert_eq!(g.battle().unit(DRAGOONS).unwrap().terrain, Terrain::Open);
    assert_eq!(g.battle().unit(DRAGOONS).unwrap().place, Some(from));
}

/// Issue 28: a test's consequence reaches the table. The dragoons fail a morale test and
/// rout: in the next turn's Compulsory Moves they go straight back their retreat move
/// (the players' table sets no rout move), and the checklist lists the rout.
#[test]
fn a_failed_morale_test_moves_the_unit_on_the_table_next_turn() {
    use coldsteel::rules::options::TestKind;
    let mut g = ex4_game();
    common::to(&mut g, Phase::Morale);
    let test = coldsteel::game::TestAction {
        unit: DRAGOONS,
        test: TestKind::Morale,
        answer: TestResult::Rout.into(),
        rng_after: None,
    };
    g.perform(&Action::TakeTest(Box::new(test))).unwrap();
    assert_eq!(g.battle().unit(DRAGOONS).unwrap().order, coldsteel::rules::Order::Routing);
    g.perform(&Action::AdvancePhase).unwrap();
    common::initiative(&mut g, [6, 6], [1, 1], Side::First);
    common::to(&mut g, Phase::CompulsoryMoves);
    let d = g.battle().unit(DRAGOONS).unwrap();
    assert_eq!(d.place, place(77, 16, 0), "24 cm straight back from 40 cm");
    assert!(coldsteel::game::checklist(g.battle()).contains(&coldsteel::game::Todo::Rout(DRAGOONS)));
}

/// Issue 27, GDB-MOD-25..27, AMB-48: every ground the melee reads can be drawn. A unit
/// moved into a drawn building, fortified building, redoubt or cover stands there, and
/// the melee reads it (+2 in a building, +1 in cover).
#[test]
fn gdb_mod_25_26_27_every_ground_the_melee_reads_can_be_drawn() {
    use coldsteel::model::MoveAction;
    use coldsteel::rules::explain::Rule;
    for (kind, terrain, rule) in [
        (AreaKind::Building, Terrain::Building, Rule::GdbMod26Building),
        (AreaKind::Fortified, Terrain::Fortified, Rule::GdbMod27Fortified),
        (AreaKind::Redoubt, Terrain::Redoubt, Rule::GdbMod27Fortified),
        (AreaKind::Cover, Terrain::Cover, Rule::GdbMod25CoverHill),
    ] {
        let mut g = ex4_game();
        let mut table = g.battle().table.clone().unwrap();
        table.terrain.push(TerrainArea {
            kind,
            shape: AreaShape::Polygon { corners_mm: vec![[700, 300], [860, 300], [860, 500], [700, 500]] },
        });
        g.perform(&Action::SetTable(Some(Box::new(table)))).unwrap();
        assert_eq!(g.battle().unit(DRAGOONS).unwrap().terrain, terrain, "{kind:?}: set up around the unit");
        common::to(&mut g, Phase::Movement);
        let m = MoveAction { unit: DRAGOONS, cm: 20, place: place(77, 60, 0), ground: None };
        g.perform(&Action::Move(Box::new(m))).unwrap();
        assert_eq!(g.battle().unit(DRAGOONS).unwrap().terrain, Terrain::Open, "{kind:?}: moved out into the open");
        let back = MoveAction { unit: DRAGOONS, cm: 20, place: place(77, 40, 0), ground: None };
        g.perform(&Action::Move(Box::new(back))).unwrap();
        let d = g.battle().unit(DRAGOONS).unwrap();
        assert_eq!(d.terrain, terrain, "{kind:?}: back in");
        let side = coldsteel::game::melee_side(d, g.battle());
        let input = coldsteel::rules::gdb::MeleeInput {
            attacker: coldsteel::game::melee_side(g.battle().unit(CUIRASSIERS).unwrap(), g.battle()),
            defender: side,
            ..Default::default()
        };
        let mods = input.modifiers(Role::Defender);
        assert!(mods.iter().any(|m| m.rule() == Some(rule)), "{kind:?}: {mods:?}");
    }
}

/// Issue 45 (GDB-CHG-21): the charger's own units in its path are found, to be flagged
/// on the table and in the wizard; its own skirmishers make way and are not; the enemy's
/// screen is GDB-CHG-22's. The table's drawing outlines them, the path drawn to the target.
#[test]
fn a_charges_path_through_its_own_units_is_flagged() {
    use coldsteel::report::map::{Focus, Ink, Mark, scene};
    let mut b = common::ex4_on_a_table();
    let friend = coldsteel::model::Unit::new(UnitId(3), "Own dragoons", Side::First, Arm::Dragoons, 8);
    let mut own_screen = coldsteel::model::Unit::new(UnitId(4), "Own screen", Side::First, Arm::Skirmishers, 4);
    own_screen.formation = Formation::OpenOrder;
    b.units.extend([coldsteel::model::Unit { formation: Formation::Line, ..friend }, own_screen]);
    b.options.basing.push(skirmishers_basing());
    let mut g = common::game_at(b, Phase::Charges);
    g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(50, 40, 90) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(90, 40, 270) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: UnitId(3), place: place(65, 40, 90) }).unwrap();
    g.perform(&Action::PlaceUnit { unit: UnitId(4), place: place(78, 40, 90) }).unwrap();
    let friends = coldsteel::game::table::friends_in_path(g.battle(), CUIRASSIERS, DRAGOONS);
    assert_eq!(friends, vec![UnitId(3)], "the own dragoons, not the own screen");
    let focus = Focus { unit: Some(CUIRASSIERS), target: Some(DRAGOONS), general: None };
    let marks = scene(g.battle(), coldsteel::i18n::Lang::En, focus).marks;
    let outlined =
        marks.iter().filter(|m| matches!(m, Mark::Polygon { ink: Ink::InTheWay, filled: false, .. })).count();
    assert_eq!(outlined, 1, "the unit in the way outlined");
    g.perform(&Action::PlaceUnit { unit: UnitId(3), place: place(65, 90, 90) }).unwrap();
    assert!(coldsteel::game::table::friends_in_path(g.battle(), CUIRASSIERS, DRAGOONS).is_empty(), "off the path");
}
