//! The roster: both armies, side = brigade = unit, with generals and status badges.

use crate::i18n::Noun;
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
    /// The column headers of the list of targets (its columns, see [`Line::Target`]).
    TargetHeaders,
    Unit(UnitId),
    /// A unit offered as a charge's target: its row without the markers' line.
    Target(UnitId),
    NoUnits,
    Gap,
}

const LINE_H: f32 = 24.0;
const MARKERS_H: f32 = 20.0;
/// A unit's row: two lines of text, so that long names, types and grounds wrap rather
/// than being cut short (issue 45: «Пехота в открытом постр…»).
const UNIT_H: f32 = 38.0;
/// A row of the list of targets while one is picked: one line, its name given the type's
/// and the ground's columns, so that a side's units fit on screen without a scroll
/// (issue 30).
const TARGET_H: f32 = 26.0;

fn line_height(line: &Line) -> f32 {
    match line {
        Line::Side(_) => 30.0,
        Line::Gap => 12.0,
        Line::Headers | Line::TargetHeaders => 18.0,
        // Every unit keeps a line for its markers, empty or not: rows keep their places
        // when markers come and go at Next phase (issue 30: the next click selected
        // another unit).
        Line::Unit(_) => UNIT_H + MARKERS_H,
        Line::Target(_) => TARGET_H,
        Line::Commander(_)
        | Line::Brigade(_)
        | Line::BrigadeGenerals(_)
        | Line::Unattached(_)
        | Line::OutOfPlay(_)
        | Line::NoUnits => LINE_H,
    }
}

/// The lines of the roster for `sides`, honouring folded brigades and groups.
fn lines(battle: &Battle, folded: &BTreeSet<FoldKey>, sides: &[Side]) -> Vec<Line> {
    let mut out = Vec::new();
    for side in sides {
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

/// The lines offered while a charge's target is picked: the enemy side's heading and
/// its units in play, a line each, brigade by brigade.
fn target_lines(battle: &Battle, side: Side) -> Vec<Line> {
    let units = crate::game::procedure::charge::in_play_in_roster_order(battle, side).map(|u| Line::Target(u.id));
    [Line::Side(side), Line::TargetHeaders].into_iter().chain(units).collect()
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
    /// The charger whose target was being picked last frame: when picking starts, the
    /// stacked roster brings the other side on screen (issue 30).
    picking_seen: Option<UnitId>,
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
    let mut draw = Draw { lang, battle, selection, folded: &folded, cmds: Vec::new(), toggles: Vec::new() };
    let reveal = view.reveal.take();
    let picking_started = picking.is_some() && view.picking_seen != picking;
    view.picking_seen = picking;
    // A wide window shows the two sides side by side, each scrolling on its own.
    if ui.ctx().content_rect().width() >= SIDE_BY_SIDE_WINDOW {
        ui.columns(2, |cols| {
            for (col, side) in cols.iter_mut().zip(Side::ALL) {
                let all = lines(battle, &folded, &[*side]);
                lines_ui(col, &mut draw, &all, (("roster", *side as u8), COMPACT_ROW_WIDTH, reveal, None));
            }
        });
    } else {
        let all = lines(battle, &folded, Side::ALL);
        // Picking a target, the stacked roster brings the enemy's side on screen: scrolled
        // to its heading where it fits, else as the list of its units alone (issue 30).
        let enemy = picking.and_then(|c| battle.unit(c)).map(|c| c.side.other());
        let span = enemy.and_then(|side| side_span(&all, side));
        let fits = span.clone().is_some_and(|s| s.map(|i| line_height(&all[i])).sum::<f32>() <= ui.available_height());
        match enemy {
            Some(side) if !fits => {
                let targets = target_lines(battle, side);
                lines_ui(ui, &mut draw, &targets, (("roster-targets", 2), ROW_WIDTH, None, None));
            }
            Some(_) | None => {
                let bring = span.filter(|_| picking_started);
                lines_ui(ui, &mut draw, &all, (("roster", 2), ROW_WIDTH, reveal, bring));
            }
        }
    }
    let Draw { cmds: local, toggles, .. } = draw;
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

/// Window width from which the two sides stand side by side.
const SIDE_BY_SIDE_WINDOW: f32 = 1600.0;

/// What every line of the roster is drawn with, and what the lines asked for.
struct Draw<'a> {
    lang: Lang,
    battle: &'a Battle,
    selection: Selection,
    folded: &'a BTreeSet<FoldKey>,
    cmds: Vec<AppCommand>,
    toggles: Vec<(FoldKey, bool)>,
}

/// A run of the roster's lines, by index.
type LineSpan = std::ops::Range<usize>;

/// The lines of `side`, from its heading to the line before the next side's.
fn side_span(all: &[Line], side: Side) -> Option<LineSpan> {
    let start = all.iter().position(|l| matches!(l, Line::Side(s) if *s == side))?;
    let len = all[start + 1..].iter().position(|l| matches!(l, Line::Side(_))).map_or(all.len() - start, |n| n + 1);
    Some(start..start + len)
}

/// The scroll offset that puts the lines of `span` at the top of the scroll area `salt`,
/// unless they are all in view already (then nothing moves under the pointer).
fn offset_to_bring(ui: &Ui, salt: (&str, u8), heights: &[f32], span: LineSpan) -> Option<f32> {
    let id = ui.make_persistent_id(egui::IdSalt::new(salt));
    let now = egui::scroll_area::State::load(ui.ctx(), id).map_or(0.0, |s| s.clamped_offset().y);
    let (y0, y1): (f32, f32) = (heights.iter().take(span.start).sum(), heights.iter().take(span.end).sum());
    let shown = ui.available_height();
    // No further than the end of the list: beyond it the area would spring back over
    // several frames (egui's overscroll).
    let most = (heights.iter().sum::<f32>() - shown).max(0.0);
    (y0 < now || y1 > now + shown).then_some(y0.min(most))
}

/// Lines in a scroll area of their own, rows at least `min_row` wide, only those in view
/// drawn; `reveal` scrolls a unit's row into view, and `bring` a run of lines to the top
/// unless they are all in view already (then nothing moves under the pointer).
fn lines_ui(
    ui: &mut Ui,
    draw: &mut Draw<'_>,
    all: &[Line],
    (salt, min_row, reveal, bring): ((&str, u8), f32, Option<UnitId>, Option<LineSpan>),
) {
    let heights: Vec<f32> = all.iter().map(line_height).collect();
    let total: f32 = heights.iter().sum();
    let mut area = egui::ScrollArea::both().id_salt(salt).auto_shrink([false, false]);
    if let Some(top) = bring.and_then(|span| offset_to_bring(ui, salt, &heights, span)) {
        // Set at once, not animated: the rows stand still by the next click.
        area = area.vertical_scroll_offset(top);
    }
    area.show_viewport(ui, |ui, viewport| {
        // Rows take the panel's width; the name column gets what is beyond the minimum.
        let row_w = ui.available_width().max(min_row);
        ui.set_min_size(egui::vec2(row_w, total));
        let top = ui.min_rect().top();
        if let Some(at) = reveal.and_then(|id| all.iter().position(|l| matches!(l, Line::Unit(u) if *u == id))) {
            let y: f32 = heights.iter().take(at).sum();
            let row =
                egui::Rect::from_min_size(egui::pos2(ui.min_rect().left(), top + y), egui::vec2(row_w, heights[at]));
            // At once, not animated (as the enemy's side is brought): the rows stand still
            // by the next click.
            ui.scroll_to_rect_animation(row, Some(egui::Align::Center), egui::style::ScrollAnimation::none());
        }

        let mut y = 0.0;
        for (line, h) in all.iter().zip(&heights) {
            if y + h >= viewport.min.y && y <= viewport.max.y {
                let rect = egui::Rect::from_min_size(egui::pos2(ui.min_rect().left(), top + y), egui::vec2(row_w, *h));
                let mut child = ui.new_child(
                    egui::UiBuilder::new().max_rect(rect).layout(egui::Layout::left_to_right(egui::Align::Min)),
                );
                line_ui(&mut child, draw, *line);
            }
            y += h;
        }
    });
}

fn line_ui(ui: &mut Ui, draw: &mut Draw<'_>, line: Line) {
    let Draw { lang, battle, selection, folded, .. } = *draw;
    let (cmds, toggles) = (&mut draw.cmds, &mut draw.toggles);
    match line {
        Line::Side(side) => side_heading_ui(ui, lang, battle, side),
        Line::Headers => headers_ui(ui, lang, false),
        Line::TargetHeaders => headers_ui(ui, lang, true),
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
                ui.vertical(|ui| {
                    unit_row_ui(ui, (lang, battle), u, (selection, false), cmds);
                    markers_ui(ui, lang, u);
                });
            }
        }
        Line::Target(id) => {
            if let Some(u) = battle.unit(id) {
                unit_row_ui(ui, (lang, battle), u, (selection, true), cmds);
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
    let (units, lost) = (lang.count(units.len(), Noun::Unit), lang.count(lost, Noun::Figure));
    ui.label(RichText::new(lang.fmt(T::SideSummary, &[&units, &lost, &start])).weak());
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
/// Columns: name (its minimum), type, order, formation, ground, figures.
const COLUMNS: [f32; 6] = [220.0, 165.0, 96.0, 124.0, 116.0, 125.0];
const ROW_WIDTH: f32 = 900.0;
/// A narrower row (a side beside the other): no type column (the arm's icon stays, and
/// the name's tooltip says it), the others tighter.
const COMPACT_COLUMNS: [f32; 6] = [170.0, 0.0, 90.0, 104.0, 96.0, 104.0];
const COMPACT_ROW_WIDTH: f32 = 610.0;

/// The columns' widths for this row: the name column takes all the width the others
/// leave (at least its minimum); a row narrower than the full one is compact.
fn widths(ui: &Ui) -> [f32; 6] {
    let row = ui.max_rect().width();
    let mut w = if row >= ROW_WIDTH { COLUMNS } else { COMPACT_COLUMNS };
    let shown = w.iter().filter(|c| **c > 0.0).count();
    let spacing = ui.spacing().item_spacing.x * shown as f32;
    w[0] = (row - w[1..].iter().sum::<f32>() - spacing).max(w[0]);
    w
}

/// The column headers, aligned with the unit rows (a target's row when `target`).
fn headers_ui(ui: &mut Ui, lang: Lang, target: bool) {
    let names = [T::ColUnit, T::ColType, T::ColOrder, T::ColFormation, T::ColGround, T::ColFigures];
    let widths = row_widths(ui, target);
    ui.horizontal(|ui| {
        for (i, (name, width)) in names.into_iter().zip(widths).enumerate().filter(|(_, (_, w))| *w > 0.0) {
            header_cell_ui(ui, width, |ui| {
                if i == 0 {
                    ui.add_space(40.0);
                }
                ui.label(RichText::new(lang.t(name)).weak().small());
            });
        }
    });
}

/// The columns of a unit's row; a target's row gives the type's and the ground's
/// columns, with the gaps they had, to the name.
fn row_widths(ui: &Ui, target: bool) -> [f32; 6] {
    let mut w = widths(ui);
    if target {
        let spacing = ui.spacing().item_spacing.x;
        w[0] += [w[1], w[4]].iter().filter(|c| **c > 0.0).map(|c| c + spacing).sum::<f32>();
        (w[1], w[4]) = (0.0, 0.0);
    }
    w
}

/// A cell of a unit's row: its text wraps onto a second line within the cell's width;
/// every cell starts at the row's top line, so that one-line and two-line cells read
/// along the same line.
fn cell_ui(ui: &mut Ui, (width, height): (f32, f32), add: impl FnOnce(&mut Ui)) {
    let layout = egui::Layout::top_down(egui::Align::Min);
    ui.allocate_ui_with_layout(egui::vec2(width, height - 2.0), layout, |ui| {
        ui.set_width(width);
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        add(ui);
    });
}

/// A column's header, one line.
fn header_cell_ui(ui: &mut Ui, width: f32, add: impl FnOnce(&mut Ui)) {
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(egui::vec2(width, LINE_H - 8.0), layout, |ui| {
        ui.set_width(width);
        add(ui);
    });
}

fn unit_row_ui(
    ui: &mut Ui,
    (lang, battle): (Lang, &Battle),
    unit: &Unit,
    (selection, target): (Selection, bool),
    cmds: &mut Vec<AppCommand>,
) {
    let selected = selection == Selection::Unit(unit.id);
    let height = if target { TARGET_H } else { UNIT_H };
    let w = row_widths(ui, target).map(|width| (width, height));
    ui.horizontal(|ui| {
        cell_ui(ui, w[0], |ui| {
            ui.horizontal_top(|ui| name_ui(ui, lang, battle, unit, selected, cmds));
        });
        if w[1].0 > 0.0 {
            cell_ui(ui, w[1], |ui| {
                ui.label(crate::i18n::names::unit_type(lang, battle, unit, false));
            });
        }
        cell_ui(ui, w[2], |ui| {
            badge_ui(ui, unit.order.label(lang), theme::order_colors(unit.order));
        });
        cell_ui(ui, w[3], |ui| {
            // A routing unit keeps its stored formation, but fights in none (GDB-MOD-16, 23):
            // the roster shows the order alone.
            if unit.order == crate::rules::Order::Routing {
                ui.label(RichText::new("—").weak());
            } else {
                badge_ui(ui, unit.formation.label(lang), theme::NEUTRAL_BADGE);
            }
        });
        if w[4].0 > 0.0 {
            cell_ui(ui, w[4], |ui| ground_ui(ui, lang, unit));
        }
        cell_ui(ui, w[5], |ui| casualties_ui(ui, lang, unit, target));
    });
}

/// The ground a unit stands on: weak when open, a badge otherwise.
fn ground_ui(ui: &mut Ui, lang: Lang, unit: &Unit) {
    if unit.terrain == Terrain::Open {
        ui.label(RichText::new(unit.terrain.label(lang)).weak().small());
    } else {
        badge_ui(ui, unit.terrain.label(lang), theme::TERRAIN_BADGE);
    }
}

/// A unit's arm icon and its name, which selects it.
fn name_ui(ui: &mut Ui, lang: Lang, battle: &Battle, unit: &Unit, selected: bool, cmds: &mut Vec<AppCommand>) {
    ui.add_space(18.0);
    theme::arm_icon_ui(ui, unit.arm);
    let shown = unit.display_name(lang == Lang::Ru);
    let name = RichText::new(shown).strong();
    // The type on hover, for the narrow roster that leaves its column out (made only
    // while the pointer is there, not every frame).
    let hover = |ui: &mut Ui| {
        ui.label(format!("{shown} · {}", crate::i18n::names::unit_type(lang, battle, unit, false)));
    };
    if ui.selectable_label(selected, name).on_hover_ui(hover).clicked() {
        cmds.push(AppCommand::Select(Selection::Unit(unit.id)));
    }
}

/// The line of a unit's markers under its row, kept when it has none.
fn markers_ui(ui: &mut Ui, lang: Lang, unit: &Unit) {
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(egui::vec2(ui.available_width(), MARKERS_H - 2.0), layout, |ui| {
        ui.set_height(MARKERS_H - 2.0);
        ui.add_space(40.0);
        // The umpire's mark (issue 32), on the markers' line so that no row grows.
        if unit.hidden {
            badge_ui(ui, lang.t(T::HiddenBadge), theme::MARKER_BADGE);
        }
        for marker in &unit.markers {
            badge_ui(ui, marker.label(lang), theme::MARKER_BADGE);
        }
    });
}

/// Figures now of the start, the losses under them; on a target's one-line row, the
/// losses beside them as a bare number (under them they ran into the next row).
fn casualties_ui(ui: &mut Ui, lang: Lang, unit: &Unit, one_line: bool) {
    let text = lang.fmt(T::FiguresOf, &[&unit.figures, &unit.figures_start]);
    let lost = unit.casualties();
    if one_line {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            ui.label(text);
            if lost > 0 {
                ui.label(RichText::new(format!("−{lost}")).color(theme::LOSSES).small());
            }
        });
        return;
    }
    ui.spacing_mut().item_spacing.y = 0.0;
    ui.label(text);
    if lost > 0 {
        ui.label(RichText::new(lang.fmt(T::Lost, &[&lost])).color(theme::LOSSES).small());
    }
}

/// The brigade's name for a combo box.
pub fn brigade_choices(battle: &Battle, side: Side, lang: Lang) -> Vec<(BrigadeId, String)> {
    battle.brigades_of(side).map(|b| (b.id, shown(&b.name, b.name_ru.as_deref(), lang).to_owned())).collect()
}
