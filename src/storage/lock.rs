//! One window writes a battle at a time (issue 41): the window that opens a battle file
//! holds a lock on a file in the data folder named after the battle's resolved path. The
//! system releases it when the window's process ends, however it ends, so a crash never
//! leaves a battle locked.

use std::fs::File;
use std::path::{Path, PathBuf};

/// A battle file held for writing by this window.
#[derive(Debug)]
pub struct BattleLock {
    /// The battle file, resolved.
    battle: PathBuf,
    /// Held locked while this lives.
    _file: File,
}

impl BattleLock {
    /// Whether this is the lock of the battle file at `path`.
    pub fn is_of(&self, path: &Path) -> bool {
        super::canonical(path) == self.battle
    }
}

/// Takes a lock, waiting a little when it is held: a program another thread of this
/// process starts holds a copy of every open file between its fork and its exec, locks
/// included, so a lock just released may seem held for a moment.
pub(super) fn try_lock_patiently(file: &File) -> Result<(), std::fs::TryLockError> {
    for _ in 0..4 {
        match file.try_lock() {
            Err(std::fs::TryLockError::WouldBlock) => std::thread::sleep(std::time::Duration::from_millis(15)),
            other => return other,
        }
    }
    file.try_lock()
}

/// Why a battle could not be held.
#[derive(Debug, PartialEq, Eq)]
pub enum Locked {
    /// Another window (another run of coldsteel) has it open.
    Elsewhere,
}

/// The lock file of the battle file at `battle` in the data folder `dir`.
fn lock_file(dir: &Path, battle: &Path) -> PathBuf {
    let key = crate::game::fnv1a(super::canonical(battle).to_string_lossy().as_bytes());
    dir.join("locks").join(format!("battle-{key:016x}.lock"))
}

/// Holds the battle file at `battle` for this window. `Ok(None)` where the data folder
/// or its file system takes no lock: the battle opens all the same.
pub fn lock_battle(dir: &Path, battle: &Path) -> Result<Option<BattleLock>, Locked> {
    let path = lock_file(dir, battle);
    let file = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(&path));
    let Ok(file) = file else { return Ok(None) };
    match try_lock_patiently(&file) {
        Ok(()) => Ok(Some(BattleLock { battle: super::canonical(battle), _file: file })),
        Err(std::fs::TryLockError::WouldBlock) => Err(Locked::Elsewhere),
        Err(std::fs::TryLockError::Error(_)) => Ok(None),
    }
}
