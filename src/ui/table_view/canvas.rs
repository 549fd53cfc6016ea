//! The table's canvas: the scene painted, then what the pointer and the keys do with
//! each tool.

use super::paint::{label, overlays};
use super::*;

/// The table itself: the scene, then what the pointer and the keys do.
pub(super) fn canvas_ui(
    ui: &mut Ui,
    lang: Lang,
    (battle, stamp): (&Battle, u64),
    (selection, picking, keys_free): (Selection, Option<UnitId>, bool),
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
    let mut focus = focus_of(selection);
    focus.target = view.charge.filter(|(charger, _)| focus.unit == Some(*charger)).map(|(_, target)| target);
    let key = (stamp, lang, focus);
    if view.scene.as_ref().is_none_or(|(drawn, _)| *drawn != key) {
        view.scene = Some((key, scene(battle, lang, focus)));
    }
    if let Some((_, scene)) = &view.scene {
        paint_scene(&painter, &v, scene);
    }
    let hover = response.hover_pos().map(|s| v.table(s));
    // While a drag goes on, where the pointer is (over the table or not); its start is
    // where the button went down, not where the drag was noticed.
    let dragging = response.dragged() || response.drag_stopped();
    let pointer = if dragging { ui.input(|i| i.pointer.latest_pos()).map(|s| v.table(s)) } else { hover };
    let press = ui.input(|i| i.pointer.press_origin()).map(|s| v.table(s));
    // The table's keys work while the tab is shown, no dialog or wizard is open and no
    // field is being typed in.
    let keyboard = keys_free && !ui.ctx().egui_wants_keyboard_input();
    // A drag that is no longer going on (the tab left, a dialog opened mid-drag) is over.
    if !dragging && !response.drag_started() {
        view.drag = None;
    }
    match view.tool {
        Tool::Select => select_tool(ui, lang, battle, (selection, picking), view, (&v, &response, pointer), cmds),
        Tool::Ruler => ruler_tool(&response, view, press, pointer),
        Tool::Polygon => polygon_tool(ui, &response, (view, keyboard), table, hover, cmds),
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
        place_new(battle, *payload, p, cmds);
    }
    if let (Some(id), Some(p)) = (response.dnd_release_payload::<GeneralId>(), hover)
        && let Some(g) = battle.general(*id)
    {
        cmds.push(AppCommand::Perform(Action::PlaceGeneral { general: g.id, place: Some(new_place(g.side, p)) }));
        cmds.push(AppCommand::Select(Selection::General(g.id)));
    }
    if keyboard {
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
            egui::Event::Copy
            | egui::Event::Cut
            | egui::Event::Paste(_)
            | egui::Event::PasteImage(_)
            | egui::Event::MiddleClickPaste { .. }
            | egui::Event::Text(_)
            | egui::Event::Key { .. }
            | egui::Event::ModifiersChanged(_)
            | egui::Event::PointerMoved(_)
            | egui::Event::MouseMoved(_)
            | egui::Event::PointerButton { .. }
            | egui::Event::PointerGone
            | egui::Event::Zoom(_)
            | egui::Event::Rotate(_)
            | egui::Event::Ime(_)
            | egui::Event::Touch { .. }
            | egui::Event::WindowFocused(_)
            | egui::Event::AccessKitActionRequest(_) => 0.0,
        })
        .sum()
}

/// Places a unit from the list at `p`, or says why it cannot be.
fn place_new(battle: &Battle, id: UnitId, p: Point, cmds: &mut Vec<AppCommand>) {
    let Some(u) = battle.unit(id) else { return };
    let place = Action::PlaceUnit { unit: id, place: Some(new_place(u.side, p)) };
    if unit_size_cm(battle, u).is_none() {
        let arm = u.arm;
        cmds.push(AppCommand::Warn(crate::ui::Said::new(true, |l| l.fmt(T::NoBasingRow, &[&arm.label(l)]))));
        cmds.push(AppCommand::BasingThenPlace(id, Box::new(place)));
        return;
    }
    cmds.push(AppCommand::Perform(place));
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
    {
        view.drag = None;
        let Some(at) = battle.unit(unit).and_then(|u| u.place) else { return };
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
            cmds.push(AppCommand::Perform(drag_action(battle, piece, at, place)));
        }
    }
    if response.clicked()
        && let Some(p) = hover
    {
        click(battle, (selection, picking), view, p, cmds);
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
pub(super) fn handle_of(battle: &Battle, selection: Selection, zoom: f32) -> Option<(UnitId, Point)> {
    let Selection::Unit(id) = selection else { return None };
    let f = footprint(battle, battle.unit(id)?)?;
    let (front, a) = (f.front_middle(), f.facing_deg.to_radians());
    let reach = f64::from(16.0 / zoom);
    Some((id, Point { x: front.x + reach * libm::sin(a), y: front.y + reach * libm::cos(a) }))
}

/// The whole-degree facing from a unit's centre towards a point.
pub(super) fn turned_towards(at: Placement, p: Point) -> i32 {
    crate::game::table::facing_towards(at, p)
}

fn click(
    battle: &Battle,
    (selection, picking): (Selection, Option<UnitId>),
    view: &mut TableView,
    p: Point,
    cmds: &mut Vec<AppCommand>,
) {
    let piece = piece_at(battle, p, view.zoom);
    if piece.is_some() {
        view.area = None;
    }
    match piece {
        Some(Piece::Unit(id)) if picking.is_some() => cmds.push(AppCommand::PickTarget(id)),
        Some(Piece::Unit(id))
            if let Selection::Unit(charger) = selection
                && crate::game::procedure::charge::click_proposes_charge(battle, charger, id) =>
        {
            cmds.push(AppCommand::StartCharge(charger));
            cmds.push(AppCommand::PickTarget(id));
        }
        Some(Piece::Unit(id)) => cmds.push(AppCommand::Select(Selection::Unit(id))),
        Some(Piece::General(id)) => cmds.push(AppCommand::Select(Selection::General(id))),
        None => match selection {
            Selection::Unit(id) if battle.unit(id).is_some_and(|u| u.place.is_none()) => {
                place_new(battle, id, p, cmds);
            }
            Selection::General(id) if battle.general(id).is_some_and(|g| g.place.is_none()) => {
                let side = battle.general(id).map_or(Side::First, |g| g.side);
                cmds.push(AppCommand::Perform(Action::PlaceGeneral { general: id, place: Some(new_place(side, p)) }));
            }
            Selection::None | Selection::Unit(_) | Selection::General(_) | Selection::Brigade(_) => {
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

/// Right-click on a piece: charge or fire with it, turn it about, take it off the table.
fn piece_menu_ui(ui: &mut Ui, lang: Lang, battle: &Battle, piece: Piece, cmds: &mut Vec<AppCommand>) {
    if let Piece::Unit(id) = piece
        && battle.phase == crate::rules::Phase::Firing
        && ui.button(lang.t(T::FireFromTable)).clicked()
    {
        cmds.push(AppCommand::Select(Selection::Unit(id)));
        cmds.push(AppCommand::OpenFire);
        ui.close();
    }
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

/// The ruler measures by a drag, or by two clicks (issue 30: two clicks did nothing): the
/// first fixes the start and the line follows the pointer, the second ends it.
fn ruler_tool(response: &egui::Response, view: &mut TableView, press: Option<Point>, hover: Option<Point>) {
    if response.drag_started_by(PointerButton::Primary)
        && let Some(p) = press
    {
        view.drag = Some(Drag::Ruler { from: p });
        view.ruler_anchor = None;
    }
    if let (Some(Drag::Ruler { from }), Some(h)) = (view.drag, hover) {
        view.ruler = Some((from, h));
    }
    if response.drag_stopped() {
        view.drag = None;
    }
    if response.clicked_by(PointerButton::Primary)
        && let Some(p) = hover
    {
        match view.ruler_anchor.take() {
            Some(from) => view.ruler = Some((from, p)),
            None => {
                view.ruler_anchor = Some(p);
                view.ruler = Some((p, p));
            }
        }
    }
    if let (Some(from), Some(h)) = (view.ruler_anchor, hover) {
        view.ruler = Some((from, h));
    }
}

fn polygon_tool(
    ui: &Ui,
    response: &egui::Response,
    (view, keyboard): (&mut TableView, bool),
    table: &TableSetup,
    hover: Option<Point>,
    cmds: &mut Vec<AppCommand>,
) {
    if response.clicked()
        && let Some(p) = hover
        && view.polygon.len() < crate::model::table::MAX_CORNERS
    {
        view.polygon.push(p);
    }
    // Enter is the table's only while no field or dialog has the keyboard.
    let enter = keyboard && ui.input(|i| i.key_pressed(Key::Enter));
    let close = response.double_clicked() || enter;
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
