//! A finished charge (GdB) or collision test (Ruleset B) applied to the battle: markers,
//! order and formation changes, casualties, pending melees.

use super::play::Checked;
use super::{ActionError, Event};
use crate::model::{Battle, LogDetail, PendingMelee, Unit, UnitId};
use crate::rules::gdb::charge::{Charge, Happening};
use crate::rules::ruleset_b::{CollisionInput, CollisionOutcome};
use crate::rules::{Marker, Order, Role};

/// A GdB charge the players have walked through to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChargeAction {
    /// The charging unit.
    pub charger: UnitId,
    /// The target.
    pub target: UnitId,
    /// The finished machine.
    pub charge: Charge,
    /// The friendly unit the fleeing crew ran into (GDB-ART-04), if any.
    pub crew_ran_into: Option<UnitId>,
    /// The general who ordered it: an opportunity charge uses up his order (GDB-OPP-05).
    pub ordering_general: Option<crate::model::GeneralId>,
    /// The generator's state after the app rolled test dice, if it did.
    pub rng_after: Option<crate::model::RngState>,
}

/// A Ruleset B collision test, decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollisionAction {
    /// The attacking unit.
    pub attacker: UnitId,
    /// The unit attacked.
    pub defender: UnitId,
    /// Both sides as tested.
    pub input: CollisionInput,
    /// Both average-die rolls.
    pub dice: (u8, u8),
    /// The generator's state after the app rolled, if it did.
    pub rng_after: Option<crate::model::RngState>,
}

fn two_enemies(battle: &Battle, a: UnitId, b: UnitId) -> Result<(&Unit, &Unit), ActionError> {
    let ua = battle.unit(a).ok_or(ActionError::NoSuchUnit(a))?;
    let ub = battle.unit(b).ok_or(ActionError::NoSuchUnit(b))?;
    for u in [ua, ub] {
        if !u.order.in_play() {
            return Err(ActionError::OutOfPlay(u.id));
        }
    }
    if ua.side == ub.side {
        return Err(ActionError::SameSide(a, b));
    }
    Ok((ua, ub))
}

fn changed(before: &Unit, after: Unit) -> Option<Event> {
    (after != *before).then(|| Event::UnitChanged { before: Box::new(before.clone()), after: Box::new(after) })
}

/// Applies a finished GdB charge (GDB-CHG-11..20, GDB-ART, GDB-EVD): the charger is marked
/// as having charged; the happenings change both units; contact makes a pending melee.
pub(super) fn charge(battle: &Battle, a: &ChargeAction) -> Result<Checked, ActionError> {
    let (charger, target) = two_enemies(battle, a.charger, a.target)?;
    let (mut c, mut t) = (charger.clone(), target.clone());
    c.markers.insert(Marker::ChargedThisTurn);
    let mut pending = None;
    for h in &a.charge.happened {
        match h {
            Happening::TargetChangesFormation { to } => t.formation = *to,
            Happening::ChargerLoses { figures } => c.figures = c.figures.saturating_sub(*figures),
            Happening::GunsAbandoned => {
                t.markers.insert(Marker::GunsAbandoned);
            }
            Happening::TargetEvades { disordered, .. } => {
                t.markers.insert(Marker::Evaded);
                if *disordered && t.order == Order::Formed {
                    t.order = Order::Disordered;
                }
            }
            Happening::EvadersCaught | Happening::SkirmishersOverrun => t.order = Order::Routing,
            Happening::OccupiesBuildings { disordered: true } if c.order == Order::Formed => {
                c.order = Order::Disordered
            }
            Happening::Contact { charging, moved_cm, flank_or_rear, .. } => {
                c.markers.insert(Marker::InMelee);
                t.markers.insert(Marker::InMelee);
                pending = Some(PendingMelee {
                    attacker: a.charger,
                    defender: a.target,
                    charging: *charging,
                    moved_cm: Some(*moved_cm),
                    flank_or_rear: *flank_or_rear,
                    melee_turn: 1,
                });
            }
            _ => {}
        }
    }
    let mut events: Vec<Event> = super::play::rng_event(battle, a.rng_after.as_ref()).into_iter().collect();
    events.extend([changed(charger, c), changed(target, t)].into_iter().flatten());
    if let Some(melee) = pending {
        events.push(Event::MeleePending { index: battle.pending_melees.len(), melee });
    }
    if let Some(friend) = a.crew_ran_into.and_then(|id| battle.unit(id))
        && friend.order == Order::Formed
    {
        let after = Unit { order: Order::Disordered, ..friend.clone() };
        events.extend(changed(friend, after));
    }
    if a.charge.decl.opportunity.is_some()
        && let Some(g) = a.ordering_general.and_then(|id| battle.general(id))
    {
        let after = crate::model::General { orders_used: g.orders_used + 1, ..g.clone() };
        events.push(Event::general_changed(g, after));
    }
    let detail = LogDetail::Charge {
        happened: a.charge.happened.clone(),
        reaction: a.charge.reaction.clone(),
        distance_cm: a.charge.decl.distance_cm,
    };
    Ok((events, vec![a.charger, a.target], detail))
}

/// Applies a Ruleset B collision test (B-COL-16..21, B-FLE-01, 02): halted or both-halted
/// sides waver; a fleeing side is marked retreating; a melee becomes pending.
pub(super) fn collision(battle: &Battle, a: &CollisionAction) -> Result<Checked, ActionError> {
    let (att, def) = two_enemies(battle, a.attacker, a.defender)?;
    let result = a.input.resolve(a.dice.0, a.dice.1);
    let (mut ua, mut ud) = (att.clone(), def.clone());
    ua.markers.insert(Marker::ChargedThisTurn);
    for role in &result.wavering {
        let u = if *role == Role::Attacker { &mut ua } else { &mut ud };
        if u.order.in_play() && u.order != Order::Routing {
            u.order = Order::Wavering;
        }
    }
    let mut events = Vec::new();
    match result.outcome {
        CollisionOutcome::DefenderFlees => {
            ud.markers.insert(Marker::Retreating);
        }
        CollisionOutcome::AttackerFlees => {
            ua.markers.insert(Marker::Retreating);
        }
        CollisionOutcome::Melee => {
            ua.markers.insert(Marker::InMelee);
            ud.markers.insert(Marker::InMelee);
            let melee = PendingMelee {
                attacker: a.attacker,
                defender: a.defender,
                charging: true,
                moved_cm: None,
                flank_or_rear: a.input.defender.flank_or_rear,
                melee_turn: 1,
            };
            events.push(Event::MeleePending { index: battle.pending_melees.len(), melee });
        }
        CollisionOutcome::AttackerHalts | CollisionOutcome::BothHalt => {}
    }
    let mut all: Vec<Event> = super::play::rng_event(battle, a.rng_after.as_ref()).into_iter().collect();
    all.extend([changed(att, ua), changed(def, ud)].into_iter().flatten());
    all.extend(events);
    let detail = LogDetail::BCollision {
        attacker_modifiers: a.input.modifiers(Role::Attacker),
        defender_modifiers: a.input.modifiers(Role::Defender),
        attacker_side: a.input.attacker.clone(),
        defender_side: a.input.defender.clone(),
        dice: a.dice,
        result,
        overridden: None,
    };
    Ok((all, vec![a.attacker, a.defender], detail))
}
