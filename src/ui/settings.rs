//! The rules settings of a battle: every open rules question (digest section 4, AMB-xx)
//! as a visible, editable setting with its default and what it changes; the casualty
//! table; and profiles to load and save.

use egui::{RichText, Ui};

use super::app::{CsApp, Modal};
use super::command::{AppCommand, PathPurpose};
use crate::i18n::{Label, Lang, T};
use crate::model::RulesOptions;
use crate::rules::options::{CavalrySlopeBonus, FirstMove};
use crate::rules::{Arm, Ruleset};

/// The settings being edited: nothing changes until Apply.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsDraft {
    ruleset: Ruleset,
    options: RulesOptions,
    zones: String,
}

impl SettingsDraft {
    /// A draft of the battle's current settings.
    pub fn of(ruleset: Ruleset, options: &RulesOptions) -> Self {
        let zones = options.ruleset_b.zone_widths_cm.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        SettingsDraft { ruleset, options: options.clone(), zones }
    }
}

/// What the settings window asks for.
pub enum SettingsChoice {
    /// Keep editing.
    None,
    /// Close, changing nothing.
    Cancel,
    /// Apply the draft.
    Apply(Box<(Ruleset, RulesOptions)>),
    /// Load a profile.
    LoadProfile,
    /// Save the battle's settings as a profile.
    SaveProfile,
}

pub(super) fn explain(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).weak().small());
}

/// The settings window.
pub fn settings_ui(ui: &mut Ui, lang: Lang, draft: &mut SettingsDraft) -> SettingsChoice {
    let mut choice = SettingsChoice::None;
    let screen = ui.ctx().content_rect();
    egui::Window::new(lang.t(T::RulesSettings))
        .id(egui::Id::unique("coldsteel-settings"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 40.0))
        .fixed_size(egui::vec2(640.0, (screen.height() - 150.0).max(300.0)))
        .vscroll(true)
        .show(ui.ctx(), |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new(lang.t(T::RulesetHeading)).strong());
                for r in Ruleset::ALL {
                    ui.radio_value(&mut draft.ruleset, *r, r.label(lang));
                }
            });
            ui.separator();
            gdb_ui(ui, lang, draft);
            ui.separator();
            b_ui(ui, lang, draft);
            ui.separator();
            choice = buttons_ui(ui, lang, draft);
        });
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        choice = SettingsChoice::Cancel;
    }
    choice
}

fn gdb_ui(ui: &mut Ui, lang: Lang, draft: &mut SettingsDraft) {
    let o = &mut draft.options.gdb;
    ui.heading(Ruleset::Gdb.label(lang));
    ui.horizontal(|ui| {
        ui.label("AMB-01");
        ui.radio_value(&mut o.first_move, FirstMove::HalfDistance, lang.t(T::OptHalfDistance));
        ui.radio_value(&mut o.first_move, FirstMove::HalfMove, lang.t(T::OptHalfMove));
    });
    explain(ui, lang.t(T::ExplainFirstMove));
    ui.label(format!("AMB-04 {}", lang.t(T::OptMayEvade)));
    ui.horizontal_wrapped(|ui| {
        for arm in Arm::ALL {
            let mut on = o.may_evade.contains(arm);
            if ui.checkbox(&mut on, arm.label(lang)).changed() {
                if on {
                    o.may_evade.push(*arm);
                } else {
                    o.may_evade.retain(|a| a != arm);
                }
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("AMB-05 {}", lang.t(T::OptBlankCells)));
        let b = &mut o.blank_cells;
        for (v, arm) in [
            (&mut b.open_order_infantry, Arm::OpenOrderInfantry),
            (&mut b.artillery, Arm::Artillery),
            (&mut b.cossacks, Arm::Cossacks),
            (&mut b.skirmishers, Arm::Skirmishers),
        ] {
            ui.label(arm.label(lang));
            ui.add(egui::DragValue::new(v).range(-5..=5)).accessible_name(arm.label(lang));
        }
        ui.label(lang.t(T::OrdinaryClasses));
        ui.add(egui::DragValue::new(&mut b.ordinary_classes).range(-5..=5)).accessible_name(lang.t(T::OrdinaryClasses));
    });
    ui.checkbox(&mut o.british_guard_cap, format!("AMB-06 {}", lang.t(T::OptGuardCap)));
    ui.checkbox(&mut o.column_square_bonus_needs_formed, format!("AMB-09 {}", lang.t(T::OptNeedsFormed)));
    ui.horizontal(|ui| {
        ui.label(format!("AMB-10 {}", lang.t(T::OptSquareMargin)));
        ui.add(egui::DragValue::new(&mut o.square_break_margin).range(1..=20))
            .accessible_name(lang.t(T::OptSquareMargin));
    });
    ui.checkbox(&mut o.square_win_reads_table, format!("AMB-10 {}", lang.t(T::OptSquareWinTable)));
    explain(ui, lang.t(T::ExplainSquareHolds));
    ui.checkbox(&mut o.dispersed_artillery_removed, format!("AMB-12 {}", lang.t(T::OptDispersedRemoved)));
    ui.checkbox(&mut o.infantry_may_counter_charge, format!("AMB-41 {}", lang.t(T::OptInfantryCounter)));
    ui.horizontal(|ui| {
        ui.label(format!("AMB-44 {}", lang.t(T::OptOrders)));
        ui.add(egui::DragValue::new(&mut o.opportunity_orders_per_general).range(0..=5))
            .accessible_name(lang.t(T::OptOrders));
    });
    super::settings_tables::casualties_ui(ui, lang, &mut o.casualties);
    super::settings_tables::distances_ui(ui, lang, &mut o.distances);
    super::settings_tables::durations_ui(ui, lang, &mut o.durations);
    super::settings_tables::tests_ui(ui, lang, &mut o.tests);
    super::settings_tables::limber_ui(ui, lang, &mut o.emergency_limber);
}

fn b_ui(ui: &mut Ui, lang: Lang, draft: &mut SettingsDraft) {
    let o = &mut draft.options.ruleset_b;
    ui.heading(Ruleset::RulesetB.label(lang));
    ui.horizontal(|ui| {
        ui.label("AMB-30");
        ui.radio_value(&mut o.cavalry_slope_bonus, CavalrySlopeBonus::Uphill, lang.t(T::OptUphill));
        ui.radio_value(&mut o.cavalry_slope_bonus, CavalrySlopeBonus::Downhill, lang.t(T::OptDownhill));
    });
    ui.horizontal(|ui| {
        ui.label(format!("AMB-31 {}", lang.t(T::OptZones)));
        ui.add(egui::TextEdit::singleline(&mut draft.zones).desired_width(120.0)).accessible_name(lang.t(T::OptZones));
    });
    explain(ui, lang.t(T::ExplainZones));
    ui.checkbox(&mut o.odd_cavalry_figure_lost, format!("AMB-32 {}", lang.t(T::OptOddFigure)));
    ui.label(format!("AMB-37 {}", lang.t(T::OptAttackDistances)));
    ui.horizontal_wrapped(|ui| {
        for arm in Arm::ALL {
            let mut v = o.attack_distance(*arm).unwrap_or(0);
            ui.label(arm.label(lang));
            let r = ui.add(
                egui::DragValue::new(&mut v)
                    .range(0..=100)
                    .custom_formatter(|x, _| if x == 0.0 { "—".into() } else { format!("{x}") }),
            );
            if r.accessible_name(arm.label(lang)).changed() {
                o.attack_distances.retain(|(a, _)| a != arm);
                if v > 0 {
                    o.attack_distances.push((*arm, v));
                }
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(format!("AMB-33 {}", lang.t(T::OptTolerance)));
        ui.add(egui::DragValue::new(&mut o.equal_losses_tolerance_figures).range(0..=10))
            .accessible_name(lang.t(T::OptTolerance));
    });
    ui.label(format!("AMB-46 {}", lang.t(T::OptWeights)));
    ui.horizontal_wrapped(|ui| {
        for arm in Arm::ALL.iter().filter(|a| a.is_cavalry()) {
            ui.label(arm.label(lang));
            let label = format!("{} {}", lang.t(T::OptWeights), arm.label(lang));
            if let Some(w) =
                crate::ui::widgets::enum_combo_ui(ui, &label, lang, o.weight(*arm), crate::rules::Weight::ALL)
            {
                o.cavalry_weights.retain(|(a, _)| a != arm);
                o.cavalry_weights.push((*arm, w));
            }
        }
    });
}

/// Zone widths typed as "5, 5, 5".
fn parse_zones(text: &str) -> Option<Vec<u32>> {
    text.split([',', ' ']).filter(|s| !s.trim().is_empty()).map(|s| s.trim().parse().ok()).collect()
}

fn buttons_ui(ui: &mut Ui, lang: Lang, draft: &mut SettingsDraft) -> SettingsChoice {
    let zones = parse_zones(&draft.zones);
    if zones.is_none() {
        ui.colored_label(super::theme::ERROR, lang.t(T::ZonesRefused));
    }
    let mut choice = SettingsChoice::None;
    ui.horizontal_wrapped(|ui| {
        if ui.add_enabled(zones.is_some(), egui::Button::new(RichText::new(lang.t(T::Apply)).strong())).clicked() {
            let mut options = draft.options.clone();
            options.ruleset_b.zone_widths_cm = zones.clone().unwrap_or_default();
            choice = SettingsChoice::Apply(Box::new((draft.ruleset, options)));
        }
        if ui.button(lang.t(T::ResetDefaults)).clicked() {
            *draft = SettingsDraft::of(draft.ruleset, &RulesOptions::default());
        }
        if ui.button(lang.t(T::LoadProfile)).clicked() {
            choice = SettingsChoice::LoadProfile;
        }
        if ui.button(lang.t(T::SaveProfile)).clicked() {
            choice = SettingsChoice::SaveProfile;
        }
        if ui.button(lang.t(T::Cancel)).clicked() {
            choice = SettingsChoice::Cancel;
        }
    });
    choice
}

impl CsApp {
    /// Draws the settings window when open; its choice becomes a command.
    pub(super) fn settings_window_ui(&mut self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        let Modal::Settings(draft) = &mut self.modal else { return };
        cmds.extend(match settings_ui(ui, self.lang, draft) {
            SettingsChoice::None => None,
            SettingsChoice::Cancel => Some(AppCommand::CloseModal),
            SettingsChoice::Apply(new) => Some(AppCommand::ApplySettings(new)),
            SettingsChoice::LoadProfile => Some(AppCommand::ProfileFile(PathPurpose::LoadProfile)),
            SettingsChoice::SaveProfile => Some(AppCommand::ProfileFile(PathPurpose::SaveProfile)),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_widths_are_parsed() {
        assert_eq!(parse_zones("5, 5,6"), Some(vec![5, 5, 6]));
        assert_eq!(parse_zones(""), Some(vec![]));
        assert_eq!(parse_zones("5, x"), None);
    }
}
