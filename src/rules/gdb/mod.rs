//! General de Brigade (seeds 000 and 001).

pub mod charge;
pub mod initiative;
pub mod melee;

pub use melee::{Effect, MeleeInput, MeleeResult, MeleeSide, Odds, Outcome, Role, Test};
