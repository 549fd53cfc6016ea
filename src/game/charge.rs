//! A GdB charge and a Ruleset B collision test, derived by the game from the players'
//! inputs and applied to the battle: markers, order and formation changes, casualties,
//! and the engagement that carries a contact into its melee.

use super::engagement::changed_unit;
use super::play::{Checked, apply_test, rng_event};
use super::{ActionError, Event};
use crate::model::{Battle, ChargeAction, CollisionAction, ContactRules, Engagement, General, LogDetail, Unit, UnitId};
use crate::rules::gdb::charge::{Ask, Charge, ChargeError, ChargeUnit, Declaration, FollowUp, Happening, Opportunity};
use crate::rules::ruleset_b::{BSide, CollisionInput, CollisionOutcome};
use crate::rules::{ByRole, Formation, Marker, Order, Phase, Rank, Role, Ruleset, Situation};

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

/// The generals who may order the charger's charge (GDB-CHG-01): its own brigade's
/// general and its side's C-in-C, present (not lost); a regimental commander or another
/// brigade's general never.
pub fn commanders_of<'a>(battle: &'a Battle, charger: &Unit) -> impl Iterator<Item = &'a General> {
    let (side, brigade) = (charger.side, charger.brigade);
    battle.generals.iter().filter(move |g| {
        g.side == side
            && !g.lost
            && (g.rank == Rank::CommanderInChief
                || (g.rank == Rank::Brigade && brigade.is_some() && g.brigade == brigade))
    })
}

/// The general who may order the charger's charge: the one named (an opportunity
/// order), else the charger's own brigade general, else its C-in-C (GDB-CHG-01).
pub fn commander_of<'a>(
    battle: &'a Battle,
    charger: &Unit,
    named: Option<crate::model::GeneralId>,
) -> Option<&'a General> {
    if let Some(id) = named {
        return battle.general(id).filter(|g| g.side == charger.side);
    }
    let mut present = commanders_of(battle, charger);
    let first = present.next()?;
    // The brigade general first, the C-in-C where the brigade has none.
    Some(if first.rank == Rank::Brigade { first } else { present.find(|g| g.rank == Rank::Brigade).unwrap_or(first) })
}

/// The generals of the charger's side who might order its opportunity charge, each
/// allowed or refused with its clause (GDB-OPP-05, 06; AMB-44): the C-in-C and the
/// brigade generals present. The first allowed is the one the wizard proposes.
pub fn ordering_generals<'a>(battle: &'a Battle, charger: &Unit) -> Vec<(&'a General, Result<(), ChargeError>)> {
    let per_general = battle.options.gdb.opportunity_orders_per_general;
    let mut out: Vec<_> = battle
        .generals
        .iter()
        .filter(|g| g.side == charger.side && !g.lost && matches!(g.rank, Rank::CommanderInChief | Rank::Brigade))
        .map(|g| {
            let allowed = if g.rank == Rank::Brigade && (charger.brigade.is_none() || g.brigade != charger.brigade) {
                Err(ChargeError::NotOwnBrigade)
            } else if g.orders_used >= per_general {
                Err(ChargeError::NoOrdersLeft)
            } else {
                Ok(())
            };
            (g, allowed)
        })
        .collect();
    // The unit's own brigade general first, then the C-in-C, then the rest.
    out.sort_by_key(|(g, allowed)| (allowed.is_err(), g.rank != Rank::Brigade, g.id));
    out
}

/// Whether `charger` charged `target` this turn (from the journal of this turn).
fn charged_this_turn_by(battle: &Battle, charger: UnitId, target: UnitId) -> bool {
    battle.log.iter().rev().take_while(|e| e.turn == battle.turn).any(|e| {
        matches!(e.action.as_deref(), Some(crate::model::Action::Charge(a)) if a.charger == charger && a.target == target)
    })
}

/// The declaration the rules read, built from the battle and what the players measured
/// (GDB-CHG-01, 02, 05, 11; GDB-OPP-04..10): the units, their rates from the players'
/// table (or typed), the commander, and the charged-this-turn and changing-formation
/// markers.
pub fn declaration(battle: &Battle, a: &ChargeAction) -> Result<Declaration, ActionError> {
    let (c, t) = two_enemies(battle, a.charger, a.target)?;
    // GDB-CHG-05: charged this turn, it may not charge a third unit; charging back at
    // the unit that charged it is no third unit.
    let was_charged = c.markers.contains(&Marker::WasCharged) && !charged_this_turn_by(battle, t.id, c.id);
    check_overrule(a)?;
    // The file's limit on distances (no table is larger), as the loader checks it.
    let limit = crate::model::limits::MAX_DISTANCE_CM;
    if a.measured.distance_cm > limit {
        let (value, limit) = (u64::from(a.measured.distance_cm), u64::from(limit));
        return Err(ActionError::Invalid(crate::model::Problem::OutOfRange { field: "distance_cm", value, limit }));
    }
    judge_charge(battle, c, was_charged, a)?;
    unless_overruled(a, as_the_table_shows(battle, a))?;
    let used = unless_overruled(a, follow_up_used(battle, c.id))?;
    let opts = &battle.options.gdb;
    let (rc, rt) = (opts.distance(c.arm, c.formation), opts.distance(t.arm, t.formation));
    let charger_reach = a.rates.charger_charge_cm.or(rc.and_then(|r| r.charge_cm));
    let charger = ChargeUnit {
        arm: c.arm,
        formation: c.formation,
        order: c.order,
        charge_move_cm: charger_reach,
        move_cm: rc.and_then(|r| r.move_cm),
        compulsory_move_cm: rc.and_then(|r| r.retreat_cm),
        rout_move_cm: rc.and_then(|r| r.rout_cm),
        figures: Some(c.figures),
        ..known_of(c)
    };
    let target = ChargeUnit {
        arm: t.arm,
        formation: t.formation,
        order: t.order,
        charge_move_cm: a.rates.target_charge_cm.or(rt.and_then(|r| r.charge_cm)),
        move_cm: a.rates.target_move_cm.or(rt.and_then(|r| r.move_cm)),
        compulsory_move_cm: a.rates.target_compulsory_cm.or(rt.and_then(|r| r.retreat_cm)),
        rout_move_cm: rt.and_then(|r| r.rout_cm),
        figures: Some(t.figures),
        ..known_of(t)
    };
    let commander = commander_of(battle, c, a.ordering_general);
    let own = commander.is_some_and(|g| {
        g.rank == Rank::CommanderInChief || (c.brigade.is_some() && g.brigade == c.brigade && g.rank == Rank::Brigade)
    });
    let m = &a.measured;
    let opportunity = m.opportunity.as_ref().map(|o| Opportunity {
        orders_used: commander.map_or(0, |g| g.orders_used),
        other_brigade: commander.is_some_and(|g| g.rank == Rank::Brigade && g.brigade != c.brigade),
        in_reach_at_phase_start: o.in_reach_at_phase_start,
        enemy_charge_begun: o.enemy_charge_begun,
    });
    Ok(Declaration {
        charger,
        target,
        distance_cm: m.distance_cm,
        commander: commander.map(|g| g.rank),
        commander_quality: commander.map(|g| g.quality),
        commander_within_15cm: m.commander_within_15cm,
        commander_is_own: own,
        target_visible: m.target_visible,
        bearing_deg: m.bearing_deg,
        charger_was_charged: was_charged,
        target_was_charging: m.opportunity.is_some(),
        target_changing_formation: t.markers.contains(&Marker::ChangingFormation),
        struck_face: m.struck_face,
        // GDB-MEL-02, AMB-15: a charger that reaches it joins its melee.
        target_in_melee: battle.pending_melees().any(|(_, e)| e.involves(t.id)),
        opportunity,
        reach_left_cm: used.map(|used| charger_reach.map_or(0, |full| full.saturating_sub(used))),
        // GDB-CHG-20: buildings, castles and churches, built-up areas.
        target_in_buildings: t.terrain.in_buildings(),
        overruled: a.overrule.as_ref().map(|o| o.refusals.clone()).unwrap_or_default(),
    })
}

/// What the game judges before the charge sequence runs: the phase (GDB-SEQ-02,
/// GDB-CHG-03), a charged unit's third unit (GDB-CHG-05), the charger's base contact
/// (GDB-MEL-02) and the ordering general named (GDB-OPP-05). A target already in melee
/// may be charged: the charger joins that melee (AMB-15).
fn judge_charge(battle: &Battle, c: &Unit, was_charged: bool, a: &ChargeAction) -> Result<(), ChargeError> {
    let mut refusals = Vec::new();
    if battle.ruleset == Ruleset::Gdb && battle.phase != Phase::Charges {
        refusals.push(ChargeError::NotChargesPhase);
    }
    if was_charged {
        refusals.push(ChargeError::AlreadyCharged);
    }
    let in_contact = |id: UnitId| battle.pending_melees().any(|(_, e)| e.involves(id));
    if in_contact(c.id) {
        refusals.push(ChargeError::ChargerInContact);
    }
    if let Some(id) = a.ordering_general {
        let may_order = battle
            .general(id)
            .is_some_and(|g| g.side == c.side && !g.lost && matches!(g.rank, Rank::CommanderInChief | Rank::Brigade));
        if !may_order {
            refusals.push(ChargeError::NotAnOrderingGeneral);
        }
    }
    match refusals.into_iter().find(|e| !overruled(a, e)) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Measured facts come from the table where both units stand on it: a typed distance,
/// bearing or "commander within 15 cm" that the table contradicts is refused (the players
/// may overrule it with their reason). Whole cm and degrees as the wizard shows them; the
/// unrounded measures of `exact` are the table's own.
fn as_the_table_shows(battle: &Battle, a: &ChargeAction) -> Result<(), ChargeError> {
    let Some(facts) = super::table::charge_facts(battle, a.charger, a.target) else { return Ok(()) };
    let whole = super::table::whole;
    let (distance, bearing) = (whole(facts.distance_cm), whole(facts.angle_deg));
    if a.measured.distance_cm.abs_diff(distance) > 1 {
        return Err(ChargeError::TableDistance { typed: a.measured.distance_cm, table: distance });
    }
    if a.measured.bearing_deg.abs_diff(bearing) > 1 {
        return Err(ChargeError::TableBearing { typed: a.measured.bearing_deg, table: bearing });
    }
    match facts.commander_within {
        Some(table) if table != a.measured.commander_within_15cm => Err(ChargeError::TableCommander { table }),
        _ => Ok(()),
    }
}

/// Whether the players overruled this refusal for this charge (with a reason).
fn overruled(a: &ChargeAction, e: &ChargeError) -> bool {
    a.overrule.as_ref().is_some_and(|o| o.refusals.contains(e))
}

/// A check's refusal, unless the players overruled it.
fn unless_overruled<T: Default>(a: &ChargeAction, checked: Result<T, ChargeError>) -> Result<T, ChargeError> {
    match checked {
        Err(e) if overruled(a, &e) => Ok(T::default()),
        other => other,
    }
}

/// The players' overrule, checked: a refusal that may be overruled, and a reason of
/// bounded length.
fn check_overrule(a: &ChargeAction) -> Result<(), ActionError> {
    let Some(o) = &a.overrule else { return Ok(()) };
    if let Some(e) = o.refusals.iter().find(|e| !e.overrulable()) {
        return Err(ActionError::NotOverrulable(e.clone()));
    }
    if o.refusals.is_empty() || o.refusals.len() > crate::model::limits::MAX_OVERRULED {
        let (value, limit) = (o.refusals.len() as u64, crate::model::limits::MAX_OVERRULED as u64);
        return Err(ActionError::Invalid(crate::model::Problem::OutOfRange { field: "refusals", value, limit }));
    }
    if o.reason.trim().is_empty() {
        return Err(ActionError::OverruleNeedsReason);
    }
    let chars = o.reason.chars().count();
    if chars > crate::model::limits::MAX_REASON_CHARS {
        let (value, limit) = (chars as u64, crate::model::limits::MAX_REASON_CHARS as u64);
        return Err(ActionError::Invalid(crate::model::Problem::OutOfRange { field: "reason", value, limit }));
    }
    Ok(())
}

/// Whether the charger's next charge this turn is a follow-up at a new target
/// (GDB-CHG-19 b).
pub(super) fn is_follow_up(battle: &Battle, charger: UnitId) -> bool {
    matches!(follow_up_used(battle, charger), Ok(Some(_)))
}

/// The distance the charger already covered this turn (GDB-CHG-19): `None` where it has
/// not charged; the sum of its legs where each ended by a follow-up at a new target (b),
/// so that the new reach is what is left of the move. A leg whose target evaded counts
/// the cm the charger moved before it halted, not the distance to the evaders (worked
/// example 6). A charger halted by its test, or
/// whose charge ended any other way, does not charge again this turn.
fn follow_up_used(battle: &Battle, charger: UnitId) -> Result<Option<u32>, ChargeError> {
    let legs: Vec<(&[Happening], u32)> = battle
        .log
        .iter()
        .rev()
        .take_while(|e| e.turn == battle.turn)
        .filter_map(|e| {
            let a = e.action.as_deref()?.charges_step()?.carried_out()?;
            let (happened, distance_cm) = e.detail.charge_record()?;
            (a.charger == charger).then(|| (happened, covered_cm(happened, distance_cm)))
        })
        .collect();
    let Some((last, _)) = legs.first() else { return Ok(None) };
    if last.iter().any(|h| matches!(h, Happening::ChargeHalts { .. })) {
        return Err(ChargeError::ChargerHalted);
    }
    if !last.contains(&Happening::FollowsUp { choice: FollowUp::NewTarget }) {
        return Err(ChargeError::ChargedThisTurn);
    }
    Ok(Some(legs.iter().fold(0u32, |used, (_, cm)| used.saturating_add(*cm))))
}

/// How far a charge's leg took the charger: to the evaders' ground only as far as its move
/// went (GDB-CHG-19 b), else the whole distance.
fn covered_cm(happened: &[Happening], distance_cm: u32) -> u32 {
    let evaded = happened.iter().any(|h| matches!(h, Happening::TargetEvades { .. }));
    let moved = happened.iter().find_map(|h| if let Happening::ChargerMoves { cm } = h { Some(*cm) } else { None });
    match moved {
        Some(cm) if evaded => cm,
        Some(_) | None => distance_cm,
    }
}

/// The charge as the rules run it from the action's inputs: what the wizard previews
/// at each step and what the game applies.
pub fn run_charge(battle: &Battle, a: &ChargeAction) -> Result<Charge, ActionError> {
    let decl = declaration(battle, a)?;
    let mut m = Charge::run(decl, battle.options.gdb.clone(), &a.inputs)?;
    if let Some(exact) = &exact_measures(battle, a) {
        exact_checks(&m, exact)?;
        exact_contact(&mut m, exact);
    }
    Ok(m)
}

/// The table view's own measures, unrounded, where both units stand on it and the
/// distance and bearing the players give are the table's (rounded to whole cm and
/// degrees): the 22° sector, the reach and the 5 cm charging minimum compare these
/// (AMB-21, GDB-CHG-02, 18). Derived here, never carried by the action (issue 48).
fn exact_measures(battle: &Battle, a: &ChargeAction) -> Option<crate::model::ExactMeasures> {
    let facts = super::table::charge_facts(battle, a.charger, a.target)?;
    let whole = super::table::whole;
    let kept = a.measured.distance_cm == whole(facts.distance_cm) && a.measured.bearing_deg == whole(facts.angle_deg);
    kept.then(|| crate::model::ExactMeasures::of(facts.distance_cm, facts.angle_deg))
}

/// The sector and the reach compared with the table's unrounded measures, where the
/// whole degrees and cm typed would let a charge through (AMB-21, GDB-CHG-02): 22.4° is
/// outside, 12.4 cm is beyond a 12 cm charge move; unless the players overruled it, as
/// any refusal of the declaration.
fn exact_checks(m: &Charge, exact: &crate::model::ExactMeasures) -> Result<(), crate::rules::gdb::charge::ChargeError> {
    use crate::rules::gdb::charge::ChargeError;
    const SECTOR_MDEG: u32 = 22_010;
    let outside =
        (exact.bearing_mdeg > SECTOR_MDEG).then(|| ChargeError::OutsideSector(exact.bearing_mdeg.div_ceil(1000)));
    let beyond = m
        .decl
        .reach_cm()
        .filter(|reach| u64::from(exact.distance_um) > u64::from(*reach) * 10_000)
        .map(|reach| ChargeError::OutOfReach { distance: exact.distance_um.div_ceil(10_000), reach });
    match [outside, beyond].into_iter().flatten().find(|e| !m.decl.overruled.contains(e)) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// GDB-CHG-18: a charger that covered the whole distance counts as charging from 5 cm,
/// compared with the table's unrounded distance (4.6 cm, typed as 5, does not).
fn exact_contact(m: &mut Charge, exact: &crate::model::ExactMeasures) {
    let whole = m.decl.distance_cm;
    for h in &mut m.happened {
        if let Happening::Contact { charging, moved_cm, counter_cm: None, .. } = h
            && *moved_cm == whole
        {
            *charging = exact.distance_um >= 50_000;
        }
    }
}

/// Takes figures off a unit, refusing more than it has.
fn lose(u: &mut Unit, figures: u32) -> Result<(), ActionError> {
    if figures > u.figures {
        return Err(ActionError::TooManyLosses { unit: u.id, lost: figures, has: u.figures });
    }
    u.figures -= figures;
    if u.figures == 0 {
        u.destroy();
    }
    Ok(())
}

fn disorder(u: &mut Unit) {
    if u.order == Order::Formed {
        u.order = Order::Disordered;
    }
}

fn rout(u: &mut Unit) {
    if u.order.in_play() {
        u.order = Order::Routing;
    }
}

/// What the happenings do to charger and target; the engagement a contact opens.
fn apply_happenings(m: &Charge, c: &mut Unit, t: &mut Unit) -> Result<Option<Engagement>, ActionError> {
    let mut contact = None;
    for h in &m.happened {
        match h {
            Happening::TargetChangesFormation { to } => {
                t.formation = *to;
                t.markers.insert(Marker::ChangingFormation);
            }
            Happening::ChargerLoses { figures } => lose(c, *figures)?,
            Happening::ChargeHalts { result } => apply_test(c, *result),
            Happening::TargetFailsButStays { result } => apply_test(t, *result),
            Happening::TargetRouts { .. } => apply_test(t, crate::rules::options::TestResult::Rout),
            Happening::GunsAbandoned => {
                t.markers.insert(Marker::GunsAbandoned);
            }
            // GDB-ART-02, EX-3: the crew flees as routers.
            Happening::CrewFlees { .. } => rout(t),
            Happening::TargetEvades { disordered, .. } => {
                t.markers.insert(Marker::Evaded);
                if *disordered {
                    disorder(t);
                }
            }
            // GDB-EVD-11, 12: caught evaders and overrun skirmishers count as routing.
            Happening::EvadersCaught | Happening::SkirmishersOverrun => rout(t),
            // The engagement it joins is the game's to change (AMB-15).
            Happening::JoinsMelee => {}
            Happening::BasesDestroyed { figures } => lose(t, *figures)?,
            Happening::OccupiesBuildings { disordered: true } => disorder(c),
            Happening::Contact { charging, moved_cm, counter_cm, evaders, .. } => {
                let charger = Situation { charging: *charging, moved_cm: Some(*moved_cm), ..Situation::default() };
                // GDB-CHG-16: the face measured, unless the target wheeled to face in time;
                // GDB-EVD-11: caught evaders.
                let target = Situation { struck_face: m.struck_face, caught_evading: *evaders, ..Situation::default() };
                contact = Some(Engagement {
                    contact: ByRole::new(charger, target),
                    rules: ContactRules::gdb(*counter_cm),
                    distance_cm: Some(m.decl.distance_cm),
                    ..Engagement::contact(c.id, t.id)
                });
            }
            Happening::ChargerMoves { .. }
            | Happening::TimeForTarget { .. }
            | Happening::TargetRetreats { .. }
            | Happening::ChargerOccupies
            | Happening::EmergencyLimberResult { .. }
            | Happening::CounterChargeFails
            | Happening::FollowsUp { .. }
            | Happening::TableRoll { .. }
            | Happening::OccupiesBuildings { disordered: false }
            | Happening::FriendDisorderedByCrew => {}
        }
    }
    Ok(contact)
}

/// Applies a GdB charge derived from its inputs (GDB-CHG-01..27, GDB-ART, GDB-EVD,
/// GDB-OPP): the charger is marked as having charged and the target as charged this
/// turn, contact or not (GDB-CHG-05); the happenings change both units; contact opens an
/// engagement that carries the charge's facts into the melee.
pub(super) fn charge(battle: &Battle, a: &ChargeAction) -> Result<Checked, ActionError> {
    let m = run_charge(battle, a)?;
    let follow_up = unless_overruled(a, follow_up_used(battle, a.charger))?.is_some();
    unless_overruled(a, super::declarations::check_carry_out(battle, a, follow_up))?;
    if m.ask != Ask::Done {
        return Err(ActionError::ChargeUnfinished);
    }
    let (charger, target) = two_enemies(battle, a.charger, a.target)?;
    let (mut c, mut t) = (charger.clone(), target.clone());
    c.markers.insert(Marker::ChargedThisTurn);
    t.markers.insert(Marker::WasCharged);
    let contact = apply_happenings(&m, &mut c, &mut t)?;
    let mut events: Vec<Event> = rng_event(battle, a.rng_after.as_ref()).into_iter().collect();
    let faces = (a.measured.struck_face, contact.as_ref().map(|e| e.contact.defender.struck_face));
    // The units as the charge left them (a square formed, bases lost) take their places.
    if let Some((to_c, to_t, stopped)) = super::table::charge_moves(battle, &c, &t, &m.happened, faces) {
        if stopped {
            t.markers.insert(Marker::AtTableEdge);
        }
        events.extend(super::table::charge_move_events(battle, charger, &mut c, to_c));
        events.extend(super::table::charge_move_events(battle, target, &mut t, to_t));
    }
    let contact = contact.filter(|_| c.order.in_play() && t.order.in_play());
    if let Some(join) = contact.as_ref().filter(|_| m.decl.target_in_melee).and_then(|_| joined(battle, &c, t.id)) {
        // GDB-MEL-02, AMB-15: it joins the melee its target is in.
        c.markers.insert(Marker::InMelee);
        events.push(join);
    } else if let Some(e) = contact {
        c.markers.insert(Marker::InMelee);
        t.markers.insert(Marker::InMelee);
        let start = ByRole::new(c.figures, t.figures);
        // GDB-MOD-FN6: the slope the table showed as the charge was declared.
        let slopes = super::table::engagement_slopes(battle, a.charger, a.target);
        events.push(Event::MeleePending {
            index: battle.engagements.len(),
            melee: Engagement { start_figures: Some(start), slopes, ..e },
        });
    }
    // Issue 27: every change of ground the charge made is logged.
    let grounds: Vec<_> = [(charger, &c), (target, &t)]
        .into_iter()
        .filter(|(before, after)| before.terrain != after.terrain)
        .map(|(before, after)| (before.id, before.terrain, after.terrain))
        .collect();
    events.extend([changed_unit(charger, c), changed_unit(target, t)].into_iter().flatten());
    events.extend(crew_disorders_friend(battle, a, &m)?);
    let screen = screen_of(battle, a)?;
    events.extend(screen_evades(battle, &screen));
    if a.measured.opportunity.is_some()
        && let Some(g) = commander_of(battle, charger, a.ordering_general)
    {
        // One change for the general: he may already have moved with the unit he is with.
        let moved = events.iter_mut().find_map(|e| {
            if let Event::GeneralChanged { after, .. } = e
                && after.id == g.id
            {
                Some(after)
            } else {
                None
            }
        });
        match moved {
            Some(after) => after.orders_used = g.orders_used.saturating_add(1),
            None => {
                let after = General { orders_used: g.orders_used.saturating_add(1), ..g.clone() };
                events.push(Event::general_changed(g, after));
            }
        }
    }
    let detail = LogDetail::Charge {
        happened: m.happened.clone(),
        reaction: m.reaction.clone(),
        distance_cm: m.decl.distance_cm,
        guidance: m.guidance(),
        overruled: a.overrule.clone(),
        screen,
        grounds,
    };
    Ok((events, vec![a.charger, a.target], detail))
}

/// Declares a GdB charge (GDB-CHG-01..05, 03; GDB-OPP-01..10): every requirement of the
/// declaration holds and the procedure allows it now; nothing changes but the journal.
pub(super) fn declare(battle: &Battle, a: &ChargeAction) -> Result<Checked, ActionError> {
    if !a.inputs.is_empty() {
        return Err(ChargeError::WrongStep.into());
    }
    run_charge(battle, a)?;
    unless_overruled(a, super::declarations::check_declare(battle, a))?;
    let detail =
        LogDetail::ChargeDeclared { opportunity: a.measured.opportunity.is_some(), overruled: a.overrule.clone() };
    Ok((Vec::new(), vec![a.charger, a.target], detail))
}

/// Whether this charge may be declared now (GDB-CHG-01..05, 03; GDB-OPP-01..10): what
/// the wizard's "Declare only" asks.
pub fn may_declare(battle: &Battle, a: &ChargeAction) -> Result<(), ActionError> {
    let declared = ChargeAction { inputs: Vec::new(), rng_after: None, ..a.clone() };
    run_charge(battle, &declared)?;
    Ok(unless_overruled(a, super::declarations::check_declare(battle, &declared))?)
}

/// The declaration of this charge still to carry out this phase, as the players made it
/// (its measures and rates), for the wizard to carry it out.
pub fn declared_charge(battle: &Battle, charger: UnitId, target: UnitId) -> Option<ChargeAction> {
    super::declarations::charges_phase(battle).pending(charger, target)?;
    battle.log.iter().rev().take_while(|e| e.turn == battle.turn).find_map(|e| {
        let a = e.action.as_deref()?.charges_step()?.declared()?;
        (a.charger == charger && a.target == target).then(|| a.clone())
    })
}

/// Whether this charge may be carried out now, as the Charges phase stands (GDB-CHG-03,
/// 04, GDB-OPP-02), the other side having had its say: what the wizard asks before it
/// walks the steps.
pub fn may_carry_out(battle: &Battle, a: &ChargeAction) -> Result<(), ActionError> {
    super::sequence::judge_at_once(battle, a)?;
    let follow_up = unless_overruled(a, follow_up_used(battle, a.charger))?.is_some();
    Ok(unless_overruled(a, super::declarations::check_carry_out(battle, a, follow_up))?)
}

/// GDB-CHG-22: the skirmishers in the charge's path, named by the players or shown by
/// the table, each a skirmisher unit of the target's side in play.
fn screen_of(battle: &Battle, a: &ChargeAction) -> Result<Vec<UnitId>, ActionError> {
    let side = battle.unit(a.target).map(|t| t.side);
    let mut screen = a.screen.clone();
    screen.extend(super::table::screen_in_path(battle, a.charger, a.target));
    screen.sort();
    screen.dedup();
    for id in &screen {
        let u = battle.unit(*id).ok_or(ActionError::NoSuchUnit(*id))?;
        let skirmishers = u.arm == crate::rules::Arm::Skirmishers && u.order.in_play();
        if !skirmishers || Some(u.side) != side || u.id == a.target {
            return Err(ActionError::NotAScreen(*id));
        }
    }
    Ok(screen)
}

/// GDB-CHG-22: the screen evades behind its unit or into cover, and may not fire.
fn screen_evades(battle: &Battle, screen: &[UnitId]) -> Vec<Event> {
    let evaded = |u: &Unit| {
        let mut after = u.clone();
        after.markers.insert(Marker::Evaded);
        changed_unit(u, after)
    };
    screen.iter().filter_map(|id| battle.unit(*id)).filter_map(evaded).collect()
}

/// GDB-ART-04: the fleeing crew disorders the friendly unit it runs into.
fn crew_disorders_friend(battle: &Battle, a: &ChargeAction, m: &Charge) -> Result<Option<Event>, ActionError> {
    if !m.happened.contains(&Happening::FriendDisorderedByCrew) {
        return Ok(None);
    }
    let id = a.crew_ran_into.ok_or(ActionError::CrewFriendUnnamed)?;
    let friend = battle.unit(id).ok_or(ActionError::NoSuchUnit(id))?;
    let target_side = battle.unit(a.target).map(|t| t.side);
    if Some(friend.side) != target_side || friend.id == a.target {
        return Err(ActionError::SameSide(a.target, id));
    }
    let mut after = friend.clone();
    disorder(&mut after);
    Ok(changed_unit(friend, after))
}

/// The collision test's input, from both units and what the table shows; "began too
/// close" from the recorded distance and the players' attack-proper table (AMB-37).
pub fn collision_input(battle: &Battle, a: &CollisionAction) -> Result<CollisionInput, ActionError> {
    let (att, def) = two_enemies(battle, a.attacker, a.defender)?;
    super::engagement::shows_only(&a.table, Situation::b_collision_table)?;
    let opts = &battle.options.ruleset_b;
    let side = |u: &Unit, shown: &Situation, attacking: bool| {
        let too_close = opts.began_too_close(u.arm, a.distance_cm).unwrap_or(shown.started_close);
        let mut situation = shown.b_collision_table();
        situation.charging = attacking;
        situation.started_close = attacking && too_close;
        BSide { situation, ..super::ruleset_b::b_side_of(u) }
    };
    Ok(CollisionInput {
        attacker: side(att, &a.table.attacker, true),
        defender: side(def, &a.table.defender, a.defender_attacking),
        options: opts.clone(),
    })
}

/// The collision result a Ruleset B collision action comes to: what the wizard previews
/// before Apply, from the same inputs the game reads.
pub fn collision_result(
    battle: &Battle,
    a: &CollisionAction,
) -> Result<crate::rules::ruleset_b::CollisionResult, ActionError> {
    Ok(collision_input(battle, a)?.resolve(a.dice.attacker.get(), a.dice.defender.get()))
}

/// Flight before contact (B-FLE-01, 02): the unit flees at once, leaving its guns if
/// it is artillery in position.
pub(super) fn flee(u: &mut Unit) {
    rout(u);
    u.markers.insert(Marker::Retreating);
    if u.arm.is_artillery() && u.formation != Formation::Limbered {
        u.markers.insert(Marker::GunsAbandoned);
    }
}

/// Applies a Ruleset B collision test (B-COL-16..21, B-FLE-01, 02): halted or both-halted
/// sides waver; a fleeing side flees; a melee, or a caught fugitive, opens an engagement
/// that carries both-attacking and the flight into the melee.
pub(super) fn collision(battle: &Battle, a: &CollisionAction) -> Result<Checked, ActionError> {
    let (att, def) = two_enemies(battle, a.attacker, a.defender)?;
    let input = collision_input(battle, a)?;
    // B-COL-03: each side's average die.
    let result = input.resolve(a.dice.attacker.get(), a.dice.defender.get());
    let (mut ua, mut ud) = (att.clone(), def.clone());
    ua.markers.insert(Marker::ChargedThisTurn);
    for role in &result.wavering {
        let u = if *role == Role::Attacker { &mut ua } else { &mut ud };
        if u.order.in_play() && u.order != Order::Routing {
            u.order = Order::Wavering;
        }
    }
    let fleeing = match result.outcome {
        CollisionOutcome::DefenderFlees => Some(Role::Defender),
        CollisionOutcome::AttackerFlees => Some(Role::Attacker),
        CollisionOutcome::Melee | CollisionOutcome::AttackerHalts | CollisionOutcome::BothHalt => None,
    };
    match fleeing {
        Some(Role::Defender) => flee(&mut ud),
        Some(Role::Attacker) => flee(&mut ua),
        None => {}
    }
    let melee = result.outcome == CollisionOutcome::Melee || (fleeing.is_some() && a.caught);
    let mut events: Vec<Event> = rng_event(battle, a.rng_after.as_ref()).into_iter().collect();
    if let Some((to_a, to_d)) = super::table::collision_moves(battle, (&ua, &ud), fleeing, result.flee_cm, melee) {
        events.extend(super::table::charge_move_events(battle, att, &mut ua, to_a));
        events.extend(super::table::charge_move_events(battle, def, &mut ud, to_d));
    }
    if melee {
        ua.markers.insert(Marker::InMelee);
        ud.markers.insert(Marker::InMelee);
        // B-FLE-02, B-MEL-12: a fugitive caught rolls no dice.
        let caught = |role: Role| fleeing == Some(role);
        let attacker = Situation { charging: true, caught_evading: caught(Role::Attacker), ..Situation::default() };
        let struck_face = input.defender.situation.struck_face;
        let defender = Situation { struck_face, caught_evading: caught(Role::Defender), ..Situation::default() };
        let e = Engagement {
            contact: ByRole::new(attacker, defender),
            slopes: super::table::engagement_slopes(battle, a.attacker, a.defender),
            rules: ContactRules::ruleset_b(input.both_attacking()),
            distance_cm: a.distance_cm,
            start_figures: Some(ByRole::new(ua.figures, ud.figures)),
            ..Engagement::contact(a.attacker, a.defender)
        };
        events.push(Event::MeleePending { index: battle.engagements.len(), melee: e });
    }
    events.extend([changed_unit(att, ua), changed_unit(def, ud)].into_iter().flatten());
    let decided = input.decided_modifiers(a.dice.attacker.get(), a.dice.defender.get());
    let detail = LogDetail::BCollision {
        attacker_modifiers: decided.attacker,
        defender_modifiers: decided.defender,
        attacker_side: input.attacker.clone(),
        defender_side: input.defender.clone(),
        dice: a.dice.map(|_, d| d.get()),
        result,
        overridden: None,
    };
    Ok((events, vec![a.attacker, a.defender], detail))
}

/// What a club's house modifier for a charge test reads of a unit beside its arm,
/// formation and order (issue 51).
fn known_of(u: &Unit) -> ChargeUnit {
    ChargeUnit {
        class: Some(u.class),
        status: Some(u.status),
        terrain: Some(u.terrain),
        horses: Some(u.horses),
        ..ChargeUnit::default()
    }
}

/// The melee `target` is in, with the charger joined on the side against it (AMB-15):
/// each side fights with its principal unit's total, the units joined count for its
/// numerical superiority (GDB-MOD-28, 29).
fn joined(battle: &Battle, charger: &Unit, target: UnitId) -> Option<Event> {
    let (index, e) = battle.pending_melees().find(|(_, e)| e.involves(target))?;
    let mut after = e.clone();
    match e.side_of(target)? {
        crate::rules::Role::Defender => after.joined.attacker.push(charger.id),
        crate::rules::Role::Attacker => after.joined.defender.push(charger.id),
    }
    Some(Event::EngagementChanged { index, before: Box::new(e.clone()), after: Box::new(after) })
}
