//! The umpire's marks (issue 32): units hidden from the players' view. A mark is an
//! action like any other (journaled, undoable); a hidden unit that charges or is charged
//! is shown again by that action, and its log entry says so.

use super::play::Checked;
use super::{Action, ActionError, Event};
use crate::model::{Battle, LogDetail, UnitId};

/// Marks a unit hidden from the players' view, or shows it again.
pub(super) fn set_hidden(battle: &Battle, id: UnitId, hidden: bool) -> Result<Checked, ActionError> {
    let unit = battle.unit(id).ok_or(ActionError::NoSuchUnit(id))?;
    if unit.hidden == hidden {
        return Err(ActionError::NoChange);
    }
    let after = crate::model::Unit { hidden, ..unit.clone() };
    let events = vec![Event::UnitChanged { before: Box::new(unit.clone()), after: Box::new(after) }];
    Ok((events, vec![id], LogDetail::Hidden { hidden }))
}

/// Shows again the hidden units a charge concerns: their change joins the action's
/// events (merged into the changes the action already makes to the unit, each after the
/// first finding it shown), and the units are returned for its log entry.
pub(super) fn reveal(battle: &Battle, action: &Action, events: &mut Vec<Event>) -> Vec<UnitId> {
    let Some(ids) = action.charge_pair() else { return Vec::new() };
    let mut revealed = Vec::new();
    for id in ids {
        let Some(unit) = battle.unit(id).filter(|u| u.hidden) else { continue };
        if revealed.contains(&id) {
            continue;
        }
        revealed.push(id);
        let mut merged = false;
        for e in events.iter_mut() {
            if let Event::UnitChanged { before, after } = e
                && after.id == id
            {
                // The first change finds it hidden; those after it, shown.
                before.hidden = before.hidden && !merged;
                after.hidden = false;
                merged = true;
            }
        }
        if !merged {
            let after = crate::model::Unit { hidden: false, ..unit.clone() };
            events.push(Event::UnitChanged { before: Box::new(unit.clone()), after: Box::new(after) });
        }
    }
    revealed
}
