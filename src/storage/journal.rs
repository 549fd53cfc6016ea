//! The autosave journal (issue 31): an append-only file in the data folder, one per
//! battle, written off the interface thread. Its first line says what the battle starts
//! from: the battle file as it was opened or saved (named and fingerprinted, not
//! copied), or the whole battle where it is on no disk yet. Each later line is one thing
//! the players did (an action with its inputs, an undo, a redo), written and flushed to
//! the disk before the next, so that an autosave costs the same at the 50,000th action
//! as at the fifth. A save folds the journal into the battle file; recovery reads the
//! start and plays the lines again through the one writer.

use std::fs::File;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{LoadError, SaveError};
use crate::game::{Action, Game};

/// The `format` of a journal's first line.
pub const JOURNAL_FORMAT: &str = "coldsteel.journal";
/// The journal version this build writes.
pub const JOURNAL_VERSION: u32 = 1;
const PREFIX: &str = "journal-";
const SUFFIX: &str = ".jsonl";

/// What the players did, as a journal line records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// An action performed.
    Did(Box<Action>),
    /// The last step undone.
    Undid,
    /// The last undone step redone.
    Redid,
}

/// A journal line after the first: what was done, and when (Unix milliseconds).
#[derive(Debug, Serialize, Deserialize)]
struct Line {
    /// The line's number, from 1.
    n: u64,
    at_ms: u64,
    op: Op,
}

/// The file a journal starts from, as it was when the journal began.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// Its length in bytes.
    pub bytes: u64,
    /// The FNV-1a hash of its bytes, in hexadecimal.
    pub fnv1a: String,
}

/// A journal's first line.
#[derive(Debug, Serialize, Deserialize)]
struct Header {
    format: String,
    version: u32,
    /// The battle file it belongs to, if the battle has one.
    source: Option<PathBuf>,
    /// The source as it stood when the journal began; the journal starts from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fingerprint: Option<Fingerprint>,
    /// The whole battle file the journal starts from, where it is on no disk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    base: Option<Box<serde_json::value::RawValue>>,
    started_at_ms: u64,
}

/// What a new journal starts from.
#[derive(Debug)]
pub enum Base {
    /// The battle file at this path, exactly as it is on disk now.
    OnDisk(PathBuf),
    /// A battle on no disk as it stands (a new battle, the default one, recovered work),
    /// perhaps of a file.
    Unsaved(Box<Game>, Option<PathBuf>),
}

impl Base {
    fn source(&self) -> Option<&Path> {
        match self {
            Base::OnDisk(p) => Some(p),
            Base::Unsaved(_, p) => p.as_deref(),
        }
    }
}

/// The FNV-1a fingerprint of a file's bytes.
pub fn fingerprint(bytes: &[u8]) -> Fingerprint {
    Fingerprint { bytes: u64::try_from(bytes.len()).unwrap_or(u64::MAX), fnv1a: format!("{:016x}", fnv1a(bytes)) }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The journal file of a battle in `dir`: keyed by its file's path, or, for a battle on
/// no disk, by when it began (so that no two unsaved battles share one).
pub fn journal_path(dir: &Path, source: Option<&Path>, started_at_ms: u64) -> PathBuf {
    let key = match source {
        Some(p) => format!("{:016x}", fnv1a(super::canonical(p).to_string_lossy().as_bytes())),
        None => format!("unsaved-{started_at_ms}"),
    };
    dir.join(format!("{PREFIX}{key}{SUFFIX}"))
}

/// A journal being written: its file once the first line is on disk.
#[derive(Debug)]
pub struct Writer {
    path: PathBuf,
    base: Option<Base>,
    started_at_ms: u64,
    file: Option<File>,
    lines: u64,
    /// A journal this one replaces once it is on disk (the recovered one).
    supersedes: Option<PathBuf>,
}

impl Writer {
    /// A journal of `base` in `dir`, written from its first line on; nothing touches the
    /// disk until then.
    pub fn new(dir: &Path, base: Base, started_at_ms: u64, supersedes: Option<PathBuf>) -> Self {
        let path = journal_path(dir, base.source(), started_at_ms);
        Writer { path, base: Some(base), started_at_ms, file: None, lines: 0, supersedes }
    }

    /// Where it is written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one line and flushes it to the disk; the first also writes the start.
    pub fn append(&mut self, op: &Op, at_ms: u64) -> Result<(), SaveError> {
        self.append_all(std::iter::once(op), at_ms)
    }

    /// Appends lines and flushes them to the disk once, at the end (one line for each
    /// thing the players do; many for a journal written in one go, as a benchmark's).
    pub fn append_all<'a>(&mut self, ops: impl IntoIterator<Item = &'a Op>, at_ms: u64) -> Result<(), SaveError> {
        let path = self.path.clone();
        let io = |e: std::io::Error| super::files::save_error(&path, &e);
        let mut text = String::new();
        for op in ops {
            let line = Line { n: self.lines.saturating_add(1), at_ms, op: op.clone() };
            let encoded = serde_json::to_string(&line)
                .map_err(|_| super::files::save_refused(&path, super::SaveReason::Encode))?;
            text.push_str(&encoded);
            text.push('\n');
            self.lines = self.lines.saturating_add(1);
        }
        let file = match self.file.as_mut() {
            Some(f) => f,
            None => self.open()?,
        };
        file.write_all(text.as_bytes()).map_err(io)?;
        file.sync_data().map_err(io)
    }

    /// Writes the journal's first line (atomically: a whole file or none) and opens it
    /// for appending; then the journal it supersedes goes.
    fn open(&mut self) -> Result<&mut File, SaveError> {
        let header = self.header()?;
        let mut text = serde_json::to_string(&header)
            .map_err(|_| super::files::save_refused(&self.path, super::SaveReason::Encode))?;
        text.push('\n');
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| super::files::save_error(dir, &e))?;
        }
        super::save_atomic(&self.path, &text)?;
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(&self.path)
            .map_err(|e| super::files::save_error(&self.path, &e))?;
        if let Some(old) = self.supersedes.take().filter(|old| *old != self.path) {
            let _ = std::fs::remove_file(old);
        }
        self.base = None;
        Ok(self.file.insert(file))
    }

    fn header(&self) -> Result<Header, SaveError> {
        let encode = |_| super::files::save_refused(&self.path, super::SaveReason::Encode);
        let (source, fingerprint, base) = match &self.base {
            Some(Base::OnDisk(p)) => {
                let bytes = std::fs::read(p).map_err(|e| super::files::save_error(p, &e))?;
                (Some(p.clone()), Some(fingerprint(&bytes)), None)
            }
            Some(Base::Unsaved(game, source)) => {
                let text = super::try_to_json_line(game).map_err(encode)?;
                let raw = serde_json::value::RawValue::from_string(text).map_err(encode)?;
                (source.clone(), None, Some(raw))
            }
            None => (None, None, None),
        };
        Ok(Header {
            format: JOURNAL_FORMAT.to_owned(),
            version: JOURNAL_VERSION,
            source,
            fingerprint,
            base,
            started_at_ms: self.started_at_ms,
        })
    }

    /// The journal is done with: folded into its battle file by a save, or discarded by
    /// the players. Its file goes.
    pub fn remove(mut self) {
        self.file = None;
        if self.lines > 0 {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// A journal read back: the game it plays to, and what it holds.
#[derive(Debug)]
pub struct Read {
    /// The game, with every line that played.
    pub game: Game,
    /// The battle file it belongs to.
    pub source: Option<PathBuf>,
    /// The lines that played.
    pub played: usize,
    /// When the last of them was written (Unix milliseconds).
    pub last_at_ms: u64,
    /// A line that did not play (cut short by a kill, or refused), if any.
    pub stopped_at: Option<u64>,
}

/// Why a journal cannot be read back.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// Its first line is not a coldsteel journal's.
    #[error("not a coldsteel journal")]
    NotAJournal,
    /// Written by a newer coldsteel.
    #[error("journal version {0} is newer than this coldsteel reads")]
    Newer(u32),
    /// Its battle file is no longer as the journal began from it.
    #[error("{0}: the battle file changed since the journal began")]
    SourceChanged(PathBuf),
    /// The start it names does not read.
    #[error("{0}")]
    Start(LoadError),
    /// The journal file does not read.
    #[error("cannot read the journal: {0:?}")]
    Io(std::io::ErrorKind),
}

/// Reads a journal back: its start, then every line in order through the game, up to
/// the first that does not read or play (a line cut short by a kill is the last one).
pub fn read_journal(path: &Path) -> Result<Read, JournalError> {
    let file = File::open(path).map_err(|e| JournalError::Io(e.kind()))?;
    let limited = std::io::Read::take(file, super::MAX_FILE_BYTES.saturating_mul(4));
    let mut lines = std::io::BufReader::new(limited).lines();
    let first = lines.next().ok_or(JournalError::NotAJournal)?.map_err(|e| JournalError::Io(e.kind()))?;
    let header: Header = serde_json::from_str(&first).map_err(|_| JournalError::NotAJournal)?;
    if header.format != JOURNAL_FORMAT {
        return Err(JournalError::NotAJournal);
    }
    if header.version > JOURNAL_VERSION {
        return Err(JournalError::Newer(header.version));
    }
    let mut game = start_of(&header)?;
    let mut read = Read { game: Game::default(), source: header.source, played: 0, last_at_ms: 0, stopped_at: None };
    for (i, text) in lines.enumerate() {
        let n = u64::try_from(i).unwrap_or(u64::MAX).saturating_add(1);
        let line = text.ok().and_then(|t| serde_json::from_str::<Line>(&t).ok()).filter(|l| l.n == n);
        let played = line.as_ref().is_some_and(|l| play(&mut game, &l.op));
        match line {
            Some(l) if played => {
                read.played += 1;
                read.last_at_ms = l.at_ms;
            }
            Some(_) | None => {
                read.stopped_at = Some(n);
                break;
            }
        }
    }
    read.game = game;
    Ok(read)
}

fn start_of(header: &Header) -> Result<Game, JournalError> {
    match (&header.base, &header.source, &header.fingerprint) {
        (Some(base), _, _) => super::from_json_with_problems(base.get()).map(|(g, _)| g).map_err(JournalError::Start),
        (None, Some(source), Some(print)) => {
            let bytes = super::read_bytes_file(source).map_err(JournalError::Start)?;
            if fingerprint(&bytes) != *print {
                return Err(JournalError::SourceChanged(source.clone()));
            }
            let text = super::text_of(bytes).map_err(JournalError::Start)?;
            super::from_json_with_problems(&text).map(|(g, _)| g).map_err(JournalError::Start)
        }
        (None, _, _) => Err(JournalError::NotAJournal),
    }
}

/// Plays one line through the game; whether it played.
fn play(game: &mut Game, op: &Op) -> bool {
    match op {
        Op::Did(action) => game.perform(action).is_ok(),
        Op::Undid => matches!(game.undo(), Ok(Some(_))),
        Op::Redid => matches!(game.redo(), Ok(Some(_))),
    }
}

/// The journals in `dir` that hold something done, newest first.
pub fn journals_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_str().is_some_and(|n| n.starts_with(PREFIX) && n.ends_with(SUFFIX)))
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .filter(|(_, p)| holds_a_line(p))
        .collect();
    found.sort_by_key(|f| std::cmp::Reverse(f.0));
    found.into_iter().map(|(_, p)| p).collect()
}

/// Whether a journal holds more than its first line.
fn holds_a_line(path: &Path) -> bool {
    let Ok(file) = File::open(path) else { return false };
    let mut reader = std::io::BufReader::new(file);
    let mut skip = Vec::new();
    // The first line may be long (a whole battle): read through it without keeping it
    // beyond what the file holds.
    let first = reader.read_until(b'\n', &mut skip).unwrap_or(0);
    drop(skip);
    let mut rest = [0u8; 1];
    first > 0 && std::io::Read::read(&mut reader, &mut rest).is_ok_and(|n| n > 0)
}
