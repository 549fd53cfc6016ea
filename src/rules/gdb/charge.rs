//! The General de Brigade charge sequence (seed 001) as a pure step machine: each step
//! asks for exactly the decisions and dice the rules need and answers with what
//! happens (GDB-CHG-01..27, GDB-ART-01..07, GDB-OPP-01..11, GDB-EVD-01..13).
//!
//! Distances and angles come from the players: the table is physical. Tests whose
//! tables the seeds omit are entered by their named result (AMB-23).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::Role;
use crate::rules::dice::D6;
use crate::rules::explain::Modifier;
use crate::rules::house::SideFacts;
pub use crate::rules::options::TestResult;
use crate::rules::options::{FirstMove, GdbOptions, TestKind};
use crate::rules::vocab::{Arm, Class, Face, Formation, Horses, Order, Quality, Rank, Status, Terrain};

/// One unit's part in a charge: what the sequence reads of it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChargeUnit {
    /// Troop type.
    pub arm: Arm,
    /// Formation.
    pub formation: Formation,
    /// Order.
    pub order: Order,
    /// Its full charge move for its formation, cm (player table, AMB-25).
    pub charge_move_cm: Option<u32>,
    /// Its ordinary move for its formation, cm (AMB-25).
    pub move_cm: Option<u32>,
    /// Its compulsory (retreat) move, cm (AMB-24); evade and pre-contact retreat are half.
    pub compulsory_move_cm: Option<u32>,
    /// Its rout move, cm, where the players' table sets one (AMB-43); else its
    /// compulsory move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rout_move_cm: Option<u32>,
    /// Figures it has, where known: closing fire cannot take more (GDB-CHG-13).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub figures: Option<u32>,
    /// Its class, status, ground and horses, where known: what a club's house modifier
    /// for its test reads beside its arm, formation and order (issue 51).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<Class>,
    /// Its status letter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
    /// The ground it stands on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terrain: Option<Terrain>,
    /// Its horses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horses: Option<Horses>,
}

impl ChargeUnit {
    /// What a house rule's condition for its test reads (issue 51).
    pub fn facts(&self) -> SideFacts<'static> {
        SideFacts {
            arm: self.arm,
            class: self.class,
            status: self.status,
            formation: self.formation,
            order: self.order,
            terrain: self.terrain,
            horses: self.horses,
            situation: None,
        }
    }
}

/// What the players measured and know at the declaration (GDB-CHG-01, 02, GDB-OPP).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Declaration {
    /// The charging unit.
    pub charger: ChargeUnit,
    /// The target.
    pub target: ChargeUnit,
    /// Distance between them, cm.
    pub distance_cm: u32,
    /// Rank of the nearest commander who may order it (own brigade general or C-in-C).
    pub commander: Option<Rank>,
    /// That commander's quality.
    pub commander_quality: Option<Quality>,
    /// The commander is within 15 cm (GDB-CHG-01).
    pub commander_within_15cm: bool,
    /// The commander is the unit's own brigade general or the C-in-C.
    pub commander_is_own: bool,
    /// The target is visible (GDB-CHG-02).
    pub target_visible: bool,
    /// Bearing of the target from straight ahead, degrees (GDB-CHG-02, AMB-21).
    pub bearing_deg: u32,
    /// The charger has itself been charged this phase (GDB-CHG-05).
    pub charger_was_charged: bool,
    /// The target had declared a charge of its own that this one pre-empts (an
    /// opportunity charge). It reacts as any charged unit may; it only may not charge a
    /// third unit (GDB-CHG-05 corrected, GDB-OPP-02, EX-5).
    pub target_was_charging: bool,
    /// The target is changing formation this turn: it may not fire (GDB-CHG-11).
    #[serde(default)]
    pub target_changing_formation: bool,
    /// The face of the target the charge strikes, as measured (GDB-CHG-16, GDB-MOD-20).
    #[serde(skip_serializing_if = "is_front")]
    pub struck_face: Face,
    /// The target is already in a melee (GDB-MEL-02, AMB-15): it stays where it is and
    /// takes no test; a charger that reaches it joins that melee.
    #[serde(default)]
    pub target_in_melee: bool,
    /// An opportunity charge (GDB-OPP).
    pub opportunity: Option<Opportunity>,
    /// A follow-up charge at a new target (GDB-CHG-19 b): what is left of the charger's
    /// charge move after its first charge, where the charge move is known. The reach is
    /// this, not the full move again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reach_left_cm: Option<u32>,
    /// The refusals the players overruled, with a reason the journal keeps: those
    /// requirements are not checked (the table agreed otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub overruled: Vec<ChargeError>,
    /// The target defends buildings: charging infantry may occupy them when it leaves
    /// (GDB-CHG-20).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub target_in_buildings: bool,
}

fn is_front(face: &Face) -> bool {
    *face == Face::Front
}

impl Declaration {
    /// How far the charger may reach: its charge move, or for a follow-up at a new target
    /// what is left of it (GDB-CHG-02, 19 b).
    pub fn reach_cm(&self) -> Option<u32> {
        match (self.reach_left_cm, self.charger.charge_move_cm) {
            (Some(left), Some(full)) => Some(left.min(full)),
            (Some(left), None) => Some(left),
            (None, full) => full,
        }
    }
}

/// What an opportunity charge must also satisfy (GDB-OPP-01..11).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Opportunity {
    /// Orders the ordering general has already given this turn (GDB-OPP-05).
    pub orders_used: u32,
    /// The ordering general is a brigade general of another brigade (GDB-OPP-06).
    pub other_brigade: bool,
    /// Within charge distance of the enemy charger at the start of the Charge phase
    /// (GDB-OPP-09, AMB-20).
    pub in_reach_at_phase_start: bool,
    /// The enemy has already begun carrying out its charge (GDB-OPP-08, 10).
    pub enemy_charge_begun: bool,
}

/// Why a charge may not be declared or a step not taken. The machine is unchanged.
#[derive(Clone, Debug, Error, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "reason", content = "value")]
pub enum ChargeError {
    /// GDB-CHG-01: no own brigade general or C-in-C within 15 cm.
    #[error("no commander within 15 cm (GDB-CHG-01)")]
    NoCommander,
    /// GDB-MOD-FN4 read for ordering: a regimental commander cannot order a charge.
    #[error("a regimental commander cannot order a charge")]
    RegimentalCommander,
    /// GDB-CHG-02: the target cannot be seen.
    #[error("the target is not visible (GDB-CHG-02)")]
    NotVisible,
    /// GDB-CHG-02: out of reach.
    #[error("the target is {distance} cm away, beyond the {reach} cm charge move (GDB-CHG-02)")]
    OutOfReach {
        /// Distance.
        distance: u32,
        /// Charge move.
        reach: u32,
    },
    /// GDB-CHG-02, AMB-21: outside 22° each side.
    #[error("the target is {0}° off straight ahead, outside the 22° sector (GDB-CHG-02)")]
    OutsideSector(u32),
    /// GDB-CHG-05: a unit charged this turn may not charge a third unit.
    #[error("a unit charged this turn may not charge a third unit (GDB-CHG-05)")]
    AlreadyCharged,
    /// GDB-OPP-04.
    #[error("only cavalry may make opportunity charges (GDB-OPP-04)")]
    OpportunityNotCavalry,
    /// GDB-OPP-05, AMB-44.
    #[error("this general has already given his opportunity-charge order this turn (GDB-OPP-05)")]
    NoOrdersLeft,
    /// GDB-OPP-06.
    #[error("a brigade general may order only his own brigade's cavalry (GDB-OPP-06)")]
    NotOwnBrigade,
    /// GDB-OPP-09.
    #[error("not within charge distance at the start of the Charge phase (GDB-OPP-09)")]
    NotInReachAtStart,
    /// GDB-OPP-08, 10.
    #[error("too late: the enemy charge has begun (GDB-OPP-08, GDB-OPP-10)")]
    TooLate,
    /// GDB-EVD-01, AMB-04.
    #[error("this troop type may not evade (GDB-EVD-01)")]
    MayNotEvade,
    /// GDB-CHG-06, AMB-41.
    #[error("this unit may not counter-charge (GDB-CHG-06)")]
    MayNotCounterCharge,
    /// GDB-CHG-10: not enough time before contact.
    #[error("the formation change takes {needed}, the charger arrives in {available} of a turn (GDB-CHG-10)")]
    NoTimeToChange {
        /// Duration of the change, as a fraction of a turn.
        needed: Frac,
        /// Time until contact, as a fraction of a turn.
        available: Frac,
    },
    /// The formation-change table has no duration for this change: the players give it.
    #[error("the formation-change duration is not known: enter it")]
    DurationUnknown,
    /// The charger's full charge move is needed for the timing.
    #[error("the charger's full charge move is not known: enter it")]
    ChargeMoveUnknown,
    /// GDB-CHG-11: a unit changing formation may not fire this turn.
    #[error("a unit changing formation may not fire this turn (GDB-CHG-11)")]
    MayNotFire,
    /// A test was rolled on the players' table, but no row holds the total (AMB-23).
    #[error("no row of the players' table holds the total {0}")]
    NoTableRow(i32),
    /// General de Brigade's tests read two D6 on the players' table; one die is Ruleset
    /// B's (B-MEL-17).
    #[error("General de Brigade tests roll two D6")]
    TwoDiceNeeded,
    /// A result this test cannot have (a pursuit from a test to stand, say).
    #[error("a {test:?} test cannot have the result {result:?}")]
    NotAResultOf {
        /// The test.
        test: TestKind,
        /// The result given.
        result: TestResult,
    },
    /// More bases lost than the unit has figures (GDB-EVD-12).
    #[error("{lost} figures lost, but the unit has {has}")]
    TooManyLost {
        /// Figures entered.
        lost: u32,
        /// Figures the unit has.
        has: u32,
    },
    /// GDB-CHG-22: skirmishers in the path of a charge must evade.
    #[error("skirmishers in the path of a charge must evade (GDB-CHG-22)")]
    SkirmishersMustEvade,
    /// GDB-CHG-18: the counter-charger meets the charger inside the gap left after the
    /// charger's first move, not beyond it.
    #[error("the counter-charger can meet at most the {gap} cm left, not {counter} cm (GDB-CHG-18)")]
    MeetBeyondGap {
        /// The distance typed.
        counter: u32,
        /// The gap left between the two.
        gap: u32,
    },
    /// GDB-CHG-20: only charging infantry occupies the buildings the enemy left.
    #[error("only charging infantry may occupy buildings (GDB-CHG-20)")]
    OnlyInfantryOccupies,
    /// GDB-CHG-20: the enemy that left was not defending buildings.
    #[error("the enemy that left was not defending buildings (GDB-CHG-20)")]
    NoBuildingsToOccupy,
    /// GDB-ART-04: only a crew that fled can run into a friend.
    #[error("the crew did not flee, so it ran into no one (GDB-ART-04)")]
    CrewDidNotFlee,
    /// GDB-CHG-19 a: carrying on needs the target still within what is left of the move.
    #[error("carrying on needs {needed} cm, but {left} cm of the charge move are left (GDB-CHG-19)")]
    CarryOnOutOfReach {
        /// How far the target now stands.
        needed: u32,
        /// What is left of the charge move.
        left: u32,
    },
    /// GDB-CHG-19 a: evaders that were not caught are out of reach.
    #[error("the evaders were not caught: they are out of reach (GDB-CHG-19)")]
    EvadersOutOfReach,
    /// GDB-CHG-19 b: nothing is left of the charge move for a new target.
    #[error("nothing is left of the charge move for a new target (GDB-CHG-19)")]
    NoMoveLeft,
    /// GDB-CHG-13, 19: a charger halted by its charge test is done for this turn.
    #[error("this unit was halted by its charge test and may not charge again this turn (GDB-CHG-13)")]
    ChargerHalted,
    /// GDB-CHG-19: a unit charges once a turn; only a follow-up at a new target (b)
    /// starts the procedure again.
    #[error("this unit has charged this turn; only a follow-up at a new target charges again (GDB-CHG-19)")]
    ChargedThisTurn,
    /// GDB-MEL-02: a unit in base contact stays where it is until the Melee phase.
    #[error("this unit is in base contact and stays there until the Melee phase (GDB-MEL-02)")]
    ChargerInContact,
    /// Kept for journals recorded before melees of more than one unit a side were built
    /// (AMB-15): a unit already in melee could not be charged then. Never raised now.
    #[error("the target is already in a melee; joining it is not supported (GDB-MEL-02, AMB-15)")]
    TargetInMelee,
    /// GDB-MEL-02: a target already in melee stays where it is: it only stands.
    #[error("the target is in a melee and stays where it is: it only stands (GDB-MEL-02)")]
    TargetInMeleeStands,
    /// GDB-SEQ-02, GDB-CHG-03: charges are declared in the Charges phase.
    #[error("charges are declared in the Charges phase (GDB-CHG-03)")]
    NotChargesPhase,
    /// GDB-OPP-05: the ordering general is gone, or not of the charger's side.
    #[error("this general cannot give the order (GDB-OPP-05)")]
    NotAnOrderingGeneral,
    /// GDB-CHG-03: this unit's charge is declared already.
    #[error("this unit has declared its charge already (GDB-CHG-03)")]
    AlreadyDeclared,
    /// GDB-CHG-03: the phasing side declares first.
    #[error("the phasing side declares its charges first (GDB-CHG-03)")]
    PhasingDeclaresFirst,
    /// GDB-CHG-03: this side's declarations are over for this phase.
    #[error("this side's declarations are over for this phase (GDB-CHG-03)")]
    DeclarationsClosed,
    /// GDB-CHG-03: charges are carried out once both sides' declarations are over.
    #[error("charges are carried out once both sides have declared (GDB-CHG-03)")]
    DeclarationsOpen,
    /// GDB-OPP-01: an opportunity charge answers the enemy declaration just made.
    #[error("an opportunity charge answers the enemy charge just declared, at its charger (GDB-OPP-01)")]
    NotAnAnswer,
    /// GDB-OPP-02, 03: opportunity charges are carried out first.
    #[error("the opportunity charges are carried out first (GDB-OPP-02)")]
    OpportunityFirst,
    /// GDB-CHG-04: the phasing side's charges are carried out first.
    #[error("the phasing side's charges are carried out first (GDB-CHG-04)")]
    PhasingChargesFirst,
    /// The distance typed is not what the table shows between the placed units.
    #[error("the table shows {table} cm, not the {typed} cm typed")]
    TableDistance {
        /// Typed, cm.
        typed: u32,
        /// On the table, whole cm of the rules.
        table: u32,
    },
    /// The bearing typed is not what the table shows.
    #[error("the table shows {table}°, not the {typed}° typed")]
    TableBearing {
        /// Typed, degrees.
        typed: u32,
        /// On the table, whole degrees.
        table: u32,
    },
    /// "A commander within 15 cm" typed against what the table shows (GDB-CHG-01).
    #[error("the table shows the commander {}within 15 cm (GDB-CHG-01)", if *table { "" } else { "not " })]
    TableCommander {
        /// What the table shows.
        table: bool,
    },
    /// The step does not take that input now.
    #[error("that is not asked for at this step")]
    WrongStep,
}

impl From<crate::rules::dice::NoRow> for ChargeError {
    fn from(e: crate::rules::dice::NoRow) -> Self {
        ChargeError::NoTableRow(e.0)
    }
}

impl ChargeError {
    /// Whether the players may overrule this refusal with a reason (design: the table
    /// agrees on something else): a clause that decides whether a charge may be declared
    /// or carried out now. A bad input, a step's own choice or a melee of more than one
    /// unit a side (AMB-15, not supported) is not.
    pub fn overrulable(&self) -> bool {
        use ChargeError as E;
        matches!(
            self,
            E::NoCommander
                | E::RegimentalCommander
                | E::NotVisible
                | E::OutOfReach { .. }
                | E::OutsideSector(_)
                | E::AlreadyCharged
                | E::OpportunityNotCavalry
                | E::NoOrdersLeft
                | E::NotOwnBrigade
                | E::NotInReachAtStart
                | E::TooLate
                | E::ChargerHalted
                | E::ChargedThisTurn
                | E::ChargerInContact
                | E::NotChargesPhase
                | E::PhasingDeclaresFirst
                | E::DeclarationsClosed
                | E::DeclarationsOpen
                | E::NotAnAnswer
                | E::OpportunityFirst
                | E::PhasingChargesFirst
                | E::TableDistance { .. }
                | E::TableBearing { .. }
                | E::TableCommander { .. }
                | E::MeetBeyondGap { .. }
                | E::OnlyInfantryOccupies
                | E::NoBuildingsToOccupy
                | E::CrewDidNotFlee
                | E::CarryOnOutOfReach { .. }
                | E::EvadersOutOfReach
                | E::NoMoveLeft
        )
    }

    /// Whether the game judges this since the charge procedure moved into it (file
    /// version 3): a version-2 journal may hold an entry it now refuses.
    pub fn judged_since_v3(&self) -> bool {
        use ChargeError as E;
        match self {
            E::MeetBeyondGap { .. }
            | E::OnlyInfantryOccupies
            | E::NoBuildingsToOccupy
            | E::CrewDidNotFlee
            | E::CarryOnOutOfReach { .. }
            | E::EvadersOutOfReach
            | E::NoMoveLeft
            | E::ChargerHalted
            | E::ChargedThisTurn
            | E::ChargerInContact
            | E::TargetInMelee
            | E::TargetInMeleeStands
            | E::NotChargesPhase
            | E::NotAnOrderingGeneral
            | E::AlreadyDeclared
            | E::PhasingDeclaresFirst
            | E::DeclarationsClosed
            | E::DeclarationsOpen
            | E::NotAnAnswer
            | E::OpportunityFirst
            | E::PhasingChargesFirst
            | E::NotOwnBrigade
            | E::OutOfReach { .. }
            | E::TooLate
            | E::TooManyLost { .. }
            | E::TableDistance { .. }
            | E::TableBearing { .. }
            | E::TableCommander { .. } => true,
            E::NoCommander
            | E::RegimentalCommander
            | E::NotVisible
            | E::OutsideSector(_)
            | E::AlreadyCharged
            | E::OpportunityNotCavalry
            | E::NoOrdersLeft
            | E::NotInReachAtStart
            | E::MayNotEvade
            | E::MayNotCounterCharge
            | E::NoTimeToChange { .. }
            | E::DurationUnknown
            | E::ChargeMoveUnknown
            | E::MayNotFire
            | E::NoTableRow(_)
            | E::TwoDiceNeeded
            | E::NotAResultOf { .. }
            | E::SkirmishersMustEvade
            | E::WrongStep => false,
        }
    }
}

/// A fraction of a turn, kept exact (numerator, denominator).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frac(pub u32, pub u32);

impl Frac {
    /// `a` is at least `b`.
    pub fn at_least(self, b: Frac) -> bool {
        u64::from(self.0) * u64::from(b.1) >= u64::from(b.0) * u64::from(self.1)
    }

    /// This fraction of `cm`, rounded down.
    pub fn of(self, cm: u32) -> u32 {
        if self.1 == 0 { 0 } else { u32::try_from(u64::from(cm) * u64::from(self.0) / u64::from(self.1)).unwrap_or(0) }
    }
}

impl std::fmt::Display for Frac {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let g = gcd(self.0, self.1).max(1);
        write!(f, "{}/{}", self.0 / g, self.1 / g)
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The target's reaction (GDB-CHG-06).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "reaction")]
pub enum Reaction {
    /// Stand without firing.
    Stand,
    /// Stand and fire (artillery: canister).
    StandAndFire,
    /// Counter-charge (cavalry; infantry only with AMB-41).
    CounterCharge,
    /// Change formation, e.g. form square (GDB-CHG-10..12).
    ChangeFormation {
        /// The new formation.
        to: Formation,
        /// Its duration as a fraction of a turn, when the table does not know it.
        duration: Option<Frac>,
    },
    /// Evade (eligible types only, GDB-EVD-01).
    Evade,
}

/// A test's result as the players give it: its kind, or 2D6 and a modifier rolled on the
/// players' table, whose row names the kind (AMB-23).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TestAnswer {
    /// The result, chosen by the players.
    Result(TestResult),
    /// Rolled on the players' table.
    Rolled {
        /// The 2D6.
        dice: [D6; 2],
        /// The players' modifier.
        modifier: i32,
    },
    /// Rolled on the players' table with one D6: Ruleset B's tests (B-MEL-17).
    RolledOne {
        /// The D6.
        die: D6,
        /// The players' modifier.
        modifier: i32,
    },
}

impl From<TestResult> for TestAnswer {
    fn from(r: TestResult) -> Self {
        TestAnswer::Result(r)
    }
}

/// What the charger does after its target retreats, routs or evades (GDB-CHG-19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FollowUp {
    /// (a) Carry on at the same target, still within reach.
    CarryOn,
    /// (b) Charge another enemy within 22° and reach: the procedure starts again.
    NewTarget,
    /// (c) Stop on the ground the enemy left.
    Stop,
    /// (d) Use the rest of the move straight on.
    StraightOn,
}

/// The players' input at a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "input", content = "value")]
pub enum Input {
    /// The target's reaction.
    Reaction(Reaction),
    /// Figures the closing fire removed from the charger.
    ClosingFire {
        /// Figures.
        casualties: u32,
    },
    /// The charger's charge ("cold steel") test (GDB-CHG-13).
    ChargerTest(TestAnswer),
    /// The counter-charger's test (GDB-CHG-17).
    CounterTest(TestAnswer),
    /// The target's test to stand (GDB-CHG-14, AMB-45).
    StandTest(TestAnswer),
    /// Figures of the overrun skirmishers whose bases the chargers contacted (GDB-EVD-12).
    BasesLost {
        /// Figures.
        figures: u32,
    },
    /// The Emergency Limber roll and, for 2..6, the result the players' table names
    /// (GDB-ART-01..03, AMB-22).
    EmergencyLimber {
        /// The 1D6.
        die: D6,
        /// The named result for 2..6.
        named: Option<String>,
    },
    /// Whether the charger caught the evaders (measured on the table).
    Caught(bool),
    /// The target wheeled to face before the charger's test (GDB-CHG-16).
    FacedInTime(bool),
    /// The charger's follow-up (GDB-CHG-19).
    FollowUp(FollowUp),
    /// How far the counter-charger moved to meet the charger (GDB-CHG-17, 18).
    CounterMeet {
        /// Distance, cm.
        counter_cm: u32,
    },
    /// Charging infantry occupies the buildings the enemy left (GDB-CHG-20).
    Occupy {
        /// Movement it needs.
        needed_cm: u32,
        /// Movement it has left.
        left_cm: u32,
    },
    /// The fleeing crew ran into a friendly unit (GDB-ART-04).
    CrewRanIntoFriend,
}

/// What happens, for the log, the events and the table diff.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Happening {
    /// The charger moves, cm (GDB-CHG-07; the interceptor first, GDB-OPP-11).
    ChargerMoves {
        /// Distance.
        cm: u32,
    },
    /// The target has this share of a turn to act (GDB-CHG-09); its allowance in cm.
    TimeForTarget {
        /// The share of a turn.
        fraction: Frac,
        /// What it may move (ordinary move or evade), if known.
        allowance_cm: Option<u32>,
    },
    /// The target changes formation and may not fire (GDB-CHG-11); it tests as
    /// disordered meanwhile (GDB-CHG-12).
    TargetChangesFormation {
        /// The new formation.
        to: Formation,
    },
    /// Closing fire hits the charger.
    ChargerLoses {
        /// Figures.
        figures: u32,
    },
    /// The charge stops: the charger failed its test with this result (GDB-CHG-13,
    /// AMB-42): halt stops it, unformed also disorders it, retreat and rout send it back.
    ChargeHalts {
        /// The result.
        #[serde(default)]
        result: TestResult,
    },
    /// The target retreats at once half its compulsory move (GDB-CHG-14, AMB-29).
    TargetRetreats {
        /// Distance, when the compulsory move is known.
        cm: Option<u32>,
    },
    /// The charger takes the vacated ground, still formed (GDB-CHG-14).
    ChargerOccupies,
    /// The target failed its test with a result that does not move it (halt, or
    /// unformed, which disorders it) and stays in the charger's path (AMB-28).
    TargetFailsButStays {
        /// The result.
        #[serde(default)]
        result: TestResult,
    },
    /// The target routs and leaves the charger's path (GDB-CHG-14 corrected); it makes
    /// its rout move (the retreat move when no rout distance is set, AMB-43).
    TargetRouts {
        /// Distance, when known.
        cm: Option<u32>,
    },
    /// The guns are abandoned (GDB-ART-02, 05; GDB-EVD-09).
    GunsAbandoned,
    /// The crew flees half its retreat move (GDB-ART-02, AMB-03).
    CrewFlees {
        /// Distance, when known.
        cm: Option<u32>,
    },
    /// An Emergency Limber result from the players' table (GDB-ART-03, AMB-22).
    EmergencyLimberResult {
        /// The die.
        die: u8,
        /// The named result.
        named: String,
    },
    /// The target evades (GDB-EVD-03..06), disordered if artillery (GDB-EVD-13).
    TargetEvades {
        /// Distance, when known.
        cm: Option<u32>,
        /// It counts as disordered.
        disordered: bool,
    },
    /// The caught evaders count as routing and do not hit back (GDB-EVD-11).
    EvadersCaught,
    /// The charger reaches a unit already in melee and joins that melee on the side
    /// against it: it counts for its side's numerical superiority (AMB-15, GDB-MOD-28, 29).
    JoinsMelee,
    /// Skirmishers caught by close-order troops: contacted bases destroyed, the rest
    /// routing; no melee (GDB-EVD-12).
    SkirmishersOverrun,
    /// The figures of the overrun skirmishers' contacted bases, as the players count
    /// them (GDB-EVD-12).
    BasesDestroyed {
        /// Figures.
        figures: u32,
    },
    /// The counter-charger fails its test and stands instead.
    CounterChargeFails,
    /// Contact: a melee waits for the Melee phase (GDB-CHG-15, GDB-MEL-01, 02).
    Contact {
        /// The charger counts as charging (moved 5 cm or more, GDB-CHG-18).
        charging: bool,
        /// Distance the charger moved.
        moved_cm: u32,
        /// The target is struck in flank or rear (GDB-CHG-16).
        flank_or_rear: bool,
        /// The target counter-charged: it charges too, if it moved 5 cm or more.
        counter_charging: bool,
        /// How far the counter-charger moved to meet the charger (GDB-CHG-17, 18).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        counter_cm: Option<u32>,
        /// The target is caught evading: it does not fight back (GDB-EVD-11, AMB-47).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        evaders: bool,
    },
    /// The charger's follow-up after the target left (GDB-CHG-19).
    FollowsUp {
        /// The choice.
        choice: FollowUp,
    },
    /// A test rolled on the players' table, and the row used (AMB-23).
    TableRoll {
        /// Which test.
        test: crate::rules::options::TestKind,
        /// The 2D6.
        dice: [u8; 2],
        /// The players' modifier.
        modifier: i32,
        /// The row's range and result.
        row: (i32, i32, String),
        /// The club's house modifiers for the test (issue 51).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        house: Vec<Modifier>,
    },
    /// The charging infantry occupies the buildings as Bonus Movement; disordered if it
    /// needed more than it had left (GDB-CHG-20, AMB-27).
    OccupiesBuildings {
        /// It became disordered.
        disordered: bool,
    },
    /// The fleeing crew disorders the friendly unit it ran into and is placed behind it
    /// (GDB-ART-04).
    FriendDisorderedByCrew,
}

/// How a happening moves the pieces on the table (the table view follows it), in the
/// rules' cm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableMove {
    /// The charger goes ahead (GDB-CHG-07).
    ChargerAdvances(u32),
    /// The target goes back, facing as it was: a retreat, a rout, a crew fleeing.
    TargetFallsBack(u32),
    /// The evader turns about and goes directly away from the charger (GDB-EVD-04, 05).
    TargetEvades(u32),
    /// The counter-charger turns to meet the charger and goes its distance towards it
    /// (GDB-CHG-17, 18).
    CounterChargerMeets(u32),
    /// The charger takes the ground the target left (GDB-CHG-14, 19 (c)).
    ChargerTakesTheGround,
}

impl Happening {
    /// The figures it takes, and from whom: closing fire on the charger, the bases of
    /// overrun skirmishers from the target (GDB-EVD-12).
    pub fn figures_lost(&self) -> Option<(Role, u32)> {
        match self {
            Happening::ChargerLoses { figures } => Some((Role::Attacker, *figures)),
            Happening::BasesDestroyed { figures } => Some((Role::Defender, *figures)),
            Happening::ChargerMoves { .. }
            | Happening::TimeForTarget { .. }
            | Happening::TargetChangesFormation { .. }
            | Happening::ChargeHalts { .. }
            | Happening::TargetRetreats { .. }
            | Happening::ChargerOccupies
            | Happening::TargetFailsButStays { .. }
            | Happening::TargetRouts { .. }
            | Happening::GunsAbandoned
            | Happening::CrewFlees { .. }
            | Happening::EmergencyLimberResult { .. }
            | Happening::TargetEvades { .. }
            | Happening::EvadersCaught
            | Happening::JoinsMelee
            | Happening::SkirmishersOverrun
            | Happening::CounterChargeFails
            | Happening::Contact { .. }
            | Happening::FollowsUp { .. }
            | Happening::TableRoll { .. }
            | Happening::OccupiesBuildings { .. }
            | Happening::FriendDisorderedByCrew => None,
        }
    }

    /// How it moves the pieces on the table, if it does.
    pub fn table_move(&self) -> Option<TableMove> {
        match self {
            Happening::ChargerMoves { cm } => Some(TableMove::ChargerAdvances(*cm)),
            Happening::TargetRetreats { cm: Some(cm) }
            | Happening::TargetRouts { cm: Some(cm) }
            | Happening::CrewFlees { cm: Some(cm) } => Some(TableMove::TargetFallsBack(*cm)),
            Happening::TargetEvades { cm: Some(cm), .. } => Some(TableMove::TargetEvades(*cm)),
            Happening::Contact { counter_cm: Some(cm), .. } if *cm > 0 => Some(TableMove::CounterChargerMeets(*cm)),
            Happening::ChargerOccupies | Happening::FollowsUp { choice: FollowUp::Stop } => {
                Some(TableMove::ChargerTakesTheGround)
            }
            Happening::TimeForTarget { .. }
            | Happening::TargetChangesFormation { .. }
            | Happening::ChargerLoses { .. }
            | Happening::ChargeHalts { .. }
            | Happening::TargetRetreats { .. }
            | Happening::TargetFailsButStays { .. }
            | Happening::TargetRouts { .. }
            | Happening::GunsAbandoned
            | Happening::CrewFlees { .. }
            | Happening::EmergencyLimberResult { .. }
            | Happening::TargetEvades { .. }
            | Happening::EvadersCaught
            | Happening::JoinsMelee
            | Happening::SkirmishersOverrun
            | Happening::BasesDestroyed { .. }
            | Happening::CounterChargeFails
            | Happening::Contact { .. }
            | Happening::FollowsUp { .. }
            | Happening::TableRoll { .. }
            | Happening::OccupiesBuildings { .. }
            | Happening::FriendDisorderedByCrew => None,
        }
    }
}

impl Input {
    /// The question this input answers: given at any other step, it is refused
    /// ([`ChargeError::WrongStep`]).
    pub const fn answers(&self) -> Ask {
        match self {
            Input::Reaction(_) => Ask::Reaction,
            Input::ClosingFire { .. } => Ask::ClosingFire,
            Input::FacedInTime(_) => Ask::FacedInTime,
            Input::ChargerTest(_) => Ask::ChargerTest,
            Input::CounterTest(_) => Ask::CounterTest,
            Input::StandTest(_) => Ask::StandTest,
            Input::EmergencyLimber { .. } => Ask::EmergencyLimber,
            Input::Caught(_) => Ask::Caught,
            Input::BasesLost { .. } => Ask::BasesLost,
            Input::CounterMeet { .. } => Ask::CounterMeet,
            // What follows a won charge: a follow-up, the ground taken, or a crew's flight.
            Input::FollowUp(_) | Input::Occupy { .. } | Input::CrewRanIntoFriend => Ask::FollowUp,
        }
    }
}

/// What the machine asks for now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ask {
    /// The target's reaction.
    Reaction,
    /// Closing-fire casualties on the charger.
    ClosingFire,
    /// Whether a flank target wheeled to face in time.
    FacedInTime,
    /// The charger's test.
    ChargerTest,
    /// The counter-charger's test.
    CounterTest,
    /// How far the counter-charger moved to meet the charger.
    CounterMeet,
    /// The target's test to stand.
    StandTest,
    /// The Emergency Limber roll.
    EmergencyLimber,
    /// Whether the evaders were caught.
    Caught,
    /// The figures of the overrun skirmishers' contacted bases (GDB-EVD-12).
    BasesLost,
    /// The charger's follow-up.
    FollowUp,
    /// Nothing: the charge is over.
    Done,
}

/// A charge in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    /// The declaration.
    pub decl: Declaration,
    /// The options it runs under.
    pub options: GdbOptions,
    /// The face of the target the charge strikes: the one declared, until a flank or rear
    /// target wheels to face in time (GDB-CHG-16).
    pub struck_face: Face,
    /// What has happened so far.
    pub happened: Vec<Happening>,
    /// The reaction chosen.
    pub reaction: Option<Reaction>,
    /// What is asked now.
    pub ask: Ask,
    /// Distance the charger has moved.
    pub moved_cm: u32,
}

/// GDB-CHG-01, 02, 05 and GDB-OPP-04..10 (GDB-OPP-07: every ordinary requirement too):
/// every requirement at once; the first failing.
pub fn check_declaration(d: &Declaration, options: &GdbOptions) -> Result<(), ChargeError> {
    match declaration_refusals(d, options).into_iter().find(|e| !d.overruled.contains(e)) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Every requirement the declaration fails, in the order they are checked.
fn declaration_refusals(d: &Declaration, options: &GdbOptions) -> Vec<ChargeError> {
    let mut out = Vec::new();
    if d.charger_was_charged {
        out.push(ChargeError::AlreadyCharged);
    }
    if d.commander == Some(Rank::Regimental) {
        out.push(ChargeError::RegimentalCommander);
    }
    // GDB-OPP-06 names its own clause: a brigade general of another brigade is no
    // commander of this unit, but the reason is his brigade.
    if d.opportunity.as_ref().is_some_and(|o| o.other_brigade) {
        out.push(ChargeError::NotOwnBrigade);
    } else if !d.commander_within_15cm || !d.commander_is_own {
        out.push(ChargeError::NoCommander);
    }
    if !d.target_visible {
        out.push(ChargeError::NotVisible);
    }
    if let Some(reach) = d.reach_cm()
        && d.distance_cm > reach
    {
        out.push(ChargeError::OutOfReach { distance: d.distance_cm, reach });
    }
    if d.bearing_deg > 22 {
        out.push(ChargeError::OutsideSector(d.bearing_deg));
    }
    if let Some(opp) = &d.opportunity
        && let Err(e) = check_opportunity(d, opp, options)
    {
        out.push(e);
    }
    out
}

fn check_opportunity(d: &Declaration, opp: &Opportunity, options: &GdbOptions) -> Result<(), ChargeError> {
    if !d.charger.arm.is_cavalry() {
        return Err(ChargeError::OpportunityNotCavalry);
    }
    if opp.orders_used >= options.opportunity_orders_per_general {
        return Err(ChargeError::NoOrdersLeft);
    }
    if opp.other_brigade {
        return Err(ChargeError::NotOwnBrigade);
    }
    if !opp.in_reach_at_phase_start {
        return Err(ChargeError::NotInReachAtStart);
    }
    if opp.enemy_charge_begun {
        return Err(ChargeError::TooLate);
    }
    Ok(())
}

/// GDB-OPP-02, GDB-OPP-03: an intercepting player carries his charge out first; when both
/// sides declare opportunity charges against each other, the side with the initiative
/// goes first.
pub fn opportunity_first(
    interceptor: crate::rules::Side,
    both_intercept: bool,
    initiative: crate::rules::Side,
) -> crate::rules::Side {
    if both_intercept { initiative } else { interceptor }
}

/// Whether the target may evade (GDB-EVD-01, AMB-04).
pub fn may_evade(target: &ChargeUnit, options: &GdbOptions) -> bool {
    options.may_evade.contains(&target.arm)
}

/// Whether the target may counter-charge (GDB-CHG-06, AMB-41).
pub fn may_counter_charge(target: &ChargeUnit, options: &GdbOptions) -> bool {
    target.arm.is_cavalry() || (target.arm.is_infantry() && options.infantry_may_counter_charge)
}

/// The known formation-change durations: column to square takes half a turn (seed 001,
/// example 2); the rest come from the players (AMB-25).
pub fn known_duration(from: Formation, to: Formation) -> Option<Frac> {
    (from == Formation::Column && to == Formation::Square).then_some(Frac(1, 2))
}

impl Charge {
    /// Declares a charge: checks every requirement (GDB-CHG-02) and asks for the reaction.
    pub fn declare(decl: Declaration, options: GdbOptions) -> Result<Charge, ChargeError> {
        check_declaration(&decl, &options)?;
        let struck_face = decl.struck_face;
        Ok(Charge { decl, options, struck_face, happened: Vec::new(), reaction: None, ask: Ask::Reaction, moved_cm: 0 })
    }

    /// Declares a charge and takes every input in turn: what the game does to derive a
    /// charge's outcome from the players' inputs alone.
    pub fn run(decl: Declaration, options: GdbOptions, inputs: &[Input]) -> Result<Charge, ChargeError> {
        let mut m = Charge::declare(decl, options)?;
        for input in inputs {
            m = m.step(input.clone()).map_err(|(_, e)| e)?;
        }
        Ok(m)
    }

    /// The charger's first move (GDB-CHG-07, AMB-01): half the distance, or half its move.
    pub fn first_move_cm(&self) -> u32 {
        let half_distance = self.decl.distance_cm / 2;
        match self.options.first_move {
            // Without the charger's rate, half the distance.
            FirstMove::HalfMove => {
                self.decl.charger.charge_move_cm.map_or(half_distance, |full| (full / 2).min(self.decl.distance_cm))
            }
            FirstMove::HalfDistance => half_distance,
        }
    }

    /// The share of a turn the first move took, for evaders, gun crews and formation
    /// changes: moved ÷ the charger's full charge move (GDB-CHG-09, AMB-02, EX-6).
    pub fn time_fraction(&self) -> Option<Frac> {
        self.decl.charger.charge_move_cm.filter(|f| *f > 0).map(|full| Frac(self.first_move_cm(), full))
    }

    /// The share of a turn a reaction gets (GDB-CHG-09, AMB-02 corrected): a reactor that
    /// counter-charges (or turns to meet) divides by its *own* full charge move (EX-4:
    /// 9 ÷ 27 = ⅓); evaders, crews and formation changes by the charger's (EX-6).
    pub fn reaction_fraction(&self, reaction: &Reaction) -> Option<Frac> {
        match reaction {
            Reaction::CounterCharge => {
                self.decl.target.charge_move_cm.filter(|f| *f > 0).map(|own| Frac(self.first_move_cm(), own))
            }
            Reaction::Stand | Reaction::StandAndFire | Reaction::ChangeFormation { .. } | Reaction::Evade => {
                self.time_fraction()
            }
        }
    }

    /// Takes one input; on a refusal the machine is handed back unchanged with the reason.
    // Handing the unchanged machine back is the point of the error; it is not hot code.
    #[allow(clippy::result_large_err)]
    pub fn step(self, input: Input) -> Result<Charge, (Charge, ChargeError)> {
        if input.answers() != self.ask {
            return Err((self, ChargeError::WrongStep));
        }
        let result = match &input {
            Input::Reaction(r) => self.clone().react(r.clone()),
            Input::ClosingFire { casualties } => self.clone().fired(*casualties),
            Input::FacedInTime(faced) => Ok(self.clone().faced(*faced)),
            Input::ChargerTest(t) => self.clone().answered(TestKind::Charge, t, Charge::charger_tested),
            Input::CounterTest(t) => self.clone().answered(TestKind::CounterCharge, t, Charge::counter_tested),
            Input::StandTest(t) => self.clone().answered(TestKind::Stand, t, Charge::stand_tested),
            Input::EmergencyLimber { die, named } => self.clone().limbered(*die, named),
            Input::Caught(caught) => Ok(self.clone().caught(*caught)),
            Input::BasesLost { figures } => Ok(self.clone().bases_lost(*figures)),
            Input::FollowUp(f) => self.clone().followed(*f),
            Input::CounterMeet { counter_cm } => self.clone().met(*counter_cm),
            Input::Occupy { needed_cm, left_cm } => self.clone().occupied(*needed_cm, *left_cm),
            Input::CrewRanIntoFriend => self.clone().crew_ran_into_friend(),
        };
        result.map_err(|e| (self, e))
    }

    /// A test's answer as a result: chosen, or rolled on the players' table with the row
    /// logged (AMB-23).
    fn answered(
        mut self,
        test: TestKind,
        answer: &TestAnswer,
        then: fn(Charge, TestResult) -> Charge,
    ) -> Result<Charge, ChargeError> {
        let result = match answer {
            TestAnswer::Result(r) => *r,
            TestAnswer::RolledOne { .. } => return Err(ChargeError::TwoDiceNeeded),
            TestAnswer::Rolled { dice, modifier } => {
                // The charger takes the charge test; the target stands or counter-charges.
                let unit = if test == TestKind::Charge { &self.decl.charger } else { &self.decl.target };
                let reading = self.options.read_test(test, dice, *modifier, Some(&unit.facts()))?;
                let (kind, row) = (reading.row.kind, (reading.row.from, reading.row.to, reading.row.result.clone()));
                let (dice, house) = (crate::rules::dice::numbers(*dice), reading.house);
                self.happened.push(Happening::TableRoll { test, dice, modifier: *modifier, row, house });
                kind
            }
        };
        if !test.allows(result) {
            return Err(ChargeError::NotAResultOf { test, result });
        }
        Ok(then(self, result))
    }

    /// Whether the target may react so (GDB-CHG-06, 10, 11, 22, GDB-EVD-01, AMB-04,
    /// AMB-41): what the wizard draws, each reaction enabled or disabled with its reason.
    pub fn reaction_allowed(&self, r: &Reaction) -> Result<(), ChargeError> {
        // GDB-MEL-02: a unit in contact stays where it is, and fires at no one.
        if self.decl.target_in_melee && *r != Reaction::Stand {
            return Err(ChargeError::TargetInMeleeStands);
        }
        if self.decl.target.arm == Arm::Skirmishers && *r != Reaction::Evade {
            return Err(ChargeError::SkirmishersMustEvade);
        }
        match r {
            Reaction::Evade if !may_evade(&self.decl.target, &self.options) => Err(ChargeError::MayNotEvade),
            Reaction::CounterCharge if !may_counter_charge(&self.decl.target, &self.options) => {
                Err(ChargeError::MayNotCounterCharge)
            }
            Reaction::StandAndFire if self.decl.target_changing_formation => Err(ChargeError::MayNotFire),
            Reaction::ChangeFormation { to, duration } => self.check_time(*to, *duration),
            Reaction::Stand | Reaction::StandAndFire | Reaction::CounterCharge | Reaction::Evade => Ok(()),
        }
    }

    fn react(mut self, r: Reaction) -> Result<Charge, ChargeError> {
        self.reaction_allowed(&r)?;
        let moved = self.first_move_cm();
        self.moved_cm = moved;
        self.happened.push(Happening::ChargerMoves { cm: moved });
        if let Some(fraction) = self.reaction_fraction(&r) {
            let rate = match r {
                Reaction::Evade => self.decl.target.compulsory_move_cm.map(|c| c / 2),
                Reaction::Stand
                | Reaction::StandAndFire
                | Reaction::CounterCharge
                | Reaction::ChangeFormation { .. } => self.decl.target.move_cm,
            };
            self.happened.push(Happening::TimeForTarget { fraction, allowance_cm: rate.map(|c| fraction.of(c)) });
        }
        if let Reaction::ChangeFormation { to, .. } = &r {
            self.happened.push(Happening::TargetChangesFormation { to: *to });
        }
        self.ask = match r {
            Reaction::StandAndFire => Ask::ClosingFire,
            Reaction::Evade => Ask::Caught,
            // A unit in melee does not wheel to face (GDB-MEL-02).
            _ if self.struck_face.flank_or_rear() && !self.decl.target_in_melee => Ask::FacedInTime,
            Reaction::Stand | Reaction::CounterCharge | Reaction::ChangeFormation { .. } => Ask::ChargerTest,
        };
        if let Reaction::Evade = r {
            self.evade();
        }
        self.reaction = Some(r);
        Ok(self)
    }

    /// GDB-CHG-10: the change must be finished before contact.
    /// How long forming square takes the target, where the seed or the players' table
    /// knows it (GDB-CHG-10: column to square, half a turn).
    pub fn square_duration(&self) -> Option<Frac> {
        let from = self.decl.target.formation;
        self.options
            .duration(from, Formation::Square)
            .map(|(a, b)| Frac(a, b))
            .or_else(|| known_duration(from, Formation::Square))
    }

    pub fn check_time(&self, to: Formation, given: Option<Frac>) -> Result<(), ChargeError> {
        let from = self.decl.target.formation;
        let table = self.options.duration(from, to).map(|(a, b)| Frac(a, b));
        let needed = given.or(table).or_else(|| known_duration(from, to)).ok_or(ChargeError::DurationUnknown)?;
        let full = self.decl.charger.charge_move_cm.filter(|f| *f > 0).ok_or(ChargeError::ChargeMoveUnknown)?;
        let available = Frac(self.decl.distance_cm, full);
        if available.at_least(needed) { Ok(()) } else { Err(ChargeError::NoTimeToChange { needed, available }) }
    }

    /// GDB-EVD-03, GDB-EVD-06, GDB-EVD-09, GDB-EVD-13, GDB-ART-06: after the charger's
    /// half-move the evader moves its scaled half compulsory move.
    fn evade(&mut self) {
        let half = self.decl.target.compulsory_move_cm.map(|c| c / 2);
        let cm = match (half, self.time_fraction()) {
            (Some(h), Some(f)) => Some(f.of(h)),
            (h, _) => h,
        };
        let artillery = self.decl.target.arm.is_artillery();
        if artillery {
            self.happened.push(Happening::GunsAbandoned);
        }
        self.happened.push(Happening::TargetEvades { cm, disordered: artillery });
    }

    fn fired(mut self, casualties: u32) -> Result<Charge, ChargeError> {
        // GDB-CHG-13: never more than the charger has.
        if let Some(has) = self.decl.charger.figures
            && casualties > has
        {
            return Err(ChargeError::TooManyLost { lost: casualties, has });
        }
        if casualties > 0 {
            self.happened.push(Happening::ChargerLoses { figures: casualties });
        }
        self.ask = if self.struck_face.flank_or_rear() { Ask::FacedInTime } else { Ask::ChargerTest };
        Ok(self)
    }

    /// GDB-CHG-16: a flank target that wheeled to face in time is no flank attack.
    fn faced(mut self, faced: bool) -> Charge {
        if faced {
            self.struck_face = Face::Front;
        }
        self.ask = Ask::ChargerTest;
        self
    }

    /// GDB-CHG-13: the cold-steel test; a failure stops the charge with its result
    /// (AMB-42). GDB-EVD-11, 12: caught evaders are attacked without hitting back;
    /// skirmishers caught by close-order troops are overrun.
    fn charger_tested(mut self, t: TestResult) -> Charge {
        if !t.passed() {
            self.happened.push(Happening::ChargeHalts { result: t });
            self.ask = Ask::Done;
            return self;
        }
        self.ask = match self.reaction {
            Some(Reaction::CounterCharge) => Ask::CounterTest,
            Some(Reaction::Evade) => {
                self.happened.push(Happening::EvadersCaught);
                let close_order = !matches!(self.decl.charger.arm, Arm::Skirmishers | Arm::OpenOrderInfantry);
                if self.decl.target.arm == Arm::Skirmishers && close_order {
                    self.happened.push(Happening::SkirmishersOverrun);
                    Ask::BasesLost
                } else {
                    self.contact_with(None, true);
                    Ask::Done
                }
            }
            Some(Reaction::Stand | Reaction::StandAndFire | Reaction::ChangeFormation { .. }) | None => {
                self.stand_test_or_join()
            }
        };
        self
    }

    /// A target that stands takes its stand test; one already in melee takes none, and
    /// the charger joins the melee (GDB-MEL-02, AMB-15).
    fn stand_test_or_join(&mut self) -> Ask {
        if !self.decl.target_in_melee {
            return Ask::StandTest;
        }
        self.happened.push(Happening::JoinsMelee);
        self.contact();
        Ask::Done
    }

    /// GDB-CHG-17: on passing, the counter-charger moves to meet the charger; a halt (or
    /// unformed) result leaves it standing to take its test to stand; a retreat or rout
    /// takes it out of the path as at the test to stand.
    fn counter_tested(mut self, t: TestResult) -> Charge {
        match t {
            TestResult::Pass => self.ask = Ask::CounterMeet,
            TestResult::Retreat | TestResult::Rout => {
                self.happened.push(Happening::CounterChargeFails);
                return self.stand_tested(t);
            }
            TestResult::Halt | TestResult::Unformed | TestResult::Pursue | TestResult::Rally => {
                self.happened.push(Happening::CounterChargeFails);
                if t == TestResult::Unformed {
                    self.happened.push(Happening::TargetFailsButStays { result: t });
                }
                self.ask = Ask::StandTest;
            }
        }
        self
    }

    /// GDB-CHG-14, GDB-CHG-15, GDB-CHG-27 (gunners who retreat roll the Emergency
    /// Limber table), AMB-28, AMB-45.
    fn stand_tested(mut self, t: TestResult) -> Charge {
        match t {
            TestResult::Pass | TestResult::Pursue | TestResult::Rally => {
                self.contact();
                self.ask = Ask::Done;
            }
            TestResult::Retreat if self.decl.target.arm.is_artillery() => self.ask = Ask::EmergencyLimber,
            TestResult::Retreat => {
                let cm = self.decl.target.compulsory_move_cm.map(|c| c / 2);
                self.happened.push(Happening::TargetRetreats { cm });
                self.happened.push(Happening::ChargerOccupies);
                self.ask = Ask::FollowUp;
            }
            TestResult::Rout => {
                // GDB-CHG-14, AMB-43: it routs at once, its rout move where one is set.
                let cm = self.decl.target.rout_move_cm.or(self.decl.target.compulsory_move_cm);
                self.happened.push(Happening::TargetRouts { cm });
                self.ask = Ask::FollowUp;
            }
            TestResult::Halt | TestResult::Unformed => {
                self.happened.push(Happening::TargetFailsButStays { result: t });
                self.contact();
                self.ask = Ask::Done;
            }
        }
        self
    }

    /// GDB-ART-01..03: 1 abandons the guns and the crew flees half its retreat move.
    fn limbered(mut self, die: D6, named: &Option<String>) -> Result<Charge, ChargeError> {
        let die = die.get();
        if die == 1 {
            self.happened.push(Happening::GunsAbandoned);
            let cm = self.decl.target.compulsory_move_cm.map(|c| c / 2);
            self.happened.push(Happening::CrewFlees { cm });
            self.happened.push(Happening::ChargerOccupies);
        } else {
            let named = named.clone().or_else(|| self.options.limber(die).map(str::to_owned)).unwrap_or_default();
            self.happened.push(Happening::EmergencyLimberResult { die, named });
        }
        self.ask = Ask::FollowUp;
        Ok(self)
    }

    fn caught(mut self, caught: bool) -> Charge {
        self.ask = if caught { Ask::ChargerTest } else { Ask::FollowUp };
        self
    }

    /// GDB-EVD-12: the contacted bases are destroyed; the rest of the unit routs.
    fn bases_lost(mut self, figures: u32) -> Charge {
        self.happened.push(Happening::BasesDestroyed { figures });
        self.ask = Ask::Done;
        self
    }

    /// GDB-CHG-17, 18: they meet; each counts as charging if it moved 5 cm or more.
    fn met(mut self, counter_cm: u32) -> Result<Charge, ChargeError> {
        // The meet is inside the gap the charger's first move left.
        let gap = self.counter_gap_cm();
        if counter_cm > gap {
            self.unless_overruled(Err(ChargeError::MeetBeyondGap { counter: counter_cm, gap }))?;
        }
        let moved = self.decl.distance_cm.saturating_sub(counter_cm);
        self.moved_cm = moved;
        self.happened.push(Happening::Contact {
            charging: moved >= 5,
            moved_cm: moved,
            flank_or_rear: self.struck_face.flank_or_rear(),
            counter_charging: counter_cm >= 5,
            counter_cm: Some(counter_cm),
            evaders: false,
        });
        self.ask = Ask::Done;
        Ok(self)
    }

    /// GDB-CHG-20: occupying buildings is Bonus Movement; more than it had left disorders it.
    fn occupied(mut self, needed_cm: u32, left_cm: u32) -> Result<Charge, ChargeError> {
        self.unless_overruled(self.may_occupy())?;
        self.happened.push(Happening::OccupiesBuildings { disordered: needed_cm > left_cm });
        self.ask = Ask::Done;
        Ok(self)
    }

    /// GDB-ART-04: the crew disorders the friend it runs into; the follow-up is still to come.
    fn crew_ran_into_friend(mut self) -> Result<Charge, ChargeError> {
        // GDB-ART-04: only a crew that fled runs into anyone.
        if !self.happened.iter().any(|h| matches!(h, Happening::CrewFlees { .. })) {
            self.unless_overruled(Err(ChargeError::CrewDidNotFlee))?;
        }
        if !self.happened.contains(&Happening::FriendDisorderedByCrew) {
            self.happened.push(Happening::FriendDisorderedByCrew);
        }
        Ok(self)
    }

    fn followed(mut self, f: FollowUp) -> Result<Charge, ChargeError> {
        if let Some((_, Err(e))) = self.follow_up_choices().into_iter().find(|(choice, _)| *choice == f) {
            self.unless_overruled(Err(e))?;
        }
        self.happened.push(Happening::FollowsUp { choice: f });
        if f == FollowUp::CarryOn {
            // (a) It reaches the target where the target now stands.
            let moved = self.decl.distance_cm.saturating_add(self.target_moved_cm().unwrap_or(0));
            self.moved_cm = moved;
            self.happened.push(Happening::Contact {
                charging: moved >= 5,
                moved_cm: moved,
                flank_or_rear: self.struck_face.flank_or_rear(),
                counter_charging: false,
                counter_cm: None,
                evaders: false,
            });
        }
        self.ask = Ask::Done;
        Ok(self)
    }

    /// A step's refusal, unless the players overruled it with their reason (the journal
    /// keeps both): the step then goes on as the players say it went.
    fn unless_overruled(&self, checked: Result<(), ChargeError>) -> Result<(), ChargeError> {
        match checked {
            Err(e) if self.decl.overruled.contains(&e) => Ok(()),
            other => other,
        }
    }

    /// How far the target moved out of the charger's path (retreat, rout, fleeing crew).
    fn target_moved_cm(&self) -> Option<u32> {
        self.happened.iter().find_map(|h| match h {
            Happening::TargetRetreats { cm } | Happening::TargetRouts { cm } | Happening::CrewFlees { cm } => *cm,
            Happening::ChargerMoves { .. }
            | Happening::TimeForTarget { .. }
            | Happening::TargetChangesFormation { .. }
            | Happening::ChargerLoses { .. }
            | Happening::ChargeHalts { .. }
            | Happening::ChargerOccupies
            | Happening::TargetFailsButStays { .. }
            | Happening::GunsAbandoned
            | Happening::EmergencyLimberResult { .. }
            | Happening::TargetEvades { .. }
            | Happening::EvadersCaught
            | Happening::JoinsMelee
            | Happening::SkirmishersOverrun
            | Happening::BasesDestroyed { .. }
            | Happening::CounterChargeFails
            | Happening::Contact { .. }
            | Happening::FollowsUp { .. }
            | Happening::TableRoll { .. }
            | Happening::OccupiesBuildings { .. }
            | Happening::FriendDisorderedByCrew => None,
        })
    }

    /// The gap between charger and counter-charger after the charger's first move: the
    /// farthest the counter-charger can go to meet it (GDB-CHG-18).
    pub fn counter_gap_cm(&self) -> u32 {
        self.decl.distance_cm.saturating_sub(self.moved_cm)
    }

    /// What is left of the charge move (GDB-CHG-19), where the move is known: the reach
    /// of a follow-up. A charger whose target retreated or routed reached the ground it
    /// left, the whole distance; one whose target evaded halted where its move ended, and
    /// charges on from there (GDB-CHG-19 b, worked example 6).
    pub fn reach_left_cm(&self) -> Option<u32> {
        self.decl.reach_cm().map(|r| r.saturating_sub(self.covered_cm()))
    }

    /// How far the charger went towards its target in this charge: the whole distance,
    /// or, where the target evaded, as far as its move took it.
    fn covered_cm(&self) -> u32 {
        if matches!(self.reaction, Some(Reaction::Evade)) { self.moved_cm } else { self.decl.distance_cm }
    }

    /// The follow-ups the charger may choose now, each allowed or refused with its reason
    /// (GDB-CHG-19): what the wizard draws, enabled or not.
    pub fn follow_up_choices(&self) -> [(FollowUp, Result<(), ChargeError>); 4] {
        [
            (FollowUp::CarryOn, self.check_carry_on()),
            (FollowUp::NewTarget, self.check_new_target()),
            (FollowUp::Stop, Ok(())),
            (FollowUp::StraightOn, Ok(())),
        ]
    }

    /// GDB-CHG-20: whether the charger may occupy the buildings its enemy left.
    pub fn may_occupy(&self) -> Result<(), ChargeError> {
        if !self.decl.charger.arm.is_infantry() {
            return Err(ChargeError::OnlyInfantryOccupies);
        }
        if !self.decl.target_in_buildings {
            return Err(ChargeError::NoBuildingsToOccupy);
        }
        Ok(())
    }

    /// GDB-CHG-19 b: a new target needs some of the charge move left, where it is known.
    fn check_new_target(&self) -> Result<(), ChargeError> {
        match self.reach_left_cm() {
            Some(0) => Err(ChargeError::NoMoveLeft),
            _ => Ok(()),
        }
    }

    /// GDB-CHG-19 a: evaders not caught are out of reach; a retreating or routing target
    /// must stand within what is left of the move.
    fn check_carry_on(&self) -> Result<(), ChargeError> {
        if matches!(self.reaction, Some(Reaction::Evade)) {
            return Err(ChargeError::EvadersOutOfReach);
        }
        if let (Some(needed), Some(left)) = (self.target_moved_cm(), self.reach_left_cm())
            && needed > left
        {
            return Err(ChargeError::CarryOnOutOfReach { needed, left });
        }
        Ok(())
    }

    /// GDB-CHG-15, 18: into contact; the whole distance has been covered.
    fn contact(&mut self) {
        self.contact_with(None, false);
    }

    fn contact_with(&mut self, counter_cm: Option<u32>, evaders: bool) {
        let moved = self.decl.distance_cm;
        self.moved_cm = moved;
        self.happened.push(Happening::Contact {
            charging: moved >= 5,
            moved_cm: moved,
            flank_or_rear: self.struck_face.flank_or_rear(),
            counter_charging: counter_cm.is_some_and(|c| c >= 5),
            counter_cm,
            evaders,
        });
    }

    /// The contact, if the charge came to one.
    pub fn contact_made(&self) -> Option<&Happening> {
        self.happened.iter().find(|h| matches!(h, Happening::Contact { .. }))
    }

    /// The target counts as disordered for its test while changing formation (GDB-CHG-12).
    pub fn target_tests_disordered(&self) -> bool {
        matches!(self.reaction, Some(Reaction::ChangeFormation { .. })) || self.decl.target.order != Order::Formed
    }

    /// The target may fire: not while changing formation (GDB-CHG-11).
    pub fn target_may_fire(&self) -> bool {
        !matches!(self.reaction, Some(Reaction::ChangeFormation { .. })) && !self.decl.target_changing_formation
    }
}

/// What the players must do on the table that the app cannot see: each instruction
/// names its clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Guidance {
    /// GDB-CHG-03, GDB-CHG-04: the phasing player declares first; the other's charges are carried
    /// out after all the phasing player's.
    PhasingFirst,
    /// GDB-CHG-08: the target acts within the time the half-move represents.
    TargetActsNow,
    /// GDB-CHG-21, GDB-CHG-24: own skirmishers in the path go to the rear or flanks first; they
    /// may not screen the charge.
    ClearOwnSkirmishers,
    /// GDB-CHG-22, GDB-CHG-23: skirmishers in the path evade behind their units or into cover;
    /// this is not Bonus Movement.
    SkirmishersEvade,
    /// GDB-CHG-25: the charger moves through abandoned guns without penalty.
    ThroughAbandonedGuns,
    /// GDB-CHG-26: the defender acts only while it can see the charger.
    LineOfSight,
    /// GDB-EVD-02, GDB-EVD-04, GDB-EVD-05, GDB-EVD-08: evaders may turn about, move straight away within 22° towards
    /// cover or friends, with no manoeuvres on the way.
    EvadeDirection,
    /// GDB-EVD-07, GDB-EVD-10, GDB-ART-04: crews and skirmishers pass through friends and may
    /// shelter behind or inside line infantry; a crew that ends inside a unit goes to its rear.
    EvadersPassFriends,
    /// GDB-ART-05, GDB-ART-06: abandoned guns get a marker and may be manned again once the
    /// enemy has passed, moved off or been thrown back; a crew that evaded is disordered.
    RemanGuns,
    /// GDB-ART-07, GDB-RES-15: artillery that loses the melee is dispersed.
    GunsLostInMelee,
    /// GDB-SEQ-04: chargers and counter-chargers test; so do units charged by an enemy
    /// that passed its test.
    WhoTests,
    /// GDB-SEQ-05: Bonus Movement is outside the normal allowance.
    BonusMovement,
    /// GDB-OPP-03: when both sides declare opportunity charges against each other, the side
    /// with the initiative carries its own out first.
    BothIntercept,
}

impl Charge {
    /// The table instructions for the charge as it stands.
    pub fn guidance(&self) -> Vec<Guidance> {
        let mut out =
            vec![Guidance::PhasingFirst, Guidance::ClearOwnSkirmishers, Guidance::LineOfSight, Guidance::WhoTests];
        if self.ask != Ask::Reaction {
            out.push(Guidance::TargetActsNow);
        }
        if self.decl.target.arm == Arm::Skirmishers {
            out.push(Guidance::SkirmishersEvade);
        }
        if matches!(self.reaction, Some(Reaction::Evade)) {
            out.push(Guidance::EvadeDirection);
            out.push(Guidance::EvadersPassFriends);
        }
        if self.happened.contains(&Happening::GunsAbandoned) {
            out.push(Guidance::ThroughAbandonedGuns);
            out.push(Guidance::RemanGuns);
            out.push(Guidance::EvadersPassFriends);
        }
        if self.decl.target.arm.is_artillery() {
            out.push(Guidance::GunsLostInMelee);
        }
        if self.happened.iter().any(|h| matches!(h, Happening::OccupiesBuildings { .. })) {
            out.push(Guidance::BonusMovement);
        }
        if self.decl.opportunity.is_some() {
            out.push(Guidance::BothIntercept);
        }
        out.dedup();
        out
    }
}
