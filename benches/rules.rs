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
            situation: coldsteel::rules::Situation {
                charging: true,
                moved_cm: Some(12),
                overrules: vec![coldsteel::rules::PlayersModifier { value: 1, reason: "the Emperor watches".into() }],
                ..Default::default()
            },
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
            situation: coldsteel::rules::Situation {
                struck_face: coldsteel::rules::Face::Flank,
                overrules: vec![coldsteel::rules::PlayersModifier { value: -1, reason: "crossing a stream".into() }],
                ..Default::default()
            },
            ..Default::default()
        },
        options: GdbOptions { house: club_house(), ..GdbOptions::default() },
    }
}

/// The club's house rules of the benchmark: eight modifiers of its own, each with three
/// tests (every one of them holding on one side or the other), and three rulebook
/// clauses changed or switched off (issue 51).
fn club_house() -> coldsteel::rules::house::HouseRules {
    use coldsteel::rules::house::{Condition, HouseModifier, HouseRules, RulebookChange, Step, Whose};
    use coldsteel::rules::{Rule, Words};
    let words = |n: usize| Words { en: format!("Club rule {n}"), ru: format!("Правило клуба {n}") };
    let test = |side, field: &str, is: &[&str]| Condition {
        side,
        field: field.into(),
        is: is.iter().map(|v| (*v).to_owned()).collect(),
    };
    let modifiers = (0..8)
        .map(|n| HouseModifier {
            id: format!("CLUB-{n}"),
            label: words(n),
            step: Step::GdbMelee,
            when: vec![
                test(Whose::Own, "arm", &["lancers", "infantry"]),
                test(Whose::Enemy, "class", &["guard", "conscript"]),
                test(Whose::Own, "caught_evading", &["false"]),
            ],
            value: if n % 2 == 0 { 1 } else { -1 },
        })
        .collect();
    let change =
        |id: &str, rule, value| RulebookChange { id: id.into(), label: words(9), rule, value, off: value.is_none() };
    HouseRules {
        modifiers,
        changes: vec![
            change("CH-GUARD", Rule::GdbMod11Guard, Some(3)),
            change("CH-HORSES", Rule::GdbMod17GoodHorses, Some(2)),
            change("CH-COVER", Rule::GdbMod25CoverHill, None),
        ],
    }
}

/// Issue 51: which modifiers decided a melee, with every modifier in play: the
/// rulebook's, the club's own and changed, the players' (budget < 100 us).
fn gdb_pivotal(c: &mut Criterion) {
    let input = many_modifiers();
    let (a, d) = (input.modifiers(Role::Attacker).len(), input.modifiers(Role::Defender).len());
    assert!(a + d >= 24, "{a} + {d} modifiers in play");
    eprintln!("gdb_melee_pivotal_marks: {a} + {d} modifiers in play");
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
