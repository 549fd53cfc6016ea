//! The checklist of the current phase, built from the battle (GDB-SEQ-01..04).

use crate::model::{Battle, UnitId};
use crate::rules::{Marker, Order, Phase, Ruleset, Side};

/// One thing the players should do in this phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Todo {
    /// Roll the initiative; the winner chooses who is phasing (GDB-SEQ-01).
    RollInitiative,
    /// The declarations of the General de Brigade Charges phase: the phasing side first,
    /// then the other side, each closing its declarations when done (GDB-CHG-03,
    /// GDB-SEQ-02). The first row of the phase, there until it ends, so that the rows
    /// below it keep their places.
    Declarations {
        /// The side declaring now; `None` once both sides' declarations are over.
        declaring: Option<Side>,
    },
    /// Ruleset B's Charges phase: each attack is made at once, a frontal one tested for
    /// collision first (B-COL-01); Ruleset B has no declarations.
    Attacks,
    /// Carry out a declared charge, in the order the rules give (GDB-CHG-04, GDB-OPP-02).
    CarryOutCharge {
        /// The charger.
        charger: UnitId,
        /// Its target.
        target: UnitId,
    },
    /// A routed unit makes its full rout move (GDB-RES-01).
    Rout(UnitId),
    /// A unit makes its full retreat move (GDB-RES-03).
    Retreat(UnitId),
    /// A pushed-back unit makes its retreat move, then rallies (GDB-RES-05).
    PushBackThenRally(UnitId),
    /// Pursuing cavalry moves (compulsory moves).
    Pursue(UnitId),
    /// A pending melee to fight.
    Melee {
        /// Its position among the pending melees.
        index: usize,
        /// Attacker.
        attacker: UnitId,
        /// Defender.
        defender: UnitId,
    },
    /// A test owed (issue 28): after losses to fire where the players' rules owe one, or
    /// in the Morale phase after melee losses, a wavering unit's, a routing unit's rally.
    Test {
        /// The unit testing.
        unit: UnitId,
        /// Which test.
        test: crate::rules::options::TestKind,
        /// Why it is owed.
        cause: super::morale_tests::Cause,
    },
    /// Record a fire (the Firing phase; the players' rulebook gives its numbers).
    RecordFire,
    /// A move the game made stopped at the table's edge: stays there, or leaves the
    /// battle (issue 27).
    AtTheEdge(UnitId),
}

/// What the current phase asks of the players.
pub fn checklist(battle: &Battle) -> Vec<Todo> {
    match battle.phase {
        Phase::Initiative if battle.ruleset == Ruleset::Gdb && battle.phasing.is_none() => vec![Todo::RollInitiative],
        Phase::CompulsoryMoves => compulsory_moves(battle),
        Phase::Charges if battle.ruleset == Ruleset::Gdb => charges(battle),
        Phase::Charges => vec![Todo::Attacks],
        // A melee fought this turn that goes on is fought again next turn (GDB-RES-11,
        // B-MEL-02, 05).
        Phase::Melee => unfought_melees(battle).collect(),
        Phase::Morale => Vec::new(),
        Phase::Firing => vec![Todo::RecordFire],
        Phase::Initiative | Phase::Movement => Vec::new(),
    }
    .into_iter()
    .chain(owed(battle))
    .chain(at_the_edge(battle))
    .collect()
}

/// What the players leave undone if they go on to the next phase now (issue 43): nothing
/// owed is skipped in silence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unfinished {
    /// Declared charges not carried out (GDB-CHG-04): they lapse.
    Charges(usize),
    /// Melees not fought in the Melee phase: the units stay in base contact.
    Melees(usize),
}

/// What the current phase leaves undone, if anything: declared charges still to carry
/// out in the GdB Charges phase, melees still to fight in the Melee phase.
pub fn unfinished(battle: &Battle) -> Option<Unfinished> {
    let charges = super::declarations::charges_phase(battle).to_carry_out(battle).len();
    let melees = unfought_melees(battle).count();
    match (charges, melees) {
        (0, 0) => None,
        (0, n) => Some(Unfinished::Melees(n)),
        (n, _) => Some(Unfinished::Charges(n)),
    }
}

/// The melees of the Melee phase still to fight this turn: a melee fought this turn that
/// goes on is fought again next turn (GDB-RES-11, B-MEL-02, 05). What Next phase asks
/// about before leaving the Melee phase (issue 43).
pub fn unfought_melees(battle: &Battle) -> impl Iterator<Item = Todo> + '_ {
    let melee_phase = battle.phase == Phase::Melee;
    battle
        .pending_melees()
        .filter(move |(_, m)| melee_phase && !super::sequence::fought_this_turn(battle, m))
        .map(|(index, m)| Todo::Melee { index, attacker: m.attacker, defender: m.defender })
}

/// The units the game stopped at the table's edge, in every phase until the players say.
fn at_the_edge(battle: &Battle) -> impl Iterator<Item = Todo> + '_ {
    battle
        .units
        .iter()
        .filter(|u| u.order.in_play() && u.markers.contains(&Marker::AtTableEdge))
        .map(|u| Todo::AtTheEdge(u.id))
}

/// The tests owed now: in the Morale phase all of them, in any other phase those a fire
/// owes, carried until they are taken or dropped.
fn owed(battle: &Battle) -> impl Iterator<Item = Todo> {
    super::morale_tests::owed_tests(battle).into_iter().map(|o| Todo::Test {
        unit: o.unit,
        test: o.test,
        cause: o.cause,
    })
}

/// The GdB Charges phase: the side declaring now, then the declared charges in the order
/// they are carried out (GDB-CHG-03, 04, GDB-OPP-02).
fn charges(battle: &Battle) -> Vec<Todo> {
    let phase = super::declarations::charges_phase(battle);
    let mut out = vec![Todo::Declarations { declaring: phase.declaring(battle) }];
    out.extend(
        phase.to_carry_out(battle).into_iter().map(|d| Todo::CarryOutCharge { charger: d.charger, target: d.target }),
    );
    out
}

fn compulsory_moves(battle: &Battle) -> Vec<Todo> {
    let mut out = Vec::new();
    for u in battle.units.iter().filter(|u| u.order.in_play()) {
        if u.markers.contains(&Marker::Retreating) {
            out.push(if u.order == Order::Routing { Todo::Rout(u.id) } else { Todo::Retreat(u.id) });
        }
        if u.markers.contains(&Marker::PushedBack) {
            out.push(Todo::PushBackThenRally(u.id));
        }
        if u.markers.contains(&Marker::Pursuing) {
            out.push(Todo::Pursue(u.id));
        }
    }
    out
}

/// How far the table view moved a unit as this phase began (a melee loser's compulsory
/// move, GDB-SEQ-03), in cm, if it did.
pub fn moved_on_table(battle: &Battle, id: UnitId) -> Option<u32> {
    let (entry, begun) = battle.log.iter().rev().find_map(|e| Some((e, e.detail.phase_begun()?)))?;
    if begun.phase != battle.phase || entry.turn != battle.turn {
        return None;
    }
    begun.moved.iter().find(|(u, _)| *u == id).map(|(_, cm)| *cm)
}
