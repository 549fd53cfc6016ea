//! Commands and files: the command line, battle files, the autosave journal, spreadsheets, reports
//! and the players' page server, through the debug binary and the storage layer.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/mod.rs"]
mod common;

mod autosave;
mod campaign_cli;
mod cli_resolve;
mod file_limit;
mod files;
mod journal;
mod oob;
mod packs_cli;
mod reliability;
mod reports;
mod season;
mod share;
