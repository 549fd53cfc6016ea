//! Ruleset B collision test step by step (B-COL-01..21, B-FLE-01..02): the situation
//! pre-filled and editable, the modifiers and exact odds, the two average dice typed or
//! rolled, the result with its zone or flight, Apply.

use egui::{RichText, Ui};

use super::Outcome;
use super::common::{DiceField, Nav, dice_field_ui, modifiers_ui, nav_ui, odds_ui, parse_dice, prompt_ui, roll_into};
use super::gdb_melee::unit_name;
use crate::game::{Action, BTable, CollisionAction, collision_input, collision_result};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, UnitId};
use crate::rules::ruleset_b::CollisionOutcome;
use crate::rules::{DieKind, Role, Slope};
use crate::ui::widgets::enum_combo_ui;

/// A collision test being walked through: it gathers what the table shows and the
/// dice; the game derives the result.
#[derive(Debug)]
pub struct CollisionWizard {
    attacker: UnitId,
    defender: UnitId,
    table: (BTable, BTable),
    defender_attacking: bool,
    dice: [DiceField; 2],
    rolled_step: bool,
    start_cm: String,
    caught: bool,
    /// What the table view showed when the wizard opened, pre-filled.
    from_table: Option<crate::game::table::TableFacts>,
}

impl CollisionWizard {
    /// Opens a collision test of `attacker` on `defender`.
    pub fn new(battle: &Battle, attacker: UnitId, defender: UnitId) -> Option<Self> {
        battle.unit(attacker)?;
        battle.unit(defender)?;
        // What the table view shows, when both are placed (B-COL-02, 06, 07).
        let mut table: (crate::game::BTable, crate::game::BTable) = Default::default();
        let facts = crate::game::table::charge_facts(battle, attacker, defender);
        if let Some(f) = &facts {
            table.1.struck_face = f.struck_face;
        }
        if let Some((sa, sd)) = crate::game::table::engagement_slopes(battle, attacker, defender) {
            (table.0.slope, table.1.slope) = (sa, sd);
        }
        let start_cm = facts.as_ref().map(|f| format!("{:.0}", f.distance_cm)).unwrap_or_default();
        Some(CollisionWizard {
            attacker,
            defender,
            table,
            defender_attacking: false,
            dice: Default::default(),
            rolled_step: false,
            start_cm,
            caught: false,
            from_table: facts,
        })
    }

    fn action(&self) -> CollisionAction {
        CollisionAction {
            attacker: self.attacker,
            defender: self.defender,
            table: self.table.clone(),
            defender_attacking: self.defender_attacking,
            distance_cm: self.start_cm.trim().parse().ok(),
            dice: self.dice().unwrap_or((3, 3)),
            caught: self.caught,
            rng_after: self.dice[1].rolled.clone().or_else(|| self.dice[0].rolled.clone()),
        }
    }

    fn dice(&self) -> Option<(u8, u8)> {
        let one = |f: &DiceField| parse_dice(&f.text, DieKind::Average, 1).ok().and_then(|v| v.first().copied());
        Some((one(&self.dice[0])?, one(&self.dice[1])?))
    }

    /// Draws the current step.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let names = [unit_name(battle, self.attacker, lang), unit_name(battle, self.defender, lang)];
        let Ok(input) = collision_input(battle, &self.action()) else { return Outcome::Cancel };
        if self.rolled_step {
            return self.result_ui(ui, lang, battle, &names);
        }
        prompt_ui(ui, &lang.fmt(T::AskCollision, &[&names[0], &names[1]]));
        if let Some(facts) = &self.from_table {
            super::common::table_facts_ui(ui, lang, battle, (self.attacker, self.defender), facts);
        }
        ui.columns(2, |cols| {
            for (i, col) in cols.iter_mut().enumerate() {
                col.label(RichText::new(&names[i]).strong());
                if i == 1 {
                    col.checkbox(&mut self.defender_attacking, lang.t(T::FlagAttacking));
                }
                let t = if i == 0 { &mut self.table.0 } else { &mut self.table.1 };
                b_flags_ui(col, lang, i, t);
            }
        });
        if let Some(attack) = battle.options.ruleset_b.attack_distance(input.attacker.arm) {
            ui.horizontal(|ui| {
                // AMB-37: the game compares the distance with the attack-proper table.
                let label = lang.fmt(T::StartDistance, &[&attack]);
                super::common::number_ui(ui, &label, &mut self.start_cm, 50.0);
            });
        }
        if input.unopposed() {
            ui.label(RichText::new(lang.t(T::BUnopposed)).strong());
        } else {
            ui.columns(2, |cols| {
                modifiers_ui(&mut cols[0], lang, &names[0], &input.modifiers(Role::Attacker));
                modifiers_ui(&mut cols[1], lang, &names[1], &input.modifiers(Role::Defender));
            });
            let rows: Vec<(String, f64)> = input
                .odds()
                .iter()
                .map(|o| {
                    let zone = o.zone.map(|z| format!(" ({})", lang.fmt(T::BZone, &[&z]))).unwrap_or_default();
                    (format!("{}{zone}", o.outcome.label(lang)), o.p)
                })
                .collect();
            odds_ui(ui, lang, &rows);
            for (name, field) in names.iter().zip(self.dice.iter_mut()) {
                dice_field_ui(ui, lang, name, field, (DieKind::Average, 1), false);
            }
            if ui.button(lang.t(T::RollForMe)).clicked() {
                let [a, d] = &mut self.dice;
                roll_into(&battle.rng, &mut [(a, 1), (d, 1)], DieKind::Average);
            }
        }
        let ready = input.unopposed() || self.dice().is_some();
        match nav_ui(ui, lang, false, T::Next, ready, Some(lang.t(T::DiceNeeded))) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => {
                self.rolled_step = true;
                Outcome::Continue
            }
            _ => Outcome::Continue,
        }
    }

    fn result_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome {
        let (a, d) = self.dice().unwrap_or((3, 3));
        // A preview of what the game will derive from the same inputs.
        let Ok(r) = collision_result(battle, &self.action()) else { return Outcome::Cancel };
        prompt_ui(ui, &lang.fmt(T::ResOutcome, &[&r.outcome.label(lang)]));
        if let (Some(at), Some(dt)) = (r.attacker_total, r.defender_total) {
            for (name, die, total) in [(&names[0], a, at), (&names[1], d, dt)] {
                ui.label(lang.fmt(T::DieAndTotal, &[name, &die, &format!("{:+}", total - i32::from(die)), &total]));
            }
        }
        if let Some(z) = r.zone {
            ui.label(format!("{}: {}", names[0], lang.fmt(T::BZone, &[&z])));
        }
        if let Some(cm) = r.flee_cm {
            let (who, chaser) = if r.outcome == CollisionOutcome::AttackerFlees {
                (&names[0], &names[1])
            } else {
                (&names[1], &names[0])
            };
            ui.label(format!("{who}: {}", lang.fmt(T::BFlees, &[&cm])));
            // B-FLE-02: the other side advances its full charge move; reaching the
            // fugitive leads to a melee in which it rolls no dice (B-MEL-12).
            ui.checkbox(&mut self.caught, lang.fmt(T::BCaught, &[chaser, who]));
        }
        for w in &r.wavering {
            let who = if *w == Role::Attacker { &names[0] } else { &names[1] };
            ui.label(lang.fmt(T::BecomesWavering, &[who]));
        }
        match nav_ui(ui, lang, true, T::Apply, true, None) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Back => {
                self.rolled_step = false;
                Outcome::Continue
            }
            Nav::Next => Outcome::Apply(Action::Collision(Box::new(self.action()))),
            Nav::None => Outcome::Continue,
        }
    }
}

/// What the table shows of one side of a Ruleset B collision.
pub fn b_flags_ui(ui: &mut Ui, lang: Lang, i: usize, s: &mut BTable) {
    ui.horizontal(|ui| {
        ui.label(lang.t(T::SlopeLabel));
        if let Some(v) = enum_combo_ui(ui, &format!("{} {}", lang.t(T::SlopeLabel), i + 1), lang, s.slope, Slope::ALL) {
            s.slope = v;
        }
    });
    ui.checkbox(&mut s.started_close, lang.t(T::FlagStartedClose));
    ui.checkbox(&mut s.stationary, lang.t(T::FlagStationary));
    ui.checkbox(&mut s.under_fire, lang.t(T::FlagUnderFire));
    ui.checkbox(&mut s.withdrawing, lang.t(T::FlagWithdrawing));
    super::common::face_ui(ui, lang, i, &mut s.struck_face);
    ui.checkbox(&mut s.changing_formation, lang.t(T::FlagChangingFormation));
}
