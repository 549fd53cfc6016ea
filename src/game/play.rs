//! Checks of the play actions: phases and turns, initiative, melees. Each returns its
//! events, the units it concerns and the log detail.

use std::collections::BTreeSet;

use super::{ActionError, Event};
use crate::model::{Battle, LogDetail, LogEntry, Override, PendingMelee, RngState, TurnState, Unit, UnitId};
use crate::rules::gdb::initiative::initiative as decide_initiative;
use crate::rules::gdb::{Effect, MeleeInput, MeleeSide, Role};
use crate::rules::{BySide, Marker, Order, Phase, Ruleset, Side};

/// What a play check returns: events, units concerned, log detail.
pub(super) type Checked = (Vec<Event>, Vec<UnitId>, LogDetail);

/// A melee to resolve: the two units, each side as it fights (pre-filled from the
/// units and the pending melee, editable by the players), the dice and the losses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GdbMeleeAction {
    /// The charging unit.
    pub attacker: UnitId,
    /// The unit charged.
    pub defender: UnitId,
    /// The attacker's situation.
    pub attacker_side: MeleeSide,
    /// The defender's situation.
    pub defender_side: MeleeSide,
    /// Attacker's and defender's 2D6.
    pub dice: ([u8; 2], [u8; 2]),
    /// Figures lost by attacker and defender (from the casualty table, or entered).
    pub losses: (u32, u32),
    /// A result the players overruled: no markers are changed for them.
    pub overridden: Option<Override>,
    /// The generator's state after the app rolled, if it did.
    pub rng_after: Option<RngState>,
    /// Tests owed after the melee, rolled on the players' tables.
    pub tests: Vec<crate::model::TestRoll>,
}

/// The log entry that ends every action.
pub(super) fn log_entry(battle: &Battle, units: Vec<UnitId>, detail: LogDetail) -> Event {
    let seq = battle.log.last().map_or(1, |e| e.seq + 1);
    // A phase entry belongs to the phase it begins.
    let (turn, phase) = match &detail {
        LogDetail::Phase { phase, .. } => (next_turn_of(battle, *phase), *phase),
        _ => (battle.turn, battle.phase),
    };
    Event::LogAppended(Box::new(LogEntry { seq, turn, phase, units, detail }))
}

fn next_turn_of(battle: &Battle, entering: Phase) -> u32 {
    let (next, new_turn) = battle.ruleset.next_phase(battle.phase);
    if next == entering && new_turn { battle.turn + 1 } else { battle.turn }
}

/// The subject of an undo step's label.
pub(super) fn subject(battle: &Battle, action: &super::Action, events: &[Event]) -> String {
    use super::Action as A;
    let name = |id: UnitId| battle.unit(id).map(|u| u.name.clone()).unwrap_or_default();
    match action {
        A::AdvancePhase => {
            let (next, new_turn) = battle.ruleset.next_phase(battle.phase);
            let turn = battle.turn + u32::from(new_turn);
            format!("{turn}:{}", next.key())
        }
        A::Initiative { phasing, .. } => phasing.key().to_owned(),
        A::GdbMelee(m) => format!("{} × {}", name(m.attacker), name(m.defender)),
        A::AddPendingMelee(m) => format!("{} × {}", name(m.attacker), name(m.defender)),
        A::ClearPendingMelee(i) => battle
            .pending_melees
            .get(*i)
            .map(|m| format!("{} × {}", name(m.attacker), name(m.defender)))
            .unwrap_or_default(),
        A::Note(text) => text.chars().take(40).collect(),
        A::Charge(c) => format!("{} × {}", name(c.charger), name(c.target)),
        A::Collision(c) => format!("{} × {}", name(c.attacker), name(c.defender)),
        A::BMelee(m) => format!("{} × {}", name(m.attacker), name(m.defender)),
        A::SetOptions(o) => o.0.key().to_owned(),
        _ => super::history::subject_of(events),
    }
}

pub(super) fn rng_event(battle: &Battle, after: Option<&RngState>) -> Option<Event> {
    after.filter(|a| **a != battle.rng).map(|a| Event::RngAdvanced { before: battle.rng.clone(), after: a.clone() })
}

/// Next phase; a new turn after the last. Markers expire at their phase (and at a new
/// turn when their phase is not in the ruleset's sequence); generals' opportunity
/// orders are reset every turn (GDB-OPP-05).
pub(super) fn advance_phase(battle: &Battle) -> Result<Checked, ActionError> {
    if battle.ruleset == Ruleset::Gdb && battle.phase == Phase::Initiative && battle.phasing.is_none() {
        return Err(ActionError::InitiativeFirst);
    }
    let (next, new_turn) = battle.ruleset.next_phase(battle.phase);
    let before = battle.turn_state();
    let after = if new_turn {
        TurnState { turn: battle.turn + 1, phase: next, phasing: None, initiative: None }
    } else {
        TurnState { phase: next, ..before.clone() }
    };
    let mut events = vec![Event::TurnChanged { before: Box::new(before), after: Box::new(after) }];
    let phases = battle.ruleset.phases();
    let expires =
        |m: &Marker| m.expires_at() == Some(next) || (new_turn && m.expires_at().is_some_and(|p| !phases.contains(&p)));
    let mut expired = Vec::new();
    for unit in &battle.units {
        let keep: BTreeSet<Marker> = unit.markers.iter().copied().filter(|m| !expires(m)).collect();
        if keep.len() != unit.markers.len() {
            expired.push(unit.id);
            let after = Unit { markers: keep, ..unit.clone() };
            events.push(Event::UnitChanged { before: Box::new(unit.clone()), after: Box::new(after) });
        }
    }
    if new_turn {
        for g in battle.generals.iter().filter(|g| g.orders_used > 0) {
            let after = crate::model::General { orders_used: 0, ..g.clone() };
            events.push(Event::general_changed(g, after));
        }
    }
    let units = expired.clone();
    Ok((events, units, LogDetail::Phase { phase: next, expired }))
}

/// GDB-SEQ-01, 02: the initiative and the phasing side the winner chose.
pub(super) fn initiative(
    battle: &Battle,
    dice: BySide<[u8; 2]>,
    phasing: Side,
    rng_after: Option<&RngState>,
) -> Result<Checked, ActionError> {
    if battle.phase != Phase::Initiative || battle.ruleset != Ruleset::Gdb {
        return Err(ActionError::NotInitiativePhase);
    }
    if battle.phasing.is_some() {
        return Err(ActionError::InitiativeDone);
    }
    for d in [dice.first, dice.second].iter().flatten() {
        if !(1..=6).contains(d) {
            return Err(ActionError::Refused(format!("{d} is not a face of a D6")));
        }
    }
    let lost = BySide { first: battle.commander_lost(Side::First), second: battle.commander_lost(Side::Second) };
    let result = decide_initiative(dice, lost);
    if result.winner.is_none() {
        return Err(ActionError::InitiativeTie);
    }
    let before = battle.turn_state();
    let after = TurnState { phasing: Some(phasing), initiative: Some(result.clone()), ..before.clone() };
    let mut events: Vec<Event> = rng_event(battle, rng_after).into_iter().collect();
    events.push(Event::TurnChanged { before: Box::new(before), after: Box::new(after) });
    Ok((events, Vec::new(), LogDetail::Initiative { result, phasing }))
}

fn fighting_unit(battle: &Battle, id: UnitId) -> Result<&Unit, ActionError> {
    let unit = battle.unit(id).ok_or(ActionError::NoSuchUnit(id))?;
    if !unit.order.in_play() {
        return Err(ActionError::OutOfPlay(id));
    }
    Ok(unit)
}

/// Resolves a GdB melee and applies its effects (GDB-MEL-03..05, GDB-RES-*). A drawn
/// melee stays pending for next turn (GDB-RES-11); any other result clears it.
pub(super) fn gdb_melee(battle: &Battle, m: &GdbMeleeAction) -> Result<Checked, ActionError> {
    let (a, d) = (fighting_unit(battle, m.attacker)?, fighting_unit(battle, m.defender)?);
    if a.side == d.side {
        return Err(ActionError::SameSide(a.id, d.id));
    }
    for die in [m.dice.0, m.dice.1].iter().flatten() {
        if !(1..=6).contains(die) {
            return Err(ActionError::Refused(format!("{die} is not a face of a D6")));
        }
    }
    let input = MeleeInput {
        attacker: m.attacker_side.clone(),
        defender: m.defender_side.clone(),
        options: battle.options.gdb.clone(),
    };
    let result = input.resolve(m.dice.0, m.dice.1);
    let mut events: Vec<Event> = rng_event(battle, m.rng_after.as_ref()).into_iter().collect();
    let continues = result.attacker_effects.contains(&Effect::MeleeContinues) && m.overridden.is_none();
    for (unit, effects, lost) in [(a, &result.attacker_effects, m.losses.0), (d, &result.defender_effects, m.losses.1)]
    {
        let none = Vec::new();
        let effects = if m.overridden.is_some() { &none } else { effects };
        let after = after_melee(unit, effects, lost, continues);
        if after != *unit {
            events.push(Event::UnitChanged { before: Box::new(unit.clone()), after: Box::new(after) });
        }
    }
    events.extend(pending_after(battle, m.attacker, m.defender, continues));
    let detail = LogDetail::GdbMelee {
        attacker_modifiers: input.modifiers(Role::Attacker),
        defender_modifiers: input.modifiers(Role::Defender),
        attacker_side: input.attacker,
        defender_side: input.defender,
        result,
        losses: m.losses,
        overridden: m.overridden.clone(),
        tests: m.tests.clone(),
    };
    Ok((events, vec![m.attacker, m.defender], detail))
}

/// A unit after a melee: losses, order and markers from the effects.
pub(super) fn after_melee(unit: &Unit, effects: &[Effect], lost: u32, continues: bool) -> Unit {
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
            _ => {}
        }
    }
    if continues {
        u.markers.insert(Marker::InMelee);
    } else {
        u.markers.remove(&Marker::InMelee);
    }
    if u.figures == 0 && u.order.in_play() {
        u.order = Order::Destroyed;
    }
    u
}

/// The pending melee between the two units is cleared, or moved to its next turn.
fn pending_after(battle: &Battle, attacker: UnitId, defender: UnitId, continues: bool) -> Vec<Event> {
    let found = battle.pending_melees.iter().position(|p| p.attacker == attacker && p.defender == defender);
    let mut events = Vec::new();
    if let Some(index) = found
        && let Some(melee) = battle.pending_melees.get(index)
    {
        events.push(Event::MeleeCleared { index, melee: melee.clone() });
        if continues {
            let next =
                PendingMelee { melee_turn: melee.melee_turn + 1, charging: false, moved_cm: None, ..melee.clone() };
            events.push(Event::MeleePending { index, melee: next });
        }
    } else if continues {
        let melee =
            PendingMelee { attacker, defender, charging: false, moved_cm: None, flank_or_rear: false, melee_turn: 2 };
        events.push(Event::MeleePending { index: battle.pending_melees.len(), melee });
    }
    events
}

/// Two units in contact: the melee waits for the Melee phase (GDB-MEL-01, 02); both get
/// the in-melee marker.
pub(super) fn add_pending(battle: &Battle, m: &PendingMelee) -> Result<Checked, ActionError> {
    let (a, d) = (fighting_unit(battle, m.attacker)?, fighting_unit(battle, m.defender)?);
    if a.side == d.side {
        return Err(ActionError::SameSide(a.id, d.id));
    }
    let mut events = vec![Event::MeleePending { index: battle.pending_melees.len(), melee: m.clone() }];
    for unit in [a, d] {
        if !unit.markers.contains(&Marker::InMelee) {
            let mut after = unit.clone();
            after.markers.insert(Marker::InMelee);
            events.push(Event::UnitChanged { before: Box::new(unit.clone()), after: Box::new(after) });
        }
    }
    let subject = format!("{} × {}", a.name, d.name);
    Ok((events, vec![m.attacker, m.defender], LogDetail::Edit { action: "add_pending_melee".into(), subject }))
}

/// Withdraws a pending melee.
pub(super) fn clear_pending(battle: &Battle, index: usize) -> Result<Checked, ActionError> {
    let melee = battle.pending_melees.get(index).ok_or(ActionError::NoSuchMelee(index))?;
    let mut events = vec![Event::MeleeCleared { index, melee: melee.clone() }];
    for id in [melee.attacker, melee.defender] {
        if let Some(unit) = battle.unit(id).filter(|u| u.markers.contains(&Marker::InMelee)) {
            let mut after = unit.clone();
            after.markers.remove(&Marker::InMelee);
            events.push(Event::UnitChanged { before: Box::new(unit.clone()), after: Box::new(after) });
        }
    }
    let units = vec![melee.attacker, melee.defender];
    let name = |id: UnitId| battle.unit(id).map(|u| u.name.clone()).unwrap_or_default();
    let subject = format!("{} × {}", name(melee.attacker), name(melee.defender));
    Ok((events, units, LogDetail::Edit { action: "clear_pending_melee".into(), subject }))
}

/// A unit as the melee reads it.
/// (Pre-fills the melee wizard; the players may change any of it.)
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
        general_leads: general.is_some(),
        general_rank: general.map(|g| g.rank),
        general_quality: general.map(|g| g.quality),
        changing_formation: u.markers.contains(&crate::rules::Marker::ChangingFormation),
        pushed_back_before: u.markers.contains(&crate::rules::Marker::PushedBack),
        ..Default::default()
    }
}
