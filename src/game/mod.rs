//! The one writer: an [`Action`] is checked against the battle, turned into
//! [`Event`]s, and `apply` is the only code that changes the battle. Every committed
//! action is one labelled undo step.

mod action;
mod apply;
mod history;
mod play;
mod turn;

pub use action::{Action, ActionError, ActionKind};
pub use apply::{ApplyError, Event};
pub use history::{Game, History, Step};
pub use play::GdbMeleeAction;
pub use turn::{Todo, checklist};
