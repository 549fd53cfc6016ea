//! The GdB melee step by step, drawn from the game's draft: the situation pre-filled
//! from the units (editable), the modifiers and exact odds; the dice, typed or rolled;
//! the result, losses and any override; Apply.

use egui::{RichText, Ui};

use super::Outcome as Outcome2;
use super::common::{
    DiceField, Nav, breakdown_and_odds_ui, dice_field_typed_ui, dice_field_ui, nav_ui, odds_label, opening_prompt_ui,
    prompt_ui, roll_into, typed_value_ui, unit_name, whole_number,
};
use crate::game::procedure::melee::{IMPOSED_OUTCOMES, MeleeView};
use crate::game::procedure::{MeleeDraft, MeleeDraftStep};
use crate::i18n::log_text::effect_text;
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, Engagement};
use crate::rules::gdb::charge::TestAnswer;
use crate::rules::gdb::{MeleeSide, Role};
use crate::rules::{ByRole, DieKind, Fact, Situation, Slope};
use crate::ui::widgets::enum_combo_ui;

/// A GdB melee being walked through: the game's draft, and the dice fields the players
/// type into.
#[derive(Debug)]
pub struct MeleeWizard {
    pub(super) draft: MeleeDraft,
    dice: [DiceField; 2],
    test_dice: DiceField,
    test_modifier: String,
    test_rng: Option<crate::model::RngState>,
    /// The step last drawn, to give a newly shown step's first field the focus.
    seen: Option<u32>,
    /// This wizard's own memory of the text typed into its number fields.
    typing: u64,
    /// Each side's players' modifier being typed (issue 51).
    overrules: [super::common::PendingOverrule; 2],
}

impl MeleeWizard {
    /// The step shown.
    pub(super) fn step_now(&self) -> crate::game::procedure::MeleeDraftStep {
        self.draft.step_now()
    }

    /// Opens on a pending melee, as the game drafts it.
    pub fn new(battle: &Battle, pending: &Engagement) -> Option<Self> {
        Some(MeleeWizard {
            draft: MeleeDraft::open(battle, pending)?,
            dice: Default::default(),
            test_dice: DiceField::default(),
            test_modifier: String::new(),
            test_rng: None,
            seen: None,
            typing: super::common::fresh_salt(),
            overrules: Default::default(),
        })
    }

    /// The battle's options with the typed losses kept, when the players asked.
    pub fn tables_to_remember(&self, battle: &Battle) -> Option<crate::model::RulesOptions> {
        self.draft.tables_to_remember(battle)
    }

    /// "Remember for every 'Loser retreats'": offered when the casualty table lacks the row.
    /// Its line stands from the step's first frame, greyed out until both losses are typed,
    /// so that typing moves no button (issue 30); a row that differs from what was typed
    /// says why (a cavalry loser against infantry loses half, GDB-MOD-FN2).
    fn remember_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, outcome: &str) {
        if self.draft.losses_from_table() {
            self.draft.remember_losses = false;
            return;
        }
        let Some(row) = self.draft.row_to_remember(battle) else {
            self.draft.remember_losses = false;
            let band = crate::i18n::names::casualty_band(lang, outcome);
            let mut off = false;
            ui.add_enabled(false, egui::Checkbox::new(&mut off, lang.fmt(T::RememberWhenTyped, &[&band])));
            return;
        };
        let band = crate::i18n::names::casualty_band(lang, &row.outcome);
        let mut text = if row.outcome == "draw" {
            lang.fmt(T::RememberDrawLosses, &[&band, &row.loser_loses])
        } else {
            lang.fmt(T::RememberLosses, &[&band, &row.loser_loses, &row.winner_loses])
        };
        let typed: Vec<u32> = self.draft.losses.iter().flatten().copied().collect();
        if !typed.contains(&row.loser_loses) || (row.outcome != "draw" && !typed.contains(&row.winner_loses)) {
            text.push(' ');
            text.push_str(lang.t(T::RememberHalved));
        }
        ui.checkbox(&mut self.draft.remember_losses, text).on_hover_text(lang.t(T::RememberRatesTip));
    }

    /// The typed dice into the draft, with the generator's state after any rolled.
    fn sync_dice(&mut self) {
        let pair = |f: &DiceField| super::common::parse_2d6(&f.text);
        self.draft.dice = [pair(&self.dice[0]), pair(&self.dice[1])];
        let rolled = self.dice[1].rolled.clone().or_else(|| self.dice[0].rolled.clone());
        self.draft.rng_after = self.test_rng.clone().or(rolled);
    }

    /// Draws the current step.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome2 {
        let names = [unit_name(battle, self.draft.attacker(), lang), unit_name(battle, self.draft.defender(), lang)];
        self.sync_dice();
        match self.draft.step_now() {
            MeleeDraftStep::Situation => self.situation_ui(ui, lang, battle, &names),
            MeleeDraftStep::Result => self.result_ui(ui, lang, battle, &names),
        }
    }

    /// The situation, the modifiers and exact odds, then the dice under them: typed (the
    /// first side's two digits pass the focus to the other's) or rolled; Enter goes on.
    fn situation_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome2 {
        opening_prompt_ui(ui, &lang.fmt(T::AskMeleeSituation, &[&names[0], &names[1]]), 2);
        let Some(input) = self.draft.situation(battle) else { return Outcome2::Cancel };
        ui.columns(2, |cols| {
            for (i, col) in cols.iter_mut().enumerate() {
                col.label(RichText::new(&names[i]).strong());
                let side = if i == 0 { &input.attacker } else { &input.defender };
                engagement_facts_ui(col, lang, side);
                let t = if i == 0 { &mut self.draft.table.attacker } else { &mut self.draft.table.defender };
                table_fields_ui(col, lang, i, t);
                super::common::players_modifiers_ui(col, lang, i, &mut t.overrules, &mut self.overrules[i]);
            }
        });
        breakdown_and_odds_ui(ui, lang, names, &input);
        self.dice_ui(ui, lang, battle, names);
        let ready = self.draft.dice_given(battle).is_some();
        match nav_ui(ui, lang, false, T::Next, ready, Some(lang.t(T::DiceNeeded))) {
            Nav::Cancel => Outcome2::Cancel,
            Nav::Next => {
                self.draft.to_result(battle);
                Outcome2::Continue
            }
            Nav::Back | Nav::None => Outcome2::Continue,
        }
    }

    /// Each side's 2D6 (GDB-MEL-03), the first field taking the focus as the step opens.
    fn dice_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) {
        ui.separator();
        prompt_ui(ui, lang.t(T::AskMeleeDice));
        let evader = self.draft.evader(battle);
        let mut focus = super::common::arriving(&mut self.seen, 0);
        for ((name, field), role) in names.iter().zip(self.dice.iter_mut()).zip([Role::Attacker, Role::Defender]) {
            if evader == Some(role) {
                ui.label(lang.fmt(T::EvadersNoDice, &[name]));
            } else {
                let typed = dice_field_typed_ui(ui, lang, name, field, (DieKind::D6, 2), std::mem::take(&mut focus));
                focus = typed.completed;
            }
        }
        if ui.button(lang.t(T::RollForMe)).clicked() {
            let [a, d] = &mut self.dice;
            roll_into(&battle.rng, &mut [(a, 2), (d, 2)], DieKind::D6);
        }
        self.sync_dice();
    }

    fn result_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome2 {
        let Some(view) = self.draft.view(battle) else {
            self.draft.back();
            return Outcome2::Continue;
        };
        prompt_ui(ui, lang.t(T::AskMeleeResult));
        // The modifiers the dice were added to, where the situation's choices stood: no
        // answer of this step stands where one of the step before did (issue 30).
        if let Some(input) = self.draft.situation(battle) {
            super::common::breakdown_marked_ui(ui, lang, names, &input, &view.pivotal);
        }
        let r = &view.by_dice;
        let ByRole { attacker: a, defender: d } = view.dice;
        for (name, dice, total) in [(&names[0], a, r.attacker_total), (&names[1], d, r.defender_total)] {
            let mods = total - i32::from(dice[0]) - i32::from(dice[1]);
            ui.label(lang.fmt(T::DiceAndTotal, &[name, &dice[0], &dice[1], &format!("{mods:+}"), &total]));
        }
        ui.label(RichText::new(odds_label(lang, names, r.winner, r.outcome)).strong());
        for (i, effects) in [&r.attacker_effects, &r.defender_effects].into_iter().enumerate() {
            let list: Vec<String> = effects.iter().map(|e| effect_text(lang, e)).collect();
            ui.label(format!("{}: {}", names[i], list.join("; ")));
        }
        let arrived = super::common::arriving(&mut self.seen, 1);
        // Arriving, the first thing to type takes the focus: the losses, else the test dice.
        let mut focus_losses = arrived && self.draft.losses.iter().any(Option::is_none);
        let mut bad = None;
        // Wrapped: two long Russian names do not fit one line of the docked panel.
        ui.horizontal_wrapped(|ui| {
            for (i, (name, losses)) in names.iter().zip(self.draft.losses.iter_mut()).enumerate() {
                let focus = std::mem::take(&mut focus_losses);
                let label = lang.fmt(T::LossesOf, &[name]);
                let salt = self.typing.wrapping_add(i as u64);
                let typed = typed_value_ui(ui, (&label, salt), losses, whole_number, (40.0, focus));
                if let (Err(text), None) = (typed, &bad) {
                    bad = Some(lang.fmt(T::NotAWholeNumber, &[&label, &text]));
                }
            }
        });
        if let Some(bad) = &bad {
            ui.colored_label(crate::ui::theme::ERROR, bad);
        }
        // More than a unit has is refused here, naming the regiment, as Apply would.
        let refused = self.draft.losses_refused(battle);
        for ((name, has), lost) in names.iter().zip(refused).zip(self.draft.losses) {
            if let (Some(has), Some(lost)) = (has, lost) {
                let (has, lost) =
                    (lang.count(has, crate::i18n::Noun::Figure), lang.count(lost, crate::i18n::Noun::FigureAcc));
                ui.colored_label(crate::ui::theme::ERROR, lang.fmt(T::TooManyOf, &[name, &has, &lost]));
            }
        }
        let focus_test = arrived && self.draft.losses.iter().all(Option::is_some);
        self.override_ui(ui, lang, names);
        self.owed_test_ui(ui, lang, battle, names, &view, focus_test);
        // Last: its words change as the losses are typed, and nothing stands below it.
        self.remember_ui(ui, lang, battle, r.outcome.casualty_key());
        let ready = self.draft.ready(battle);
        match nav_ui(ui, lang, true, T::Apply, ready, Some(lang.t(T::LossesReasonTestNeeded))) {
            Nav::Cancel => Outcome2::Cancel,
            Nav::Back => {
                self.draft.back();
                Outcome2::Continue
            }
            Nav::Next => self.draft.finish(battle).map_or(Outcome2::Continue, Outcome2::Apply),
            Nav::None => Outcome2::Continue,
        }
    }

    /// The players overrule the dice: the result they impose, with their reason.
    fn override_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2]) {
        let d = &mut self.draft;
        ui.checkbox(&mut d.override_on, lang.t(T::OverrideResult));
        if !d.override_on {
            return;
        }
        ui.horizontal(|ui| {
            let winners = [(Role::Attacker, names[0].clone()), (Role::Defender, names[1].clone())];
            ui.label(lang.t(T::OverrideWinner));
            let (label, none) = (lang.t(T::OverrideWinner), lang.t(T::NoneChoice));
            if let Some(w) = crate::ui::widgets::option_combo_ui(ui, label, d.override_winner, none, &winners) {
                d.override_winner = w;
            }
            ui.label(lang.t(T::OverrideWhat));
            if let Some(o) = enum_combo_ui(ui, lang.t(T::OverrideWhat), lang, d.override_outcome, &IMPOSED_OUTCOMES) {
                d.override_outcome = o;
            }
        });
        super::common::text_ui(ui, lang.t(T::OverrideWhy), &mut d.override_reason, 320.0);
    }

    /// The winner's pursuit or formation test: its result chosen, or rolled on the
    /// players' table when it is filled (AMB-23); left untaken it stays owed.
    fn owed_test_ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        battle: &Battle,
        names: &[String; 2],
        view: &MeleeView,
        focus: bool,
    ) {
        let Some((unit, kind)) = view.owed_test else { return };
        let name = if unit == self.draft.attacker() { &names[0] } else { &names[1] };
        ui.label(RichText::new(format!("{}: {}", name, kind.label(lang))).strong());
        // One answer a line: in both languages the answers keep their places (issue 30).
        ui.vertical(|ui| {
            for c in kind.results() {
                ui.radio_value(&mut self.draft.test, Some(TestAnswer::Result(c)), c.label(lang));
            }
        });
        if !battle.options.gdb.has_table(kind) {
            return;
        }
        ui.horizontal(|ui| {
            dice_field_ui(ui, lang, lang.t(T::TestDice), &mut self.test_dice, (DieKind::D6, 2), focus);
            if ui.button(lang.t(T::RollForMe)).clicked() {
                let from = self.draft.rng_after.clone().unwrap_or_else(|| battle.rng.clone());
                self.test_rng = Some(roll_into(&from, &mut [(&mut self.test_dice, 2)], DieKind::D6));
            }
            super::common::text_ui(ui, lang.t(T::TestModifier), &mut self.test_modifier, 40.0);
        });
        let rolled =
            super::fields::test_roll_ui(ui, lang, battle, (kind, Some(unit)), &self.test_dice, &self.test_modifier);
        if let Some((dice, modifier, _)) = rolled {
            self.draft.test = crate::game::procedure::rolled_answer(&dice, modifier);
        }
    }
}
/// What the engagement fixes for one side, read-only: charging and how far, the flank,
/// caught evaders, a second push-back.
fn engagement_facts_ui(ui: &mut Ui, lang: Lang, side: &MeleeSide) {
    let side = &side.situation;
    let mut facts = Vec::new();
    if side.charging {
        facts.push(lang.fmt(T::FactCharging, &[&side.moved_cm.unwrap_or_default()]));
    }
    if side.pursuing {
        facts.push(Fact::Pursuing.label(lang).to_owned());
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
fn table_fields_ui(ui: &mut Ui, lang: Lang, i: usize, t: &mut Situation) {
    ui.horizontal(|ui| {
        ui.label(lang.t(T::SlopeLabel));
        if let Some(v) = enum_combo_ui(ui, &format!("{} {}", lang.t(T::SlopeLabel), i + 1), lang, t.slope, Slope::ALL) {
            t.slope = v;
        }
    });
    // Off the table view: the ground it fights on, pre-filled with where it stood.
    if let Some(ground) = t.ground {
        ui.horizontal(|ui| {
            ui.label(lang.t(T::GroundAtContact));
            let id = format!("{} {}", lang.t(T::GroundAtContact), i + 1);
            if let Some(v) = enum_combo_ui(ui, &id, lang, ground, crate::rules::Terrain::ALL) {
                t.ground = Some(v);
            }
        });
    }
    super::common::face_ui(ui, lang, i, &mut t.struck_face);
    // The flags side by side where the column has room, wrapped where it has not (long
    // Russian labels), so that a flag more costs a row only when it must.
    ui.horizontal_wrapped(|ui| {
        for fact in Fact::GDB_MELEE_TABLE {
            ui.checkbox(t.fact_mut(fact), fact.label(lang));
        }
    });
}
