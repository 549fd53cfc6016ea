//! The table view's part of the game: placing, moving and turning the pieces, setting up
//! the table, what the table shows of a charge or a melee, and the moves the rules make
//! (the charge's moves and contact, GDB-CHG-07, 14, 16; the compulsory moves of melee
//! losers, GDB-RES-01, 03, 05, 07, GDB-SEQ-03). A piece that is not placed, or whose arm
//! has no row in the players' basing table, is left to the players as before.

use super::{ActionError, Event};
use crate::model::table::MAX_OFF_TABLE_MM;
use crate::model::{Battle, ChargeMeasures, General, GeneralId, Placement, TableSetup, Unit, UnitId};
use crate::rules::gdb::charge::{Happening, TableMove};
use crate::rules::geometry::{self, Footprint, Point};
use crate::rules::options::basing_row;
use crate::rules::{AreaKind, Face, Marker, Order, Phase, Slope, Terrain};

/// GDB-RES-07: a defender of a built-up area pushed back moves only 10 cm.
pub const BUILT_UP_PUSHBACK_CM: u32 = 10;

/// The table's scale (AMB-26): cm unless the table says inches.
pub fn scale_of(battle: &Battle) -> crate::rules::Scale {
    battle.table.as_ref().map(|t| t.scale).unwrap_or_default()
}

/// A distance of the rules (cm) as real cm on this battle's table.
fn on_table(battle: &Battle, rules_cm: u32) -> f64 {
    scale_of(battle).table_cm(f64::from(rules_cm))
}

/// A unit's frontage and depth in cm, from the players' basing table.
pub fn unit_size_cm(battle: &Battle, u: &Unit) -> Option<(f64, f64)> {
    basing_row(&battle.options.basing, u.arm, u.formation)?.footprint_cm(u.figures)
}

/// A placed unit's base, when the basing table gives its size.
pub fn footprint(battle: &Battle, u: &Unit) -> Option<Footprint> {
    let (frontage, depth) = unit_size_cm(battle, u)?;
    Some(u.place?.footprint(frontage, depth))
}

/// The area a point stands in, the last drawn first (drawn on top).
pub fn area_at(table: &TableSetup, p: Point) -> Option<AreaKind> {
    area_in(&table.areas(), p)
}

/// [`area_at`] among shapes built once.
fn area_in(areas: &[(geometry::Shape, AreaKind)], p: Point) -> Option<AreaKind> {
    areas.iter().rev().find(|(shape, _)| shape.contains(p)).map(|(_, kind)| *kind)
}

/// The terrain a unit standing at `place` is in: the area's, else open ground where it
/// stood in a kind of terrain the table draws (every ground the melee reads can be drawn:
/// hill, wood, built-up area, rough ground, cover, building, fortified building, redoubt;
/// issue 27).
fn terrain_at(battle: &Battle, u: &Unit, place: Option<Placement>) -> Terrain {
    let Some(table) = &battle.table else { return u.terrain };
    terrain_in(&table.areas(), u, place)
}

/// [`terrain_at`] among shapes built once.
fn terrain_in(areas: &[(geometry::Shape, AreaKind)], u: &Unit, place: Option<Placement>) -> Terrain {
    let Some(place) = place else { return u.terrain };
    match area_in(areas, place.point()).and_then(AreaKind::terrain) {
        Some(t) => t,
        None if AreaKind::ALL.iter().any(|k| k.terrain() == Some(u.terrain)) => Terrain::Open,
        None => u.terrain,
    }
}

/// A unit moved to `place` (its terrain following the table) and the events that move the
/// generals attached to it along.
pub(super) fn moved_unit(battle: &Battle, u: &Unit, place: Option<Placement>) -> (Unit, Vec<Event>) {
    let after = Unit { place, terrain: terrain_at(battle, u, place), ..u.clone() };
    (after, generals_follow(battle, u.id, u.place, place))
}

/// Generals attached to a unit keep their place beside it when it moves and turns.
fn generals_follow(battle: &Battle, id: UnitId, from: Option<Placement>, to: Option<Placement>) -> Vec<Event> {
    let (Some(from), Some(to)) = (from, to) else { return Vec::new() };
    let turn = (f64::from(to.facing_deg) - f64::from(from.facing_deg)).to_radians();
    let (sin, cos) = (libm::sin(turn), libm::cos(turn));
    let attached = battle.generals.iter().filter(|g| g.attached_to == Some(id));
    attached
        .filter_map(|g| {
            let at = g.place?;
            let (dx, dy) = (at.point().x - from.point().x, at.point().y - from.point().y);
            // Clockwise by `turn` in the table's frame (x right, y away).
            let p = Point { x: to.point().x + dx * cos + dy * sin, y: to.point().y - dx * sin + dy * cos };
            let facing = f64::from(at.facing_deg) + f64::from(to.facing_deg) - f64::from(from.facing_deg);
            let place = Placement::at(p, facing);
            (place != at).then(|| Event::general_changed(g, General { place: Some(place), ..g.clone() }))
        })
        .collect()
}

pub(super) fn refuse_insane(place: Option<Placement>) -> Result<(), ActionError> {
    match place {
        Some(p) if !p.is_sane() => Err(ActionError::Invalid(crate::model::Problem::OffTheTable)),
        _ => Ok(()),
    }
}

/// Places, moves, turns or takes off a unit; its attached generals follow.
pub(super) fn place_unit(battle: &Battle, id: UnitId, place: Option<Placement>) -> Result<Vec<Event>, ActionError> {
    let u = battle.unit(id).ok_or(ActionError::NoSuchUnit(id))?;
    refuse_insane(place)?;
    if u.place == place {
        return Err(ActionError::NoChange);
    }
    let (after, mut events) = moved_unit(battle, u, place);
    events.insert(0, Event::UnitChanged { before: Box::new(u.clone()), after: Box::new(after) });
    Ok(events)
}

/// Places, moves or takes off a general.
pub(super) fn place_general(
    battle: &Battle,
    id: GeneralId,
    place: Option<Placement>,
) -> Result<Vec<Event>, ActionError> {
    let g = battle.general(id).ok_or(ActionError::NoSuchGeneral(id))?;
    refuse_insane(place)?;
    if g.place == place {
        return Err(ActionError::NoChange);
    }
    Ok(vec![Event::general_changed(g, General { place, ..g.clone() })])
}

/// Sets up the table; the placed units' terrain follows the areas drawn.
pub(super) fn set_table(battle: &Battle, table: Option<&TableSetup>) -> Result<Vec<Event>, ActionError> {
    if table.is_some_and(|t| !t.is_sane()) {
        return Err(ActionError::Invalid(crate::model::Problem::OffTheTable));
    }
    if battle.table.as_ref() == table {
        return Err(ActionError::NoChange);
    }
    let mut events =
        vec![Event::TableChanged { before: battle.table.clone().map(Box::new), after: table.cloned().map(Box::new) }];
    let Some(areas) = table.map(TableSetup::areas) else { return Ok(events) };
    for u in battle.units.iter().filter(|u| u.place.is_some()) {
        let terrain = terrain_in(&areas, u, u.place);
        if terrain != u.terrain {
            events.push(Event::UnitChanged {
                before: Box::new(u.clone()),
                after: Box::new(Unit { terrain, ..u.clone() }),
            });
        }
    }
    Ok(events)
}

/// How far a piece went from `from` to `to`, centre to centre, in whole rules' cm (a
/// move dragged on the table view).
pub fn moved_cm(battle: &Battle, from: Placement, to: Placement) -> u32 {
    let (a, b) = (from.point(), to.point());
    whole(scale_of(battle).rules_cm(libm::hypot(b.x - a.x, b.y - a.y)))
}

/// A measure of the table in whole cm or degrees, as a declaration takes it.
pub fn whole(v: f64) -> u32 {
    if v.is_finite() { v.round().clamp(0.0, f64::from(u32::MAX)) as u32 } else { 0 }
}

/// What the table shows between a charger and its target (GDB-CHG-01, 02, 16, AMB-21,
/// GDB-MOD-FN6): each field `None` where the table cannot tell.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFacts {
    /// Edge to edge, nearest points, in the rules' cm (AMB-26: a table in inches reads
    /// 6" as 10 cm).
    pub distance_cm: f64,
    /// The same on the table, real cm.
    pub table_cm: f64,
    /// From the middle of the charger's front edge to the target's nearest point, off
    /// straight ahead, degrees.
    pub angle_deg: f64,
    /// Within 22° each side (AMB-21).
    pub in_sector: bool,
    /// The face the charger's centre line strikes.
    pub struck_face: Face,
    /// Its commander within 15 cm, when the commander is placed (or with the unit).
    pub commander_within: Option<bool>,
    /// No wood or built-up area between them (a suggestion the players confirm), when the
    /// table is set up.
    pub target_visible: Option<bool>,
    /// The way the charger goes over the ground, when the table is set up.
    pub slope: Option<Slope>,
}

impl TableFacts {
    /// The declaration's measures as the table shows them over `base` (what the players
    /// ticked): the face struck (GDB-CHG-16), the commander within 15 cm where he is
    /// placed (GDB-CHG-01), the target in sight where the table is set up (GDB-CHG-02).
    pub fn measured(&self, base: ChargeMeasures) -> ChargeMeasures {
        ChargeMeasures {
            struck_face: self.struck_face,
            commander_within_15cm: self.commander_within.unwrap_or(base.commander_within_15cm),
            target_visible: self.target_visible.unwrap_or(true),
            ..base
        }
    }

    /// The target's side as the table shows it: the face struck (B-COL-02, B-MEL-11, 14).
    pub fn target_shows(&self) -> crate::rules::Situation {
        crate::rules::Situation { struck_face: self.struck_face, ..Default::default() }
    }
}

/// What the table shows of `charger` charging `target`, when both are placed and based.
pub fn charge_facts(battle: &Battle, charger: UnitId, target: UnitId) -> Option<TableFacts> {
    let (c, t) = (battle.unit(charger)?, battle.unit(target)?);
    let (fc, ft) = (footprint(battle, c)?, footprint(battle, t)?);
    let angle = geometry::angle_deg(&fc, &ft);
    let commander_within = commander_within(battle, c, &fc);
    let table = battle.table.as_ref();
    let table_cm = geometry::distance_cm(&fc, &ft);
    Some(TableFacts {
        distance_cm: scale_of(battle).rules_cm(table_cm),
        table_cm,
        angle_deg: angle,
        in_sector: geometry::in_sector(angle),
        struck_face: geometry::struck_face(&fc, &ft),
        commander_within,
        target_visible: table.map(|table| sight_is_clear(table, &fc, &ft)),
        slope: table.map(|table| slopes(table, &fc, &ft).0),
    })
}

/// The whole-degree facing from a unit's centre towards a point (the turning knob).
pub fn facing_towards(at: Placement, p: Point) -> i32 {
    let c = at.point();
    (geometry::facing_of(Point { x: p.x - c.x, y: p.y - c.y }).round() as i32).rem_euclid(360)
}

/// The nearest points of two bases and the table distance between them, cm (the ruler
/// between two units, as GDB-CHG-02 measures a charge).
pub fn between(a: &Footprint, b: &Footprint) -> (Point, Point, f64) {
    let (p, q) = geometry::nearest_points(a, b);
    (p, q, geometry::distance_cm(a, b))
}

/// The charger's path to its target: the straight line from the middle of its front to
/// the target's nearest point, when both are placed and based.
pub fn charge_path(battle: &Battle, charger: UnitId, target: UnitId) -> Option<(Point, Point)> {
    let (c, t) = (battle.unit(charger)?, battle.unit(target)?);
    let (fc, ft) = (footprint(battle, c)?, footprint(battle, t)?);
    let from = fc.front_middle();
    Some((from, ft.nearest_point(from)))
}

/// The units in play, other than the two, whose bases the charge's path crosses and
/// that `which` picks.
fn in_path(
    battle: &Battle,
    charger: UnitId,
    target: UnitId,
    which: impl Fn(&crate::model::Unit, &crate::model::Unit, &crate::model::Unit) -> bool,
) -> Vec<UnitId> {
    let (Some(c), Some(t)) = (battle.unit(charger), battle.unit(target)) else { return Vec::new() };
    let Some((from, to)) = charge_path(battle, charger, target) else { return Vec::new() };
    let crosses = |u: &crate::model::Unit| {
        footprint(battle, u)
            .is_some_and(|f| geometry::Shape::Polygon(f.corner_points().to_vec()).meets_segment(from, to))
    };
    let others = battle.units.iter().filter(|u| u.id != c.id && u.id != t.id && u.order.in_play());
    others.filter(|u| which(u, c, t) && crosses(u)).map(|u| u.id).collect()
}

/// GDB-CHG-22: the target side's skirmishers the charger's path crosses (the straight
/// line from the middle of its front to the target's nearest point), when the units are
/// placed.
pub fn screen_in_path(battle: &Battle, charger: UnitId, target: UnitId) -> Vec<UnitId> {
    in_path(battle, charger, target, |u, _, t| u.side == t.side && u.arm == crate::rules::Arm::Skirmishers)
}

/// The charger's own units its path crosses, its skirmishers aside (they make way,
/// GDB-CHG-21): the seeds let a charge through its own skirmishers only, so the table
/// flags the others for the players to judge (issue 45).
pub fn friends_in_path(battle: &Battle, charger: UnitId, target: UnitId) -> Vec<UnitId> {
    in_path(battle, charger, target, |u, c, _| u.side == c.side && u.arm != crate::rules::Arm::Skirmishers)
}

/// GDB-CHG-01: whether the unit's own brigade general or its C-in-C is within 15 cm of
/// the rules (on the table's scale) or rides with it; `None` when neither is placed nor
/// attached, so the table cannot tell.
fn commander_within(battle: &Battle, unit: &crate::model::Unit, at: &Footprint) -> Option<bool> {
    let radius = scale_of(battle).table_cm(geometry::COMMAND_RADIUS_CM);
    let known: Vec<bool> = super::charge::commanders_of(battle, unit)
        .filter_map(|g| {
            if g.attached_to == Some(unit.id) {
                return Some(true);
            }
            g.place.map(|p| geometry::within_radius(p.point(), at, radius))
        })
        .collect();
    (!known.is_empty()).then(|| known.contains(&true))
}

/// The slopes of an attacker and a defender: uphill when the other stands on a hill and
/// it does not, downhill the other way (GDB-MOD-FN6, B-COL-07).
fn slopes(table: &TableSetup, a: &Footprint, d: &Footprint) -> (Slope, Slope) {
    let on_hill = |f: &Footprint| area_at(table, f.centre_point()) == Some(AreaKind::Hill);
    match (on_hill(a), on_hill(d)) {
        (false, true) => (Slope::Uphill, Slope::Downhill),
        (true, false) => (Slope::Downhill, Slope::Uphill),
        _ => (Slope::Level, Slope::Level),
    }
}

/// The slopes of an engagement's attacker and defender on the table, when both are placed
/// and the table is set up.
pub fn engagement_slopes(battle: &Battle, attacker: UnitId, defender: UnitId) -> Option<crate::rules::ByRole<Slope>> {
    let table = battle.table.as_ref()?;
    let (a, d) = (battle.unit(attacker)?, battle.unit(defender)?);
    Some(slopes(table, &footprint(battle, a)?, &footprint(battle, d)?).into())
}

/// Whether the line from the charger's front to the target's nearest point crosses no
/// wood or built-up area other than those either unit stands in (GDB-CHG-02).
fn sight_is_clear(table: &TableSetup, charger: &Footprint, target: &Footprint) -> bool {
    let from = charger.front_middle();
    let to = target.nearest_point(from);
    let blocking = table.terrain.iter().filter(|a| a.kind.blocks_sight()).map(|a| a.shape.shape());
    let own = |s: &geometry::Shape| s.contains(charger.centre_point()) || s.contains(target.centre_point());
    !blocking.filter(|s| !own(s)).any(|s| s.meets_segment(from, to))
}

/// Where the charge's moves leave the charger and the target (GDB-CHG-07, 14, 16,
/// GDB-EVD-03..06, GDB-ART-02): the charger closes, the target retreats, routs, evades
/// or its crew flees straight back, the charger takes vacated ground, and at contact the
/// charger squares up to the face it strikes; a target that wheeled to face in time
/// (GDB-CHG-16) first turns about its centre towards the charger. The flag says the
/// target's move was stopped at the table's edge (the players then say what it does).
pub(super) fn charge_moves(
    battle: &Battle,
    c: &Unit,
    t: &Unit,
    happened: &[Happening],
    faces: (Face, Option<Face>),
) -> Option<(Placement, Placement, bool)> {
    let (measured, contact_face) = faces;
    let (mut fc, mut ft) = (footprint(battle, c)?, footprint(battle, t)?);
    let start_t = ft;
    let mut stopped = false;
    for step in happened.iter().filter_map(Happening::table_move) {
        match step {
            TableMove::ChargerAdvances(cm) => {
                let gap = geometry::distance_cm(&fc, &ft);
                fc = fc.moved_ahead(on_table(battle, cm).min(gap));
            }
            TableMove::TargetFallsBack(cm) => {
                let to = ft.moved_ahead(-on_table(battle, cm));
                stopped |= leaves_table(battle, &ft, &to);
                ft = at_the_edge(battle, &ft, to);
            }
            // GDB-EVD-04, 05: the evader turns about freely and moves directly away from
            // the charging enemy.
            TableMove::TargetEvades(cm) => {
                let away = Point { x: ft.x_cm - fc.x_cm, y: ft.y_cm - fc.y_cm };
                ft.facing_deg = geometry::facing_of(away);
                let to = ft.moved_ahead(on_table(battle, cm));
                stopped |= leaves_table(battle, &ft, &to);
                ft = at_the_edge(battle, &ft, to);
            }
            // GDB-CHG-17, 18: the counter-charger turns to meet the charger and goes its
            // distance to the meeting point; the charger covers the rest.
            TableMove::CounterChargerMeets(cm) => {
                let towards = Point { x: fc.x_cm - ft.x_cm, y: fc.y_cm - ft.y_cm };
                ft.facing_deg = geometry::facing_of(towards);
                let gap = geometry::distance_cm(&fc, &ft);
                ft = ft.moved_ahead(on_table(battle, cm).min(gap));
            }
            // GDB-CHG-14, 19 (c): the charger takes the ground the target left.
            TableMove::ChargerTakesTheGround => {
                fc = Footprint { x_cm: start_t.x_cm, y_cm: start_t.y_cm, ..fc };
            }
        }
    }
    if let Some(face) = contact_face {
        if measured != Face::Front && face == Face::Front {
            let towards = Point { x: fc.x_cm - ft.x_cm, y: fc.y_cm - ft.y_cm };
            ft.facing_deg = geometry::facing_of(towards);
        }
        fc = geometry::contact_footprint(&fc, &ft, face);
    }
    let back = |f: &Footprint| Placement::at(f.centre_point(), f.facing_deg);
    Some((back(&fc), back(&ft), stopped))
}

/// Where a Ruleset B collision leaves the two units (B-FLE-01, 02, B-COL-18..21): a side
/// that flees goes straight back its flight distance; at contact (a melee, or a fugitive
/// caught) the side that closes squares up to the face it strikes.
pub(super) fn collision_moves(
    battle: &Battle,
    (a, d): (&Unit, &Unit),
    fleeing: Option<crate::rules::Role>,
    flee_cm: Option<u32>,
    contact: bool,
) -> Option<(Placement, Placement)> {
    use crate::rules::Role;
    let (mut fa, mut fd) = (footprint(battle, a)?, footprint(battle, d)?);
    if let Some(cm) = flee_cm {
        match fleeing {
            Some(Role::Defender) => fd = fd.moved_ahead(-on_table(battle, cm)),
            Some(Role::Attacker) => fa = fa.moved_ahead(-on_table(battle, cm)),
            None => {}
        }
    }
    if contact {
        // B-FLE-02: the one that did not flee is the one that advances.
        if fleeing == Some(Role::Attacker) {
            fd = geometry::contact_footprint(&fd, &fa, geometry::struck_face(&fd, &fa));
        } else {
            fa = geometry::contact_footprint(&fa, &fd, geometry::struck_face(&fa, &fd));
        }
    }
    let back = |f: &Footprint| Placement::at(f.centre_point(), f.facing_deg);
    Some((back(&fa), back(&fd)))
}

/// Where a Ruleset B melee's loser flees to (B-MEL-03, B-FLE-01): its flight distance
/// directly away from the winner (struck in flank or rear, "straight back" would carry it
/// into its enemy), facing as it did, as a collision's fugitive does; stopped at the
/// table's edge.
pub(super) fn flight_from(battle: &Battle, loser: &Unit, winner: &Unit, cm: u32) -> Option<Placement> {
    let (fl, fw) = (footprint(battle, loser)?, footprint(battle, winner)?);
    let away = Point { x: fl.x_cm - fw.x_cm, y: fl.y_cm - fw.y_cm };
    let turned = Footprint { facing_deg: geometry::facing_of(away), ..fl };
    let to = at_the_edge(battle, &turned, turned.moved_ahead(on_table(battle, cm)));
    Some(Placement::at(to.centre_point(), fl.facing_deg))
}

/// Where a unit fights after a charge's move (GDB-MOD-25, 26, FN8): wholly inside an
/// area, that area's ground; clear of every area, the open (a column that charged out of
/// a village, a unit that left a wood); astride an area's edge (a charger whose front
/// touches a village) the ground it had while part of its base is still on it, else the
/// ground under the middle of its base (a column out of a wood astride a hill's edge
/// fights without the wood: issue 42). Ground no area draws (cover, a building) stays as
/// the players set it; the melee lets them say otherwise.
fn ground_after_charge(battle: &Battle, u: &Unit, place: Placement) -> Terrain {
    let Some(table) = &battle.table else { return u.terrain };
    let Some((frontage, depth)) = unit_size_cm(battle, u) else { return u.terrain };
    let areas = table.areas();
    let fp = place.footprint(frontage, depth);
    let centre = area_in(&areas, fp.centre_point());
    let kinds: Vec<Option<AreaKind>> =
        fp.corner_points().iter().chain([fp.centre_point()].iter()).map(|p| area_in(&areas, *p)).collect();
    let drawable = AreaKind::ALL.iter().any(|k| k.terrain() == Some(u.terrain));
    let still_on_its_ground = kinds.iter().flatten().any(|k| k.terrain() == Some(u.terrain));
    match kinds.first().copied().flatten() {
        Some(kind) if kinds.iter().all(|k| *k == Some(kind)) => kind.terrain().unwrap_or(u.terrain),
        _ if kinds.iter().all(Option::is_none) && drawable => Terrain::Open,
        _ if !drawable || still_on_its_ground => u.terrain,
        _ => centre.and_then(AreaKind::terrain).unwrap_or(Terrain::Open),
    }
}

/// The unit moved by the charge's moves, its attached generals with it; its ground
/// follows the table ([`ground_after_charge`]).
pub(super) fn charge_move_events(battle: &Battle, before: &Unit, after: &mut Unit, place: Placement) -> Vec<Event> {
    if before.place == Some(place) {
        return Vec::new();
    }
    after.terrain = ground_after_charge(battle, after, place);
    after.place = Some(place);
    generals_follow(battle, before.id, before.place, Some(place))
}

/// GDB-RES-08: whether a defender standing wholly inside a built-up area drawn on the
/// table would leave it, pushed back its 10 cm straight back (GDB-RES-07): it then
/// retreats instead. Off the table view, or not drawn inside one, the players say.
pub(super) fn pushback_leaves_area(battle: &Battle, u: &Unit) -> bool {
    let (Some(table), Some(place)) = (&battle.table, u.place) else { return false };
    let Some((frontage, depth)) = unit_size_cm(battle, u) else { return false };
    let areas = table.areas();
    let in_town = |f: &Footprint| {
        f.corner_points().iter().all(|p| area_in(&areas, *p).and_then(|k| k.terrain()) == Some(Terrain::BuiltUp))
    };
    let from = place.footprint(frontage, depth);
    in_town(&from) && !in_town(&from.moved_ahead(-on_table(battle, BUILT_UP_PUSHBACK_CM)))
}

/// GDB-RES-01, 03, 05, 07, GDB-SEQ-03: in the Compulsory Moves phase a melee loser that
/// routs, retreats or is pushed back makes its full move straight back, the distance from
/// the players' table (routers their rout move, the retreat move where none is set,
/// AMB-43; a built-up area's defender pushed back only 10 cm). `None` when the unit is
/// not placed, not moving, or its distance is not in the table.
fn compulsory_place(battle: &Battle, u: &Unit) -> Option<(Placement, bool)> {
    let place = u.place?;
    let pushed = u.markers.contains(&Marker::PushedBack);
    if !pushed && !u.markers.contains(&Marker::Retreating) {
        return None;
    }
    let row = battle.options.gdb.distance(u.arm, u.formation);
    // As the melee reads it (GDB-RES-07).
    let in_town = u.terrain.in_buildings();
    let cm = if pushed && in_town && !u.markers.contains(&Marker::Retreating) {
        Some(BUILT_UP_PUSHBACK_CM)
    } else if u.order == Order::Routing {
        row.and_then(|r| r.rout_cm.or(r.retreat_cm))
    } else {
        row.and_then(|r| r.retreat_cm)
    }?;
    let (frontage, depth) = unit_size_cm(battle, u).unwrap_or((0.0, 0.0));
    let from = place.footprint(frontage, depth);
    let to = from.moved_ahead(-on_table(battle, cm));
    let moved = at_the_edge(battle, &from, to);
    Some((Placement::at(moved.centre_point(), moved.facing_deg), leaves_table(battle, &from, &to)))
}

/// A move that would take the unit off the table stops where its base reaches the
/// table's edge (the players then take it off, if it leaves the battle): the move cut
/// along its line, never turned.
fn at_the_edge(battle: &Battle, from: &Footprint, to: Footprint) -> Footprint {
    let share = edge_share(battle, from, &to);
    let step = Point { x: to.x_cm - from.x_cm, y: to.y_cm - from.y_cm };
    Footprint { x_cm: from.x_cm + step.x * share, y_cm: from.y_cm + step.y * share, ..to }
}

/// Whether a move from `from` to `to` would take the base off the table (it is then
/// stopped at the edge, and the players say what the unit does).
fn leaves_table(battle: &Battle, from: &Footprint, to: &Footprint) -> bool {
    edge_share(battle, from, to) < 1.0 - 1e-9
}

/// The largest share of the move every corner of the base can make and stay on the table.
fn edge_share(battle: &Battle, from: &Footprint, to: &Footprint) -> f64 {
    let Some(table) = &battle.table else { return 1.0 };
    let (w, d) = (f64::from(table.width_cm), f64::from(table.depth_cm));
    let step = Point { x: to.x_cm - from.x_cm, y: to.y_cm - from.y_cm };
    from.corner_points()
        .iter()
        .flat_map(|c| [(c.x, step.x, w), (c.y, step.y, d)])
        .map(|(at, by, size)| {
            if by > 0.0 {
                ((size - at) / by).max(0.0)
            } else if by < 0.0 {
                (at / -by).max(0.0)
            } else {
                1.0
            }
        })
        .fold(1.0_f64, f64::min)
}

/// GDB-RES-10: a winner that follows the pushed-back enemy in base contact makes the same
/// move as the enemy it follows.
fn follow_in_place(battle: &Battle, u: &Unit) -> Option<Placement> {
    let place = u.place?;
    let e = battle.engagements.iter().find(|e| e.is_melee() && e.follow_in && e.involves(u.id))?;
    let other = battle.unit(if e.attacker == u.id { e.defender } else { e.attacker })?;
    let (from, (to, _)) = (other.place?, compulsory_place(battle, other)?);
    // In i64: places read from a file are checked, but never trusted to be small.
    let shift = |v: i32, from: i32, to: i32| {
        let moved = i64::from(v) + i64::from(to) - i64::from(from);
        moved.clamp(-i64::from(MAX_OFF_TABLE_MM), i64::from(MAX_OFF_TABLE_MM)) as i32
    };
    Some(Placement {
        x_mm: shift(place.x_mm, from.x_mm, to.x_mm),
        y_mm: shift(place.y_mm, from.y_mm, to.y_mm),
        ..place
    })
}

/// The compulsory move of a unit as it enters `next` (its own, or the one it follows in
/// contact), applied to `after`, with the events that move its attached generals.
pub(super) fn compulsory_move(battle: &Battle, before: &Unit, after: &mut Unit, next: Phase) -> Vec<Event> {
    if next != Phase::CompulsoryMoves {
        return Vec::new();
    }
    let Some((place, stopped)) =
        compulsory_place(battle, before).or_else(|| follow_in_place(battle, before).map(|p| (p, false)))
    else {
        return Vec::new();
    };
    let (moved, events) = moved_unit(battle, after, Some(place));
    *after = moved;
    // Stopped at the edge: the players say whether it stays or leaves the battle.
    if stopped {
        after.markers.insert(Marker::AtTableEdge);
    }
    events
}

/// The players' answer for a unit the game stopped at the table's edge: it stays there
/// (the marker goes), or it leaves the battle (dispersed, out of play; issue 27).
pub(super) fn at_the_edge_answer(battle: &Battle, id: UnitId, leaves: bool) -> Result<Vec<Event>, ActionError> {
    let u = battle.unit(id).ok_or(ActionError::NoSuchUnit(id))?;
    if !u.markers.contains(&Marker::AtTableEdge) {
        return Err(ActionError::NoChange);
    }
    let mut after = u.clone();
    after.markers.remove(&Marker::AtTableEdge);
    if leaves {
        after.order = crate::rules::Order::Dispersed;
        for m in [Marker::Retreating, Marker::PushedBack, Marker::Pursuing, Marker::InMelee] {
            after.markers.remove(&m);
        }
    }
    Ok(vec![Event::UnitChanged { before: Box::new(u.clone()), after: Box::new(after) }])
}

/// What a table change did, for its undo step and log line: `size:W×D`, `area+:KIND`,
/// `area-:KIND`, `areas:N` (drawn areas replaced), `scale:KEY`, or `off`.
pub fn table_change(before: Option<&TableSetup>, after: Option<&TableSetup>) -> String {
    let Some(after) = after else { return "off".into() };
    let size = || format!("size:{}×{}", after.width_cm, after.depth_cm);
    let Some(before) = before else { return size() };
    let (b, a) = (&before.terrain, &after.terrain);
    if a.len() == b.len() + 1 && a.starts_with(b) {
        return a.last().map_or_else(size, |x| format!("area+:{}", x.kind.key()));
    }
    if b.len() == a.len() + 1 {
        let gone = b.iter().enumerate().find(|(i, x)| a.get(*i) != Some(*x)).map(|(_, x)| x);
        return gone.map_or_else(size, |x| format!("area-:{}", x.kind.key()));
    }
    if a != b {
        return format!("areas:{}", a.len());
    }
    if before.scale != after.scale {
        return format!("scale:{}", after.scale.key());
    }
    size()
}
