//! The table from above, as the rules measure it: bases as rotated rectangles, the
//! edge-to-edge distance between two of them, the charge sector, the face a charger
//! strikes, the command radius, and the terrain area a base stands in.
//!
//! Table coordinates: `x` along the first side's table edge to the right, `y` away from
//! the first side's edge, both in cm; `facing_deg` clockwise from +y (0 faces the second
//! side's edge, 90 faces +x). The trigonometry is `libm`'s, so that the same inputs give
//! the same numbers on every platform (a journal replays alike on Linux and Windows).

use serde::{Deserialize, Serialize};

use super::Face;

/// Half-width of the charge sector each side of straight ahead, degrees (AMB-21).
pub const SECTOR_DEG: f64 = 22.0;
/// How far past the sector's edge still counts as on it, degrees.
pub const SECTOR_TOLERANCE_DEG: f64 = 0.01;
/// The command radius, cm (GDB-CHG-01).
pub const COMMAND_RADIUS_CM: f64 = 15.0;

/// A point on the table, cm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Along the first side's edge.
    pub x: f64,
    /// Away from the first side's edge.
    pub y: f64,
}

impl Point {
    fn minus(self, o: Point) -> Point {
        Point { x: self.x - o.x, y: self.y - o.y }
    }

    fn plus(self, o: Point) -> Point {
        Point { x: self.x + o.x, y: self.y + o.y }
    }

    fn times(self, k: f64) -> Point {
        Point { x: self.x * k, y: self.y * k }
    }

    fn dot(self, o: Point) -> f64 {
        self.x * o.x + self.y * o.y
    }

    fn cross(self, o: Point) -> f64 {
        self.x * o.y - self.y * o.x
    }

    fn length(self) -> f64 {
        libm::sqrt(self.dot(self))
    }
}

/// A unit's base on the table: the centre, the way it faces, its frontage and depth.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Footprint {
    /// The centre, along the first side's edge, cm.
    pub x_cm: f64,
    /// The centre, away from the first side's edge, cm.
    pub y_cm: f64,
    /// Clockwise from +y, degrees.
    pub facing_deg: f64,
    /// Width of the front edge, cm.
    pub frontage_cm: f64,
    /// From front edge to rear edge, cm.
    pub depth_cm: f64,
}

impl Footprint {
    fn centre(&self) -> Point {
        Point { x: self.x_cm, y: self.y_cm }
    }

    /// Straight ahead, a unit vector.
    fn ahead(&self) -> Point {
        let a = self.facing_deg.to_radians();
        Point { x: libm::sin(a), y: libm::cos(a) }
    }

    /// To the unit's right, a unit vector.
    fn right(&self) -> Point {
        let a = self.facing_deg.to_radians();
        Point { x: libm::cos(a), y: -libm::sin(a) }
    }

    /// The middle of the front edge.
    pub fn front_middle(&self) -> Point {
        self.centre().plus(self.ahead().times(self.depth_cm / 2.0))
    }

    /// The four corners: front left, front right, rear right, rear left.
    fn corners(&self) -> [Point; 4] {
        let (c, a, r) =
            (self.centre(), self.ahead().times(self.depth_cm / 2.0), self.right().times(self.frontage_cm / 2.0));
        [c.plus(a).minus(r), c.plus(a).plus(r), c.minus(a).plus(r), c.minus(a).minus(r)]
    }

    fn edges(&self) -> [(Point, Point); 4] {
        let k = self.corners();
        [(k[0], k[1]), (k[1], k[2]), (k[2], k[3]), (k[3], k[0])]
    }

    /// A point in the base's own frame: (to the right, ahead) of its centre.
    fn local(&self, p: Point) -> (f64, f64) {
        let v = p.minus(self.centre());
        (v.dot(self.right()), v.dot(self.ahead()))
    }

    /// Whether `p` lies on or inside the base.
    pub fn contains(&self, p: Point) -> bool {
        let (across, along) = self.local(p);
        libm::fabs(across) <= self.frontage_cm / 2.0 + 1e-9 && libm::fabs(along) <= self.depth_cm / 2.0 + 1e-9
    }

    /// The point of the base nearest to `p` (`p` itself when inside).
    pub fn nearest_point(&self, p: Point) -> Point {
        let (across, along) = self.local(p);
        let (w, d) = (self.frontage_cm / 2.0, self.depth_cm / 2.0);
        let (across, along) = (across.clamp(-w, w), along.clamp(-d, d));
        self.centre().plus(self.right().times(across)).plus(self.ahead().times(along))
    }
}

/// Whether segments `a` and `b` cross or touch.
fn segments_meet(a: (Point, Point), b: (Point, Point)) -> bool {
    let side = |p: Point, q: Point, r: Point| q.minus(p).cross(r.minus(p));
    let (d1, d2) = (side(b.0, b.1, a.0), side(b.0, b.1, a.1));
    let (d3, d4) = (side(a.0, a.1, b.0), side(a.0, a.1, b.1));
    ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0)) && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
}

fn point_segment_distance(p: Point, (a, b): (Point, Point)) -> f64 {
    let ab = b.minus(a);
    let len2 = ab.dot(ab);
    let t = if len2 > 0.0 { (p.minus(a).dot(ab) / len2).clamp(0.0, 1.0) } else { 0.0 };
    p.minus(a.plus(ab.times(t))).length()
}

fn segment_distance(a: (Point, Point), b: (Point, Point)) -> f64 {
    if segments_meet(a, b) {
        return 0.0;
    }
    [
        point_segment_distance(a.0, b),
        point_segment_distance(a.1, b),
        point_segment_distance(b.0, a),
        point_segment_distance(b.1, a),
    ]
    .into_iter()
    .fold(f64::INFINITY, f64::min)
}

/// The edge-to-edge distance between two bases: between their nearest points, 0 when they
/// touch or overlap.
pub fn distance_cm(a: &Footprint, b: &Footprint) -> f64 {
    if a.corners().iter().any(|p| b.contains(*p)) || b.corners().iter().any(|p| a.contains(*p)) {
        return 0.0;
    }
    let mut best = f64::INFINITY;
    for ea in a.edges() {
        for eb in b.edges() {
            best = best.min(segment_distance(ea, eb));
        }
    }
    best
}

/// The nearest points of two bases, the first's then the second's (for drawing the
/// distance [`distance_cm`] measures): between convex bases apart, one is a corner.
pub fn nearest_points(a: &Footprint, b: &Footprint) -> (Point, Point) {
    let from_a = a.corners().map(|p| (p, b.nearest_point(p)));
    let from_b = b.corners().map(|p| (a.nearest_point(p), p));
    let gap = |(p, q): &(Point, Point)| p.minus(*q).length();
    from_a.into_iter().chain(from_b).min_by(|x, y| gap(x).total_cmp(&gap(y))).unwrap_or((a.centre(), b.centre()))
}

/// The angle, degrees from 0 to 180, between the charger's straight ahead and the line
/// from the middle of its front edge to the nearest point of the target (0 when that
/// point touches the front edge's middle).
pub fn angle_deg(charger: &Footprint, target: &Footprint) -> f64 {
    let from = charger.front_middle();
    let to = target.nearest_point(from).minus(from);
    let length = to.length();
    if length < 1e-9 {
        return 0.0;
    }
    let cos = (to.dot(charger.ahead()) / length).clamp(-1.0, 1.0);
    libm::acos(cos).to_degrees()
}

/// Whether an angle lies in the charge sector, 22° each side of straight ahead, its edge
/// counting as inside within 0.01° (AMB-21).
pub fn in_sector(angle_deg: f64) -> bool {
    angle_deg <= SECTOR_DEG + SECTOR_TOLERANCE_DEG
}

/// The face of the target the charger strikes: the front when the middle of the
/// charger's front edge lies ahead of the line of the target's front edge (or on it), the
/// rear when it lies behind the line of its rear edge (or on it), the flank otherwise.
pub fn struck_face(charger: &Footprint, target: &Footprint) -> Face {
    let (_, along) = target.local(charger.front_middle());
    let half = target.depth_cm / 2.0;
    if along >= half - 1e-9 {
        Face::Front
    } else if along <= -half + 1e-9 {
        Face::Rear
    } else {
        Face::Flank
    }
}

impl Footprint {
    /// The centre.
    pub fn centre_point(&self) -> Point {
        self.centre()
    }

    /// The same base moved `cm` straight ahead (a negative distance: straight back).
    pub fn moved_ahead(&self, cm: f64) -> Footprint {
        let c = self.centre().plus(self.ahead().times(cm));
        Footprint { x_cm: c.x, y_cm: c.y, ..*self }
    }

    /// The four corners, front left first, clockwise.
    pub fn corner_points(&self) -> [Point; 4] {
        self.corners()
    }
}

/// The facing, degrees clockwise from +y in [0, 360), of a direction.
pub fn facing_of(direction: Point) -> f64 {
    libm::atan2(direction.x, direction.y).to_degrees().rem_euclid(360.0)
}

/// Where a charger stands once in contact with the face `face` of the target it strikes
/// (GDB-CHG-16): squared up to that face, the middle of its front edge on the face's
/// middle. A flank is the one on the charger's side of the target.
pub fn contact_footprint(charger: &Footprint, target: &Footprint, face: Face) -> Footprint {
    let (across, _) = target.local(charger.centre());
    let (ahead, right) = (target.ahead(), target.right());
    let (middle, outward) = match face {
        Face::Front => (target.centre().plus(ahead.times(target.depth_cm / 2.0)), ahead),
        Face::Rear => (target.centre().minus(ahead.times(target.depth_cm / 2.0)), ahead.times(-1.0)),
        Face::Flank if across < 0.0 => {
            (target.centre().minus(right.times(target.frontage_cm / 2.0)), right.times(-1.0))
        }
        Face::Flank => (target.centre().plus(right.times(target.frontage_cm / 2.0)), right),
    };
    let centre = middle.plus(outward.times(charger.depth_cm / 2.0));
    Footprint { x_cm: centre.x, y_cm: centre.y, facing_deg: facing_of(outward.times(-1.0)), ..*charger }
}

/// Whether a general at `at` is within the command radius of a unit's base (nearest
/// points, the radius itself counting as within).
pub fn within_command(at: Point, unit: &Footprint) -> bool {
    within_radius(at, unit, COMMAND_RADIUS_CM)
}

/// Whether `at` is within `radius` of a unit's base (nearest points, the radius counting
/// as within): the command radius on a table whose scale is not the rules' cm.
pub fn within_radius(at: Point, unit: &Footprint, radius: f64) -> bool {
    at.minus(unit.nearest_point(at)).length() <= radius
}

/// A terrain area the players draw: a polygon or an ellipse.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// Corners in order, cm.
    Polygon(Vec<Point>),
    /// Centre, half-axes along x and y, and the turn of the x half-axis clockwise, degrees.
    Ellipse {
        /// Centre.
        centre: Point,
        /// Half-axis along its own x.
        rx: f64,
        /// Half-axis along its own y.
        ry: f64,
        /// Its turn, degrees.
        turn_deg: f64,
    },
}

impl Shape {
    /// Whether `p` lies inside (or on the edge of) the shape.
    pub fn contains(&self, p: Point) -> bool {
        match self {
            Shape::Polygon(corners) => polygon_contains(corners, p),
            Shape::Ellipse { centre, rx, ry, turn_deg } => {
                if *rx <= 0.0 || *ry <= 0.0 {
                    return false;
                }
                let a = turn_deg.to_radians();
                let v = p.minus(*centre);
                let (c, s) = (libm::cos(a), libm::sin(a));
                let (u, w) = (v.x * c - v.y * s, v.x * s + v.y * c);
                (u / rx) * (u / rx) + (w / ry) * (w / ry) <= 1.0 + 1e-12
            }
        }
    }
}

impl Shape {
    /// Whether the straight line from `a` to `b` enters the shape (a wood between a
    /// charger and its target, GDB-CHG-02).
    pub fn meets_segment(&self, a: Point, b: Point) -> bool {
        if self.contains(a) || self.contains(b) {
            return true;
        }
        match self {
            Shape::Polygon(corners) => {
                let next = corners.iter().cycle().skip(1);
                corners
                    .iter()
                    .zip(next)
                    .any(|(p, q)| segments_meet((a, b), (*p, *q)) || point_segment_distance(*p, (a, b)) < 1e-9)
            }
            // An ellipse: 256 points along the line, finer than any wood is drawn.
            Shape::Ellipse { .. } => (1..256).any(|i| self.contains(a.plus(b.minus(a).times(f64::from(i) / 256.0)))),
        }
    }
}

fn polygon_contains(corners: &[Point], p: Point) -> bool {
    if corners.len() < 3 {
        return false;
    }
    let mut inside = false;
    let mut j = corners.len() - 1;
    for (i, a) in corners.iter().enumerate() {
        let b = corners[j];
        if point_segment_distance(p, (*a, b)) < 1e-9 {
            return true;
        }
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// The first of `areas` a base stands in (its centre inside), if any.
pub fn area_of<'a, T>(footprint: &Footprint, areas: &'a [(Shape, T)]) -> Option<&'a T> {
    areas.iter().find(|(shape, _)| shape.contains(footprint.centre())).map(|(_, what)| what)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(x: f64, y: f64, facing: f64) -> Footprint {
        Footprint { x_cm: x, y_cm: y, facing_deg: facing, frontage_cm: 10.0, depth_cm: 4.0 }
    }

    #[test]
    fn amb_21_a_base_straight_ahead_is_in_the_sector() {
        let charger = base(0.0, 0.0, 0.0);
        let target = base(0.0, 20.0, 180.0);
        assert!((distance_cm(&charger, &target) - 16.0).abs() < 1e-9);
        assert!(angle_deg(&charger, &target).abs() < 1e-9);
        assert!(in_sector(angle_deg(&charger, &target)));
        assert_eq!(struck_face(&charger, &target), Face::Front);
    }
}
