//! One set of invariants (design.md section 2, issue 26): before anything is written, what
//! an action's events touch passes the checks a loaded file must pass, so that no action
//! makes a battle the loader refuses. Only what the events touch is checked, with the
//! counters the battle keeps, never the whole battle. In a battle opened with problems an
//! action is refused only if it adds or worsens one: a change whose entity had the same
//! problem before goes through.

use super::apply::RosterItem;
use super::{ActionError, Event};
use crate::model::limits::{MAX_ITEMS, MAX_LOG_ENTRIES, MAX_TURN};
use crate::model::{Battle, Brigade, BrigadeId, General, GeneralId, Problem, Refs, Unit, UnitId};
use crate::rules::{Rank, Side};

/// The battle as the events will leave it, for the references a check looks up: the
/// latest event about an id wins, else the battle as it stands.
struct After<'a> {
    battle: &'a Battle,
    events: &'a [Event],
}

/// What the events make of one entity: `Some(Some(x))` changed or added, `Some(None)`
/// removed, `None` untouched.
type Latest<'a, T> = Option<Option<&'a T>>;

impl<'a> After<'a> {
    /// The latest roster item of the events that `pick` takes.
    fn latest<T>(&self, pick: impl Fn(RosterItem<'a>) -> Option<Option<&'a T>>) -> Latest<'a, T> {
        self.events.iter().rev().filter_map(Event::roster_item).find_map(pick)
    }

    fn unit(&self, id: UnitId) -> Latest<'a, Unit> {
        self.latest(|item| match item {
            RosterItem::Unit(i, u) if i == id => Some(u),
            RosterItem::Unit(..) | RosterItem::General(..) | RosterItem::Brigade(..) => None,
        })
    }

    fn general(&self, id: GeneralId) -> Latest<'a, General> {
        self.latest(|item| match item {
            RosterItem::General(i, g) if i == id => Some(g),
            RosterItem::Unit(..) | RosterItem::General(..) | RosterItem::Brigade(..) => None,
        })
    }

    fn brigade(&self, id: BrigadeId) -> Latest<'a, Brigade> {
        self.latest(|item| match item {
            RosterItem::Brigade(i, b) if i == id => Some(b),
            RosterItem::Unit(..) | RosterItem::General(..) | RosterItem::Brigade(..) => None,
        })
    }

    /// The generals as the events leave them (the battle's, changed, plus the added).
    fn generals(&self) -> impl Iterator<Item = &'a General> + '_ {
        let kept = self.battle.generals.iter().filter_map(|g| self.general(g.id).unwrap_or(Some(g)));
        let added = self.events.iter().filter_map(|e| if let Event::GeneralAdded(g) = e { Some(g) } else { None });
        kept.chain(added)
    }

    /// The units as the events leave them.
    fn units(&self) -> impl Iterator<Item = &'a Unit> + '_ {
        let kept = self.battle.units.iter().filter_map(|u| self.unit(u.id).unwrap_or(Some(u)));
        let added = self.events.iter().filter_map(|e| if let Event::UnitAdded(u) = e { Some(u) } else { None });
        kept.chain(added)
    }
}

impl Refs for After<'_> {
    fn brigade_side(&self, id: BrigadeId) -> Option<Side> {
        self.brigade(id).unwrap_or_else(|| self.battle.brigade(id)).map(|b| b.side)
    }

    fn unit_side(&self, id: UnitId) -> Option<Side> {
        self.unit(id).unwrap_or_else(|| self.battle.unit(id)).map(|u| u.side)
    }
}

/// The checks a loaded file must pass, on what these events touch.
pub(super) fn after(battle: &Battle, events: &[Event]) -> Result<(), ActionError> {
    let refs = After { battle, events };
    let mut added = Added::default();
    for e in events {
        event_problem(&refs, e, &mut added).map_err(ActionError::Invalid)?;
    }
    Ok(())
}

/// How many of each the events add, for the counts and the ids' order.
#[derive(Default)]
struct Added {
    units: usize,
    generals: usize,
    brigades: usize,
    log: usize,
}

fn event_problem(refs: &After<'_>, e: &Event, added: &mut Added) -> Result<(), Problem> {
    let battle = refs.battle;
    match e {
        Event::UnitAdded(u) => {
            added.units += 1;
            count("units", battle.units.len(), added.units)?;
            ids_after(battle.units.last().map(|x| x.id.0), u.id.0)?;
            u.check_in(refs)
        }
        Event::UnitChanged { before, after } => not_worse(after.check_in(refs), before.check(battle)),
        Event::UnitRemoved(u) => left_without_unit(refs, u.id),
        Event::GeneralAdded(g) => {
            added.generals += 1;
            count("generals", battle.generals.len(), added.generals)?;
            ids_after(battle.generals.last().map(|x| x.id.0), g.id.0)?;
            g.check_in(refs)?;
            one_commander(refs, g, None)
        }
        Event::GeneralChanged { before, after } => {
            not_worse(after.check_in(refs), before.check(battle))?;
            one_commander(refs, after, Some(before))
        }
        Event::BrigadeAdded(b) => {
            added.brigades += 1;
            count("brigades", battle.brigades.len(), added.brigades)?;
            ids_after(battle.brigades.last().map(|x| x.id.0), b.id.0)?;
            b.check()
        }
        Event::BrigadeChanged { before, after } => not_worse(after.check(), before.check()),
        Event::BrigadeRemoved(b) => left_without_brigade(refs, b.id),
        Event::TurnChanged { after, .. } => turn_in_range(after.turn),
        Event::LogAppended(entry) => {
            added.log += 1;
            count("log", battle.log.len(), added.log).map_err(|_| journal_full(battle))?;
            entry.detail.text_problem().map_or(Ok(()), Err)
        }
        Event::MeleePending { index, melee } => first(melee.problems(*index, refs)),
        Event::EngagementChanged { index, before, after } => {
            let was = before.problems(*index, battle);
            first(after.problems(*index, refs).into_iter().filter(|p| !was.contains(p)).collect())
        }
        Event::TableChanged { after, .. } => match after {
            Some(t) if !t.is_sane() => Err(Problem::OffTheTable),
            Some(_) | None => Ok(()),
        },
        Event::BattleChanged { before, after } => battle_names(before, after),
        // The same limits as a file's (`Battle::text_problems`).
        Event::PackChanged { after: Some(pack), .. } => crate::model::check_pack_ref(pack),
        // The same checks as a file's and a pack's (issue 51).
        Event::OptionsChanged { after, .. } => after.1.house_problem().map_or(Ok(()), |e| Err(Problem::House(e))),
        Event::PackChanged { after: None, .. }
        | Event::GeneralRemoved(_)
        | Event::LogRemoved(_)
        | Event::MeleeCleared { .. }
        | Event::RngAdvanced { .. } => Ok(()),
    }
}

/// A change is refused only for a problem its entity did not have before (in a battle
/// opened with problems, the players fix one thing at a time).
fn not_worse(after: Result<(), Problem>, before: Result<(), Problem>) -> Result<(), Problem> {
    match (after, before) {
        (Err(now), Err(was)) if now == was => Ok(()),
        (after, _) => after,
    }
}

fn first(problems: Vec<Problem>) -> Result<(), Problem> {
    problems.into_iter().next().map_or(Ok(()), Err)
}

fn count(field: &'static str, now: usize, adding: usize) -> Result<(), Problem> {
    let limit = if field == "log" { MAX_LOG_ENTRIES } else { MAX_ITEMS };
    let value = now.saturating_add(adding);
    if value > limit { Err(Problem::OutOfRange { field, value: value as u64, limit: limit as u64 }) } else { Ok(()) }
}

/// The journal has no room for another entry: the evening goes on in a new file.
fn journal_full(battle: &Battle) -> Problem {
    let value = battle.log.len().saturating_add(1) as u64;
    Problem::OutOfRange { field: "log", value, limit: MAX_LOG_ENTRIES as u64 }
}

/// An added item's id comes after every id there is (the file keeps them in order).
fn ids_after(last: Option<u32>, id: u32) -> Result<(), Problem> {
    if last.is_some_and(|last| id <= last) { Err(Problem::BadIds) } else { Ok(()) }
}

fn turn_in_range(turn: u32) -> Result<(), Problem> {
    if turn == 0 || turn > MAX_TURN {
        return Err(Problem::OutOfRange { field: "turn", value: u64::from(turn), limit: u64::from(MAX_TURN) });
    }
    Ok(())
}

/// One commander-in-chief a side: a general made one (or moved to a side that has one)
/// next to another is refused; one that already stood beside another stays as he was.
fn one_commander(refs: &After<'_>, g: &General, before: Option<&General>) -> Result<(), Problem> {
    if g.rank != Rank::CommanderInChief {
        return Ok(());
    }
    let was_beside_one =
        before.is_some_and(|b| b.rank == Rank::CommanderInChief && b.side == g.side && two_on(refs.battle, g.side));
    let other = refs.generals().any(|x| x.id != g.id && x.side == g.side && x.rank == Rank::CommanderInChief);
    if other && !was_beside_one { Err(Problem::TwoCommanders(g.side)) } else { Ok(()) }
}

fn two_on(battle: &Battle, side: Side) -> bool {
    battle.generals.iter().filter(|g| g.side == side && g.rank == Rank::CommanderInChief).count() > 1
}

/// A removed unit leaves no general attached to it.
fn left_without_unit(refs: &After<'_>, id: UnitId) -> Result<(), Problem> {
    match refs.generals().find(|g| g.attached_to == Some(id)) {
        Some(_) => Err(Problem::MissingUnit(id)),
        None => Ok(()),
    }
}

/// A removed brigade leaves no unit or general in it.
fn left_without_brigade(refs: &After<'_>, id: BrigadeId) -> Result<(), Problem> {
    let in_it = refs.units().any(|u| u.brigade == Some(id)) || refs.generals().any(|g| g.brigade == Some(id));
    if in_it { Err(Problem::MissingBrigade(id)) } else { Ok(()) }
}

/// The battle's names within their limits, the sides told apart (not worse than before).
fn battle_names(before: &crate::model::BattleInfo, after: &crate::model::BattleInfo) -> Result<(), Problem> {
    let problems = |i: &crate::model::BattleInfo| {
        let mut b = Battle { name: i.name.clone(), name_ru: i.name_ru.clone(), ..Battle::default() };
        i.set_on(&mut b);
        b.turn = 1;
        b.problems().into_iter().map(|e| e.problem().clone()).collect::<Vec<_>>()
    };
    let was = problems(before);
    first(problems(after).into_iter().filter(|p| !was.contains(p)).collect())
}
