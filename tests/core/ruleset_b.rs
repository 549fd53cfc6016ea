//! Ruleset B (seed 004): the collision test from a table of rows
//! (`tests/data/ruleset_b_collision.jsonl`), the melee's dice, kills and turns, and
//! the invariants as properties.

use std::collections::BTreeSet;

use coldsteel::rules::BOptions;
use coldsteel::rules::dice::DieKind;
use coldsteel::rules::gdb::Role;
use coldsteel::rules::ruleset_b::{
    BMeleeInput, BSide, CollisionInput, CollisionOutcome, LoserReason, MeleeKind, MeleeState, SideTurn, TestResult,
};
use coldsteel::rules::vocab::{Arm, Face, Formation, Order};
use proptest::prelude::*;
use serde::Deserialize;

#[derive(Deserialize)]
struct Row {
    name: String,
    clauses: Vec<String>,
    attacker: BSide,
    defender: BSide,
    #[serde(default)]
    options: Option<BOptions>,
    #[serde(default)]
    dice: Option<[u8; 2]>,
    attacker_mods: String,
    defender_mods: String,
    #[serde(default)]
    outcome: Option<CollisionOutcome>,
    #[serde(default)]
    zone: Option<u32>,
    #[serde(default)]
    flee_cm: Option<u32>,
    #[serde(default)]
    winner: Option<Role>,
    #[serde(default)]
    unopposed: bool,
}

fn rows() -> Vec<Row> {
    include_str!("../data/ruleset_b_collision.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad row {l}: {e}")))
        .collect()
}

fn mods(input: &CollisionInput, role: Role) -> String {
    input.modifiers(role).iter().map(|m| format!("{}{:+}", m.rule_id(), m.value)).collect::<Vec<_>>().join(" ")
}

#[test]
fn every_collision_row() {
    for row in rows() {
        let input =
            CollisionInput { attacker: row.attacker, defender: row.defender, options: row.options.unwrap_or_default() };
        assert_eq!(mods(&input, Role::Attacker), row.attacker_mods, "{}", row.name);
        assert_eq!(mods(&input, Role::Defender), row.defender_mods, "{}", row.name);
        assert_eq!(input.odds().iter().map(|o| o.ways).sum::<u32>(), 36, "{}", row.name);
        let Some([a, d]) = row.dice else { continue };
        let r = input.resolve(a, d);
        assert_eq!(Some(r.outcome), row.outcome, "{}", row.name);
        assert_eq!(r.zone, row.zone, "{}", row.name);
        assert_eq!(r.flee_cm, row.flee_cm, "{}", row.name);
        assert_eq!(r.winner, row.winner, "{}", row.name);
        assert_eq!(r.unopposed, row.unopposed, "{}", row.name);
        if r.outcome == CollisionOutcome::AttackerHalts {
            assert_eq!(r.wavering, vec![Role::Attacker], "{}: the halted attacker wavers", row.name);
        }
        if r.outcome == CollisionOutcome::BothHalt {
            assert_eq!(r.wavering, vec![Role::Attacker, Role::Defender], "{}", row.name);
        }
    }
}

#[test]
fn the_rows_name_every_collision_clause() {
    let named: BTreeSet<String> = rows().into_iter().flat_map(|r| r.clauses).collect();
    let mut wanted: Vec<String> = (1..=21).map(|n| format!("B-COL-{n:02}")).collect();
    wanted.extend(["B-FLE-01".to_owned(), "B-FLE-02".to_owned()]);
    let missing: Vec<&String> = wanted.iter().filter(|w| !named.contains(*w)).collect();
    assert!(missing.is_empty(), "clauses without a row: {missing:?}");
}

fn side(arm: Arm, formation: Formation, in_contact: u32) -> BSide {
    BSide { arm, formation, figures_in_contact: in_contact, figures: 24, ..Default::default() }
}

fn melee(attacker: BSide, defender: BSide, turn: u32) -> BMeleeInput {
    BMeleeInput { attacker, defender, turn, options: BOptions::default() }
}

/// B-MEL-01, B-MEL-08, B-MEL-09, B-MEL-10: the digest's dice-count vectors for the figures in contact.
#[test]
fn dice_counts_of_the_digest() {
    let foe = side(Arm::Infantry, Formation::Line, 6);
    for (figures, dice) in [(3, 1), (5, 2), (7, 2), (8, 3)] {
        let m = melee(side(Arm::Infantry, Formation::Column, figures), foe.clone(), 1);
        assert_eq!(m.dice(Role::Attacker), dice, "{figures} formed infantry, turn 1");
    }
    for (figures, dice) in [(4, 2), (5, 2)] {
        let m = melee(side(Arm::Dragoons, Formation::Line, figures), foe.clone(), 1);
        assert_eq!(m.dice(Role::Attacker), dice, "{figures} formed cavalry, turn 1");
    }
    let mut odd = melee(side(Arm::Dragoons, Formation::Line, 5), foe.clone(), 1);
    odd.options.odd_cavalry_figure_lost = false;
    assert_eq!(odd.dice(Role::Attacker), 3, "AMB-32 off: the odd figure counts");
    let m = melee(side(Arm::OpenOrderInfantry, Formation::OpenOrder, 4), foe.clone(), 1);
    assert_eq!(m.dice(Role::Attacker), 4, "dispersed infantry: one die a figure");
    let m = melee(side(Arm::Artillery, Formation::Unlimbered, 5), foe.clone(), 1);
    assert_eq!(m.dice(Role::Attacker), 2, "gunners count like formed infantry");
    let m = melee(side(Arm::Infantry, Formation::Column, 7), foe.clone(), 2);
    assert_eq!(m.dice(Role::Attacker), 7, "turn 2: one die a figure");
    let overlapping = BSide { overlaps: 2, ..side(Arm::Infantry, Formation::Line, 7) };
    let m = melee(overlapping, foe, 1);
    assert_eq!(m.figures_fighting(Role::Attacker), 9, "one figure per overlapping flank");
    assert_eq!(m.dice(Role::Attacker), 3);
}

/// B-MEL-11, 12: who rolls no dice.
#[test]
fn units_that_roll_no_dice() {
    let foe = side(Arm::Dragoons, Formation::Line, 4);
    let wavering_flanked = BSide {
        order: Order::Wavering,
        situation: coldsteel::rules::Situation {
            struck_face: Face::Flank,
            ..side(Arm::Infantry, Formation::Column, 6).situation.clone()
        },
        ..side(Arm::Infantry, Formation::Column, 6)
    };
    assert_eq!(melee(foe.clone(), wavering_flanked, 1).dice(Role::Defender), 0);
    let routing = BSide { order: Order::Routing, ..side(Arm::Infantry, Formation::Column, 6) };
    assert_eq!(melee(foe.clone(), routing, 1).dice(Role::Defender), 0);
    let line_flanked = BSide {
        situation: coldsteel::rules::Situation {
            struck_face: Face::Flank,
            ..side(Arm::Infantry, Formation::Line, 6).situation.clone()
        },
        ..side(Arm::Infantry, Formation::Line, 6)
    };
    assert_eq!(melee(foe.clone(), line_flanked.clone(), 1).dice(Role::Defender), 0, "first turn only");
    assert_eq!(melee(foe.clone(), line_flanked, 2).dice(Role::Defender), 6);
    // B-MEL-11 (corrected reading): only a flank attack costs a line its dice; from the rear it fights.
    let line_rear = BSide {
        situation: coldsteel::rules::Situation {
            struck_face: Face::Rear,
            ..side(Arm::Infantry, Formation::Line, 6).situation.clone()
        },
        ..side(Arm::Infantry, Formation::Line, 6)
    };
    assert_eq!(melee(foe.clone(), line_rear, 1).dice(Role::Defender), 2);
    let caught = BSide {
        situation: coldsteel::rules::Situation {
            caught_evading: true,
            ..side(Arm::Infantry, Formation::Column, 6).situation.clone()
        },
        ..side(Arm::Infantry, Formation::Column, 6)
    };
    assert_eq!(melee(foe, caught, 1).dice(Role::Defender), 0, "B-MEL-12: caught after flight");
}

/// B-MEL-13..16: the +1s per die and the 6+ that kills.
#[test]
fn per_die_modifiers_and_kills() {
    let lancers = BSide { lances: true, ..side(Arm::Lancers, Formation::Line, 4) };
    let dragoons = BSide {
        situation: coldsteel::rules::Situation {
            struck_face: Face::Flank,
            ..side(Arm::Dragoons, Formation::Line, 4).situation.clone()
        },
        ..side(Arm::Dragoons, Formation::Line, 4)
    };
    let m = melee(lancers.clone(), dragoons.clone(), 1);
    let ids: Vec<&str> = m.die_modifiers(Role::Attacker).iter().map(|x| x.rule_id()).collect();
    assert_eq!(ids, ["B-MEL-13", "B-MEL-14"]);
    assert_eq!(m.hits(Role::Attacker, &[4, 5, 6, 3]), 3, "4+2, 5+2 and 6+2 score 6 or more, 3+2 does not");
    let m2 = melee(lancers, dragoons, 2);
    let ids: Vec<&str> = m2.die_modifiers(Role::Attacker).iter().map(|x| x.rule_id()).collect();
    assert_eq!(ids, ["B-MEL-14"], "lances only in the first turn of a cavalry melee");
    let guns = side(Arm::Artillery, Formation::Unlimbered, 3);
    let m = melee(side(Arm::Infantry, Formation::Column, 6), guns, 1);
    let ids: Vec<&str> = m.die_modifiers(Role::Attacker).iter().map(|x| x.rule_id()).collect();
    assert_eq!(ids, ["B-MEL-15"], "gunners always count as dispersed");
    assert_eq!(m.hits(Role::Attacker, &[5, 4]), 1);
    let plain = melee(side(Arm::Infantry, Formation::Column, 6), side(Arm::Infantry, Formation::Line, 6), 1);
    assert_eq!(plain.hits(Role::Attacker, &[6, 5]), 1, "B-MEL-16: 6 or more kills one figure");
    let dist = plain.kill_distribution(Role::Attacker);
    assert_eq!(dist.len(), 3);
    assert!((dist[0] - 25.0 / 36.0).abs() < 1e-12);
    assert!((dist[2] - 1.0 / 36.0).abs() < 1e-12);
}

fn passed() -> Option<TestResult> {
    Some(TestResult { passed: true, score: None })
}
fn failed() -> Option<TestResult> {
    Some(TestResult { passed: false, score: None })
}
fn turn(losses: u32, earlier: u32, test: Option<TestResult>) -> SideTurn {
    SideTurn { losses, earlier_losses: earlier, test, fresh_charge: false }
}

/// B-MEL-02, 03: infantry melee, one side attacking, at most two turns.
#[test]
fn infantry_melee_over_two_turns() {
    let inf = |c| BSide {
        situation: coldsteel::rules::Situation {
            charging: c,
            ..side(Arm::Infantry, Formation::Column, 6).situation.clone()
        },
        ..side(Arm::Infantry, Formation::Column, 6)
    };
    let m1 = melee(inf(true), inf(false), 1);
    assert_eq!(m1.kind(), MeleeKind::Infantry);
    let owed = m1.state(&turn(1, 0, None), &turn(2, 0, None));
    assert_eq!(owed, MeleeState::TestsOwed { sides: vec![Role::Attacker, Role::Defender], die: DieKind::D6 });
    let owed = m1.state(&turn(0, 0, None), &turn(0, 0, None));
    assert_eq!(
        owed,
        MeleeState::TestsOwed { sides: vec![Role::Defender], die: DieKind::D6 },
        "the attacked unit always tests"
    );
    assert_eq!(m1.state(&turn(1, 0, passed()), &turn(2, 0, passed())), MeleeState::Continues { next_turn: 2 });
    let ends = m1.state(&turn(1, 0, passed()), &turn(2, 0, failed()));
    assert_eq!(ends, MeleeState::Ends { loser: Role::Defender, reason: LoserReason::FailedTest, flee_cm: 3 });
    let m2 = melee(inf(true), inf(false), 2);
    let heavier = m2.state(&turn(0, 1, None), &turn(0, 4, None));
    assert_eq!(heavier, MeleeState::Ends { loser: Role::Defender, reason: LoserReason::HeavierLosses, flee_cm: 3 });
    let equal = m2.state(&turn(0, 2, None), &turn(0, 3, None));
    assert_eq!(
        equal,
        MeleeState::Ends { loser: Role::Attacker, reason: LoserReason::AttackerOnEqualLosses, flee_cm: 3 }
    );
    let failed_now = m2.state(&turn(2, 0, failed()), &turn(0, 5, None));
    assert_eq!(failed_now, MeleeState::Ends { loser: Role::Attacker, reason: LoserReason::FailedTest, flee_cm: 3 });
}

/// B-MEL-04: cavalry against cavalry, one attacking: the collision turn only.
#[test]
fn cavalry_melee_lasts_one_turn() {
    let m = melee(
        BSide {
            situation: coldsteel::rules::Situation {
                charging: true,
                ..side(Arm::Cuirassiers, Formation::Line, 4).situation.clone()
            },
            ..side(Arm::Cuirassiers, Formation::Line, 4)
        },
        side(Arm::LightCavalry, Formation::Line, 4),
        1,
    );
    assert_eq!(m.kind(), MeleeKind::Cavalry);
    let fled = m.state(&turn(0, 0, None), &turn(1, 0, failed()));
    assert_eq!(fled, MeleeState::Ends { loser: Role::Defender, reason: LoserReason::FailedTest, flee_cm: 7 });
    let judged = m.state(&turn(0, 0, None), &turn(3, 0, passed()));
    assert_eq!(judged, MeleeState::Ends { loser: Role::Defender, reason: LoserReason::HeavierLosses, flee_cm: 7 });
}

/// B-MEL-05, B-MEL-06, B-MEL-07, B-MEL-17 (tests recorded by the players): both attacking, turn after turn; from turn 2 both test with the
/// average die and, if both fail, the lower score gives way.
#[test]
fn both_attacking_melee_goes_on() {
    let cav = BSide {
        situation: coldsteel::rules::Situation {
            charging: true,
            ..side(Arm::Dragoons, Formation::Line, 4).situation.clone()
        },
        ..side(Arm::Dragoons, Formation::Line, 4)
    };
    let m1 = melee(cav.clone(), cav.clone(), 1);
    assert_eq!(m1.kind(), MeleeKind::BothAttacking);
    assert_eq!(m1.state(&turn(0, 0, None), &turn(0, 0, None)), MeleeState::Continues { next_turn: 2 });
    let m2 = melee(cav.clone(), cav, 2);
    let owed = m2.state(&turn(0, 0, None), &turn(0, 0, None));
    assert_eq!(owed, MeleeState::TestsOwed { sides: vec![Role::Attacker, Role::Defender], die: DieKind::Average });
    let score = |s| Some(TestResult { passed: false, score: Some(s) });
    let lower = m2.state(&turn(0, 0, score(2)), &turn(0, 0, score(4)));
    assert_eq!(lower, MeleeState::Ends { loser: Role::Attacker, reason: LoserReason::LowerScore, flee_cm: 6 });
    assert_eq!(m2.state(&turn(0, 0, score(3)), &turn(0, 0, score(3))), MeleeState::Continues { next_turn: 3 });
}

/// B-MEL-06, B-MEL-17: in the first turn of a both-attacking melee, both sides that lost
/// figures and failed their test are asked for their modified D6 scores, not the average
/// die, which replaces the D6 only from the second turn; the lower score gives way.
#[test]
fn both_attacking_first_turn_scores_are_d6() {
    let cav = BSide {
        situation: coldsteel::rules::Situation {
            charging: true,
            ..side(Arm::Dragoons, Formation::Line, 4).situation.clone()
        },
        ..side(Arm::Dragoons, Formation::Line, 4)
    };
    let m1 = melee(cav.clone(), cav, 1);
    let failed_without_score = Some(TestResult { passed: false, score: None });
    let owed = m1.state(&turn(1, 0, failed_without_score), &turn(1, 0, failed_without_score));
    assert_eq!(owed, MeleeState::TestsOwed { sides: vec![Role::Attacker, Role::Defender], die: DieKind::D6 });
    let score = |s| Some(TestResult { passed: false, score: Some(s) });
    let lower = m1.state(&turn(1, 0, score(5)), &turn(1, 0, score(2)));
    assert_eq!(lower, MeleeState::Ends { loser: Role::Defender, reason: LoserReason::LowerScore, flee_cm: 6 });
}

fn arb_b_side() -> impl Strategy<Value = BSide> {
    (
        prop::sample::select(Arm::ALL.to_vec()),
        prop::sample::select(vec![Formation::Line, Formation::Column, Formation::OpenOrder, Formation::Square]),
        prop::sample::select(vec![Order::Formed, Order::Disordered, Order::Wavering]),
        any::<bool>(),
        any::<bool>(),
        0u32..30,
    )
        .prop_map(|(arm, formation, order, charging, flank, contact)| BSide {
            arm,
            formation,
            order,
            figures_in_contact: contact,
            figures: 30,
            situation: coldsteel::rules::Situation {
                charging,
                struck_face: if flank { Face::Flank } else { Face::Front },
                ..Default::default()
            },
            ..Default::default()
        })
}

proptest! {
    #[test]
    fn collision_odds_sum_to_one(a in arb_b_side(), d in arb_b_side()) {
        let input = CollisionInput { attacker: a, defender: d, options: BOptions::default() };
        let odds = input.odds();
        prop_assert_eq!(odds.iter().map(|o| o.ways).sum::<u32>(), 36);
        prop_assert!((odds.iter().map(|o| o.p).sum::<f64>() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn kill_distribution_sums_to_one(a in arb_b_side(), d in arb_b_side(), t in 1u32..4) {
        let m = melee(a, d, t);
        for role in [Role::Attacker, Role::Defender] {
            let dist = m.kill_distribution(role);
            prop_assert_eq!(dist.len() as u32, m.dice(role) + 1);
            prop_assert!((dist.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
    }

    #[test]
    fn more_figures_never_fewer_dice(a in arb_b_side(), d in arb_b_side(), t in 1u32..4) {
        let more = BSide { figures_in_contact: a.figures_in_contact + 1, ..a.clone() };
        prop_assert!(melee(more, d.clone(), t).dice(Role::Attacker) >= melee(a, d, t).dice(Role::Attacker));
    }

    #[test]
    fn a_plus_one_never_lowers_expected_kills(a in arb_b_side(), d in arb_b_side(), t in 1u32..4) {
        let expected = |m: &BMeleeInput| m.kill_distribution(Role::Attacker).iter().enumerate().map(|(k, p)| k as f64 * p).sum::<f64>();
        let base = melee(a.clone(), d.clone(), t);
        let flanked = melee(a, BSide { situation: coldsteel::rules::Situation { struck_face: Face::Front, ..d.clone().situation.clone() }, ..d.clone() }, t);
        let with_flank = melee(flanked.attacker.clone(), BSide { situation: coldsteel::rules::Situation { struck_face: Face::Flank, ..d.situation.clone() }, ..d }, t);
        // Same dice count when the defender's flank flag does not change the attacker's dice.
        if with_flank.dice(Role::Attacker) == flanked.dice(Role::Attacker) {
            prop_assert!(expected(&with_flank) + 1e-12 >= expected(&flanked));
        }
        prop_assert!(expected(&base) >= 0.0);
    }
}

/// B-MEL-05 (corrected reading): in a both-attacking melee a side charged by a fresh
/// enemy unit tests as a charged unit and gives way if it fails, or if it has taken
/// relatively heavier losses over the melee's turns; without a fresh charge, heavier
/// losses alone do not end the melee.
#[test]
fn b_mel_05_a_fresh_enemy_unit_charging_into_a_both_attacking_melee() {
    let a = BSide {
        figures: 12,
        situation: coldsteel::rules::Situation {
            charging: true,
            ..side(Arm::Dragoons, Formation::Line, 6).situation.clone()
        },
        ..side(Arm::Dragoons, Formation::Line, 6)
    };
    let d = BSide {
        figures: 12,
        situation: coldsteel::rules::Situation {
            charging: true,
            ..side(Arm::Dragoons, Formation::Line, 6).situation.clone()
        },
        ..side(Arm::Dragoons, Formation::Line, 6)
    };
    let m = melee(a, d, 3);
    let pass = Some(TestResult { passed: true, score: None });
    let fail = Some(TestResult { passed: false, score: None });
    let heavy = SideTurn { losses: 1, earlier_losses: 4, test: pass, fresh_charge: false };
    let light = SideTurn { losses: 0, earlier_losses: 1, test: pass, fresh_charge: false };
    assert_eq!(m.state(&heavy, &light), MeleeState::Continues { next_turn: 4 }, "heavier losses alone go on");
    let fresh_heavy = SideTurn { fresh_charge: true, ..heavy };
    assert!(matches!(
        m.state(&fresh_heavy, &light),
        MeleeState::Ends { loser: Role::Attacker, reason: LoserReason::HeavierLosses, .. }
    ));
    let fresh_failed = SideTurn { losses: 0, earlier_losses: 0, test: fail, fresh_charge: true };
    assert!(matches!(
        m.state(&fresh_failed, &light),
        MeleeState::Ends { loser: Role::Attacker, reason: LoserReason::FailedTest, .. }
    ));
    let untested = SideTurn { test: None, ..fresh_failed };
    assert!(matches!(m.state(&untested, &light), MeleeState::TestsOwed { .. }), "the charged side must test");
}
