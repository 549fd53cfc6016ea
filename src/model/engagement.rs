//! One engagement, from the charge that brought two units into contact to the end of
//! its aftermath: the record of every fact a later step of the rules needs, so that the
//! game derives the melee and what follows from it rather than from the players'
//! memory or the interface's state (design.md section 2, "Engagements are records").

use serde::{Deserialize, Serialize};

use super::UnitId;
use crate::rules::options::{TestKind, TestResult};
use crate::rules::{BySide, Face, Role};

/// Where an engagement stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// In base contact: a melee waits for the Melee phase (GDB-MEL-01, 02; B-MEL-01).
    #[default]
    Melee,
    /// The melee is decided; what follows it (the push-back and its rally, GDB-RES-05;
    /// a pursuit, GDB-RES-02, GDB-MOD-21) is still to happen next turn.
    Aftermath,
}

/// A test taken during the engagement, with its result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestTaken {
    /// The unit that tested.
    pub unit: UnitId,
    /// Which test.
    pub test: TestKind,
    /// Its result.
    pub result: TestResult,
}

/// Two units engaged: created when a charge (or a Ruleset B collision) comes to contact,
/// carried through each melee turn, ended when its aftermath is done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Engagement {
    /// The charging (attacking) unit.
    pub attacker: UnitId,
    /// The unit charged.
    pub defender: UnitId,
    /// Melee waiting, or aftermath.
    #[serde(default, skip_serializing_if = "is_default")]
    pub stage: Stage,
    /// The attacker counts as charging in the coming melee turn: it moved 5 cm or more
    /// (GDB-MOD-21, GDB-CHG-18); false from the second turn on.
    #[serde(default)]
    pub charging: bool,
    /// Distance the attacker moved in its charge, cm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved_cm: Option<u32>,
    /// Distance the defender moved to meet the charger in a counter-charge, cm: from
    /// 5 cm it counts as charging too (GDB-CHG-17, 18, EX-4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter_cm: Option<u32>,
    /// Where the defender is struck (GDB-CHG-16, GDB-MOD-20; B-MEL-11, 14); the older
    /// `flank_or_rear: true` reads as a flank.
    #[serde(default, alias = "flank_or_rear", deserialize_with = "crate::rules::face_or_flag")]
    pub struck_face: Face,
    /// The ground each side charged over as the table showed it at the charge, attacker
    /// then defender (GDB-MOD-FN6, B-COL-07): the melee wizard offers it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slopes: Option<(crate::rules::Slope, crate::rules::Slope)>,
    /// The defender was caught evading: it does not fight back (GDB-EVD-11, AMB-47).
    #[serde(default, skip_serializing_if = "is_false")]
    pub evaders_caught: bool,
    /// Both sides attacked (Ruleset B, B-COL-19..21): the melee goes on turn after turn
    /// (B-MEL-05..07).
    #[serde(default, skip_serializing_if = "is_false")]
    pub both_attacking: bool,
    /// A side that fled before contact and was caught: it rolls no dice (B-FLE-02, B-MEL-12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fleeing: Option<Role>,
    /// The distance the attack began at, cm (AMB-37: "began too close").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance_cm: Option<u32>,
    /// Tests taken so far, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tests: Vec<TestTaken>,
    /// Melee turn, from 1 (a drawn melee goes on, GDB-RES-11; Ruleset B counts the
    /// collision turn as 1, B-MEL-02).
    #[serde(default = "one")]
    pub melee_turn: u32,
    /// Figures each side has lost in this melee so far (B-MEL-03).
    #[serde(default, skip_serializing_if = "is_default")]
    pub losses: BySide<u32>,
    /// Each side's figures when the melee began (B-MEL-03, AMB-33); `first` is the
    /// attacker, `second` the defender.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_figures: Option<BySide<u32>>,
    /// Push-backs in a row each side has suffered in this melee (GDB-RES-08).
    #[serde(default, skip_serializing_if = "is_default")]
    pub pushbacks: BySide<u32>,
    /// The winner followed the pushed-back enemy, staying in base contact (GDB-RES-10).
    #[serde(default, skip_serializing_if = "is_false")]
    pub follow_in: bool,
    /// The turn the melee was decided in (aftermath).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_turn: Option<u32>,
    /// The unit pushed back: it rallies after its push-back move (GDB-RES-05).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pushed_back: Option<UnitId>,
    /// The winner that pursues: +2 in its next melee (GDB-RES-02, GDB-MOD-21).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pursuer: Option<UnitId>,
    /// Units that charged into the melee and joined a side (AMB-15): `first` with the
    /// attacker, `second` with the defender. Each side fights with its principal unit's
    /// total; these count only for its numerical superiority (GDB-MOD-28, 29).
    #[serde(default, skip_serializing_if = "is_default")]
    pub joined: BySide<Vec<UnitId>>,
}

fn one() -> u32 {
    1
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

impl Engagement {
    /// A new engagement in contact, at its first melee turn.
    pub fn contact(attacker: UnitId, defender: UnitId) -> Self {
        Engagement {
            attacker,
            defender,
            stage: Stage::Melee,
            charging: false,
            moved_cm: None,
            counter_cm: None,
            struck_face: Face::Front,
            slopes: None,
            evaders_caught: false,
            both_attacking: false,
            fleeing: None,
            distance_cm: None,
            tests: Vec::new(),
            melee_turn: 1,
            losses: BySide::default(),
            start_figures: None,
            pushbacks: BySide::default(),
            follow_in: false,
            decided_turn: None,
            pushed_back: None,
            pursuer: None,
            joined: BySide::default(),
        }
    }

    /// A melee waits to be fought.
    pub fn is_melee(&self) -> bool {
        self.stage == Stage::Melee
    }

    /// The unit on one side.
    pub fn unit(&self, role: Role) -> UnitId {
        match role {
            Role::Attacker => self.attacker,
            Role::Defender => self.defender,
        }
    }

    /// Whether a unit takes part, as a principal or joined (AMB-15).
    pub fn involves(&self, id: UnitId) -> bool {
        self.attacker == id
            || self.defender == id
            || self.joined.first.contains(&id)
            || self.joined.second.contains(&id)
    }

    /// The side a unit fights on in this engagement, if it takes part.
    pub fn side_of(&self, id: UnitId) -> Option<Role> {
        if self.attacker == id || self.joined.first.contains(&id) {
            Some(Role::Attacker)
        } else if self.defender == id || self.joined.second.contains(&id) {
            Some(Role::Defender)
        } else {
            None
        }
    }

    /// The units joined on a side (AMB-15).
    pub fn joined_with(&self, role: Role) -> &[UnitId] {
        by_role(&self.joined, role).as_slice()
    }

    /// Every unit in the melee: the two principals, then those joined.
    pub fn units(&self) -> impl Iterator<Item = UnitId> + '_ {
        [self.attacker, self.defender]
            .into_iter()
            .chain(self.joined.first.iter().copied())
            .chain(self.joined.second.iter().copied())
    }

    /// The defender counts as charging: it counter-charged 5 cm or more (GDB-CHG-17, 18).
    pub fn counter_charging(&self) -> bool {
        self.counter_cm.is_some_and(|c| c >= 5) && self.melee_turn <= 1
    }
}

/// A side's value by role, with `first` the attacker and `second` the defender.
pub fn by_role<T>(pair: &BySide<T>, role: Role) -> &T {
    match role {
        Role::Attacker => &pair.first,
        Role::Defender => &pair.second,
    }
}
