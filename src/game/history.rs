//! The game: a battle plus its undo history. `Game::perform` is the one entry point
//! through which every change passes.

use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

use super::change::{Change, apply_changes};
use super::file_size::{self, FileWatch};
use super::{Action, ActionError, ActionKind, ApplyError, Event, apply::apply};
use crate::model::Battle;

/// One committed action: a labelled undo step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// What kind of action it was.
    pub kind: ActionKind,
    /// The name of what it acted on, for the label.
    pub subject: String,
    /// What it changed, compactly, as recorded when it was applied (issue 31).
    pub changes: Vec<Change>,
}

/// Undo and redo stacks; they live in the battle file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    /// Steps done, oldest first.
    #[serde(default)]
    pub done: Vec<Step>,
    /// Steps undone, most recently undone last.
    #[serde(default)]
    pub undone: Vec<Step>,
}

/// A battle, its history, and the battle as it was when its journal began. Readable
/// everywhere, written only by the game (through [`Game::perform`], undo and redo).
#[derive(Clone, Debug)]
pub struct Game {
    /// The battle.
    pub(in crate::game) battle: Battle,
    /// Undo and redo.
    pub(in crate::game) history: History,
    /// The battle before the first journaled action, from which `replay` re-applies the
    /// log's actions; `None` while nothing has been done (the start is the battle).
    pub(in crate::game) start: Option<Box<Battle>>,
    /// Whether performed actions are kept for undo; a replay keeps none.
    pub(in crate::game) keeps_history: bool,
    /// How many steps at the front of `done` a battle file keeps as they are, because
    /// they came from a file of an earlier version that the current rules may not replay
    /// (issue 46); every later step is rebuilt from its log entry's action on reading.
    pub(in crate::game) kept: usize,
    /// The watch over the size of the game's battle file, once the file is watched.
    file: Option<FileWatch>,
    /// A number no other state of any game of this run has had (see [`Game::stamp`]).
    stamp: u64,
}

/// The stamps given so far in this run.
static STAMPS: AtomicU64 = AtomicU64::new(1);

/// A stamp no game of this run has had.
fn new_stamp() -> u64 {
    STAMPS.fetch_add(1, Ordering::Relaxed)
}

/// Two games are equal when they hold the same battle, history and start: the watch over
/// their file is how they are kept, not what they are.
impl PartialEq for Game {
    fn eq(&self, other: &Self) -> bool {
        self.battle == other.battle
            && self.history == other.history
            && self.start == other.start
            && self.keeps_history == other.keeps_history
    }
}

impl Eq for Game {}

impl Default for Game {
    fn default() -> Self {
        Game::new(Battle::default())
    }
}

impl Game {
    /// A game with no history.
    pub fn new(battle: Battle) -> Self {
        Game {
            battle,
            history: History::default(),
            start: None,
            keeps_history: true,
            kept: 0,
            file: None,
            stamp: new_stamp(),
        }
    }

    /// A game that keeps no undo history: for replays, which need only the battle.
    pub(in crate::game) fn without_history(battle: Battle) -> Self {
        Game { keeps_history: false, ..Game::new(battle) }
    }

    /// A game of a battle, its history and its journal's start, as given. The file it is
    /// saved to keeps each entry after the start as its action and rebuilds the rest by
    /// replaying them; where they do not lead to the battle (a battle changed by hand, as
    /// the tests' fixtures do), the file reads as that battle with no history, and where
    /// an entry no longer replays from the start, it is refused naming the entry.
    pub fn from_parts(battle: Battle, history: History, start: Option<Box<Battle>>) -> Self {
        Game { battle, history, start, keeps_history: true, kept: 0, file: None, stamp: new_stamp() }
    }

    /// A game as a battle file of an earlier version holds it: its steps, done and undone,
    /// are kept as they are in the file it is saved to (the current rules may not replay
    /// them). Steps from before its journal's start (a game begun in version 1, which kept
    /// no start) are let go: the journal cannot rebuild them (issue 46); a start its log has
    /// been undone past is no start.
    pub fn from_earlier_file(battle: Battle, mut history: History, start: Option<Box<Battle>>) -> Self {
        let start = start.filter(|s| s.log.len() <= battle.log.len());
        if let Some(last) = start.as_ref().and_then(|s| s.log.last()).map(|e| e.seq) {
            let before = history.done.iter().take_while(|s| logged(s).all(|seq| seq <= last)).count();
            history.done.drain(..before);
        }
        let kept = history.done.len().saturating_add(history.undone.len());
        Game { battle, history, start, keeps_history: true, kept, file: None, stamp: new_stamp() }
    }

    /// The same game, no longer watching a file: a copy to try an action on.
    pub fn detached(&self) -> Game {
        Game { file: None, ..self.clone() }
    }

    /// How many steps at the front of the undo history the battle file keeps as they are
    /// (taken from a file of an earlier version); the later ones it rebuilds by replay.
    pub fn kept_steps(&self) -> usize {
        self.kept.min(self.history.done.len())
    }

    /// How many steps at the front of the undo history are kept as they are, counting
    /// those undone that a redo would put back there: what a battle file records of it.
    pub fn kept_count(&self) -> usize {
        self.kept
    }

    /// The battle.
    pub fn battle(&self) -> &Battle {
        &self.battle
    }

    /// A number that changes whenever the game does (an action, an undo, a redo) and that
    /// no other state of any game of this run has had: what is drawn from the battle can
    /// be kept until it changes (issue 46: the table's scene). A copy has its original's
    /// stamp until one of them changes.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// The undo and redo stacks.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The battle before the first journaled action, once there is one.
    pub fn start(&self) -> Option<&Battle> {
        self.start.as_deref()
    }

    /// Gives a new game its own dice: the generator's seed, in the battle and in its
    /// journal's start alike (so that it still replays).
    pub fn reseed(&mut self, seed: u64) {
        self.stamp = new_stamp();
        self.battle.rng.seed = seed;
        if let Some(start) = self.start.as_mut() {
            start.rng.seed = seed;
        }
        // A seed of up to 20 digits, in the battle and in the start.
        if let Some(watch) = self.file.as_mut() {
            watch.grew(64);
        }
    }

    /// The battle the journal starts from.
    pub fn journal_start(&self) -> &Battle {
        self.start.as_deref().unwrap_or(&self.battle)
    }

    /// Watches the size of the game's battle file from now on (issue 41, row 8): an
    /// action after which the file, as `measure` writes it, would pass `limit` bytes is
    /// refused with [`ActionError::FileFull`].
    pub fn watch_file(&mut self, measure: file_size::Measure, limit: u64) {
        self.file = Some(FileWatch::new(measure, limit));
    }

    /// The watch over the game's file, if it is watched.
    pub fn file_watch(&self) -> Option<&FileWatch> {
        self.file.as_ref()
    }

    /// Records the file's exact size, as a save has just written it.
    pub fn file_written(&mut self, bytes: u64) {
        if let Some(watch) = self.file.as_mut() {
            watch.measured(bytes);
        }
    }

    /// Checks and applies an action as one undo step; the redo stack is cleared. Where
    /// the file is watched, an action after which it would pass its limit is refused.
    pub fn perform(&mut self, action: &Action) -> Result<(), ActionError> {
        let events = super::check(action, &self.battle)?;
        self.perform_checked(action, events)
    }

    /// Performs an action as a file recorded before the turn's clauses were judged took it
    /// (issue 42): its replay, once the entry is reported as a rules change.
    pub(in crate::game) fn perform_as_recorded(&mut self, action: &Action) -> Result<(), ActionError> {
        let events = super::action::check_as_recorded(action, &self.battle)?;
        self.perform_checked(action, events)
    }

    /// Performs a checked action, where the file is watched only if it keeps within its
    /// limit.
    fn perform_checked(&mut self, action: &Action, events: Vec<Event>) -> Result<(), ActionError> {
        let Some(mut watch) = self.file else { return self.commit(action, events) };
        let bound = file_size::perform_bound(&events, self.start.is_none().then_some(&self.battle));
        let at_most = watch.at_most(self).saturating_add(bound);
        // The measure taken is kept, whatever becomes of the action.
        self.file = Some(watch);
        if at_most > watch.limit() {
            return self.commit_measured(action, events, watch);
        }
        self.commit(action, events)?;
        watch.measured(at_most);
        self.file = Some(watch);
        Ok(())
    }

    /// Performs an action on a copy of the game, measures the copy's file exactly, and
    /// keeps the copy only if its file keeps within the limit.
    fn commit_measured(
        &mut self,
        action: &Action,
        events: Vec<Event>,
        mut watch: FileWatch,
    ) -> Result<(), ActionError> {
        let mut after = Game { file: None, ..self.clone() };
        after.commit(action, events)?;
        let bytes = watch.measure(&after);
        if bytes > watch.limit() {
            return Err(ActionError::FileFull { bytes, limit: watch.limit() });
        }
        watch.measured(bytes);
        after.file = Some(watch);
        *self = after;
        Ok(())
    }

    /// Applies a checked action's events as one undo step.
    fn commit(&mut self, action: &Action, events: Vec<Event>) -> Result<(), ActionError> {
        let subject = super::play::subject(&self.battle, action, &events);
        let begins_journal = self.start.is_none().then(|| Box::new(self.battle.clone()));
        let turning = turned_unit(action, &self.battle);
        self.stamp = new_stamp();
        apply(&mut self.battle, &events).map_err(ActionError::Apply)?;
        if let Some(start) = begins_journal {
            self.start = Some(start);
            // Steps from a file that kept no start (version 1) lie before the journal,
            // which cannot rebuild them (issue 46): they are let go as it begins.
            self.history.done.clear();
            self.kept = 0;
        }
        if !self.keeps_history {
            return Ok(());
        }
        let changes = events.iter().map(Change::of);
        // A new step replaces whatever was undone: the file keeps as they are only the
        // steps still done.
        self.kept = self.kept_steps();
        // Turning a unit again and again (Q/E) is one undo step, as one turn on the table;
        // decided by what the journal's replay sees too (issue 46), not by what was undone.
        match self.history.done.last_mut() {
            Some(last) if turning.is_some() && turning == turn_of(last) => {
                last.changes.extend(changes);
            }
            _ => self.history.done.push(Step { kind: action.kind(), subject, changes: changes.collect() }),
        }
        self.history.undone.clear();
        Ok(())
    }

    /// Undoes the last step; `Ok(None)` when there is nothing to undo.
    pub fn undo(&mut self) -> Result<Option<&Step>, ApplyError> {
        let Some(mut step) = self.history.done.pop() else { return Ok(None) };
        if let Err(e) = apply_changes(&mut self.battle, &mut step.changes, false) {
            self.history.done.push(step);
            return Err(e);
        }
        self.history.undone.push(step);
        self.stamp = new_stamp();
        self.grew_by_last(false);
        Ok(self.history.undone.last())
    }

    /// Redoes the last undone step with its stored events (no dice are re-rolled).
    pub fn redo(&mut self) -> Result<Option<&Step>, ApplyError> {
        let Some(mut step) = self.history.undone.pop() else { return Ok(None) };
        if let Err(e) = apply_changes(&mut self.battle, &mut step.changes, true) {
            self.history.undone.push(step);
            return Err(e);
        }
        self.history.done.push(step);
        self.stamp = new_stamp();
        self.grew_by_last(true);
        Ok(self.history.done.last())
    }
}

impl Game {
    /// Adds to the file's bound what the step just undone (or redone) can have added.
    fn grew_by_last(&mut self, redone: bool) {
        let stack = if redone { &self.history.done } else { &self.history.undone };
        if let (Some(watch), Some(step)) = (self.file.as_mut(), stack.last()) {
            watch.grew(file_size::undo_bound(step));
        }
    }
}

/// The numbers of the log entries a step appended.
pub(in crate::game) fn logged(step: &Step) -> impl Iterator<Item = u64> + '_ {
    step.changes.iter().filter_map(|c| match c {
        Change::Logged { seq, .. } => Some(*seq),
        Change::Fields { .. } | Change::Whole(_) => None,
    })
}

/// The name of the main thing an edit changed (its last event's subject).
/// The unit an action turns on the table without moving it, if that is all it does.
fn turned_unit(action: &Action, battle: &Battle) -> Option<crate::model::UnitId> {
    let Action::PlaceUnit { unit, place: Some(to) } = action else { return None };
    let from = battle.unit(*unit)?.place?;
    (from.x_mm == to.x_mm && from.y_mm == to.y_mm).then_some(*unit)
}

/// The unit a step only turned on the table, if that is what it was.
fn turn_of(step: &Step) -> Option<crate::model::UnitId> {
    if step.kind != ActionKind::PlaceUnit {
        return None;
    }
    let (id, before, after) = step.changes.first()?.unit_fields()?;
    let at = |fields: &super::change::Fields, key: &str| fields.get("place").and_then(|p| p.get(key)).cloned();
    let same_spot = at(before, "x_mm").is_some()
        && at(before, "x_mm") == at(after, "x_mm")
        && at(before, "y_mm") == at(after, "y_mm");
    (same_spot && at(before, "facing_deg") != at(after, "facing_deg")).then_some(crate::model::UnitId(id))
}

pub(super) fn subject_of(events: &[super::Event]) -> String {
    use super::Event;
    events.iter().rev().find(|e| !matches!(e, Event::LogAppended(_))).and_then(Event::subject).unwrap_or_default()
}
