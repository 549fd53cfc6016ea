//! The first evening's rates (issue 30): at the first charge of a battle whose players'
//! table holds no rate at all, one form asks the charge, move, retreat and rout rates of
//! every arm and formation in play, pre-filled from the battle's table (which a new
//! battle takes from the club's). The app never invents a rate: what is left empty stays
//! empty, and the wizard asks it at the charge as before.

use crate::model::{Battle, RulesOptions};
use crate::rules::options::DistanceRow;
use crate::rules::{Arm, Formation};

/// The rates being typed, a row for each arm and formation in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatesDraft {
    /// The rows, in the order of the arms and formations.
    pub rows: Vec<DistanceRow>,
}

impl RatesDraft {
    /// Whether the form is owed: the battle's table has no rate at all.
    pub fn needed(battle: &Battle) -> bool {
        !battle.options.gdb.distances.iter().any(DistanceRow::has_rate)
    }

    /// A row for each arm and formation of the units in play: the battle's row for that
    /// formation, or its row for any formation, else an empty one.
    pub fn open(battle: &Battle) -> Self {
        let mut pairs: Vec<(Arm, Formation)> =
            battle.units.iter().filter(|u| u.order.in_play()).map(|u| (u.arm, u.formation)).collect();
        pairs.sort_by_key(|(a, f)| (Arm::ALL.iter().position(|x| x == a), Formation::ALL.iter().position(|x| x == f)));
        pairs.dedup();
        let table = &battle.options.gdb.distances;
        let rows = pairs
            .into_iter()
            .map(|(arm, formation)| {
                let exact = table.iter().find(|r| r.arm == arm && r.formation == Some(formation));
                let any = table.iter().find(|r| r.arm == arm && r.formation.is_none());
                let from = exact.or(any).cloned().unwrap_or_else(|| DistanceRow::empty(arm));
                DistanceRow { formation: Some(formation), ..from }
            })
            .collect();
        RatesDraft { rows }
    }

    /// The battle's options with the rows that hold a rate: each replaces the battle's
    /// row of its arm and formation, or is added.
    pub fn options(&self, battle: &Battle) -> RulesOptions {
        let mut options = battle.options.clone();
        let table = &mut options.gdb.distances;
        for row in self.rows.iter().filter(|r| r.has_rate()) {
            table.retain(|r| !(r.arm == row.arm && r.formation == row.formation));
            table.push(row.clone());
        }
        options
    }
}
