//! Reading and atomically writing battle files.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::{LoadError, MAX_FILE_BYTES, iso8601, now_unix, try_to_json_at};
use crate::game::Game;

/// Why a save failed; the file on disk is untouched.
#[derive(Debug, Error)]
#[error("cannot save: {reason:?}: {}", path.display())]
pub struct SaveError {
    /// What went wrong.
    pub reason: SaveReason,
    /// The file.
    pub path: PathBuf,
}

/// What went wrong with a save, as data (worded in `i18n`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveReason {
    /// The path is a folder, a pipe or a device.
    NotAFile,
    /// The file is read-only.
    ReadOnly,
    /// The system refused: its kind, and the system's error number where it gave one.
    Io {
        /// What kind of failure.
        kind: std::io::ErrorKind,
        /// The system's error number.
        code: Option<i32>,
    },
    /// The battle could not be written as JSON (a value serde cannot write).
    Encode,
    /// The file would be this many bytes, more than the 64 MiB the reader takes: it is
    /// not written (issue 41: no writer writes a file the reader refuses).
    TooLarge(u64),
}

pub(super) fn save_error(path: &Path, e: &std::io::Error) -> SaveError {
    SaveError { reason: SaveReason::Io { kind: e.kind(), code: e.raw_os_error() }, path: path.to_path_buf() }
}

pub(super) fn save_refused(path: &Path, reason: SaveReason) -> SaveError {
    SaveError { reason, path: path.to_path_buf() }
}

/// Reads and parses a battle file, refusing files over 64 MiB before reading them.
pub fn read_battle_file(path: &Path) -> Result<Game, LoadError> {
    battle_of_bytes(read_bytes_file(path)?)
}

/// A battle file's bytes, already read, parsed as [`read_battle_file`] parses them.
pub fn battle_of_bytes(bytes: Vec<u8>) -> Result<Game, LoadError> {
    match super::from_text_with_problems(super::text_of(bytes)?)? {
        (game, problems) if problems.is_empty() => Ok(game),
        (_, problems) => Err(LoadError::Invalid(problems)),
    }
}

/// The `.bak` beside a file, when there is one to offer.
pub fn backup_there(path: &Path) -> Option<PathBuf> {
    let backup = backup_path(path);
    backup.is_file().then_some(backup)
}

/// Reads a battle file for the window: a battle that breaks an invariant is read with its
/// problems (see [`super::from_json_with_problems`]).
pub fn read_battle_file_with_problems(path: &Path) -> Result<(Game, Vec<crate::model::ModelError>), LoadError> {
    super::from_text_with_problems(read_text_file(path)?)
}

/// Reads a regular file of at most 64 MiB as text (a byte-order mark accepted): pipes,
/// devices and folders are refused rather than read forever.
pub fn read_text_file(path: &Path) -> Result<String, LoadError> {
    super::text_of(read_bytes_file(path)?)
}

/// Reads a regular file of at most 64 MiB as bytes (a spreadsheet in whatever encoding).
pub fn read_bytes_file(path: &Path) -> Result<Vec<u8>, LoadError> {
    // Looked at before opening: opening a pipe would wait for a writer.
    let meta = fs::metadata(path).map_err(|e| LoadError::io(&e))?;
    if !meta.is_file() {
        return Err(LoadError::NotAFile);
    }
    let file = File::open(path).map_err(|e| LoadError::io(&e))?;
    read_limited_bytes(file, meta.len())
}

/// Reads at most 64 MiB from any reader (standard input included) as text.
pub fn read_limited(reader: impl Read, expected: u64) -> Result<String, LoadError> {
    super::text_of(read_limited_bytes(reader, expected)?)
}

fn read_limited_bytes(reader: impl Read, expected: u64) -> Result<Vec<u8>, LoadError> {
    if expected > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge(expected));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(expected).unwrap_or(0));
    reader.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| LoadError::io(&e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

/// The folder a file is in ("." for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A temporary file beside the target, named with this process's id so that a later
/// save can tell a stale one (its writer gone) from a live one.
fn temp_in(dir: &Path, path: &Path) -> Result<tempfile::NamedTempFile, SaveError> {
    remove_stale_temps(dir);
    let mut builder = tempfile::Builder::new();
    // A new file gets the permissions any program's new file gets (0666 less the umask),
    // not a temporary file's owner-only 0600; an existing file keeps its own.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    builder
        .prefix(&format!(".coldsteel-{}-", std::process::id()))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| save_error(path, &e))
}

/// Removes temporary files left by saves whose process is gone (killed mid-save). Only
/// where the system can say that a process is gone (`/proc`); never merely old ones, which
/// may belong to a save under way.
fn remove_stale_temps(dir: &Path) {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(".coldsteel-") else { continue };
        let rest = rest.strip_prefix("bak-").unwrap_or(rest);
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else { continue };
        if pid != std::process::id() && !proc.join(pid.to_string()).exists() {
            let _ = fs::remove_file(entry.path());
        }
    }
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
pub fn save_atomic(path: &Path, text: &str) -> Result<Saved, SaveError> {
    save_atomic_bytes(path, text.as_bytes())
}

/// What a save did beyond writing the file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Saved {
    /// The file had other hard links: the save wrote a new file over its name (a kill
    /// mid-save never leaves it half-written), so the other names keep the previous
    /// version (issue 29); the players are told so.
    pub links_given_up: bool,
}

/// [`save_atomic`] for any bytes. Saves of one file are taken in turn across processes
/// (a lock beside it), so that the `.bak` (a copy) is always the version before this save; a
/// symbolic link is saved through to its target; a file with other hard links gives them
/// up (said in the result: an in-place rewrite, killed, would leave it truncated); the
/// file keeps its permissions, and a read-only file is refused.
pub fn save_atomic_bytes(path: &Path, bytes: &[u8]) -> Result<Saved, SaveError> {
    let target = through_link(path);
    let meta = fs::metadata(&target).ok();
    if let Some(m) = &meta {
        if !m.is_file() {
            return Err(save_refused(path, SaveReason::NotAFile));
        }
        if m.permissions().readonly() {
            return Err(save_refused(path, SaveReason::ReadOnly));
        }
    }
    let dir = folder_of(&target);
    make_folder(path, &dir)?;
    let _lock = lock_beside(&target)?;
    let links_given_up = meta.as_ref().is_some_and(hard_linked);
    if meta.is_some() {
        keep_backup(&target)?;
    }
    let mut tmp = temp_in(&dir, &target)?;
    tmp.write_all(bytes).map_err(|e| save_error(path, &e))?;
    tmp.as_file().sync_all().map_err(|e| save_error(path, &e))?;
    if let Some(m) = &meta {
        tmp.as_file().set_permissions(m.permissions()).map_err(|e| save_error(path, &e))?;
    }
    tmp.persist(&target).map_err(|e| save_error(path, &e.error))?;
    sync_dir(&dir);
    Ok(Saved { links_given_up })
}

/// The file a path names, through a symbolic link.
fn through_link(path: &Path) -> PathBuf {
    let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if is_link { fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()) } else { path.to_path_buf() }
}

#[cfg(unix)]
fn hard_linked(meta: &fs::Metadata) -> bool {
    std::os::unix::fs::MetadataExt::nlink(meta) > 1
}

#[cfg(not(unix))]
fn hard_linked(_meta: &fs::Metadata) -> bool {
    false
}

/// An exclusive lock for saves of the target, held for the save: a small file in the
/// data folder's `locks/`, named by the battle's real path (issue 29: no lock files left
/// beside the players' battles); beside the target only where there is no data folder.
fn lock_beside(target: &Path) -> Result<File, SaveError> {
    let lock_path = lock_in_data_folder(target).unwrap_or_else(|| {
        let mut name = std::ffi::OsString::from(".");
        name.push(target.file_name().unwrap_or_default());
        name.push(".lock");
        target.with_file_name(name)
    });
    let lock = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock_path)
        .map_err(|e| save_error(target, &e))?;
    lock.lock().map_err(|e| save_error(target, &e))?;
    Ok(lock)
}

/// The lock file for `target` in the data folder, keyed by its real path (links
/// followed, so that two names of one battle share a lock), if the folder can be made.
fn lock_in_data_folder(target: &Path) -> Option<PathBuf> {
    let dir = super::autosave_dir()?.join("locks");
    fs::create_dir_all(&dir).ok()?;
    let real = fs::canonicalize(target).or_else(|_| {
        let parent = fs::canonicalize(folder_of(target))?;
        Ok::<PathBuf, std::io::Error>(parent.join(target.file_name().unwrap_or_default()))
    });
    let real = real.ok()?;
    // FNV-1a: the same name for the same path in every process and version.
    Some(dir.join(format!("{:016x}.lock", crate::game::fnv1a(real.as_os_str().as_encoded_bytes()))))
}

/// Keeps the current file as `.bak`, a copy (never a second link to the battle's own
/// file, which would make a later save take it for a hard-linked file): through its own
/// temporary name, so the backup is never half-written and the battle file never missing.
fn keep_backup(path: &Path) -> Result<(), SaveError> {
    let bak = backup_path(path);
    let dir = folder_of(&bak);
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".coldsteel-bak-{}-", std::process::id()))
        .tempfile_in(&dir)
        .map_err(|e| save_error(path, &e))?;
    let bytes = fs::read(path).map_err(|e| save_error(path, &e))?;
    tmp.write_all(&bytes).map_err(|e| save_error(path, &e))?;
    // The backup keeps the battle's own permissions (issue 29: not the temporary's 0600).
    if let Ok(m) = fs::metadata(path) {
        tmp.as_file().set_permissions(m.permissions()).map_err(|e| save_error(path, &e))?;
    }
    tmp.as_file().sync_all().map_err(|e| save_error(path, &e))?;
    tmp.persist(&bak).map_err(|e| save_error(&bak, &e.error))?;
    Ok(())
}

/// Writes a report or export: atomically (a temporary file renamed over the target), with
/// no `.bak` (a report can be made again); an existing target must be a regular file.
pub fn save_output(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    if let Ok(meta) = fs::metadata(path)
        && !meta.is_file()
    {
        return Err(save_refused(path, SaveReason::NotAFile));
    }
    let dir = folder_of(path);
    make_folder(path, &dir)?;
    let mut tmp = temp_in(&dir, path)?;
    tmp.write_all(bytes).map_err(|e| save_error(path, &e))?;
    tmp.as_file().sync_all().map_err(|e| save_error(path, &e))?;
    tmp.persist(path).map_err(|e| save_error(path, &e.error))?;
    sync_dir(&dir);
    Ok(())
}

/// Creates the folder a new file goes in when it is missing (a first save into a
/// suggested folder that does not exist yet).
fn make_folder(path: &Path, dir: &Path) -> Result<(), SaveError> {
    if dir.as_os_str().is_empty() || dir.is_dir() {
        return Ok(());
    }
    fs::create_dir_all(dir).map_err(|e| save_error(path, &e))
}

/// The folder to suggest for a new file: the open battle's folder, else the user's
/// documents folder, else the home folder, else the current one.
pub fn suggested_folder(open: Option<&Path>) -> PathBuf {
    // A file opened by a bare name (`coldsteel battle.json`) is beside the working folder.
    let open = open.map(canonical);
    let beside_open = open.as_deref().and_then(Path::parent).filter(|p| !p.as_os_str().is_empty());
    if let Some(dir) = beside_open {
        return dir.to_path_buf();
    }
    let user = directories::UserDirs::new();
    let documents = user.as_ref().and_then(|u| u.document_dir().map(Path::to_path_buf));
    documents.or_else(|| user.map(|u| u.home_dir().to_path_buf())).unwrap_or_else(|| PathBuf::from("."))
}

/// A path made absolute and free of links where it exists (for the recent files list).
pub fn canonical(path: &Path) -> PathBuf {
    fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Whether two paths name the same existing file: through symbolic links and `..`, and
/// on Unix through hard links too (the same device and inode).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (fs::metadata(a), fs::metadata(b))
            && x.dev() == y.dev()
            && x.ino() == y.ino()
        {
            return true;
        }
    }
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// Makes a rename durable; a folder that cannot be opened (some platforms) is skipped.
fn sync_dir(dir: &Path) {
    if let Ok(d) = OpenOptions::new().read(true).open(dir) {
        let _ = d.sync_all();
    }
}

/// Saves a game to a battle file, stamped with the time.
pub fn save_battle(path: &Path, game: &Game) -> Result<Saved, SaveError> {
    let text = try_to_json_at(game, Some(&iso8601(now_unix()))).map_err(|_| save_refused(path, SaveReason::Encode))?;
    let bytes = u64::try_from(text.len()).unwrap_or(u64::MAX);
    if bytes > MAX_FILE_BYTES {
        return Err(save_refused(path, SaveReason::TooLarge(bytes)));
    }
    save_atomic(path, &text)
}

/// Removes a file this run just wrote (a battle whose campaign could not be saved, issue
/// 52): what it says goes with the failure.
pub fn remove_written(path: &Path) {
    // A file that is not there is as good as removed.
    let _ = fs::remove_file(path);
}
