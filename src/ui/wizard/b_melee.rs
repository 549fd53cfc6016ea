//! A turn of Ruleset B melee (B-MEL-01..17): figures in contact, dice per troop type
//! and turn, the +1s per die, the dice typed or rolled, kills, the morale tests the
//! turn owes, and what follows.

use egui::{RichText, Ui};

use super::Outcome;
use super::common::{DiceField, Nav, dice_field_ui, modifiers_ui, nav_ui, parse_dice, prompt_ui, roll_into};
use super::gdb_melee::unit_name;
use crate::game::{Action, BMeleeAction, b_side_of};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, PendingMelee, UnitId};
use crate::rules::ruleset_b::{BMeleeInput, MeleeState, SideTurn, TestResult};
use crate::rules::{DieKind, Role};

/// A Ruleset B melee turn being walked through.
#[derive(Debug)]
pub struct BMeleeWizard {
    attacker: UnitId,
    defender: UnitId,
    input: BMeleeInput,
    dice: [DiceField; 2],
    tests: [Option<bool>; 2],
    scores: [String; 2],
    earlier: (u32, u32),
}

impl BMeleeWizard {
    /// Opens on a pending melee.
    pub fn new(battle: &Battle, pending: &PendingMelee) -> Option<Self> {
        let (a, d) = (battle.unit(pending.attacker)?, battle.unit(pending.defender)?);
        let mut att = b_side_of(a);
        att.charging = true;
        att.figures_in_contact = a.figures.min(6);
        let mut def = b_side_of(d);
        def.flank_or_rear = pending.flank_or_rear;
        def.figures_in_contact = d.figures.min(6);
        let input = BMeleeInput {
            attacker: att,
            defender: def,
            turn: pending.melee_turn,
            options: battle.options.ruleset_b.clone(),
        };
        Some(BMeleeWizard {
            attacker: a.id,
            defender: d.id,
            input,
            dice: Default::default(),
            tests: [None; 2],
            scores: Default::default(),
            earlier: (0, 0),
        })
    }

    fn rolled(&self) -> Option<(Vec<u8>, Vec<u8>)> {
        let a = parse_dice(&self.dice[0].text, DieKind::D6, self.input.dice(Role::Attacker) as usize).ok()?;
        let d = parse_dice(&self.dice[1].text, DieKind::D6, self.input.dice(Role::Defender) as usize).ok()?;
        Some((a, d))
    }

    fn test(&self, i: usize) -> Option<TestResult> {
        self.tests[i].map(|passed| TestResult { passed, score: self.scores[i].trim().parse().ok() })
    }

    /// Draws the turn.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let names = [unit_name(battle, self.attacker, lang), unit_name(battle, self.defender, lang)];
        prompt_ui(ui, &lang.fmt(T::AskBMelee, &[&self.input.turn, &names[0], &names[1]]));
        ui.columns(2, |cols| {
            for (i, col) in cols.iter_mut().enumerate() {
                let s = if i == 0 { &mut self.input.attacker } else { &mut self.input.defender };
                col.label(RichText::new(&names[i]).strong());
                col.horizontal(|ui| {
                    ui.label(lang.t(T::InContact));
                    ui.add(egui::DragValue::new(&mut s.figures_in_contact).range(0..=200)).accessible_name(format!(
                        "{} {}",
                        lang.t(T::InContact),
                        i + 1
                    ));
                });
                col.horizontal(|ui| {
                    ui.label(lang.t(T::Overlaps));
                    ui.add(egui::DragValue::new(&mut s.overlaps).range(0..=2)).accessible_name(format!(
                        "{} {}",
                        lang.t(T::Overlaps),
                        i + 1
                    ));
                });
                col.checkbox(&mut s.flank_or_rear, lang.t(T::FlagFlank));
                col.checkbox(&mut s.fleeing, lang.t(T::FlagFleeing));
            }
        });
        let roles = [Role::Attacker, Role::Defender];
        for (i, role) in roles.iter().enumerate() {
            ui.label(lang.fmt(T::BDiceCount, &[&self.input.figures_fighting(*role), &self.input.dice(*role)]));
            modifiers_ui(ui, lang, &format!("{} ({})", names[i], lang.t(T::BPerDie)), &self.input.die_modifiers(*role));
            let dist = self.input.kill_distribution(*role);
            let shown: Vec<String> = dist
                .iter()
                .enumerate()
                .filter(|(_, p)| **p >= 0.0005)
                .map(|(k, p)| format!("{k}: {:.1}%", p * 100.0))
                .collect();
            ui.label(RichText::new(format!("{}: {}", lang.fmt(T::BKills, &[&names[i]]), shown.join("  "))).weak());
        }
        let counts = [self.input.dice(Role::Attacker) as usize, self.input.dice(Role::Defender) as usize];
        for i in 0..2 {
            dice_field_ui(ui, lang, &names[i], &mut self.dice[i], DieKind::D6, counts[i]);
        }
        if ui.button(lang.t(T::RollForMe)).clicked() {
            let [a, d] = &mut self.dice;
            roll_into(&battle.rng, &mut [(a, counts[0]), (d, counts[1])], DieKind::D6);
        }
        let mut ready = false;
        if let Some((a, d)) = self.rolled() {
            let hits = (self.input.hits(Role::Attacker, &a), self.input.hits(Role::Defender, &d));
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
            let turn_a = SideTurn { losses: hits.1, earlier_losses: self.earlier.0, test: self.test(0) };
            let turn_d = SideTurn { losses: hits.0, earlier_losses: self.earlier.1, test: self.test(1) };
            let state = self.input.state(&turn_a, &turn_d);
            ui.label(RichText::new(state_text(lang, &names, &state)).strong());
            ready = !matches!(state, MeleeState::TestsOwed { .. });
        }
        match nav_ui(ui, lang, false, T::Apply, ready, Some(lang.t(T::TestsNeeded))) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => match self.rolled() {
                Some(dice) => {
                    let rng_after = self.dice[1].rolled.clone().or_else(|| self.dice[0].rolled.clone());
                    Outcome::Apply(Action::BMelee(Box::new(BMeleeAction {
                        attacker: self.attacker,
                        defender: self.defender,
                        input: self.input.clone(),
                        dice,
                        tests: (self.test(0), self.test(1)),
                        earlier_losses: self.earlier,
                        rng_after,
                    })))
                }
                None => Outcome::Continue,
            },
            _ => Outcome::Continue,
        }
    }
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
