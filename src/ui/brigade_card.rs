//! The brigade editor: name, side, and what it holds.

use egui::{RichText, Ui};

use super::command::{AppCommand, Selection};
use super::roster::{general_line, shown};
use super::theme;
use super::widgets::{committing_text_ui, option_combo_ui};
use crate::game::Action;
use crate::i18n::errors::action_error_text;
use crate::i18n::{Lang, T};
use crate::model::{Battle, Brigade};
use crate::rules::Side;

/// Text buffers of the brigade being edited.
#[derive(Debug, Default)]
pub struct BrigadeCard {
    loaded: Option<Brigade>,
    name: String,
    name_ru: String,
    error: Option<String>,
}

impl BrigadeCard {
    /// Draws the editor for `b`.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, b: &Brigade, cmds: &mut Vec<AppCommand>) {
        if self.loaded.as_ref() != Some(b) {
            if self.loaded.as_ref().map(|x| x.id) != Some(b.id) {
                self.error = None;
            }
            self.loaded = Some(b.clone());
            self.name = b.name.clone();
            self.name_ru = b.name_ru.clone().unwrap_or_default();
        }
        ui.heading(shown(&b.name, b.name_ru.as_deref(), lang));
        let mut edited = None;
        egui::Grid::new("brigade_fields").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            ui.label(lang.t(T::Name));
            if committing_text_ui(ui, &mut self.name, 200.0, lang.t(T::Name)) && self.name != b.name {
                edited = Some(Brigade { name: self.name.trim().to_owned(), ..b.clone() });
            }
            ui.end_row();
            ui.label(lang.t(T::NameRu));
            if committing_text_ui(ui, &mut self.name_ru, 200.0, lang.t(T::NameRu))
                && Some(&self.name_ru) != b.name_ru.as_ref()
            {
                let name_ru = Some(self.name_ru.trim().to_owned()).filter(|s| !s.is_empty());
                edited = Some(Brigade { name_ru, ..b.clone() });
            }
            ui.end_row();
            ui.label(lang.t(T::Side));
            let sides: Vec<(Side, String)> =
                Side::ALL.iter().map(|s| (*s, super::roster::side_name(battle, *s, lang).to_owned())).collect();
            if let Some(Some(side)) = option_combo_ui(ui, lang.t(T::Side), Some(b.side), "", &sides) {
                edited = Some(Brigade { side, ..b.clone() });
            }
            ui.end_row();
        });
        if let Some(err) = &self.error {
            ui.colored_label(theme::ERROR, err);
        }
        ui.add_space(6.0);
        contents_ui(ui, lang, battle, b, cmds);
        ui.add_space(8.0);
        if ui.button(lang.t(T::DeleteBrigade)).on_hover_text(lang.t(T::DeleteBrigadeTip)).clicked() {
            cmds.push(AppCommand::Perform(Action::DeleteBrigade(b.id)));
        }
        if let Some(new) = edited {
            // The game judges the edit as it judges every action (the loader's checks).
            let action = Action::EditBrigade(new);
            match super::widgets::judged_edit(action, battle) {
                Ok(action) => {
                    self.error = None;
                    cmds.push(AppCommand::Perform(action));
                }
                Err(p) => {
                    // The field shows the value kept, the message says why.
                    self.error = Some(lang.fmt(T::Refused, &[&action_error_text(lang, &p)]));
                    self.name = b.name.clone();
                    self.name_ru = b.name_ru.clone().unwrap_or_default();
                }
            }
        }
    }
}

fn contents_ui(ui: &mut Ui, lang: Lang, battle: &Battle, b: &Brigade, cmds: &mut Vec<AppCommand>) {
    ui.label(RichText::new(lang.t(T::Generals)).strong());
    for g in battle.generals_of(b.id) {
        if ui.link(general_line(g, lang)).clicked() {
            cmds.push(AppCommand::Select(Selection::General(g.id)));
        }
    }
    ui.label(RichText::new(lang.t(T::Units)).strong());
    for u in battle.units_of(b.side, Some(b.id)) {
        if ui.link(u.display_name(lang == Lang::Ru)).clicked() {
            cmds.push(AppCommand::Select(Selection::Unit(u.id)));
        }
    }
}
