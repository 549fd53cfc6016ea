//! Ruleset B (seed 004): the collision test with the average die (B-COL, B-FLE) and the
//! figure-based melee (B-MEL).

pub mod collision;
pub mod melee;

use serde::{Deserialize, Serialize};

use crate::rules::vocab::{Arm, Face, Formation, Order, Slope, Status, Weight, face_or_flag};

pub use collision::{CollisionInput, CollisionOdds, CollisionOutcome, CollisionResult};
pub use melee::{BMeleeInput, LoserReason, MeleeKind, MeleeState, SideTurn, TestResult};

/// One unit in a Ruleset B collision or melee, with its situation (design.md section 4
/// field names).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BSide {
    /// Troop type.
    pub arm: Arm,
    /// Formation (open order counts as dispersed, B-COL-15, B-MEL-09, 15).
    #[serde(default)]
    pub formation: Formation,
    /// Order (B-COL-13, 14; routing units are unopposed, B-COL-02, and roll no dice, B-MEL-11).
    #[serde(default)]
    pub order: Order,
    /// Status letter (B-COL-04, 05).
    #[serde(default)]
    pub status: Status,
    /// Armed with lances (B-COL-09, B-MEL-13).
    #[serde(default)]
    pub lances: bool,
    /// This side attacks (B-COL-06..09; both sides may).
    #[serde(default)]
    pub charging: bool,
    /// Began its attack inside the attack-proper distance: no +1 (B-COL-06, AMB-37).
    #[serde(default)]
    pub started_close: bool,
    /// The way it attacks over the ground (B-COL-07, AMB-30).
    #[serde(default)]
    pub slope: Slope,
    /// Cavalry standing still (B-COL-10).
    #[serde(default)]
    pub stationary: bool,
    /// Under fire (B-COL-11).
    #[serde(default)]
    pub under_fire: bool,
    /// Withdrawing (B-COL-12).
    #[serde(default)]
    pub withdrawing: bool,
    /// Where this side is struck (B-COL-02, B-MEL-11, 14); the older `flank_or_rear: true`
    /// reads as a flank.
    #[serde(default, alias = "flank_or_rear", deserialize_with = "face_or_flag")]
    pub struck_face: Face,
    /// Changing formation at the moment of the test (B-COL-02).
    #[serde(default)]
    pub changing_formation: bool,
    /// Fled before contact and was caught: rolls no dice (B-MEL-12).
    #[serde(default)]
    pub fleeing: bool,
    /// Figures at the start of the melee, for "relatively heavier losses" (B-MEL-03, AMB-33).
    #[serde(default)]
    pub figures: u32,
    /// Figures whose bases touch enemy bases (B-MEL-08).
    #[serde(default)]
    pub figures_in_contact: u32,
    /// Flanks (0..2) of a longer front that overlap the enemy: one figure each (B-MEL-08).
    #[serde(default)]
    pub overlaps: u32,
    /// Melee turn, from 1 (the collision turn); the larger of the two sides' counts.
    #[serde(default)]
    pub melee_turn: u32,
}

impl BSide {
    /// Dispersed: open or skirmish order (B-COL-15, B-MEL-09).
    pub fn dispersed(&self) -> bool {
        self.formation == Formation::OpenOrder || self.arm == Arm::Skirmishers
    }

    /// Lance-armed: lancers always, other cavalry when marked.
    pub fn lance_armed(&self) -> bool {
        self.arm == Arm::Lancers || (self.arm.is_cavalry() && self.lances)
    }
}

/// Flight distance in cm (B-FLE-01): infantry and artillery in position 3; heavy cavalry
/// 5, medium 6, light 7, each cavalry arm's class from the options (AMB-46: by default
/// lancers and Cossacks light, dragoons medium, cuirassiers and heavy cavalry heavy).
pub fn flight_cm(arm: Arm, options: &crate::rules::options::BOptions) -> u32 {
    if !arm.is_cavalry() {
        return 3;
    }
    match options.weight(arm) {
        Weight::Heavy => 5,
        Weight::Medium => 6,
        Weight::Light => 7,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b_fle_01_flight_distances_amb_46_weight_classes() {
        let o = crate::rules::options::BOptions::default();
        assert_eq!(flight_cm(Arm::Infantry, &o), 3);
        assert_eq!(flight_cm(Arm::Artillery, &o), 3);
        assert_eq!(flight_cm(Arm::Cuirassiers, &o), 5);
        assert_eq!(flight_cm(Arm::HeavyCavalry, &o), 5);
        assert_eq!(flight_cm(Arm::Dragoons, &o), 6);
        assert_eq!(flight_cm(Arm::LightCavalry, &o), 7);
        assert_eq!(flight_cm(Arm::Cossacks, &o), 7);
        assert_eq!(flight_cm(Arm::Lancers, &o), 7, "AMB-46: lancers are light");
        let mut heavy_lancers = o.clone();
        heavy_lancers.cavalry_weights.retain(|(a, _)| *a != Arm::Lancers);
        heavy_lancers.cavalry_weights.push((Arm::Lancers, Weight::Medium));
        assert_eq!(flight_cm(Arm::Lancers, &heavy_lancers), 6, "editable per arm");
    }
}
