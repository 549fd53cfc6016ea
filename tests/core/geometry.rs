//! The table's geometry (issue 19, the rules floor): edge-to-edge distance, the charge
//! sector (AMB-21), the struck face (GDB-MOD-20, B-MEL-11), the command radius
//! (GDB-CHG-01), terrain areas; and `coldsteel resolve` deriving them from `place`.

use coldsteel::rules::Face;
use coldsteel::rules::geometry::{
    Footprint, Point, Shape, angle_deg, area_of, distance_cm, in_sector, struck_face, within_command,
};
use proptest::prelude::*;

fn base(x: f64, y: f64, facing: f64, frontage: f64, depth: f64) -> Footprint {
    Footprint { x_cm: x, y_cm: y, facing_deg: facing, frontage_cm: frontage, depth_cm: depth }
}

/// Both bases turned by `turn` degrees about `about`, then moved by (dx, dy).
fn moved(f: &Footprint, turn: f64, about: (f64, f64), (dx, dy): (f64, f64)) -> Footprint {
    let a = turn.to_radians();
    let (x, y) = (f.x_cm - about.0, f.y_cm - about.1);
    // Clockwise, as facings turn.
    let (rx, ry) = (x * a.cos() + y * a.sin(), -x * a.sin() + y * a.cos());
    Footprint { x_cm: rx + about.0 + dx, y_cm: ry + about.1 + dy, facing_deg: f.facing_deg + turn, ..*f }
}

fn any_base() -> impl Strategy<Value = Footprint> {
    (-200.0..200.0f64, -200.0..200.0f64, -360.0..360.0f64, 1.0..30.0f64, 1.0..15.0f64)
        .prop_map(|(x, y, f, w, d)| base(x, y, f, w, d))
}

proptest! {
    #[test]
    fn distance_is_symmetric(a in any_base(), b in any_base()) {
        prop_assert!((distance_cm(&a, &b) - distance_cm(&b, &a)).abs() < 1e-9);
    }

    #[test]
    fn distance_stays_when_both_turn_and_move_together(
        a in any_base(), b in any_base(), turn in -360.0..360.0f64, dx in -100.0..100.0f64, dy in -100.0..100.0f64,
    ) {
        let about = (a.x_cm, a.y_cm);
        let (a2, b2) = (moved(&a, turn, about, (dx, dy)), moved(&b, turn, about, (dx, dy)));
        prop_assert!((distance_cm(&a, &b) - distance_cm(&a2, &b2)).abs() < 1e-6);
        prop_assert!((angle_deg(&a, &b) - angle_deg(&a2, &b2)).abs() < 1e-6);
        prop_assert_eq!(struck_face(&a, &b), struck_face(&a2, &b2));
    }

    /// Bases touching front to front, at any turn of the pair: distance 0.
    #[test]
    fn touching_bases_are_zero_apart(a in any_base(), shift in -0.49..0.49f64) {
        let ahead = (a.facing_deg.to_radians().sin(), a.facing_deg.to_radians().cos());
        let right = (a.facing_deg.to_radians().cos(), -a.facing_deg.to_radians().sin());
        let along = a.depth_cm / 2.0 + 3.0;
        let across = shift * a.frontage_cm;
        let b = base(
            a.x_cm + ahead.0 * along + right.0 * across,
            a.y_cm + ahead.1 * along + right.1 * across,
            a.facing_deg + 180.0,
            a.frontage_cm,
            6.0,
        );
        prop_assert!(distance_cm(&a, &b) < 1e-6);
        prop_assert_eq!(struck_face(&a, &b), Face::Front);
    }
}

#[test]
fn distance_is_edge_to_edge_between_the_nearest_points() {
    // Face to face 20 cm between centres, depths 4 and 6: 15 cm between the edges.
    let a = base(0.0, 0.0, 0.0, 10.0, 4.0);
    let b = base(0.0, 20.0, 180.0, 10.0, 6.0);
    assert!((distance_cm(&a, &b) - 15.0).abs() < 1e-9);
    // Corner to corner: 3-4-5.
    let a = base(0.0, 0.0, 0.0, 16.0, 4.0);
    let c = base(8.0 + 3.0 + 5.0, 2.0 + 4.0 + 3.0, 0.0, 10.0, 6.0);
    assert!((distance_cm(&a, &c) - 5.0).abs() < 1e-9, "{}", distance_cm(&a, &c));
    // Overlapping bases.
    assert_eq!(distance_cm(&a, &base(1.0, 1.0, 45.0, 5.0, 5.0)), 0.0);
}

/// A tiny target whose nearest point sits `deg` off the charger's straight ahead.
fn target_at(deg: f64) -> Footprint {
    let r = 30.0;
    let a = deg.to_radians();
    base(r * a.sin(), 2.0 + r * a.cos(), 0.0, 1e-6, 1e-6)
}

/// AMB-21: the sector is 22° each side of straight ahead, its edge counting as inside
/// within 0.01°.
#[test]
fn amb_21_sector_edges_at_exactly_22_degrees_and_just_beyond() {
    let charger = base(0.0, 0.0, 0.0, 10.0, 4.0);
    for (deg, inside) in [
        (0.0, true),
        (21.99, true),
        (22.0, true),
        (-22.0, true),
        (22.009, true),
        (22.02, false),
        (-22.02, false),
        (40.0, false),
    ] {
        let t = target_at(deg);
        let angle = angle_deg(&charger, &t);
        assert!((angle - deg.abs()).abs() < 1e-4, "{deg}: {angle}");
        assert_eq!(in_sector(angle), inside, "{deg}: {angle}");
    }
    assert!(in_sector(22.0) && in_sector(22.01) && !in_sector(22.0101));
}

/// GDB-MOD-20, B-MEL-11: the face a charger strikes, from each side and each corner of a
/// target facing +y (front edge at y = 3, rear edge at y = −3, flanks at x = ±5).
#[test]
fn gdb_mod_20_the_struck_face_from_each_face_and_corner() {
    let target = base(0.0, 0.0, 0.0, 10.0, 6.0);
    // Chargers 4 cm deep whose front-edge middle is at (x, y), facing the target's centre.
    let charger = |x: f64, y: f64| {
        let facing = (-x).atan2(-y).to_degrees();
        let a = facing.to_radians();
        base(x - 2.0 * a.sin(), y - 2.0 * a.cos(), facing, 8.0, 4.0)
    };
    for (x, y, face) in [
        (0.0, 3.0, Face::Front),
        (0.0, 10.0, Face::Front),
        (8.0, 0.0, Face::Flank),
        (-8.0, 0.0, Face::Flank),
        (0.0, -10.0, Face::Rear),
        (0.0, -3.0, Face::Rear),
        (8.0, 8.0, Face::Front),
        (-8.0, 8.0, Face::Front),
        (8.0, -8.0, Face::Rear),
        (-8.0, -8.0, Face::Rear),
        (8.0, 2.9, Face::Flank),
        (8.0, -2.9, Face::Flank),
    ] {
        assert_eq!(struck_face(&charger(x, y), &target), face, "front middle at ({x}, {y})");
    }
}

/// GDB-CHG-01: a commander within 15 cm (nearest points, 15 itself within).
#[test]
fn gdb_chg_01_the_command_radius() {
    let unit = base(0.0, 0.0, 0.0, 10.0, 4.0);
    assert!(within_command(Point { x: 0.0, y: 2.0 + 15.0 }, &unit));
    assert!(!within_command(Point { x: 0.0, y: 2.0 + 15.001 }, &unit));
    assert!(within_command(Point { x: 5.0 + 9.0, y: 2.0 + 12.0 }, &unit), "3-4-5 off the corner: 15");
}

#[test]
fn a_base_stands_in_the_area_its_centre_is_in() {
    let hill = Shape::Ellipse { centre: Point { x: 50.0, y: 50.0 }, rx: 20.0, ry: 10.0, turn_deg: 0.0 };
    let wood = Shape::Polygon(vec![
        Point { x: 0.0, y: 0.0 },
        Point { x: 30.0, y: 0.0 },
        Point { x: 30.0, y: 30.0 },
        Point { x: 0.0, y: 30.0 },
    ]);
    let areas = [(hill, "hill"), (wood, "wood")];
    assert_eq!(area_of(&base(65.0, 50.0, 0.0, 4.0, 4.0), &areas), Some(&"hill"));
    assert_eq!(area_of(&base(50.0, 61.0, 0.0, 4.0, 4.0), &areas), None);
    assert_eq!(area_of(&base(30.0, 10.0, 0.0, 4.0, 4.0), &areas), Some(&"wood"));
    assert_eq!(area_of(&base(100.0, 100.0, 0.0, 4.0, 4.0), &areas), None);
}

fn resolve(text: &str, json: bool) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.json");
    std::fs::write(&path, text).unwrap();
    let mut args = vec!["resolve", path.to_str().unwrap()];
    if json {
        args.push("--json");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_coldsteel")).args(&args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// EX-4 on the table: cuirassiers 18 cm from the dragoons' flank. `resolve` derives the
/// distance, the angle, the sector and the flank, and the flank sets the dragoons'
/// struck face (−4, GDB-MOD-20).
#[test]
fn resolve_derives_what_the_table_shows_from_place() {
    let file = r#"{"ruleset": "gdb", "step": "melee",
      "attacker": {"arm": "cuirassiers", "class": "line", "formation": "line", "figures": 12, "charging": true, "moved_cm": 18,
                   "place": {"x_cm": 50, "y_cm": 40, "facing_deg": 90, "frontage_cm": 12, "depth_cm": 6}},
      "defender": {"arm": "dragoons", "class": "line", "formation": "line", "figures": 12},
      "place": {"defender": {"x_cm": 77, "y_cm": 41, "facing_deg": 0, "frontage_cm": 12, "depth_cm": 6}}}"#;
    let out: serde_json::Value = serde_json::from_str(&resolve(file, true)).unwrap();
    let d = &out["derived"];
    assert!((d["distance_cm"].as_f64().unwrap() - 18.0).abs() < 1e-9, "{d}");
    assert_eq!(d["angle_deg"].as_f64().unwrap(), 0.0);
    assert_eq!(d["in_sector"], true);
    assert_eq!(d["struck_face"], "flank");
    assert_eq!(d["warnings"], serde_json::json!([]), "18 cm moved, 18 cm on the table, in the sector");
    // Placed far off to the side: outside the sector, and not the distance the file says.
    let far = file.replace(r#""y_cm": 41"#, r#""y_cm": 80"#);
    let out: serde_json::Value = serde_json::from_str(&resolve(&far, true)).unwrap();
    assert_eq!(out["derived"]["warnings"], serde_json::json!(["outside_sector", "moved_differs"]));
    assert!(resolve(&far, false).contains("outside the 22° sector a charge needs"));
    let rules: Vec<&str> =
        out["defender"]["modifiers"].as_array().unwrap().iter().map(|m| m["rule"].as_str().unwrap()).collect();
    assert!(rules.contains(&"GDB-MOD-20"), "{rules:?}");
    let text = resolve(file, false);
    assert!(text.contains("distance 18.0 cm, edge to edge") && text.contains("struck face: Flank"), "{text}");
    // With one side placed, nothing is derived and nothing changes.
    let (one, _) = file
        .split_once(
            r#",
      "place""#,
        )
        .unwrap();
    let one = format!("{one}}}");
    let out: serde_json::Value = serde_json::from_str(&resolve(&one, true)).unwrap();
    assert!(out.get("derived").is_none(), "{out}");
}

/// Bases that cross like a plus sign (no corner of either inside the other) and a base
/// wholly inside another are 0 apart; a turned ellipse holds what its turn brings in.
#[test]
fn crossing_and_nested_bases_and_a_turned_ellipse() {
    let long = base(0.0, 0.0, 0.0, 40.0, 2.0);
    let tall = base(0.0, 0.0, 0.0, 2.0, 40.0);
    assert_eq!(distance_cm(&long, &tall), 0.0, "a plus sign");
    assert_eq!(distance_cm(&base(0.0, 0.0, 30.0, 50.0, 50.0), &base(1.0, 2.0, 10.0, 4.0, 4.0)), 0.0, "nested");
    // An ellipse 20 by 5 turned 90°: long along y.
    let e = Shape::Ellipse { centre: Point { x: 0.0, y: 0.0 }, rx: 20.0, ry: 5.0, turn_deg: 90.0 };
    assert!(e.contains(Point { x: 0.0, y: 15.0 }) && !e.contains(Point { x: 15.0, y: 0.0 }));
    let e = Shape::Ellipse { centre: Point { x: 0.0, y: 0.0 }, rx: 20.0, ry: 5.0, turn_deg: 0.0 };
    assert!(!e.contains(Point { x: 0.0, y: 15.0 }) && e.contains(Point { x: 15.0, y: 0.0 }));
}

/// GDB-CHG-02: a line of sight enters a wood drawn as a polygon or an oval, and passes
/// one beside it.
#[test]
fn gdb_chg_02_a_line_meets_an_area_between() {
    use coldsteel::rules::geometry::{Point, Shape};
    let p = |x, y| Point { x, y };
    let wood = Shape::Polygon(vec![p(10.0, -5.0), p(20.0, -5.0), p(20.0, 5.0), p(10.0, 5.0)]);
    assert!(wood.meets_segment(p(0.0, 0.0), p(30.0, 0.0)), "straight through");
    assert!(!wood.meets_segment(p(0.0, 10.0), p(30.0, 10.0)), "beside it");
    assert!(wood.meets_segment(p(0.0, 5.0), p(30.0, 5.0)), "along its edge");
    let oval = Shape::Ellipse { centre: p(15.0, 0.0), rx: 5.0, ry: 2.0, turn_deg: 0.0 };
    assert!(oval.meets_segment(p(0.0, 0.0), p(30.0, 0.0)));
    assert!(!oval.meets_segment(p(0.0, 3.0), p(30.0, 3.0)));
}
