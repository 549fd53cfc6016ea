//! What a player can ask of the game: an action carries the players' inputs only
//! (choices, what the table shows, dice typed or rolled, test results as kinds); the
//! game derives every result from them and the battle (design.md section 2). Actions
//! are kept in the log, so a battle file is a journal that `coldsteel replay` re-runs.

use serde::{Deserialize, Serialize};

use super::{
    Brigade, BrigadeId, Engagement, General, GeneralId, Override, Placement, RngState, RulesOptions, TableSetup, Unit,
    UnitId,
};
use crate::rules::gdb::charge::{Input, TestAnswer};
use crate::rules::{ByRole, BySide, Face, Ruleset, Side, Situation};

/// A request to change the battle. Ids of added items are assigned by the check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "action", content = "with")]
pub enum Action {
    /// Add a unit (its id is replaced by the next free one).
    AddUnit(Unit),
    /// Replace a unit's fields.
    EditUnit(Unit),
    /// Copy a unit, for fast order-of-battle entry.
    DuplicateUnit(UnitId),
    /// Remove a unit; generals attached to it are detached.
    DeleteUnit(UnitId),
    /// Add a general.
    AddGeneral(General),
    /// Replace a general's fields.
    EditGeneral(General),
    /// Remove a general.
    DeleteGeneral(GeneralId),
    /// Add a brigade.
    AddBrigade(Brigade),
    /// Replace a brigade's fields.
    EditBrigade(Brigade),
    /// Remove a brigade; its units and generals are left unattached.
    DeleteBrigade(BrigadeId),
    /// Begin the next phase (and, after the last, the next turn).
    AdvancePhase,
    /// Record the initiative roll and the phasing side the winner chose (GDB-SEQ-01); a
    /// tie is recorded too, and is rolled again.
    Initiative {
        /// Each side's 2D6.
        dice: BySide<[crate::rules::dice::D6; 2]>,
        /// The side the winner makes phasing.
        phasing: Side,
        /// The generator's state after the app rolled, if it did.
        rng_after: Option<RngState>,
    },
    /// Fight a General de Brigade melee turn of a pending engagement.
    GdbMelee(Box<GdbMeleeAction>),
    /// Two units came into contact without a charge the app walked through: a melee waits
    /// for the Melee phase.
    AddPendingMelee(Engagement),
    /// A pending melee is withdrawn without being fought.
    ClearPendingMelee(usize),
    /// A note in the log.
    Note(String),
    /// The umpire's note in the log, hidden from the players' view (issue 32).
    HiddenNote(String),
    /// The umpire marks a unit hidden from the players' view, or shows it again
    /// (issue 32).
    SetHidden {
        /// The unit.
        unit: UnitId,
        /// Hidden (else shown).
        hidden: bool,
    },
    /// Declare a GdB charge in the Charges phase, to be carried out once the declarations
    /// are over (GDB-CHG-03, GDB-OPP-01): the units and what the players measured; its
    /// inputs are empty.
    DeclareCharge(Box<ChargeAction>),
    /// A side's charge declarations are over for this phase (GDB-CHG-03).
    DeclarationsDone {
        /// The side.
        side: Side,
    },
    /// A GdB charge, with every input the players gave at its steps.
    Charge(Box<ChargeAction>),
    /// A Ruleset B collision test.
    Collision(Box<CollisionAction>),
    /// A turn of Ruleset B melee.
    BMelee(Box<BMeleeAction>),
    /// Change the ruleset or its options (a loaded profile, or the settings panel).
    SetOptions(Box<(Ruleset, RulesOptions)>),
    /// Play under a club's rules pack from now on (issue 50): its ruleset, choices and
    /// tables, and its name.
    AdoptPack(Box<super::RulesPack>),
    /// Add an order of battle read from a spreadsheet, in one step.
    ImportOrderOfBattle(Box<OrderOfBattle>),
    /// Put a unit on the table view, move or turn it, or (with `None`) take it off; the
    /// generals attached to it move with it, and the area it stands in becomes its terrain.
    PlaceUnit {
        /// The unit.
        unit: UnitId,
        /// Where it stands now.
        place: Option<Placement>,
    },
    /// Put a general on the table view, move him, or take him off.
    PlaceGeneral {
        /// The general.
        general: GeneralId,
        /// Where he stands now.
        place: Option<Placement>,
    },
    /// Set up the table view (size, scale, terrain), or with `None` put it away.
    SetTable(Option<Box<TableSetup>>),
    /// A fire of the Firing phase: who fires at whom, the dice on the players' firing
    /// table or the losses typed, and whether the players' rules owe a test.
    Fire(Box<FireAction>),
    /// A test taken: one the game lists as owed, or one the players call.
    TakeTest(Box<TestAction>),
    /// The tests still owed this turn are dropped, with the players' reason.
    DropTests {
        /// Why.
        reason: String,
    },
    /// The battle's title, description and sides (names and nations), edited in the
    /// window (issue 30).
    EditBattle(Box<BattleInfo>),
    /// A unit changes formation in the Movement phase; unfinished, it is still changing
    /// formation into the melee (GDB-CHG-12, AMB-09).
    ChangeFormation {
        /// The unit.
        unit: UnitId,
        /// The formation it takes.
        to: crate::rules::Formation,
        /// Whether the change is finished this turn.
        finished: bool,
    },
    /// A move of the Movement phase: how far, where to on the table view, and the ground
    /// it ends on where the players say (otherwise the table's areas decide).
    Move(Box<MoveAction>),
    /// A unit whose move the game stopped at the table's edge stays there, or leaves
    /// the battle (issue 27).
    AtTheEdge {
        /// The unit.
        unit: UnitId,
        /// It leaves the battle (else it stays at the edge).
        leaves: bool,
    },
}

/// A move of the Movement phase (issue 28; GDB-MEL-02: a unit in base contact stays put).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveAction {
    /// The unit.
    pub unit: UnitId,
    /// How far it moved, in the rules' cm (measured on the table view, or typed).
    pub cm: u32,
    /// Where it stands now on the table view, if it is placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<super::Placement>,
    /// The ground it ends on, as the players say; without it the table's areas decide, and
    /// off the table the ground stays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ground: Option<crate::rules::Terrain>,
}

/// What names a battle: its title and description in both languages, and its sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleInfo {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ru: Option<String>,
    #[serde(default)]
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_ru: Option<String>,
    pub sides: crate::rules::BySide<super::SideInfo>,
}

impl BattleInfo {
    /// The battle's info as it stands.
    pub fn of(b: &super::Battle) -> Self {
        BattleInfo {
            name: b.name.clone(),
            name_ru: b.name_ru.clone(),
            description: b.description.clone(),
            description_ru: b.description_ru.clone(),
            sides: b.sides.clone(),
        }
    }

    /// Puts it on the battle.
    pub fn set_on(&self, b: &mut super::Battle) {
        b.name.clone_from(&self.name);
        b.name_ru.clone_from(&self.name_ru);
        b.description.clone_from(&self.description);
        b.description_ru.clone_from(&self.description_ru);
        b.sides.clone_from(&self.sides);
    }
}

/// A fire (the players' rulebook: the seeds give the bans, the players the numbers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireAction {
    /// The unit firing.
    pub firer: UnitId,
    /// Its target.
    pub target: UnitId,
    /// The 2D6 and the players' modifier, read on their firing table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<FireRoll>,
    /// The figures lost, typed (where the players' table has no row, or they keep none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figures: Option<u32>,
    /// The players' rules owe the target a morale test for its losses.
    #[serde(default)]
    pub test_owed: bool,
    /// The generator's state after the app rolled, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rng_after: Option<RngState>,
}

/// Dice on a players' table: the 2D6 and the players' modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireRoll {
    /// The 2D6.
    pub dice: [crate::rules::dice::D6; 2],
    /// The players' modifier.
    pub modifier: i32,
}

/// A test taken by a unit (the players' rulebook; AMB-23 for the tables).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestAction {
    /// The unit testing.
    pub unit: UnitId,
    /// Which test.
    pub test: crate::rules::options::TestKind,
    /// The result chosen, or the dice on the players' table.
    pub answer: crate::rules::gdb::charge::TestAnswer,
    /// The generator's state after the app rolled, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rng_after: Option<RngState>,
}

/// Brigades, units and generals added together (File → Import order of battle). Their
/// ids are the next free ones of the battle, in order, so that the units and generals can
/// name the new brigades and units; the check refuses any other id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderOfBattle {
    /// New brigades.
    #[serde(default)]
    pub brigades: Vec<Brigade>,
    /// New units.
    #[serde(default)]
    pub units: Vec<Unit>,
    /// New generals.
    #[serde(default)]
    pub generals: Vec<General>,
}

/// A GdB melee turn: the engagement's two units, what the table shows, the dice, losses
/// the players enter where their casualty table has no row, the winner's owed test, and
/// a result the players impose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GdbMeleeAction {
    /// The charging unit.
    pub attacker: UnitId,
    /// The unit charged.
    pub defender: UnitId,
    /// What the table shows of the attacker and the defender: the slope, the face
    /// struck, the ground the players tell and [`Fact::GDB_MELEE_TABLE`]; the game
    /// derives the rest of each side's situation and refuses an action that carries it.
    #[serde(default)]
    pub table: ByRole<Situation>,
    /// Attacker's and defender's 2D6 (caught evaders roll none: any values).
    pub dice: ByRole<crate::rules::dice::MeleeDice>,
    /// Figures lost by attacker and defender, entered by the players; `None` reads the
    /// casualty table (AMB-13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub losses: Option<ByRole<u32>>,
    /// The winner's pursuit or formation test (GDB-RES-02, GDB-RES-04, GDB-RES-09), if taken now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test: Option<TestAnswer>,
    /// A result the players impose, with their reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overridden: Option<Override>,
    /// The generator's state after the app rolled, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rng_after: Option<RngState>,
}

/// What the players measured on the table at a GdB charge's declaration.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChargeMeasures {
    /// Distance between charger and target, cm.
    pub distance_cm: u32,
    /// Bearing of the target off straight ahead, degrees (GDB-CHG-02, AMB-21).
    pub bearing_deg: u32,
    /// The commander is within 15 cm of the charger (GDB-CHG-01).
    pub commander_within_15cm: bool,
    /// The target is visible (GDB-CHG-02).
    pub target_visible: bool,
    /// The face of the target the charge strikes (GDB-CHG-16, GDB-MOD-20).
    pub struck_face: Face,
    /// An opportunity charge: what the table shows of it (GDB-OPP-08..10).
    pub opportunity: Option<OpportunityFacts>,
}

impl ChargeMeasures {
    /// The contact these measures make, the charger having moved `moved_cm`: it charges,
    /// and strikes the face measured (GDB-MOD-21, GDB-CHG-16, 18).
    pub fn contact(&self, moved_cm: Option<u32>) -> ByRole<Situation> {
        let charger = Situation { charging: true, moved_cm, ..Situation::default() };
        ByRole::new(charger, Situation { struck_face: self.struck_face, ..Situation::default() })
    }
}

/// Measures taken on the table view, to a micrometre and a thousandth of a degree: the
/// game derives them from the table where the distance and bearing typed are the
/// table's, rounded (issue 48: an action carried them; version 8 files' `exact` is
/// dropped as they are read).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExactMeasures {
    /// Edge to edge, micrometres of the rules' cm (10,000 to the cm).
    pub distance_um: u32,
    /// Off straight ahead, thousandths of a degree.
    pub bearing_mdeg: u32,
}

impl ExactMeasures {
    /// The table's distance (rules' cm) and angle (degrees), unrounded as far as a
    /// micrometre and a thousandth of a degree.
    pub fn of(distance_cm: f64, angle_deg: f64) -> Self {
        let scaled =
            |v: f64, k: f64| if v.is_finite() { (v * k).round().clamp(0.0, f64::from(u32::MAX)) as u32 } else { 0 };
        ExactMeasures { distance_um: scaled(distance_cm, 10_000.0), bearing_mdeg: scaled(angle_deg, 1000.0) }
    }
}

/// What the table shows of an opportunity charge.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OpportunityFacts {
    /// Within charge distance of the enemy charger at the start of the Charge phase
    /// (GDB-OPP-09, AMB-20).
    pub in_reach_at_phase_start: bool,
    /// The enemy has already begun carrying out its charge (GDB-OPP-08, 10).
    pub enemy_charge_begun: bool,
}

/// Rates the players typed because their distances table has none (AMB-24, AMB-25).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChargeRates {
    /// The charger's full charge move, cm.
    pub charger_charge_cm: Option<u32>,
    /// The target's ordinary move, cm.
    pub target_move_cm: Option<u32>,
    /// The target's full charge move, cm (a counter-charger's time, AMB-02).
    pub target_charge_cm: Option<u32>,
    /// The target's compulsory (retreat) move, cm.
    pub target_compulsory_cm: Option<u32>,
}

/// A GdB charge: the two units, what the players measured, and every input they gave at
/// the steps of the sequence, in order. The game runs the sequence itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargeAction {
    /// The charging unit.
    pub charger: UnitId,
    /// The target.
    pub target: UnitId,
    /// What the table shows.
    pub measured: ChargeMeasures,
    /// Rates typed where the players' table has none.
    #[serde(default)]
    pub rates: ChargeRates,
    /// The inputs at each step.
    pub inputs: Vec<Input>,
    /// The friendly unit the fleeing crew ran into (GDB-ART-04), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crew_ran_into: Option<UnitId>,
    /// The general who ordered an opportunity charge (GDB-OPP-05).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordering_general: Option<GeneralId>,
    /// The generator's state after the app rolled test dice, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rng_after: Option<RngState>,
    /// A refusal of the rules the players overrule, with their reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overrule: Option<super::Overrule>,
    /// The target side's skirmishers in the charge's path, as the players name them
    /// (GDB-CHG-22); the table adds those it shows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub screen: Vec<UnitId>,
}

/// A Ruleset B collision test: the units, what the table shows, the average dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CollisionAction {
    /// The attacking unit.
    pub attacker: UnitId,
    /// The unit attacked.
    pub defender: UnitId,
    /// What the table shows of both: the slope, the face struck and
    /// [`Fact::B_COLLISION_TABLE`]; the game derives the rest.
    #[serde(default)]
    pub table: ByRole<Situation>,
    /// The defender attacks too (B-COL-19..21).
    #[serde(default)]
    pub defender_attacking: bool,
    /// The distance the attack began at, cm: against the players' attack-proper table
    /// it decides "began too close" (AMB-37).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance_cm: Option<u32>,
    /// Both average-die rolls.
    pub dice: ByRole<crate::rules::dice::AverageDie>,
    /// After a flight: the other side's full charge move reached the fleeing unit, and a
    /// melee follows (B-FLE-02).
    #[serde(default)]
    pub caught: bool,
    /// The generator's state after the app rolled, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rng_after: Option<RngState>,
}

/// Figures of one side in a Ruleset B melee, as the table shows them (B-MEL-08).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BContact {
    /// Figures whose bases touch enemy bases.
    pub figures_in_contact: u32,
    /// Flanks (0..2) of a longer front overlapping the enemy: one figure each.
    pub overlaps: u32,
}

/// One Ruleset B melee turn: the engagement's units, figures in contact, dice, tests.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BMeleeAction {
    /// The attacking unit.
    pub attacker: UnitId,
    /// The unit attacked.
    pub defender: UnitId,
    /// Figures in contact on each side.
    pub contact: ByRole<BContact>,
    /// Each side's D6s.
    pub dice: ByRole<Vec<crate::rules::dice::D6>>,
    /// Each side's morale test after the turn, if taken.
    #[serde(default)]
    pub tests: ByRole<Option<crate::rules::ruleset_b::TestResult>>,
    /// A fresh enemy unit charged this side this turn, in a both-attacking melee
    /// (B-MEL-05): attacker's, defender's.
    #[serde(default)]
    pub fresh_charge: ByRole<bool>,
    /// The generator's state after the app rolled, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rng_after: Option<RngState>,
}

/// What kind of action an undo step was, for its label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// A unit was added.
    AddUnit,
    /// A unit was edited.
    EditUnit,
    /// A unit was duplicated.
    DuplicateUnit,
    /// A unit was deleted.
    DeleteUnit,
    /// A general was added.
    AddGeneral,
    /// A general was edited.
    EditGeneral,
    /// A general was deleted.
    DeleteGeneral,
    /// A brigade was added.
    AddBrigade,
    /// A brigade was edited.
    EditBrigade,
    /// A brigade was deleted.
    DeleteBrigade,
    /// A new phase began.
    AdvancePhase,
    /// Initiative was rolled.
    Initiative,
    /// A melee was fought.
    Melee,
    /// A melee became pending.
    AddPendingMelee,
    /// A pending melee was withdrawn.
    ClearPendingMelee,
    /// A note was written.
    Note,
    /// The umpire wrote a note hidden from the players.
    HiddenNote,
    /// The umpire hid a unit from the players' view or showed it again.
    SetHidden,
    /// A charge was made.
    Charge,
    /// A charge was declared.
    DeclareCharge,
    /// A side's declarations were closed.
    DeclarationsDone,
    /// A collision test was made.
    Collision,
    /// The rules settings changed.
    SetOptions,
    /// A club's rules pack taken.
    AdoptPack,
    /// An order of battle was imported.
    ImportOrderOfBattle,
    /// A unit was placed, moved or turned on the table.
    PlaceUnit,
    /// A general was placed or moved on the table.
    PlaceGeneral,
    /// The table was set up or changed.
    SetTable,
    /// A unit fired.
    Fire,
    /// A test was taken.
    TakeTest,
    /// The tests owed were dropped.
    DropTests,
    /// The battle's names were edited.
    EditBattle,
    /// A unit changed formation.
    ChangeFormation,
    /// A unit moved.
    Move,
    /// The players said what a unit at the table's edge does.
    AtTheEdge,
}

impl ActionKind {
    /// The stable name used in the log.
    pub const fn key(self) -> &'static str {
        match self {
            ActionKind::AddUnit => "add_unit",
            ActionKind::EditUnit => "edit_unit",
            ActionKind::DuplicateUnit => "duplicate_unit",
            ActionKind::DeleteUnit => "delete_unit",
            ActionKind::AddGeneral => "add_general",
            ActionKind::EditGeneral => "edit_general",
            ActionKind::DeleteGeneral => "delete_general",
            ActionKind::AddBrigade => "add_brigade",
            ActionKind::EditBrigade => "edit_brigade",
            ActionKind::DeleteBrigade => "delete_brigade",
            ActionKind::AdvancePhase => "advance_phase",
            ActionKind::Initiative => "initiative",
            ActionKind::Melee => "melee",
            ActionKind::AddPendingMelee => "add_pending_melee",
            ActionKind::ClearPendingMelee => "clear_pending_melee",
            ActionKind::Note => "note",
            ActionKind::HiddenNote => "hidden_note",
            ActionKind::SetHidden => "set_hidden",
            ActionKind::Charge => "charge",
            ActionKind::DeclareCharge => "declare_charge",
            ActionKind::DeclarationsDone => "declarations_done",
            ActionKind::Collision => "collision",
            ActionKind::SetOptions => "set_options",
            ActionKind::AdoptPack => "adopt_pack",
            ActionKind::ImportOrderOfBattle => "import_order_of_battle",
            ActionKind::PlaceUnit => "place_unit",
            ActionKind::PlaceGeneral => "place_general",
            ActionKind::SetTable => "set_table",
            ActionKind::Fire => "fire",
            ActionKind::TakeTest => "take_test",
            ActionKind::DropTests => "drop_tests",
            ActionKind::EditBattle => "edit_battle",
            ActionKind::ChangeFormation => "change_formation",
            ActionKind::Move => "move",
            ActionKind::AtTheEdge => "at_the_edge",
        }
    }

    /// Whether this kind edits the roster (rather than plays the game).
    pub const fn is_edit(self) -> bool {
        matches!(
            self,
            ActionKind::AddUnit
                | ActionKind::EditUnit
                | ActionKind::DuplicateUnit
                | ActionKind::DeleteUnit
                | ActionKind::AddGeneral
                | ActionKind::EditGeneral
                | ActionKind::DeleteGeneral
                | ActionKind::AddBrigade
                | ActionKind::EditBrigade
                | ActionKind::DeleteBrigade
        )
    }
}

/// The kind of roster item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    Unit,
    General,
    Brigade,
}

/// What a roster edit does to its item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RosterOp {
    /// A new item.
    Add,
    /// A copy of an item, as a new one.
    Duplicate,
    /// An item changed.
    Edit,
    /// An item taken out.
    Delete,
}

/// A step of the Charges phase's declarations (GDB-CHG-03, 04).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ChargesStep<'a> {
    /// A charge declared.
    Declared(&'a ChargeAction),
    /// A side's declarations closed.
    Closed(Side),
    /// A charge carried out (its declaration done, or made with it).
    CarriedOut(&'a ChargeAction),
}

impl<'a> ChargesStep<'a> {
    /// The charge declared, if this step declares one.
    pub fn declared(self) -> Option<&'a ChargeAction> {
        match self {
            ChargesStep::Declared(a) => Some(a),
            ChargesStep::Closed(_) | ChargesStep::CarriedOut(_) => None,
        }
    }

    /// The charge carried out, if this step carries one out.
    pub fn carried_out(self) -> Option<&'a ChargeAction> {
        match self {
            ChargesStep::CarriedOut(a) => Some(a),
            ChargesStep::Declared(_) | ChargesStep::Closed(_) => None,
        }
    }
}

/// An action whose moment the turn's sequence judges (issue 42): when in the turn it
/// may be taken, and by units in what state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Judged<'a> {
    /// A morale or rally test.
    Test(&'a TestAction),
    /// A General de Brigade melee.
    GdbMelee(&'a GdbMeleeAction),
    /// A turn of Ruleset B melee.
    BMelee(&'a BMeleeAction),
    /// A fire.
    Fire(&'a FireAction),
    /// A charge carried out.
    Charge(&'a ChargeAction),
}

impl Action {
    /// What a roster edit does, and to which kind of item; none for the turn's actions
    /// and the battle's settings.
    pub fn roster_edit(&self) -> Option<(ItemKind, RosterOp)> {
        use {ItemKind as I, RosterOp as R};
        match self {
            Action::AddUnit(_) => Some((I::Unit, R::Add)),
            Action::EditUnit(_) => Some((I::Unit, R::Edit)),
            Action::DuplicateUnit(_) => Some((I::Unit, R::Duplicate)),
            Action::DeleteUnit(_) => Some((I::Unit, R::Delete)),
            Action::AddGeneral(_) => Some((I::General, R::Add)),
            Action::EditGeneral(_) => Some((I::General, R::Edit)),
            Action::DeleteGeneral(_) => Some((I::General, R::Delete)),
            Action::AddBrigade(_) => Some((I::Brigade, R::Add)),
            Action::EditBrigade(_) => Some((I::Brigade, R::Edit)),
            Action::DeleteBrigade(_) => Some((I::Brigade, R::Delete)),
            Action::AdvancePhase
            | Action::Initiative { .. }
            | Action::GdbMelee(_)
            | Action::AddPendingMelee(_)
            | Action::ClearPendingMelee(_)
            | Action::Note(_)
            | Action::HiddenNote(_)
            | Action::SetHidden { .. }
            | Action::DeclareCharge(_)
            | Action::DeclarationsDone { .. }
            | Action::Charge(_)
            | Action::Collision(_)
            | Action::BMelee(_)
            | Action::SetOptions(_)
            | Action::AdoptPack(_)
            | Action::ImportOrderOfBattle(_)
            | Action::PlaceUnit { .. }
            | Action::PlaceGeneral { .. }
            | Action::SetTable(_)
            | Action::Fire(_)
            | Action::TakeTest(_)
            | Action::DropTests { .. }
            | Action::EditBattle(_)
            | Action::ChangeFormation { .. }
            | Action::Move(_)
            | Action::AtTheEdge { .. } => None,
        }
    }

    /// The step of the Charges phase's declarations this action is, if any.
    pub fn charges_step(&self) -> Option<ChargesStep<'_>> {
        match self {
            Action::DeclareCharge(a) => Some(ChargesStep::Declared(a)),
            Action::DeclarationsDone { side } => Some(ChargesStep::Closed(*side)),
            Action::Charge(a) => Some(ChargesStep::CarriedOut(a)),
            Action::AdvancePhase
            | Action::Initiative { .. }
            | Action::GdbMelee(_)
            | Action::AddPendingMelee(_)
            | Action::ClearPendingMelee(_)
            | Action::Note(_)
            | Action::HiddenNote(_)
            | Action::SetHidden { .. }
            | Action::Collision(_)
            | Action::BMelee(_)
            | Action::SetOptions(_)
            | Action::AdoptPack(_)
            | Action::ImportOrderOfBattle(_)
            | Action::PlaceUnit { .. }
            | Action::PlaceGeneral { .. }
            | Action::SetTable(_)
            | Action::Fire(_)
            | Action::TakeTest(_)
            | Action::DropTests { .. }
            | Action::EditBattle(_)
            | Action::ChangeFormation { .. }
            | Action::Move(_)
            | Action::AtTheEdge { .. }
            | Action::AddUnit(_)
            | Action::EditUnit(_)
            | Action::DuplicateUnit(_)
            | Action::DeleteUnit(_)
            | Action::AddGeneral(_)
            | Action::EditGeneral(_)
            | Action::DeleteGeneral(_)
            | Action::AddBrigade(_)
            | Action::EditBrigade(_)
            | Action::DeleteBrigade(_) => None,
        }
    }

    /// The two units a charge (declared or carried out) or a Ruleset B attack concerns:
    /// charger and target, or attacker and defender.
    pub fn charge_pair(&self) -> Option<[UnitId; 2]> {
        match self {
            Action::Charge(c) | Action::DeclareCharge(c) => Some([c.charger, c.target]),
            Action::Collision(c) => Some([c.attacker, c.defender]),
            Action::AddUnit(_)
            | Action::EditUnit(_)
            | Action::DuplicateUnit(_)
            | Action::DeleteUnit(_)
            | Action::AddGeneral(_)
            | Action::EditGeneral(_)
            | Action::DeleteGeneral(_)
            | Action::AddBrigade(_)
            | Action::EditBrigade(_)
            | Action::DeleteBrigade(_)
            | Action::AdvancePhase
            | Action::DeclarationsDone { .. }
            | Action::Initiative { .. }
            | Action::GdbMelee(_)
            | Action::AddPendingMelee(_)
            | Action::ClearPendingMelee(_)
            | Action::Note(_)
            | Action::HiddenNote(_)
            | Action::SetHidden { .. }
            | Action::BMelee(_)
            | Action::SetOptions(_)
            | Action::AdoptPack(_)
            | Action::ImportOrderOfBattle(_)
            | Action::PlaceUnit { .. }
            | Action::PlaceGeneral { .. }
            | Action::SetTable(_)
            | Action::Fire(_)
            | Action::TakeTest(_)
            | Action::DropTests { .. }
            | Action::EditBattle(_)
            | Action::ChangeFormation { .. }
            | Action::Move(_)
            | Action::AtTheEdge { .. } => None,
        }
    }

    /// What the turn's sequence judges of this action, if anything.
    pub fn judged(&self) -> Option<Judged<'_>> {
        match self {
            Action::TakeTest(t) => Some(Judged::Test(t)),
            Action::GdbMelee(m) => Some(Judged::GdbMelee(m)),
            Action::BMelee(m) => Some(Judged::BMelee(m)),
            Action::Fire(f) => Some(Judged::Fire(f)),
            Action::Charge(c) => Some(Judged::Charge(c)),
            Action::AddUnit(_)
            | Action::EditUnit(_)
            | Action::DuplicateUnit(_)
            | Action::DeleteUnit(_)
            | Action::AddGeneral(_)
            | Action::EditGeneral(_)
            | Action::DeleteGeneral(_)
            | Action::AddBrigade(_)
            | Action::EditBrigade(_)
            | Action::DeleteBrigade(_)
            | Action::AdvancePhase
            | Action::Initiative { .. }
            | Action::AddPendingMelee(_)
            | Action::ClearPendingMelee(_)
            | Action::Note(_)
            | Action::HiddenNote(_)
            | Action::SetHidden { .. }
            | Action::DeclareCharge(_)
            | Action::DeclarationsDone { .. }
            | Action::Collision(_)
            | Action::SetOptions(_)
            | Action::AdoptPack(_)
            | Action::ImportOrderOfBattle(_)
            | Action::PlaceUnit { .. }
            | Action::PlaceGeneral { .. }
            | Action::SetTable(_)
            | Action::DropTests { .. }
            | Action::EditBattle(_)
            | Action::ChangeFormation { .. }
            | Action::Move(_)
            | Action::AtTheEdge { .. } => None,
        }
    }

    /// The kind, for labels.
    pub fn kind(&self) -> ActionKind {
        match self {
            Action::AddUnit(_) => ActionKind::AddUnit,
            Action::EditUnit(_) => ActionKind::EditUnit,
            Action::DuplicateUnit(_) => ActionKind::DuplicateUnit,
            Action::DeleteUnit(_) => ActionKind::DeleteUnit,
            Action::AddGeneral(_) => ActionKind::AddGeneral,
            Action::EditGeneral(_) => ActionKind::EditGeneral,
            Action::DeleteGeneral(_) => ActionKind::DeleteGeneral,
            Action::AddBrigade(_) => ActionKind::AddBrigade,
            Action::EditBrigade(_) => ActionKind::EditBrigade,
            Action::DeleteBrigade(_) => ActionKind::DeleteBrigade,
            Action::AdvancePhase => ActionKind::AdvancePhase,
            Action::Initiative { .. } => ActionKind::Initiative,
            Action::GdbMelee(_) => ActionKind::Melee,
            Action::AddPendingMelee(_) => ActionKind::AddPendingMelee,
            Action::ClearPendingMelee(_) => ActionKind::ClearPendingMelee,
            Action::Note(_) => ActionKind::Note,
            Action::HiddenNote(_) => ActionKind::HiddenNote,
            Action::SetHidden { .. } => ActionKind::SetHidden,
            Action::DeclareCharge(_) => ActionKind::DeclareCharge,
            Action::DeclarationsDone { .. } => ActionKind::DeclarationsDone,
            Action::Charge(_) => ActionKind::Charge,
            Action::Collision(_) => ActionKind::Collision,
            Action::BMelee(_) => ActionKind::Melee,
            Action::SetOptions(_) => ActionKind::SetOptions,
            Action::AdoptPack(_) => ActionKind::AdoptPack,
            Action::ImportOrderOfBattle(_) => ActionKind::ImportOrderOfBattle,
            Action::PlaceUnit { .. } => ActionKind::PlaceUnit,
            Action::PlaceGeneral { .. } => ActionKind::PlaceGeneral,
            Action::SetTable(_) => ActionKind::SetTable,
            Action::Fire(_) => ActionKind::Fire,
            Action::TakeTest(_) => ActionKind::TakeTest,
            Action::DropTests { .. } => ActionKind::DropTests,
            Action::EditBattle(_) => ActionKind::EditBattle,
            Action::ChangeFormation { .. } => ActionKind::ChangeFormation,
            Action::Move(_) => ActionKind::Move,
            Action::AtTheEdge { .. } => ActionKind::AtTheEdge,
        }
    }
}
