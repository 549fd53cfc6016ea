//! What a version-8 battle file keeps of a game (issue 46): each fact once. The battle as
//! it stands and the journal's start are written whole; a log entry that the replay makes
//! again from its action keeps only its number, turn, phase and action, and the undo
//! steps the replay makes again are not written at all: reading the file performs the
//! journal again from its start, rebuilding the log's results and the undo history, and
//! checks that it leads to the battle the file states. Steps taken over from a file of an
//! earlier version (which the current rules may not replay) are kept as they are, with
//! their entries whole.

use serde::{Deserialize, Serialize, Serializer};

use crate::game::{Action, FileEntry, FileJournal, Game, Step, entry_check, kept_entries};
use crate::model::{
    Battle, Brigade, Engagement, General, LogDetail, LogEntry, PackRef, RngState, RulesOptions, SideInfo, TableSetup,
    Unit, UnitId,
};
use crate::rules::gdb::initiative::InitiativeResult;
use crate::rules::{BySide, Phase, Ruleset, Side};

/// A battle file as it is written: the header, the battle's fields in the order
/// `Battle` has them, its log with each entry as the file keeps it, the undo steps kept
/// as they are, and the journal's start.
#[derive(Serialize)]
pub(super) struct FileOut<'a> {
    format: &'static str,
    version: u32,
    app_version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    saved_at: Option<&'a str>,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name_ru: &'a Option<String>,
    description: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    description_ru: &'a Option<String>,
    ruleset: Ruleset,
    options: &'a RulesOptions,
    #[serde(skip_serializing_if = "Option::is_none")]
    pack: &'a Option<PackRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    campaign: &'a Option<crate::model::CampaignLink>,
    sides: &'a BySide<SideInfo>,
    brigades: &'a [Brigade],
    generals: &'a [General],
    units: &'a [Unit],
    turn: u32,
    phase: Phase,
    rng: &'a RngState,
    #[serde(skip_serializing_if = "Option::is_none")]
    phasing: &'a Option<Side>,
    #[serde(skip_serializing_if = "Option::is_none")]
    initiative: &'a Option<InitiativeResult>,
    engagements: &'a [Engagement],
    #[serde(skip_serializing_if = "Option::is_none")]
    table: &'a Option<TableSetup>,
    log: LogOut<'a>,
    undo: UndoOut<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<&'a Battle>,
}

impl<'a> FileOut<'a> {
    /// The file of `game`, stamped `saved_at`.
    pub(super) fn of(game: &'a Game, saved_at: Option<&'a str>) -> Self {
        let Battle {
            name,
            name_ru,
            description,
            description_ru,
            ruleset,
            options,
            pack,
            campaign,
            sides,
            brigades,
            generals,
            units,
            turn,
            phase,
            rng,
            phasing,
            initiative,
            engagements,
            table,
            log,
        } = game.battle();
        // Entries up to the journal's start and those of the kept steps are written
        // whole; without a start, nothing is replayed and every entry is whole.
        let whole = match game.start() {
            Some(start) => start.log.len().saturating_add(kept_entries(game)),
            None => log.len(),
        };
        let history = game.history();
        // Without a start nothing is replayed: every step is kept as it is.
        let kept = if game.start().is_some() { game.kept_steps() } else { history.done.len() };
        FileOut {
            format: super::FORMAT,
            version: super::VERSION,
            app_version: env!("CARGO_PKG_VERSION"),
            saved_at,
            name,
            name_ru,
            description,
            description_ru,
            ruleset: *ruleset,
            options,
            pack,
            campaign,
            sides,
            brigades,
            generals,
            units,
            turn: *turn,
            phase: *phase,
            rng,
            phasing,
            initiative,
            engagements,
            table,
            log: LogOut { entries: log, whole },
            undo: UndoOut { done: &history.done[..kept], undone: &history.undone, kept: game.kept_count() },
            start: game.start(),
        }
    }
}

/// The log as the file keeps it: the first `whole` entries whole, the others (those
/// with an action) as their action.
struct LogOut<'a> {
    entries: &'a [LogEntry],
    whole: usize,
}

/// One log entry as the file keeps it.
#[derive(Serialize)]
#[serde(untagged)]
enum EntryOut<'a> {
    Whole(&'a LogEntry),
    Replayed { seq: u64, turn: u32, phase: Phase, action: &'a Action, check: u64 },
}

impl Serialize for LogOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.entries.iter().enumerate().map(|(i, e)| match e.action.as_deref() {
            Some(action) if i >= self.whole => {
                EntryOut::Replayed { seq: e.seq, turn: e.turn, phase: e.phase, action, check: entry_check(e) }
            }
            Some(_) | None => EntryOut::Whole(e),
        }))
    }
}

/// The undo history as the file keeps it: the steps kept as they are, and the undone.
#[derive(Serialize)]
struct UndoOut<'a> {
    done: &'a [Step],
    undone: &'a [Step],
    /// The steps at the front kept as they are, those undone counted.
    #[serde(skip_serializing_if = "is_zero")]
    kept: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A battle file as it is read: every key known, in one pass.
#[derive(Deserialize)]
pub(super) struct FileIn {
    pub(super) format: String,
    pub(super) version: u32,
    #[serde(default)]
    #[allow(dead_code)]
    app_version: String,
    #[serde(default)]
    #[allow(dead_code)]
    saved_at: Option<String>,
    name: String,
    #[serde(default)]
    name_ru: Option<String>,
    #[serde(default)]
    description: String,
    #[serde(default)]
    description_ru: Option<String>,
    #[serde(default)]
    ruleset: Ruleset,
    #[serde(default)]
    options: RulesOptions,
    #[serde(default)]
    pack: Option<PackRef>,
    #[serde(default)]
    campaign: Option<crate::model::CampaignLink>,
    sides: BySide<SideInfo>,
    #[serde(default)]
    brigades: Vec<Brigade>,
    #[serde(default)]
    generals: Vec<General>,
    #[serde(default)]
    units: Vec<Unit>,
    #[serde(default = "first_turn")]
    turn: u32,
    #[serde(default)]
    phase: Phase,
    #[serde(default)]
    rng: RngState,
    #[serde(default)]
    phasing: Option<Side>,
    #[serde(default)]
    initiative: Option<InitiativeResult>,
    #[serde(default)]
    engagements: Vec<Engagement>,
    #[serde(default)]
    table: Option<TableSetup>,
    #[serde(default)]
    log: Vec<EntryIn>,
    #[serde(default)]
    undo: UndoIn,
    #[serde(default)]
    pub(super) start: Option<Box<Battle>>,
}

fn first_turn() -> u32 {
    1
}

/// One log entry as the file keeps it: whole (with its detail) or as its action.
#[derive(Deserialize)]
struct EntryIn {
    seq: u64,
    turn: u32,
    phase: Phase,
    #[serde(default)]
    units: Vec<UnitId>,
    #[serde(default)]
    detail: Option<Box<LogDetail>>,
    #[serde(default)]
    action: Option<Box<Action>>,
    #[serde(default)]
    revealed: Vec<UnitId>,
    #[serde(default)]
    check: Option<u64>,
}

impl EntryIn {
    /// The entry for the journal's rebuilding; `None` for one with neither its detail nor
    /// an action to make it again.
    fn into_file_entry(self) -> Option<FileEntry> {
        let EntryIn { seq, turn, phase, units, detail, action, revealed, check } = self;
        match (detail, action) {
            (Some(detail), action) => Some(FileEntry::Whole(Box::new(LogEntry {
                seq,
                turn,
                phase,
                units,
                detail: *detail,
                action,
                revealed,
            }))),
            (None, Some(action)) => Some(FileEntry::Replayed { seq, turn, phase, action, check }),
            (None, None) => None,
        }
    }
}

/// The undo history as the file keeps it.
#[derive(Default, Deserialize)]
struct UndoIn {
    #[serde(default)]
    done: Vec<Step>,
    #[serde(default)]
    undone: Vec<Step>,
    #[serde(default)]
    kept: usize,
}

impl FileIn {
    /// The battle the file states (its log left for the rebuilding), its journal's
    /// start, and its journal; the sequence number of an entry that keeps neither its
    /// detail nor an action, if one does.
    pub(super) fn into_parts(self) -> Result<(Battle, Option<Box<Battle>>, FileJournal), u64> {
        let FileIn {
            format: _,
            version: _,
            app_version: _,
            saved_at: _,
            name,
            name_ru,
            description,
            description_ru,
            ruleset,
            options,
            pack,
            campaign,
            sides,
            brigades,
            generals,
            units,
            turn,
            phase,
            rng,
            phasing,
            initiative,
            engagements,
            table,
            log,
            undo,
            start,
        } = self;
        let stated = Battle {
            name,
            name_ru,
            description,
            description_ru,
            ruleset,
            options,
            pack,
            campaign,
            sides,
            brigades,
            generals,
            units,
            turn,
            phase,
            rng,
            phasing,
            initiative,
            engagements,
            table,
            log: Vec::new(),
        };
        let mut entries = Vec::with_capacity(log.len());
        for entry in log {
            let seq = entry.seq;
            entries.push(entry.into_file_entry().ok_or(seq)?);
        }
        let journal = FileJournal { entries, kept: undo.done, undone: undo.undone, kept_count: undo.kept };
        Ok((stated, start, journal))
    }
}
