//! UI flows driven by labels through egui_kittest, without a renderer.

use crate::common;

use coldsteel::i18n::Lang;
use coldsteel::rules::{Marker, Order};
use coldsteel::storage;
use coldsteel::ui::{CsApp, Selection};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn harness(lang: Lang) -> Harness<'static, CsApp> {
    let app = CsApp::new(storage::default_game().unwrap(), lang);
    Harness::builder().with_size(egui::vec2(1280.0, 2400.0)).build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app)
}

fn unit_named<'a>(app: &'a CsApp, name: &str) -> &'a coldsteel::model::Unit {
    app.game.battle().units.iter().find(|u| u.name == name).unwrap()
}

#[test]
fn select_a_unit_and_set_it_disordered() {
    let mut h = harness(Lang::En);
    h.run();
    let before = h.state().game.battle().clone();
    let steps = h.state().game.history().done.len();
    h.get_by_label("1st Voltigeurs of the Guard").click();
    h.run();
    let id = unit_named(h.state(), "1st Voltigeurs of the Guard").id;
    assert_eq!(h.state().selection, Selection::Unit(id));
    h.get_by_label("Disordered").click();
    h.run();
    let battle = h.state().game.battle();
    assert_ne!(battle, &before);
    assert_eq!(battle.unit(id).unwrap().order, Order::Disordered);
    assert_eq!(h.state().game.history().done.len(), steps + 1);
}

#[test]
fn undo_and_redo_from_the_keyboard_change_the_roster() {
    let mut h = harness(Lang::En);
    h.run();
    h.get_by_label("Sumy Hussars").click();
    h.run();
    h.get_by_label("Wavering").click();
    h.run();
    let id = unit_named(h.state(), "Sumy Hussars").id;
    assert_eq!(h.state().game.battle().unit(id).unwrap().order, Order::Wavering);
    // The roster now shows a Wavering badge besides the editor's button.
    assert_eq!(h.query_all_by_label("Wavering").count(), 2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().game.battle().unit(id).unwrap().order, Order::Formed);
    assert_eq!(h.query_all_by_label("Wavering").count(), 1);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(h.state().game.battle().unit(id).unwrap().order, Order::Wavering);
}

#[test]
fn markers_toggle_and_show_as_badges() {
    let mut h = harness(Lang::En);
    h.run();
    h.get_by_label("Kiev Dragoons").click();
    h.run();
    h.get_by_label("Pursuing").click();
    h.run();
    let unit = unit_named(h.state(), "Kiev Dragoons");
    assert!(unit.markers.contains(&Marker::Pursuing));
}

#[test]
fn figures_above_start_are_refused_inline() {
    let mut h = harness(Lang::En);
    h.run();
    h.get_by_label("Ladoga Infantry").click();
    h.run();
    let before = h.state().game.battle().clone();
    h.get_by_role_and_label(Role::TextInput, "Figures now").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "Figures now").type_text("30");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().game.battle(), &before, "nothing changed");
    // The reason sits right under the fields, and the field shows the value kept.
    let reason = h.get_by_label_contains("more than the 24 at the start").rect();
    let field = h.get_by_role_and_label(Role::TextInput, "Figures at start").rect();
    assert!(reason.top() >= field.bottom() && reason.top() - field.bottom() < 30.0, "{reason:?} under {field:?}");
    let kept = h.state().game.battle().units.iter().find(|u| u.name == "Ladoga Infantry").unwrap().figures;
    let shown = h.get_by_role_and_label(Role::TextInput, "Figures now").accesskit_node().value().map(|v| v.to_string());
    assert_eq!(shown, Some(kept.to_string()), "the rejected text is not left in the field");
    // Letters are refused too.
    h.get_by_role_and_label(Role::TextInput, "Figures now").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "Figures now").type_text("abc");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().game.battle(), &before, "nothing changed");
    h.get_by_label_contains("whole number");
}

#[test]
fn an_empty_name_is_refused() {
    let mut h = harness(Lang::En);
    h.run();
    h.get_by_label("Kiev Dragoons").click();
    h.run();
    let before = h.state().game.battle().clone();
    h.get_by_role_and_label(Role::TextInput, "Name").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.key_press(Key::Backspace);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().game.battle(), &before);
    h.get_by_label_contains("may not be empty");
}

#[test]
fn duplicate_adds_a_copy_in_the_same_brigade() {
    let mut h = harness(Lang::En);
    h.run();
    h.get_by_label("Poltava Infantry").click();
    h.run();
    h.get_by_label("Copy this unit").click();
    h.run();
    let copies: Vec<_> = h.state().game.battle().units.iter().filter(|u| u.name == "Poltava Infantry").collect();
    assert_eq!(copies.len(), 2);
    assert_eq!(copies[0].brigade, copies[1].brigade);
    assert_eq!(h.state().selection, Selection::Unit(copies[1].id));
}

/// The whole screen, the status line's last message among it: said in English, it is
/// reworded in Russian, not left in the language it was said in.
#[test]
fn language_switch_changes_the_whole_screen() {
    let mut h = harness(Lang::En);
    h.run();
    h.get_by_label("Sumy Hussars").click();
    h.run();
    h.get_by_label("Disordered").click();
    h.run();
    h.get_by_label("Undo").click();
    h.run();
    assert!(h.query_all_by_label_contains("Undone: ").count() >= 1, "the undo said in English");
    h.get_by_label("Русский").click();
    h.run();
    assert_eq!(h.state().lang, Lang::Ru);
    assert!(h.query_all_by_label("Сумской гусарский полк").count() >= 1);
    h.get_by_label("Отменить");
    assert!(h.query_all_by_label_contains("Французская императорская гвардия").count() >= 1);
    assert!(h.query_by_label("Undo").is_none());
    assert!(h.query_all_by_label_contains("Undone: ").next().is_none(), "no English left in the status line");
    let said = h.query_all_by_label_contains("Отменено: ").count();
    assert!(said >= 1, "the undo reworded in Russian");
}

#[test]
fn russian_screen_uses_the_seed_vocabulary() {
    let mut h = harness(Lang::Ru);
    h.run();
    h.get_by_label("Екатеринославский кирасирский полк").click();
    h.run();
    h.get_by_label("Расстроен").click();
    h.run();
    let unit = unit_named(h.state(), "Ekaterinoslav Cuirassiers");
    assert_eq!(unit.order, Order::Disordered);
    assert!(h.query_all_by_label("В строю").count() >= 1);
    h.get_by_label("Колеблющийся");
    assert!(h.query_all_by_label_contains("Кирасиры").count() >= 1);
}

#[test]
fn brigades_fold_and_out_of_play_units_unfold() {
    let mut h = harness(Lang::En);
    h.run();
    let unit = "1st Voltigeurs of the Guard";
    let brigade = {
        let b = h.state().game.battle();
        let u = unit_named(h.state(), unit);
        b.brigade(u.brigade.unwrap()).unwrap().name.clone()
    };
    h.get_by_label(&brigade).click();
    h.run();
    assert!(h.query_by_label(unit).is_none(), "a folded brigade hides its units");
    h.get_by_label(&brigade).click();
    h.run();
    assert!(h.query_by_label(unit).is_some(), "unfolded again");
    // A destroyed unit leaves its brigade for the folded out-of-play group.
    h.get_by_label(unit).click();
    h.run();
    h.get_by_label("Destroyed").click();
    h.run();
    let id = unit_named(h.state(), unit).id;
    assert_eq!(h.state().game.battle().unit(id).unwrap().order, Order::Destroyed);
    h.state_mut().selection = Selection::None;
    h.run();
    assert!(h.query_by_label(unit).is_none(), "out of play starts folded");
    h.get_by_label("Out of play (1)").click();
    h.run();
    assert!(h.query_by_label(unit).is_some(), "unfolding shows the destroyed unit");
}

#[test]
fn show_in_the_checklist_unfolds_and_scrolls_to_the_unit() {
    let mut battle = storage::default_game().unwrap().battle().clone();
    let last = battle.units.iter().rposition(|u| u.side == coldsteel::rules::Side::Second).unwrap();
    battle.units[last].order = Order::Wavering;
    battle.phase = coldsteel::rules::Phase::Morale;
    battle.phasing = Some(coldsteel::rules::Side::First);
    let (name, id, brigade) = (battle.units[last].name.clone(), battle.units[last].id, battle.units[last].brigade);
    let brigade_name = brigade.and_then(|b| battle.brigade(b)).map(|b| b.name.clone());
    let app = CsApp::new(coldsteel::game::Game::new(battle), Lang::En);
    // A laptop's height: the roster draws only the rows in view.
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    if let Some(b) = brigade_name.as_deref().filter(|b| h.query_by_label(b).is_some()) {
        h.get_by_label(b).click();
        h.run();
    }
    assert!(h.query_by_role_and_label(Role::Button, &name).is_none(), "the unit starts out of view");
    h.get_by_label("Show").click();
    h.run();
    h.run();
    assert_eq!(h.state().selection, Selection::Unit(id));
    // The editor shows the name as a heading; the roster's row is a button.
    assert!(h.query_by_role_and_label(Role::Button, &name).is_some(), "the roster scrolled to {name}");
}

#[test]
fn the_roster_has_column_headers_aligned_with_its_rows() {
    let mut h = harness(Lang::Ru);
    h.run();
    for (header, cell) in [("Род войск", "Пехота · Гвардия"), ("Фигуры", "24 / 24 фиг.")]
    {
        let header = h.query_all_by_label(header).next().unwrap().rect();
        let cell = h.query_all_by_label(cell).next().unwrap().rect();
        assert!((header.left() - cell.left()).abs() < 2.0, "{header:?} above {cell:?}");
        assert!(header.bottom() <= cell.top(), "the header is above the rows");
    }
}

/// From a 1600-px window the two sides stand side by side, each scrolling on its own;
/// narrower, one above the other.
#[test]
fn the_sides_stand_side_by_side_on_a_wide_window() {
    let rect = |size: egui::Vec2, name: &str| {
        let app = CsApp::new(storage::default_game().unwrap(), Lang::En);
        let mut h = Harness::builder().with_size(size).build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
        h.run();
        h.query_by_label(name).map(|n| n.rect())
    };
    let wide = egui::vec2(1600.0, 900.0);
    // The first unit of each side's first brigade.
    let (first, second) = ("1st Tirailleurs of the Guard", "Ekaterinoslav Cuirassiers");
    let (french, russian) = (rect(wide, first).unwrap(), rect(wide, second).unwrap());
    assert_eq!(french.top(), russian.top(), "both sides' first rows on one line");
    assert!(russian.left() > french.right() + 200.0, "{french:?} {russian:?}");
    let laptop = egui::vec2(1280.0, 800.0);
    let french = rect(laptop, first).unwrap();
    // The second side is below the first, out of view or lower down.
    assert!(rect(laptop, second).is_none_or(|russian| russian.top() > french.bottom()));
}

/// Issue 30: a unit's row keeps its height when its markers come and go (as they expire
/// at Next phase), so the rows below stay under the pointer.
#[test]
fn rows_keep_their_places_when_markers_come_and_go() {
    let mut h = harness(Lang::En);
    h.run();
    let below = |h: &Harness<'static, CsApp>| h.get_by_label("Flanqueurs-Chasseurs").rect();
    let before = below(&h);
    let mut unit = unit_named(h.state(), "1st Tirailleurs of the Guard").clone();
    unit.markers.insert(Marker::InMelee);
    unit.markers.insert(Marker::WasCharged);
    h.state_mut().game.perform(&coldsteel::game::Action::EditUnit(unit.clone())).unwrap();
    h.run();
    assert_eq!(below(&h), before, "a unit given markers moved the rows below it");
    unit.markers.clear();
    h.state_mut().game.perform(&coldsteel::game::Action::EditUnit(unit)).unwrap();
    h.run();
    assert_eq!(below(&h), before, "a unit's markers expiring moved the rows below it");
}

/// Issue 30: a number typed into the rules settings outside its range is refused, with the
/// range beside the field, and the value kept (it had been clamped silently: −3 became 1).
#[test]
fn a_setting_out_of_its_range_is_refused_not_clamped() {
    use coldsteel::i18n::T;
    for lang in [Lang::En, Lang::Ru] {
        let app = CsApp::new(storage::default_game().unwrap(), lang);
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
        h.run();
        let kept = h.state().game.battle().options.gdb.square_break_margin;
        h.get_by_label(&lang.fmt(T::RulesButton, &[&lang.t(T::RulesetGdbShort)])).click();
        h.run();
        let field = lang.t(T::OptSquareMargin);
        h.get_by_role_and_label(Role::SpinButton, field).click();
        h.run();
        h.get_by_role_and_label(Role::SpinButton, field).type_text("-3");
        h.key_press(Key::Enter);
        h.run();
        let said = lang.fmt(T::OutOfRangeKept, &[&-3.0, &1.0, &20.0, &f64::from(kept)]);
        h.get_by_label(&said);
        h.get_by_role_and_label(Role::Button, lang.t(T::Apply)).click();
        h.run();
        assert_eq!(h.state().game.battle().options.gdb.square_break_margin, kept, "{lang:?}");
    }
}

/// Issue 44: before the battle begins, a unit's two counts move together: 12 typed into
/// "Figures at start" of a new 24-figure unit makes both 12, with no refusal; once the
/// first game action is logged (the initiative), the start changes alone. In both
/// languages.
#[test]
fn a_new_units_counts_move_together_until_the_battle_begins() {
    use coldsteel::i18n::T;
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(lang);
        h.run();
        h.get_by_role_and_label(Role::Button, lang.t(T::AddUnit)).click();
        h.run();
        let Selection::Unit(id) = h.state().selection else { panic!("{lang:?}: the new unit is selected") };
        let unit = |h: &Harness<'static, CsApp>| h.state().game.battle().unit(id).unwrap().clone();
        assert_eq!((unit(&h).figures, unit(&h).figures_start), (24, 24), "{lang:?}");
        common::layout::retype(&mut h, lang.t(T::FiguresStart), "12");
        assert_eq!((unit(&h).figures, unit(&h).figures_start), (12, 12), "{lang:?}: both counts");
        assert!(h.state().message.as_ref().is_none_or(|m| !m.error), "{lang:?}: {:?}", h.state().message);
        // One undo step brings both back.
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        h.run();
        assert_eq!((unit(&h).figures, unit(&h).figures_start), (24, 24), "{lang:?}: undone together");
        let initiative = coldsteel::game::Action::Initiative {
            dice: coldsteel::rules::BySide { first: crate::common::d6([6, 5]), second: crate::common::d6([1, 1]) },
            phasing: coldsteel::rules::Side::First,
            rng_after: None,
        };
        h.state_mut().game.perform(&initiative).unwrap();
        h.run();
        common::layout::retype(&mut h, lang.t(T::FiguresStart), "30");
        assert_eq!((unit(&h).figures, unit(&h).figures_start), (24, 30), "{lang:?}: the battle has begun");
    }
}

/// Issue 45: a value typed again, the same as it was, changes nothing and says nothing:
/// no red "Not changed: nothing to change", no step in the history, in both languages.
#[test]
fn a_value_typed_again_says_nothing() {
    use coldsteel::i18n::T;
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(lang);
        h.run();
        let ladoga = h.state().game.battle().units.iter().find(|u| u.name == "Ladoga Infantry").unwrap().clone();
        h.get_by_label(ladoga.display_name(lang == Lang::Ru)).click();
        h.run();
        let steps = h.state().game.history().done.len();
        // The same values, written otherwise: a space after the name, a nought before a count.
        let again = [
            (T::Name, format!("{} ", ladoga.name)),
            (T::FiguresNow, format!("0{}", ladoga.figures)),
            (T::FiguresStart, format!("0{}", ladoga.figures_start)),
        ];
        for (field, value) in again {
            let field = lang.t(field);
            h.get_by_role_and_label(Role::TextInput, field).click();
            h.run();
            h.key_press_modifiers(Modifiers::COMMAND, Key::A);
            h.get_by_role_and_label(Role::TextInput, field).type_text(&value);
            h.run();
            h.key_press(Key::Enter);
            h.run();
        }
        assert_eq!(h.state().game.history().done.len(), steps, "{lang:?}: no step");
        let refused = lang.fmt(T::Refused, &[&""]);
        assert!(h.query_by_label_contains(refused.trim()).is_none(), "{lang:?}: no refusal shown");
        assert!(h.state().message.is_none(), "{lang:?}: {:?}", h.state().message);
    }
}

/// Issue 45: the log hides roster edits by default, and a battle set up in the window
/// began its log at 37; the edits before the first entry shown are a row of their own,
/// their numbers and count, which shows them when clicked. In both languages.
#[test]
fn the_log_says_which_entries_it_hides_and_shows_them_on_a_click() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(lang);
        h.run();
        let b = h.state().game.battle();
        let edits = b.log.iter().take_while(|e| matches!(e.detail, coldsteel::model::LogDetail::Edit { .. })).count();
        assert!(edits > 30, "the default battle's roster is set up in its log: {edits}");
        let numbers = format!("{:>4}–{edits}", 1);
        let count = lang.count(edits, coldsteel::i18n::Noun::RosterEdit);
        let row = lang.fmt(coldsteel::i18n::T::LogEditsHidden, &[&numbers, &count]);
        h.get_by_label(&row).click();
        h.run();
        assert!(h.state().log_view.show_edits, "{lang:?}: the edits are shown");
        assert!(h.query_by_label(&row).is_none(), "{lang:?}");
        assert!(h.query_by_label_contains("   1  ").is_some(), "{lang:?}: entry 1 in sight");
    }
}
