//! The default battle and the example battles in `saves/` are built here through the
//! game's own actions, so each file is a journal that `coldsteel replay` re-runs, and
//! they always fit the current format. `COLDSTEEL_WRITE_SAVES=1 cargo test --test
//! saves_examples` rewrites them; a normal run checks that they still match.

use crate::common;

use common::{charge, do_charge, initiative, melee, to};

use std::path::Path;

use coldsteel::game::{Action, CollisionAction, Game, replay};
use coldsteel::model::{Battle, LogDetail, RulesOptions};
use coldsteel::rules::gdb::charge::{Input, Reaction, TestResult};
use coldsteel::rules::{Marker, Phase, Ruleset, Side};
use coldsteel::storage;

fn pass() -> coldsteel::rules::gdb::charge::TestAnswer {
    TestResult::Pass.into()
}

/// The default battle, journaled: an empty battle, then its brigades, units and
/// generals added one action each (the order of battle read from the embedded file).
fn default_battle() -> Game {
    let source = storage::default_game().unwrap();
    let start = Battle {
        brigades: Vec::new(),
        generals: Vec::new(),
        units: Vec::new(),
        log: Vec::new(),
        engagements: Vec::new(),
        ..source.journal_start().clone()
    };
    let mut g = Game::new(start);
    for b in &source.battle().brigades {
        g.perform(&Action::AddBrigade(b.clone())).unwrap();
    }
    for u in &source.battle().units {
        g.perform(&Action::AddUnit(u.clone())).unwrap();
    }
    for general in &source.battle().generals {
        g.perform(&Action::AddGeneral(general.clone())).unwrap();
    }
    g
}

/// Renames a battle and its journal's start alike (the title is no action of the game).
fn rename(g: &mut Game, en: &str, ru: &str) {
    let title = |b: &mut Battle| {
        b.name = en.into();
        b.name_ru = Some(ru.into());
    };
    let mut battle = g.battle().clone();
    title(&mut battle);
    let start = g.start().cloned().map(|mut s| {
        title(&mut s);
        Box::new(s)
    });
    *g = Game::from_parts(battle, g.history().clone(), start);
}

/// A charge whose target stands and both tests pass.
fn stood_charge(g: &Game, charger: &str, target: &str, distance: u32) -> coldsteel::game::ChargeAction {
    let inputs = vec![Input::Reaction(Reaction::Stand), Input::ChargerTest(pass()), Input::StandTest(pass())];
    charge(g, charger, target, distance, inputs)
}

fn fight(g: &mut Game, attacker: &str, defender: &str, dice: ([u8; 2], [u8; 2]), losses: (u32, u32)) {
    let m = melee(g, attacker, defender, dice, losses);
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
}

/// Krasnoi at turn 3: two turns of charges (one met by a counter-charge) and melees
/// behind it, and a melee pending.
fn mid_game() -> Game {
    let mut g = storage::default_game().unwrap();
    rename(&mut g, "Krasnoi, 17 November 1812 — turn 3", "Красный, 17 ноября 1812 года — ход 3");
    initiative(&mut g, [5, 4], [2, 4], Side::Second);
    to(&mut g, Phase::Charges);
    let stood = stood_charge(&g, "Ekaterinoslav Cuirassiers", "4th bn, 33e Léger", 14);
    let counter = vec![
        Input::Reaction(Reaction::CounterCharge),
        Input::ChargerTest(pass()),
        Input::CounterTest(pass()),
        Input::CounterMeet { counter_cm: 6 },
    ];
    let a = charge(&g, "Sumy Hussars", "Guard Chasseurs à cheval", 12, counter);
    common::charge_phase(&mut g, vec![stood, a]);
    to(&mut g, Phase::Melee);
    fight(&mut g, "Ekaterinoslav Cuirassiers", "4th bn, 33e Léger", ([2, 3], [4, 4]), (0, 3));
    fight(&mut g, "Sumy Hussars", "Guard Chasseurs à cheval", ([3, 3], [5, 1]), (1, 1));
    to(&mut g, Phase::Morale);
    g.perform(&Action::Note("4th bn, 33e Léger passes its morale test".into())).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    initiative(&mut g, [6, 2], [3, 3], Side::First);
    to(&mut g, Phase::Charges);
    let a = stood_charge(&g, "Empress Dragoons", "Kiev Dragoons", 16);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    fight(&mut g, "Empress Dragoons", "Kiev Dragoons", ([6, 5], [1, 2]), (1, 4));
    to(&mut g, Phase::Morale);
    g.perform(&Action::AdvancePhase).unwrap();
    initiative(&mut g, [4, 4], [5, 4], Side::Second);
    to(&mut g, Phase::Charges);
    let uhlans = stood_charge(&g, "Chuguev Uhlans", "1st Vistula Legion", 11);
    let ladoga = stood_charge(&g, "Ladoga Infantry", "1st Voltigeurs of the Guard", 8);
    common::charge_phase(&mut g, vec![uhlans, ladoga]);
    to(&mut g, Phase::Melee);
    fight(&mut g, "Chuguev Uhlans", "1st Vistula Legion", ([2, 2], [5, 4]), (2, 1));
    g
}

/// The default order of battle played under Ruleset B: a collision in which both sides
/// attacked, its melee waiting.
fn ruleset_b() -> Game {
    let mut g = storage::default_game().unwrap();
    rename(&mut g, "Krasnoi, 17 November 1812 (Ruleset B)", "Красный, 17 ноября 1812 года (правила B)");
    let mut options = RulesOptions::default();
    options.ruleset_b.zone_widths_cm = vec![5, 5, 5];
    g.perform(&common::example_pack(Ruleset::RulesetB, options)).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    let collision = CollisionAction {
        attacker: common::id(&g, "Sumy Hussars"),
        defender: common::id(&g, "Guard Chasseurs à cheval"),
        table: Default::default(),
        defender_attacking: true,
        distance_cm: None,
        dice: crate::common::average_dice((5, 3)),
        caught: false,
        rng_after: None,
    };
    g.perform(&Action::Collision(Box::new(collision))).unwrap();
    g
}

/// A sample club's tables for the table view: bases 40 mm wide, infantry six figures a
/// base, cavalry three, guns four; columns two bases deep; and its distances.
fn club_tables() -> RulesOptions {
    use coldsteel::rules::Arm;
    use coldsteel::rules::Formation as F;
    use coldsteel::rules::options::{BasingRow, DistanceRow};
    let mut o = RulesOptions::default();
    let base = |arm, formation, depth_mm, figures_per_base, bases_deep| BasingRow {
        arm,
        formation,
        frontage_mm: 40,
        depth_mm,
        figures_per_base,
        bases_deep,
    };
    for arm in [Arm::Infantry, Arm::OpenOrderInfantry] {
        o.basing.push(base(arm, None, 20, 6, 1));
        o.basing.push(base(arm, Some(F::Column), 20, 6, 2));
    }
    // A square and a mass two bases deep, a march column one base wide.
    o.basing.push(base(Arm::Infantry, Some(F::Square), 20, 6, 2));
    o.basing.push(base(Arm::Infantry, Some(F::Mass), 20, 6, 2));
    o.basing.push(base(Arm::Infantry, Some(F::MarchColumn), 20, 6, 4));
    o.basing.push(base(Arm::Skirmishers, None, 20, 2, 1));
    o.basing.push(base(Arm::Artillery, None, 40, 4, 1));
    for arm in [Arm::Cuirassiers, Arm::HeavyCavalry, Arm::Dragoons, Arm::Lancers, Arm::LightCavalry, Arm::Cossacks] {
        o.basing.push(base(arm, None, 30, 3, 1));
        o.basing.push(base(arm, Some(F::SquadronColumn), 30, 3, 2));
    }
    let rates = |arm, move_cm, charge_cm, retreat_cm| DistanceRow {
        arm,
        formation: None,
        move_cm: Some(move_cm),
        charge_cm: Some(charge_cm),
        retreat_cm: Some(retreat_cm),
        rout_cm: None,
    };
    o.gdb.distances = vec![
        rates(Arm::Infantry, 15, 20, 15),
        rates(Arm::Cuirassiers, 25, 35, 25),
        rates(Arm::HeavyCavalry, 25, 35, 25),
        // Worked example 4's dragoons: a charge move of 27 cm, of which 9 cm is a third,
        // and an ordinary move of 18 cm (GDB-CHG-09, AMB-02).
        rates(Arm::Dragoons, 18, 27, 30),
        rates(Arm::Lancers, 30, 40, 30),
        rates(Arm::LightCavalry, 35, 45, 35),
        rates(Arm::Cossacks, 35, 45, 35),
    ];
    o
}

/// Krasnoi laid out on a 180 × 120 cm table: the village, the hill under the Russian
/// guns, a wood and the stream between the armies; both armies placed, their generals
/// behind them. The Kiev Dragoons, forward across the stream, charge the 1st Vistula
/// Legion from what the table measures, beat it in the melee, and in turn 2's Compulsory
/// Moves the Legion falls back its retreat move (GDB-RES-03).
fn on_the_table() -> Game {
    use coldsteel::model::{AreaShape, Placement, TableSetup, TerrainArea};
    use coldsteel::rules::AreaKind;
    let mut g = default_battle();
    rename(&mut g, "Krasnoi, 17 November 1812 — on the table", "Красный, 17 ноября 1812 года — на столе");
    g.perform(&common::example_pack(Ruleset::Gdb, club_tables())).unwrap();
    let mut table = TableSetup::new(180, 120);
    let area = |kind, shape| TerrainArea { kind, shape };
    table.terrain = vec![
        area(AreaKind::River, AreaShape::Polygon { corners_mm: vec![[0, 590], [1800, 560], [1800, 590], [0, 620]] }),
        area(AreaKind::Hill, AreaShape::Ellipse { centre_mm: [1150, 960], radii_mm: [260, 130], turn_deg: 10 }),
        area(AreaKind::Wood, AreaShape::Polygon { corners_mm: vec![[80, 680], [300, 660], [330, 820], [120, 850]] }),
        area(
            AreaKind::BuiltUp,
            AreaShape::Polygon { corners_mm: vec![[1500, 650], [1720, 650], [1720, 800], [1500, 800]] },
        ),
        // The hedges the two screens of skirmishers stand behind (their cover, GDB-MOD-25).
        area(AreaKind::Cover, AreaShape::Polygon { corners_mm: vec![[700, 320], [820, 320], [820, 380], [700, 380]] }),
        area(AreaKind::Cover, AreaShape::Polygon { corners_mm: vec![[660, 850], [780, 850], [780, 910], [660, 910]] }),
    ];
    g.perform(&Action::SetTable(Some(Box::new(table)))).unwrap();
    let place =
        |x_cm: i32, y_cm: i32, facing_deg: i32| Some(Placement { x_mm: x_cm * 10, y_mm: y_cm * 10, facing_deg });
    // (unit id, x, y): the French face the Russians' edge, the Russians turn about.
    let french = [(1, 30), (2, 44), (3, 62), (4, 76), (5, 90), (6, 102), (7, 120), (8, 132)];
    let russians = [(19, 40), (20, 54), (21, 72), (22, 86), (23, 115), (24, 135), (25, 149)];
    for (id, x) in french {
        g.perform(&Action::PlaceUnit { unit: coldsteel::model::UnitId(id), place: place(x, 35, 0) }).unwrap();
    }
    for (id, x) in [(9, 60), (10, 80), (11, 97), (12, 114)] {
        g.perform(&Action::PlaceUnit { unit: coldsteel::model::UnitId(id), place: place(x, 10, 0) }).unwrap();
    }
    for (id, x) in russians {
        g.perform(&Action::PlaceUnit { unit: coldsteel::model::UnitId(id), place: place(x, 88, 180) }).unwrap();
    }
    for (id, x) in [(13, 40), (14, 60), (15, 80), (16, 100), (17, 116), (18, 134)] {
        g.perform(&Action::PlaceUnit { unit: coldsteel::model::UnitId(id), place: place(x, 104, 180) }).unwrap();
    }
    for (id, x, y, facing) in [(1, 90, 3, 0), (2, 60, 27, 0), (3, 112, 27, 0), (4, 88, 18, 0)] {
        let general = coldsteel::model::GeneralId(id);
        g.perform(&Action::PlaceGeneral { general, place: place(x, y, facing) }).unwrap();
    }
    for (id, x, y) in [(5, 90, 114), (6, 62, 96), (7, 108, 112), (8, 62, 112), (9, 142, 96)] {
        let general = coldsteel::model::GeneralId(id);
        g.perform(&Action::PlaceGeneral { general, place: place(x, y, 180) }).unwrap();
    }
    let (dragoons, legion) = (common::id(&g, "Kiev Dragoons"), common::id(&g, "1st Vistula Legion"));
    g.perform(&Action::PlaceUnit { unit: dragoons, place: place(120, 64, 180) }).unwrap();
    // Their brigadier, Duka, rides behind them: within 15 cm (GDB-CHG-01).
    g.perform(&Action::PlaceGeneral { general: coldsteel::model::GeneralId(6), place: place(120, 76, 180) }).unwrap();
    initiative(&mut g, [2, 1], [6, 5], Side::Second);
    to(&mut g, Phase::Charges);
    let facts = coldsteel::game::table::charge_facts(g.battle(), dragoons, legion).unwrap();
    let mut a =
        common::charge_of(dragoons, legion, facts.distance_cm.round() as u32, vec![Input::Reaction(Reaction::Stand)]);
    a.measured.commander_within_15cm = facts.commander_within.unwrap_or(false);
    common::answer_tests(&g, &mut a);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    fight(&mut g, "Kiev Dragoons", "1st Vistula Legion", ([6, 5], [1, 1]), (1, 4));
    to(&mut g, Phase::Morale);
    g.perform(&Action::AdvancePhase).unwrap();
    initiative(&mut g, [5, 1], [2, 2], Side::First);
    to(&mut g, Phase::CompulsoryMoves);
    g
}

fn check_or_write(path: &Path, game: &Game) {
    let text = format!("{}\n", storage::to_json(game));
    if std::env::var_os("COLDSTEEL_WRITE_SAVES").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let on_disk = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(on_disk, text, "{} is out of date: rerun with COLDSTEEL_WRITE_SAVES=1", path.display());
    assert_eq!(storage::read_battle_file(path).unwrap(), *game);
    // The file is a journal: every entry replays, identical.
    assert_eq!(replay(game).unwrap(), game.battle().log.len(), "{}", path.display());
}

fn saves(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("saves").join(name)
}

#[test]
fn default_battle_is_a_journal() {
    let g = default_battle();
    assert_eq!(g.battle().log.len(), g.battle().units.len() + g.battle().generals.len() + g.battle().brigades.len());
    let embedded = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/default_battle.coldsteel.json");
    check_or_write(&embedded, &g);
    check_or_write(&saves("krasnoi-1812.coldsteel.json"), &g);
}

#[test]
fn mid_game_example() {
    let g = mid_game();
    assert_eq!((g.battle().turn, g.battle().phase), (3, Phase::Melee));
    assert!(g.battle().log.len() >= 20);
    assert!(g.battle().log.iter().filter(|e| matches!(e.detail, LogDetail::GdbMelee { .. })).count() >= 4);
    assert!(g.battle().log.iter().filter(|e| matches!(e.detail, LogDetail::Charge { .. })).count() >= 5);
    assert_eq!(g.battle().pending_melees().count(), 1);
    assert!(g.battle().units.iter().any(|u| u.markers.contains(&Marker::Retreating)));
    assert!(!g.history().done.is_empty());
    check_or_write(&saves("krasnoi-1812-turn3.coldsteel.json"), &g);
}

#[test]
fn ruleset_b_example() {
    let g = ruleset_b();
    assert_eq!(g.battle().ruleset, Ruleset::RulesetB);
    let (_, e) = g.battle().pending_melees().next().unwrap();
    assert!(e.both_attacking(), "the collision's both-attacking reaches the melee (B-MEL-05)");
    check_or_write(&saves("krasnoi-1812-ruleset-b.coldsteel.json"), &g);
}

/// Issue 28: a GdB turn through all seven phases, recorded through the game's actions.
#[test]
fn whole_turn_example() {
    let mut g = common::whole_gdb_turn();
    rename(&mut g, "Krasnoi, 17 November 1812 — a whole turn", "Красный, 17 ноября 1812 года — ход целиком");
    let phases: std::collections::BTreeSet<Phase> =
        g.battle().log.iter().filter(|e| e.turn == 1).map(|e| e.phase).collect();
    assert_eq!(phases.len(), 7, "{phases:?}");
    check_or_write(&saves("krasnoi-1812-whole-turn.coldsteel.json"), &g);
}

/// Issue 28: a Ruleset B turn through its five phases, recorded through the game's actions.
#[test]
fn ruleset_b_whole_turn_example() {
    let mut g = common::whole_b_turn();
    rename(
        &mut g,
        "Krasnoi, 17 November 1812 — a whole turn (Ruleset B)",
        "Красный, 17 ноября 1812 года — ход целиком (правила B)",
    );
    let phases: std::collections::BTreeSet<Phase> =
        g.battle().log.iter().filter(|e| e.turn == 1).map(|e| e.phase).collect();
    assert!(Ruleset::RulesetB.phases().iter().all(|p| phases.contains(p)), "{phases:?}");
    assert_eq!(g.battle().turn, 2);
    check_or_write(&saves("krasnoi-1812-ruleset-b-whole-turn.coldsteel.json"), &g);
}

#[test]
fn on_the_table_example() {
    let g = on_the_table();
    assert!(g.battle().units.iter().all(|u| u.place.is_some()), "every unit placed");
    assert!(g.battle().units.iter().all(|u| coldsteel::game::table::footprint(g.battle(), u).is_some()));
    let gun = g.battle().units.iter().find(|u| u.name == "Light Company No. 47").unwrap();
    assert_eq!(gun.terrain, coldsteel::rules::Terrain::Hill, "the Russian guns stand on the hill");
    let legion = g.battle().units.iter().find(|u| u.name == "1st Vistula Legion").unwrap();
    assert!(legion.markers.contains(&Marker::Retreating), "beaten: it retreats");
    assert_eq!(legion.place.map(|p| (p.x_mm, p.y_mm)), Some((1200, 200)), "15 cm straight back from 35 cm");
    check_or_write(&saves("krasnoi-1812-on-the-table.coldsteel.json"), &g);
}

/// Issue 50: the example battles' tables as example packs to share, each named for what
/// it is ("Example club tables, not the rulebook's"), written from the examples
/// (`COLDSTEEL_WRITE_SAVES=1`); the embedded battle ships with no table filled.
#[test]
fn the_example_packs_are_the_example_battles_rules_and_say_what_they_are() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (save, pack) in [
        ("krasnoi-1812-on-the-table.coldsteel.json", "example-club-gdb-table.coldsteel-rules.json"),
        ("krasnoi-1812-whole-turn.coldsteel.json", "example-club-gdb.coldsteel-rules.json"),
        ("krasnoi-1812-ruleset-b-whole-turn.coldsteel.json", "example-club-ruleset-b.coldsteel-rules.json"),
    ] {
        let game = storage::read_battle_file(&saves(save)).unwrap();
        let own = game.battle().rules_pack();
        assert_eq!(own.id.name, coldsteel::model::EXAMPLE_PACK_NAME, "{save}");
        let path = root.join("assets/rules").join(pack);
        if std::env::var_os("COLDSTEEL_WRITE_SAVES").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, storage::pack_to_json(&own)).unwrap();
        }
        assert_eq!(
            storage::read_pack_file(&path).unwrap(),
            own,
            "{pack} is out of date: rerun with COLDSTEEL_WRITE_SAVES=1"
        );
    }
    assert!(storage::default_game().unwrap().battle().options.tables_empty(), "no invented numbers");
}
