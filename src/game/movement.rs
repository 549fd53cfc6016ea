//! The Movement phase's moves and formation changes (issue 28): a unit in base contact
//! stays where it is (GDB-MEL-02); a move sets the ground the unit ends on, from the
//! table's areas or as the players say; a change not finished this turn leaves the unit
//! changing formation, which the melee reads (GDB-CHG-12, AMB-09: no formation bonus
//! while it lasts).

use thiserror::Error;

use super::ActionError;
use super::Event;
use super::engagement::changed_unit;
use super::play::Checked;
use crate::model::limits::MAX_DISTANCE_CM;
use crate::model::{Battle, LogDetail, MoveAction, UnitId};
use crate::rules::{Formation, Marker, Phase};

/// Why a formation change is refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MoveError {
    /// Units move and change formation in the Movement phase (a charge's moves and
    /// reaction are the charge's).
    #[error("units move and change formation in the Movement phase")]
    NotMovementPhase,
    /// A move longer than any table.
    #[error("a move of {cm} cm is more than {max} cm")]
    TooFar {
        /// The distance given.
        cm: u32,
        /// The limit.
        max: u32,
    },
    /// GDB-MEL-02: a unit in base contact stays where it is.
    #[error("a unit in base contact stays as it is until the melee (GDB-MEL-02)")]
    InContact,
}

/// A formation change: the formation taken, and the marker while it is unfinished.
pub(super) fn change_formation(
    battle: &Battle,
    unit: UnitId,
    to: Formation,
    finished: bool,
) -> Result<Checked, ActionError> {
    let u = super::play::fighting_unit(battle, unit)?;
    refuse_out_of_phase(battle)?;
    refuse_in_contact(battle, unit)?;
    if u.formation == to && u.markers.contains(&Marker::ChangingFormation) != finished {
        return Err(ActionError::NoChange);
    }
    let mut after = u.clone();
    after.formation = to;
    if finished {
        after.markers.remove(&Marker::ChangingFormation);
    } else {
        after.markers.insert(Marker::ChangingFormation);
    }
    let detail = LogDetail::FormationChanged { from: u.formation, to, finished };
    Ok((changed_unit(u, after).into_iter().collect(), vec![unit], detail))
}

/// A move of the Movement phase: the unit goes where the table view shows it (its
/// attached generals with it), and its ground is what the players say, or the table's
/// area it ends in, or stays (off the table). Refused in base contact (GDB-MEL-02).
pub(super) fn move_unit(battle: &Battle, m: &MoveAction) -> Result<Checked, ActionError> {
    let u = super::play::fighting_unit(battle, m.unit)?;
    refuse_out_of_phase(battle)?;
    refuse_in_contact(battle, m.unit)?;
    if m.cm > MAX_DISTANCE_CM {
        return Err(MoveError::TooFar { cm: m.cm, max: MAX_DISTANCE_CM }.into());
    }
    super::table::refuse_insane(m.place)?;
    let place = m.place.or(u.place);
    let (mut after, mut events) = super::table::moved_unit(battle, u, place);
    if let Some(ground) = m.ground {
        after.terrain = ground;
    }
    if m.cm == 0 && after == *u {
        return Err(ActionError::NoChange);
    }
    let detail = LogDetail::Moved { cm: m.cm, from: u.terrain, to: after.terrain };
    if after != *u {
        events.insert(0, Event::UnitChanged { before: Box::new(u.clone()), after: Box::new(after) });
    }
    Ok((events, vec![m.unit], detail))
}

fn refuse_out_of_phase(battle: &Battle) -> Result<(), MoveError> {
    if battle.phase == Phase::Movement { Ok(()) } else { Err(MoveError::NotMovementPhase) }
}

/// GDB-MEL-02: units in base contact stay put until the melee.
fn refuse_in_contact(battle: &Battle, unit: UnitId) -> Result<(), MoveError> {
    let in_melee = battle.unit(unit).is_some_and(|u| u.markers.contains(&Marker::InMelee));
    if in_melee || battle.engagements.iter().any(|e| e.involves(unit)) { Err(MoveError::InContact) } else { Ok(()) }
}
