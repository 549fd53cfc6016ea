//! Procedures are the game's (design.md section 2): for each multi-step engagement a
//! draft opens from the battle, pre-fills from the players' tables and the table, says
//! what may be given now (each input not allowed with its typed reason and clause),
//! takes an input or steps back, and finishes into the action. The wizards hold a draft
//! and draw it; dropping a draft leaves the battle untouched.

pub mod charge;
pub mod fire;
pub mod initiative;
pub mod melee;
pub mod rates;
pub mod ruleset_b;
pub mod test;

pub use charge::{ChargeDraft, ChargeTyped, DeclarationView, DraftRefusal, MeasureField, Measured};
pub use fire::FireDraft;
pub use initiative::InitiativeDraft;
pub use melee::{MeleeDraft, MeleeDraftStep};
pub use rates::RatesDraft;
pub use ruleset_b::{BMeleeDraft, CollisionDraft};
pub use test::TestDraft;

use crate::model::Battle;
use crate::rules::options::{TestKind, TestRow};

/// The players' table row a test of 2D6 plus their modifier falls in (AMB-23): the one
/// lookup every test the wizards offer on a table goes through.
pub fn test_row(battle: &Battle, kind: TestKind, dice: [u8; 2], modifier: i32) -> Option<(i32, &TestRow)> {
    let total = i32::from(dice[0]).checked_add(i32::from(dice[1]))?.checked_add(modifier)?;
    battle.options.gdb.test_row(kind, total).map(|row| (total, row))
}

/// The players' modifier of a test as typed: blank is none.
pub fn typed_modifier(text: &str) -> Option<i32> {
    let typed = text.trim();
    if typed.is_empty() { Some(0) } else { typed.parse::<i32>().ok().filter(|m| m.unsigned_abs() <= 100) }
}
