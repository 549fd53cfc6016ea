//! The charge wizard: click the charger, click the target, and walk the charge and
//! melee procedure step by step. The wizard lives in the app's UI state; it changes
//! nothing until Apply, and Cancel (or Escape) drops it.

mod b_collision;
mod b_melee;
pub(super) mod common;
mod fields;
mod fire;
mod gdb_charge;
mod gdb_charge_steps;
mod gdb_melee;
mod test;

pub use crate::game::procedure::Measured;
pub use b_collision::CollisionWizard;
pub use b_melee::BMeleeWizard;
pub use fire::FireWizard;
pub use gdb_charge::ChargeWizard;
pub use gdb_melee::MeleeWizard;
pub use test::TestWizard;

use egui::Ui;

use crate::game::Action;
use crate::i18n::Lang;
use crate::model::{Battle, UnitId};

/// What the wizard asks the app to do after a frame.
#[derive(Debug)]
pub enum Outcome {
    /// Keep going.
    Continue,
    /// Close, changing nothing.
    Cancel,
    /// Apply the action (one undo step, one log entry).
    Apply(Action),
    /// The one-click Declare while the other side may still declare (GDB-CHG-03, 04):
    /// perform the actions in order (each its own undo step), then ask `other` for its
    /// declarations before the charge is carried out.
    ThenOtherSide {
        /// The declaration, then this side's "declarations done".
        actions: Vec<Action>,
        /// The charger and the target.
        charge: (UnitId, UnitId),
        /// The side that declares next.
        other: crate::rules::Side,
    },
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
    /// A fire (issue 28).
    Fire(Box<FireWizard>),
    /// A test taken or called (issue 28).
    Test(Box<TestWizard>),
}

/// The wizard's width: room for the widest step in both languages (the two columns of a
/// Ruleset B collision in Russian), so that the window keeps one width, and its footer
/// its place, from step to step (issue 30).
const WIZARD_W: f32 = 860.0;

/// The height of the wizard's pinned footer.
const FOOTER_H: f32 = 40.0;

/// Where the open wizard's footer is, for the step's buttons.
fn footer_id() -> egui::Id {
    egui::Id::unique("coldsteel-wizard-footer")
}

/// A child of `ui` placed in the wizard's pinned footer, when a wizard is drawing one.
pub(crate) fn footer_ui(ui: &mut Ui) -> Option<Ui> {
    let rect = ui.ctx().data(|d| d.get_temp::<egui::Rect>(footer_id()))?;
    let mut child =
        ui.new_child(egui::UiBuilder::new().max_rect(rect).layout(egui::Layout::top_down(egui::Align::Min)));
    child.set_clip_rect(rect);
    Some(child)
}

impl Wizard {
    /// The engagement open in the wizard, as the players' view shows it (issue 32); a
    /// fire or a test is shown by its log entry once applied.
    pub fn open_engagement(&self, battle: &Battle) -> Option<crate::game::procedure::OpenEngagement> {
        match self {
            Wizard::GdbCharge(w) => Some(w.draft.open_engagement(battle)),
            Wizard::GdbMelee(w) => Some(w.draft.open_engagement(battle)),
            Wizard::BCollision(w) => Some(w.draft.open_engagement()),
            Wizard::BMelee(w) => Some(w.draft.open_engagement()),
            Wizard::Fire(_) | Wizard::Test(_) => None,
        }
    }

    /// The battle's rules options with the tables filled from what the players typed and
    /// asked to remember ("remember for all dragoons in line"), when that changes them.
    pub fn tables_to_remember(&self, battle: &Battle) -> Option<crate::model::RulesOptions> {
        match self {
            Wizard::GdbCharge(w) => w.tables_to_remember(battle),
            Wizard::GdbMelee(w) => w.tables_to_remember(battle),
            Wizard::BCollision(_) | Wizard::BMelee(_) | Wizard::Fire(_) | Wizard::Test(_) => None,
        }
    }

    /// What names the step shown: the wizard's kind and its step, which change together
    /// with the answers on the screen.
    fn step_key(&self) -> u64 {
        use crate::game::procedure::MeleeDraftStep;
        let (kind, step) = match self {
            Wizard::GdbCharge(w) => (1, w.step_number()),
            Wizard::GdbMelee(w) => {
                let step = match w.step_now() {
                    MeleeDraftStep::Situation => 0,
                    MeleeDraftStep::Result => 2,
                };
                (2, step)
            }
            Wizard::BCollision(w) => (3, u32::from(w.at_result())),
            Wizard::BMelee(_) => (4, 0),
            Wizard::Fire(_) => (5, 0),
            Wizard::Test(_) => (6, 0),
        };
        (kind << 32) | u64::from(step)
    }

    /// The charge it walks through (charger, target), for the table to draw its path.
    pub fn charge(&self) -> Option<(crate::model::UnitId, crate::model::UnitId)> {
        match self {
            Wizard::GdbCharge(w) => Some((w.draft.charger(), w.draft.target())),
            Wizard::BCollision(w) => Some((w.draft.attacker(), w.draft.defender())),
            Wizard::GdbMelee(_) | Wizard::BMelee(_) | Wizard::Fire(_) | Wizard::Test(_) => None,
        }
    }

    /// The wizard's title.
    pub fn title(&self, lang: Lang) -> &'static str {
        lang.t(match self {
            Wizard::GdbCharge(_) => crate::i18n::T::WizCharge,
            Wizard::GdbMelee(_) => crate::i18n::T::WizMelee,
            Wizard::BCollision(_) => crate::i18n::T::WizCollision,
            Wizard::BMelee(_) => crate::i18n::T::WizMelee,
            Wizard::Fire(_) => crate::i18n::T::WizFire,
            Wizard::Test(_) => crate::i18n::T::WizTest,
        })
    }

    /// Draws the wizard in its window, over the roster.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let mut outcome = Outcome::Continue;
        let screen = ui.ctx().content_rect();
        // A window rather than a modal: its scroll area always has the room it is given,
        // so the step's buttons stay reachable however long the step is.
        egui::Window::new(self.title(lang))
            .id(egui::Id::unique("coldsteel-wizard"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 40.0))
            .fixed_size(egui::vec2(
                WIZARD_W.min(screen.width() - 40.0).max(480.0),
                (screen.height() - 150.0).max(300.0),
            ))
            .show(ui.ctx(), |ui| outcome = self.body_ui(ui, lang, battle));
        self.escape(ui, outcome)
    }

    /// Draws the wizard docked in a side panel (issue 44: on the Table tab, so that no
    /// part of the table is covered while the players answer), its title above it.
    pub fn docked_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        // The wizard keeps to its panel: drawn in a child that does not grow its parent,
        // what is wider is cut at the panel's edge, never shifting the panel over the
        // table (a panel made wider than its size moves its edge).
        let rect = ui.available_rect_before_wrap();
        let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect));
        child.set_clip_rect(rect.intersect(ui.clip_rect()));
        child.heading(self.title(lang));
        child.separator();
        let outcome = self.body_ui(&mut child, lang, battle);
        ui.allocate_rect(rect, egui::Sense::hover());
        self.escape(ui, outcome)
    }

    /// Escape cancels, wherever the wizard is drawn.
    fn escape(&self, ui: &Ui, outcome: Outcome) -> Outcome {
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) { Outcome::Cancel } else { outcome }
    }

    /// The step in a scroll area, its buttons in a footer pinned under it.
    fn body_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Outcome {
        let mut outcome = Outcome::Continue;
        // The step scrolls; its buttons sit in a footer pinned under it, never below
        // the fold (the steps draw them through `common::nav_ui`).
        let full = ui.available_rect_before_wrap();
        let footer = egui::Rect::from_min_max(egui::pos2(full.left(), full.bottom() - FOOTER_H), full.max);
        ui.ctx().data_mut(|d| d.insert_temp(footer_id(), footer));
        // Vertical only: docked too, a step's words wrap at the panel's width (issue 45:
        // sideways, nothing wrapped and the panel's edge cut it).
        egui::ScrollArea::vertical()
            .id_salt("coldsteel-wizard-step")
            .max_height(full.height() - FOOTER_H)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                outcome = match self {
                    Wizard::GdbCharge(w) => w.ui(ui, lang, battle),
                    Wizard::GdbMelee(w) => w.ui(ui, lang, battle),
                    Wizard::BCollision(w) => w.ui(ui, lang, battle),
                    Wizard::BMelee(w) => w.ui(ui, lang, battle),
                    Wizard::Fire(w) => w.ui(ui, lang, battle),
                    Wizard::Test(w) => w.ui(ui, lang, battle),
                };
            });
        ui.allocate_rect(footer, egui::Sense::hover());
        ui.ctx().data_mut(|d| d.remove::<egui::Rect>(footer_id()));
        // Drawn last, over the step and its footer: the first 300 ms of a step take no
        // answer.
        let key = self.step_key();
        crate::ui::widgets::click_guard(ui, egui::Id::unique("coldsteel-wizard-guard"), key, full);
        outcome
    }
}
