//! Reading an engagement: each side's melee situation built from its unit, the
//! contact's `Situation` the engagement keeps and what the action says the table shows
//! (one function, used by the game's checks and by the wizards' previews; the table's
//! facts are laid over by the ruleset's list, so a new one needs no line here), and the
//! aftermath that ends with the next turn's phases.

use std::collections::BTreeSet;

use super::{ActionError, Event};
use crate::model::{Battle, Engagement, GdbMeleeAction, Stage, Unit, UnitId};
use crate::rules::gdb::{MeleeInput, MeleeSide, Role};
use crate::rules::{ByRole, Fact, Marker, Phase, Situation};

/// A unit's own part of a melee situation: arm, class, formation, order, terrain,
/// horses, figures, its leading general and its pursuit (GDB-MOD-01..19, GDB-MOD-21).
pub fn melee_side(u: &Unit, battle: &Battle) -> MeleeSide {
    let general = battle.generals.iter().find(|g| g.attached_to == Some(u.id) && !g.lost);
    MeleeSide {
        arm: u.arm,
        class: u.class,
        nation: u.nation,
        formation: u.formation,
        order: u.order,
        terrain: u.terrain,
        horses: u.horses,
        figures: u.figures,
        regular: u.regular,
        lances: u.lances,
        general_rank: general.map(|g| g.rank),
        general_quality: general.map(|g| g.quality),
        situation: Situation {
            general_leads: general.is_some(),
            pursuing: battle.pursuing(u.id),
            // GDB-CHG-12, AMB-09: still changing formation, no formation bonus.
            changing_formation: u.markers.contains(&crate::rules::Marker::ChangingFormation),
            ..Situation::default()
        },
    }
}

/// Whether the engagement's defender changed formation as its reaction to the charge that
/// made it (GDB-CHG-10: begun only if finished before contact).
fn formed_in_reaction(battle: &Battle, e: &Engagement) -> bool {
    battle.log.iter().rev().find_map(|entry| {
        let a = entry.action.as_deref()?.charges_step()?.carried_out()?;
        let (happened, _) = entry.detail.charge_record()?;
        (a.charger == e.attacker && a.target == e.defender).then(|| {
            happened.iter().any(|h| matches!(h, crate::rules::gdb::charge::Happening::TargetChangesFormation { .. }))
        })
    }) == Some(true)
}

/// Both sides of an engagement's melee as the rules read them: the units as they stand,
/// the facts the engagement carries from the charge (charging and how far, a
/// counter-charge, the flank, caught evaders, push-backs in a row) and what the table
/// shows (slope, flank, a general leading, a breach, a push-back out of the area).
pub fn melee_sides(battle: &Battle, e: &Engagement, table: &ByRole<Situation>) -> Option<ByRole<MeleeSide>> {
    let (a, d) = (battle.unit(e.attacker)?, battle.unit(e.defender)?);
    let mut sides = ByRole::new(melee_side(a, battle), melee_side(d, battle));
    // GDB-MOD-21, GDB-CHG-18: the charger counts as charging on the melee's first turn;
    // GDB-CHG-16: the face struck; GDB-EVD-11, AMB-47: caught evaders do not fight back.
    for (role, side) in sides.iter_mut() {
        side.situation.take_contact(e.contact.get(role));
    }
    let def = &mut sides.defender.situation;
    // GDB-CHG-10, 12, AMB-09: a formation change the target began as its reaction to this
    // charge was finished before contact; any other one still under way counts.
    if formed_in_reaction(battle, e) {
        def.changing_formation = false;
    }
    // GDB-CHG-17, 18, EX-4: a counter-charger that moved 5 cm or more charges too.
    def.charging = e.counter_charging();
    def.moved_cm = e.counter_cm().filter(|_| def.charging);
    for (role, side) in sides.iter_mut() {
        // AMB-15, AMB-16: the units joined count, whole, for their side's superiority.
        let joined = e.joined_with(role).iter().filter_map(|id| battle.unit(*id));
        let joined: u32 = joined.filter(|u| u.order.in_play()).map(|u| u.figures).sum();
        side.figures = side.figures.saturating_add(joined);
        let (shown, unit) = (table.get(role), battle.unit(e.unit(role))?);
        if let Some(ground) = shown.ground {
            side.terrain = ground;
        }
        let s = &mut side.situation;
        // GDB-MOD-15: only with a general present and the table saying he leads.
        let general_present = s.general_leads;
        s.show(shown, &Fact::GDB_MELEE_TABLE);
        s.general_leads &= general_present;
        // GDB-RES-08: out of the built-up area, as the players say or the table shows.
        s.leaves_area |= super::table::pushback_leaves_area(battle, unit);
        // GDB-RES-08: a second push-back in a row.
        s.pushed_back_before = *e.pushbacks.get(role) > 0;
    }
    Some(sides)
}

/// The melee input of a GdB melee action and the position of its engagement.
pub fn gdb_melee_input(battle: &Battle, m: &GdbMeleeAction) -> Result<(MeleeInput, usize), ActionError> {
    let (index, e) = battle
        .engagement(m.attacker, m.defender)
        .filter(|(_, e)| e.is_melee())
        .ok_or(ActionError::NotEngaged(m.attacker, m.defender))?;
    shows_only(&m.table, Situation::gdb_melee_table)?;
    let sides = melee_sides(battle, e, &m.table).ok_or(ActionError::NoSuchUnit(m.attacker))?;
    let (attacker, defender) = sides.into_pair();
    Ok((MeleeInput { attacker, defender, options: battle.options.gdb.clone() }, index))
}

/// Refuses what an action says the table shows where it names a fact beyond `shown`
/// (the facts the table tells for this step): the game derives the rest (issue 48).
/// The players' modifiers it carries each need a reason, within the limits (issue 51).
pub fn shows_only(table: &ByRole<Situation>, shown: fn(&Situation) -> Situation) -> Result<(), ActionError> {
    if let Some(field) = table.iter().find_map(|(_, s)| s.carried_beyond(&shown(s))) {
        return Err(ActionError::DerivedFact(field));
    }
    table.iter().try_for_each(|(_, s)| players_modifiers_allowed(&s.overrules))
}

/// The players' modifiers of a side: each with a reason, a value within ±20, a few.
pub fn players_modifiers_allowed(mods: &[crate::rules::PlayersModifier]) -> Result<(), ActionError> {
    use crate::model::Problem;
    let most = crate::rules::PlayersModifier::MOST;
    if mods.len() > most {
        let (value, limit) = (mods.len() as u64, most as u64);
        return Err(ActionError::Invalid(Problem::OutOfRange { field: "overrules", value, limit }));
    }
    for m in mods {
        if m.reason.trim().is_empty() {
            return Err(ActionError::OverruleNeedsReason);
        }
        crate::model::check_length("reason", &m.reason, crate::model::limits::MAX_REASON_CHARS)
            .map_err(ActionError::Invalid)?;
        let limit = crate::rules::house::MAX_HOUSE_VALUE;
        if !(-limit..=limit).contains(&m.value) {
            let (value, limit) = (u64::from(m.value.unsigned_abs()), u64::from(limit.unsigned_abs()));
            return Err(ActionError::Invalid(Problem::OutOfRange { field: "overrules.value", value, limit }));
        }
    }
    Ok(())
}

/// The unit change event, when something changed.
pub(super) fn changed_unit(before: &Unit, after: Unit) -> Option<Event> {
    (after != *before).then(|| Event::UnitChanged { before: Box::new(before.clone()), after: Box::new(after) })
}

/// Aftermaths that end as the game enters `next` in `turn`: the push-back (its move made,
/// the unit rallies, GDB-RES-05) at the next turn's Charge phase, the pursuit (its +2
/// counted in that turn's melees, GDB-MOD-21) at the next turn's Morale phase. Returns the
/// engagement events and the pursuers whose marker comes off.
pub(super) fn aftermath_events(battle: &Battle, next: Phase, turn: u32) -> (Vec<Event>, BTreeSet<UnitId>) {
    let mut events = Vec::new();
    let mut ended_pursuits = BTreeSet::new();
    // Last first, so that removing one keeps the others' positions.
    for (index, e) in battle.engagements.iter().enumerate().rev() {
        let Stage::Aftermath(owed) = &e.stage else { continue };
        if turn <= owed.decided_turn {
            continue;
        }
        let mut owed = owed.clone();
        if matches!(next, Phase::Charges | Phase::Movement | Phase::Firing | Phase::Melee | Phase::Morale) {
            owed.pushed_back = None;
        }
        if next == Phase::Morale
            && let Some(p) = owed.pursuer.take()
        {
            ended_pursuits.insert(p);
        }
        if owed.pushed_back.is_none() && owed.pursuer.is_none() {
            events.push(Event::MeleeCleared { index, melee: e.clone() });
        } else if e.aftermath() != Some(&owed) {
            let after = Engagement { stage: Stage::Aftermath(owed), ..e.clone() };
            events.push(Event::EngagementChanged { index, before: Box::new(e.clone()), after: Box::new(after) });
        }
    }
    // A unit that won another pursuit this turn keeps its marker for that one; a marker no
    // aftermath names (set by hand, or by an older file) comes off at the Morale phase too.
    if next == Phase::Morale {
        let named = |id: UnitId| {
            battle
                .engagements
                .iter()
                .any(|e| e.aftermath().is_some_and(|a| a.pursuer == Some(id) && a.decided_turn >= turn))
        };
        ended_pursuits.retain(|id| !named(*id));
        for u in battle.units.iter().filter(|u| u.markers.contains(&Marker::Pursuing)) {
            let anywhere = battle.engagements.iter().any(|e| e.pursuer() == Some(u.id));
            if !anywhere {
                ended_pursuits.insert(u.id);
            }
        }
    }
    (events, ended_pursuits)
}

/// The role a unit plays in an engagement.
pub fn role_of(e: &Engagement, id: UnitId) -> Option<Role> {
    if e.attacker == id {
        Some(Role::Attacker)
    } else if e.defender == id {
        Some(Role::Defender)
    } else {
        None
    }
}
