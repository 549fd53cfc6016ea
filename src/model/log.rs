//! The battle log and the turn's state: what was done, with its dice and breakdowns,
//! kept as data so the interface, the reports and both languages read the same record.

use serde::{Deserialize, Serialize};

use super::UnitId;
use crate::rules::gdb::initiative::InitiativeResult;
use crate::rules::gdb::{MeleeResult, MeleeSide, Outcome};
use crate::rules::ruleset_b::{BSide, CollisionResult};
use crate::rules::{ByRole, Modifier, Phase, Role, Side};

/// A result the players overruled: the result they impose, as a kind, with their reason.
/// The game applies the imposed result's effects; the log keeps both results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Override {
    /// The winner they impose (none: a draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Role>,
    /// The result they impose; absent in files of version 1, which kept words only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// What they decided, in their words (version-1 files).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub result: String,
    /// Why.
    pub reason: String,
}

/// A refusal of the rules the players overruled, because the table agrees otherwise
/// (design: a way to overrule the app, with a reason that is logged): the clause, as the
/// refusal names it, and their reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Overrule {
    /// The refusals overruled, each naming its clause (at most
    /// [`super::limits::MAX_OVERRULED`]).
    pub refusals: Vec<crate::rules::gdb::charge::ChargeError>,
    /// Why, in the players' words.
    pub reason: String,
}

/// What a log entry records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum LogDetail {
    /// A roster edit (setup or correction).
    Edit {
        /// The kind of edit, for its label.
        action: super::ActionKind,
        /// What it acted on.
        subject: String,
    },
    /// A new phase (and perhaps a new turn) began.
    Phase {
        /// The phase begun.
        phase: Phase,
        /// Units whose markers expired with it.
        expired: Vec<UnitId>,
        /// Units the table view moved with it (the Compulsory Moves of melee losers,
        /// GDB-SEQ-03), with the distance, cm.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        moved: Vec<(UnitId, u32)>,
    },
    /// The initiative roll.
    Initiative {
        /// Rolls, modifiers, totals, winner.
        result: InitiativeResult,
        /// The side the winner chose to be phasing; none after a tie, which is rolled again.
        phasing: Option<Side>,
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
        losses: ByRole<u32>,
        /// An overruled result.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        overridden: Option<Override>,
        /// The winner's pursuit or formation test, rolled on the players' table.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tests: Vec<TestRoll>,
        /// The results of the tests taken after the melee (GDB-RES-02).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        taken: Vec<super::TestTaken>,
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
        dice: ByRole<u8>,
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
        dice: ByRole<Vec<u8>>,
        /// Per-die modifiers of each side.
        modifiers: ByRole<Vec<Modifier>>,
        /// Figures killed by attacker and defender.
        hits: ByRole<u32>,
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
        /// What the players had to do on the table, each with its clauses.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        guidance: Vec<crate::rules::gdb::charge::Guidance>,
        /// The refusal the players overruled, with their reason.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        overruled: Option<Overrule>,
        /// Skirmishers in the charge's path, who evade and may not fire (GDB-CHG-22).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        screen: Vec<super::UnitId>,
        /// The ground each unit the charge moved on the table came to, where it changed:
        /// the unit, its ground before, after (issue 27: every change of ground logged).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        grounds: Vec<(super::UnitId, crate::rules::Terrain, crate::rules::Terrain)>,
    },
    /// A free note by the players.
    Note {
        /// The text.
        text: String,
        /// The umpire's: hidden from the players' view (issue 32).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        hidden: bool,
    },
    /// The umpire marked a unit hidden from the players' view, or showed it again
    /// (issue 32); the entry's unit is the one marked.
    Hidden {
        /// Hidden now (else shown again).
        hidden: bool,
    },
    /// A GdB charge declared (GDB-CHG-03); the entry's units are charger and target.
    ChargeDeclared {
        /// An opportunity charge (GDB-OPP-01).
        opportunity: bool,
        /// The refusal the players overruled, with their reason.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        overruled: Option<Overrule>,
    },
    /// A side's charge declarations closed (GDB-CHG-03).
    DeclarationsDone {
        /// The side.
        side: crate::rules::Side,
    },
    /// A fire; the entry's units are the firer and the target.
    Fire {
        /// The roll on the players' firing table and the row used, if rolled.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<TableRoll>,
        /// Figures the target lost.
        figures: u32,
        /// The players' rules owe the target a morale test.
        #[serde(default)]
        test_owed: bool,
    },
    /// A test taken; the entry's unit is the one that tested.
    TestTaken {
        /// Which test.
        test: crate::rules::options::TestKind,
        /// What it does.
        result: crate::rules::options::TestResult,
        /// The roll on the players' test table and the row used, if rolled.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<TableRoll>,
        /// The players called it; the game did not list it as owed.
        #[serde(default)]
        called: bool,
        /// A rally that takes effect as the next Compulsory Move phase begins.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        deferred: bool,
    },
    /// A unit changed formation (the entry's unit); unfinished, it is still changing.
    FormationChanged {
        /// The formation before.
        from: crate::rules::Formation,
        /// The formation taken.
        to: crate::rules::Formation,
        /// Finished this turn.
        finished: bool,
    },
    /// A unit stopped at the table's edge stays there or leaves the battle (the entry's
    /// unit).
    AtTheEdge {
        /// It left the battle.
        leaves: bool,
    },
    /// A unit moved in the Movement phase (the entry's unit).
    Moved {
        /// How far, in the rules' cm.
        cm: u32,
        /// The ground it left.
        from: crate::rules::Terrain,
        /// The ground it ends on.
        to: crate::rules::Terrain,
    },
    /// The tests still owed were dropped; the entry's units are the ones that owed them.
    TestsDropped {
        /// The players' reason.
        reason: String,
    },
}

/// A roll on a players' table: the 2D6 (or, under Ruleset B, one D6 and a 0, B-MEL-17),
/// the modifier, and the row's range and name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRoll {
    /// The 2D6; `[die, 0]` for one D6 (no face is 0).
    pub dice: [u8; 2],
    /// The players' modifier.
    pub modifier: i32,
    /// The row's range and named result.
    pub row: (i32, i32, String),
    /// The club's house modifiers for the test (issue 51).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house: Vec<Modifier>,
}

/// A phase's entry: the phase begun, the units whose markers expired with it and those
/// the table view moved with it (the distance, cm).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhaseBegun<'a> {
    /// The phase begun.
    pub phase: Phase,
    /// Units whose markers expired with it.
    pub expired: &'a [UnitId],
    /// Units the table view moved with it, with the distance, cm.
    pub moved: &'a [(UnitId, u32)],
}

impl PhaseBegun<'_> {
    /// It names units beyond its own (markers expired, units moved).
    pub fn names_units(&self) -> bool {
        !self.expired.is_empty() || !self.moved.is_empty()
    }
}

/// What an entry tells of the turn's tests (issue 28).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestFact {
    /// A fire whose target the players' rules owe a morale test (the entry's second unit).
    FireOwesTest,
    /// A test taken (by the entry's unit).
    Taken(crate::rules::options::TestKind),
    /// The tests still owed were dropped.
    Dropped,
}

impl LogEntry {
    /// Whether two entries record the same, the marks of the modifiers that decided a
    /// result aside (issue 51: derived, and not in files made before them).
    pub fn same_record(&self, other: &LogEntry) -> bool {
        let unmarked = |e: &LogEntry| LogEntry { detail: e.detail.unmarked().into_owned(), ..e.clone() };
        self == other || unmarked(self) == unmarked(other)
    }
}

impl LogDetail {
    /// The detail with no modifier marked as having decided the result (issue 51).
    pub fn unmarked(&self) -> std::borrow::Cow<'_, LogDetail> {
        if !matches!(self, LogDetail::GdbMelee { .. } | LogDetail::BCollision { .. } | LogDetail::BMelee { .. }) {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut out = self.clone();
        for m in out.breakdowns_mut().into_iter().flatten() {
            m.pivotal = false;
        }
        std::borrow::Cow::Owned(out)
    }

    /// The breakdowns of the results the entry records: a melee's or a collision's two
    /// sides, a Ruleset B melee turn's die modifiers.
    pub fn breakdowns_mut(&mut self) -> Vec<&mut Vec<Modifier>> {
        match self {
            LogDetail::GdbMelee { attacker_modifiers: a, defender_modifiers: d, .. }
            | LogDetail::BCollision { attacker_modifiers: a, defender_modifiers: d, .. } => vec![a, d],
            LogDetail::BMelee { modifiers, .. } => vec![&mut modifiers.attacker, &mut modifiers.defender],
            LogDetail::Edit { .. }
            | LogDetail::Phase { .. }
            | LogDetail::Initiative { .. }
            | LogDetail::Charge { .. }
            | LogDetail::Note { .. }
            | LogDetail::Hidden { .. }
            | LogDetail::ChargeDeclared { .. }
            | LogDetail::DeclarationsDone { .. }
            | LogDetail::Fire { .. }
            | LogDetail::TestTaken { .. }
            | LogDetail::FormationChanged { .. }
            | LogDetail::AtTheEdge { .. }
            | LogDetail::Moved { .. }
            | LogDetail::TestsDropped { .. } => Vec::new(),
        }
    }

    /// The phase this entry began, if it is a phase's entry.
    pub fn phase_begun(&self) -> Option<PhaseBegun<'_>> {
        match self {
            LogDetail::Phase { phase, expired, moved } => Some(PhaseBegun { phase: *phase, expired, moved }),
            LogDetail::Edit { .. }
            | LogDetail::Initiative { .. }
            | LogDetail::GdbMelee { .. }
            | LogDetail::BCollision { .. }
            | LogDetail::BMelee { .. }
            | LogDetail::Charge { .. }
            | LogDetail::Note { .. }
            | LogDetail::Hidden { .. }
            | LogDetail::ChargeDeclared { .. }
            | LogDetail::DeclarationsDone { .. }
            | LogDetail::Fire { .. }
            | LogDetail::TestTaken { .. }
            | LogDetail::TestsDropped { .. }
            | LogDetail::FormationChanged { .. }
            | LogDetail::Moved { .. }
            | LogDetail::AtTheEdge { .. } => None,
        }
    }

    /// The figures a General de Brigade melee took from each side (its units' morale
    /// tests follow, GDB-RES-02); none for other entries, a Ruleset B melee's included,
    /// which takes its end-of-melee tests itself (B-MEL-02, 03).
    pub fn gdb_melee_losses(&self) -> Option<ByRole<u32>> {
        match self {
            LogDetail::GdbMelee { losses, .. } => Some(*losses),
            LogDetail::BMelee { .. }
            | LogDetail::Edit { .. }
            | LogDetail::Phase { .. }
            | LogDetail::Initiative { .. }
            | LogDetail::BCollision { .. }
            | LogDetail::Charge { .. }
            | LogDetail::Note { .. }
            | LogDetail::Hidden { .. }
            | LogDetail::ChargeDeclared { .. }
            | LogDetail::DeclarationsDone { .. }
            | LogDetail::Fire { .. }
            | LogDetail::TestTaken { .. }
            | LogDetail::TestsDropped { .. }
            | LogDetail::FormationChanged { .. }
            | LogDetail::Moved { .. }
            | LogDetail::AtTheEdge { .. } => None,
        }
    }

    /// A charge's record: what happened, in order, and the distance at its declaration.
    pub fn charge_record(&self) -> Option<(&[crate::rules::gdb::charge::Happening], u32)> {
        match self {
            LogDetail::Charge { happened, distance_cm, .. } => Some((happened, *distance_cm)),
            LogDetail::Edit { .. }
            | LogDetail::Phase { .. }
            | LogDetail::Initiative { .. }
            | LogDetail::GdbMelee { .. }
            | LogDetail::BCollision { .. }
            | LogDetail::BMelee { .. }
            | LogDetail::Note { .. }
            | LogDetail::Hidden { .. }
            | LogDetail::ChargeDeclared { .. }
            | LogDetail::DeclarationsDone { .. }
            | LogDetail::Fire { .. }
            | LogDetail::TestTaken { .. }
            | LogDetail::TestsDropped { .. }
            | LogDetail::FormationChanged { .. }
            | LogDetail::Moved { .. }
            | LogDetail::AtTheEdge { .. } => None,
        }
    }

    /// The umpire's alone (issue 32): a hidden note, or a unit marked hidden or shown.
    pub fn umpires_only(&self) -> bool {
        match self {
            LogDetail::Note { hidden, .. } => *hidden,
            LogDetail::Hidden { .. } => true,
            LogDetail::Phase { .. }
            | LogDetail::Edit { .. }
            | LogDetail::Initiative { .. }
            | LogDetail::GdbMelee { .. }
            | LogDetail::BCollision { .. }
            | LogDetail::BMelee { .. }
            | LogDetail::Charge { .. }
            | LogDetail::ChargeDeclared { .. }
            | LogDetail::DeclarationsDone { .. }
            | LogDetail::Fire { .. }
            | LogDetail::TestTaken { .. }
            | LogDetail::TestsDropped { .. }
            | LogDetail::FormationChanged { .. }
            | LogDetail::Moved { .. }
            | LogDetail::AtTheEdge { .. } => false,
        }
    }

    /// It tells a result the players wait for: a melee, collision, charge, fire or test.
    pub fn tells_result(&self) -> bool {
        match self {
            LogDetail::GdbMelee { .. }
            | LogDetail::BCollision { .. }
            | LogDetail::BMelee { .. }
            | LogDetail::Charge { .. }
            | LogDetail::Fire { .. }
            | LogDetail::TestTaken { .. } => true,
            LogDetail::Edit { .. }
            | LogDetail::Phase { .. }
            | LogDetail::Initiative { .. }
            | LogDetail::Note { .. }
            | LogDetail::Hidden { .. }
            | LogDetail::ChargeDeclared { .. }
            | LogDetail::DeclarationsDone { .. }
            | LogDetail::TestsDropped { .. }
            | LogDetail::FormationChanged { .. }
            | LogDetail::Moved { .. }
            | LogDetail::AtTheEdge { .. } => false,
        }
    }

    /// It belongs in the battle's account: play, a pending melee added or cleared, a
    /// phase that expired markers or moved units; not the roster's other edits or a bare
    /// phase change.
    pub fn in_account(&self) -> bool {
        match self {
            LogDetail::Edit { action, .. } => {
                matches!(action, super::ActionKind::AddPendingMelee | super::ActionKind::ClearPendingMelee)
            }
            LogDetail::Phase { expired, moved, .. } => !expired.is_empty() || !moved.is_empty(),
            LogDetail::Initiative { .. }
            | LogDetail::GdbMelee { .. }
            | LogDetail::BCollision { .. }
            | LogDetail::BMelee { .. }
            | LogDetail::Charge { .. }
            | LogDetail::Note { .. }
            | LogDetail::Hidden { .. }
            | LogDetail::ChargeDeclared { .. }
            | LogDetail::DeclarationsDone { .. }
            | LogDetail::Fire { .. }
            | LogDetail::TestTaken { .. }
            | LogDetail::TestsDropped { .. }
            | LogDetail::FormationChanged { .. }
            | LogDetail::Moved { .. }
            | LogDetail::AtTheEdge { .. } => true,
        }
    }

    /// The figures the entry took, each from one of its units (its index in the entry's
    /// units: 0 the attacker, charger or firer, 1 the defender or target): melee losses
    /// and hits, a charge's closing fire and overrun bases (GDB-EVD-12), fire (issue 28).
    pub fn figures_lost(&self) -> Vec<(usize, u32)> {
        match self {
            LogDetail::GdbMelee { losses, .. } => vec![(0, losses.attacker), (1, losses.defender)],
            // Each side's hits are the other's losses.
            LogDetail::BMelee { hits, .. } => vec![(0, hits.defender), (1, hits.attacker)],
            LogDetail::Charge { happened, .. } => happened
                .iter()
                .filter_map(crate::rules::gdb::charge::Happening::figures_lost)
                .map(|(role, figures)| (role.index(), figures))
                .collect(),
            LogDetail::Fire { figures, .. } => vec![(1, *figures)],
            LogDetail::Edit { .. }
            | LogDetail::Phase { .. }
            | LogDetail::Initiative { .. }
            | LogDetail::BCollision { .. }
            | LogDetail::Note { .. }
            | LogDetail::Hidden { .. }
            | LogDetail::ChargeDeclared { .. }
            | LogDetail::DeclarationsDone { .. }
            | LogDetail::TestTaken { .. }
            | LogDetail::TestsDropped { .. }
            | LogDetail::FormationChanged { .. }
            | LogDetail::Moved { .. }
            | LogDetail::AtTheEdge { .. } => Vec::new(),
        }
    }

    /// What the entry tells of the turn's tests, if anything.
    pub fn test_fact(&self) -> Option<TestFact> {
        match self {
            LogDetail::Fire { test_owed: true, .. } => Some(TestFact::FireOwesTest),
            LogDetail::TestTaken { test, .. } => Some(TestFact::Taken(*test)),
            LogDetail::TestsDropped { .. } => Some(TestFact::Dropped),
            LogDetail::Fire { test_owed: false, .. }
            | LogDetail::Edit { .. }
            | LogDetail::Phase { .. }
            | LogDetail::Initiative { .. }
            | LogDetail::GdbMelee { .. }
            | LogDetail::BCollision { .. }
            | LogDetail::BMelee { .. }
            | LogDetail::Charge { .. }
            | LogDetail::Note { .. }
            | LogDetail::Hidden { .. }
            | LogDetail::ChargeDeclared { .. }
            | LogDetail::DeclarationsDone { .. }
            | LogDetail::FormationChanged { .. }
            | LogDetail::Moved { .. }
            | LogDetail::AtTheEdge { .. } => None,
        }
    }

    /// The first text of the entry longer than the file format allows: a note, an imposed
    /// result and its reason, an overrule's reason.
    pub fn text_problem(&self) -> Option<super::Problem> {
        use super::limits::{MAX_REASON_CHARS, MAX_TEXT_CHARS};
        use super::validate::check_length;
        let overridden = |o: &Option<Override>| {
            o.as_ref().and_then(|o| {
                check_length("result", &o.result, MAX_TEXT_CHARS)
                    .and_then(|()| check_length("reason", &o.reason, MAX_TEXT_CHARS))
                    .err()
            })
        };
        let overruled =
            |o: &Option<Overrule>| o.as_ref().and_then(|o| check_length("reason", &o.reason, MAX_REASON_CHARS).err());
        match self {
            LogDetail::Note { text, .. } => check_length("note", text, MAX_TEXT_CHARS).err(),
            LogDetail::GdbMelee { overridden: o, .. } | LogDetail::BCollision { overridden: o, .. } => overridden(o),
            LogDetail::Charge { overruled: o, .. } | LogDetail::ChargeDeclared { overruled: o, .. } => overruled(o),
            LogDetail::Edit { subject, .. } => check_length("subject", subject, MAX_TEXT_CHARS).err(),
            LogDetail::TestsDropped { reason } => check_length("reason", reason, MAX_REASON_CHARS).err(),
            LogDetail::Phase { .. }
            | LogDetail::Initiative { .. }
            | LogDetail::BMelee { .. }
            | LogDetail::DeclarationsDone { .. }
            | LogDetail::Fire { .. }
            | LogDetail::TestTaken { .. }
            | LogDetail::FormationChanged { .. }
            | LogDetail::Moved { .. }
            | LogDetail::Hidden { .. }
            | LogDetail::AtTheEdge { .. } => None,
        }
    }
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
    /// The club's house modifiers for the test (issue 51).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house: Vec<Modifier>,
}

/// One committed action in the log: what was done (its inputs) and what came of it.
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
    /// The action's inputs, for `coldsteel replay` (absent in migrated version-1 files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Box<super::Action>>,
    /// Units the umpire had hidden that this action showed to the players again: they
    /// charged or were charged (issue 32).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revealed: Vec<UnitId>,
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
