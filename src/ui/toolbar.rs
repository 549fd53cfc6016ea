//! The toolbar, the File menu, the add buttons and the keyboard shortcuts: they only
//! return commands.

use egui::{Key, KeyboardShortcut, Modifiers, RichText, Ui};

use super::app::CsApp;
use super::command::{AppCommand, CentralTab, FileOp, PathPurpose, Selection};
use crate::game::Action;
use crate::i18n::{Label, Lang, T};
use crate::model::{Brigade, BrigadeId, General, GeneralId, Unit, UnitId};
use crate::rules::{Arm, Quality, Rank, Side};

impl CsApp {
    pub(super) fn shortcuts(&self, ctx: &egui::Context) -> Vec<AppCommand> {
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
                cmds.push(AppCommand::NextPhase);
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
            for (key, tab) in [(Key::Num1, CentralTab::Roster), (Key::Num2, CentralTab::Table)] {
                if i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, key)) {
                    cmds.push(AppCommand::ShowTab(tab));
                }
            }
            if i.consume_key(Modifiers::NONE, Key::F1) {
                cmds.push(AppCommand::OpenGuide);
            }
            if i.consume_key(Modifiers::NONE, Key::F7) {
                cmds.push(AppCommand::PlayersWindow(!self.players.window_open));
            }
            if i.consume_key(Modifiers::NONE, Key::F8) {
                cmds.push(AppCommand::OpenShare);
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

    pub(super) fn toolbar_ui(&self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        let lang = self.lang;
        let battle = &self.game.battle();
        ui.horizontal_wrapped(|ui| {
            ui.heading(RichText::new("coldsteel").strong());
            self.file_menu_ui(ui, cmds);
            ui.menu_button(lang.t(T::ViewMenu), |ui| {
                let mut open = self.players.window_open;
                let window = egui::Button::selectable(open, lang.t(T::MenuPlayersWindow)).shortcut_text("F7");
                if ui.add(window).clicked() {
                    open = !open;
                    cmds.push(AppCommand::PlayersWindow(open));
                }
                if ui.add(egui::Button::new(lang.t(T::MenuShare)).shortcut_text("F8")).clicked() {
                    cmds.push(AppCommand::OpenShare);
                }
            });
            ui.menu_button(lang.t(T::HelpMenu), |ui| {
                if ui.add(egui::Button::new(lang.t(T::GuideMenu)).shortcut_text("F1")).clicked() {
                    cmds.push(AppCommand::OpenGuide);
                }
                if ui.button(lang.t(T::AboutMenu)).clicked() {
                    cmds.push(AppCommand::OpenAbout);
                }
            });
            ui.separator();
            // No battle title here (issue 45: cut short in Russian): the window's title and
            // the battle's card say it whole.
            // A full-strength button that says it opens the rules (a weak one read as disabled).
            let short = match battle.ruleset {
                crate::rules::Ruleset::Gdb => lang.t(T::RulesetGdbShort),
                crate::rules::Ruleset::RulesetB => lang.t(T::RulesetBShort),
            };
            let rules = lang.fmt(T::RulesButton, &[&short]);
            if ui
                .button(RichText::new(rules).color(super::theme::ACTIVE_TEXT))
                .on_hover_text(format!("{} · {}", lang.t(T::RulesSettings), battle.ruleset.label(lang)))
                .clicked()
            {
                cmds.push(AppCommand::OpenSettings);
            }
            ui.separator();
            let undo_tip = self.game.history().done.last().map(|s| super::roster::step_label(lang, battle, s));
            let redo_tip = self.game.history().undone.last().map(|s| super::roster::step_label(lang, battle, s));
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
            let item = |ui: &mut Ui, label: T, keys: &str| {
                // No shortcut, no shortcut text (it would end the item's name in a space).
                let button = egui::Button::new(lang.t(label));
                ui.add(if keys.is_empty() { button } else { button.shortcut_text(keys) })
            };
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
            if item(ui, T::RecoverMenu, "").clicked() {
                cmds.push(AppCommand::ShowKept);
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
            if item(ui, T::OobImportMenu, "").clicked() {
                cmds.push(AppCommand::OobFile(PathPurpose::ImportOob));
            }
            if item(ui, T::OobExportMenu, "").clicked() {
                cmds.push(AppCommand::OobFile(PathPurpose::ExportOob));
            }
            ui.separator();
            // Issue 52: the campaign this battle belongs to, or begins.
            for task in super::campaign_form::CampaignTask::MENU {
                if item(ui, task.menu_key(), "").clicked() {
                    cmds.push(AppCommand::OpenCampaign(task));
                }
            }
            ui.separator();
            if ui.button(lang.t(T::Quit)).clicked() {
                cmds.push(AppCommand::File(FileOp::Quit));
            }
        });
    }

    /// The side that new items go to: the selected item's, else the first.
    fn current_side(&self) -> Side {
        let b = &self.game.battle();
        match self.selection {
            Selection::Unit(id) => b.unit(id).map(|u| u.side),
            Selection::General(id) => b.general(id).map(|g| g.side),
            Selection::Brigade(id) => b.brigade(id).map(|x| x.side),
            Selection::None => None,
        }
        .unwrap_or(Side::First)
    }

    fn current_brigade(&self) -> Option<BrigadeId> {
        let b = &self.game.battle();
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
        let nation = self.game.battle().sides.get(side).nation;
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
                place: None,
            };
            cmds.push(AppCommand::Perform(Action::AddGeneral(general)));
        }
        if ui.button(lang.t(T::AddBrigade)).clicked() {
            let brigade = Brigade { id: BrigadeId(0), name: lang.t(T::NewBrigadeName).to_owned(), name_ru: None, side };
            cmds.push(AppCommand::Perform(Action::AddBrigade(brigade)));
        }
    }
}
