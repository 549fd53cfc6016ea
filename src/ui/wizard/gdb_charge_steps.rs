//! The GdB charge's steps after the declaration, drawn from the game's step view: the
//! target's reaction, the closing fire, the tests (chosen or rolled on the players'
//! table, AMB-23), the counter-charge's meet, the Emergency Limber, the follow-up.

use egui::{RichText, Ui};

use super::Outcome;
use super::common::{Nav, nav_ui, number_ui, prompt_ui, text_ui, yes_no_ui};
use super::fields::{Field, bounded_number_ui, test_roll_ui};
use super::gdb_charge::ChargeWizard;
use crate::game::procedure::charge::{ChargeStep, REACTIONS, limber_from_table, limber_input};
use crate::i18n::errors::{action_error_text, charge_error_text};
use crate::i18n::log_text::{follow_up_label, guidance_text, happening_text};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, UnitId};
use crate::rules::gdb::charge::{Ask, Input, Reaction, TestAnswer};
use crate::rules::options::{FirstMove, TestKind};
use crate::ui::widgets::enum_combo_ui;

impl ChargeWizard {
    pub(super) fn step_ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        battle: &Battle,
        names: &[String; 2],
        m: &ChargeStep,
    ) -> Outcome {
        // What was measured and answered before this step, first, in one place (issue 44).
        let action = self.draft.action(battle);
        let so_far = crate::i18n::log_text::charge_so_far(lang, battle, &action, m.happened());
        ui.label(RichText::new(so_far).weak());
        for h in m.happened() {
            ui.label(format!("• {}", happening_text(lang, &names[0], &names[1], h)));
        }
        guidance_ui(ui, lang, m);
        if let Some(e) = &self.error {
            ui.colored_label(crate::ui::theme::ERROR, e);
        }
        let input = match m.ask() {
            Ask::Reaction => self.reaction_ui(ui, lang, names, m),
            Ask::ClosingFire => self.fire_ui(ui, lang, battle, names, m),
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
        match super::common::question_nav_ui(ui, lang, self.draft.may_step_back()) {
            Nav::Cancel => return Outcome::Cancel,
            Nav::Back => {
                self.draft.back();
                self.error = None;
            }
            Nav::Next | Nav::None => {}
        }
        if let Some(i) = input {
            let reason = if self.fields.step_overrule { self.fields.step_reason.clone() } else { String::new() };
            self.error = self.draft.take_overruled(battle, i, &reason).err().map(|e| action_error_text(lang, &e));
            if self.error.is_none() {
                self.fields.step_overrule = false;
            }
        }
        Outcome::Continue
    }

    fn reaction_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2], m: &ChargeStep) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskReaction, &[&names[1]]));
        let mut chosen = None;
        // What the game allows, each reaction disabled with its clause where it may not.
        let choice = |ui: &mut Ui, label: &str, r: Reaction, chosen: &mut Option<Input>| {
            let allowed = m.reaction(&r);
            let b = ui.add_enabled(allowed.is_ok(), egui::Button::new(label));
            let b = match &allowed {
                Err(why) => b.on_disabled_hover_text(charge_error_text(lang, why)),
                Ok(()) => b,
            };
            if b.clicked() {
                *chosen = Some(Input::Reaction(r));
            }
        };
        ui.horizontal_wrapped(|ui| {
            for r in REACTIONS {
                choice(ui, &reaction_label(lang, &r), r, &mut chosen);
            }
        });
        let formations = m.formations();
        if let Some(first) = formations.first().copied() {
            ui.horizontal(|ui| {
                let f = &mut self.fields;
                let current = f.to_formation.filter(|x| formations.contains(x)).unwrap_or(first);
                if let Some(to) = enum_combo_ui(ui, lang.t(T::NewFormation), lang, current, &formations) {
                    f.to_formation = Some(to);
                }
                text_ui(ui, lang.t(T::DurationTurns), &mut f.duration, 50.0);
                let r = Reaction::ChangeFormation { to: current, duration: duration_of(&f.duration) };
                choice(ui, lang.t(T::ReactChangeFormation), r, &mut chosen);
            });
        }
        timing_ui(ui, lang, m);
        chosen
    }

    /// The closing fire's losses, at most the charger's figures (GDB-CHG-13): more is
    /// refused at the field, naming the regiment.
    /// With the players' firing table, the dice read on it give the figures, as a fire's do.
    fn fire_ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        battle: &Battle,
        names: &[String; 2],
        m: &ChargeStep,
    ) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskFire, &[&names[1], &names[0]]));
        if crate::game::procedure::FireDraft::has_table(battle) {
            self.closing_fire_table_ui(ui, lang, battle);
        }
        let over = |n: u32| {
            let count = |n: u32, noun| lang.count(n, noun);
            m.closing_fire_refused(n).map(|has| {
                let (has, n) = (count(has, crate::i18n::Noun::Figure), count(n, crate::i18n::Noun::FigureAcc));
                lang.fmt(T::TooManyOf, &[&names[0], &has, &n])
            })
        };
        let field = Field { label: lang.t(T::FiguresLost), focus: self.arrived };
        let input = bounded_number_ui(ui, lang, field, &mut self.fields.casualties, over)
            .map(|casualties| Input::ClosingFire { casualties });
        if input.is_some() {
            // The next step's test starts with its own dice.
            self.test_dice = Default::default();
        }
        input
    }

    fn closing_fire_table_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) {
        ui.horizontal(|ui| {
            let dice = (crate::rules::DieKind::D6, 2);
            super::common::dice_field_ui(ui, lang, lang.t(T::FireDice), &mut self.test_dice, dice, false);
            text_ui(ui, lang.t(T::TestModifier), &mut self.fields.test_modifier, 40.0);
        });
        let dice = super::common::parse_2d6(&self.test_dice.text);
        let modifier = self.fields.test_modifier.trim().parse::<i32>().unwrap_or(0);
        let read = dice.and_then(|d| crate::game::procedure::fire::firing_table_read(battle, d, modifier));
        if let Some((figures, roll)) = read {
            let total = i32::from(roll.dice[0]) + i32::from(roll.dice[1]) + roll.modifier;
            ui.label(lang.fmt(T::TableRow, &[&total, &roll.row.0, &roll.row.1, &roll.row.2]));
            self.fields.casualties = figures.to_string();
        }
    }

    fn bases_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2]) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskBasesLost, &[&names[1]]));
        let field = Field { label: lang.t(T::FiguresLost), focus: self.arrived };
        bounded_number_ui(ui, lang, field, &mut self.fields.bases, |_| None).map(|figures| Input::BasesLost { figures })
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
        // One answer a line: in both languages the answers keep their places (issue 30).
        ui.vertical(|ui| {
            for r in kind.results() {
                if ui.button(r.label(lang)).clicked() {
                    out = Some(TestAnswer::Result(r));
                }
            }
        });
        out
    }

    /// The unit that takes a test of the charge: the charger its charge test, the target
    /// the others.
    fn tester(&self, kind: TestKind) -> crate::model::UnitId {
        if kind == TestKind::Charge { self.draft.charger() } else { self.draft.target() }
    }

    /// A test rolled on the players' table: 2D6 typed or rolled, the players' modifier,
    /// the row it falls in; the game logs the row with the result (AMB-23).
    fn table_roll_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, kind: TestKind) -> Option<TestAnswer> {
        let mut enter = false;
        ui.horizontal(|ui| {
            let dice = (crate::rules::DieKind::D6, 2);
            enter =
                super::common::dice_field_ui(ui, lang, lang.t(T::TestDice), &mut self.test_dice, dice, self.arrived);
            if ui.button(lang.t(T::RollForMe)).clicked() {
                let from = self.draft.rng(battle);
                let after = super::common::roll_into(&from, &mut [(&mut self.test_dice, 2)], crate::rules::DieKind::D6);
                self.draft.rolled(after);
            }
            text_ui(ui, lang.t(T::TestModifier), &mut self.fields.test_modifier, 40.0);
        });
        let (dice, modifier, result) = test_roll_ui(
            ui,
            lang,
            battle,
            (kind, Some(self.tester(kind))),
            &self.test_dice,
            &self.fields.test_modifier,
        )?;
        // Enter in the dice field uses the row, as the button does.
        let used = ui.button(RichText::new(lang.fmt(T::UseResult, &[&result])).strong()).clicked();
        let answer = crate::game::procedure::rolled_answer(&dice, modifier)?;
        (used || enter).then(|| {
            self.test_dice = Default::default();
            answer
        })
    }

    /// How far the counter-charger went to meet the charger: at most the gap left after
    /// the charger's first move (GDB-CHG-18), the field taking the focus.
    fn counter_meet_ui(&mut self, ui: &mut Ui, lang: Lang, names: &[String; 2], m: &ChargeStep) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskCounterMeet, &[&names[1]]));
        let overruling = self.step_overrule_ui(ui, lang);
        let over = |n: u32| m.meet_refused(n).filter(|_| !overruling).map(|e| charge_error_text(lang, &e));
        let field = Field { label: lang.t(T::DistanceCm), focus: self.arrived };
        bounded_number_ui(ui, lang, field, &mut self.fields.counter_cm, over)
            .map(|counter_cm| Input::CounterMeet { counter_cm })
    }

    /// The Emergency Limber die (GDB-ART-03): the players' table names 2 to 6 where it
    /// can, otherwise the players name the result.
    fn limber_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Option<Input> {
        prompt_ui(ui, lang.t(T::AskLimber));
        let mut out = None;
        ui.horizontal(|ui| {
            let die = number_ui(ui, lang.t(T::Die), &mut self.fields.limber_die, 30.0)
                .and_then(|d| u8::try_from(d).ok())
                .and_then(|d| crate::rules::dice::D6::new(d).ok());
            if !die.is_some_and(|d| limber_from_table(battle, d.get())) {
                text_ui(ui, lang.t(T::LimberNamed), &mut self.fields.limber_named, 160.0);
            }
            let input = limber_input(battle, die, &self.fields.limber_named);
            let confirm = ui.add_enabled(input.is_some(), egui::Button::new(lang.t(T::Confirm)));
            if confirm.on_disabled_hover_text(lang.t(T::LimberHow)).clicked() {
                out = input;
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
        m: &ChargeStep,
    ) -> Option<Input> {
        prompt_ui(ui, &lang.fmt(T::AskFollowUp, &[&names[0]]));
        let refused = m.follow_ups().iter().any(|(_, ok)| ok.is_err()) || !m.may_occupy();
        let overruling = refused && self.step_overrule_ui(ui, lang);
        let mut out = None;
        for (f, allowed) in m.follow_ups() {
            let enabled = allowed.as_ref().err().is_none_or(|why| overruling && why.overrulable());
            let button = ui.add_enabled(enabled, egui::Button::new(follow_up_label(lang, f)));
            if let Err(why) = &allowed {
                button.clone().on_disabled_hover_text(charge_error_text(lang, why));
                ui.label(RichText::new(charge_error_text(lang, why)).weak());
            }
            if button.clicked() {
                out = Some(Input::FollowUp(f));
            }
        }
        if m.may_occupy() || overruling {
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
        out.or_else(|| self.crew_ui(ui, lang, battle, &m.crew_friends))
    }

    /// GDB-ART-04: the friend a fleeing crew ran into, among those the game lists.
    fn crew_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, friends: &[UnitId]) -> Option<Input> {
        if friends.is_empty() {
            return None;
        }
        let friends: Vec<(UnitId, String)> =
            friends.iter().map(|id| (*id, super::common::unit_name(battle, *id, lang))).collect();
        let mut out = None;
        ui.horizontal(|ui| {
            ui.label(lang.t(T::CrewRanInto));
            let (label, none) = (lang.t(T::CrewRanInto), lang.t(T::NoneChoice));
            let chosen = self.draft.crew_ran_into;
            if let Some(pick) = crate::ui::widgets::option_combo_ui(ui, label, chosen, none, &friends) {
                self.draft.crew_ran_into = pick;
            }
            if self.draft.crew_ran_into.is_some() && ui.button(lang.t(T::Confirm)).clicked() {
                out = Some(Input::CrewRanIntoFriend);
            }
        });
        out
    }

    /// "Overrule the refusal" at a step, with the players' reason: on with a reason, the
    /// choices the game refuses under a clause may be taken, and the journal keeps both.
    fn step_overrule_ui(&mut self, ui: &mut Ui, lang: Lang) -> bool {
        let f = &mut self.fields;
        ui.checkbox(&mut f.step_overrule, lang.t(T::OverruleRefusal));
        if f.step_overrule {
            ui.horizontal(|ui| text_ui(ui, lang.t(T::OverruleReason), &mut f.step_reason, 260.0));
        }
        f.step_overrule && !f.step_reason.trim().is_empty()
    }

    fn done_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        prompt_ui(ui, lang.t(T::AskApplyCharge));
        match nav_ui(ui, lang, true, T::Apply, true, None) {
            Nav::Cancel => Outcome::Cancel,
            Nav::Next => match self.draft.finish(battle) {
                Ok(action) => Outcome::Apply(action),
                Err(e) => {
                    self.error = Some(action_error_text(lang, &e));
                    Outcome::Continue
                }
            },
            Nav::Back => {
                self.draft.back();
                Outcome::Continue
            }
            Nav::None => Outcome::Continue,
        }
    }
}

pub(super) fn reaction_label(lang: Lang, r: &Reaction) -> String {
    let t = match r {
        Reaction::Stand => T::ReactStand,
        Reaction::StandAndFire => T::ReactStandFire,
        Reaction::CounterCharge => T::ReactCounter,
        Reaction::Evade => T::ReactEvade,
        Reaction::ChangeFormation { .. } => T::ReactChangeFormation,
    };
    lang.t(t).to_owned()
}

/// The reading of the first move in force (AMB-01), the time it takes and whether a
/// square still forms before contact (GDB-CHG-10), as the game works them out.
fn timing_ui(ui: &mut Ui, lang: Lang, m: &ChargeStep) {
    let reading = match m.first_move() {
        FirstMove::HalfDistance => T::FirstMoveInForceDistance,
        FirstMove::HalfMove => T::FirstMoveInForceMove,
    };
    ui.label(RichText::new(lang.t(reading)).weak());
    if let Some((cm, share)) = m.time_share() {
        ui.label(RichText::new(lang.fmt(T::TimeShare, &[&cm, &share])).weak());
    }
    if let Some(to_contact) = m.time_to_contact() {
        ui.label(RichText::new(lang.fmt(T::TimeToContact, &[&to_contact])).weak());
        if let Some((takes, in_time)) = m.square_in_time() {
            let verdict = if in_time { T::SquareInTime } else { T::SquareTooLate };
            ui.label(RichText::new(lang.fmt(verdict, &[&takes])).weak());
        }
    }
}

/// What the players must do on the table at this step, each instruction with its clauses.
fn guidance_ui(ui: &mut Ui, lang: Lang, m: &ChargeStep) {
    egui::CollapsingHeader::new(lang.t(T::GuideOnTable)).id_salt("charge-guidance").default_open(true).show(ui, |ui| {
        for g in m.guidance() {
            ui.label(RichText::new(format!("• {}", guidance_text(lang, g))).weak());
        }
    });
}

/// A formation change's duration typed as "1/2" or "0.5" of a turn (the interface turns
/// the text into the fraction the draft takes).
pub fn duration_of(text: &str) -> Option<crate::rules::gdb::charge::Frac> {
    use crate::rules::gdb::charge::Frac;
    let t = text.trim();
    if let Some((a, b)) = t.split_once('/') {
        return Some(Frac(a.trim().parse().ok()?, b.trim().parse().ok()?)).filter(|f| f.1 > 0);
    }
    let x: f64 = t.parse().ok()?;
    (0.0..=10.0).contains(&x).then(|| Frac((x * 100.0).round() as u32, 100))
}
