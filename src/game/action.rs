//! Actions a player can take, and the check that turns one into events.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::Event;
use super::play::{self, GdbMeleeAction};
use crate::model::{
    Battle, Brigade, BrigadeId, General, GeneralId, LogDetail, PendingMelee, Problem, RngState, Unit, UnitId,
};
use crate::rules::{BySide, Side};

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
    /// Begin the next phase (and, after the last, the next turn).
    AdvancePhase,
    /// Record the initiative roll and the phasing side the winner chose (GDB-SEQ-01).
    Initiative {
        /// Each side's 2D6.
        dice: BySide<[u8; 2]>,
        /// The side the winner makes phasing.
        phasing: Side,
        /// The generator's state after the app rolled, if it did.
        rng_after: Option<RngState>,
    },
    /// Resolve a General de Brigade melee and apply its effects.
    GdbMelee(Box<GdbMeleeAction>),
    /// Two units came into contact: a melee waits for the Melee phase.
    AddPendingMelee(PendingMelee),
    /// A pending melee is withdrawn without being fought.
    ClearPendingMelee(usize),
    /// A note in the log.
    Note(String),
    /// Apply a GdB charge the players walked through.
    Charge(Box<super::charge::ChargeAction>),
    /// Apply a Ruleset B collision test.
    Collision(Box<super::charge::CollisionAction>),
    /// Apply a turn of Ruleset B melee.
    BMelee(Box<super::ruleset_b::BMeleeAction>),
    /// Change the ruleset or its options (a loaded profile, or the settings panel).
    SetOptions(Box<(crate::rules::Ruleset, crate::model::RulesOptions)>),
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
    /// A new phase began.
    AdvancePhase,
    /// Initiative was rolled.
    Initiative,
    /// A melee was fought.
    Melee,
    /// A melee became pending.
    AddPendingMelee,
    /// A pending melee was withdrawn.
    ClearPendingMelee,
    /// A note was written.
    Note,
    /// A charge was made.
    Charge,
    /// A collision test was made.
    Collision,
    /// The rules settings changed.
    SetOptions,
}

impl ActionKind {
    /// The stable name used in the log.
    pub const fn key(self) -> &'static str {
        match self {
            ActionKind::AddUnit => "add_unit",
            ActionKind::EditUnit => "edit_unit",
            ActionKind::DuplicateUnit => "duplicate_unit",
            ActionKind::DeleteUnit => "delete_unit",
            ActionKind::AddGeneral => "add_general",
            ActionKind::EditGeneral => "edit_general",
            ActionKind::DeleteGeneral => "delete_general",
            ActionKind::AddBrigade => "add_brigade",
            ActionKind::EditBrigade => "edit_brigade",
            ActionKind::DeleteBrigade => "delete_brigade",
            ActionKind::AdvancePhase => "advance_phase",
            ActionKind::Initiative => "initiative",
            ActionKind::Melee => "melee",
            ActionKind::AddPendingMelee => "add_pending_melee",
            ActionKind::ClearPendingMelee => "clear_pending_melee",
            ActionKind::Note => "note",
            ActionKind::Charge => "charge",
            ActionKind::Collision => "collision",
            ActionKind::SetOptions => "set_options",
        }
    }

    /// Whether this kind edits the roster (rather than plays the game).
    pub const fn is_edit(self) -> bool {
        matches!(
            self,
            ActionKind::AddUnit
                | ActionKind::EditUnit
                | ActionKind::DuplicateUnit
                | ActionKind::DeleteUnit
                | ActionKind::AddGeneral
                | ActionKind::EditGeneral
                | ActionKind::DeleteGeneral
                | ActionKind::AddBrigade
                | ActionKind::EditBrigade
                | ActionKind::DeleteBrigade
        )
    }
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
    /// The initiative must be rolled before the turn goes on (GDB-SEQ-01).
    #[error("roll the initiative first")]
    InitiativeFirst,
    /// Initiative is rolled in the Initiative phase only.
    #[error("initiative is rolled in the Initiative phase")]
    NotInitiativePhase,
    /// Equal initiative totals: roll again.
    #[error("the initiative totals are equal: roll again")]
    InitiativeTie,
    /// The phasing side must be the winner's choice (either side), recorded once.
    #[error("the initiative has already been rolled this turn")]
    InitiativeDone,
    /// A unit that is out of play cannot fight.
    #[error("unit {0} is out of play")]
    OutOfPlay(UnitId),
    /// A unit cannot fight itself or a friend.
    #[error("units {0} and {1} are on the same side")]
    SameSide(UnitId, UnitId),
    /// No pending melee at that position.
    #[error("there is no pending melee {0}")]
    NoSuchMelee(usize),
    /// A typed value was refused.
    #[error("{0}")]
    Refused(String),
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
            Action::AdvancePhase => ActionKind::AdvancePhase,
            Action::Initiative { .. } => ActionKind::Initiative,
            Action::GdbMelee(_) => ActionKind::Melee,
            Action::AddPendingMelee(_) => ActionKind::AddPendingMelee,
            Action::ClearPendingMelee(_) => ActionKind::ClearPendingMelee,
            Action::Note(_) => ActionKind::Note,
            Action::Charge(_) => ActionKind::Charge,
            Action::Collision(_) => ActionKind::Collision,
            Action::BMelee(_) => ActionKind::Melee,
            Action::SetOptions(_) => ActionKind::SetOptions,
        }
    }

    /// Checks the action and returns its events, ending with its log entry.
    pub fn check(&self, battle: &Battle) -> Result<Vec<Event>, ActionError> {
        let (mut events, units, detail) = match self {
            Action::AdvancePhase => play::advance_phase(battle)?,
            Action::Initiative { dice, phasing, rng_after } => {
                play::initiative(battle, dice.clone(), *phasing, rng_after.as_ref())?
            }
            Action::GdbMelee(m) => play::gdb_melee(battle, m)?,
            Action::AddPendingMelee(m) => play::add_pending(battle, m)?,
            Action::ClearPendingMelee(i) => play::clear_pending(battle, *i)?,
            Action::Note(text) => (Vec::new(), Vec::new(), LogDetail::Note { text: text.clone() }),
            Action::Charge(c) => super::charge::charge(battle, c)?,
            Action::Collision(c) => super::charge::collision(battle, c)?,
            Action::BMelee(m) => super::ruleset_b::b_melee(battle, m)?,
            Action::SetOptions(new) => {
                let before = Box::new((battle.ruleset, battle.options.clone()));
                if *before == **new {
                    return Err(ActionError::NoChange);
                }
                let events = vec![Event::OptionsChanged { before, after: new.clone() }];
                (events, Vec::new(), LogDetail::Edit { action: "set_options".into(), subject: new.0.key().into() })
            }
            _ => {
                let events = self.check_edit(battle)?;
                let subject = super::history::subject_of(&events);
                let units = edited_units(&events);
                (events, units, LogDetail::Edit { action: self.kind().key().to_owned(), subject })
            }
        };
        events.push(play::log_entry(battle, units, detail));
        Ok(events)
    }

    /// Checks a roster edit and returns its events.
    fn check_edit(&self, battle: &Battle) -> Result<Vec<Event>, ActionError> {
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
            _ => Err(ActionError::NoChange),
        }
    }
}

/// Units an edit touched, for filtering the log.
fn edited_units(events: &[Event]) -> Vec<UnitId> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::UnitAdded(u) | Event::UnitRemoved(u) => Some(u.id),
            Event::UnitChanged { after, .. } => Some(after.id),
            _ => None,
        })
        .collect()
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
