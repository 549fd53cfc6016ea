//! The general editor: name, rank, quality, brigade and the unit he is with.

use egui::{RichText, Ui};

use super::command::AppCommand;
use super::roster::{brigade_choices, shown};
use super::theme;
use super::widgets::{committing_text_ui, enum_combo_ui, option_combo_ui};
use crate::game::Action;
use crate::i18n::errors::action_error_text;
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, General, UnitId};
use crate::rules::{Quality, Rank, Side};

/// Text buffers of the general being edited.
#[derive(Debug, Default)]
pub struct GeneralCard {
    loaded: Option<General>,
    name: String,
    name_ru: String,
    error: Option<String>,
}

impl GeneralCard {
    /// Draws the editor for `g`.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, g: &General, cmds: &mut Vec<AppCommand>) {
        if self.loaded.as_ref() != Some(g) {
            if self.loaded.as_ref().map(|x| x.id) != Some(g.id) {
                self.error = None;
            }
            self.loaded = Some(g.clone());
            self.name = g.name.clone();
            self.name_ru = g.name_ru.clone().unwrap_or_default();
        }
        ui.heading(shown(&g.name, g.name_ru.as_deref(), lang));
        ui.label(RichText::new(g.rank.label(lang)).weak());
        if g.quality == Quality::Inept || g.rank == Rank::Regimental {
            ui.label(RichText::new(lang.t(T::CannotLeadCharge)).italics());
        }
        ui.add_space(6.0);
        let mut edited = None;
        egui::Grid::new("general_fields").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            self.fields_ui(ui, lang, battle, g, &mut edited);
        });
        if let Some(err) = &self.error {
            ui.colored_label(theme::ERROR, err);
        }
        ui.add_space(8.0);
        if ui.button(lang.t(T::DeleteGeneral)).clicked() {
            cmds.push(AppCommand::Perform(Action::DeleteGeneral(g.id)));
        }
        if let Some(new) = edited {
            // The game judges the edit as it judges every action (the loader's checks).
            let action = Action::EditGeneral(new);
            match super::widgets::judged_edit(action, battle) {
                Ok(action) => {
                    self.error = None;
                    cmds.push(AppCommand::Perform(action));
                }
                Err(p) => {
                    // The field shows the value kept, the message says why.
                    self.error = Some(lang.fmt(T::Refused, &[&action_error_text(lang, &p)]));
                    self.name = g.name.clone();
                    self.name_ru = g.name_ru.clone().unwrap_or_default();
                }
            }
        }
    }

    fn fields_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, g: &General, edited: &mut Option<General>) {
        ui.label(lang.t(T::Name));
        if committing_text_ui(ui, &mut self.name, 200.0, lang.t(T::Name)) && self.name != g.name {
            *edited = Some(General { name: self.name.trim().to_owned(), ..g.clone() });
        }
        ui.end_row();
        ui.label(lang.t(T::NameRu));
        if committing_text_ui(ui, &mut self.name_ru, 200.0, lang.t(T::NameRu))
            && Some(&self.name_ru) != g.name_ru.as_ref()
        {
            let name_ru = Some(self.name_ru.trim().to_owned()).filter(|s| !s.is_empty());
            *edited = Some(General { name_ru, ..g.clone() });
        }
        ui.end_row();
        ui.label(lang.t(T::Side));
        let sides: Vec<(Side, String)> =
            Side::ALL.iter().map(|s| (*s, super::roster::side_name(battle, *s, lang).to_owned())).collect();
        if let Some(Some(side)) = option_combo_ui(ui, lang.t(T::Side), Some(g.side), "", &sides) {
            *edited = Some(General { side, brigade: None, attached_to: None, ..g.clone() });
        }
        ui.end_row();
        ui.label(lang.t(T::Rank));
        if let Some(rank) = enum_combo_ui(ui, lang.t(T::Rank), lang, g.rank, Rank::ALL) {
            let brigade = if rank == Rank::CommanderInChief { None } else { g.brigade };
            *edited = Some(General { rank, brigade, ..g.clone() });
        }
        ui.end_row();
        ui.label(lang.t(T::Quality));
        if let Some(quality) = enum_combo_ui(ui, lang.t(T::Quality), lang, g.quality, Quality::ALL) {
            *edited = Some(General { quality, ..g.clone() });
        }
        ui.end_row();
        ui.label(lang.t(T::Brigade));
        let choices = brigade_choices(battle, g.side, lang);
        if let Some(brigade) = option_combo_ui(ui, lang.t(T::Brigade), g.brigade, lang.t(T::NoneChoice), &choices) {
            *edited = Some(General { brigade, ..g.clone() });
        }
        ui.end_row();
        ui.label(lang.t(T::AttachedTo));
        let units: Vec<(UnitId, String)> = battle
            .units
            .iter()
            .filter(|u| u.side == g.side)
            .map(|u| (u.id, u.display_name(lang == Lang::Ru).to_owned()))
            .collect();
        if let Some(attached_to) =
            option_combo_ui(ui, lang.t(T::AttachedTo), g.attached_to, lang.t(T::NoneChoice), &units)
        {
            *edited = Some(General { attached_to, ..g.clone() });
        }
        ui.end_row();
    }
}
