//! Events and `apply`, the only code that changes a battle.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::model::{Battle, Brigade, Engagement, General, LogEntry, RngState, TurnState, Unit};

/// A change to the battle. Every event has an exact inverse, so undo is replay of
/// inverses in reverse order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// A unit joined the battle.
    UnitAdded(Unit),
    /// A unit was removed.
    UnitRemoved(Unit),
    /// A unit's fields changed.
    UnitChanged {
        /// As it was.
        before: Box<Unit>,
        /// As it is now.
        after: Box<Unit>,
    },
    /// A general joined the battle.
    GeneralAdded(General),
    /// A general was removed.
    GeneralRemoved(General),
    /// A general's fields changed.
    GeneralChanged {
        /// As he was.
        before: Box<General>,
        /// As he is now.
        after: Box<General>,
    },
    /// A brigade was formed.
    BrigadeAdded(Brigade),
    /// A brigade was removed.
    BrigadeRemoved(Brigade),
    /// A brigade's fields changed.
    BrigadeChanged {
        /// As it was.
        before: Brigade,
        /// As it is now.
        after: Brigade,
    },
    /// Turn, phase, phasing side or initiative changed.
    TurnChanged {
        /// As it was.
        before: Box<TurnState>,
        /// As it is now.
        after: Box<TurnState>,
    },
    /// An entry was added at the end of the log.
    LogAppended(Box<LogEntry>),
    /// The last entry of the log was removed (undo).
    LogRemoved(Box<LogEntry>),
    /// A pending melee was added at `index`.
    MeleePending {
        /// Position in the list.
        index: usize,
        /// The melee.
        melee: Engagement,
    },
    /// The pending melee at `index` was resolved or withdrawn.
    MeleeCleared {
        /// Position in the list.
        index: usize,
        /// The melee.
        melee: Engagement,
    },
    /// The engagement at `index` moved on (a melee turn fought, an aftermath begun).
    EngagementChanged {
        /// Position in the list.
        index: usize,
        /// As it was.
        before: Box<Engagement>,
        /// As it is now.
        after: Box<Engagement>,
    },
    /// The ruleset or its options changed.
    OptionsChanged {
        /// Before.
        before: Box<(crate::rules::Ruleset, crate::model::RulesOptions)>,
        /// After.
        after: Box<(crate::rules::Ruleset, crate::model::RulesOptions)>,
    },
    /// The rules pack the battle plays under changed (issue 50).
    PackChanged {
        /// Before.
        before: Option<Box<crate::model::PackRef>>,
        /// After.
        after: Option<Box<crate::model::PackRef>>,
    },
    /// The table's setup changed.
    TableChanged {
        /// Before.
        before: Option<Box<crate::model::TableSetup>>,
        /// After.
        after: Option<Box<crate::model::TableSetup>>,
    },
    /// The battle's names changed (title, description, sides).
    BattleChanged {
        /// Before.
        before: Box<crate::model::BattleInfo>,
        /// After.
        after: Box<crate::model::BattleInfo>,
    },
    /// Dice were rolled from the battle's generator.
    RngAdvanced {
        /// State before.
        before: RngState,
        /// State after.
        after: RngState,
    },
}

/// An event that does not fit the battle (a stale history, a hand-edited file).
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum ApplyError {
    /// A part of the battle is not as the event recorded it.
    #[error("the {0:?} is not as recorded")]
    NotAsRecorded(Recorded),
    /// An item to add is there already.
    #[error("{0:?} {1} already exists")]
    Exists(Item, u32),
    /// An item to change or remove is not as recorded.
    #[error("{0:?} {1} is not as recorded")]
    ItemNotAsRecorded(Item, u32),
    /// An edit would change an item's id.
    #[error("an edit may not change the id of {0:?} {1}")]
    IdChanged(Item, u32),
}

/// The part of a battle an event found other than recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    Log,
    Engagements,
    Dice,
    Names,
    Options,
    Table,
    Turn,
}

/// The kind of item an event adds, changes or removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Unit,
    General,
    Brigade,
}

/// A unit, general or brigade as an event leaves it: `Some` added or changed (its state
/// after), `None` removed.
#[derive(Clone, Copy, Debug)]
pub enum RosterItem<'a> {
    Unit(crate::model::UnitId, Option<&'a Unit>),
    General(crate::model::GeneralId, Option<&'a General>),
    Brigade(crate::model::BrigadeId, Option<&'a Brigade>),
}

impl Event {
    /// The roster item the event adds, changes or removes, if it is about one: the one
    /// reading of the events that every check of them shares.
    pub fn roster_item(&self) -> Option<RosterItem<'_>> {
        match self {
            Event::UnitAdded(u) => Some(RosterItem::Unit(u.id, Some(u))),
            Event::UnitChanged { after, .. } => Some(RosterItem::Unit(after.id, Some(after))),
            Event::UnitRemoved(u) => Some(RosterItem::Unit(u.id, None)),
            Event::GeneralAdded(g) => Some(RosterItem::General(g.id, Some(g))),
            Event::GeneralChanged { after, .. } => Some(RosterItem::General(after.id, Some(after))),
            Event::GeneralRemoved(g) => Some(RosterItem::General(g.id, None)),
            Event::BrigadeAdded(b) => Some(RosterItem::Brigade(b.id, Some(b))),
            Event::BrigadeChanged { after, .. } => Some(RosterItem::Brigade(after.id, Some(after))),
            Event::BrigadeRemoved(b) => Some(RosterItem::Brigade(b.id, None)),
            Event::TurnChanged { .. }
            | Event::LogAppended(_)
            | Event::LogRemoved(_)
            | Event::MeleePending { .. }
            | Event::MeleeCleared { .. }
            | Event::EngagementChanged { .. }
            | Event::OptionsChanged { .. }
            | Event::PackChanged { .. }
            | Event::TableChanged { .. }
            | Event::RngAdvanced { .. }
            | Event::BattleChanged { .. } => None,
        }
    }

    /// What a roster edit's log entry names: the item's name, and for a unit changed the
    /// fields that changed (after a unit-separator); none for the other events.
    pub fn subject(&self) -> Option<String> {
        match self {
            Event::UnitAdded(u) | Event::UnitRemoved(u) => Some(u.name.clone()),
            Event::UnitChanged { before, after } => {
                let fields = crate::model::changed_fields(before, after);
                Some(if fields.is_empty() {
                    after.name.clone()
                } else {
                    format!("{}\u{1f}{}", after.name, fields.join(","))
                })
            }
            Event::GeneralAdded(g) | Event::GeneralRemoved(g) => Some(g.name.clone()),
            Event::GeneralChanged { after, .. } => Some(after.name.clone()),
            Event::BrigadeAdded(b) | Event::BrigadeRemoved(b) => Some(b.name.clone()),
            Event::BrigadeChanged { after, .. } => Some(after.name.clone()),
            Event::TurnChanged { .. }
            | Event::LogAppended(_)
            | Event::LogRemoved(_)
            | Event::MeleePending { .. }
            | Event::MeleeCleared { .. }
            | Event::EngagementChanged { .. }
            | Event::OptionsChanged { .. }
            | Event::PackChanged { .. }
            | Event::TableChanged { .. }
            | Event::RngAdvanced { .. }
            | Event::BattleChanged { .. } => None,
        }
    }

    /// The compact change this event makes (the fields that changed, or a log entry's
    /// number), where it has one.
    pub fn compact_change(&self) -> Option<super::change::Change> {
        use super::change::{Change, ItemKind, changed_fields, unit_fields};
        use serde_json::Value;
        let fields = |item, id, before: Result<Value, _>, after: Result<Value, _>| match (before, after) {
            (Ok(Value::Object(b)), Ok(Value::Object(a))) => {
                let (before, after) = changed_fields(&b, &a);
                Some(Change::Fields { item, id, before: before.into(), after: after.into() })
            }
            _ => None,
        };
        match self {
            Event::UnitChanged { before, after } => {
                let typed = unit_fields(before, after).map(|(b, a)| Change::Fields {
                    item: ItemKind::Unit,
                    id: before.id.0,
                    before: b.into(),
                    after: a.into(),
                });
                debug_assert_eq!(
                    typed,
                    fields(ItemKind::Unit, before.id.0, serde_json::to_value(before), serde_json::to_value(after)),
                    "the typed difference of two units is the one their objects give"
                );
                typed
            }
            Event::GeneralChanged { before, after } => {
                fields(ItemKind::General, before.id.0, serde_json::to_value(before), serde_json::to_value(after))
            }
            Event::BrigadeChanged { before, after } => {
                fields(ItemKind::Brigade, before.id.0, serde_json::to_value(before), serde_json::to_value(after))
            }
            Event::LogAppended(entry) => Some(Change::Logged { seq: entry.seq, entry: None }),
            Event::UnitAdded(_)
            | Event::UnitRemoved(_)
            | Event::GeneralAdded(_)
            | Event::GeneralRemoved(_)
            | Event::BrigadeAdded(_)
            | Event::BrigadeRemoved(_)
            | Event::TurnChanged { .. }
            | Event::LogRemoved(_)
            | Event::MeleePending { .. }
            | Event::MeleeCleared { .. }
            | Event::EngagementChanged { .. }
            | Event::OptionsChanged { .. }
            | Event::PackChanged { .. }
            | Event::TableChanged { .. }
            | Event::BattleChanged { .. }
            | Event::RngAdvanced { .. } => None,
        }
    }

    /// A general change event.
    pub fn general_changed(before: &General, after: General) -> Event {
        Event::GeneralChanged { before: Box::new(before.clone()), after: Box::new(after) }
    }

    /// The event that undoes this one.
    pub fn inverse(&self) -> Event {
        match self {
            Event::UnitAdded(u) => Event::UnitRemoved(u.clone()),
            Event::UnitRemoved(u) => Event::UnitAdded(u.clone()),
            Event::UnitChanged { before, after } => Event::UnitChanged { before: after.clone(), after: before.clone() },
            Event::GeneralAdded(g) => Event::GeneralRemoved(g.clone()),
            Event::GeneralRemoved(g) => Event::GeneralAdded(g.clone()),
            Event::GeneralChanged { before, after } => {
                Event::GeneralChanged { before: after.clone(), after: before.clone() }
            }
            Event::BrigadeAdded(b) => Event::BrigadeRemoved(b.clone()),
            Event::BrigadeRemoved(b) => Event::BrigadeAdded(b.clone()),
            Event::BrigadeChanged { before, after } => {
                Event::BrigadeChanged { before: after.clone(), after: before.clone() }
            }
            Event::TurnChanged { before, after } => Event::TurnChanged { before: after.clone(), after: before.clone() },
            Event::LogAppended(e) => Event::LogRemoved(e.clone()),
            Event::LogRemoved(e) => Event::LogAppended(e.clone()),
            Event::MeleePending { index, melee } => Event::MeleeCleared { index: *index, melee: melee.clone() },
            Event::MeleeCleared { index, melee } => Event::MeleePending { index: *index, melee: melee.clone() },
            Event::RngAdvanced { before, after } => Event::RngAdvanced { before: after.clone(), after: before.clone() },
            Event::PackChanged { before, after } => Event::PackChanged { before: after.clone(), after: before.clone() },
            Event::OptionsChanged { before, after } => {
                Event::OptionsChanged { before: after.clone(), after: before.clone() }
            }
            Event::EngagementChanged { index, before, after } => {
                Event::EngagementChanged { index: *index, before: after.clone(), after: before.clone() }
            }
            Event::BattleChanged { before, after } => {
                Event::BattleChanged { before: after.clone(), after: before.clone() }
            }
            Event::TableChanged { before, after } => {
                Event::TableChanged { before: after.clone(), after: before.clone() }
            }
        }
    }
}

/// Applies events in order. If one does not fit, those already applied are undone and
/// the battle is left exactly as it was.
pub fn apply(battle: &mut Battle, events: &[Event]) -> Result<(), ApplyError> {
    for (i, event) in events.iter().enumerate() {
        if let Err(e) = apply_one(battle, event) {
            for done in events[..i].iter().rev() {
                // The inverse of an event that just applied always fits.
                let _ = apply_one(battle, &done.inverse());
            }
            return Err(e);
        }
    }
    Ok(())
}

fn apply_one(battle: &mut Battle, event: &Event) -> Result<(), ApplyError> {
    match event {
        Event::UnitAdded(u) => insert(&mut battle.units, u.clone(), |u| (Item::Unit, u.id.0)),
        Event::UnitRemoved(u) => remove(&mut battle.units, u, |u| (Item::Unit, u.id.0)),
        Event::UnitChanged { before, after } => replace(&mut battle.units, before, after, |u| (Item::Unit, u.id.0)),
        Event::GeneralAdded(g) => insert(&mut battle.generals, g.clone(), |g| (Item::General, g.id.0)),
        Event::GeneralRemoved(g) => remove(&mut battle.generals, g, |g| (Item::General, g.id.0)),
        Event::GeneralChanged { before, after } => {
            replace(&mut battle.generals, before, after, |g| (Item::General, g.id.0))
        }
        Event::BrigadeAdded(b) => insert(&mut battle.brigades, b.clone(), |b| (Item::Brigade, b.id.0)),
        Event::BrigadeRemoved(b) => remove(&mut battle.brigades, b, |b| (Item::Brigade, b.id.0)),
        Event::BrigadeChanged { before, after } => {
            replace(&mut battle.brigades, before, after, |b| (Item::Brigade, b.id.0))
        }
        Event::TurnChanged { before, after } => set_turn(battle, before, after),
        Event::LogAppended(e) => {
            battle.log.push((**e).clone());
            Ok(())
        }
        Event::LogRemoved(e) => match battle.log.last() {
            Some(last) if last == &**e => {
                battle.log.pop();
                Ok(())
            }
            _ => Err(ApplyError::NotAsRecorded(Recorded::Log)),
        },
        Event::MeleePending { index, melee } if *index <= battle.engagements.len() => {
            battle.engagements.insert(*index, melee.clone());
            Ok(())
        }
        Event::MeleeCleared { index, melee } if battle.engagements.get(*index) == Some(melee) => {
            battle.engagements.remove(*index);
            Ok(())
        }
        Event::EngagementChanged { index, before, after } if battle.engagements.get(*index) == Some(before) => {
            if let Some(slot) = battle.engagements.get_mut(*index) {
                *slot = (**after).clone();
            }
            Ok(())
        }
        Event::MeleePending { .. } | Event::MeleeCleared { .. } | Event::EngagementChanged { .. } => {
            Err(ApplyError::NotAsRecorded(Recorded::Engagements))
        }
        Event::RngAdvanced { before, after } if battle.rng == *before => {
            battle.rng = after.clone();
            Ok(())
        }
        Event::RngAdvanced { .. } => Err(ApplyError::NotAsRecorded(Recorded::Dice)),
        Event::OptionsChanged { before, after } if battle.ruleset == before.0 && battle.options == before.1 => {
            battle.ruleset = after.0;
            battle.options = after.1.clone();
            Ok(())
        }
        Event::OptionsChanged { .. } => Err(ApplyError::NotAsRecorded(Recorded::Options)),
        Event::PackChanged { before, after } if battle.pack.as_ref() == before.as_deref() => {
            battle.pack = after.as_deref().cloned();
            Ok(())
        }
        Event::PackChanged { .. } => Err(ApplyError::NotAsRecorded(Recorded::Options)),
        Event::TableChanged { before, after } if battle.table.as_ref() == before.as_deref() => {
            battle.table = after.as_deref().cloned();
            Ok(())
        }
        Event::TableChanged { .. } => Err(ApplyError::NotAsRecorded(Recorded::Table)),
        Event::BattleChanged { before, after } if crate::model::BattleInfo::of(battle) == **before => {
            after.set_on(battle);
            Ok(())
        }
        Event::BattleChanged { .. } => Err(ApplyError::NotAsRecorded(Recorded::Names)),
    }
}

fn set_turn(battle: &mut Battle, before: &TurnState, after: &TurnState) -> Result<(), ApplyError> {
    if battle.turn_state() != *before {
        return Err(ApplyError::NotAsRecorded(Recorded::Turn));
    }
    battle.turn = after.turn;
    battle.phase = after.phase;
    battle.phasing = after.phasing;
    battle.initiative = after.initiative.clone();
    Ok(())
}

fn insert<T>(items: &mut Vec<T>, item: T, key: impl Fn(&T) -> (Item, u32)) -> Result<(), ApplyError> {
    let (kind, id) = key(&item);
    match items.binary_search_by(|t| key(t).1.cmp(&id)) {
        Ok(_) => Err(ApplyError::Exists(kind, id)),
        Err(at) => {
            items.insert(at, item);
            Ok(())
        }
    }
}

fn remove<T: PartialEq>(items: &mut Vec<T>, item: &T, key: impl Fn(&T) -> (Item, u32)) -> Result<(), ApplyError> {
    let (kind, id) = key(item);
    match items.binary_search_by(|t| key(t).1.cmp(&id)) {
        Ok(at) if items.get(at) == Some(item) => {
            items.remove(at);
            Ok(())
        }
        _ => Err(ApplyError::ItemNotAsRecorded(kind, id)),
    }
}

fn replace<T: PartialEq + Clone>(
    items: &mut [T],
    before: &T,
    after: &T,
    key: impl Fn(&T) -> (Item, u32),
) -> Result<(), ApplyError> {
    let (kind, id) = key(before);
    if key(after).1 != id {
        return Err(ApplyError::IdChanged(kind, id));
    }
    match items.binary_search_by(|t| key(t).1.cmp(&id)) {
        Ok(at) if items.get(at) == Some(before) => {
            if let Some(slot) = items.get_mut(at) {
                *slot = after.clone();
            }
            Ok(())
        }
        _ => Err(ApplyError::ItemNotAsRecorded(kind, id)),
    }
}
