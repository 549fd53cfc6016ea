//! The GdB Charges phase in the order the rules give it (GDB-CHG-03, 04; GDB-OPP-01..03,
//! 08): the phasing side declares its charges, then the other side, each closing its
//! declarations; an opportunity charge answers the enemy declaration just made, before
//! that enemy carries any charge out; then the charges are carried out, opportunity
//! charges first, then the phasing side's, then the other side's.
//!
//! The state is read from this turn's Charges-phase journal, so undo and replay need
//! nothing more. A charge carried out without a declaration of its own is declared and
//! carried out at once: it is allowed where both would be, and closes the declarations.
//! A follow-up charge at a new target (GDB-CHG-19 b) starts the procedure again at once.

use crate::model::ChargesStep;
use crate::model::{Battle, ChargeAction, Unit, UnitId};
use crate::rules::gdb::charge::ChargeError;
use crate::rules::{BySide, Marker, Order, Phase, Ruleset, Side};

/// A charge declared this phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    /// The charging unit.
    pub charger: UnitId,
    /// Its target.
    pub target: UnitId,
    /// The charger's side.
    pub side: Side,
    /// An opportunity charge (GDB-OPP).
    pub opportunity: bool,
    /// Carried out already.
    pub carried_out: bool,
}

/// Where the Charges phase stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChargesPhase {
    /// The declarations, in the order they were made.
    pub declared: Vec<Declared>,
    /// Each side's declarations are over: it said so, or carrying out has begun.
    pub closed: BySide<bool>,
    /// A charge of this side has been carried out.
    pub carried: BySide<bool>,
}

impl ChargesPhase {
    /// The declared charges still to carry out, in the order they must go (GDB-OPP-02, 03,
    /// GDB-CHG-04): opportunity charges first, the side with the initiative's first among
    /// them; then the phasing side's; then the other side's. A declaration whose charger
    /// can no longer charge (out of play, in contact, or itself charged by an interceptor,
    /// GDB-CHG-05) has lapsed and is left out.
    pub fn to_carry_out<'a>(&'a self, battle: &Battle) -> Vec<&'a Declared> {
        let phasing = phasing_side(battle);
        let first = initiative_side(battle);
        let mut out: Vec<&Declared> =
            self.declared.iter().filter(|d| !d.carried_out && still_open(battle, d)).collect();
        out.sort_by_key(|d| (!d.opportunity, d.opportunity && d.side != first, d.side != phasing));
        out
    }

    /// The declaration of this charge still to carry out, if there is one.
    pub fn pending(&self, charger: UnitId, target: UnitId) -> Option<&Declared> {
        self.declared.iter().find(|d| d.charger == charger && d.target == target && !d.carried_out)
    }

    /// The side that may declare now (not counting opportunity charges), if either may.
    pub fn declaring(&self, battle: &Battle) -> Option<Side> {
        let phasing = phasing_side(battle);
        if !*self.closed.get(phasing) {
            Some(phasing)
        } else if !*self.closed.get(phasing.other()) {
            Some(phasing.other())
        } else {
            None
        }
    }
}

/// Whether `side` has a unit that may still declare a charge this phase (GDB-CHG-03): in
/// play and not routing, not in base contact, not a charger already this turn, with no
/// declaration waiting, and an enemy in play. Reach and sight are the players' to measure,
/// so a unit that may reach no one still counts: the side is asked rather than passed over.
pub fn may_still_declare(battle: &Battle, phase: &ChargesPhase, side: Side) -> bool {
    let enemy_in_play = battle.units.iter().any(|u| u.side != side && u.order.in_play());
    let waiting = |id: UnitId| phase.declared.iter().any(|d| d.charger == id && !d.carried_out);
    let in_contact = |id: UnitId| battle.pending_melees().any(|(_, e)| e.involves(id));
    enemy_in_play
        && battle.units.iter().any(|u| {
            u.side == side
                && u.order.in_play()
                && u.order != Order::Routing
                && !u.markers.contains(&Marker::ChargedThisTurn)
                && !in_contact(u.id)
                && !waiting(u.id)
        })
}

/// Whether `side`'s declarations are over: it said so, carrying out has begun, or it has
/// no unit that may still declare a charge.
pub fn declarations_over(battle: &Battle, phase: &ChargesPhase, side: Side) -> bool {
    *phase.closed.get(side) || !may_still_declare(battle, phase, side)
}

/// GDB-CHG-03, 04: a charge carried out without a declaration of its own is declared and
/// carried out at once, its side's declarations closing with it; the other side must have
/// had its say first. Returns the side still declaring, if there is one. A declared
/// charge, a follow-up at a new target (GDB-CHG-19 b) and a Ruleset B attack are not
/// judged here.
pub fn still_declaring(battle: &Battle, a: &ChargeAction, follow_up: bool) -> Option<Side> {
    if follow_up {
        return None;
    }
    let (phase, other) = at_once_facing(battle, a)?;
    (!declarations_over(battle, &phase, other)).then_some(other)
}

/// The other side, when a charge carried out at once now passes it over: its declarations
/// not closed, none of its units able to declare a charge (GDB-CHG-03; the window says so).
pub fn passed_over(battle: &Battle, a: &ChargeAction) -> Option<Side> {
    let (phase, other) = at_once_facing(battle, a)?;
    (!*phase.closed.get(other) && !may_still_declare(battle, &phase, other)).then_some(other)
}

/// The Charges phase and the charger's other side, for a GdB charge without a declaration
/// of its own (one declared is carried out in its turn, not at once).
fn at_once_facing(battle: &Battle, a: &ChargeAction) -> Option<(ChargesPhase, Side)> {
    if battle.ruleset != Ruleset::Gdb || battle.phase != Phase::Charges {
        return None;
    }
    let phase = charges_phase(battle);
    if phase.pending(a.charger, a.target).is_some() {
        return None;
    }
    let other = battle.unit(a.charger)?.side.other();
    Some((phase, other))
}

/// The phasing side (the first before the initiative is rolled).
pub fn phasing_side(battle: &Battle) -> Side {
    battle.phasing.unwrap_or(Side::First)
}

/// The side that won the initiative this turn, else the phasing side (GDB-OPP-03).
fn initiative_side(battle: &Battle) -> Side {
    battle.initiative.as_ref().and_then(|r| r.winner).unwrap_or_else(|| phasing_side(battle))
}

/// Whether a declared charge can still be carried out.
fn still_open(battle: &Battle, d: &Declared) -> bool {
    let in_play = |id: UnitId| battle.unit(id).is_some_and(|u| u.order.in_play());
    let in_contact = |id: UnitId| battle.pending_melees().any(|(_, e)| e.involves(id));
    let intercepted = battle.unit(d.charger).is_some_and(|u: &Unit| u.markers.contains(&Marker::WasCharged));
    in_play(d.charger) && in_play(d.target) && !in_contact(d.charger) && !intercepted
}

/// The Charges phase as this turn's journal has it (empty outside the GdB Charges phase).
pub fn charges_phase(battle: &Battle) -> ChargesPhase {
    let mut phase = ChargesPhase::default();
    if battle.ruleset != Ruleset::Gdb || battle.phase != Phase::Charges {
        return phase;
    }
    let side_of = |id: UnitId| battle.unit(id).map_or(Side::First, |u| u.side);
    // This turn's entries only, read back from the end: the cost is the turn's, not the
    // evening's (the checklist asks every frame).
    let this_turn = battle.log.iter().rev().take_while(|e| e.turn == battle.turn).count();
    let turn_entries = battle.log.get(battle.log.len().saturating_sub(this_turn)..).unwrap_or_default();
    let entries = turn_entries.iter().filter(|e| e.phase == Phase::Charges);
    for step in entries.filter_map(|e| e.action.as_deref()?.charges_step()) {
        match step {
            ChargesStep::Declared(a) => phase.declared.push(Declared {
                charger: a.charger,
                target: a.target,
                side: side_of(a.charger),
                opportunity: a.measured.opportunity.is_some(),
                carried_out: false,
            }),
            ChargesStep::Closed(side) => *phase.closed.get_mut(side) = true,
            ChargesStep::CarriedOut(a) => carried_out(&mut phase, a, side_of(a.charger)),
        }
    }
    phase
}

/// A charge carried out: its declaration (or a new one, when it had none) is done, and
/// every declaration is over.
fn carried_out(phase: &mut ChargesPhase, a: &ChargeAction, side: Side) {
    let declared = phase.declared.iter_mut().find(|d| d.charger == a.charger && d.target == a.target && !d.carried_out);
    match declared {
        Some(d) => d.carried_out = true,
        None => phase.declared.push(Declared {
            charger: a.charger,
            target: a.target,
            side,
            opportunity: a.measured.opportunity.is_some(),
            carried_out: true,
        }),
    }
    *phase.carried.get_mut(side) = true;
    phase.closed = BySide { first: true, second: true };
}

/// Whether this charge may be declared now (GDB-CHG-03, GDB-OPP-01, 08).
pub fn check_declare(battle: &Battle, a: &ChargeAction) -> Result<(), ChargeError> {
    declarable(battle, &charges_phase(battle), a)
}

/// Whether the charge may be declared as the phase stands: not declared already; an
/// opportunity charge answering the enemy; otherwise the phasing side first, and only
/// while the side's declarations are open.
fn declarable(battle: &Battle, phase: &ChargesPhase, a: &ChargeAction) -> Result<(), ChargeError> {
    let side = battle.unit(a.charger).map_or(Side::First, |u| u.side);
    if phase.declared.iter().any(|d| d.charger == a.charger && !d.carried_out && still_open(battle, d)) {
        return Err(ChargeError::AlreadyDeclared);
    }
    if a.measured.opportunity.is_some() {
        return check_opportunity(phase, a, side);
    }
    let phasing = phasing_side(battle);
    if side != phasing && !*phase.closed.get(phasing) {
        return Err(ChargeError::PhasingDeclaresFirst);
    }
    if *phase.closed.get(side) {
        return Err(ChargeError::DeclarationsClosed);
    }
    Ok(())
}

/// GDB-OPP-01, 08: an opportunity charge answers the enemy declaration just made, at its
/// charger, before the enemy carries any charge out.
fn check_opportunity(phase: &ChargesPhase, a: &ChargeAction, side: Side) -> Result<(), ChargeError> {
    if *phase.carried.get(side.other()) {
        return Err(ChargeError::TooLate);
    }
    match phase.declared.last() {
        Some(last) if last.side != side && last.charger == a.target && !last.carried_out => Ok(()),
        _ => Err(ChargeError::NotAnAnswer),
    }
}

/// Whether this charge may be carried out now (GDB-CHG-03, 04, GDB-OPP-02, 03). An
/// undeclared one is declared at the same time: it must be declarable, the phasing side's
/// declarations close with it, and it must be next in order.
pub fn check_carry_out(battle: &Battle, a: &ChargeAction, follow_up: bool) -> Result<(), ChargeError> {
    if battle.ruleset != Ruleset::Gdb || follow_up {
        return Ok(());
    }
    let phase = charges_phase(battle);
    let side = battle.unit(a.charger).map_or(Side::First, |u| u.side);
    let declared = phase.pending(a.charger, a.target).is_some();
    if declared && !(phase.closed.first && phase.closed.second) {
        return Err(ChargeError::DeclarationsOpen);
    }
    if !declared {
        check_declare_at_once(battle, &phase, a, side)?;
    }
    let waiting = phase.to_carry_out(battle);
    let opportunity = a.measured.opportunity.is_some();
    let before = waiting.iter().filter(|d| !(d.charger == a.charger && d.target == a.target));
    for d in before {
        if d.opportunity && !opportunity {
            return Err(ChargeError::OpportunityFirst);
        }
        if d.side == phasing_side(battle) && side != d.side && !d.opportunity && !opportunity {
            return Err(ChargeError::PhasingChargesFirst);
        }
    }
    Ok(())
}

/// A charge declared and carried out at once: declarable now, where the phasing side's
/// declarations close with it when it is the other side's (it declared nothing more).
fn check_declare_at_once(
    battle: &Battle,
    phase: &ChargesPhase,
    a: &ChargeAction,
    side: Side,
) -> Result<(), ChargeError> {
    let phasing = phasing_side(battle);
    let mut closed = phase.clone();
    if side != phasing && a.measured.opportunity.is_none() {
        *closed.closed.get_mut(phasing) = true;
    }
    declarable(battle, &closed, a)
}

/// Whether `side` may close its declarations now: the phasing side first (GDB-CHG-03).
pub fn check_done(battle: &Battle, side: Side) -> Result<(), ChargeError> {
    if battle.ruleset != Ruleset::Gdb || battle.phase != Phase::Charges {
        return Err(ChargeError::NotChargesPhase);
    }
    let phase = charges_phase(battle);
    if *phase.closed.get(side) {
        return Err(ChargeError::DeclarationsClosed);
    }
    if side != phasing_side(battle) && !*phase.closed.get(phasing_side(battle)) {
        return Err(ChargeError::PhasingDeclaresFirst);
    }
    Ok(())
}
