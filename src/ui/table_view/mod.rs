//! The Table tab: the battlefield from above. It paints the scene of `report::map`, and
//! turns what the players do with the mouse and keys into actions: place a unit (drag it
//! from the list, or select it and click the table), move it (drag), turn it (Q/E, 5°,
//! with Shift 1°), take it off; draw terrain; measure with the ruler; select a charger,
//! press C (or right-click → Charge) and click the target. The view is optional: units
//! never placed work as before.

use egui::{Align2, Color32, FontId, Key, Modifiers, PointerButton, Pos2, Rect, Sense, Shape, Stroke, Ui, Vec2, pos2};

use super::command::{AppCommand, Selection};
use super::report_view::{Focus, Ink, Mark, Scene, area_outline, scene};
use super::theme;
use crate::game::Action;
use crate::game::table::{footprint, unit_size_cm};
use crate::i18n::{Label, Lang, T};
use crate::model::{AreaShape, Battle, GeneralId, Placement, TableSetup, TerrainArea, UnitId};
use crate::rules::geometry::{self, Point};
use crate::rules::{AreaKind, Scale, Side};

mod canvas;
mod paint;

use canvas::canvas_ui;
pub use paint::paint_scene;

/// What a drag or click on the table does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Select, move and turn pieces.
    #[default]
    Select,
    /// Measure between two points.
    Ruler,
    /// Draw an area corner by corner (Enter or a double click closes it).
    Polygon,
    /// Draw an area as an ellipse, dragged corner to corner.
    Ellipse,
}

/// A piece on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Piece {
    Unit(UnitId),
    General(GeneralId),
}

/// A drag under way.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Drag {
    /// A piece moved: where it was grabbed, relative to its centre, and where it is now.
    Piece { piece: Piece, grab: Point, now: Point },
    /// The ruler, from a point.
    Ruler { from: Point },
    /// An ellipse being drawn, from a corner.
    Ellipse { from: Point },
    /// A unit turned by its handle, towards a point.
    Turn { unit: UnitId, now: Point },
}

/// The Table tab's own state: the view, the tool, what is being drawn or dragged.
#[derive(Debug)]
pub struct TableView {
    /// The table point at the middle of the view, cm; `None` until the table is fitted.
    centre: Option<Point>,
    /// Pixels per cm.
    zoom: f32,
    /// The tool in hand.
    pub tool: Tool,
    /// The kind of area drawn next.
    area_kind: AreaKind,
    drag: Option<Drag>,
    /// The ruler's last measure.
    ruler: Option<(Point, Point)>,
    /// The start a first click of the ruler fixed, until the second click ends it.
    ruler_anchor: Option<Point>,
    /// The corners of the area being drawn.
    polygon: Vec<Point>,
    /// The last move of a unit: from its old centre to its new one.
    last_move: Option<(UnitId, Point, Point)>,
    /// The drawn area selected (Delete removes it).
    area: Option<usize>,
    /// The charge a wizard is walking through (charger, target): its path is drawn.
    pub charge: Option<(UnitId, UnitId)>,
    /// The table's size, as typed.
    size: [String; 2],
    /// The view as last drawn.
    last_view: Option<View>,
    /// The piece whose right-click menu is open.
    menu: Option<Piece>,
    /// The size row is open.
    resizing: bool,
    /// The players panned or zoomed: the view no longer follows the window's size.
    moved_view: bool,
    /// The canvas's size when last fitted.
    fitted_to: Option<Vec2>,
    /// The scene last drawn, kept while the game, the language and the focus stay as they
    /// were (issue 46: building it for every frame of a pan was most of the frame).
    scene: Option<(SceneKey, Scene)>,
}

/// What a table's scene is drawn from: the game's stamp, the language and the focus.
type SceneKey = (u64, Lang, Focus);

impl TableView {
    /// The ruler's measure: from where to where on the table, cm.
    pub fn ruler(&self) -> Option<(Point, Point)> {
        self.ruler
    }
}

impl Default for TableView {
    fn default() -> Self {
        TableView {
            centre: None,
            zoom: 4.0,
            tool: Tool::Select,
            area_kind: AreaKind::Hill,
            drag: None,
            ruler: None,
            ruler_anchor: None,
            polygon: Vec::new(),
            last_move: None,
            area: None,
            charge: None,
            size: [String::new(), String::new()],
            last_view: None,
            menu: None,
            resizing: false,
            moved_view: false,
            fitted_to: None,
            scene: None,
        }
    }
}

impl TableView {
    /// Where a table point was on screen in the last frame (for tests and tooltips).
    pub fn screen_of(&self, p: Point) -> Option<Pos2> {
        self.last_view.map(|v| v.screen(p))
    }
}

/// Screen ↔ table: the first side's edge at the bottom, as the first side sees it.
#[derive(Clone, Copy, Debug)]
pub struct View {
    rect: Rect,
    centre: Point,
    zoom: f32,
}

impl View {
    /// The whole table fitted into `rect` (the players' window's map).
    pub fn fitted(rect: Rect, width_cm: f64, depth_cm: f64) -> Self {
        let zoom = (rect.width() / width_cm.max(1.0) as f32).min(rect.height() / depth_cm.max(1.0) as f32);
        View { rect, centre: Point { x: width_cm / 2.0, y: depth_cm / 2.0 }, zoom }
    }

    /// A table point on screen.
    pub fn screen(&self, p: Point) -> Pos2 {
        let c = self.rect.center();
        pos2(c.x + ((p.x - self.centre.x) as f32) * self.zoom, c.y - ((p.y - self.centre.y) as f32) * self.zoom)
    }

    /// A screen point on the table.
    pub fn table(&self, s: Pos2) -> Point {
        let c = self.rect.center();
        Point {
            x: self.centre.x + f64::from((s.x - c.x) / self.zoom),
            y: self.centre.y - f64::from((s.y - c.y) / self.zoom),
        }
    }
}

/// A distance measured on the table, in the club's unit to 0.1 (AMB-26).
pub fn distance_text(lang: Lang, scale: Scale, table_cm: f64) -> String {
    let key = if scale == Scale::Inch { T::InchesValue } else { T::CmValue };
    lang.fmt(key, &[&lang.decimal(scale.shown(table_cm), 1)])
}

/// The Table tab.
///
/// `keys_free`: no dialog or wizard is open, so that the table's keys are its own.
pub fn table_ui(
    ui: &mut Ui,
    lang: Lang,
    (battle, stamp): (&Battle, u64),
    (selection, picking, keys_free): (Selection, Option<UnitId>, bool),
    view: &mut TableView,
    cmds: &mut Vec<AppCommand>,
) {
    let Some(table) = &battle.table else {
        setup_ui(ui, lang, view, cmds);
        return;
    };
    tools_ui(ui, lang, table, view, cmds);
    // The list of pieces not on the table, while there are any.
    let unplaced = battle.units.iter().any(|u| off_the_table(battle, u))
        || battle.generals.iter().any(|g| g.place.is_none() && !g.lost);
    if unplaced {
        egui::Panel::left("table-unplaced").resizable(false).exact_size(190.0).show(ui, |ui| {
            unplaced_ui(ui, lang, battle, selection, cmds);
        });
    }
    canvas_ui(ui, lang, (battle, stamp), (selection, picking, keys_free), view, cmds);
}

/// Before the table is set up: its size, typed once per battle.
fn setup_ui(ui: &mut Ui, lang: Lang, view: &mut TableView, cmds: &mut Vec<AppCommand>) {
    ui.add_space(20.0);
    ui.vertical_centered(|ui| {
        ui.heading(lang.t(T::TableNotSetUp));
        ui.label(lang.t(T::TableSetUpHint));
        ui.add_space(8.0);
        if let Some(table) = size_ui(ui, lang, &mut view.size, T::SetUpTable) {
            cmds.push(AppCommand::Perform(Action::SetTable(Some(Box::new(table)))));
        }
    });
}

/// Width and depth fields with a button; the table they give, once both are whole
/// numbers of 1 to 1000 cm and the button is pressed.
fn size_ui(ui: &mut Ui, lang: Lang, size: &mut [String; 2], button: T) -> Option<TableSetup> {
    let parsed = |t: &str| t.trim().parse::<u32>().ok().filter(|v| (1..=crate::model::table::MAX_TABLE_CM).contains(v));
    let mut out = None;
    ui.horizontal(|ui| {
        for (i, label) in [T::TableWidth, T::TableDepth].into_iter().enumerate() {
            ui.label(lang.t(label));
            let r = ui.add(egui::TextEdit::singleline(&mut size[i]).desired_width(50.0));
            let _ = r.accessible_name(lang.t(label));
        }
        let (w, d) = (parsed(&size[0]), parsed(&size[1]));
        let ok = w.is_some() && d.is_some();
        let r = ui.add_enabled(ok, egui::Button::new(lang.t(button)));
        let r = if ok { r } else { r.on_disabled_hover_text(lang.t(T::TableSizeNeeded)) };
        if let (true, Some(w), Some(d)) = (r.clicked(), w, d) {
            out = Some(TableSetup::new(w, d));
        }
    });
    out
}

/// The tools above the table: fit, select, ruler, the drawing tools, scale and size (a
/// row of its own to resize).
fn tools_ui(ui: &mut Ui, lang: Lang, table: &TableSetup, view: &mut TableView, cmds: &mut Vec<AppCommand>) {
    ui.horizontal_wrapped(|ui| {
        if ui.button(lang.t(T::FitTable)).on_hover_text(lang.t(T::FitTableTip)).clicked() {
            view.centre = None;
        }
        ui.separator();
        for (tool, label, tip) in [
            (Tool::Select, T::ToolSelect, T::ToolSelectTip),
            (Tool::Ruler, T::ToolRuler, T::ToolRulerTip),
            (Tool::Polygon, T::ToolPolygon, T::ToolPolygonTip),
            (Tool::Ellipse, T::ToolEllipse, T::ToolEllipseTip),
        ] {
            if ui.selectable_label(view.tool == tool, lang.t(label)).on_hover_text(lang.t(tip)).clicked() {
                view.tool = tool;
                view.polygon.clear();
            }
        }
        if let Some(k) = narrow_combo_ui(ui, lang.t(T::AreaKindLabel), lang, view.area_kind, AreaKind::ALL) {
            view.area_kind = k;
        }
        ui.separator();
        if let Some(scale) = narrow_combo_ui(ui, lang.t(T::ScaleLabel), lang, table.scale, Scale::ALL) {
            cmds.push(AppCommand::Perform(Action::SetTable(Some(Box::new(TableSetup { scale, ..table.clone() })))));
        }
        let size = match table.scale {
            Scale::Cm => lang.fmt(T::TableSizeIs, &[&table.width_cm, &table.depth_cm]),
            Scale::Inch => {
                let inches = |cm: u32| format!("{:.1}", table.scale.shown(f64::from(cm)));
                lang.fmt(T::TableSizeInches, &[&inches(table.width_cm), &inches(table.depth_cm)])
            }
        };
        if ui.selectable_label(view.resizing, size).on_hover_text(lang.t(T::ResizeTip)).clicked() {
            view.resizing = !view.resizing;
            view.size = [table.width_cm.to_string(), table.depth_cm.to_string()];
        }
        if ui.button(lang.t(T::ExportSvg)).clicked() {
            cmds.push(AppCommand::ExportSvg);
        }
    });
    if view.resizing
        && let Some(t) = size_ui(ui, lang, &mut view.size, T::Resize)
    {
        let resized = TableSetup { width_cm: t.width_cm, depth_cm: t.depth_cm, ..table.clone() };
        cmds.push(AppCommand::Perform(Action::SetTable(Some(Box::new(resized)))));
        view.resizing = false;
        view.centre = None;
    }
}

/// A combo box of a vocabulary, as wide as its longest choice needs, named for screen
/// readers and tests.
fn narrow_combo_ui<E: Label + PartialEq + Copy>(
    ui: &mut Ui,
    name: &str,
    lang: Lang,
    current: E,
    all: &[E],
) -> Option<E> {
    let mut picked = None;
    let inner = egui::ComboBox::from_id_salt(name).selected_text(current.label(lang)).show_ui(ui, |ui| {
        for value in all {
            if ui.selectable_label(*value == current, value.label(lang)).clicked() && *value != current {
                picked = Some(*value);
            }
        }
    });
    let _ = inner.response.on_hover_text(name).accessible_name(name);
    picked
}

/// Units and generals not on the table: drag one onto it, or select it and click the
/// table. A long list (an order of battle imported whole) draws only the rows in sight,
/// one line each, the whole name under the pointer (issue 46: laying out 80,000 names
/// every frame took over a gigabyte).
fn unplaced_ui(ui: &mut Ui, lang: Lang, battle: &Battle, selection: Selection, cmds: &mut Vec<AppCommand>) {
    ui.label(egui::RichText::new(lang.t(T::NotOnTable)).strong());
    ui.label(egui::RichText::new(lang.t(T::NotOnTableHint)).weak().small());
    let units = Side::ALL
        .iter()
        .flat_map(|side| battle.units.iter().filter(move |u| u.side == *side && off_the_table(battle, u)));
    let generals = battle.generals.iter().filter(|g| g.place.is_none() && !g.lost);
    let pieces: Vec<Piece> = units.map(|u| Piece::Unit(u.id)).chain(generals.map(|g| Piece::General(g.id))).collect();
    let area = egui::ScrollArea::vertical().id_salt("table-unplaced-list").auto_shrink([false, false]);
    if pieces.len() <= LIST_WHOLE_UP_TO {
        area.show(ui, |ui| pieces.iter().for_each(|p| unplaced_row_ui(ui, lang, battle, (*p, selection), cmds)));
        return;
    }
    let row = ui.text_style_height(&egui::TextStyle::Button) + 2.0 * ui.spacing().button_padding.y;
    area.show_rows(ui, row, pieces.len(), |ui, rows| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
        for p in pieces.get(rows).unwrap_or_default() {
            unplaced_row_ui(ui, lang, battle, (*p, selection), cmds);
        }
    });
}

/// The longest list of pieces off the table drawn whole, each name wrapping.
const LIST_WHOLE_UP_TO: usize = 500;

/// One piece off the table: select it with a click, or drag it onto the table.
fn unplaced_row_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    (piece, selection): (Piece, Selection),
    cmds: &mut Vec<AppCommand>,
) {
    // A unit without a basing row says so under the pointer (its arm named).
    let (name, side, this, unbased) = match piece {
        Piece::Unit(id) => {
            let Some(u) = battle.unit(id) else { return };
            let unbased = unit_size_cm(battle, u).is_none().then_some(u.arm);
            (u.display_name(lang == Lang::Ru).to_owned(), u.side, Selection::Unit(id), unbased)
        }
        Piece::General(id) => {
            let Some(g) = battle.general(id) else { return };
            let name = crate::i18n::names::shown(&g.name, g.name_ru.as_deref(), lang);
            (format!("{name} ({})", g.rank.label(lang)), g.side, Selection::General(id), None)
        }
    };
    let text = egui::RichText::new(&name).color(theme::side_color(side));
    let r = ui.selectable_label(selection == this, text).interact(Sense::drag());
    if r.dragged() {
        match piece {
            Piece::Unit(id) => r.dnd_set_drag_payload(id),
            Piece::General(id) => r.dnd_set_drag_payload(id),
        }
    }
    // A row cut to one line shows the whole name under the pointer.
    let cut = ui.wrap_mode() == egui::TextWrapMode::Truncate;
    let r = match unbased {
        Some(arm) if cut => r.on_hover_text(format!("{name}\n{}", lang.fmt(T::NoBasingRow, &[&arm.label(lang)]))),
        Some(arm) => r.on_hover_text(lang.fmt(T::NoBasingRow, &[&arm.label(lang)])),
        None if cut => r.on_hover_text(name),
        None => r,
    };
    if r.clicked() {
        cmds.push(AppCommand::Select(this));
    }
}

/// A unit in play that the table does not show: not placed, or placed with no basing row
/// to draw it by (a row removed since).
fn off_the_table(battle: &Battle, u: &crate::model::Unit) -> bool {
    u.order.in_play() && (u.place.is_none() || unit_size_cm(battle, u).is_none())
}

/// What the selection adds to the drawing: a unit's sector and reach, a general's radius.
pub fn focus_of(selection: Selection) -> Focus {
    match selection {
        Selection::Unit(id) => Focus { unit: Some(id), ..Focus::default() },
        Selection::General(id) => Focus { general: Some(id), ..Focus::default() },
        Selection::None | Selection::Brigade(_) => Focus::default(),
    }
}

/// The piece under a table point: generals (small, on top) first, then units, the last
/// drawn first.
fn piece_at(battle: &Battle, p: Point, zoom: f32) -> Option<Piece> {
    let reach = f64::from(8.0 / zoom).max(1.2);
    let general = battle
        .generals
        .iter()
        .find(|g| g.place.is_some_and(|at| libm::hypot(at.point().x - p.x, at.point().y - p.y) <= reach));
    if let Some(g) = general {
        return Some(Piece::General(g.id));
    }
    // A few points around a base still take it (its edge, where a click lands often).
    let near = f64::from(4.0 / zoom);
    let close = |f: &geometry::Footprint| {
        let q = f.nearest_point(p);
        libm::hypot(q.x - p.x, q.y - p.y) <= near
    };
    let unit = battle.units.iter().rev().find(|u| u.order.in_play() && footprint(battle, u).is_some_and(|f| close(&f)));
    unit.map(|u| Piece::Unit(u.id))
}

fn place_of(battle: &Battle, piece: Piece) -> Option<Placement> {
    match piece {
        Piece::Unit(id) => battle.unit(id)?.place,
        Piece::General(id) => battle.general(id)?.place,
    }
}

fn move_action(piece: Piece, place: Option<Placement>) -> Action {
    match piece {
        Piece::Unit(unit) => Action::PlaceUnit { unit, place },
        Piece::General(general) => Action::PlaceGeneral { general, place },
    }
}

/// A piece dragged from `from` to `place`: in the Movement phase a unit's drag is its
/// move (measured centre to centre; the game refuses it in base contact, GDB-MEL-02, and
/// the table's areas give its ground), otherwise a placement on the table view.
fn drag_action(battle: &Battle, piece: Piece, from: Placement, place: Placement) -> Action {
    match piece {
        Piece::Unit(unit) if battle.phase == crate::rules::Phase::Movement => {
            let cm = crate::game::table::moved_cm(battle, from, place);
            Action::Move(Box::new(crate::model::MoveAction { unit, cm, place: Some(place), ground: None }))
        }
        Piece::Unit(_) | Piece::General(_) => move_action(piece, Some(place)),
    }
}

/// Where a new piece stands: at `p`, facing the enemy's edge.
fn new_place(side: Side, p: Point) -> Placement {
    Placement::at(p, if side == Side::First { 0.0 } else { 180.0 })
}
