//! Budgets of design.md section 6 for the rules core.

use coldsteel::rules::GdbOptions;
use coldsteel::rules::gdb::{MeleeInput, MeleeSide, Role};
use coldsteel::rules::vocab::{Arm, Class, Formation, Terrain};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn gdb_input() -> MeleeInput {
    MeleeInput {
        attacker: MeleeSide {
            arm: Arm::Lancers,
            regular: true,
            figures: 12,
            situation: coldsteel::rules::Situation { charging: true, moved_cm: Some(12), ..Default::default() },
            ..Default::default()
        },
        defender: MeleeSide {
            arm: Arm::Infantry,
            class: Class::Conscript,
            formation: Formation::Square,
            terrain: Terrain::Hill,
            figures: 24,
            ..Default::default()
        },
        options: GdbOptions::default(),
    }
}

/// GdB melee: breakdown of both sides plus exact odds over 2D6 x 2D6 (budget < 20 us).
fn gdb_melee(c: &mut Criterion) {
    let input = gdb_input();
    c.bench_function("gdb_melee_breakdown_and_odds", |b| {
        b.iter(|| {
            let i = black_box(&input);
            let a = i.modifiers(Role::Attacker);
            let d = i.modifiers(Role::Defender);
            let odds = i.odds();
            let r = i.resolve([3, 4], [6, 1]);
            black_box((a, d, odds, r))
        })
    });
}

/// A GdB melee with as many modifiers in play as one can have at once: guard lancers
/// with good horses, charging and outnumbering, into the flank of conscript infantry in
/// a column on a hill, disordered and shaken (issue 51).
fn many_modifiers() -> MeleeInput {
    use coldsteel::rules::vocab::{Horses, Order};
    MeleeInput {
        attacker: MeleeSide {
            arm: Arm::Lancers,
            class: Class::Guard,
            horses: Horses::Good,
            regular: true,
            lances: true,
            figures: 24,
            situation: coldsteel::rules::Situation { charging: true, moved_cm: Some(12), ..Default::default() },
            ..Default::default()
        },
        defender: MeleeSide {
            arm: Arm::Infantry,
            class: Class::Conscript,
            formation: Formation::Column,
            terrain: Terrain::Hill,
            order: Order::Disordered,
            figures: 8,
            situation: coldsteel::rules::Situation { struck_face: coldsteel::rules::Face::Flank, ..Default::default() },
            ..Default::default()
        },
        options: GdbOptions::default(),
    }
}

/// Issue 51: which modifiers decided a melee, with every modifier in play (budget
/// < 100 us).
fn gdb_pivotal(c: &mut Criterion) {
    let input = many_modifiers();
    let (a, d) = (input.modifiers(Role::Attacker).len(), input.modifiers(Role::Defender).len());
    assert!(a + d >= 8, "{a} + {d} modifiers in play");
    c.bench_function("gdb_melee_pivotal_marks", |b| b.iter(|| black_box(black_box(&input).pivotal([3, 4], [6, 1]))));
}

/// Ruleset B melee: the kill distribution of 30 dice a side (budget < 50 us).
fn b_melee(c: &mut Criterion) {
    use coldsteel::rules::BOptions;
    use coldsteel::rules::ruleset_b::{BMeleeInput, BSide};
    let side = |arm, lances| BSide { arm, lances, figures_in_contact: 30, figures: 30, ..Default::default() };
    let input = BMeleeInput {
        attacker: side(Arm::Lancers, true),
        defender: side(Arm::Infantry, false),
        turn: 2,
        options: BOptions::default(),
    };
    c.bench_function("ruleset_b_melee_kills_30_dice_a_side", |b| {
        b.iter(|| {
            let i = black_box(&input);
            black_box((i.kill_distribution(Role::Attacker), i.kill_distribution(Role::Defender)))
        })
    });
}

criterion_group!(benches, gdb_melee, gdb_pivotal, b_melee);
criterion_main!(benches);
