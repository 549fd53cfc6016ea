//! A stress battle for benchmarks and tests: a large multi-player game of several
//! divisions a side (by default 1,000 units, 100 generals, 10,000 log entries). Built
//! deterministically, without a random generator.

use super::{Battle, Brigade, BrigadeId, General, GeneralId, LogDetail, LogEntry, SideInfo, Unit, UnitId};
use crate::rules::gdb::{MeleeInput, MeleeSide};
use crate::rules::{Arm, BySide, Class, Nation, Phase, Quality, Rank, Role, Side};

/// The two sides of the generated battles: a French and a Russian army.
pub fn two_armies() -> BySide<SideInfo> {
    BySide {
        first: SideInfo {
            name: "First army".into(), name_ru: Some("Первая армия".into()), nation: Nation::French
        },
        second: SideInfo {
            name: "Second army".into(), name_ru: Some("Вторая армия".into()), nation: Nation::Russian
        },
    }
}

/// A battle with `units` units in brigades of ten, a general per brigade, and `log`
/// log entries (melees and notes).
pub fn stress_battle(units: u32, log: u32) -> Battle {
    let brigades = units.div_ceil(10).max(2);
    let mut b = Battle {
        name: format!("Stress battle ({units} units)"),
        sides: two_armies(),
        turn: 1 + log / 200,
        phase: Phase::Melee,
        ..Battle::default()
    };
    for i in 1..=brigades {
        let side = if i % 2 == 0 { Side::Second } else { Side::First };
        b.brigades.push(Brigade {
            id: BrigadeId(i),
            name: format!("Brigade {i}"),
            name_ru: Some(format!("Бригада {i}")),
            side,
        });
        b.generals.push(General {
            id: GeneralId(i),
            name: format!("General {i}"),
            name_ru: None,
            side,
            rank: Rank::Brigade,
            quality: if i % 7 == 0 { Quality::Inept } else { Quality::Average },
            brigade: Some(BrigadeId(i)),
            attached_to: None,
            lost: false,
            orders_used: 0,
            place: None,
        });
    }
    for i in 1..=units {
        let brigade = (i - 1) / 10 + 1;
        let side = if brigade % 2 == 0 { Side::Second } else { Side::First };
        let arm = Arm::ALL[(i as usize) % Arm::ALL.len()];
        let mut u = Unit::new(UnitId(i), &format!("Unit {i}"), side, arm, 12 + i % 13);
        u.brigade = Some(BrigadeId(brigade));
        u.class = Class::ALL[(i as usize) % Class::ALL.len()];
        u.figures = u.figures_start - i % 4;
        b.units.push(u);
    }
    let melee = MeleeInput {
        attacker: MeleeSide {
            arm: Arm::Dragoons,
            figures: 12,
            situation: crate::rules::Situation { charging: true, moved_cm: Some(10), ..Default::default() },
            ..Default::default()
        },
        defender: MeleeSide { arm: Arm::Infantry, figures: 24, ..Default::default() },
        options: Default::default(),
    };
    let result = melee.resolve([3, 4], [2, 5]);
    for seq in 1..=u64::from(log) {
        let a = UnitId(1 + (seq as u32 * 7) % units.max(1));
        let d = UnitId(1 + (seq as u32 * 13) % units.max(1));
        let detail = if seq % 3 == 0 {
            LogDetail::Note { text: format!("note {seq}"), hidden: false }
        } else {
            LogDetail::GdbMelee {
                attacker_side: melee.attacker.clone(),
                defender_side: melee.defender.clone(),
                attacker_modifiers: melee.modifiers(Role::Attacker),
                defender_modifiers: melee.modifiers(Role::Defender),
                result: result.clone(),
                losses: (1, 2).into(),
                overridden: None,
                tests: Vec::new(),
                taken: Vec::new(),
            }
        };
        let turn = 1 + (seq / 200) as u32;
        b.log.push(LogEntry {
            seq,
            turn,
            phase: Phase::Melee,
            units: vec![a, d],
            detail,
            action: None,
            revealed: Vec::new(),
        });
    }
    b
}

/// A battle of `units` at the start of turn 1, the first `placed` of them on a 6 × 3 m
/// table in rows, for the report's maps (issue 29).
pub fn placed_battle(units: u32, placed: usize) -> Battle {
    let mut b = stress_battle(units, 0);
    b.turn = 1;
    b.phase = Phase::Initiative;
    b.table = Some(super::TableSetup::new(600, 300));
    for (i, u) in b.units.iter_mut().take(placed).enumerate() {
        let (col, row) = (i32::try_from(i % 50).unwrap_or(0), i32::try_from(i / 50).unwrap_or(0));
        u.place = Some(super::Placement { x_mm: 100 + col * 110, y_mm: 100 + row * 70, facing_deg: 0 });
    }
    b
}

/// [`stress_battle`] on a 6 × 3 m table, every arm based 40 × 20 mm with six figures a
/// base, its first `placed` units on it in rows of 40 (the players' page's benchmarks and
/// tests, issue 47).
pub fn based_on_a_table(units: u32, log: u32, placed: usize) -> Battle {
    let mut b = stress_battle(units, log);
    b.table = Some(super::TableSetup::new(600, 300));
    for arm in Arm::ALL {
        b.options.basing.push(crate::rules::options::BasingRow {
            arm: *arm,
            formation: None,
            frontage_mm: 40,
            depth_mm: 20,
            figures_per_base: 6,
            bases_deep: 1,
        });
    }
    for (i, u) in b.units.iter_mut().take(placed).enumerate() {
        let (col, row) = (i32::try_from(i % 40).unwrap_or(0), i32::try_from(i / 40).unwrap_or(0));
        u.place = Some(super::Placement { x_mm: 100 + col * 145, y_mm: 100 + row * 110, facing_deg: 0 });
    }
    b
}

/// A battle whose file comes near the 64 MiB a battle file may have: 80,000 units and a
/// 20,000-entry log whose notes are 3,500 characters long (issue 29's benchmarks; issue 31
/// wrote units and entries a line each, so the notes are longer to stay near the limit).
pub fn near_the_size_limit() -> Battle {
    let mut b = stress_battle(80_000, 20_000);
    for entry in &mut b.log {
        if let LogDetail::Note { text, .. } = &mut entry.detail {
            let seq = text.clone();
            *text = format!("{seq}: {}", "The Guard holds the village. ".repeat(120));
        }
    }
    b
}
