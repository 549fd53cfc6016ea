//! The rules settings of a battle: every open rules question (digest section 4, AMB-xx)
//! as a visible, editable setting with its default and what it changes; the casualty
//! table; and profiles to load and save.

use egui::{RichText, Ui};

use super::app::{CsApp, Modal};
use super::command::{AppCommand, PathPurpose};
use crate::i18n::{Label, Lang, T};
use crate::model::RulesOptions;
use crate::rules::options::{
    CasualtyRow, CavalrySlopeBonus, DistanceRow, DurationRow, FirstMove, LimberRow, TestKind, TestResult, TestRow,
    TestTable,
};
use crate::rules::{Arm, Formation, Ruleset};

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

fn explain(ui: &mut Ui, text: &str) {
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
    casualties_ui(ui, lang, &mut o.casualties);
    distances_ui(ui, lang, &mut o.distances);
    durations_ui(ui, lang, &mut o.durations);
    tests_ui(ui, lang, &mut o.tests);
    limber_ui(ui, lang, &mut o.emergency_limber);
}

/// Under a table of rows: removes the row whose Remove was clicked, and adds a row.
fn rows_footer_ui<R>(ui: &mut Ui, lang: Lang, rows: &mut Vec<R>, remove: Option<usize>, new_row: impl FnOnce() -> R) {
    if let Some(i) = remove.filter(|i| *i < rows.len()) {
        rows.remove(i);
    }
    if ui.button(lang.t(T::AddRow)).clicked() {
        rows.push(new_row());
    }
}

/// An optional number as a drag value with an empty state.
fn opt_number_ui(ui: &mut Ui, v: &mut Option<u32>, id: &str) {
    let mut n = v.unwrap_or(0);
    let r = ui.add(
        egui::DragValue::new(&mut n)
            .range(0..=200)
            .custom_formatter(|x, _| if x == 0.0 { "—".into() } else { format!("{x}") }),
    );
    if r.accessible_name(id).changed() {
        *v = (n > 0).then_some(n);
    }
}

/// AMB-24, AMB-25: distances per arm and formation.
fn distances_ui(ui: &mut Ui, lang: Lang, rows: &mut Vec<DistanceRow>) {
    ui.label(RichText::new(format!("AMB-24/25 {}", lang.t(T::OptDistances))).strong());
    explain(ui, lang.t(T::ExplainDistances));
    let mut remove = None;
    egui::Grid::new("distances").num_columns(7).show(ui, |ui| {
        for h in [T::Arm, T::Formation, T::DistMove, T::DistCharge, T::DistRetreat, T::DistRout] {
            ui.label(lang.t(h));
        }
        ui.end_row();
        for (i, row) in rows.iter_mut().enumerate() {
            egui::ComboBox::from_id_salt(("dist_arm", i)).selected_text(row.arm.label(lang)).show_ui(ui, |ui| {
                for a in Arm::ALL {
                    ui.selectable_value(&mut row.arm, *a, a.label(lang));
                }
            });
            let f_text = row.formation.map_or_else(|| lang.t(T::AnyArm).to_owned(), |f| f.label(lang).to_owned());
            egui::ComboBox::from_id_salt(("dist_form", i)).selected_text(f_text).show_ui(ui, |ui| {
                ui.selectable_value(&mut row.formation, None, lang.t(T::AnyArm));
                for f in Formation::ALL.iter().filter(|f| f.fits(row.arm)) {
                    ui.selectable_value(&mut row.formation, Some(*f), f.label(lang));
                }
            });
            opt_number_ui(ui, &mut row.move_cm, "move");
            opt_number_ui(ui, &mut row.charge_cm, "charge");
            opt_number_ui(ui, &mut row.retreat_cm, "retreat");
            opt_number_ui(ui, &mut row.rout_cm, "rout");
            if ui.small_button(lang.t(T::RemoveRow)).clicked() {
                remove = Some(i);
            }
            ui.end_row();
        }
    });
    rows_footer_ui(ui, lang, rows, remove, || DistanceRow {
        arm: Arm::Infantry,
        formation: None,
        move_cm: None,
        charge_cm: None,
        retreat_cm: None,
        rout_cm: None,
    });
}

/// GDB-CHG-10: formation-change durations.
fn durations_ui(ui: &mut Ui, lang: Lang, rows: &mut Vec<DurationRow>) {
    ui.label(RichText::new(lang.t(T::OptDurations)).strong());
    let mut remove = None;
    for (i, row) in rows.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            for (which, f) in [("from", &mut row.from), ("to", &mut row.to)] {
                egui::ComboBox::from_id_salt(("dur", which, i)).selected_text(f.label(lang)).show_ui(ui, |ui| {
                    for x in Formation::ALL {
                        ui.selectable_value(f, *x, x.label(lang));
                    }
                });
            }
            ui.add(egui::DragValue::new(&mut row.turns.0).range(0..=10));
            ui.label("/");
            ui.add(egui::DragValue::new(&mut row.turns.1).range(1..=12));
            ui.label(lang.t(T::OfATurn));
            if ui.small_button(lang.t(T::RemoveRow)).clicked() {
                remove = Some(i);
            }
        });
    }
    rows_footer_ui(ui, lang, rows, remove, || DurationRow {
        from: Formation::Line,
        to: Formation::Square,
        turns: (1, 2),
    });
}

/// AMB-23: the test tables: totals of 2D6 plus modifiers to named results.
fn tests_ui(ui: &mut Ui, lang: Lang, tables: &mut Vec<TestTable>) {
    ui.label(RichText::new(format!("AMB-23 {}", lang.t(T::OptTests))).strong());
    explain(ui, lang.t(T::ExplainTests));
    for kind in TestKind::ALL {
        let table = match tables.iter().position(|t| t.test == kind) {
            Some(i) => &mut tables[i],
            None => {
                tables.push(TestTable { test: kind, rows: Vec::new() });
                let last = tables.len() - 1;
                &mut tables[last]
            }
        };
        egui::CollapsingHeader::new(format!("{} ({})", kind.label(lang), table.rows.len()))
            .id_salt(("tests", kind))
            .show(ui, |ui| {
                let mut remove = None;
                let kinds: Vec<TestResult> = TestResult::ALL.into_iter().filter(|r| kind.allows(*r)).collect();
                for (i, row) in table.rows.iter_mut().enumerate() {
                    ui.horizontal(|ui| {
                        ui.add(egui::DragValue::new(&mut row.from).range(-10..=30));
                        ui.label("–");
                        ui.add(egui::DragValue::new(&mut row.to).range(-10..=30));
                        ui.add(egui::TextEdit::singleline(&mut row.result).desired_width(160.0))
                            .accessible_name(lang.t(T::ResOutcomeHeader));
                        // What the named result does: the game applies only its kind (AMB-23).
                        let label = format!("{} {} {i}", lang.t(T::ResultKind), table.test.label(lang));
                        if let Some(kind) = crate::ui::widgets::enum_combo_ui(ui, &label, lang, row.kind, &kinds) {
                            row.kind = kind;
                        }
                        if ui.small_button(lang.t(T::RemoveRow)).clicked() {
                            remove = Some(i);
                        }
                    });
                }
                rows_footer_ui(ui, lang, &mut table.rows, remove, || TestRow {
                    from: 2,
                    to: 6,
                    result: TestResult::Pass.label(lang).to_owned(),
                    kind: TestResult::Pass,
                });
            });
    }
    tables.retain(|t| !t.rows.is_empty());
}

/// AMB-22: Emergency Limber results 2 to 6.
fn limber_ui(ui: &mut Ui, lang: Lang, rows: &mut Vec<LimberRow>) {
    ui.label(RichText::new(format!("AMB-22 {}", lang.t(T::OptLimber))).strong());
    for die in 2..=6u8 {
        let mut text = rows.iter().find(|r| r.die == die).map(|r| r.result.clone()).unwrap_or_default();
        ui.horizontal(|ui| {
            ui.label(format!("{die}:"));
            if ui
                .add(egui::TextEdit::singleline(&mut text).desired_width(260.0))
                .accessible_name(format!("{} {die}", lang.t(T::OptLimber)))
                .changed()
            {
                rows.retain(|r| r.die != die);
                if !text.trim().is_empty() {
                    rows.push(LimberRow { die, result: text.clone() });
                    rows.sort_by_key(|r| r.die);
                }
            }
        });
    }
}

/// AMB-13: the player-filled casualty table.
fn casualties_ui(ui: &mut Ui, lang: Lang, rows: &mut Vec<CasualtyRow>) {
    ui.label(RichText::new(format!("AMB-13 {}", lang.t(T::OptCasualties))).strong());
    explain(ui, lang.t(T::ExplainCasualties));
    let outcomes = ["rout", "retreat", "pushed_back", "draw"];
    let mut remove = None;
    egui::Grid::new("casualties").num_columns(5).show(ui, |ui| {
        ui.label(lang.t(T::ResOutcomeHeader));
        ui.label(lang.t(T::WinnerArm));
        ui.label(lang.t(T::LoserLoses));
        ui.label(lang.t(T::WinnerLoses));
        ui.end_row();
        for (i, row) in rows.iter_mut().enumerate() {
            egui::ComboBox::from_id_salt(("cas_outcome", i)).selected_text(row.outcome.clone()).show_ui(ui, |ui| {
                for o in outcomes {
                    ui.selectable_value(&mut row.outcome, o.to_owned(), o);
                }
            });
            let arm_text = row.winner_arm.map_or_else(|| lang.t(T::AnyArm).to_owned(), |a| a.label(lang).to_owned());
            egui::ComboBox::from_id_salt(("cas_arm", i)).selected_text(arm_text).show_ui(ui, |ui| {
                ui.selectable_value(&mut row.winner_arm, None, lang.t(T::AnyArm));
                for a in Arm::ALL {
                    ui.selectable_value(&mut row.winner_arm, Some(*a), a.label(lang));
                }
            });
            ui.add(egui::DragValue::new(&mut row.loser_loses).range(0..=50));
            ui.add(egui::DragValue::new(&mut row.winner_loses).range(0..=50));
            if ui.small_button(lang.t(T::RemoveRow)).clicked() {
                remove = Some(i);
            }
            ui.end_row();
        }
    });
    rows_footer_ui(ui, lang, rows, remove, || CasualtyRow {
        outcome: "retreat".into(),
        winner_arm: None,
        loser_loses: 0,
        winner_loses: 0,
    });
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
