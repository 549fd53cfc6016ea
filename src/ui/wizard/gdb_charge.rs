//! The GdB charge step by step (GDB-CHG-01..27): the declaration with its checks, the
//! target's reaction (forbidden ones disabled with the reason), then each test and
//! decision the machine asks for, the table diff, and Apply.

use egui::{RichText, Ui};

use super::Outcome;
use super::common::{Nav, nav_ui, number_ui, prompt_ui, text_ui, yes_no_ui};
use super::gdb_melee::{breakdown_and_odds_ui, melee_side, unit_name};
use crate::game::{Action, ChargeAction};
use crate::i18n::{Lang, T};
use crate::model::{Battle, UnitId};
use crate::report::log_text::{follow_up_label, happening_text};
use crate::rules::gdb::MeleeInput;
use crate::rules::gdb::charge::{
    Ask, Charge, ChargeError, ChargeUnit, Declaration, FollowUp, Frac, Happening, Input, Reaction, TestResult,
    may_counter_charge, may_evade,
};
use crate::rules::options::TestKind;
use crate::rules::{Formation, Rank};
use crate::ui::widgets::enum_combo_ui;

/// A GdB charge being walked through.
#[derive(Debug)]
pub struct ChargeWizard {
    charger: UnitId,
    target: UnitId,
    decl: Declaration,
    at_flank: bool,
    fields: Fields,
    machine: Option<Charge>,
    error: Option<String>,
    crew_ran_into: Option<UnitId>,
    ordering_general: Option<crate::model::GeneralId>,
    test_dice: super::common::DiceField,
    pending_roll: Option<Happening>,
    rng: Option<crate::model::RngState>,
}

/// Typed numbers of the declaration and the steps.
#[derive(Debug, Default)]
struct Fields {
    distance: String,
    bearing: String,
    charge_move: String,
    target_move: String,
    target_compulsory: String,
    casualties: String,
    counter_cm: String,
    named: String,
    limber_die: String,
    to_formation: Option<Formation>,
    duration: String,
    needed: String,
    left: String,
    test_modifier: String,
}

impl ChargeWizard {
    /// Opens a charge of `charger` on `target`, pre-filled from their state.
    pub fn new(battle: &Battle, charger: UnitId, target: UnitId) -> Option<Self> {
        let (c, t) = (battle.unit(charger)?, battle.unit(target)?);
        let own_general = battle
            .generals
            .iter()
            .find(|g| !g.lost && (g.rank == Rank::CommanderInChief || g.brigade == c.brigade) && g.side == c.side);
        let attached = battle.generals.iter().any(|g| g.attached_to == Some(c.id) && !g.lost);
        let decl = Declaration {
            charger: ChargeUnit { arm: c.arm, formation: c.formation, order: c.order, ..Default::default() },
            target: ChargeUnit { arm: t.arm, formation: t.formation, order: t.order, ..Default::default() },
            commander: own_general.map(|g| g.rank),
            commander_quality: own_general.map(|g| g.quality),
            commander_within_15cm: attached,
            commander_is_own: own_general.is_some(),
            target_visible: true,
            charger_was_charged: c.markers.contains(&crate::rules::Marker::InMelee),
            ..Default::default()
        };
        let ordering_general = own_general.map(|g| g.id);
        let text = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_default();
        let opts = &battle.options.gdb;
        let cd = opts.distance(c.arm, c.formation);
        let td = opts.distance(t.arm, t.formation);
        let fields = Fields {
            charge_move: text(cd.and_then(|r| r.charge_cm)),
            target_move: text(td.and_then(|r| r.move_cm)),
            target_compulsory: text(td.and_then(|r| r.retreat_cm)),
            ..Fields::default()
        };
        Some(ChargeWizard {
            charger,
            target,
            decl,
            at_flank: false,
            fields,
            machine: None,
            error: None,
            crew_ran_into: None,
            ordering_general,
            test_dice: Default::default(),
            pending_roll: None,
            rng: None,
        })
    }

    /// Draws the current step.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let names = [unit_name(battle, self.charger, lang), unit_name(battle, self.target, lang)];
        match self.machine.take() {
            None => self.declaration_ui(ui, lang, battle, &names),
            Some(m) => self.step_ui(ui, lang, battle, &names, m),
        }
    }

    fn declaration_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) -> Outcome {
        prompt_ui(ui, &lang.fmt(T::AskDeclare, &[&names[0], &names[1]]));
        let f = &mut self.fields;
        egui::Grid::new("declare").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
            if let Some(v) = number_ui(ui, lang.t(T::DistanceCm), &mut f.distance, 60.0) {
                self.decl.distance_cm = v;
            }
            ui.end_row();
            self.decl.bearing_deg = number_ui(ui, lang.t(T::BearingDeg), &mut f.bearing, 60.0).unwrap_or(0);
            ui.end_row();
            self.decl.charger.charge_move_cm =
                number_ui(ui, &lang.fmt(T::ChargeMoveOf, &[&names[0]]), &mut f.charge_move, 60.0);
            ui.end_row();
            self.decl.target.move_cm = number_ui(ui, &lang.fmt(T::MoveOf, &[&names[1]]), &mut f.target_move, 60.0);
            ui.end_row();
            self.decl.target.compulsory_move_cm =
                number_ui(ui, &lang.fmt(T::CompulsoryOf, &[&names[1]]), &mut f.target_compulsory, 60.0);
            ui.end_row();
        });
        ui.checkbox(&mut self.decl.commander_within_15cm, lang.t(T::CommanderWithin15));
        ui.checkbox(&mut self.decl.commander_is_own, lang.t(T::CommanderIsOwn));
        ui.checkbox(&mut self.decl.target_visible, lang.t(T::TargetVisible));
        ui.checkbox(&mut self.at_flank, lang.t(T::AtFlank));
        ui.checkbox(&mut self.decl.charger_was_charged, lang.t(T::ChargerWasCharged));
        let mut opportunity = self.decl.opportunity.is_some();
        if ui
            .checkbox(&mut opportunity, lang.t(T::OpportunityCharge))
            .on_hover_text(lang.t(T::OpportunityTip))
            .changed()
        {
            self.decl.opportunity = opportunity.then(|| crate::rules::gdb::charge::Opportunity {
                orders_used: self.ordering_general.and_then(|g| battle.general(g)).map_or(0, |g| g.orders_used),
                in_reach_at_phase_start: true,
                ..Default::default()
            });
            self.decl.target_was_charging = opportunity;
        }
        if let Some(opp) = &mut self.decl.opportunity {
            ui.indent("opportunity", |ui| {
                ui.checkbox(&mut opp.in_reach_at_phase_start, lang.t(T::OppInReach));
                ui.checkbox(&mut opp.enemy_charge_begun, lang.t(T::OppBegun));
                ui.checkbox(&mut opp.other_brigade, lang.t(T::OppOtherBrigade));
                if let Some(g) = self.ordering_general.and_then(|g| battle.general(g)) {
                    ui.label(lang.fmt(T::OppOrdersOf, &[&crate::i18n::names::general_line(g, lang), &g.orders_used]));
                }
            });
        }
        let distance_ok = !self.fields.distance.trim().is_empty();
        let check = crate::rules::gdb::charge::check_declaration(&self.decl, &battle.options.gdb);
        let why = match (&check, distance_ok) {
            (_, false) => Some(lang.t(T::DistanceNeeded).to_owned()),
            (Err(e), _) => Some(charge_error(lang, e)),
            _ => None,
        };
        if let Some(why) = &why {
            ui.colored_label(crate::ui::theme::ERROR, why);
        }
        self.melee_preview_ui(ui, lang, battle, names);
        match nav_ui(ui, lang, false, T::Declare, why.is_none(), why.as_deref()) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => {
                match Charge::declare(self.decl.clone(), battle.options.gdb.clone(), self.at_flank) {
                    Ok(m) => self.machine = Some(m),
                    Err(e) => self.error = Some(charge_error(lang, &e)),
                }
                Outcome::Continue
            }
            _ => Outcome::Continue,
        }
    }

    /// If it comes to melee: both sides' modifiers and the exact odds, before anything is rolled.
    fn melee_preview_ui(&self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2]) {
        let (Some(c), Some(t)) = (battle.unit(self.charger), battle.unit(self.target)) else { return };
        let mut attacker = melee_side(c, battle);
        attacker.charging = true;
        attacker.moved_cm = Some(self.decl.distance_cm);
        let mut defender = melee_side(t, battle);
        defender.flank_or_rear = self.at_flank;
        defender.general_leads = false;
        let input = MeleeInput { attacker, defender, options: battle.options.gdb.clone() };
        egui::CollapsingHeader::new(lang.t(T::IfMelee))
            .default_open(true)
            .show(ui, |ui| breakdown_and_odds_ui(ui, lang, names, &input));
    }

    fn step_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, names: &[String; 2], m: Charge) -> Outcome {
        for h in &m.happened {
            ui.label(format!("• {}", happening_text(lang, &names[0], &names[1], h)));
        }
        if let Some(e) = &self.error {
            ui.colored_label(crate::ui::theme::ERROR, e);
        }
        let input = match m.ask {
            Ask::Reaction => self.reaction_ui(ui, lang, names, &m),
            Ask::ClosingFire => self.fire_ui(ui, lang, names),
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
            Ask::CounterMeet => self.counter_meet_ui(ui, lang, names),
            Ask::EmergencyLimber => self.limber_ui(ui, lang, battle),
            Ask::Caught => {
                prompt_ui(ui, &lang.fmt(T::AskCaught, &[&names[0], &names[1]]));
                yes_no_ui(ui, lang.t(T::Yes), lang.t(T::No)).map(Input::Caught)
            }
            Ask::FollowUp => self.follow_up_ui(ui, lang, battle, names, &m),
            Ask::Done => return self.done_ui(ui, lang, m),
        };
        let nav = nav_ui(ui, lang, false, T::Next, false, None);
        if let Nav::Cancel = nav {
            return Outcome::Cancel;
        }
        let mut m = m;
        if let (Some(_), Some(h)) = (&input, self.pending_roll.take()) {
            m.note(h);
        }
        match input {
            Some(i) => match m.step(i) {
                Ok(next) => {
                    self.error = None;
                    self.machine = Some(next);
                }
                Err((back, e)) => {
                    self.error = Some(charge_error(lang, &e));
                    self.machine = Some(back);
                }
            },
            None => self.machine = Some(m),
        }
        Outcome::Continue
    }

    fn reaction_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2], m: &Charge) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskReaction, &[&names[1]]));
        let opts = &m.options;
        let mut chosen = None;
        let only_stand = m.decl.target_was_charging;
        let skirmishers = m.decl.target.arm == crate::rules::Arm::Skirmishers;
        let choice = |ui: &mut Ui, label: T, allowed: Result<(), T>, r: Reaction, chosen: &mut Option<Input>| {
            let b = ui.add_enabled(allowed.is_ok(), egui::Button::new(lang.t(label)));
            let b = match allowed {
                Err(why) => b.on_disabled_hover_text(lang.t(why)),
                Ok(()) => b,
            };
            if b.clicked() {
                *chosen = Some(Input::Reaction(r));
            }
        };
        let stand_ok = if skirmishers { Err(T::WhySkirmishersEvade) } else { Ok(()) };
        ui.horizontal_wrapped(|ui| {
            choice(ui, T::ReactStand, stand_ok, Reaction::Stand, &mut chosen);
            choice(ui, T::ReactStandFire, stand_ok, Reaction::StandAndFire, &mut chosen);
            let counter = if !may_counter_charge(&m.decl.target, opts) { Err(T::WhyNoCounter) } else { stand_ok };
            choice(ui, T::ReactCounter, counter, Reaction::CounterCharge, &mut chosen);
            let evade = if only_stand {
                Err(T::WhyOnlyStand)
            } else if !may_evade(&m.decl.target, opts) {
                Err(T::WhyNoEvade)
            } else {
                Ok(())
            };
            choice(ui, T::ReactEvade, evade, Reaction::Evade, &mut chosen);
        });
        ui.horizontal(|ui| {
            let f = &mut self.fields;
            let current = f.to_formation.unwrap_or(Formation::Square);
            if let Some(to) = enum_combo_ui(ui, lang.t(T::NewFormation), lang, current, Formation::ALL) {
                f.to_formation = Some(to);
            }
            text_ui(ui, lang.t(T::DurationTurns), &mut f.duration, 50.0);
            let allowed = if only_stand || skirmishers { Err(T::WhyOnlyStand) } else { Ok(()) };
            let duration = parse_frac(&f.duration);
            choice(
                ui,
                T::ReactChangeFormation,
                allowed,
                Reaction::ChangeFormation { to: current, duration },
                &mut chosen,
            );
        });
        if let Some(fr) = m.time_fraction() {
            ui.label(RichText::new(lang.fmt(T::TimeShare, &[&m.first_move_cm(), &fr])).weak());
        }
        if let Some(full) = m.decl.charger.charge_move_cm.filter(|f| *f > 0) {
            let to_contact = Frac(m.decl.distance_cm, full);
            let square = crate::rules::gdb::charge::known_duration(m.decl.target.formation, Formation::Square);
            let known = square.map(|d| lang.fmt(T::SquareTakes, &[&d])).unwrap_or_default();
            ui.label(RichText::new(lang.fmt(T::TimeToContact, &[&to_contact, &known])).weak());
        }
        chosen
    }

    fn fire_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2]) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskFire, &[&names[1], &names[0]]));
        let mut out = None;
        ui.horizontal(|ui| {
            let n = number_ui(ui, lang.t(T::FiguresLost), &mut self.fields.casualties, 50.0);
            if ui.add_enabled(n.is_some(), egui::Button::new(lang.t(T::Confirm))).clicked() {
                out = n.map(|casualties| Input::ClosingFire { casualties });
            }
        });
        out
    }

    fn test_ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        battle: &Battle,
        prompt: &str,
        kind: TestKind,
    ) -> Option<TestResult> {
        prompt_ui(ui, prompt);
        if battle.options.gdb.has_table(kind) {
            if let Some(r) = self.table_roll_ui(ui, lang, battle, kind) {
                return Some(r);
            }
            ui.label(RichText::new(lang.t(T::OrByName)).weak());
        }
        let mut out = None;
        ui.horizontal(|ui| {
            if ui.button(lang.t(T::TestPass)).clicked() {
                out = Some(TestResult::Pass);
            }
            if ui.button(lang.t(T::TestRetreat)).clicked() {
                out = Some(TestResult::Retreat);
            }
            text_ui(ui, lang.t(T::TestOtherResult), &mut self.fields.named, 140.0);
            let named = self.fields.named.trim().to_owned();
            if ui.add_enabled(!named.is_empty(), egui::Button::new(lang.t(T::TestFailedNamed))).clicked() {
                out = Some(TestResult::Failed { named });
            }
        });
        if out.is_some() {
            self.fields.named.clear();
        }
        out
    }

    /// A test rolled on the players' table: 2D6 typed or rolled, the players' modifier,
    /// the row it falls in; the row is logged with the result (AMB-23).
    fn table_roll_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, kind: TestKind) -> Option<TestResult> {
        let mut out = None;
        ui.horizontal(|ui| {
            super::common::dice_field_ui(
                ui,
                lang,
                lang.t(T::TestDice),
                &mut self.test_dice,
                crate::rules::DieKind::D6,
                2,
            );
            if ui.button(lang.t(T::RollForMe)).clicked() {
                let from = self.rng.clone().unwrap_or_else(|| battle.rng.clone());
                let after = super::common::roll_into(&from, &mut [(&mut self.test_dice, 2)], crate::rules::DieKind::D6);
                self.rng = Some(after);
            }
            text_ui(ui, lang.t(T::TestModifier), &mut self.fields.test_modifier, 40.0);
        });
        let dice = super::common::parse_dice(&self.test_dice.text, crate::rules::DieKind::D6, 2).ok();
        let modifier = self.fields.test_modifier.trim().parse::<i32>().unwrap_or(0);
        let d = dice.and_then(|d| Some([*d.first()?, *d.get(1)?]))?;
        let total = i32::from(d[0]) + i32::from(d[1]) + modifier;
        match battle.options.gdb.test_row(kind, total) {
            Some(row) => {
                ui.label(lang.fmt(T::TableRow, &[&total, &row.from, &row.to, &row.result]));
                if ui.button(RichText::new(lang.fmt(T::UseResult, &[&row.result])).strong()).clicked() {
                    self.pending_roll = Some(Happening::TableRoll {
                        test: kind,
                        dice: d,
                        modifier,
                        row: (row.from, row.to, row.result.clone()),
                    });
                    self.test_dice = Default::default();
                    out = Some(Charge::result_of(&row.result));
                }
            }
            None => {
                ui.colored_label(crate::ui::theme::ERROR, lang.fmt(T::NoTableRow, &[&total]));
            }
        }
        out
    }

    fn counter_meet_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2]) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskCounterMeet, &[&names[1]]));
        let mut out = None;
        ui.horizontal(|ui| {
            let n = number_ui(ui, lang.t(T::DistanceCm), &mut self.fields.counter_cm, 50.0);
            if ui.add_enabled(n.is_some(), egui::Button::new(lang.t(T::Confirm))).clicked() {
                out = n.map(|counter_cm| Input::CounterMeet { counter_cm });
            }
        });
        out
    }

    fn limber_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Option<Input> {
        prompt_ui(ui, lang.t(T::AskLimber));
        let mut out = None;
        ui.horizontal(|ui| {
            let die = number_ui(ui, lang.t(T::Die), &mut self.fields.limber_die, 30.0)
                .and_then(|d| u8::try_from(d).ok())
                .filter(|d| (1..=6).contains(d));
            if let Some(named) = die.filter(|d| *d > 1).and_then(|d| battle.options.gdb.limber(d))
                && self.fields.named.is_empty()
            {
                self.fields.named = named.to_owned();
            }
            text_ui(ui, lang.t(T::LimberNamed), &mut self.fields.named, 160.0);
            let named = Some(self.fields.named.trim().to_owned()).filter(|s| !s.is_empty());
            let ok = die == Some(1) || (die.is_some() && named.is_some());
            if ui
                .add_enabled(ok, egui::Button::new(lang.t(T::Confirm)))
                .on_disabled_hover_text(lang.t(T::LimberHow))
                .clicked()
            {
                out = die.map(|die| Input::EmergencyLimber { die, named: named.clone() });
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
        for f in [FollowUp::CarryOn, FollowUp::NewTarget, FollowUp::Stop, FollowUp::StraightOn] {
            if ui.button(follow_up_label(lang, f)).clicked() {
                out = Some(Input::FollowUp(f));
            }
        }
        if m.decl.charger.arm.is_infantry() {
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
        if m.happened.iter().any(|h| matches!(h, crate::rules::gdb::charge::Happening::CrewFlees { .. })) {
            let friends: Vec<(UnitId, String)> = battle
                .units
                .iter()
                .filter(|u| battle.unit(self.target).is_some_and(|t| t.side == u.side) && u.id != self.target)
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

    fn done_ui(&mut self, ui: &mut Ui, lang: Lang, m: Charge) -> Outcome {
        prompt_ui(ui, lang.t(T::AskApplyCharge));
        let nav = nav_ui(ui, lang, false, T::Apply, true, None);
        let outcome = match nav {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => Outcome::Apply(Action::Charge(Box::new(ChargeAction {
                charger: self.charger,
                target: self.target,
                charge: m.clone(),
                crew_ran_into: self.crew_ran_into,
                ordering_general: self.ordering_general,
                rng_after: self.rng.clone(),
            }))),
            _ => Outcome::Continue,
        };
        self.machine = Some(m);
        outcome
    }
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

/// A charge refusal in words.
pub fn charge_error(lang: Lang, e: &ChargeError) -> String {
    match e {
        ChargeError::NoCommander => lang.t(T::ErrNoCommander).to_owned(),
        ChargeError::RegimentalCommander => lang.t(T::ErrRegimental).to_owned(),
        ChargeError::NotVisible => lang.t(T::ErrNotVisible).to_owned(),
        ChargeError::OutOfReach { distance, reach } => lang.fmt(T::ErrOutOfReach, &[distance, reach]),
        ChargeError::OutsideSector(deg) => lang.fmt(T::ErrOutsideSector, &[deg]),
        ChargeError::AlreadyCharged | ChargeError::OnlyStandOrCounter => lang.t(T::WhyOnlyStand).to_owned(),
        ChargeError::OpportunityNotCavalry => lang.t(T::ErrOppCavalry).to_owned(),
        ChargeError::NoOrdersLeft => lang.t(T::ErrOppOrders).to_owned(),
        ChargeError::NotOwnBrigade => lang.t(T::ErrOppBrigade).to_owned(),
        ChargeError::NotInReachAtStart => lang.t(T::ErrOppReach).to_owned(),
        ChargeError::TooLate => lang.t(T::ErrOppLate).to_owned(),
        ChargeError::MayNotEvade => lang.t(T::WhyNoEvade).to_owned(),
        ChargeError::MayNotCounterCharge => lang.t(T::WhyNoCounter).to_owned(),
        ChargeError::SkirmishersMustEvade => lang.t(T::WhySkirmishersEvade).to_owned(),
        ChargeError::NoTimeToChange { needed, available } => lang.fmt(T::ErrNoTime, &[needed, available]),
        ChargeError::DurationUnknown => lang.t(T::ErrDuration).to_owned(),
        ChargeError::ChargeMoveUnknown => lang.t(T::ErrChargeMove).to_owned(),
        ChargeError::WrongStep => lang.t(T::ErrWrongStep).to_owned(),
    }
}
