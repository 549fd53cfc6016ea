//! A battle file followed as the app saves or autosaves it (issue 32, `coldsteel
//! share`): its state is the file with its autosave journal played on top, read again
//! whenever either changes on disk.

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

/// A battle file and its journal in the data folder, followed.
#[derive(Debug)]
pub struct Follower {
    file: PathBuf,
    journal: Option<PathBuf>,
    stamps: (Stamp, Stamp),
}

impl Follower {
    /// Follows `file`, with its journal in the data folder `dir` (if there is one).
    pub fn new(file: &Path, dir: Option<&Path>) -> Self {
        let journal = dir.map(|d| super::journal::journal_path(d, Some(file), 0));
        Follower { file: file.to_path_buf(), journal, stamps: (None, None) }
    }

    fn now(&self) -> (Stamp, Stamp) {
        (stamp(&self.file), self.journal.as_deref().and_then(stamp))
    }

    /// Whether the file or its journal changed on disk since the last read.
    pub fn changed(&self) -> bool {
        self.now() != self.stamps
    }

    /// The battle as it stands: the journal's game where it plays on top of the file
    /// as it is now, else the file's.
    pub fn read(&mut self) -> Result<Game, LoadError> {
        self.stamps = self.now();
        if let Some(journal) = self.journal.as_deref().filter(|j| j.exists())
            && let Ok(read) = super::journal::read_journal(journal)
            && read.source.as_deref().is_some_and(|s| super::canonical(s) == super::canonical(&self.file))
        {
            return Ok(read.game);
        }
        super::read_battle_file(&self.file)
    }
}
