//! Autosave after every committed action, written off the UI thread to the app's data
//! folder as the battle's journal (`journal.rs`, issues 31 and 41), and recovery. An
//! autosave is never deleted or written over silently: each run writes journals of its
//! own, and only a save (which folds the run's journal into the battle file), a recovery
//! (whose new journal takes the old one's place) or the players' own "discard" removes
//! one.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use serde::{Deserialize, Serialize};

use super::journal::{Base, JournalError, Kept, Op, SourceState, Writer, kept_journals, read_journal};
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
    // A failure is said once, not at every action, until a write succeeds again.
    let mut failing: Option<String> = None;
    while let Ok(job) = rx.recv() {
        match job {
            Job::Begin { base, at_ms, supersedes, drop_previous } => {
                let previous = writer.replace(Writer::new(dir, base, at_ms, supersedes));
                if let Some(w) = previous.filter(|_| drop_previous) {
                    w.remove();
                }
            }
            Job::Record { op, at_ms } => {
                let Some(w) = writer.as_mut() else { continue };
                match w.append(&op, at_ms) {
                    Ok(()) => failing = None,
                    Err(e) => {
                        let said = format!("{e:?}");
                        if failing.as_deref() != Some(said.as_str()) {
                            failing = Some(said);
                            let _ = errors.send(e);
                        }
                    }
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
    /// The actions (lines) that played.
    pub played: usize,
    /// Whole lines after them that did not read or play (a damaged journal).
    pub unread: usize,
    /// How the battle file stands now against the journal.
    pub source_state: SourceState,
}

/// The newest kept autosave in `dir`, if any: what recovery offers when the app opens
/// no file.
pub fn find_recovery(dir: &Path) -> Option<Result<Recovery, LoadError>> {
    if let Some(kept) = kept_journals(dir).into_iter().next() {
        return Some(read_recovery(&kept.path, None));
    }
    find_legacy_recovery(dir)
}

/// What start-up finds kept in the data folder for the battle it opens.
#[derive(Debug)]
pub enum KeptFound {
    /// Nothing to offer.
    Nothing,
    /// One autosave, read whole (`at`: where it is kept, to say if it does not read).
    One { at: PathBuf, read: Result<Recovery, LoadError> },
    /// Several, each only by its header: the file's, or on the default battle every one.
    Several(Vec<Kept>),
}

/// The kept autosaves in `dir` of the battle file at `file` (issue 41), or with no file
/// every one (and, where there is none, an earlier version's autosave); one is read
/// whole. The app reads this off its interface's thread as it starts.
pub fn kept_for(dir: &Path, file: Option<&Path>) -> KeptFound {
    let kept = kept_journals(dir);
    let mut kept: Vec<Kept> = match file {
        Some(file) => kept.into_iter().filter(|k| k.is_of(file)).collect(),
        None => kept,
    };
    if kept.len() > 1 {
        return KeptFound::Several(kept);
    }
    match kept.pop() {
        Some(one) => {
            let read = read_recovery(&one.path, file);
            KeptFound::One { at: one.path, read }
        }
        None if file.is_none() => match find_legacy_recovery(dir) {
            Some(read) => KeptFound::One { at: dir.to_path_buf(), read },
            None => KeptFound::Nothing,
        },
        None => KeptFound::Nothing,
    }
}

/// The kept autosaves in `dir` of the battle file at `file`, newest first, each read.
pub fn recoveries_of(dir: &Path, file: &Path) -> Vec<Result<Recovery, LoadError>> {
    kept_journals(dir).into_iter().filter(|k| k.is_of(file)).map(|k| read_recovery(&k.path, Some(file))).collect()
}

/// Reads the autosave journal at `path` for recovery (`opening`: the battle file being
/// opened, against which an earlier version's relative path is resolved).
pub fn read_recovery(path: &Path, opening: Option<&Path>) -> Result<Recovery, LoadError> {
    let read = read_journal(path, opening)?;
    let info = AutosaveInfo { source: read.source, written_at_ms: read.last_at_ms };
    Ok(Recovery {
        game: read.game,
        info,
        file: path.to_path_buf(),
        played: read.played,
        unread: read.unread,
        source_state: read.source_state,
    })
}

/// The autosave an earlier version wrote, if newer than the file it belongs to.
fn find_legacy_recovery(dir: &Path) -> Option<Result<Recovery, LoadError>> {
    let info_text = std::fs::read_to_string(dir.join(LEGACY_INFO_FILE)).ok()?;
    let info: AutosaveInfo = serde_json::from_str(&info_text).ok()?;
    if let Some(source) = &info.source {
        let file_ms = std::fs::metadata(source).ok().and_then(|m| super::time::modified_ms(&m)).unwrap_or(0);
        if file_ms >= info.written_at_ms {
            return None;
        }
    }
    let path = dir.join(LEGACY_AUTOSAVE_FILE);
    let read = super::read_battle_file_with_problems(&path);
    Some(read.map(|(game, _)| {
        let source_state =
            if info.source.is_some() { SourceState::Differs { modified_ms: None } } else { SourceState::NoFile };
        Recovery { game, info, file: path, played: 0, unread: 0, source_state }
    }))
}

/// The players set a recovery aside for good: its file goes.
pub fn discard_recovery(recovery: &Recovery) {
    discard_autosave(&recovery.file);
}

/// The players discarded the autosave at `path` (a journal, or an earlier version's
/// autosave): its file goes.
pub fn discard_autosave(path: &Path) {
    super::journal::discard(path);
    if path.file_name().is_some_and(|n| n == LEGACY_AUTOSAVE_FILE)
        && let Some(dir) = path.parent()
    {
        let _ = std::fs::remove_file(dir.join(LEGACY_INFO_FILE));
    }
}

impl From<JournalError> for LoadError {
    fn from(e: JournalError) -> Self {
        use JournalError as J;
        match e {
            J::NotAJournal => LoadError::NotAJournal,
            J::NotAFile => LoadError::NotAFile,
            J::Newer(found) => LoadError::Newer { found },
            J::SourceChanged(path) => LoadError::SourceChanged(path),
            J::Start(e) => e,
            J::Io(kind) => LoadError::Io { kind, code: None },
        }
    }
}
