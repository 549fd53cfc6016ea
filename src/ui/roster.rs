//! The roster: both armies, side = brigade = unit, with generals and status badges.

use egui::{RichText, Ui};

use super::command::{AppCommand, Selection};
use super::{theme, widgets::badge_ui};
use crate::game::Step;
use crate::i18n::{Label, Lang, T};
use std::collections::BTreeSet;

use crate::model::{Battle, BrigadeId, General, Unit, UnitId};
use crate::rules::{Side, Terrain};

pub use crate::i18n::names::{battle_title, general_line, shown, side_name};

/// The label of an undo step, e.g. "Edit unit «1st Tirailleurs»".
pub fn step_label(lang: Lang, battle: &Battle, step: &Step) -> String {
    crate::i18n::log_text::action_label(lang, battle, step.kind, &step.subject)
}

/// One line of the roster. The roster is a flat list of lines of known heights, so that
/// only the lines in view are laid out: a 1,000-unit battle draws as fast as a small one.
#[derive(Clone, Copy, Debug)]
enum Line {
    Side(Side),
    Commander(Side),
    Brigade(BrigadeId),
    BrigadeGenerals(BrigadeId),
    Unattached(Side),
    OutOfPlay(Side),
    /// The column headers under a side's heading.
    Headers,
    Unit(UnitId),
    NoUnits,
    Gap,
}

const LINE_H: f32 = 24.0;
const MARKERS_H: f32 = 20.0;

fn line_height(battle: &Battle, line: &Line) -> f32 {
    match line {
        Line::Side(_) => 30.0,
        Line::Gap => 12.0,
        Line::Headers => 18.0,
        Line::Unit(id) => {
            LINE_H + if battle.unit(*id).is_some_and(|u| !u.markers.is_empty()) { MARKERS_H } else { 0.0 }
        }
        _ => LINE_H,
    }
}

/// The lines of the roster, honouring folded brigades and groups.
fn lines(battle: &Battle, folded: &BTreeSet<FoldKey>) -> Vec<Line> {
    let mut out = Vec::new();
    for side in Side::ALL {
        let side = *side;
        out.push(Line::Side(side));
        out.push(Line::Commander(side));
        out.push(Line::Headers);
        for brigade in battle.brigades_of(side) {
            out.push(Line::Brigade(brigade.id));
            if folded.contains(&FoldKey::Brigade(brigade.id)) {
                continue;
            }
            out.push(Line::BrigadeGenerals(brigade.id));
            let before = out.len();
            out.extend(battle.units_of(side, Some(brigade.id)).filter(|u| u.order.in_play()).map(|u| Line::Unit(u.id)));
            if out.len() == before {
                out.push(Line::NoUnits);
            }
        }
        let loose: Vec<Line> =
            battle.units_of(side, None).filter(|u| u.order.in_play()).map(|u| Line::Unit(u.id)).collect();
        if !loose.is_empty() {
            out.push(Line::Unattached(side));
            if !folded.contains(&FoldKey::Unattached(side)) {
                out.extend(loose);
            }
        }
        let gone: Vec<Line> =
            battle.units.iter().filter(|u| u.side == side && !u.order.in_play()).map(|u| Line::Unit(u.id)).collect();
        if !gone.is_empty() {
            out.push(Line::OutOfPlay(side));
            if !folded.contains(&FoldKey::OutOfPlay(side)) {
                out.extend(gone);
            }
        }
        out.push(Line::Gap);
    }
    out
}

/// A foldable group of the roster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FoldKey {
    /// A brigade.
    Brigade(BrigadeId),
    /// A side's units attached to no brigade.
    Unattached(Side),
    /// A side's units out of play (folded at first).
    OutOfPlay(Side),
}

/// What the roster keeps between frames: the folded groups.
#[derive(Debug, Default)]
pub struct RosterView {
    /// Groups folded by the user.
    pub folded: BTreeSet<FoldKey>,
    /// Groups the user unfolded that start folded (out of play).
    pub unfolded: BTreeSet<FoldKey>,
    /// A unit to scroll into view on the next frame (the checklist's "Show").
    pub reveal: Option<UnitId>,
}

impl RosterView {
    fn effective(&self) -> BTreeSet<FoldKey> {
        let mut f = self.folded.clone();
        for side in Side::ALL {
            let key = FoldKey::OutOfPlay(*side);
            if !self.unfolded.contains(&key) {
                f.insert(key);
            }
        }
        f
    }

    /// Unfolds the group a unit is in and asks the next frame to scroll to it.
    pub fn reveal(&mut self, battle: &Battle, id: UnitId) {
        if let Some(u) = battle.unit(id) {
            let key = if !u.order.in_play() {
                FoldKey::OutOfPlay(u.side)
            } else {
                u.brigade.map_or(FoldKey::Unattached(u.side), FoldKey::Brigade)
            };
            self.toggle(key, false);
        }
        self.reveal = Some(id);
    }

    /// Folds or unfolds a group: `folded_after` is the state the click asks for.
    fn toggle(&mut self, key: FoldKey, folded_after: bool) {
        let starts_folded = matches!(key, FoldKey::OutOfPlay(_));
        let (set, other) =
            if starts_folded { (&mut self.unfolded, &mut self.folded) } else { (&mut self.folded, &mut self.unfolded) };
        other.remove(&key);
        // A group is remembered only when it differs from how it starts.
        if starts_folded != folded_after {
            set.insert(key);
        } else {
            set.remove(&key);
        }
    }
}

/// While a target is picked: a banner over the roster's top right corner, naming the
/// charger, drawn above the rows so that they do not move under the pointer.
fn pick_banner_ui(ui: &Ui, lang: Lang, battle: &Battle, charger: UnitId) {
    let name = battle.unit(charger).map(|u| u.display_name(lang == Lang::Ru).to_owned()).unwrap_or_default();
    let text = lang.fmt(T::PickTarget, &[&name]);
    egui::Area::new(egui::Id::unique("coldsteel-pick-target"))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::RIGHT_TOP)
        .fixed_pos(ui.max_rect().right_top())
        .interactable(false)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(RichText::new(text).strong().color(theme::CURRENT_PHASE));
            });
        });
}

/// The whole roster.
pub fn roster_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    selection: Selection,
    picking: Option<UnitId>,
    view: &mut RosterView,
    cmds: &mut Vec<AppCommand>,
) {
    if let Some(charger) = picking {
        pick_banner_ui(ui, lang, battle, charger);
    }
    let folded = view.effective();
    let all = lines(battle, &folded);
    let heights: Vec<f32> = all.iter().map(|l| line_height(battle, l)).collect();
    let total: f32 = heights.iter().sum();
    let mut local = Vec::new();
    let mut toggles = Vec::new();
    let reveal = view.reveal.take();
    egui::ScrollArea::both().id_salt("roster").auto_shrink([false, false]).show_viewport(ui, |ui, viewport| {
        // Rows take the panel's width; the name column gets what is beyond the minimum.
        let row_w = ui.available_width().max(ROW_WIDTH);
        ui.set_min_size(egui::vec2(row_w, total));
        let top = ui.min_rect().top();
        if let Some(at) = reveal.and_then(|id| all.iter().position(|l| matches!(l, Line::Unit(u) if *u == id))) {
            let y: f32 = heights.iter().take(at).sum();
            let row =
                egui::Rect::from_min_size(egui::pos2(ui.min_rect().left(), top + y), egui::vec2(row_w, heights[at]));
            ui.scroll_to_rect(row, Some(egui::Align::Center));
        }
        let mut y = 0.0;
        for (line, h) in all.iter().zip(&heights) {
            if y + h >= viewport.min.y && y <= viewport.max.y {
                let rect = egui::Rect::from_min_size(egui::pos2(ui.min_rect().left(), top + y), egui::vec2(row_w, *h));
                let mut child = ui.new_child(
                    egui::UiBuilder::new().max_rect(rect).layout(egui::Layout::left_to_right(egui::Align::Min)),
                );
                line_ui(&mut child, lang, battle, *line, selection, &folded, &mut local, &mut toggles);
            }
            y += h;
        }
    });
    for (key, folded_after) in toggles {
        view.toggle(key, folded_after);
    }
    // While a target is being picked, a click on a unit picks it.
    for cmd in local {
        match (picking, cmd) {
            (Some(_), AppCommand::Select(Selection::Unit(id))) => cmds.push(AppCommand::PickTarget(id)),
            (_, cmd) => cmds.push(cmd),
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn line_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    line: Line,
    selection: Selection,
    folded: &BTreeSet<FoldKey>,
    cmds: &mut Vec<AppCommand>,
    toggles: &mut Vec<(FoldKey, bool)>,
) {
    match line {
        Line::Side(side) => side_heading_ui(ui, lang, battle, side),
        Line::Headers => headers_ui(ui, lang),
        Line::Commander(side) => match battle.commander_in_chief(side) {
            Some(c) => general_button_ui(ui, lang, c, selection, cmds, T::CommanderPrefix),
            None => {
                ui.label(RichText::new(lang.t(T::NoCommander)).italics().weak());
            }
        },
        Line::Brigade(id) => {
            if let Some(b) = battle.brigade(id) {
                let name =
                    RichText::new(shown(&b.name, b.name_ru.as_deref(), lang)).strong().color(theme::side_color(b.side));
                fold_ui(ui, FoldKey::Brigade(id), name, folded, toggles);
                if ui
                    .selectable_label(selection == Selection::Brigade(id), RichText::new(lang.t(T::EditBrigade)).weak())
                    .clicked()
                {
                    cmds.push(AppCommand::Select(Selection::Brigade(id)));
                }
            }
        }
        Line::BrigadeGenerals(id) => {
            ui.add_space(18.0);
            let generals: Vec<&General> = battle.generals_of(id).collect();
            if generals.is_empty() {
                ui.label(RichText::new(lang.t(T::NoGeneral)).italics().weak());
            }
            for g in generals {
                general_button_ui(ui, lang, g, selection, cmds, T::GeneralPrefix);
            }
        }
        Line::Unattached(side) => {
            let key = FoldKey::Unattached(side);
            fold_ui(ui, key, RichText::new(lang.t(T::Unattached)).italics(), folded, toggles);
            let loose: Vec<&General> = battle
                .generals
                .iter()
                .filter(|g| g.side == side && g.brigade.is_none() && g.rank != crate::rules::Rank::CommanderInChief)
                .collect();
            for g in loose {
                general_button_ui(ui, lang, g, selection, cmds, T::GeneralPrefix);
            }
        }
        Line::OutOfPlay(side) => {
            let n = battle.units.iter().filter(|u| u.side == side && !u.order.in_play()).count();
            fold_ui(
                ui,
                FoldKey::OutOfPlay(side),
                RichText::new(lang.fmt(T::OutOfPlay, &[&n])).italics(),
                folded,
                toggles,
            );
        }
        Line::Unit(id) => {
            if let Some(u) = battle.unit(id) {
                ui.vertical(|ui| unit_row_ui(ui, lang, battle, u, selection, cmds));
            }
        }
        Line::NoUnits => {
            ui.add_space(18.0);
            ui.label(RichText::new(lang.t(T::NoUnits)).italics().weak());
        }
        Line::Gap => {}
    }
}

fn fold_ui(ui: &mut Ui, key: FoldKey, text: RichText, folded: &BTreeSet<FoldKey>, toggles: &mut Vec<(FoldKey, bool)>) {
    let is_folded = folded.contains(&key);
    let arrow = if is_folded { "+" } else { "−" };
    if ui.selectable_label(false, RichText::new(arrow).weak()).clicked() {
        toggles.push((key, !is_folded));
    }
    if ui.add(egui::Label::new(text).sense(egui::Sense::click())).clicked() {
        toggles.push((key, !is_folded));
    }
}

fn side_heading_ui(ui: &mut Ui, lang: Lang, battle: &Battle, side: Side) {
    ui.heading(RichText::new(side_name(battle, side, lang)).color(theme::side_color(side)).strong());
    let units: Vec<&Unit> = battle.units.iter().filter(|u| u.side == side).collect();
    let lost: u32 = units.iter().map(|u| u.casualties()).sum();
    let start: u32 = units.iter().map(|u| u.figures_start).sum();
    ui.label(RichText::new(lang.fmt(T::SideSummary, &[&units.len(), &lost, &start])).weak());
}

fn general_button_ui(
    ui: &mut Ui,
    lang: Lang,
    g: &General,
    selection: Selection,
    cmds: &mut Vec<AppCommand>,
    prefix: T,
) {
    let text = format!("{} {}", lang.t(prefix), general_line(g, lang));
    if ui.selectable_label(selection == Selection::General(g.id), text).clicked() {
        cmds.push(AppCommand::Select(Selection::General(g.id)));
    }
}

/// Column widths of a unit row, so that every brigade's rows line up.
const COLUMNS: [f32; 6] = [220.0, 165.0, 96.0, 124.0, 116.0, 125.0];
const ROW_WIDTH: f32 = 900.0;

/// The name column: all the row's width the other columns leave (at least its minimum).
fn name_width(ui: &Ui) -> f32 {
    let others: f32 = COLUMNS[1..].iter().sum();
    let spacing = ui.spacing().item_spacing.x * COLUMNS.len() as f32;
    (ui.max_rect().width() - others - spacing).max(COLUMNS[0])
}

/// The column headers, aligned with the unit rows.
fn headers_ui(ui: &mut Ui, lang: Lang) {
    let names = [T::ColUnit, T::ColType, T::ColOrder, T::ColFormation, T::ColGround, T::ColFigures];
    let widths = [name_width(ui), COLUMNS[1], COLUMNS[2], COLUMNS[3], COLUMNS[4], COLUMNS[5]];
    ui.horizontal(|ui| {
        for (i, (name, width)) in names.into_iter().zip(widths).enumerate() {
            cell_ui(ui, width, |ui| {
                if i == 0 {
                    ui.add_space(40.0);
                }
                ui.label(RichText::new(lang.t(name)).weak().small());
            });
        }
    });
}

fn cell_ui(ui: &mut Ui, width: f32, add: impl FnOnce(&mut Ui)) {
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(egui::vec2(width, LINE_H - 2.0), layout, |ui| {
        ui.set_width(width);
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
        add(ui);
    });
}

fn unit_row_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    unit: &Unit,
    selection: Selection,
    cmds: &mut Vec<AppCommand>,
) {
    let selected = selection == Selection::Unit(unit.id);
    let name_w = name_width(ui);
    ui.horizontal(|ui| {
        cell_ui(ui, name_w, |ui| {
            ui.add_space(18.0);
            theme::arm_icon_ui(ui, unit.arm);
            let shown = unit.display_name(lang == Lang::Ru);
            let name = RichText::new(shown).strong();
            // A name cut short is shown whole on hover.
            let hover = format!("{shown} · {}", unit.arm.label(lang));
            if ui.selectable_label(selected, name).on_hover_text(hover).clicked() {
                cmds.push(AppCommand::Select(Selection::Unit(unit.id)));
            }
        });
        cell_ui(ui, COLUMNS[1], |ui| {
            let grade = match battle.ruleset {
                crate::rules::Ruleset::Gdb => unit.class.label(lang).to_owned(),
                crate::rules::Ruleset::RulesetB => lang.fmt(T::StatusShort, &[&unit.status.label(lang)]),
            };
            ui.label(format!("{} · {grade}", unit.arm.label(lang)));
        });
        cell_ui(ui, COLUMNS[2], |ui| {
            badge_ui(ui, unit.order.label(lang), theme::order_colors(unit.order));
        });
        cell_ui(ui, COLUMNS[3], |ui| {
            badge_ui(ui, unit.formation.label(lang), theme::NEUTRAL_BADGE);
        });
        cell_ui(ui, COLUMNS[4], |ui| {
            if unit.terrain == Terrain::Open {
                ui.label(RichText::new(unit.terrain.label(lang)).weak().small());
            } else {
                badge_ui(ui, unit.terrain.label(lang), theme::TERRAIN_BADGE);
            }
        });
        cell_ui(ui, COLUMNS[5], |ui| casualties_ui(ui, lang, unit));
    });
    if !unit.markers.is_empty() {
        ui.horizontal(|ui| {
            ui.add_space(40.0);
            for marker in &unit.markers {
                badge_ui(ui, marker.label(lang), theme::MARKER_BADGE);
            }
        });
    }
}

fn casualties_ui(ui: &mut Ui, lang: Lang, unit: &Unit) {
    let text = lang.fmt(T::FiguresOf, &[&unit.figures, &unit.figures_start]);
    let lost = unit.casualties();
    ui.label(text);
    if lost > 0 {
        ui.label(RichText::new(lang.fmt(T::Lost, &[&lost])).color(theme::LOSSES).small());
    }
}

/// The editor panel when nothing is selected: the battle at a glance.
pub fn overview_ui(ui: &mut Ui, lang: Lang, battle: &Battle) {
    ui.heading(battle_title(battle, lang));
    let description = shown(&battle.description, battle.description_ru.as_deref(), lang);
    if !description.is_empty() {
        ui.label(description);
    }
    ui.add_space(8.0);
    ui.label(lang.fmt(T::RulesetIs, &[&battle.ruleset.label(lang)]));
    for side in Side::ALL {
        let units = battle.units.iter().filter(|u| u.side == *side).count();
        let brigades = battle.brigades_of(*side).count();
        ui.label(lang.fmt(T::SideOverview, &[&side_name(battle, *side, lang), &brigades, &units]));
    }
    ui.add_space(8.0);
    ui.label(RichText::new(lang.t(T::SelectHint)).weak());
}

/// The brigade's name for a combo box.
pub fn brigade_choices(battle: &Battle, side: Side, lang: Lang) -> Vec<(BrigadeId, String)> {
    battle.brigades_of(side).map(|b| (b.id, shown(&b.name, b.name_ru.as_deref(), lang).to_owned())).collect()
}
