//! The window, driven headless through egui_kittest: every flow by its labels, as a player clicks.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/mod.rs"]
mod common;

mod ui_files;
mod ui_firing;
mod ui_game_night;
mod ui_layout;
mod ui_players;
mod ui_problems;
mod ui_procedure;
mod ui_roster;
mod ui_table;
mod ui_whole_turn;
mod ui_wizard;
