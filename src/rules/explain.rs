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

/// One line of a breakdown: a value and the clause that gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Modifier {
    /// The clause.
    pub rule: Rule,
    /// The value added (to the roll, or to each die).
    pub value: i32,
}

impl Modifier {
    /// A modifier from its clause and value.
    pub const fn new(rule: Rule, value: i32) -> Self {
        Modifier { rule, value }
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
