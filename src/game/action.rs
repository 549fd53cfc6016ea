//! Actions a player can take, and the check that turns one into events.

use thiserror::Error;

use super::Event;
use super::play;
pub use crate::model::{Action, ActionKind};
use crate::model::{Battle, Brigade, BrigadeId, General, GeneralId, LogDetail, Problem, Unit, UnitId};
use crate::rules::gdb::charge::ChargeError;

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
    /// The turn does not allow the step at this moment (issue 42).
    #[error("{0}")]
    Turn(#[from] super::sequence::TurnError),
    /// After the action the battle file would pass the size a battle file may have
    /// (issue 41, row 8): the battle goes on in a new file from where it stands.
    #[error("the battle file would be {bytes} bytes, more than the {limit} a battle file may have")]
    FileFull {
        /// The file's size after the action, measured exactly.
        bytes: u64,
        /// The most a battle file may have.
        limit: u64,
    },
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
    /// Dice that are not faces of their die, or too many or too few.
    #[error("{0}")]
    Dice(#[from] crate::rules::dice::DiceError),
    /// More figures in contact or overlaps than a Ruleset B melee allows (B-MEL-08).
    #[error("{figures} figures in contact and {overlaps} overlaps: at most {max} and 2")]
    TooManyInContact {
        /// Figures in contact typed.
        figures: u32,
        /// Overlaps typed.
        overlaps: u32,
        /// The most figures in contact.
        max: u32,
    },
    /// The charge sequence refused an input (GDB-CHG, GDB-OPP, GDB-EVD).
    #[error("{0}")]
    Charge(#[from] ChargeError),
    /// The charge's inputs stop before its end.
    #[error("the charge is not finished: inputs are missing")]
    ChargeUnfinished,
    /// No engagement between these units waits for a melee.
    #[error("units {0} and {1} are not engaged in a melee")]
    NotEngaged(UnitId, UnitId),
    /// More figures lost than the unit has.
    #[error("unit {unit} has {has} figures and cannot lose {lost}")]
    TooManyLosses {
        /// The unit.
        unit: UnitId,
        /// Figures entered.
        lost: u32,
        /// Figures it has.
        has: u32,
    },
    /// The casualty table has no row for this result: the players enter the losses.
    #[error("the casualty table has no row for this result: enter the figures lost")]
    LossesNeeded,
    /// A Ruleset B melee turn is judged only once the owed tests are entered (B-MEL-02..07).
    #[error("the morale tests owed after this melee turn are not entered")]
    TestsOwed,
    /// A test answer was given where none is owed.
    #[error("no test is owed")]
    NoTestOwed,
    /// What an action says the table shows names a fact of a side's situation the game
    /// derives (charging, pursuing, a push-back before...): derived, never carried
    /// (issue 48).
    #[error("what the table shows cannot say {0:?}: the game derives it")]
    DerivedFact(crate::rules::Field),
    /// A unit named as a screen in the charge's path is no skirmisher of the target's
    /// side in play (GDB-CHG-22).
    #[error("unit {0} is no skirmisher screen of the target's side")]
    NotAScreen(UnitId),
    /// The players overrule a refusal that may not be overruled (a bad input, a limit).
    #[error("this refusal cannot be overruled: {0}")]
    NotOverrulable(ChargeError),
    /// An overrule needs the players' reason.
    #[error("an overrule needs a reason")]
    OverruleNeedsReason,
    /// The fleeing crew ran into a friend (GDB-ART-04), but the friend is not named.
    #[error("name the unit the crew ran into (GDB-ART-04)")]
    CrewFriendUnnamed,
    /// The events did not fit the battle (a bug, or a damaged history).
    #[error("{0}")]
    Apply(super::ApplyError),
    /// A fire the seeds forbid, or one without its losses (issue 28).
    #[error("{0}")]
    Fire(#[from] super::fire::FireError),
    /// A test refused (issue 28).
    #[error("{0}")]
    Test(#[from] super::morale_tests::TestError),
    /// A formation change refused (issue 28).
    #[error("{0}")]
    Move(#[from] super::movement::MoveError),
}

impl ActionError {
    /// The charge refusal this is, if it is one (which the players may overrule).
    pub fn into_charge_refusal(self) -> Option<ChargeError> {
        match self {
            ActionError::Charge(e) => Some(e),
            ActionError::NoSuchUnit(..)
            | ActionError::NoSuchGeneral(..)
            | ActionError::NoSuchBrigade(..)
            | ActionError::Invalid(..)
            | ActionError::NoChange
            | ActionError::Turn(..)
            | ActionError::FileFull { .. }
            | ActionError::InitiativeFirst
            | ActionError::NotInitiativePhase
            | ActionError::InitiativeTie
            | ActionError::InitiativeDone
            | ActionError::OutOfPlay(..)
            | ActionError::SameSide(..)
            | ActionError::NoSuchMelee(..)
            | ActionError::Dice(..)
            | ActionError::TooManyInContact { .. }
            | ActionError::ChargeUnfinished
            | ActionError::NotEngaged(..)
            | ActionError::TooManyLosses { .. }
            | ActionError::LossesNeeded
            | ActionError::TestsOwed
            | ActionError::NoTestOwed
            | ActionError::DerivedFact(..)
            | ActionError::NotAScreen(..)
            | ActionError::NotOverrulable(..)
            | ActionError::OverruleNeedsReason
            | ActionError::CrewFriendUnnamed
            | ActionError::Apply(..)
            | ActionError::Fire(..)
            | ActionError::Test(..)
            | ActionError::Move(..) => None,
        }
    }
}

/// Checks an action against the battle and returns its events, ending with its log
/// entry (which keeps the action's inputs). Every variant is matched: a new one that is
/// not wired is a compile error.
pub fn check(action: &Action, battle: &Battle) -> Result<Vec<Event>, ActionError> {
    super::sequence::judge(action, battle)?;
    check_as_recorded(action, battle)
}

/// [`check`] without the turn's clauses judged since version 6 (issue 42): how a file
/// recorded before them replays, once its entry has been reported as a rules change.
pub(super) fn check_as_recorded(action: &Action, battle: &Battle) -> Result<Vec<Event>, ActionError> {
    let (mut events, units, detail) = match action {
        Action::AdvancePhase => play::advance_phase(battle)?,
        Action::Initiative { dice, phasing, rng_after } => {
            play::initiative(battle, dice.clone(), *phasing, rng_after.as_ref())?
        }
        Action::GdbMelee(m) => play::gdb_melee(battle, m)?,
        Action::AddPendingMelee(m) => play::add_pending(battle, m)?,
        Action::ClearPendingMelee(i) => play::clear_pending(battle, *i)?,
        Action::Note(text) => (Vec::new(), Vec::new(), LogDetail::Note { text: text.clone(), hidden: false }),
        Action::HiddenNote(text) => (Vec::new(), Vec::new(), LogDetail::Note { text: text.clone(), hidden: true }),
        Action::SetHidden { unit, hidden } => super::hidden::set_hidden(battle, *unit, *hidden)?,
        Action::Charge(c) => super::charge::charge(battle, c)?,
        Action::DeclareCharge(c) => super::charge::declare(battle, c)?,
        Action::DeclarationsDone { side } => {
            super::declarations::check_done(battle, *side)?;
            (Vec::new(), Vec::new(), LogDetail::DeclarationsDone { side: *side })
        }
        Action::Collision(c) => super::charge::collision(battle, c)?,
        Action::BMelee(m) => super::ruleset_b::b_melee(battle, m)?,
        Action::SetOptions(new) => {
            let events = vec![options_changed(battle, new)?];
            (events, Vec::new(), LogDetail::Edit { action: ActionKind::SetOptions, subject: new.0.key().into() })
        }
        Action::AdoptPack(pack) => {
            let events = adopt_pack(battle, pack)?;
            (events, Vec::new(), LogDetail::Edit { action: ActionKind::AdoptPack, subject: pack.id.name.clone() })
        }
        Action::ImportOrderOfBattle(oob) => {
            let events = import_order_of_battle(battle, oob)?;
            let subject = format!("{}/{}/{}", oob.units.len(), oob.generals.len(), oob.brigades.len());
            let units = oob.units.iter().map(|u| u.id).collect();
            (events, units, LogDetail::Edit { action: ActionKind::ImportOrderOfBattle, subject })
        }
        Action::PlaceUnit { unit, place } => {
            let events = super::table::place_unit(battle, *unit, *place)?;
            let subject = battle.unit(*unit).map(|u| u.name.clone()).unwrap_or_default();
            (events, vec![*unit], LogDetail::Edit { action: ActionKind::PlaceUnit, subject })
        }
        Action::PlaceGeneral { general, place } => {
            let events = super::table::place_general(battle, *general, *place)?;
            let subject = battle.general(*general).map(|g| g.name.clone()).unwrap_or_default();
            (events, Vec::new(), LogDetail::Edit { action: ActionKind::PlaceGeneral, subject })
        }
        Action::Fire(f) => super::fire::fire(battle, f)?,
        Action::ChangeFormation { unit, to, finished } => {
            super::movement::change_formation(battle, *unit, *to, *finished)?
        }
        Action::Move(m) => super::movement::move_unit(battle, m)?,
        Action::AtTheEdge { unit, leaves } => {
            let events = super::table::at_the_edge_answer(battle, *unit, *leaves)?;
            (events, vec![*unit], LogDetail::AtTheEdge { leaves: *leaves })
        }
        Action::EditBattle(info) => {
            let before = crate::model::BattleInfo::of(battle);
            if before == **info {
                return Err(ActionError::NoChange);
            }
            let events = vec![Event::BattleChanged { before: Box::new(before), after: info.clone() }];
            (events, Vec::new(), LogDetail::Edit { action: ActionKind::EditBattle, subject: info.name.clone() })
        }
        Action::TakeTest(t) => super::morale_tests::take_test(battle, t)?,
        Action::DropTests { reason } => super::morale_tests::drop_tests(battle, reason)?,
        Action::SetTable(table) => {
            let events = super::table::set_table(battle, table.as_deref())?;
            let subject = super::table::table_change(battle.table.as_ref(), table.as_deref());
            (events, Vec::new(), LogDetail::Edit { action: ActionKind::SetTable, subject })
        }
        Action::AddUnit(unit) => roster_edit(action, add_unit(battle, unit.clone())?),
        Action::EditUnit(unit) => roster_edit(action, edit_unit(battle, unit)?),
        Action::DuplicateUnit(id) => {
            let unit = battle.unit(*id).ok_or(ActionError::NoSuchUnit(*id))?;
            roster_edit(action, add_unit(battle, unit.clone())?)
        }
        Action::DeleteUnit(id) => roster_edit(action, delete_unit(battle, *id)?),
        Action::AddGeneral(g) => {
            let general = General { id: battle.next_general_id(), ..g.clone() };
            roster_edit(action, vec![Event::GeneralAdded(general)])
        }
        Action::EditGeneral(g) => roster_edit(action, edit_general(battle, g)?),
        Action::DeleteGeneral(id) => {
            let g = battle.general(*id).ok_or(ActionError::NoSuchGeneral(*id))?;
            roster_edit(action, vec![Event::GeneralRemoved(g.clone())])
        }
        Action::AddBrigade(b) => {
            let brigade = Brigade { id: battle.next_brigade_id(), ..b.clone() };
            roster_edit(action, vec![Event::BrigadeAdded(brigade)])
        }
        Action::EditBrigade(b) => roster_edit(action, edit_brigade(battle, b)?),
        Action::DeleteBrigade(id) => roster_edit(action, delete_brigade(battle, *id)?),
    };
    let revealed = super::hidden::reveal(battle, action, &mut events);
    let mut entry = play::log_entry(battle, units, detail, action);
    if let Event::LogAppended(e) = &mut entry {
        e.revealed = revealed;
    }
    events.push(entry);
    super::invariants::after(battle, &events)?;
    Ok(events)
}

/// The battle's ruleset and options changed to `new`: refused when they are already
/// those, or when a basing row would make a file that does not load again.
fn options_changed(
    battle: &Battle,
    new: &(crate::rules::Ruleset, crate::model::RulesOptions),
) -> Result<Event, ActionError> {
    let before = Box::new((battle.ruleset, battle.options.clone()));
    if *before == *new {
        return Err(ActionError::NoChange);
    }
    // A basing row with a zero or a size beyond a metre would make a file that
    // does not load again.
    if new.1.basing.iter().any(|r| r.footprint_cm(1).is_none() || r.bases_deep > 100) || new.1.basing.len() > 1000 {
        return Err(ActionError::Invalid(Problem::OffTheTable));
    }
    Ok(Event::OptionsChanged { before, after: Box::new(new.clone()) })
}

/// A club's rules pack taken (issue 50): its ruleset, choices and tables where they
/// differ from the battle's, and its name; refused when the battle already plays it.
fn adopt_pack(battle: &Battle, pack: &crate::model::RulesPack) -> Result<Vec<Event>, ActionError> {
    let mut events = Vec::new();
    let rules = (pack.ruleset, pack.options.clone());
    if (battle.ruleset, &battle.options) != (rules.0, &rules.1) {
        events.push(options_changed(battle, &rules)?);
    }
    let after = crate::model::PackRef::of(pack);
    if battle.pack.as_ref() != Some(&after) {
        events.push(Event::PackChanged { before: battle.pack.clone().map(Box::new), after: Some(Box::new(after)) });
    }
    if events.is_empty() {
        return Err(ActionError::NoChange);
    }
    Ok(events)
}

/// Checks an imported order of battle item by item on a copy of the battle, each new id
/// the next free one (so that the units and generals can name the new brigades and
/// units), and returns the events that add them all.
fn import_order_of_battle(battle: &Battle, oob: &crate::model::OrderOfBattle) -> Result<Vec<Event>, ActionError> {
    if oob.brigades.is_empty() && oob.units.is_empty() && oob.generals.is_empty() {
        return Err(ActionError::NoChange);
    }
    let total = [battle.units.len(), battle.generals.len(), battle.brigades.len()].iter().sum::<usize>()
        + oob.units.len()
        + oob.generals.len()
        + oob.brigades.len();
    if total > crate::model::limits::MAX_ITEMS {
        let (value, limit) = (total as u64, crate::model::limits::MAX_ITEMS as u64);
        return Err(ActionError::Invalid(crate::model::Problem::OutOfRange { field: "items", value, limit }));
    }
    // The ids follow on from the battle's, one after another.
    let in_turn = |first: u32, ids: &mut dyn Iterator<Item = u32>| ids.zip(first..).all(|(id, want)| id == want);
    if !in_turn(battle.next_brigade_id().0, &mut oob.brigades.iter().map(|b| b.id.0))
        || !in_turn(battle.next_unit_id().0, &mut oob.units.iter().map(|u| u.id.0))
        || !in_turn(battle.next_general_id().0, &mut oob.generals.iter().map(|g| g.id.0))
    {
        return Err(ActionError::Invalid(Problem::BadIds));
    }
    // Each item is checked with the rest of the battle as the import leaves it
    // (`invariants::after`): units and generals may name the new brigades and units.
    let brigades = oob.brigades.iter().cloned().map(Event::BrigadeAdded);
    let units = oob.units.iter().cloned().map(Event::UnitAdded);
    let generals = oob.generals.iter().cloned().map(Event::GeneralAdded);
    Ok(brigades.chain(units).chain(generals).collect())
}

/// A roster edit's events, the units they touched and its log entry.
fn roster_edit(action: &Action, events: Vec<Event>) -> play::Checked {
    let subject = super::history::subject_of(&events);
    let units = edited_units(&events);
    (events, units, LogDetail::Edit { action: action.kind(), subject })
}

/// Units an edit touched, for filtering the log.
fn edited_units(events: &[Event]) -> Vec<UnitId> {
    let unit = |item| if let super::apply::RosterItem::Unit(id, _) = item { Some(id) } else { None };
    events.iter().filter_map(Event::roster_item).filter_map(unit).collect()
}

fn add_unit(battle: &Battle, unit: Unit) -> Result<Vec<Event>, ActionError> {
    let unit = Unit { id: battle.next_unit_id(), ..unit };
    Ok(vec![Event::UnitAdded(unit)])
}

/// Whether the battle has begun: a game action is logged (the initiative, a phase, a
/// charge, ...). Roster edits, the players' settings, placing pieces, notes and the
/// umpire's marks are setting up.
pub fn battle_begun(battle: &Battle) -> bool {
    battle
        .log
        .iter()
        .any(|e| !matches!(e.detail, LogDetail::Edit { .. } | LogDetail::Note { .. } | LogDetail::Hidden { .. }))
}

/// Whether a unit's figures now follow its figures at the start when the players change
/// the start (issue 44): before the battle has begun, while the two are equal.
pub fn counts_move_together(battle: &Battle, unit: &Unit) -> bool {
    unit.figures == unit.figures_start && !battle_begun(battle)
}

/// The unit as edited, its figures now following a changed start where the two move
/// together and the players left the figures now as they were.
fn with_counts_together(battle: &Battle, before: &Unit, unit: &Unit) -> Unit {
    let follows = counts_move_together(battle, before)
        && unit.figures == before.figures
        && unit.figures_start != before.figures_start;
    if follows { Unit { figures: unit.figures_start, ..unit.clone() } } else { unit.clone() }
}

fn edit_unit(battle: &Battle, unit: &Unit) -> Result<Vec<Event>, ActionError> {
    let before = battle.unit(unit.id).ok_or(ActionError::NoSuchUnit(unit.id))?;
    let unit = &with_counts_together(battle, before, unit);
    if before == unit {
        return Err(ActionError::NoChange);
    }
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
    // Its engagements end with it, last first so that the positions stay right.
    let engaged = battle.engagements.iter().enumerate().filter(|(_, e)| e.involves(id)).rev();
    events.extend(engaged.map(|(index, e)| Event::MeleeCleared { index, melee: e.clone() }));
    events.push(Event::UnitRemoved(unit.clone()));
    Ok(events)
}

fn edit_general(battle: &Battle, g: &General) -> Result<Vec<Event>, ActionError> {
    let before = battle.general(g.id).ok_or(ActionError::NoSuchGeneral(g.id))?;
    if before == g {
        return Err(ActionError::NoChange);
    }
    Ok(vec![Event::general_changed(before, g.clone())])
}

fn edit_brigade(battle: &Battle, b: &Brigade) -> Result<Vec<Event>, ActionError> {
    let before = battle.brigade(b.id).ok_or(ActionError::NoSuchBrigade(b.id))?;
    if before == b {
        return Err(ActionError::NoChange);
    }
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
