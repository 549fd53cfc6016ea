//! Painting the table: the scene's marks on screen, and what is measured on top of
//! them (a drag's ghost and distance, the last move, the hover distance, the ruler).

use super::canvas::{handle_of, turned_towards};
use super::*;

/// The scene on screen.
pub fn paint_scene(painter: &egui::Painter, v: &View, scene: &Scene) {
    let mut shapes = Vec::with_capacity(scene.marks.len());
    // Marks wholly off the view are skipped (a big table zoomed in shows a few of them).
    let seen = v.rect.expand(4.0);
    let visible = |points: &[Point]| {
        let r = points.iter().fold(Rect::NOTHING, |r, p| r.union(Rect::from_pos(v.screen(*p))));
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
                shapes.push(if *filled && matches!(ink, Ink::Terrain(_)) {
                    polygon(pts, colour)
                } else if *filled && matches!(ink, Ink::Unit(_)) {
                    // A light rim: the second side's green was hard to see on the green
                    // table and in a wood (issue 30).
                    Shape::convex_polygon(pts, colour, Stroke::new(1.5, theme::map_colour(Ink::Label)))
                } else if *filled {
                    Shape::convex_polygon(pts, colour, Stroke::NONE)
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
                    // Whole steps of 4 points: a label is laid out again only when the
                    // zoom changes its width by a step, not on every turn of the wheel.
                    let galley = painter.layout_job(fitted_label(text, (width / 4.0).floor() * 4.0));
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

/// A filled polygon: a triangle directly, others (drawn areas, which may be concave: a
/// C-shaped wood) cut into triangles by their ears.
fn polygon(pts: Vec<Pos2>, colour: Color32) -> Shape {
    if pts.len() <= 3 {
        return Shape::convex_polygon(pts, colour, Stroke::NONE);
    }
    let mut mesh = egui::Mesh::default();
    for p in &pts {
        mesh.colored_vertex(*p, colour);
    }
    for [a, b, c] in ears(&pts) {
        let index = |i: usize| u32::try_from(i).unwrap_or(0);
        mesh.add_triangle(index(a), index(b), index(c));
    }
    Shape::mesh(mesh)
}

/// The most corners cut by ears (an area's most); beyond, a fan from the first corner.
const MAX_EAR_CORNERS: usize = crate::model::table::MAX_CORNERS;

/// Triangles of a simple polygon by ear clipping: each corner that turns the way the
/// outline winds and holds no other corner inside is cut off in turn.
fn ears(pts: &[Pos2]) -> Vec<[usize; 3]> {
    let n = pts.len();
    let cross = |o: Pos2, a: Pos2, b: Pos2| (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    let winding: f32 = (0..n).map(|i| cross(Pos2::ZERO, pts[i], pts[(i + 1) % n])).sum();
    let mut left: Vec<usize> = (0..n).collect();
    let mut out = Vec::with_capacity(n);
    while left.len() > 3 && n <= MAX_EAR_CORNERS {
        let m = left.len();
        let ear = (0..m).find(|&i| {
            let (a, b, c) = (left[(i + m - 1) % m], left[i], left[(i + 1) % m]);
            let turn = cross(pts[a], pts[b], pts[c]);
            let inside = |p: Pos2| {
                let (d1, d2, d3) = (cross(pts[a], pts[b], p), cross(pts[b], pts[c], p), cross(pts[c], pts[a], p));
                (d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0) || (d1 <= 0.0 && d2 <= 0.0 && d3 <= 0.0)
            };
            turn * winding > 0.0 && !left.iter().any(|&k| k != a && k != b && k != c && inside(pts[k]))
        });
        let Some(i) = ear else { break };
        out.push([left[(i + m - 1) % m], left[i], left[(i + 1) % m]]);
        left.remove(i);
    }
    // What is left (a triangle, or a degenerate or very long outline) as a fan.
    for k in 1..left.len().saturating_sub(1) {
        out.push([left[0], left[k], left[k + 1]]);
    }
    out
}

/// What is measured on top of the scene: the drag's ghost and its distance, the last
/// move, the distance to the unit under the pointer, the ruler, the area being drawn.
pub(super) fn overlays(
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
    // The piece under the pointer, named in full (labels on the bases are cut short).
    if let (Some(h), None) = (hover, view.drag)
        && let Some(name) = piece_at(battle, h, v.zoom).and_then(|p| piece_name(battle, lang, p))
    {
        label(painter, v.screen(h) + Vec2::new(0.0, 22.0), &name);
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
    if view.tool == Tool::Polygon
        && let Some(h) = hover
    {
        let hint = if view.polygon.len() >= 3 { T::PolygonCloseHint } else { T::PolygonCornerHint };
        label(painter, v.screen(h) + Vec2::new(0.0, 24.0), lang.t(hint));
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
    let (p, q, cm) = crate::game::table::between(&a, &b);
    let (sp, sq) = (v.screen(p), v.screen(q));
    painter.line_segment([sp, sq], Stroke::new(2.0, theme::MAP_RULER));
    let text = distance_text(lang, scale, cm);
    label(painter, sp + (sq - sp) / 2.0 + Vec2::new(0.0, -12.0), &text);
}

/// A piece's name in the interface's language (a general's with his rank).
fn piece_name(battle: &Battle, lang: Lang, piece: Piece) -> Option<String> {
    match piece {
        Piece::Unit(id) => battle.unit(id).map(|u| u.display_name(lang == Lang::Ru).to_owned()),
        Piece::General(id) => battle.general(id).map(|g| crate::i18n::names::general_line(g, lang)),
    }
}

pub(super) fn label(painter: &egui::Painter, at: Pos2, text: &str) {
    let galley = painter.layout_no_wrap(text.to_owned(), FontId::proportional(12.0), theme::MAP_RULER_TEXT);
    let rect = Align2::CENTER_CENTER.anchor_size(at, galley.size()).expand(3.0);
    painter.rect_filled(rect, 3.0, theme::MAP_RULER);
    painter.galley(rect.min + Vec2::splat(3.0), galley, theme::MAP_RULER_TEXT);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(a: Pos2, b: Pos2, c: Pos2) -> f32 {
        ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)).abs() / 2.0
    }

    /// A C-shaped wood (concave) is cut into triangles that cover it exactly: their areas
    /// add up to the outline's, none reaching into the gap of the C.
    #[test]
    fn a_concave_area_is_filled_inside_its_outline() {
        let c = [
            (0.0, 0.0),
            (30.0, 0.0),
            (30.0, 10.0),
            (10.0, 10.0),
            (10.0, 20.0),
            (30.0, 20.0),
            (30.0, 30.0),
            (0.0, 30.0),
        ];
        for reversed in [false, true] {
            let mut pts: Vec<Pos2> = c.iter().map(|(x, y)| pos2(*x, *y)).collect();
            if reversed {
                pts.reverse();
            }
            let tris = ears(&pts);
            assert_eq!(tris.len(), pts.len() - 2);
            let total: f32 = tris.iter().map(|t| area(pts[t[0]], pts[t[1]], pts[t[2]])).sum();
            assert!((total - 700.0).abs() < 1e-3, "{total}");
        }
    }
}
