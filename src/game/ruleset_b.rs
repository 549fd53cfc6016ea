//! A turn of Ruleset B melee, derived from the engagement and applied to the battle
//! (B-MEL-02..17): losses from the dice, the melee's state, and a loser that flees.

use super::engagement::changed_unit;
use super::play::{Checked, rng_event};
use super::{ActionError, Event};
use crate::model::{BContact, BMeleeAction, Battle, Engagement, LogDetail, Placement, Unit};
use crate::rules::dice::{DiceError, numbers_of};
use crate::rules::ruleset_b::{BMeleeInput, BSide, MeleeState, SideTurn};
use crate::rules::{ByRole, Marker, Role, Situation};

/// The most figures a side may have in contact or lose: no table holds more, and the
/// dice counts and the odds stay bounded.
pub const MAX_FIGURES_IN_CONTACT: u32 = 1_000;

/// The melee turn's input from the engagement: both attacking (B-MEL-05..07), a caught
/// fugitive (B-MEL-12), the flank (B-MEL-11, 14), the turn, the strength at the start
/// (B-MEL-03); and the figures in contact the table shows (B-MEL-08).
pub fn b_melee_input(battle: &Battle, m: &BMeleeAction) -> Result<(BMeleeInput, usize), ActionError> {
    let (index, e) = battle
        .engagement(m.attacker, m.defender)
        .filter(|(_, e)| e.is_melee())
        .ok_or(ActionError::NotEngaged(m.attacker, m.defender))?;
    let a = battle.unit(m.attacker).ok_or(ActionError::NoSuchUnit(m.attacker))?;
    let d = battle.unit(m.defender).ok_or(ActionError::NoSuchUnit(m.defender))?;
    let start = e.start_figures.unwrap_or(ByRole::new(a.figures, d.figures));
    let side = |u: &Unit, c: &BContact, role: Role, figures: u32| -> Result<BSide, ActionError> {
        if c.figures_in_contact > MAX_FIGURES_IN_CONTACT || c.overlaps > 2 {
            return Err(ActionError::TooManyInContact {
                figures: c.figures_in_contact,
                overlaps: c.overlaps,
                max: MAX_FIGURES_IN_CONTACT,
            });
        }
        // B-MEL-11, 14: the face struck; B-MEL-12: a fugitive caught rolls no dice.
        let mut situation = Situation::default();
        situation.take_contact(e.contact.get(role));
        situation.charging = role == Role::Attacker || e.both_attacking();
        Ok(BSide {
            situation,
            figures,
            figures_in_contact: c.figures_in_contact,
            overlaps: c.overlaps,
            melee_turn: e.melee_turn,
            ..b_side_of(u)
        })
    };
    let input = BMeleeInput {
        attacker: side(a, &m.contact.attacker, Role::Attacker, start.attacker)?,
        defender: side(d, &m.contact.defender, Role::Defender, start.defender)?,
        turn: e.melee_turn,
        options: battle.options.ruleset_b.clone(),
    };
    Ok((input, index))
}

/// What a Ruleset B melee turn comes to: each side's kills and the melee's state, with
/// the losses of earlier turns from the engagement (B-MEL-02..07, 16). The wizard
/// previews it; the game applies it.
pub fn b_melee_outcome(battle: &Battle, m: &BMeleeAction) -> Result<((u32, u32), MeleeState), ActionError> {
    let (input, index) = b_melee_input(battle, m)?;
    let e = battle.engagements.get(index).ok_or(ActionError::NotEngaged(m.attacker, m.defender))?;
    let a = battle.unit(m.attacker).ok_or(ActionError::NoSuchUnit(m.attacker))?;
    let d = battle.unit(m.defender).ok_or(ActionError::NoSuchUnit(m.defender))?;
    // Kills cannot exceed the figures a unit has.
    let hits = (
        input.hits(Role::Attacker, &numbers_of(&m.dice.attacker)).min(d.figures),
        input.hits(Role::Defender, &numbers_of(&m.dice.defender)).min(a.figures),
    );
    let turn_a = SideTurn {
        losses: hits.1,
        earlier_losses: e.losses.attacker,
        test: m.tests.attacker,
        fresh_charge: m.fresh_charge.attacker,
    };
    let turn_d = SideTurn {
        losses: hits.0,
        earlier_losses: e.losses.defender,
        test: m.tests.defender,
        fresh_charge: m.fresh_charge.defender,
    };
    Ok((hits, input.state(&turn_a, &turn_d)))
}

/// B-MEL-16: each side loses what the other's dice kill; B-MEL-02..07 decide what
/// follows, with the losses of earlier turns from the engagement.
pub(super) fn b_melee(battle: &Battle, m: &BMeleeAction) -> Result<Checked, ActionError> {
    let (input, index) = b_melee_input(battle, m)?;
    let e = battle.engagements.get(index).ok_or(ActionError::NotEngaged(m.attacker, m.defender))?;
    let a = battle.unit(m.attacker).ok_or(ActionError::NoSuchUnit(m.attacker))?;
    let d = battle.unit(m.defender).ok_or(ActionError::NoSuchUnit(m.defender))?;
    // B-MEL-08: as many D6 as the side fights with.
    for (role, dice) in m.dice.iter() {
        let expected = input.dice(role) as usize;
        if dice.len() != expected {
            return Err(ActionError::Dice(DiceError::WrongCount { expected, got: dice.len() }));
        }
    }
    let (hits, state) = b_melee_outcome(battle, m)?;
    if matches!(state, MeleeState::TestsOwed { .. }) {
        return Err(ActionError::TestsOwed);
    }
    let destroyed = a.figures <= hits.1 || d.figures <= hits.0;
    let ends = destroyed || matches!(state, MeleeState::Ends { .. });
    let mut events: Vec<Event> = rng_event(battle, m.rng_after.as_ref()).into_iter().collect();
    let flight = flight_places(battle, (a, d), &state);
    for ((unit, lost, role), to) in [(a, hits.1, Role::Attacker), (d, hits.0, Role::Defender)].into_iter().zip(flight) {
        let mut u = unit.clone();
        // B-MEL-03, B-FLE-01: the loser flees its distance on the table, straight back.
        if let Some(place) = to {
            events.extend(super::table::charge_move_events(battle, unit, &mut u, place));
        }
        u.figures = u.figures.saturating_sub(lost);
        if ends {
            u.markers.remove(&Marker::InMelee);
        } else {
            u.markers.insert(Marker::InMelee);
        }
        // B-MEL-03, 05, 07: the loser flees (the one outcome the seed names): routing,
        // it goes unopposed if attacked again (B-COL-02) and rolls no dice (B-MEL-11).
        if let MeleeState::Ends { loser, .. } = &state
            && *loser == role
        {
            super::charge::flee(&mut u);
        }
        if u.figures == 0 && u.order.in_play() {
            u.destroy();
        }
        events.extend(changed_unit(unit, u));
    }
    events.push(Event::MeleeCleared { index, melee: e.clone() });
    if let (false, MeleeState::Continues { next_turn }) = (ends, &state) {
        let melee = Engagement {
            melee_turn: *next_turn,
            contact: ByRole::new(
                Situation { charging: false, ..e.contact.attacker.clone() },
                e.contact.defender.clone(),
            ),
            losses: ByRole::new(e.losses.attacker.saturating_add(hits.1), e.losses.defender.saturating_add(hits.0)),
            ..e.clone()
        };
        events.push(Event::MeleePending { index, melee });
    }
    let detail = LogDetail::BMelee {
        melee_turn: input.turn,
        dice: m.dice.as_ref().map(|_, d| numbers_of(d)),
        modifiers: ByRole::new(Role::Attacker, Role::Defender).map(|_, role| {
            let dice = numbers_of(m.dice.get(role));
            input.decided_modifiers(role, &dice)
        }),
        hits: hits.into(),
        state,
    };
    Ok((events, vec![m.attacker, m.defender], detail))
}

/// Where the two units of a Ruleset B melee stand after it: the loser that flees, placed
/// on the table, its flight distance directly away from the winner (B-MEL-03, 05, 07,
/// B-FLE-01); the winner where it is. `None` for a unit that does not move.
fn flight_places(battle: &Battle, (a, d): (&Unit, &Unit), state: &MeleeState) -> [Option<Placement>; 2] {
    let MeleeState::Ends { loser, flee_cm, .. } = state else { return [None, None] };
    if *flee_cm == 0 {
        return [None, None];
    }
    match loser {
        Role::Attacker => [super::table::flight_from(battle, a, d, *flee_cm), None],
        Role::Defender => [None, super::table::flight_from(battle, d, a, *flee_cm)],
    }
}

/// The unit's side of a Ruleset B melee, from its state.
pub fn b_side_of(u: &Unit) -> BSide {
    BSide {
        arm: u.arm,
        formation: u.formation,
        order: u.order,
        status: u.status,
        lances: u.lances,
        figures: u.figures,
        ..Default::default()
    }
}
