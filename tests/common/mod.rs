//! Helpers shared by the integration tests.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use coldsteel::game::melee_side;
use coldsteel::model::Unit;
use coldsteel::rules::gdb::MeleeSide;
use coldsteel::storage;

/// A unit's melee situation as the wizard pre-fills it, charging or not, with no general
/// leading.
pub fn side_of(u: &Unit, charging: bool, moved: Option<u32>) -> MeleeSide {
    let battle = storage::default_game().unwrap().battle;
    MeleeSide { charging, moved_cm: moved, general_leads: false, ..melee_side(u, &battle) }
}
