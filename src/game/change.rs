//! The undo history's own record (issue 31): each event an action applied, kept as the
//! compact inverse change it makes. A unit, general or brigade keeps only the fields
//! the event changed, each as it was and as it became; the log entry the action
//! appended is kept once, in the log, while the step is done. Undo and redo apply these
//! changes as they were recorded, never re-deriving them through the rules.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::apply::{ApplyError, Event, Item, Recorded};
use crate::model::{Battle, LogEntry, Unit};

/// Some fields of an item, by name, as the battle file writes them; an absent field (one
/// the file leaves out when empty) is `null`. Kept as a short list in key order rather
/// than a map, since a step names one or two fields: 50,000 steps stay small in memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fields(Vec<(String, Value)>);

impl Fields {
    /// The field named `key`, if these fields name it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Whether these fields name `key`.
    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The fields, in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Value)> {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl From<Map<String, Value>> for Fields {
    fn from(map: Map<String, Value>) -> Self {
        Fields(map.into_iter().collect())
    }
}

impl Serialize for Fields {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Fields {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Map::<String, Value>::deserialize(d).map(Fields::from)
    }
}

/// One change of an undo step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "change")]
pub enum Change {
    /// The fields of a unit, general or brigade that an event changed.
    Fields {
        /// Which kind of item.
        item: ItemKind,
        /// Its id.
        id: u32,
        /// Those fields as they were.
        before: Fields,
        /// Those fields as they became.
        after: Fields,
    },
    /// The entry the action appended to the log. While the step is done the log holds
    /// it and only its number is kept here; an undone step keeps the entry for redo.
    Logged {
        /// The entry's sequence number.
        seq: u64,
        /// The entry itself, while the step is undone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entry: Option<Box<LogEntry>>,
    },
    /// Any other event, kept as it is: the turn, the dice, an engagement, the names, or
    /// the rarer ones (the options, the table, an item added or removed).
    Whole(Box<Event>),
}

/// The kind of item a [`Change::Fields`] is about.
pub use crate::model::ItemKind;

impl Change {
    /// A unit's fields as they were and as they became, where the change is one.
    pub fn unit_fields(&self) -> Option<(u32, &Fields, &Fields)> {
        match self {
            Change::Fields { item: ItemKind::Unit, id, before, after } => Some((*id, before, after)),
            Change::Fields { item: ItemKind::General | ItemKind::Brigade, .. }
            | Change::Logged { .. }
            | Change::Whole(_) => None,
        }
    }

    /// The change an event just applied makes, as compact as it can be kept: an item
    /// serde cannot write as an object is kept whole rather than lost.
    pub fn of(event: &Event) -> Change {
        event.compact_change().unwrap_or_else(|| Change::Whole(Box::new(event.clone())))
    }
}

/// The fields that differ between two items' objects, each as it was and as it became
/// (`null` where a side leaves the field out).
pub fn changed_fields(
    before: &Map<String, Value>,
    after: &Map<String, Value>,
) -> (Map<String, Value>, Map<String, Value>) {
    let mut was = Map::new();
    let mut now = Map::new();
    let keys = before.keys().chain(after.keys().filter(|k| !before.contains_key(*k)));
    for key in keys {
        let (b, a) = (before.get(key).unwrap_or(&Value::Null), after.get(key).unwrap_or(&Value::Null));
        if b != a {
            was.insert(key.clone(), b.clone());
            now.insert(key.clone(), a.clone());
        }
    }
    (was, now)
}

/// The fields two versions of a unit differ in, each as the battle file writes it (`null`
/// where it leaves the field out), as [`changed_fields`] finds them from the units'
/// objects, but writing only the fields that differ (issue 46: rebuilding the undo
/// history of a season's journal does this for every unit each action changes). `None`
/// where serde cannot write a field.
pub(super) fn unit_fields(was: &Unit, now: &Unit) -> Option<(Map<String, Value>, Map<String, Value>)> {
    let Unit {
        id,
        name,
        name_ru,
        side,
        brigade,
        arm,
        class,
        nation,
        formation,
        order,
        terrain,
        horses,
        figures_start,
        figures,
        status,
        regular,
        lances,
        markers,
        place,
        hidden,
    } = now;
    let mut out = (Map::new(), Map::new());
    let o = &mut out;
    differ(o, "id", &was.id, id, never)?;
    differ(o, "name", &was.name, name, never)?;
    differ(o, "name_ru", &was.name_ru, name_ru, Option::is_none)?;
    differ(o, "side", &was.side, side, never)?;
    differ(o, "brigade", &was.brigade, brigade, Option::is_none)?;
    differ(o, "arm", &was.arm, arm, never)?;
    differ(o, "class", &was.class, class, never)?;
    differ(o, "nation", &was.nation, nation, never)?;
    differ(o, "formation", &was.formation, formation, never)?;
    differ(o, "order", &was.order, order, never)?;
    differ(o, "terrain", &was.terrain, terrain, never)?;
    differ(o, "horses", &was.horses, horses, never)?;
    differ(o, "figures_start", &was.figures_start, figures_start, never)?;
    differ(o, "figures", &was.figures, figures, never)?;
    differ(o, "status", &was.status, status, never)?;
    differ(o, "regular", &was.regular, regular, never)?;
    differ(o, "lances", &was.lances, lances, never)?;
    differ(o, "markers", &was.markers, markers, std::collections::BTreeSet::is_empty)?;
    differ(o, "place", &was.place, place, Option::is_none)?;
    differ(o, "hidden", &was.hidden, hidden, |h: &bool| !*h)?;
    Some(out)
}

/// A field the file always writes.
fn never<T>(_: &T) -> bool {
    false
}

/// Notes a field that differs, each side as the file writes it (`null` where `left_out`
/// says the file leaves it out).
fn differ<T: Serialize + PartialEq>(
    out: &mut (Map<String, Value>, Map<String, Value>),
    key: &str,
    was: &T,
    now: &T,
    left_out: fn(&T) -> bool,
) -> Option<()> {
    if was == now {
        return Some(());
    }
    let written = |v: &T| if left_out(v) { Ok(Value::Null) } else { serde_json::to_value(v) };
    out.0.insert(key.to_owned(), written(was).ok()?);
    out.1.insert(key.to_owned(), written(now).ok()?);
    Some(())
}

/// Applies a step's changes, forward (redo) or backward (undo, in reverse order). If one
/// does not fit, those already applied are taken back and the battle is left as it was.
/// A log entry moves between the log and the step: out of the log on undo, back on redo.
pub fn apply_changes(battle: &mut Battle, changes: &mut [Change], forward: bool) -> Result<(), ApplyError> {
    let order: Vec<usize> = if forward { (0..changes.len()).collect() } else { (0..changes.len()).rev().collect() };
    for (n, &i) in order.iter().enumerate() {
        let result = match changes.get_mut(i) {
            Some(change) => apply_change(battle, change, forward),
            None => Ok(()),
        };
        if let Err(e) = result {
            for &j in order[..n].iter().rev() {
                if let Some(change) = changes.get_mut(j) {
                    // The inverse of a change that just applied always fits.
                    let _ = apply_change(battle, change, !forward);
                }
            }
            return Err(e);
        }
    }
    Ok(())
}

fn apply_change(battle: &mut Battle, change: &mut Change, forward: bool) -> Result<(), ApplyError> {
    match change {
        Change::Fields { item, id, before, after } => {
            let (from, to) = if forward { (&*before, &*after) } else { (&*after, &*before) };
            match item {
                ItemKind::Unit => patch(&mut battle.units, *id, from, to, Item::Unit, |u| u.id.0),
                ItemKind::General => patch(&mut battle.generals, *id, from, to, Item::General, |g| g.id.0),
                ItemKind::Brigade => patch(&mut battle.brigades, *id, from, to, Item::Brigade, |b| b.id.0),
            }
        }
        Change::Logged { seq, entry } if forward => match entry.take() {
            Some(e) if e.seq == *seq && battle.log.last().is_none_or(|last| last.seq < e.seq) => {
                battle.log.push(*e);
                Ok(())
            }
            taken => {
                *entry = taken;
                Err(ApplyError::NotAsRecorded(Recorded::Log))
            }
        },
        Change::Logged { seq, entry } => match battle.log.last() {
            Some(last) if last.seq == *seq && entry.as_deref().is_none_or(|e| e == last) => {
                *entry = battle.log.pop().map(Box::new);
                Ok(())
            }
            _ => Err(ApplyError::NotAsRecorded(Recorded::Log)),
        },
        Change::Whole(event) if forward => super::apply::apply(battle, std::slice::from_ref(&**event)),
        Change::Whole(event) => super::apply::apply(battle, &[event.inverse()]),
    }
}

/// Sets an item's fields `to`, where they stand as `from`.
fn patch<T: Serialize + serde::de::DeserializeOwned>(
    items: &mut [T],
    id: u32,
    from: &Fields,
    to: &Fields,
    kind: Item,
    key: impl Fn(&T) -> u32,
) -> Result<(), ApplyError> {
    let not_as_recorded = ApplyError::ItemNotAsRecorded(kind, id);
    let at = items.binary_search_by(|t| key(t).cmp(&id)).map_err(|_| not_as_recorded)?;
    let slot = items.get_mut(at).ok_or(not_as_recorded)?;
    let Ok(Value::Object(mut fields)) = serde_json::to_value(&*slot) else { return Err(not_as_recorded) };
    if from.iter().any(|(k, v)| fields.get(k).unwrap_or(&Value::Null) != v) {
        return Err(not_as_recorded);
    }
    for (k, v) in to.iter() {
        if v.is_null() {
            fields.remove(k);
        } else {
            fields.insert(k.clone(), v.clone());
        }
    }
    let changed: T = serde_json::from_value(Value::Object(fields)).map_err(|_| not_as_recorded)?;
    if key(&changed) != id {
        return Err(ApplyError::IdChanged(kind, id));
    }
    *slot = changed;
    Ok(())
}
