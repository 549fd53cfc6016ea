//! Ruleset B (seed 004): the collision test with the average die (B-COL, B-FLE) and the
//! figure-based melee (B-MEL).

pub mod collision;
pub mod melee;

use serde::{Deserialize, Serialize};

use crate::rules::situation::Situation;
use crate::rules::vocab::{Arm, Face, Formation, Order, Slope, Status, Weight, face_or_flag};

pub use collision::{CollisionInput, CollisionOdds, CollisionOutcome, CollisionResult};
pub use melee::{BMeleeInput, LoserReason, MeleeKind, MeleeState, SideTurn, TestResult};

/// One unit in a Ruleset B collision or melee: the unit's own facts and its situation.
/// In files and in `coldsteel resolve` it is one flat object with design.md section 4's
/// field names ([`BSideFile`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "BSideFile", into = "BSideFile")]
pub struct BSide {
    /// Troop type.
    pub arm: Arm,
    /// Formation (open order counts as dispersed, B-COL-15, B-MEL-09, 15).
    pub formation: Formation,
    /// Order (B-COL-13, 14; routing units are unopposed, B-COL-02, and roll no dice, B-MEL-11).
    pub order: Order,
    /// Status letter (B-COL-04, 05).
    pub status: Status,
    /// Armed with lances (B-COL-09, B-MEL-13).
    pub lances: bool,
    /// Figures at the start of the melee, for "relatively heavier losses" (B-MEL-03, AMB-33).
    pub figures: u32,
    /// Figures whose bases touch enemy bases (B-MEL-08).
    pub figures_in_contact: u32,
    /// Flanks (0..2) of a longer front that overlap the enemy: one figure each (B-MEL-08).
    pub overlaps: u32,
    /// Melee turn, from 1 (the collision turn); the larger of the two sides' counts.
    pub melee_turn: u32,
    /// Its situation: attacking (B-COL-06..09; both sides may), began too close
    /// (B-COL-06, AMB-37), the slope (B-COL-07, AMB-30), standing still (B-COL-10), under
    /// fire (B-COL-11), withdrawing (B-COL-12), the face struck (B-COL-02, B-MEL-11, 14),
    /// changing formation (B-COL-02), caught fleeing (B-MEL-12).
    pub situation: Situation,
}

/// A Ruleset B side as files and `coldsteel resolve` write it: flat, with design.md
/// section 4's field names and order (a log entry's check hashes these bytes).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BSideFile {
    arm: Arm,
    #[serde(default)]
    formation: Formation,
    #[serde(default)]
    order: Order,
    #[serde(default)]
    status: Status,
    #[serde(default)]
    lances: bool,
    #[serde(default)]
    charging: bool,
    #[serde(default)]
    started_close: bool,
    #[serde(default)]
    slope: Slope,
    #[serde(default)]
    stationary: bool,
    #[serde(default)]
    under_fire: bool,
    #[serde(default)]
    withdrawing: bool,
    #[serde(default, alias = "flank_or_rear", deserialize_with = "face_or_flag")]
    struck_face: Face,
    #[serde(default)]
    changing_formation: bool,
    #[serde(default)]
    fleeing: bool,
    #[serde(default)]
    figures: u32,
    #[serde(default)]
    figures_in_contact: u32,
    #[serde(default)]
    overlaps: u32,
    #[serde(default)]
    melee_turn: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    overrules: Vec<crate::rules::situation::PlayersModifier>,
}

impl From<BSideFile> for BSide {
    fn from(f: BSideFile) -> Self {
        BSide {
            arm: f.arm,
            formation: f.formation,
            order: f.order,
            status: f.status,
            lances: f.lances,
            figures: f.figures,
            figures_in_contact: f.figures_in_contact,
            overlaps: f.overlaps,
            melee_turn: f.melee_turn,
            situation: Situation {
                charging: f.charging,
                started_close: f.started_close,
                slope: f.slope,
                stationary: f.stationary,
                under_fire: f.under_fire,
                withdrawing: f.withdrawing,
                struck_face: f.struck_face,
                changing_formation: f.changing_formation,
                caught_evading: f.fleeing,
                overrules: f.overrules,
                ..Situation::default()
            },
        }
    }
}

impl From<BSide> for BSideFile {
    fn from(b: BSide) -> Self {
        let s = b.situation;
        BSideFile {
            arm: b.arm,
            formation: b.formation,
            order: b.order,
            status: b.status,
            lances: b.lances,
            charging: s.charging,
            started_close: s.started_close,
            slope: s.slope,
            stationary: s.stationary,
            under_fire: s.under_fire,
            withdrawing: s.withdrawing,
            struck_face: s.struck_face,
            changing_formation: s.changing_formation,
            fleeing: s.caught_evading,
            figures: b.figures,
            figures_in_contact: b.figures_in_contact,
            overlaps: b.overlaps,
            melee_turn: b.melee_turn,
            overrules: s.overrules,
        }
    }
}

impl BSide {
    /// Dispersed: open or skirmish order (B-COL-15, B-MEL-09).
    pub fn dispersed(&self) -> bool {
        self.formation == Formation::OpenOrder || self.arm == Arm::Skirmishers
    }

    /// What a house rule's condition reads of the side (issue 51): Ruleset B's sides
    /// carry no class, terrain or horses.
    pub fn facts(&self) -> crate::rules::house::SideFacts<'_> {
        crate::rules::house::SideFacts {
            arm: self.arm,
            class: None,
            status: Some(self.status),
            formation: self.formation,
            order: self.order,
            terrain: None,
            horses: None,
            situation: Some(&self.situation),
        }
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
