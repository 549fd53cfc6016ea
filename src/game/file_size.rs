//! The size of the battle file a game makes, kept as it is played (issue 41, row 8): the
//! game refuses the action after which its file would pass the limit, so that no writer
//! ever writes a file the reader refuses.
//!
//! Serializing a 60 MB battle after every action would cost a fifth of a second each
//! time, so the game keeps an upper bound instead: the file's size as last measured, plus
//! a bound on what each step since can have added (its events, written compactly, twice:
//! once in the battle and once in the undo step). Only when that bound passes the limit is
//! the file measured exactly, on a copy of the game with the action performed; the action
//! is refused when the measure passes the limit, and otherwise the copy becomes the game
//! and its measure the new bound. The measure itself is the storage floor's, handed in as
//! a function, since the file's layout is storage's and the game touches no files.

use serde::Serialize;

use super::{Event, Game, Step};
use crate::model::Battle;

/// Measures the battle file a game makes, exactly, in bytes.
pub type Measure = fn(&Game) -> u64;

/// The bytes a battle file's fixed parts may add around what a step changes: the keys of
/// the battle and of the file that a step can bring in (each indented on its own line),
/// the step's kind and label, and the separators. Generous: a larger slack only means an
/// exact measure a little earlier.
const STEP_SLACK: u64 = 2_048;
/// The separators and indentation one event's value can add beyond its compact text.
const EVENT_SLACK: u64 = 16;

/// A game's watch over the size of its battle file.
#[derive(Clone, Copy, Debug)]
pub struct FileWatch {
    measure: Measure,
    limit: u64,
    /// The file takes at most this many bytes: its last exact measure plus the bounds of
    /// the steps since; `None` until first measured.
    at_most: Option<u64>,
}

impl FileWatch {
    /// A watch against `limit` bytes, measured by `measure`.
    pub fn new(measure: Measure, limit: u64) -> Self {
        FileWatch { measure, limit, at_most: None }
    }

    /// The limit watched.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// The exact size of `game`'s file.
    pub(super) fn measure(&self, game: &Game) -> u64 {
        (self.measure)(game)
    }

    /// The bound as it stands, measuring `game` where there is none yet.
    pub(super) fn at_most(&mut self, game: &Game) -> u64 {
        *self.at_most.get_or_insert_with(|| (self.measure)(game))
    }

    /// Records an exact measure.
    pub(super) fn measured(&mut self, bytes: u64) {
        self.at_most = Some(bytes);
    }

    /// Adds a bound on what a step added (an undo or a redo, which are never refused).
    pub(super) fn grew(&mut self, bound: u64) {
        self.at_most = self.at_most.map(|b| b.saturating_add(bound));
    }
}

/// The bytes of a value written compactly, without keeping the text.
pub(super) fn compact_len<T: Serialize + ?Sized>(value: &T) -> u64 {
    let mut counter = ByteCounter::default();
    // A value serde cannot write counts as the largest: the game then measures exactly,
    // and the storage floor refuses to write it.
    match serde_json::to_writer(&mut counter, value) {
        Ok(()) => counter.0,
        Err(_) => u64::MAX,
    }
}

/// An upper bound on what performing `events` adds to the file: each event carries the
/// values it puts in the battle, and the undo step keeps at most as much again; the
/// journal's start, when this is the first action, is a copy of the battle as it stands.
pub(super) fn perform_bound(events: &[Event], start_from: Option<&Battle>) -> u64 {
    let events: u64 = events.iter().map(|e| compact_len(e).saturating_add(EVENT_SLACK)).fold(0, u64::saturating_add);
    let start = start_from.map_or(0, |b| compact_len(b).saturating_add(STEP_SLACK));
    events.saturating_mul(2).saturating_add(start).saturating_add(STEP_SLACK)
}

/// An upper bound on what an undo or redo of `step` adds: the step moves between the
/// stacks (keeping, while undone, the log entry the battle gives up) and the battle takes
/// back values the step holds.
pub(super) fn undo_bound(step: &Step) -> u64 {
    compact_len(step).saturating_mul(2).saturating_add(STEP_SLACK)
}

/// A writer that only counts the bytes written to it.
#[derive(Debug, Default)]
pub struct ByteCounter(u64);

impl ByteCounter {
    /// The bytes written so far.
    pub fn bytes(&self) -> u64 {
        self.0
    }
}

impl std::io::Write for ByteCounter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 = self.0.saturating_add(buf.len() as u64);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
