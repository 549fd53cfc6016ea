//! The log, undo steps and checklists in words, in either language. The window, the
//! reports and the command line all read the log through here.

use crate::game::{ActionKind, Todo};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, LogDetail, LogEntry, UnitId};
use crate::rules::Phase;

use super::engagement::effect_text;

/// The label of an action: "Edit unit «1st Tirailleurs»", "Turn 3 · Melee", ...
pub fn action_label(lang: Lang, kind: ActionKind, subject: &str) -> String {
    let key = match kind {
        ActionKind::AddUnit => T::StepAddUnit,
        ActionKind::EditUnit => T::StepEditUnit,
        ActionKind::DuplicateUnit => T::StepDuplicateUnit,
        ActionKind::DeleteUnit => T::StepDeleteUnit,
        ActionKind::AddGeneral => T::StepAddGeneral,
        ActionKind::EditGeneral => T::StepEditGeneral,
        ActionKind::DeleteGeneral => T::StepDeleteGeneral,
        ActionKind::AddBrigade => T::StepAddBrigade,
        ActionKind::EditBrigade => T::StepEditBrigade,
        ActionKind::DeleteBrigade => T::StepDeleteBrigade,
        ActionKind::AdvancePhase => return phase_label(lang, subject),
        ActionKind::Initiative => T::StepInitiative,
        ActionKind::Melee => T::StepMelee,
        ActionKind::AddPendingMelee => T::StepAddPendingMelee,
        ActionKind::ClearPendingMelee => T::StepClearPendingMelee,
        ActionKind::Note => T::StepNote,
    };
    lang.fmt(key, &[&subject])
}

/// "3:melee" as "Turn 3 · Melee".
fn phase_label(lang: Lang, subject: &str) -> String {
    let (turn, key) = subject.split_once(':').unwrap_or(("", subject));
    let phase = Phase::ALL.iter().find(|p| p.key() == key).map_or(key, |p| p.label(lang));
    lang.fmt(T::TurnPhase, &[&turn, &phase])
}

fn unit_name(battle: &Battle, lang: Lang, id: UnitId) -> String {
    battle.unit(id).map_or_else(|| format!("#{id}"), |u| u.display_name(lang == Lang::Ru).to_owned())
}

fn action_kind_of(key: &str) -> Option<ActionKind> {
    use ActionKind as K;
    [
        K::AddUnit,
        K::EditUnit,
        K::DuplicateUnit,
        K::DeleteUnit,
        K::AddGeneral,
        K::EditGeneral,
        K::DeleteGeneral,
        K::AddBrigade,
        K::EditBrigade,
        K::DeleteBrigade,
        K::AddPendingMelee,
        K::ClearPendingMelee,
    ]
    .into_iter()
    .find(|k| k.key() == key)
}

/// One line for a log entry.
pub fn entry_summary(lang: Lang, battle: &Battle, entry: &LogEntry) -> String {
    let name = |i: usize| entry.units.get(i).map(|id| unit_name(battle, lang, *id)).unwrap_or_default();
    match &entry.detail {
        LogDetail::Edit { action, subject } => match action_kind_of(action) {
            Some(kind) => action_label(lang, kind, subject),
            None => subject.clone(),
        },
        LogDetail::Phase { phase, .. } => lang.fmt(T::TurnPhase, &[&entry.turn, &phase.label(lang)]),
        LogDetail::Initiative { result, phasing } => {
            let side = |s| crate::i18n::names::side_name(battle, s, lang);
            lang.fmt(T::LogInitiative, &[&result.totals.first, &result.totals.second, &side(*phasing)])
        }
        LogDetail::GdbMelee { result, overridden, .. } => {
            let outcome = match overridden {
                Some(o) => lang.fmt(T::LogOverridden, &[&o.result]),
                None => result.outcome.label(lang).to_owned(),
            };
            lang.fmt(T::LogMelee, &[&name(0), &name(1), &result.attacker_total, &result.defender_total, &outcome])
        }
        LogDetail::BCollision { result, .. } => {
            lang.fmt(T::LogCollision, &[&name(0), &name(1), &result.outcome.label(lang)])
        }
        LogDetail::BMelee { melee_turn, hits, .. } => {
            lang.fmt(T::LogBMelee, &[&name(0), &name(1), melee_turn, &hits.0, &hits.1])
        }
        LogDetail::Note { text } => text.clone(),
    }
}

/// The full breakdown of a log entry, one line each.
pub fn entry_lines(lang: Lang, battle: &Battle, entry: &LogEntry) -> Vec<String> {
    let name = |i: usize| entry.units.get(i).map(|id| unit_name(battle, lang, *id)).unwrap_or_default();
    let mut out = Vec::new();
    match &entry.detail {
        LogDetail::GdbMelee { attacker_modifiers, defender_modifiers, result, losses, overridden, .. } => {
            for (who, mods, dice, total) in [
                (name(0), attacker_modifiers, result.attacker_dice, result.attacker_total),
                (name(1), defender_modifiers, result.defender_dice, result.defender_total),
            ] {
                out.push(format!("{who}: {} {}+{} → {total}", lang.t(T::ResDice), dice[0], dice[1]));
                for m in mods {
                    out.push(format!("    {} {} {:+}", m.rule.id(), m.rule.label(lang), m.value));
                }
            }
            out.push(lang.fmt(T::ResDifference, &[&format!("{:+}", result.difference())]));
            out.push(lang.fmt(T::ResOutcome, &[&result.outcome.label(lang)]));
            for (who, effects) in [(name(0), &result.attacker_effects), (name(1), &result.defender_effects)] {
                let list: Vec<String> = effects.iter().map(|e| effect_text(lang, e)).collect();
                out.push(format!("{who}: {}", list.join("; ")));
            }
            out.push(lang.fmt(T::LogLosses, &[&name(0), &losses.0, &name(1), &losses.1]));
            if let Some(o) = overridden {
                out.push(lang.fmt(T::LogOverrideReason, &[&o.result, &o.reason]));
            }
        }
        LogDetail::Initiative { result, .. } => {
            for (side, dice, total) in [
                (crate::rules::Side::First, result.dice.first, result.totals.first),
                (crate::rules::Side::Second, result.dice.second, result.totals.second),
            ] {
                let name = crate::i18n::names::side_name(battle, side, lang);
                out.push(format!("{name}: {}+{} → {total}", dice[0], dice[1]));
            }
            for m in result.modifiers.first.iter().chain(&result.modifiers.second) {
                out.push(format!("    {} {} {:+}", m.rule.id(), m.rule.label(lang), m.value));
            }
        }
        LogDetail::Phase { expired, .. } if !expired.is_empty() => {
            let names: Vec<String> = expired.iter().map(|id| unit_name(battle, lang, *id)).collect();
            out.push(lang.fmt(T::LogExpired, &[&names.join(", ")]));
        }
        LogDetail::BCollision { attacker_modifiers, defender_modifiers, dice, result, .. } => {
            out.push(format!("{}: {} {}", name(0), lang.t(T::ResDice), dice.0));
            for m in attacker_modifiers {
                out.push(format!("    {} {} {:+}", m.rule.id(), m.rule.label(lang), m.value));
            }
            out.push(format!("{}: {} {}", name(1), lang.t(T::ResDice), dice.1));
            for m in defender_modifiers {
                out.push(format!("    {} {} {:+}", m.rule.id(), m.rule.label(lang), m.value));
            }
            if let Some(z) = result.zone {
                out.push(lang.fmt(T::BZone, &[&z]));
            }
            if let Some(cm) = result.flee_cm {
                out.push(lang.fmt(T::BFlees, &[&cm]));
            }
        }
        LogDetail::BMelee { dice, modifiers, hits, .. } => {
            for (who, d, m, h) in [(name(0), &dice.0, &modifiers.0, hits.0), (name(1), &dice.1, &modifiers.1, hits.1)] {
                let shown: Vec<String> = d.iter().map(u8::to_string).collect();
                out.push(format!("{who}: {}", lang.fmt(T::BHits, &[&shown.join(" "), &h])));
                for m in m {
                    out.push(format!("    {} {} {:+}", m.rule.id(), m.rule.label(lang), m.value));
                }
            }
        }
        _ => {}
    }
    out
}

/// A checklist item in words.
pub fn todo_text(lang: Lang, battle: &Battle, todo: &Todo) -> String {
    let name = |id: &UnitId| unit_name(battle, lang, *id);
    match todo {
        Todo::RollInitiative => lang.t(T::TodoInitiative).to_owned(),
        Todo::DeclareCharges { first } => {
            lang.fmt(T::TodoCharges, &[&crate::i18n::names::side_name(battle, *first, lang)])
        }
        Todo::Rout(id) => lang.fmt(T::TodoRout, &[&name(id)]),
        Todo::Retreat(id) => lang.fmt(T::TodoRetreat, &[&name(id)]),
        Todo::PushBackThenRally(id) => lang.fmt(T::TodoPushBack, &[&name(id)]),
        Todo::Pursue(id) => lang.fmt(T::TodoPursue, &[&name(id)]),
        Todo::Melee { attacker, defender, .. } => lang.fmt(T::TodoMelee, &[&name(attacker), &name(defender)]),
        Todo::MoraleTest(id) => lang.fmt(T::TodoMorale, &[&name(id)]),
        Todo::WaveringTest(id) => lang.fmt(T::TodoWavering, &[&name(id)]),
    }
}
