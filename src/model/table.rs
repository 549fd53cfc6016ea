//! The table from above: its size and scale, the terrain areas the players draw, and
//! where a unit or a general stands. Positions are whole millimetres and facings whole
//! degrees, so that a journal replays to the same table everywhere; the rules measure
//! them in cm through [`crate::rules::geometry`].

use serde::{Deserialize, Serialize};

use crate::rules::geometry::{Footprint, Point, Shape};
use crate::rules::{AreaKind, Scale};

/// The largest table side, cm (ten metres): beyond it a file is refused.
pub const MAX_TABLE_CM: u32 = 1000;
/// How far off the table a piece may stand, mm (a whole table's side further).
pub const MAX_OFF_TABLE_MM: i32 = 10_000;
/// Corners a drawn area may have.
pub const MAX_CORNERS: usize = 64;
/// Areas a table may have. Each change of the table keeps it whole in the journal and
/// the undo history, so that a battle file with its tables drawn and redrawn stays far
/// below the 64 MiB a file may have.
pub const MAX_AREAS: usize = 60;

/// Where a unit's centre (or a general) stands and which way it faces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// Along the first side's table edge, mm.
    pub x_mm: i32,
    /// Away from the first side's edge, mm.
    pub y_mm: i32,
    /// Clockwise from facing the second side's edge, whole degrees in 0..360.
    #[serde(default)]
    pub facing_deg: i32,
}

impl Placement {
    /// A placement at a point in cm, facing `facing_deg`: rounded to the millimetre and
    /// the degree, the facing brought into 0..360.
    pub fn at(p: Point, facing_deg: f64) -> Placement {
        let mm = |cm: f64| (cm * 10.0).round().clamp(-f64::from(MAX_OFF_TABLE_MM), f64::from(MAX_OFF_TABLE_MM)) as i32;
        let facing = if facing_deg.is_finite() { facing_deg.round() as i64 } else { 0 };
        Placement { x_mm: mm(p.x), y_mm: mm(p.y), facing_deg: facing.rem_euclid(360) as i32 }
    }

    /// The centre, cm.
    pub fn point(&self) -> Point {
        Point { x: f64::from(self.x_mm) / 10.0, y: f64::from(self.y_mm) / 10.0 }
    }

    /// The base of a unit standing here with this frontage and depth, cm.
    pub fn footprint(&self, frontage_cm: f64, depth_cm: f64) -> Footprint {
        let p = self.point();
        Footprint { x_cm: p.x, y_cm: p.y, facing_deg: f64::from(self.facing_deg), frontage_cm, depth_cm }
    }

    /// Turned by `deg` degrees clockwise.
    pub fn turned(&self, deg: i32) -> Placement {
        Placement { facing_deg: (i64::from(self.facing_deg) + i64::from(deg)).rem_euclid(360) as i32, ..*self }
    }

    /// Whether it lies within reach of the table (see [`MAX_OFF_TABLE_MM`]) and faces
    /// a whole degree below 360.
    pub fn is_sane(&self) -> bool {
        let near = |v: i32| v.abs() <= MAX_OFF_TABLE_MM;
        near(self.x_mm) && near(self.y_mm) && (0..360).contains(&self.facing_deg)
    }
}

/// The outline of a drawn area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "shape")]
pub enum AreaShape {
    /// Corners in order, mm.
    Polygon {
        /// The corners.
        corners_mm: Vec<[i32; 2]>,
    },
    /// An ellipse.
    Ellipse {
        /// The centre, mm.
        centre_mm: [i32; 2],
        /// Half-axes along its own x and y, mm.
        radii_mm: [i32; 2],
        /// The turn of its own x axis, clockwise, degrees.
        #[serde(default)]
        turn_deg: i32,
    },
}

impl AreaShape {
    /// The shape in cm, for the geometry.
    pub fn shape(&self) -> Shape {
        let cm = |v: [i32; 2]| Point { x: f64::from(v[0]) / 10.0, y: f64::from(v[1]) / 10.0 };
        match self {
            AreaShape::Polygon { corners_mm } => Shape::Polygon(corners_mm.iter().copied().map(cm).collect()),
            AreaShape::Ellipse { centre_mm, radii_mm, turn_deg } => Shape::Ellipse {
                centre: cm(*centre_mm),
                rx: f64::from(radii_mm[0]) / 10.0,
                ry: f64::from(radii_mm[1]) / 10.0,
                turn_deg: f64::from(*turn_deg),
            },
        }
    }

    /// Whether the outline has a shape (three corners, positive radii) within reach.
    pub fn is_sane(&self) -> bool {
        let near = |v: i32| v.abs() <= MAX_OFF_TABLE_MM;
        match self {
            AreaShape::Polygon { corners_mm } => {
                (3..=MAX_CORNERS).contains(&corners_mm.len()) && corners_mm.iter().all(|c| near(c[0]) && near(c[1]))
            }
            AreaShape::Ellipse { centre_mm, radii_mm, turn_deg } => {
                near(centre_mm[0])
                    && near(centre_mm[1])
                    && radii_mm.iter().all(|r| (1..=MAX_OFF_TABLE_MM).contains(r))
                    && (-360..=360).contains(turn_deg)
            }
        }
    }
}

/// A terrain area the players drew.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainArea {
    /// Hill, wood, built-up area, river or stream, rough ground.
    pub kind: AreaKind,
    /// Its outline.
    #[serde(flatten)]
    pub shape: AreaShape,
}

/// The table of one battle: its size, the scale distances are shown in, its terrain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSetup {
    /// Along the first side's edge, cm.
    pub width_cm: u32,
    /// From the first side's edge to the second's, cm.
    pub depth_cm: u32,
    /// The unit distances are shown in (AMB-26).
    #[serde(default)]
    pub scale: Scale,
    /// Areas the players drew, first drawn first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<TerrainArea>,
}

impl TableSetup {
    /// A bare table of this size, in cm.
    pub fn new(width_cm: u32, depth_cm: u32) -> Self {
        TableSetup { width_cm, depth_cm, scale: Scale::Cm, terrain: Vec::new() }
    }

    /// The areas as the geometry reads them, with their kinds.
    pub fn areas(&self) -> Vec<(Shape, AreaKind)> {
        self.terrain.iter().map(|a| (a.shape.shape(), a.kind)).collect()
    }

    /// Whether the size is within 1 cm to 10 m and every area is sane.
    pub fn is_sane(&self) -> bool {
        let size = |v: u32| (1..=MAX_TABLE_CM).contains(&v);
        size(self.width_cm)
            && size(self.depth_cm)
            && self.terrain.len() <= MAX_AREAS
            && self.terrain.iter().all(|a| a.shape.is_sane())
    }
}
