//! Ruleset options: every open rules question (digest section 4, AMB-xx) that is a
//! choice, with the default the digest recommends. Stored with the battle.

use serde::{Deserialize, Serialize};

use super::vocab::Arm;

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
    /// AMB-12: a dispersed battery is removed and its guns lost.
    pub dispersed_artillery_removed: bool,
    /// AMB-13: the player-filled casualty table; empty until the player fills it.
    pub casualties: Vec<CasualtyRow>,
    /// AMB-41: infantry may counter-charge.
    pub infantry_may_counter_charge: bool,
    /// AMB-44: opportunity-charge orders per general per turn.
    pub opportunity_orders_per_general: u32,
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
            dispersed_artillery_removed: true,
            casualties: Vec::new(),
            infantry_may_counter_charge: false,
            opportunity_orders_per_general: 1,
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
}

impl Default for BOptions {
    fn default() -> Self {
        BOptions {
            cavalry_slope_bonus: CavalrySlopeBonus::Uphill,
            zone_widths_cm: Vec::new(),
            odd_cavalry_figure_lost: true,
            equal_losses_tolerance_figures: 1,
        }
    }
}
