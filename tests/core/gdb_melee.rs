//! General de Brigade melee (seed 000): a table of rows, one per modifier, result and
//! exception, read from `tests/data/gdb_melee.jsonl`; then the invariants as properties.

use std::collections::BTreeSet;

use coldsteel::rules::GdbOptions;
use coldsteel::rules::explain::sum;
use coldsteel::rules::gdb::{Effect, MeleeInput, MeleeSide, Outcome, Role, Test};
use coldsteel::rules::vocab::{Arm, Class, Formation, Order, Terrain};
use proptest::prelude::*;
use serde::Deserialize;

#[derive(Deserialize)]
struct Row {
    name: String,
    clauses: Vec<String>,
    attacker: MeleeSide,
    defender: MeleeSide,
    #[serde(default)]
    options: Option<GdbOptions>,
    #[serde(default)]
    dice: Option<[[u8; 2]; 2]>,
    attacker_mods: String,
    defender_mods: String,
    #[serde(default)]
    winner: Option<Role>,
    #[serde(default)]
    outcome: Option<Outcome>,
    #[serde(default)]
    attacker_effects: Option<String>,
    #[serde(default)]
    defender_effects: Option<String>,
}

fn rows() -> Vec<Row> {
    include_str!("../data/gdb_melee.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad row {l}: {e}")))
        .collect()
}

fn mods_text(input: &MeleeInput, role: Role) -> String {
    input.modifiers(role).iter().map(|m| format!("{}{:+}", m.rule_id(), m.value)).collect::<Vec<_>>().join(" ")
}

fn effect_text(e: &Effect) -> String {
    match e {
        Effect::Routs => "routs".into(),
        Effect::Retreats => "retreats".into(),
        Effect::PushedBack { cm: None } => "pushed_back".into(),
        Effect::PushedBack { cm: Some(cm) } => format!("pushed_back({cm})"),
        Effect::Unformed => "unformed".into(),
        Effect::StaysFormed => "stays_formed".into(),
        Effect::Tests { test: Test::Pursuit } => "tests(pursuit)".into(),
        Effect::Tests { test: Test::Formation } => "tests(formation)".into(),
        Effect::StaysUnformed => "stays_unformed".into(),
        Effect::FollowsInContact => "follows_in_contact".into(),
        Effect::MeleeContinues => "melee_continues".into(),
        Effect::Dispersed { removed: true } => "dispersed(removed)".into(),
        Effect::Dispersed { removed: false } => "dispersed".into(),
        Effect::BonusMove => "bonus_move".into(),
        Effect::Casualties { figures, halved: true } => format!("casualties({figures},halved)"),
        Effect::Casualties { figures, halved: false } => format!("casualties({figures})"),
        Effect::CasualtiesToEnter => "casualties_to_enter".into(),
    }
}

fn effects_text(effects: &[Effect]) -> String {
    effects.iter().map(effect_text).collect::<Vec<_>>().join(" ")
}

#[test]
fn every_row_of_the_table() {
    for row in rows() {
        let input =
            MeleeInput { attacker: row.attacker, defender: row.defender, options: row.options.unwrap_or_default() };
        assert_eq!(mods_text(&input, Role::Attacker), row.attacker_mods, "{}: attacker modifiers", row.name);
        assert_eq!(mods_text(&input, Role::Defender), row.defender_mods, "{}: defender modifiers", row.name);
        let odds = input.odds();
        let total: u32 = odds.iter().map(|o| o.ways).sum();
        assert_eq!(total, 1296, "{}", row.name);
        let Some([a, d]) = row.dice else { continue };
        let r = input.resolve(a, d);
        let expected_a = i32::from(a[0] + a[1]) + sum(&input.modifiers(Role::Attacker));
        assert_eq!(r.attacker_total, expected_a, "{}", row.name);
        assert_eq!(r.winner, row.winner, "{}: winner", row.name);
        assert_eq!(Some(r.outcome), row.outcome, "{}: outcome", row.name);
        assert_eq!(Some(effects_text(&r.attacker_effects)), row.attacker_effects, "{}: attacker effects", row.name);
        assert_eq!(Some(effects_text(&r.defender_effects)), row.defender_effects, "{}: defender effects", row.name);
        assert!(odds.iter().any(|o| o.winner == r.winner && o.outcome == r.outcome && o.ways > 0), "{}", row.name);
    }
}

#[test]
fn the_table_names_every_melee_clause() {
    let named: BTreeSet<String> = rows().into_iter().flat_map(|r| r.clauses).collect();
    let mut wanted: Vec<String> = (1..=29).map(|n| format!("GDB-MOD-{n:02}")).collect();
    wanted.extend([1, 2, 3, 4, 5, 6, 7, 8].map(|n| format!("GDB-MOD-FN{n}")));
    wanted.extend((3..=5).map(|n| format!("GDB-MEL-{n:02}")));
    wanted.extend((1..=17).map(|n| format!("GDB-RES-{n:02}")));
    let missing: Vec<&String> = wanted.iter().filter(|w| !named.contains(*w)).collect();
    assert!(missing.is_empty(), "clauses without a row: {missing:?}");
}

/// The odds of digest example 2: British heavy dragoons (+4, +2 charging) against a
/// French line square (+2, +4): the dragoons need 7 or more to break it.
#[test]
fn ex2_dragoons_against_a_square_odds() {
    let input = MeleeInput {
        attacker: MeleeSide {
            arm: Arm::HeavyCavalry,
            situation: coldsteel::rules::Situation { charging: true, moved_cm: Some(20), ..Default::default() },
            ..Default::default()
        },
        defender: MeleeSide { arm: Arm::Infantry, formation: Formation::Square, ..Default::default() },
        options: GdbOptions::default(),
    };
    assert_eq!(sum(&input.modifiers(Role::Attacker)), 6);
    assert_eq!(sum(&input.modifiers(Role::Defender)), 6);
    let odds = input.odds();
    let broken = odds.iter().find(|o| o.outcome == Outcome::SquareBroken).unwrap();
    // 2D6 - 2D6 >= 7: 35 of 1296 (counted by hand over the 6^4 dice).
    assert_eq!(broken.ways, 35);
    assert!((odds.iter().map(|o| o.p).sum::<f64>() - 1.0).abs() < 1e-12);
}

fn arb_side() -> impl Strategy<Value = MeleeSide> {
    (
        prop::sample::select(Arm::ALL.to_vec()),
        prop::sample::select(Class::ALL.to_vec()),
        prop::sample::select(Formation::ALL.to_vec()),
        prop::sample::select(vec![Order::Formed, Order::Disordered, Order::Wavering]),
        prop::sample::select(Terrain::ALL.to_vec()),
        0u32..40,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(arm, class, formation, order, terrain, figures, charging, flank)| MeleeSide {
            arm,
            class,
            formation,
            order,
            terrain,
            figures,
            regular: arm == Arm::Lancers,
            situation: coldsteel::rules::Situation {
                charging,
                struck_face: if flank { coldsteel::rules::Face::Flank } else { coldsteel::rules::Face::Front },
                ..Default::default()
            },
            ..Default::default()
        })
}

fn die() -> impl Strategy<Value = u8> {
    1u8..=6
}

/// How good a result is for `role`: higher is better.
fn standing(r: &coldsteel::rules::gdb::MeleeResult, role: Role) -> i32 {
    let band = match r.outcome {
        Outcome::Draw => 0,
        Outcome::PushedBack | Outcome::SquareHolds => 1,
        Outcome::Retreat => 2,
        Outcome::Rout | Outcome::SquareBroken => 3,
    };
    match r.winner {
        None => 0,
        Some(w) if w == role => band,
        Some(_) => -band,
    }
}

proptest! {
    #[test]
    fn total_is_dice_plus_modifiers(a in arb_side(), d in arb_side(), da in (die(), die()), dd in (die(), die())) {
        let input = MeleeInput { attacker: a, defender: d, options: GdbOptions::default() };
        let r = input.resolve([da.0, da.1], [dd.0, dd.1]);
        prop_assert_eq!(r.attacker_total, i32::from(da.0 + da.1) + sum(&input.modifiers(Role::Attacker)));
        prop_assert_eq!(r.defender_total, i32::from(dd.0 + dd.1) + sum(&input.modifiers(Role::Defender)));
    }

    #[test]
    fn raising_a_die_never_worsens_the_result(a in arb_side(), d in arb_side(), da in (1u8..=5, die()), dd in (die(), die())) {
        let input = MeleeInput { attacker: a, defender: d, options: GdbOptions::default() };
        let low = input.resolve([da.0, da.1], [dd.0, dd.1]);
        let high = input.resolve([da.0 + 1, da.1], [dd.0, dd.1]);
        prop_assert!(standing(&high, Role::Attacker) >= standing(&low, Role::Attacker));
    }

    #[test]
    fn odds_sum_to_one(a in arb_side(), d in arb_side()) {
        let input = MeleeInput { attacker: a, defender: d, options: GdbOptions::default() };
        let odds = input.odds();
        prop_assert_eq!(odds.iter().map(|o| o.ways).sum::<u32>(), 1296);
        prop_assert!((odds.iter().map(|o| o.p).sum::<f64>() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn swapping_the_sides_mirrors_the_result(a in arb_side(), d in arb_side(), da in (die(), die()), dd in (die(), die())) {
        // GDB-RES-14 is for defenders only: a fortified side breaks the symmetry.
        prop_assume!(!a.terrain.fortified() && !d.terrain.fortified());
        let input = MeleeInput { attacker: a.clone(), defender: d.clone(), options: GdbOptions::default() };
        let swapped = MeleeInput { attacker: d, defender: a, options: GdbOptions::default() };
        let r = input.resolve([da.0, da.1], [dd.0, dd.1]);
        let s = swapped.resolve([dd.0, dd.1], [da.0, da.1]);
        prop_assert_eq!(r.winner.map(Role::other), s.winner);
        prop_assert_eq!(r.outcome, s.outcome);
        prop_assert_eq!(&r.attacker_effects, &s.defender_effects);
        prop_assert_eq!(&r.defender_effects, &s.attacker_effects);
    }
}

/// Issue 51: which modifiers decided a melee, with the same dice (`pivotal`): worked on
/// example 4's flank charge (cuirassiers +5 and charging +2 against dragoons +3 attacked
/// in the flank −4), the expected marks written out.
#[test]
fn the_modifiers_that_decided_a_melee_are_marked() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engagements/ex4-flank-on-the-table.json"))
            .unwrap();
    let coldsteel::resolve::Engagement::GdbMelee { input, .. } = coldsteel::resolve::parse(&text).unwrap() else {
        panic!("a GdB melee")
    };
    let rules = |role| input.modifiers(role).iter().map(|m| (m.rule_id(), m.value)).collect::<Vec<_>>();
    assert_eq!(rules(Role::Attacker), [("GDB-MOD-01", 5), ("GDB-MOD-13", 0), ("GDB-MOD-21", 2)]);
    assert_eq!(rules(Role::Defender), [("GDB-MOD-03", 3), ("GDB-MOD-13", 0), ("GDB-MOD-20", -4)]);
    // (attacker's 2D6, defender's 2D6) → the marks of each side's modifiers, in order.
    type Dice = ([u8; 2], [u8; 2]);
    let table: [(Dice, [bool; 3], [bool; 3]); 4] = [
        // +8, a rout: without +5 or +2 a retreat (+3, +6); without −4 a retreat (+4);
        // without +3 still a rout (+11); a +0 never decides.
        (([3, 4], [5, 2]), [true, false, true], [false, false, true]),
        // +18, a rout whichever modifier goes.
        (([6, 6], [1, 1]), [false, false, false], [false, false, false]),
        // −2, the defender pushes back: without +5 a rout (−7), without +2 a retreat
        // (−4); without +3 the attacker pushes back (+1), without −4 a retreat (−6).
        (([1, 1], [6, 6]), [true, false, true], [true, false, true]),
        // +1, the attacker pushes back: without +5 the defender wins (−4), without +2 too
        // (−1); without +3 a retreat (+4), without −4 the defender wins (−3).
        (([1, 2], [6, 4]), [true, false, true], [true, false, true]),
    ];
    for ((a, d), attacker, defender) in table {
        let marks = input.pivotal(a, d);
        assert_eq!(
            (marks.attacker.as_slice(), marks.defender.as_slice()),
            (&attacker[..], &defender[..]),
            "{a:?} {d:?}"
        );
    }
}
