//! A club's house rules (issue 51): modifiers of its own, each with an ID, a label in
//! both languages, the step it applies to, a condition and a value; and rulebook
//! modifiers whose value the club changed or switched off, by clause ID.
//!
//! The order a breakdown takes: the rulebook's modifiers as the club amended them (each
//! in its place, a changed value under its clause, a switched-off one left out), then
//! the club's own in the order of its pack, then the players' overrules. A condition is
//! an "and" of tests, each over one field of the side (or of its enemy): the unit's arm,
//! class, status, formation, order, terrain, horses, or a field of its `Situation`; a
//! test holds when the field has one of the values it lists.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::explain::{HouseTag, Modifier, Rule, Source, Words};
use super::options::TestKind;
use super::situation::{Fact, Situation};
use super::vocab::{Arm, Class, Face, Formation, Horses, Order, Slope, Status, Terrain};

/// The most characters of a house modifier's ID.
pub const MAX_HOUSE_ID_CHARS: usize = 32;
/// The most characters of a label, in each language.
pub const MAX_HOUSE_LABEL_CHARS: usize = 120;
/// The largest value a house modifier or a changed rulebook modifier may have, either way.
pub const MAX_HOUSE_VALUE: i32 = 20;
/// The most house modifiers and changes a ruleset's pack may hold, each.
pub const MAX_HOUSE_ITEMS: usize = 200;
/// The most tests of one condition, and the most values one test lists.
pub const MAX_CONDITION_ITEMS: usize = 32;

vocab! {
    /// The step a house modifier applies to.
    Step {
        /// A General de Brigade melee (GDB-MEL-03).
        GdbMelee = "gdb_melee",
        /// A Ruleset B collision test (B-COL-03).
        BCollision = "b_collision",
        /// A turn of Ruleset B melee: on each die (B-MEL-13..15).
        BMelee = "b_melee",
        /// The charge test (GDB-CHG-13), read as 2D6 + modifiers on the players' table.
        ChargeTest = "charge_test",
        /// The test to stand (GDB-CHG-14).
        StandTest = "stand_test",
        /// The counter-charge test (GDB-CHG-17).
        CounterChargeTest = "counter_charge_test",
        /// The formation test (GDB-RES-02).
        FormationTest = "formation_test",
        /// The pursuit test (GDB-RES-02).
        PursuitTest = "pursuit_test",
        /// A morale test of the players' rulebook.
        MoraleTest = "morale_test",
        /// A test to rally.
        RallyTest = "rally_test",
    }
}

impl Step {
    /// The steps of General de Brigade, and of Ruleset B.
    pub const GDB: [Step; 8] = [
        Step::GdbMelee,
        Step::ChargeTest,
        Step::StandTest,
        Step::CounterChargeTest,
        Step::FormationTest,
        Step::PursuitTest,
        Step::MoraleTest,
        Step::RallyTest,
    ];
    /// The steps of Ruleset B.
    pub const RULESET_B: [Step; 2] = [Step::BCollision, Step::BMelee];

    /// The step of a test.
    pub const fn of_test(test: TestKind) -> Step {
        match test {
            TestKind::Charge => Step::ChargeTest,
            TestKind::Stand => Step::StandTest,
            TestKind::CounterCharge => Step::CounterChargeTest,
            TestKind::Formation => Step::FormationTest,
            TestKind::Pursuit => Step::PursuitTest,
            TestKind::Morale => Step::MoraleTest,
            TestKind::Rally => Step::RallyTest,
        }
    }

    /// Whether it is a test (it reads the unit alone: no situation, no enemy).
    pub const fn is_test(self) -> bool {
        !matches!(self, Step::GdbMelee | Step::BCollision | Step::BMelee)
    }

    /// Whether a condition of this step may test `field`: a melee or collision reads the
    /// fields its side carries, a test the unit's own.
    pub fn reads(self, field: CondField) -> bool {
        match self {
            Step::GdbMelee => field != CondField::Status,
            Step::BCollision | Step::BMelee => {
                !matches!(field, CondField::Class | CondField::Terrain | CondField::Horses)
            }
            Step::ChargeTest
            | Step::StandTest
            | Step::CounterChargeTest
            | Step::FormationTest
            | Step::PursuitTest
            | Step::MoraleTest
            | Step::RallyTest => !field.of_situation(),
        }
    }
}

vocab! {
    /// Whose field a test reads: the side's own, or its enemy's.
    #[derive(Default)]
    Whose {
        /// The side the modifier is for.
        #[default]
        Own = "own",
        /// The side it fights.
        Enemy = "enemy",
    }
}

/// A field a condition may test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CondField {
    /// The unit's arm.
    Arm,
    /// Its class.
    Class,
    /// Its status letter (Ruleset B).
    Status,
    /// Its formation.
    Formation,
    /// Its order.
    Order,
    /// The ground it stands on.
    Terrain,
    /// Its horses.
    Horses,
    /// The slope it moved over (its situation).
    Slope,
    /// The face it is struck in (its situation).
    StruckFace,
    /// The ground the players told (its situation).
    Ground,
    /// A yes-or-no fact of its situation.
    Fact(Fact),
}

/// The values of a yes-or-no fact, as a condition lists them.
pub const YES_NO: [&str; 2] = ["true", "false"];

impl CondField {
    /// Every field, the unit's first, then the situation's.
    pub fn all() -> Vec<CondField> {
        let unit = [
            CondField::Arm,
            CondField::Class,
            CondField::Status,
            CondField::Formation,
            CondField::Order,
            CondField::Terrain,
            CondField::Horses,
            CondField::Slope,
            CondField::StruckFace,
            CondField::Ground,
        ];
        unit.into_iter().chain(Fact::ALL.iter().map(|f| CondField::Fact(*f))).collect()
    }

    /// Its name in files.
    pub const fn key(self) -> &'static str {
        match self {
            CondField::Arm => "arm",
            CondField::Class => "class",
            CondField::Status => "status",
            CondField::Formation => "formation",
            CondField::Order => "order",
            CondField::Terrain => "terrain",
            CondField::Horses => "horses",
            CondField::Slope => "slope",
            CondField::StruckFace => "struck_face",
            CondField::Ground => "ground",
            CondField::Fact(f) => f.key(),
        }
    }

    /// The field of a name, if it is one.
    pub fn parse(key: &str) -> Option<CondField> {
        CondField::all().into_iter().find(|f| f.key() == key)
    }

    /// Whether it is a field of the side's situation (a test reads none).
    pub const fn of_situation(self) -> bool {
        matches!(self, CondField::Slope | CondField::StruckFace | CondField::Ground | CondField::Fact(_))
    }

    /// The values it may have, as files name them.
    pub fn values(self) -> Vec<&'static str> {
        fn keys<T: Copy>(all: &[T], key: fn(T) -> &'static str) -> Vec<&'static str> {
            all.iter().map(|v| key(*v)).collect()
        }
        match self {
            CondField::Arm => keys(Arm::ALL, Arm::key),
            CondField::Class => keys(Class::ALL, Class::key),
            CondField::Status => keys(Status::ALL, Status::key),
            CondField::Formation => keys(Formation::ALL, Formation::key),
            CondField::Order => keys(Order::ALL, Order::key),
            CondField::Terrain | CondField::Ground => keys(Terrain::ALL, Terrain::key),
            CondField::Horses => keys(Horses::ALL, Horses::key),
            CondField::Slope => keys(Slope::ALL, Slope::key),
            CondField::StruckFace => keys(Face::ALL, Face::key),
            CondField::Fact(_) => YES_NO.to_vec(),
        }
    }

    /// The value this field has on a side, as files name it; `None` where the side does
    /// not carry it (a ground nobody told).
    fn value_on(self, side: &SideFacts) -> Option<&'static str> {
        let situation = || side.situation;
        match self {
            CondField::Arm => Some(side.arm.key()),
            CondField::Class => side.class.map(Class::key),
            CondField::Status => side.status.map(Status::key),
            CondField::Formation => Some(side.formation.key()),
            CondField::Order => Some(side.order.key()),
            CondField::Terrain => side.terrain.map(Terrain::key),
            CondField::Horses => side.horses.map(Horses::key),
            CondField::Slope => situation().map(|s| s.slope.key()),
            CondField::StruckFace => situation().map(|s| s.struck_face.key()),
            CondField::Ground => situation().and_then(|s| s.ground).map(Terrain::key),
            CondField::Fact(f) => situation().map(|s| if s.fact(f) { YES_NO[0] } else { YES_NO[1] }),
        }
    }
}

/// What a condition reads of one side: the unit's fields the step carries and its
/// situation (none for a test).
#[derive(Clone, Copy, Debug)]
pub struct SideFacts<'a> {
    /// Arm.
    pub arm: Arm,
    /// Class, where the step reads it.
    pub class: Option<Class>,
    /// Status letter, where the step reads it.
    pub status: Option<Status>,
    /// Formation.
    pub formation: Formation,
    /// Order.
    pub order: Order,
    /// Terrain, where the step reads it.
    pub terrain: Option<Terrain>,
    /// Horses, where the step reads them.
    pub horses: Option<Horses>,
    /// The situation, in a melee or a collision.
    pub situation: Option<&'a Situation>,
}

/// One test of a condition: the field (of the side's own or its enemy's) has one of
/// these values. The field and values stay text as the file gives them, so that a
/// pack naming an unknown one is refused with its path ([`HouseRules::check`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    /// Whose field.
    #[serde(default, skip_serializing_if = "is_own")]
    pub side: Whose,
    /// The field, by its name in files (`arm`, `formation`, `charging`, ...).
    pub field: String,
    /// The values that satisfy it (any one of them).
    pub is: Vec<String>,
}

fn is_own(w: &Whose) -> bool {
    *w == Whose::Own
}

impl Condition {
    /// Whether the test holds of these sides.
    fn holds(&self, me: &SideFacts, enemy: &SideFacts) -> bool {
        let side = if self.side == Whose::Own { me } else { enemy };
        let value = CondField::parse(&self.field).and_then(|f| f.value_on(side));
        value.is_some_and(|v| self.is.iter().any(|w| w == v))
    }
}

/// A modifier of the club's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseModifier {
    /// The club's ID for it (`GUARD-SQUARE`).
    pub id: String,
    /// What it is, in both languages.
    pub label: Words,
    /// The step it applies to.
    pub step: Step,
    /// Its condition: every test must hold (none: always).
    #[serde(default)]
    pub when: Vec<Condition>,
    /// The value added (to the roll, or to each die in a Ruleset B melee).
    pub value: i32,
}

impl HouseModifier {
    fn tag(&self) -> HouseTag {
        HouseTag { id: self.id.clone(), label: self.label.clone() }
    }
}

/// A rulebook modifier the club changed: another value, or switched off.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulebookChange {
    /// The club's ID for the change.
    pub id: String,
    /// Why, or what the club plays instead, in both languages.
    pub label: Words,
    /// The clause changed.
    pub rule: Rule,
    /// Its value at the club's table; none when it is switched off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    /// Switched off: the clause gives nothing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub off: bool,
}

/// The club's house rules for one ruleset: its own modifiers and its changes to the
/// rulebook's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseRules {
    /// Its own modifiers, in the order they apply.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<HouseModifier>,
    /// Rulebook modifiers changed or switched off, by clause.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<RulebookChange>,
}

/// Why house rules were refused: each names its path in the options
/// (`gdb.house.modifiers[0].when[1].field`).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum HouseError {
    /// A condition names a field there is not.
    #[error("{path}: no field `{field}`")]
    UnknownField {
        /// Where.
        path: String,
        /// The name given.
        field: String,
    },
    /// A condition names a value the field cannot have.
    #[error("{path}: `{field}` has no value `{value}`")]
    UnknownValue {
        /// Where.
        path: String,
        /// The field.
        field: String,
        /// The value given.
        value: String,
    },
    /// A condition tests a field its step does not read (a test reads no situation).
    #[error("{path}: `{step}` does not read `{field}`")]
    NotRead {
        /// Where.
        path: String,
        /// The field.
        field: String,
        /// The step.
        step: &'static str,
    },
    /// A step of the other ruleset.
    #[error("{path}: `{step}` is a step of the other ruleset")]
    OtherRuleset {
        /// Where.
        path: String,
        /// The step or clause.
        step: String,
    },
    /// A test that lists no value can never hold.
    #[error("{path}: lists no value")]
    NoValues {
        /// Where.
        path: String,
    },
    /// An ID blank, too long or used twice.
    #[error("{path}: the ID `{id}` is blank, too long or used twice")]
    BadId {
        /// Where.
        path: String,
        /// The ID.
        id: String,
    },
    /// A label blank or too long in one language.
    #[error("{path}: blank or too long")]
    BadLabel {
        /// Where.
        path: String,
    },
    /// A value past the bound either way.
    #[error("{path}: {value} is beyond ±{MAX_HOUSE_VALUE}")]
    ValueOutOfRange {
        /// Where.
        path: String,
        /// The value.
        value: i32,
    },
    /// A change neither sets a value nor switches the clause off, or does both; or a
    /// clause changed twice.
    #[error("{path}: a change gives a value or switches its clause off, once a clause")]
    BadChange {
        /// Where.
        path: String,
    },
    /// More modifiers, changes, tests or values than a pack may hold.
    #[error("{path}: more than {limit}")]
    TooMany {
        /// Where.
        path: String,
        /// The limit.
        limit: usize,
    },
}

impl HouseError {
    /// Where in the options it is.
    pub fn path(&self) -> &str {
        match self {
            HouseError::UnknownField { path, .. }
            | HouseError::UnknownValue { path, .. }
            | HouseError::NotRead { path, .. }
            | HouseError::OtherRuleset { path, .. }
            | HouseError::NoValues { path }
            | HouseError::BadId { path, .. }
            | HouseError::BadLabel { path }
            | HouseError::ValueOutOfRange { path, .. }
            | HouseError::BadChange { path }
            | HouseError::TooMany { path, .. } => path,
        }
    }
}

impl HouseRules {
    /// No house rules at all.
    pub fn is_empty(&self) -> bool {
        self.modifiers.is_empty() && self.changes.is_empty()
    }

    /// The first thing wrong, with its path under `at` (`gdb.house`): every condition
    /// names a field its step reads and values that field has, every step and clause is
    /// the ruleset's (`steps`, `clause_prefix`), IDs are unique, labels filled.
    pub fn check(&self, at: &str, steps: &[Step], clause_prefix: &str) -> Result<(), HouseError> {
        too_many(&format!("{at}.modifiers"), self.modifiers.len(), MAX_HOUSE_ITEMS)?;
        too_many(&format!("{at}.changes"), self.changes.len(), MAX_HOUSE_ITEMS)?;
        let mut ids: Vec<&str> = Vec::new();
        for (i, m) in self.modifiers.iter().enumerate() {
            let path = format!("{at}.modifiers[{i}]");
            check_id(&path, &m.id, &mut ids)?;
            check_label(&path, &m.label)?;
            check_value(&format!("{path}.value"), m.value)?;
            if !steps.contains(&m.step) {
                return Err(HouseError::OtherRuleset { path: format!("{path}.step"), step: m.step.key().to_owned() });
            }
            too_many(&format!("{path}.when"), m.when.len(), MAX_CONDITION_ITEMS)?;
            for (j, c) in m.when.iter().enumerate() {
                check_condition(&format!("{path}.when[{j}]"), c, m.step)?;
            }
        }
        let mut changed: Vec<Rule> = Vec::new();
        for (i, c) in self.changes.iter().enumerate() {
            let path = format!("{at}.changes[{i}]");
            check_id(&path, &c.id, &mut ids)?;
            check_label(&path, &c.label)?;
            if !c.rule.id().starts_with(clause_prefix) {
                return Err(HouseError::OtherRuleset { path: format!("{path}.rule"), step: c.rule.id().to_owned() });
            }
            if c.value.is_some() == c.off || changed.contains(&c.rule) {
                return Err(HouseError::BadChange { path });
            }
            changed.push(c.rule);
            if let Some(v) = c.value {
                check_value(&format!("{path}.value"), v)?;
            }
        }
        Ok(())
    }

    /// A side's breakdown at `step`: the rulebook's modifiers as the club amended them,
    /// then the club's own whose condition holds, in the pack's order.
    pub fn amend(&self, step: Step, rulebook: Vec<Modifier>, me: &SideFacts, enemy: &SideFacts) -> Vec<Modifier> {
        if self.is_empty() {
            return rulebook;
        }
        let mut out: Vec<Modifier> = rulebook.into_iter().filter_map(|m| self.changed(m)).collect();
        let applies = |h: &&HouseModifier| h.step == step && h.when.iter().all(|c| c.holds(me, enemy));
        out.extend(self.modifiers.iter().filter(applies).map(|h| Modifier {
            source: Source::House { rule: None, tag: h.tag() },
            value: h.value,
            pivotal: false,
        }));
        out
    }

    /// A rulebook modifier as the club plays it: unchanged, another value under the club's
    /// change, or none.
    fn changed(&self, m: Modifier) -> Option<Modifier> {
        let Some(rule) = m.rule() else { return Some(m) };
        let Some(change) = self.changes.iter().find(|c| c.rule == rule) else { return Some(m) };
        let value = change.value.filter(|_| !change.off)?;
        let tag = HouseTag { id: change.id.clone(), label: change.label.clone() };
        Some(Modifier { source: Source::House { rule: Some(rule), tag }, value, pivotal: false })
    }
}

fn too_many(path: &str, n: usize, limit: usize) -> Result<(), HouseError> {
    if n > limit { Err(HouseError::TooMany { path: path.to_owned(), limit }) } else { Ok(()) }
}

fn check_id<'a>(path: &str, id: &'a str, seen: &mut Vec<&'a str>) -> Result<(), HouseError> {
    let bad = id.trim().is_empty()
        || id.trim() != id
        || id.chars().count() > MAX_HOUSE_ID_CHARS
        || id.chars().any(char::is_control)
        || seen.contains(&id);
    seen.push(id);
    if bad { Err(HouseError::BadId { path: format!("{path}.id"), id: id.to_owned() }) } else { Ok(()) }
}

fn check_label(path: &str, label: &Words) -> Result<(), HouseError> {
    for (lang, text) in [("en", &label.en), ("ru", &label.ru)] {
        let bad = text.trim().is_empty()
            || text.chars().count() > MAX_HOUSE_LABEL_CHARS
            || text.chars().any(char::is_control);
        if bad {
            return Err(HouseError::BadLabel { path: format!("{path}.label.{lang}") });
        }
    }
    Ok(())
}

fn check_value(path: &str, value: i32) -> Result<(), HouseError> {
    if !(-MAX_HOUSE_VALUE..=MAX_HOUSE_VALUE).contains(&value) {
        Err(HouseError::ValueOutOfRange { path: path.to_owned(), value })
    } else {
        Ok(())
    }
}

fn check_condition(path: &str, c: &Condition, step: Step) -> Result<(), HouseError> {
    let Some(field) = CondField::parse(&c.field) else {
        return Err(HouseError::UnknownField { path: format!("{path}.field"), field: c.field.clone() });
    };
    if !step.reads(field) || (step.is_test() && c.side == Whose::Enemy) {
        return Err(HouseError::NotRead { path: format!("{path}.field"), field: c.field.clone(), step: step.key() });
    }
    if c.is.is_empty() {
        return Err(HouseError::NoValues { path: format!("{path}.is") });
    }
    too_many(&format!("{path}.is"), c.is.len(), MAX_CONDITION_ITEMS)?;
    let values = field.values();
    match c.is.iter().enumerate().find(|(_, v)| !values.contains(&v.as_str())) {
        Some((k, v)) => {
            Err(HouseError::UnknownValue { path: format!("{path}.is[{k}]"), field: c.field.clone(), value: v.clone() })
        }
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(en: &str) -> Words {
        Words { en: en.to_owned(), ru: format!("{en} (ru)") }
    }

    fn guard_square() -> HouseModifier {
        HouseModifier {
            id: "GUARD-SQUARE".into(),
            label: words("Guard infantry in square against cavalry"),
            step: Step::GdbMelee,
            when: vec![
                Condition { side: Whose::Own, field: "class".into(), is: vec!["guard".into()] },
                Condition { side: Whose::Own, field: "formation".into(), is: vec!["square".into()] },
                Condition {
                    side: Whose::Enemy,
                    field: "arm".into(),
                    is: vec!["cuirassiers".into(), "light_cavalry".into()],
                },
            ],
            value: 1,
        }
    }

    fn side(arm: Arm, class: Class, formation: Formation) -> SideFacts<'static> {
        SideFacts {
            arm,
            class: Some(class),
            status: None,
            formation,
            order: Order::Formed,
            terrain: Some(Terrain::Open),
            horses: Some(Horses::Normal),
            situation: None,
        }
    }

    #[test]
    fn a_house_modifier_applies_when_every_test_of_its_condition_holds() {
        let house = HouseRules { modifiers: vec![guard_square()], changes: Vec::new() };
        let guard = side(Arm::Infantry, Class::Guard, Formation::Square);
        let cuirassiers = side(Arm::Cuirassiers, Class::Line, Formation::Line);
        let out = house.amend(Step::GdbMelee, Vec::new(), &guard, &cuirassiers);
        assert_eq!(out.len(), 1);
        assert_eq!((out[0].clause(), out[0].value, out[0].source_key()), ("GUARD-SQUARE", 1, "house"));
        let line = side(Arm::Infantry, Class::Line, Formation::Square);
        assert!(house.amend(Step::GdbMelee, Vec::new(), &line, &cuirassiers).is_empty(), "not the Guard");
        let dragoons = side(Arm::Dragoons, Class::Line, Formation::Line);
        assert!(house.amend(Step::GdbMelee, Vec::new(), &guard, &dragoons).is_empty(), "not listed");
        assert!(house.amend(Step::BCollision, Vec::new(), &guard, &cuirassiers).is_empty(), "another step");
    }

    #[test]
    fn gdb_mod_21_a_changed_clause_keeps_its_place_and_a_switched_off_one_goes() {
        let change =
            |rule, value, off| RulebookChange { id: format!("CH-{value:?}"), label: words("c"), rule, value, off };
        let house = HouseRules {
            modifiers: Vec::new(),
            changes: vec![change(Rule::GdbMod21Charging, Some(1), false), change(Rule::GdbMod25CoverHill, None, true)],
        };
        let book = vec![
            Modifier::new(Rule::GdbMod05Infantry, 2),
            Modifier::new(Rule::GdbMod21Charging, 2),
            Modifier::new(Rule::GdbMod25CoverHill, 1),
        ];
        let me = side(Arm::Infantry, Class::Line, Formation::Column);
        let out = house.amend(Step::GdbMelee, book, &me, &me);
        let seen: Vec<_> = out.iter().map(|m| (m.rule().map(Rule::id), m.clause(), m.value, m.source_key())).collect();
        assert_eq!(
            seen,
            vec![(Some("GDB-MOD-05"), "GDB-MOD-05", 2, "rulebook"), (Some("GDB-MOD-21"), "CH-Some(1)", 1, "house"),]
        );
    }

    #[test]
    fn a_condition_naming_an_unknown_field_or_value_is_refused_with_its_path() {
        let mut m = guard_square();
        m.when[1].field = "formaton".into();
        let house = HouseRules { modifiers: vec![m], changes: Vec::new() };
        assert_eq!(
            house.check("gdb.house", &Step::GDB, "GDB-"),
            Err(HouseError::UnknownField {
                path: "gdb.house.modifiers[0].when[1].field".into(),
                field: "formaton".into()
            })
        );
        let mut m = guard_square();
        m.when[2].is.push("camels".into());
        let house = HouseRules { modifiers: vec![m], changes: Vec::new() };
        assert_eq!(
            house.check("gdb.house", &Step::GDB, "GDB-"),
            Err(HouseError::UnknownValue {
                path: "gdb.house.modifiers[0].when[2].is[2]".into(),
                field: "arm".into(),
                value: "camels".into()
            })
        );
    }

    #[test]
    fn a_value_at_the_edge_of_the_integers_is_refused_not_wrapped() {
        let mut m = guard_square();
        m.value = i32::MIN;
        let house = HouseRules { modifiers: vec![m], changes: Vec::new() };
        assert!(matches!(house.check("gdb.house", &Step::GDB, "GDB-"), Err(HouseError::ValueOutOfRange { .. })));
    }

    #[test]
    fn a_test_reads_no_situation_and_steps_and_clauses_stay_in_their_ruleset() {
        let mut m = guard_square();
        m.step = Step::MoraleTest;
        m.when = vec![Condition { side: Whose::Own, field: "charging".into(), is: vec!["true".into()] }];
        let house = HouseRules { modifiers: vec![m], changes: Vec::new() };
        assert!(matches!(house.check("gdb.house", &Step::GDB, "GDB-"), Err(HouseError::NotRead { .. })));
        let house = HouseRules { modifiers: vec![guard_square()], changes: Vec::new() };
        assert!(matches!(house.check("ruleset_b.house", &Step::RULESET_B, "B-"), Err(HouseError::OtherRuleset { .. })));
        let both = RulebookChange {
            id: "X".into(),
            label: words("x"),
            rule: Rule::GdbMod21Charging,
            value: Some(1),
            off: true,
        };
        let house = HouseRules { modifiers: Vec::new(), changes: vec![both] };
        assert_eq!(
            house.check("gdb.house", &Step::GDB, "GDB-"),
            Err(HouseError::BadChange { path: "gdb.house.changes[0]".into() })
        );
    }
}
