//! File commands of the app: new, open, save, save as, recent files, drag and drop,
//! unsaved-changes checks, autosave and recovery. Native dialogs through rfd, with an
//! in-app path prompt where no native dialog is available.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::app::{CsApp, Modal, PathPurpose, Selection};
use crate::game::Game;
use crate::i18n::T;
use crate::model::{Battle, SideInfo};
use crate::rules::{BySide, Ruleset};
use crate::storage;

/// How file dialogs are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialogs {
    /// The platform's dialogs (rfd), falling back to the in-app prompt.
    Native,
    /// Always the in-app path prompt (tests, or no desktop portal).
    InApp,
}

/// What a new battle starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Template {
    /// Two empty armies.
    Empty,
    /// The embedded default battle (Krasnoi, 1812).
    Default,
}

/// A step that would drop the battle on screen: asked about first when it has unsaved
/// changes.
#[derive(Clone, Debug, PartialEq)]
pub enum FileOp {
    /// Start a new battle.
    New(Template, Ruleset),
    /// Open a battle file (`None`: ask which).
    Open(Option<PathBuf>),
    /// Quit the app.
    Quit,
}

const RECENT_MAX: usize = 8;

/// A native dialog that returns at once returned because no dialog could be shown.
const NO_DIALOG_WITHIN: Duration = Duration::from_millis(150);

enum Picked {
    Path(PathBuf),
    Cancelled,
    Unavailable,
}

fn native_pick(save: bool, name: &str) -> Picked {
    let started = Instant::now();
    let dialog = rfd::FileDialog::new().add_filter("coldsteel battle", &["json"]);
    let picked = if save { dialog.set_file_name(name).save_file() } else { dialog.pick_file() };
    match picked {
        Some(p) => Picked::Path(p),
        None if started.elapsed() < NO_DIALOG_WITHIN => Picked::Unavailable,
        None => Picked::Cancelled,
    }
}

fn native_pick_any(name: &str) -> Picked {
    let started = Instant::now();
    match rfd::FileDialog::new().set_file_name(name).save_file() {
        Some(p) => Picked::Path(p),
        None if started.elapsed() < NO_DIALOG_WITHIN => Picked::Unavailable,
        None => Picked::Cancelled,
    }
}

/// An empty battle with two armies.
pub fn empty_battle(ruleset: Ruleset, lang: crate::i18n::Lang) -> Battle {
    let side = |key: T| SideInfo { name: lang.t(key).to_owned(), name_ru: None, nation: Default::default() };
    Battle {
        name: lang.t(T::UntitledBattle).to_owned(),
        ruleset,
        sides: BySide { first: side(T::FirstArmy), second: side(T::SecondArmy) },
        turn: 1,
        ..Battle::default()
    }
}

impl CsApp {
    /// Runs `op` now, or asks first when the battle has unsaved changes.
    pub(super) fn request(&mut self, op: FileOp) {
        if self.is_dirty() {
            self.modal = Modal::Unsaved(op);
        } else {
            self.carry_out(op);
        }
    }

    /// Runs `op` without asking.
    pub(super) fn carry_out(&mut self, op: FileOp) {
        match op {
            FileOp::New(template, ruleset) => self.new_battle(template, ruleset),
            FileOp::Open(Some(path)) => self.open_path(&path),
            FileOp::Open(None) => self.open_dialog(),
            FileOp::Quit => self.quit_now = true,
        }
    }

    fn new_battle(&mut self, template: Template, ruleset: Ruleset) {
        let game = match template {
            Template::Default => storage::default_game().unwrap_or_default(),
            Template::Empty => Game::new(empty_battle(ruleset, self.lang)),
        };
        let mut game = game;
        game.battle.ruleset = ruleset;
        // A new game rolls its own dice.
        game.battle.rng.seed = storage::now_unix_ms();
        self.replace_game(game, None);
    }

    fn open_dialog(&mut self) {
        if self.dialogs == Dialogs::Native {
            match native_pick(false, "") {
                Picked::Path(p) => return self.open_path(&p),
                Picked::Cancelled => return,
                Picked::Unavailable => {}
            }
        }
        self.modal = Modal::PathPrompt { purpose: PathPurpose::Open, text: self.suggested_path(), error: None };
    }

    /// Opens a battle file; on failure the battle on screen stays untouched.
    pub(super) fn open_path(&mut self, path: &Path) {
        match storage::read_battle_file(path) {
            Ok(game) => {
                self.replace_game(game, Some(path.to_path_buf()));
                self.remember_recent(path);
                self.message = Some((self.lang.fmt(T::Opened, &[&path.display()]), false));
            }
            Err(e) => {
                let text = self.lang.fmt(T::CannotOpen, &[&e, &path.display()]);
                self.modal = Modal::Message(text.clone());
                self.message = Some((text, true));
            }
        }
    }

    fn replace_game(&mut self, game: Game, path: Option<PathBuf>) {
        self.game = game;
        self.path = path;
        self.selection = Selection::None;
        self.revision = 0;
        self.saved_revision = 0;
    }

    /// Saves to the current file, or asks where.
    pub(super) fn save(&mut self) {
        match self.path.clone() {
            Some(path) => self.save_to(&path),
            None => self.save_as(),
        }
    }

    /// Asks where to save.
    pub(super) fn save_as(&mut self) {
        if self.dialogs == Dialogs::Native {
            let name = format!("{}.coldsteel.json", file_stem(&self.game.battle.name));
            match native_pick(true, &name) {
                Picked::Path(p) => return self.save_to(&p),
                Picked::Cancelled => return,
                Picked::Unavailable => {}
            }
        }
        self.modal = Modal::PathPrompt { purpose: PathPurpose::Save, text: self.suggested_path(), error: None };
    }

    /// Asks for a path to write `name` to: `Some(Some(path))`, `Some(None)` when the user
    /// cancelled, `None` when the in-app prompt must ask instead.
    pub(super) fn pick_save_path(&self, name: &str) -> Option<Option<PathBuf>> {
        if self.dialogs != Dialogs::Native {
            return None;
        }
        match native_pick_any(name) {
            Picked::Path(p) => Some(Some(p)),
            Picked::Cancelled => Some(None),
            Picked::Unavailable => None,
        }
    }

    /// Asks for a file to open: as [`Self::pick_save_path`].
    pub(super) fn pick_open_path(&self) -> Option<Option<PathBuf>> {
        if self.dialogs != Dialogs::Native {
            return None;
        }
        match native_pick(false, "") {
            Picked::Path(p) => Some(Some(p)),
            Picked::Cancelled => Some(None),
            Picked::Unavailable => None,
        }
    }

    /// Saves to `path` atomically; on success it becomes the current file.
    pub(super) fn save_to(&mut self, path: &Path) {
        match storage::save_battle(path, &self.game) {
            Ok(()) => {
                self.path = Some(path.to_path_buf());
                self.saved_revision = self.revision;
                self.remember_recent(path);
                self.message = Some((self.lang.fmt(T::Saved, &[&path.display()]), false));
            }
            Err(e) => {
                let text = self.lang.fmt(T::CannotSave, &[&e.reason, &path.display()]);
                self.modal = Modal::Message(text.clone());
                self.message = Some((text, true));
            }
        }
    }

    fn suggested_path(&self) -> String {
        match &self.path {
            Some(p) => p.display().to_string(),
            None => format!("saves/{}.coldsteel.json", file_stem(&self.game.battle.name)),
        }
    }

    fn remember_recent(&mut self, path: &Path) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_MAX);
    }

    /// Whether the battle changed since it was last saved or opened.
    pub fn is_dirty(&self) -> bool {
        self.revision != self.saved_revision
    }

    /// Called after every committed change: counts it and autosaves.
    pub(super) fn changed(&mut self) {
        self.revision += 1;
        if let Some(saver) = &self.autosaver {
            saver.save(&self.game, self.path.as_deref());
        }
    }

    /// Accepts the offered autosave.
    pub(super) fn recover(&mut self, recovery: storage::Recovery) {
        let source = recovery.info.source.clone();
        self.replace_game(recovery.game, source);
        // Recovered work is not on disk in the battle file yet.
        self.revision = 1;
        self.message = Some((self.lang.t(T::Recovered).to_owned(), false));
    }
}

/// A file name from a battle title: letters, digits and dashes.
fn file_stem(title: &str) -> String {
    let stem: String = title
        .chars()
        .map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if stem.is_empty() { "battle".to_owned() } else { stem }
}
