//! The application: state, the command handler and the frame layout.

use egui::{RichText, Ui};

use std::path::PathBuf;

use super::command::{AppCommand, CentralTab, FileOp, PathPurpose, Selection, Template};
use super::handler::{Autosaver, Dialogs, Recovery};
use super::log_panel::{LogView, log_ui};
use super::turn_panel::{InitiativeForm, checklist_ui, phase_bar_ui};
use super::wizard::{Outcome, Wizard};
use super::{brigade_card::BrigadeCard, general_card::GeneralCard, roster, theme, unit_card::UnitCard};
use crate::game::Game;
use crate::i18n::{Lang, T};
use crate::model::UnitId;
use crate::rules::Ruleset;

/// What filled a battle's file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// Its journal holds the most entries a file may keep.
    Entries,
    /// After the action refused the file would have been this many bytes, past the limit.
    Bytes {
        /// The file's size after the action refused.
        bytes: u64,
        /// Whether the battle as it stands, with an empty journal, leaves room to go on
        /// in a new file (a roster of 40 MB does not: its journal's start is a copy).
        room_to_go_on: bool,
    },
}

/// The modal dialog on screen, if any.
#[derive(Debug, Default)]
pub enum Modal {
    /// None.
    #[default]
    None,
    /// Unsaved changes: save, discard or cancel before `FileOp`.
    Unsaved(FileOp),
    /// An autosave newer than its file is offered, with when it was written.
    Recovery(Box<Recovery>, String),
    /// Autosaves kept from earlier runs (issue 41), each to recover or discard: the list
    /// (File → Recover…), or at start-up only how many there are.
    Kept(KeptList),
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
    /// The one-click Declare closed one side's declarations: the other side is asked for
    /// its own before the charge is carried out (GDB-CHG-03, 04, issue 43).
    OtherSideDeclares {
        /// The charge declared: charger and target.
        charge: (UnitId, UnitId),
        /// The side asked.
        side: crate::rules::Side,
    },
    /// Tests are still owed as the players go on to the next phase (issue 28): take them
    /// now, carry them, or drop them with the reason typed here.
    TestsOwed {
        /// The reason typed for dropping them.
        reason: String,
    },
    /// Declared charges or melees are left undone as the players go on (issue 43): do them
    /// now, or go on.
    Unfinished(crate::game::Unfinished),
    /// The battle's journal or file is full (issues 26 and 41): the evening goes on in a
    /// new battle file from the current state.
    JournalFull(Full),
    /// Help → About: version, licence, data folder, rules credits.
    About,
    /// The short guide (F1): a turn's flow, the keys, where the rules come from.
    Guide,
    /// A battle file that could not be opened: what happened in plain words, the
    /// technical detail, and the copies that can be opened instead.
    OpenFailed {
        /// What happened, in plain words.
        text: String,
        /// The reader's own reason and the file.
        detail: String,
        /// The previous version beside the file, when it reads.
        backup: Option<std::path::PathBuf>,
        /// The autosave of this file, when newer.
        recovery: Option<Box<super::handler::Recovery>>,
    },
    /// The battle report: preview (its text, built once when opened), save, copy, print.
    Report(String),
    /// The rules settings.
    Settings(Box<super::settings::SettingsDraft>),
    /// The first evening's rates, before the first charge (issue 30).
    FirstRates(Box<super::rates_form::RatesForm>),
    /// A club's rules pack about to be taken, with what it would have changed had the
    /// battle played it from its start (issue 50).
    SwitchPack(Box<(crate::model::RulesPack, crate::game::PackDifference)>),
    /// The Campaign window (issue 52).
    Campaign(Box<super::campaign_form::CampaignForm>),
}

/// The autosaves kept from earlier runs, as File → Recover… lists them.
#[derive(Debug, Default)]
pub enum KeptList {
    /// Start-up with several kept: only how many (the list reads each one).
    #[default]
    Unlisted,
    /// How many, at start-up.
    Count(usize),
    /// Each, read.
    Rows(Vec<KeptRow>),
}

/// One kept autosave in the list.
#[derive(Debug, Clone)]
pub struct KeptRow {
    /// The journal file.
    pub journal: PathBuf,
    /// The battle's title, as its journal names it.
    pub title: String,
    /// The battle file it belongs to, if any.
    pub file: Option<PathBuf>,
    /// When it was last written, as shown.
    pub when: String,
    /// How many actions it holds, or why it does not read.
    pub actions: Result<u64, String>,
}

pub(super) const PREFS_KEY: &str = "coldsteel.prefs";

/// Preferences kept in eframe's storage (never battle data).
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub(super) struct Prefs {
    pub(super) lang: Lang,
    pub(super) recent: Vec<PathBuf>,
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
    /// The last message for the status bar.
    pub message: Option<super::Said>,
    /// The battle file on screen, once saved or opened.
    pub path: Option<PathBuf>,
    /// Changes committed since the battle was loaded.
    pub revision: u64,
    /// The revision last saved.
    pub saved_revision: u64,
    /// The modal dialog on screen.
    pub modal: Modal,
    /// The folder the path prompt browses, as last listed.
    pub(super) browse: Option<super::handler::Browsed>,
    /// The first evening's rates were asked for this battle (issue 30): once is enough.
    pub rates_asked: bool,
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// The campaign file last used in this run (issue 52), for the Campaign window.
    pub last_campaign: Option<PathBuf>,
    /// How file dialogs are shown.
    pub dialogs: Dialogs,
    /// Autosave writer (none in tests).
    pub autosaver: Option<Autosaver>,
    /// The battle file this window holds for writing (issue 41): no other window writes
    /// it while this one has it open.
    pub battle_lock: Option<super::handler::BattleLock>,
    /// The players discarded the battle's unsaved work: its journal goes when the next
    /// battle replaces it.
    pub(super) discarding: bool,
    /// The app's data folder: autosaves and the club's profile (none in tests unless set).
    pub data_dir: Option<std::path::PathBuf>,
    /// The autosaves kept from earlier runs, being listed off this thread as the app
    /// starts (issue 41: the first frame never waits on the data folder).
    pub(super) kept_listing: Option<super::handler::KeptListing>,
    /// The user chose to quit.
    pub quit_now: bool,
    /// The initiative dice being entered.
    pub initiative_form: InitiativeForm,
    /// What the log shows.
    pub log_view: LogView,
    /// The open wizard, if any.
    pub wizard: Option<Wizard>,
    /// Rates typed in charge wizards this turn, offered again.
    pub measured: super::wizard::Measured,
    /// Keys typed after a Tab in one frame, held for the next (issue 44).
    pub after_tab: super::widgets::AfterTab,
    /// The charger whose target is being picked.
    pub picking: Option<UnitId>,
    /// A unit dropped on the table before its arm had a basing row (issue 44): placed as
    /// the basing table the players fill is applied.
    pub place_after_basing: Option<(UnitId, crate::game::Action)>,
    /// The charge the first evening's form was asked for while the players import the
    /// club's rules instead of typing the rates (issue 50): it opens once they are in.
    pub charge_after_rules: Option<(UnitId, UnitId)>,
    /// Text to put on the clipboard at the end of the frame.
    pub copy_request: Option<String>,
    /// The roster's folded groups.
    pub roster_view: roster::RosterView,
    /// What the central panel shows: the roster or the table.
    pub tab: CentralTab,
    /// The table view's state.
    pub table_view: super::table_view::TableView,
    /// What is wrong with the battle on screen, when it was opened broken (issue 26):
    /// listed until the players fix it.
    pub problems: Vec<crate::model::ModelError>,
    /// The players' window and the shared page (issue 32).
    pub players: super::players::PlayersScreen,
    unit_card: UnitCard,
    title: String,
    general_card: GeneralCard,
    brigade_card: BrigadeCard,
    battle_card: super::battle_card::BattleCard,
}

impl CsApp {
    /// An app showing `game` in `lang`.
    pub fn new(game: Game, lang: Lang) -> Self {
        CsApp {
            problems: game.battle().problems(),
            game,
            lang,
            selection: Selection::None,
            message: None,
            path: None,
            revision: 0,
            saved_revision: 0,
            modal: Modal::None,
            browse: None,
            rates_asked: false,
            recent: Vec::new(),
            last_campaign: None,
            dialogs: Dialogs::InApp,
            autosaver: None,
            battle_lock: None,
            discarding: false,
            data_dir: None,
            kept_listing: None,
            quit_now: false,
            initiative_form: InitiativeForm::default(),
            log_view: LogView::default(),
            wizard: None,
            measured: Default::default(),
            picking: None,
            after_tab: Default::default(),
            place_after_basing: None,
            charge_after_rules: None,
            copy_request: None,
            roster_view: roster::RosterView::default(),
            tab: CentralTab::Roster,
            table_view: Default::default(),
            players: Default::default(),
            unit_card: UnitCard::default(),
            title: String::new(),
            general_card: GeneralCard::default(),
            brigade_card: BrigadeCard::default(),
            battle_card: Default::default(),
        }
    }

    /// Whether the open wizard docks in the side panel: on the Table tab, so that it
    /// covers no part of the table (issue 44).
    fn wizard_docked(&self) -> bool {
        self.tab == CentralTab::Table && self.wizard.is_some()
    }

    /// Draws the open wizard in its window, unless it is docked; what it finishes with
    /// becomes a command.
    fn wizard_ui(&mut self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        if self.wizard_docked() {
            return;
        }
        self.wizard_drawn(ui, false, cmds);
    }

    /// Draws the open wizard, docked in `ui` or in its window.
    fn wizard_drawn(&mut self, ui: &mut Ui, docked: bool, cmds: &mut Vec<AppCommand>) {
        let Some(wizard) = &mut self.wizard else { return };
        let outcome = if docked {
            wizard.docked_ui(ui, self.lang, self.game.battle())
        } else {
            wizard.ui(ui, self.lang, self.game.battle())
        };
        match outcome {
            Outcome::Continue => {}
            Outcome::Cancel => cmds.push(AppCommand::CloseWizard),
            Outcome::Apply(action) => cmds.push(AppCommand::WizardApply(action)),
            Outcome::ThenOtherSide { actions, charge, other } => {
                cmds.push(AppCommand::DeclaredThenOtherSide { actions, charge, other });
            }
        }
        // The engagement as the players now have it, for the players' view (issue 32).
        if self.players.watching() {
            let open = wizard.open_engagement(self.game.battle());
            if open != self.players.open {
                cmds.push(AppCommand::ShowPlayers(open.map(Box::new)));
            }
        }
    }

    /// Draws one frame and carries out what the panels asked for.
    pub fn ui_root(&mut self, ui: &mut Ui) {
        self.offer_when_listed(ui.ctx());
        self.after_tab.hold_keys_after_tab(ui.ctx());
        let free = matches!(self.modal, Modal::None) && self.wizard.is_none();
        let mut cmds = if free { self.shortcuts(ui.ctx()) } else { Vec::new() };
        cmds.extend(dropped_files(ui.ctx()));
        egui::Panel::top("toolbar").show(ui, |ui| self.toolbar_ui(ui, &mut cmds));
        egui::Panel::top("phases").show(ui, |ui| phase_bar_ui(ui, self.lang, self.game.battle(), &mut cmds));
        egui::Panel::bottom("status").show(ui, |ui| self.status_ui(ui));
        if self.wizard_docked() {
            // Docked, the wizard takes the window's height beside the table (issue 44);
            // the checklist and the log come back when it closes.
            egui::Panel::right("wizard-dock").exact_size(theme::WIZARD_DOCK_WIDTH).show(ui, |ui| {
                self.wizard_drawn(ui, true, &mut cmds);
            });
        } else {
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
        }
        if !self.problems.is_empty() {
            egui::Panel::top("problems").show(ui, |ui| {
                super::problems::problems_ui(ui, self.lang, self.game.battle(), &self.problems, &mut cmds);
            });
        }
        egui::CentralPanel::default_margins().show(ui, |ui| self.central_ui(ui, &mut cmds));
        self.modal_ui(ui, &mut cmds);
        self.settings_window_ui(ui, &mut cmds);
        self.wizard_ui(ui, &mut cmds);
        if let Some(text) = self.copy_request.take() {
            ui.ctx().copy_text(text);
        }
        if self.wizard.is_none() && self.players.open.is_some() {
            cmds.push(AppCommand::ShowPlayers(None));
        }
        for cmd in cmds {
            self.run_cmd(cmd);
        }
        self.players.refresh(self.game.battle());
        self.players.window_ui(ui.ctx());
        self.players.share_ui(ui.ctx(), self.lang, self.game.battle());
        if let Some(e) = self.autosaver.as_ref().and_then(Autosaver::take_error) {
            self.say(true, |l| l.fmt(T::AutosaveFailed, &[&crate::i18n::errors::save_error_text(l, &e)]));
        }
    }

    /// The Roster and Table tabs (Ctrl+1, Ctrl+2), and the one shown.
    fn central_ui(&mut self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        ui.horizontal(|ui| {
            for (tab, label, key) in [(CentralTab::Roster, T::TabRoster, "1"), (CentralTab::Table, T::TabTable, "2")] {
                let tip = self.lang.fmt(T::TabShortcut, &[&key]);
                if ui.selectable_label(self.tab == tab, self.lang.t(label)).on_hover_text(tip).clicked() {
                    self.tab = tab;
                }
            }
        });
        ui.separator();
        let keys_free = matches!(self.modal, Modal::None) && self.wizard.is_none();
        let battle = self.game.battle();
        match self.tab {
            CentralTab::Roster => {
                roster::roster_ui(ui, self.lang, battle, self.selection, self.picking, &mut self.roster_view, cmds);
            }
            CentralTab::Table => {
                self.table_view.charge = self.wizard.as_ref().and_then(Wizard::charge);
                super::table_view::table_ui(
                    ui,
                    self.lang,
                    (battle, self.game.stamp()),
                    (self.selection, self.picking, keys_free),
                    &mut self.table_view,
                    cmds,
                );
            }
        }
    }

    fn game_panel_ui(&mut self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        let lang = self.lang;
        ui.columns(2, |cols| {
            if let [left, right] = cols {
                egui::ScrollArea::vertical().id_salt("checklist").auto_shrink([false, false]).show(left, |ui| {
                    checklist_ui(ui, lang, self.game.battle(), &mut self.initiative_form, cmds);
                });
                log_ui(right, lang, self.game.battle(), self.game.history(), &mut self.log_view, cmds);
            }
        });
    }

    /// The window title: file name (or the battle's title), with a mark when unsaved.
    pub fn window_title(&self) -> String {
        let name = match &self.path {
            Some(p) => p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            None => super::roster::battle_title(self.game.battle(), self.lang).to_owned(),
        };
        let mark = if self.is_dirty() { " •" } else { "" };
        format!("coldsteel — {name}{mark}")
    }

    fn editor_ui(&mut self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        let (lang, battle) = (self.lang, &self.game.battle());
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
            Selection::None => self.battle_card.ui(ui, lang, battle, cmds),
        }
    }

    fn status_ui(&self, ui: &mut Ui) {
        let said = self.message.as_ref().map(|m| (m.text(self.lang), m.error));
        ui.horizontal(|ui| match said {
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
        // The page's server stops with the app; its token dies with it.
        self.players.stop_sharing();
        if let Some(saver) = &mut self.autosaver {
            saver.flush();
        }
    }
}
