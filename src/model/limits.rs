//! Limits no real battle reaches: every file, pipe and typed value is checked against
//! them on the way in, so that everything downstream may rely on them (no overflow, no
//! unbounded allocation, no hang).

/// The highest turn number.
pub const MAX_TURN: u32 = 1_000;
/// The most figures a unit may have (at the start or now).
pub const MAX_FIGURES: u32 = 10_000;
/// The longest distance, cm (100 m: no table is larger).
pub const MAX_DISTANCE_CM: u32 = 10_000;
/// The highest melee turn of an engagement.
pub const MAX_MELEE_TURN: u32 = 1_000;
/// The most units, generals or brigades in a battle.
pub const MAX_ITEMS: usize = 100_000;
