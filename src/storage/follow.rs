//! A battle file followed as the app saves or autosaves it (issue 32, `coldsteel
//! share`): its state is the file with the journal a window is writing of it played on
//! top, read again whenever either changes on disk.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::LoadError;
use crate::game::Game;

/// What a file looked like on disk when last read: its length and time.
type Stamp = Option<(u64, Option<SystemTime>)>;

fn stamp(path: &Path) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()))
}

/// A battle file and the live journal of it in the data folder, followed.
#[derive(Debug)]
pub struct Follower {
    file: PathBuf,
    dir: Option<PathBuf>,
    /// The journal a window is writing of the file, as last looked for.
    journal: Option<PathBuf>,
    /// The file's, the data folder's (a journal begun or removed) and the journal's.
    stamps: [Stamp; 3],
}

impl Follower {
    /// Follows `file`, with the journals in the data folder `dir` (if there is one).
    pub fn new(file: &Path, dir: Option<&Path>) -> Self {
        Follower { file: file.to_path_buf(), dir: dir.map(Path::to_path_buf), journal: None, stamps: [None; 3] }
    }

    fn now(&self) -> [Stamp; 3] {
        [stamp(&self.file), self.dir.as_deref().and_then(stamp), self.journal.as_deref().and_then(stamp)]
    }

    /// Whether the file, the data folder or the journal changed on disk since the last
    /// read.
    pub fn changed(&self) -> bool {
        self.now() != self.stamps
    }

    /// The battle as it stands: the live journal's game where a window is writing one
    /// that plays, else the file's.
    pub fn read(&mut self) -> Result<Game, LoadError> {
        if self.dir.as_deref().and_then(stamp) != self.stamps[1] || self.journal.as_deref().is_some_and(|j| !j.exists())
        {
            self.journal = self.dir.as_deref().and_then(|d| super::journal::live_journal_of(d, &self.file));
        }
        self.stamps = self.now();
        if let Some(journal) = self.journal.as_deref()
            && let Ok(read) = super::journal::read_journal(journal, Some(&self.file))
        {
            return Ok(read.game);
        }
        super::read_battle_file(&self.file)
    }
}
