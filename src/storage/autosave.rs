//! Autosave after every committed action, written off the UI thread to the app's data
//! folder as the battle's journal (`journal.rs`, issue 31), and recovery on start. An
//! autosave is never deleted silently: only a save (which folds it into the battle
//! file) or the players' own "discard" removes it.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use serde::{Deserialize, Serialize};

use super::journal::{Base, Op, Writer, journals_in, read_journal};
use super::{LoadError, SaveError, now_unix_ms};
use crate::game::Game;

/// The autosave of versions before the journal: still offered once, never written.
const LEGACY_AUTOSAVE_FILE: &str = "autosave.coldsteel.json";
const LEGACY_INFO_FILE: &str = "autosave.info.json";

/// What an autosave is of and when it was written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AutosaveInfo {
    /// The battle file it belongs to, if the battle had been saved.
    pub source: Option<PathBuf>,
    /// When it was written (Unix milliseconds).
    pub written_at_ms: u64,
}

/// The app's data folder for autosaves (`COLDSTEEL_DATA_DIR` overrides it).
pub fn autosave_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("COLDSTEEL_DATA_DIR") {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "coldsteel").map(|d| d.data_dir().to_path_buf())
}

/// Where the window keeps its own state (language, recent files): `app.ron` in the
/// data folder `COLDSTEEL_DATA_DIR` names, or `None` for eframe's usual place (the same
/// folder on Linux). Given the variable's value, so that it can be tested.
pub fn app_state_file(data_dir: Option<std::ffi::OsString>) -> Option<PathBuf> {
    data_dir.filter(|d| !d.is_empty()).map(|d| PathBuf::from(d).join("app.ron"))
}

enum Job {
    Begin { base: Base, at_ms: u64, supersedes: Option<PathBuf>, drop_previous: bool },
    Record { op: Op, at_ms: u64 },
    Remove,
    Sync(Sender<()>),
}

/// Writes the battle's journal on a background thread; the UI thread only hands over
/// what was done.
#[derive(Debug)]
pub struct Autosaver {
    dir: PathBuf,
    tx: Option<Sender<Job>>,
    worker: Option<JoinHandle<()>>,
    errors: Receiver<SaveError>,
}

impl Autosaver {
    /// Starts the writer for autosaves in `dir`.
    pub fn start(dir: PathBuf) -> Self {
        let (tx, rx) = channel::<Job>();
        let (err_tx, errors) = channel();
        let worker_dir = dir.clone();
        let worker = std::thread::Builder::new()
            .name("coldsteel-autosave".into())
            .spawn(move || write_loop(&worker_dir, &rx, &err_tx))
            .ok();
        Autosaver { dir, tx: Some(tx), worker, errors }
    }

    fn send(&self, job: Job) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(job);
        }
    }

    /// A new journal for the battle now open: the file it was opened from or saved to,
    /// or the battle itself where it is on no disk. Nothing is written until the first
    /// action; then `supersedes` (a recovered journal) goes. `drop_previous`: the
    /// players discarded the work of the journal until now, which goes at once.
    pub fn begin(&self, base: Base, supersedes: Option<PathBuf>, drop_previous: bool) {
        self.send(Job::Begin { base, at_ms: now_unix_ms(), supersedes, drop_previous });
    }

    /// Appends what the players just did.
    pub fn record(&self, op: Op) {
        self.send(Job::Record { op, at_ms: now_unix_ms() });
    }

    /// The journal is folded into the battle file (just saved) or discarded by the
    /// players: its file goes.
    pub fn remove(&self) {
        self.send(Job::Remove);
    }

    /// Waits until everything handed over is on the disk.
    pub fn sync(&self) {
        let (tx, rx) = channel();
        self.send(Job::Sync(tx));
        let _ = rx.recv();
    }

    /// The last write error, if any, for the status bar.
    pub fn take_error(&self) -> Option<SaveError> {
        self.errors.try_iter().last()
    }

    /// The folder written to.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Waits until every queued autosave is written.
    pub fn flush(&mut self) {
        self.sync();
    }
}

impl Drop for Autosaver {
    fn drop(&mut self) {
        self.tx = None;
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

fn write_loop(dir: &Path, rx: &Receiver<Job>, errors: &Sender<SaveError>) {
    let mut writer: Option<Writer> = None;
    while let Ok(job) = rx.recv() {
        match job {
            Job::Begin { base, at_ms, supersedes, drop_previous } => {
                let previous = writer.replace(Writer::new(dir, base, at_ms, supersedes));
                if let Some(w) = previous.filter(|_| drop_previous) {
                    w.remove();
                }
            }
            Job::Record { op, at_ms } => {
                if let Some(w) = writer.as_mut()
                    && let Err(e) = w.append(&op, at_ms)
                {
                    let _ = errors.send(e);
                }
            }
            Job::Remove => {
                if let Some(w) = writer.take() {
                    w.remove();
                }
            }
            Job::Sync(done) => {
                let _ = done.send(());
            }
        }
    }
}

/// An autosave worth offering: work done since the battle was last saved.
#[derive(Debug)]
pub struct Recovery {
    /// The autosaved game.
    pub game: Game,
    /// What and when.
    pub info: AutosaveInfo,
    /// The file it was read from, which the next journal supersedes.
    pub file: PathBuf,
}

/// The newest autosave in `dir` that holds work not in its battle file, if any.
pub fn find_recovery(dir: &Path) -> Option<Result<Recovery, LoadError>> {
    if let Some(path) = journals_in(dir).into_iter().next() {
        return Some(match read_journal(&path) {
            Ok(read) => {
                let info = AutosaveInfo { source: read.source, written_at_ms: read.last_at_ms };
                Ok(Recovery { game: read.game, info, file: path })
            }
            Err(e) => Err(e.into()),
        });
    }
    find_legacy_recovery(dir)
}

/// The autosave an earlier version wrote, if newer than the file it belongs to.
fn find_legacy_recovery(dir: &Path) -> Option<Result<Recovery, LoadError>> {
    let info_text = std::fs::read_to_string(dir.join(LEGACY_INFO_FILE)).ok()?;
    let info: AutosaveInfo = serde_json::from_str(&info_text).ok()?;
    if let Some(source) = &info.source {
        let modified = std::fs::metadata(source).and_then(|m| m.modified()).ok();
        let file_ms = modified
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
            .unwrap_or(0);
        if file_ms >= info.written_at_ms {
            return None;
        }
    }
    let path = dir.join(LEGACY_AUTOSAVE_FILE);
    let read = super::read_battle_file_with_problems(&path);
    Some(read.map(|(game, _)| Recovery { game, info, file: path }))
}

/// The players set a recovery aside for good: its file goes.
pub fn discard_recovery(recovery: &Recovery) {
    let _ = std::fs::remove_file(&recovery.file);
    if recovery.file.file_name().is_some_and(|n| n == LEGACY_AUTOSAVE_FILE)
        && let Some(dir) = recovery.file.parent()
    {
        let _ = std::fs::remove_file(dir.join(LEGACY_INFO_FILE));
    }
}

impl From<super::journal::JournalError> for LoadError {
    fn from(e: super::journal::JournalError) -> Self {
        use super::journal::JournalError as J;
        match e {
            J::NotAJournal => LoadError::WrongFormat(super::journal::JOURNAL_FORMAT.to_owned()),
            J::Newer(found) => LoadError::Newer { found },
            J::SourceChanged(path) => LoadError::SourceChanged(path),
            J::Start(e) => e,
            J::Io(kind) => LoadError::Io { kind, code: None },
        }
    }
}
