//! Autosave after every committed action, written off the UI thread to the app's data
//! folder, and recovery on start. An autosave is never deleted silently.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use serde::{Deserialize, Serialize};

use super::{LoadError, SaveError, iso8601, now_unix_ms, save_atomic, try_to_json_at};
use crate::game::Game;

const AUTOSAVE_FILE: &str = "autosave.coldsteel.json";
const INFO_FILE: &str = "autosave.info.json";

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

struct Job {
    game: Box<Game>,
    info: AutosaveInfo,
}

/// Writes autosaves on a background thread; the UI thread only clones the game.
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

    /// Queues an autosave of `game`: the UI thread only clones it; serializing and
    /// writing happen on the writer thread.
    pub fn save(&self, game: &Game, source: Option<&Path>) {
        let info = AutosaveInfo { source: source.map(Path::to_path_buf), written_at_ms: now_unix_ms() };
        if let Some(tx) = &self.tx {
            let _ = tx.send(Job { game: Box::new(game.clone()), info });
        }
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
        self.tx = None;
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
        *self = Autosaver::start(self.dir.clone());
    }
}

fn write_loop(dir: &Path, rx: &Receiver<Job>, errors: &Sender<SaveError>) {
    while let Ok(mut job) = rx.recv() {
        // Only the newest queued autosave matters.
        while let Ok(newer) = rx.try_recv() {
            job = newer;
        }
        if let Err(e) = write_job(dir, &job) {
            let _ = errors.send(e);
        }
    }
}

fn write_job(dir: &Path, job: &Job) -> Result<(), SaveError> {
    std::fs::create_dir_all(dir).map_err(|e| super::files::save_error(dir, &e))?;
    let file = dir.join(AUTOSAVE_FILE);
    let encode = |_| super::files::save_refused(&file, super::SaveReason::Encode);
    let text = try_to_json_at(&job.game, Some(&iso8601(job.info.written_at_ms / 1000))).map_err(encode)?;
    // The data folder's own files: nobody links to them.
    let _ = save_atomic(&file, &text)?;
    let info = serde_json::to_string(&job.info).map_err(encode)?;
    save_atomic(&dir.join(INFO_FILE), &info).map(|_| ())
}

/// An autosave worth offering: newer than the file it belongs to (or of a battle never
/// saved).
#[derive(Debug)]
pub struct Recovery {
    /// The autosaved game.
    pub game: Game,
    /// What and when.
    pub info: AutosaveInfo,
}

/// Looks for an autosave in `dir` newer than its source file's last modification.
pub fn find_recovery(dir: &Path) -> Option<Result<Recovery, LoadError>> {
    let info_text = std::fs::read_to_string(dir.join(INFO_FILE)).ok()?;
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
    let path = dir.join(AUTOSAVE_FILE);
    Some(super::read_battle_file_with_problems(&path).map(|(game, _)| Recovery { game, info }))
}
