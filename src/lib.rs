//! coldsteel: a battle tracker for Napoleonic miniature wargames.
//!
//! Floors, from the ground up (design.md section 2): [`rules`] (vocabulary, options,
//! pure rule functions), [`model`] (units, generals, battle), [`game`] (actions,
//! events, the one writer, undo), then [`storage`], [`report`], [`i18n`] and the
//! players' read model [`players`]; [`ui`] and the players' page server [`share`] on top.
//! Imports point down only.

// No catch-all arm on the crate's own enums (issue 26): a new action, command, event,
// log detail or happening that is not wired is a compile error, not a silent `_`.
#![deny(clippy::wildcard_enum_match_arm)]

pub mod game;
pub mod i18n;
pub mod model;
pub mod oob;
pub mod players;
pub mod report;
pub mod resolve;
pub mod rules;
pub mod share;
pub mod storage;
pub mod ui;
