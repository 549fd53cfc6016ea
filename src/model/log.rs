//! The battle log and the turn's state: what was done, with its dice and breakdowns,
//! kept as data so the interface, the reports and both languages read the same record.

use serde::{Deserialize, Serialize};

use super::UnitId;
use crate::rules::gdb::initiative::InitiativeResult;
use crate::rules::gdb::{MeleeResult, MeleeSide};
use crate::rules::ruleset_b::{BSide, CollisionResult};
use crate::rules::{Modifier, Phase, Side};

/// A result the players overruled, with their reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Override {
    /// What they decided instead, in their words.
    pub result: String,
    /// Why.
    pub reason: String,
}

/// What a log entry records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum LogDetail {
    /// A roster edit (setup or correction).
    Edit {
        /// The kind of edit, for its label.
        action: String,
        /// What it acted on.
        subject: String,
    },
    /// A new phase (and perhaps a new turn) began.
    Phase {
        /// The phase begun.
        phase: Phase,
        /// Units whose markers expired with it.
        expired: Vec<UnitId>,
    },
    /// The initiative roll.
    Initiative {
        /// Rolls, modifiers, totals, winner.
        result: InitiativeResult,
        /// The side the winner chose to be phasing.
        phasing: Side,
    },
    /// A General de Brigade melee.
    GdbMelee {
        /// Attacker as it fought.
        attacker_side: MeleeSide,
        /// Defender as it fought.
        defender_side: MeleeSide,
        /// Attacker's modifiers.
        attacker_modifiers: Vec<Modifier>,
        /// Defender's modifiers.
        defender_modifiers: Vec<Modifier>,
        /// The result.
        result: MeleeResult,
        /// Figures lost, attacker and defender.
        losses: (u32, u32),
        /// An overruled result.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        overridden: Option<Override>,
        /// The winner's pursuit or formation test, rolled on the players' table.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tests: Vec<TestRoll>,
    },
    /// A Ruleset B collision test.
    BCollision {
        /// Attacker.
        attacker_side: BSide,
        /// Defender.
        defender_side: BSide,
        /// Attacker's modifiers.
        attacker_modifiers: Vec<Modifier>,
        /// Defender's modifiers.
        defender_modifiers: Vec<Modifier>,
        /// Dice (average die).
        dice: (u8, u8),
        /// The result.
        result: CollisionResult,
        /// An overruled result.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        overridden: Option<Override>,
    },
    /// A turn of Ruleset B melee.
    BMelee {
        /// Melee turn.
        melee_turn: u32,
        /// Dice each side rolled.
        dice: (Vec<u8>, Vec<u8>),
        /// Per-die modifiers of each side.
        modifiers: (Vec<Modifier>, Vec<Modifier>),
        /// Figures killed by attacker and defender.
        hits: (u32, u32),
        /// The melee's state after the turn, as text keys.
        state: crate::rules::ruleset_b::MeleeState,
    },
    /// A General de Brigade charge, walked through to its end.
    Charge {
        /// What happened, in order.
        happened: Vec<crate::rules::gdb::charge::Happening>,
        /// The target's reaction.
        reaction: Option<crate::rules::gdb::charge::Reaction>,
        /// The distance at the declaration, cm.
        distance_cm: u32,
    },
    /// A free note by the players.
    Note {
        /// The text.
        text: String,
    },
}

/// A test rolled on the players' table after a melee (AMB-23): the row used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestRoll {
    /// The unit that tested.
    pub unit: UnitId,
    /// Which test.
    pub test: crate::rules::options::TestKind,
    /// The 2D6.
    pub dice: [u8; 2],
    /// The players' modifier.
    pub modifier: i32,
    /// The row's range and named result.
    pub row: (i32, i32, String),
}

/// One committed action in the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// Sequence number, from 1.
    pub seq: u64,
    /// Turn it happened in.
    pub turn: u32,
    /// Phase it happened in.
    pub phase: Phase,
    /// Units it concerns (attacker first), for filtering.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<UnitId>,
    /// What happened.
    pub detail: LogDetail,
}

/// Two units in base contact, waiting for the Melee phase (GDB-MEL-01, GDB-MEL-02).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingMelee {
    /// The charging unit.
    pub attacker: UnitId,
    /// The unit charged.
    pub defender: UnitId,
    /// The attacker charged this turn (for GDB-MOD-21).
    #[serde(default)]
    pub charging: bool,
    /// Distance the attacker moved in its charge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved_cm: Option<u32>,
    /// The defender is struck in flank or rear.
    #[serde(default)]
    pub flank_or_rear: bool,
    /// Melee turn, from 1 (a drawn melee goes on, GDB-RES-11).
    #[serde(default = "one")]
    pub melee_turn: u32,
}

fn one() -> u32 {
    1
}

/// Turn, phase, phasing side and initiative: changed together by the phase events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// Turn number.
    pub turn: u32,
    /// Phase.
    pub phase: Phase,
    /// The side that moves first this turn.
    pub phasing: Option<Side>,
    /// This turn's initiative, once rolled.
    pub initiative: Option<InitiativeResult>,
}
