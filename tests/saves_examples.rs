//! The default battle and the example battles in `saves/` are built here through the
//! game's own actions, so each file is a journal that `coldsteel replay` re-runs, and
//! they always fit the current format. `COLDSTEEL_WRITE_SAVES=1 cargo test --test
//! saves_examples` rewrites them; a normal run checks that they still match.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{charge, do_charge, initiative, melee, to};

use std::path::Path;

use coldsteel::game::{Action, BTable, CollisionAction, Game, replay};
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

fn stand_charge(g: &mut Game, charger: &str, target: &str, distance: u32) {
    let inputs = vec![Input::Reaction(Reaction::Stand), Input::ChargerTest(pass()), Input::StandTest(pass())];
    let a = charge(g, charger, target, distance, inputs);
    do_charge(g, a);
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
    stand_charge(&mut g, "Ekaterinoslav Cuirassiers", "4th bn, 33e Léger", 14);
    let counter = vec![
        Input::Reaction(Reaction::CounterCharge),
        Input::ChargerTest(pass()),
        Input::CounterTest(pass()),
        Input::CounterMeet { counter_cm: 6 },
    ];
    let a = charge(&g, "Sumy Hussars", "Guard Chasseurs à cheval", 12, counter);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    fight(&mut g, "Ekaterinoslav Cuirassiers", "4th bn, 33e Léger", ([2, 3], [4, 4]), (0, 3));
    fight(&mut g, "Sumy Hussars", "Guard Chasseurs à cheval", ([3, 3], [5, 1]), (1, 1));
    to(&mut g, Phase::Morale);
    g.perform(&Action::Note("4th bn, 33e Léger passes its morale test".into())).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    initiative(&mut g, [6, 2], [3, 3], Side::First);
    to(&mut g, Phase::Charges);
    stand_charge(&mut g, "Empress Dragoons", "Kiev Dragoons", 16);
    to(&mut g, Phase::Melee);
    fight(&mut g, "Empress Dragoons", "Kiev Dragoons", ([6, 5], [1, 2]), (1, 4));
    to(&mut g, Phase::Morale);
    g.perform(&Action::AdvancePhase).unwrap();
    initiative(&mut g, [4, 4], [5, 4], Side::Second);
    to(&mut g, Phase::Charges);
    stand_charge(&mut g, "Chuguev Uhlans", "1st Vistula Legion", 11);
    stand_charge(&mut g, "Ladoga Infantry", "1st Voltigeurs of the Guard", 8);
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
    g.perform(&Action::SetOptions(Box::new((Ruleset::RulesetB, options)))).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    let collision = CollisionAction {
        attacker: common::id(&g, "Sumy Hussars"),
        defender: common::id(&g, "Guard Chasseurs à cheval"),
        table: (BTable::default(), BTable::default()),
        defender_attacking: true,
        distance_cm: None,
        dice: (5, 3),
        caught: false,
        rng_after: None,
    };
    g.perform(&Action::Collision(Box::new(collision))).unwrap();
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
    assert!(e.both_attacking, "the collision's both-attacking reaches the melee (B-MEL-05)");
    check_or_write(&saves("krasnoi-1812-ruleset-b.coldsteel.json"), &g);
}
