//! The GdB charge step by step (GDB-CHG-01..27), drawn from the game's draft: the
//! declaration with its checks, the target's reaction (forbidden ones disabled with the
//! reason), then each test and decision the game asks for, and Apply. The steps after
//! the declaration are drawn in `gdb_charge_steps`.

use egui::{RichText, Ui};

use super::Outcome;
use super::common::{Nav, breakdown_and_odds_ui, nav_ui, opening_prompt_ui, typed_value_ui, unit_name, whole_number};
use crate::game::ChargeAction;
use crate::game::procedure::{ChargeDraft, Measured, QuickDeclare};
use crate::i18n::errors::{action_error_text, charge_error_text, draft_refusal_text};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, UnitId};
use crate::rules::Formation;

/// A GdB charge being walked through: the game's draft, and what the players are typing
/// at the current step.
#[derive(Debug)]
pub struct ChargeWizard {
    pub(super) draft: ChargeDraft,
    pub(super) fields: StepFields,
    pub(super) error: Option<String>,
    pub(super) test_dice: super::common::DiceField,
    /// The step last drawn, and whether this frame draws it for the first time (its first
    /// field then takes the focus).
    seen: Option<u32>,
    pub(super) arrived: bool,
    /// This wizard's own memory of the text typed into its number fields.
    typing: u64,
}

/// What the players type at the steps after the declaration.
#[derive(Debug, Default)]
pub(super) struct StepFields {
    pub casualties: String,
    pub counter_cm: String,
    pub limber_die: String,
    pub limber_named: String,
    pub bases: String,
    pub to_formation: Option<Formation>,
    pub duration: String,
    pub needed: String,
    pub left: String,
    pub test_modifier: String,
    /// The players overrule a step's refusal (GDB-CHG-18, 19, 20), with their reason.
    pub step_overrule: bool,
    pub step_reason: String,
}

/// What a measure's field and the table's value beside it take, and the least a label
/// is given before it wraps.
const MEASURE_FIELDS_W: f32 = 190.0;
const MEASURE_LABEL_MIN_W: f32 = 200.0;

impl ChargeWizard {
    /// The step shown, as the draft numbers it.
    pub(super) fn step_number(&self) -> u32 {
        self.draft.step_number()
    }

    fn of(draft: ChargeDraft) -> Self {
        ChargeWizard {
            draft,
            fields: StepFields::default(),
            error: None,
            test_dice: Default::default(),
            seen: None,
            arrived: false,
            typing: super::common::fresh_salt(),
        }
    }

    /// Opens a charge of `charger` on `target`, pre-filled by the game.
    pub fn new(battle: &Battle, charger: UnitId, target: UnitId, measured: &mut Measured) -> Option<Self> {
        ChargeDraft::open(battle, charger, target, measured).map(Self::of)
    }

    /// Opens a declared charge to carry it out (GDB-CHG-04).
    pub fn carry_out(battle: &Battle, declared: &ChargeAction, measured: &mut Measured) -> Option<Self> {
        ChargeDraft::carry_out(battle, declared, measured).map(Self::of)
    }

    /// The battle's options with the rates the players asked to remember.
    pub fn tables_to_remember(&self, battle: &Battle) -> Option<crate::model::RulesOptions> {
        self.draft.tables_to_remember(battle)
    }

    /// Keeps the rates typed in this wizard for the rest of the turn.
    pub fn remember(&self, battle: &Battle, measured: &mut Measured) {
        self.draft.remember_typed(battle, measured);
    }

    /// "Remember for all dragoons in line": offered for each unit whose typed rates the
    /// players' table lacks.
    fn remember_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        for (i, offered) in self.draft.rememberable(battle).into_iter().enumerate() {
            let Some((arm, formation)) = offered else { continue };
            let arm = arm.label(lang).to_lowercase();
            let text = lang.fmt(T::RememberRates, &[&arm, &formation.label(lang).to_lowercase()]);
            ui.checkbox(&mut self.draft.remember[i], text).on_hover_text(lang.t(T::RememberRatesTip));
        }
    }

    /// Draws the current step.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let names = [unit_name(battle, self.draft.charger(), lang), unit_name(battle, self.draft.target(), lang)];
        self.arrived = super::common::arriving(&mut self.seen, self.draft.step_number());
        if !self.draft.is_declared() {
            return self.declaration_ui(ui, lang, battle, &names);
        }
        match self.draft.current(battle) {
            Ok(step) => self.step_ui(ui, lang, battle, &names, &step),
            Err(e) => {
                // The battle changed under the wizard: the draft starts the steps again.
                self.error = Some(action_error_text(lang, &e));
                Outcome::Continue
            }
        }
    }

    /// The measures and rates; the refusal of the first that is no whole number.
    fn measures_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2]) -> Option<String> {
        let [distance, bearing] = self.draft.typed_as_table();
        let tag = |ui: &mut Ui, value: Option<f64>| {
            if let Some(v) = value {
                ui.label(RichText::new(lang.fmt(T::FromTableValue, &[&lang.decimal(v, 1)])).weak().small());
            }
        };
        let focus = self.arrived;
        let f = &mut self.draft.typed;
        let mut bad = None;
        // Each field its own text, even where the two units' names are the same.
        let mut salt = self.typing;
        let mut field = |ui: &mut Ui, label: &str, value: &mut Option<u32>, focus: bool| {
            salt = salt.wrapping_add(1);
            let typed = typed_value_ui(ui, (label, salt), value, whole_number, (60.0, focus));
            if let (Err(text), None) = (typed, &bad) {
                bad = Some(lang.fmt(T::NotAWholeNumber, &[&label, &text]));
            }
        };
        // Long Russian labels wrap in their column where the step is narrow (docked), so that
        // the fields and what the table measured fit (issue 45: "со стола: 50.9" was cut at
        // the panel's edge); in the window they keep one line, and their places.
        let label_w = (ui.available_width() - MEASURE_FIELDS_W).max(MEASURE_LABEL_MIN_W);
        egui::Grid::new("declare").num_columns(3).spacing([8.0, 4.0]).max_col_width(label_w).show(ui, |ui| {
            field(ui, lang.t(T::DistanceCm), &mut f.distance, focus);
            tag(ui, distance);
            ui.end_row();
            field(ui, lang.t(T::BearingDeg), &mut f.bearing, false);
            tag(ui, bearing);
            ui.end_row();
            field(ui, &lang.fmt(T::ChargeMoveOf, &[&names[0]]), &mut f.charge_move, false);
            ui.end_row();
            field(ui, &lang.fmt(T::MoveOf, &[&names[1]]), &mut f.target_move, false);
            ui.end_row();
            field(ui, &lang.fmt(T::ChargeMoveOf, &[&names[1]]), &mut f.target_charge, false);
            ui.end_row();
            field(ui, &lang.fmt(T::CompulsoryOf, &[&names[1]]), &mut f.target_compulsory, false);
            ui.end_row();
        });
        bad
    }

    fn declaration_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome {
        opening_prompt_ui(ui, &lang.fmt(T::AskDeclare, &[&names[0], &names[1]]), 3);
        if let Some(facts) = self.draft.from_table().cloned() {
            let ids = (self.draft.charger(), self.draft.target());
            super::common::table_facts_ui(ui, lang, battle, ids, (&facts, self.draft.friends_in_path()));
        }
        let bad = self.measures_ui(ui, lang, names);
        if let Some(g) = self.draft.commander(battle) {
            ui.label(RichText::new(crate::i18n::names::general_line(g, lang)).weak());
        }
        let m = &mut self.draft.measured;
        ui.checkbox(&mut m.commander_within_15cm, lang.t(T::CommanderWithin15));
        ui.checkbox(&mut m.target_visible, lang.t(T::TargetVisible));
        super::common::face_ui(ui, lang, 0, &mut m.struck_face);
        self.screen_ui(ui, lang, battle);
        self.opportunity_ui(ui, lang, battle);
        // The declaration as it stands, judged by the game once a frame.
        let view = self.draft.declaration_view(battle);
        let text = |r: &crate::game::procedure::DraftRefusal| draft_refusal_text(lang, r);
        // The answers first, then what typing makes appear (the refusal, the overrule,
        // the rates to remember), so that typing moves no answer (issue 30).
        if battle.ruleset == crate::rules::Ruleset::Gdb {
            let only =
                ui.add_enabled(view.declare_only.is_ok() && bad.is_none(), egui::Button::new(lang.t(T::DeclareOnly)));
            let only = only.on_hover_text(lang.t(T::DeclareOnlyTip));
            if let Err(later) = &view.declare_only {
                only.clone().on_disabled_hover_text(text(later));
            }
            if only.clicked()
                && let Ok(action) = self.draft.declare_only(battle)
            {
                return Outcome::Apply(action);
            }
        }
        if self.declare_and_react_ui(ui, lang, battle, names, (&view, bad.is_none())) {
            return Outcome::Continue;
        }
        if let Some(e) = &self.error {
            ui.colored_label(crate::ui::theme::ERROR, e);
        }
        if let Some(bad) = &bad {
            ui.colored_label(crate::ui::theme::ERROR, bad);
        } else if let Some(why) = &view.refused {
            ui.colored_label(crate::ui::theme::ERROR, text(why));
        } else {
            quick_note_ui(ui, lang, battle, &view.quick, &text);
        }
        self.overrule_ui(ui, lang, battle);
        self.remember_ui(ui, lang, battle);
        // The odds after the choices, so that the choices stay where they are.
        self.melee_preview_ui(ui, lang, battle, names);
        let now = bad.or_else(|| view.quick.as_ref().err().map(text));
        match nav_ui(ui, lang, false, T::Declare, now.is_none(), now.as_deref()) {
            Nav::Cancel => Outcome::Cancel,
            // GDB-CHG-03, 04: carried out at once, or declared with this side's declarations
            // closed while the other side declares (issue 43).
            Nav::Next => match view.quick {
                Ok(QuickDeclare::ThenOtherSide { actions, other }) => {
                    Outcome::ThenOtherSide { actions, charge: (self.draft.charger(), self.draft.target()), other }
                }
                Ok(QuickDeclare::CarryOut { .. }) | Err(_) => {
                    self.error = self.draft.declare(battle).err().map(|r| text(&r));
                    Outcome::Continue
                }
            },
            Nav::None | Nav::Back => Outcome::Continue,
        }
    }

    /// Declare and the target's reaction in one answer (issue 30): the four plain
    /// reactions, each greyed out with the game's reason where it may not be taken now;
    /// a change of formation is chosen at the reaction step after Declare. Returns
    /// whether the players answered.
    fn declare_and_react_ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        battle: &Battle,
        names: &[String; 2],
        (view, measures_ok): (&crate::game::procedure::DeclarationView, bool),
    ) -> bool {
        let mut chosen = None;
        ui.label(lang.fmt(T::DeclareAndReact, &[&names[1]]));
        ui.horizontal(|ui| {
            for (reaction, verdict) in &view.reactions {
                let label = super::gdb_charge_steps::reaction_label(lang, reaction);
                let b = ui.add_enabled(verdict.is_ok() && measures_ok, egui::Button::new(label));
                if let Err(why) = verdict {
                    b.clone().on_disabled_hover_text(draft_refusal_text(lang, why));
                }
                if b.clicked() {
                    chosen = Some(reaction.clone());
                }
            }
        });
        // None may be taken yet for the turn's order: why, in plain sight (a greyed button
        // alone looks live). A refused charge says why above, once.
        let not_yet = |why: &crate::game::procedure::DraftRefusal| {
            matches!(why, crate::game::procedure::DraftRefusal::Game(crate::game::ActionError::Turn(_)))
        };
        let refused: Vec<String> = view
            .reactions
            .iter()
            .filter_map(|(_, v)| v.as_ref().err().filter(|why| not_yet(why)))
            .map(|why| draft_refusal_text(lang, why))
            .collect();
        if refused.len() == view.reactions.len()
            && let Some(first) = refused.first()
            && refused.iter().all(|r| r == first)
        {
            ui.label(egui::RichText::new(first).weak());
        }
        let Some(reaction) = chosen else { return false };
        self.error = self.draft.declare_and_react(battle, reaction).err().map(|r| draft_refusal_text(lang, &r));
        true
    }

    /// The opportunity charge's facts and its ordering general (GDB-OPP-01..08).
    fn opportunity_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        let mut opportunity = self.draft.measured.opportunity.is_some();
        if ui
            .checkbox(&mut opportunity, lang.t(T::OpportunityCharge))
            .on_hover_text(lang.t(T::OpportunityTip))
            .changed()
        {
            self.draft.set_opportunity(opportunity);
        }
        if let Some(opp) = &mut self.draft.measured.opportunity {
            ui.indent("opportunity", |ui| {
                ui.checkbox(&mut opp.in_reach_at_phase_start, lang.t(T::OppInReach));
                ui.checkbox(&mut opp.enemy_charge_begun, lang.t(T::OppBegun));
            });
            self.ordering_general_ui(ui, lang, battle);
        }
    }

    /// The target side's skirmishers in play, ticked where they stand in the charge's
    /// path (GDB-CHG-22): they evade and may not fire.
    fn screen_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        let skirmishers = self.draft.screen_candidates(battle);
        if skirmishers.is_empty() {
            return;
        }
        ui.label(lang.t(T::ScreenInPath));
        ui.horizontal_wrapped(|ui| {
            for u in skirmishers {
                let mut on = self.draft.screens(u.id);
                if ui.checkbox(&mut on, u.display_name(lang == Lang::Ru)).changed() {
                    self.draft.set_screen(u.id, on);
                }
            }
        });
    }

    /// The refusals the game gives now, if the players may overrule them: with the box
    /// ticked and a reason typed, the charge goes through and the journal keeps both.
    fn overrule_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        let was_on = self.draft.overruling();
        let (offered, overrule) = self.draft.overrule_offered(battle, was_on);
        if !offered {
            return;
        }
        let mut on = was_on;
        ui.checkbox(&mut on, lang.t(T::OverruleRefusal));
        if let Some(o) = overrule.filter(|_| on) {
            ui.horizontal(|ui| super::common::text_ui(ui, lang.t(T::OverruleReason), &mut o.reason, 260.0));
        }
        if on != was_on {
            self.draft.overrule_mut(battle, on);
        }
    }

    /// The general who orders the opportunity charge, among those the game lists: the
    /// ones who may not are shown disabled with their clause (GDB-OPP-05, 06).
    fn ordering_general_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        let generals = self.draft.ordering_choices(battle);
        let chosen = self.draft.ordering_general();
        let line = |g: &crate::model::General| {
            lang.fmt(T::OppOrdersOf, &[&crate::i18n::names::general_line(g, lang), &g.orders_used])
        };
        let shown = generals.iter().find(|(g, _)| Some(g.id) == chosen).map(|(g, _)| line(g));
        let mut picked = None;
        ui.indent("ordering", |ui| {
            egui::ComboBox::from_label(lang.t(T::OrderingGeneral))
                .selected_text(shown.unwrap_or_else(|| lang.t(T::NoneChoice).to_owned()))
                .show_ui(ui, |ui| {
                    for (g, ok) in &generals {
                        let item = egui::Button::selectable(chosen == Some(g.id), line(g));
                        let response = ui.add_enabled(ok.is_ok(), item);
                        if let Err(why) = ok {
                            response.clone().on_disabled_hover_text(charge_error_text(lang, why));
                        }
                        if response.clicked() {
                            picked = Some(g.id);
                        }
                    }
                });
        });
        if let Some(g) = picked {
            self.draft.order_by(battle, g);
        }
    }

    /// If it comes to melee: both sides' modifiers and the exact odds, before anything is
    /// rolled, from the same reading the game makes of a melee.
    fn melee_preview_ui(&self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) {
        let Some(input) = self.draft.melee_preview(battle) else { return };
        egui::CollapsingHeader::new(lang.t(T::IfMelee))
            .default_open(true)
            .show(ui, |ui| breakdown_and_odds_ui(ui, lang, names, &input));
    }
}

/// What the one-click Declare will do, in a word below the answers (GDB-CHG-03, 04): why
/// it cannot now, that the other side declares first, or that the other side is passed
/// over because none of its units may declare a charge.
fn quick_note_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    quick: &Result<QuickDeclare, crate::game::procedure::DraftRefusal>,
    text: &dyn Fn(&crate::game::procedure::DraftRefusal) -> String,
) {
    let side = |s: crate::rules::Side| crate::i18n::names::side_name(battle, s, lang).to_owned();
    let note = match quick {
        Err(why) => text(why),
        Ok(QuickDeclare::ThenOtherSide { other, .. }) => {
            lang.fmt(T::QuickThenOther, &[&side(other.other()), &side(*other)])
        }
        Ok(QuickDeclare::CarryOut { unasked: Some(other) }) => lang.fmt(T::QuickUnasked, &[&side(*other)]),
        Ok(QuickDeclare::CarryOut { unasked: None }) => return,
    };
    ui.label(RichText::new(note).weak());
}
