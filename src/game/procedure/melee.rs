//! The GdB melee as a draft (GDB-MEL, GDB-MOD, GDB-RES): the situation pre-filled from
//! the engagement and the table, the dice, the losses (from the casualty table where it
//! has the row, AMB-13), an imposed result with its reason and the winner's owed test;
//! it finishes into `Action::GdbMelee`.

use crate::game::play::figures_of;
use crate::game::{Action, GdbMeleeAction, gdb_melee_input, gdb_melee_result, owed_melee_test};
use crate::model::{Battle, Engagement, Override, RngState, RulesOptions, UnitId};
use crate::rules::dice::{D6, MeleeDice};
use crate::rules::gdb::charge::TestAnswer;
use crate::rules::gdb::{MeleeInput, MeleeResult, Odds, Outcome, Role};
use crate::rules::options::{CasualtyRow, TestKind};
use crate::rules::{ByRole, Modifier, Situation};

/// Where the melee draft stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeleeDraftStep {
    /// The situation, the modifiers and odds, and the dice under them (issue 30: one
    /// step, so that the melee takes few clicks).
    Situation,
    Result,
}

/// Every result the players may impose when they overrule the dice.
pub const IMPOSED_OUTCOMES: [Outcome; 6] =
    [Outcome::Rout, Outcome::Retreat, Outcome::PushedBack, Outcome::Draw, Outcome::SquareHolds, Outcome::SquareBroken];

/// Both sides' modifiers and the exact odds of every result, before anything is rolled.
#[derive(Debug, Clone, PartialEq)]
pub struct MeleeOdds {
    pub modifiers: [Vec<Modifier>; 2],
    pub odds: Vec<Odds>,
}

/// The preview of a melee: the modifiers each side gets and the odds (GDB-MOD, GDB-MEL-05).
pub fn melee_odds(input: &MeleeInput) -> MeleeOdds {
    MeleeOdds { modifiers: [input.modifiers(Role::Attacker), input.modifiers(Role::Defender)], odds: input.odds() }
}

/// The result as the dice and the players' choices give it, and the owed test.
#[derive(Debug, Clone, PartialEq)]
pub struct MeleeView {
    /// What the dice give.
    pub by_dice: MeleeResult,
    /// What is applied (the imposed result, if any).
    pub applied: MeleeResult,
    /// The dice each side rolled.
    pub dice: ByRole<[u8; 2]>,
    /// The winner's test owed with the melee (GDB-RES-02, GDB-RES-04, GDB-RES-09).
    pub owed_test: Option<(UnitId, TestKind)>,
    /// Which of each side's modifiers decided the result by the dice (issue 51).
    pub pivotal: ByRole<Vec<bool>>,
}

/// A GdB melee being drafted.
#[derive(Debug, Clone)]
pub struct MeleeDraft {
    attacker: UnitId,
    defender: UnitId,
    /// What the table shows of each side.
    pub table: ByRole<Situation>,
    step: MeleeDraftStep,
    /// The dice as typed or rolled, each side's pair.
    pub dice: [Option<[D6; 2]>; 2],
    /// The losses given (pre-filled from the casualty table).
    pub losses: [Option<u32>; 2],
    table_losses: Option<ByRole<u32>>,
    /// The players overrule the dice: the winner and result they impose, and why.
    pub override_on: bool,
    pub override_winner: Option<Role>,
    pub override_outcome: Outcome,
    pub override_reason: String,
    /// The owed test's answer.
    pub test: Option<TestAnswer>,
    /// The generator's state after the dice rolled for this melee.
    pub rng_after: Option<RngState>,
    /// Keep the typed losses in the casualty table for every melee with this result.
    pub remember_losses: bool,
}

impl MeleeDraft {
    /// Opens on a pending melee; a general with either unit is taken to lead it until the
    /// players say otherwise (GDB-MOD-15).
    pub fn open(battle: &Battle, pending: &Engagement) -> Option<Self> {
        let (a, d) = (battle.unit(pending.attacker)?, battle.unit(pending.defender)?);
        // GDB-MOD-FN6: the slope the table showed at the charge, else as it shows now.
        let table_now = || crate::game::table::engagement_slopes(battle, a.id, d.id);
        let ByRole { attacker: sa, defender: sd } = pending.slopes.or_else(table_now).unwrap_or_default();
        // The face the engagement carries from the charge (GDB-CHG-16), shown as chosen.
        let leads = |id: UnitId| battle.generals.iter().any(|g| g.attached_to == Some(id) && !g.lost);
        // Off the table view the players say where each side fights, pre-filled with
        // where it stood (a charger that left a wood fights where it arrived; issue 27).
        let ground = |u: &crate::model::Unit| battle.table.is_none().then_some(u.terrain);
        let shown = |role: Role, u: &crate::model::Unit, slope| Situation {
            general_leads: leads(u.id),
            slope,
            ground: ground(u),
            ..pending.contact.get(role).gdb_melee_table()
        };
        let table = ByRole::new(shown(Role::Attacker, a, sa), shown(Role::Defender, d, sd));
        Some(MeleeDraft {
            attacker: a.id,
            defender: d.id,
            table,
            step: MeleeDraftStep::Situation,
            dice: [None, None],
            losses: Default::default(),
            table_losses: None,
            override_on: false,
            override_winner: None,
            override_outcome: Outcome::Draw,
            override_reason: String::new(),
            test: None,
            rng_after: None,
            remember_losses: false,
        })
    }

    pub fn attacker(&self) -> UnitId {
        self.attacker
    }

    pub fn defender(&self) -> UnitId {
        self.defender
    }

    pub fn step_now(&self) -> MeleeDraftStep {
        self.step
    }

    /// Both sides as the game reads the melee with what the table shows now.
    pub fn situation(&self, battle: &Battle) -> Option<MeleeInput> {
        gdb_melee_input(battle, &self.action()).ok().map(|(input, _)| input)
    }

    /// The side caught evading, who rolls no dice (GDB-EVD-11, AMB-47).
    pub fn evader(&self, battle: &Battle) -> Option<Role> {
        self.situation(battle)?.evader()
    }

    /// The dice of both sides, once each side that rolls has its pair.
    pub fn dice_given(&self, battle: &Battle) -> Option<ByRole<MeleeDice>> {
        let evader = self.evader(battle);
        let pair = |i: usize, role: Role| {
            if evader == Some(role) { Some(MeleeDice(None)) } else { self.dice[i].map(MeleeDice::thrown) }
        };
        Some(ByRole::new(pair(0, Role::Attacker)?, pair(1, Role::Defender)?))
    }

    /// One step back, to the situation and the dice.
    pub fn back(&mut self) {
        self.step = MeleeDraftStep::Situation;
    }

    /// From the situation and its dice to the result, the losses pre-filled from the casualty table.
    pub fn to_result(&mut self, battle: &Battle) -> bool {
        let Some(r) = self.action_with_dice(battle).and_then(|m| gdb_melee_result(battle, &m).ok()) else {
            return false;
        };
        self.step = MeleeDraftStep::Result;
        let (a, d) = (figures_of(&r.attacker_effects), figures_of(&r.defender_effects));
        self.table_losses = a.zip(d).map(ByRole::from);
        self.losses = [a, d];
        true
    }

    /// The action as the players' inputs stand, without the dice.
    fn action(&self) -> GdbMeleeAction {
        let losses = match (self.losses[0], self.losses[1]) {
            (Some(a), Some(d)) if self.table_losses != Some(ByRole::new(a, d)) => Some(ByRole::new(a, d)),
            _ => None,
        };
        let overridden = self.override_on.then(|| Override {
            winner: self.override_winner,
            outcome: Some(self.override_outcome),
            result: String::new(),
            reason: self.override_reason.trim().to_owned(),
        });
        GdbMeleeAction {
            attacker: self.attacker,
            defender: self.defender,
            table: self.table.clone(),
            dice: ByRole::default(),
            losses,
            test: self.test.clone(),
            overridden,
            rng_after: self.rng_after.clone(),
        }
    }

    fn action_with_dice(&self, battle: &Battle) -> Option<GdbMeleeAction> {
        let dice = self.dice_given(battle)?;
        Some(GdbMeleeAction { dice, ..self.action() })
    }

    /// The result by the dice, the one applied, and the test owed with it; the answer to
    /// a test no longer owed is dropped.
    pub fn view(&mut self, battle: &Battle) -> Option<MeleeView> {
        let action = self.action_with_dice(battle)?;
        let by_dice = gdb_melee_result(battle, &GdbMeleeAction { overridden: None, ..action.clone() }).ok()?;
        let applied = gdb_melee_result(battle, &action).unwrap_or_else(|_| by_dice.clone());
        let owed_test = owed_melee_test(&applied, &action);
        if owed_test.is_none() {
            self.test = None;
        }
        let dice = action.dice.map(|_, d| d.numbers());
        let pivotal = self.situation(battle).map(|i| i.pivotal(dice.attacker, dice.defender)).unwrap_or_default();
        Some(MeleeView { by_dice, applied, dice, owed_test, pivotal })
    }

    /// The casualty-table row that gives the losses typed, when the table has none for
    /// this result (AMB-13).
    /// Whether the casualty table gave this result's losses: else the players type them,
    /// and may keep them as a row of the table.
    pub fn losses_from_table(&self) -> bool {
        self.table_losses.is_some()
    }

    pub fn row_to_remember(&self, battle: &Battle) -> Option<CasualtyRow> {
        if self.table_losses.is_some() {
            return None;
        }
        let typed = (self.losses[0]?, self.losses[1]?);
        crate::game::casualty_row_for(battle, &self.action_with_dice(battle)?, typed.into())
    }

    /// The battle's options with the typed losses kept, when the players asked.
    pub fn tables_to_remember(&self, battle: &Battle) -> Option<RulesOptions> {
        let row = self.row_to_remember(battle).filter(|_| self.remember_losses)?;
        let mut options = battle.options.clone();
        options.gdb.casualties.push(row);
        Some(options)
    }

    /// For each side whose typed losses pass its figures, the figures it has: the game
    /// refuses more losses than a unit has, and the players are told so at the field.
    pub fn losses_refused(&self, battle: &Battle) -> [Option<u32>; 2] {
        let has = |id: UnitId| battle.unit(id).map(|u| u.figures);
        let refused = |id: UnitId, lost: Option<u32>| has(id).filter(|has| lost.is_some_and(|n| n > *has));
        [refused(self.attacker, self.losses[0]), refused(self.defender, self.losses[1])]
    }

    /// Whether the melee may be applied: losses typed and within each unit's figures, an
    /// imposed result's reason given and the owed test answered (GDB-RES-02, GDB-RES-04,
    /// GDB-RES-09).
    pub fn ready(&mut self, battle: &Battle) -> bool {
        let typed = self.losses.iter().all(Option::is_some) && self.losses_refused(battle).iter().all(Option::is_none);
        let override_ok = !self.override_on || !self.override_reason.trim().is_empty();
        let owed = self.view(battle).is_some_and(|v| v.owed_test.is_some());
        typed && override_ok && (!owed || self.test.is_some())
    }

    /// The melee to apply.
    pub fn finish(&mut self, battle: &Battle) -> Option<Action> {
        if !self.ready(battle) {
            return None;
        }
        self.action_with_dice(battle).map(|m| Action::GdbMelee(Box::new(m)))
    }
}
