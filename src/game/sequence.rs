//! The turn in order (issue 42): the clauses of the recorded turn that decide whether a
//! step may be taken at this moment, judged before the step's own checks. A file recorded
//! before the game judged them (battle-file version 5 and older) may hold a step they now
//! refuse: its replay reports the entry as a rules change and goes on as it was recorded.

use crate::model::Judged;
use thiserror::Error;

use crate::model::{Action, Battle, Engagement, UnitId};
use crate::rules::options::TestKind;
use crate::rules::{Marker, Order, Phase, Ruleset};

/// The battle-file version from which the game judges the first of these clauses.
pub const JUDGED_SINCE_VERSION: u32 = 6;

/// The battle-file version from which the game judges them all: files of this version
/// and later replay every entry as the game checks it.
pub const ALL_JUDGED_SINCE_VERSION: u32 = 7;

/// Why the turn does not allow a step now. The battle is unchanged.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TurnError {
    /// GDB-MEL-02: units in base contact take no morale test until their melee is fought.
    #[error("unit {0} is in base contact and takes no morale test until its melee is fought (GDB-MEL-02)")]
    TestInContact(UnitId),
    /// GDB-MEL-02 and the turn sequence: units in contact stay so until the Melee phase,
    /// where their melee is fought.
    #[error("a melee is fought in the Melee phase (GDB-MEL-02)")]
    MeleeOutsidePhase,
    /// GDB-RES-01, GDB-SEQ-03: a unit that has just routed makes its full rout move in the
    /// next Compulsory Moves before it may test to rally.
    #[error("unit {0} makes its rout move in the next Compulsory Moves before it may rally (GDB-RES-01, GDB-SEQ-03)")]
    RoutMoveFirst(UnitId),
    /// B-MEL-17: Ruleset B's tests are rolled on one D6, not two.
    #[error("unit {0}: Ruleset B tests are rolled on one D6 (B-MEL-17)")]
    OneDie(UnitId),
    /// GDB-CHG-11, worked example 2: a unit that changed formation this turn may not fire
    /// this turn.
    #[error("unit {0} changed formation this turn and may not fire this turn (GDB-CHG-11)")]
    ChangedFormation(UnitId),
    /// B-MEL-02, 03: the end-of-melee test is taken once, with the melee.
    #[error("unit {0} took its end-of-melee test with its melee this turn (B-MEL-02, B-MEL-03)")]
    TestTakenInMelee(UnitId),
    /// GDB-RES-11, B-MEL-02, 05: a melee that goes on is fought again in the next game
    /// turn, not twice in one.
    #[error("this melee was fought this turn and goes on in the next (GDB-RES-11, B-MEL-02, B-MEL-05)")]
    MeleeGoesOnNextTurn,
    /// GDB-CHG-03, 04: a charge carried out at once is declared then, and its side's
    /// declarations close with it; the other side, the non-phasing one, may still declare
    /// its charges.
    #[error(
        "the non-phasing side may still declare its charges: a charge is carried out once both sides have declared (GDB-CHG-03, 04)"
    )]
    NonPhasingStillDeclares,
    /// GDB-CHG-03: the phasing side declares its charges first.
    #[error("the phasing side declares its charges first; the other side's are carried out after (GDB-CHG-03, 04)")]
    PhasingStillDeclares,
}

impl TurnError {
    /// The battle-file version from which the game judges this clause: an entry of an
    /// older file that it refuses replays as it was recorded, reported as a rules change.
    pub const fn judged_since(&self) -> u32 {
        match self {
            TurnError::TestInContact(_)
            | TurnError::MeleeOutsidePhase
            | TurnError::RoutMoveFirst(_)
            | TurnError::OneDie(_)
            | TurnError::ChangedFormation(_)
            | TurnError::TestTakenInMelee(_)
            | TurnError::MeleeGoesOnNextTurn => JUDGED_SINCE_VERSION,
            TurnError::NonPhasingStillDeclares | TurnError::PhasingStillDeclares => ALL_JUDGED_SINCE_VERSION,
        }
    }
}

/// Whether the turn allows `action` now.
pub(super) fn judge(action: &Action, battle: &Battle) -> Result<(), TurnError> {
    let Some(judged) = action.judged() else { return Ok(()) };
    match judged {
        Judged::Test(t) => {
            // B-MEL-17: Ruleset B's tests roll one D6.
            let two_dice = matches!(t.answer, crate::rules::gdb::charge::TestAnswer::Rolled { .. });
            if battle.ruleset == Ruleset::RulesetB && two_dice {
                return Err(TurnError::OneDie(t.unit));
            }
            judge_test(battle, t.unit, t.test)
        }
        Judged::GdbMelee(m) => {
            if battle.ruleset == Ruleset::Gdb && battle.phase != Phase::Melee {
                return Err(TurnError::MeleeOutsidePhase);
            }
            judge_melee(battle, m.attacker, m.defender)
        }
        Judged::BMelee(m) => judge_melee(battle, m.attacker, m.defender),
        Judged::Fire(f) => judge_firer(battle, f.firer),
        Judged::Charge(c) => judge_at_once(battle, c),
    }
}

/// A charge carried out without a declaration of its own: the other side has had its
/// say (GDB-CHG-03, 04).
pub(super) fn judge_at_once(battle: &Battle, c: &crate::model::ChargeAction) -> Result<(), TurnError> {
    let follow_up = super::charge::is_follow_up(battle, c.charger);
    match super::declarations::still_declaring(battle, c, follow_up) {
        Some(side) if side == super::declarations::phasing_side(battle) => Err(TurnError::PhasingStillDeclares),
        Some(_) => Err(TurnError::NonPhasingStillDeclares),
        None => Ok(()),
    }
}

/// A morale or rally test: not in base contact before the melee (GDB-MEL-02), not a rally
/// before the rout move (GDB-RES-01, GDB-SEQ-03); under Ruleset B not a second morale test
/// after the one its melee took (B-MEL-02, 03).
fn judge_test(battle: &Battle, unit: UnitId, test: TestKind) -> Result<(), TurnError> {
    if battle.ruleset == Ruleset::RulesetB {
        let again = test == TestKind::Morale && tested_in_melee_this_turn(battle, unit);
        return if again { Err(TurnError::TestTakenInMelee(unit)) } else { Ok(()) };
    }
    if in_contact_before_melee(battle, unit) {
        return Err(TurnError::TestInContact(unit));
    }
    if test == TestKind::Rally && rout_move_owed(battle, unit) {
        return Err(TurnError::RoutMoveFirst(unit));
    }
    Ok(())
}

/// A firer: under General de Brigade, not one that changed formation this turn
/// (GDB-CHG-11; one still changing is refused by the fire's own check).
pub fn judge_firer(battle: &Battle, firer: UnitId) -> Result<(), TurnError> {
    let changed = actions_of_turn(battle, battle.turn)
        .any(|a| matches!(a, Action::ChangeFormation { unit, .. } if *unit == firer));
    if battle.ruleset == Ruleset::Gdb && changed { Err(TurnError::ChangedFormation(firer)) } else { Ok(()) }
}

/// A melee turn: not one fought already in this game turn (its next turn is the next
/// game turn's).
fn judge_melee(battle: &Battle, attacker: UnitId, defender: UnitId) -> Result<(), TurnError> {
    if melee_fought_this_turn(battle, attacker, defender) {
        return Err(TurnError::MeleeGoesOnNextTurn);
    }
    Ok(())
}

/// Whether the unit stands in base contact with a melee still to fight this turn
/// (GDB-MEL-02): a pending melee it is in that was not fought this game turn.
pub fn in_contact_before_melee(battle: &Battle, unit: UnitId) -> bool {
    battle.pending_melees().any(|(_, e)| e.involves(unit) && !fought_this_turn(battle, e))
}

/// Whether a routing unit still owes the rout move it makes in the next Compulsory Moves
/// (GDB-RES-01, GDB-SEQ-03): it is marked retreating until that phase is over.
pub fn rout_move_owed(battle: &Battle, unit: UnitId) -> bool {
    battle.unit(unit).is_some_and(|u| u.order == Order::Routing && u.markers.contains(&Marker::Retreating))
}

/// Whether the unit took its end-of-melee test with a Ruleset B melee this game turn.
pub fn tested_in_melee_this_turn(battle: &Battle, unit: UnitId) -> bool {
    actions_of_turn(battle, battle.turn).any(|a| {
        matches!(a, Action::BMelee(m)
            if (m.attacker == unit && m.tests.attacker.is_some()) || (m.defender == unit && m.tests.defender.is_some()))
    })
}

/// Whether the unit moved or attacked in this game turn: a move of the Movement phase, a
/// charge or a Ruleset B attack it made (B-COL-10 reads it for stationary cavalry).
pub fn moved_or_attacked_this_turn(battle: &Battle, unit: UnitId) -> bool {
    actions_of_turn(battle, battle.turn).any(|a| {
        matches!(a, Action::Move(m) if m.unit == unit)
            || matches!(a, Action::Charge(c) if c.charger == unit)
            || matches!(a, Action::Collision(c) if c.attacker == unit || (c.defender == unit && c.defender_attacking))
    })
}

/// Whether the unit was fired at in the previous game turn (B-COL-11: the fire of the last
/// Firing phase still counts in this turn's Charges phase).
pub fn fired_at_last_turn(battle: &Battle, unit: UnitId) -> bool {
    let last = battle.turn.saturating_sub(1);
    actions_of_turn(battle, last).any(|a| matches!(a, Action::Fire(f) if f.target == unit))
}

/// Whether the melee of this engagement was fought in this game turn.
pub fn fought_this_turn(battle: &Battle, e: &Engagement) -> bool {
    melee_fought_this_turn(battle, e.attacker, e.defender)
}

/// Whether a melee between the two units was fought in this game turn (either way round).
fn melee_fought_this_turn(battle: &Battle, a: UnitId, b: UnitId) -> bool {
    let pair = |x: UnitId, y: UnitId| (x == a && y == b) || (x == b && y == a);
    actions_of_turn(battle, battle.turn).any(|action| {
        matches!(action, Action::GdbMelee(m) if pair(m.attacker, m.defender))
            || matches!(action, Action::BMelee(m) if pair(m.attacker, m.defender))
    })
}

/// The actions the journal recorded in game turn `turn`, newest first: read back from the
/// end, so that the cost is the turns since, not the evening's.
fn actions_of_turn(battle: &Battle, turn: u32) -> impl Iterator<Item = &Action> {
    battle
        .log
        .iter()
        .rev()
        .skip_while(move |e| e.turn > turn)
        .take_while(move |e| e.turn == turn)
        .filter_map(|e| e.action.as_deref())
}
