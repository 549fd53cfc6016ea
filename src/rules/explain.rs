//! Explanations are data: a modifier is a value with the rule clause that gives it.
//! Totals are computed from the breakdown, never stored beside it.

/// Declares the [`Rule`] enum: each variant names one clause of the digest.
macro_rules! rules {
    ($($var:ident = $id:literal),+ $(,)?) => {
        /// A rule clause that contributes a modifier or decides an outcome.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule {
            $(#[doc = $id] $var),+
        }
        impl Rule {
            /// Every clause, in digest order.
            pub const ALL: &'static [Rule] = &[$(Rule::$var),+];
            /// The clause ID of the rules digest, e.g. `GDB-MOD-21`.
            pub const fn id(self) -> &'static str {
                match self { $(Rule::$var => $id),+ }
            }
        }
    };
}

rules! {
    GdbMod01Cuirassiers = "GDB-MOD-01",
    GdbMod02HeavyCavalry = "GDB-MOD-02",
    GdbMod03DragoonsLancers = "GDB-MOD-03",
    GdbMod04LightCavalry = "GDB-MOD-04",
    GdbMod05Infantry = "GDB-MOD-05",
    GdbMod06OpenOrder = "GDB-MOD-06",
    GdbMod07Artillery = "GDB-MOD-07",
    GdbMod08Cossacks = "GDB-MOD-08",
    GdbMod09Skirmishers = "GDB-MOD-09",
    GdbMod11Guard = "GDB-MOD-11",
    GdbMod12Elite = "GDB-MOD-12",
    GdbMod13OrdinaryClass = "GDB-MOD-13",
    GdbMod14Conscripts = "GDB-MOD-14",
    GdbMod15GeneralLeads = "GDB-MOD-15",
    GdbMod16BritishLine = "GDB-MOD-16",
    GdbMod17GoodHorses = "GDB-MOD-17",
    GdbMod18PoorHorses = "GDB-MOD-18",
    GdbMod19Unformed = "GDB-MOD-19",
    GdbMod20FlankRear = "GDB-MOD-20",
    GdbMod21Charging = "GDB-MOD-21",
    GdbMod22ColumnCharge = "GDB-MOD-22",
    GdbMod23ColumnSquareVsCavalry = "GDB-MOD-23",
    GdbMod24LancersVsInfantry = "GDB-MOD-24",
    GdbMod25CoverHill = "GDB-MOD-25",
    GdbMod26Building = "GDB-MOD-26",
    GdbMod27Fortified = "GDB-MOD-27",
    GdbMod28Superiority3to2 = "GDB-MOD-28",
    GdbMod29Superiority2to1 = "GDB-MOD-29",
    GdbModFn1LancersAsLight = "GDB-MOD-FN1",
    GdbModFn3ConscriptsInLine = "GDB-MOD-FN3",
    BCol04StatusA = "B-COL-04",
    BCol05StatusEf = "B-COL-05",
    BCol06Attacker = "B-COL-06",
    BCol07Slope = "B-COL-07",
    BCol08Cuirassiers = "B-COL-08",
    BCol09LightCavalry = "B-COL-09",
    BCol10StationaryCavalry = "B-COL-10",
    BCol11UnderFire = "B-COL-11",
    BCol12Withdrawing = "B-COL-12",
    BCol13Disordered = "B-COL-13",
    BCol14Wavering = "B-COL-14",
    BCol15Dispersed = "B-COL-15",
    BMel13Lances = "B-MEL-13",
    BMel14FlankRear = "B-MEL-14",
    BMel15FormedVsDispersed = "B-MEL-15",
    GdbSeq01CommanderLost = "GDB-SEQ-01",
}

impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for Rule {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        Rule::ALL
            .iter()
            .copied()
            .find(|r| r.id() == id)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown rule clause `{id}`")))
    }
}

/// Text in both languages, as a club writes its own rules' labels.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    /// English.
    pub en: String,
    /// Russian.
    pub ru: String,
}

/// A house rule as a breakdown line names it: the club's ID and label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HouseTag {
    /// The pack's ID for it.
    pub id: String,
    /// Its label in both languages.
    pub label: Words,
}

/// Where a breakdown line comes from (issue 51).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The rulebook: its clause.
    Rulebook(Rule),
    /// The club's rules pack: a modifier of its own (`rule` none), or a rulebook clause
    /// whose value the club changed.
    House {
        /// The clause changed, if it is one.
        rule: Option<Rule>,
        /// The pack's ID and label.
        tag: HouseTag,
    },
    /// The players overrule the rules with a modifier of their own, for a reason.
    Overrule {
        /// Their reason.
        reason: String,
    },
}

/// One line of a breakdown: a value and where it comes from, and whether it decided
/// the result (set once the dice are in: removed alone, the same dice would have given
/// another outcome).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "ModifierFile", into = "ModifierFile")]
pub struct Modifier {
    /// The rulebook's clause, the club's rule or the players' overrule.
    pub source: Source,
    /// The value added (to the roll, or to each die).
    pub value: i32,
    /// It decided the result.
    pub pivotal: bool,
}

impl Modifier {
    /// A rulebook modifier from its clause and value.
    pub const fn new(rule: Rule, value: i32) -> Self {
        Modifier { source: Source::Rulebook(rule), value, pivotal: false }
    }

    /// The players' modifier, with their reason.
    pub fn overrule(value: i32, reason: &str) -> Self {
        Modifier { source: Source::Overrule { reason: reason.to_owned() }, value, pivotal: false }
    }

    /// The rulebook clause it is, or changes.
    pub fn rule(&self) -> Option<Rule> {
        match &self.source {
            Source::Rulebook(rule) => Some(*rule),
            Source::House { rule, .. } => *rule,
            Source::Overrule { .. } => None,
        }
    }

    /// The rulebook clause's ID it is or changes, empty for the club's own and the
    /// players'.
    pub fn rule_id(&self) -> &'static str {
        self.rule().map_or("", Rule::id)
    }

    /// The club's rule, when it is one.
    pub fn house(&self) -> Option<&HouseTag> {
        match &self.source {
            Source::House { tag, .. } => Some(tag),
            Source::Rulebook(_) | Source::Overrule { .. } => None,
        }
    }

    /// The players' reason, when it is theirs.
    pub fn reason(&self) -> Option<&str> {
        match &self.source {
            Source::Overrule { reason } => Some(reason),
            Source::Rulebook(_) | Source::House { .. } => None,
        }
    }

    /// What names it in a breakdown's first column: the clause, the club's ID, or empty
    /// for the players' own.
    pub fn clause(&self) -> &str {
        match &self.source {
            Source::Rulebook(rule) => rule.id(),
            Source::House { tag, .. } => &tag.id,
            Source::Overrule { .. } => "",
        }
    }

    /// `rulebook`, `house` or `overrule`, as `resolve --json` says it.
    pub const fn source_key(&self) -> &'static str {
        match self.source {
            Source::Rulebook(_) => "rulebook",
            Source::House { .. } => "house",
            Source::Overrule { .. } => "overrule",
        }
    }
}

/// A modifier as files write it: a rulebook one as `{"rule", "value"}` as it always
/// was; a club's with its `house` ID and `label` (and the `rule` it changes); the
/// players' with their `reason`; `pivotal` when it decided the result.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ModifierFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rule: Option<Rule>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    house: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    label: Option<Words>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    value: i32,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pivotal: bool,
}

impl TryFrom<ModifierFile> for Modifier {
    type Error = &'static str;

    fn try_from(f: ModifierFile) -> Result<Self, Self::Error> {
        let source = match (f.rule, f.house, f.label, f.reason) {
            (Some(rule), None, None, None) => Source::Rulebook(rule),
            (rule, Some(id), Some(label), None) => Source::House { rule, tag: HouseTag { id, label } },
            (None, None, None, Some(reason)) => Source::Overrule { reason },
            _ => {
                return Err(
                    "a modifier is a rulebook clause, a house rule with its label, or an overrule with its reason",
                );
            }
        };
        Ok(Modifier { source, value: f.value, pivotal: f.pivotal })
    }
}

impl From<Modifier> for ModifierFile {
    fn from(m: Modifier) -> Self {
        let (rule, house, label, reason) = match m.source {
            Source::Rulebook(rule) => (Some(rule), None, None, None),
            Source::House { rule, tag } => (rule, Some(tag.id), Some(tag.label), None),
            Source::Overrule { reason } => (None, None, None, Some(reason)),
        };
        ModifierFile { rule, house, label, reason, value: m.value, pivotal: m.pivotal }
    }
}

/// Marks each modifier that decided a result: `marks` in the breakdown's order.
pub fn mark_pivotal(modifiers: &mut [Modifier], marks: &[bool]) {
    for (m, pivotal) in modifiers.iter_mut().zip(marks) {
        m.pivotal = *pivotal;
    }
}

/// The sum of a breakdown's values.
pub fn sum(modifiers: &[Modifier]) -> i32 {
    modifiers.iter().map(|m| m.value).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_round_trip_through_serde() {
        for rule in Rule::ALL {
            let json = serde_json::to_string(rule).unwrap();
            let back: Rule = serde_json::from_str(&json).unwrap();
            assert_eq!(*rule, back);
        }
        assert_eq!(Rule::GdbMod21Charging.id(), "GDB-MOD-21");
    }
}
