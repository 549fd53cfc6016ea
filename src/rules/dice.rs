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

/// Declares a face type of a die: made only from one of the die's faces (`new`), read
/// back as its number (`get`), and in files that number, refused as it is read when it
/// is no face.
macro_rules! face_type {
    ($(#[$m:meta])* $name:ident, $kind:expr) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(try_from = "u8", into = "u8")]
        pub struct $name(u8);

        impl $name {
            /// The face shown, if `value` is one.
            pub fn new(value: u8) -> Result<$name, DiceError> {
                if $kind.has_face(value) {
                    Ok($name(value))
                } else {
                    Err(DiceError::NotAFace { value: i64::from(value), kind: $kind })
                }
            }

            /// The number on the face.
            pub const fn get(self) -> u8 {
                self.0
            }
        }

        impl TryFrom<u8> for $name {
            type Error = DiceError;

            fn try_from(value: u8) -> Result<Self, DiceError> {
                $name::new(value)
            }
        }

        impl From<$name> for u8 {
            fn from(face: $name) -> u8 {
                face.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

face_type!(
    /// A face of an ordinary D6, 1 to 6: made only from a face, so that what holds one
    /// need not check it (issue 48: faces were checked by hand in eight places). The
    /// actions keep their dice as faces: a file's number that is no face is refused as it
    /// is read.
    D6,
    DieKind::D6
);

face_type!(
    /// A face of Ruleset B's average die, 2 to 5 (B-COL-03).
    AverageDie,
    DieKind::Average
);

/// Faces of D6 from numbers, each checked.
pub fn d6s<const N: usize>(values: [u8; N]) -> Result<[D6; N], DiceError> {
    let mut out = [D6(1); N];
    for (slot, value) in out.iter_mut().zip(values) {
        *slot = D6::new(value)?;
    }
    Ok(out)
}

/// The numbers of some faces.
pub fn numbers<const N: usize>(faces: [D6; N]) -> [u8; N] {
    faces.map(D6::get)
}

/// The numbers of a throw of any number of D6.
pub fn numbers_of(faces: &[D6]) -> Vec<u8> {
    faces.iter().map(|f| f.get()).collect()
}

/// A side's 2D6 in a melee, or none where it rolls none (caught evaders, GDB-EVD-11,
/// AMB-47): in files the pair of numbers, `[0, 0]` for none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MeleeDice(pub Option<[D6; 2]>);

impl MeleeDice {
    /// Two faces thrown.
    pub const fn thrown(dice: [D6; 2]) -> Self {
        MeleeDice(Some(dice))
    }

    /// The numbers as the rules read them, `[0, 0]` for none.
    pub fn numbers(self) -> [u8; 2] {
        self.0.map_or([0, 0], numbers)
    }
}

impl serde::Serialize for MeleeDice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.numbers().serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for MeleeDice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match <[u8; 2]>::deserialize(d)? {
            [0, 0] => Ok(MeleeDice(None)),
            pair => d6s(pair).map(MeleeDice::thrown).map_err(serde::de::Error::custom),
        }
    }
}

impl D6 {
    /// Each face, by name.
    pub const ONE: D6 = D6(1);
    pub const TWO: D6 = D6(2);
    pub const THREE: D6 = D6(3);
    pub const FOUR: D6 = D6(4);
    pub const FIVE: D6 = D6(5);
    pub const SIX: D6 = D6(6);
}

impl AverageDie {
    /// The middle face, 3: what a preview shows before the dice are in.
    pub const MIDDLE: AverageDie = AverageDie(3);
}

/// Why a roll on one of the players' tables has no row: no row holds the total.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error("no row holds {0}")]
pub struct NoRow(pub i32);

/// Where a roll on one of the players' tables falls (AMB-23): the dice (two D6; one for
/// Ruleset B's tests, B-MEL-17) summed with the players' modifier, and the row `row_of`
/// gives that total. A total past the range of numbers saturates, and no row holds it.
/// The one reading of dice against a table, for the charge, melee, morale and rally tests
/// and the firing table (issue 48: it was written five times, with three errors and two
/// ways of overflowing).
pub fn table_row<'a, R>(
    dice: &[D6],
    modifier: i32,
    row_of: impl FnOnce(i32) -> Option<&'a R>,
) -> Result<(i32, &'a R), NoRow> {
    let total = dice.iter().fold(modifier, |total, face| total.saturating_add(i32::from(face.get())));
    row_of(total).map(|row| (total, row)).ok_or(NoRow(total))
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

    /// AMB-23, B-MEL-17: 2D6 (or one D6) and the modifier read against a table, an
    /// overflowing total in no row; a number that is no face never becomes a die.
    #[test]
    fn a_roll_falls_in_the_row_that_holds_its_total() {
        let rows = [(2, 7, "low"), (8, 12, "high")];
        let row_of = |t: i32| rows.iter().find(|r| (r.0..=r.1).contains(&t));
        let faces = |v: &[u8]| v.iter().map(|d| D6::new(*d)).collect::<Result<Vec<_>, _>>();
        let roll = |v: &[u8], m: i32| faces(v).map(|f| table_row(&f, m, row_of).map(|(t, r)| (t, r.2)));
        assert_eq!(roll(&[3, 4], 1), Ok(Ok((8, "high"))));
        assert_eq!(roll(&[3], 1), Ok(Ok((4, "low"))));
        assert_eq!(roll(&[3, 7], 0), Err(DiceError::NotAFace { value: 7, kind: DieKind::D6 }));
        assert_eq!(roll(&[0, 1], 0), Err(DiceError::NotAFace { value: 0, kind: DieKind::D6 }));
        assert_eq!(roll(&[6, 6], i32::MAX), Ok(Err(NoRow(i32::MAX))));
        assert_eq!(roll(&[1, 1], -10), Ok(Err(NoRow(-8))));
    }

    /// GDB-EVD-11: a caught evader's dice are none, `[0, 0]` in files; a pair with a
    /// number that is no face is refused as it is read.
    #[test]
    fn gdb_evd_11_melee_dice_read_none_as_zeros_and_refuse_other_numbers() {
        let read = |t: &str| serde_json::from_str::<MeleeDice>(t).map_err(|e| e.to_string());
        assert_eq!(read("[0,0]"), Ok(MeleeDice(None)));
        assert_eq!(read("[6,1]").map(MeleeDice::numbers), Ok([6, 1]));
        assert!(read("[7,1]").is_err_and(|e| e.contains("7 is not a face")), "{:?}", read("[7,1]"));
        assert!(read("[0,3]").is_err());
        assert_eq!(serde_json::to_string(&MeleeDice(None)).ok().as_deref(), Some("[0,0]"));
        assert!(serde_json::from_str::<D6>("9").is_err() && serde_json::from_str::<AverageDie>("6").is_err());
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
