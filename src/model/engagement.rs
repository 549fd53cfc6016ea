//! One engagement, from the charge that brought two units into contact to the end of
//! its aftermath: the record of every fact a later step of the rules needs, so that the
//! game derives the melee and what follows from it rather than from the players'
//! memory or the interface's state (design.md section 2, "Engagements are records").
//!
//! Its shape says what can be (issue 48): each side's `Situation` as the contact left it
//! (`contact`), the stage as a type (a melee waiting, or an aftermath with what it still
//! owes), the facts only one ruleset has as `ContactRules`, each side's values `ByRole`.
//! Files keep the flat object older versions wrote (`EngagementFile`); one that cannot be
//! is refused as it is read (`ImpossibleEngagement`).

use serde::{Deserialize, Serialize};

use super::UnitId;
use crate::rules::options::{TestKind, TestResult};
use crate::rules::{ByRole, BySide, Face, Role, Situation, Slope};

/// Where an engagement stands: a melee waiting, or a decided melee's aftermath with
/// what it still owes (issue 48: an aftermath's facts exist only in an aftermath).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    /// In base contact: a melee waits for the Melee phase (GDB-MEL-01, 02; B-MEL-01).
    #[default]
    Melee,
    /// The melee is decided; what follows it (the push-back and its rally, GDB-RES-05;
    /// a pursuit, GDB-RES-02, GDB-MOD-21) is still to happen next turn.
    Aftermath(Aftermath),
}

/// What a decided melee still owes the next turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aftermath {
    /// The turn the melee was decided in.
    pub decided_turn: u32,
    /// The unit pushed back: it rallies after its push-back move (GDB-RES-05).
    pub pushed_back: Option<UnitId>,
    /// The winner that pursues: +2 in its next melee (GDB-RES-02, GDB-MOD-21).
    pub pursuer: Option<UnitId>,
}

/// What a contact has beyond its sides' situations, which only one ruleset knows (issue
/// 48: a GdB counter-charge and Ruleset B's both attacking cannot be built together; a
/// contact with neither is one value, whichever ruleset made it, so that a file gives
/// back exactly what was saved).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ContactRules {
    /// Neither.
    #[default]
    Plain,
    /// GdB: the defender moved this far to meet the charger, cm: from 5 cm it counts as
    /// charging too (GDB-CHG-17, 18, EX-4); spent after the first melee turn.
    CounterCharge {
        /// The distance, cm.
        counter_cm: u32,
    },
    /// Ruleset B: both sides attacked (B-COL-19..21): the melee goes on turn after turn
    /// (B-MEL-05..07).
    BothAttacking,
}

impl ContactRules {
    /// A GdB charge's contact, with the counter-charger's distance if there was one.
    pub fn gdb(counter_cm: Option<u32>) -> Self {
        counter_cm.map_or(ContactRules::Plain, |counter_cm| ContactRules::CounterCharge { counter_cm })
    }

    /// A Ruleset B collision's contact.
    pub fn ruleset_b(both_attacking: bool) -> Self {
        if both_attacking { ContactRules::BothAttacking } else { ContactRules::Plain }
    }
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
/// carried through each melee turn, ended when its aftermath is done. In files it is one
/// flat object ([`EngagementFile`]), as before the stages were a type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "EngagementFile", into = "EngagementFile")]
pub struct Engagement {
    /// The charging (attacking) unit.
    pub attacker: UnitId,
    /// The unit charged.
    pub defender: UnitId,
    /// Melee waiting, or aftermath.
    pub stage: Stage,
    /// Each side's situation as the contact left it (issue 48: the engagement carries
    /// [`Situation`]s): the attacker charging and how far (GDB-MOD-21, GDB-CHG-18; false
    /// from the second turn on), the face the defender is struck in (GDB-CHG-16,
    /// GDB-MOD-20; B-MEL-11, 14), a side caught evading or fleeing (GDB-EVD-11, AMB-47;
    /// B-FLE-02, B-MEL-12).
    pub contact: ByRole<Situation>,
    /// The ground each side charged over as the table showed it at the charge
    /// (GDB-MOD-FN6, B-COL-07): the melee wizard offers it.
    pub slopes: Option<ByRole<Slope>>,
    /// The distance the attack began at, cm (AMB-37: "began too close").
    pub distance_cm: Option<u32>,
    /// What only the ruleset's own contact has: a counter-charge, or both attacking.
    pub rules: ContactRules,
    /// Tests taken so far, in order.
    pub tests: Vec<TestTaken>,
    /// Melee turn, from 1 (a drawn melee goes on, GDB-RES-11; Ruleset B counts the
    /// collision turn as 1, B-MEL-02).
    pub melee_turn: u32,
    /// Figures each side has lost in this melee so far (B-MEL-03).
    pub losses: ByRole<u32>,
    /// Each side's figures when the melee began (B-MEL-03, AMB-33).
    pub start_figures: Option<ByRole<u32>>,
    /// Push-backs in a row each side has suffered in this melee (GDB-RES-08).
    pub pushbacks: ByRole<u32>,
    /// The winner followed the pushed-back enemy, staying in base contact (GDB-RES-10).
    pub follow_in: bool,
    /// Units that charged into the melee and joined a side (AMB-15). Each side fights
    /// with its principal unit's total; these count only for its numerical superiority
    /// (GDB-MOD-28, 29).
    pub joined: ByRole<Vec<UnitId>>,
}

/// An engagement as files write it: flat, the stages' and the rulesets' facts side by
/// side, each side's values as `first` (the attacker) and `second` (the defender).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct EngagementFile {
    attacker: UnitId,
    defender: UnitId,
    #[serde(default, skip_serializing_if = "is_default")]
    stage: StageName,
    #[serde(default)]
    charging: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    moved_cm: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    counter_cm: Option<u32>,
    #[serde(default, alias = "flank_or_rear", deserialize_with = "crate::rules::face_or_flag")]
    struck_face: Face,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    slopes: Option<ByRole<Slope>>,
    #[serde(default, skip_serializing_if = "is_false")]
    evaders_caught: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    both_attacking: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fleeing: Option<Role>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    distance_cm: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tests: Vec<TestTaken>,
    #[serde(default = "one")]
    melee_turn: u32,
    #[serde(default, skip_serializing_if = "is_default")]
    losses: BySide<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start_figures: Option<BySide<u32>>,
    #[serde(default, skip_serializing_if = "is_default")]
    pushbacks: BySide<u32>,
    #[serde(default, skip_serializing_if = "is_false")]
    follow_in: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    decided_turn: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pushed_back: Option<UnitId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pursuer: Option<UnitId>,
    #[serde(default, skip_serializing_if = "is_default")]
    joined: BySide<Vec<UnitId>>,
}

/// A stage's name in files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum StageName {
    #[default]
    Melee,
    Aftermath,
}

fn by_role<T>(pair: BySide<T>) -> ByRole<T> {
    ByRole::new(pair.first, pair.second)
}

fn by_side<T>(pair: ByRole<T>) -> BySide<T> {
    BySide { first: pair.attacker, second: pair.defender }
}

/// An engagement a file states that cannot be (issue 48: its stages and rulesets are
/// types); the reader's message is the text, which `i18n` words in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImpossibleEngagement {
    /// A push-back, a pursuer or a decided turn on a melee still waiting.
    #[error("a melee still waiting has no decided turn, push-back or pursuer")]
    OwedBeforeDecided,
    /// An aftermath without the turn its melee was decided in.
    #[error("an aftermath names the turn its melee was decided in")]
    AftermathWithoutTurn,
    /// A GdB counter-charge or caught evaders beside Ruleset B's both attacking or flight.
    #[error("a counter-charge or caught evaders (GdB) beside both attacking or a flight (Ruleset B)")]
    BothRulesets,
}

impl ImpossibleEngagement {
    /// Every kind.
    pub const ALL: [ImpossibleEngagement; 3] = [
        ImpossibleEngagement::OwedBeforeDecided,
        ImpossibleEngagement::AftermathWithoutTurn,
        ImpossibleEngagement::BothRulesets,
    ];
}

impl TryFrom<EngagementFile> for Engagement {
    type Error = ImpossibleEngagement;

    fn try_from(f: EngagementFile) -> Result<Self, ImpossibleEngagement> {
        let stage = match (f.stage, f.decided_turn) {
            (StageName::Melee, None) if f.pushed_back.is_none() && f.pursuer.is_none() => Stage::Melee,
            (StageName::Melee, _) => return Err(ImpossibleEngagement::OwedBeforeDecided),
            (StageName::Aftermath, Some(decided_turn)) => {
                Stage::Aftermath(Aftermath { decided_turn, pushed_back: f.pushed_back, pursuer: f.pursuer })
            }
            (StageName::Aftermath, None) => return Err(ImpossibleEngagement::AftermathWithoutTurn),
        };
        let gdb = f.counter_cm.is_some() || f.evaders_caught;
        if gdb && (f.both_attacking || f.fleeing.is_some()) {
            return Err(ImpossibleEngagement::BothRulesets);
        }
        let rules = if f.both_attacking { ContactRules::BothAttacking } else { ContactRules::gdb(f.counter_cm) };
        let caught = |role: Role| f.fleeing == Some(role) || (role == Role::Defender && f.evaders_caught);
        let contact = ByRole::new(
            Situation {
                charging: f.charging,
                moved_cm: f.moved_cm,
                caught_evading: caught(Role::Attacker),
                ..Situation::default()
            },
            Situation { struck_face: f.struck_face, caught_evading: caught(Role::Defender), ..Situation::default() },
        );
        Ok(Engagement {
            attacker: f.attacker,
            defender: f.defender,
            stage,
            contact,
            slopes: f.slopes,
            distance_cm: f.distance_cm,
            rules,
            tests: f.tests,
            melee_turn: f.melee_turn,
            losses: by_role(f.losses),
            start_figures: f.start_figures.map(by_role),
            pushbacks: by_role(f.pushbacks),
            follow_in: f.follow_in,
            joined: by_role(f.joined),
        })
    }
}

impl From<Engagement> for EngagementFile {
    fn from(e: Engagement) -> Self {
        let (stage, aftermath) = match e.stage {
            Stage::Melee => (StageName::Melee, None),
            Stage::Aftermath(a) => (StageName::Aftermath, Some(a)),
        };
        // A caught defender is written as GdB's caught evaders unless both sides attacked
        // (Ruleset B's flight then); either reads back as the same situation.
        let caught = Role::BOTH.into_iter().find(|r| e.contact.get(*r).caught_evading);
        let (counter_cm, both_attacking) = match e.rules {
            ContactRules::Plain => (None, false),
            ContactRules::CounterCharge { counter_cm } => (Some(counter_cm), false),
            ContactRules::BothAttacking => (None, true),
        };
        let (evaders_caught, fleeing) = match caught {
            Some(Role::Defender) if !both_attacking => (true, None),
            Some(role) => (false, Some(role)),
            None => (false, None),
        };
        let (attacker, defender) = (&e.contact.attacker, &e.contact.defender);
        EngagementFile {
            attacker: e.attacker,
            defender: e.defender,
            stage,
            charging: attacker.charging,
            moved_cm: attacker.moved_cm,
            counter_cm,
            struck_face: defender.struck_face,
            slopes: e.slopes,
            evaders_caught,
            both_attacking,
            fleeing,
            distance_cm: e.distance_cm,
            tests: e.tests,
            melee_turn: e.melee_turn,
            losses: by_side(e.losses),
            start_figures: e.start_figures.map(by_side),
            pushbacks: by_side(e.pushbacks),
            follow_in: e.follow_in,
            decided_turn: aftermath.as_ref().map(|a| a.decided_turn),
            pushed_back: aftermath.as_ref().and_then(|a| a.pushed_back),
            pursuer: aftermath.and_then(|a| a.pursuer),
            joined: by_side(e.joined),
        }
    }
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
            contact: ByRole::default(),
            slopes: None,
            distance_cm: None,
            rules: ContactRules::default(),
            tests: Vec::new(),
            melee_turn: 1,
            losses: ByRole::default(),
            start_figures: None,
            pushbacks: ByRole::default(),
            follow_in: false,
            joined: ByRole::default(),
        }
    }

    /// The contact of a charge that moved `moved_cm` (a contact added by hand, a test's).
    pub fn charged(mut self, moved_cm: Option<u32>) -> Self {
        self.contact.attacker.charging = true;
        self.contact.attacker.moved_cm = moved_cm;
        self
    }

    /// A melee waits to be fought.
    pub fn is_melee(&self) -> bool {
        self.stage == Stage::Melee
    }

    /// What a decided melee still owes, in its aftermath.
    pub fn aftermath(&self) -> Option<&Aftermath> {
        match &self.stage {
            Stage::Melee => None,
            Stage::Aftermath(a) => Some(a),
        }
    }

    /// The unit that pursues from this engagement's aftermath (GDB-RES-02).
    pub fn pursuer(&self) -> Option<UnitId> {
        self.aftermath().and_then(|a| a.pursuer)
    }

    /// Distance the defender moved to meet the charger in a counter-charge (GdB).
    pub fn counter_cm(&self) -> Option<u32> {
        match self.rules {
            ContactRules::CounterCharge { counter_cm } => Some(counter_cm),
            ContactRules::Plain | ContactRules::BothAttacking => None,
        }
    }

    /// The defender was caught evading (GDB-EVD-11, AMB-47).
    pub fn evaders_caught(&self) -> bool {
        self.contact.defender.caught_evading
    }

    /// Both sides attacked (Ruleset B, B-COL-19..21).
    pub fn both_attacking(&self) -> bool {
        self.rules == ContactRules::BothAttacking
    }

    /// The side that fled before contact and was caught (B-FLE-02, B-MEL-12; GDB-EVD-11).
    pub fn fleeing(&self) -> Option<Role> {
        Role::BOTH.into_iter().find(|r| self.contact.get(*r).caught_evading)
    }

    /// The charge is spent after the first melee turn: the attacker no longer counts as
    /// charging, nor a counter-charger (GDB-MOD-21, GDB-CHG-17).
    pub fn end_charge(&mut self) {
        self.contact.attacker.charging = false;
        if let ContactRules::CounterCharge { .. } = self.rules {
            self.rules = ContactRules::Plain;
        }
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
        self.side_of(id).is_some()
    }

    /// The side a unit fights on in this engagement, if it takes part.
    pub fn side_of(&self, id: UnitId) -> Option<Role> {
        Role::BOTH.into_iter().find(|r| self.unit(*r) == id || self.joined.get(*r).contains(&id))
    }

    /// The units joined on a side (AMB-15).
    pub fn joined_with(&self, role: Role) -> &[UnitId] {
        self.joined.get(role).as_slice()
    }

    /// Every unit in the melee: the two principals, then those joined.
    pub fn units(&self) -> impl Iterator<Item = UnitId> + '_ {
        [self.attacker, self.defender]
            .into_iter()
            .chain(self.joined.attacker.iter().copied())
            .chain(self.joined.defender.iter().copied())
    }

    /// The defender counts as charging: it counter-charged 5 cm or more (GDB-CHG-17, 18).
    pub fn counter_charging(&self) -> bool {
        self.counter_cm().is_some_and(|c| c >= 5) && self.melee_turn <= 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Engagement, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn gdb_res_02_05_an_aftermath_reads_and_writes_flat_as_before() {
        let text = r#"{"attacker":1,"defender":2,"stage":"aftermath","charging":false,"struck_face":"front","melee_turn":1,"losses":{"first":1,"second":3},"decided_turn":2,"pursuer":1}"#;
        let e = read(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(e.aftermath(), Some(&Aftermath { decided_turn: 2, pushed_back: None, pursuer: Some(UnitId(1)) }));
        assert_eq!(e.losses, ByRole::new(1, 3));
        assert_eq!(serde_json::to_string(&e).ok().as_deref(), Some(text));
    }

    /// GDB-CHG-17, GDB-EVD-11, B-COL-19, B-FLE-02: every kind of contact comes back from
    /// its file form exactly as it was.
    #[test]
    fn every_contact_comes_back_from_its_file_form() {
        let caught = |role: Option<Role>| {
            let mut e = Engagement::contact(UnitId(1), UnitId(2)).charged(Some(9));
            if let Some(r) = role {
                e.contact.get_mut(r).caught_evading = true;
            }
            e
        };
        let rules = [ContactRules::Plain, ContactRules::CounterCharge { counter_cm: 6 }, ContactRules::BothAttacking];
        for rule in rules {
            for role in [None, Some(Role::Defender), Some(Role::Attacker)] {
                if matches!(rule, ContactRules::CounterCharge { .. }) && role == Some(Role::Attacker) {
                    continue; // A GdB charger is never caught evading.
                }
                let e = Engagement { rules: rule, ..caught(role) };
                let text = serde_json::to_string(&e).unwrap_or_default();
                assert_eq!(read(&text).as_ref(), Ok(&e), "{rule:?} {role:?}: {text}");
            }
        }
    }

    #[test]
    fn impossible_engagements_are_refused_as_they_are_read() {
        let no_turn = r#"{"attacker":1,"defender":2,"stage":"aftermath","pursuer":1}"#;
        assert!(read(no_turn).is_err_and(|e| e.contains("decided in")), "an aftermath names its turn");
        let pursuing_melee = r#"{"attacker":1,"defender":2,"pursuer":1}"#;
        assert!(read(pursuing_melee).is_err(), "a melee waiting has no pursuer yet");
        let both = r#"{"attacker":1,"defender":2,"counter_cm":6,"fleeing":"defender"}"#;
        assert!(read(both).is_err_and(|e| e.contains("Ruleset B")), "GDB-CHG-17 and B-FLE-02 together");
        let b = read(r#"{"attacker":1,"defender":2,"both_attacking":true}"#).unwrap_or_else(|e| panic!("{e}"));
        assert!(b.both_attacking() && b.counter_cm().is_none(), "B-COL-19");
    }
}
