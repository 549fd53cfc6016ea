//! Ruleset B melee (B-MEL-01..17): figures in contact become dice, each die scoring 6
//! or more after its +1s kills a figure, and the melee runs over turns until one side
//! must give way.

use serde::{Deserialize, Serialize};

use super::BSide;
use crate::rules::dice::DieKind;
use crate::rules::explain::{Modifier, Rule, mark_pivotal, sum};
use crate::rules::gdb::Role;
use crate::rules::house::Step;
use crate::rules::options::BOptions;
use crate::rules::vocab::{Arm, Face, Formation, Order};

/// Both sides of a melee turn, the turn number (1 = the collision turn) and the options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BMeleeInput {
    /// The side that attacked.
    pub attacker: BSide,
    /// The side attacked (it may be attacking too).
    pub defender: BSide,
    /// Melee turn, from 1.
    pub turn: u32,
    /// Options.
    pub options: BOptions,
}

/// How long the melee may last (B-MEL-02, 04, 05).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeleeKind {
    /// Infantry against infantry or cavalry, one side attacking: at most two turns (B-MEL-02).
    Infantry,
    /// Cavalry against cavalry, one side attacking: the collision turn only (B-MEL-04).
    Cavalry,
    /// Both sides attacking: turn after turn until one gives way (B-MEL-05..07).
    BothAttacking,
}

/// A morale test as the players recorded it (the test itself is not in the seed, B-MEL-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestResult {
    /// Passed or failed.
    pub passed: bool,
    /// The modified score, needed when both sides fail from the 2nd turn of a
    /// both-attacking melee (B-MEL-07, AMB-36).
    #[serde(default)]
    pub score: Option<i32>,
}

/// One side's record of a melee turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideTurn {
    /// Figures lost this turn.
    pub losses: u32,
    /// Figures lost in earlier turns of this melee.
    pub earlier_losses: u32,
    /// Its morale test after the turn, once taken.
    pub test: Option<TestResult>,
    /// A fresh enemy unit charged it this turn, in a both-attacking melee: it tests as a
    /// charged unit, and gives way if it fails or has taken relatively heavier losses over
    /// the melee's turns (B-MEL-05, corrected reading).
    #[serde(default)]
    pub fresh_charge: bool,
}

/// Why a side lost the melee (B-MEL-03, 04, 05, 07).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LoserReason {
    /// It failed its test after losses (or, attacked, failed its test).
    FailedTest,
    /// Both failed; it scored lower (B-MEL-07).
    LowerScore,
    /// Relatively heavier losses over the melee (B-MEL-03, AMB-33).
    HeavierLosses,
    /// Losses relatively equal: the attacker gives way (B-MEL-03).
    AttackerOnEqualLosses,
    /// It lost its last figures: it takes no test and the melee ends (B-MEL-02, 08).
    Destroyed,
}

/// The melee's state after a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum MeleeState {
    /// These sides must test before the melee can be judged; from the 2nd turn of a
    /// both-attacking melee with the average die (B-MEL-06).
    TestsOwed {
        /// Who tests.
        sides: Vec<Role>,
        /// With which die.
        die: DieKind,
    },
    /// The melee goes on into this turn.
    Continues {
        /// The next turn.
        next_turn: u32,
    },
    /// One side must retreat or flee (B-FLE-01 distances, AMB-35).
    Ends {
        /// Who gives way.
        loser: Role,
        /// Why.
        reason: LoserReason,
        /// How far it goes, in cm.
        flee_cm: u32,
    },
}

impl BMeleeInput {
    /// One side.
    pub fn side(&self, role: Role) -> &BSide {
        match role {
            Role::Attacker => &self.attacker,
            Role::Defender => &self.defender,
        }
    }

    /// The kind of melee, from the arms and who attacked.
    pub fn kind(&self) -> MeleeKind {
        if self.defender.situation.charging {
            MeleeKind::BothAttacking
        } else if self.attacker.arm.is_cavalry() && self.defender.arm.is_cavalry() {
            MeleeKind::Cavalry
        } else {
            MeleeKind::Infantry
        }
    }

    /// Figures taking part: those in contact plus one per overlapping flank (B-MEL-01, 08).
    pub fn figures_fighting(&self, role: Role) -> u32 {
        let me = self.side(role);
        me.figures_in_contact.saturating_add(me.overlaps.min(2))
    }

    /// Why a side rolls no dice, if it does not (B-MEL-11, 12).
    pub fn no_dice(&self, role: Role) -> bool {
        let me = self.side(role);
        let wavering_flanked = me.order == Order::Wavering && me.situation.struck_face.flank_or_rear();
        // B-MEL-11: an infantry line struck in the flank (not the rear) loses its first turn.
        let line_flanked = self.turn <= 1
            && me.arm.is_infantry()
            && me.formation == Formation::Line
            && me.situation.struck_face == Face::Flank;
        me.order == Order::Routing || me.situation.caught_evading || wavering_flanked || line_flanked
    }

    /// Dice a side rolls this turn: in the first turn per B-MEL-09 (with AMB-32), from
    /// the second one die per figure (B-MEL-10).
    pub fn dice(&self, role: Role) -> u32 {
        if self.no_dice(role) {
            return 0;
        }
        let me = self.side(role);
        let n = self.figures_fighting(role);
        if self.turn > 1 || me.dispersed() {
            return n;
        }
        if me.arm.is_cavalry() {
            return if self.options.odd_cavalry_figure_lost { n / 2 } else { n.div_ceil(2) };
        }
        // Formed infantry and gunners: a remainder of 2 counts as 3, of 1 is lost.
        n / 3 + u32::from(n % 3 == 2)
    }

    /// The +1s on each of a side's dice (B-MEL-13..15; they all stack, AMB-34).
    pub fn die_modifiers(&self, role: Role) -> Vec<Modifier> {
        let (me, enemy) = (self.side(role), self.side(role.other()));
        let mut out = Vec::new();
        let cavalry_melee = me.arm.is_cavalry() && enemy.arm.is_cavalry();
        if me.lance_armed() && (!cavalry_melee || self.turn <= 1) {
            out.push(Modifier::new(Rule::BMel13Lances, 1));
        }
        if enemy.situation.struck_face.flank_or_rear() {
            out.push(Modifier::new(Rule::BMel14FlankRear, 1));
        }
        let counts_dispersed = |s: &BSide| s.dispersed() || s.arm == Arm::Artillery;
        if !counts_dispersed(me) && counts_dispersed(enemy) {
            out.push(Modifier::new(Rule::BMel15FormedVsDispersed, 1));
        }
        // Issue 51: then as the club's house rules amend them.
        self.options.house.amend(Step::BMelee, out, &me.facts(), &enemy.facts())
    }

    /// Figures a side's dice kill: each die scoring 6 or more after its +1s (B-MEL-16).
    pub fn hits(&self, role: Role, dice: &[u8]) -> u32 {
        let plus = sum(&self.die_modifiers(role));
        let hits = dice.iter().filter(|d| i32::from(**d) + plus >= 6).count();
        u32::try_from(hits).unwrap_or(u32::MAX)
    }

    /// Which of a side's die modifiers (in the order of [`BMeleeInput::die_modifiers`])
    /// decided what its dice killed (issue 51): removed alone, the same dice would have
    /// killed another number of figures (B-MEL-13..16).
    pub fn pivotal(&self, role: Role, dice: &[u8]) -> Vec<bool> {
        let mods = self.die_modifiers(role);
        let plus = sum(&mods);
        let hits_with = |plus: i32| dice.iter().filter(|d| i32::from(**d) + plus >= 6).count();
        let decided = hits_with(plus);
        mods.iter().map(|m| hits_with(plus - m.value) != decided).collect()
    }

    /// A side's die modifiers with those that decided its hits marked (issue 51), as the
    /// log keeps them.
    pub fn decided_modifiers(&self, role: Role, dice: &[u8]) -> Vec<Modifier> {
        let mut mods = self.die_modifiers(role);
        mark_pivotal(&mut mods, &self.pivotal(role, dice));
        mods
    }

    /// The exact distribution of figures a side kills: entry k is P(k kills).
    pub fn kill_distribution(&self, role: Role) -> Vec<f64> {
        let plus = sum(&self.die_modifiers(role));
        let faces_hitting = (1..=6).filter(|d| d + plus >= 6).count();
        kill_distribution(self.dice(role), faces_hitting as f64 / 6.0)
    }

    /// The melee's state after this turn, from both sides' records (B-MEL-02..07).
    pub fn state(&self, attacker: &SideTurn, defender: &SideTurn) -> MeleeState {
        // B-MEL-02, 08: a side with no figures left takes no test; its melee is over.
        if let Some(gone) = [Role::Attacker, Role::Defender]
            .into_iter()
            .find(|r| self.record(*r, attacker, defender).losses >= self.side(*r).figures)
        {
            return MeleeState::Ends { loser: gone, reason: LoserReason::Destroyed, flee_cm: 0 };
        }
        let owed = self.tests_owed(attacker, defender);
        let missing: Vec<Role> =
            owed.iter().copied().filter(|r| self.record(*r, attacker, defender).test.is_none()).collect();
        if !missing.is_empty() {
            return MeleeState::TestsOwed { sides: missing, die: self.test_die() };
        }
        let failed = |r: Role| owed.contains(&r) && self.record(r, attacker, defender).test.is_some_and(|t| !t.passed);
        match self.kind() {
            MeleeKind::BothAttacking => {
                self.both_attacking_state(failed(Role::Attacker), failed(Role::Defender), attacker, defender)
            }
            MeleeKind::Cavalry => {
                if failed(Role::Defender) {
                    self.ends(Role::Defender, LoserReason::FailedTest)
                } else {
                    self.judged(failed(Role::Attacker), false, attacker, defender)
                }
            }
            MeleeKind::Infantry if self.turn <= 1 => {
                if failed(Role::Attacker) || failed(Role::Defender) {
                    self.judged(failed(Role::Attacker), failed(Role::Defender), attacker, defender)
                } else {
                    MeleeState::Continues { next_turn: 2 }
                }
            }
            MeleeKind::Infantry => self.judged(failed(Role::Attacker), failed(Role::Defender), attacker, defender),
        }
    }

    /// The die the morale tests of this turn use: the D6, the average die from the
    /// second turn of a both-attacking melee (B-MEL-06, 17).
    fn test_die(&self) -> DieKind {
        if self.kind() == MeleeKind::BothAttacking && self.turn >= 2 { DieKind::Average } else { DieKind::D6 }
    }

    /// Who must test after this turn (B-MEL-02, 04, 05, 06).
    fn tests_owed(&self, attacker: &SideTurn, defender: &SideTurn) -> Vec<Role> {
        let lost = |r: Role| self.record(r, attacker, defender).losses > 0;
        let both_every_turn = self.kind() == MeleeKind::BothAttacking && self.turn >= 2;
        let first_turn_one_attacker = self.kind() != MeleeKind::BothAttacking && self.turn <= 1;
        let fresh =
            |r: Role| self.kind() == MeleeKind::BothAttacking && self.record(r, attacker, defender).fresh_charge;
        [Role::Attacker, Role::Defender]
            .into_iter()
            .filter(|r| both_every_turn || lost(*r) || fresh(*r) || (first_turn_one_attacker && *r == Role::Defender))
            .collect()
    }

    fn record<'a>(&self, role: Role, attacker: &'a SideTurn, defender: &'a SideTurn) -> &'a SideTurn {
        match role {
            Role::Attacker => attacker,
            Role::Defender => defender,
        }
    }

    fn ends(&self, loser: Role, reason: LoserReason) -> MeleeState {
        MeleeState::Ends { loser, reason, flee_cm: super::flight_cm(self.side(loser).arm, &self.options) }
    }

    /// B-MEL-03: a side that failed its test loses; then relatively heavier losses;
    /// then, losses being equal, the attacker.
    fn judged(&self, attacker_failed: bool, defender_failed: bool, a: &SideTurn, d: &SideTurn) -> MeleeState {
        match (attacker_failed, defender_failed) {
            (true, false) => return self.ends(Role::Attacker, LoserReason::FailedTest),
            (false, true) => return self.ends(Role::Defender, LoserReason::FailedTest),
            _ => {}
        }
        match self.heavier_losses(a, d) {
            Some(loser) => self.ends(loser, LoserReason::HeavierLosses),
            None => self.ends(Role::Attacker, LoserReason::AttackerOnEqualLosses),
        }
    }

    /// B-MEL-05, 07: both attacking, the melee goes on until a side fails; if both
    /// fail, the lower modified score gives way, equal scores fight on.
    fn both_attacking_state(&self, a_failed: bool, d_failed: bool, a: &SideTurn, d: &SideTurn) -> MeleeState {
        // B-MEL-05: a side charged by a fresh enemy unit gives way if it failed its test as
        // a charged unit, or has taken relatively heavier losses over the melee's turns.
        for (role, failed, turn) in [(Role::Attacker, a_failed, a), (Role::Defender, d_failed, d)] {
            if turn.fresh_charge && failed {
                return self.ends(role, LoserReason::FailedTest);
            }
            if turn.fresh_charge && self.heavier_losses(a, d) == Some(role) {
                return self.ends(role, LoserReason::HeavierLosses);
            }
        }
        match (a_failed, d_failed) {
            (false, false) => MeleeState::Continues { next_turn: self.turn.saturating_add(1) },
            (true, false) => self.ends(Role::Attacker, LoserReason::FailedTest),
            (false, true) => self.ends(Role::Defender, LoserReason::FailedTest),
            (true, true) => {
                let score = |t: &SideTurn| t.test.and_then(|t| t.score);
                match (score(a), score(d)) {
                    (Some(x), Some(y)) if x < y => self.ends(Role::Attacker, LoserReason::LowerScore),
                    (Some(x), Some(y)) if y < x => self.ends(Role::Defender, LoserReason::LowerScore),
                    (Some(_), Some(_)) => MeleeState::Continues { next_turn: self.turn.saturating_add(1) },
                    // Both failed: their modified scores decide, so they are asked for
                    // (AMB-36), on the die of this turn's test: the D6 in the first turn,
                    // the average die from the second (B-MEL-06, 17).
                    _ => MeleeState::TestsOwed { sides: vec![Role::Attacker, Role::Defender], die: self.test_die() },
                }
            }
        }
    }

    /// The side with relatively heavier losses over the melee: losses over strength at
    /// its start, equal within the tolerance of AMB-33.
    fn heavier_losses(&self, a: &SideTurn, d: &SideTurn) -> Option<Role> {
        let total = |t: &SideTurn| u64::from(t.losses) + u64::from(t.earlier_losses);
        let strength = |r: Role| u64::from(self.side(r).figures.max(1));
        let (la, sa, ld, sd) = (total(a), strength(Role::Attacker), total(d), strength(Role::Defender));
        // la/sa against ld/sd, cross-multiplied: |la/sa - ld/sd| <= tol/min(sa, sd), the
        // tolerance counted in figures of the smaller unit.
        let gap = i128::from(la) * i128::from(sd) - i128::from(ld) * i128::from(sa);
        let tolerance = i128::from(self.options.equal_losses_tolerance_figures) * i128::from(sd.max(sa));
        if gap.abs() <= tolerance {
            None
        } else if gap > 0 {
            Some(Role::Attacker)
        } else {
            Some(Role::Defender)
        }
    }
}

/// Binomial distribution of hits from `n` dice each hitting with probability `p`.
pub fn kill_distribution(n: u32, p: f64) -> Vec<f64> {
    let mut dist = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; dist.len() + 1];
        for (k, q) in dist.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        dist = next;
    }
    dist
}
