//! A turn of Ruleset B melee applied to the battle (B-MEL-02..17): losses from the
//! dice, the melee's state, and a loser marked to flee.

use super::play::Checked;
use super::{ActionError, Event};
use crate::model::{Battle, LogDetail, PendingMelee, RngState, Unit, UnitId};
use crate::rules::ruleset_b::{BMeleeInput, MeleeState, SideTurn, TestResult};
use crate::rules::{DieKind, Marker, Order, Role};

/// One melee turn: both sides as they fight, their dice, their tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BMeleeAction {
    /// The attacking unit.
    pub attacker: UnitId,
    /// The unit attacked.
    pub defender: UnitId,
    /// Both sides, the turn and the options.
    pub input: BMeleeInput,
    /// Each side's D6s.
    pub dice: (Vec<u8>, Vec<u8>),
    /// Each side's morale test after the turn, if taken.
    pub tests: (Option<TestResult>, Option<TestResult>),
    /// Figures lost in earlier turns of this melee.
    pub earlier_losses: (u32, u32),
    /// The generator's state after the app rolled, if it did.
    pub rng_after: Option<RngState>,
}

/// B-MEL-16: each side loses what the other's dice kill; B-MEL-02..07 decide what follows.
pub(super) fn b_melee(battle: &Battle, m: &BMeleeAction) -> Result<Checked, ActionError> {
    let a = battle.unit(m.attacker).ok_or(ActionError::NoSuchUnit(m.attacker))?;
    let d = battle.unit(m.defender).ok_or(ActionError::NoSuchUnit(m.defender))?;
    for (role, dice) in [(Role::Attacker, &m.dice.0), (Role::Defender, &m.dice.1)] {
        let want = m.input.dice(role) as usize;
        crate::rules::dice::check_rolls(DieKind::D6, want, &dice.iter().map(|x| i64::from(*x)).collect::<Vec<_>>())
            .map_err(|e| ActionError::Refused(e.to_string()))?;
    }
    let hits = (m.input.hits(Role::Attacker, &m.dice.0), m.input.hits(Role::Defender, &m.dice.1));
    let turn_a = SideTurn { losses: hits.1, earlier_losses: m.earlier_losses.0, test: m.tests.0 };
    let turn_d = SideTurn { losses: hits.0, earlier_losses: m.earlier_losses.1, test: m.tests.1 };
    let state = m.input.state(&turn_a, &turn_d);
    let mut events: Vec<Event> = super::play::rng_event(battle, m.rng_after.as_ref()).into_iter().collect();
    let ends = matches!(state, MeleeState::Ends { .. });
    for (unit, lost, role) in [(a, hits.1, Role::Attacker), (d, hits.0, Role::Defender)] {
        let mut u = unit.clone();
        u.figures = u.figures.saturating_sub(lost);
        if let MeleeState::Ends { loser, .. } = &state {
            u.markers.remove(&Marker::InMelee);
            if *loser == role {
                u.markers.insert(Marker::Retreating);
            }
        } else {
            u.markers.insert(Marker::InMelee);
        }
        if u.figures == 0 && u.order.in_play() {
            u.order = Order::Destroyed;
        }
        if u != *unit {
            events.push(Event::UnitChanged { before: Box::new(unit.clone()), after: Box::new(u) });
        }
    }
    events.extend(pending(battle, m, ends, &state));
    let detail = LogDetail::BMelee {
        melee_turn: m.input.turn,
        dice: m.dice.clone(),
        modifiers: (m.input.die_modifiers(Role::Attacker), m.input.die_modifiers(Role::Defender)),
        hits,
        state,
    };
    Ok((events, vec![m.attacker, m.defender], detail))
}

/// The pending melee is cleared when the melee ends, or moved on to its next turn.
fn pending(battle: &Battle, m: &BMeleeAction, ends: bool, state: &MeleeState) -> Vec<Event> {
    let at = battle.pending_melees.iter().position(|p| p.attacker == m.attacker && p.defender == m.defender);
    let mut events = Vec::new();
    if let Some(index) = at
        && let Some(old) = battle.pending_melees.get(index)
    {
        events.push(Event::MeleeCleared { index, melee: old.clone() });
        if let (false, MeleeState::Continues { next_turn }) = (ends, state) {
            let melee = PendingMelee { melee_turn: *next_turn, charging: false, ..old.clone() };
            events.push(Event::MeleePending { index, melee });
        }
    }
    events
}

/// The unit's side of a Ruleset B melee, from its state.
pub fn b_side_of(u: &Unit) -> crate::rules::ruleset_b::BSide {
    crate::rules::ruleset_b::BSide {
        arm: u.arm,
        formation: u.formation,
        order: u.order,
        status: u.status,
        lances: u.lances,
        figures: u.figures,
        ..Default::default()
    }
}
