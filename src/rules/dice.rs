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

/// A face of an ordinary D6, 1 to 6: made only from a face, so that what holds one need
/// not check it (issue 48: faces were checked by hand in eight places). The actions still
/// keep their dice as numbers; they are read through this as they are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct D6(u8);

impl D6 {
    /// The face shown, if `value` is one.
    pub fn new(value: u8) -> Result<D6, DiceError> {
        if DieKind::D6.has_face(value) {
            Ok(D6(value))
        } else {
            Err(DiceError::NotAFace { value: i64::from(value), kind: DieKind::D6 })
        }
    }

    /// The number on the face.
    pub const fn get(self) -> u8 {
        self.0
    }
}

/// A face of Ruleset B's average die, 2 to 5 (B-COL-03): made only from a face, as
/// [`D6`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AverageDie(u8);

impl AverageDie {
    /// The face shown, if `value` is one.
    pub fn new(value: u8) -> Result<AverageDie, DiceError> {
        if DieKind::Average.has_face(value) {
            Ok(AverageDie(value))
        } else {
            Err(DiceError::NotAFace { value: i64::from(value), kind: DieKind::Average })
        }
    }

    /// The number on the face.
    pub const fn get(self) -> u8 {
        self.0
    }
}

/// Why a roll on one of the players' tables has no row.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum TableError {
    /// A die that is no face of a D6.
    #[error("{0} is not a face of a D6")]
    NotAFace(u8),
    /// No row of the table holds the total.
    #[error("no row holds {0}")]
    NoRow(i32),
}

impl TableError {
    /// The bad face as the dice's own error says it.
    pub fn dice(face: u8) -> DiceError {
        DiceError::NotAFace { value: i64::from(face), kind: DieKind::D6 }
    }
}

/// Where a roll on one of the players' tables falls (AMB-23): the dice (two D6; one for
/// Ruleset B's tests, B-MEL-17) checked face by face, summed with the players' modifier,
/// and the row `row_of` gives that total. A total past the range of numbers saturates, and
/// no row holds it. The one reading of dice against a table, for the charge, melee,
/// morale and rally tests and the firing table (issue 48: it was written five times, with
/// three errors and two ways of overflowing).
pub fn table_row<'a, R>(
    dice: &[u8],
    modifier: i32,
    row_of: impl FnOnce(i32) -> Option<&'a R>,
) -> Result<(i32, &'a R), TableError> {
    let mut total = modifier;
    for die in dice {
        let face = D6::new(*die).map_err(|_| TableError::NotAFace(*die))?;
        total = total.saturating_add(i32::from(face.get()));
    }
    row_of(total).map(|row| (total, row)).ok_or(TableError::NoRow(total))
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

    /// A D6 face is made only from 1 to 6 (issue 48: no caller checks faces).
    #[test]
    fn a_d6_face_is_only_ever_1_to_6() {
        for v in 0..=u8::MAX {
            let face = D6::new(v);
            assert_eq!(face.is_ok(), (1..=6).contains(&v), "{v}");
            if let Ok(f) = face {
                assert_eq!(f.get(), v);
            } else {
                assert_eq!(face, Err(DiceError::NotAFace { value: i64::from(v), kind: DieKind::D6 }));
            }
        }
    }

    /// B-COL-03: the average die shows 2, 3, 3, 4, 4, 5 and nothing else.
    #[test]
    fn b_col_03_an_average_die_face_is_only_ever_2_to_5() {
        for v in 0..=u8::MAX {
            let face = AverageDie::new(v);
            assert_eq!(face.is_ok(), (2..=5).contains(&v), "{v}");
            assert!(face.is_err() || face.map(AverageDie::get) == Ok(v));
        }
    }

    /// AMB-23, B-MEL-17: 2D6 (or one D6) and the modifier read against a table, the dice
    /// checked, an overflowing total in no row.
    #[test]
    fn a_roll_falls_in_the_row_that_holds_its_total() {
        let rows = [(2, 7, "low"), (8, 12, "high")];
        let row_of = |t: i32| rows.iter().find(|r| (r.0..=r.1).contains(&t));
        assert_eq!(table_row(&[3, 4], 1, row_of).map(|(t, r)| (t, r.2)), Ok((8, "high")));
        assert_eq!(table_row(&[3], 1, row_of).map(|(t, r)| (t, r.2)), Ok((4, "low")));
        assert_eq!(table_row(&[3, 7], 0, row_of).map(|(t, _)| t), Err(TableError::NotAFace(7)));
        assert_eq!(table_row(&[0, 1], 0, row_of).map(|(t, _)| t), Err(TableError::NotAFace(0)));
        assert_eq!(table_row(&[6, 6], i32::MAX, row_of).map(|(t, _)| t), Err(TableError::NoRow(i32::MAX)));
        assert_eq!(table_row(&[1, 1], -10, row_of).map(|(t, _)| t), Err(TableError::NoRow(-8)));
    }

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
