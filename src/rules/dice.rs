//! Dice as values: the D6, 2D6 and the average die (faces 2, 3, 3, 4, 4, 5).
//!
//! Nothing here rolls; rolls arrive from the player or from the roller above the core.

use thiserror::Error;

/// The faces of an ordinary six-sided die.
pub const D6_FACES: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// The faces of the average die of Ruleset B (B-COL-03).
pub const AVERAGE_DIE_FACES: [u8; 6] = [2, 3, 3, 4, 4, 5];

/// Which die a roll was made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieKind {
    /// An ordinary D6.
    D6,
    /// The average die: 2, 3, 3, 4, 4, 5.
    Average,
}

impl DieKind {
    /// The die's six faces.
    pub const fn faces(self) -> [u8; 6] {
        match self {
            DieKind::D6 => D6_FACES,
            DieKind::Average => AVERAGE_DIE_FACES,
        }
    }

    /// Whether `value` is one of the die's faces.
    pub fn has_face(self, value: u8) -> bool {
        self.faces().contains(&value)
    }
}

/// A roll that no die of that kind can show, or the wrong number of dice.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DiceError {
    /// The value is not a face of the die.
    #[error("{value} is not a face of the {kind:?} die")]
    NotAFace {
        /// The value typed or read.
        value: i64,
        /// The die it should have come from.
        kind: DieKind,
    },
    /// Too many or too few dice.
    #[error("expected {expected} dice, got {got}")]
    WrongCount {
        /// How many dice the step needs.
        expected: usize,
        /// How many were given.
        got: usize,
    },
}

/// Checks a list of typed or read rolls for one die kind and count.
pub fn check_rolls(kind: DieKind, expected: usize, rolls: &[i64]) -> Result<Vec<u8>, DiceError> {
    if rolls.len() != expected {
        return Err(DiceError::WrongCount { expected, got: rolls.len() });
    }
    rolls
        .iter()
        .map(|&value| match u8::try_from(value) {
            Ok(v) if kind.has_face(v) => Ok(v),
            _ => Err(DiceError::NotAFace { value, kind }),
        })
        .collect()
}

/// The 36 equally likely sums of 2D6 as (sum, ways) pairs, sums 2 to 12.
pub fn two_d6_sums() -> [(i32, u32); 11] {
    let mut out = [(0, 0); 11];
    for (i, slot) in out.iter_mut().enumerate() {
        let sum = i as i32 + 2;
        let ways = 6 - (sum - 7).unsigned_abs();
        *slot = (sum, ways);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_d6_has_36_outcomes() {
        let sums = two_d6_sums();
        assert_eq!(sums.iter().map(|s| s.1).sum::<u32>(), 36);
        assert_eq!(sums[5], (7, 6));
        assert_eq!(sums[0], (2, 1));
        assert_eq!(sums[10], (12, 1));
    }

    #[test]
    fn rolls_are_checked() {
        assert_eq!(check_rolls(DieKind::D6, 2, &[3, 6]), Ok(vec![3, 6]));
        assert!(matches!(check_rolls(DieKind::D6, 2, &[0, 6]), Err(DiceError::NotAFace { .. })));
        assert!(matches!(check_rolls(DieKind::Average, 1, &[1]), Err(DiceError::NotAFace { .. })));
        assert_eq!(check_rolls(DieKind::Average, 1, &[5]), Ok(vec![5]));
        assert!(matches!(check_rolls(DieKind::D6, 2, &[3]), Err(DiceError::WrongCount { .. })));
    }
}
