//! The Movement phase's formation changes (issue 28): a unit in base contact stays where
//! it is (GDB-MEL-02); a change not finished this turn leaves the unit changing formation,
//! which the melee reads (GDB-CHG-12, AMB-09: no formation bonus while it lasts).

use thiserror::Error;

use super::ActionError;
use super::engagement::changed_unit;
use super::play::Checked;
use crate::model::{Battle, LogDetail, UnitId};
use crate::rules::{Formation, Marker, Phase};

/// Why a formation change is refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MoveError {
    /// Formations change in the Movement phase (a charge's reaction is the charge's).
    #[error("formations change in the Movement phase")]
    NotMovementPhase,
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
    if battle.phase != Phase::Movement {
        return Err(MoveError::NotMovementPhase.into());
    }
    if u.markers.contains(&Marker::InMelee) || battle.engagements.iter().any(|e| e.involves(unit)) {
        return Err(MoveError::InContact.into());
    }
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
