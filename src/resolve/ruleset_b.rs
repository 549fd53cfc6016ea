//! Ruleset B engagements as JSON and text: the collision test and a melee turn.

use serde_json::{Value, json};

use super::{modifier_line, modifiers_json, role_key};
use crate::i18n::{Label, Lang, T};
use crate::rules::ByRole;
use crate::rules::dice::DieKind;
use crate::rules::explain::{Modifier, sum};
use crate::rules::gdb::Role;
use crate::rules::ruleset_b::{BMeleeInput, CollisionInput, MeleeState, SideTurn, TestResult};

const ROLES: [Role; 2] = [Role::Attacker, Role::Defender];

/// The collision test as JSON (design.md section 4 keys, with `zone` or `flee_cm`).
pub fn collision_json(input: &CollisionInput, dice: Option<(u8, u8)>, lang: Lang) -> Value {
    let mods = collision_modifiers(input, dice);
    let side = |role: Role| {
        let mods = mods.get(role);
        json!({"modifiers": modifiers_json(lang, mods), "modifier_total": sum(mods)})
    };
    let odds: Vec<Value> = input
        .odds()
        .iter()
        .map(|o| json!({"winner": role_key(o.winner), "outcome": o.outcome.key(), "zone": o.zone, "p": o.p, "ways": o.ways}))
        .collect();
    let mut out = json!({
        "ruleset": "ruleset_b", "step": "collision", "unopposed": input.unopposed(),
        "attacker": side(Role::Attacker), "defender": side(Role::Defender), "odds": odds,
    });
    if let (Some((a, d)), Some(map)) = (dice, out.as_object_mut()) {
        let r = input.resolve(a, d);
        if let (Some(at), Some(dt)) = (r.attacker_total, r.defender_total) {
            map.insert("difference".into(), json!(at - dt));
            for (key, die, total) in [("attacker", a, at), ("defender", d, dt)] {
                if let Some(s) = map.get_mut(key).and_then(Value::as_object_mut) {
                    s.insert("dice".into(), json!([die]));
                    s.insert("total".into(), json!(total));
                }
            }
        }
        map.insert("winner".into(), role_key(r.winner));
        map.insert("outcome".into(), json!(r.outcome.key()));
        map.insert("zone".into(), json!(r.zone));
        map.insert("flee_cm".into(), json!(r.flee_cm));
        let wavering: Vec<Value> = r.wavering.iter().map(|w| role_key(Some(*w))).collect();
        map.insert("effects".into(), json!({"wavering": wavering}));
    }
    out
}

/// Each side's modifiers, those that decided the test marked once the dice are in
/// (issue 51).
fn collision_modifiers(input: &CollisionInput, dice: Option<(u8, u8)>) -> ByRole<Vec<Modifier>> {
    match dice {
        Some((a, d)) => input.decided_modifiers(a, d),
        None => ByRole::new(input.modifiers(Role::Attacker), input.modifiers(Role::Defender)),
    }
}

/// A melee side's die modifiers, those that decided its hits marked once the dice are in.
fn melee_modifiers(input: &BMeleeInput, dice: Option<&(Vec<u8>, Vec<u8>)>, role: Role) -> Vec<Modifier> {
    match dice {
        Some((a, d)) => input.decided_modifiers(role, if role == Role::Attacker { a } else { d }),
        None => input.die_modifiers(role),
    }
}

/// The collision test as text.
pub fn collision_text(input: &CollisionInput, dice: Option<(u8, u8)>, lang: Lang) -> String {
    let mut out = String::new();
    if input.unopposed() {
        out.push_str(lang.t(T::BUnopposed));
        out.push('\n');
        return out;
    }
    let resolved = dice.map(|(a, d)| (a, d, input.resolve(a, d)));
    let marked = collision_modifiers(input, dice);
    for role in ROLES {
        let me = input.side(role);
        out.push_str(&format!("{}: {}\n", role.label(lang), me.arm.label(lang)));
        let mods = marked.get(role);
        for m in mods {
            out.push_str(&modifier_line(lang, m));
        }
        let modifiers = format!("{:+}", sum(mods));
        // The die and total on the side's own line, as a GdB melee shows them.
        let rolled = resolved.as_ref().map(|(a, d, r)| match role {
            Role::Attacker => (*a, r.attacker_total.unwrap_or(0)),
            Role::Defender => (*d, r.defender_total.unwrap_or(0)),
        });
        match rolled {
            Some((die, total)) => out.push_str(&format!("  {}\n", lang.fmt(T::BDieTotal, &[&modifiers, &die, &total]))),
            None => out.push_str(&format!("  {} {modifiers}\n", lang.t(T::ResModifiers))),
        }
    }
    out.push('\n');
    if let Some((_, _, r)) = resolved {
        let (at, dt) = (r.attacker_total.unwrap_or(0), r.defender_total.unwrap_or(0));
        out.push_str(&lang.fmt(T::ResDifference, &[&format!("{:+}", at - dt)]));
        out.push('\n');
        out.push_str(&lang.fmt(T::ResOutcome, &[&r.outcome.label(lang)]));
        out.push('\n');
        if let Some(zone) = r.zone {
            out.push_str(&format!("  {}\n", lang.fmt(T::BZone, &[&zone])));
        }
        if let Some(cm) = r.flee_cm {
            out.push_str(&format!("  {}\n", lang.fmt(T::BFlees, &[&cm])));
        }
    } else {
        out.push_str(&format!("{}\n", lang.t(T::ResNoDice)));
    }
    out.push_str(&format!("\n{}:\n", lang.t(T::ResOdds)));
    for o in input.odds() {
        let zone = o.zone.map(|z| format!(" ({})", lang.fmt(T::BZone, &[&z]))).unwrap_or_default();
        out.push_str(&format!("  {:>6.2}%  {}{zone}  ({}/36)\n", o.p * 100.0, o.outcome.label(lang), o.ways));
    }
    out
}

fn records(
    input: &BMeleeInput,
    dice: Option<&(Vec<u8>, Vec<u8>)>,
    tests: (Option<TestResult>, Option<TestResult>),
    (earlier, fresh): ((u32, u32), (bool, bool)),
) -> Option<(SideTurn, SideTurn)> {
    let (a, d) = dice?;
    // Each side's losses are the figures the other side's dice killed.
    let a_losses = input.hits(Role::Defender, d);
    let d_losses = input.hits(Role::Attacker, a);
    Some((
        SideTurn { losses: a_losses, earlier_losses: earlier.0, test: tests.0, fresh_charge: fresh.0 },
        SideTurn { losses: d_losses, earlier_losses: earlier.1, test: tests.1, fresh_charge: fresh.1 },
    ))
}

/// A melee turn as JSON: per side figures, dice, per-die modifiers, kills, and the
/// melee's state after the turn.
pub fn melee_json(
    input: &BMeleeInput,
    dice: Option<&(Vec<u8>, Vec<u8>)>,
    tests: (Option<TestResult>, Option<TestResult>),
    prior: ((u32, u32), (bool, bool)),
    lang: Lang,
) -> Value {
    let side = |role: Role| {
        let mods = melee_modifiers(input, dice, role);
        let mut v = json!({
            "figures_fighting": input.figures_fighting(role),
            "dice_count": input.dice(role),
            "modifiers": modifiers_json(lang, &mods),
            "per_die": sum(&mods),
            "kill_distribution": input.kill_distribution(role),
        });
        if let (Some((a, d)), Some(map)) = (dice, v.as_object_mut()) {
            let rolled = if role == Role::Attacker { a } else { d };
            map.insert("dice".into(), json!(rolled));
            map.insert("hits".into(), json!(input.hits(role, rolled)));
        }
        v
    };
    let mut out = json!({
        "ruleset": "ruleset_b", "step": "melee", "melee_turn": input.turn, "kind": input.kind(),
        "attacker": side(Role::Attacker), "defender": side(Role::Defender),
    });
    if let (Some((a, d)), Some(map)) = (records(input, dice, tests, prior), out.as_object_mut()) {
        map.insert("state".into(), json!(input.state(&a, &d)));
    }
    out
}

/// A melee turn as text.
pub fn melee_text(
    input: &BMeleeInput,
    dice: Option<&(Vec<u8>, Vec<u8>)>,
    tests: (Option<TestResult>, Option<TestResult>),
    prior: ((u32, u32), (bool, bool)),
    lang: Lang,
) -> String {
    let mut out = String::new();
    for role in ROLES {
        let me = input.side(role);
        out.push_str(&format!("{}: {}\n", role.label(lang), me.arm.label(lang)));
        out.push_str(&format!("  {}\n", lang.fmt(T::BDiceCount, &[&input.figures_fighting(role), &input.dice(role)])));
        for m in &melee_modifiers(input, dice, role) {
            out.push_str(&modifier_line(lang, m));
        }
        if let Some((a, d)) = dice {
            let rolled = if role == Role::Attacker { a } else { d };
            let shown: Vec<String> = rolled.iter().map(u8::to_string).collect();
            let hits = lang.count(input.hits(role, rolled), crate::i18n::Noun::Figure);
            out.push_str(&format!("  {}\n", lang.fmt(T::BHits, &[&shown.join(" "), &hits])));
        }
        out.push_str(&format!("  {}:", lang.fmt(T::BKills, &[&role.label(lang)])));
        for (k, p) in input.kill_distribution(role).iter().enumerate() {
            out.push_str(&format!(" {k}: {:.1}%", p * 100.0));
        }
        out.push('\n');
    }
    if let Some((a, d)) = records(input, dice, tests, prior) {
        out.push('\n');
        out.push_str(&state_text(lang, &input.state(&a, &d)));
        out.push('\n');
    }
    out
}

fn state_text(lang: Lang, state: &MeleeState) -> String {
    match state {
        MeleeState::TestsOwed { sides, die } => {
            let who: Vec<&str> = sides.iter().map(|s| s.label(lang)).collect();
            let die = if *die == DieKind::Average { lang.t(T::DieAverage) } else { lang.t(T::DieD6) };
            lang.fmt(T::BStateTests, &[&who.join(", "), &die])
        }
        MeleeState::Continues { next_turn } => lang.fmt(T::BStateContinues, &[next_turn]),
        MeleeState::Ends { loser, reason, flee_cm } => {
            lang.fmt(T::BStateEnds, &[&loser.label(lang), &reason.label(lang), flee_cm])
        }
    }
}
