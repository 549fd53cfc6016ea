//! The Table tab driven as a player does: units placed from the list, dragged, turned,
//! charged with C and a click on the target; the charge wizard opens with what the table
//! shows pre-filled and marked "from the table", and Cancel changes nothing. Also: a table
//! set up from its empty tab, terrain drawn, and the SVG the view exports.

use crate::common;

use coldsteel::game::Game;
use coldsteel::i18n::Lang;
use coldsteel::model::UnitId;
use coldsteel::rules::geometry::Point;
use coldsteel::rules::{AreaKind, Phase};
use coldsteel::storage;
use coldsteel::ui::{CentralTab, CsApp};
use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

const CUIRASSIERS: UnitId = UnitId(1);
const DRAGOONS: UnitId = UnitId(2);

fn harness(game: Game, lang: Lang) -> Harness<'static, CsApp> {
    let mut app = CsApp::new(game, lang);
    app.tab = CentralTab::Table;
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    h
}

fn screen(h: &Harness<'static, CsApp>, x: f64, y: f64) -> Pos2 {
    h.state().table_view.screen_of(Point { x, y }).expect("the table is drawn")
}

fn press(h: &mut Harness<'static, CsApp>, at: Pos2, button: PointerButton, pressed: bool) {
    h.event(Event::PointerMoved(at));
    h.event(Event::PointerButton { pos: at, button, pressed, modifiers: Modifiers::NONE });
    h.step();
}

/// A click on the table at a point, in cm.
fn click_at(h: &mut Harness<'static, CsApp>, x: f64, y: f64) {
    let at = screen(h, x, y);
    press(h, at, PointerButton::Primary, true);
    press(h, at, PointerButton::Primary, false);
    h.run();
}

/// A drag with the left button from one table point to another.
fn drag(h: &mut Harness<'static, CsApp>, from: (f64, f64), to: (f64, f64)) {
    let (a, b) = (screen(h, from.0, from.1), screen(h, to.0, to.1));
    drag_on_screen(h, a, b);
}

fn drag_on_screen(h: &mut Harness<'static, CsApp>, a: Pos2, b: Pos2) {
    press(h, a, PointerButton::Primary, true);
    for i in 1..=10 {
        let t = i as f32 / 10.0;
        h.event(Event::PointerMoved(a + (b - a) * t));
        h.run();
    }
    press(h, b, PointerButton::Primary, false);
}

fn key(h: &mut Harness<'static, CsApp>, key: Key) {
    h.key_press(key);
    h.run();
}

fn place_of(h: &Harness<'static, CsApp>, id: UnitId) -> (f64, f64, i32) {
    let p = h.state().game.battle().unit(id).unwrap().place.expect("placed");
    (f64::from(p.x_mm) / 10.0, f64::from(p.y_mm) / 10.0, p.facing_deg)
}

/// EX-4 by hand on the table: the cuirassiers placed, dragged and turned to face the
/// dragoons' flank 18 cm away; C, a click on the dragoons, and the wizard shows 18 cm,
/// 0° and the flank from the table. Cancel leaves the battle byte-identical.
#[test]
fn place_drag_turn_and_charge_from_the_table() {
    let mut h = harness(common::game_at(common::ex4_on_a_table(), Phase::Charges), Lang::En);
    // Placed from the list: select, then click where it stands (facing the enemy's edge).
    h.get_by_label("Cuirassiers").click();
    h.run();
    click_at(&mut h, 40.0, 40.0);
    h.get_by_label("Dragoons").click();
    h.run();
    click_at(&mut h, 77.0, 40.0);
    assert_eq!(place_of(&h, DRAGOONS).2, 180, "the second side faces the first side's edge");
    // The dragoons turned about (right-click menu), so that their flank faces west.
    let at = screen(&h, 77.0, 40.0);
    press(&mut h, at, PointerButton::Secondary, true);
    press(&mut h, at, PointerButton::Secondary, false);
    h.run();
    h.get_by_label("Turn about").click();
    h.run();
    assert_eq!(place_of(&h, DRAGOONS).2, 0);
    // The cuirassiers dragged 10 cm east and turned right, 18 × 5°.
    click_at(&mut h, 40.0, 40.0);
    drag(&mut h, (40.0, 40.0), (50.0, 40.0));
    let (x, y, _) = place_of(&h, CUIRASSIERS);
    assert!((x - 50.0).abs() < 0.3 && (y - 40.0).abs() < 0.3, "dragged to ({x}, {y})");
    h.event(Event::PointerMoved(screen(&h, 50.0, 60.0)));
    for _ in 0..18 {
        key(&mut h, Key::E);
    }
    assert_eq!(place_of(&h, CUIRASSIERS).2, 90, "turned 90° in 5° steps");
    // Shift+Q and Shift+E turn by 1°.
    h.key_press_modifiers(Modifiers::SHIFT, Key::Q);
    h.run();
    assert_eq!(place_of(&h, CUIRASSIERS).2, 89);
    h.key_press_modifiers(Modifiers::SHIFT, Key::E);
    h.run();
    assert_eq!(place_of(&h, CUIRASSIERS).2, 90);
    // Exactly 18 cm: the players nudge it where they want it (the drag left it near).
    let exact = coldsteel::model::Placement { x_mm: 500, y_mm: 400, facing_deg: 90 };
    if h.state().game.battle().unit(CUIRASSIERS).unwrap().place != Some(exact) {
        let nudge = coldsteel::game::Action::PlaceUnit { unit: CUIRASSIERS, place: Some(exact) };
        h.state_mut().game.perform(&nudge).unwrap();
    }
    h.run();
    let before = storage::to_json(&h.state().game);
    // C, then a click on the target.
    h.event(Event::PointerMoved(screen(&h, 50.0, 60.0)));
    key(&mut h, Key::C);
    click_at(&mut h, 77.0, 40.0);
    assert!(h.state().wizard.is_some(), "the charge wizard opened");
    assert_eq!(h.get_by_role_and_label(Role::TextInput, "Distance (cm)").value().as_deref(), Some("18"));
    assert_eq!(
        h.get_by_role_and_label(Role::TextInput, "Bearing from straight ahead (°)").value().as_deref(),
        Some("0")
    );
    h.get_by_label("from the table: 18.0");
    h.get_by_label_contains("strikes the flank");
    assert_eq!(h.get_by_label("Struck in 1").value().as_deref(), Some("Flank"));
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().wizard.is_none());
    assert_eq!(storage::to_json(&h.state().game), before, "Cancel leaves the battle as it was");
}

/// An empty Table tab asks for the table's size; an oval hill drawn on it becomes the
/// terrain of a unit placed inside; the SVG export draws the same scene.
#[test]
fn set_up_the_table_draw_a_hill_and_export_it() {
    let mut battle = common::ex4_on_a_table();
    battle.table = None;
    let mut h = harness(common::game_at(battle, Phase::Charges), Lang::Ru);
    for (field, value) in [("Ширина, см", "120"), ("Глубина, см", "90")] {
        h.get_by_role_and_label(Role::TextInput, field).click();
        h.run();
        h.get_by_role_and_label(Role::TextInput, field).type_text(value);
        h.run();
    }
    h.get_by_label("Подготовить стол").click();
    h.run();
    let table = h.state().game.battle().table.clone().expect("set up");
    assert_eq!((table.width_cm, table.depth_cm), (120, 90));
    // An oval hill, dragged corner to corner (the kind chosen is a hill already).
    h.get_by_label("Овал").click();
    h.run();
    drag(&mut h, (20.0, 20.0), (60.0, 50.0));
    let table = h.state().game.battle().table.clone().unwrap();
    assert_eq!(table.terrain.len(), 1);
    assert_eq!(table.terrain[0].kind, AreaKind::Hill);
    h.get_by_label("Выбор").click();
    h.run();
    h.get_by_label("Cuirassiers").click();
    h.run();
    click_at(&mut h, 40.0, 35.0);
    let u = h.state().game.battle().unit(CUIRASSIERS).unwrap().clone();
    assert_eq!(u.terrain, coldsteel::rules::Terrain::Hill, "placed inside the hill");
    let scene = coldsteel::report::map::scene(h.state().game.battle(), Lang::Ru, Default::default());
    let svg = coldsteel::report::map::svg(&scene);
    let hill = coldsteel::report::map::print_colour(coldsteel::report::map::Ink::Terrain(AreaKind::Hill));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains(">Cuirassiers</text>"), "the unit's label");
    assert!(svg.contains(&format!("fill=\"#{:02x}{:02x}{:02x}\"", hill.0, hill.1, hill.2)), "the hill");
}

/// Export SVG… writes the view as it is, the selected unit's sector with it, through the
/// path prompt where no file dialog runs.
#[test]
fn export_svg_writes_the_view_with_the_sector() {
    let mut b = common::ex4_on_a_table();
    b.units[0].place = Some(coldsteel::model::Placement { x_mm: 500, y_mm: 400, facing_deg: 90 });
    let mut h = harness(common::game_at(b, Phase::Charges), Lang::En);
    click_at(&mut h, 50.0, 40.0);
    assert_eq!(h.state().selection, coldsteel::ui::Selection::Unit(CUIRASSIERS));
    h.get_by_label("Export SVG…").click();
    h.run();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("table.svg");
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "File path").type_text(path.to_str().unwrap());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let svg = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}: {:?}", h.state().message));
    let sector = coldsteel::report::map::print_colour(coldsteel::report::map::Ink::Sector);
    assert!(svg.contains(&format!("stroke=\"#{:02x}{:02x}{:02x}\"", sector.0, sector.1, sector.2)), "the sector");
    assert!(svg.contains(">Cuirassiers</text>"));
}

/// The selected unit's handle, ahead of its front edge, turns it to face the pointer.
#[test]
fn the_handle_turns_a_unit_towards_the_pointer() {
    let mut b = common::ex4_on_a_table();
    b.units[0].place = Some(coldsteel::model::Placement { x_mm: 500, y_mm: 400, facing_deg: 90 });
    let mut h = harness(common::game_at(b, Phase::Charges), Lang::En);
    click_at(&mut h, 50.0, 40.0);
    // Facing east: the handle stands 16 points to the right of the front edge's middle.
    let handle = screen(&h, 53.0, 40.0) + egui::vec2(16.0, 0.0);
    let north = screen(&h, 50.0, 70.0);
    drag_on_screen(&mut h, handle, north);
    assert_eq!(place_of(&h, CUIRASSIERS), (50.0, 40.0, 0), "turned about its centre to face north");
    h.state_mut().game.undo().unwrap();
    assert_eq!(place_of(&h, CUIRASSIERS).2, 90);
}

/// Ruleset B from the table: the collision test opens with the face struck and the
/// distance the attack began at, from the table.
#[test]
fn ruleset_b_attack_from_the_table() {
    let mut b = common::ex4_on_a_table();
    b.ruleset = coldsteel::rules::Ruleset::RulesetB;
    b.options.ruleset_b.attack_distances = vec![(coldsteel::rules::Arm::Cuirassiers, 20)];
    b.units[0].place = Some(coldsteel::model::Placement { x_mm: 500, y_mm: 400, facing_deg: 90 });
    b.units[1].place = Some(coldsteel::model::Placement { x_mm: 770, y_mm: 400, facing_deg: 0 });
    let mut h = harness(common::game_at(b, Phase::Charges), Lang::En);
    click_at(&mut h, 50.0, 40.0);
    h.event(Event::PointerMoved(screen(&h, 50.0, 60.0)));
    key(&mut h, Key::C);
    click_at(&mut h, 77.0, 40.0);
    assert!(h.state().wizard.is_some(), "the collision wizard opened");
    h.get_by_label_contains("strikes the flank");
    assert_eq!(h.get_by_label("Struck in 2").value().as_deref(), Some("Flank"));
    let start = h.get_all_by_role(Role::TextInput).find(|n| n.value().as_deref() == Some("18"));
    assert!(start.is_some(), "the attack began 18 cm out");
    // Escape is the wizard's, not the table's, while the wizard is open.
    key(&mut h, Key::Escape);
    assert!(h.state().wizard.is_none(), "Escape closed the wizard");
}

/// Issue 27: a unit the game stopped at the table's edge is asked about in the checklist,
/// with two named answers, in both languages; the answer is a journaled action.
#[test]
fn the_checklist_asks_what_a_unit_at_the_edge_does() {
    use coldsteel::game::Action;
    use coldsteel::i18n::T;
    use coldsteel::rules::gdb::charge::{FollowUp, Input, Reaction, TestResult};
    for (lang, leaves) in [(Lang::En, true), (Lang::Ru, false)] {
        let mut g = common::game_at(common::ex4_on_a_table(), Phase::Charges);
        let place = |x_mm, facing_deg| Some(coldsteel::model::Placement { x_mm, y_mm: 400, facing_deg });
        g.perform(&Action::PlaceUnit { unit: CUIRASSIERS, place: place(1500, 90) }).unwrap();
        g.perform(&Action::PlaceUnit { unit: DRAGOONS, place: place(1740, 270) }).unwrap();
        let inputs = vec![
            Input::Reaction(Reaction::Stand),
            Input::ChargerTest(TestResult::Pass.into()),
            Input::StandTest(TestResult::Retreat.into()),
            Input::FollowUp(FollowUp::Stop),
        ];
        let a = common::charge_from_table(&g, CUIRASSIERS, DRAGOONS, inputs);
        common::do_charge(&mut g, a);
        let mut h = harness(g, lang);
        h.get_by_label_contains(&lang.fmt(T::TodoAtTheEdge, &[&"Dragoons"]));
        let answer = if leaves { T::LeavesBattle } else { T::StaysAtEdge };
        h.get_by_role_and_label(Role::Button, lang.t(answer)).click();
        h.run();
        let d = h.state().game.battle().unit(DRAGOONS).unwrap();
        assert_eq!(!d.order.in_play(), leaves, "{lang:?}");
        assert!(h.query_by_label(lang.t(T::StaysAtEdge)).is_none(), "{lang:?}: answered");
    }
}

/// Issue 30: the ruler measures with two clicks as with a drag: the first click fixes the
/// start, the second the end.
#[test]
fn the_ruler_measures_with_two_clicks() {
    let mut h = harness(common::game_at(common::ex4_on_a_table(), Phase::Charges), Lang::En);
    h.get_by_label("Ruler").click();
    h.run();
    click_at(&mut h, 20.0, 20.0);
    click_at(&mut h, 50.0, 60.0);
    let (from, to) = h.state().table_view.ruler().expect("a measure");
    let length = ((to.x - from.x).powi(2) + (to.y - from.y).powi(2)).sqrt();
    assert!((length - 50.0).abs() < 0.5, "{from:?} to {to:?}: {length} cm");
    // A drag still measures.
    drag(&mut h, (10.0, 10.0), (10.0, 40.0));
    let (from, to) = h.state().table_view.ruler().expect("a measure");
    assert!(((to.y - from.y) - 30.0).abs() < 0.5 && (to.x - from.x).abs() < 0.5, "{from:?} to {to:?}");
}

/// Issue 44: a unit dropped on the table before its arm has a basing row opens the basing
/// table with a row for that arm (sizes from the last row), and is placed where it was
/// dropped once the table is applied; a basing table closed unapplied places nothing.
#[test]
fn a_unit_without_a_basing_row_is_placed_once_the_row_is_applied() {
    let mut battle = common::ex4_on_a_table();
    battle.options.basing.retain(|r| r.arm != coldsteel::rules::Arm::Dragoons);
    let mut h = harness(common::game_at(battle, Phase::Charges), Lang::En);
    h.get_by_label("Dragoons").click();
    h.run();
    click_at(&mut h, 77.0, 40.0);
    assert!(matches!(h.state().modal, coldsteel::ui::Modal::Settings(_)), "the basing table opens");
    assert!(h.state().game.battle().unit(DRAGOONS).unwrap().place.is_none());
    // The new row is the dragoons': "Dragoons" is the arm of the basing table's second row.
    let arm = h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Type 2");
    assert_eq!(arm.value().as_deref(), Some("Dragoons"));
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Apply").click();
    h.run();
    let (x, y, facing) = place_of(&h, DRAGOONS);
    assert!((x - 77.0).abs() < 0.5 && (y - 40.0).abs() < 0.5, "placed where it was dropped: ({x}, {y})");
    assert_eq!(facing, 180);
    assert_eq!(h.state().selection, coldsteel::ui::Selection::Unit(DRAGOONS));
}

/// Issue 44: on the Table tab the charge wizard docks in the side panel: no window covers
/// the table, both pieces stay in sight left of the wizard, and the wizard answers there.
#[test]
fn on_the_table_tab_the_wizard_docks_beside_the_table() {
    let mut g = common::game_at(common::ex4_on_a_table(), Phase::Charges);
    for (unit, x_mm, facing_deg) in [(CUIRASSIERS, 500, 90), (DRAGOONS, 770, 0)] {
        let place = coldsteel::model::Placement { x_mm, y_mm: 400, facing_deg };
        g.perform(&coldsteel::game::Action::PlaceUnit { unit, place: Some(place) }).unwrap();
    }
    let mut h = harness(g, Lang::En);
    click_at(&mut h, 50.0, 40.0);
    h.event(Event::PointerMoved(screen(&h, 50.0, 60.0)));
    key(&mut h, Key::C);
    click_at(&mut h, 77.0, 40.0);
    assert!(h.state().wizard.is_some(), "the charge wizard opened");
    assert!(h.query_by_role(Role::Window).is_none(), "no window over the table");
    let field = h.get_by_role_and_label(Role::TextInput, "Distance (cm)").rect();
    for (x, y) in [(50.0, 40.0), (77.0, 40.0)] {
        let at = screen(&h, x, y);
        assert!(at.x < field.left(), "the piece at ({x}, {y}) is left of the docked wizard: {at:?} {field:?}");
    }
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().wizard.is_none());
}

/// Issue 46: a whole order of battle off the table (2,000 units) lists only the rows in
/// sight, one line each, and a row still selects its unit; the drawn table is kept from
/// frame to frame and drawn again once the battle changes.
#[test]
fn a_long_list_off_the_table_draws_only_the_rows_in_sight() {
    use coldsteel::model::TableSetup;
    let mut battle = coldsteel::model::large_battles::stress_battle(2_000, 0);
    battle.table = Some(TableSetup::new(600, 300));
    let mut h = harness(Game::new(battle), Lang::En);
    let listed = h.query_all_by_label_contains("Unit ").count();
    assert!((5..100).contains(&listed), "{listed} rows drawn of 2,000");
    h.get_by_label("Unit 1").click();
    h.run();
    assert_eq!(h.state().selection, coldsteel::ui::Selection::Unit(UnitId(1)));
    let stamp = h.state().game.stamp();
    h.run();
    assert_eq!(h.state().game.stamp(), stamp, "a frame changes nothing");
    let mut unit = h.state().game.battle().unit(UnitId(1)).cloned().unwrap();
    unit.name = "Renamed".into();
    h.state_mut().game.perform(&coldsteel::game::Action::EditUnit(unit)).unwrap();
    assert_ne!(h.state().game.stamp(), stamp, "an action changes the stamp");
    h.run();
    assert!(h.query_by_label("Unit 1").is_none(), "the list follows the battle");
    assert!(h.query_all_by_label("Renamed").count() >= 1);
}
