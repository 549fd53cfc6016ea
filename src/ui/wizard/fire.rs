//! A fire, drawn from the game's draft (issue 28): the firer and the target (each one the
//! seeds forbid shown disabled with its clause), the dice on the players' firing table or
//! the figures lost, whether a test is owed, Apply.

use egui::{RichText, Ui};

use super::Outcome;
use super::common::{DiceField, Nav, dice_field_ui, nav_ui, prompt_ui, roll_into, typed_value_ui, whole_number};
use super::fields::modifier_value;
use crate::game::ActionError;
use crate::game::procedure::FireDraft;
use crate::i18n::errors::action_error_text;
use crate::i18n::{Lang, T};
use crate::model::{Battle, Unit, UnitId};
use crate::rules::DieKind;

/// A fire being recorded.
#[derive(Debug)]
pub struct FireWizard {
    draft: FireDraft,
    dice: DiceField,
    error: Option<String>,
    /// This wizard's own memory of the text typed into its number fields.
    typing: u64,
}

impl FireWizard {
    /// Opens a fire, from the unit selected if it may fire.
    pub fn new(battle: &Battle, selected: Option<UnitId>) -> Self {
        FireWizard {
            draft: FireDraft::open(battle, selected),
            dice: DiceField::default(),
            error: None,
            typing: super::common::fresh_salt(),
        }
    }

    /// Draws the fire.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        prompt_ui(ui, lang.t(T::TodoRecordFire));
        if let Some((id, why)) = self.draft.selected_refused(battle) {
            let name = battle.unit(id).map(|u| u.display_name(lang == Lang::Ru).to_owned()).unwrap_or_default();
            let why = crate::i18n::errors::action_error_text(lang, &why);
            ui.label(RichText::new(lang.fmt(T::FireSelectedRefused, &[&name, &why])).weak());
        }
        let firers = self.draft.firers(battle);
        if let Some(pick) = unit_pick_ui(ui, lang, T::FireFirer, self.draft.firer, &firers) {
            self.draft.firer = Some(pick);
            self.draft.target = None;
        }
        let targets = self.draft.targets(battle);
        if let Some(pick) = unit_pick_ui(ui, lang, T::FireTarget, self.draft.target, &targets) {
            self.draft.target = Some(pick);
        }
        if let Some((cm, deg)) = self.draft.on_table(battle) {
            let measured = lang.fmt(T::FireOnTable, &[&format!("{cm:.1}"), &format!("{deg:.0}")]);
            ui.label(RichText::new(measured).weak());
        }
        ui.add_space(6.0);
        let mut bad = None;
        if FireDraft::has_table(battle) {
            ui.horizontal(|ui| {
                dice_field_ui(ui, lang, lang.t(T::FireDice), &mut self.dice, (DieKind::D6, 2), false);
                if ui.button(lang.t(T::RollForMe)).clicked() {
                    self.draft.rng_after = Some(roll_into(&battle.rng, &mut [(&mut self.dice, 2)], DieKind::D6));
                }
                let field = (lang.t(T::TestModifier), self.typing);
                let typed = typed_value_ui(ui, field, &mut self.draft.modifier, modifier_value, (40.0, false));
                bad = typed.err().map(|_| lang.t(T::ModifierNotNumber).to_owned());
            });
            self.draft.dice = super::common::parse_2d6(&self.dice.text);
        } else {
            ui.label(RichText::new(lang.t(T::FireNoTable)).weak());
            ui.horizontal(|ui| {
                let field = (lang.t(T::FireFigures), self.typing.wrapping_add(1));
                let typed = typed_value_ui(ui, field, &mut self.draft.figures, whole_number, (50.0, false));
                bad = typed.err().map(|text| lang.fmt(T::NotAWholeNumber, &[&lang.t(T::FireFigures), &text]));
            });
        }
        ui.checkbox(&mut self.draft.test_owed, lang.t(T::FireTestOwed));
        let target_name = self.draft.target.map(|id| super::common::unit_name(battle, id, lang)).unwrap_or_default();
        match self.draft.losses(battle) {
            Some(Ok((figures, roll))) => {
                if let Some(r) = roll {
                    let total = i32::from(r.dice[0]) + i32::from(r.dice[1]) + r.modifier;
                    ui.label(lang.fmt(T::TableRow, &[&total, &r.row.0, &r.row.1, &r.row.2]));
                }
                let lost = lang.count(figures, crate::i18n::Noun::Figure);
                ui.label(RichText::new(lang.fmt(T::FireLoses, &[&target_name, &lost])).strong());
            }
            Some(Err(e)) => {
                ui.colored_label(crate::ui::theme::ERROR, action_error_text(lang, &e));
            }
            None => {}
        }
        // What is typed and no number is refused here, at the interface's edge.
        let typing = bad;
        if let Some(why) = &typing {
            ui.colored_label(crate::ui::theme::ERROR, why);
        }
        let verdict = self.draft.finish(battle);
        if let Some(e) = &self.error {
            ui.colored_label(crate::ui::theme::ERROR, e);
        }
        let why = typing.or_else(|| verdict.as_ref().err().map(|e| action_error_text(lang, e)));
        match nav_ui(ui, lang, false, T::Apply, why.is_none(), why.as_deref()) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => match verdict {
                Ok(action) => Outcome::Apply(action),
                Err(e) => {
                    self.error = Some(action_error_text(lang, &e));
                    Outcome::Continue
                }
            },
            Nav::Back | Nav::None => Outcome::Continue,
        }
    }
}

/// A unit among the game's list, each the game refuses shown disabled with its reason.
fn unit_pick_ui(
    ui: &mut Ui,
    lang: Lang,
    label: T,
    current: Option<UnitId>,
    units: &[(&Unit, Result<(), ActionError>)],
) -> Option<UnitId> {
    let name = |u: &Unit| u.display_name(lang == Lang::Ru).to_owned();
    let shown = units.iter().find(|(u, _)| Some(u.id) == current).map(|(u, _)| name(u));
    let mut picked = None;
    ui.horizontal(|ui| {
        ui.label(lang.t(label));
        egui::ComboBox::from_id_salt(("fire-pick", lang.t(label)))
            .selected_text(shown.unwrap_or_else(|| lang.t(T::NoneChoice).to_owned()))
            .width(260.0)
            .show_ui(ui, |ui| {
                for (u, ok) in units {
                    let item = ui.add_enabled(ok.is_ok(), egui::Button::selectable(current == Some(u.id), name(u)));
                    if let Err(why) = ok {
                        item.clone().on_disabled_hover_text(action_error_text(lang, why));
                    }
                    if item.clicked() {
                        picked = Some(u.id);
                    }
                }
            })
            .response
            .accessible_name(lang.t(label));
    });
    picked
}
