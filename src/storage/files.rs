//! Reading and atomically writing battle files.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::{LoadError, MAX_FILE_BYTES, from_json, iso8601, now_unix, try_to_json_at};
use crate::game::Game;

/// Why a save failed; the file on disk is untouched.
#[derive(Debug, Error)]
#[error("cannot save: {reason}: {}", path.display())]
pub struct SaveError {
    /// What went wrong.
    pub reason: String,
    /// The file.
    pub path: PathBuf,
}

fn save_error(path: &Path, e: impl std::fmt::Display) -> SaveError {
    SaveError { reason: e.to_string(), path: path.to_path_buf() }
}

/// Reads and parses a battle file, refusing files over 64 MiB before reading them.
pub fn read_battle_file(path: &Path) -> Result<Game, LoadError> {
    let file = File::open(path).map_err(|e| LoadError::Io(e.to_string()))?;
    let len = file.metadata().map_err(|e| LoadError::Io(e.to_string()))?.len();
    if len > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge(len));
    }
    let mut text = String::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(MAX_FILE_BYTES + 1).read_to_string(&mut text).map_err(|e| LoadError::Io(e.to_string()))?;
    from_json(&text)
}

/// The `.bak` beside a file: `battle.coldsteel.json` keeps `battle.coldsteel.json.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".bak");
    path.with_file_name(name)
}

/// Writes `text` to `path` so that a crash leaves either the old or the new file:
/// a temporary file in the same folder, fsync, the old file kept as `.bak`, rename over
/// the target, fsync the folder.
pub fn save_atomic(path: &Path, text: &str) -> Result<(), SaveError> {
    save_atomic_bytes(path, text.as_bytes())
}

/// [`save_atomic`] for any bytes (reports, PDFs).
pub fn save_atomic_bytes(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".coldsteel-")
        .suffix(".tmp")
        .tempfile_in(&dir)
        .map_err(|e| save_error(path, e))?;
    tmp.write_all(bytes).map_err(|e| save_error(path, e))?;
    tmp.as_file().sync_all().map_err(|e| save_error(path, e))?;
    if path.exists() {
        keep_backup(path)?;
    }
    tmp.persist(path).map_err(|e| save_error(path, e.error))?;
    sync_dir(&dir);
    Ok(())
}

/// Copies the current file to `.bak` (through its own temporary file, so the backup is
/// never half-written either).
fn keep_backup(path: &Path) -> Result<(), SaveError> {
    let bak = backup_path(path);
    let dir = bak.parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."));
    let mut tmp =
        tempfile::Builder::new().prefix(".coldsteel-bak-").tempfile_in(&dir).map_err(|e| save_error(path, e))?;
    let bytes = fs::read(path).map_err(|e| save_error(path, e))?;
    tmp.write_all(&bytes).map_err(|e| save_error(path, e))?;
    tmp.as_file().sync_all().map_err(|e| save_error(path, e))?;
    tmp.persist(&bak).map_err(|e| save_error(&bak, e.error))?;
    Ok(())
}

/// Makes a rename durable; a folder that cannot be opened (some platforms) is skipped.
fn sync_dir(dir: &Path) {
    if let Ok(d) = OpenOptions::new().read(true).open(dir) {
        let _ = d.sync_all();
    }
}

/// Saves a game to a battle file, stamped with the time.
pub fn save_battle(path: &Path, game: &Game) -> Result<(), SaveError> {
    let text = try_to_json_at(game, Some(&iso8601(now_unix()))).map_err(|e| save_error(path, e))?;
    save_atomic(path, &text)
}
