//! A test, drawn from the game's draft (issue 28): one the game lists as owed, or one the
//! players call (the unit and their test, a rally offered only to a routing or wavering
//! unit); the result as a kind, or the dice read on the players' test table; Apply.

use egui::{RichText, Ui};

use super::Outcome;
use super::common::{DiceField, Nav, dice_field_ui, opening_prompt_ui, roll_into, text_ui};
use crate::game::procedure::TestDraft;
use crate::i18n::errors::action_error_text;
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, UnitId};
use crate::rules::DieKind;
use crate::rules::gdb::charge::TestAnswer;
use crate::rules::options::TestKind;

/// A test being taken.
#[derive(Debug)]
pub struct TestWizard {
    draft: TestDraft,
    dice: DiceField,
    modifier: String,
    error: Option<String>,
}

impl TestWizard {
    /// Opens a test the game lists as owed.
    pub fn owed(unit: UnitId, test: TestKind) -> Self {
        TestWizard {
            draft: TestDraft::owed(unit, test),
            dice: DiceField::default(),
            modifier: String::new(),
            error: None,
        }
    }

    /// Opens a test the players call.
    pub fn called(battle: &Battle, unit: Option<UnitId>) -> Self {
        TestWizard {
            draft: TestDraft::called(battle, unit),
            dice: DiceField::default(),
            modifier: String::new(),
            error: None,
        }
    }

    /// Draws the test.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        if self.draft.called {
            self.pick_ui(ui, lang, battle);
        }
        let name = self.draft.unit.map(|id| super::common::unit_name(battle, id, lang)).unwrap_or_default();
        opening_prompt_ui(ui, &lang.fmt(T::TestResultIs, &[&name, &self.draft.test.label(lang)]), 2);
        let mut answer = None;
        if self.draft.has_table(battle) {
            answer = self.table_ui(ui, lang, battle);
            ui.label(RichText::new(lang.t(T::OrByName)).weak());
        }
        // One answer a line: in both languages the answers keep their places (issue 30).
        ui.vertical(|ui| {
            for r in self.draft.results() {
                let label = crate::i18n::log_text::result_words(lang, self.draft.test, r);
                if ui.add_enabled(self.draft.unit.is_some(), egui::Button::new(label)).clicked() {
                    answer = Some(TestAnswer::Result(r));
                }
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(crate::ui::theme::ERROR, e);
        }
        if let Some(a) = answer {
            match self.draft.finish(battle, a) {
                Ok(action) => return Outcome::Apply(action),
                Err(e) => self.error = Some(action_error_text(lang, &e)),
            }
        }
        match super::common::question_nav_ui(ui, lang, false) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Back | Nav::Next | Nav::None => Outcome::Continue,
        }
    }

    /// For a called test: the unit, and the test among those it may take.
    fn pick_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        let units: Vec<(UnitId, String)> =
            self.draft.units(battle).iter().map(|u| (u.id, u.display_name(lang == Lang::Ru).to_owned())).collect();
        ui.horizontal(|ui| {
            ui.label(lang.t(T::TestUnit));
            let none = lang.t(T::NoneChoice);
            if let Some(pick) =
                crate::ui::widgets::option_combo_ui(ui, lang.t(T::TestUnit), self.draft.unit, none, &units)
            {
                self.draft.unit = pick;
            }
        });
        ui.horizontal(|ui| {
            ui.label(lang.t(T::TestWhich));
            for (t, ok) in self.draft.tests(battle) {
                let b = ui.add_enabled(ok.is_ok(), egui::Button::selectable(self.draft.test == t, t.label(lang)));
                if let Err(why) = &ok {
                    b.clone().on_disabled_hover_text(action_error_text(lang, why));
                }
                if b.clicked() {
                    self.draft.test = t;
                }
            }
        });
    }

    /// The dice on the players' table: typed or rolled, with their modifier and the row.
    fn table_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Option<TestAnswer> {
        ui.horizontal(|ui| {
            let count = crate::game::procedure::test_dice_count(battle);
            // Ruleset B rolls one D6 (B-MEL-17): the field says so.
            let label = if count == 1 { T::TestDie } else { T::TestDice };
            dice_field_ui(ui, lang, lang.t(label), &mut self.dice, (DieKind::D6, count), true);
            if ui.button(lang.t(T::RollForMe)).clicked() {
                let after = roll_into(&battle.rng, &mut [(&mut self.dice, count)], DieKind::D6);
                self.draft.rng_after = Some(after);
            }
            text_ui(ui, lang.t(T::TestModifier), &mut self.modifier, 40.0);
        });
        let (dice, modifier, result) = super::fields::test_roll_ui(
            ui,
            lang,
            battle,
            (self.draft.test, self.draft.unit),
            &self.dice,
            &self.modifier,
        )?;
        let used = ui.button(RichText::new(lang.fmt(T::UseResult, &[&result])).strong()).clicked();
        used.then(|| crate::game::procedure::rolled_answer(&dice, modifier)).flatten()
    }
}
