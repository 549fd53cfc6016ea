//! The egui interface: one panel per file. Panels read the battle and return
//! [`AppCommand`]s; `CsApp::run_cmd` is the only place that changes anything.

mod app;
mod battle_card;
mod brigade_card;
mod campaign_form;
mod command;
mod general_card;
mod handler;
mod log_panel;
mod modals;
pub mod players;
mod problems;
mod rates_form;
mod report_view;
mod roller;
mod roster;
mod said;
mod settings;
mod settings_house;
mod settings_tables;
pub mod table_view;
mod theme;
mod toolbar;
mod turn_panel;
mod unit_card;
mod widgets;
pub mod wizard;

pub use app::{CsApp, Full, Modal};
pub use command::{AppCommand, CentralTab, FileOp, PathPurpose, ReportChoice, Selection, Template};
pub use handler::Dialogs;
pub use roller::roll;
pub use said::Said;
