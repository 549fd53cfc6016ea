//! A turn of Ruleset B melee (B-MEL-01..17), drawn from the game's draft: figures in
//! contact, dice per troop type and turn, the +1s per die, the dice typed or rolled,
//! kills, the morale tests the turn owes, and what follows.

use egui::{RichText, Ui};

use super::Outcome;
use super::common::unit_name;
use super::common::{DiceField, Nav, dice_field_ui, modifiers_ui, nav_ui, opening_prompt_ui, roll_into};
use crate::game::BContact;
use crate::game::procedure::BMeleeDraft;
use crate::i18n::{Lang, T};
use crate::model::{Battle, Engagement};
use crate::rules::DieKind;
use crate::rules::ruleset_b::MeleeState;

/// A Ruleset B melee turn being walked through: the game's draft and the dice fields.
#[derive(Debug)]
pub struct BMeleeWizard {
    pub(super) draft: BMeleeDraft,
    dice: [DiceField; 2],
    /// This wizard's own memory of the text typed into its number fields.
    typing: u64,
}

impl BMeleeWizard {
    /// Opens on a pending melee.
    pub fn new(battle: &Battle, pending: &Engagement) -> Option<Self> {
        Some(BMeleeWizard {
            draft: BMeleeDraft::open(battle, pending)?,
            dice: Default::default(),
            typing: super::common::fresh_salt(),
        })
    }

    /// The typed dice into the draft, as many as each side rolls.
    fn sync_dice(&mut self, counts: [usize; 2]) {
        let a = super::common::parse_d6(&self.dice[0].text, counts[0]).ok();
        let d = super::common::parse_d6(&self.dice[1].text, counts[1]).ok();
        self.draft.dice = a.zip(d);
        self.draft.rng_after = self.dice[1].rolled.clone().or_else(|| self.dice[0].rolled.clone());
    }

    /// Draws the turn.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let names = [unit_name(battle, self.draft.attacker(), lang), unit_name(battle, self.draft.defender(), lang)];
        let Ok(preview) = self.draft.preview(battle) else { return Outcome::Cancel };
        opening_prompt_ui(ui, &lang.fmt(T::AskBMelee, &[&preview.turn, &names[0], &names[1]]), 2);
        ui.columns(2, |cols| {
            for (i, col) in cols.iter_mut().enumerate() {
                let c = if i == 0 { &mut self.draft.contact.0 } else { &mut self.draft.contact.1 };
                col.label(RichText::new(&names[i]).strong());
                contact_ui(col, lang, i, c);
                if preview.both_attacking {
                    // B-MEL-05: a fresh enemy unit charging into the melee.
                    col.checkbox(&mut self.draft.fresh[i], lang.t(T::FreshCharge));
                }
            }
        });
        for (i, side) in preview.sides.iter().enumerate() {
            ui.label(lang.fmt(T::BDiceCount, &[&side.figures_fighting, &side.dice]));
            modifiers_ui(ui, lang, &format!("{} ({})", names[i], lang.t(T::BPerDie)), &side.die_modifiers);
            let shown: Vec<String> = side
                .kills
                .iter()
                .enumerate()
                .filter(|(_, p)| **p >= 0.0005)
                .map(|(k, p)| format!("{k}: {}%", lang.decimal(p * 100.0, 1)))
                .collect();
            ui.label(RichText::new(format!("{}: {}", lang.fmt(T::BKills, &[&names[i]]), shown.join("  "))).weak());
        }
        let counts = preview.sides.clone().map(|s| usize::try_from(s.dice).unwrap_or(0));
        for i in 0..2 {
            dice_field_ui(ui, lang, &names[i], &mut self.dice[i], (DieKind::D6, counts[i]), false);
        }
        let [a, d] = &mut self.dice;
        super::common::spill_dice(a, counts[0], d);
        if ui.button(lang.t(T::RollForMe)).clicked() {
            let [a, d] = &mut self.dice;
            roll_into(&battle.rng, &mut [(a, counts[0]), (d, counts[1])], DieKind::D6);
        }
        self.sync_dice(counts);
        let mut typing = None;
        if let Some((hits, _)) = self.draft.outcome(battle) {
            let kills = [hits.0, hits.1].map(|h| lang.count(h, crate::i18n::Noun::Figure));
            ui.label(lang.fmt(T::BTurnKills, &[&names[0], &kills[0], &names[1], &kills[1]]));
            typing = self.tests_ui(ui, lang, &names);
            // A preview of the state the game will derive from the same inputs.
            let Some((_, state)) = self.draft.outcome(battle) else { return Outcome::Cancel };
            ui.label(RichText::new(state_text(lang, &names, &state)).strong());
        }
        // A score typed that is no number holds the turn back, said here.
        let ready = typing.is_none() && self.draft.finish(battle).is_some();
        let why = typing.unwrap_or_else(|| lang.t(T::TestsNeeded).to_owned());
        match nav_ui(ui, lang, false, T::Apply, ready, Some(&why)) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => self.draft.finish(battle).map_or(Outcome::Continue, Outcome::Apply),
            Nav::Back | Nav::None => Outcome::Continue,
        }
    }

    /// Each side's morale test: not taken, passed or failed, and its score (B-MEL-13..16);
    /// the refusal of a score typed that is no number.
    fn tests_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2]) -> Option<String> {
        let d = &mut self.draft;
        let mut bad = None;
        let sides = names.iter().zip(d.tests.iter_mut()).zip(d.scores.iter_mut()).enumerate();
        for (i, ((name, test), score)) in sides {
            let salt = self.typing.wrapping_add(i as u64);
            // The question on its own line, its answers wrapped under it: a long Russian
            // name and three answers are wider than the window, which would otherwise
            // grow between one state of the turn and the next.
            ui.label(lang.fmt(T::MoraleOf, &[name]));
            ui.horizontal_wrapped(|ui| {
                ui.radio_value(test, None, lang.t(T::NotTaken));
                ui.radio_value(test, Some(true), lang.t(T::TestPass));
                ui.radio_value(test, Some(false), lang.t(T::TestFailed));
                ui.label(lang.t(T::Score));
                let label = format!("{} {name}", lang.t(T::Score));
                let typed =
                    super::common::typed_value_field(ui, (&label, salt), score, |t| t.parse().ok(), (30.0, false));
                if let Err(text) = typed {
                    let why = lang.fmt(T::NotAWholeNumber, &[&label, &text]);
                    ui.colored_label(crate::ui::theme::ERROR, &why);
                    bad.get_or_insert(why);
                }
            });
        }
        bad
    }
}

/// Figures in contact and overlapping flanks of one side (B-MEL-08).
fn contact_ui(ui: &mut Ui, lang: Lang, i: usize, c: &mut BContact) {
    ui.horizontal(|ui| {
        ui.label(lang.t(T::InContact));
        ui.add(egui::DragValue::new(&mut c.figures_in_contact).range(0..=200)).accessible_name(format!(
            "{} {}",
            lang.t(T::InContact),
            i + 1
        ));
    });
    ui.horizontal(|ui| {
        ui.label(lang.t(T::Overlaps));
        ui.add(egui::DragValue::new(&mut c.overlaps).range(0..=2)).accessible_name(format!(
            "{} {}",
            lang.t(T::Overlaps),
            i + 1
        ));
    });
}

fn state_text(lang: Lang, names: &[String; 2], state: &MeleeState) -> String {
    crate::i18n::log_text::b_state_text(lang, names, state)
}
