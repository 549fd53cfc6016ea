//! The autosave journal (issues 31 and 41): an append-only file in the data folder, one
//! for each battle a run of the app begins (never one a run shares or writes over),
//! written off the interface thread. Its first line is a small header: what the battle is
//! and the file it belongs to (by its absolute path, with the file's fingerprint when the
//! journal began from the file as it stands). Its second line is the battle it starts
//! from, whole, so that it recovers even when that file has changed or gone. Each later
//! line is one thing the players did (an action with its inputs, an undo, a redo),
//! written and flushed before the next, so that an autosave costs the same at the
//! 50,000th action as at the fifth. A journal stays until it is folded into its battle
//! file by a save, recovered, or discarded by the players. A run holds a lock on a file
//! beside each journal it writes (`….jsonl.lock`), which the system releases when the
//! run ends however it ends: a journal whose lock is held is another window's, live, and
//! never offered.

use std::fs::File;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{LoadError, SaveError};
use crate::game::{Action, Game};

/// The `format` of a journal's first line.
pub const JOURNAL_FORMAT: &str = "coldsteel.journal";
/// The journal version this build writes: 2 puts the battle it starts from on its own
/// line after a small header (1 put it in the header, or named the file only).
pub const JOURNAL_VERSION: u32 = 2;
const PREFIX: &str = "journal-";
const SUFFIX: &str = ".jsonl";
/// Beside a journal, the file its writer holds locked.
const LOCK_SUFFIX: &str = ".lock";
/// Beside a journal recovered in part, a copy of it as it was (issue 41).
const UNREADABLE_SUFFIX: &str = ".unreadable.jsonl";
/// The longest first line of a version-2 journal: read before anything else, at start-up.
const MAX_HEADER_BYTES: usize = 64 * 1024;
/// The most bytes of a journal read: its battle and a long evening of actions.
const MAX_JOURNAL_BYTES: u64 = super::MAX_FILE_BYTES.saturating_mul(4);

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
    /// The battle file it belongs to, if the battle has one: absolute and resolved (an
    /// earlier version wrote it as typed, perhaps relative).
    source: Option<PathBuf>,
    /// The battle's name, for the list of kept journals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    /// Its Russian name, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name_ru: Option<String>,
    /// The source as it stood when the journal began, where the journal began from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fingerprint: Option<Fingerprint>,
    /// Version 1: the whole battle the journal starts from, where it was on no disk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    base: Option<Box<serde_json::value::RawValue>>,
    /// Version 2: the length in bytes of the second line, the battle the journal starts
    /// from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    base_bytes: Option<u64>,
    started_at_ms: u64,
}

/// What a new journal starts from: the battle as it stands, and where it is on disk.
#[derive(Debug)]
pub enum Base {
    /// The battle exactly as the file at this path holds it (just opened or saved).
    OnDisk(PathBuf, Box<Game>),
    /// A battle on no disk as it stands (a new battle, the default one, recovered work),
    /// perhaps of a file.
    Unsaved(Box<Game>, Option<PathBuf>),
}

/// The FNV-1a fingerprint of a file's bytes.
pub fn fingerprint(bytes: &[u8]) -> Fingerprint {
    let fnv1a = format!("{:016x}", crate::game::fnv1a(bytes));
    Fingerprint { bytes: u64::try_from(bytes.len()).unwrap_or(u64::MAX), fnv1a }
}

/// The fingerprint of the file at `path` now, if it reads.
fn fingerprint_of(path: &Path) -> Option<Fingerprint> {
    super::read_bytes_file(path).ok().map(|bytes| fingerprint(&bytes))
}

/// Distinguishes the journals one run begins within the same millisecond.
static BEGUN: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// A new journal file in `dir`, locked by this run: named by when it began and by the
/// run, created only where no file of that name is (never another's, never over one).
fn create_journal(dir: &Path, started_at_ms: u64) -> std::io::Result<(PathBuf, File, File)> {
    std::fs::create_dir_all(dir)?;
    let pid = std::process::id();
    for _ in 0..1000 {
        let seq = BEGUN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = dir.join(format!("{PREFIX}{started_at_ms}-{pid}-{seq}{SUFFIX}"));
        if path.exists() {
            continue;
        }
        // The lock first: a journal is never seen unlocked while its run is alive.
        let lock = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(lock_path(&path))?;
        hold(&lock);
        match std::fs::OpenOptions::new().append(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file, lock)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::from(std::io::ErrorKind::AlreadyExists))
}

/// Takes the lock of a journal being written. Where the file system has no locks the
/// journal is written all the same (its live state then goes unseen).
fn hold(lock: &File) {
    let _ = lock.try_lock();
}

/// The lock file beside a journal.
fn lock_path(journal: &Path) -> PathBuf {
    let mut name = journal.as_os_str().to_os_string();
    name.push(LOCK_SUFFIX);
    PathBuf::from(name)
}

/// Whether another run (or this one) is writing the journal now: its lock is held.
pub fn is_live(journal: &Path) -> bool {
    let lock = lock_path(journal);
    if !std::fs::metadata(&lock).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let Ok(file) = std::fs::OpenOptions::new().read(true).write(true).open(&lock) else { return false };
    matches!(super::lock::try_lock_patiently(&file), Err(std::fs::TryLockError::WouldBlock))
}

/// Removes a journal and its lock file.
fn remove_journal(journal: &Path) {
    let _ = std::fs::remove_file(journal);
    let _ = std::fs::remove_file(lock_path(journal));
}

/// A journal being written: its file once the first line is on disk.
#[derive(Debug)]
pub struct Writer {
    dir: PathBuf,
    path: Option<PathBuf>,
    base: Option<Base>,
    /// The source's fingerprint when the journal began from it as it stands.
    fingerprint: Option<Fingerprint>,
    started_at_ms: u64,
    file: Option<File>,
    lock: Option<File>,
    lines: u64,
    /// A journal this one replaces once it is on disk (the recovered one).
    supersedes: Option<PathBuf>,
}

impl Writer {
    /// A journal of `base` in `dir`, written from its first action on; nothing touches
    /// the disk until then. The file a base on disk stands as is fingerprinted now.
    pub fn new(dir: &Path, base: Base, started_at_ms: u64, supersedes: Option<PathBuf>) -> Self {
        let fingerprint = match &base {
            Base::OnDisk(path, _) => fingerprint_of(path),
            Base::Unsaved(..) => None,
        };
        Writer {
            dir: dir.to_path_buf(),
            path: None,
            base: Some(base),
            fingerprint,
            started_at_ms,
            file: None,
            lock: None,
            lines: 0,
            supersedes,
        }
    }

    /// Appends one line and flushes it to the disk; the first also writes the start.
    pub fn append(&mut self, op: &Op, at_ms: u64) -> Result<(), SaveError> {
        self.append_all(std::iter::once(op), at_ms)
    }

    /// Appends lines and flushes them to the disk once, at the end (one line for each
    /// thing the players do; many for a journal written in one go, as a benchmark's).
    pub fn append_all<'a>(&mut self, ops: impl IntoIterator<Item = &'a Op>, at_ms: u64) -> Result<(), SaveError> {
        let mut text = match self.file {
            Some(_) => String::new(),
            None => self.start_text()?,
        };
        for op in ops {
            let line = Line { n: self.lines.saturating_add(1), at_ms, op: op.clone() };
            let encoded = serde_json::to_string(&line).map_err(|_| self.refused())?;
            text.push_str(&encoded);
            text.push('\n');
            self.lines = self.lines.saturating_add(1);
        }
        let file = match self.file.as_mut() {
            Some(file) => file,
            None => self.open()?,
        };
        let written = file.write_all(text.as_bytes()).and_then(|()| file.sync_data());
        written.map_err(|e| super::files::save_error(self.path.as_deref().unwrap_or(&self.dir), &e))
    }

    fn refused(&self) -> SaveError {
        super::files::save_refused(self.path.as_deref().unwrap_or(&self.dir), super::SaveReason::Encode)
    }

    /// The journal's first two lines: its header and the battle it starts from.
    fn start_text(&self) -> Result<String, SaveError> {
        let (game, source) = match &self.base {
            Some(Base::OnDisk(path, game)) => (game, Some(path)),
            Some(Base::Unsaved(game, source)) => (game, source.as_ref()),
            None => return Err(self.refused()),
        };
        let base = super::try_to_json_line(game).map_err(|_| self.refused())?;
        let battle = game.battle();
        let header = Header {
            format: JOURNAL_FORMAT.to_owned(),
            version: JOURNAL_VERSION,
            source: source.map(|p| super::canonical(p)),
            name: Some(battle.name.clone()),
            name_ru: battle.name_ru.clone(),
            fingerprint: self.fingerprint.clone(),
            base: None,
            base_bytes: Some(u64::try_from(base.len()).unwrap_or(u64::MAX)),
            started_at_ms: self.started_at_ms,
        };
        let mut text = serde_json::to_string(&header).map_err(|_| self.refused())?;
        text.push('\n');
        text.push_str(&base);
        text.push('\n');
        Ok(text)
    }

    /// Creates the journal's file, locked, then removes the journal it supersedes.
    fn open(&mut self) -> Result<&mut File, SaveError> {
        let (path, file, lock) =
            create_journal(&self.dir, self.started_at_ms).map_err(|e| super::files::save_error(&self.dir, &e))?;
        if let Some(old) = self.supersedes.take().filter(|old| *old != path) {
            remove_journal(&old);
        }
        self.path = Some(path);
        self.lock = Some(lock);
        self.base = None;
        Ok(self.file.insert(file))
    }

    /// The journal is done with: folded into its battle file by a save, or discarded by
    /// the players. Its file goes.
    pub fn remove(mut self) {
        self.file = None;
        if let Some(path) = self.path.take() {
            remove_journal(&path);
        }
        self.lock = None;
    }
}

/// A journal kept when its run ends (the app closed without saving) leaves no lock file
/// behind: start-up then knows it is not live from the folder's listing alone, without
/// opening a lock (issue 41: start-up as fast with 100 kept journals as with none). A run
/// that dies leaves its lock file, which the OS has unlocked, and which is tried.
impl Drop for Writer {
    fn drop(&mut self) {
        if let (Some(path), Some(_)) = (&self.path, &self.lock) {
            let _ = std::fs::remove_file(lock_path(path));
        }
    }
}

/// How the battle file a journal belongs to stands now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceState {
    /// The journal names no file (a battle never saved).
    NoFile,
    /// The file is as the journal began from it.
    AsBegun,
    /// The file is not as the journal began from it (saved since, by this window or
    /// another, or copied back; or the journal began from unsaved work): when it was last
    /// written, in Unix milliseconds.
    Differs {
        /// The file's modification time.
        modified_ms: Option<u64>,
    },
    /// The file is gone (moved, renamed, on a drive not plugged in).
    Missing,
}

/// A journal read back: the game it plays to, and what it holds.
#[derive(Debug)]
pub struct Read {
    /// The game, with every line that played.
    pub game: Game,
    /// The battle file it belongs to, resolved.
    pub source: Option<PathBuf>,
    /// How that file stands now.
    pub source_state: SourceState,
    /// The lines that played.
    pub played: usize,
    /// When the last of them was written (Unix milliseconds).
    pub last_at_ms: u64,
    /// A line that did not play (cut short by a kill, damaged or refused), if any.
    pub stopped_at: Option<u64>,
    /// Whole lines from that one on, none of which played: work lost to damage, not to
    /// a kill (the line a kill cut short is not whole).
    pub unread: usize,
    /// Where the last line that played ends, in bytes, and its number: a follower reads
    /// on from there ([`read_on`]).
    pub played_to: (u64, u64),
}

/// Why a journal cannot be read back.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// Its first line is not a coldsteel journal's.
    #[error("not a coldsteel autosave journal")]
    NotAJournal,
    /// Written by a newer coldsteel.
    #[error("journal version {0} is newer than this coldsteel reads")]
    Newer(u32),
    /// Its battle file is no longer as the journal began from it, and the journal (of an
    /// earlier version) holds no copy of it.
    #[error("{0}: the battle file changed since the journal began")]
    SourceChanged(PathBuf),
    /// The start it names does not read.
    #[error("{0}")]
    Start(LoadError),
    /// The journal file does not read.
    #[error("cannot read the journal: {0:?}")]
    Io(std::io::ErrorKind),
    /// Not a regular file (a pipe, a device, a folder).
    #[error("not a regular file")]
    NotAFile,
}

/// A journal's header as read, and where its actions begin.
struct Opened {
    header: Header,
    /// The bytes before the first action.
    actions_at: u64,
    /// The file's length.
    len: u64,
}

/// Opens a journal, only a regular file (looked at before opening: opening a pipe would
/// wait for a writer), and reads its header.
fn open_journal(path: &Path) -> Result<(Opened, std::io::BufReader<std::io::Take<File>>), JournalError> {
    let meta = std::fs::metadata(path).map_err(|e| JournalError::Io(e.kind()))?;
    open_journal_as(path, &meta, READ_BUFFER)
}

/// The reading buffer of a journal read whole.
const READ_BUFFER: usize = 64 * 1024;
/// The reading buffer of a journal's header alone (start-up's list): a header is a few
/// hundred bytes.
const HEADER_BUFFER: usize = 1024;

/// [`open_journal`] with the file's metadata already read, through a buffer of `capacity`.
fn open_journal_as(
    path: &Path,
    meta: &std::fs::Metadata,
    capacity: usize,
) -> Result<(Opened, std::io::BufReader<std::io::Take<File>>), JournalError> {
    if !meta.is_file() {
        return Err(JournalError::NotAFile);
    }
    let file = File::open(path).map_err(|e| JournalError::Io(e.kind()))?;
    let mut reader = std::io::BufReader::with_capacity(capacity, std::io::Read::take(file, MAX_JOURNAL_BYTES));
    let mut first = Vec::new();
    let header_len = read_line(&mut reader, &mut first, MAX_JOURNAL_BYTES)?;
    if header_len == 0 || !first.ends_with(b"\n") {
        return Err(JournalError::NotAJournal);
    }
    let header: Header = serde_json::from_slice(&first).map_err(|_| JournalError::NotAJournal)?;
    if header.format != JOURNAL_FORMAT {
        return Err(JournalError::NotAJournal);
    }
    if header.version > JOURNAL_VERSION {
        return Err(JournalError::Newer(header.version));
    }
    let base_len = header.base_bytes.map_or(0, |b| b.saturating_add(1));
    let actions_at = u64::try_from(header_len).unwrap_or(u64::MAX).saturating_add(base_len);
    Ok((Opened { header, actions_at, len: meta.len() }, reader))
}

/// Reads a line (its newline kept) of at most `limit` bytes; the bytes read.
fn read_line(reader: &mut impl BufRead, into: &mut Vec<u8>, limit: u64) -> Result<usize, JournalError> {
    into.clear();
    let n = std::io::Read::take(&mut *reader, limit).read_until(b'\n', into).map_err(|e| JournalError::Io(e.kind()))?;
    Ok(n)
}

/// Reads only a journal's header, for the list at start-up (a version-2 header is small;
/// one of version 1 may hold a whole battle).
fn read_header(path: &Path) -> Result<Opened, JournalError> {
    open_journal(path).map(|(opened, _)| opened)
}

/// Reads a journal back: its start, then every line in order through the game, up to
/// the first that does not read or play (a line cut short by a kill is the last one).
/// `opening` is the battle file being opened, against which an earlier version's
/// relative `source` is resolved.
pub fn read_journal(path: &Path, opening: Option<&Path>) -> Result<Read, JournalError> {
    let (opened, mut reader) = open_journal(path)?;
    let header = opened.header;
    let source = header.source.as_deref().map(|s| resolve_source(s, opening));
    let mut line = Vec::new();
    let mut game = match header.base_bytes {
        Some(bytes) => {
            read_line(&mut reader, &mut line, bytes.saturating_add(1))?;
            let text = std::str::from_utf8(&line).map_err(|_| JournalError::NotAJournal)?;
            super::from_json_with_problems(text.trim_end()).map(|(g, _)| g).map_err(JournalError::Start)?
        }
        None => start_of_version_1(&header, source.as_deref())?,
    };
    let source_state = state_of(source.as_deref(), header.fingerprint.as_ref());
    let mut read = Read {
        game: Game::default(),
        source,
        source_state,
        played: 0,
        last_at_ms: 0,
        stopped_at: None,
        unread: 0,
        played_to: (opened.actions_at, 0),
    };
    let mut n: u64 = 0;
    let mut at = opened.actions_at;
    loop {
        let got = read_line(&mut reader, &mut line, MAX_JOURNAL_BYTES)?;
        if got == 0 {
            break;
        }
        at = at.saturating_add(u64::try_from(got).unwrap_or(u64::MAX));
        n = n.saturating_add(1);
        let whole = line.ends_with(b"\n");
        if read.stopped_at.is_some() {
            read.unread += usize::from(whole);
            continue;
        }
        let parsed = serde_json::from_slice::<Line>(&line).ok().filter(|l| l.n == n && whole);
        match parsed {
            Some(l) if play(&mut game, &l.op) => {
                read.played += 1;
                read.last_at_ms = l.at_ms;
                read.played_to = (at, n);
            }
            Some(_) | None => {
                read.stopped_at = Some(n);
                read.unread += usize::from(whole);
            }
        }
    }
    read.game = game;
    Ok(read)
}

/// Reads on in a journal a window is writing: the whole lines after `at` bytes (just
/// after line `n`), each played through `game`, which that journal's lines up to `n`
/// made. Where the lines played then end, and the last one's number; `None` when one does
/// not read or play (the journal is then to be read again whole). A line not yet whole
/// waits for the next look.
pub fn read_on(path: &Path, game: &mut Game, at: u64, n: u64) -> Option<(u64, u64)> {
    let mut file = File::open(path).ok()?;
    if file.metadata().ok()?.len() < at {
        return None;
    }
    std::io::Seek::seek(&mut file, std::io::SeekFrom::Start(at)).ok()?;
    let mut reader = std::io::BufReader::new(std::io::Read::take(file, MAX_JOURNAL_BYTES.saturating_sub(at)));
    let (mut at, mut n) = (at, n);
    let mut line = Vec::new();
    loop {
        let got = read_line(&mut reader, &mut line, MAX_JOURNAL_BYTES).ok()?;
        if got == 0 || !line.ends_with(b"\n") {
            return Some((at, n));
        }
        let next = n.checked_add(1)?;
        let l = serde_json::from_slice::<Line>(&line).ok().filter(|l| l.n == next)?;
        if !play(game, &l.op) {
            return None;
        }
        at = at.saturating_add(u64::try_from(got).ok()?);
        n = next;
    }
}

/// An earlier version's `source` as written (perhaps relative to the folder that app
/// ran in): the battle being opened if it has that name, else the path as it stands.
fn resolve_source(source: &Path, opening: Option<&Path>) -> PathBuf {
    if source.is_absolute() {
        return source.to_path_buf();
    }
    let named = |p: &&Path| p.file_name().is_some() && p.file_name() == source.file_name() && p.ends_with(source);
    match opening.filter(named) {
        Some(p) => super::canonical(p),
        None => super::canonical(source),
    }
}

/// How the journal's file stands against the fingerprint it began from.
fn state_of(source: Option<&Path>, print: Option<&Fingerprint>) -> SourceState {
    let Some(source) = source else { return SourceState::NoFile };
    let Ok(meta) = std::fs::metadata(source) else { return SourceState::Missing };
    if print.is_some() && fingerprint_of(source).as_ref() == print {
        return SourceState::AsBegun;
    }
    SourceState::Differs { modified_ms: super::time::modified_ms(&meta) }
}

/// A version-1 journal's start: the battle in its header, or its file as it began.
fn start_of_version_1(header: &Header, source: Option<&Path>) -> Result<Game, JournalError> {
    match (&header.base, source, &header.fingerprint) {
        (Some(base), _, _) => super::from_json_with_problems(base.get()).map(|(g, _)| g).map_err(JournalError::Start),
        (None, Some(source), Some(print)) => {
            let bytes = super::read_bytes_file(source).map_err(JournalError::Start)?;
            if fingerprint(&bytes) != *print {
                return Err(JournalError::SourceChanged(source.to_path_buf()));
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

/// A journal kept in the data folder, as its header and the folder say (start-up reads
/// no more of it).
#[derive(Debug)]
pub struct Kept {
    /// The journal file.
    pub path: PathBuf,
    /// Its header, or why it does not read.
    pub header: Result<KeptHeader, JournalError>,
    /// When it was last written (Unix milliseconds).
    pub written_ms: u64,
}

/// What a kept journal's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptHeader {
    /// The battle file it belongs to, as written (absolute since version 2).
    pub source: Option<PathBuf>,
    /// The battle's name (since version 2).
    pub name: Option<String>,
    /// Its Russian name.
    pub name_ru: Option<String>,
    /// When the journal began (Unix milliseconds).
    pub started_at_ms: u64,
}

impl Kept {
    /// Whether the journal is of the battle file at `path` (an earlier version's relative
    /// source resolved against it).
    pub fn is_of(&self, path: &Path) -> bool {
        let Ok(h) = &self.header else { return false };
        h.source.as_deref().is_some_and(|s| super::same_file(&resolve_source(s, Some(path)), path))
    }
}

/// The journals in `dir` that hold something done and that no live run is writing,
/// newest first. Only regular files are looked at, and only their headers read; a lock is
/// tried where the listing shows one, or where the journal is being written as the
/// listing is read (its lock, made first, may have been missed).
pub fn kept_journals(dir: &Path) -> Vec<Kept> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let names: Vec<String> = entries.filter_map(Result::ok).filter_map(|e| e.file_name().into_string().ok()).collect();
    let locks: std::collections::BTreeSet<&str> = names.iter().filter_map(|n| n.strip_suffix(LOCK_SUFFIX)).collect();
    let listed_at = super::time::now_unix_ms();
    let mut found: Vec<Kept> = names
        .iter()
        .filter(|n| is_journal_name(n))
        .filter_map(|n| kept(&dir.join(n), locks.contains(n.as_str()), listed_at))
        .collect();
    found.sort_by_key(|k| std::cmp::Reverse(k.written_ms));
    found
}

fn is_journal_name(name: &str) -> bool {
    name.starts_with(PREFIX) && name.ends_with(SUFFIX) && !name.ends_with(UNREADABLE_SUFFIX)
}

/// A journal worth keeping in the list: a regular file, not live, holding an action (or
/// whose header does not read, which the list says).
fn kept(path: &Path, locked: bool, listed_at: u64) -> Option<Kept> {
    let meta = std::fs::metadata(path).ok().filter(std::fs::Metadata::is_file)?;
    let written_ms = super::time::modified_ms(&meta).unwrap_or(0);
    let being_written = written_ms.saturating_add(RECENT_MS) >= listed_at;
    if (locked || being_written) && is_live(path) {
        return None;
    }
    let header = match open_journal_as(path, &meta, HEADER_BUFFER).map(|(opened, _)| opened) {
        Ok(o) if o.len <= o.actions_at => return None,
        Ok(o) => Ok(KeptHeader {
            source: o.header.source,
            name: o.header.name,
            name_ru: o.header.name_ru,
            started_at_ms: o.header.started_at_ms,
        }),
        // A header cut short by a kill before the first action was whole: nothing to keep.
        Err(JournalError::NotAJournal) if meta.len() < MAX_HEADER_BYTES as u64 && !ends_a_line(path) => return None,
        Err(e) => Err(e),
    };
    Some(Kept { path: path.to_path_buf(), header, written_ms })
}

/// How recently a journal must have been written for start-up to try its lock even where
/// the folder's listing showed none (made a moment before, it may have been missed).
const RECENT_MS: u64 = 10_000;

/// Whether a (small) file holds a whole first line.
fn ends_a_line(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|b| b.contains(&b'\n'))
}

/// The number of actions (lines after the start) a journal holds, read when the list of
/// kept journals is shown.
pub fn count_actions(path: &Path) -> Result<u64, JournalError> {
    let (opened, mut reader) = open_journal(path)?;
    let mut skip = Vec::new();
    if let Some(bytes) = opened.header.base_bytes {
        read_line(&mut reader, &mut skip, bytes.saturating_add(1))?;
    }
    drop(skip);
    let mut count: u64 = 0;
    loop {
        let buf = reader.fill_buf().map_err(|e| JournalError::Io(e.kind()))?;
        if buf.is_empty() {
            return Ok(count);
        }
        let n = buf.len();
        count = count.saturating_add(buf.iter().filter(|b| **b == b'\n').count() as u64);
        reader.consume(n);
    }
}

/// The live journal of the battle file at `file` in `dir` (the one a window is writing
/// now), newest first, if any.
pub fn live_journal_of(dir: &Path, file: &Path) -> Option<PathBuf> {
    live_journals(dir, file).found
}

/// The live journals in a folder as a follower looks for its file's.
#[derive(Debug, Default)]
pub struct LiveJournals {
    /// The newest live journal of the file.
    pub found: Option<PathBuf>,
    /// Whether a live journal's header did not read: a window just beginning one (it
    /// creates the file, then writes its header), to be looked at again.
    pub unsettled: bool,
}

/// The live journals of `file` in `dir`: the newest, and whether one is still being
/// begun.
pub fn live_journals(dir: &Path, file: &Path) -> LiveJournals {
    let Ok(entries) = std::fs::read_dir(dir) else { return LiveJournals::default() };
    let mut unsettled = false;
    let mut live: Vec<(u64, PathBuf)> = Vec::new();
    let names = entries.filter_map(Result::ok).filter(|e| e.file_name().to_str().is_some_and(is_journal_name));
    for path in names.map(|e| e.path()).filter(|p| is_live(p)) {
        let Ok(o) = read_header(&path) else {
            unsettled = true;
            continue;
        };
        if o.header.source.as_deref().is_some_and(|s| super::same_file(s, file)) {
            live.push((o.header.started_at_ms, path));
        }
    }
    live.sort_by_key(|l| std::cmp::Reverse(l.0));
    LiveJournals { found: live.into_iter().next().map(|(_, p)| p), unsettled }
}

/// The players discarded a kept journal: its file goes.
pub fn discard(path: &Path) {
    remove_journal(path);
}

/// A copy of a journal recovered in part, kept beside it with its unreadable lines
/// (`journal-….unreadable.jsonl`); where it is.
pub fn keep_unreadable(path: &Path) -> Result<PathBuf, SaveError> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("journal.jsonl");
    let copy = path.with_file_name(format!("{}{UNREADABLE_SUFFIX}", name.trim_end_matches(SUFFIX)));
    std::fs::copy(path, &copy).map_err(|e| super::files::save_error(&copy, &e))?;
    Ok(copy)
}
