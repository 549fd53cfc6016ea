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
    /// The corners of the area being drawn.
    polygon: Vec<Point>,
    /// The last move of a unit: from its old centre to its new one.
    last_move: Option<(UnitId, Point, Point)>,
    /// The drawn area selected (Delete removes it).
    area: Option<usize>,
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
            polygon: Vec::new(),
            last_move: None,
            area: None,
            size: [String::new(), String::new()],
            last_view: None,
            menu: None,
            resizing: false,
            moved_view: false,
            fitted_to: None,
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
    lang.fmt(key, &[&format!("{:.1}", scale.shown(table_cm))])
}

/// The Table tab.
pub fn table_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    (selection, picking): (Selection, Option<UnitId>),
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
    canvas_ui(ui, lang, battle, (selection, picking), view, cmds);
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
        let size = lang.fmt(T::TableSizeIs, &[&table.width_cm, &table.depth_cm]);
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
/// table.
fn unplaced_ui(ui: &mut Ui, lang: Lang, battle: &Battle, selection: Selection, cmds: &mut Vec<AppCommand>) {
    ui.label(egui::RichText::new(lang.t(T::NotOnTable)).strong());
    ui.label(egui::RichText::new(lang.t(T::NotOnTableHint)).weak().small());
    egui::ScrollArea::vertical().id_salt("table-unplaced-list").auto_shrink([false, false]).show(ui, |ui| {
        for side in Side::ALL {
            let units = battle.units.iter().filter(|u| u.side == *side && off_the_table(battle, u));
            for u in units {
                let name = u.display_name(lang == Lang::Ru);
                let based = unit_size_cm(battle, u).is_some();
                let text = egui::RichText::new(name).color(theme::side_color(*side));
                let r = ui.selectable_label(selection == Selection::Unit(u.id), text).interact(Sense::drag());
                if r.dragged() {
                    r.dnd_set_drag_payload(u.id);
                }
                let r = if based { r } else { r.on_hover_text(lang.fmt(T::NoBasingRow, &[&u.arm.label(lang)])) };
                if r.clicked() {
                    cmds.push(AppCommand::Select(Selection::Unit(u.id)));
                }
            }
        }
        for g in battle.generals.iter().filter(|g| g.place.is_none() && !g.lost) {
            let name = if lang == Lang::Ru { g.name_ru.as_deref().unwrap_or(&g.name) } else { &g.name };
            let text = egui::RichText::new(format!("{name} ({})", g.rank.label(lang))).color(theme::side_color(g.side));
            if ui.selectable_label(selection == Selection::General(g.id), text).clicked() {
                cmds.push(AppCommand::Select(Selection::General(g.id)));
            }
        }
    });
}

/// A unit in play that the table does not show: not placed, or placed with no basing row
/// to draw it by (a row removed since).
fn off_the_table(battle: &Battle, u: &crate::model::Unit) -> bool {
    u.order.in_play() && (u.place.is_none() || unit_size_cm(battle, u).is_none())
}

/// What the selection adds to the drawing: a unit's sector and reach, a general's radius.
pub fn focus_of(selection: Selection) -> Focus {
    match selection {
        Selection::Unit(id) => Focus { unit: Some(id), general: None },
        Selection::General(id) => Focus { unit: None, general: Some(id) },
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
    let unit =
        battle.units.iter().rev().find(|u| u.order.in_play() && footprint(battle, u).is_some_and(|f| f.contains(p)));
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

/// Where a new piece stands: at `p`, facing the enemy's edge.
fn new_place(side: Side, p: Point) -> Placement {
    Placement::at(p, if side == Side::First { 0.0 } else { 180.0 })
}

/// The table itself: the scene, then what the pointer and the keys do.
fn canvas_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    (selection, picking): (Selection, Option<UnitId>),
    view: &mut TableView,
    cmds: &mut Vec<AppCommand>,
) {
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    let Some(table) = &battle.table else { return };
    // Until the players pan or zoom, the whole table stays fitted to the canvas.
    if !view.moved_view && view.fitted_to != Some(rect.size()) {
        view.centre = None;
    }
    if view.centre.is_none() {
        view.fitted_to = Some(rect.size());
        view.moved_view = false;
    }
    let centre = *view.centre.get_or_insert_with(|| {
        // Fit: the whole table with a margin.
        let (w, d) = (f64::from(table.width_cm), f64::from(table.depth_cm));
        view.zoom = ((rect.width() - 20.0) / w as f32).min((rect.height() - 20.0) / d as f32).max(0.05);
        Point { x: w / 2.0, y: d / 2.0 }
    });
    let v = View { rect, centre, zoom: view.zoom };
    view.last_view = Some(v);
    let painter = ui.painter_at(rect);
    paint_scene(&painter, &v, &scene(battle, lang, focus_of(selection)));
    let hover = response.hover_pos().map(|s| v.table(s));
    // While a drag goes on, where the pointer is (over the table or not); its start is
    // where the button went down, not where the drag was noticed.
    let dragging = response.dragged() || response.drag_stopped();
    let pointer = if dragging { ui.input(|i| i.pointer.latest_pos()).map(|s| v.table(s)) } else { hover };
    let press = ui.input(|i| i.pointer.press_origin()).map(|s| v.table(s));
    match view.tool {
        Tool::Select => select_tool(ui, lang, battle, (selection, picking), view, (&v, &response, pointer), cmds),
        Tool::Ruler => ruler_tool(&response, view, press, pointer),
        Tool::Polygon => polygon_tool(ui, &response, view, table, hover, cmds),
        Tool::Ellipse => ellipse_tool(&response, view, table, (press, pointer), cmds),
    }
    // After the tools, so that a drag that grabbed a piece does not also pan.
    pan_and_zoom(ui, &response, view, &v);
    overlays(&painter, lang, battle, selection, view, (&v, hover));
    // A unit dragged from the list: its name under the pointer until it is dropped.
    if let (Some(id), Some(s)) = (egui::DragAndDrop::payload::<UnitId>(ui.ctx()), response.hover_pos())
        && let Some(u) = battle.unit(*id)
    {
        label(&painter, s + Vec2::new(0.0, -14.0), u.display_name(lang == Lang::Ru));
    }
    if let (Some(payload), Some(p)) = (response.dnd_release_payload::<UnitId>(), hover) {
        place_new(lang, battle, *payload, p, cmds);
    }
    if response.hovered() && !ui.ctx().egui_wants_keyboard_input() {
        keys(ui, battle, selection, view, cmds);
    }
}

/// Wheel zooms about the pointer; the middle button (or the left on empty ground with
/// the select tool) pans.
fn pan_and_zoom(ui: &Ui, response: &egui::Response, view: &mut TableView, v: &View) {
    if !response.hovered() {
        return;
    }
    let (scroll, zoom_delta) = ui.input(|i| (wheel(&i.raw.events), i.zoom_delta()));
    let factor = zoom_delta * (scroll * 0.002).exp();
    if (factor - 1.0).abs() > 1e-4
        && let Some(s) = response.hover_pos()
    {
        let before = v.table(s);
        let zoom = (view.zoom * factor).clamp(0.05, 200.0);
        view.zoom = zoom;
        view.moved_view = true;
        // Keep the point under the pointer where it is.
        let after = View { zoom, ..*v }.table(s);
        if let Some(c) = &mut view.centre {
            c.x += before.x - after.x;
            c.y += before.y - after.y;
        }
    }
    let panning = response.dragged_by(PointerButton::Middle)
        || (response.dragged_by(PointerButton::Primary) && view.tool == Tool::Select && view.drag.is_none());
    if panning {
        view.moved_view = true;
        let d = response.drag_delta();
        if let Some(c) = &mut view.centre {
            c.x -= f64::from(d.x / view.zoom);
            c.y += f64::from(d.y / view.zoom);
        }
    }
}

/// The wheel's turn this frame, in points (a line as 40).
fn wheel(events: &[egui::Event]) -> f32 {
    events
        .iter()
        .map(|e| match e {
            egui::Event::MouseWheel { unit: egui::MouseWheelUnit::Point, delta, .. } => delta.y,
            egui::Event::MouseWheel { delta, .. } => delta.y * 40.0,
            _ => 0.0,
        })
        .sum()
}

/// Places a unit from the list at `p`, or says why it cannot be.
fn place_new(lang: Lang, battle: &Battle, id: UnitId, p: Point, cmds: &mut Vec<AppCommand>) {
    let Some(u) = battle.unit(id) else { return };
    if unit_size_cm(battle, u).is_none() {
        cmds.push(AppCommand::Warn(lang.fmt(T::NoBasingRow, &[&u.arm.label(lang)])));
        cmds.push(AppCommand::OpenBasing);
        return;
    }
    cmds.push(AppCommand::Perform(Action::PlaceUnit { unit: id, place: Some(new_place(u.side, p)) }));
    cmds.push(AppCommand::Select(Selection::Unit(id)));
}

/// Click selects (or picks the charge's target), drag moves, a click on empty ground
/// places the selected unplaced unit or general, right-click offers the piece's menu.
fn select_tool(
    ui: &Ui,
    lang: Lang,
    battle: &Battle,
    (selection, picking): (Selection, Option<UnitId>),
    view: &mut TableView,
    (v, response, hover): (&View, &egui::Response, Option<Point>),
    cmds: &mut Vec<AppCommand>,
) {
    let press = ui.input(|i| i.pointer.press_origin()).map(|s| v.table(s));
    let handle = handle_of(battle, selection, v.zoom);
    let on_handle = |p: Point| handle.is_some_and(|(_, h)| v.screen(h).distance(v.screen(p)) <= 8.0);
    if response.drag_started_by(PointerButton::Primary)
        && let (Some(p), Some((unit, _))) = (press, handle)
        && on_handle(p)
    {
        view.drag = Some(Drag::Turn { unit, now: p });
    }
    if let (Some(Drag::Turn { now, .. }), Some(h)) = (&mut view.drag, hover) {
        *now = h;
    }
    if response.drag_stopped()
        && let Some(Drag::Turn { unit, now }) = view.drag
        && let Some(at) = battle.unit(unit).and_then(|u| u.place)
    {
        view.drag = None;
        let facing = turned_towards(at, now);
        if facing != at.facing_deg {
            cmds.push(AppCommand::Perform(move_action(
                Piece::Unit(unit),
                Some(Placement { facing_deg: facing, ..at }),
            )));
        }
    }
    if response.drag_started_by(PointerButton::Primary)
        && view.drag.is_none()
        && let Some(p) = press
        && let Some(piece) = piece_at(battle, p, v.zoom)
        && let Some(at) = place_of(battle, piece)
    {
        let grab = Point { x: p.x - at.point().x, y: p.y - at.point().y };
        view.drag = Some(Drag::Piece { piece, grab, now: p });
        cmds.push(AppCommand::Select(match piece {
            Piece::Unit(id) => Selection::Unit(id),
            Piece::General(id) => Selection::General(id),
        }));
    }
    if let (Some(Drag::Piece { now, .. }), Some(h)) = (&mut view.drag, hover) {
        *now = h;
    }
    if response.drag_stopped()
        && let Some(Drag::Piece { piece, grab, now }) = view.drag.take()
        && let Some(at) = place_of(battle, piece)
    {
        let to = Point { x: now.x - grab.x, y: now.y - grab.y };
        let place = Placement::at(to, f64::from(at.facing_deg));
        if place != at {
            if let Piece::Unit(id) = piece {
                view.last_move = Some((id, at.point(), place.point()));
            }
            cmds.push(AppCommand::Perform(move_action(piece, Some(place))));
        }
    }
    if response.clicked()
        && let Some(p) = hover
    {
        click(lang, battle, (selection, picking), view, p, cmds);
    }
    // The menu's piece is kept while the menu is open (the pointer then leaves the table).
    if response.secondary_clicked() {
        view.menu = hover.and_then(|p| piece_at(battle, p, v.zoom));
    }
    if let Some(piece) = view.menu {
        response.clone().context_menu(|ui| piece_menu_ui(ui, lang, battle, piece, cmds));
    }
}

/// The selected unit's turning handle: a knob ahead of the middle of its front edge.
fn handle_of(battle: &Battle, selection: Selection, zoom: f32) -> Option<(UnitId, Point)> {
    let Selection::Unit(id) = selection else { return None };
    let f = footprint(battle, battle.unit(id)?)?;
    let (front, a) = (f.front_middle(), f.facing_deg.to_radians());
    let reach = f64::from(16.0 / zoom);
    Some((id, Point { x: front.x + reach * libm::sin(a), y: front.y + reach * libm::cos(a) }))
}

/// The whole-degree facing from a unit's centre towards a point.
fn turned_towards(at: Placement, p: Point) -> i32 {
    let c = at.point();
    let facing = geometry::facing_of(Point { x: p.x - c.x, y: p.y - c.y });
    (facing.round() as i32).rem_euclid(360)
}

fn click(
    lang: Lang,
    battle: &Battle,
    (selection, picking): (Selection, Option<UnitId>),
    view: &mut TableView,
    p: Point,
    cmds: &mut Vec<AppCommand>,
) {
    match piece_at(battle, p, view.zoom) {
        Some(Piece::Unit(id)) if picking.is_some() => cmds.push(AppCommand::PickTarget(id)),
        Some(Piece::Unit(id)) => cmds.push(AppCommand::Select(Selection::Unit(id))),
        Some(Piece::General(id)) => cmds.push(AppCommand::Select(Selection::General(id))),
        None => match selection {
            Selection::Unit(id) if battle.unit(id).is_some_and(|u| u.place.is_none()) => {
                place_new(lang, battle, id, p, cmds);
            }
            Selection::General(id) if battle.general(id).is_some_and(|g| g.place.is_none()) => {
                let side = battle.general(id).map_or(Side::First, |g| g.side);
                cmds.push(AppCommand::Perform(Action::PlaceGeneral { general: id, place: Some(new_place(side, p)) }));
            }
            _ => {
                view.area = area_under(battle, p);
                cmds.push(AppCommand::Select(Selection::None));
            }
        },
    }
}

/// The drawn area under a point, the last drawn first.
fn area_under(battle: &Battle, p: Point) -> Option<usize> {
    let table = battle.table.as_ref()?;
    table.terrain.iter().rposition(|a| a.shape.shape().contains(p))
}

/// Right-click on a piece: charge with it, turn it about, take it off the table.
fn piece_menu_ui(ui: &mut Ui, lang: Lang, battle: &Battle, piece: Piece, cmds: &mut Vec<AppCommand>) {
    if let Piece::Unit(id) = piece
        && ui.button(lang.t(T::ChargeFromTable)).clicked()
    {
        cmds.push(AppCommand::Select(Selection::Unit(id)));
        cmds.push(AppCommand::StartCharge(id));
        ui.close();
    }
    if let Some(at) = place_of(battle, piece) {
        if ui.button(lang.t(T::TurnAbout)).clicked() {
            cmds.push(AppCommand::Perform(move_action(piece, Some(at.turned(180)))));
            ui.close();
        }
        if ui.button(lang.t(T::TakeOffTable)).clicked() {
            cmds.push(AppCommand::Perform(move_action(piece, None)));
            ui.close();
        }
    }
}

/// Q/E turn the selected piece 5° (Shift: 1°), C starts its charge, R takes the ruler,
/// Delete takes the piece off the table (or removes the selected area), Escape drops the
/// tool.
fn keys(ui: &Ui, battle: &Battle, selection: Selection, view: &mut TableView, cmds: &mut Vec<AppCommand>) {
    let piece = match selection {
        Selection::Unit(id) => Some(Piece::Unit(id)),
        Selection::General(id) => Some(Piece::General(id)),
        Selection::None | Selection::Brigade(_) => None,
    };
    let at = piece.and_then(|p| place_of(battle, p).map(|at| (p, at)));
    ui.input_mut(|i| {
        for (key, sign) in [(Key::Q, -1), (Key::E, 1)] {
            let fine = i.consume_key(Modifiers::SHIFT, key);
            let coarse = !fine && i.consume_key(Modifiers::NONE, key);
            if let (true, Some((p, at))) = (fine || coarse, at) {
                let step = if fine { 1 } else { 5 };
                cmds.push(AppCommand::Perform(move_action(p, Some(at.turned(sign * step)))));
            }
        }
        if i.consume_key(Modifiers::NONE, Key::C)
            && let Some((Piece::Unit(id), _)) = at
        {
            cmds.push(AppCommand::StartCharge(id));
        }
        if i.consume_key(Modifiers::NONE, Key::R) {
            view.tool = if view.tool == Tool::Ruler { Tool::Select } else { Tool::Ruler };
        }
        if i.consume_key(Modifiers::NONE, Key::F) {
            view.centre = None;
        }
        if i.consume_key(Modifiers::NONE, Key::Delete) {
            if let Some((p, _)) = at {
                cmds.push(AppCommand::Perform(move_action(p, None)));
            } else if let (Some(index), Some(table)) = (view.area.take(), &battle.table) {
                let mut t = table.clone();
                if index < t.terrain.len() {
                    t.terrain.remove(index);
                    cmds.push(AppCommand::Perform(Action::SetTable(Some(Box::new(t)))));
                }
            }
        }
        if i.consume_key(Modifiers::NONE, Key::Escape) {
            view.tool = Tool::Select;
            view.polygon.clear();
            view.drag = None;
        }
    });
}

fn ruler_tool(response: &egui::Response, view: &mut TableView, press: Option<Point>, hover: Option<Point>) {
    if response.drag_started_by(PointerButton::Primary)
        && let Some(p) = press
    {
        view.drag = Some(Drag::Ruler { from: p });
    }
    if let (Some(Drag::Ruler { from }), Some(h)) = (view.drag, hover) {
        view.ruler = Some((from, h));
    }
    if response.drag_stopped() {
        view.drag = None;
    }
}

fn polygon_tool(
    ui: &Ui,
    response: &egui::Response,
    view: &mut TableView,
    table: &TableSetup,
    hover: Option<Point>,
    cmds: &mut Vec<AppCommand>,
) {
    if response.clicked()
        && let Some(p) = hover
    {
        view.polygon.push(p);
    }
    let close = response.double_clicked() || ui.input(|i| i.key_pressed(Key::Enter));
    if close && view.polygon.len() >= 3 {
        let corners_mm = view.polygon.iter().map(|p| [mm(p.x), mm(p.y)]).collect();
        add_area(table, view.area_kind, AreaShape::Polygon { corners_mm }, cmds);
        view.polygon.clear();
    }
}

fn ellipse_tool(
    response: &egui::Response,
    view: &mut TableView,
    table: &TableSetup,
    (press, hover): (Option<Point>, Option<Point>),
    cmds: &mut Vec<AppCommand>,
) {
    if response.drag_started_by(PointerButton::Primary)
        && let Some(p) = press
    {
        view.drag = Some(Drag::Ellipse { from: p });
    }
    if response.drag_stopped()
        && let (Some(Drag::Ellipse { from }), Some(to)) = (view.drag.take(), hover)
    {
        let (rx, ry) = (mm((to.x - from.x).abs() / 2.0), mm((to.y - from.y).abs() / 2.0));
        if rx > 0 && ry > 0 {
            let centre_mm = [mm((from.x + to.x) / 2.0), mm((from.y + to.y) / 2.0)];
            add_area(table, view.area_kind, AreaShape::Ellipse { centre_mm, radii_mm: [rx, ry], turn_deg: 0 }, cmds);
        }
    }
}

fn mm(cm: f64) -> i32 {
    (cm * 10.0).round().clamp(-1e7, 1e7) as i32
}

fn add_area(table: &TableSetup, kind: AreaKind, shape: AreaShape, cmds: &mut Vec<AppCommand>) {
    let mut t = table.clone();
    t.terrain.push(TerrainArea { kind, shape });
    cmds.push(AppCommand::Perform(Action::SetTable(Some(Box::new(t)))));
}

/// The scene on screen.
pub fn paint_scene(painter: &egui::Painter, v: &View, scene: &Scene) {
    let mut shapes = Vec::with_capacity(scene.marks.len());
    // Marks wholly off the view are skipped (a big table zoomed in shows a few of them).
    let seen = v.rect.expand(4.0);
    let visible = |points: &[Point]| {
        let r = Rect::from_points(&points.iter().map(|p| v.screen(*p)).collect::<Vec<_>>());
        r.intersects(seen)
    };
    for mark in scene.marks.iter().filter(|m| match m {
        Mark::Polygon { points, .. } => visible(points),
        Mark::Line { from, to, .. } => visible(&[*from, *to]),
        Mark::Circle { centre, radius_cm, .. } => {
            Rect::from_center_size(v.screen(*centre), Vec2::splat(2.0 * (*radius_cm as f32 * v.zoom).max(3.0)))
                .intersects(seen)
        }
        Mark::Text { at, .. } => seen.expand(100.0).contains(v.screen(*at)),
    }) {
        match mark {
            Mark::Polygon { points, ink, filled } => {
                let pts: Vec<Pos2> = points.iter().map(|p| v.screen(*p)).collect();
                let colour = theme::map_colour(*ink);
                shapes.push(if *filled {
                    polygon(pts, colour)
                } else {
                    Shape::closed_line(pts, Stroke::new(2.0, colour))
                });
            }
            Mark::Circle { centre, radius_cm, ink, filled } => {
                let (c, r) = (v.screen(*centre), (*radius_cm as f32 * v.zoom).max(3.0));
                let colour = theme::map_colour(*ink);
                shapes.push(if *filled {
                    Shape::circle_filled(c, r, colour)
                } else {
                    Shape::circle_stroke(c, r, Stroke::new(1.5, colour))
                });
            }
            Mark::Line { from, to, ink } => {
                let width = if *ink == Ink::Grid { 1.0 } else { 1.5 };
                shapes.push(Shape::line_segment(
                    [v.screen(*from), v.screen(*to)],
                    Stroke::new(width, theme::map_colour(*ink)),
                ));
            }
            Mark::Text { at, text, min_width_cm, .. } => {
                // A label keeps to its base's width, cut with "…"; bases too small on
                // screen to hold a few letters go without.
                let width = (*min_width_cm as f32) * v.zoom;
                if width >= 36.0 {
                    painter.extend(std::mem::take(&mut shapes));
                    let galley = painter.layout_job(fitted_label(text, width));
                    let rect = Align2::CENTER_CENTER.anchor_size(v.screen(*at), galley.size());
                    painter.galley(rect.min, galley, theme::MAP_LABEL);
                }
            }
        }
    }
    painter.extend(shapes);
}

/// A label on one line within `width` points, cut with "…".
fn fitted_label(text: &str, width: f32) -> egui::text::LayoutJob {
    let mut job =
        egui::text::LayoutJob::simple_singleline(text.to_owned(), FontId::proportional(11.0), theme::MAP_LABEL);
    job.wrap =
        egui::text::TextWrapping {
            max_width: width, max_rows: 1, break_anywhere: true, overflow_character: Some('…')
        };
    job
}

/// A filled polygon: convex ones directly, others (drawn areas) by their triangle fan
/// from the first corner, which fills a star-shaped outline correctly.
fn polygon(pts: Vec<Pos2>, colour: Color32) -> Shape {
    if pts.len() <= 4 {
        return Shape::convex_polygon(pts, colour, Stroke::NONE);
    }
    let mut mesh = egui::Mesh::default();
    for p in &pts {
        mesh.colored_vertex(*p, colour);
    }
    for i in 1..pts.len().saturating_sub(1) {
        let i = u32::try_from(i).unwrap_or(0);
        mesh.add_triangle(0, i, i + 1);
    }
    Shape::mesh(mesh)
}

/// What is measured on top of the scene: the drag's ghost and its distance, the last
/// move, the distance to the unit under the pointer, the ruler, the area being drawn.
fn overlays(
    painter: &egui::Painter,
    lang: Lang,
    battle: &Battle,
    selection: Selection,
    view: &TableView,
    (v, hover): (&View, Option<Point>),
) {
    let scale = battle.table.as_ref().map_or(Scale::Cm, |t| t.scale);
    let ruler = |from: Point, to: Point| {
        let (a, b) = (v.screen(from), v.screen(to));
        painter.line_segment([a, b], Stroke::new(2.0, theme::MAP_RULER));
        let text = distance_text(lang, scale, libm::hypot(to.x - from.x, to.y - from.y));
        label(painter, a + (b - a) / 2.0, &text);
    };
    match view.drag {
        Some(Drag::Piece { piece, grab, now }) => {
            if let Some(at) = place_of(battle, piece) {
                let to = Point { x: now.x - grab.x, y: now.y - grab.y };
                ruler(at.point(), to);
                if let Piece::Unit(id) = piece
                    && let Some(f) = battle.unit(id).and_then(|u| footprint(battle, u))
                {
                    let ghost = geometry::Footprint { x_cm: to.x, y_cm: to.y, ..f };
                    let pts: Vec<Pos2> = ghost.corner_points().iter().map(|p| v.screen(*p)).collect();
                    painter.add(Shape::closed_line(pts, Stroke::new(2.0, theme::MAP_RULER)));
                }
            }
        }
        Some(Drag::Ellipse { from }) => {
            if let Some(h) = hover {
                painter.rect_stroke(
                    Rect::from_two_pos(v.screen(from), v.screen(h)),
                    0.0,
                    Stroke::new(1.0, theme::MAP_RULER),
                    egui::StrokeKind::Middle,
                );
            }
        }
        Some(Drag::Turn { unit, now }) => {
            if let (Some(u), Some(at)) = (battle.unit(unit), battle.unit(unit).and_then(|u| u.place))
                && let Some(f) = footprint(battle, u)
            {
                let facing = turned_towards(at, now);
                let ghost = geometry::Footprint { facing_deg: f64::from(facing), ..f };
                let pts: Vec<Pos2> = ghost.corner_points().iter().map(|p| v.screen(*p)).collect();
                painter.add(Shape::closed_line(pts, Stroke::new(2.0, theme::MAP_RULER)));
                label(painter, v.screen(now) + Vec2::new(0.0, -16.0), &format!("{facing}°"));
            }
        }
        Some(Drag::Ruler { .. }) | None => {}
    }
    if let Some((_, h)) = handle_of(battle, selection, v.zoom).filter(|_| view.tool == Tool::Select) {
        painter.circle(v.screen(h), 5.0, theme::MAP_RULER, Stroke::new(1.0, theme::MAP_RULER_TEXT));
    }
    // The last move's ruler, while the unit stands where that move left it (not after an
    // undo, or for another unit given the same id).
    let still_there = |id: UnitId, to: Point| {
        battle.unit(id).and_then(|u| u.place).is_some_and(|p| Placement::at(to, 0.0).point() == p.point())
    };
    if let Some((id, from, to)) = view.last_move
        && selection == Selection::Unit(id)
        && view.drag.is_none()
        && still_there(id, to)
    {
        ruler(from, to);
    }
    if let Some((from, to)) = view.ruler.filter(|_| view.tool == Tool::Ruler) {
        ruler(from, to);
    }
    if let (Selection::Unit(id), Some(h), None) = (selection, hover, view.drag) {
        hover_distance(painter, lang, battle, id, (v, h), scale);
    }
    // The area selected on open ground, for Delete.
    if let (Some(index), Some(table), Tool::Select) = (view.area, &battle.table, view.tool)
        && let Some(area) = table.terrain.get(index)
    {
        let pts: Vec<Pos2> = area_outline(&area.shape).iter().map(|p| v.screen(*p)).collect();
        let top = pts.iter().copied().min_by(|a, b| a.y.total_cmp(&b.y));
        painter.add(Shape::closed_line(pts, Stroke::new(2.0, theme::map_colour(Ink::Selected))));
        if let Some(top) = top {
            label(painter, top + Vec2::new(0.0, -12.0), &lang.fmt(T::AreaSelected, &[&area.kind.label(lang)]));
        }
    }
    if !view.polygon.is_empty() {
        let mut pts: Vec<Pos2> = view.polygon.iter().map(|p| v.screen(*p)).collect();
        pts.extend(hover.map(|h| v.screen(h)));
        painter.add(Shape::line(pts, Stroke::new(2.0, theme::MAP_RULER)));
    }
}

/// Hovering another placed unit with one selected: the edge-to-edge distance between
/// their nearest points.
fn hover_distance(
    painter: &egui::Painter,
    lang: Lang,
    battle: &Battle,
    id: UnitId,
    (v, h): (&View, Point),
    scale: Scale,
) {
    let Some(Piece::Unit(other)) = piece_at(battle, h, v.zoom) else { return };
    if other == id {
        return;
    }
    let footprint_of = |id| battle.unit(id).and_then(|u| footprint(battle, u));
    let (Some(a), Some(b)) = (footprint_of(id), footprint_of(other)) else { return };
    let (p, q) = geometry::nearest_points(&a, &b);
    let (sp, sq) = (v.screen(p), v.screen(q));
    painter.line_segment([sp, sq], Stroke::new(2.0, theme::MAP_RULER));
    let text = distance_text(lang, scale, geometry::distance_cm(&a, &b));
    label(painter, sp + (sq - sp) / 2.0 + Vec2::new(0.0, -12.0), &text);
}

fn label(painter: &egui::Painter, at: Pos2, text: &str) {
    let galley = painter.layout_no_wrap(text.to_owned(), FontId::proportional(12.0), theme::MAP_RULER_TEXT);
    let rect = Align2::CENTER_CENTER.anchor_size(at, galley.size()).expand(3.0);
    painter.rect_filled(rect, 3.0, theme::MAP_RULER);
    painter.galley(rect.min + Vec2::splat(3.0), galley, theme::MAP_RULER_TEXT);
}
