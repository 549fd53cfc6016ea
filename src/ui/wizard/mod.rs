//! The charge wizard: click the charger, click the target, and walk the charge and
//! melee procedure step by step. The wizard lives in the app's UI state; it changes
//! nothing until Apply, and Cancel (or Escape) drops it.

mod b_collision;
mod b_melee;
mod common;
mod gdb_charge;
mod gdb_melee;

pub use b_collision::CollisionWizard;
pub use b_melee::BMeleeWizard;
pub use gdb_charge::{ChargeWizard, Measured};
pub use gdb_melee::MeleeWizard;

use egui::Ui;

use crate::game::Action;
use crate::i18n::Lang;
use crate::model::Battle;

/// What the wizard asks the app to do after a frame.
#[derive(Debug)]
pub enum Outcome {
    /// Keep going.
    Continue,
    /// Close, changing nothing.
    Cancel,
    /// Apply the action (one undo step, one log entry).
    Apply(Action),
}

/// An open wizard.
#[derive(Debug)]
pub enum Wizard {
    /// A General de Brigade charge.
    GdbCharge(Box<ChargeWizard>),
    /// A General de Brigade melee.
    GdbMelee(Box<MeleeWizard>),
    /// A Ruleset B collision test.
    BCollision(Box<CollisionWizard>),
    /// A turn of Ruleset B melee.
    BMelee(Box<BMeleeWizard>),
}

impl Wizard {
    /// Draws the wizard's window.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let title = match self {
            Wizard::GdbCharge(_) => lang.t(crate::i18n::T::WizCharge),
            Wizard::GdbMelee(_) => lang.t(crate::i18n::T::WizMelee),
            Wizard::BCollision(_) => lang.t(crate::i18n::T::WizCollision),
            Wizard::BMelee(_) => lang.t(crate::i18n::T::WizMelee),
        };
        let mut outcome = Outcome::Continue;
        let screen = ui.ctx().content_rect();
        // A window rather than a modal: its scroll area always has the room it is given,
        // so the step's buttons stay reachable however long the step is.
        egui::Window::new(title)
            .id(egui::Id::unique("coldsteel-wizard"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 40.0))
            .fixed_size(egui::vec2(680.0, (screen.height() - 150.0).max(300.0)))
            .vscroll(true)
            .show(ui.ctx(), |ui| {
                outcome = match self {
                    Wizard::GdbCharge(w) => w.ui(ui, lang, battle),
                    Wizard::GdbMelee(w) => w.ui(ui, lang, battle),
                    Wizard::BCollision(w) => w.ui(ui, lang, battle),
                    Wizard::BMelee(w) => w.ui(ui, lang, battle),
                };
            });
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            outcome = Outcome::Cancel;
        }
        outcome
    }
}
