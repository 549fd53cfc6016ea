//! Ruleset B as drafts: the collision test (B-COL-01..21, B-FLE-01..02) and a turn of
//! melee (B-MEL-01..17). Each opens from the battle, pre-filled from the table, previews
//! what the game will derive, and finishes into its action.

use crate::game::{
    Action, ActionError, BContact, BMeleeAction, CollisionAction, b_melee_input, b_melee_outcome, collision_input,
    collision_result,
};
use crate::model::{Battle, Engagement, RngState, UnitId};
use crate::rules::dice::{AverageDie, D6};
use crate::rules::ruleset_b::{CollisionOdds, CollisionResult, MeleeState, TestResult};
use crate::rules::{ByRole, Modifier, Role, Situation};

/// The collision before the dice: who is unopposed, both sides' modifiers and the odds
/// of every outcome, and the attack distance the start is compared with (AMB-37).
#[derive(Debug, Clone, PartialEq)]
pub struct CollisionPreview {
    pub unopposed: bool,
    pub modifiers: [Vec<Modifier>; 2],
    pub odds: Vec<CollisionOdds>,
    pub attack_distance_cm: Option<u32>,
}

/// A Ruleset B collision test being drafted.
#[derive(Debug, Clone)]
pub struct CollisionDraft {
    attacker: UnitId,
    defender: UnitId,
    /// What the table shows of each side.
    pub table: ByRole<Situation>,
    /// The defender attacks too (B-COL-03).
    pub defender_attacking: bool,
    /// The two average dice, once typed or rolled.
    pub dice: Option<(AverageDie, AverageDie)>,
    /// The distance the attack started at, as typed (pre-filled from the table).
    pub start_cm: Option<u32>,
    /// The fugitive was caught (B-FLE-02).
    pub caught: bool,
    /// The generator's state after the dice rolled here.
    pub rng_after: Option<RngState>,
    rolled: bool,
    from_table: Option<crate::game::table::TableFacts>,
    /// The attacker's own units in its path on the table, flagged (GDB-CHG-21).
    friends_in_path: Vec<UnitId>,
}

impl CollisionDraft {
    /// Opens a collision test of `attacker` on `defender`, pre-filled with what the table
    /// view shows when both are placed (B-COL-02, 06, 07).
    pub fn open(battle: &Battle, attacker: UnitId, defender: UnitId) -> Option<Self> {
        battle.unit(attacker)?;
        battle.unit(defender)?;
        let mut table: ByRole<Situation> = ByRole::default();
        let facts = crate::game::table::charge_facts(battle, attacker, defender);
        if let Some(f) = &facts {
            table.defender = f.target_shows();
        }
        if let Some(ByRole { attacker: sa, defender: sd }) =
            crate::game::table::engagement_slopes(battle, attacker, defender)
        {
            (table.attacker.slope, table.defender.slope) = (sa, sd);
        }
        // B-COL-11: a side fired at this turn (the fire marked it) or in the last turn's
        // Firing phase (its mark gone as this turn began, before the Charges phase) is
        // under fire.
        let fired_at = |id: UnitId| {
            battle.unit(id).is_some_and(|u| u.markers.contains(&crate::rules::Marker::UnderFire))
                || crate::game::sequence::fired_at_last_turn(battle, id)
        };
        (table.attacker.under_fire, table.defender.under_fire) = (fired_at(attacker), fired_at(defender));
        // B-COL-10: cavalry attacked that has neither moved nor attacked this turn stands.
        table.defender.stationary = battle.unit(defender).is_some_and(|u| u.arm.is_cavalry())
            && !crate::game::sequence::moved_or_attacked_this_turn(battle, defender);
        let start_cm = facts.as_ref().map(|f| crate::game::table::whole(f.distance_cm));
        Some(CollisionDraft {
            attacker,
            defender,
            table,
            defender_attacking: false,
            dice: None,
            start_cm,
            caught: false,
            rng_after: None,
            rolled: false,
            from_table: facts,
            friends_in_path: crate::game::table::friends_in_path(battle, attacker, defender),
        })
    }

    /// Whether side `i` (0 the attacker, 1 the defender) may count as stationary cavalry
    /// (B-COL-10): only a cavalry defender that does not attack too.
    pub fn stationary_offered(&self, battle: &Battle, i: usize) -> bool {
        i == 1 && !self.defender_attacking && battle.unit(self.defender).is_some_and(|u| u.arm.is_cavalry())
    }

    pub fn attacker(&self) -> UnitId {
        self.attacker
    }

    pub fn defender(&self) -> UnitId {
        self.defender
    }

    pub fn from_table(&self) -> Option<&crate::game::table::TableFacts> {
        self.from_table.as_ref()
    }

    /// The attacker's own units in its path on the table, measured as the wizard opened.
    pub fn friends_in_path(&self) -> &[UnitId] {
        &self.friends_in_path
    }

    /// Whether the result is shown (the dice are in).
    pub fn at_result(&self) -> bool {
        self.rolled
    }

    fn action(&self) -> CollisionAction {
        CollisionAction {
            attacker: self.attacker,
            defender: self.defender,
            table: self.table.clone(),
            defender_attacking: self.defender_attacking,
            distance_cm: self.start_cm,
            dice: self.dice.unwrap_or((AverageDie::MIDDLE, AverageDie::MIDDLE)).into(),
            caught: self.caught,
            rng_after: self.rng_after.clone(),
        }
    }

    /// What the players see before the dice.
    pub fn preview(&self, battle: &Battle) -> Result<CollisionPreview, ActionError> {
        let input = collision_input(battle, &self.action())?;
        Ok(CollisionPreview {
            unopposed: input.unopposed(),
            modifiers: [input.modifiers(Role::Attacker), input.modifiers(Role::Defender)],
            odds: input.odds(),
            attack_distance_cm: battle.options.ruleset_b.attack_distance(input.attacker.arm),
        })
    }

    /// Whether the result may be shown: the dice are in, or no dice are needed.
    pub fn ready(&self, battle: &Battle) -> bool {
        self.dice.is_some() || self.preview(battle).is_ok_and(|p| p.unopposed)
    }

    /// On to the result, if ready.
    pub fn to_result(&mut self, battle: &Battle) {
        self.rolled = self.ready(battle);
    }

    pub fn back(&mut self) {
        self.rolled = false;
    }

    /// The result the game will derive from the same inputs.
    pub fn result(&self, battle: &Battle) -> Result<CollisionResult, ActionError> {
        collision_result(battle, &self.action())
    }

    /// The dice each side rolled, as entered.
    pub fn dice_rolled(&self) -> (u8, u8) {
        self.dice.map_or((3, 3), |(a, d)| (a.get(), d.get()))
    }

    /// The collision to apply.
    pub fn finish(&self, battle: &Battle) -> Result<Action, ActionError> {
        self.result(battle)?;
        Ok(Action::Collision(Box::new(self.action())))
    }
}

/// One side of a Ruleset B melee turn before the dice: figures fighting, dice, the +1s
/// per die and the chance of each number of kills (B-MEL-08..11).
#[derive(Debug, Clone, PartialEq)]
pub struct BMeleeSidePreview {
    pub figures_fighting: u32,
    pub dice: u32,
    pub die_modifiers: Vec<Modifier>,
    pub kills: Vec<f64>,
}

/// The melee turn before the dice.
#[derive(Debug, Clone, PartialEq)]
pub struct BMeleePreview {
    pub turn: u32,
    pub both_attacking: bool,
    pub sides: [BMeleeSidePreview; 2],
}

/// A turn of Ruleset B melee being drafted.
#[derive(Debug, Clone)]
pub struct BMeleeDraft {
    attacker: UnitId,
    defender: UnitId,
    /// Figures in contact and overlaps of each side (B-MEL-08).
    pub contact: (BContact, BContact),
    /// Each side's dice, once typed or rolled.
    pub dice: Option<(Vec<D6>, Vec<D6>)>,
    /// Each side's morale test: not taken, passed or failed, and the score.
    pub tests: [Option<bool>; 2],
    pub scores: [Option<i32>; 2],
    /// A fresh enemy unit charging into the melee (B-MEL-05).
    pub fresh: [bool; 2],
    pub rng_after: Option<RngState>,
}

/// The figures in contact and overlaps of the last turn of the melee between the two
/// units, as the journal recorded it (either way round), each side's its own.
fn last_turn_contact(battle: &Battle, attacker: UnitId, defender: UnitId) -> Option<ByRole<BContact>> {
    battle.log.iter().rev().filter_map(|e| e.action.as_deref()).find_map(|action| {
        let Action::BMelee(m) = action else { return None };
        if (m.attacker, m.defender) == (attacker, defender) {
            Some(m.contact.clone())
        } else if (m.attacker, m.defender) == (defender, attacker) {
            Some((m.contact.defender.clone(), m.contact.attacker.clone()).into())
        } else {
            None
        }
    })
}

impl BMeleeDraft {
    /// Opens on a pending melee: the figures in contact and the overlapping flanks of its
    /// last turn where it goes on (issue 44: the figures of turn 1 are those of turn 2
    /// until the players change them), no more than each unit has now; else up to 6
    /// figures of each side in contact, no overlap.
    pub fn open(battle: &Battle, pending: &Engagement) -> Option<Self> {
        let (a, d) = (battle.unit(pending.attacker)?, battle.unit(pending.defender)?);
        let first = |figures: u32| BContact { figures_in_contact: figures.min(6), overlaps: 0 };
        let kept = |c: &BContact, figures: u32| BContact {
            figures_in_contact: c.figures_in_contact.min(figures),
            overlaps: c.overlaps,
        };
        let contact = match last_turn_contact(battle, a.id, d.id) {
            Some(ByRole { attacker: ca, defender: cd }) => (kept(&ca, a.figures), kept(&cd, d.figures)),
            None => (first(a.figures), first(d.figures)),
        };
        Some(BMeleeDraft {
            attacker: a.id,
            defender: d.id,
            contact,
            dice: None,
            tests: [None; 2],
            scores: Default::default(),
            fresh: [false; 2],
            rng_after: None,
        })
    }

    pub fn attacker(&self) -> UnitId {
        self.attacker
    }

    pub fn defender(&self) -> UnitId {
        self.defender
    }

    fn test(&self, i: usize) -> Option<TestResult> {
        self.tests[i].map(|passed| TestResult { passed, score: self.scores[i] })
    }

    fn action(&self, dice: (Vec<D6>, Vec<D6>)) -> BMeleeAction {
        BMeleeAction {
            attacker: self.attacker,
            defender: self.defender,
            contact: self.contact.clone().into(),
            dice: dice.into(),
            tests: (self.test(0), self.test(1)).into(),
            fresh_charge: (self.fresh[0], self.fresh[1]).into(),
            rng_after: self.rng_after.clone(),
        }
    }

    /// The turn before the dice, as the game reads it.
    pub fn preview(&self, battle: &Battle) -> Result<BMeleePreview, ActionError> {
        let (input, index) = b_melee_input(battle, &self.action(Default::default()))?;
        let side = |role: Role| BMeleeSidePreview {
            figures_fighting: input.figures_fighting(role),
            dice: input.dice(role),
            die_modifiers: input.die_modifiers(role),
            kills: input.kill_distribution(role),
        };
        Ok(BMeleePreview {
            turn: input.turn,
            both_attacking: battle.engagements.get(index).is_some_and(|e| e.both_attacking()),
            sides: [side(Role::Attacker), side(Role::Defender)],
        })
    }

    /// The kills and the state the game derives once the dice are in.
    pub fn outcome(&self, battle: &Battle) -> Option<((u32, u32), MeleeState)> {
        let dice = self.dice.clone()?;
        b_melee_outcome(battle, &self.action(dice)).ok()
    }

    /// The turn to apply, once no test is owed (B-MEL-13..16).
    pub fn finish(&self, battle: &Battle) -> Option<Action> {
        let (_, state) = self.outcome(battle)?;
        if matches!(state, MeleeState::TestsOwed { .. }) {
            return None;
        }
        Some(Action::BMelee(Box::new(self.action(self.dice.clone()?))))
    }
}
