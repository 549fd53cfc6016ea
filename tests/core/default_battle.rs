//! The embedded default battle loads, is valid and covers what the foundation promises.

use std::collections::BTreeSet;

use coldsteel::rules::{Arm, Class, Quality, Rank, Side};
use coldsteel::storage;

#[test]
fn default_battle_loads_and_is_valid() {
    let game = storage::default_game().expect("default battle loads");
    let battle = &game.battle();
    assert!(battle.problems().is_empty(), "{:?}", battle.problems());
    assert!(battle.units.len() >= 16, "only {} units", battle.units.len());
    let arms: BTreeSet<Arm> = battle.units.iter().map(|u| u.arm).collect();
    for arm in Arm::ALL {
        assert!(arms.contains(arm), "no unit of arm {arm:?}");
    }
    assert!(battle.units.iter().any(|u| u.class == Class::Guard));
    assert!(battle.units.iter().any(|u| u.class == Class::Conscript));
    for side in Side::ALL {
        assert!(battle.commander_in_chief(*side).is_some(), "{side:?} has no C-in-C");
        assert!(battle.brigades_of(*side).count() >= 2, "{side:?} has fewer than two brigades");
        for brigade in battle.brigades_of(*side) {
            assert!(battle.generals_of(brigade.id).any(|g| g.rank == Rank::Brigade), "{} has no general", brigade.name);
        }
    }
    assert!(battle.generals.iter().any(|g| g.quality == Quality::Inept));
    assert!(battle.units.iter().all(|u| u.name_ru.is_some()), "every default unit has a Russian name");
}

#[test]
fn saves_copy_is_the_embedded_battle() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/saves/krasnoi-1812.coldsteel.json");
    let text = std::fs::read_to_string(path).unwrap();
    assert_eq!(text, storage::DEFAULT_BATTLE_JSON);
}

#[test]
fn default_battle_round_trips() {
    let game = storage::default_game().unwrap();
    let text = storage::to_json(&game);
    let back = storage::from_json(&text).unwrap();
    assert_eq!(game, back);
}
