//! Battle files (design.md section 4): versioned JSON with step-by-step migrations,
//! atomic saves that keep the previous file as `.bak`, autosave and recovery, and the
//! embedded default battle.

mod autosave;
pub mod browse;
mod campaign;
mod files;
pub mod follow;
mod format;
pub mod journal;
mod lock;
mod migrate;
mod pack;
mod profile;
mod stored;
mod time;

pub use autosave::{
    AutosaveInfo, Autosaver, KeptFound, Recovery, app_state_file, autosave_dir, discard_autosave, discard_recovery,
    find_recovery, kept_for, read_recovery, recoveries_of,
};
pub use campaign::{
    CAMPAIGN_FORMAT, CAMPAIGN_SUFFIX, CAMPAIGN_VERSION, CampaignFileError, campaign_from_json, campaign_to_json,
    checked as checked_campaign, new_campaign_id, read_campaign_file, save_campaign,
};
pub use files::{
    SaveError, SaveReason, Saved, backup_path, backup_there, battle_of_bytes, canonical, read_battle_file,
    read_battle_file_with_problems, read_bytes_file, read_limited, read_text_file, remove_written, same_file,
    save_atomic, save_atomic_bytes, save_battle, save_output, suggested_folder,
};
pub use journal::{Base, Kept, KeptHeader, Op, SourceState, count_actions, keep_unreadable, kept_journals};
pub use lock::{BattleLock, Locked, lock_battle};
pub use pack::{
    PACK_FORMAT, PACK_SUFFIX, PACK_VERSION, PackError, club_pack_file, pack_from_json, pack_to_json, read_club_pack,
    read_pack_file, save_pack,
};
pub use profile::{
    DEFAULT_PROFILE_JSON, PROFILE_FORMAT, Profile, club_profile_file, profile_from_json, profile_to_json,
    read_club_profile,
};
pub use time::{iso8601, now_unix, now_unix_ms};

use serde::Deserialize;
use thiserror::Error;

use crate::game::{Game, History, ReplayError};
use crate::model::{Battle, ModelError};

/// The `format` tag of a battle file.
pub const FORMAT: &str = "coldsteel.battle";
/// The battle-file version this build writes.
pub const VERSION: u32 = 12;
const _: () = assert!(VERSION >= crate::game::sequence::ALL_JUDGED_SINCE_VERSION, "this build writes what it judges");
/// Files larger than this are refused before reading (the limit lives with the others).
pub use crate::model::limits::MAX_FILE_BYTES;

/// The default battle, embedded so that a fresh clone opens on it.
pub const DEFAULT_BATTLE_JSON: &str = include_str!("../../assets/default_battle.coldsteel.json");

/// Why a battle file could not be read. Paths are added by the caller, last.
#[derive(Debug, Error)]
pub enum LoadError {
    /// Not JSON, or JSON of the wrong shape.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A file of an older version that, once migrated, has a wrong field.
    #[error("{path}: {message} (read as a version-{version} file)")]
    Migrated {
        /// The field, as a path (`units[3].arm`).
        path: String,
        /// What is wrong.
        message: String,
        /// The file's version.
        version: u32,
    },
    /// JSON, but not a coldsteel battle.
    #[error("not a coldsteel battle file (format is `{0}`)")]
    WrongFormat(String),
    /// Written by a newer coldsteel.
    #[error("written by a newer coldsteel: file version {found}, this coldsteel {app} reads up to version {VERSION}; update coldsteel to open it", app = env!("CARGO_PKG_VERSION"))]
    Newer {
        /// The file's version.
        found: u32,
    },
    /// Read, but the battle is inconsistent.
    #[error("invalid battle: {}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<ModelError>),
    /// Larger than [`MAX_FILE_BYTES`].
    #[error("the file is {0} bytes, more than the 64 MiB a battle file may have")]
    TooLarge(u64),
    /// The file could not be read at all.
    #[error("cannot read the file: {kind:?}")]
    Io {
        /// What kind of failure.
        kind: std::io::ErrorKind,
        /// The system's error number.
        code: Option<i32>,
    },
    /// Not a regular file (a folder, a pipe, a device): refused rather than read forever.
    #[error("not a regular file")]
    NotAFile,
    /// Bytes that are not UTF-8 text.
    #[error("byte {0}: not UTF-8 text")]
    NotUtf8(usize),
    /// A key this version of coldsteel does not know: refused, so that saving cannot drop it.
    #[error("{0}: unknown key (written by another program or a newer coldsteel?)")]
    UnknownKey(String),
    /// JSON, but not an object: an array or a number would read by position, confusingly.
    #[error("the file must hold one JSON object, not a list or a single value")]
    NotAnObject,
    /// An autosave journal whose first line is not a journal's (damaged, or another file
    /// named like one).
    #[error("not a coldsteel autosave journal")]
    NotAJournal,
    /// An autosave journal whose battle file changed since the journal began from it.
    #[error("{0}: the battle file changed since its autosave began")]
    SourceChanged(std::path::PathBuf),
    /// A file whose journal, replayed from its start to rebuild the undo history and the
    /// log (issue 46), does not lead to the battle it states.
    #[error("the battle's journal does not lead to the battle the file states: {0}")]
    Journal(crate::game::ReplayError),
}

/// Refuses text that is valid JSON but not an object (syntax errors are left to the reader,
/// which locates them).
pub fn expect_object(text: &str) -> Result<(), LoadError> {
    if crate::model::is_json_but_not_an_object(text) { Err(LoadError::NotAnObject) } else { Ok(()) }
}

/// The text of a file's bytes: UTF-8, with a byte-order mark (Windows Notepad) accepted;
/// otherwise the offset of the first bad byte.
pub fn text_of(bytes: Vec<u8>) -> Result<String, LoadError> {
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    String::from_utf8(bytes).map_err(|e| LoadError::NotUtf8(e.utf8_error().valid_up_to()))
}

impl From<serde_json::Error> for LoadError {
    fn from(e: serde_json::Error) -> Self {
        let located = format!(" at line {} column {}", e.line(), e.column());
        let message = e.to_string().trim_end_matches(&located).to_owned();
        LoadError::Syntax { line: e.line(), column: e.column(), message }
    }
}

/// [`parse_known`] with nothing expected beside the type's own keys, quicker where the
/// text is sound: the path of an offending field is looked for only once there is one.
fn parse_strict<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, LoadError> {
    let mut unknown: Option<String> = None;
    let parsed: Result<T, serde_json::Error> = {
        let mut de = serde_json::Deserializer::from_str(text);
        let mut note = |path: serde_ignored::Path<'_>| {
            if unknown.is_none() {
                unknown = Some(path.to_string());
            }
        };
        serde_ignored::deserialize(&mut de, &mut note).and_then(|value| de.end().map(|()| value))
    };
    match (parsed, unknown) {
        (Ok(_), Some(path)) => Err(LoadError::UnknownKey(path)),
        (Ok(value), None) => Ok(value),
        (Err(_), _) => parse_known(text, &[]),
    }
}

/// Parses with the path of the offending field in the message (`units[3].arm: ...`);
/// keys the type does not know are refused with their path, except those `expected`
/// at the top level (read by another pass).
fn parse_known<T: serde::de::DeserializeOwned>(text: &str, expected: &[&str]) -> Result<T, LoadError> {
    let mut unknown: Option<String> = None;
    let value = {
        let de = &mut serde_json::Deserializer::from_str(text);
        let mut note = |path: serde_ignored::Path<'_>| {
            let path = path.to_string();
            let top = path.split(['.', '[']).next().unwrap_or_default();
            let nested = path.contains('.') || path.contains('[');
            if unknown.is_none() && (nested || !expected.contains(&top)) {
                unknown = Some(path);
            }
        };
        let ignored = serde_ignored::Deserializer::new(de, &mut note);
        locate(serde_path_to_error::deserialize(ignored))?
    };
    match unknown {
        Some(path) => Err(LoadError::UnknownKey(path)),
        None => Ok(value),
    }
}

/// Parses with the path of the offending field in the message (`units[3].arm: ...`).
fn parse_located<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, LoadError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    locate(serde_path_to_error::deserialize(de))
}

/// A located serde error as a load error.
fn locate<T>(r: Result<T, serde_path_to_error::Error<serde_json::Error>>) -> Result<T, LoadError> {
    r.map_err(|e| {
        let path = e.path().to_string();
        let mut err = LoadError::from(e.into_inner());
        if let LoadError::Syntax { message, .. } = &mut err
            && path != "."
            && path != "?"
        {
            *message = format!("{path}: {message}");
        }
        err
    })
}

#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

/// The history and the journal's start, read in a second pass: `Battle` ignores the
/// keys it does not own, and reading it without `flatten` keeps exact error positions
/// and speed.
#[derive(Deserialize)]
struct UndoOnly {
    #[serde(default)]
    undo: History,
    #[serde(default)]
    start: Option<Box<Battle>>,
}

/// Reads a migrated value, naming the field of an error.
fn from_migrated<T: serde::de::DeserializeOwned>(value: &serde_json::Value, version: u32) -> Result<T, LoadError> {
    serde_path_to_error::deserialize(value).map_err(|e| LoadError::Migrated {
        path: e.path().to_string(),
        message: e.into_inner().to_string(),
        version,
    })
}

/// The format version a battle file's text says it has, if it says one.
pub fn file_version(text: &str) -> Option<u32> {
    serde_json::from_str::<Header>(text).ok().map(|h| h.version)
}

impl LoadError {
    /// A read the system refused, as data.
    pub fn io(e: &std::io::Error) -> Self {
        LoadError::Io { kind: e.kind(), code: e.raw_os_error() }
    }
}

/// Reads a battle file's text: checks the format and version, migrates older versions
/// step by step, and validates the battle.
pub fn from_json(text: &str) -> Result<Game, LoadError> {
    let (game, problems) = from_json_with_problems(text)?;
    if !problems.is_empty() {
        return Err(LoadError::Invalid(problems));
    }
    Ok(game)
}

/// Reads a battle file for the window (issue 26: never locked out): a file beyond the
/// limits that protect the reader is refused; one whose battle breaks an invariant (two
/// commanders-in-chief, a reference to nothing) is read, with its problems, for the
/// players to fix in the editor.
pub fn from_json_with_problems(text: &str) -> Result<(Game, Vec<ModelError>), LoadError> {
    finish_reading(parse_file(text)?).map(|(game, problems, _)| (game, problems))
}

/// [`from_json_with_problems`] of a file's text read into memory: the text is let go once
/// parsed, before the journal is replayed (issue 46: a season's memory).
fn from_text_with_problems(text: String) -> Result<(Game, Vec<ModelError>), LoadError> {
    let parsed = parse_file(&text)?;
    drop(text);
    finish_reading(parsed).map(|(game, problems, _)| (game, problems))
}

/// A battle file parsed: of this version, still to be rebuilt; of an earlier one, read.
enum Parsed {
    Current(Box<stored::FileIn>),
    Earlier(Game, Vec<ModelError>, u32),
}

/// Reads a battle file's text as [`from_json`] does, letting the text go once parsed;
/// with the version the file had (a file of an earlier version is replayed under the
/// rules of its time) and, for a file of this version whose battle its journal does not
/// lead to (edited outside coldsteel, read as it stands), the difference.
pub fn from_text_versioned(text: String) -> Result<(Game, u32, Option<ReplayError>), LoadError> {
    let parsed = parse_file(&text)?;
    drop(text);
    let version = match &parsed {
        Parsed::Current(_) => VERSION,
        Parsed::Earlier(_, _, version) => *version,
    };
    match finish_reading(parsed)? {
        (game, problems, differs) if problems.is_empty() => Ok((game, version, differs)),
        (_, problems, _) => Err(LoadError::Invalid(problems)),
    }
}

fn parse_file(text: &str) -> Result<Parsed, LoadError> {
    expect_object(text)?;
    // A file of this version is read in one pass; the header decides for any other.
    let current = parse_strict::<stored::FileIn>(text);
    let (format, version) = match &current {
        Ok(file) => (file.format.clone(), file.version),
        Err(_) => {
            let header: Header = serde_json::from_str(text)?;
            (header.format, header.version)
        }
    };
    if format != FORMAT {
        return Err(LoadError::WrongFormat(format));
    }
    if version > VERSION {
        return Err(LoadError::Newer { found: version });
    }
    if (JOURNAL_FILES_SINCE..VERSION).contains(&version) {
        return Ok(Parsed::Current(Box::new(migrated_journal_file(text, version)?)));
    }
    if version < VERSION {
        let (game, problems) = from_earlier_version(text, version)?;
        return Ok(Parsed::Earlier(game, problems, version));
    }
    Ok(Parsed::Current(Box::new(current?)))
}

/// The first version whose log is kept as a journal of actions (issue 46).
const JOURNAL_FILES_SINCE: u32 = 8;

/// A file kept as a journal by an earlier version, migrated as values and then read as
/// this version's, its journal performed again as it is read.
fn migrated_journal_file(text: &str, version: u32) -> Result<stored::FileIn, LoadError> {
    let mut value: serde_json::Value = serde_json::from_str(text)?;
    migrate::to_current(&mut value, version);
    parse_strict::<stored::FileIn>(&serde_json::to_string(&value)?)
}

/// A parsed file's game: one of this version rebuilt from its journal, once its battle
/// and start pass the reader's checks; with the difference between the battle the file
/// states and the one its journal leads to, where they differ.
type Finished = (Game, Vec<ModelError>, Option<ReplayError>);

fn finish_reading(parsed: Parsed) -> Result<Finished, LoadError> {
    let file = match parsed {
        Parsed::Current(file) => file,
        Parsed::Earlier(game, problems, _) => return Ok((game, problems, None)),
    };
    let (stated, start, journal) =
        file.into_parts().map_err(|seq| LoadError::Journal(ReplayError::NoAction { seq }))?;
    // The start the journal is replayed from is checked first; the battle, once its log
    // is rebuilt.
    if let Some(start) = start.as_deref() {
        reader_checks(start, None)?;
    }
    let (game, differs) = crate::game::rebuild(stated, start, journal).map_err(LoadError::Journal)?;
    let problems = reader_checks(game.battle(), None)?;
    Ok((game, problems, differs))
}

/// A file of an earlier version, migrated step by step: its undo history is read as it
/// stands (and kept as it is when the file is saved again).
fn from_earlier_version(text: &str, version: u32) -> Result<(Game, Vec<ModelError>), LoadError> {
    // Older files are read as they stand first, so that a wrong field is named with its
    // line and column; the migrations change names, not the shape of values.
    let _: Battle = parse_located(text)?;
    let mut value: serde_json::Value = serde_json::from_str(text)?;
    migrate::to_current(&mut value, version);
    let (battle, undo): (Battle, UndoOnly) = (from_migrated(&value, version)?, from_migrated(&value, version)?);
    let problems = reader_checks(&battle, undo.start.as_deref())?;
    Ok((Game::from_earlier_file(battle, undo.undo, undo.start), problems))
}

/// The battle's problems; an error where one of them, or one of the journal's start,
/// protects the reader. The journal's start is read as the battle is; a problem it had
/// that the players fixed since (with the journal recording the fix) is no problem of
/// the file.
fn reader_checks(battle: &Battle, start: Option<&Battle>) -> Result<Vec<ModelError>, LoadError> {
    let problems = battle.problems();
    let start = start.map(|s| s.problems()).unwrap_or_default();
    if problems.iter().chain(&start).any(|p| p.problem().protects_reader()) {
        return Err(LoadError::Invalid(problems.into_iter().chain(start).collect()));
    }
    Ok(problems)
}

fn file_out<'a>(game: &'a Game, saved_at: Option<&'a str>) -> stored::FileOut<'a> {
    stored::FileOut::of(game, saved_at)
}

/// Writes a battle file's text, stamped with the time it was saved; an error (a value
/// serde cannot write) is returned, never written over a battle.
pub fn try_to_json_at(game: &Game, saved_at: Option<&str>) -> Result<String, serde_json::Error> {
    format::to_string(&file_out(game, saved_at))
}

/// The exact size, in bytes, of the battle file [`save_battle`] would write for `game`
/// now, counted without keeping the text: the measure a game watching its file uses
/// (issue 41, row 8).
pub fn file_bytes(game: &Game) -> u64 {
    let stamp = iso8601(now_unix());
    format::written_len(&file_out(game, Some(&stamp))).unwrap_or(u64::MAX)
}

/// `game`, watching the size of its battle file against [`MAX_FILE_BYTES`]: every game the
/// window plays is so watched, so that it refuses an action after which the file could
/// not be saved.
pub fn watch_file(game: &mut Game) {
    if game.file_watch().is_none() {
        game.watch_file(file_bytes, MAX_FILE_BYTES);
    }
}

/// A battle file's text on one line, for a journal's first line.
pub(crate) fn try_to_json_line(game: &Game) -> Result<String, serde_json::Error> {
    serde_json::to_string(&file_out(game, None))
}

/// Writes a battle file's text, stamped with the time it was saved (for display and
/// tests; saves go through [`try_to_json_at`]).
pub fn to_json_at(game: &Game, saved_at: Option<&str>) -> String {
    try_to_json_at(game, saved_at).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// Writes a battle file's text without a save time (deterministic).
pub fn to_json(game: &Game) -> String {
    to_json_at(game, None)
}

/// The `format` tag of a scenario: a battle and a list of actions without results.
pub const SCENARIO_FORMAT: &str = "coldsteel.scenario";

#[derive(Deserialize)]
struct ScenarioFile {
    format: String,
    #[serde(default = "one")]
    version: u32,
    battle: Battle,
    #[serde(default)]
    actions: Vec<crate::game::Action>,
}

fn one() -> u32 {
    1
}

/// Whether a text is a scenario rather than a battle file (its `format` says so).
pub fn is_scenario(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Tag {
        format: String,
    }
    match leading_format(text) {
        Some(format) => format == SCENARIO_FORMAT,
        None => serde_json::from_str::<Tag>(text).is_ok_and(|t| t.format == SCENARIO_FORMAT),
    }
}

/// The `format` a text states as its first key (as coldsteel writes it), read without
/// going through the rest of the text (issue 46: a season's file is 25 MB); `None` where
/// the text does not begin so.
fn leading_format(text: &str) -> Option<&str> {
    let rest = text.trim_start().strip_prefix('{')?.trim_start().strip_prefix("\"format\"")?;
    let rest = rest.trim_start().strip_prefix(':')?.trim_start().strip_prefix('"')?;
    let tag = rest.get(..rest.find('"')?)?;
    (!tag.contains('\\')).then_some(tag)
}

/// Reads a scenario: the battle to start from and the actions to play, in order.
pub fn scenario_from_json(text: &str) -> Result<(Battle, Vec<crate::game::Action>), LoadError> {
    expect_object(text)?;
    // Every key must be known, at every depth (`actionz`, a misspelt `figurs` in a unit):
    // a scenario that silently played nothing would pass for a good one.
    let s: ScenarioFile = parse_known(text, &[])?;
    if s.format != SCENARIO_FORMAT {
        return Err(LoadError::WrongFormat(s.format));
    }
    if s.version > 1 {
        return Err(LoadError::Newer { found: s.version });
    }
    let problems = s.battle.problems();
    if !problems.is_empty() {
        return Err(LoadError::Invalid(problems));
    }
    Ok((s.battle, s.actions))
}

/// The embedded default battle.
pub fn default_game() -> Result<Game, LoadError> {
    from_json(DEFAULT_BATTLE_JSON)
}
