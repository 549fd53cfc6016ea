//! Ruleset B collision test step by step (B-COL-01..21, B-FLE-01..02), drawn from the
//! game's draft: the situation pre-filled and editable, the modifiers and exact odds, the
//! two average dice typed or rolled, the result with its zone or flight, Apply.

use egui::{RichText, Ui};

use super::Outcome;
use super::common::unit_name;
use super::common::{
    DiceField, Nav, dice_field_ui, modifiers_ui, nav_ui, odds_ui, opening_prompt_ui, prompt_ui, roll_into,
};
use crate::game::procedure::CollisionDraft;
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, UnitId};
use crate::rules::ruleset_b::CollisionOutcome;
use crate::rules::{DieKind, Fact, Role, Situation, Slope};
use crate::ui::widgets::enum_combo_ui;

/// A collision test being walked through: the game's draft and the dice fields.
#[derive(Debug)]
pub struct CollisionWizard {
    pub(super) draft: CollisionDraft,
    dice: [DiceField; 2],
    /// This wizard's own memory of the text typed into its number fields.
    typing: u64,
    /// Each side's players' modifier being typed (issue 51).
    overrules: [super::common::PendingOverrule; 2],
}

impl CollisionWizard {
    /// Whether the result is shown.
    pub(super) fn at_result(&self) -> bool {
        self.draft.at_result()
    }

    /// Opens a collision test of `attacker` on `defender`.
    pub fn new(battle: &Battle, attacker: UnitId, defender: UnitId) -> Option<Self> {
        Some(CollisionWizard {
            draft: CollisionDraft::open(battle, attacker, defender)?,
            dice: Default::default(),
            typing: super::common::fresh_salt(),
            overrules: Default::default(),
        })
    }

    /// The typed dice into the draft.
    fn sync_dice(&mut self) {
        let one = |f: &DiceField| super::common::parse_average(&f.text);
        self.draft.dice = one(&self.dice[0]).zip(one(&self.dice[1]));
        self.draft.rng_after = self.dice[1].rolled.clone().or_else(|| self.dice[0].rolled.clone());
    }

    /// Draws the current step.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let names = [unit_name(battle, self.draft.attacker(), lang), unit_name(battle, self.draft.defender(), lang)];
        self.sync_dice();
        if self.draft.at_result() {
            return self.result_ui(ui, lang, battle, &names);
        }
        let Ok(preview) = self.draft.preview(battle) else { return Outcome::Cancel };
        opening_prompt_ui(ui, &lang.fmt(T::AskCollision, &[&names[0], &names[1]]), 2);
        if let Some(facts) = self.draft.from_table().cloned() {
            let ids = (self.draft.attacker(), self.draft.defender());
            super::common::table_facts_ui(ui, lang, battle, ids, (&facts, self.draft.friends_in_path()));
        }
        ui.columns(2, |cols| {
            for (i, col) in cols.iter_mut().enumerate() {
                col.label(RichText::new(&names[i]).strong());
                if i == 1 {
                    col.checkbox(&mut self.draft.defender_attacking, lang.t(T::FlagAttacking));
                }
                let stationary = self.draft.stationary_offered(battle, i);
                // The defender is struck; the attacker only when the defender attacks too.
                let struck = i == 1 || self.draft.defender_attacking;
                let t = if i == 0 { &mut self.draft.table.attacker } else { &mut self.draft.table.defender };
                b_flags_ui(col, lang, i, t, (stationary, struck));
                super::common::players_modifiers_ui(col, lang, i, &mut t.overrules, &mut self.overrules[i]);
            }
        });
        let mut typing = None;
        if let Some(attack) = preview.attack_distance_cm {
            ui.horizontal(|ui| {
                // AMB-37: the game compares the distance with the attack-proper table.
                let label = lang.fmt(T::StartDistance, &[&attack]);
                let typed = (label.as_str(), self.typing);
                let start = &mut self.draft.start_cm;
                if let Err(text) =
                    super::common::typed_value_ui(ui, typed, start, super::common::whole_number, (50.0, false))
                {
                    let why = lang.fmt(T::NotAWholeNumber, &[&label, &text]);
                    ui.colored_label(crate::ui::theme::ERROR, &why);
                    typing = Some(why);
                }
            });
        }
        if preview.unopposed {
            ui.label(RichText::new(lang.t(T::BUnopposed)).strong());
        } else {
            self.odds_and_dice_ui(ui, lang, battle, &names, &preview);
        }
        self.sync_dice();
        // A distance typed that is no number holds the test back, said here.
        let ready = typing.is_none() && self.draft.ready(battle);
        let why = typing.unwrap_or_else(|| lang.t(T::DiceNeeded).to_owned());
        match nav_ui(ui, lang, false, T::Next, ready, Some(&why)) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => {
                self.draft.to_result(battle);
                Outcome::Continue
            }
            Nav::Back | Nav::None => Outcome::Continue,
        }
    }

    fn odds_and_dice_ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        battle: &Battle,
        names: &[String; 2],
        preview: &crate::game::procedure::ruleset_b::CollisionPreview,
    ) {
        ui.columns(2, |cols| {
            modifiers_ui(&mut cols[0], lang, &names[0], &preview.modifiers[0]);
            modifiers_ui(&mut cols[1], lang, &names[1], &preview.modifiers[1]);
        });
        let rows: Vec<(String, f64)> = preview
            .odds
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

    fn result_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome {
        let (a, d) = self.draft.dice_rolled();
        // A preview of what the game will derive from the same inputs.
        let Ok(r) = self.draft.result(battle) else { return Outcome::Cancel };
        prompt_ui(ui, &lang.fmt(T::ResOutcome, &[&r.outcome.label(lang)]));
        // A flank or rear attack, or one on a unit that cannot face it, goes in unopposed
        // (B-COL-02): the result says so, as the test step did.
        if r.unopposed {
            ui.label(RichText::new(lang.t(T::BUnopposed)).strong());
        }
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
            ui.checkbox(&mut self.draft.caught, lang.fmt(T::BCaught, &[chaser, who]));
        }
        for w in &r.wavering {
            let who = if *w == Role::Attacker { &names[0] } else { &names[1] };
            ui.label(lang.fmt(T::BecomesWavering, &[who]));
        }
        match nav_ui(ui, lang, true, T::Apply, true, None) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Back => {
                self.draft.back();
                Outcome::Continue
            }
            Nav::Next => self.draft.finish(battle).map_or(Outcome::Continue, Outcome::Apply),
            Nav::None => Outcome::Continue,
        }
    }
}

/// What the table shows of one side of a Ruleset B collision; "stationary" only where it
/// can count (a cavalry defender, B-COL-10), the face struck only for a side that is
/// struck (the defender, and the attacker when the defender attacks too).
pub fn b_flags_ui(ui: &mut Ui, lang: Lang, i: usize, s: &mut Situation, (stationary, struck): (bool, bool)) {
    ui.horizontal(|ui| {
        ui.label(lang.t(T::SlopeLabel));
        if let Some(v) = enum_combo_ui(ui, &format!("{} {}", lang.t(T::SlopeLabel), i + 1), lang, s.slope, Slope::ALL) {
            s.slope = v;
        }
    });
    if struck {
        super::common::face_ui(ui, lang, i, &mut s.struck_face);
    }
    // Stationary kept while hidden: the rules ignore it for a side that attacks (B-COL-10).
    for fact in Fact::B_COLLISION_TABLE.into_iter().filter(|f| stationary || *f != Fact::Stationary) {
        ui.checkbox(s.fact_mut(fact), fact.label(lang));
    }
}
