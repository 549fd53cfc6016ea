//! The rules, the game and its scenarios, driven through the game's actions as a player would, and the
//! checks of the source itself (layering, i18n).
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/mod.rs"]
mod common;

mod campaign;
mod default_battle;
mod drafts;
mod engagements;
mod events;
mod firing;
mod game_turns;
mod gdb_charge;
mod gdb_melee;
mod geometry;
mod house_rules;
mod i18n;
mod invariants;
mod invariants_prop;
mod layering;
mod options;
mod packs;
mod players;
mod procedure;
mod ruleset_b;
mod saves_examples;
mod sentences;
mod stress;
mod table;
mod turn_in_order;
mod whole_turn;
mod worked_examples;
