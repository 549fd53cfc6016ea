//! The example battles in `saves/` are built here through the game's own actions, so
//! they always fit the current format. `COLDSTEEL_WRITE_SAVES=1 cargo test --test
//! saves_examples` rewrites them; a normal run checks that they still match.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::side_of;

use std::path::Path;

use coldsteel::game::{Action, Game, GdbMeleeAction};
use coldsteel::model::{LogDetail, PendingMelee, Unit};
use coldsteel::rules::{BySide, Marker, Phase, Ruleset, Side};
use coldsteel::storage;

fn unit<'a>(g: &'a Game, name: &str) -> &'a Unit {
    g.battle.units.iter().find(|u| u.name == name).unwrap()
}

fn contact(g: &mut Game, attacker: &str, defender: &str, moved: u32) {
    let (a, d) = (unit(g, attacker).id, unit(g, defender).id);
    let m = PendingMelee {
        attacker: a,
        defender: d,
        charging: true,
        moved_cm: Some(moved),
        flank_or_rear: false,
        melee_turn: 1,
    };
    g.perform(&Action::AddPendingMelee(m)).unwrap();
    let mut charged = unit(g, attacker).clone();
    charged.markers.insert(Marker::ChargedThisTurn);
    g.perform(&Action::EditUnit(charged)).unwrap();
}

fn fight(g: &mut Game, attacker: &str, defender: &str, dice: ([u8; 2], [u8; 2]), losses: (u32, u32)) {
    let (a, d) = (unit(g, attacker), unit(g, defender));
    let pending = g.battle.pending_melees.iter().find(|p| p.attacker == a.id && p.defender == d.id);
    let moved = pending.and_then(|p| p.moved_cm);
    let charging = pending.is_some_and(|p| p.charging);
    let action = Action::GdbMelee(Box::new(GdbMeleeAction {
        attacker: a.id,
        defender: d.id,
        attacker_side: side_of(a, charging, moved),
        defender_side: side_of(d, false, None),
        dice,
        losses,
        overridden: None,
        rng_after: None,
        tests: Vec::new(),
    }));
    g.perform(&action).unwrap();
}

fn to(g: &mut Game, phase: Phase) {
    while g.battle.phase != phase {
        g.perform(&Action::AdvancePhase).unwrap();
    }
}

fn initiative(g: &mut Game, first: [u8; 2], second: [u8; 2], phasing: Side) {
    g.perform(&Action::Initiative { dice: BySide { first, second }, phasing, rng_after: None }).unwrap();
}

/// Krasnoi at turn 3: two turns of charges and melees behind it, a unit retreating, one
/// routing, and a melee pending.
fn mid_game() -> Game {
    let mut g = storage::default_game().unwrap();
    g.battle.name = "Krasnoi, 17 November 1812 — turn 3".into();
    g.battle.name_ru = Some("Красный, 17 ноября 1812 года — ход 3".into());
    initiative(&mut g, [5, 4], [2, 4], Side::Second);
    to(&mut g, Phase::Charges);
    contact(&mut g, "Ekaterinoslav Cuirassiers", "4th bn, 33e Léger", 14);
    contact(&mut g, "Sumy Hussars", "Guard Chasseurs à cheval", 12);
    to(&mut g, Phase::Melee);
    fight(&mut g, "Ekaterinoslav Cuirassiers", "4th bn, 33e Léger", ([2, 3], [4, 4]), (0, 3));
    fight(&mut g, "Sumy Hussars", "Guard Chasseurs à cheval", ([3, 3], [5, 1]), (1, 1));
    to(&mut g, Phase::Morale);
    g.perform(&Action::Note("4th bn, 33e Léger passes its morale test".into())).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    initiative(&mut g, [6, 2], [3, 3], Side::First);
    to(&mut g, Phase::Charges);
    contact(&mut g, "Empress Dragoons", "Kiev Dragoons", 16);
    to(&mut g, Phase::Melee);
    fight(&mut g, "Empress Dragoons", "Kiev Dragoons", ([6, 5], [1, 2]), (1, 4));
    to(&mut g, Phase::Morale);
    g.perform(&Action::AdvancePhase).unwrap();
    initiative(&mut g, [4, 4], [5, 4], Side::Second);
    to(&mut g, Phase::Charges);
    contact(&mut g, "Chuguev Uhlans", "1st Vistula Legion", 11);
    contact(&mut g, "Ladoga Infantry", "1st Voltigeurs of the Guard", 8);
    to(&mut g, Phase::Melee);
    fight(&mut g, "Chuguev Uhlans", "1st Vistula Legion", ([2, 2], [5, 4]), (2, 1));
    g
}

/// The default order of battle played under Ruleset B, at its first attack.
fn ruleset_b() -> Game {
    let mut g = storage::default_game().unwrap();
    g.battle.name = "Krasnoi, 17 November 1812 (Ruleset B)".into();
    g.battle.name_ru = Some("Красный, 17 ноября 1812 года (правила B)".into());
    g.battle.ruleset = Ruleset::RulesetB;
    g.battle.phase = Phase::Charges;
    g.battle.options.ruleset_b.zone_widths_cm = vec![5, 5, 5];
    g
}

fn check_or_write(name: &str, game: &Game) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves").join(name);
    let text = format!("{}\n", storage::to_json(game));
    if std::env::var_os("COLDSTEEL_WRITE_SAVES").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(on_disk, text, "{} is out of date: rerun with COLDSTEEL_WRITE_SAVES=1", path.display());
    assert_eq!(storage::read_battle_file(&path).unwrap(), *game);
}

#[test]
fn mid_game_example() {
    let g = mid_game();
    assert_eq!((g.battle.turn, g.battle.phase), (3, Phase::Melee));
    assert!(g.battle.log.len() >= 20);
    assert!(g.battle.log.iter().filter(|e| matches!(e.detail, LogDetail::GdbMelee { .. })).count() >= 4);
    assert_eq!(g.battle.pending_melees.len(), 1);
    assert!(g.battle.units.iter().any(|u| u.markers.contains(&Marker::Retreating)));
    assert!(!g.history.done.is_empty());
    check_or_write("krasnoi-1812-turn3.coldsteel.json", &g);
}

#[test]
fn ruleset_b_example() {
    let g = ruleset_b();
    assert_eq!(g.battle.ruleset, Ruleset::RulesetB);
    check_or_write("krasnoi-1812-ruleset-b.coldsteel.json", &g);
}
