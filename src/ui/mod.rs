//! The egui interface: one panel per file. Panels read the battle and return
//! [`AppCommand`]s; `CsApp::run_cmd` is the only place that changes anything.

mod app;
mod brigade_card;
mod files;
mod general_card;
mod log_panel;
mod modals;
mod report_view;
mod roller;
mod roster;
mod settings;
mod theme;
mod turn_panel;
mod unit_card;
mod widgets;
pub mod wizard;

pub use app::{AppCommand, CsApp, Modal, PathPurpose, Selection};
pub use files::{Dialogs, FileOp, Template};
