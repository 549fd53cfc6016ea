//! A turn of Ruleset B melee (B-MEL-01..17): figures in contact, dice per troop type
//! and turn, the +1s per die, the dice typed or rolled, kills, the morale tests the
//! turn owes, and what follows.

use egui::{RichText, Ui};

use super::Outcome;
use super::common::{DiceField, Nav, dice_field_ui, modifiers_ui, nav_ui, parse_dice, prompt_ui, roll_into};
use super::gdb_melee::unit_name;
use crate::game::{Action, BContact, BMeleeAction, b_melee_input, b_melee_outcome};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, Engagement, UnitId};
use crate::rules::ruleset_b::{BMeleeInput, MeleeState, TestResult};
use crate::rules::{DieKind, Role};

/// A Ruleset B melee turn being walked through: figures in contact, dice and tests;
/// the engagement brings the rest (both attacking, a caught fugitive, the turn, the
/// losses so far and the strength at the start).
#[derive(Debug)]
pub struct BMeleeWizard {
    attacker: UnitId,
    defender: UnitId,
    contact: (BContact, BContact),
    dice: [DiceField; 2],
    tests: [Option<bool>; 2],
    scores: [String; 2],
    fresh: [bool; 2],
}

impl BMeleeWizard {
    /// Opens on a pending melee.
    pub fn new(battle: &Battle, pending: &Engagement) -> Option<Self> {
        let (a, d) = (battle.unit(pending.attacker)?, battle.unit(pending.defender)?);
        let contact = |figures: u32| BContact { figures_in_contact: figures.min(6), overlaps: 0 };
        Some(BMeleeWizard {
            attacker: a.id,
            defender: d.id,
            contact: (contact(a.figures), contact(d.figures)),
            dice: Default::default(),
            tests: [None; 2],
            scores: Default::default(),
            fresh: [false; 2],
        })
    }

    fn test(&self, i: usize) -> Option<TestResult> {
        self.tests[i].map(|passed| TestResult { passed, score: self.scores[i].trim().parse().ok() })
    }

    fn action(&self, dice: (Vec<u8>, Vec<u8>)) -> BMeleeAction {
        BMeleeAction {
            attacker: self.attacker,
            defender: self.defender,
            contact: self.contact.clone(),
            dice,
            tests: (self.test(0), self.test(1)),
            fresh_charge: (self.fresh[0], self.fresh[1]),
            rng_after: self.dice[1].rolled.clone().or_else(|| self.dice[0].rolled.clone()),
        }
    }

    fn rolled(&self, input: &BMeleeInput) -> Option<(Vec<u8>, Vec<u8>)> {
        let a = parse_dice(&self.dice[0].text, DieKind::D6, input.dice(Role::Attacker) as usize).ok()?;
        let d = parse_dice(&self.dice[1].text, DieKind::D6, input.dice(Role::Defender) as usize).ok()?;
        Some((a, d))
    }

    /// Draws the turn.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let names = [unit_name(battle, self.attacker, lang), unit_name(battle, self.defender, lang)];
        let Ok((input, index)) = b_melee_input(battle, &self.action(Default::default())) else {
            return Outcome::Cancel;
        };
        let both_attacking = battle.engagements.get(index).is_some_and(|e| e.both_attacking);
        prompt_ui(ui, &lang.fmt(T::AskBMelee, &[&input.turn, &names[0], &names[1]]));
        ui.columns(2, |cols| {
            for (i, col) in cols.iter_mut().enumerate() {
                let c = if i == 0 { &mut self.contact.0 } else { &mut self.contact.1 };
                col.label(RichText::new(&names[i]).strong());
                contact_ui(col, lang, i, c);
                if both_attacking {
                    // B-MEL-05: a fresh enemy unit charging into the melee.
                    col.checkbox(&mut self.fresh[i], lang.t(T::FreshCharge));
                }
            }
        });
        let roles = [Role::Attacker, Role::Defender];
        for (i, role) in roles.iter().enumerate() {
            ui.label(lang.fmt(T::BDiceCount, &[&input.figures_fighting(*role), &input.dice(*role)]));
            modifiers_ui(ui, lang, &format!("{} ({})", names[i], lang.t(T::BPerDie)), &input.die_modifiers(*role));
            let dist = input.kill_distribution(*role);
            let shown: Vec<String> = dist
                .iter()
                .enumerate()
                .filter(|(_, p)| **p >= 0.0005)
                .map(|(k, p)| format!("{k}: {:.1}%", p * 100.0))
                .collect();
            ui.label(RichText::new(format!("{}: {}", lang.fmt(T::BKills, &[&names[i]]), shown.join("  "))).weak());
        }
        let counts = [input.dice(Role::Attacker) as usize, input.dice(Role::Defender) as usize];
        for i in 0..2 {
            dice_field_ui(ui, lang, &names[i], &mut self.dice[i], (DieKind::D6, counts[i]), false);
        }
        if ui.button(lang.t(T::RollForMe)).clicked() {
            let [a, d] = &mut self.dice;
            roll_into(&battle.rng, &mut [(a, counts[0]), (d, counts[1])], DieKind::D6);
        }
        let mut ready = false;
        let outcome = self.rolled(&input).and_then(|dice| b_melee_outcome(battle, &self.action(dice)).ok());
        if let Some((hits, _)) = outcome {
            ui.label(lang.fmt(T::BTurnKills, &[&names[0], &hits.0, &names[1], &hits.1]));
            for ((name, test), score) in names.iter().zip(self.tests.iter_mut()).zip(self.scores.iter_mut()) {
                ui.horizontal(|ui| {
                    ui.label(lang.fmt(T::MoraleOf, &[name]));
                    ui.radio_value(test, None, lang.t(T::NotTaken));
                    ui.radio_value(test, Some(true), lang.t(T::TestPass));
                    ui.radio_value(test, Some(false), lang.t(T::TestFailed));
                    super::common::text_ui(ui, &format!("{} {name}", lang.t(T::Score)), score, 30.0);
                });
            }
            // A preview of the state the game will derive from the same inputs.
            let dice = self.rolled(&input).unwrap_or_default();
            let Ok((_, state)) = b_melee_outcome(battle, &self.action(dice)) else { return Outcome::Cancel };
            ui.label(RichText::new(state_text(lang, &names, &state)).strong());
            ready = !matches!(state, MeleeState::TestsOwed { .. });
        }
        match nav_ui(ui, lang, false, T::Apply, ready, Some(lang.t(T::TestsNeeded))) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => match self.rolled(&input) {
                Some(dice) => Outcome::Apply(Action::BMelee(Box::new(self.action(dice)))),
                None => Outcome::Continue,
            },
            _ => Outcome::Continue,
        }
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
    let name = |r: &Role| if *r == Role::Attacker { names[0].clone() } else { names[1].clone() };
    match state {
        MeleeState::TestsOwed { sides, die } => {
            let who: Vec<String> = sides.iter().map(name).collect();
            let die = if *die == DieKind::Average { lang.t(T::DieAverage) } else { lang.t(T::DieD6) };
            lang.fmt(T::BStateTests, &[&who.join(", "), &die])
        }
        MeleeState::Continues { next_turn } => lang.fmt(T::BStateContinues, &[next_turn]),
        MeleeState::Ends { loser, reason, flee_cm } => {
            lang.fmt(T::BStateEnds, &[&name(loser), &reason.label(lang), flee_cm])
        }
    }
}
