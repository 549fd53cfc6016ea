//! The battle file as a verifiable journal: every log entry keeps its action's inputs,
//! and `replay` re-applies them from the journal's start through the current rules core,
//! checking that each entry, and the battle at the end, come out the same.

use serde_json::Value;
use thiserror::Error;

use super::{Action, ActionError, Game};
use crate::model::Battle;

/// Why a journal did not replay to the same battle.
#[derive(Debug, Error, PartialEq)]
pub enum ReplayError {
    /// The journal's start does not lead to the file's log (its log is not a prefix).
    #[error("the journal's start does not fit the battle's log")]
    StartMismatch,
    /// An entry after the journal's start keeps no action to replay.
    #[error("log entry {seq} keeps no action to replay")]
    NoAction {
        /// The entry's sequence number.
        seq: u64,
    },
    /// The current rules refuse an entry's action.
    #[error("log entry {seq}: the action is refused now: {reason}")]
    Refused {
        /// The entry's sequence number.
        seq: u64,
        /// Why.
        reason: ActionError,
    },
    /// A file recorded under the rules before the game judged the charge procedure
    /// (version 2): an entry that a corrected clause now refuses. The file is no less
    /// sound for it; the replay stops there.
    #[error("log entry {seq} was recorded under earlier rules and is refused now: {reason}")]
    RulesChanged {
        /// The entry's sequence number.
        seq: u64,
        /// The clause that refuses it now.
        reason: crate::rules::gdb::charge::ChargeError,
        /// The entries replayed before it.
        replayed: usize,
    },
    /// An entry's result differs.
    #[error("log entry {seq} differs at {path}: recorded {recorded}, replayed {replayed}")]
    Differs {
        /// The entry's sequence number.
        seq: u64,
        /// Where, as a JSON path.
        path: String,
        /// The recorded value.
        recorded: String,
        /// The value the replay gives.
        replayed: String,
    },
    /// Every entry matched, but the battle at the end does not.
    #[error("the battle at the end differs at {path}: recorded {recorded}, replayed {replayed}")]
    FinalDiffers {
        /// Where.
        path: String,
        /// The recorded value.
        recorded: String,
        /// The value the replay gives.
        replayed: String,
    },
}

/// An entry of a file recorded before the game judged the turn's clauses (version 5 and
/// older, issue 42) that one of them now refuses: the replay reports it and goes on as it
/// was recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesChange {
    /// The entry's sequence number.
    pub seq: u64,
    /// The clause that refuses it now.
    pub reason: super::sequence::TurnError,
}

/// What a replay came to: the entries re-applied, and those reported as rules changes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replayed {
    /// The entries re-applied.
    pub count: usize,
    /// The entries recorded under earlier rules that the turn's clauses now refuse.
    pub rules_changes: Vec<RulesChange>,
}

/// Re-applies every journaled action of a game from its start; returns how many.
pub fn replay(game: &Game) -> Result<usize, ReplayError> {
    replay_recorded(game, u32::MAX).map(|r| r.count)
}

/// [`replay`] of a file of battle-file `version`: recorded before version 3, an entry
/// refused by a clause of the charge procedure judged since is a rules change and the
/// replay stops there; recorded before a clause of the turn was judged (version 6 or 7,
/// issue 42), an entry it refuses is reported and replayed as it was recorded.
pub fn replay_recorded(game: &Game, version: u32) -> Result<Replayed, ReplayError> {
    let earlier_rules = version < 3;
    let mut rules_changes = Vec::new();
    let start = game.journal_start();
    let recorded = &game.battle.log;
    let first = start.log.len();
    if recorded.get(..first) != Some(&start.log[..]) {
        return Err(ReplayError::StartMismatch);
    }
    let mut again = Game::without_history(start.clone());
    let mut count = 0;
    for entry in recorded.iter().skip(first) {
        let action = entry.action.as_deref().ok_or(ReplayError::NoAction { seq: entry.seq })?;
        let mut as_recorded = false;
        let performed = match again.perform(action) {
            Err(ActionError::Turn(reason)) if version < reason.judged_since() => {
                rules_changes.push(RulesChange { seq: entry.seq, reason });
                as_recorded = true;
                again.perform_as_recorded(action)
            }
            other => other,
        };
        performed.map_err(|reason| match reason {
            ActionError::Charge(e) if earlier_rules && e.judged_since_v3() => {
                ReplayError::RulesChanged { seq: entry.seq, reason: e, replayed: count }
            }
            reason @ ActionError::NoSuchUnit(_)
            | reason @ ActionError::NoSuchGeneral(_)
            | reason @ ActionError::NoSuchBrigade(_)
            | reason @ ActionError::Invalid(_)
            | reason @ ActionError::NoChange
            | reason @ ActionError::FileFull { .. }
            | reason @ ActionError::InitiativeFirst
            | reason @ ActionError::NotInitiativePhase
            | reason @ ActionError::InitiativeTie
            | reason @ ActionError::InitiativeDone
            | reason @ ActionError::OutOfPlay(_)
            | reason @ ActionError::SameSide(..)
            | reason @ ActionError::NoSuchMelee(_)
            | reason @ ActionError::Dice(_)
            | reason @ ActionError::TooManyInContact { .. }
            | reason @ ActionError::Charge(_)
            | reason @ ActionError::ChargeUnfinished
            | reason @ ActionError::NotEngaged(..)
            | reason @ ActionError::TooManyLosses { .. }
            | reason @ ActionError::LossesNeeded
            | reason @ ActionError::TestsOwed
            | reason @ ActionError::NoTestOwed
            | reason @ ActionError::NotAScreen(_)
            | reason @ ActionError::NotOverrulable(_)
            | reason @ ActionError::OverruleNeedsReason
            | reason @ ActionError::CrewFriendUnnamed
            | reason @ ActionError::Apply(_)
            | reason @ ActionError::Fire(_)
            | reason @ ActionError::Test(_)
            | reason @ ActionError::Move(_)
            | reason @ ActionError::Turn(_) => ReplayError::Refused { seq: entry.seq, reason },
        })?;
        if as_recorded {
            called_as_recorded(&mut again.battle, entry);
        }
        if let Some(new) = again.battle.log.last()
            && new != entry
            && let Some((path, was, now)) = first_difference(entry, new)
        {
            return Err(ReplayError::Differs { seq: entry.seq, path, recorded: was, replayed: now });
        }
        count += 1;
    }
    if game.battle != again.battle
        && let Some((path, recorded, replayed)) = first_difference(&game.battle, &again.battle)
    {
        return Err(ReplayError::FinalDiffers { path, recorded, replayed });
    }
    Ok(Replayed { count, rules_changes })
}

/// A test replayed as recorded under earlier rules was, then, one the game owed: the
/// replayed entry says so as the recorded one does (the only part of it the changed
/// clause decides).
fn called_as_recorded(battle: &mut Battle, recorded: &crate::model::LogEntry) {
    use crate::model::LogDetail;
    let Some(replayed) = battle.log.last_mut() else { return };
    if let (LogDetail::TestTaken { called, .. }, LogDetail::TestTaken { called: was, .. }) =
        (&mut replayed.detail, &recorded.detail)
    {
        *called = *was;
    }
}

/// The battle as it stood at the end of each turn its journal covers (just before the
/// phase that began the next turn), then as it stands now, each with its turn and without
/// its log; `None` when the journal does not replay.
pub fn turn_ends(game: &Game) -> Option<Vec<(u32, Battle)>> {
    let mut out = Vec::new();
    let without_log = |b: &Battle| Battle { log: Vec::new(), ..b.clone() };
    each_turn_end(game, |turn, b, _| out.push((turn, without_log(b))))?;
    Some(out)
}

/// Replays the journal forward and hands each turn's end to `at` as it is reached, then
/// the present (its flag true), keeping no copy of the battle per turn (issue 29: the
/// report's memory follows the battle, not the battle times its turns). `None` when the
/// journal does not replay.
pub fn each_turn_end(game: &Game, mut at: impl FnMut(u32, &Battle, bool)) -> Option<()> {
    let start = game.journal_start();
    let first = start.log.len();
    // The replay keeps no undo history: only the battle is needed.
    let mut again = Game::without_history(start.clone());
    for entry in game.battle.log.iter().skip(first) {
        let action = entry.action.as_deref()?;
        let b = &again.battle;
        if matches!(action, Action::AdvancePhase) && b.ruleset.next_phase(b.phase).1 {
            at(b.turn, b, false);
        }
        // The maps show the battle as it was played: a step recorded before the turn's
        // clauses were judged (issue 42) is taken as recorded.
        match again.perform(action) {
            Err(ActionError::Turn(_)) => again.perform_as_recorded(action).ok()?,
            other => other.ok()?,
        }
    }
    at(game.battle.turn, &game.battle, true);
    Some(())
}

/// Plays a scenario: a battle and a list of actions without results. On a refusal,
/// the position of the action in the list and the reason.
pub fn play(battle: Battle, actions: &[Action]) -> Result<Game, (usize, ActionError)> {
    let mut game = Game::new(battle);
    for (i, action) in actions.iter().enumerate() {
        game.perform(action).map_err(|e| (i, e))?;
    }
    Ok(game)
}

/// The first place two values differ, as a JSON path with both values (shortened).
pub fn first_difference<T: serde::Serialize>(recorded: &T, replayed: &T) -> Option<(String, String, String)> {
    match (serde_json::to_value(recorded), serde_json::to_value(replayed)) {
        (Ok(a), Ok(b)) => diff(&a, &b, ""),
        // A value that cannot be written cannot be compared: count it as a difference.
        (Err(e), _) | (_, Err(e)) => Some((".".to_owned(), e.to_string(), e.to_string())),
    }
}

fn diff(a: &Value, b: &Value, path: &str) -> Option<(String, String, String)> {
    if a == b {
        return None;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| {
                let (va, vb) = (x.get(k).unwrap_or(&Value::Null), y.get(k).unwrap_or(&Value::Null));
                diff(va, vb, &format!("{path}.{k}"))
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            x.iter().zip(y).enumerate().find_map(|(i, (va, vb))| diff(va, vb, &format!("{path}[{i}]")))
        }
        _ => Some((if path.is_empty() { ".".to_owned() } else { path.to_owned() }, short(a), short(b))),
    }
}

fn short(v: &Value) -> String {
    let text = v.to_string();
    if text.chars().count() > 80 { format!("{}…", text.chars().take(80).collect::<String>()) } else { text }
}
