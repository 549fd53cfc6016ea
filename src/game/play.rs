//! Checks of the play actions: phases and turns, initiative, GdB melees. Each returns
//! its events, the units it concerns and the log detail.

use super::engagement::{aftermath_events, changed_unit, gdb_melee_input};
use super::{Action, ActionError, Event};
use crate::model::{
    Aftermath, Battle, Engagement, GdbMeleeAction, LogDetail, LogEntry, RngState, Stage, TestTaken, TurnState, Unit,
    UnitId,
};
use crate::rules::dice::D6;
use crate::rules::gdb::charge::{ChargeError, TestAnswer};
use crate::rules::gdb::initiative::initiative as decide_initiative;
use crate::rules::gdb::{Effect, MeleeInput, MeleeResult, Role, Test};
use crate::rules::options::{CasualtyRow, TestKind, TestResult};
use crate::rules::{ByRole, BySide, Marker, Order, Phase, Ruleset, Side};

/// What a play check returns: events, units concerned, log detail.
pub(super) type Checked = (Vec<Event>, Vec<UnitId>, LogDetail);

/// The log entry that ends every action; it keeps the action's inputs.
pub(super) fn log_entry(battle: &Battle, units: Vec<UnitId>, detail: LogDetail, action: &Action) -> Event {
    let seq = battle.log.last().map_or(1, |e| e.seq + 1);
    // A phase entry belongs to the phase it begins.
    let (turn, phase) = match detail.phase_begun() {
        Some(begun) => (next_turn_of(battle, begun.phase), begun.phase),
        None => (battle.turn, battle.phase),
    };
    let action = Some(Box::new(action.clone()));
    Event::LogAppended(Box::new(LogEntry { seq, turn, phase, units, detail, action, revealed: Vec::new() }))
}

fn next_turn_of(battle: &Battle, entering: Phase) -> u32 {
    let (next, new_turn) = battle.ruleset.next_phase(battle.phase);
    if next == entering && new_turn { battle.turn.saturating_add(1) } else { battle.turn }
}

/// The subject of an undo step's label.
pub(super) fn subject(battle: &Battle, action: &Action, events: &[Event]) -> String {
    use Action as A;
    let name = |id: UnitId| battle.unit(id).map(|u| u.name.clone()).unwrap_or_default();
    let pair = |a: UnitId, d: UnitId| format!("{} × {}", name(a), name(d));
    match action {
        A::AdvancePhase => {
            let (next, new_turn) = battle.ruleset.next_phase(battle.phase);
            let turn = battle.turn.saturating_add(u32::from(new_turn));
            format!("{turn}:{}", next.key())
        }
        A::Initiative { phasing, .. } => phasing.key().to_owned(),
        A::GdbMelee(m) => pair(m.attacker, m.defender),
        A::AddPendingMelee(m) => pair(m.attacker, m.defender),
        A::ClearPendingMelee(i) => battle.engagements.get(*i).map(|m| pair(m.attacker, m.defender)).unwrap_or_default(),
        A::Note(text) | A::HiddenNote(text) => text.chars().take(40).collect(),
        A::SetHidden { unit, .. } => name(*unit),
        A::Charge(c) | A::DeclareCharge(c) => pair(c.charger, c.target),
        A::DeclarationsDone { side } => side.key().to_owned(),
        A::Collision(c) => pair(c.attacker, c.defender),
        A::BMelee(m) => pair(m.attacker, m.defender),
        A::SetOptions(o) => o.0.key().to_owned(),
        A::AdoptPack(p) => p.id.name.clone(),
        A::ImportOrderOfBattle(o) => format!("{}/{}/{}", o.units.len(), o.generals.len(), o.brigades.len()),
        A::PlaceUnit { unit, .. } => name(*unit),
        A::PlaceGeneral { general, .. } => battle.general(*general).map(|g| g.name.clone()).unwrap_or_default(),
        A::SetTable(t) => super::table::table_change(battle.table.as_ref(), t.as_deref()),
        // The step names its result too (issue 45: "Undone: Test" said nothing).
        A::Fire(f) => {
            if let Some(LogDetail::Fire { figures, .. }) = logged(events) {
                format!("{}{SUBJECT_PART}{figures}", pair(f.firer, f.target))
            } else {
                pair(f.firer, f.target)
            }
        }
        A::TakeTest(t) => {
            if let Some(LogDetail::TestTaken { test, result, .. }) = logged(events) {
                format!("{}{SUBJECT_PART}{}{SUBJECT_PART}{}", name(t.unit), test.key(), result.key())
            } else {
                name(t.unit)
            }
        }
        A::DropTests { reason } => reason.chars().take(40).collect(),
        A::EditBattle(info) => info.name.clone(),
        A::ChangeFormation { unit, .. } => name(*unit),
        A::Move(m) => name(m.unit),
        A::AtTheEdge { unit, .. } => name(*unit),
        A::AddUnit(_)
        | A::EditUnit(_)
        | A::DuplicateUnit(_)
        | A::DeleteUnit(_)
        | A::AddGeneral(_)
        | A::EditGeneral(_)
        | A::DeleteGeneral(_)
        | A::AddBrigade(_)
        | A::EditBrigade(_)
        | A::DeleteBrigade(_) => super::history::subject_of(events),
    }
}

/// Between the parts of an undo step's subject that carry a result: a fire's figures
/// lost, a test's kind and result.
pub const SUBJECT_PART: char = '\u{1e}';

/// The detail of the log entry an action appended, if it appended one.
fn logged(events: &[Event]) -> Option<&LogDetail> {
    events.iter().rev().find_map(|e| if let Event::LogAppended(entry) = e { Some(&entry.detail) } else { None })
}

pub(super) fn rng_event(battle: &Battle, after: Option<&RngState>) -> Option<Event> {
    after.filter(|a| **a != battle.rng).map(|a| Event::RngAdvanced { before: battle.rng.clone(), after: a.clone() })
}

/// Next phase; a new turn after the last. Markers expire at their phase (and at a new
/// turn when their phase is not in the ruleset's sequence); a unit whose push-back marker
/// expires, its push-back move made, rallies (GDB-RES-05); engagements' aftermaths end;
/// generals' opportunity orders are reset every turn (GDB-OPP-05).
pub(super) fn advance_phase(battle: &Battle) -> Result<Checked, ActionError> {
    if battle.ruleset == Ruleset::Gdb && battle.phase == Phase::Initiative && battle.phasing.is_none() {
        return Err(ActionError::InitiativeFirst);
    }
    let (next, new_turn) = battle.ruleset.next_phase(battle.phase);
    let before = battle.turn_state();
    let turn = if new_turn { battle.turn.checked_add(1).ok_or(ActionError::NoChange)? } else { battle.turn };
    let after = if new_turn {
        TurnState { turn, phase: next, phasing: None, initiative: None }
    } else {
        TurnState { phase: next, ..before.clone() }
    };
    let mut events = vec![Event::TurnChanged { before: Box::new(before), after: Box::new(after) }];
    let phases = battle.ruleset.phases();
    let expires =
        |m: &Marker| m.expires_at() == Some(next) || (new_turn && m.expires_at().is_some_and(|p| !phases.contains(&p)));
    let (aftermath, ended_pursuits) = aftermath_events(battle, next, turn);
    let mut expired = Vec::new();
    let mut moved_generals = Vec::new();
    let mut moved = Vec::new();
    // Most units keep everything at a phase: none is cloned unless something of it
    // changes, and at a phase where no marker expires, nothing moves and no pursuit
    // ends, none is even looked at (issue 31: a phase costs what it changes).
    let expiring: Vec<Marker> = Marker::ALL.iter().copied().filter(|m| expires(m)).collect();
    let moves = next == Phase::CompulsoryMoves;
    let any_may_change = !expiring.is_empty() || moves || !ended_pursuits.is_empty();
    for unit in battle.units.iter().filter(|_| any_may_change) {
        let untouched = !expiring.iter().any(|m| unit.markers.contains(m))
            && !ended_pursuits.contains(&unit.id)
            && (!moves || unit.place.is_none());
        if untouched {
            continue;
        }
        let mut after = unit.clone();
        after.markers.retain(|m| !expires(m));
        // GDB-RES-05: pushed back, it rallies automatically after its push-back move.
        let rallies = unit.markers.contains(&Marker::PushedBack) && !after.markers.contains(&Marker::PushedBack);
        if rallies && after.order == Order::Disordered {
            after.order = Order::Formed;
        }
        // A rally test passed last turn takes effect now (GDB-SEQ-03).
        if unit.markers.contains(&Marker::Rallying) && !after.markers.contains(&Marker::Rallying) {
            apply_test(&mut after, crate::rules::options::TestResult::Rally);
        }
        if ended_pursuits.contains(&unit.id) {
            after.markers.remove(&Marker::Pursuing);
        }
        let marked = after.markers != unit.markers || after.order != unit.order;
        // GDB-SEQ-03, GDB-RES-01, 03, 05: melee losers make their moves on the table.
        let generals = super::table::compulsory_move(battle, unit, &mut after, next);
        if let (Some(from), Some(to)) = (unit.place, after.place)
            && from != to
        {
            // In the rules' cm, as the distances table gives it.
            let (dx, dy) = (f64::from(to.x_mm) - f64::from(from.x_mm), f64::from(to.y_mm) - f64::from(from.y_mm));
            let table_cm = libm::hypot(dx, dy) / 10.0;
            let cm = super::table::scale_of(battle).rules_cm(table_cm);
            moved.push((unit.id, cm.round() as u32));
        }
        if marked {
            expired.push(unit.id);
        }
        if after != *unit {
            events.push(Event::UnitChanged { before: Box::new(unit.clone()), after: Box::new(after) });
        }
        moved_generals.extend(generals);
    }
    events.extend(moved_generals);
    events.extend(aftermath);
    if new_turn {
        for g in battle.generals.iter().filter(|g| g.orders_used > 0) {
            let after = crate::model::General { orders_used: 0, ..g.clone() };
            events.push(Event::general_changed(g, after));
        }
    }
    let mut units = expired.clone();
    units.extend(moved.iter().map(|(id, _)| *id).filter(|id| !expired.contains(id)));
    Ok((events, units, LogDetail::Phase { phase: next, expired, moved }))
}

/// GDB-SEQ-01, 02: the initiative and the phasing side the winner chose. A tie is
/// recorded (its dice used up) and rolled again.
pub(super) fn initiative(
    battle: &Battle,
    dice: BySide<[D6; 2]>,
    phasing: Side,
    rng_after: Option<&RngState>,
) -> Result<Checked, ActionError> {
    if battle.phase != Phase::Initiative || battle.ruleset != Ruleset::Gdb {
        return Err(ActionError::NotInitiativePhase);
    }
    if battle.phasing.is_some() {
        return Err(ActionError::InitiativeDone);
    }
    let result = initiative_preview(battle, dice);
    let mut events: Vec<Event> = rng_event(battle, rng_after).into_iter().collect();
    if result.winner.is_none() {
        return Ok((events, Vec::new(), LogDetail::Initiative { result, phasing: None }));
    }
    let before = battle.turn_state();
    let after = TurnState { phasing: Some(phasing), initiative: Some(result.clone()), ..before.clone() };
    events.push(Event::TurnChanged { before: Box::new(before), after: Box::new(after) });
    Ok((events, Vec::new(), LogDetail::Initiative { result, phasing: Some(phasing) }))
}

/// The initiative these dice come to, with each side's modifiers (GDB-SEQ-01, AMB-50):
/// what the turn panel previews before the players record it.
pub fn initiative_preview(battle: &Battle, dice: BySide<[D6; 2]>) -> crate::rules::gdb::initiative::InitiativeResult {
    let lost = BySide { first: battle.commander_lost(Side::First), second: battle.commander_lost(Side::Second) };
    let numbers =
        BySide { first: crate::rules::dice::numbers(dice.first), second: crate::rules::dice::numbers(dice.second) };
    decide_initiative(numbers, lost)
}

pub(super) fn fighting_unit(battle: &Battle, id: UnitId) -> Result<&Unit, ActionError> {
    let unit = battle.unit(id).ok_or(ActionError::NoSuchUnit(id))?;
    if !unit.order.in_play() {
        return Err(ActionError::OutOfPlay(id));
    }
    Ok(unit)
}

/// The result a GdB melee action comes to (the one the players impose, if they do):
/// what the melee wizard previews before Apply, from the same inputs the game reads.
pub fn gdb_melee_result(battle: &Battle, m: &GdbMeleeAction) -> Result<MeleeResult, ActionError> {
    let (input, _) = gdb_melee_input(battle, m)?;
    Ok(with_table_distances(battle, m, applied_result(&input, m)))
}

/// A push-back's distance from the players' table, where it has the unit's retreat move
/// (GDB-RES-05: the full retreat move; issue 27: never left blank when the table knows
/// it); a built-up area's 10 cm stays (GDB-RES-07).
fn with_table_distances(battle: &Battle, m: &GdbMeleeAction, mut r: MeleeResult) -> MeleeResult {
    let retreat = |id: UnitId| {
        let u = battle.unit(id)?;
        battle.options.gdb.distance(u.arm, u.formation).and_then(|row| row.retreat_cm)
    };
    for (id, effects) in [(m.attacker, &mut r.attacker_effects), (m.defender, &mut r.defender_effects)] {
        for e in effects.iter_mut() {
            if let Effect::PushedBack { cm: cm @ None } = e {
                *cm = retreat(id);
            }
        }
    }
    r
}

/// The casualty-table row (AMB-13) that gives the losses the players typed, for every melee with the same result: the loser's and the
/// winner's figures before the halving of infantry's damage to cavalry (GDB-RES-16),
/// found by reading the result with each candidate row. `None` when no row gives them
/// (a draw with unequal losses, or a halved side's odd figure).
pub fn casualty_row_for(battle: &Battle, m: &GdbMeleeAction, typed: ByRole<u32>) -> Option<CasualtyRow> {
    let (mut input, _) = gdb_melee_input(battle, m).ok()?;
    let result = applied_result(&input, m);
    let (loser, winner) = match result.winner {
        Some(Role::Attacker) => (typed.defender, typed.attacker),
        Some(Role::Defender) | None => (typed.attacker, typed.defender),
    };
    let either = |n: u32| [Some(n), n.checked_mul(2)].into_iter().flatten();
    let winner_choices: Vec<u32> = if result.winner.is_some() { either(winner).collect() } else { vec![0] };
    for loser_loses in either(loser) {
        for winner_loses in winner_choices.iter().copied() {
            let outcome = result.outcome.casualty_key().to_owned();
            let row = CasualtyRow { outcome, winner_arm: None, loser_loses, winner_loses };
            input.options.casualties = vec![row.clone()];
            let (a, d) = input.effects(result.winner, result.outcome);
            if (figures_of(&a), figures_of(&d)) == (Some(typed.attacker), Some(typed.defender)) {
                return Some(row);
            }
        }
    }
    None
}

/// The figures a side loses by the casualty table, if its row gives them.
pub(super) fn figures_of(effects: &[Effect]) -> Option<u32> {
    effects.iter().find_map(|e| match e {
        Effect::Casualties { figures, .. } => Some(*figures),
        Effect::Routs
        | Effect::Retreats
        | Effect::PushedBack { .. }
        | Effect::Unformed
        | Effect::StaysFormed
        | Effect::Tests { .. }
        | Effect::StaysUnformed
        | Effect::FollowsInContact
        | Effect::MeleeContinues
        | Effect::Dispersed { .. }
        | Effect::BonusMove
        | Effect::CasualtiesToEnter => None,
    })
}

/// The test a melee result owes and the unit that owes it (GDB-RES-02, GDB-RES-04, GDB-RES-09).
pub fn owed_melee_test(result: &MeleeResult, m: &GdbMeleeAction) -> Option<(UnitId, TestKind)> {
    owed_test(result, (m.attacker, m.defender))
}

/// The result that applies: the dice's, or the one the players impose.
fn applied_result(input: &MeleeInput, m: &GdbMeleeAction) -> MeleeResult {
    let derived = input.resolve(m.dice.attacker.numbers(), m.dice.defender.numbers());
    match m.overridden.as_ref().and_then(|o| o.outcome.map(|outcome| (o.winner, outcome))) {
        Some((winner, outcome)) => {
            let (attacker_effects, defender_effects) = input.effects(winner, outcome);
            MeleeResult { winner, outcome, attacker_effects, defender_effects, ..derived }
        }
        None => derived,
    }
}

/// Figures each side loses: entered by the players, else the casualty table's; never
/// more than the unit has.
fn melee_losses(result: &MeleeResult, m: &GdbMeleeAction, units: [&Unit; 2]) -> Result<ByRole<u32>, ActionError> {
    let losses = match m.losses {
        Some(l) => l,
        None => match (figures_of(&result.attacker_effects), figures_of(&result.defender_effects)) {
            (Some(a), Some(d)) => (a, d),
            _ => return Err(ActionError::LossesNeeded),
        }
        .into(),
    };
    for (unit, lost) in units.into_iter().zip([losses.attacker, losses.defender]) {
        if lost > unit.figures {
            return Err(ActionError::TooManyLosses { unit: unit.id, lost, has: unit.figures });
        }
    }
    Ok(losses)
}

/// The test the result owes, and the unit that takes it (GDB-RES-02, GDB-RES-04, GDB-RES-09).
fn owed_test(result: &MeleeResult, ids: (UnitId, UnitId)) -> Option<(UnitId, TestKind)> {
    [(ids.0, &result.attacker_effects), (ids.1, &result.defender_effects)].into_iter().find_map(|(unit, effects)| {
        effects.iter().find_map(|e| match e {
            Effect::Tests { test: Test::Pursuit } => Some((unit, TestKind::Pursuit)),
            Effect::Tests { test: Test::Formation } => Some((unit, TestKind::Formation)),
            Effect::Routs
            | Effect::Retreats
            | Effect::PushedBack { .. }
            | Effect::Unformed
            | Effect::StaysFormed
            | Effect::StaysUnformed
            | Effect::FollowsInContact
            | Effect::MeleeContinues
            | Effect::Dispersed { .. }
            | Effect::BonusMove
            | Effect::Casualties { .. }
            | Effect::CasualtiesToEnter => None,
        })
    })
}

/// The owed test's result from the players' answer, with the table row if rolled.
fn test_result(
    battle: &Battle,
    unit: UnitId,
    kind: TestKind,
    answer: &TestAnswer,
) -> Result<(TestResult, Option<crate::model::TestRoll>), ActionError> {
    match answer {
        TestAnswer::Result(r) if kind.allows(*r) => Ok((*r, None)),
        TestAnswer::Result(r) => Err(ActionError::Charge(ChargeError::NotAResultOf { test: kind, result: *r })),
        TestAnswer::RolledOne { .. } => Err(ActionError::Charge(ChargeError::TwoDiceNeeded)),
        TestAnswer::Rolled { dice, modifier } => {
            // The club's house modifiers for the winner's test (issue 51).
            let facts = battle.unit(unit).map(crate::model::Unit::facts);
            let reading = battle.options.gdb.read_test(kind, dice, *modifier, facts.as_ref());
            let reading = reading.map_err(|e| ActionError::Charge(ChargeError::NoTableRow(e.0)))?;
            let row = reading.row;
            if !kind.allows(row.kind) {
                return Err(ActionError::Charge(ChargeError::NotAResultOf { test: kind, result: row.kind }));
            }
            let roll = crate::model::TestRoll {
                unit,
                test: kind,
                dice: crate::rules::dice::numbers(*dice),
                modifier: *modifier,
                row: (row.from, row.to, row.result.clone()),
                house: reading.house,
            };
            Ok((row.kind, Some(roll)))
        }
    }
}

/// Resolves a GdB melee turn of a pending engagement and applies its effects (GDB-MEL-03..05,
/// GDB-RES-*). Every fact of the charge comes from the engagement; the action brings only
/// the dice, what the table shows, entered losses, the owed test and an imposed result.
pub(super) fn gdb_melee(battle: &Battle, m: &GdbMeleeAction) -> Result<Checked, ActionError> {
    let (a, d) = (fighting_unit(battle, m.attacker)?, fighting_unit(battle, m.defender)?);
    if a.side == d.side {
        return Err(ActionError::SameSide(a.id, d.id));
    }
    let (input, index) = gdb_melee_input(battle, m)?;
    // GDB-MEL-03: each side throws its 2D6; caught evaders throw none (GDB-EVD-11).
    for (role, dice) in m.dice.iter() {
        if dice.0.is_none() && !input.side(role).situation.caught_evading {
            return Err(ActionError::Dice(crate::rules::dice::DiceError::WrongCount { expected: 2, got: 0 }));
        }
    }
    let result = with_table_distances(battle, m, applied_result(&input, m));
    let derived = input.resolve(m.dice.attacker.numbers(), m.dice.defender.numbers());
    let losses = melee_losses(&result, m, [a, d])?;
    let mut taken = Vec::new();
    let mut rolls = Vec::new();
    match (&m.test, owed_test(&result, (m.attacker, m.defender))) {
        (Some(answer), Some((unit, kind))) => {
            let (r, roll) = test_result(battle, unit, kind, answer)?;
            taken.push(TestTaken { unit, test: kind, result: r });
            rolls.extend(roll);
        }
        (Some(_), None) => return Err(ActionError::NoTestOwed),
        // GDB-RES-02, 04, 09: the winner's test is part of the melee's aftermath.
        (None, Some(_)) => return Err(ActionError::TestsOwed),
        (None, None) => {}
    }
    let engagement = battle.engagements.get(index).ok_or(ActionError::NotEngaged(m.attacker, m.defender))?;
    let next = next_engagement(battle, engagement, &result, losses, &taken);
    let mut events: Vec<Event> = rng_event(battle, m.rng_after.as_ref()).into_iter().collect();
    let continues = next.as_ref().is_some_and(Engagement::is_melee);
    // AMB-15: the units joined count for superiority only; the aftermath is the
    // principals', and the others leave contact when the melee is decided.
    let next = next.map(|mut n| {
        if !n.is_melee() {
            n.joined = Default::default();
        }
        n
    });
    let sides = [
        (a, &result.attacker_effects, losses.attacker, &m.table.attacker),
        (d, &result.defender_effects, losses.defender, &m.table.defender),
    ];
    for (unit, effects, lost, table) in sides {
        let mut after = after_melee(unit, effects, lost, continues, &taken);
        // The ground the players said it fought on is where it stands.
        if let Some(ground) = table.ground {
            after.terrain = ground;
        }
        events.extend(changed_unit(unit, after));
    }
    if !continues {
        events.extend(out_of_contact(battle, engagement.joined.attacker.iter().chain(&engagement.joined.defender)));
    }
    events.push(Event::MeleeCleared { index, melee: engagement.clone() });
    if let Some(next) = next {
        events.push(Event::MeleePending { index, melee: next });
    }
    let overridden = m.overridden.clone();
    let decided = input.decided_modifiers(m.dice.attacker.numbers(), m.dice.defender.numbers());
    let detail = LogDetail::GdbMelee {
        attacker_modifiers: decided.attacker,
        defender_modifiers: decided.defender,
        attacker_side: input.attacker,
        defender_side: input.defender,
        result: if overridden.is_some() { derived } else { result },
        losses,
        overridden,
        tests: rolls,
        taken,
    };
    Ok((events, vec![m.attacker, m.defender], detail))
}

/// The engagement after a melee turn: it goes on (a draw, GDB-RES-11; a follow-in,
/// GDB-RES-10), moves to its aftermath (a push-back to rally from, a pursuit), or ends.
/// A unit reduced to nothing ends it.
fn next_engagement(
    battle: &Battle,
    e: &Engagement,
    result: &MeleeResult,
    losses: ByRole<u32>,
    taken: &[TestTaken],
) -> Option<Engagement> {
    let destroyed = |id: UnitId, lost: u32| battle.unit(id).is_some_and(|u| u.figures <= lost);
    let gone = destroyed(e.attacker, losses.attacker) || destroyed(e.defender, losses.defender);
    let has = |effects: &[Effect], f: fn(&Effect) -> bool| effects.iter().any(f);
    let pushed = |effects: &[Effect]| has(effects, |x| matches!(x, Effect::PushedBack { .. }));
    let follows = has(&result.attacker_effects, |x| *x == Effect::FollowsInContact)
        || has(&result.defender_effects, |x| *x == Effect::FollowsInContact);
    let draw_goes_on = has(&result.attacker_effects, |x| *x == Effect::MeleeContinues);
    let mut next = e.clone();
    next.end_charge();
    next.losses = e.losses.map(|role, lost| lost.saturating_add(*losses.get(role)));
    next.pushbacks = ByRole::new(
        if pushed(&result.attacker_effects) { e.pushbacks.attacker.saturating_add(1) } else { 0 },
        if pushed(&result.defender_effects) { e.pushbacks.defender.saturating_add(1) } else { 0 },
    );
    next.tests.extend(taken.iter().cloned());
    if (draw_goes_on || follows) && !gone {
        next.melee_turn = e.melee_turn.saturating_add(1).min(crate::model::MAX_MELEE_TURN);
        next.follow_in = follows;
        return Some(next);
    }
    let lost_by = |id: UnitId| if id == e.attacker { losses.attacker } else { losses.defender };
    // The unit pushed back: the loser, or the cavalry drawn with infantry (GDB-RES-12).
    let pushed_back = if pushed(&result.attacker_effects) {
        Some(e.attacker)
    } else if pushed(&result.defender_effects) {
        Some(e.defender)
    } else {
        None
    }
    .filter(|id| !destroyed(*id, lost_by(*id)));
    let pursuer = taken
        .iter()
        .find(|t| t.result == TestResult::Pursue)
        .map(|t| t.unit)
        .filter(|id| !destroyed(*id, lost_by(*id)));
    if pushed_back.is_none() && pursuer.is_none() {
        return None;
    }
    next.stage = Stage::Aftermath(Aftermath { decided_turn: battle.turn, pushed_back, pursuer });
    Some(next)
}

/// A unit after a melee: losses, order and markers from the effects and the owed test.
pub(super) fn after_melee(unit: &Unit, effects: &[Effect], lost: u32, continues: bool, taken: &[TestTaken]) -> Unit {
    let mut u = unit.clone();
    u.figures = u.figures.saturating_sub(lost);
    for effect in effects {
        match effect {
            Effect::Routs => {
                u.order = Order::Routing;
                u.markers.insert(Marker::Retreating);
            }
            Effect::Retreats => {
                u.markers.insert(Marker::Retreating);
            }
            Effect::PushedBack { .. } => {
                u.markers.insert(Marker::PushedBack);
            }
            Effect::Unformed if u.order == Order::Formed => u.order = Order::Disordered,
            Effect::Dispersed { removed } => {
                u.order = Order::Dispersed;
                if *removed {
                    u.figures = 0;
                }
            }
            Effect::Unformed
            | Effect::StaysFormed
            | Effect::Tests { .. }
            | Effect::StaysUnformed
            | Effect::FollowsInContact
            | Effect::MeleeContinues
            | Effect::BonusMove
            | Effect::Casualties { .. }
            | Effect::CasualtiesToEnter => {}
        }
    }
    for t in taken.iter().filter(|t| t.unit == unit.id) {
        apply_test(&mut u, t.result);
    }
    if continues {
        u.markers.insert(Marker::InMelee);
    } else {
        u.markers.remove(&Marker::InMelee);
    }
    if u.figures == 0 && u.order.in_play() {
        u.destroy();
    }
    u
}

/// What a test result does to the unit that took it (AMB-23, AMB-28).
pub(super) fn apply_test(u: &mut Unit, result: TestResult) {
    match result {
        TestResult::Pass | TestResult::Halt => {}
        TestResult::Unformed => {
            if u.order == Order::Formed {
                u.order = Order::Disordered;
            }
        }
        TestResult::Retreat => {
            u.markers.insert(Marker::Retreating);
        }
        TestResult::Rout => {
            u.order = Order::Routing;
            u.markers.insert(Marker::Retreating);
        }
        // A routing unit stops and stands unformed; a wavering one is steady again.
        TestResult::Rally => {
            u.order = match u.order {
                Order::Routing => Order::Disordered,
                Order::Wavering => Order::Formed,
                other @ (Order::Formed | Order::Disordered | Order::Dispersed | Order::Destroyed) => other,
            };
            u.markers.remove(&Marker::Retreating);
        }
        TestResult::Pursue => {
            u.markers.insert(Marker::Pursuing);
        }
    }
}

/// Two units in contact: the melee waits for the Melee phase (GDB-MEL-01, 02); both get
/// the in-melee marker.
pub(super) fn add_pending(battle: &Battle, m: &Engagement) -> Result<Checked, ActionError> {
    // The loader's own check of an engagement: both units there, enemies of each other.
    let index = battle.engagements.len();
    if let Some(problem) = m.problems(index, battle).into_iter().find(|p| {
        matches!(p, crate::model::Problem::EngagementWithoutUnit { .. } | crate::model::Problem::EngagementOfFriends(_))
    }) {
        return Err(ActionError::Invalid(problem));
    }
    let (a, d) = (fighting_unit(battle, m.attacker)?, fighting_unit(battle, m.defender)?);
    if battle.engagement(m.attacker, m.defender).is_some() {
        return Err(ActionError::NoChange);
    }
    // A contact the app did not walk through brings only what the table shows: who,
    // whether the attacker charged and how far, and the face struck. Every other fact of
    // an engagement is derived by the game.
    let mut contact = m.contact.as_ref().map(|role, s| s.told_contact(role));
    contact.attacker.moved_cm = contact.attacker.moved_cm.map(|cm| cm.min(crate::model::MAX_DISTANCE_CM));
    let melee = Engagement {
        contact,
        start_figures: Some(ByRole::new(a.figures, d.figures)),
        ..Engagement::contact(m.attacker, m.defender)
    };
    let mut events = vec![Event::MeleePending { index, melee }];
    for unit in [a, d] {
        let mut after = unit.clone();
        after.markers.insert(Marker::InMelee);
        events.extend(changed_unit(unit, after));
    }
    let subject = format!("{} × {}", a.name, d.name);
    Ok((
        events,
        vec![m.attacker, m.defender],
        LogDetail::Edit { action: crate::model::ActionKind::AddPendingMelee, subject },
    ))
}

/// Withdraws a pending melee.
pub(super) fn clear_pending(battle: &Battle, index: usize) -> Result<Checked, ActionError> {
    let melee = battle.engagements.get(index).filter(|e| e.is_melee()).ok_or(ActionError::NoSuchMelee(index))?;
    let mut events = vec![Event::MeleeCleared { index, melee: melee.clone() }];
    let units: Vec<UnitId> = melee.units().collect();
    events.extend(out_of_contact(battle, units.iter()));
    let units = vec![melee.attacker, melee.defender];
    let name = |id: UnitId| battle.unit(id).map(|u| u.name.clone()).unwrap_or_default();
    let subject = format!("{} × {}", name(melee.attacker), name(melee.defender));
    Ok((events, units, LogDetail::Edit { action: crate::model::ActionKind::ClearPendingMelee, subject }))
}

/// The units no longer in contact lose their in-melee marker.
fn out_of_contact<'a>(battle: &Battle, ids: impl Iterator<Item = &'a UnitId>) -> Vec<Event> {
    ids.filter_map(|id| battle.unit(*id).filter(|u| u.markers.contains(&Marker::InMelee)))
        .filter_map(|unit| {
            let mut after = unit.clone();
            after.markers.remove(&Marker::InMelee);
            changed_unit(unit, after)
        })
        .collect()
}
