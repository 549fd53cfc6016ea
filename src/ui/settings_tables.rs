//! The players' tables of the rules settings (AMB-13, 22, 23, 24, 25; GDB-CHG-10): rows
//! to add, edit and remove; nothing changes until the settings are applied.

use egui::Ui;

use super::settings::{explain, title_ui};
use super::widgets::bounded_ui;
use crate::i18n::{Label, Lang, T};
use crate::rules::options::{
    BasingRow, CasualtyRow, DistanceRow, DurationRow, LimberRow, TestKind, TestResult, TestRow, TestTable,
};
use crate::rules::{Arm, Formation};

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
fn opt_number_ui(ui: &mut Ui, v: &mut Option<u32>, id: &str) -> egui::Response {
    let mut n = v.unwrap_or(0);
    let r = ui.add(
        egui::DragValue::new(&mut n)
            .range(0..=200)
            .custom_formatter(|x, _| if x == 0.0 { "—".into() } else { format!("{x}") }),
    );
    let r = r.accessible_name(id);
    if r.changed() {
        *v = (n > 0).then_some(n);
    }
    r
}

/// A table cell's name for screen readers and tests: its column and row.
fn cell(lang: Lang, column: T, row: usize) -> String {
    format!("{} {}", lang.t(column), row + 1)
}

/// A row's arm and formation (or any formation) cells.
fn arm_formation_ui(
    ui: &mut Ui,
    lang: Lang,
    (salt, i): (&str, usize),
    arm: &mut Arm,
    formation: &mut Option<Formation>,
) {
    let combo = egui::ComboBox::from_id_salt((salt, "arm", i)).selected_text(arm.label(lang)).show_ui(ui, |ui| {
        for a in Arm::ALL {
            ui.selectable_value(arm, *a, a.label(lang));
        }
    });
    let _ = combo.response.accessible_name(cell(lang, T::Arm, i));
    let f_text = formation.map_or_else(|| lang.t(T::AnyArm).to_owned(), |f| f.label(lang).to_owned());
    let form = egui::ComboBox::from_id_salt((salt, "form", i)).selected_text(f_text).show_ui(ui, |ui| {
        ui.selectable_value(formation, None, lang.t(T::AnyArm));
        for f in Formation::ALL.iter().filter(|f| f.fits(*arm)) {
            ui.selectable_value(formation, Some(*f), f.label(lang));
        }
    });
    let _ = form.response.accessible_name(cell(lang, T::Formation, i));
}

/// AMB-24, AMB-25: distances per arm and formation.
pub(super) fn distances_ui(ui: &mut Ui, lang: Lang, rows: &mut Vec<DistanceRow>) {
    title_ui(ui, lang.t(T::OptDistances), "AMB-24, AMB-25");
    explain(ui, lang.t(T::ExplainDistances));
    let mut remove = None;
    egui::Grid::new("distances").num_columns(7).show(ui, |ui| {
        for h in [T::Arm, T::Formation, T::DistMove, T::DistCharge, T::DistRetreat, T::DistRout] {
            ui.label(lang.t(h));
        }
        ui.end_row();
        for (i, row) in rows.iter_mut().enumerate() {
            arm_formation_ui(ui, lang, ("dist", i), &mut row.arm, &mut row.formation);
            opt_number_ui(ui, &mut row.move_cm, &cell(lang, T::DistMove, i));
            opt_number_ui(ui, &mut row.charge_cm, &cell(lang, T::DistCharge, i));
            opt_number_ui(ui, &mut row.retreat_cm, &cell(lang, T::DistRetreat, i));
            opt_number_ui(ui, &mut row.rout_cm, &cell(lang, T::DistRout, i));
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
pub(super) fn durations_ui(ui: &mut Ui, lang: Lang, rows: &mut Vec<DurationRow>) {
    title_ui(ui, lang.t(T::OptDurations), "GDB-CHG-10");
    let mut remove = None;
    for (i, row) in rows.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            for (which, f) in [("from", &mut row.from), ("to", &mut row.to)] {
                let combo =
                    egui::ComboBox::from_id_salt(("dur", which, i)).selected_text(f.label(lang)).show_ui(ui, |ui| {
                        for x in Formation::ALL {
                            ui.selectable_value(f, *x, x.label(lang));
                        }
                    });
                let _ = combo.response.accessible_name(format!("{} {which} {}", lang.t(T::Formation), i + 1));
            }
            let _ = bounded_ui(ui, &mut row.turns.0, 0..=10, &cell(lang, T::OfATurn, i), lang);
            ui.label("/");
            let _ = bounded_ui(ui, &mut row.turns.1, 1..=12, &format!("{} / {}", lang.t(T::OfATurn), i + 1), lang);
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
pub(super) fn tests_ui(ui: &mut Ui, lang: Lang, tables: &mut Vec<TestTable>) {
    title_ui(ui, lang.t(T::OptTests), "AMB-23");
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
                        let name = format!("{} {}", table.test.label(lang), i + 1);
                        let _ = bounded_ui(ui, &mut row.from, -10..=30, &format!("{name} ≥"), lang);
                        ui.label("–");
                        let _ = bounded_ui(ui, &mut row.to, -10..=30, &format!("{name} ≤"), lang);
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

/// The players' firing table (issue 28): totals of 2D6 plus their modifier to the figures
/// the target loses; the seeds give no firing rules.
pub(super) fn firing_ui(ui: &mut Ui, lang: Lang, rows: &mut Vec<crate::rules::options::FireRow>) {
    title_ui(ui, lang.t(T::OptFiring), "");
    explain(ui, lang.t(T::ExplainFiring));
    let mut remove = None;
    for (i, row) in rows.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            let name = format!("{} {}", lang.t(T::OptFiring), i + 1);
            let _ = bounded_ui(ui, &mut row.from, -10..=30, &format!("{name} ≥"), lang);
            ui.label("–");
            let _ = bounded_ui(ui, &mut row.to, -10..=30, &format!("{name} ≤"), lang);
            ui.add(egui::TextEdit::singleline(&mut row.result).desired_width(140.0))
                .accessible_name(format!("{name} {}", lang.t(T::ResOutcomeHeader)));
            ui.label(lang.t(T::FireFigures));
            count_cell_ui(
                ui,
                &mut row.figures,
                0..=crate::model::MAX_FIGURES,
                &format!("{name} {}", lang.t(T::FireFigures)),
                lang,
            );
            if ui.small_button(lang.t(T::RemoveRow)).clicked() {
                remove = Some(i);
            }
        });
    }
    rows_footer_ui(ui, lang, rows, remove, || crate::rules::options::FireRow {
        from: 2,
        to: 6,
        result: String::new(),
        figures: 1,
    });
}

/// AMB-22: Emergency Limber results 2 to 6.
pub(super) fn limber_ui(ui: &mut Ui, lang: Lang, rows: &mut Vec<LimberRow>) {
    title_ui(ui, lang.t(T::OptLimber), "AMB-22");
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
pub(super) fn casualties_ui(ui: &mut Ui, lang: Lang, rows: &mut Vec<CasualtyRow>) {
    title_ui(ui, lang.t(T::OptCasualties), "AMB-13");
    explain(ui, lang.t(T::ExplainCasualties));
    // The bands the table is read by (its keys stay in the file), named in words.
    let outcomes = crate::i18n::names::CASUALTY_BANDS;
    let band_label = |key: &str| crate::i18n::names::casualty_band(lang, key);
    let mut remove = None;
    egui::Grid::new("casualties").num_columns(5).show(ui, |ui| {
        ui.label(lang.t(T::ResOutcomeHeader));
        ui.label(lang.t(T::WinnerArm));
        ui.label(lang.t(T::LoserLoses));
        ui.label(lang.t(T::WinnerLoses));
        ui.end_row();
        for (i, row) in rows.iter_mut().enumerate() {
            let band = egui::ComboBox::from_id_salt(("cas_outcome", i))
                .selected_text(band_label(&row.outcome))
                .show_ui(ui, |ui| {
                    for (key, text) in outcomes {
                        ui.selectable_value(&mut row.outcome, key.to_owned(), lang.t(text));
                    }
                });
            let arm_text = row.winner_arm.map_or_else(|| lang.t(T::AnyArm).to_owned(), |a| a.label(lang).to_owned());
            let arm = egui::ComboBox::from_id_salt(("cas_arm", i)).selected_text(arm_text).show_ui(ui, |ui| {
                ui.selectable_value(&mut row.winner_arm, None, lang.t(T::AnyArm));
                for a in Arm::ALL {
                    ui.selectable_value(&mut row.winner_arm, Some(*a), a.label(lang));
                }
            });
            let _ = arm.response.accessible_name(cell(lang, T::WinnerArm, i));
            let _ = band.response.accessible_name(cell(lang, T::ResOutcomeHeader, i));
            let _ = bounded_ui(ui, &mut row.loser_loses, 0..=50, &cell(lang, T::LoserLoses, i), lang);
            let _ = bounded_ui(ui, &mut row.winner_loses, 0..=50, &cell(lang, T::WinnerLoses, i), lang);
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

/// A whole number in a range, as a drag value named for tests and screen readers.
fn count_cell_ui(ui: &mut Ui, v: &mut u32, range: std::ops::RangeInclusive<u32>, id: &str, lang: Lang) {
    let _ = bounded_ui(ui, v, range, id, lang);
}

/// The players' basing table: one base of an arm in a formation, its figures, and how
/// many bases deep the formation stands; the table view draws each unit's footprint
/// from it (the seeds give no basing).
pub(super) fn basing_ui(ui: &mut Ui, lang: Lang, rows: &mut Vec<BasingRow>) {
    title_ui(ui, lang.t(T::OptBasing), "");
    explain(ui, lang.t(T::ExplainBasing));
    let mut remove = None;
    egui::Grid::new("basing").num_columns(7).show(ui, |ui| {
        for h in [T::Arm, T::Formation, T::BaseFrontage, T::BaseDepth, T::FiguresPerBase, T::BasesDeep] {
            ui.label(lang.t(h));
        }
        ui.end_row();
        for (i, row) in rows.iter_mut().enumerate() {
            arm_formation_ui(ui, lang, ("base", i), &mut row.arm, &mut row.formation);
            let max = crate::rules::options::MAX_BASE_MM;
            count_cell_ui(ui, &mut row.frontage_mm, 0..=max, &cell(lang, T::BaseFrontage, i), lang);
            count_cell_ui(ui, &mut row.depth_mm, 0..=max, &cell(lang, T::BaseDepth, i), lang);
            count_cell_ui(ui, &mut row.figures_per_base, 0..=100, &cell(lang, T::FiguresPerBase, i), lang);
            count_cell_ui(ui, &mut row.bases_deep, 1..=20, &cell(lang, T::BasesDeep, i), lang);
            if ui.small_button(lang.t(T::RemoveRow)).clicked() {
                remove = Some(i);
            }
            ui.end_row();
        }
    });
    // A new row is for the first arm without one.
    let next_arm = Arm::ALL.iter().copied().find(|a| !rows.iter().any(|r| r.arm == *a));
    let row = new_basing_row(rows, next_arm);
    rows_footer_ui(ui, lang, rows, remove, || row);
}

/// A new basing row for `arm` (else the last row's arm, or infantry), its sizes copied
/// from the last row (clubs base most arms alike); the first row starts empty, for the
/// players to fill.
pub(super) fn new_basing_row(rows: &[BasingRow], arm: Option<Arm>) -> BasingRow {
    let template = rows.last().cloned().unwrap_or(BasingRow {
        arm: Arm::Infantry,
        formation: None,
        frontage_mm: 0,
        depth_mm: 0,
        figures_per_base: 0,
        bases_deep: 1,
    });
    BasingRow { arm: arm.unwrap_or(template.arm), formation: None, ..template }
}
