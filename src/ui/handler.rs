//! The one handler: the only code of the interface that changes the game, touches files
//! or shows a file dialog. Panels, wizards, modals and the settings window return
//! [`AppCommand`]s while drawing; [`CsApp::run_cmd`] carries them out after the frame.
//! File commands (new, open, save, recent files, autosave and recovery), undo and redo,
//! reports and profiles live here. Native dialogs through rfd, with an in-app path prompt
//! where no native dialog is available.

use crate::i18n::Noun;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::app::{CsApp, Full, KeptList, KeptRow, Modal, PREFS_KEY, Prefs};
use super::command::{AppCommand, FileOp, PathPurpose, ReportChoice, Selection, Template};
use super::turn_panel::InitiativeForm;
use super::wizard::{BMeleeWizard, ChargeWizard, CollisionWizard, MeleeWizard, Wizard};
use crate::game::{Action, ActionError, Game};
use crate::i18n::{Lang, T};
use crate::model::{Battle, SideInfo};
use crate::model::{BrigadeId, GeneralId, UnitId};
use crate::rules::{BySide, Ruleset};
use crate::storage;

/// How soon the app looks again for the start-up's list of kept autosaves.
const KEPT_LOOK: Duration = Duration::from_millis(10);

/// Where the start-up's list of kept autosaves comes in from the thread reading it.
pub type KeptListing = std::sync::mpsc::Receiver<storage::KeptFound>;
pub use crate::storage::{Autosaver, BattleLock, Recovery, SourceState};

/// How file dialogs are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialogs {
    /// The platform's dialogs (rfd), falling back to the in-app prompt.
    Native,
    /// Always the in-app path prompt (tests, or no desktop portal).
    InApp,
}

const RECENT_MAX: usize = 8;

/// A native dialog that returns at once returned because no dialog could be shown.
const NO_DIALOG_WITHIN: Duration = Duration::from_millis(150);

enum Picked {
    Path(PathBuf),
    Cancelled,
    Unavailable,
}

fn native_pick(save: bool, name: &str, lang: Lang) -> Picked {
    native_pick_of(save, name, (lang.t(T::BattleFileFilter), &["json"]))
}

/// A native file dialog showing the files `filter` names (its title and extensions).
fn native_pick_of(save: bool, name: &str, (title, extensions): (&str, &[&str])) -> Picked {
    let started = Instant::now();
    let dialog = rfd::FileDialog::new().add_filter(title, extensions);
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

/// What a refused import says: the file, how many rows, then the first of them (a long
/// list is cut, saying how many more).
fn refused_rows_text(lang: Lang, path: &Path, rows: &[crate::oob::RowError]) -> String {
    const SHOWN: usize = 20;
    let mut text = lang.fmt(T::OobRefused, &[&path.display(), &lang.count(rows.len(), Noun::Row)]);
    for e in rows.iter().take(SHOWN) {
        text.push_str("\n• ");
        text.push_str(&crate::oob::row_error_text(lang, e));
    }
    if rows.len() > SHOWN {
        text.push('\n');
        text.push_str(&lang.fmt(T::OobMoreRows, &[&lang.count(rows.len() - SHOWN, Noun::Row)]));
    }
    text
}

/// An empty battle with two armies, named in both languages (the interface may switch).
pub fn empty_battle(ruleset: Ruleset) -> Battle {
    let (en, ru) = (crate::i18n::Lang::En, crate::i18n::Lang::Ru);
    let both = |key: T| (key.text(en).to_owned(), Some(key.text(ru).to_owned()));
    let side = |key: T| {
        let (name, name_ru) = both(key);
        SideInfo { name, name_ru, nation: Default::default() }
    };
    let (name, name_ru) = both(T::UntitledBattle);
    Battle {
        name,
        name_ru,
        ruleset,
        sides: BySide { first: side(T::FirstArmy), second: side(T::SecondArmy) },
        turn: 1,
        ..Battle::default()
    }
}

/// A folder's listing for the path prompt.
pub(super) type Listing = storage::browse::Listing;

/// What the path prompt browses: for which kind of file and which typed path, and the
/// folder's listing (none where the path points into no folder).
#[derive(Debug)]
pub(super) struct Browsed {
    purpose: PathPurpose,
    typed: String,
    pub(super) listing: Option<Listing>,
}

/// The most a folder's listing holds.
pub(super) const MAX_LISTED: usize = storage::browse::MAX_LISTED;

impl CsApp {
    /// Builds the app from eframe's creation context: the language is the one given on
    /// the command line, else the one remembered, else English. Native dialogs,
    /// autosave, and the offer of a newer autosave.
    pub fn from_creation(
        cc: &eframe::CreationContext<'_>,
        game: Game,
        path: Option<PathBuf>,
        lang: Option<Lang>,
    ) -> Self {
        let prefs = cc.storage.and_then(|s| eframe::get_value::<Prefs>(s, PREFS_KEY)).unwrap_or_default();
        // The palette (theme.rs) is made for the dark theme: a light system theme (Windows'
        // default) would wash out its light text.
        cc.egui_ctx.set_theme(egui::ThemePreference::Dark);
        let mut app = CsApp::start(game, path, lang.unwrap_or(prefs.lang), storage::autosave_dir());
        app.recent = prefs.recent;
        app.dialogs = Dialogs::Native;
        app
    }

    /// The app as it starts on `game` (from the file at `path`, if any): the file held for
    /// this window (or, where another window has it, shown as an unsaved copy), the
    /// autosaves kept in `data_dir` from earlier runs offered, and this run's journal
    /// begun there (issue 41).
    pub fn start(game: Game, path: Option<PathBuf>, lang: Lang, data_dir: Option<PathBuf>) -> Self {
        let mut app = CsApp::new(game, lang);
        app.path = path;
        app.data_dir = data_dir.clone();
        let held = app.hold_path();
        if let Some(dir) = data_dir {
            if held {
                app.list_kept_aside(dir.clone());
            }
            app.autosaver = Some(storage::Autosaver::start(dir));
            app.begin_journal(None);
        }
        app.adopt_club_tables();
        if app.path.is_some() && app.message.is_none() {
            app.message = app.against_club_rules().map(|said| super::Said::new(false, said));
        }
        app
    }

    /// A battle with no tables of its own takes the club's rules pack as it opens (issues
    /// 44, 50), the embedded battle included: one logged, undoable step that names the
    /// pack; later changes to the club's rules leave it as it is. A pack of the other
    /// ruleset, or one with no tables either, is left alone.
    fn adopt_club_tables(&mut self) {
        // A battle with tables of its own (most files opened) reads no club file.
        if !self.game.battle().options.tables_empty() {
            return;
        }
        let Some(club) = self.data_dir.as_deref().and_then(storage::read_club_pack) else { return };
        if club.options.tables_empty() || club.ruleset != self.game.battle().ruleset {
            return;
        }
        self.perform(&Action::AdoptPack(Box::new(club)));
    }

    /// The settings window's draft of the battle's rules, with the packs in play.
    fn settings_draft(&self) -> super::settings::SettingsDraft {
        let club = self.data_dir.as_deref().and_then(storage::read_club_pack);
        super::settings::SettingsDraft::of_battle(self.game.battle(), club.as_ref())
    }

    /// Offers the autosaves kept in `dir` from earlier runs (issue 41), listed here.
    pub fn offer_recovery_from(&mut self, dir: &Path) {
        self.offer_found(storage::kept_for(dir, self.path.as_deref()));
    }

    /// Lists the autosaves kept in `dir` off this thread; the offer comes once they are
    /// listed (see [`CsApp::offer_when_listed`]).
    fn list_kept_aside(&mut self, dir: PathBuf) {
        let (found, listing) = std::sync::mpsc::channel();
        let file = self.path.clone();
        let spawned = std::thread::Builder::new().name("kept autosaves".into()).spawn(move || {
            // A window closed before its list came in has no one to offer it to.
            let _ = found.send(storage::kept_for(&dir, file.as_deref()));
        });
        match spawned {
            Ok(_) => self.kept_listing = Some(listing),
            // No thread to be had: listed here, as the app starts.
            Err(_) => {
                if let Some(dir) = self.data_dir.clone() {
                    self.offer_recovery_from(&dir);
                }
            }
        }
    }

    /// The offer of the autosaves kept, once the start-up's listing is in and no other
    /// question is open (one the start asked, a file that did not open, comes first);
    /// until then another look a moment later.
    pub fn offer_when_listed(&mut self, ctx: &egui::Context) {
        let Some(listing) = &self.kept_listing else { return };
        if !matches!(self.modal, Modal::None) {
            // Looked at again on the frame that closes it.
            return;
        }
        match listing.try_recv() {
            Ok(found) => {
                self.kept_listing = None;
                self.offer_found(found);
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => ctx.request_repaint_after(KEPT_LOOK),
            Err(std::sync::mpsc::TryRecvError::Disconnected) => self.kept_listing = None,
        }
    }

    /// Waits for the start-up's listing of the autosaves kept and offers them (tests and
    /// benchmarks, which look at the offer from their first frame).
    pub fn await_kept_offer(&mut self) {
        if !matches!(self.modal, Modal::None) {
            return;
        }
        if let Some(found) = self.kept_listing.take().and_then(|l| l.recv().ok()) {
            self.offer_found(found);
        }
    }

    /// Offers what was found kept: one whole; several as a list (of the file's), or on
    /// the default battle only by how many there are, which is all that was read of them
    /// beyond their first lines.
    fn offer_found(&mut self, found: storage::KeptFound) {
        match found {
            storage::KeptFound::Nothing => {}
            storage::KeptFound::One { read: Ok(rec), .. } => self.offer_one(rec),
            storage::KeptFound::One { at, read: Err(e) } => self.say_unreadable_autosave(&e, &at),
            storage::KeptFound::Several(several) if self.path.is_some() => {
                self.modal = Modal::Kept(KeptList::Rows(self.kept_rows(&several)));
            }
            storage::KeptFound::Several(several) => self.modal = Modal::Kept(KeptList::Count(several.len())),
        }
    }

    fn offer_one(&mut self, rec: storage::Recovery) {
        let when = when_text(rec.info.written_at_ms);
        self.modal = Modal::Recovery(Box::new(rec), when);
    }

    /// An autosave that does not read, said once, with where it is kept.
    fn say_unreadable_autosave(&mut self, e: &storage::LoadError, at: &Path) {
        self.say(true, |l| l.fmt(T::AutosaveUnreadable, &[&crate::i18n::errors::load_error_text(l, e), &at.display()]));
    }

    /// The kept autosaves as the list shows them, each journal read for its count.
    fn kept_rows(&self, kept: &[storage::Kept]) -> Vec<KeptRow> {
        let lang = self.lang;
        kept.iter()
            .map(|k| {
                let (title, file) = match &k.header {
                    Ok(h) => {
                        let ru = h.name_ru.as_deref().filter(|n| lang == Lang::Ru && !n.is_empty());
                        let name = ru.or(h.name.as_deref()).filter(|n| !n.is_empty());
                        (name.unwrap_or(lang.t(T::UnsavedBattle)).to_owned(), h.source.clone())
                    }
                    Err(_) => (lang.t(T::UnsavedBattle).to_owned(), None),
                };
                let actions = match &k.header {
                    Ok(_) => storage::count_actions(&k.path),
                    Err(_) => Err(storage::journal::JournalError::NotAJournal),
                }
                .map_err(|e| crate::i18n::errors::load_error_text(lang, &storage::LoadError::from(e)));
                KeptRow { journal: k.path.clone(), title, file, when: when_text(k.written_ms), actions }
            })
            .collect()
    }

    /// File → Recover…: every kept autosave, read.
    fn show_kept(&mut self) {
        let Some(dir) = self.data_dir.clone() else {
            self.say(true, |l| l.t(T::NoDataFolder).to_owned());
            return;
        };
        let kept = storage::kept_journals(&dir);
        self.modal = Modal::Kept(KeptList::Rows(self.kept_rows(&kept)));
    }

    /// The players threw a kept autosave away: it goes, and the list shows the rest.
    fn discard_kept(&mut self, journal: &Path) {
        storage::discard_autosave(journal);
        self.say(false, |l| l.t(T::AutosaveDiscarded).to_owned());
        if matches!(self.modal, Modal::Kept(KeptList::Rows(_))) {
            self.show_kept();
        } else {
            self.modal = Modal::None;
        }
    }

    /// Recovers the kept autosave at `journal`, chosen from the list.
    fn recover_path(&mut self, journal: &Path) {
        match storage::read_recovery(journal, None) {
            Ok(rec) => {
                self.modal = Modal::None;
                self.recover(rec);
            }
            Err(e) => self.say_unreadable_autosave(&e, journal),
        }
    }

    /// Holds the battle file on screen for this window (issue 41). Where another window
    /// has it open, the battle on screen becomes an unsaved copy, and the window says
    /// why; `false` then.
    fn hold_path(&mut self) -> bool {
        let (Some(dir), Some(path)) = (self.data_dir.clone(), self.path.clone()) else {
            self.battle_lock = None;
            return true;
        };
        if self.battle_lock.as_ref().is_some_and(|l| l.is_of(&path)) {
            return true;
        }
        self.battle_lock = None;
        match storage::lock_battle(&dir, &path) {
            Ok(lock) => {
                self.battle_lock = lock;
                true
            }
            Err(storage::Locked::Elsewhere) => {
                self.path = None;
                // A copy is on no disk: quitting asks to save it.
                self.revision = self.saved_revision.wrapping_add(1);
                self.say(true, |l| l.fmt(T::OpenElsewhere, &[&path.display()]));
                self.modal = Modal::Message(self.lang.fmt(T::OpenElsewhere, &[&path.display()]));
                false
            }
        }
    }

    /// Whether another window holds the battle file at `path` (a save there is refused).
    fn held_elsewhere(&self, path: &Path) -> bool {
        let Some(dir) = self.data_dir.as_deref() else { return false };
        if self.battle_lock.as_ref().is_some_and(|l| l.is_of(path)) {
            return false;
        }
        matches!(storage::lock_battle(dir, path), Err(storage::Locked::Elsewhere))
    }

    /// Carries out one command: the one routing of every command, the menus' and
    /// shortcuts' and those of modals, windows and wizards, each arm naming its own
    /// variant (issue 49: no list forwards the rest elsewhere).
    pub fn run_cmd(&mut self, cmd: AppCommand) {
        match cmd {
            AppCommand::Perform(action) => self.perform(&action),
            AppCommand::ShowPlayers(open) => self.players.set_open(open.map(|o| *o)),
            AppCommand::PlayersWindow(open) => self.players.show_window(open, self.lang),
            AppCommand::OpenShare => self.players.open_share(),
            AppCommand::ContinueInNewFile => self.continue_in_new_file(),
            AppCommand::Select(sel) => self.selection = sel,
            AppCommand::Reveal(id) => {
                self.selection = Selection::Unit(id);
                self.roster_view.reveal(self.game.battle(), id);
            }
            AppCommand::Undo => self.undo_redo(true),
            AppCommand::Redo => self.undo_redo(false),
            AppCommand::SetLang(lang) => self.lang = lang,
            AppCommand::File(op) => self.request(op),
            AppCommand::NewDialog => {
                self.modal = Modal::NewBattle { template: Template::Default, ruleset: self.game.battle().ruleset }
            }
            AppCommand::Save => self.save(),
            AppCommand::SaveAs => self.save_as(),
            AppCommand::RollInitiative => self.initiative_form.roll(self.game.battle()),
            AppCommand::OpenMelee(index) => self.open_melee(index),
            AppCommand::OpenFire => self.open_fire(),
            AppCommand::OpenTest(owed) => self.open_test(owed),
            AppCommand::NextPhase => self.next_phase(true),
            AppCommand::LeaveUnfinished => {
                self.modal = Modal::None;
                self.next_phase(false);
            }
            AppCommand::TakeOwedTests => self.take_owed_tests(),
            AppCommand::CarryTestsAndAdvance => {
                self.modal = Modal::None;
                self.perform(&Action::AdvancePhase);
            }
            AppCommand::DropTestsAndAdvance(reason) => self.drop_tests_and_advance(reason),
            AppCommand::StartCharge(id) => self.start_charge(id),
            AppCommand::PickTarget(id) => self.pick_target(id),
            AppCommand::CarryOutCharge(charger, target) => self.carry_out_charge(charger, target),
            AppCommand::OpenReport => {
                self.modal = Modal::Report(super::report_view::report_text(&self.game, self.lang));
            }
            AppCommand::OpenAbout => self.modal = Modal::About,
            AppCommand::OpenGuide => self.modal = Modal::Guide,
            AppCommand::OpenSettings => self.modal = Modal::Settings(Box::new(self.settings_draft())),
            AppCommand::OpenBasing => self.modal = Modal::Settings(Box::new(self.settings_draft().on_basing())),
            AppCommand::BasingThenPlace(unit, place) => self.basing_then_place(unit, *place),
            AppCommand::Copy(text) => {
                self.copy_request = Some(text);
                self.say(false, |l| l.t(T::Copied).to_owned());
            }
            AppCommand::ExportSvg => self.export_svg(),
            AppCommand::Warn(said) => self.message = Some(said),
            AppCommand::ShowTab(tab) => self.tab = tab,
            AppCommand::CancelPick => {
                self.picking = None;
                self.message = None;
            }
            AppCommand::CopyEntryReport(seq) => {
                if let Some(text) = super::report_view::entry_report_text(self.game.battle(), self.lang, seq) {
                    self.run_cmd(AppCommand::Copy(text));
                }
            }
            AppCommand::FirstRates(choice) => self.first_rates(*choice),
            AppCommand::SwitchPack => {
                if let Modal::SwitchPack(switch) = std::mem::replace(&mut self.modal, Modal::None) {
                    self.switch_pack(switch.0);
                }
            }
            AppCommand::ImportRulesForCharge(charger, target) => {
                self.charge_after_rules = Some((charger, target));
                self.profile_file(PathPurpose::LoadProfile);
            }
            // The commands of modals, windows and wizards.
            AppCommand::CloseModal => {
                self.modal = Modal::None;
                // A drop waiting on the basing table the players closed is forgotten.
                self.place_after_basing = None;
                self.charge_after_rules = None;
            }
            AppCommand::SaveThen(op) => {
                self.modal = Modal::None;
                self.save();
                if !self.is_dirty() {
                    self.carry_out(op);
                }
            }
            AppCommand::Discard(op) => self.discard_then(op),
            AppCommand::ShowKept => self.show_kept(),
            AppCommand::DiscardKept(journal) => self.discard_kept(&journal),
            AppCommand::Recover => match std::mem::replace(&mut self.modal, Modal::None) {
                Modal::Recovery(rec, _) | Modal::OpenFailed { recovery: Some(rec), .. } => self.recover(*rec),
                Modal::None
                | Modal::Kept(_)
                | Modal::Unsaved(_)
                | Modal::PathPrompt { .. }
                | Modal::NewBattle { .. }
                | Modal::Message(_)
                | Modal::OtherSideDeclares { .. }
                | Modal::JournalFull(_)
                | Modal::TestsOwed { .. }
                | Modal::Unfinished(_)
                | Modal::About
                | Modal::Guide
                | Modal::OpenFailed { .. }
                | Modal::Report(_)
                | Modal::Settings(_)
                | Modal::FirstRates(_)
                | Modal::SwitchPack(_)
                | Modal::Campaign(_) => {}
            },
            AppCommand::PathChosen(purpose, text) => self.path_chosen(purpose, &text),
            AppCommand::NewBattle(template, ruleset) => {
                self.modal = Modal::None;
                self.request(FileOp::New(template, ruleset));
            }
            AppCommand::Report(r) => self.report_choice(r),
            AppCommand::ApplySettings(new) => {
                self.modal = Modal::None;
                self.perform(&crate::game::procedure::rules_action(self.game.battle(), *new));
                self.place_after_basing();
            }
            AppCommand::ProfileFile(purpose) => self.profile_file(purpose),
            AppCommand::SaveClubProfile => self.save_club_profile(),
            AppCommand::SaveClubHouse(house) => self.save_club_house(*house),
            AppCommand::OpenCampaign(task) => {
                let last = self.last_campaign.clone().or_else(|| self.campaign_beside());
                let form = super::campaign_form::CampaignForm::new(task, self.game.battle(), last.as_deref());
                self.modal = Modal::Campaign(Box::new(form));
                // A campaign file already there is read at once, but when beginning one.
                if task != super::campaign_form::CampaignTask::Begin && last.is_some_and(|p| p.is_file()) {
                    self.campaign_do(super::campaign_form::CampaignDo::Read);
                }
            }
            AppCommand::Campaign(what) => self.campaign_do(what),
            AppCommand::PlayClubRules => self.play_club_rules(),
            AppCommand::OobFile(purpose) => self.oob_file(purpose),
            AppCommand::WizardApply(action) => self.wizard_apply(&action),
            AppCommand::CloseWizard => {
                self.remember_measures();
                self.wizard = None;
            }
            AppCommand::DeclaredThenOtherSide { actions, charge, other } => {
                self.declared_then_other_side(actions, charge, other)
            }
            AppCommand::NoneDeclared(side) => self.none_declared(side),
        }
    }

    /// Opens the fire wizard on the unit selected, if any.
    fn open_fire(&mut self) {
        let selected = match self.selection {
            Selection::Unit(id) => Some(id),
            Selection::None | Selection::General(_) | Selection::Brigade(_) => None,
        };
        self.wizard = Some(Wizard::Fire(Box::new(super::wizard::FireWizard::new(self.game.battle(), selected))));
    }

    /// Opens the test wizard on a test owed, or on the unit selected for a called one.
    fn open_test(&mut self, owed: Option<(UnitId, crate::rules::options::TestKind)>) {
        let wizard = match (owed, self.selection) {
            (Some((unit, test)), _) => super::wizard::TestWizard::owed(unit, test),
            (None, Selection::Unit(id)) => super::wizard::TestWizard::called(self.game.battle(), Some(id)),
            (None, Selection::None | Selection::General(_) | Selection::Brigade(_)) => {
                super::wizard::TestWizard::called(self.game.battle(), None)
            }
        };
        self.wizard = Some(Wizard::Test(Box::new(wizard)));
    }

    /// The players take the tests owed now: the first opens.
    fn take_owed_tests(&mut self) {
        self.modal = Modal::None;
        // Issue 45: "Take the first now" opens the first of them.
        let owed = crate::game::morale_tests::owed_tests(self.game.battle());
        let first = owed.first().map(|o| (o.unit, o.test));
        if first.is_some() {
            self.run_cmd(AppCommand::OpenTest(first));
        }
    }

    /// The tests owed dropped with the players' reason, and the next phase begun.
    fn drop_tests_and_advance(&mut self, reason: String) {
        self.modal = Modal::None;
        let before = self.game.battle().log.len();
        self.perform(&Action::DropTests { reason });
        if self.game.battle().log.len() > before {
            self.perform(&Action::AdvancePhase);
        }
    }

    /// A charge begun from its charger: the players pick its target next.
    fn start_charge(&mut self, id: UnitId) {
        self.picking = Some(id);
        let unit = self.game.battle().unit(id).cloned();
        self.say(false, |l| {
            let name = unit.as_ref().map(|u| u.display_name(l == Lang::Ru).to_owned());
            l.fmt(T::PickTarget, &[&name.unwrap_or_default()])
        });
    }

    /// Opens the charge wizard on a declared charge, to carry it out.
    fn carry_out_charge(&mut self, charger: UnitId, target: UnitId) {
        let battle = self.game.battle();
        let declared = crate::game::declared_charge(battle, charger, target);
        self.wizard = declared
            .and_then(|a| ChargeWizard::carry_out(battle, &a, &mut self.measured))
            .map(|w| Wizard::GdbCharge(Box::new(w)));
    }

    /// Asks for the basing of a unit's arm, then places it.
    fn basing_then_place(&mut self, unit: UnitId, place: Action) {
        let b = &self.game.battle();
        let Some(arm) = b.unit(unit).map(|u| u.arm) else { return };
        let draft = self.settings_draft().on_basing_for(arm);
        self.modal = Modal::Settings(Box::new(draft));
        self.place_after_basing = Some((unit, place));
    }

    /// The players discard the unsaved work, then do what they asked.
    fn discard_then(&mut self, op: FileOp) {
        self.modal = Modal::None;
        // The journal of the work discarded goes when the next battle replaces it,
        // or now if the app quits; a cancelled open keeps it, and the work.
        match op {
            FileOp::Quit => self.discard_journal(),
            FileOp::New(..) | FileOp::Open(_) | FileOp::Recover(_) => self.discarding = true,
        }
        self.carry_out(op);
    }

    /// A wizard's action performed; the wizard closes once it is done.
    fn wizard_apply(&mut self, action: &Action) {
        let steps = self.game.history().done.len();
        self.remember_measures();
        let tables = self.wizard.as_ref().and_then(|w| w.tables_to_remember(self.game.battle()));
        self.perform(action);
        if self.game.history().done.len() > steps {
            self.wizard = None;
            // The rates the players asked to keep: their own undo step, after the action.
            if let Some(options) = tables {
                let ruleset = self.game.battle().ruleset;
                self.perform(&Action::SetOptions(Box::new((ruleset, options))));
            }
        }
    }

    /// Declarations made; the other side is asked for its own.
    fn declared_then_other_side(&mut self, actions: Vec<Action>, charge: (UnitId, UnitId), other: crate::rules::Side) {
        self.remember_measures();
        if self.perform_all(&actions) {
            self.wizard = None;
            self.modal = Modal::OtherSideDeclares { charge, side: other };
        }
    }

    /// A side declares no charge.
    fn none_declared(&mut self, side: crate::rules::Side) {
        self.modal = Modal::None;
        if self.perform_all(&[Action::DeclarationsDone { side }]) {
            self.carry_out_next();
        }
    }

    /// The next phase, asking first (issue 43) about declared charges not carried out and
    /// melees not fought, where `ask_unfinished`, then (issue 28) about tests still owed:
    /// taken now, carried, or dropped with a reason.
    fn next_phase(&mut self, ask_unfinished: bool) {
        let battle = self.game.battle();
        if let Some(undone) = crate::game::unfinished(battle).filter(|_| ask_unfinished) {
            self.modal = Modal::Unfinished(undone);
        } else if crate::game::morale_tests::owed_tests(battle).is_empty() {
            self.perform(&Action::AdvancePhase);
        } else {
            self.modal = Modal::TestsOwed { reason: String::new() };
        }
    }

    /// The unit dropped on the table before its arm had a basing row, placed now that the
    /// basing table is applied, if it gives the unit its size (issue 44).
    fn place_after_basing(&mut self) {
        let Some((unit, place)) = self.place_after_basing.take() else { return };
        let sized = self
            .game
            .battle()
            .unit(unit)
            .is_some_and(|u| crate::game::table::unit_size_cm(self.game.battle(), u).is_some());
        if sized {
            self.perform(&place);
            self.selection = Selection::Unit(unit);
        }
    }

    /// Performs the actions in order, each its own undo step, stopping at the first the
    /// game refuses (its reason in the status bar); whether all were performed.
    fn perform_all(&mut self, actions: &[Action]) -> bool {
        actions.iter().all(|action| {
            let steps = self.game.history().done.len();
            self.perform(action);
            self.game.history().done.len() > steps
        })
    }

    /// Opens the wizard on the first declared charge in the order they are carried out
    /// (GDB-CHG-04, GDB-OPP-02), if one may be carried out now.
    fn carry_out_next(&mut self) {
        let phase = crate::game::declarations::charges_phase(self.game.battle());
        let next = phase.to_carry_out(self.game.battle()).first().map(|d| (d.charger, d.target));
        if let Some((charger, target)) = next {
            self.run_cmd(AppCommand::CarryOutCharge(charger, target));
        }
    }

    /// Keeps what the charge wizard's players typed for the rest of the turn.
    fn remember_measures(&mut self) {
        if let Some(Wizard::GdbCharge(w)) = &self.wizard {
            w.remember(self.game.battle(), &mut self.measured);
        }
    }

    fn open_melee(&mut self, index: usize) {
        let battle = &self.game.battle();
        let Some(m) = battle.engagements.get(index).filter(|e| e.is_melee()) else { return };
        self.wizard = match battle.ruleset {
            Ruleset::Gdb => MeleeWizard::new(battle, m).map(|w| Wizard::GdbMelee(Box::new(w))),
            Ruleset::RulesetB => BMeleeWizard::new(battle, m).map(|w| Wizard::BMelee(Box::new(w))),
        };
    }

    fn pick_target(&mut self, target: UnitId) {
        let Some(charger) = self.picking.take() else { return };
        let battle = &self.game.battle();
        let side = |id| battle.unit(id).map(|u| u.side);
        if side(charger) == side(target) {
            self.picking = Some(charger);
            self.say(true, |l| l.t(T::PickEnemy).to_owned());
            return;
        }
        self.message = None;
        // The first charge of a battle whose players' table holds no rate: one form for
        // them all first, once (issue 30).
        if battle.ruleset == Ruleset::Gdb && !self.rates_asked && crate::game::procedure::RatesDraft::needed(battle) {
            self.rates_asked = true;
            self.modal = Modal::FirstRates(Box::new(super::rates_form::RatesForm::new(battle, (charger, target))));
            return;
        }
        self.open_charge(charger, target);
    }

    /// The charge (or, under Ruleset B, the collision) wizard of `charger` on `target`.
    fn open_charge(&mut self, charger: UnitId, target: UnitId) {
        let battle = &self.game.battle();
        self.wizard = match battle.ruleset {
            Ruleset::Gdb => {
                ChargeWizard::new(battle, charger, target, &mut self.measured).map(|w| Wizard::GdbCharge(Box::new(w)))
            }
            Ruleset::RulesetB => CollisionWizard::new(battle, charger, target).map(|w| Wizard::BCollision(Box::new(w))),
        };
    }

    /// The first evening's rates kept as the battle's tables (and the club's, when asked),
    /// then the charge they came before.
    fn first_rates(&mut self, choice: super::rates_form::RatesChoice) {
        self.modal = Modal::None;
        if let Some(options) = choice.options {
            let ruleset = self.game.battle().ruleset;
            if options != self.game.battle().options {
                self.perform(&Action::SetOptions(Box::new((ruleset, options))));
            }
            if choice.club {
                self.save_club_profile();
            }
        }
        self.open_charge(choice.charge.0, choice.charge.1);
    }

    /// The path prompt's folder, listed as the prompt opens and again when the typed path
    /// changes folder (issue 45: the prompt browses where no file dialog opens); each
    /// prompt lists afresh (a file saved since shows), for its own kind of file. The disk
    /// is looked at only when the typed path changes, not every frame.
    pub(super) fn refresh_browse(&mut self) {
        let Modal::PathPrompt { purpose, text, .. } = &self.modal else {
            self.browse = None;
            return;
        };
        if self.browse.as_ref().is_some_and(|b| b.purpose == *purpose && b.typed == *text) {
            return;
        }
        let dir = storage::browse::folder_of(text);
        // Typing within the same folder keeps its listing.
        let kept = (self.browse.take())
            .filter(|b| b.purpose == *purpose)
            .and_then(|b| b.listing)
            .filter(|l| Some(&l.dir) == dir.as_ref());
        let listing = kept.or_else(|| dir.and_then(|d| storage::browse::list(&d, purpose.suffixes()).ok()));
        self.browse = Some(Browsed { purpose: *purpose, typed: text.clone(), listing });
    }

    fn perform(&mut self, action: &Action) {
        storage::watch_file(&mut self.game);
        let b = &self.game.battle();
        let added_before = (b.next_unit_id(), b.next_general_id(), b.next_brigade_id());
        match self.game.perform(action) {
            Ok(()) => {
                self.message = None;
                self.select_after(action, added_before);
                if matches!(action, Action::Initiative { .. } | Action::AdvancePhase) {
                    self.initiative_form = InitiativeForm::default();
                }
                self.changed(storage::Op::Did(Box::new(action.clone())));
            }
            Err(ActionError::NoChange) => {}
            Err(ActionError::Invalid(crate::model::Problem::OutOfRange { field: "log", .. })) => {
                self.modal = Modal::JournalFull(Full::Entries);
            }
            Err(ActionError::FileFull { bytes, .. }) => {
                let room_to_go_on = self.room_to_go_on();
                self.modal = Modal::JournalFull(Full::Bytes { bytes, room_to_go_on });
            }
            Err(e) => {
                self.say(true, |l| l.fmt(T::ActionRefused, &[&crate::i18n::errors::action_error_text(l, &e)]));
            }
        }
    }

    /// The journal is full (issue 26): the file as it stands is saved (where it has a
    /// path), and the battle goes on in a new file from the current state, its journal
    /// starting there; the players are asked where to save it.
    fn continue_in_new_file(&mut self) {
        self.modal = Modal::None;
        if let Some(path) = self.path.clone().filter(|_| self.is_dirty()) {
            self.save_to(&path);
        }
        let stem = self.file_stem();
        self.replace_game(Game::new(self.continued_battle()), None);
        // Not on disk yet: the title says so until it is saved.
        self.revision = 1;
        let text = self.in_suggested_folder(&format!("{stem}-continued.coldsteel.json"));
        self.modal = Modal::PathPrompt { purpose: PathPurpose::Save, text, error: None };
    }

    /// The battle as it goes on in a new file: as it stands, its journal empty.
    fn continued_battle(&self) -> Battle {
        let mut battle = self.game.battle().clone();
        battle.log.clear();
        let continued = self.lang.fmt(T::ContinuedName, &[&battle.name]);
        if continued.chars().count() <= crate::model::limits::MAX_NAME_CHARS {
            battle.name = continued;
        }
        battle
    }

    /// Whether a new file from the battle as it stands leaves room for actions: its first
    /// action copies the battle as the journal's start, so the battle must fit twice.
    fn room_to_go_on(&self) -> bool {
        let once = storage::file_bytes(&Game::new(self.continued_battle()));
        once.saturating_mul(2).saturating_add(1 << 20) <= storage::MAX_FILE_BYTES
    }

    /// After an add or duplicate, the new item is selected; after a delete, nothing.
    fn select_after(&mut self, action: &Action, (unit_id, general_id, brigade_id): (UnitId, GeneralId, BrigadeId)) {
        use crate::model::{ItemKind, RosterOp};
        self.selection = match action.roster_edit() {
            Some((ItemKind::Unit, RosterOp::Add | RosterOp::Duplicate)) => Selection::Unit(unit_id),
            Some((ItemKind::General, RosterOp::Add | RosterOp::Duplicate)) => Selection::General(general_id),
            Some((ItemKind::Brigade, RosterOp::Add | RosterOp::Duplicate)) => Selection::Brigade(brigade_id),
            Some((ItemKind::Unit | ItemKind::General | ItemKind::Brigade, RosterOp::Delete)) => Selection::None,
            Some((ItemKind::Unit | ItemKind::General | ItemKind::Brigade, RosterOp::Edit)) | None => self.selection,
        };
    }

    fn undo_redo(&mut self, undo: bool) {
        let result = if undo { self.game.undo() } else { self.game.redo() };
        let mut changed = false;
        let said = match result {
            Ok(Some(step)) => {
                changed = true;
                let step = step.clone();
                let battle = self.game.battle();
                let done = if undo { T::Undone } else { T::Redone };
                super::Said::new(false, |l| l.fmt(done, &[&super::roster::step_label(l, battle, &step)]))
            }
            Ok(None) => {
                let nothing = if undo { T::NothingToUndo } else { T::NothingToRedo };
                super::Said::new(false, |l| l.t(nothing).to_owned())
            }
            Err(e) => super::Said::new(true, |l| crate::i18n::errors::apply_error_text(l, &e)),
        };
        self.message = Some(said);
        if changed {
            self.changed(if undo { storage::Op::Undid } else { storage::Op::Redid });
        }
    }

    fn path_chosen(&mut self, purpose: PathPurpose, text: &str) {
        let path = std::path::PathBuf::from(text.trim());
        if text.trim().is_empty() {
            if let Modal::PathPrompt { error, .. } = &mut self.modal {
                *error = Some(self.lang.t(T::PathEmpty).to_owned());
            }
            return;
        }
        self.modal = Modal::None;
        match purpose {
            PathPurpose::Save => self.save_to(&path),
            PathPurpose::Open => self.open_path(&path),
            PathPurpose::LoadProfile | PathPurpose::SaveProfile => self.profile_path(purpose, &path),
            PathPurpose::ImportOob | PathPurpose::ExportOob => self.oob_path(purpose, &path),
            other @ PathPurpose::ReportPdf
            | other @ PathPurpose::ReportMarkdown
            | other @ PathPurpose::RosterPdf
            | other @ PathPurpose::TableSvg => self.write_report(other, &path),
        }
    }

    /// The open battle file's name without `.coldsteel.json`, for the files made from it
    /// ("battle" before it is saved).
    fn file_stem(&self) -> String {
        let stem = self.path.as_ref().and_then(|p| p.file_stem());
        stem.map_or_else(|| "battle".into(), |s| s.to_string_lossy().replace(".coldsteel", ""))
    }

    /// Carries out a report-window choice.
    pub(super) fn report_choice(&mut self, choice: ReportChoice) {
        let stem = self.file_stem();
        let (purpose, name) = match choice {
            ReportChoice::SavePdf => (PathPurpose::ReportPdf, format!("{stem}-report.pdf")),
            ReportChoice::SaveMarkdown => (PathPurpose::ReportMarkdown, format!("{stem}-report.md")),
            ReportChoice::RosterPdf => (PathPurpose::RosterPdf, format!("{stem}-roster.pdf")),
            ReportChoice::Copy => {
                if let Modal::Report(text) = &self.modal {
                    self.copy_request = Some(text.clone());
                }
                self.say(false, |l| l.t(T::Copied).to_owned());
                return;
            }
            ReportChoice::Print => return self.print(),
        };
        self.modal = Modal::None;
        match self.pick_save_path(&name) {
            Some(Some(path)) => self.write_report(purpose, &path),
            Some(None) => {}
            None => self.modal = Modal::PathPrompt { purpose, text: self.in_suggested_folder(&name), error: None },
        }
    }

    /// Writes a report file (atomically) and says where.
    pub(super) fn write_report(&mut self, purpose: PathPurpose, path: &std::path::Path) {
        // The table view as it is: with the selected unit's sector or general's radius.
        let focus = super::table_view::focus_of(self.selection);
        let bytes = super::report_view::report_bytes(purpose, &self.game, self.lang, focus);
        // A report never replaces the open battle file, and keeps no .bak (it can be made again).
        let open_battle = self.path.as_deref().is_some_and(|open| crate::storage::same_file(open, path));
        let not_saved = |l: Lang, reason: &str| l.fmt(T::CannotSave, &[&reason, &path.display()]);
        let result = match bytes {
            _ if open_battle => Err(super::Said::new(true, |l| not_saved(l, l.t(T::ReportOverBattle)))),
            Err(e) => Err(super::Said::new(true, |l| not_saved(l, &e.text(l)))),
            Ok(b) => crate::storage::save_output(path, &b).map_err(|e| {
                super::Said::new(true, |l| not_saved(l, &crate::i18n::errors::save_reason_text(l, &e.reason)))
            }),
        };
        self.message = Some(match result {
            Ok(()) => super::Said::new(false, |l| l.fmt(T::Saved, &[&path.display()])),
            Err(said) => said,
        });
    }

    /// The table view as SVG: the native dialog, else the path prompt.
    fn export_svg(&mut self) {
        let name = format!("{}-table.svg", self.file_stem());
        match self.pick_save_path(&name) {
            Some(Some(path)) => self.write_report(PathPurpose::TableSvg, &path),
            Some(None) => {}
            None => {
                let text = self.in_suggested_folder(&name);
                self.modal = Modal::PathPrompt { purpose: PathPurpose::TableSvg, text, error: None };
            }
        }
    }

    /// Writes the report PDF to the temporary folder and opens it in the system viewer.
    fn print(&mut self) {
        let path = std::env::temp_dir().join("coldsteel-report.pdf");
        self.write_report(PathPurpose::ReportPdf, &path);
        let opener = if cfg!(target_os = "macos") {
            "open"
        } else if cfg!(windows) {
            "explorer"
        } else {
            "xdg-open"
        };
        if let Err(e) = std::process::Command::new(opener).arg(&path).spawn() {
            self.say(true, |l| l.fmt(T::CannotOpenViewer, &[&e, &path.display()]));
        }
    }

    /// File → Import / Export order of battle…: the native dialog, else the path prompt.
    fn oob_file(&mut self, purpose: PathPurpose) {
        self.modal = Modal::None;
        let name = "order-of-battle.csv";
        let csv = (self.lang.t(T::CsvFileFilter), &["csv"][..]);
        let picked = self.pick_path_of(purpose == PathPurpose::ExportOob, name, csv);
        // An export proposes a file name; an import, the folder to look in.
        let proposed = if purpose == PathPurpose::ExportOob {
            self.in_suggested_folder(name)
        } else {
            self.in_suggested_folder("")
        };
        match picked {
            Some(Some(path)) => self.oob_path(purpose, &path),
            Some(None) => {}
            None => self.modal = Modal::PathPrompt { purpose, text: proposed, error: None },
        }
    }

    /// Exports the order of battle to `path`, or imports the one there as one undo step
    /// (every refused row listed, and nothing changed, when any is bad).
    pub(super) fn oob_path(&mut self, purpose: PathPurpose, path: &std::path::Path) {
        let lang = self.lang;
        if purpose == PathPurpose::ExportOob {
            let bytes = crate::oob::export(self.game.battle(), lang);
            return self.say_saved(path, storage::save_output(path, &bytes));
        }
        let bytes = match storage::read_bytes_file(path) {
            Ok(b) => b,
            Err(e) => {
                let reason = |l| crate::i18n::errors::load_error_text(l, &e);
                return self.say(true, |l| l.fmt(T::CannotOpen, &[&reason(l), &path.display()]));
            }
        };
        match crate::oob::import_naming_sides(&bytes, self.game.battle()) {
            Ok((sides, oob)) => {
                // A new battle's sides take the spreadsheet's names (issue 30).
                if let Some(sides) = sides {
                    let info = crate::model::BattleInfo { sides, ..crate::model::BattleInfo::of(self.game.battle()) };
                    self.perform(&Action::EditBattle(Box::new(info)));
                }
                let counts = (oob.units.len(), oob.generals.len(), oob.brigades.len());
                self.perform(&Action::ImportOrderOfBattle(Box::new(oob)));
                if self.message.is_none() {
                    self.say(false, |l| crate::oob::imported_text(l, counts));
                }
            }
            Err(rows) => self.modal = Modal::Message(refused_rows_text(lang, path, &rows)),
        }
    }

    /// Says in the status line that `path` was saved, or why not.
    fn say_saved(&mut self, path: &std::path::Path, result: Result<(), storage::SaveError>) {
        match result {
            Ok(()) => self.say(false, |l| l.fmt(T::Saved, &[&path.display()])),
            Err(e) => self.say(true, |l| crate::i18n::errors::save_error_text(l, &e)),
        }
    }

    fn profile_file(&mut self, purpose: PathPurpose) {
        self.modal = Modal::None;
        let name = "club.coldsteel-rules.json";
        let picked =
            if purpose == PathPurpose::SaveProfile { self.pick_save_path(name) } else { self.pick_open_path() };
        match picked {
            Some(Some(path)) => self.profile_path(purpose, &path),
            Some(None) => {}
            None => self.modal = Modal::PathPrompt { purpose, text: self.in_suggested_folder(name), error: None },
        }
    }

    /// Takes a club's rules pack into the battle (one undo step), or writes the battle's
    /// rules as one (issue 50).
    pub(super) fn profile_path(&mut self, purpose: PathPurpose, path: &std::path::Path) {
        if purpose == PathPurpose::SaveProfile {
            let pack = self.game.battle().rules_pack();
            return self.say_saved(path, storage::save_pack(path, &pack).map(|_| ()));
        }
        match storage::read_pack_file(path) {
            Ok(pack) => {
                let diff = crate::game::difference_under(&self.game, &pack);
                if diff.entries == 0 {
                    self.switch_pack(pack);
                } else {
                    self.modal = Modal::SwitchPack(Box::new((pack, diff)));
                }
            }
            Err(e) => {
                self.charge_after_rules = None;
                let reason = |l| crate::i18n::errors::pack_error_text(l, &e);
                self.say(true, |l| l.fmt(T::CannotOpen, &[&reason(l), &path.display()]));
            }
        }
    }

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
            FileOp::Recover(journal) => self.recover_path(&journal),
        }
    }

    /// What to say of a battle whose rules are not the club's current pack (issue 50:
    /// never switched silently); nothing where there is no club pack or they are the same.
    fn against_club_rules(&self) -> Option<impl Fn(Lang) -> String + use<>> {
        let club = self.data_dir.as_deref().and_then(storage::read_club_pack)?;
        let own = self.game.battle().rules_pack();
        if own.hash() == club.hash() {
            return None;
        }
        let diff = crate::game::difference_under(&self.game, &club);
        Some(move |lang: Lang| {
            let named = |p: &crate::model::RulesPack| match p.id.name.as_str() {
                "" => crate::i18n::names::pack_name(lang, "").to_owned(),
                name => lang.fmt(T::PackNamed, &[&name, &p.id.version]),
            };
            let said = lang.fmt(T::PackDiffersFromClub, &[&named(&own), &named(&club)]);
            format!("{said} {}", lang.fmt(T::PackDifferenceSaid, &[&diff.results, &diff.refusals, &diff.entries]))
        })
    }

    /// Takes a club's rules pack from the next action on (one undo step), then opens the
    /// charge the first evening's form was asked for, if any.
    fn switch_pack(&mut self, pack: crate::model::RulesPack) {
        self.perform(&Action::AdoptPack(Box::new(pack)));
        if let Some((charger, target)) = self.charge_after_rules.take() {
            self.open_charge(charger, target);
        }
    }

    /// Saves the battle's rules, under their name, as the club's: new battles take them.
    fn save_club_profile(&mut self) {
        let Some(dir) = self.data_dir.clone() else {
            self.say(true, |l| l.t(T::NoDataFolder).to_owned());
            return;
        };
        let path = storage::club_pack_file(&dir);
        let saved = storage::save_pack(&path, &self.game.battle().rules_pack());
        match saved {
            Ok(_) => self.say(false, |l| l.fmt(T::ClubProfileSaved, &[&path.display()])),
            Err(e) => self.say(true, |l| crate::i18n::errors::save_error_text(l, &e)),
        }
    }

    /// A campaign file beside the battle file, named after it (issue 52).
    fn campaign_beside(&self) -> Option<PathBuf> {
        let p = self.path.as_ref()?;
        let name = p.file_name()?.to_string_lossy().into_owned();
        let stem = name.strip_suffix(".coldsteel.json").unwrap_or(&name).to_owned();
        Some(p.with_file_name(format!("{stem}{}", storage::CAMPAIGN_SUFFIX)))
    }

    /// Saves the club's house rules into its pack (issue 51), its version counted up; a
    /// club without a pack gets one from the battle's rules. The battle keeps its rules
    /// until the players switch.
    fn save_club_house(&mut self, house: super::settings_house::ClubHouse) {
        let Some(dir) = self.data_dir.clone() else {
            self.say(true, |l| l.t(T::NoDataFolder).to_owned());
            return;
        };
        let path = storage::club_pack_file(&dir);
        let mut pack = if path.is_file() {
            match storage::read_pack_file(&path) {
                Ok(pack) => pack,
                Err(e) => {
                    let reason = |l| crate::i18n::errors::pack_error_text(l, &e);
                    self.say(true, |l| l.fmt(T::CannotOpen, &[&reason(l), &path.display()]));
                    return;
                }
            }
        } else {
            self.game.battle().rules_pack()
        };
        pack.options.gdb.house = house.gdb;
        pack.options.ruleset_b.house = house.ruleset_b;
        pack.id.version = pack.id.version.saturating_add(1);
        match storage::save_pack(&path, &pack) {
            Ok(_) => {
                self.say(false, |l| {
                    let name = crate::i18n::names::pack_name(l, &pack.id.name);
                    l.fmt(T::HouseSaved, &[&name, &pack.id.version, &path.display()])
                });
                if let Modal::Settings(draft) = &mut self.modal {
                    draft.note_club(&pack, self.game.battle());
                }
            }
            Err(e) => self.say(true, |l| crate::i18n::errors::save_error_text(l, &e)),
        }
    }

    /// Switches the battle to the club's pack in the data folder, through the preview of
    /// what changes (issue 50); the settings window closes first, its draft left behind.
    fn play_club_rules(&mut self) {
        let Some(dir) = self.data_dir.clone() else {
            self.say(true, |l| l.t(T::NoDataFolder).to_owned());
            return;
        };
        self.modal = Modal::None;
        self.profile_path(PathPurpose::LoadProfile, &storage::club_pack_file(&dir));
    }

    fn new_battle(&mut self, template: Template, ruleset: Ruleset) {
        let mut game = match template {
            Template::Default => storage::default_game().unwrap_or_default(),
            Template::Empty => Game::new(empty_battle(ruleset)),
        };
        // The club's rules, filled at earlier evenings, are where a new battle starts.
        if let Some(club) = self.data_dir.as_deref().and_then(storage::read_club_pack) {
            let mut battle = game.battle().clone();
            battle.pack = Some(crate::model::PackRef::of(&club));
            battle.ruleset = club.ruleset;
            battle.options = club.options;
            game = Game::new(battle);
        }
        // A new game rolls its own dice.
        game.reseed(storage::now_unix_ms());
        if game.battle().ruleset != ruleset {
            // The default battle under the other ruleset: a journaled change of rules.
            let options = game.battle().options.clone();
            let _ = game.perform(&Action::SetOptions(Box::new((ruleset, options))));
        }
        self.replace_game(game, None);
    }

    fn open_dialog(&mut self) {
        if self.dialogs == Dialogs::Native {
            match native_pick(false, "", self.lang) {
                Picked::Path(p) => return self.open_path(&p),
                Picked::Cancelled => return,
                Picked::Unavailable => {}
            }
        }
        self.modal = Modal::PathPrompt { purpose: PathPurpose::Open, text: self.suggested_path(), error: None };
    }

    /// Opens a battle file; on failure the battle on screen stays untouched.
    pub(super) fn open_path(&mut self, path: &Path) {
        match storage::read_battle_file_with_problems(path) {
            Ok((game, problems)) => {
                self.modal = Modal::None;
                let held = self.replace_game(game, Some(path.to_path_buf()));
                self.remember_recent(path);
                if !held {
                    // Another window has it: this one shows a copy, and has said so.
                    return;
                }
                if let Some(dir) = self.data_dir.clone() {
                    self.offer_recovery_from(&dir);
                }
                if problems.is_empty() {
                    let differs = self.against_club_rules();
                    self.say(false, |l| {
                        let opened = l.fmt(T::Opened, &[&path.display()]);
                        differs.as_ref().map_or(opened.clone(), |d| format!("{opened} {}", d(l)))
                    });
                } else {
                    let n = problems.len();
                    self.say(true, |l| l.fmt(T::OpenedWithProblems, &[&path.display(), &l.count(n, Noun::Problem)]));
                }
            }
            Err(e) if !self.open_as_what_it_is(path) => self.open_failed(path, &e),
            Err(_) => {}
        }
    }

    /// A file that is no battle opened for what it is (issue 30): a scenario is played into
    /// a new battle, a spreadsheet goes to Import, an engagement file points to `resolve`,
    /// anything else that is not text says so. `false` when it is none of them.
    fn open_as_what_it_is(&mut self, path: &Path) -> bool {
        let lang = self.lang;
        let csv = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        if csv {
            self.oob_path(PathPurpose::ImportOob, path);
            return true;
        }
        let text = match storage::read_text_file(path) {
            Ok(text) => text,
            Err(storage::LoadError::NotUtf8(_)) => {
                self.modal = Modal::Message(lang.fmt(T::FileNotText, &[&path.display()]));
                return true;
            }
            Err(_) => return false,
        };
        if storage::is_scenario(&text) {
            let played = storage::scenario_from_json(&text)
                .ok()
                .and_then(|(battle, actions)| crate::game::play(battle, &actions).ok().map(|g| (g, actions.len())));
            if let Some((game, n)) = played {
                self.modal = Modal::None;
                self.replace_game(game, None);
                // A new battle, not yet on disk.
                self.revision = 1;
                self.say(false, |l| l.fmt(T::ScenarioPlayed, &[&l.count(n, Noun::Action), &path.display()]));
                return true;
            }
            return false;
        }
        if super::report_view::is_engagement(&text) {
            self.modal = Modal::Message(lang.fmt(T::FileIsEngagement, &[&path.display()]));
            return true;
        }
        false
    }

    /// The window started on a battle file that does not open (issue 41): it says why,
    /// and offers the file's `.bak` and its autosave, as Open does.
    pub fn show_open_failure(&mut self, path: &Path, e: &storage::LoadError) {
        // It offers the file's own autosave: the start-up's offer, of the default
        // battle's, is not made after it.
        self.kept_listing = None;
        self.open_failed(path, e);
    }

    /// Says why a file did not open, in plain words first, and offers its `.bak` and its
    /// newer autosave when they read.
    fn open_failed(&mut self, path: &Path, e: &storage::LoadError) {
        let lang = self.lang;
        let reason = crate::i18n::errors::load_error_text(lang, e);
        let detail = lang.fmt(T::CannotOpen, &[&reason, &path.display()]);
        let plain = match e {
            storage::LoadError::Syntax { message, .. } if message.starts_with("EOF") => Some(T::FileCutShort),
            storage::LoadError::Syntax { .. } | storage::LoadError::NotUtf8(_) => Some(T::FileDamaged),
            storage::LoadError::Migrated { .. }
            | storage::LoadError::WrongFormat(_)
            | storage::LoadError::Newer { .. }
            | storage::LoadError::Invalid(_)
            | storage::LoadError::TooLarge(_)
            | storage::LoadError::Io { .. }
            | storage::LoadError::NotAFile
            | storage::LoadError::UnknownKey(_)
            | storage::LoadError::NotAnObject
            | storage::LoadError::NotAJournal
            | storage::LoadError::SourceChanged(_)
            | storage::LoadError::Journal(_) => None,
        };
        let text = plain.map_or_else(|| detail.clone(), |t| lang.t(t).to_owned());
        let bak = storage::backup_path(path);
        let backup = (bak.is_file() && storage::read_battle_file_with_problems(&bak).is_ok()).then_some(bak);
        let recovery = self
            .data_dir
            .as_deref()
            .and_then(|dir| storage::recoveries_of(dir, path).into_iter().find_map(Result::ok))
            .map(Box::new);
        self.say(true, |l| l.fmt(T::CannotOpen, &[&crate::i18n::errors::load_error_text(l, e), &path.display()]));
        self.modal = Modal::OpenFailed { text, detail, backup, recovery };
    }

    /// Puts `game` on screen, from the file at `path`; `false` when another window holds
    /// that file (the battle is then a copy, and the window has said so).
    fn replace_game(&mut self, game: Game, path: Option<PathBuf>) -> bool {
        self.problems = game.battle().problems();
        self.rates_asked = false;
        // The start-up's offer was of the battle this one replaces.
        self.kept_listing = None;
        self.players.mark_changed();
        // What was said of the battle before does not stand for the new one.
        self.message = None;
        self.game = game;
        self.path = path;
        self.selection = Selection::None;
        // The table view starts fitted, with nothing typed from another battle.
        self.table_view = Default::default();
        self.revision = 0;
        self.saved_revision = 0;
        let held = self.hold_path();
        self.begin_journal(None);
        self.adopt_club_tables();
        held
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
            let name = format!("{}.coldsteel.json", file_stem(&self.game.battle().name));
            match native_pick(true, &name, self.lang) {
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
        self.pick_path_of(false, "", (self.lang.t(T::BattleFileFilter), &["json"]))
    }

    /// Asks for a file of the kind `filter` names: as [`Self::pick_save_path`].
    fn pick_path_of(&self, save: bool, name: &str, filter: (&str, &[&str])) -> Option<Option<PathBuf>> {
        if self.dialogs != Dialogs::Native {
            return None;
        }
        match native_pick_of(save, name, filter) {
            Picked::Path(p) => Some(Some(p)),
            Picked::Cancelled => Some(None),
            Picked::Unavailable => None,
        }
    }

    /// Saves to `path` atomically; on success it becomes the current file.
    pub(super) fn save_to(&mut self, path: &Path) {
        if self.held_elsewhere(path) {
            self.modal = Modal::Message(self.lang.fmt(T::SaveElsewhere, &[&path.display()]));
            self.say(true, |l| l.fmt(T::SaveElsewhere, &[&path.display()]));
            return;
        }
        match storage::save_battle(path, &self.game) {
            Ok(saved) => {
                self.path = Some(path.to_path_buf());
                self.hold_path();
                self.saved_revision = self.revision;
                // The battle file now holds the journal: it is folded, and a new one begins.
                self.discard_journal();
                self.begin_journal(None);
                self.remember_recent(path);
                match (self.problems.len(), saved.links_given_up) {
                    (_, true) => self.say(true, |l| l.fmt(T::SavedLinksGivenUp, &[&path.display()])),
                    (0, false) => self.say(false, |l| l.fmt(T::Saved, &[&path.display()])),
                    (n, false) => {
                        self.say(true, |l| l.fmt(T::SavedWithProblems, &[&path.display(), &l.count(n, Noun::Problem)]))
                    }
                }
            }
            Err(e) => {
                self.modal = Modal::Message(crate::i18n::errors::save_error_text(self.lang, &e));
                self.say(true, |l| crate::i18n::errors::save_error_text(l, &e));
            }
        }
    }

    fn suggested_path(&self) -> String {
        match &self.path {
            Some(p) => p.display().to_string(),
            None => self.in_suggested_folder(&format!("{}.coldsteel.json", file_stem(&self.game.battle().name))),
        }
    }

    /// A new file's name in the folder a prompt proposes: beside the open battle, else in
    /// the user's documents (created on save when missing).
    fn in_suggested_folder(&self, name: &str) -> String {
        storage::suggested_folder(self.path.as_deref()).join(name).display().to_string()
    }

    fn remember_recent(&mut self, path: &Path) {
        let path = storage::canonical(path);
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_MAX);
    }

    /// Says `word` (in each language) in the status line.
    pub(super) fn say(&mut self, error: bool, word: impl FnMut(Lang) -> String) {
        self.message = Some(super::Said::new(error, word));
    }

    /// Whether the battle changed since it was last saved or opened.
    pub fn is_dirty(&self) -> bool {
        self.revision != self.saved_revision
    }

    /// Called after every committed change: counts it and appends it to the journal.
    pub(super) fn changed(&mut self, op: storage::Op) {
        self.revision += 1;
        self.players.mark_changed();
        // A battle opened with problems shows them until they are fixed (issue 26).
        if !self.problems.is_empty() {
            self.problems = self.game.battle().problems();
        }
        if let Some(saver) = &self.autosaver {
            saver.record(op);
        }
    }

    /// Begins the autosave journal of the battle now open (issue 31): from its file when
    /// it stands as the file holds it, else from the battle itself. `supersedes` is a
    /// recovered journal, removed once the new one is on disk.
    pub(super) fn begin_journal(&mut self, supersedes: Option<PathBuf>) {
        let drop_previous = std::mem::take(&mut self.discarding);
        let Some(saver) = &self.autosaver else { return };
        let base = match (&self.path, self.is_dirty()) {
            (Some(path), false) => storage::Base::OnDisk(path.clone(), Box::new(self.game.clone())),
            (path, _) => storage::Base::Unsaved(Box::new(self.game.clone()), path.clone()),
        };
        saver.begin(base, supersedes, drop_previous);
    }

    /// The players discard the work not saved: its journal goes with it.
    pub(super) fn discard_journal(&self) {
        if let Some(saver) = &self.autosaver {
            saver.remove();
        }
    }

    /// Accepts the offered autosave.
    pub(super) fn recover(&mut self, recovery: storage::Recovery) {
        let source = recovery.info.source.clone();
        // A journal recovered in part is kept beside, with what did not read.
        let kept = (recovery.unread > 0).then(|| storage::keep_unreadable(&recovery.file));
        let held = self.replace_game(recovery.game, source);
        // Recovered work is not on disk in the battle file yet.
        self.revision = self.saved_revision.wrapping_add(1);
        self.begin_journal(Some(recovery.file));
        if !held {
            // Another window has its file: the copy was said.
            return;
        }
        match kept {
            None => self.say(false, |l| l.t(T::Recovered).to_owned()),
            Some(kept) => self.say(true, |l| {
                // Where the copy is, or why it could not be made.
                let at = kept
                    .as_ref()
                    .map_or_else(|e| crate::i18n::errors::save_error_text(l, e), |copy| copy.display().to_string());
                let played = l.count(recovery.played, Noun::Action);
                l.fmt(T::RecoveredInPart, &[&played, &recovery.unread, &at])
            }),
        }
    }
}

/// A time as the recovery offers show it: `2026-12-04 21:03:07` (UTC).
pub(super) fn when_text(unix_ms: u64) -> String {
    storage::iso8601(unix_ms / 1000).replace('T', " ").trim_end_matches('Z').to_owned()
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

/// The Campaign window's files (issue 52): every one read and written here.
impl CsApp {
    /// Carries out what the Campaign window asked: every file read and written here.
    pub(super) fn campaign_do(&mut self, what: super::campaign_form::CampaignDo) {
        let Modal::Campaign(form) = &mut self.modal else { return };
        let lang = self.lang;
        let path = std::path::PathBuf::from(form.campaign_path.trim());
        match what {
            super::campaign_form::CampaignDo::Read => {
                if !path.exists() {
                    form.took(Err(lang.fmt(T::CampNoFile, &[&path.display()])));
                    return;
                }
                let read = storage::read_campaign_file(&path).map_err(|e| {
                    let reason = crate::i18n::errors::campaign_file_error_text(lang, &e);
                    let reason = lang.fmt(T::CampAtPath, &[&path.display(), &reason]);
                    // Nothing is lost: the file before the last save is offered.
                    match storage::backup_there(&path) {
                        Some(backup) => format!("{reason}; {}", lang.fmt(T::CampFileBackup, &[&backup.display()])),
                        None => reason,
                    }
                });
                form.took(read);
            }
            super::campaign_form::CampaignDo::Begin => self.campaign_begin(&path),
            super::campaign_form::CampaignDo::MakeBattle => self.campaign_battle(&path),
            super::campaign_form::CampaignDo::Close => self.campaign_close(&path),
            super::campaign_form::CampaignDo::Report { pdf } => self.campaign_report(&path, pdf),
            super::campaign_form::CampaignDo::Recover => self.campaign_recover(&path),
            super::campaign_form::CampaignDo::SecondDay => self.campaign_second_day(&path),
            super::campaign_form::CampaignDo::Step(ask) => self.campaign_step(&path, ask),
            super::campaign_form::CampaignDo::SaveTable => self.campaign_table(&path),
        }
    }

    /// Saves the recovery table typed to the campaign's rules (issue 53), and writes it.
    fn campaign_table(&mut self, path: &std::path::Path) {
        let Modal::Campaign(form) = &self.modal else { return };
        let Some(mut c) = form.read().cloned() else { return };
        let typed = form.table.clone();
        match typed.table(self.lang) {
            Ok(table) => c.pack.options.recovery = table,
            // The form's reason worded in each language (reading it is cheap and pure).
            Err(_) => return self.say(true, |l| typed.table(l).err().unwrap_or_default()),
        }
        self.campaign_rewritten(path, c, super::Said::new(false, |l| l.t(T::CampTableSaved).to_owned()));
    }

    /// Writes the campaign changed in the window (checked first, and only while its file
    /// still holds what the window read: a change made since, by the command line or
    /// another window, or a path typed since naming another campaign, is not written
    /// over), keeps the window open on it as it now is, and says `said`.
    fn campaign_rewritten(&mut self, path: &std::path::Path, c: crate::model::Campaign, said: super::Said) {
        if let Some(c) = self.campaign_write(path, c) {
            if let Modal::Campaign(form) = &mut self.modal {
                form.took(Ok(c));
            }
            self.message = Some(said);
        }
    }

    /// Writes the campaign changed in the window, checked, over its file while the file
    /// holds what the window read; the campaign written, or none (and why, said).
    fn campaign_write(&mut self, path: &std::path::Path, c: crate::model::Campaign) -> Option<crate::model::Campaign> {
        let Modal::Campaign(form) = &self.modal else { return None };
        let before = form.shared()?;
        match storage::read_campaign_file(path) {
            Ok(on_disk) if on_disk == *before => {}
            Ok(_) => {
                self.say(true, |l| l.t(T::CampReadChanged).to_owned());
                return None;
            }
            Err(e) => {
                self.say(true, |l| crate::i18n::errors::campaign_file_error_text(l, &e));
                return None;
            }
        }
        let c = match storage::checked_campaign(c) {
            Ok(c) => c,
            Err(e) => {
                self.say(true, |l| crate::i18n::errors::campaign_file_error_text(l, &e));
                return None;
            }
        };
        if let Err(e) = storage::save_campaign(path, &c) {
            self.say(true, |l| crate::i18n::errors::save_error_text(l, &e));
            return None;
        }
        self.last_campaign = Some(path.to_path_buf());
        Some(c)
    }

    /// The campaign's own Undo and Redo, and a battle taken back (issue 53): done, written,
    /// and the window kept open on the campaign as it now is.
    fn campaign_step(&mut self, path: &std::path::Path, ask: crate::game::campaign::StepAsk) {
        use crate::i18n::errors::{step_error_text, step_said};
        let Modal::Campaign(form) = &self.modal else { return };
        let Some(mut c) = form.read().cloned() else { return };
        match crate::game::campaign::perform_step(&mut c, ask) {
            Ok(done) => self.campaign_rewritten(path, c, super::Said::new(false, |l| step_said(l, ask, &done))),
            Err(e) => self.say(true, |l| step_error_text(l, &e)),
        }
    }

    fn campaign_begin(&mut self, path: &std::path::Path) {
        let lang = self.lang;
        // A campaign is never written over.
        if path.exists() {
            return self.say(true, |l| l.fmt(T::CampExists, &[&path.display()]));
        }
        let Modal::Campaign(form) = &self.modal else { return };
        let name = form.name.trim().to_owned();
        let (game, made, from) = if form.from_oob {
            let oob = std::path::PathBuf::from(form.oob_path.trim());
            let bytes = match storage::read_bytes_file(&oob) {
                Ok(b) => b,
                Err(e) => return self.say(true, |l| crate::i18n::errors::load_error_text(l, &e)),
            };
            match crate::oob::game_of(&bytes, &name, self.game.battle().ruleset, lang) {
                Ok(g) => (g, false, oob.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()),
                Err(crate::oob::OobGameError::Rows(rows)) => {
                    let first = |l| rows.first().map(|r| crate::oob::row_error_text(l, r)).unwrap_or_default();
                    return self.say(true, first);
                }
                Err(crate::oob::OobGameError::Refused(e)) => {
                    return self.say(true, |l| crate::i18n::errors::action_error_text(l, &e));
                }
            }
        } else {
            let from = self.path.as_ref().and_then(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned());
            (self.game.clone(), true, from.unwrap_or_else(|| self.game.battle().name.clone()))
        };
        let c = crate::game::campaign::campaign_from(&game, &storage::new_campaign_id(&name), &name, &from, made);
        let c = match storage::checked_campaign(c) {
            Ok(c) => c,
            Err(e) => return self.say(true, |l| crate::i18n::errors::campaign_file_error_text(l, &e)),
        };
        if let Err(e) = storage::save_campaign(path, &c) {
            return self.say(true, |l| crate::i18n::errors::save_error_text(l, &e));
        }
        self.last_campaign = Some(path.to_path_buf());
        self.modal = Modal::None;
        self.say(false, |l| {
            let said = l.fmt(T::CampCreated, &[&c.name, &c.units.len(), &c.generals.len()]);
            format!("{said} {}", l.fmt(T::CliWritten, &[&path.display()]))
        });
    }

    fn campaign_battle(&mut self, path: &std::path::Path) {
        let Modal::Campaign(form) = &self.modal else { return };
        let Some(mut c) = form.read().cloned() else { return };
        let chosen: Vec<crate::model::UnitId> = form.chosen.iter().copied().collect();
        let out = std::path::PathBuf::from(form.battle_path.trim());
        if out.exists() {
            return self.say(true, |l| l.fmt(T::CampExists, &[&out.display()]));
        }
        let battle = match crate::game::campaign::battle_from(&c, &chosen, &form.name) {
            Ok(b) => b,
            Err(e) => return self.say(true, |l| crate::i18n::errors::campaign_error_text(l, &e)),
        };
        let mut game = crate::game::Game::new(battle);
        // A new battle rolls its own dice (from its journal's start too, so that it replays).
        game.reseed(storage::now_unix_ms());
        crate::game::campaign::record_made(&mut c, &game);
        if let Err(e) = storage::checked_campaign(c.clone()) {
            return self.say(true, |l| crate::i18n::errors::campaign_file_error_text(l, &e));
        }
        if let Err(e) = storage::save_battle(&out, &game) {
            return self.say(true, |l| crate::i18n::errors::save_error_text(l, &e));
        }
        if self.campaign_write(path, c).is_none() {
            // The campaign does not know the battle: its file goes with it.
            storage::remove_written(&out);
            return;
        }
        self.modal = Modal::None;
        // Opened as any battle file is: the players asked first when the open one has
        // unsaved changes.
        self.request(super::command::FileOp::Open(Some(out)));
    }

    fn campaign_close(&mut self, path: &std::path::Path) {
        // The campaign records the battle file: unsaved changes are saved first.
        if self.is_dirty() {
            let Some(file) = self.path.clone() else {
                return self.say(true, |l| l.t(T::CampSaveFirst).to_owned());
            };
            self.save_to(&file);
            if self.is_dirty() {
                // The save said why it could not write.
                return;
            }
        }
        let Modal::Campaign(form) = &mut self.modal else { return };
        let Some(mut c) = form.read().cloned() else { return };
        let said = form.closing(&self.game);
        let fates: Vec<(crate::model::GeneralId, crate::model::Fate)> =
            form.fates.iter().map(|(g, f)| (*g, *f)).collect();
        let closing = match said {
            Some(Ok(closing)) => closing,
            Some(Err(e)) => return self.say(true, |l| crate::i18n::errors::campaign_error_text(l, &e)),
            None => return,
        };
        let fates: Vec<_> =
            fates.into_iter().filter(|(g, _)| closing.lost_generals.iter().any(|(l, _)| l == g)).collect();
        let file = self.path.as_ref().and_then(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned());
        let before = c.ledger.len();
        if let Err(e) = crate::game::campaign::close(&mut c, &closing, &fates, &file.unwrap_or_default()) {
            return self.say(true, |l| crate::i18n::errors::campaign_error_text(l, &e));
        }
        let Some(c) = self.campaign_write(path, c) else { return };
        self.modal = Modal::None;
        let written = c.ledger.len() - before;
        let said = if c.taken_back(closing.number) { T::CampClosedAgain } else { T::CampClosed };
        self.say(false, |l| l.fmt(said, &[&closing.number, &written]));
    }

    fn campaign_report(&mut self, path: &std::path::Path, pdf: bool) {
        let lang = self.lang;
        let Modal::Campaign(form) = &self.modal else { return };
        let Some(c) = form.read() else { return };
        let out = std::path::PathBuf::from(form.report_path.trim());
        let bytes = match super::report_view::campaign_report_bytes(c, lang, pdf) {
            Ok(b) => b,
            Err(e) => return self.say(true, |l| e.text(l)),
        };
        match storage::save_output(&out, &bytes) {
            Ok(()) => {
                self.last_campaign = Some(path.to_path_buf());
                self.say(false, |l| l.fmt(T::CliWritten, &[&out.display()]));
            }
            Err(e) => self.say(true, |l| crate::i18n::errors::save_error_text(l, &e)),
        }
    }

    /// Returns the last closed battle's wounded with the dice typed, and writes the
    /// campaign (issue 53).
    fn campaign_recover(&mut self, path: &std::path::Path) {
        let Modal::Campaign(form) = &self.modal else { return };
        let Some(mut c) = form.read().cloned() else { return };
        let recovery = match crate::game::campaign::recovery(&c, None, &form.typed_dice()) {
            Ok(r) => r,
            Err(e) => return self.say(true, |l| crate::i18n::errors::recovery_error_text(l, &e)),
        };
        if let Err(e) = crate::game::campaign::recover(&mut c, &recovery) {
            return self.say(true, |l| crate::i18n::errors::recovery_error_text(l, &e));
        }
        if self.campaign_write(path, c).is_none() {
            return;
        }
        let total = recovery.units.iter().filter_map(|u| u.returning).fold(0u32, u32::saturating_add);
        self.modal = Modal::None;
        self.say(false, |l| l.fmt(T::CampRecoveryDone, &[&recovery.battle, &total]));
    }

    /// Begins the second day, and writes the campaign (issue 53).
    fn campaign_second_day(&mut self, path: &std::path::Path) {
        let Modal::Campaign(form) = &self.modal else { return };
        let Some(mut c) = form.read().cloned() else { return };
        if let Err(e) = crate::game::campaign::second_day(&mut c) {
            return self.say(true, |l| crate::i18n::errors::recovery_error_text(l, &e));
        }
        if self.campaign_write(path, c).is_none() {
            return;
        }
        self.modal = Modal::None;
        self.say(false, |l| l.t(T::CampSecondDayDone).to_owned());
    }
}
