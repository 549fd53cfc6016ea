//! The report's account of the battle (issue 28): each turn told phase by phase, one
//! sentence per event naming its unit and its result, read from the journal alone.

use std::collections::BTreeSet;

use super::summary::Block;
use crate::i18n::log_text::{charge_account, entry_summary, result_words};
use crate::i18n::names::shown;
use crate::i18n::{Label, Lang, T};
use crate::model::{Action, ActionKind, Battle, GeneralId, LogDetail, LogEntry, UnitId};
use crate::rules::Phase;

/// The turns told short: under each turn, a paragraph per phase in which anything
/// happened (initiative, compulsory moves, charges, moves, fire, melees, tests, rallies,
/// generals lost).
pub(super) fn narrative_blocks(battle: &Battle, lang: Lang, b: &mut Vec<Block>) {
    b.push(Block::Heading(lang.t(T::RepAccount).to_owned()));
    let mut story = Story::default();
    let mut at: Option<(u32, Phase)> = None;
    let mut sentences = Vec::new();
    for e in &battle.log {
        let said = story.sentences(lang, battle, e);
        if said.is_empty() {
            continue;
        }
        let phase = told_in(battle, e);
        if at.map(|(turn, _)| turn) != Some(e.turn) {
            flush(lang, at, &mut sentences, b);
            b.push(Block::Subheading(lang.fmt(T::TurnN, &[&e.turn])));
        } else if at.map(|(_, p)| p) != Some(phase) {
            flush(lang, at, &mut sentences, b);
        }
        at = Some((e.turn, phase));
        sentences.extend(said);
    }
    flush(lang, at, &mut sentences, b);
    if at.is_none() {
        b.push(Block::Para(lang.t(T::LogEmpty).to_owned()));
    }
}

/// The phase an entry is told in: its own, but for the GdB Charges phase's opening
/// entry, whose expired markers are the compulsory moves made before it (GDB-SEQ-03).
fn told_in(battle: &Battle, e: &LogEntry) -> Phase {
    let charges_begin = matches!(e.detail, LogDetail::Phase { phase: Phase::Charges, .. });
    if charges_begin && compulsory_phase(battle) { Phase::CompulsoryMoves } else { e.phase }
}

/// Whether the ruleset plays a Compulsory Moves phase before its charges.
fn compulsory_phase(battle: &Battle) -> bool {
    battle.ruleset.phases().contains(&Phase::CompulsoryMoves)
}

/// One phase's paragraph: "Firing: 4th bn fires at … . Poltava Infantry: morale test: routs."
fn flush(lang: Lang, at: Option<(u32, Phase)>, sentences: &mut Vec<String>, b: &mut Vec<Block>) {
    if let Some((_, phase)) = at
        && !sentences.is_empty()
    {
        let told: Vec<String> = sentences.iter().map(|s| sentence(s)).collect();
        b.push(Block::Para(lang.fmt(T::RepPhaseAccount, &[&phase.label(lang), &told.join(" ")])));
    }
    sentences.clear();
}

/// A line as a sentence: it ends with a full stop.
fn sentence(s: &str) -> String {
    let s = s.trim_end();
    if s.ends_with(['.', '!', '?']) { s.to_owned() } else { format!("{s}.") }
}

/// What the account remembers between entries: generals already lost, and rallies that
/// take effect when their marker goes (GDB-SEQ-03).
#[derive(Default)]
struct Story {
    lost: BTreeSet<GeneralId>,
    rallying: BTreeSet<UnitId>,
}

impl Story {
    /// The sentences an entry adds to the account (none for edits and phase changes
    /// with nothing to tell).
    fn sentences(&mut self, lang: Lang, battle: &Battle, e: &LogEntry) -> Vec<String> {
        let name = |id: &UnitId| battle.unit(*id).map(|u| shown(&u.name, u.name_ru.as_deref(), lang).to_owned());
        match &e.detail {
            LogDetail::Edit { action: ActionKind::EditGeneral, .. } => self.general_lost(lang, battle, e),
            LogDetail::Edit { .. } | LogDetail::Note { .. } | LogDetail::ChargeDeclared { .. } => Vec::new(),
            LogDetail::Hidden { .. } => Vec::new(),
            LogDetail::DeclarationsDone { .. } => Vec::new(),
            // The retreats, routs, push-backs and pursuits of the Compulsory Moves are over
            // as the Charges phase begins: their markers go.
            LogDetail::Phase { phase: Phase::Charges, expired, .. } if compulsory_phase(battle) => {
                expired.iter().filter_map(name).map(|n| lang.fmt(T::RepCompulsoryMade, &[&n])).collect()
            }
            LogDetail::Phase { expired, moved, .. } => {
                let rallied = expired.iter().filter(|id| self.rallying.remove(id)).filter_map(name);
                let mut out: Vec<String> = rallied.map(|n| lang.fmt(T::RepRallied, &[&n])).collect();
                let moves = moved.iter().filter_map(|(id, cm)| Some(lang.fmt(T::LogMovedBack, &[&name(id)?, cm])));
                out.extend(moves);
                out
            }
            LogDetail::TestTaken { deferred, .. } => {
                if *deferred && let Some(id) = e.units.first() {
                    self.rallying.insert(*id);
                }
                vec![entry_summary(lang, battle, e)]
            }
            LogDetail::GdbMelee { .. } => {
                let mut out = vec![melee_sentence(lang, battle, e)];
                out.extend(melee_tests(lang, battle, e));
                out
            }
            // A charge told whole: measures, reaction, tests, then what came of them (issue 43).
            LogDetail::Charge { .. } => {
                let account = charge_account(lang, battle, e);
                if account.is_empty() { vec![entry_summary(lang, battle, e)] } else { account }
            }
            LogDetail::Initiative { .. }
            | LogDetail::BCollision { .. }
            | LogDetail::BMelee { .. }
            | LogDetail::Fire { .. }
            | LogDetail::TestsDropped { .. }
            | LogDetail::FormationChanged { .. }
            | LogDetail::Moved { .. }
            | LogDetail::AtTheEdge { .. } => vec![entry_summary(lang, battle, e)],
        }
    }

    /// A general marked lost in his card: told once, when it happens.
    fn general_lost(&mut self, lang: Lang, battle: &Battle, e: &LogEntry) -> Vec<String> {
        let Some(Action::EditGeneral(g)) = e.action.as_deref() else { return Vec::new() };
        if !g.lost {
            self.lost.remove(&g.id);
            return Vec::new();
        }
        if !self.lost.insert(g.id) {
            return Vec::new();
        }
        let general = battle.general(g.id).unwrap_or(g);
        vec![lang.fmt(T::RepGeneralLost, &[&shown(&general.name, general.name_ru.as_deref(), lang)])]
    }
}

/// A melee says who won and what each side lost; an overridden or drawn one reads as the
/// log's summary.
fn melee_sentence(lang: Lang, battle: &Battle, e: &LogEntry) -> String {
    let LogDetail::GdbMelee { result, overridden: None, losses, .. } = &e.detail else {
        return entry_summary(lang, battle, e);
    };
    let name = |i: usize| {
        e.units
            .get(i)
            .and_then(|id| battle.unit(*id))
            .map(|u| shown(&u.name, u.name_ru.as_deref(), lang).to_owned())
            .unwrap_or_default()
    };
    let totals = (result.attacker_total, result.defender_total);
    let winner = match result.winner {
        Some(crate::rules::gdb::Role::Attacker) => name(0),
        Some(crate::rules::gdb::Role::Defender) => name(1),
        None => return entry_summary(lang, battle, e),
    };
    let outcome = lowercase_first(result.outcome.label(lang));
    let won = lang.fmt(T::RepMeleeWon, &[&name(0), &name(1), &totals.0, &totals.1, &winner, &outcome]);
    let lost = lang.fmt(T::LogLosses, &[&name(0), &losses.attacker, &name(1), &losses.defender]);
    format!("{won}. {lost}")
}

/// A label inside a sentence: its first letter in lower case ("won by X: loser routs").
fn lowercase_first(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map(|c| c.to_lowercase().chain(chars).collect()).unwrap_or_default()
}

/// The tests after a melee, each as what it does: "Ladoga Infantry: Pursuit test: pursues".
/// A test only rolled on the players' table, with no result kind kept, gives its row.
fn melee_tests(lang: Lang, battle: &Battle, e: &LogEntry) -> Vec<String> {
    let LogDetail::GdbMelee { tests, taken, .. } = &e.detail else { return Vec::new() };
    let unit = |id: UnitId| battle.unit(id).map(|u| shown(&u.name, u.name_ru.as_deref(), lang)).unwrap_or_default();
    let mut out: Vec<String> = taken
        .iter()
        .map(|t| lang.fmt(T::RepTestLine, &[&unit(t.unit), &t.test.label(lang), &result_words(lang, t.test, t.result)]))
        .collect();
    let rolled_only = tests.iter().filter(|r| !taken.iter().any(|t| t.unit == r.unit && t.test == r.test));
    out.extend(rolled_only.map(|r| lang.fmt(T::RepTestLine, &[&unit(r.unit), &r.test.label(lang), &r.row.2])));
    out
}
