//! The vocabulary every other floor speaks (design.md section 3).

use serde::{Deserialize, Serialize};

vocab! {
    /// Troop type. Seed 000 column 1; seed 004 reads heavy / medium / light cavalry from it.
    Arm {
        Cuirassiers = "cuirassiers",
        HeavyCavalry = "heavy_cavalry",
        Dragoons = "dragoons",
        Lancers = "lancers",
        LightCavalry = "light_cavalry",
        Cossacks = "cossacks",
        Infantry = "infantry",
        OpenOrderInfantry = "open_order_infantry",
        Skirmishers = "skirmishers",
        Artillery = "artillery",
    }
}

impl Arm {
    /// Mounted troops of any kind.
    pub const fn is_cavalry(self) -> bool {
        matches!(
            self,
            Arm::Cuirassiers | Arm::HeavyCavalry | Arm::Dragoons | Arm::Lancers | Arm::LightCavalry | Arm::Cossacks
        )
    }

    /// Foot troops of any order (close, open or skirmish).
    pub const fn is_infantry(self) -> bool {
        matches!(self, Arm::Infantry | Arm::OpenOrderInfantry | Arm::Skirmishers)
    }

    /// Guns and their crews.
    pub const fn is_artillery(self) -> bool {
        matches!(self, Arm::Artillery)
    }
}

vocab! {
    /// Troop class (General de Brigade), best first.
    Class {
        Guard = "guard",
        Elite = "elite",
        Veteran = "veteran",
        Line = "line",
        SecondRate = "second_rate",
        Conscript = "conscript",
    }
}

vocab! {
    /// Unit status letter (Ruleset B, AMB-39): only A, E and F carry modifiers.
    Status {
        A = "a",
        B = "b",
        C = "c",
        D = "d",
        E = "e",
        F = "f",
    }
}

vocab! {
    /// The unit's order. GdB "unformed" and "disordered" are one state (AMB-17).
    Order {
        Formed = "formed",
        Disordered = "disordered",
        Wavering = "wavering",
        Routing = "routing",
        Dispersed = "dispersed",
        Destroyed = "destroyed",
    }
}

impl Order {
    /// Dispersed and destroyed units are out of play but stay in the record.
    pub const fn in_play(self) -> bool {
        !matches!(self, Order::Dispersed | Order::Destroyed)
    }
}

vocab! {
    /// Formation.
    Formation {
        Line = "line",
        Column = "column",
        Square = "square",
        Mass = "mass",
        OpenOrder = "open_order",
        MarchColumn = "march_column",
        SquadronColumn = "squadron_column",
        Limbered = "limbered",
        Unlimbered = "unlimbered",
    }
}

impl Formation {
    /// Whether a unit of this arm can take this formation: foot in line, column, square,
    /// mass, open order or march column; horse in line, column, squadron column, open
    /// order or march column; guns limbered or unlimbered.
    pub const fn fits(self, arm: Arm) -> bool {
        use Formation as F;
        if arm.is_artillery() {
            matches!(self, F::Limbered | F::Unlimbered)
        } else if arm.is_cavalry() {
            matches!(self, F::Line | F::Column | F::SquadronColumn | F::OpenOrder | F::MarchColumn)
        } else {
            matches!(self, F::Line | F::Column | F::Square | F::Mass | F::OpenOrder | F::MarchColumn)
        }
    }
}

vocab! {
    /// Where the unit stands.
    Terrain {
        Open = "open",
        Cover = "cover",
        Wood = "wood",
        Hill = "hill",
        Building = "building",
        /// Castle, church, fortified farm: a building, so rough ground (GDB-MOD-FN2,
        /// AMB-48).
        Fortified = "fortified",
        BuiltUp = "built_up",
        Rough = "rough",
        /// Field works: fortified for every clause but GDB-MOD-FN2 and GDB-RES-16 (no
        /// rough ground: infantry there halves its damage to cavalry; AMB-48).
        Redoubt = "redoubt",
    }
}

impl Terrain {
    /// A fortified position: castle, church, fortified farm or redoubt (GDB-MOD-27, FN3,
    /// FN7, FN8, GDB-RES-14; AMB-48).
    pub const fn fortified(self) -> bool {
        matches!(self, Terrain::Fortified | Terrain::Redoubt)
    }

    /// A building: a house, or a castle, church or fortified farm (AMB-48). A field work
    /// is no building.
    pub const fn building(self) -> bool {
        matches!(self, Terrain::Building | Terrain::Fortified)
    }

    /// In buildings or a built-up area, a building counting as part of one: a defender
    /// pushed back there moves 10 cm (GDB-RES-07), and charging infantry may occupy what
    /// its enemy left (GDB-CHG-20). The one answer to "buildings?" (issue 48: two sets
    /// disagreed on castles and churches).
    pub const fn in_buildings(self) -> bool {
        matches!(self, Terrain::BuiltUp) || self.building()
    }

    /// Rough ground, where infantry does not halve its damage to cavalry (GDB-MOD-FN2,
    /// GDB-RES-16): rough, light woods, built-up areas and buildings, castles and churches
    /// among them; not a redoubt (AMB-48).
    pub const fn rough(self) -> bool {
        matches!(self, Terrain::Rough | Terrain::Wood) || self.in_buildings()
    }

    /// Ground that shelters its defender: cover, woods, buildings, built-up areas and
    /// fortified positions. Against it the attacker's own ground gives nothing
    /// (GDB-MOD-FN8, AMB-08), and a column's charge needs a breach (GDB-MOD-22).
    pub const fn shelters(self) -> bool {
        matches!(self, Terrain::Cover | Terrain::Wood) || self.in_buildings() || self.fortified()
    }
}

vocab! {
    /// A terrain area the players draw on the table view.
    AreaKind {
        Hill = "hill",
        Wood = "wood",
        BuiltUp = "built_up",
        /// A river or stream: it matters for movement only.
        River = "river",
        Rough = "rough",
        /// A wall, hedge or the like (GDB-MOD-25, issue 27: every ground the melee reads can
        /// be drawn).
        Cover = "cover",
        /// A single building (GDB-MOD-26).
        Building = "building",
        /// A castle, church or fortified farm (GDB-MOD-27, AMB-48).
        Fortified = "fortified",
        /// Field works (AMB-48).
        Redoubt = "redoubt",
    }
}

impl AreaKind {
    /// The terrain a unit standing in the area is in, for the rules (a river or stream
    /// only matters for movement).
    pub const fn terrain(self) -> Option<Terrain> {
        match self {
            AreaKind::Hill => Some(Terrain::Hill),
            AreaKind::Wood => Some(Terrain::Wood),
            AreaKind::BuiltUp => Some(Terrain::BuiltUp),
            AreaKind::Rough => Some(Terrain::Rough),
            AreaKind::Cover => Some(Terrain::Cover),
            AreaKind::Building => Some(Terrain::Building),
            AreaKind::Fortified => Some(Terrain::Fortified),
            AreaKind::Redoubt => Some(Terrain::Redoubt),
            AreaKind::River => None,
        }
    }

    /// Whether the area hides what stands behind it (GDB-CHG-02: a suggestion the
    /// players confirm).
    pub const fn blocks_sight(self) -> bool {
        matches!(self, AreaKind::Wood | AreaKind::BuiltUp | AreaKind::Building | AreaKind::Fortified)
    }
}

vocab! {
    /// How the rules' distances stand on the players' table (AMB-26). The rules count in
    /// cm; a club that plays in inches reads the seed's 10 cm as 6". The table view keeps
    /// the real table in real cm and shows distances in the club's unit.
    Scale {
        Cm = "cm",
        Inch = "inch",
    }
}

// `vocab!` fixes the derives, so the default is written out.
#[allow(clippy::derivable_impls)]
impl Default for Scale {
    fn default() -> Self {
        Scale::Cm
    }
}

impl Scale {
    /// AMB-26: inches on the table for each cm of the rules (10 cm ↔ 6").
    pub const INCHES_PER_RULES_CM: f64 = 0.6;
    /// Real cm in an inch.
    pub const CM_PER_INCH: f64 = 2.54;

    /// Real cm on the table for one cm of the rules: 1, or 0.6" = 1.524 cm.
    pub fn table_cm_per_rules_cm(self) -> f64 {
        match self {
            Scale::Cm => 1.0,
            Scale::Inch => Self::INCHES_PER_RULES_CM * Self::CM_PER_INCH,
        }
    }

    /// A distance measured on the table (real cm) in the rules' cm.
    pub fn rules_cm(self, table_cm: f64) -> f64 {
        table_cm / self.table_cm_per_rules_cm()
    }

    /// A distance of the rules (cm) on the table, in real cm.
    pub fn table_cm(self, rules_cm: f64) -> f64 {
        rules_cm * self.table_cm_per_rules_cm()
    }

    /// A distance on the table (real cm) in the club's unit: cm, or inches.
    pub fn shown(self, table_cm: f64) -> f64 {
        match self {
            Scale::Cm => table_cm,
            Scale::Inch => table_cm / Self::CM_PER_INCH,
        }
    }
}

vocab! {
    /// Quality of a cavalry unit's horses.
    Horses {
        Good = "good",
        Normal = "normal",
        Poor = "poor",
    }
}

vocab! {
    /// Nation: a few rules read it (British infantry in line, Austrian masses).
    Nation {
        French = "french",
        British = "british",
        Austrian = "austrian",
        Prussian = "prussian",
        Russian = "russian",
        Spanish = "spanish",
        Portuguese = "portuguese",
        Polish = "polish",
        Other = "other",
    }
}

vocab! {
    /// A general's rank.
    Rank {
        CommanderInChief = "commander_in_chief",
        Brigade = "brigade",
        Regimental = "regimental",
    }
}

vocab! {
    /// A general's quality.
    Quality {
        Inept = "inept",
        Average = "average",
        Good = "good",
    }
}

vocab! {
    /// Markers with a lifetime (design.md section 3).
    Marker {
        Retreating = "retreating",
        PushedBack = "pushed_back",
        Pursuing = "pursuing",
        ChargedThisTurn = "charged_this_turn",
        GunsAbandoned = "guns_abandoned",
        InMelee = "in_melee",
        Evaded = "evaded",
        ChangingFormation = "changing_formation",
        WasCharged = "was_charged",
        UnderFire = "under_fire",
        /// A rally test passed: the unit rallies as the next Compulsory Move phase begins
        /// (GDB-SEQ-03), unless the players' option rallies it at once.
        Rallying = "rallying",
        /// A move the game made stopped at the table's edge: the players say whether the
        /// unit stays there or leaves the battle (issue 27).
        AtTableEdge = "at_table_edge",
    }
}

impl Marker {
    /// The phase at whose start the marker is removed by itself, if any: charge, charged
    /// and evade markers last the turn (GDB-CHG-05, 11); retreat and push-back markers
    /// last until the next Compulsory Move phase has been played, when a pushed-back unit
    /// rallies (GDB-SEQ-03, GDB-RES-05). Melee, pursuit and abandoned-gun markers are
    /// removed by what ends them (the pursuit by the end of its engagement's aftermath).
    pub const fn expires_at(self) -> Option<Phase> {
        match self {
            Marker::ChargedThisTurn
            | Marker::Evaded
            | Marker::ChangingFormation
            | Marker::WasCharged
            | Marker::UnderFire => Some(Phase::Initiative),
            Marker::Retreating | Marker::PushedBack => Some(Phase::Charges),
            Marker::Rallying => Some(Phase::CompulsoryMoves),
            Marker::InMelee | Marker::GunsAbandoned | Marker::Pursuing | Marker::AtTableEdge => None,
        }
    }
}

vocab! {
    /// Ruleset B cavalry weight, for flight distances (B-FLE-01, AMB-46).
    Weight {
        /// Heavy cavalry: flees 5 cm.
        Heavy = "heavy",
        /// Medium cavalry: flees 6 cm.
        Medium = "medium",
        /// Light cavalry: flees 7 cm.
        Light = "light",
    }
}

vocab! {
    /// Which face of a unit an attack strikes (GDB-MOD-20, GDB-CHG-16; B-MEL-11, 14).
    Face {
        /// Its front.
        Front = "front",
        /// A flank.
        Flank = "flank",
        /// Its rear.
        Rear = "rear",
    }
}

impl Face {
    /// Struck in flank or rear: GdB's −4 (GDB-MOD-20) and most Ruleset B clauses treat
    /// both alike.
    pub const fn flank_or_rear(self) -> bool {
        !matches!(self, Face::Front)
    }
}

/// Reads a struck face, or the older `flank_or_rear` flag (`true` reads as a flank); a
/// wrong value is refused naming the faces.
pub fn face_or_flag<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Face, D::Error> {
    struct FaceOrFlag;
    impl serde::de::Visitor<'_> for FaceOrFlag {
        type Value = Face;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("one of `front`, `flank`, `rear` (or true/false)")
        }
        fn visit_bool<E: serde::de::Error>(self, flag: bool) -> Result<Face, E> {
            Ok(if flag { Face::Flank } else { Face::Front })
        }
        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Face, E> {
            <Face as serde::Deserialize>::deserialize(serde::de::value::StrDeserializer::<E>::new(text))
        }
    }
    d.deserialize_any(FaceOrFlag)
}

vocab! {
    /// Which rules the battle is played under.
    Ruleset {
        /// General de Brigade (seeds 000 and 001).
        Gdb = "gdb",
        /// The "average die" ruleset of seed 004.
        RulesetB = "ruleset_b",
    }
}

vocab! {
    /// The phases of a General de Brigade turn (GDB-SEQ-01..03).
    Phase {
        Initiative = "initiative",
        CompulsoryMoves = "compulsory_moves",
        Charges = "charges",
        Movement = "movement",
        Firing = "firing",
        Melee = "melee",
        Morale = "morale",
    }
}

vocab! {
    /// The way a side moves over the ground (GDB-MOD-FN6, B-COL-07).
    Slope {
        Level = "level",
        Uphill = "uphill",
        Downhill = "downhill",
    }
}

vocab! {
    /// One of the two armies.
    Side {
        First = "first",
        Second = "second",
    }
}

impl Ruleset {
    /// The turn's phases, in order (GDB-SEQ-01..03). Ruleset B's seed gives no sequence:
    /// its battles use the simpler attacks, movement, firing, melee, morale.
    pub const fn phases(self) -> &'static [Phase] {
        match self {
            Ruleset::Gdb => Phase::ALL,
            Ruleset::RulesetB => &[Phase::Charges, Phase::Movement, Phase::Firing, Phase::Melee, Phase::Morale],
        }
    }

    /// The phase after `phase`, and whether it starts a new turn.
    pub fn next_phase(self, phase: Phase) -> (Phase, bool) {
        let phases = self.phases();
        let at = phases.iter().position(|p| *p == phase);
        match at.and_then(|i| phases.get(i + 1)) {
            Some(next) => (*next, false),
            None => (phases.first().copied().unwrap_or(Phase::Initiative), at.is_some()),
        }
    }
}

impl Side {
    /// The opposing side.
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// A value for each side, indexed by [`Side`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BySide<T> {
    /// The first side's value.
    pub first: T,
    /// The second side's value.
    pub second: T,
}

impl<T> BySide<T> {
    /// The value of one side.
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }

    /// The value of one side, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::First => &mut self.first,
            Side::Second => &mut self.second,
        }
    }
}

/// Defaults used when a file or an engagement omits a field (design.md section 4).
macro_rules! defaults {
    ($($ty:ident => $var:ident),+ $(,)?) => {
        $(impl Default for $ty {
            fn default() -> Self {
                $ty::$var
            }
        })+
    };
}

defaults! {
    Arm => Infantry,
    Order => Formed,
    Terrain => Open,
    Horses => Normal,
    Class => Line,
    Formation => Line,
    Status => C,
    Nation => Other,
    Slope => Level,
    Ruleset => Gdb,
    Phase => Initiative,
    Quality => Average,
    Face => Front,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_names_match_keys() {
        for arm in Arm::ALL {
            let json = serde_json::to_string(arm).unwrap();
            assert_eq!(json, format!("\"{}\"", arm.key()));
        }
        let f: Formation = serde_json::from_str("\"squadron_column\"").unwrap();
        assert_eq!(f, Formation::SquadronColumn);
    }

    #[test]
    fn arm_groups_partition_the_arms() {
        for arm in Arm::ALL {
            let groups = [arm.is_cavalry(), arm.is_infantry(), arm.is_artillery()];
            assert_eq!(groups.iter().filter(|g| **g).count(), 1, "{arm:?}");
        }
    }
}
