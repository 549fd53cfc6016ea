//! The GdB melee step by step: the situation pre-filled from the units (editable), the
//! modifiers and exact odds; the dice, typed or rolled; the result, losses and any
//! override; the table diff; Apply.

use egui::{RichText, Ui};

use super::Outcome;
use super::common::{DiceField, Nav, dice_field_ui, modifiers_ui, nav_ui, odds_ui, parse_dice, prompt_ui, roll_into};
use crate::game::{Action, GdbMeleeAction};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, Override, PendingMelee, UnitId};
use crate::report::engagement::effect_text;
use crate::rules::gdb::{Effect, MeleeInput, MeleeSide, Role};
use crate::rules::{DieKind, Formation, Order, Terrain};
use crate::ui::widgets::enum_combo_ui;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Situation,
    Dice,
    Result,
}

/// A GdB melee being walked through.
#[derive(Debug)]
pub struct MeleeWizard {
    attacker: UnitId,
    defender: UnitId,
    sides: [MeleeSide; 2],
    step: Step,
    dice: [DiceField; 2],
    losses: [String; 2],
    override_on: bool,
    override_result: String,
    override_reason: String,
    /// Dice and modifier of the winner's owed test, when its table is filled.
    test_dice: DiceField,
    test_modifier: String,
    test_rng: Option<crate::model::RngState>,
}

pub use crate::game::melee_side;

impl MeleeWizard {
    /// Opens on a pending melee, the situation pre-filled from both units.
    pub fn new(battle: &Battle, pending: &PendingMelee) -> Option<Self> {
        let (a, d) = (battle.unit(pending.attacker)?, battle.unit(pending.defender)?);
        let mut att = melee_side(a, battle);
        att.charging = pending.charging;
        att.moved_cm = pending.moved_cm;
        att.general_leads &= pending.charging;
        let mut def = melee_side(d, battle);
        def.flank_or_rear = pending.flank_or_rear;
        def.general_leads = false;
        Some(MeleeWizard {
            attacker: a.id,
            defender: d.id,
            sides: [att, def],
            step: Step::Situation,
            dice: Default::default(),
            losses: Default::default(),
            override_on: false,
            override_result: String::new(),
            override_reason: String::new(),
            test_dice: DiceField::default(),
            test_modifier: String::new(),
            test_rng: None,
        })
    }

    fn input(&self, battle: &Battle) -> MeleeInput {
        let [a, d] = self.sides.clone();
        MeleeInput { attacker: a, defender: d, options: battle.options.gdb.clone() }
    }

    fn dice(&self) -> Option<([u8; 2], [u8; 2])> {
        let pair =
            |f: &DiceField| parse_dice(&f.text, DieKind::D6, 2).ok().and_then(|v| Some([*v.first()?, *v.get(1)?]));
        Some((pair(&self.dice[0])?, pair(&self.dice[1])?))
    }

    /// Draws the current step.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let names = [unit_name(battle, self.attacker, lang), unit_name(battle, self.defender, lang)];
        match self.step {
            Step::Situation => self.situation_ui(ui, lang, battle, &names),
            Step::Dice => self.dice_ui(ui, lang, battle, &names),
            Step::Result => self.result_ui(ui, lang, battle, &names),
        }
    }

    fn situation_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome {
        prompt_ui(ui, &lang.fmt(T::AskMeleeSituation, &[&names[0], &names[1]]));
        ui.columns(2, |cols| {
            for (i, col) in cols.iter_mut().enumerate() {
                col.label(RichText::new(&names[i]).strong());
                side_fields_ui(col, lang, i, &mut self.sides[i]);
            }
        });
        breakdown_and_odds_ui(ui, lang, names, &self.input(battle));
        match nav_ui(ui, lang, false, T::Next, true, None) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => {
                self.step = Step::Dice;
                Outcome::Continue
            }
            _ => Outcome::Continue,
        }
    }

    fn dice_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome {
        prompt_ui(ui, lang.t(T::AskMeleeDice));
        let mut enter = false;
        for (name, field) in names.iter().zip(self.dice.iter_mut()) {
            enter |= dice_field_ui(ui, lang, name, field, DieKind::D6, 2);
        }
        if ui.button(lang.t(T::RollForMe)).clicked() {
            let [a, d] = &mut self.dice;
            roll_into(&battle.rng, &mut [(a, 2), (d, 2)], DieKind::D6);
        }
        let ready = self.dice().is_some();
        let nav = nav_ui(ui, lang, true, T::Next, ready, Some(lang.t(T::DiceNeeded)));
        match nav {
            Nav::Cancel => return Outcome::Cancel,
            Nav::Back => self.step = Step::Situation,
            Nav::Next => self.show_result(battle),
            Nav::None if enter && ready => self.show_result(battle),
            Nav::None => {}
        }
        Outcome::Continue
    }

    fn show_result(&mut self, battle: &Battle) {
        self.step = Step::Result;
        if let Some((a, d)) = self.dice() {
            let r = self.input(battle).resolve(a, d);
            self.losses = [casualties(&r.attacker_effects), casualties(&r.defender_effects)];
        }
    }

    fn result_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome {
        let Some((a, d)) = self.dice() else {
            self.step = Step::Dice;
            return Outcome::Continue;
        };
        let r = self.input(battle).resolve(a, d);
        prompt_ui(ui, lang.t(T::AskMeleeResult));
        for (name, dice, total) in [(&names[0], a, r.attacker_total), (&names[1], d, r.defender_total)] {
            let mods = total - i32::from(dice[0]) - i32::from(dice[1]);
            ui.label(lang.fmt(T::DiceAndTotal, &[name, &dice[0], &dice[1], &format!("{mods:+}"), &total]));
        }
        ui.label(RichText::new(odds_label(lang, names, r.winner, r.outcome)).strong());
        for (i, effects) in [&r.attacker_effects, &r.defender_effects].into_iter().enumerate() {
            let list: Vec<String> = effects.iter().map(|e| effect_text(lang, e)).collect();
            ui.label(format!("{}: {}", names[i], list.join("; ")));
        }
        ui.horizontal(|ui| {
            for (name, losses) in names.iter().zip(self.losses.iter_mut()) {
                super::common::number_ui(ui, &lang.fmt(T::LossesOf, &[name]), losses, 40.0);
            }
        });
        ui.checkbox(&mut self.override_on, lang.t(T::OverrideResult));
        if self.override_on {
            ui.horizontal(|ui| {
                super::common::text_ui(ui, lang.t(T::OverrideWhat), &mut self.override_result, 220.0);
                super::common::text_ui(ui, lang.t(T::OverrideWhy), &mut self.override_reason, 220.0);
            });
        }
        let test_roll = self.owed_test_ui(ui, lang, battle, names, &r);
        let losses = (self.losses[0].trim().parse::<u32>().ok(), self.losses[1].trim().parse::<u32>().ok());
        let override_ok =
            !self.override_on || (!self.override_result.trim().is_empty() && !self.override_reason.trim().is_empty());
        let ready = losses.0.is_some() && losses.1.is_some() && override_ok;
        match nav_ui(ui, lang, true, T::Apply, ready, Some(lang.t(T::LossesAndReasonNeeded))) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Back => {
                self.step = Step::Dice;
                Outcome::Continue
            }
            Nav::Next => {
                let rng_after = self.dice[1].rolled.clone().or_else(|| self.dice[0].rolled.clone());
                let overridden = self.override_on.then(|| Override {
                    result: self.override_result.trim().to_owned(),
                    reason: self.override_reason.trim().to_owned(),
                });
                Outcome::Apply(Action::GdbMelee(Box::new(GdbMeleeAction {
                    attacker: self.attacker,
                    defender: self.defender,
                    attacker_side: self.sides[0].clone(),
                    defender_side: self.sides[1].clone(),
                    dice: (a, d),
                    losses: (losses.0.unwrap_or(0), losses.1.unwrap_or(0)),
                    overridden,
                    rng_after: self.test_rng.clone().or(rng_after),
                    tests: test_roll.into_iter().collect(),
                })))
            }
            Nav::None => Outcome::Continue,
        }
    }
}

impl MeleeWizard {
    /// The winner's pursuit or formation test, rolled on the players' table when it is
    /// filled (AMB-23); otherwise it stays owed, for the players' rulebook.
    fn owed_test_ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        battle: &Battle,
        names: &[String; 2],
        r: &crate::rules::gdb::MeleeResult,
    ) -> Option<crate::model::TestRoll> {
        use crate::rules::gdb::Test;
        use crate::rules::options::TestKind;
        let owed = [(self.attacker, &r.attacker_effects, &names[0]), (self.defender, &r.defender_effects, &names[1])]
            .into_iter()
            .find_map(|(unit, effects, name)| {
                effects.iter().find_map(|e| match e {
                    Effect::Tests { test: Test::Pursuit } => Some((unit, TestKind::Pursuit, name)),
                    Effect::Tests { test: Test::Formation } => Some((unit, TestKind::Formation, name)),
                    _ => None,
                })
            })?;
        let (unit, kind, name) = owed;
        if !battle.options.gdb.has_table(kind) {
            return None;
        }
        ui.label(RichText::new(format!("{}: {}", name, kind.label(lang))).strong());
        ui.horizontal(|ui| {
            dice_field_ui(ui, lang, lang.t(T::TestDice), &mut self.test_dice, DieKind::D6, 2);
            if ui.button(lang.t(T::RollForMe)).clicked() {
                let from = self.dice[1]
                    .rolled
                    .clone()
                    .or_else(|| self.dice[0].rolled.clone())
                    .unwrap_or_else(|| battle.rng.clone());
                self.test_rng = Some(roll_into(&from, &mut [(&mut self.test_dice, 2)], DieKind::D6));
            }
            super::common::text_ui(ui, lang.t(T::TestModifier), &mut self.test_modifier, 40.0);
        });
        let dice = parse_dice(&self.test_dice.text, DieKind::D6, 2).ok()?;
        let dice = [*dice.first()?, *dice.get(1)?];
        let modifier = self.test_modifier.trim().parse::<i32>().unwrap_or(0);
        let total = i32::from(dice[0]) + i32::from(dice[1]) + modifier;
        match battle.options.gdb.test_row(kind, total) {
            Some(row) => {
                ui.label(lang.fmt(T::TableRow, &[&total, &row.from, &row.to, &row.result]));
                Some(crate::model::TestRoll {
                    unit,
                    test: kind,
                    dice,
                    modifier,
                    row: (row.from, row.to, row.result.clone()),
                })
            }
            None => {
                ui.colored_label(crate::ui::theme::ERROR, lang.fmt(T::NoTableRow, &[&total]));
                None
            }
        }
    }
}

fn casualties(effects: &[Effect]) -> String {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::Casualties { figures, .. } => Some(figures.to_string()),
            _ => None,
        })
        .unwrap_or_default()
}

/// Both sides' modifiers side by side, then the exact odds of every result as bars.
pub fn breakdown_and_odds_ui(ui: &mut Ui, lang: Lang, names: &[String; 2], input: &MeleeInput) {
    ui.columns(2, |cols| {
        modifiers_ui(&mut cols[0], lang, &names[0], &input.modifiers(Role::Attacker));
        modifiers_ui(&mut cols[1], lang, &names[1], &input.modifiers(Role::Defender));
    });
    let rows: Vec<(String, f64)> =
        input.odds().iter().map(|o| (odds_label(lang, names, o.winner, o.outcome), o.p)).collect();
    odds_ui(ui, lang, &rows);
}

/// A unit's name in the interface language.
pub fn unit_name(battle: &Battle, id: UnitId, lang: Lang) -> String {
    battle.unit(id).map(|u| u.display_name(lang == Lang::Ru).to_owned()).unwrap_or_default()
}

/// "Attacker wins: loser retreats".
pub fn odds_label(
    lang: Lang,
    names: &[String; 2],
    winner: Option<Role>,
    outcome: crate::rules::gdb::Outcome,
) -> String {
    match winner {
        Some(Role::Attacker) => format!("{}: {}", lang.fmt(T::ResWins, &[&names[0]]), outcome.label(lang)),
        Some(Role::Defender) => format!("{}: {}", lang.fmt(T::ResWins, &[&names[1]]), outcome.label(lang)),
        None => outcome.label(lang).to_owned(),
    }
}

/// The editable situation of one side.
fn side_fields_ui(ui: &mut Ui, lang: Lang, i: usize, s: &mut MeleeSide) {
    egui::Grid::new(("melee_side", i)).num_columns(2).spacing([6.0, 3.0]).show(ui, |ui| {
        ui.label(lang.t(T::Formation));
        if let Some(f) =
            enum_combo_ui(ui, &format!("{} {}", lang.t(T::Formation), i + 1), lang, s.formation, Formation::ALL)
        {
            s.formation = f;
        }
        ui.end_row();
        ui.label(lang.t(T::OrderHeading));
        if let Some(o) =
            enum_combo_ui(ui, &format!("{} {}", lang.t(T::OrderHeading), i + 1), lang, s.order, &Order::ALL[..4])
        {
            s.order = o;
        }
        ui.end_row();
        ui.label(lang.t(T::Terrain));
        if let Some(t) = enum_combo_ui(ui, &format!("{} {}", lang.t(T::Terrain), i + 1), lang, s.terrain, Terrain::ALL)
        {
            s.terrain = t;
        }
        ui.end_row();
        ui.label(lang.t(T::FiguresNow));
        ui.add(egui::DragValue::new(&mut s.figures).range(0..=999)).accessible_name(format!(
            "{} {}",
            lang.t(T::FiguresNow),
            i + 1
        ));
        ui.end_row();
    });
    egui::Grid::new(("melee_flags", i)).num_columns(2).spacing([6.0, 2.0]).show(ui, |ui| {
        ui.checkbox(&mut s.charging, lang.t(T::FlagCharging));
        ui.checkbox(&mut s.pursuing, lang.t(T::FlagPursuing));
        ui.end_row();
        ui.checkbox(&mut s.flank_or_rear, lang.t(T::FlagFlankShort));
        ui.checkbox(&mut s.general_leads, lang.t(T::FlagGeneralLeads));
        ui.end_row();
        ui.checkbox(&mut s.breach, lang.t(T::FlagBreach));
        ui.checkbox(&mut s.changing_formation, lang.t(T::FlagChangingShort));
        ui.end_row();
    });
}
