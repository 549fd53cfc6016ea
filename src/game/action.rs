//! Actions a player can take, and the check that turns one into events.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::Event;
use crate::model::{Battle, Brigade, BrigadeId, General, GeneralId, Problem, Unit, UnitId};

/// A request to change the battle. Ids of added items are assigned by the check.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Add a unit (its id is replaced by the next free one).
    AddUnit(Unit),
    /// Replace a unit's fields.
    EditUnit(Unit),
    /// Copy a unit, for fast order-of-battle entry.
    DuplicateUnit(UnitId),
    /// Remove a unit; generals attached to it are detached.
    DeleteUnit(UnitId),
    /// Add a general.
    AddGeneral(General),
    /// Replace a general's fields.
    EditGeneral(General),
    /// Remove a general.
    DeleteGeneral(GeneralId),
    /// Add a brigade.
    AddBrigade(Brigade),
    /// Replace a brigade's fields.
    EditBrigade(Brigade),
    /// Remove a brigade; its units and generals are left unattached.
    DeleteBrigade(BrigadeId),
}

/// What kind of action an undo step was, for its label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// A unit was added.
    AddUnit,
    /// A unit was edited.
    EditUnit,
    /// A unit was duplicated.
    DuplicateUnit,
    /// A unit was deleted.
    DeleteUnit,
    /// A general was added.
    AddGeneral,
    /// A general was edited.
    EditGeneral,
    /// A general was deleted.
    DeleteGeneral,
    /// A brigade was added.
    AddBrigade,
    /// A brigade was edited.
    EditBrigade,
    /// A brigade was deleted.
    DeleteBrigade,
}

/// Why an action was refused; the battle is unchanged.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ActionError {
    /// The unit does not exist.
    #[error("unit {0} does not exist")]
    NoSuchUnit(UnitId),
    /// The general does not exist.
    #[error("general {0} does not exist")]
    NoSuchGeneral(GeneralId),
    /// The brigade does not exist.
    #[error("brigade {0} does not exist")]
    NoSuchBrigade(BrigadeId),
    /// The new state is invalid.
    #[error("{0}")]
    Invalid(#[from] Problem),
    /// Nothing would change.
    #[error("nothing to change")]
    NoChange,
}

impl Action {
    /// The kind, for labels.
    pub fn kind(&self) -> ActionKind {
        match self {
            Action::AddUnit(_) => ActionKind::AddUnit,
            Action::EditUnit(_) => ActionKind::EditUnit,
            Action::DuplicateUnit(_) => ActionKind::DuplicateUnit,
            Action::DeleteUnit(_) => ActionKind::DeleteUnit,
            Action::AddGeneral(_) => ActionKind::AddGeneral,
            Action::EditGeneral(_) => ActionKind::EditGeneral,
            Action::DeleteGeneral(_) => ActionKind::DeleteGeneral,
            Action::AddBrigade(_) => ActionKind::AddBrigade,
            Action::EditBrigade(_) => ActionKind::EditBrigade,
            Action::DeleteBrigade(_) => ActionKind::DeleteBrigade,
        }
    }

    /// Checks the action against the battle and returns the events it makes.
    pub fn check(&self, battle: &Battle) -> Result<Vec<Event>, ActionError> {
        match self {
            Action::AddUnit(unit) => add_unit(battle, unit.clone()),
            Action::EditUnit(unit) => edit_unit(battle, unit),
            Action::DuplicateUnit(id) => {
                let unit = battle.unit(*id).ok_or(ActionError::NoSuchUnit(*id))?;
                add_unit(battle, unit.clone())
            }
            Action::DeleteUnit(id) => delete_unit(battle, *id),
            Action::AddGeneral(g) => {
                let general = General { id: battle.next_general_id(), ..g.clone() };
                general.check(battle)?;
                Ok(vec![Event::GeneralAdded(general)])
            }
            Action::EditGeneral(g) => edit_general(battle, g),
            Action::DeleteGeneral(id) => {
                let g = battle.general(*id).ok_or(ActionError::NoSuchGeneral(*id))?;
                Ok(vec![Event::GeneralRemoved(g.clone())])
            }
            Action::AddBrigade(b) => {
                let brigade = Brigade { id: battle.next_brigade_id(), ..b.clone() };
                brigade.check()?;
                Ok(vec![Event::BrigadeAdded(brigade)])
            }
            Action::EditBrigade(b) => edit_brigade(battle, b),
            Action::DeleteBrigade(id) => delete_brigade(battle, *id),
        }
    }
}

fn add_unit(battle: &Battle, unit: Unit) -> Result<Vec<Event>, ActionError> {
    let unit = Unit { id: battle.next_unit_id(), ..unit };
    unit.check(battle)?;
    Ok(vec![Event::UnitAdded(unit)])
}

fn edit_unit(battle: &Battle, unit: &Unit) -> Result<Vec<Event>, ActionError> {
    let before = battle.unit(unit.id).ok_or(ActionError::NoSuchUnit(unit.id))?;
    if before == unit {
        return Err(ActionError::NoChange);
    }
    unit.check(battle)?;
    // Changing side leaves generals of the old side attached to a foreign unit.
    let mut events = detach_generals(battle, unit.id, |g| g.side != unit.side);
    events.push(Event::UnitChanged { before: Box::new(before.clone()), after: Box::new(unit.clone()) });
    Ok(events)
}

fn detach_generals(battle: &Battle, id: UnitId, when: impl Fn(&General) -> bool) -> Vec<Event> {
    battle
        .generals
        .iter()
        .filter(|g| g.attached_to == Some(id) && when(g))
        .map(|g| Event::general_changed(g, General { attached_to: None, ..g.clone() }))
        .collect()
}

fn delete_unit(battle: &Battle, id: UnitId) -> Result<Vec<Event>, ActionError> {
    let unit = battle.unit(id).ok_or(ActionError::NoSuchUnit(id))?;
    let mut events = detach_generals(battle, id, |_| true);
    events.push(Event::UnitRemoved(unit.clone()));
    Ok(events)
}

fn edit_general(battle: &Battle, g: &General) -> Result<Vec<Event>, ActionError> {
    let before = battle.general(g.id).ok_or(ActionError::NoSuchGeneral(g.id))?;
    if before == g {
        return Err(ActionError::NoChange);
    }
    g.check(battle)?;
    Ok(vec![Event::general_changed(before, g.clone())])
}

fn edit_brigade(battle: &Battle, b: &Brigade) -> Result<Vec<Event>, ActionError> {
    let before = battle.brigade(b.id).ok_or(ActionError::NoSuchBrigade(b.id))?;
    if before == b {
        return Err(ActionError::NoChange);
    }
    b.check()?;
    if before.side != b.side && battle.units_of(before.side, Some(b.id)).next().is_some() {
        return Err(ActionError::Invalid(Problem::BrigadeOfOtherSide(b.id)));
    }
    Ok(vec![Event::BrigadeChanged { before: before.clone(), after: b.clone() }])
}

fn delete_brigade(battle: &Battle, id: BrigadeId) -> Result<Vec<Event>, ActionError> {
    let brigade = battle.brigade(id).ok_or(ActionError::NoSuchBrigade(id))?;
    let mut events: Vec<Event> = battle
        .units
        .iter()
        .filter(|u| u.brigade == Some(id))
        .map(|u| Event::UnitChanged {
            before: Box::new(u.clone()),
            after: Box::new(Unit { brigade: None, ..u.clone() }),
        })
        .collect();
    events.extend(battle.generals_of(id).map(|g| Event::general_changed(g, General { brigade: None, ..g.clone() })));
    events.push(Event::BrigadeRemoved(brigade.clone()));
    Ok(events)
}
