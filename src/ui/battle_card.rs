//! The battle's own editor (issue 30: a battle made in the window): its title, its
//! description and its sides' names and nations, in the interface's language (`name` in
//! English, `name_ru` in Russian), with the overview of the armies under them.

use crate::i18n::Noun;
use egui::{RichText, Ui};

use super::command::AppCommand;
use super::theme;
use super::widgets::{committing_text_ui, enum_combo_ui, judged_edit};
use crate::game::Action;
use crate::i18n::errors::action_error_text;
use crate::i18n::names::{battle_title, shown, side_name};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, BattleInfo};
use crate::rules::{Nation, Side};

/// Text buffers of the battle's names being edited.
#[derive(Debug, Default)]
pub struct BattleCard {
    loaded: Option<(BattleInfo, Lang)>,
    title: String,
    description: String,
    sides: [String; 2],
    error: Option<String>,
    /// The battle's pack and rules as last looked at, and whether they were still the
    /// pack's: the rules hashed once a change, not every frame.
    pack_seen: Option<(crate::model::PackRef, crate::rules::Ruleset, crate::model::RulesOptions, bool)>,
}

/// The names a new battle starts with, in each language (`handler::empty_battle`).
const STARTING_NAMES: [T; 3] = [T::UntitledBattle, T::FirstArmy, T::SecondArmy];

/// Whether `text` is a name a new battle starts with in `lang`, not one the players gave.
fn is_starting_name(text: &str, lang: Lang) -> bool {
    STARTING_NAMES.iter().any(|key| key.text(lang) == text)
}

/// A name in the interface's language, written where that language keeps it. A name
/// given in one language is used in the other until it is given there too (issue 44): the
/// other language's starting name gives way to it.
fn set_shown(name: &mut String, name_ru: &mut Option<String>, text: &str, lang: Lang) {
    let text = text.trim();
    match lang {
        Lang::Ru => {
            *name_ru = Some(text.to_owned()).filter(|s| !s.is_empty());
            if !text.is_empty() && is_starting_name(name, Lang::En) {
                *name = text.to_owned();
            }
        }
        Lang::En => {
            *name = text.to_owned();
            if name_ru.as_deref().is_some_and(|ru| is_starting_name(ru, Lang::Ru)) {
                *name_ru = None;
            }
        }
    }
}

impl BattleCard {
    /// [`Battle::plays_its_pack`], hashed again only when the pack or the rules changed.
    fn plays_its_pack(&mut self, battle: &Battle, pack: &crate::model::PackRef) -> bool {
        match &self.pack_seen {
            Some((p, r, o, still)) if p == pack && *r == battle.ruleset && *o == battle.options => *still,
            Some(_) | None => {
                let still = battle.plays_its_pack();
                self.pack_seen = Some((pack.clone(), battle.ruleset, battle.options.clone(), still));
                still
            }
        }
    }

    fn load(&mut self, info: &BattleInfo, lang: Lang) {
        self.title = shown(&info.name, info.name_ru.as_deref(), lang).to_owned();
        self.description = shown(&info.description, info.description_ru.as_deref(), lang).to_owned();
        self.sides =
            [&info.sides.first, &info.sides.second].map(|s| shown(&s.name, s.name_ru.as_deref(), lang).to_owned());
        self.loaded = Some((info.clone(), lang));
    }

    /// Draws the battle's editor and the overview of the armies.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, cmds: &mut Vec<AppCommand>) {
        let info = BattleInfo::of(battle);
        if self.loaded.as_ref() != Some(&(info.clone(), lang)) {
            self.load(&info, lang);
        }
        ui.heading(battle_title(battle, lang));
        let mut edited: Option<BattleInfo> = None;
        egui::Grid::new("battle_fields").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            ui.label(lang.t(T::BattleTitle));
            if committing_text_ui(ui, &mut self.title, 220.0, lang.t(T::BattleTitle))
                && self.title.trim() != battle_title(battle, lang)
            {
                let mut new = info.clone();
                set_shown(&mut new.name, &mut new.name_ru, &self.title, lang);
                edited = Some(new);
            }
            ui.end_row();
            for (i, side) in Side::ALL.iter().enumerate() {
                let label = lang.fmt(T::SideNameOf, &[&(i + 1)]);
                ui.label(&label);
                if committing_text_ui(ui, &mut self.sides[i], 220.0, &label)
                    && self.sides[i].trim() != side_name(battle, *side, lang)
                {
                    let mut new = info.clone();
                    let s = new.sides.get_mut(*side);
                    set_shown(&mut s.name, &mut s.name_ru, &self.sides[i], lang);
                    edited = Some(new);
                }
                ui.end_row();
                let nation_label = lang.fmt(T::NationOf, &[&(i + 1)]);
                ui.label(&nation_label);
                if let Some(n) = enum_combo_ui(ui, &nation_label, lang, info.sides.get(*side).nation, Nation::ALL) {
                    let mut new = info.clone();
                    new.sides.get_mut(*side).nation = n;
                    edited = Some(new);
                }
                ui.end_row();
            }
        });
        ui.label(lang.t(T::Description));
        let response =
            ui.add(egui::TextEdit::multiline(&mut self.description).desired_rows(3).desired_width(f32::INFINITY));
        if response.accessible_name(lang.t(T::Description)).lost_focus()
            && self.description.trim() != shown(&info.description, info.description_ru.as_deref(), lang)
        {
            let mut new = info.clone();
            set_shown(&mut new.description, &mut new.description_ru, &self.description, lang);
            edited = Some(new);
        }
        if let Some(err) = &self.error {
            ui.colored_label(theme::ERROR, err);
        }
        if let Some(new) = edited {
            match judged_edit(Action::EditBattle(Box::new(new)), battle) {
                Ok(action) => {
                    self.error = None;
                    cmds.push(AppCommand::Perform(action));
                }
                Err(e) => {
                    self.error = Some(lang.fmt(T::Refused, &[&action_error_text(lang, &e)]));
                    self.load(&info, lang);
                }
            }
        }
        ui.add_space(8.0);
        ui.label(lang.fmt(T::RulesetIs, &[&battle.ruleset.label(lang)]));
        // The club's rules pack it plays (issue 50), as the report names it.
        if let Some(pack) = &battle.pack {
            let key = if self.plays_its_pack(battle, pack) { T::CardPack } else { T::CardPackChanged };
            ui.add(egui::Label::new(lang.fmt(key, &[&pack.name, &pack.version])).wrap());
        }
        for side in Side::ALL {
            let units = battle.units.iter().filter(|u| u.side == *side).count();
            let brigades = battle.brigades_of(*side).count();
            let (brigades, units) = (lang.count(brigades, Noun::Brigade), lang.count(units, Noun::Unit));
            ui.label(lang.fmt(T::SideOverview, &[&side_name(battle, *side, lang), &brigades, &units]));
        }
        ui.add_space(8.0);
        ui.label(RichText::new(lang.t(T::SelectHint)).weak());
    }
}
