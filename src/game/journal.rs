//! The battle file as a verifiable journal: every log entry keeps its action's inputs,
//! and `replay` re-applies them from the journal's start through the current rules core,
//! checking that each entry, and the battle at the end, come out the same.

use serde_json::Value;
use thiserror::Error;

use super::change::{Change, apply_changes};
use super::history::logged;
use super::{Action, ActionError, Game, History, Step};
use crate::model::{Battle, LogEntry, Problem};
use crate::rules::Phase;

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

/// What a rules pack would have changed had the battle played it from its start (issue
/// 50: shown before switching).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PackDifference {
    /// The journal's entries replayed under the pack.
    pub entries: usize,
    /// Entries whose result comes out differently (their log entry is not the one
    /// recorded).
    pub results: usize,
    /// Entries the pack's rules refuse (left out; the rest play on without them).
    pub refusals: usize,
}

/// Replays the game's journal from its start under `pack` instead of the rules it began
/// with, and counts the results that come out differently and the actions refused.
pub fn difference_under(game: &Game, pack: &crate::model::RulesPack) -> PackDifference {
    let start = game.journal_start();
    let mut battle = start.clone();
    battle.ruleset = pack.ruleset;
    battle.options = pack.options.clone();
    let mut again = Game::without_history(battle);
    let mut diff = PackDifference::default();
    for entry in game.battle.log.iter().skip(start.log.len()) {
        let Some(action) = entry.action.as_deref() else { continue };
        diff.entries = diff.entries.saturating_add(1);
        match again.perform(action) {
            Ok(()) if again.battle.log.last().map(|e| &e.detail) == Some(&entry.detail) => {}
            Ok(()) => diff.results = diff.results.saturating_add(1),
            Err(_) => diff.refusals = diff.refusals.saturating_add(1),
        }
    }
    diff
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
            | reason @ ActionError::DerivedFact(_)
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
            && !new.same_record(entry)
            && let Some((path, was, now)) = first_difference(entry, new)
        {
            return Err(ReplayError::Differs { seq: entry.seq, path, recorded: was, replayed: now });
        }
        count += 1;
    }
    if !same_but_marks(&game.battle, &again.battle)
        && let Some((path, recorded, replayed)) = first_difference(&game.battle, &again.battle)
    {
        return Err(ReplayError::FinalDiffers { path, recorded, replayed });
    }
    Ok(Replayed { count, rules_changes })
}

/// Whether two battles are the same, the marks of the modifiers that decided a result
/// aside (issue 51: a file made before them has none).
fn same_but_marks(a: &Battle, b: &Battle) -> bool {
    if a == b {
        return true;
    }
    let logs_agree = a.log.len() == b.log.len() && a.log.iter().zip(&b.log).all(|(x, y)| x.same_record(y));
    logs_agree && Battle { log: Vec::new(), ..a.clone() } == Battle { log: Vec::new(), ..b.clone() }
}

/// A log entry as a battle file keeps it (issue 46): whole, or, where the replay makes it
/// again from its action, only its number, turn, phase and action.
#[derive(Clone, Debug, PartialEq)]
pub enum FileEntry {
    /// The entry as it is: before the journal's start, in a step kept as it is, or
    /// without an action.
    Whole(Box<LogEntry>),
    /// An entry the replay makes again from its action.
    Replayed {
        /// The entry's sequence number.
        seq: u64,
        /// The turn it happened in.
        turn: u32,
        /// The phase it happened in.
        phase: Phase,
        /// The action's inputs.
        action: Box<Action>,
        /// The [`entry_check`] of the entry as it was made, where the file keeps one: a
        /// die or a figure changed by hand in the file is caught at its entry.
        check: Option<u64>,
    },
}

/// A short check of what a log entry says (its detail and the units it names), kept in
/// the file beside an entry kept as its action: the FNV-1a hash of their compact JSON.
/// The marks of the modifiers that decided a result (issue 51) are left out: derived
/// from the rest, they are not in the entries of files made before them.
pub fn entry_check(entry: &LogEntry) -> u64 {
    let mut hash = crate::model::Fnv1a::default();
    let detail = entry.detail.unmarked();
    // Writing to the hash cannot fail; a value serde cannot write hashes as far as it got.
    let _ = serde_json::to_writer(&mut hash, &(&detail, &entry.units, &entry.revealed));
    hash.0
}

/// The 64-bit FNV-1a hash of some bytes: the same in every process and version (a file's
/// fingerprint, a lock's name, a log entry's check).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = crate::model::Fnv1a::default();
    hash.add(bytes);
    hash.0
}

impl FileEntry {
    /// The entry's sequence number.
    pub fn seq(&self) -> u64 {
        match self {
            FileEntry::Whole(e) => e.seq,
            FileEntry::Replayed { seq, .. } => *seq,
        }
    }
}

/// What a battle file keeps of a game's history: the battle's log entries, the steps at
/// the front of its undo history kept as they are, and the steps undone.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FileJournal {
    /// Every log entry, in order.
    pub entries: Vec<FileEntry>,
    /// The first steps of the undo history, kept as they are.
    pub kept: Vec<Step>,
    /// The steps undone, most recently undone last.
    pub undone: Vec<Step>,
    /// How many steps at the front of the history are kept as they are, those undone
    /// that a redo would put back among them counted ([`Game::kept_count`]).
    pub kept_count: usize,
}

/// How many entries after the journal's start the game's kept steps cover, and so how
/// many a battle file keeps whole.
pub fn kept_entries(game: &Game) -> usize {
    game.history.done[..game.kept_steps()].iter().map(|s| logged(s).count()).sum()
}

/// Rebuilds a game from its battle file (issue 46): the battle as the file states it
/// (`stated`, its log left empty), the journal's start, and the file's journal. The log
/// entries the file keeps whole up to the start are the start's; the kept steps are
/// applied as they are; every later entry's action is performed again, its undo step
/// made again, and the entry compared with what the file keeps of it. An entry refused or
/// made otherwise is an error. A battle the file states that the journal does not lead to
/// (edited outside coldsteel: issue 26, never locked out) is taken as it stands, with the
/// rebuilt log, its journal beginning again there: the difference is returned beside it.
pub fn rebuild(
    stated: Battle,
    start: Option<Box<Battle>>,
    journal: FileJournal,
) -> Result<(Game, Option<ReplayError>), ReplayError> {
    let FileJournal { entries, kept, undone, kept_count } = journal;
    let Some(start) = start else { return unjournaled(stated, entries, kept, undone).map(|g| (g, None)) };
    let mut entries = entries.into_iter();
    for recorded in start.log.iter() {
        match entries.next() {
            Some(FileEntry::Whole(e)) if *e == *recorded => {}
            Some(_) | None => return Err(ReplayError::StartMismatch),
        }
    }
    let mut game = Game::new((*start).clone());
    game.start = Some(start);
    let applied = kept.len();
    let mut last_kept = 0;
    for step in kept {
        last_kept = logged(&step).last().unwrap_or(last_kept);
        apply_kept(&mut game, step, &mut entries)?;
    }
    // Steps applied as they were recorded are checked as a file is, before the rules
    // are run on the battle they make.
    if applied > 0
        && let Some(problem) =
            game.battle.problems().into_iter().map(|e| e.problem().clone()).find(Problem::protects_reader)
    {
        return Err(ReplayError::Refused { seq: last_kept, reason: ActionError::Invalid(problem) });
    }
    for entry in entries {
        perform_again(&mut game, &entry)?;
    }
    game.kept = applied.max(kept_count).min(game.history.done.len().saturating_add(undone.len()));
    game.history.undone = undone;
    ends_as_stated(game, stated)
}

/// A game whose journal has not begun: its log is kept whole and its history as it is.
fn unjournaled(
    mut stated: Battle,
    entries: Vec<FileEntry>,
    kept: Vec<Step>,
    undone: Vec<Step>,
) -> Result<Game, ReplayError> {
    for entry in entries {
        match entry {
            FileEntry::Whole(e) => stated.log.push(*e),
            FileEntry::Replayed { .. } => return Err(ReplayError::StartMismatch),
        }
    }
    Ok(Game::from_earlier_file(stated, History { done: kept, undone }, None))
}

/// Applies a step kept as it is, its log entries taken whole from the file.
fn apply_kept(
    game: &mut Game,
    mut step: Step,
    entries: &mut impl Iterator<Item = FileEntry>,
) -> Result<(), ReplayError> {
    let mut seq = 0;
    for change in &mut step.changes {
        if let Change::Logged { seq: logged, entry } = change {
            seq = *logged;
            match entries.next() {
                Some(FileEntry::Whole(e)) if e.seq == *logged => *entry = Some(e),
                Some(_) | None => return Err(ReplayError::NoAction { seq: *logged }),
            }
        }
    }
    apply_changes(&mut game.battle, &mut step.changes, true)
        .map_err(|e| ReplayError::Refused { seq, reason: ActionError::Apply(e) })?;
    // A done step keeps only its entry's number: the log holds the entry.
    for change in &mut step.changes {
        if let Change::Logged { entry, .. } = change {
            *entry = None;
        }
    }
    game.history.done.push(step);
    Ok(())
}

/// Performs a file's entry again and compares the entry it makes with the file's.
fn perform_again(game: &mut Game, entry: &FileEntry) -> Result<(), ReplayError> {
    let seq = entry.seq();
    let action = match entry {
        FileEntry::Whole(e) => e.action.as_deref().ok_or(ReplayError::NoAction { seq })?,
        FileEntry::Replayed { action, .. } => action,
    };
    game.perform(action).map_err(|reason| ReplayError::Refused { seq, reason })?;
    let Some(made) = game.battle.log.last() else { return Err(ReplayError::NoAction { seq }) };
    let differs = |path: &str, recorded: String, replayed: String| {
        Err(ReplayError::Differs { seq, path: path.to_owned(), recorded, replayed })
    };
    match entry {
        FileEntry::Whole(e) if !e.same_record(made) => match first_difference(&**e, made) {
            Some((path, recorded, replayed)) => differs(&path, recorded, replayed),
            None => Ok(()),
        },
        FileEntry::Whole(_) => Ok(()),
        FileEntry::Replayed { seq, turn, phase, .. } if (made.seq, made.turn, made.phase) != (*seq, *turn, *phase) => {
            differs(".seq/turn/phase", format!("{seq}/{turn}/{}", phase.key()), {
                format!("{}/{}/{}", made.seq, made.turn, made.phase.key())
            })
        }
        FileEntry::Replayed { check: Some(check), .. } if *check != entry_check(made) => {
            differs(".check", check.to_string(), entry_check(made).to_string())
        }
        FileEntry::Replayed { .. } => Ok(()),
    }
}

/// The rebuilt game, if its battle is the one the file states.
fn ends_as_stated(mut game: Game, mut stated: Battle) -> Result<(Game, Option<ReplayError>), ReplayError> {
    // The file states no log of its own: the rebuilt one is set aside to compare the rest.
    let log = std::mem::take(&mut game.battle.log);
    if stated == game.battle {
        game.battle.log = log;
        return Ok((game, None));
    }
    let (path, recorded, replayed) =
        first_difference(&stated, &game.battle).unwrap_or_else(|| (".".to_owned(), String::new(), String::new()));
    stated.log = log;
    let as_it_stands = Game::new(stated);
    Ok((as_it_stands, Some(ReplayError::FinalDiffers { path, recorded, replayed })))
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
