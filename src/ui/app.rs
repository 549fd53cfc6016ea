//! The application: state, the command handler and the frame layout.

use egui::{Key, KeyboardShortcut, Modifiers, RichText, Ui};

use std::path::PathBuf;

use super::files::{Dialogs, FileOp, Template};
use super::log_panel::{LogView, log_ui};
use super::turn_panel::{InitiativeForm, checklist_ui, phase_bar_ui};
use super::wizard::{BMeleeWizard, ChargeWizard, CollisionWizard, MeleeWizard, Outcome, Wizard};
use super::{brigade_card::BrigadeCard, general_card::GeneralCard, roster, theme, unit_card::UnitCard};
use crate::game::{Action, ActionError, Game};
use crate::i18n::{Label, Lang, T};
use crate::model::{Brigade, BrigadeId, General, GeneralId, Unit, UnitId};
use crate::rules::{Arm, Quality, Rank, Ruleset, Side};
use crate::storage;

/// What the editor panel shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Selection {
    /// Nothing: the battle overview.
    #[default]
    None,
    /// A unit.
    Unit(UnitId),
    /// A general.
    General(GeneralId),
    /// A brigade.
    Brigade(BrigadeId),
}

/// Everything a panel may ask for; only [`CsApp::run_cmd`] carries it out.
#[derive(Clone, Debug, PartialEq)]
pub enum AppCommand {
    /// Check and apply a game action (one undo step).
    Perform(Action),
    /// Change what the editor shows.
    Select(Selection),
    /// Undo the last step.
    Undo,
    /// Redo the last undone step.
    Redo,
    /// Switch the interface language.
    SetLang(Lang),
    /// Show an error the user must see.
    Error(String),
    /// New, open or quit (asks first when there are unsaved changes).
    File(FileOp),
    /// Open the new-battle dialog.
    NewDialog,
    /// Save to the current file (or ask where).
    Save,
    /// Save to a file chosen now.
    SaveAs,
    /// Roll both sides' initiative dice with the app's generator.
    RollInitiative,
    /// Open the melee wizard on a pending melee.
    OpenMelee(usize),
    /// Start a charge (or Ruleset B attack) by this unit: the next click picks the target.
    StartCharge(UnitId),
    /// The target of the charge being started.
    PickTarget(UnitId),
    /// Stop picking a target.
    CancelPick,
    /// Open the report window.
    OpenReport,
    /// Open the rules settings.
    OpenSettings,
    /// Copy text to the clipboard.
    Copy(String),
}

/// The modal dialog on screen, if any.
#[derive(Debug, Default)]
pub enum Modal {
    /// None.
    #[default]
    None,
    /// Unsaved changes: save, discard or cancel before `FileOp`.
    Unsaved(FileOp),
    /// An autosave newer than its file is offered.
    Recovery(Box<storage::Recovery>),
    /// The in-app path prompt.
    PathPrompt {
        /// What the path is for.
        purpose: PathPurpose,
        /// The path typed.
        text: String,
        /// Why the last path was refused.
        error: Option<String>,
    },
    /// Choosing a template and ruleset for a new battle.
    NewBattle {
        /// Start from.
        template: Template,
        /// Play under.
        ruleset: Ruleset,
    },
    /// A message to acknowledge.
    Message(String),
    /// The battle report: preview (its text, built once when opened), save, copy, print.
    Report(String),
    /// The rules settings.
    Settings(Box<super::settings::SettingsDraft>),
}

/// What a typed path is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathPurpose {
    /// Open a battle.
    Open,
    /// Save the battle.
    Save,
    /// Save the report as PDF.
    ReportPdf,
    /// Save the report as Markdown.
    ReportMarkdown,
    /// Save the roster sheets as PDF.
    RosterPdf,
    /// Load a rules profile.
    LoadProfile,
    /// Save the rules profile.
    SaveProfile,
}

const PREFS_KEY: &str = "coldsteel.prefs";

/// Preferences kept in eframe's storage (never battle data).
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct Prefs {
    lang: Lang,
    recent: Vec<PathBuf>,
}

/// The coldsteel application.
#[derive(Debug)]
pub struct CsApp {
    /// The game on screen.
    pub game: Game,
    /// Interface language.
    pub lang: Lang,
    /// What the editor shows.
    pub selection: Selection,
    /// The last message for the status bar, and whether it is an error.
    pub message: Option<(String, bool)>,
    /// The battle file on screen, once saved or opened.
    pub path: Option<PathBuf>,
    /// Changes committed since the battle was loaded.
    pub revision: u64,
    /// The revision last saved.
    pub saved_revision: u64,
    /// The modal dialog on screen.
    pub modal: Modal,
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// How file dialogs are shown.
    pub dialogs: Dialogs,
    /// Autosave writer (none in tests).
    pub autosaver: Option<storage::Autosaver>,
    /// The user chose to quit.
    pub quit_now: bool,
    /// The initiative dice being entered.
    pub initiative_form: InitiativeForm,
    /// What the log shows.
    pub log_view: LogView,
    /// The open wizard, if any.
    pub wizard: Option<Wizard>,
    /// The charger whose target is being picked.
    pub picking: Option<UnitId>,
    /// Text to put on the clipboard at the end of the frame.
    pub copy_request: Option<String>,
    /// The roster's folded groups.
    pub roster_view: roster::RosterView,
    unit_card: UnitCard,
    title: String,
    general_card: GeneralCard,
    brigade_card: BrigadeCard,
}

impl CsApp {
    /// An app showing `game` in `lang`.
    pub fn new(game: Game, lang: Lang) -> Self {
        CsApp {
            game,
            lang,
            selection: Selection::None,
            message: None,
            path: None,
            revision: 0,
            saved_revision: 0,
            modal: Modal::None,
            recent: Vec::new(),
            dialogs: Dialogs::InApp,
            autosaver: None,
            quit_now: false,
            initiative_form: InitiativeForm::default(),
            log_view: LogView::default(),
            wizard: None,
            picking: None,
            copy_request: None,
            roster_view: roster::RosterView::default(),
            unit_card: UnitCard::default(),
            title: String::new(),
            general_card: GeneralCard::default(),
            brigade_card: BrigadeCard::default(),
        }
    }

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
        let mut app = CsApp::new(game, lang.unwrap_or(prefs.lang));
        app.recent = prefs.recent;
        app.path = path;
        app.dialogs = Dialogs::Native;
        if let Some(dir) = storage::autosave_dir() {
            app.offer_recovery_from(&dir);
            // Opening a given file: only its own autosave is offered.
            if let (Modal::Recovery(rec), Some(path)) = (&app.modal, &app.path)
                && rec.info.source.as_deref().map(std::fs::canonicalize).and_then(Result::ok)
                    != std::fs::canonicalize(path).ok()
            {
                app.modal = Modal::None;
            }
            app.autosaver = Some(storage::Autosaver::start(dir));
        }
        app
    }

    /// Offers the autosave in `dir` if it is newer than its file.
    pub fn offer_recovery_from(&mut self, dir: &std::path::Path) {
        match storage::find_recovery(dir) {
            Some(Ok(rec)) => self.modal = Modal::Recovery(Box::new(rec)),
            Some(Err(e)) => self.message = Some((self.lang.fmt(T::AutosaveUnreadable, &[&e, &dir.display()]), true)),
            None => {}
        }
    }

    /// Carries out one command.
    pub fn run_cmd(&mut self, cmd: AppCommand) {
        match cmd {
            AppCommand::Perform(action) => self.perform(&action),
            AppCommand::Select(sel) => self.selection = sel,
            AppCommand::Undo => self.undo_redo(true),
            AppCommand::Redo => self.undo_redo(false),
            AppCommand::SetLang(lang) => self.lang = lang,
            AppCommand::Error(text) => self.message = Some((text, true)),
            AppCommand::File(op) => self.request(op),
            AppCommand::NewDialog => {
                self.modal = Modal::NewBattle { template: Template::Default, ruleset: self.game.battle.ruleset }
            }
            AppCommand::Save => self.save(),
            AppCommand::SaveAs => self.save_as(),
            AppCommand::RollInitiative => self.initiative_form.roll(&self.game.battle),
            AppCommand::OpenMelee(index) => self.open_melee(index),
            AppCommand::StartCharge(id) => {
                self.picking = Some(id);
                self.message = Some((self.lang.t(T::PickTarget).to_owned(), false));
            }
            AppCommand::PickTarget(id) => self.pick_target(id),
            AppCommand::OpenReport => {
                let report = crate::report::summary::battle_report(&self.game.battle, self.lang);
                self.modal = Modal::Report(crate::report::markdown::to_text(&report));
            }
            AppCommand::OpenSettings => {
                let b = &self.game.battle;
                self.modal = Modal::Settings(Box::new(super::settings::SettingsDraft::of(b.ruleset, &b.options)));
            }
            AppCommand::Copy(text) => {
                self.copy_request = Some(text);
                self.message = Some((self.lang.t(T::Copied).to_owned(), false));
            }
            AppCommand::CancelPick => {
                self.picking = None;
                self.message = None;
            }
        }
    }

    fn open_melee(&mut self, index: usize) {
        let battle = &self.game.battle;
        let Some(m) = battle.engagements.get(index).filter(|e| e.is_melee()) else { return };
        self.wizard = match battle.ruleset {
            Ruleset::Gdb => MeleeWizard::new(battle, m).map(|w| Wizard::GdbMelee(Box::new(w))),
            Ruleset::RulesetB => BMeleeWizard::new(battle, m).map(|w| Wizard::BMelee(Box::new(w))),
        };
    }

    fn pick_target(&mut self, target: UnitId) {
        let Some(charger) = self.picking.take() else { return };
        let battle = &self.game.battle;
        let side = |id| battle.unit(id).map(|u| u.side);
        if side(charger) == side(target) {
            self.picking = Some(charger);
            self.message = Some((self.lang.t(T::PickEnemy).to_owned(), true));
            return;
        }
        self.message = None;
        self.wizard = match battle.ruleset {
            Ruleset::Gdb => ChargeWizard::new(battle, charger, target).map(|w| Wizard::GdbCharge(Box::new(w))),
            Ruleset::RulesetB => CollisionWizard::new(battle, charger, target).map(|w| Wizard::BCollision(Box::new(w))),
        };
    }

    fn wizard_ui(&mut self, ui: &mut Ui) {
        let Some(wizard) = &mut self.wizard else { return };
        match wizard.ui(ui, self.lang, &self.game.battle) {
            Outcome::Continue => {}
            Outcome::Cancel => self.wizard = None,
            Outcome::Apply(action) => {
                let steps = self.game.history.done.len();
                self.perform(&action);
                if self.game.history.done.len() > steps {
                    self.wizard = None;
                }
            }
        }
    }

    fn perform(&mut self, action: &Action) {
        let b = &self.game.battle;
        let added_before = (b.next_unit_id(), b.next_general_id(), b.next_brigade_id());
        match self.game.perform(action) {
            Ok(()) => {
                self.message = None;
                self.select_after(action, added_before);
                if matches!(action, Action::Initiative { .. } | Action::AdvancePhase) {
                    self.initiative_form = InitiativeForm::default();
                }
                self.changed();
            }
            Err(ActionError::NoChange) => {}
            Err(e) => self.message = Some((self.lang.fmt(T::ActionRefused, &[&e]), true)),
        }
    }

    /// After an add or duplicate, the new item is selected; after a delete, nothing.
    fn select_after(&mut self, action: &Action, (unit_id, general_id, brigade_id): (UnitId, GeneralId, BrigadeId)) {
        self.selection = match action {
            Action::AddUnit(_) | Action::DuplicateUnit(_) => Selection::Unit(unit_id),
            Action::AddGeneral(_) => Selection::General(general_id),
            Action::AddBrigade(_) => Selection::Brigade(brigade_id),
            Action::DeleteUnit(_) | Action::DeleteGeneral(_) | Action::DeleteBrigade(_) => Selection::None,
            _ => self.selection,
        };
    }

    fn undo_redo(&mut self, undo: bool) {
        let lang = self.lang;
        let result = if undo { self.game.undo() } else { self.game.redo() };
        let mut changed = false;
        self.message = match result {
            Ok(Some(step)) => {
                changed = true;
                let what = super::roster::step_label(lang, step);
                Some((lang.fmt(if undo { T::Undone } else { T::Redone }, &[&what]), false))
            }
            Ok(None) => Some((lang.t(if undo { T::NothingToUndo } else { T::NothingToRedo }).to_owned(), false)),
            Err(e) => Some((e.to_string(), true)),
        };
        if changed {
            self.changed();
        }
    }

    /// Draws one frame and carries out what the panels asked for.
    pub fn ui_root(&mut self, ui: &mut Ui) {
        let free = matches!(self.modal, Modal::None) && self.wizard.is_none();
        let mut cmds = if free { self.shortcuts(ui.ctx()) } else { Vec::new() };
        cmds.extend(dropped_files(ui.ctx()));
        egui::Panel::top("toolbar").show(ui, |ui| self.toolbar_ui(ui, &mut cmds));
        egui::Panel::top("phases").show(ui, |ui| phase_bar_ui(ui, self.lang, &self.game.battle, &mut cmds));
        egui::Panel::bottom("status").show(ui, |ui| self.status_ui(ui));
        egui::Panel::bottom("game").resizable(true).default_size(230.0).size_range(120.0..=600.0).show(ui, |ui| {
            self.game_panel_ui(ui, &mut cmds);
        });
        egui::Panel::right("editor").exact_size(theme::EDITOR_WIDTH).show(ui, |ui| {
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                // The editor keeps to its panel: long names are cut, never pushing it wider.
                ui.set_max_width(theme::EDITOR_WIDTH - 16.0);
                self.editor_ui(ui, &mut cmds)
            });
        });
        egui::CentralPanel::default_margins().show(ui, |ui| {
            roster::roster_ui(
                ui,
                self.lang,
                &self.game.battle,
                self.selection,
                self.picking,
                &mut self.roster_view,
                &mut cmds,
            );
        });
        self.modal_ui(ui);
        self.settings_window_ui(ui);
        self.wizard_ui(ui);
        if let Some(text) = self.copy_request.take() {
            ui.ctx().copy_text(text);
        }
        for cmd in cmds {
            self.run_cmd(cmd);
        }
        if let Some(e) = self.autosaver.as_ref().and_then(storage::Autosaver::take_error) {
            self.message = Some((self.lang.fmt(T::AutosaveFailed, &[&e]), true));
        }
    }

    fn game_panel_ui(&mut self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        let lang = self.lang;
        ui.columns(2, |cols| {
            if let [left, right] = cols {
                egui::ScrollArea::vertical().id_salt("checklist").auto_shrink([false, false]).show(left, |ui| {
                    checklist_ui(ui, lang, &self.game.battle, &mut self.initiative_form, cmds);
                });
                log_ui(right, lang, &self.game.battle, &self.game.history, &mut self.log_view, cmds);
            }
        });
    }

    fn shortcuts(&self, ctx: &egui::Context) -> Vec<AppCommand> {
        let typing = ctx.egui_wants_keyboard_input();
        let redo_y = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        let redo = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        let dup = KeyboardShortcut::new(Modifiers::COMMAND, Key::D);
        let new = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
        let open = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
        let save_as = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        let save = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
        let next_phase = KeyboardShortcut::new(Modifiers::COMMAND, Key::Enter);
        let report = KeyboardShortcut::new(Modifiers::COMMAND, Key::P);
        ctx.input_mut(|i| {
            let mut cmds = Vec::new();
            if i.consume_shortcut(&save_as) {
                cmds.push(AppCommand::SaveAs);
            } else if i.consume_shortcut(&save) {
                cmds.push(AppCommand::Save);
            }
            if i.consume_shortcut(&new) {
                cmds.push(AppCommand::NewDialog);
            }
            if i.consume_shortcut(&report) {
                cmds.push(AppCommand::OpenReport);
            }
            if i.consume_shortcut(&next_phase) {
                cmds.push(AppCommand::Perform(Action::AdvancePhase));
            }
            if i.consume_shortcut(&open) {
                cmds.push(AppCommand::File(FileOp::Open(None)));
            }
            // Redo first: Ctrl+Shift+Z also matches a plain Ctrl+Z test otherwise.
            if i.consume_shortcut(&redo) || i.consume_shortcut(&redo_y) {
                cmds.push(AppCommand::Redo);
            } else if i.consume_shortcut(&undo) {
                cmds.push(AppCommand::Undo);
            }
            if let (true, Selection::Unit(id)) = (i.consume_shortcut(&dup), self.selection) {
                cmds.push(AppCommand::Perform(Action::DuplicateUnit(id)));
            }
            if self.picking.is_some() && i.consume_key(Modifiers::NONE, Key::Escape) {
                cmds.push(AppCommand::CancelPick);
            }
            if let (false, Selection::Unit(id)) = (typing, self.selection)
                && i.consume_key(Modifiers::NONE, Key::C)
            {
                cmds.push(AppCommand::StartCharge(id));
            }
            cmds
        })
    }

    fn toolbar_ui(&self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        let lang = self.lang;
        let battle = &self.game.battle;
        ui.horizontal_wrapped(|ui| {
            ui.heading(RichText::new("coldsteel").strong());
            self.file_menu_ui(ui, cmds);
            ui.separator();
            ui.label(RichText::new(super::roster::battle_title(battle, lang)).strong());
            ui.separator();
            if ui
                .button(RichText::new(battle.ruleset.label(lang)).weak())
                .on_hover_text(lang.t(T::RulesSettings))
                .clicked()
            {
                cmds.push(AppCommand::OpenSettings);
            }
            ui.separator();
            let undo_tip = self.game.history.done.last().map(|s| super::roster::step_label(lang, s));
            let redo_tip = self.game.history.undone.last().map(|s| super::roster::step_label(lang, s));
            let undo = ui.add_enabled(undo_tip.is_some(), egui::Button::new(lang.t(T::Undo)));
            if undo.on_hover_text(undo_tip.unwrap_or_default()).clicked() {
                cmds.push(AppCommand::Undo);
            }
            let redo = ui.add_enabled(redo_tip.is_some(), egui::Button::new(lang.t(T::Redo)));
            if redo.on_hover_text(redo_tip.unwrap_or_default()).clicked() {
                cmds.push(AppCommand::Redo);
            }
            ui.separator();
            self.add_buttons_ui(ui, cmds);
            ui.separator();
            for l in Lang::ALL {
                if ui.selectable_label(lang == l, l.native_name()).clicked() && l != lang {
                    cmds.push(AppCommand::SetLang(l));
                }
            }
        });
    }

    fn file_menu_ui(&self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        let lang = self.lang;
        ui.menu_button(lang.t(T::FileMenu), |ui| {
            let item = |ui: &mut Ui, label: T, keys: &str| ui.add(egui::Button::new(lang.t(label)).shortcut_text(keys));
            if item(ui, T::NewBattle, "Ctrl+N").clicked() {
                cmds.push(AppCommand::NewDialog);
            }
            if item(ui, T::OpenFile, "Ctrl+O").clicked() {
                cmds.push(AppCommand::File(FileOp::Open(None)));
            }
            if item(ui, T::Save, "Ctrl+S").clicked() {
                cmds.push(AppCommand::Save);
            }
            if item(ui, T::SaveAs, "Ctrl+Shift+S").clicked() {
                cmds.push(AppCommand::SaveAs);
            }
            ui.menu_button(lang.t(T::RecentFiles), |ui| {
                if self.recent.is_empty() {
                    ui.label(RichText::new(lang.t(T::NoRecentFiles)).weak());
                }
                for path in &self.recent {
                    if ui.button(path.display().to_string()).clicked() {
                        cmds.push(AppCommand::File(FileOp::Open(Some(path.clone()))));
                    }
                }
            });
            ui.separator();
            if item(ui, T::ReportMenu, "Ctrl+P").clicked() {
                cmds.push(AppCommand::OpenReport);
            }
            if item(ui, T::RulesSettingsMenu, "").clicked() {
                cmds.push(AppCommand::OpenSettings);
            }
            ui.separator();
            if ui.button(lang.t(T::Quit)).clicked() {
                cmds.push(AppCommand::File(FileOp::Quit));
            }
        });
    }

    /// The window title: file name (or the battle's title), with a mark when unsaved.
    pub fn window_title(&self) -> String {
        let name = match &self.path {
            Some(p) => p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            None => super::roster::battle_title(&self.game.battle, self.lang).to_owned(),
        };
        let mark = if self.is_dirty() { " •" } else { "" };
        format!("coldsteel — {name}{mark}")
    }

    /// The side that new items go to: the selected item's, else the first.
    fn current_side(&self) -> Side {
        let b = &self.game.battle;
        match self.selection {
            Selection::Unit(id) => b.unit(id).map(|u| u.side),
            Selection::General(id) => b.general(id).map(|g| g.side),
            Selection::Brigade(id) => b.brigade(id).map(|x| x.side),
            Selection::None => None,
        }
        .unwrap_or(Side::First)
    }

    fn current_brigade(&self) -> Option<BrigadeId> {
        let b = &self.game.battle;
        match self.selection {
            Selection::Unit(id) => b.unit(id).and_then(|u| u.brigade),
            Selection::General(id) => b.general(id).and_then(|g| g.brigade),
            Selection::Brigade(id) => Some(id),
            Selection::None => None,
        }
    }

    fn add_buttons_ui(&self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        let lang = self.lang;
        let side = self.current_side();
        let brigade = self.current_brigade();
        let nation = self.game.battle.sides.get(side).nation;
        if ui.button(lang.t(T::AddUnit)).on_hover_text(lang.t(T::AddUnitTip)).clicked() {
            let mut unit = Unit::new(UnitId(0), lang.t(T::NewUnitName), side, Arm::Infantry, 24);
            unit.brigade = brigade;
            unit.nation = nation;
            cmds.push(AppCommand::Perform(Action::AddUnit(unit)));
        }
        if ui.button(lang.t(T::AddGeneral)).clicked() {
            let general = General {
                id: GeneralId(0),
                name: lang.t(T::NewGeneralName).to_owned(),
                name_ru: None,
                side,
                rank: Rank::Brigade,
                quality: Quality::Average,
                brigade,
                attached_to: None,
                lost: false,
                orders_used: 0,
            };
            cmds.push(AppCommand::Perform(Action::AddGeneral(general)));
        }
        if ui.button(lang.t(T::AddBrigade)).clicked() {
            let brigade = Brigade { id: BrigadeId(0), name: lang.t(T::NewBrigadeName).to_owned(), name_ru: None, side };
            cmds.push(AppCommand::Perform(Action::AddBrigade(brigade)));
        }
    }

    fn editor_ui(&mut self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        let (lang, battle) = (self.lang, &self.game.battle);
        match self.selection {
            Selection::Unit(id) => match battle.unit(id) {
                Some(unit) => self.unit_card.ui(ui, lang, battle, unit, cmds),
                None => cmds.push(AppCommand::Select(Selection::None)),
            },
            Selection::General(id) => match battle.general(id) {
                Some(g) => self.general_card.ui(ui, lang, battle, g, cmds),
                None => cmds.push(AppCommand::Select(Selection::None)),
            },
            Selection::Brigade(id) => match battle.brigade(id) {
                Some(b) => self.brigade_card.ui(ui, lang, battle, b, cmds),
                None => cmds.push(AppCommand::Select(Selection::None)),
            },
            Selection::None => roster::overview_ui(ui, lang, battle),
        }
    }

    fn status_ui(&self, ui: &mut Ui) {
        ui.horizontal(|ui| match &self.message {
            Some((text, true)) => {
                ui.colored_label(theme::ERROR, text);
            }
            Some((text, false)) => {
                ui.label(text);
            }
            None => {
                ui.label(RichText::new(self.lang.t(T::StatusHint)).weak());
            }
        });
    }
}

/// Battle files dropped on the window are opened.
fn dropped_files(ctx: &egui::Context) -> Option<AppCommand> {
    ctx.input(|i| {
        i.raw.dropped_files.iter().find_map(|f| Some(f.path().to_path_buf()).filter(|p| !p.as_os_str().is_empty()))
    })
    .map(|p| AppCommand::File(FileOp::Open(Some(p))))
}

impl eframe::App for CsApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        if ui.ctx().input(|i| i.viewport().close_requested()) && !self.quit_now && self.is_dirty() {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.modal = Modal::Unsaved(FileOp::Quit);
        }
        if self.quit_now {
            self.quit_now = false;
            self.revision = self.saved_revision;
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
        let title = self.window_title();
        if title != self.title {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        self.ui_root(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PREFS_KEY, &Prefs { lang: self.lang, recent: self.recent.clone() });
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        if let Some(saver) = &mut self.autosaver {
            saver.flush();
        }
    }
}
