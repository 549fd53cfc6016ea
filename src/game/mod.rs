//! The one writer: an [`Action`] is checked against the battle, turned into
//! [`Event`]s, and `apply` is the only code that changes the battle. Every committed
//! action is one labelled undo step and one log entry that keeps the action's inputs.

mod action;
mod apply;
pub mod campaign;
pub mod change;
mod charge;
pub mod declarations;
mod engagement;
pub mod file_size;
pub mod fire;
mod hidden;
mod history;
mod invariants;
pub mod journal;
pub mod long_evenings;
pub mod morale_tests;
pub mod movement;
mod play;
pub mod procedure;
mod ruleset_b;
pub mod sequence;
pub mod table;
mod turn;

pub use crate::model::{
    BContact, BMeleeAction, ChargeAction, ChargeMeasures, ChargeRates, CollisionAction, FireAction, FireRoll,
    GdbMeleeAction, OpportunityFacts, TestAction,
};
pub use action::{Action, ActionError, ActionKind, battle_begun, check, counts_move_together};
pub use apply::{ApplyError, Event, Item as ApplyItem, Recorded};
pub use charge::{
    collision_input, collision_result, commander_of, commanders_of, declaration, declared_charge, may_carry_out,
    may_declare, ordering_generals, run_charge,
};
pub use engagement::{gdb_melee_input, melee_side, melee_sides, role_of};
pub use history::{Game, History, Step};
pub use journal::{
    FileEntry, FileJournal, PackDifference, ReplayError, Replayed, RulesChange, difference_under, each_turn_end,
    entry_check, first_difference, fnv1a, kept_entries, play, rebuild, replay, replay_recorded, turn_ends,
};
pub use play::{SUBJECT_PART, casualty_row_for, gdb_melee_result, initiative_preview, owed_melee_test};
pub use ruleset_b::{MAX_FIGURES_IN_CONTACT, b_melee_input, b_melee_outcome, b_side_of};
pub use turn::{Todo, Unfinished, checklist, moved_on_table, unfinished, unfought_melees};
