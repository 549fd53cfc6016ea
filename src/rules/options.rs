//! Ruleset options: every open rules question (digest section 4, AMB-xx) that is a
//! choice, with the default the digest recommends. Stored with the battle.

use serde::{Deserialize, Serialize};

use super::dice::{D6, NoRow, table_row};
use super::explain::{Modifier, mark_pivotal};
use super::house::{HouseRules, SideFacts, Step};
use super::vocab::{Arm, Formation, Weight};

/// AMB-01: how far the charger moves before the target reacts (GDB-CHG-07).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstMove {
    /// Half the distance to the target (fits four of the six worked examples).
    #[default]
    HalfDistance,
    /// Half the charger's movement rate.
    HalfMove,
}

/// AMB-30: which way cavalry must attack to earn B-COL-07's +1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CavalrySlopeBonus {
    /// As printed: cavalry attacking uphill +1.
    #[default]
    Uphill,
    /// The usual reading: cavalry attacking downhill +1.
    Downhill,
}

/// One row of the player-filled GdB melee casualty table (AMB-13): figures lost by
/// each side for a result band. Seed 000 prints no numbers, so the table starts empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CasualtyRow {
    /// The result band this row is for: `rout`, `retreat`, `pushed_back` or `draw`.
    pub outcome: String,
    /// Only for a winner of this arm; `None` for any arm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner_arm: Option<Arm>,
    /// Figures the loser loses (each side, for a draw).
    pub loser_loses: u32,
    /// Figures the winner loses.
    pub winner_loses: u32,
}

/// A row of the player-filled distances table (AMB-24, AMB-25): an arm's rates, for one
/// formation or (with `None`) for any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DistanceRow {
    /// The arm.
    pub arm: Arm,
    /// The formation, or any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<Formation>,
    /// Ordinary move, cm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_cm: Option<u32>,
    /// Charge move, cm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charge_cm: Option<u32>,
    /// Compulsory (retreat) move, cm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat_cm: Option<u32>,
    /// Rout move, cm; the retreat move when empty (AMB-43).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rout_cm: Option<u32>,
}

impl DistanceRow {
    /// A row of `arm` for any formation with no rates.
    pub const fn empty(arm: Arm) -> Self {
        DistanceRow { arm, formation: None, move_cm: None, charge_cm: None, retreat_cm: None, rout_cm: None }
    }

    /// Whether the row gives any rate.
    pub const fn has_rate(&self) -> bool {
        self.move_cm.is_some() || self.charge_cm.is_some() || self.retreat_cm.is_some() || self.rout_cm.is_some()
    }
}

/// A row of the players' basing table (the seeds give none): one base of `arm` in
/// `formation` (or, with `None`, in any formation), how many figures it carries, and
/// how many bases deep the formation stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BasingRow {
    /// The arm.
    pub arm: Arm,
    /// The formation, or any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<Formation>,
    /// Width of one base, mm.
    pub frontage_mm: u32,
    /// Depth of one base, mm.
    pub depth_mm: u32,
    /// Figures on one base.
    pub figures_per_base: u32,
    /// Bases one behind the other in this formation (1 for a line).
    #[serde(default = "one_base")]
    pub bases_deep: u32,
}

fn one_base() -> u32 {
    1
}

/// The largest base side the table accepts, mm (a metre).
pub const MAX_BASE_MM: u32 = 1000;

impl BasingRow {
    /// The unit's footprint for `figures`, as (frontage, depth) in cm: its bases (at least
    /// one, a part-filled base counting whole) set `bases_deep` deep and side by side.
    /// `None` when a size or count is zero or beyond a metre a base.
    pub fn footprint_cm(&self, figures: u32) -> Option<(f64, f64)> {
        let sizes_fit = |v: u32| (1..=MAX_BASE_MM).contains(&v);
        if !sizes_fit(self.frontage_mm) || !sizes_fit(self.depth_mm) || self.figures_per_base == 0 {
            return None;
        }
        let deep = self.bases_deep.clamp(1, 100);
        let bases = figures.div_ceil(self.figures_per_base).clamp(1, 1000);
        let wide = bases.div_ceil(deep);
        Some((f64::from(wide * self.frontage_mm) / 10.0, f64::from(deep * self.depth_mm) / 10.0))
    }
}

/// The basing row for an arm in a formation: an exact row first, else the arm's row for
/// any formation.
pub fn basing_row(rows: &[BasingRow], arm: Arm, formation: Formation) -> Option<&BasingRow> {
    let of_arm = || rows.iter().filter(move |r| r.arm == arm);
    of_arm().find(|r| r.formation == Some(formation)).or_else(|| of_arm().find(|r| r.formation.is_none()))
}

/// A row of the formation-change table: how long a change takes, in turns (GDB-CHG-10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DurationRow {
    /// From.
    pub from: Formation,
    /// To.
    pub to: Formation,
    /// Turns, as numerator and denominator.
    pub turns: (u32, u32),
}

/// A test whose table the seeds omit (AMB-23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TestKind {
    /// The charger's charge ("cold steel") test (GDB-CHG-13).
    Charge,
    /// The target's test to stand (GDB-CHG-14).
    Stand,
    /// The counter-charge test (GDB-CHG-17).
    CounterCharge,
    /// The formation test (GDB-RES-02).
    Formation,
    /// The pursuit test (GDB-RES-02).
    Pursuit,
    /// A morale test of the players' rulebook (after losses to fire or melee, a wavering
    /// unit): the seeds give no table, the players fill theirs.
    Morale,
    /// A routing or wavering unit's test to rally (the players' rulebook).
    Rally,
}

impl TestKind {
    /// Every test, in order.
    pub const ALL: [TestKind; 7] = [
        TestKind::Charge,
        TestKind::Stand,
        TestKind::CounterCharge,
        TestKind::Formation,
        TestKind::Pursuit,
        TestKind::Morale,
        TestKind::Rally,
    ];

    /// The stable name used in files.
    pub const fn key(self) -> &'static str {
        match self {
            TestKind::Charge => "charge",
            TestKind::Stand => "stand",
            TestKind::CounterCharge => "counter_charge",
            TestKind::Formation => "formation",
            TestKind::Pursuit => "pursuit",
            TestKind::Morale => "morale",
            TestKind::Rally => "rally",
        }
    }

    /// The results this test can have: the charge tests pass, halt, disorder, send back or
    /// rout the unit; the formation test leaves it formed or unformed (GDB-RES-02); the
    /// pursuit test holds the winner or sends it on (GDB-RES-02, GDB-MOD-21).
    pub const fn allows(self, result: TestResult) -> bool {
        match self {
            TestKind::Charge | TestKind::Stand | TestKind::CounterCharge | TestKind::Morale => {
                !matches!(result, TestResult::Pursue | TestResult::Rally)
            }
            TestKind::Formation => matches!(result, TestResult::Pass | TestResult::Halt | TestResult::Unformed),
            TestKind::Pursuit => matches!(result, TestResult::Pass | TestResult::Halt | TestResult::Pursue),
            TestKind::Rally => matches!(result, TestResult::Rally | TestResult::Halt | TestResult::Rout),
        }
    }

    /// The results this test may have, in the order the wizards offer them: the one list
    /// the charge and melee wizards draw (a pursuit test may also halt, AMB-23).
    pub fn results(self) -> impl Iterator<Item = TestResult> {
        TestResult::ALL.into_iter().filter(move |r| self.allows(*r))
    }
}

/// What a test's result does, whatever the players call it (AMB-23, AMB-28, AMB-42): a
/// result the players name is given one of these kinds when they enter it or fill the
/// table row it comes from, and only the kind's consequence is applied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TestResult {
    /// Passed: the unit goes on as it meant to.
    Pass,
    /// Failed: the unit halts (a charger stops; a unit standing stays where it is).
    #[default]
    Halt,
    /// Failed: the unit halts and becomes unformed (disordered, AMB-17).
    Unformed,
    /// Failed: the unit retreats (before contact at once half its compulsory move,
    /// GDB-CHG-14, AMB-29).
    Retreat,
    /// Failed: the unit routs and leaves the charger's path (GDB-CHG-14).
    Rout,
    /// Pursuit test: the winner pursues, charging the next melee (GDB-RES-02, GDB-MOD-21).
    Pursue,
    /// Rally test: a routing unit stops and stands unformed, a wavering one is steady again.
    Rally,
}

impl TestResult {
    /// Every kind, in order.
    pub const ALL: [TestResult; 7] = [
        TestResult::Pass,
        TestResult::Halt,
        TestResult::Unformed,
        TestResult::Retreat,
        TestResult::Rout,
        TestResult::Pursue,
        TestResult::Rally,
    ];

    /// Passed.
    pub const fn passed(self) -> bool {
        matches!(self, TestResult::Pass)
    }

    /// The stable name used in files.
    pub const fn key(self) -> &'static str {
        match self {
            TestResult::Pass => "pass",
            TestResult::Halt => "halt",
            TestResult::Unformed => "unformed",
            TestResult::Retreat => "retreat",
            TestResult::Rout => "rout",
            TestResult::Pursue => "pursue",
            TestResult::Rally => "rally",
        }
    }
}

/// A row of a player-filled test table: 2D6 plus modifiers from `from` to `to` give the
/// result the players call `result`, which has the consequence of `kind`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestRow {
    /// Lowest total.
    pub from: i32,
    /// Highest total.
    pub to: i32,
    /// The players' name of the result.
    pub result: String,
    /// What it does.
    #[serde(default)]
    pub kind: TestResult,
}

/// A player-filled test table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestTable {
    /// Which test.
    pub test: TestKind,
    /// Its rows.
    pub rows: Vec<TestRow>,
}

/// A row of the players' firing table: the seeds give no firing rules, so a fire's 2D6
/// plus the players' modifier from `from` to `to` takes `figures` off the target (rows the
/// players name, like the test tables).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireRow {
    /// Lowest total.
    pub from: i32,
    /// Highest total.
    pub to: i32,
    /// The players' name of the result.
    #[serde(default)]
    pub result: String,
    /// Figures the target loses.
    pub figures: u32,
}

/// A result of the Emergency Limber table the seeds omit (GDB-ART-03, AMB-22).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LimberRow {
    /// The 1D6 (2 to 6).
    pub die: u8,
    /// The named result.
    pub result: String,
}

/// General de Brigade options (AMB defaults of digest section 4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GdbOptions {
    /// AMB-01: the charger's first move.
    pub first_move: FirstMove,
    /// AMB-04: arms that may evade a charge.
    pub may_evade: Vec<Arm>,
    /// AMB-05: values for the table cells the seed leaves blank
    /// (open-order infantry, artillery, Cossacks, skirmishers, ordinary classes).
    pub blank_cells: BlankCells,
    /// AMB-06: British Guard take Guard +2 and not British-line +1 (capped at +2).
    pub british_guard_cap: bool,
    /// AMB-09: the +4 of GDB-MOD-23 only for a formed column or a completed square.
    pub column_square_bonus_needs_formed: bool,
    /// AMB-10: the margin cavalry needs to break a square (GDB-RES-13).
    pub square_break_margin: i32,
    /// AMB-10, the reading before the correction of 2026-11-30: a square that wins by 3 or
    /// more applies the normal table to the cavalry (retreat or rout) instead of pushing it
    /// back. Off by default: the seed's note says every unbroken square holds.
    pub square_win_reads_table: bool,
    /// AMB-12: a dispersed battery is removed and its guns lost.
    pub dispersed_artillery_removed: bool,
    /// AMB-13: the player-filled casualty table; empty until the player fills it.
    pub casualties: Vec<CasualtyRow>,
    /// AMB-41: infantry may counter-charge.
    pub infantry_may_counter_charge: bool,
    /// AMB-44: opportunity-charge orders per general per turn.
    pub opportunity_orders_per_general: u32,
    /// AMB-50: a side with no commander-in-chief in the battle takes the initiative −1
    /// of GDB-SEQ-01 too; off by default (the −1 marks the loss of one).
    pub minus_one_without_commander: bool,
    /// AMB-24, AMB-25: movement, charge, retreat and rout distances; empty until filled.
    pub distances: Vec<DistanceRow>,
    /// GDB-CHG-10: formation-change durations beyond the one the seed gives.
    pub durations: Vec<DurationRow>,
    /// AMB-23: test tables; while a test has none, its result is entered by name.
    pub tests: Vec<TestTable>,
    /// AMB-22: Emergency Limber results 2 to 6.
    pub emergency_limber: Vec<LimberRow>,
    /// The players' firing table (empty: the players type each fire's losses).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub firing: Vec<FireRow>,
    /// Whether a fire with losses owes the target a morale test unless the players say
    /// otherwise (their rulebook; off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub test_after_fire: bool,
    /// Whether a passed rally test rallies the unit at once rather than as the next
    /// Compulsory Move phase begins (GDB-SEQ-03; the players' rulebook; off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rally_at_once: bool,
    /// The club's house modifiers and changes to the rulebook's (issue 51); none in the
    /// rulebook.
    #[serde(default, skip_serializing_if = "HouseRules::is_empty")]
    pub house: HouseRules,
}

impl GdbOptions {
    /// The distances row for an arm in a formation: an exact row first, else the arm's
    /// row for any formation.
    pub fn distance(&self, arm: Arm, formation: Formation) -> Option<&DistanceRow> {
        let rows = || self.distances.iter().filter(move |r| r.arm == arm);
        rows().find(|r| r.formation == Some(formation)).or_else(|| rows().find(|r| r.formation.is_none()))
    }

    /// Fills the distances table with rates the players typed for `arm` in `formation`
    /// (AMB-24, AMB-25): only where the table has no value yet. A row for that formation
    /// gets the values; without one, a new row starts from the arm's any-formation row.
    /// Returns whether the table changed.
    pub fn remember_rates(&mut self, arm: Arm, formation: Formation, typed: &DistanceRow) -> bool {
        let Some(row) = self.rates_to_remember(arm, formation, typed) else { return false };
        match self.distances.iter_mut().find(|r| r.arm == arm && r.formation == Some(formation)) {
            Some(slot) => *slot = row,
            None => self.distances.push(row),
        }
        true
    }

    /// The row [`Self::remember_rates`] would write, or `None` when the typed rates add
    /// nothing the table has not.
    pub fn rates_to_remember(&self, arm: Arm, formation: Formation, typed: &DistanceRow) -> Option<DistanceRow> {
        let current = self.distance(arm, formation).cloned().unwrap_or(DistanceRow::empty(arm));
        let mut row = DistanceRow { formation: Some(formation), ..current.clone() };
        for (slot, value) in [
            (&mut row.move_cm, typed.move_cm),
            (&mut row.charge_cm, typed.charge_cm),
            (&mut row.retreat_cm, typed.retreat_cm),
            (&mut row.rout_cm, typed.rout_cm),
        ] {
            if slot.is_none() {
                *slot = value;
            }
        }
        ((DistanceRow { formation: current.formation, ..row.clone() }) != current).then_some(row)
    }

    /// A formation change's duration from the table, as (numerator, denominator).
    pub fn duration(&self, from: Formation, to: Formation) -> Option<(u32, u32)> {
        self.durations.iter().find(|r| r.from == from && r.to == to).map(|r| r.turns).filter(|t| t.1 > 0)
    }

    /// The row of a test table that a total falls in, if the table is filled.
    pub fn test_row(&self, test: TestKind, total: i32) -> Option<&TestRow> {
        let table = self.tests.iter().find(|t| t.test == test)?;
        table.rows.iter().find(|r| r.from <= total && total <= r.to)
    }

    /// A test read on the players' table (AMB-23, issue 51): the dice, the players'
    /// modifier and the club's house modifiers for this test and this unit (none without
    /// a unit), the row their total falls in, and the house modifiers with those that
    /// decided the row marked (removed alone, the total falls in another row or none).
    pub fn read_test(
        &self,
        test: TestKind,
        dice: &[D6],
        modifier: i32,
        unit: Option<&SideFacts>,
    ) -> Result<TestReading<'_>, NoRow> {
        let mut house = match unit {
            Some(u) => self.house.amend(Step::of_test(test), Vec::new(), u, u),
            None => Vec::new(),
        };
        let with_house = house.iter().fold(modifier, |total, m| total.saturating_add(m.value));
        let (total, row) = table_row(dice, with_house, |t| self.test_row(test, t))?;
        let same_row = |t: i32| self.test_row(test, t).is_some_and(|r| (r.from, r.to) == (row.from, row.to));
        let marks: Vec<bool> = house.iter().map(|m| !same_row(total.saturating_sub(m.value))).collect();
        mark_pivotal(&mut house, &marks);
        Ok(TestReading { total, row, house })
    }

    /// Whether a test has a table.
    pub fn has_table(&self, test: TestKind) -> bool {
        self.tests.iter().any(|t| t.test == test && !t.rows.is_empty())
    }

    /// The row of the players' firing table a total falls in.
    pub fn fire_row(&self, total: i32) -> Option<&FireRow> {
        self.firing.iter().find(|r| r.from <= total && total <= r.to)
    }

    /// The named Emergency Limber result for a die of 2 to 6, if filled.
    pub fn limber(&self, die: u8) -> Option<&str> {
        self.emergency_limber.iter().find(|r| r.die == die).map(|r| r.result.as_str())
    }
}

/// A test read on the players' table: the total, its row, and the club's house
/// modifiers in it (issue 51).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestReading<'a> {
    /// Dice, the players' modifier and the house modifiers.
    pub total: i32,
    /// The row the total falls in.
    pub row: &'a TestRow,
    /// The club's modifiers for the test, those that decided the row marked.
    pub house: Vec<Modifier>,
}

/// AMB-05: the values read for blank cells of the seed-000 table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BlankCells {
    /// GDB-MOD-06.
    pub open_order_infantry: i32,
    /// GDB-MOD-07.
    pub artillery: i32,
    /// GDB-MOD-08.
    pub cossacks: i32,
    /// GDB-MOD-09.
    pub skirmishers: i32,
    /// GDB-MOD-13: veterans, line, second-rate.
    pub ordinary_classes: i32,
}

impl Default for GdbOptions {
    fn default() -> Self {
        GdbOptions {
            first_move: FirstMove::HalfDistance,
            may_evade: vec![Arm::Skirmishers, Arm::OpenOrderInfantry, Arm::Artillery, Arm::LightCavalry, Arm::Cossacks],
            blank_cells: BlankCells::default(),
            british_guard_cap: true,
            column_square_bonus_needs_formed: true,
            square_break_margin: 7,
            square_win_reads_table: false,
            dispersed_artillery_removed: true,
            casualties: Vec::new(),
            infantry_may_counter_charge: false,
            opportunity_orders_per_general: 1,
            minus_one_without_commander: false,
            distances: Vec::new(),
            durations: Vec::new(),
            tests: Vec::new(),
            emergency_limber: Vec::new(),
            firing: Vec::new(),
            test_after_fire: false,
            rally_at_once: false,
            house: HouseRules::default(),
        }
    }
}

/// Ruleset B options (AMB-30..39 defaults).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BOptions {
    /// AMB-30: the slope reading of B-COL-07 for cavalry.
    pub cavalry_slope_bonus: CavalrySlopeBonus,
    /// AMB-31: widths of the infantry-musket fire zones in cm, nearest first; empty
    /// until the player fills them (the core then reports the zone number only).
    pub zone_widths_cm: Vec<u32>,
    /// AMB-32: formed cavalry loses an odd figure when converting to dice.
    pub odd_cavalry_figure_lost: bool,
    /// AMB-33: losses within this many figures' worth count as relatively equal.
    pub equal_losses_tolerance_figures: u32,
    /// AMB-37: the "attack proper" distance per arm, cm; an attack begun closer gets no
    /// attacker +1 (B-COL-06). Empty: the players say so per attack.
    pub attack_distances: Vec<(Arm, u32)>,
    /// AMB-46: the weight class of each cavalry arm for flight distances (B-FLE-01):
    /// heavy 5 cm, medium 6 cm, light 7 cm.
    pub cavalry_weights: Vec<(Arm, Weight)>,
    /// The club's house modifiers and changes to the rulebook's (issue 51).
    #[serde(default, skip_serializing_if = "HouseRules::is_empty")]
    pub house: HouseRules,
}

/// AMB-46: cuirassiers and heavy cavalry heavy; dragoons medium; light cavalry, Cossacks
/// and lancers (uhlans were light cavalry) light.
pub fn default_cavalry_weights() -> Vec<(Arm, Weight)> {
    vec![
        (Arm::Cuirassiers, Weight::Heavy),
        (Arm::HeavyCavalry, Weight::Heavy),
        (Arm::Dragoons, Weight::Medium),
        (Arm::Lancers, Weight::Light),
        (Arm::LightCavalry, Weight::Light),
        (Arm::Cossacks, Weight::Light),
    ]
}

impl BOptions {
    /// A cavalry arm's weight class (AMB-46); light when the players left it out.
    pub fn weight(&self, arm: Arm) -> Weight {
        self.cavalry_weights.iter().find(|(a, _)| *a == arm).map_or(Weight::Light, |(_, w)| *w)
    }

    /// The attack-proper distance of an arm, if the players filled it in (AMB-37).
    pub fn attack_distance(&self, arm: Arm) -> Option<u32> {
        self.attack_distances.iter().find(|(a, _)| *a == arm).map(|(_, d)| *d)
    }

    /// Whether an attack begun `distance_cm` away began inside the attack-proper distance,
    /// so that it earns no attacker +1 (B-COL-06, AMB-37); `None` when the players' table
    /// has no distance for the arm or the distance is not known.
    pub fn began_too_close(&self, arm: Arm, distance_cm: Option<u32>) -> Option<bool> {
        Some(distance_cm? < self.attack_distance(arm)?)
    }
}

impl Default for BOptions {
    fn default() -> Self {
        BOptions {
            cavalry_slope_bonus: CavalrySlopeBonus::Uphill,
            zone_widths_cm: Vec::new(),
            odd_cavalry_figure_lost: true,
            equal_losses_tolerance_figures: 1,
            attack_distances: Vec::new(),
            cavalry_weights: default_cavalry_weights(),
            house: HouseRules::default(),
        }
    }
}

/// How a battle ended for one side, as a recovery table reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleEnd {
    /// It won.
    Won,
    /// A draw.
    Drawn,
    /// It lost.
    Lost,
}

impl BattleEnd {
    /// Every end, in order.
    pub const ALL: [BattleEnd; 3] = [BattleEnd::Won, BattleEnd::Drawn, BattleEnd::Lost];

    /// The stable name used in files.
    pub const fn key(self) -> &'static str {
        match self {
            BattleEnd::Won => "won",
            BattleEnd::Drawn => "drawn",
            BattleEnd::Lost => "lost",
        }
    }
}

/// A row of the recovery table by result: the share of a unit's losses that returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultRecovery {
    /// How the battle ended for its side.
    pub end: BattleEnd,
    /// The share of its losses that returns, per cent (0 to 100).
    pub percent: u32,
}

/// A row of the recovery table by die: what one face of a unit's D6 returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRecovery {
    /// The face, 1 to 6.
    pub die: u8,
    /// The share of its losses that returns, per cent (0 to 100).
    pub percent: u32,
}

/// The club's recovery table (issue 53): the wounded and stragglers that return to each
/// unit after a battle, as a share of its losses, by the battle's result for its side or
/// by a die per unit. The seeds give none; the players fill it (one club's example: won
/// 70 %, drawn 60 %, lost 50 %). The returning figures are the share rounded down.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecoveryTable {
    /// By the result, a row each.
    pub by_result: Vec<ResultRecovery>,
    /// By a die per unit, a row each face (it takes precedence when filled).
    pub by_die: Vec<DieRecovery>,
}

/// What decides a unit's recovery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecoveryBy {
    /// The battle's result for its side.
    Result,
    /// A D6 per unit.
    Die,
}

impl RecoveryTable {
    /// Nothing filled.
    pub fn is_empty(&self) -> bool {
        self.by_result.is_empty() && self.by_die.is_empty()
    }

    /// How the table decides: by a die when its rows are filled, else by the result; none
    /// while empty.
    pub fn by(&self) -> Option<RecoveryBy> {
        if !self.by_die.is_empty() {
            Some(RecoveryBy::Die)
        } else if !self.by_result.is_empty() {
            Some(RecoveryBy::Result)
        } else {
            None
        }
    }

    /// The figures of `losses` that return: the share rounded down; `None` where the table
    /// has no row for the end (or face).
    pub fn returning(&self, losses: u32, end: BattleEnd, die: Option<u8>) -> Option<u32> {
        let percent = match die {
            Some(face) => self.by_die.iter().find(|r| r.die == face)?.percent,
            None => self.by_result.iter().find(|r| r.end == end)?.percent,
        };
        let back = u64::from(losses) * u64::from(percent.min(100)) / 100;
        Some(u32::try_from(back).unwrap_or(losses))
    }

    /// The exact odds of each number of figures returning to a unit with `losses`, by its
    /// die (a face without a row returns none): (figures, probability), summing to 1.
    pub fn die_odds(&self, losses: u32) -> Vec<(u32, f64)> {
        let mut out: Vec<(u32, f64)> = Vec::new();
        for face in 1..=6u8 {
            let back = self.returning(losses, BattleEnd::Drawn, Some(face)).unwrap_or(0);
            match out.iter_mut().find(|(n, _)| *n == back) {
                Some((_, p)) => *p += 1.0 / 6.0,
                None => out.push((back, 1.0 / 6.0)),
            }
        }
        out.sort_by_key(|(n, _)| *n);
        out
    }
}
