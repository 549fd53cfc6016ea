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
    /// The battle as last read.
    game: Option<Game>,
    /// Where the journal's lines that played end, and the last one's number, when the
    /// battle was read from it: only what a window appends after is read next.
    read_to: Option<(u64, u64)>,
    /// How many times the battle was read whole.
    whole_reads: u64,
}

impl Follower {
    /// Follows `file`, with the journals in the data folder `dir` (if there is one).
    pub fn new(file: &Path, dir: Option<&Path>) -> Self {
        Follower {
            file: file.to_path_buf(),
            dir: dir.map(Path::to_path_buf),
            journal: None,
            stamps: [None; 3],
            game: None,
            read_to: None,
            whole_reads: 0,
        }
    }

    fn now(&self) -> [Stamp; 3] {
        [stamp(&self.file), self.dir.as_deref().and_then(stamp), self.journal.as_deref().and_then(stamp)]
    }

    /// The battle as it stands, when it changed on disk since the last look (`None`
    /// when it did not): only the lines a window appended to its journal are read where
    /// that is all that changed (issue 47: each look read the file and the journal whole),
    /// else the live journal's game where a window is writing one that plays, else the
    /// file's.
    pub fn look(&mut self) -> Result<Option<&Game>, LoadError> {
        let now = self.now();
        if self.game.is_some() && now == self.stamps {
            return Ok(None);
        }
        let only_the_journal = now[..2] == self.stamps[..2];
        if only_the_journal
            && let (Some(journal), Some(game), Some((at, n))) = (&self.journal, &mut self.game, self.read_to)
        {
            self.stamps = now;
            self.read_to = super::journal::read_on(journal, game, at, n);
            match self.read_to {
                // Only a line not yet whole: nothing to show until it is.
                Some(to) if to == (at, n) => return Ok(None),
                Some(_) => return Ok(self.game.as_ref()),
                None => {}
            }
        }
        self.read_whole().map(Some)
    }

    /// How many times the battle was read whole (the rest of the looks that found a
    /// change read only what its journal gained).
    pub fn whole_reads(&self) -> u64 {
        self.whole_reads
    }

    /// The battle read whole: the live journal's game where a window is writing one that
    /// plays, else the file's. A file that does not read is read again once it changes.
    pub fn read_whole(&mut self) -> Result<&Game, LoadError> {
        let mut unsettled = false;
        if self.dir.as_deref().and_then(stamp) != self.stamps[1] || self.journal.as_deref().is_some_and(|j| !j.exists())
        {
            let live = self.dir.as_deref().map(|d| super::journal::live_journals(d, &self.file)).unwrap_or_default();
            self.journal = live.found;
            unsettled = live.unsettled;
        }
        self.stamps = self.now();
        if unsettled {
            // A journal being begun: the folder is looked at again next time.
            self.stamps[1] = None;
        }
        self.read_to = None;
        self.whole_reads = self.whole_reads.saturating_add(1);
        let from_journal = self.journal.as_deref().and_then(|j| super::journal::read_journal(j, Some(&self.file)).ok());
        let game = match from_journal {
            Some(read) => {
                // Read on from its end only while every whole line played.
                self.read_to = (read.unread == 0).then_some(read.played_to);
                read.game
            }
            None => super::read_battle_file(&self.file)?,
        };
        Ok(self.game.insert(game))
    }
}
