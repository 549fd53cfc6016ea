//! Morale and tests (issue 28): the tests the game lists as owed this turn, taken where
//! they are listed (a result kind, or the dice on the players' test table, AMB-23) with
//! their consequence on the unit as for the charge tests; a test the players call; the
//! tests still owed dropped with a reason. The seeds leave morale to the players'
//! rulebook: the game keeps the record, the players' table gives the result.

use std::collections::BTreeSet;

use thiserror::Error;

use super::engagement::changed_unit;
use super::play::Checked;
use super::{ActionError, Event};
use crate::model::TestFact;
use crate::model::{Battle, LogDetail, TableRoll, TestAction, UnitId};
use crate::rules::gdb::charge::TestAnswer;
use crate::rules::options::{TestKind, TestResult};
use crate::rules::{Marker, Order, Phase};

/// Why a test is owed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cause {
    /// Losses to fire, where the players' rules owe a test.
    Fire,
    /// Losses in this turn's melees (the Morale phase).
    Melee,
    /// A wavering unit (the Morale phase).
    Wavering,
    /// A routing unit tests to rally (the Morale phase).
    Routing,
}

/// A test the game lists as owed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owed {
    pub unit: UnitId,
    pub test: TestKind,
    pub cause: Cause,
}

/// Why a test is refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TestError {
    /// The result is not one this test may have.
    #[error("{result:?} is not a result of the {test:?} test")]
    NotAResult {
        /// The test.
        test: TestKind,
        /// The result given.
        result: TestResult,
    },
    /// The players' test table has no row for this total.
    #[error("the test table has no row for {0}")]
    NoTableRow(i32),
    /// Only a routing or wavering unit tests to rally.
    #[error("only a routing or wavering unit tests to rally")]
    NothingToRally,
    /// The tests of the charge and the melee are taken there (their steps apply them).
    #[error("this test is taken in the charge or the melee it belongs to")]
    TakenInItsProcedure,
    /// No test is owed to drop.
    #[error("no test is owed")]
    NothingOwed,
    /// Dropping tests needs the players' reason.
    #[error("dropping the owed tests needs a reason")]
    ReasonNeeded,
}

/// This turn's entries, read back from the end: the checklist asks every frame, so the
/// cost is the turn's, not the evening's.
fn this_turn(battle: &Battle) -> &[crate::model::LogEntry] {
    let n = battle.log.iter().rev().take_while(|e| e.turn == battle.turn).count();
    battle.log.get(battle.log.len().saturating_sub(n)..).unwrap_or_default()
}

/// Units that lost figures in this turn's melees.
fn melee_losses(battle: &Battle) -> BTreeSet<UnitId> {
    let mut lost = BTreeSet::new();
    for entry in this_turn(battle) {
        let Some(losses) = entry.detail.gdb_melee_losses() else { continue };
        let (first, second) = (losses.attacker > 0, losses.defender > 0);
        for (id, lost_some) in [(entry.units.first(), first), (entry.units.get(1), second)] {
            if let (Some(id), true) = (id, lost_some) {
                lost.insert(*id);
            }
        }
    }
    lost
}

/// Every test owed now, this turn: fire's from the fire on; melee losses', wavering
/// units' and routing units' rally tests in the Morale phase; less those taken or dropped.
pub fn owed_tests(battle: &Battle) -> Vec<Owed> {
    owed_of(battle, battle.units.iter())
}

/// The tests owed now by one unit (as [`owed_tests`], at the cost of one unit and this
/// turn's journal, not of the whole battle).
pub fn owed_by(battle: &Battle, id: UnitId) -> Vec<Owed> {
    owed_of(battle, battle.unit(id).into_iter())
}

/// The tests owed now by `units`.
fn owed_of<'a>(battle: &'a Battle, units: impl Iterator<Item = &'a crate::model::Unit> + Clone) -> Vec<Owed> {
    let facts = TurnFacts::of(battle);
    let mut owed: Vec<Owed> = Vec::new();
    if battle.phase == Phase::Morale && !facts.morale_dropped {
        let melee = melee_losses(battle);
        for u in units.clone().filter(|u| u.order.in_play()) {
            // GDB-MEL-02: in contact, no test until the melee is fought; GDB-RES-01,
            // SEQ-03: a unit that has just routed rallies after its rout move.
            let gdb = battle.ruleset == crate::rules::Ruleset::Gdb;
            if gdb && super::sequence::in_contact_before_melee(battle, u.id) {
                continue;
            }
            let (test, cause) = match u.order {
                Order::Routing if gdb && super::sequence::rout_move_owed(battle, u.id) => continue,
                Order::Routing => (TestKind::Rally, Cause::Routing),
                Order::Wavering => (TestKind::Morale, Cause::Wavering),
                Order::Formed | Order::Disordered if melee.contains(&u.id) => (TestKind::Morale, Cause::Melee),
                Order::Formed | Order::Disordered | Order::Dispersed | Order::Destroyed => continue,
            };
            owed.push(Owed { unit: u.id, test, cause });
        }
    }
    let asked: BTreeSet<UnitId> = units.map(|u| u.id).collect();
    for f in facts.fire_owed.into_iter().filter(|f| asked.contains(&f.unit)) {
        if !owed.iter().any(|o| o.unit == f.unit && o.test == f.test) {
            owed.push(f);
        }
    }
    // A test taken pays the owed test of its kind; in the Morale phase a unit that took
    // a test owes none more there (one that routs at it rallies next turn, not at once).
    let in_morale = |at: usize| facts.morale_started.is_some_and(|m| at > m);
    owed.retain(|o| {
        !facts.taken.iter().any(|(unit, test, at)| {
            *unit == o.unit && (if o.cause == Cause::Fire { *test == o.test } else { in_morale(*at) })
        })
    });
    owed.retain(|o| battle.unit(o.unit).is_some_and(|u| u.order.in_play()));
    // B-MEL-02, 03: a Ruleset B unit that took its end-of-melee test this turn takes no
    // other morale test in it (the game refuses one).
    if battle.ruleset == crate::rules::Ruleset::RulesetB {
        owed.retain(|o| o.test != TestKind::Morale || !super::sequence::tested_in_melee_this_turn(battle, o.unit));
    }
    owed
}

/// What this turn's journal says of the tests, read in order: a fire owes its test; a
/// test taken pays it; a drop clears all owed until then.
struct TurnFacts {
    fire_owed: Vec<Owed>,
    taken: Vec<(UnitId, TestKind, usize)>,
    /// Where the Morale phase began in this turn's entries.
    morale_started: Option<usize>,
    /// The Morale phase's own tests were dropped (by a drop made in it).
    morale_dropped: bool,
}

impl TurnFacts {
    fn of(battle: &Battle) -> TurnFacts {
        let mut fire_owed: Vec<Owed> = Vec::new();
        let mut taken: Vec<(UnitId, TestKind, usize)> = Vec::new();
        let mut dropped_at: Option<usize> = None;
        let turn = this_turn(battle);
        for (i, entry) in turn.iter().enumerate() {
            match entry.detail.test_fact() {
                Some(TestFact::FireOwesTest) => {
                    if let Some(target) = entry.units.get(1) {
                        fire_owed.push(Owed { unit: *target, test: TestKind::Morale, cause: Cause::Fire });
                    }
                }
                Some(TestFact::Taken(test)) => {
                    if let Some(unit) = entry.units.first() {
                        taken.push((*unit, test, i));
                    }
                }
                Some(TestFact::Dropped) => {
                    dropped_at = Some(i);
                    fire_owed.clear();
                }
                None => {}
            }
        }
        let morale_started =
            turn.iter().rposition(|e| matches!(e.detail, LogDetail::Phase { phase: Phase::Morale, .. }));
        let morale_dropped = dropped_at.is_some_and(|d| morale_started.is_some_and(|m| d > m));
        TurnFacts { fire_owed, taken, morale_started, morale_dropped }
    }
}

/// The result of a test as the answer gives it, with the roll on the players' table and
/// the club's house modifiers for the unit's test (issue 51; none under Ruleset B's one
/// D6, B-MEL-17).
pub fn test_result(
    battle: &Battle,
    test: TestKind,
    unit: Option<&crate::model::Unit>,
    answer: &TestAnswer,
) -> Result<(TestResult, Option<TableRoll>), ActionError> {
    let read = |dice: &[crate::rules::dice::D6], modifier: i32, unit: Option<&crate::model::Unit>| {
        let facts = unit.map(crate::model::Unit::facts);
        let reading = battle.options.gdb.read_test(test, dice, modifier, facts.as_ref());
        reading.map_err(|e| ActionError::from(TestError::NoTableRow(e.0)))
    };
    let (result, roll) = match answer {
        TestAnswer::Result(r) => (*r, None),
        TestAnswer::Rolled { dice, modifier } => {
            let reading = read(dice, *modifier, unit)?;
            let row = (reading.row.from, reading.row.to, reading.row.result.clone());
            let roll =
                TableRoll { dice: crate::rules::dice::numbers(*dice), modifier: *modifier, row, house: reading.house };
            (reading.row.kind, Some(roll))
        }
        // B-MEL-17: Ruleset B's tests roll one D6, logged as [die, 0].
        TestAnswer::RolledOne { .. } if battle.ruleset != crate::rules::Ruleset::RulesetB => {
            return Err(ActionError::Charge(crate::rules::gdb::charge::ChargeError::TwoDiceNeeded));
        }
        TestAnswer::RolledOne { die, modifier } => {
            let reading = read(&[*die], *modifier, None)?;
            let row = (reading.row.from, reading.row.to, reading.row.result.clone());
            let roll = TableRoll { dice: [die.get(), 0], modifier: *modifier, row, house: Vec::new() };
            (reading.row.kind, Some(roll))
        }
    };
    if !test.allows(result) {
        return Err(TestError::NotAResult { test, result }.into());
    }
    Ok((result, roll))
}

/// A test taken: its consequence on the unit (pass, halt, unformed, retreat or rout as
/// for the charge tests; a rally steadies a wavering unit and stops a routing one,
/// unformed); the move is made in the next Compulsory Moves (GDB-SEQ-03).
pub(super) fn take_test(battle: &Battle, a: &TestAction) -> Result<Checked, ActionError> {
    let unit = super::play::fighting_unit(battle, a.unit)?;
    match a.test {
        TestKind::Charge | TestKind::Stand | TestKind::CounterCharge | TestKind::Formation | TestKind::Pursuit => {
            return Err(TestError::TakenInItsProcedure.into());
        }
        TestKind::Rally if !matches!(unit.order, Order::Routing | Order::Wavering) => {
            return Err(TestError::NothingToRally.into());
        }
        TestKind::Morale | TestKind::Rally => {}
    }
    let (result, roll) = test_result(battle, a.test, Some(unit), &a.answer)?;
    let mut after = unit.clone();
    let deferred = result == TestResult::Rally && !battle.options.gdb.rally_at_once;
    if deferred {
        // It stops routing now (no more rout moves) and rallies as the next Compulsory
        // Move phase begins (GDB-SEQ-03).
        after.markers.remove(&Marker::Retreating);
        after.markers.insert(Marker::Rallying);
    } else {
        super::play::apply_test(&mut after, result);
    }
    let mut events: Vec<Event> = changed_unit(unit, after).into_iter().collect();
    events.extend(super::play::rng_event(battle, a.rng_after.as_ref()));
    let called = !owed_by(battle, a.unit).iter().any(|o| o.test == a.test);
    Ok((events, vec![a.unit], LogDetail::TestTaken { test: a.test, result, roll, called, deferred }))
}

/// The tests still owed are dropped, with the players' reason (logged).
pub(super) fn drop_tests(battle: &Battle, reason: &str) -> Result<Checked, ActionError> {
    if reason.trim().is_empty() {
        return Err(TestError::ReasonNeeded.into());
    }
    let owed = owed_tests(battle);
    if owed.is_empty() {
        return Err(TestError::NothingOwed.into());
    }
    let units = owed.iter().map(|o| o.unit).collect();
    Ok((Vec::new(), units, LogDetail::TestsDropped { reason: reason.trim().to_owned() }))
}
