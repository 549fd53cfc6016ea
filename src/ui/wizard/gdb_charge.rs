//! The GdB charge step by step (GDB-CHG-01..27): the declaration with its checks, the
//! target's reaction (forbidden ones disabled with the reason), then each test and
//! decision the machine asks for, the table diff, and Apply.

use std::collections::BTreeMap;

use egui::{RichText, Ui};

use super::Outcome;
use super::common::{Nav, nav_ui, number_ui, prompt_ui, text_ui, yes_no_ui};
use super::gdb_melee::{breakdown_and_odds_ui, unit_name};
use crate::game::table::whole;
use crate::game::{
    Action, ChargeAction, ChargeMeasures, ChargeRates, MeleeTable, OpportunityFacts, melee_sides, run_charge,
};
use crate::i18n::errors::{action_error_text, charge_error_text};
use crate::i18n::log_text::{follow_up_label, guidance_text, happening_text};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, Engagement, UnitId};
use crate::rules::Formation;
use crate::rules::gdb::MeleeInput;
use crate::rules::gdb::charge::{Ask, Charge, Frac, Happening, Input, Reaction, TestAnswer};
use crate::rules::options::{DistanceRow, TestKind};
use crate::ui::widgets::enum_combo_ui;

/// A GdB charge being walked through. The wizard gathers what the players measure and
/// the input at each step; the game runs the charge sequence from them, both for the
/// preview at every step and when the charge is applied.
#[derive(Debug)]
pub struct ChargeWizard {
    charger: UnitId,
    target: UnitId,
    measured: ChargeMeasures,
    fields: Fields,
    declared: bool,
    inputs: Vec<Input>,
    error: Option<String>,
    crew_ran_into: Option<UnitId>,
    test_dice: super::common::DiceField,
    rng: Option<crate::model::RngState>,
    /// Keep the rates typed for the charger's and the target's arm and formation.
    remember: [bool; 2],
    /// The step last drawn, and whether this frame draws it for the first time (its first
    /// field then takes the focus).
    seen: Option<u32>,
    arrived: bool,
    /// What the table view showed when the wizard opened (both units placed), pre-filled.
    from_table: Option<crate::game::table::TableFacts>,
    /// The general the players chose to order an opportunity charge (GDB-OPP-05).
    ordering_general: Option<crate::model::GeneralId>,
    /// The refusal the players overrule, with their reason (the table agrees otherwise).
    overrule: Option<crate::model::Overrule>,
    /// The target side's skirmishers in the charge's path (GDB-CHG-22), pre-filled from
    /// the table.
    screen: Vec<UnitId>,
}

/// Typed numbers of the declaration and the steps.
#[derive(Debug, Default)]
struct Fields {
    distance: String,
    bearing: String,
    charge_move: String,
    target_move: String,
    target_charge: String,
    target_compulsory: String,
    casualties: String,
    counter_cm: String,
    limber_die: String,
    limber_named: String,
    bases: String,
    to_formation: Option<Formation>,
    duration: String,
    needed: String,
    left: String,
    test_modifier: String,
}

/// Rates typed for units this turn, offered again when a charge is reopened (the players
/// measured them once; the players' table, when it has a value, comes first).
#[derive(Debug, Default)]
pub struct Measured {
    turn: u32,
    charge_move: BTreeMap<UnitId, String>,
    moves: BTreeMap<UnitId, [String; 3]>,
}

impl Measured {
    /// The rates of `turn`: an older turn's are forgotten.
    fn of_turn(&mut self, turn: u32) -> &mut Self {
        if self.turn != turn {
            *self = Measured { turn, ..Measured::default() };
        }
        self
    }
}

/// The rates the players' table gives, shown pre-filled; a typed value counts only
/// where it differs (or the table has none).
#[derive(Debug, Default, Clone, Copy)]
struct TableRates {
    charge: Option<u32>,
    target_move: Option<u32>,
    target_charge: Option<u32>,
    target_compulsory: Option<u32>,
}

fn table_rates(battle: &Battle, charger: UnitId, target: UnitId) -> TableRates {
    let opts = &battle.options.gdb;
    let row = |id: UnitId| battle.unit(id).and_then(|u| opts.distance(u.arm, u.formation));
    let (c, t) = (row(charger), row(target));
    TableRates {
        charge: c.and_then(|r| r.charge_cm),
        target_move: t.and_then(|r| r.move_cm),
        target_charge: t.and_then(|r| r.charge_cm),
        target_compulsory: t.and_then(|r| r.retreat_cm),
    }
}

impl ChargeWizard {
    /// Opens a charge of `charger` on `target`, pre-filled from their state, the players'
    /// table and what was typed for the two units earlier this turn.
    pub fn new(battle: &Battle, charger: UnitId, target: UnitId, measured: &mut Measured) -> Option<Self> {
        let c = battle.unit(charger)?;
        battle.unit(target)?;
        let commander = crate::game::commander_of(battle, c, None);
        let attached = commander.is_some_and(|g| g.attached_to == Some(charger));
        let rates = table_rates(battle, charger, target);
        let memo = measured.of_turn(battle.turn);
        let earlier = |table: Option<u32>, typed: Option<&String>| match table {
            Some(v) => v.to_string(),
            None => typed.cloned().unwrap_or_default(),
        };
        let moves = memo.moves.get(&target);
        let from_table = crate::game::table::charge_facts(battle, charger, target);
        let mut measured =
            ChargeMeasures { commander_within_15cm: attached, target_visible: true, ..Default::default() };
        if let Some(f) = &from_table {
            measured.struck_face = f.struck_face;
            measured.commander_within_15cm = f.commander_within.unwrap_or(measured.commander_within_15cm);
            measured.target_visible = f.target_visible.unwrap_or(true);
        }
        let fields = Fields {
            distance: from_table.as_ref().map(|f| whole(f.distance_cm).to_string()).unwrap_or_default(),
            bearing: from_table.as_ref().map(|f| whole(f.angle_deg).to_string()).unwrap_or_default(),
            charge_move: earlier(rates.charge, memo.charge_move.get(&charger)),
            target_move: earlier(rates.target_move, moves.map(|m| &m[0])),
            target_charge: earlier(rates.target_charge, moves.map(|m| &m[1])),
            target_compulsory: earlier(rates.target_compulsory, moves.map(|m| &m[2])),
            ..Fields::default()
        };
        Some(ChargeWizard {
            charger,
            target,
            measured,
            fields,
            declared: false,
            inputs: Vec::new(),
            error: None,
            crew_ran_into: None,
            test_dice: Default::default(),
            rng: None,
            remember: [false; 2],
            seen: None,
            arrived: false,
            from_table,
            ordering_general: None,
            overrule: None,
            screen: crate::game::table::screen_in_path(battle, charger, target),
        })
    }

    /// Opens a declared charge to carry it out (GDB-CHG-04): its measures, rates and
    /// ordering general as declared; the steps start at the target's reaction.
    pub fn carry_out(battle: &Battle, declared: &ChargeAction, measured: &mut Measured) -> Option<Self> {
        let mut w = ChargeWizard::new(battle, declared.charger, declared.target, measured)?;
        let table = table_rates(battle, declared.charger, declared.target);
        let shown = |typed: Option<u32>, table: Option<u32>| typed.or(table).map(|v| v.to_string()).unwrap_or_default();
        let r = &declared.rates;
        w.fields.distance = declared.measured.distance_cm.to_string();
        w.fields.bearing = declared.measured.bearing_deg.to_string();
        w.fields.charge_move = shown(r.charger_charge_cm, table.charge);
        w.fields.target_move = shown(r.target_move_cm, table.target_move);
        w.fields.target_charge = shown(r.target_charge_cm, table.target_charge);
        w.fields.target_compulsory = shown(r.target_compulsory_cm, table.target_compulsory);
        w.measured = declared.measured.clone();
        // The table's unrounded measures stay only as they were declared.
        w.from_table = w.from_table.filter(|_| declared.measured.exact.is_some());
        w.ordering_general = declared.ordering_general;
        w.overrule = declared.overrule.clone();
        w.screen = declared.screen.clone();
        w.declared = true;
        Some(w)
    }

    /// The rates typed for the charger (its charge move) and the target (its move, charge
    /// and compulsory move) as rows of the distances table.
    fn typed_rates(&self) -> [(UnitId, DistanceRow); 2] {
        let f = &self.fields;
        let cm = |t: &str| t.trim().parse::<u32>().ok();
        let row = DistanceRow::empty(crate::rules::Arm::Infantry);
        [
            (self.charger, DistanceRow { charge_cm: cm(&f.charge_move), ..row.clone() }),
            (
                self.target,
                DistanceRow {
                    move_cm: cm(&f.target_move),
                    charge_cm: cm(&f.target_charge),
                    retreat_cm: cm(&f.target_compulsory),
                    ..row
                },
            ),
        ]
    }

    /// The battle's options with the rates the players asked to remember.
    pub fn tables_to_remember(&self, battle: &Battle) -> Option<crate::model::RulesOptions> {
        let mut options = battle.options.clone();
        let mut changed = false;
        for ((id, typed), remember) in self.typed_rates().into_iter().zip(self.remember) {
            if let Some(u) = battle.unit(id).filter(|_| remember) {
                changed |= options.gdb.remember_rates(u.arm, u.formation, &typed);
            }
        }
        changed.then_some(options)
    }

    /// "Remember for all dragoons in line": offered for each unit whose typed rates the
    /// players' table lacks.
    fn remember_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        for (i, (id, typed)) in self.typed_rates().into_iter().enumerate() {
            let Some(u) = battle.unit(id) else { continue };
            if battle.options.gdb.rates_to_remember(u.arm, u.formation, &typed).is_none() {
                self.remember[i] = false;
                continue;
            }
            let arm = u.arm.label(lang).to_lowercase();
            let text = lang.fmt(T::RememberRates, &[&arm, &u.formation.label(lang).to_lowercase()]);
            ui.checkbox(&mut self.remember[i], text).on_hover_text(lang.t(T::RememberRatesTip));
        }
    }

    /// Why the typed distance, bearing or moves cannot be used: a refusal, never a silent 0.
    fn measures_refused(&self, lang: Lang, names: &[String; 2]) -> Option<String> {
        let f = &self.fields;
        if f.distance.trim().is_empty() {
            return Some(lang.t(T::DistanceNeeded).to_owned());
        }
        let typed = [
            (&f.distance, lang.t(T::DistanceCm).to_owned()),
            (&f.bearing, lang.t(T::BearingDeg).to_owned()),
            (&f.charge_move, lang.fmt(T::ChargeMoveOf, &[&names[0]])),
            (&f.target_move, lang.fmt(T::MoveOf, &[&names[1]])),
            (&f.target_charge, lang.fmt(T::ChargeMoveOf, &[&names[1]])),
            (&f.target_compulsory, lang.fmt(T::CompulsoryOf, &[&names[1]])),
        ];
        let (text, what) = typed.iter().find(|(text, _)| {
            let text = text.trim();
            !text.is_empty() && text.parse::<u32>().is_err()
        })?;
        Some(lang.fmt(T::NotAWholeNumber, &[what, &text.trim()]))
    }

    /// Keeps the rates typed in this wizard for the rest of the turn.
    pub fn remember(&self, battle: &Battle, measured: &mut Measured) {
        let memo = measured.of_turn(battle.turn);
        let f = &self.fields;
        if !f.charge_move.trim().is_empty() {
            memo.charge_move.insert(self.charger, f.charge_move.trim().to_owned());
        }
        let typed = [&f.target_move, &f.target_charge, &f.target_compulsory].map(|t| t.trim().to_owned());
        if typed.iter().any(|t| !t.is_empty()) {
            memo.moves.insert(self.target, typed);
        }
    }

    /// The action as the players' inputs stand.
    fn action(&self, battle: &Battle) -> ChargeAction {
        let f = &self.fields;
        let table = table_rates(battle, self.charger, self.target);
        let typed = |text: &str, table: Option<u32>| text.trim().parse::<u32>().ok().filter(|v| Some(*v) != table);
        let mut measured = self.measured.clone();
        // `measures_refused` keeps text that is not a number from being declared.
        measured.distance_cm = f.distance.trim().parse().unwrap_or(0);
        measured.bearing_deg = f.bearing.trim().parse().unwrap_or(0);
        // The table's unrounded measures go with them while the players keep the table's.
        measured.exact = self.from_table.as_ref().and_then(|t| {
            let kept = measured.distance_cm == whole(t.distance_cm) && measured.bearing_deg == whole(t.angle_deg);
            kept.then(|| crate::model::ExactMeasures::of(t.distance_cm, t.angle_deg))
        });
        ChargeAction {
            charger: self.charger,
            target: self.target,
            measured,
            rates: ChargeRates {
                charger_charge_cm: typed(&f.charge_move, table.charge),
                target_move_cm: typed(&f.target_move, table.target_move),
                target_charge_cm: typed(&f.target_charge, table.target_charge),
                target_compulsory_cm: typed(&f.target_compulsory, table.target_compulsory),
            },
            inputs: self.inputs.clone(),
            crew_ran_into: self.crew_ran_into,
            ordering_general: self.measured.opportunity.as_ref().and(self.ordering_general),
            rng_after: self.rng.clone(),
            overrule: self.overrule.clone().filter(|o| !o.reason.trim().is_empty()),
            screen: self.screen.clone(),
        }
    }

    /// Draws the current step.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let names = [unit_name(battle, self.charger, lang), unit_name(battle, self.target, lang)];
        let step =
            if self.declared { u32::try_from(self.inputs.len()).unwrap_or(u32::MAX).saturating_add(1) } else { 0 };
        self.arrived = super::common::arriving(&mut self.seen, step);
        if !self.declared {
            return self.declaration_ui(ui, lang, battle, &names);
        }
        match run_charge(battle, &self.action(battle)) {
            Ok(m) => self.step_ui(ui, lang, battle, &names, &m),
            Err(e) => {
                // The battle changed under the wizard: start the steps again.
                self.error = Some(action_error_text(lang, &e));
                self.inputs.clear();
                self.declared = false;
                Outcome::Continue
            }
        }
    }

    fn declaration_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome {
        prompt_ui(ui, &lang.fmt(T::AskDeclare, &[&names[0], &names[1]]));
        let facts = self.from_table.clone();
        if let Some(facts) = &facts {
            super::common::table_facts_ui(ui, lang, battle, (self.charger, self.target), facts);
        }
        let f = &mut self.fields;
        let tag = |ui: &mut Ui, typed: &str, value: Option<f64>| {
            if let Some(v) = value.filter(|v| typed.trim() == whole(*v).to_string()) {
                ui.label(RichText::new(lang.fmt(T::FromTableValue, &[&format!("{v:.1}")])).weak().small());
            }
        };
        egui::Grid::new("declare").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
            super::common::number_focus_ui(ui, lang.t(T::DistanceCm), &mut f.distance, 60.0, self.arrived);
            tag(ui, &f.distance, facts.as_ref().map(|x| x.distance_cm));
            ui.end_row();
            number_ui(ui, lang.t(T::BearingDeg), &mut f.bearing, 60.0);
            tag(ui, &f.bearing, facts.as_ref().map(|x| x.angle_deg));
            ui.end_row();
            number_ui(ui, &lang.fmt(T::ChargeMoveOf, &[&names[0]]), &mut f.charge_move, 60.0);
            ui.end_row();
            number_ui(ui, &lang.fmt(T::MoveOf, &[&names[1]]), &mut f.target_move, 60.0);
            ui.end_row();
            number_ui(ui, &lang.fmt(T::ChargeMoveOf, &[&names[1]]), &mut f.target_charge, 60.0);
            ui.end_row();
            number_ui(ui, &lang.fmt(T::CompulsoryOf, &[&names[1]]), &mut f.target_compulsory, 60.0);
            ui.end_row();
        });
        self.remember_ui(ui, lang, battle);
        let commander = battle.unit(self.charger).and_then(|c| crate::game::commander_of(battle, c, None));
        if let Some(g) = commander {
            ui.label(RichText::new(crate::i18n::names::general_line(g, lang)).weak());
        }
        ui.checkbox(&mut self.measured.commander_within_15cm, lang.t(T::CommanderWithin15));
        ui.checkbox(&mut self.measured.target_visible, lang.t(T::TargetVisible));
        super::common::face_ui(ui, lang, 0, &mut self.measured.struck_face);
        self.screen_ui(ui, lang, battle);
        let mut opportunity = self.measured.opportunity.is_some();
        if ui
            .checkbox(&mut opportunity, lang.t(T::OpportunityCharge))
            .on_hover_text(lang.t(T::OpportunityTip))
            .changed()
        {
            self.measured.opportunity =
                opportunity.then(|| OpportunityFacts { in_reach_at_phase_start: true, ..Default::default() });
        }
        if let Some(opp) = &mut self.measured.opportunity {
            ui.indent("opportunity", |ui| {
                ui.checkbox(&mut opp.in_reach_at_phase_start, lang.t(T::OppInReach));
                ui.checkbox(&mut opp.enemy_charge_begun, lang.t(T::OppBegun));
            });
            self.ordering_general_ui(ui, lang, battle);
        }
        // The charge as declared so far, asked of the game once a frame.
        let declaring = ChargeAction { inputs: Vec::new(), ..self.action(battle) };
        let why = self
            .measures_refused(lang, names)
            .or_else(|| run_charge(battle, &declaring).err().map(|e| action_error_text(lang, &e)));
        if let Some(why) = &why {
            ui.colored_label(crate::ui::theme::ERROR, why);
        }
        // GDB-CHG-03, 04: declared and carried out at once only where the procedure allows
        // it now; otherwise declared, and carried out from the checklist in its turn.
        let now = why
            .clone()
            .or_else(|| crate::game::may_carry_out(battle, &declaring).err().map(|e| action_error_text(lang, &e)));
        let later = why
            .clone()
            .or_else(|| crate::game::may_declare(battle, &declaring).err().map(|e| action_error_text(lang, &e)));
        if let (None, Some(now)) = (&why, &now) {
            ui.label(RichText::new(now).weak());
        }
        self.overrule_ui(ui, lang, battle);
        if battle.ruleset == crate::rules::Ruleset::Gdb {
            let only = ui.add_enabled(later.is_none(), egui::Button::new(lang.t(T::DeclareOnly)));
            let only = only.on_hover_text(lang.t(T::DeclareOnlyTip));
            if let Some(later) = &later {
                only.clone().on_disabled_hover_text(later);
            }
            if only.clicked() {
                let declared = ChargeAction { inputs: Vec::new(), rng_after: None, ..self.action(battle) };
                return Outcome::Apply(Action::DeclareCharge(Box::new(declared)));
            }
        }
        // The odds after the choices, so that the choices stay where they are.
        self.melee_preview_ui(ui, lang, battle, names);
        match nav_ui(ui, lang, false, T::Declare, now.is_none(), now.as_deref()) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => {
                self.declared = true;
                self.error = None;
                Outcome::Continue
            }
            _ => Outcome::Continue,
        }
    }

    /// The target side's skirmishers in play, ticked where they stand in the charge's
    /// path (GDB-CHG-22): they evade and may not fire.
    fn screen_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        let side = battle.unit(self.target).map(|t| t.side);
        let skirmishers: Vec<&crate::model::Unit> = battle
            .units
            .iter()
            .filter(|u| Some(u.side) == side && u.arm == crate::rules::Arm::Skirmishers && u.order.in_play())
            .collect();
        if skirmishers.is_empty() {
            return;
        }
        ui.label(lang.t(T::ScreenInPath));
        ui.horizontal_wrapped(|ui| {
            for u in skirmishers {
                let mut on = self.screen.contains(&u.id);
                if ui.checkbox(&mut on, u.display_name(lang == Lang::Ru)).changed() {
                    self.screen.retain(|id| *id != u.id);
                    if on {
                        self.screen.push(u.id);
                    }
                }
            }
        });
    }

    /// The refusals the game gives now, if the players may overrule them: with the box
    /// ticked and a reason typed, the charge goes through and the journal keeps both.
    fn overrule_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        let refusals = self.overrulable_refusals(battle);
        if refusals.is_empty() {
            self.overrule = None;
            return;
        }
        let mut on = self.overrule.is_some();
        ui.checkbox(&mut on, lang.t(T::OverruleRefusal));
        let reason = self.overrule.take().map(|o| o.reason).unwrap_or_default();
        self.overrule = on.then_some(crate::model::Overrule { refusals, reason });
        if let Some(o) = &mut self.overrule {
            ui.horizontal(|ui| super::common::text_ui(ui, lang.t(T::OverruleReason), &mut o.reason, 260.0));
        }
    }

    /// Every refusal of a clause in the way of this charge now, in the order the game
    /// gives them, as long as each may be overruled.
    fn overrulable_refusals(&self, battle: &Battle) -> Vec<crate::rules::gdb::charge::ChargeError> {
        let mut refusals = Vec::new();
        for _ in 0..crate::model::limits::MAX_OVERRULED {
            let overrule = crate::model::Overrule { refusals: refusals.clone(), reason: "…".into() };
            let probe = ChargeAction {
                inputs: Vec::new(),
                overrule: (!refusals.is_empty()).then_some(overrule),
                ..self.action(battle)
            };
            let refused = run_charge(battle, &probe).err().or_else(|| crate::game::may_carry_out(battle, &probe).err());
            match refused {
                Some(crate::game::ActionError::Charge(e)) if e.overrulable() => refusals.push(e),
                _ => break,
            }
        }
        refusals
    }

    /// The general who orders the opportunity charge, among those the game lists: the
    /// ones who may not are shown disabled with their clause (GDB-OPP-05, 06).
    fn ordering_general_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        let Some(charger) = battle.unit(self.charger) else { return };
        let generals = crate::game::ordering_generals(battle, charger);
        let allowed = |id| generals.iter().any(|(g, ok)| g.id == id && ok.is_ok());
        if !self.ordering_general.is_some_and(allowed) {
            self.ordering_general = generals.iter().find(|(_, ok)| ok.is_ok()).map(|(g, _)| g.id);
        }
        let line = |g: &crate::model::General| {
            lang.fmt(T::OppOrdersOf, &[&crate::i18n::names::general_line(g, lang), &g.orders_used])
        };
        let shown = generals.iter().find(|(g, _)| Some(g.id) == self.ordering_general).map(|(g, _)| line(g));
        ui.indent("ordering", |ui| {
            egui::ComboBox::from_label(lang.t(T::OrderingGeneral))
                .selected_text(shown.unwrap_or_else(|| lang.t(T::NoneChoice).to_owned()))
                .show_ui(ui, |ui| {
                    for (g, ok) in &generals {
                        let item = egui::Button::selectable(self.ordering_general == Some(g.id), line(g));
                        let response = ui.add_enabled(ok.is_ok(), item);
                        if let Err(why) = ok {
                            response.clone().on_disabled_hover_text(charge_error_text(lang, why));
                        }
                        if response.clicked() {
                            self.ordering_general = Some(g.id);
                        }
                    }
                });
        });
    }

    /// If it comes to melee: both sides' modifiers and the exact odds, before anything is
    /// rolled, from the same function the game reads a melee with.
    fn melee_preview_ui(&self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) {
        let distance = self.fields.distance.trim().parse::<u32>().ok();
        let contact = Engagement {
            charging: distance.is_none_or(|d| d >= 5),
            moved_cm: distance,
            struck_face: self.measured.struck_face,
            ..Engagement::contact(self.charger, self.target)
        };
        let leads = |id| battle.generals.iter().any(|g| g.attached_to == Some(id) && !g.lost);
        let table = (MeleeTable { general_leads: leads(self.charger), ..Default::default() }, MeleeTable::default());
        let Some((attacker, defender)) = melee_sides(battle, &contact, &table) else { return };
        let input = MeleeInput { attacker, defender, options: battle.options.gdb.clone() };
        egui::CollapsingHeader::new(lang.t(T::IfMelee))
            .default_open(true)
            .show(ui, |ui| breakdown_and_odds_ui(ui, lang, names, &input));
    }

    fn step_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2], m: &Charge) -> Outcome {
        for h in &m.happened {
            ui.label(format!("• {}", happening_text(lang, &names[0], &names[1], h)));
        }
        guidance_ui(ui, lang, m);
        if let Some(e) = &self.error {
            ui.colored_label(crate::ui::theme::ERROR, e);
        }
        let input = match m.ask {
            Ask::Reaction => self.reaction_ui(ui, lang, names, m),
            Ask::ClosingFire => self.fire_ui(ui, lang, names, m),
            Ask::FacedInTime => {
                prompt_ui(ui, &lang.fmt(T::AskFaced, &[&names[1]]));
                yes_no_ui(ui, lang.t(T::Yes), lang.t(T::No)).map(Input::FacedInTime)
            }
            Ask::ChargerTest => {
                let prompt = lang.fmt(T::AskChargerTest, &[&names[0]]);
                self.test_ui(ui, lang, battle, &prompt, TestKind::Charge).map(Input::ChargerTest)
            }
            Ask::CounterTest => {
                let prompt = lang.fmt(T::AskCounterTest, &[&names[1]]);
                self.test_ui(ui, lang, battle, &prompt, TestKind::CounterCharge).map(Input::CounterTest)
            }
            Ask::StandTest => {
                let mut text = lang.fmt(T::AskStandTest, &[&names[1]]);
                if m.target_tests_disordered() {
                    text.push_str(&format!(" {}", lang.t(T::TestsDisordered)));
                }
                self.test_ui(ui, lang, battle, &text, TestKind::Stand).map(Input::StandTest)
            }
            Ask::CounterMeet => self.counter_meet_ui(ui, lang, names, m),
            Ask::EmergencyLimber => self.limber_ui(ui, lang, battle),
            Ask::Caught => {
                prompt_ui(ui, &lang.fmt(T::AskCaught, &[&names[0], &names[1]]));
                yes_no_ui(ui, lang.t(T::Yes), lang.t(T::No)).map(Input::Caught)
            }
            Ask::BasesLost => self.bases_ui(ui, lang, names),
            Ask::FollowUp => self.follow_up_ui(ui, lang, battle, names, m),
            Ask::Done => return self.done_ui(ui, lang, battle),
        };
        let nav = super::common::question_nav_ui(ui, lang, !self.inputs.is_empty());
        match nav {
            Nav::Cancel => return Outcome::Cancel,
            Nav::Back => {
                self.inputs.pop();
                self.error = None;
                if self.inputs.is_empty() && m.ask == Ask::Reaction {
                    self.declared = false;
                }
            }
            Nav::Next | Nav::None => {}
        }
        if let Some(i) = input {
            self.take(battle, lang, i);
        }
        Outcome::Continue
    }

    /// Adds an input if the game's run of the charge takes it; otherwise shows why.
    fn take(&mut self, battle: &Battle, lang: Lang, input: Input) {
        self.inputs.push(input);
        match run_charge(battle, &self.action(battle)) {
            Ok(_) => self.error = None,
            Err(e) => {
                self.inputs.pop();
                self.error = Some(action_error_text(lang, &e));
            }
        }
    }

    fn reaction_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2], m: &Charge) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskReaction, &[&names[1]]));
        let mut chosen = None;
        let skirmishers = m.decl.target.arm == crate::rules::Arm::Skirmishers;
        // What the game allows, each reaction disabled with its clause where it may not.
        let choice = |ui: &mut Ui, label: T, r: Reaction, chosen: &mut Option<Input>| {
            let allowed = m.reaction_allowed(&r);
            let b = ui.add_enabled(allowed.is_ok(), egui::Button::new(lang.t(label)));
            let b = match &allowed {
                Err(why) => b.on_disabled_hover_text(charge_error_text(lang, why)),
                Ok(()) => b,
            };
            if b.clicked() {
                *chosen = Some(Input::Reaction(r));
            }
        };
        ui.horizontal_wrapped(|ui| {
            choice(ui, T::ReactStand, Reaction::Stand, &mut chosen);
            choice(ui, T::ReactStandFire, Reaction::StandAndFire, &mut chosen);
            choice(ui, T::ReactCounter, Reaction::CounterCharge, &mut chosen);
            choice(ui, T::ReactEvade, Reaction::Evade, &mut chosen);
        });
        let arm = m.decl.target.arm;
        let formations: Vec<Formation> =
            Formation::ALL.iter().copied().filter(|f| f.fits(arm) && *f != m.decl.target.formation).collect();
        if !formations.is_empty() && !skirmishers {
            ui.horizontal(|ui| {
                let f = &mut self.fields;
                // Square first: what a charged infantry unit forms most.
                let preferred = [Formation::Square, formations[0]].into_iter().find(|x| formations.contains(x));
                let current = f.to_formation.filter(|x| formations.contains(x)).or(preferred).unwrap_or(formations[0]);
                if let Some(to) = enum_combo_ui(ui, lang.t(T::NewFormation), lang, current, &formations) {
                    f.to_formation = Some(to);
                }
                text_ui(ui, lang.t(T::DurationTurns), &mut f.duration, 50.0);
                let duration = parse_frac(&f.duration);
                choice(ui, T::ReactChangeFormation, Reaction::ChangeFormation { to: current, duration }, &mut chosen);
            });
        }
        // AMB-01: say which reading of the first move is in force.
        let reading = match m.options.first_move {
            crate::rules::options::FirstMove::HalfDistance => T::FirstMoveInForceDistance,
            crate::rules::options::FirstMove::HalfMove => T::FirstMoveInForceMove,
        };
        ui.label(RichText::new(lang.t(reading)).weak());
        if let Some(fr) = m.time_fraction() {
            ui.label(RichText::new(lang.fmt(T::TimeShare, &[&m.first_move_cm(), &fr])).weak());
        }
        if let Some(full) = m.decl.charger.charge_move_cm.filter(|f| *f > 0) {
            let to_contact = Frac(m.decl.distance_cm, full);
            ui.label(RichText::new(lang.fmt(T::TimeToContact, &[&to_contact])).weak());
            // GDB-CHG-10 as the core judges it: may a square still form before contact?
            if let Some(takes) = m.square_duration() {
                let verdict =
                    if m.check_time(Formation::Square, None).is_ok() { T::SquareInTime } else { T::SquareTooLate };
                ui.label(RichText::new(lang.fmt(verdict, &[&takes])).weak());
            }
        }
        chosen
    }

    /// The closing fire's losses, at most the charger's figures (GDB-CHG-13): more is
    /// refused at the field, naming the regiment.
    fn fire_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2], m: &Charge) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskFire, &[&names[1], &names[0]]));
        let over = |n: u32| {
            m.decl.charger.figures.filter(|has| n > *has).map(|has| lang.fmt(T::TooManyOf, &[&names[0], &has, &n]))
        };
        let field = Field { label: lang.t(T::FiguresLost), focus: self.arrived };
        bounded_number_ui(ui, lang, field, &mut self.fields.casualties, over)
            .map(|casualties| Input::ClosingFire { casualties })
    }

    fn bases_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2]) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskBasesLost, &[&names[1]]));
        confirmed_number_ui(ui, lang, lang.t(T::FiguresLost), &mut self.fields.bases)
            .map(|figures| Input::BasesLost { figures })
    }

    /// A test: its result chosen as a kind, or rolled on the players' table (AMB-23).
    fn test_ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        battle: &Battle,
        prompt: &str,
        kind: TestKind,
    ) -> Option<TestAnswer> {
        prompt_ui(ui, prompt);
        if battle.options.gdb.has_table(kind) {
            if let Some(r) = self.table_roll_ui(ui, lang, battle, kind) {
                return Some(r);
            }
            ui.label(RichText::new(lang.t(T::OrByName)).weak());
        }
        let mut out = None;
        ui.horizontal_wrapped(|ui| {
            for r in kind.results() {
                if ui.button(r.label(lang)).clicked() {
                    out = Some(TestAnswer::Result(r));
                }
            }
        });
        out
    }

    /// A test rolled on the players' table: 2D6 typed or rolled, the players' modifier,
    /// the row it falls in; the game logs the row with the result (AMB-23).
    fn table_roll_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, kind: TestKind) -> Option<TestAnswer> {
        let mut out = None;
        let mut enter = false;
        ui.horizontal(|ui| {
            enter = super::common::dice_field_ui(
                ui,
                lang,
                lang.t(T::TestDice),
                &mut self.test_dice,
                (crate::rules::DieKind::D6, 2),
                self.arrived,
            );
            if ui.button(lang.t(T::RollForMe)).clicked() {
                let from = self.rng.clone().unwrap_or_else(|| battle.rng.clone());
                let after = super::common::roll_into(&from, &mut [(&mut self.test_dice, 2)], crate::rules::DieKind::D6);
                self.rng = Some(after);
            }
            text_ui(ui, lang.t(T::TestModifier), &mut self.fields.test_modifier, 40.0);
        });
        let dice = super::common::parse_dice(&self.test_dice.text, crate::rules::DieKind::D6, 2).ok();
        let typed = self.fields.test_modifier.trim();
        let Some(modifier) = (if typed.is_empty() { Some(0) } else { typed.parse::<i32>().ok() }) else {
            ui.colored_label(crate::ui::theme::ERROR, lang.t(T::ModifierNotNumber));
            return None;
        };
        let d = dice.and_then(|d| Some([*d.first()?, *d.get(1)?]))?;
        let total = i32::from(d[0]) + i32::from(d[1]) + modifier;
        match battle.options.gdb.test_row(kind, total) {
            Some(row) => {
                ui.label(lang.fmt(T::TableRow, &[&total, &row.from, &row.to, &row.result]));
                // Enter in the dice field uses the row, as the button does.
                if ui.button(RichText::new(lang.fmt(T::UseResult, &[&row.result])).strong()).clicked() || enter {
                    self.test_dice = Default::default();
                    out = Some(TestAnswer::Rolled { dice: d, modifier });
                }
            }
            None => {
                ui.colored_label(crate::ui::theme::ERROR, lang.fmt(T::NoTableRow, &[&total]));
            }
        }
        out
    }

    /// How far the counter-charger went to meet the charger: at most the gap left after
    /// the charger's first move (GDB-CHG-18), the field taking the focus.
    fn counter_meet_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2], m: &Charge) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskCounterMeet, &[&names[1]]));
        let gap = m.counter_gap_cm();
        let over = |n: u32| {
            (n > gap).then(|| {
                charge_error_text(lang, &crate::rules::gdb::charge::ChargeError::MeetBeyondGap { counter: n, gap })
            })
        };
        let field = Field { label: lang.t(T::DistanceCm), focus: self.arrived };
        bounded_number_ui(ui, lang, field, &mut self.fields.counter_cm, over)
            .map(|counter_cm| Input::CounterMeet { counter_cm })
    }

    fn limber_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Option<Input> {
        prompt_ui(ui, lang.t(T::AskLimber));
        let mut out = None;
        ui.horizontal(|ui| {
            let die = number_ui(ui, lang.t(T::Die), &mut self.fields.limber_die, 30.0)
                .and_then(|d| u8::try_from(d).ok())
                .filter(|d| (1..=6).contains(d));
            let from_table = die.filter(|d| *d > 1).and_then(|d| battle.options.gdb.limber(d));
            if from_table.is_none() {
                text_ui(ui, lang.t(T::LimberNamed), &mut self.fields.limber_named, 160.0);
            }
            let named = Some(self.fields.limber_named.trim().to_owned()).filter(|s| !s.is_empty());
            let ok = die == Some(1) || (die.is_some() && (named.is_some() || from_table.is_some()));
            if ui
                .add_enabled(ok, egui::Button::new(lang.t(T::Confirm)))
                .on_disabled_hover_text(lang.t(T::LimberHow))
                .clicked()
            {
                let named = if from_table.is_some() { None } else { named.clone() };
                out = die.map(|die| Input::EmergencyLimber { die, named });
            }
        });
        out
    }

    fn follow_up_ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        battle: &Battle,
        names: &[String; 2],
        m: &Charge,
    ) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskFollowUp, &[&names[0]]));
        let mut out = None;
        for (f, allowed) in m.follow_up_choices() {
            let button = ui.add_enabled(allowed.is_ok(), egui::Button::new(follow_up_label(lang, f)));
            if let Err(why) = &allowed {
                button.clone().on_disabled_hover_text(charge_error_text(lang, why));
                ui.label(RichText::new(charge_error_text(lang, why)).weak());
            }
            if button.clicked() {
                out = Some(Input::FollowUp(f));
            }
        }
        if m.may_occupy().is_ok() {
            ui.horizontal(|ui| {
                let needed = number_ui(ui, lang.t(T::OccupyNeeded), &mut self.fields.needed, 40.0);
                let left = number_ui(ui, lang.t(T::OccupyLeft), &mut self.fields.left, 40.0);
                if let (Some(needed_cm), Some(left_cm)) = (needed, left)
                    && ui.button(lang.t(T::Occupy)).clicked()
                {
                    out = Some(Input::Occupy { needed_cm, left_cm });
                }
            });
        }
        let crew_fled = m.happened.iter().any(|h| matches!(h, Happening::CrewFlees { .. }));
        if crew_fled && !m.happened.contains(&Happening::FriendDisorderedByCrew) {
            let target_side = battle.unit(self.target).map(|t| t.side);
            let friends: Vec<(UnitId, String)> = battle
                .units
                .iter()
                .filter(|u| Some(u.side) == target_side && u.id != self.target && u.order.in_play())
                .map(|u| (u.id, u.display_name(lang == Lang::Ru).to_owned()))
                .collect();
            ui.horizontal(|ui| {
                ui.label(lang.t(T::CrewRanInto));
                if let Some(pick) = crate::ui::widgets::option_combo_ui(
                    ui,
                    lang.t(T::CrewRanInto),
                    self.crew_ran_into,
                    lang.t(T::NoneChoice),
                    &friends,
                ) {
                    self.crew_ran_into = pick;
                }
                if self.crew_ran_into.is_some() && ui.button(lang.t(T::Confirm)).clicked() {
                    out = Some(Input::CrewRanIntoFriend);
                }
            });
        }
        out
    }

    fn done_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        prompt_ui(ui, lang.t(T::AskApplyCharge));
        match nav_ui(ui, lang, true, T::Apply, true, None) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => Outcome::Apply(Action::Charge(Box::new(self.action(battle)))),
            Nav::Back => {
                self.inputs.pop();
                Outcome::Continue
            }
            Nav::None => Outcome::Continue,
        }
    }
}

/// What the players must do on the table at this step, each instruction with its clauses.
fn guidance_ui(ui: &mut Ui, lang: Lang, m: &Charge) {
    egui::CollapsingHeader::new(lang.t(T::GuideOnTable)).id_salt("charge-guidance").default_open(true).show(ui, |ui| {
        for g in m.guidance() {
            ui.label(RichText::new(format!("• {}", guidance_text(lang, g))).weak());
        }
    });
}

/// "1/2" or "0.5" as a fraction of a turn.
fn parse_frac(text: &str) -> Option<Frac> {
    let t = text.trim();
    if let Some((a, b)) = t.split_once('/') {
        return Some(Frac(a.trim().parse().ok()?, b.trim().parse().ok()?)).filter(|f| f.1 > 0);
    }
    let x: f64 = t.parse().ok()?;
    (0.0..=10.0).contains(&x).then(|| Frac((x * 100.0).round() as u32, 100))
}

/// A field's label and whether it takes the focus as its step arrives.
struct Field<'a> {
    label: &'a str,
    focus: bool,
}

/// A number the players type and confirm, with the game's bound: Confirm stays disabled
/// and the reason shows while `over` refuses the number.
fn bounded_number_ui(
    ui: &mut Ui,
    lang: Lang,
    field: Field<'_>,
    text: &mut String,
    over: impl Fn(u32) -> Option<String>,
) -> Option<u32> {
    let mut out = None;
    ui.horizontal(|ui| {
        let n = super::common::number_focus_ui(ui, field.label, text, 50.0, field.focus);
        let why = n.and_then(&over);
        let ok = n.is_some() && why.is_none();
        if ui.add_enabled(ok, egui::Button::new(lang.t(T::Confirm))).clicked() {
            out = n;
        }
        // The reason keeps its place, so Confirm does not move as it comes and goes.
        ui.label(RichText::new(why.unwrap_or_default()).color(crate::ui::theme::ERROR));
    });
    out
}

/// A number the players type and confirm: `Some` once Confirm is clicked on a number.
fn confirmed_number_ui(ui: &mut Ui, lang: Lang, label: &str, field: &mut String) -> Option<u32> {
    let mut out = None;
    ui.horizontal(|ui| {
        let n = number_ui(ui, label, field, 50.0);
        if ui.add_enabled(n.is_some(), egui::Button::new(lang.t(T::Confirm))).clicked() {
            out = n;
        }
    });
    out
}
