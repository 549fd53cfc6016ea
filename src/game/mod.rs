//! The one writer: an [`Action`] is checked against the battle, turned into
//! [`Event`]s, and `apply` is the only code that changes the battle. Every committed
//! action is one labelled undo step.

mod action;
mod apply;
mod charge;
mod history;
mod play;
mod ruleset_b;
mod turn;

pub use action::{Action, ActionError, ActionKind};
pub use apply::{ApplyError, Event};
pub use charge::{ChargeAction, CollisionAction};
pub use history::{Game, History, Step};
pub use play::{GdbMeleeAction, melee_side};
pub use ruleset_b::{BMeleeAction, b_side_of};
pub use turn::{Todo, checklist};
