//! The GdB melee step by step: the situation pre-filled from the units (editable), the
//! modifiers and exact odds; the dice, typed or rolled; the result, losses and any
//! override; the table diff; Apply.

use egui::{RichText, Ui};

use super::Outcome as Outcome2;
use super::common::{DiceField, Nav, dice_field_ui, modifiers_ui, nav_ui, odds_ui, parse_dice, prompt_ui, roll_into};
use crate::game::{Action, GdbMeleeAction, MeleeTable, gdb_melee_input, gdb_melee_result, owed_melee_test};
use crate::i18n::log_text::effect_text;
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, Engagement, Override, UnitId};
use crate::rules::gdb::charge::TestAnswer;
use crate::rules::gdb::{Effect, MeleeInput, MeleeSide, Outcome, Role};
use crate::rules::{DieKind, Slope};
use crate::ui::widgets::enum_combo_ui;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Situation,
    Dice,
    Result,
}

/// Every result the players may impose when they overrule the dice.
const OUTCOMES: [Outcome; 6] =
    [Outcome::Rout, Outcome::Retreat, Outcome::PushedBack, Outcome::Draw, Outcome::SquareHolds, Outcome::SquareBroken];

/// A GdB melee being walked through. It gathers only what the table shows, the dice,
/// entered losses, the owed test and an imposed result; the engagement carries every
/// fact of the charge, and the game derives the result.
#[derive(Debug)]
pub struct MeleeWizard {
    attacker: UnitId,
    defender: UnitId,
    table: (MeleeTable, MeleeTable),
    step: Step,
    dice: [DiceField; 2],
    losses: [String; 2],
    table_losses: Option<(u32, u32)>,
    override_on: bool,
    override_winner: Option<Role>,
    override_outcome: Outcome,
    override_reason: String,
    test: Option<TestAnswer>,
    test_dice: DiceField,
    test_modifier: String,
    test_rng: Option<crate::model::RngState>,
    /// Keep the typed losses in the casualty table for every melee with this result.
    remember_losses: bool,
    /// The step last drawn, to give a newly shown step's first field the focus.
    seen: Option<u32>,
}

impl MeleeWizard {
    /// Opens on a pending melee; a general with either unit is taken to lead it until
    /// the players say otherwise.
    pub fn new(battle: &Battle, pending: &Engagement) -> Option<Self> {
        let (a, d) = (battle.unit(pending.attacker)?, battle.unit(pending.defender)?);
        let leads = |id: UnitId| battle.generals.iter().any(|g| g.attached_to == Some(id) && !g.lost);
        // GDB-MOD-FN6: the slope the table showed at the charge, else as it shows now.
        let table_now = || crate::game::table::engagement_slopes(battle, a.id, d.id);
        let (sa, sd) = pending.slopes.or_else(table_now).unwrap_or_default();
        // The face the engagement carries from the charge (GDB-CHG-16), shown as chosen.
        let table = (
            MeleeTable { general_leads: leads(a.id), slope: sa, ..Default::default() },
            MeleeTable {
                general_leads: leads(d.id),
                slope: sd,
                struck_face: pending.struck_face,
                ..Default::default()
            },
        );
        Some(MeleeWizard {
            attacker: a.id,
            defender: d.id,
            table,
            step: Step::Situation,
            dice: Default::default(),
            losses: Default::default(),
            table_losses: None,
            override_on: false,
            override_winner: None,
            override_outcome: Outcome::Draw,
            override_reason: String::new(),
            test: None,
            test_dice: DiceField::default(),
            test_modifier: String::new(),
            test_rng: None,
            remember_losses: false,
            seen: None,
        })
    }

    /// The casualty-table row that gives the losses typed, when the table has none for
    /// this result (AMB-13).
    fn row_to_remember(&self, battle: &Battle) -> Option<crate::rules::options::CasualtyRow> {
        if self.table_losses.is_some() {
            return None;
        }
        let typed = (self.losses[0].trim().parse().ok()?, self.losses[1].trim().parse().ok()?);
        crate::game::casualty_row_for(battle, &self.action_with_dice(battle)?, typed)
    }

    /// The battle's options with the typed losses kept, when the players asked.
    pub fn tables_to_remember(&self, battle: &Battle) -> Option<crate::model::RulesOptions> {
        let row = self.row_to_remember(battle).filter(|_| self.remember_losses)?;
        let mut options = battle.options.clone();
        options.gdb.casualties.push(row);
        Some(options)
    }

    /// "Remember for every 'Loser retreats'": offered when the casualty table lacks the row.
    fn remember_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        let Some(row) = self.row_to_remember(battle) else {
            self.remember_losses = false;
            return;
        };
        let band = crate::i18n::names::casualty_band(lang, &row.outcome);
        let text = if row.outcome == "draw" {
            lang.fmt(T::RememberDrawLosses, &[&band, &row.loser_loses])
        } else {
            lang.fmt(T::RememberLosses, &[&band, &row.loser_loses, &row.winner_loses])
        };
        ui.checkbox(&mut self.remember_losses, text).on_hover_text(lang.t(T::RememberRatesTip));
    }

    fn evader(&self, battle: &Battle) -> Option<Role> {
        gdb_melee_input(battle, &self.action()).ok().and_then(|(i, _)| i.evader())
    }

    fn dice(&self, battle: &Battle) -> Option<([u8; 2], [u8; 2])> {
        let evader = self.evader(battle);
        let pair = |f: &DiceField, role: Role| {
            if evader == Some(role) {
                return Some([0, 0]);
            }
            parse_dice(&f.text, DieKind::D6, 2).ok().and_then(|v| Some([*v.first()?, *v.get(1)?]))
        };
        Some((pair(&self.dice[0], Role::Attacker)?, pair(&self.dice[1], Role::Defender)?))
    }

    /// The action as the players' inputs stand.
    fn action(&self) -> GdbMeleeAction {
        let typed = (self.losses[0].trim().parse::<u32>().ok(), self.losses[1].trim().parse::<u32>().ok());
        let losses = match typed {
            (Some(a), Some(d)) if self.table_losses != Some((a, d)) => Some((a, d)),
            _ => None,
        };
        let overridden = self.override_on.then(|| Override {
            winner: self.override_winner,
            outcome: Some(self.override_outcome),
            result: String::new(),
            reason: self.override_reason.trim().to_owned(),
        });
        let rng_after =
            self.test_rng.clone().or_else(|| self.dice[1].rolled.clone()).or_else(|| self.dice[0].rolled.clone());
        GdbMeleeAction {
            attacker: self.attacker,
            defender: self.defender,
            table: self.table.clone(),
            dice: ([0, 0], [0, 0]),
            losses,
            test: self.test.clone(),
            overridden,
            rng_after,
        }
    }

    fn action_with_dice(&self, battle: &Battle) -> Option<GdbMeleeAction> {
        let dice = self.dice(battle)?;
        Some(GdbMeleeAction { dice, ..self.action() })
    }

    /// Draws the current step.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome2 {
        let names = [unit_name(battle, self.attacker, lang), unit_name(battle, self.defender, lang)];
        match self.step {
            Step::Situation => self.situation_ui(ui, lang, battle, &names),
            Step::Dice => self.dice_ui(ui, lang, battle, &names),
            Step::Result => self.result_ui(ui, lang, battle, &names),
        }
    }

    fn situation_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome2 {
        prompt_ui(ui, &lang.fmt(T::AskMeleeSituation, &[&names[0], &names[1]]));
        let Ok((input, _)) = gdb_melee_input(battle, &self.action()) else { return Outcome2::Cancel };
        ui.columns(2, |cols| {
            for (i, col) in cols.iter_mut().enumerate() {
                col.label(RichText::new(&names[i]).strong());
                let side = if i == 0 { &input.attacker } else { &input.defender };
                engagement_facts_ui(col, lang, side);
                let t = if i == 0 { &mut self.table.0 } else { &mut self.table.1 };
                table_fields_ui(col, lang, i, t);
            }
        });
        breakdown_and_odds_ui(ui, lang, names, &input);
        match nav_ui(ui, lang, false, T::Next, true, None) {
            Nav::Cancel => Outcome2::Cancel,
            Nav::Next => {
                self.step = Step::Dice;
                Outcome2::Continue
            }
            _ => Outcome2::Continue,
        }
    }

    fn dice_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome2 {
        prompt_ui(ui, lang.t(T::AskMeleeDice));
        let evader = self.evader(battle);
        let mut enter = false;
        let mut focus = super::common::arriving(&mut self.seen, 1);
        for ((name, field), role) in names.iter().zip(self.dice.iter_mut()).zip([Role::Attacker, Role::Defender]) {
            if evader == Some(role) {
                ui.label(lang.fmt(T::EvadersNoDice, &[name]));
            } else {
                enter |= dice_field_ui(ui, lang, name, field, (DieKind::D6, 2), std::mem::take(&mut focus));
            }
        }
        if ui.button(lang.t(T::RollForMe)).clicked() {
            let [a, d] = &mut self.dice;
            roll_into(&battle.rng, &mut [(a, 2), (d, 2)], DieKind::D6);
        }
        let ready = self.dice(battle).is_some();
        let nav = nav_ui(ui, lang, true, T::Next, ready, Some(lang.t(T::DiceNeeded)));
        match nav {
            Nav::Cancel => return Outcome2::Cancel,
            Nav::Back => self.step = Step::Situation,
            Nav::Next => self.show_result(battle),
            Nav::None if enter && ready => self.show_result(battle),
            Nav::None => {}
        }
        Outcome2::Continue
    }

    /// Pre-fills the losses from the casualty table, when it has the row.
    fn show_result(&mut self, battle: &Battle) {
        self.step = Step::Result;
        let Some(r) = self.action_with_dice(battle).and_then(|m| gdb_melee_result(battle, &m).ok()) else { return };
        let (a, d) = (casualties(&r.attacker_effects), casualties(&r.defender_effects));
        self.table_losses = a.zip(d);
        self.losses = [a.map(|x| x.to_string()).unwrap_or_default(), d.map(|x| x.to_string()).unwrap_or_default()];
    }

    fn result_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome2 {
        let Some(action) = self.action_with_dice(battle) else {
            self.step = Step::Dice;
            return Outcome2::Continue;
        };
        let Ok(r) = gdb_melee_result(battle, &GdbMeleeAction { overridden: None, ..action.clone() }) else {
            return Outcome2::Cancel;
        };
        prompt_ui(ui, lang.t(T::AskMeleeResult));
        let (a, d) = action.dice;
        for (name, dice, total) in [(&names[0], a, r.attacker_total), (&names[1], d, r.defender_total)] {
            let mods = total - i32::from(dice[0]) - i32::from(dice[1]);
            ui.label(lang.fmt(T::DiceAndTotal, &[name, &dice[0], &dice[1], &format!("{mods:+}"), &total]));
        }
        ui.label(RichText::new(odds_label(lang, names, r.winner, r.outcome)).strong());
        for (i, effects) in [&r.attacker_effects, &r.defender_effects].into_iter().enumerate() {
            let list: Vec<String> = effects.iter().map(|e| effect_text(lang, e)).collect();
            ui.label(format!("{}: {}", names[i], list.join("; ")));
        }
        let arrived = super::common::arriving(&mut self.seen, 2);
        // Arriving, the first thing to type takes the focus: the losses, else the test dice.
        let mut focus_losses = arrived && self.losses.iter().any(|l| l.trim().is_empty());
        ui.horizontal(|ui| {
            for (name, losses) in names.iter().zip(self.losses.iter_mut()) {
                let focus = std::mem::take(&mut focus_losses);
                super::common::number_focus_ui(ui, &lang.fmt(T::LossesOf, &[name]), losses, 40.0, focus);
            }
        });
        let focus_test = arrived && self.losses.iter().all(|l| !l.trim().is_empty());
        self.remember_ui(ui, lang, battle);
        self.override_ui(ui, lang, names);
        let applied = gdb_melee_result(battle, &action).unwrap_or(r);
        self.owed_test_ui(ui, lang, battle, names, (&applied, &action), focus_test);
        let typed = self.losses.iter().all(|l| l.trim().parse::<u32>().is_ok());
        let override_ok = !self.override_on || !self.override_reason.trim().is_empty();
        // GDB-RES-02, 04, 09: the winner's test is taken with the melee.
        let owed = owed_melee_test(&applied, &action).is_some();
        let ready = typed && override_ok && (!owed || self.test.is_some());
        match nav_ui(ui, lang, true, T::Apply, ready, Some(lang.t(T::LossesReasonTestNeeded))) {
            Nav::Cancel => Outcome2::Cancel,
            Nav::Back => {
                self.step = Step::Dice;
                Outcome2::Continue
            }
            Nav::Next => match self.action_with_dice(battle) {
                Some(m) => Outcome2::Apply(Action::GdbMelee(Box::new(m))),
                None => Outcome2::Continue,
            },
            Nav::None => Outcome2::Continue,
        }
    }

    /// The players overrule the dice: the result they impose, with their reason.
    fn override_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2]) {
        ui.checkbox(&mut self.override_on, lang.t(T::OverrideResult));
        if !self.override_on {
            return;
        }
        ui.horizontal(|ui| {
            let winners = [(Role::Attacker, names[0].clone()), (Role::Defender, names[1].clone())];
            ui.label(lang.t(T::OverrideWinner));
            if let Some(w) = crate::ui::widgets::option_combo_ui(
                ui,
                lang.t(T::OverrideWinner),
                self.override_winner,
                lang.t(T::NoneChoice),
                &winners,
            ) {
                self.override_winner = w;
            }
            ui.label(lang.t(T::OverrideWhat));
            if let Some(o) = enum_combo_ui(ui, lang.t(T::OverrideWhat), lang, self.override_outcome, &OUTCOMES) {
                self.override_outcome = o;
            }
        });
        super::common::text_ui(ui, lang.t(T::OverrideWhy), &mut self.override_reason, 320.0);
    }

    /// The winner's pursuit or formation test: its result chosen, or rolled on the
    /// players' table when it is filled (AMB-23); left untaken it stays owed.
    fn owed_test_ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        battle: &Battle,
        names: &[String; 2],
        (r, action): (&crate::rules::gdb::MeleeResult, &GdbMeleeAction),
        focus: bool,
    ) {
        let Some((unit, kind)) = owed_melee_test(r, action) else {
            self.test = None;
            return;
        };
        let name = if unit == self.attacker { &names[0] } else { &names[1] };
        ui.label(RichText::new(format!("{}: {}", name, kind.label(lang))).strong());
        ui.horizontal(|ui| {
            for c in kind.results() {
                ui.radio_value(&mut self.test, Some(TestAnswer::Result(c)), c.label(lang));
            }
        });
        if !battle.options.gdb.has_table(kind) {
            return;
        }
        ui.horizontal(|ui| {
            dice_field_ui(ui, lang, lang.t(T::TestDice), &mut self.test_dice, (DieKind::D6, 2), focus);
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
        let dice = parse_dice(&self.test_dice.text, DieKind::D6, 2).ok().and_then(|d| Some([*d.first()?, *d.get(1)?]));
        let modifier =
            self.test_modifier.trim().parse::<i32>().ok().or(self.test_modifier.trim().is_empty().then_some(0));
        if let (Some(dice), Some(modifier)) = (dice, modifier) {
            let total = i32::from(dice[0]) + i32::from(dice[1]) + modifier;
            match battle.options.gdb.test_row(kind, total) {
                Some(row) => {
                    ui.label(lang.fmt(T::TableRow, &[&total, &row.from, &row.to, &row.result]));
                    self.test = Some(TestAnswer::Rolled { dice, modifier });
                }
                None => {
                    ui.colored_label(crate::ui::theme::ERROR, lang.fmt(T::NoTableRow, &[&total]));
                }
            }
        } else if modifier.is_none() {
            ui.colored_label(crate::ui::theme::ERROR, lang.t(T::ModifierNotNumber));
        }
    }
}

fn casualties(effects: &[Effect]) -> Option<u32> {
    effects.iter().find_map(|e| match e {
        Effect::Casualties { figures, .. } => Some(*figures),
        _ => None,
    })
}

/// What the engagement fixes for one side, read-only: charging and how far, the flank,
/// caught evaders, a second push-back.
fn engagement_facts_ui(ui: &mut Ui, lang: Lang, side: &MeleeSide) {
    let mut facts = Vec::new();
    if side.charging {
        facts.push(lang.fmt(T::FactCharging, &[&side.moved_cm.unwrap_or_default()]));
    }
    if side.pursuing {
        facts.push(lang.t(T::FlagPursuing).to_owned());
    }
    if side.caught_evading {
        facts.push(lang.t(T::HapEvadersNoFight).to_owned());
    }
    if side.struck_face.flank_or_rear() {
        facts.push(lang.fmt(T::FactStruck, &[&side.struck_face.label(lang)]));
    }
    if side.pushed_back_before {
        facts.push(lang.t(T::FactPushedBackBefore).to_owned());
    }
    for f in facts {
        ui.label(RichText::new(format!("• {f}")).weak());
    }
}

/// What the table shows of one side: slope, flank, a general leading, a breach, a
/// push-back out of the built-up area.
fn table_fields_ui(ui: &mut Ui, lang: Lang, i: usize, t: &mut MeleeTable) {
    ui.horizontal(|ui| {
        ui.label(lang.t(T::SlopeLabel));
        if let Some(v) = enum_combo_ui(ui, &format!("{} {}", lang.t(T::SlopeLabel), i + 1), lang, t.slope, Slope::ALL) {
            t.slope = v;
        }
    });
    egui::Grid::new(("melee_flags", i)).num_columns(2).spacing([6.0, 2.0]).show(ui, |ui| {
        ui.checkbox(&mut t.general_leads, lang.t(T::FlagGeneralLeads));
        ui.end_row();
        super::common::face_ui(ui, lang, i, &mut t.struck_face);
        ui.end_row();
        ui.checkbox(&mut t.breach, lang.t(T::FlagBreach));
        ui.end_row();
        // One flag a row: two side by side ran past the column in Russian.
        ui.checkbox(&mut t.leaves_area, lang.t(T::FlagLeavesArea));
        ui.end_row();
    });
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
