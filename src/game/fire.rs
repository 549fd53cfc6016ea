//! Fire (issue 28). The seeds give the rules of charges and melee; firing belongs to the
//! players' rulebook, so the game keeps the record and the arithmetic the players give it
//! (their firing table, or the losses typed) and refuses what the seeds forbid: a unit
//! changing formation fires not (GDB-CHG-11), skirmishers in a charge's path fire not
//! (GDB-CHG-22), units in base contact are not fired at (GDB-MEL-02).

use thiserror::Error;

use super::engagement::changed_unit;
use super::play::Checked;
use super::{ActionError, Event};
use crate::model::{Battle, FireAction, FireRoll, LogDetail, TableRoll, Unit, UnitId};
use crate::rules::{Marker, Phase, Ruleset};

/// Why a fire is refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum FireError {
    /// Fire is recorded in the Firing phase (closing fire belongs to the charge).
    #[error("fire is recorded in the Firing phase")]
    NotFiringPhase,
    /// GDB-CHG-11: a unit changing formation may not fire.
    #[error("a unit changing formation may not fire (GDB-CHG-11)")]
    ChangingFormation,
    /// GDB-CHG-22: skirmishers screening a charged unit evade and may not fire.
    #[error("skirmishers in a charge's path this turn may not fire (GDB-CHG-22)")]
    Screen,
    /// GDB-MEL-02: units in base contact are not fired at.
    #[error("a unit in base contact is not fired at (GDB-MEL-02)")]
    TargetInContact,
    /// The players' firing table has no row for this total.
    #[error("the firing table has no row for {0}")]
    NoFiringRow(i32),
    /// Neither a roll on the players' table nor the losses typed.
    #[error("roll on the firing table or type the figures lost")]
    LossesNeeded,
}

/// The target's losses as the players' table or the typed figures give them, with the
/// roll and the row used.
pub fn fire_losses(battle: &Battle, a: &FireAction) -> Result<(u32, Option<TableRoll>), ActionError> {
    if let (Some(roll), None) = (a.roll, a.figures) {
        let (figures, table) = firing_table_read(battle, roll)?;
        return Ok((figures, Some(table)));
    }
    a.figures.map(|f| (f, None)).ok_or_else(|| FireError::LossesNeeded.into())
}

/// The players' firing table read for these dice and modifier: the figures lost and the
/// row used (a fire's, and closing fire's in a charge).
pub fn firing_table_read(battle: &Battle, roll: FireRoll) -> Result<(u32, TableRoll), ActionError> {
    let row = crate::rules::dice::table_row(&roll.dice, roll.modifier, |t| battle.options.gdb.fire_row(t));
    let (_, row) = row.map_err(|e| ActionError::from(FireError::NoFiringRow(e.0)))?;
    let dice = crate::rules::dice::numbers(roll.dice);
    let table =
        TableRoll { dice, modifier: roll.modifier, row: (row.from, row.to, row.result.clone()), house: Vec::new() };
    Ok((row.figures, table))
}

/// Whether the unit screened a charged unit this turn (GDB-CHG-22).
fn screened_this_turn(battle: &Battle, id: UnitId) -> bool {
    battle
        .log
        .iter()
        .rev()
        .take_while(|e| e.turn == battle.turn)
        .any(|e| if let LogDetail::Charge { screen, .. } = &e.detail { screen.contains(&id) } else { false })
}

/// What the seeds forbid of a unit firing, whatever its target: it fires in the Firing
/// phase, not while changing formation nor after changing it this turn (GDB-CHG-11), not
/// if it screened a charged unit this turn (GDB-CHG-22).
pub fn may_fire_with(battle: &Battle, firer: &Unit) -> Result<(), ActionError> {
    may_fire_as_recorded(battle, firer)?;
    super::sequence::judge_firer(battle, firer.id)?;
    Ok(())
}

/// [`may_fire_with`] less the turn's clauses, which the game judges before the fire's own
/// checks (issue 42).
fn may_fire_as_recorded(battle: &Battle, firer: &Unit) -> Result<(), ActionError> {
    if battle.phase != Phase::Firing {
        return Err(FireError::NotFiringPhase.into());
    }
    if !firer.order.in_play() {
        return Err(ActionError::OutOfPlay(firer.id));
    }
    if firer.markers.contains(&Marker::ChangingFormation) {
        return Err(FireError::ChangingFormation.into());
    }
    if screened_this_turn(battle, firer.id) {
        return Err(FireError::Screen.into());
    }
    Ok(())
}

/// Whether this target may be fired at by this firer: an enemy in play, not in base
/// contact (GDB-MEL-02).
pub fn may_be_fired_at(battle: &Battle, firer: &Unit, target: &Unit) -> Result<(), ActionError> {
    if firer.side == target.side {
        return Err(ActionError::SameSide(firer.id, target.id));
    }
    if !target.order.in_play() {
        return Err(ActionError::OutOfPlay(target.id));
    }
    if target.markers.contains(&Marker::InMelee) || battle.engagements.iter().any(|e| e.involves(target.id)) {
        return Err(FireError::TargetInContact.into());
    }
    Ok(())
}

/// What the seeds forbid of this fire, before any dice.
pub fn may_fire(battle: &Battle, firer: &Unit, target: &Unit) -> Result<(), ActionError> {
    may_fire_as_recorded(battle, firer)?;
    may_be_fired_at(battle, firer, target)
}

/// A fire: the target loses its figures (no more than it has); under Ruleset B it is
/// marked under fire for this turn's collisions (B-COL-11).
pub(super) fn fire(battle: &Battle, a: &FireAction) -> Result<Checked, ActionError> {
    let firer = super::play::fighting_unit(battle, a.firer)?;
    let target = super::play::fighting_unit(battle, a.target)?;
    may_fire(battle, firer, target)?;
    let (figures, roll) = fire_losses(battle, a)?;
    if figures > target.figures {
        return Err(ActionError::TooManyLosses { unit: target.id, lost: figures, has: target.figures });
    }
    let mut after = target.clone();
    after.figures -= figures;
    if after.figures == 0 {
        after.destroy();
    }
    if battle.ruleset == Ruleset::RulesetB {
        after.markers.insert(Marker::UnderFire);
    }
    let mut events: Vec<Event> = changed_unit(target, after).into_iter().collect();
    events.extend(super::play::rng_event(battle, a.rng_after.as_ref()));
    let detail = LogDetail::Fire { roll, figures, test_owed: a.test_owed && figures > 0 };
    Ok((events, vec![a.firer, a.target], detail))
}
