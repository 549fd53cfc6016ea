//! The table from above as a drawing: the one list of marks (in table cm) that the
//! table view paints on screen, the SVG export writes and the PDF's situation maps print.
//! Marks carry what they show ([`Ink`]); each painter chooses its colours.

use std::fmt::Write as _;

use crate::game::table::footprint;
use crate::i18n::Lang;
use crate::model::{AreaShape, Battle, UnitId};
use crate::rules::geometry::{COMMAND_RADIUS_CM, Footprint, Point, SECTOR_DEG};
use crate::rules::{AreaKind, Order, Side};

/// What a mark shows, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// The table's outline.
    Table,
    /// The 10 cm grid.
    Grid,
    /// A drawn terrain area.
    Terrain(AreaKind),
    /// A unit's base, by side.
    Unit(Side),
    /// The band along a unit's rear edge: its order.
    Order(Order),
    /// The selected piece's outline.
    Selected,
    /// A general.
    General(Side),
    /// The 22° charge sector and the charge reach; the charge's path.
    Sector,
    /// A unit of the charger's own side in its path (issue 45).
    InTheWay,
    /// A general's command radius.
    Command,
    /// A measured line: the ruler, a hover distance, a move.
    Ruler,
    /// A label.
    Label,
}

/// One mark, in table cm.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A closed outline, filled or not.
    Polygon {
        /// Its corners.
        points: Vec<Point>,
        /// What it shows.
        ink: Ink,
        /// Filled (else outlined).
        filled: bool,
    },
    /// A circle, filled or not.
    Circle {
        /// Centre.
        centre: Point,
        /// Radius, cm.
        radius_cm: f64,
        /// What it shows.
        ink: Ink,
        /// Filled (else outlined).
        filled: bool,
    },
    /// A straight line.
    Line {
        /// From.
        from: Point,
        /// To.
        to: Point,
        /// What it shows.
        ink: Ink,
    },
    /// A short text centred on a point.
    Text {
        /// Where.
        at: Point,
        /// What.
        text: String,
        /// Drawn only where a base is this wide on screen or wider, cm (labels of
        /// small bases vanish when zoomed out).
        min_width_cm: f64,
        /// A short key for maps too small for names (the unit's id), with a legend.
        key: String,
    },
}

/// The table as marks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// The table's width, cm (0 before it is set up).
    pub width_cm: f64,
    /// The table's depth, cm.
    pub depth_cm: f64,
    /// The marks, bottom first.
    pub marks: Vec<Mark>,
    /// A scale bar: its length on the table (cm) and what it reads ("10 cm", "6\"").
    pub bar: Option<(f64, String)>,
}

/// What the view adds to the battle: the selected unit's sector and reach.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Focus {
    /// The selected unit.
    pub unit: Option<UnitId>,
    /// The selected general.
    pub general: Option<crate::model::GeneralId>,
    /// The target of the selected unit's charge: its path is drawn, and its own units in
    /// the way outlined.
    pub target: Option<UnitId>,
}

/// The outline of a drawn area as points (an ellipse as 48), for painters without
/// ellipses.
pub fn area_outline(shape: &AreaShape) -> Vec<Point> {
    match shape {
        AreaShape::Polygon { corners_mm } => {
            corners_mm.iter().map(|c| Point { x: f64::from(c[0]) / 10.0, y: f64::from(c[1]) / 10.0 }).collect()
        }
        AreaShape::Ellipse { centre_mm, radii_mm, turn_deg } => {
            let (cx, cy) = (f64::from(centre_mm[0]) / 10.0, f64::from(centre_mm[1]) / 10.0);
            let (rx, ry) = (f64::from(radii_mm[0]) / 10.0, f64::from(radii_mm[1]) / 10.0);
            let turn = f64::from(*turn_deg).to_radians();
            (0..48)
                .map(|i| {
                    let a = f64::from(i) / 48.0 * std::f64::consts::TAU;
                    let (u, w) = (rx * libm::cos(a), ry * libm::sin(a));
                    // Clockwise turn in the table's frame (y away from the first side).
                    Point {
                        x: cx + u * libm::cos(turn) + w * libm::sin(turn),
                        y: cy - u * libm::sin(turn) + w * libm::cos(turn),
                    }
                })
                .collect()
        }
    }
}

/// The table, its terrain, the placed units and generals, and the focus's sector, reach
/// and command radius.
pub fn scene(battle: &Battle, lang: Lang, focus: Focus) -> Scene {
    let Some(table) = &battle.table else { return Scene::default() };
    let (w, d) = (f64::from(table.width_cm), f64::from(table.depth_cm));
    let mut marks = Vec::with_capacity(battle.units.len() * 3 + 64);
    let corner = |x, y| Point { x, y };
    marks.push(Mark::Polygon {
        points: vec![corner(0.0, 0.0), corner(w, 0.0), corner(w, d), corner(0.0, d)],
        ink: Ink::Table,
        filled: true,
    });
    // The grid at 10 cm of the rules: 10 cm, or 6" on a table measured in inches.
    let step = table.scale.table_cm(10.0);
    let lines = |length: f64| (1..).map(move |i| f64::from(i) * step).take_while(move |v| *v < length);
    for x in lines(w) {
        marks.push(Mark::Line { from: corner(x, 0.0), to: corner(x, d), ink: Ink::Grid });
    }
    for y in lines(d) {
        marks.push(Mark::Line { from: corner(0.0, y), to: corner(w, y), ink: Ink::Grid });
    }
    for area in &table.terrain {
        marks.push(Mark::Polygon { points: area_outline(&area.shape), ink: Ink::Terrain(area.kind), filled: true });
    }
    // Dispersed and destroyed units leave the table as they leave the active roster.
    for u in battle.units.iter().filter(|u| u.order.in_play()) {
        let Some(f) = footprint(battle, u) else { continue };
        unit_marks(&mut marks, &f, u, lang, focus.unit == Some(u.id));
    }
    // A square does not charge: no sector.
    let charges = |u: &&crate::model::Unit| u.order.in_play() && u.formation != crate::rules::Formation::Square;
    let focused = focus.unit.and_then(|id| battle.unit(id)).filter(charges);
    if let Some((u, f)) = focused.and_then(|u| footprint(battle, u).map(|f| (u, f))) {
        sector_marks(&mut marks, battle, u, &f);
    }
    if let (Some(charger), Some(target)) = (focus.unit, focus.target) {
        path_marks(&mut marks, battle, charger, target);
    }
    for g in &battle.generals {
        let Some(p) = g.place else { continue };
        let selected = focus.general == Some(g.id);
        if selected {
            marks.push(Mark::Circle {
                centre: p.point(),
                radius_cm: table.scale.table_cm(COMMAND_RADIUS_CM),
                ink: Ink::Command,
                filled: false,
            });
        }
        marks.push(Mark::Circle { centre: p.point(), radius_cm: 1.2, ink: Ink::General(g.side), filled: true });
        // Named on paper by a key beside the disc (on screen, by hovering it).
        marks.push(Mark::Text {
            at: Point { x: p.point().x + 2.5, y: p.point().y },
            text: crate::i18n::names::general_line(g, lang),
            min_width_cm: 0.0,
            key: format!("G{}", g.id),
        });
        if selected {
            marks.push(Mark::Circle { centre: p.point(), radius_cm: 1.6, ink: Ink::Selected, filled: false });
        }
    }
    let bar = match table.scale {
        crate::rules::Scale::Cm => lang.fmt(crate::i18n::T::CmValue, &[&10]),
        crate::rules::Scale::Inch => lang.fmt(crate::i18n::T::InchesValue, &[&6]),
    };
    Scene { width_cm: w, depth_cm: d, marks, bar: Some((table.scale.table_cm(10.0), bar)) }
}

/// A charge's path, and the charger's own units in its way outlined (issue 45).
fn path_marks(marks: &mut Vec<Mark>, battle: &Battle, charger: UnitId, target: UnitId) {
    let Some((from, to)) = crate::game::table::charge_path(battle, charger, target) else { return };
    marks.push(Mark::Line { from, to, ink: Ink::Sector });
    for id in crate::game::table::friends_in_path(battle, charger, target) {
        if let Some(f) = battle.unit(id).and_then(|u| footprint(battle, u)) {
            marks.push(Mark::Polygon { points: f.corner_points().to_vec(), ink: Ink::InTheWay, filled: false });
        }
    }
}

/// A unit's base, its order band along the rear edge, its label and, when selected, its
/// outline.
fn unit_marks(marks: &mut Vec<Mark>, f: &Footprint, u: &crate::model::Unit, lang: Lang, selected: bool) {
    let corners = f.corner_points();
    marks.push(Mark::Polygon { points: corners.to_vec(), ink: Ink::Unit(u.side), filled: true });
    // The rear quarter of the base, in the order's colour.
    let band = Footprint { depth_cm: f.depth_cm / 4.0, ..f.moved_ahead(-f.depth_cm * 3.0 / 8.0) };
    marks.push(Mark::Polygon { points: band.corner_points().to_vec(), ink: Ink::Order(u.order), filled: true });
    // The front edge, so that the facing reads at a glance; a square faces every way.
    if u.formation == crate::rules::Formation::Square {
        marks.push(Mark::Polygon { points: corners.to_vec(), ink: Ink::Label, filled: false });
    } else {
        marks.push(Mark::Line { from: corners[0], to: corners[1], ink: Ink::Label });
    }
    if selected {
        marks.push(Mark::Polygon { points: corners.to_vec(), ink: Ink::Selected, filled: false });
    }
    marks.push(Mark::Text {
        at: f.centre_point(),
        text: u.display_name(lang == Lang::Ru).to_owned(),
        min_width_cm: f.frontage_cm,
        key: u.id.to_string(),
    });
}

/// The selected unit's 22° sector each side of straight ahead (AMB-21), out to its charge
/// reach from the players' table, or 30 cm with no reach known.
fn sector_marks(marks: &mut Vec<Mark>, battle: &Battle, u: &crate::model::Unit, f: &Footprint) {
    let reach = battle.options.gdb.distance(u.arm, u.formation).and_then(|r| r.charge_cm).map(f64::from);
    let reach = match battle.ruleset {
        crate::rules::Ruleset::Gdb => reach,
        crate::rules::Ruleset::RulesetB => battle.options.ruleset_b.attack_distance(u.arm).map(f64::from),
    };
    // The reach in the rules' cm, drawn on the table's scale (AMB-26).
    let reach = reach.map(|cm| crate::game::table::scale_of(battle).table_cm(cm));
    let length = reach.unwrap_or(30.0);
    let origin = f.front_middle();
    let ray = |deg: f64| {
        let a = (f.facing_deg + deg).to_radians();
        Point { x: origin.x + length * libm::sin(a), y: origin.y + length * libm::cos(a) }
    };
    marks.push(Mark::Line { from: origin, to: ray(-SECTOR_DEG), ink: Ink::Sector });
    marks.push(Mark::Line { from: origin, to: ray(SECTOR_DEG), ink: Ink::Sector });
    if reach.is_some() {
        // The reach: an arc across the sector, from the front edge's middle.
        let arc: Vec<Point> = (0..=16).map(|i| ray(-SECTOR_DEG + 2.0 * SECTOR_DEG * f64::from(i) / 16.0)).collect();
        for pair in arc.windows(2) {
            marks.push(Mark::Line { from: pair[0], to: pair[1], ink: Ink::Sector });
        }
    }
}

/// Colours for paper and SVG, as RGB: sides as in the interface, terrain in map tints.
pub fn print_colour(ink: Ink) -> (u8, u8, u8) {
    match ink {
        Ink::Table => (245, 240, 225),
        Ink::Grid => (215, 208, 190),
        Ink::Terrain(AreaKind::Hill) => (214, 193, 150),
        Ink::Terrain(AreaKind::Wood) => (140, 180, 120),
        Ink::Terrain(AreaKind::BuiltUp) => (180, 170, 170),
        Ink::Terrain(AreaKind::River) => (140, 180, 220),
        Ink::Terrain(AreaKind::Rough) => (200, 190, 160),
        Ink::Terrain(AreaKind::Cover) => (175, 190, 140),
        Ink::Terrain(AreaKind::Building) => (200, 150, 140),
        Ink::Terrain(AreaKind::Fortified) => (175, 165, 190),
        Ink::Terrain(AreaKind::Redoubt) => (205, 185, 140),
        Ink::Unit(Side::First) => (66, 133, 244),
        Ink::Unit(Side::Second) => (76, 175, 80),
        Ink::General(Side::First) => (25, 60, 140),
        Ink::General(Side::Second) => (30, 100, 40),
        Ink::Order(Order::Formed) => (46, 125, 50),
        Ink::Order(Order::Disordered) => (249, 168, 37),
        Ink::Order(Order::Wavering) => (239, 108, 0),
        Ink::Order(Order::Routing) => (198, 40, 40),
        Ink::Order(Order::Dispersed | Order::Destroyed) => (97, 97, 97),
        Ink::Selected => (230, 120, 0),
        Ink::Sector => (200, 60, 60),
        Ink::InTheWay => (220, 150, 0),
        Ink::Command => (120, 60, 160),
        Ink::Ruler => (40, 40, 40),
        Ink::Label => (20, 20, 20),
    }
}

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// A shape's SVG paint: filled in its colour, or outlined `width` units wide.
fn svg_paint(ink: Ink, filled: bool, width: u32) -> String {
    let colour = hex(print_colour(ink));
    if filled {
        format!(r#"fill="{colour}""#)
    } else {
        format!(r#"fill="none" stroke="{colour}" stroke-width="{width}""#)
    }
}

/// Escapes text for XML.
fn xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A coordinate to one decimal, as `{:.1}` writes it but by integer arithmetic: the
/// float formatter's exact path cost most of a 1,000-unit map's time (issue 32).
struct Tenths(f64);

impl std::fmt::Display for Tenths {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tenths = (self.0 * 10.0).round();
        if !tenths.is_finite() || tenths.abs() >= 1e15 {
            return write!(f, "{:.1}", self.0);
        }
        // Within ±1e15 the cast is exact.
        let t = tenths as i64;
        let sign = if t < 0 { "-" } else { "" };
        write!(f, "{sign}{}.{}", t.unsigned_abs() / 10, t.unsigned_abs() % 10)
    }
}

/// The scene as an SVG document, 1 cm to 10 user units, the first side's edge at the
/// bottom as on the screen.
pub fn svg(scene: &Scene) -> String {
    let (w, d) = (scene.width_cm, scene.depth_cm);
    let at = |p: Point| (p.x * 10.0, (d - p.y) * 10.0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {:.0} {:.0}" width="{:.0}mm" height="{:.0}mm">"#,
        w * 10.0,
        d * 10.0,
        w * 10.0 / 4.0,
        d * 10.0 / 4.0
    );
    for mark in &scene.marks {
        match mark {
            Mark::Polygon { points, ink, filled } => {
                let pts: Vec<String> =
                    points.iter().map(|p| at(*p)).map(|(x, y)| format!("{},{}", Tenths(x), Tenths(y))).collect();
                let _ = writeln!(out, r#"<polygon points="{}" {}/>"#, pts.join(" "), svg_paint(*ink, *filled, 3));
            }
            Mark::Circle { centre, radius_cm, ink, filled } => {
                let (x, y) = at(*centre);
                let paint = svg_paint(*ink, *filled, 2);
                let _ = writeln!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="{}" {paint}/>"#,
                    Tenths(x),
                    Tenths(y),
                    Tenths(radius_cm * 10.0)
                );
            }
            Mark::Line { from, to, ink } => {
                let ((x1, y1), (x2, y2)) = (at(*from), at(*to));
                let width = if *ink == Ink::Grid { 1 } else { 2 };
                let _ = writeln!(
                    out,
                    r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="{width}"/>"#,
                    Tenths(x1),
                    Tenths(y1),
                    Tenths(x2),
                    Tenths(y2),
                    hex(print_colour(*ink))
                );
            }
            Mark::Text { at: p, key, min_width_cm, .. } if *min_width_cm <= 0.0 => {
                let (x, y) = at(*p);
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" font-family="sans-serif" font-size="14" dominant-baseline="middle" fill="{}">{}</text>"#,
                    Tenths(x),
                    Tenths(y),
                    hex(print_colour(Ink::Label)),
                    xml(key)
                );
            }
            Mark::Text { at: p, text, min_width_cm, .. } => {
                let (x, y) = at(*p);
                // A name wider than its base is squeezed to the base's width.
                let room = min_width_cm * 10.0;
                let squeeze = if text.chars().count() as f64 * 18.0 * 0.55 > room {
                    format!(r#" textLength="{}" lengthAdjust="spacingAndGlyphs""#, Tenths(room))
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" font-family="sans-serif" font-size="18" text-anchor="middle" dominant-baseline="middle"{squeeze} fill="{}">{}</text>"#,
                    Tenths(x),
                    Tenths(y),
                    hex(print_colour(Ink::Label)),
                    xml(text)
                );
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::Tenths;

    #[test]
    fn tenths_write_as_the_float_formatter_does() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = (x % 2_000_000) as f64 / 37.0 - 20_000.0;
            let fast = Tenths(v).to_string();
            let exact = format!("{v:.1}");
            // Values a hair from a tie may round either way; both are within 0.05.
            if fast != exact {
                let (a, b) = (fast.parse::<f64>().unwrap_or(0.0), exact.parse::<f64>().unwrap_or(0.0));
                assert!((a - b).abs() <= 0.1 + 1e-9 && (a - v).abs() <= 0.05 + 1e-9, "{v}: {fast} {exact}");
            }
        }
        assert_eq!(Tenths(12.0).to_string(), "12.0");
        assert_eq!(Tenths(-3.25).to_string(), "-3.3");
        assert_eq!(Tenths(0.04).to_string(), "0.0");
    }
}
