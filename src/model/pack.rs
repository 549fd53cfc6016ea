//! A club's rules as one pack (issue 50): a name and version, the ruleset it amends,
//! the AMB choices and every players' table. A battle keeps the pack it plays under; a
//! club shares its pack as a file.

use serde::{Deserialize, Serialize};

use super::RulesOptions;
use crate::rules::Ruleset;
use crate::rules::house::{HouseError, Step};

/// The name of the example packs the example battles play (issue 50): what they are,
/// wherever they show, in both languages.
pub const EXAMPLE_PACK_NAME: &str = "Example club tables, not the rulebook's · Пример таблиц клуба, не из книги правил";

/// Which pack: its name and the club's version of it. An unnamed pack (empty name,
/// version 0) is one a battle carried before packs had names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackId {
    /// The club's name for its rules ("Krasnoi club rules").
    pub name: String,
    /// The club's version of them, counted up as they change.
    pub version: u32,
}

/// The pack a battle plays under, as it took it: its name and version, and the hash of
/// its rules then (a battle whose options were changed by hand since no longer has it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackRef {
    /// The pack's name.
    pub name: String,
    /// The pack's version.
    pub version: u32,
    /// The hash of its rules ([`RulesPack::hash`]).
    pub hash: String,
}

impl PackRef {
    /// The reference to a pack.
    pub fn of(pack: &RulesPack) -> Self {
        PackRef { name: pack.id.name.clone(), version: pack.id.version, hash: pack.hash() }
    }
}

/// A club's rules: the ruleset they amend, its AMB choices and the players' tables.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesPack {
    /// Which pack.
    pub id: PackId,
    /// The ruleset it amends.
    pub ruleset: Ruleset,
    /// The AMB choices and the players' tables.
    pub options: RulesOptions,
}

impl RulesPack {
    /// The content hash of the rules (the ruleset, the choices and the tables; not the
    /// name or version): two packs with the same hash give the same results. FNV-1a over
    /// the rules as JSON, 16 hexadecimal digits.
    pub fn hash(&self) -> String {
        content_hash(self.ruleset, &self.options)
    }
}

impl super::Battle {
    /// The rules the battle plays under as a pack: named as the pack it took when its
    /// rules are still that pack's, else unnamed (typed in the battle, changed by hand
    /// since, or kept from before packs).
    pub fn rules_pack(&self) -> RulesPack {
        let id = match &self.pack {
            Some(p) if self.plays_its_pack() => PackId { name: p.name.clone(), version: p.version },
            Some(_) | None => PackId::default(),
        };
        RulesPack { id, ruleset: self.ruleset, options: self.options.clone() }
    }

    /// Whether the battle names a pack and its rules are still that pack's (not changed
    /// by hand since it took it).
    pub fn plays_its_pack(&self) -> bool {
        self.pack.as_ref().is_some_and(|p| p.hash == content_hash(self.ruleset, &self.options))
    }
}

/// The content hash of a ruleset and its options (see [`RulesPack::hash`]).
pub fn content_hash(ruleset: Ruleset, options: &RulesOptions) -> String {
    let mut h = super::Fnv1a::default();
    // An in-memory writer never fails; options are plain data that always serialize.
    let _ = serde_json::to_writer(&mut h, &(ruleset, options));
    format!("{:016x}", h.0)
}

/// A players' table with two rows for the same case: which table (its path in the
/// pack's `options`), and the two rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuplicateRow {
    /// The table's path in the options (`gdb.distances`, `gdb.tests[2].rows`).
    pub table: String,
    /// The first row of the case.
    pub first: usize,
    /// The row that repeats it.
    pub again: usize,
}

impl RulesOptions {
    /// The first thing wrong with the club's house rules of either ruleset (issue 51),
    /// its path from the options (`gdb.house.modifiers[0].when[1].field`).
    pub fn house_problem(&self) -> Option<HouseError> {
        let gdb = self.gdb.house.check("gdb.house", &Step::GDB, "GDB-");
        let b = || self.ruleset_b.house.check("ruleset_b.house", &Step::RULESET_B, "B-");
        gdb.and_then(|()| b()).err()
    }

    /// The first players' table with two rows for one case: two rates for one arm and
    /// formation, two results for one roll (ranges that overlap), two tables for one
    /// test, ... A roll or a unit would read either row.
    pub fn duplicate_row(&self) -> Option<DuplicateRow> {
        let g = &self.gdb;
        let b = &self.ruleset_b;
        let overlap = |a: (i32, i32), c: (i32, i32)| a.0 <= c.1 && c.0 <= a.1;
        first_repeat("gdb.casualties", &g.casualties, |r, s| r.outcome == s.outcome && r.winner_arm == s.winner_arm)
            .or_else(|| {
                first_repeat("gdb.distances", &g.distances, |r, s| (r.arm, r.formation) == (s.arm, s.formation))
            })
            .or_else(|| first_repeat("gdb.durations", &g.durations, |r, s| (r.from, r.to) == (s.from, s.to)))
            .or_else(|| first_repeat("gdb.tests", &g.tests, |r, s| r.test == s.test))
            .or_else(|| {
                g.tests.iter().enumerate().find_map(|(i, t)| {
                    let rows = first_repeat("", &t.rows, |r, s| overlap((r.from, r.to), (s.from, s.to)))?;
                    Some(DuplicateRow { table: format!("gdb.tests[{i}].rows"), ..rows })
                })
            })
            .or_else(|| first_repeat("gdb.emergency_limber", &g.emergency_limber, |r, s| r.die == s.die))
            .or_else(|| first_repeat("gdb.firing", &g.firing, |r, s| overlap((r.from, r.to), (s.from, s.to))))
            .or_else(|| first_repeat("ruleset_b.attack_distances", &b.attack_distances, |r, s| r.0 == s.0))
            .or_else(|| first_repeat("ruleset_b.cavalry_weights", &b.cavalry_weights, |r, s| r.0 == s.0))
            .or_else(|| first_repeat("basing", &self.basing, |r, s| (r.arm, r.formation) == (s.arm, s.formation)))
            .or_else(|| first_repeat("recovery.by_result", &self.recovery.by_result, |r, s| r.end == s.end))
            .or_else(|| first_repeat("recovery.by_die", &self.recovery.by_die, |r, s| r.die == s.die))
    }
}

/// The first row of `rows` that repeats an earlier one by `same`.
fn first_repeat<T>(table: &str, rows: &[T], same: impl Fn(&T, &T) -> bool) -> Option<DuplicateRow> {
    rows.iter().enumerate().find_map(|(again, r)| {
        let first = rows.get(..again)?.iter().position(|earlier| same(earlier, r))?;
        Some(DuplicateRow { table: table.to_owned(), first, again })
    })
}
