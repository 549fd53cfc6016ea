//! Initiative (GDB-SEQ-01, 02): both sides roll 2D6 with modifiers, −1 once the
//! commander-in-chief is lost; the higher total wins and chooses who is phasing; ties
//! are rolled again.

use serde::{Deserialize, Serialize};

use crate::rules::explain::{Modifier, Rule, sum};
use crate::rules::vocab::{BySide, Side};

/// Both sides' initiative rolls, decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitiativeResult {
    /// Each side's 2D6.
    pub dice: BySide<[u8; 2]>,
    /// Each side's modifiers.
    pub modifiers: BySide<Vec<Modifier>>,
    /// Each side's total.
    pub totals: BySide<i32>,
    /// The higher total; `None` on a tie (roll again).
    pub winner: Option<Side>,
}

/// A side's initiative modifiers: −1 once its commander-in-chief is lost (GDB-SEQ-01).
pub fn modifiers(commander_lost: bool) -> Vec<Modifier> {
    if commander_lost { vec![Modifier::new(Rule::GdbSeq01CommanderLost, -1)] } else { Vec::new() }
}

/// Decides the initiative.
pub fn initiative(dice: BySide<[u8; 2]>, commander_lost: BySide<bool>) -> InitiativeResult {
    let modifiers = BySide { first: modifiers(commander_lost.first), second: modifiers(commander_lost.second) };
    let total = |d: [u8; 2], m: &[Modifier]| i32::from(d[0]) + i32::from(d[1]) + sum(m);
    let totals = BySide { first: total(dice.first, &modifiers.first), second: total(dice.second, &modifiers.second) };
    let winner = match totals.first.cmp(&totals.second) {
        std::cmp::Ordering::Greater => Some(Side::First),
        std::cmp::Ordering::Less => Some(Side::Second),
        std::cmp::Ordering::Equal => None,
    };
    InitiativeResult { dice, modifiers, totals, winner }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gdb_seq_01_higher_total_wins_ties_reroll_and_a_lost_commander_costs_one() {
        let r = initiative(BySide { first: [3, 4], second: [2, 4] }, BySide::default());
        assert_eq!(r.winner, Some(Side::First));
        let r = initiative(BySide { first: [3, 4], second: [2, 4] }, BySide { first: true, second: false });
        assert_eq!(r.totals.first, 6);
        assert_eq!(r.winner, None, "a tie is rolled again");
        assert_eq!(r.modifiers.first[0].clause(), "GDB-SEQ-01");
    }
}
