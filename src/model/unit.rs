//! A unit on the table and every field the rules of seeds 000, 001 and 004 read.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::{BrigadeId, UnitId};
use crate::rules::{Arm, Class, Formation, Horses, Marker, Nation, Order, Side, Status, Terrain};

/// A battalion, regiment, battery or skirmish screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Stable id.
    pub id: UnitId,
    /// Name as the players know it.
    pub name: String,
    /// Russian name, shown when the interface is in Russian.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ru: Option<String>,
    /// The army it belongs to.
    pub side: Side,
    /// Its brigade, if attached to one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brigade: Option<BrigadeId>,
    /// Troop type.
    pub arm: Arm,
    /// Troop class (GdB).
    #[serde(default)]
    pub class: Class,
    /// Nation (British line, Austrian masses).
    #[serde(default)]
    pub nation: Nation,
    /// Current formation.
    #[serde(default)]
    pub formation: Formation,
    /// Current order.
    #[serde(default)]
    pub order: Order,
    /// Where it stands.
    #[serde(default)]
    pub terrain: Terrain,
    /// Horses (cavalry and horse artillery).
    #[serde(default)]
    pub horses: Horses,
    /// Figures at the start of the battle.
    pub figures_start: u32,
    /// Figures now.
    pub figures: u32,
    /// Status letter (Ruleset B).
    #[serde(default)]
    pub status: Status,
    /// Regular (not irregular) lancers: GDB-MOD-FN1 applies.
    #[serde(default)]
    pub regular: bool,
    /// Armed with lances (Ruleset B, B-COL-09 and B-MEL-13).
    #[serde(default)]
    pub lances: bool,
    /// Markers with a lifetime.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub markers: BTreeSet<Marker>,
    /// Where it stands on the table view, if placed (the view is optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<super::Placement>,
    /// Marked by the umpire as hidden from the players' view (issue 32): absent from
    /// the players' window and page until unmarked, or until it charges or is charged.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

impl Unit {
    /// What a house rule's condition reads of the unit in a test (issue 51): its own
    /// fields, no situation.
    pub fn facts(&self) -> crate::rules::house::SideFacts<'static> {
        crate::rules::house::SideFacts {
            arm: self.arm,
            class: Some(self.class),
            status: Some(self.status),
            formation: self.formation,
            order: self.order,
            terrain: Some(self.terrain),
            horses: Some(self.horses),
            situation: None,
        }
    }

    /// The unit has lost its last figure: it is destroyed, and the markers of what it
    /// was still to do (retreat, push-back, pursuit, melee) go with it.
    pub fn destroy(&mut self) {
        self.order = crate::rules::Order::Destroyed;
        for m in [
            crate::rules::Marker::Retreating,
            crate::rules::Marker::PushedBack,
            crate::rules::Marker::Pursuing,
            crate::rules::Marker::InMelee,
        ] {
            self.markers.remove(&m);
        }
    }

    /// A new unit with the usual defaults for its arm.
    pub fn new(id: UnitId, name: &str, side: Side, arm: Arm, figures: u32) -> Self {
        Unit {
            id,
            name: name.to_owned(),
            name_ru: None,
            side,
            brigade: None,
            arm,
            class: Class::Line,
            nation: Nation::Other,
            formation: default_formation(arm),
            order: Order::Formed,
            terrain: Terrain::Open,
            horses: Horses::Normal,
            figures_start: figures,
            figures,
            status: Status::C,
            regular: arm == Arm::Lancers,
            lances: arm == Arm::Lancers,
            markers: BTreeSet::new(),
            place: None,
            hidden: false,
        }
    }

    /// Figures lost since the start.
    pub fn casualties(&self) -> u32 {
        self.figures_start.saturating_sub(self.figures)
    }

    /// The name to show in the given language (`ru` picks the Russian name if set).
    pub fn display_name(&self, russian: bool) -> &str {
        match (&self.name_ru, russian) {
            (Some(ru), true) if !ru.trim().is_empty() => ru,
            _ => &self.name,
        }
    }
}

/// The formation a new unit of this arm starts in.
pub fn default_formation(arm: Arm) -> Formation {
    match arm {
        Arm::Skirmishers | Arm::OpenOrderInfantry => Formation::OpenOrder,
        Arm::Infantry => Formation::Column,
        Arm::Artillery => Formation::Unlimbered,
        Arm::Cuirassiers | Arm::HeavyCavalry | Arm::Dragoons | Arm::Lancers | Arm::LightCavalry | Arm::Cossacks => {
            Formation::Line
        }
    }
}

/// The names of the fields that differ between two versions of a unit, for undo labels.
pub fn changed_fields(a: &Unit, b: &Unit) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut check = |differs: bool, key: &'static str| {
        if differs {
            out.push(key);
        }
    };
    check(a.name != b.name, "name");
    check(a.name_ru != b.name_ru, "name_ru");
    check(a.side != b.side, "side");
    check(a.brigade != b.brigade, "brigade");
    check(a.arm != b.arm, "arm");
    check(a.class != b.class, "class");
    check(a.nation != b.nation, "nation");
    check(a.formation != b.formation, "formation");
    check(a.order != b.order, "order");
    check(a.terrain != b.terrain, "terrain");
    check(a.horses != b.horses, "horses");
    check(a.figures != b.figures, "figures");
    check(a.figures_start != b.figures_start, "figures_start");
    check(a.status != b.status, "status");
    check(a.regular != b.regular || a.lances != b.lances, "lances");
    check(a.markers != b.markers, "markers");
    out
}
