//! The charge wizard driven by labels: a charge on a column that forms square, through
//! contact to the melee and its result; Cancel at every step; typed and app dice; and a
//! Ruleset B collision ending in flight.

use crate::common;

use coldsteel::game::{Action, Game};
use coldsteel::i18n::Lang;
use coldsteel::model::LogDetail;
use coldsteel::rules::{Formation, Marker, Phase, Ruleset};
use coldsteel::storage;
use coldsteel::ui::CsApp;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn game_at(phase: Phase) -> Game {
    common::default_at(phase)
}

fn harness(game: Game) -> Harness<'static, CsApp> {
    let app = common::app_without_rates_form(game, Lang::En);
    Harness::builder().with_size(egui::vec2(1280.0, 2800.0)).build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app)
}

fn type_into(h: &mut Harness<'static, CsApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, label).type_text(text);
    h.run();
}

fn unit<'a>(h: &'a Harness<'static, CsApp>, name: &str) -> &'a coldsteel::model::Unit {
    h.state().game.battle().units.iter().find(|u| u.name == name).unwrap()
}

/// Opens the charge wizard of the Grenadiers à cheval on the Ladoga Infantry (a column)
/// and fills the declaration.
fn declare(h: &mut Harness<'static, CsApp>) {
    h.get_by_label("Grenadiers à cheval").click();
    h.run();
    h.key_press(Key::C);
    h.run();
    assert!(h.state().picking.is_some(), "C starts a charge");
    h.get_by_label("Ladoga Infantry").click();
    h.run();
    assert!(h.state().wizard.is_some());
    type_into(h, "Distance (cm)", "20");
    type_into(h, "Full charge move of Grenadiers à cheval (cm)", "36");
    h.get_by_label("A commander is within 15 cm").click();
    h.run();
}

#[test]
fn a_charge_on_a_column_that_forms_square_then_the_melee() {
    let mut h = harness(game_at(Phase::Charges));
    h.run();
    declare(&mut h);
    common::layout::declare_then_none(&mut h);
    // The reaction: form square; line infantry may not evade (shown disabled).
    assert!(h.get_by_label("Evade").accesskit_node().is_disabled());
    h.get_by_label("Change formation").click();
    h.run();
    h.get_by_label_contains("Move Grenadiers à cheval 10 cm towards Ladoga Infantry");
    h.get_by_label("Passed").click();
    h.run();
    h.get_by_label_contains("tests as disordered");
    h.get_by_label("Passed").click();
    h.run();
    h.get_by_label_contains("into base contact");
    h.get_by_label("Apply").click();
    h.run();
    assert!(h.state().wizard.is_none());
    assert_eq!(unit(&h, "Ladoga Infantry").formation, Formation::Square);
    assert!(unit(&h, "Grenadiers à cheval").markers.contains(&Marker::ChargedThisTurn));
    assert_eq!(h.state().game.battle().pending_melees().count(), 1);
    assert!(matches!(h.state().game.battle().log.last().unwrap().detail, LogDetail::Charge { .. }));

    // The melee phase: Fight… opens the melee wizard.
    for _ in 0..3 {
        h.get_by_label("Next phase ›").click();
        h.run();
    }
    assert_eq!(h.state().game.battle().phase, Phase::Melee);
    h.get_by_label("Fight…").click();
    h.run();
    h.get_by_label_contains("GDB-MOD-23");
    h.get_by_label("Next").click();
    h.run();
    type_into(&mut h, "Grenadiers à cheval", "66");
    type_into(&mut h, "Ladoga Infantry", "11");
    h.get_by_label("Next").click();
    h.run();
    // Guard heavy cavalry +4 +2 +2 +1 (good horses) = +9: 21; the square +2 +4 +2 (2:1) = +8: 10; broken by 11.
    h.get_by_label_contains("Square broken");
    type_into(&mut h, "Figures lost by Grenadiers à cheval", "0");
    type_into(&mut h, "Figures lost by Ladoga Infantry", "4");
    // The winner's Pursuit Test is taken with the melee (GDB-RES-02): Apply waits for it.
    assert!(h.get_by_label("Apply").accesskit_node().is_disabled());
    h.get_by_label("Passed").click();
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    let ladoga = unit(&h, "Ladoga Infantry");
    assert!(ladoga.markers.contains(&Marker::Retreating));
    assert_eq!(ladoga.figures, 20);
    assert!(h.state().game.battle().pending_melees().next().is_none());
    let last = h.state().game.battle().log.last().unwrap();
    let LogDetail::GdbMelee { result, .. } = &last.detail else { panic!("{last:?}") };
    assert_eq!((result.attacker_total, result.defender_total), (21, 10));
}

#[test]
fn cancel_at_any_step_leaves_the_battle_byte_identical() {
    let start = game_at(Phase::Charges);
    // Steps reached before cancelling: 0 declaration, 1 reaction, 2 charger's test, 3 stand
    // test, 4 apply. From the reaction on, the charge is declared and both sides' declarations
    // closed (GDB-CHG-03): cancelling leaves the battle as it was once they were.
    for steps in 0..5usize {
        let mut h = harness(start.clone());
        h.run();
        declare(&mut h);
        let mut before = storage::to_json(&start);
        if steps > 0 {
            common::layout::declare_then_none(&mut h);
            before = storage::to_json(&h.state().game);
        }
        let clicks = ["Change formation", "Passed", "Passed"];
        for label in clicks.iter().take(steps.saturating_sub(1)) {
            h.get_by_label(label).click();
            h.run();
        }
        if steps % 2 == 0 {
            h.key_press(Key::Escape);
        } else {
            h.get_by_label("Cancel").click();
        }
        h.run();
        assert!(h.state().wizard.is_none(), "closed after {steps} steps");
        assert_eq!(storage::to_json(&h.state().game), before, "changed after cancelling at step {steps}");
    }
}

/// The game brought to the Melee phase with a charge by `a` on `d` in contact (10 cm).
fn melee_pending(mut g: Game, a: coldsteel::model::UnitId, d: coldsteel::model::UnitId) -> Game {
    let contact = coldsteel::model::Engagement::contact(a, d).charged(Some(10));
    g.perform(&Action::AddPendingMelee(contact)).unwrap();
    while g.battle().phase != Phase::Melee {
        g.perform(&Action::AdvancePhase).unwrap();
    }
    g
}

/// A harness in the Melee phase with a pending melee of units 9 and 18, its wizard open
/// on the dice step; returns the harness and the two names.
fn melee_dice_step() -> (Harness<'static, CsApp>, (String, String)) {
    let g = game_at(Phase::Charges);
    let (a, d) = (g.battle().units[8].id, g.battle().units[17].id);
    let mut h = harness(melee_pending(g, a, d));
    h.run();
    h.get_by_label("Fight…").click();
    h.run();
    h.get_by_label("Next").click();
    h.run();
    let names = (h.state().game.battle().units[8].name.clone(), h.state().game.battle().units[17].name.clone());
    (h, names)
}

fn melee_with(dice: Option<(&str, &str)>) -> LogDetail {
    let (mut h, names) = melee_dice_step();
    match dice {
        Some((x, y)) => {
            type_into(&mut h, &names.0, x);
            type_into(&mut h, &names.1, y);
        }
        None => {
            h.get_by_label("Roll for me").click();
            h.run();
        }
    }
    h.get_by_label("Next").click();
    h.run();
    type_into(&mut h, &format!("Figures lost by {}", names.0), "1");
    type_into(&mut h, &format!("Figures lost by {}", names.1), "1");
    if let Some(passed) = h.query_by_label("Passed") {
        passed.click();
        h.run();
    }
    h.get_by_label("Apply").click();
    h.run();
    h.state().game.battle().log.last().unwrap().detail.clone()
}

#[test]
fn typed_dice_and_app_dice_give_the_same_result() {
    let LogDetail::GdbMelee { result: rolled, .. } = melee_with(None) else { panic!() };
    let typed_a = format!("{}{}", rolled.attacker_dice[0], rolled.attacker_dice[1]);
    let typed_d = format!("{} {}", rolled.defender_dice[0], rolled.defender_dice[1]);
    let LogDetail::GdbMelee { result: typed, .. } = melee_with(Some((&typed_a, &typed_d))) else { panic!() };
    assert_eq!(rolled, typed);
}

#[test]
fn bad_typed_dice_are_refused_inline() {
    let (mut h, names) = melee_dice_step();
    type_into(&mut h, &names.0, "7a");
    h.get_by_label("not accepted: 7 is not a face of the D6");
    h.key_press(Key::Backspace);
    h.key_press(Key::Backspace);
    h.run();
    type_into(&mut h, &names.0, "3");
    h.get_by_label("not accepted: expected 2 dice, got 1 die");
    assert!(h.get_by_label("Next").accesskit_node().is_disabled(), "the step does not advance");
    assert!(h.state().game.battle().log.iter().all(|e| !matches!(e.detail, LogDetail::GdbMelee { .. })));
}

/// The default battle under Ruleset B, in its Charge phase (through the game's actions):
/// the Ekaterinoslav Cuirassiers attack the Guard Chasseurs à cheval, the collision test
/// open.
fn cuirassiers_attack_chasseurs() -> Harness<'static, CsApp> {
    let mut g = storage::default_game().unwrap();
    let options = g.battle().options.clone();
    g.perform(&Action::SetOptions(Box::new((Ruleset::RulesetB, options)))).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    assert_eq!(g.battle().phase, Phase::Charges);
    let mut h = harness(g);
    h.run();
    h.get_by_label("Ekaterinoslav Cuirassiers").click();
    h.run();
    h.get_by_label("Charge…").click();
    h.run();
    h.get_by_label("Guard Chasseurs à cheval").click();
    h.run();
    h
}

#[test]
fn a_ruleset_b_collision_that_ends_in_flight() {
    let mut h = cuirassiers_attack_chasseurs();
    // Cuirassiers: attacking +1, cuirassiers +1 = +2 with a 5 → 7; chasseurs (status A +1) with a 2 → 3.
    type_into(&mut h, "Ekaterinoslav Cuirassiers", "5");
    type_into(&mut h, "Guard Chasseurs à cheval", "2");
    h.get_by_label("Next").click();
    h.run();
    h.get_by_label_contains("flees 7 cm");
    h.get_by_label("Apply").click();
    h.run();
    let chasseurs = unit(&h, "Guard Chasseurs à cheval");
    assert!(chasseurs.markers.contains(&Marker::Retreating));
    assert!(matches!(h.state().game.battle().log.last().unwrap().detail, LogDetail::BCollision { .. }));
    let _ = Modifiers::NONE;
}

/// With the players' tables filled, the wizard pre-fills the charge move and rolls the
/// charge test on the table, logging the row used.
#[test]
fn the_wizard_uses_the_players_tables() {
    use coldsteel::rules::Arm;
    use coldsteel::rules::options::DistanceRow;
    let mut g = game_at(Phase::Charges);
    let mut options = g.battle().options.clone();
    options.gdb.distances.push(DistanceRow {
        arm: Arm::HeavyCavalry,
        formation: None,
        move_cm: Some(24),
        charge_cm: Some(36),
        retreat_cm: Some(18),
        rout_cm: None,
    });
    options.gdb.tests.push(common::charge_test_always_passes());
    g.perform(&Action::SetOptions(Box::new((Ruleset::Gdb, options)))).unwrap();
    let mut h = harness(g);
    h.run();
    h.get_by_label("Grenadiers à cheval").click();
    h.run();
    h.get_by_label("Charge…").click();
    h.run();
    h.get_by_label("Ladoga Infantry").click();
    h.run();
    type_into(&mut h, "Distance (cm)", "20");
    h.get_by_label("A commander is within 15 cm").click();
    h.run();
    common::layout::declare_then_none(&mut h);
    h.get_by_label("Stand").click();
    h.run();
    type_into(&mut h, "2D6", "34");
    h.get_by_label_contains("row 2 to 30");
    h.get_by_label("Use: pass").click();
    h.run();
    h.get_by_label_contains("takes its test to stand");
    assert!(h.state().wizard.is_some());
    let _ = Modifiers::NONE;
}

/// The table instructions appear at the step where they apply (GDB-CHG-26 from the
/// reaction on, GDB-EVD-04/05/08 once the target evades), the first-move reading in force
/// is said (AMB-01); the journal keeps them, the log and the report do not repeat them.
#[test]
fn the_wizard_shows_and_logs_the_table_instructions() {
    let mut h = harness(game_at(Phase::Charges));
    h.run();
    h.get_by_label("Guard Chasseurs à cheval").click();
    h.run();
    h.key_press(Key::C);
    h.run();
    h.get_by_label("Sumy Hussars").click();
    h.run();
    type_into(&mut h, "Distance (cm)", "12");
    h.get_by_label("A commander is within 15 cm").click();
    h.run();
    common::layout::declare_then_none(&mut h);
    h.get_by_label_contains("GDB-CHG-26");
    h.get_by_label_contains("First move: half the distance to the target");
    assert!(h.query_by_label_contains("GDB-EVD-02, 04, 05, 08").is_none(), "not before the evade");
    h.get_by_label("Evade").click();
    h.run();
    h.get_by_label_contains("GDB-EVD-02, 04, 05, 08");
    h.get_by_label_contains("GDB-EVD-07, 10");
    h.get_by_label("No").click();
    h.run();
    h.get_by_label(coldsteel::i18n::log_text::follow_up_label(Lang::En, coldsteel::rules::gdb::charge::FollowUp::Stop))
        .click();
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    let battle = h.state().game.battle();
    // The journal keeps the instructions given; the log and the report do not repeat them
    // (issue 28: instructions appear once, where the players act).
    let entry = battle.log.last().unwrap();
    let coldsteel::model::LogDetail::Charge { guidance, .. } = &entry.detail else { panic!() };
    assert!(!guidance.is_empty());
    let lines = coldsteel::i18n::log_text::entry_lines(Lang::En, battle, entry).join("\n");
    assert!(!lines.contains("GDB-EVD-02, 04, 05, 08") && !lines.contains("GDB-CHG-26"), "{lines}");
}

#[test]
fn a_distance_or_move_that_is_not_a_number_is_refused_not_read_as_zero() {
    let mut h = harness(game_at(Phase::Charges));
    declare(&mut h);
    type_into(&mut h, "Bearing from straight ahead (°)", "ten");
    h.get_by_label_contains("«ten» is not a whole number");
    assert!(h.get_by_label("Declare").accesskit_node().is_disabled(), "a bad bearing blocks the declaration");
    h.get_by_role_and_label(Role::TextInput, "Bearing from straight ahead (°)").click();
    h.run();
    h.key_press(Key::Backspace);
    h.key_press(Key::Backspace);
    h.key_press(Key::Backspace);
    h.key_press(Key::Backspace);
    h.run();
    assert!(!h.get_by_label("Declare").accesskit_node().is_disabled(), "a cleared bearing declares again");
}

#[test]
fn the_reaction_step_says_whether_a_square_forms_in_time_and_how_to_go_on() {
    let mut h = harness(game_at(Phase::Charges));
    declare(&mut h);
    common::layout::declare_then_none(&mut h);
    // 20 cm of a 36 cm charge move: 5/9 of a turn, more than the half turn a square takes.
    let contact = h.get_by_label_contains("reaches the target in").accesskit_node().label().unwrap_or_default();
    assert!(!contact.trim_end().ends_with(';'), "no dangling semicolon: {contact}");
    h.get_by_label_contains("it is finished before contact (GDB-CHG-10)");
    assert!(h.query_by_label("Next").is_none(), "no greyed Next on a question step");
    h.get_by_label("Choose an answer above to go on.");
}

#[test]
fn picking_a_target_names_the_charger_and_moves_no_row() {
    let mut h = harness(game_at(Phase::Charges));
    h.get_by_label("Grenadiers à cheval").click();
    h.run();
    let before = h.get_by_label("Ladoga Infantry").rect();
    h.key_press(Key::C);
    h.run();
    h.run();
    assert_eq!(h.get_by_label("Ladoga Infantry").rect(), before, "the row stays under the pointer");
    let banner = "Grenadiers à cheval charges: click the target (Esc cancels)";
    assert!(h.query_all_by_label(banner).count() >= 1, "the banner names the charger");
    h.get_by_label("Ladoga Infantry").click();
    h.run();
    assert!(h.state().wizard.is_some(), "the click lands on the row that was there");
}

/// The text labels inside the wizard's window with their rectangles.
fn window_labels(h: &Harness<'static, CsApp>) -> Vec<(String, egui::Rect)> {
    common::layout::labels(&h.get_by_role(Role::Window))
}

/// Labels of a modifier breakdown that run past its column: a breakdown is titled with
/// its unit's name, its title spans the column, and its rows lie just below.
fn breakdown_overflows(h: &Harness<'static, CsApp>, titles: &[&str]) -> Vec<String> {
    let labels = window_labels(h);
    let mut out = Vec::new();
    for (_, column) in labels.iter().filter(|(t, _)| titles.contains(&t.as_str())) {
        // A side's name again below (its dice field's label) is no row of the breakdown.
        let rows = labels.iter().filter(|(text, r)| {
            !titles.contains(&text.as_str())
                && r.left() >= column.left() - 0.5
                && r.left() < column.right()
                && r.top() >= column.bottom() - 0.5
                && r.top() < column.bottom() + 100.0
        });
        for (text, r) in rows.filter(|(_, r)| r.right() > column.right() + 0.5) {
            out.push(format!("{text:?} {r:?} past its column {column:?}"));
        }
    }
    out
}

/// Pairs of text labels inside the wizard's window whose rectangles overlap.
fn overlapping_labels(h: &Harness<'static, CsApp>) -> Vec<String> {
    common::layout::overlaps(&window_labels(h))
}

/// The Russian melee wizard of heavy cavalry on a column (the longest Russian modifier
/// labels, GDB-MOD-23 and 29) in a window `height` tall.
fn russian_melee_wizard(height: f32) -> Harness<'static, CsApp> {
    let g = game_at(Phase::Charges);
    let named = |g: &Game, name: &str| g.battle().units.iter().find(|u| u.name == name).unwrap().id;
    let (a, d) = (named(&g, "Grenadiers à cheval"), named(&g, "Ladoga Infantry"));
    let app = common::app_without_rates_form(melee_pending(g, a, d), Lang::Ru);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, height))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    h.get_by_label("Разыграть…").click();
    h.run();
    h
}

#[test]
fn russian_melee_breakdowns_do_not_overlap() {
    let mut h = russian_melee_wizard(800.0);
    for step in 0..3 {
        let overlaps = overlapping_labels(&h);
        assert!(overlaps.is_empty(), "step {step}:\n{}", overlaps.join("\n"));
        if step == 0 {
            // The situation step shows the two breakdowns side by side.
            let overflows = breakdown_overflows(&h, &["Конные гренадеры", "Ладожский пехотный полк"]);
            assert!(overflows.is_empty(), "{}", overflows.join("\n"));
        }
        match h.query_by_label("Далее") {
            Some(next) => next.click(),
            None => break,
        }
        h.run();
    }
}

#[test]
fn russian_charge_preview_does_not_overlap() {
    let app = common::app_without_rates_form(game_at(Phase::Charges), Lang::Ru);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 2200.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    h.get_by_label("Конные гренадеры").click();
    h.run();
    h.key_press(Key::C);
    h.run();
    h.get_by_label("Ладожский пехотный полк").click();
    h.run();
    type_into(&mut h, "Расстояние (см)", "20");
    type_into(&mut h, "Конные гренадеры: полный ход атаки (см)", "36");
    let overlaps = overlapping_labels(&h);
    assert!(overlaps.is_empty(), "{}", overlaps.join("\n"));
    let overflows = breakdown_overflows(&h, &["Конные гренадеры", "Ладожский пехотный полк"]);
    assert!(overflows.is_empty(), "{}", overflows.join("\n"));
}

/// The default battle under Ruleset B in its Melee phase, the Ladoga Infantry in contact
/// with the 1st Voltigeurs of the Guard.
fn b_melee_pending() -> Game {
    let mut g = storage::default_game().unwrap();
    let options = g.battle().options.clone();
    g.perform(&Action::SetOptions(Box::new((Ruleset::RulesetB, options)))).unwrap();
    let named = |g: &Game, name: &str| g.battle().units.iter().find(|u| u.name == name).unwrap().id;
    let (a, d) = (named(&g, "Ladoga Infantry"), named(&g, "1st Voltigeurs of the Guard"));
    melee_pending(g, a, d)
}

#[test]
fn a_ruleset_b_melee_without_per_die_modifiers_says_so() {
    let mut h = harness(b_melee_pending());
    h.run();
    h.get_by_label("Fight…").click();
    h.run();
    assert!(h.query_all_by_label("no modifiers").count() >= 1, "an empty block is said in words");
    assert!(h.query_by_label("Total +0").is_none());
}

#[test]
fn enter_advances_the_wizard_like_its_button() {
    let mut h = harness(game_at(Phase::Charges));
    declare(&mut h);
    assert!(h.query_by_label("Choose an answer above to go on.").is_none());
    h.key_press(Key::Enter);
    h.run();
    common::layout::none_declared(&mut h);
    h.get_by_label("Choose an answer above to go on.");
}

#[test]
fn rates_typed_for_a_unit_are_offered_again_within_the_turn() {
    let mut h = harness(game_at(Phase::Charges));
    declare(&mut h);
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().wizard.is_none());
    // Still selected: C starts its charge again.
    h.key_press(Key::C);
    h.run();
    h.get_by_role_and_label(Role::Button, "Ladoga Infantry").click();
    h.run();
    let field = h.get_by_role_and_label(Role::TextInput, "Full charge move of Grenadiers à cheval (cm)");
    assert_eq!(field.accesskit_node().value().map(|v| v.to_string()).as_deref(), Some("36"));
    let distance = h.get_by_role_and_label(Role::TextInput, "Distance (cm)");
    assert_eq!(distance.accesskit_node().value().map(|v| v.to_string()).unwrap_or_default(), "", "measured anew");
}

#[test]
fn the_wizard_buttons_stay_in_a_footer_on_a_laptop_screen() {
    let mut h = russian_melee_wizard(600.0);
    let next = h.get_by_label("Далее").rect();
    assert!(next.bottom() <= 600.0, "Next is on screen without scrolling: {next:?}");
    let odds = h.get_by_label("Вероятности до броска").rect();
    assert!(next.top() > odds.top(), "the footer is under the step");
    h.get_by_label("Далее").click();
    h.run();
    h.get_by_label("Бросить за меня");
}

/// Issue 30: a click in the first 300 ms after a step changes is not taken as an answer
/// (a double click on Next does not also press the next step's first button); one at
/// 400 ms is. The harness steps egui's clock 10 ms a frame.
#[test]
fn a_click_just_after_a_step_changes_is_not_an_answer() {
    let g = game_at(Phase::Charges);
    let (a, d) = (g.battle().units[8].id, g.battle().units[17].id);
    let app = common::app_without_rates_form(melee_pending(g, a, d), Lang::En);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 2200.0))
        .with_step_dt(0.01)
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    let attacker = h.state().game.battle().units[8].name.clone();
    h.get_by_label("Fight…").click();
    // Frame by frame until the wizard draws its first step, where the dice stand.
    for frame in 0.. {
        h.step();
        if h.query_by_label("Roll for me").is_some() {
            break;
        }
        assert!(frame < 20, "the melee's wizard opened");
    }
    let dice = |h: &Harness<'static, CsApp>| {
        h.get_by_role_and_label(Role::TextInput, &attacker)
            .accesskit_node()
            .value()
            .map(|v| v.to_string())
            .unwrap_or_default()
    };
    // 100 ms after the step changed: the click is not taken.
    h.run_steps(8);
    h.get_by_label("Roll for me").click();
    h.run_steps(3);
    assert_eq!(dice(&h), "", "a click 100 ms after the step changed rolled the dice");
    // 400 ms after: it is.
    h.run_steps(28);
    h.get_by_label("Roll for me").click();
    h.run_steps(3);
    assert!(!dice(&h).is_empty(), "a click 400 ms after the step changed was not taken");
}

/// The first 300 ms of a dialog take no click either: the click that opened it does not
/// answer it.
#[test]
fn a_dialog_takes_no_click_in_its_first_300_ms() {
    let mut g = game_at(Phase::Charges);
    g.perform(&Action::Note("unsaved work".into())).unwrap();
    let mut app = common::app_without_rates_form(g, Lang::En);
    app.modal = coldsteel::ui::Modal::Unsaved(coldsteel::ui::FileOp::Quit);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_step_dt(0.01)
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.step();
    h.run_steps(5);
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    assert!(!matches!(h.state().modal, coldsteel::ui::Modal::None), "a click 60 ms after the dialog opened closed it");
    h.run_steps(35);
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    assert!(matches!(h.state().modal, coldsteel::ui::Modal::None), "a click 400 ms after was not taken");
}

/// Issue 43: Next phase past a melee not fought asks, as it does for owed tests: "Fight
/// them now" stays in the Melee phase and opens the melee; "Go on without fighting them" goes on, the units
/// still in base contact. In English and in Russian.
#[test]
fn next_phase_past_an_unfought_melee_asks() {
    use coldsteel::i18n::T;
    for lang in [Lang::En, Lang::Ru] {
        let g = game_at(Phase::Charges);
        let (a, d) = (g.battle().units[8].id, g.battle().units[17].id);
        let app = common::app_without_rates_form(melee_pending(g, a, d), lang);
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 2200.0))
            .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
        h.run();
        h.get_by_role_and_label(Role::Button, lang.t(T::NextPhase)).click();
        h.run();
        assert!(
            matches!(h.state().modal, coldsteel::ui::Modal::Unfinished(coldsteel::game::Unfinished::Melees(1))),
            "{lang:?}"
        );
        h.get_by_label(lang.t(T::MeleesUnfoughtTitle));
        h.get_by_label(lang.t(T::FightThemNow)).click();
        h.run();
        assert_eq!(h.state().game.battle().phase, Phase::Melee, "{lang:?}: still to fight");
        assert!(matches!(h.state().modal, coldsteel::ui::Modal::None), "{lang:?}: the dialog went");
        assert!(h.state().wizard.is_some(), "{lang:?}: the melee's wizard opened");
        h.state_mut().run_cmd(coldsteel::ui::AppCommand::CloseWizard);
        h.run();
        h.get_by_role_and_label(Role::Button, lang.t(T::NextPhase)).click();
        h.run();
        h.get_by_label(lang.t(T::LeaveThemUnfought)).click();
        h.run();
        assert_eq!(h.state().game.battle().phase, Phase::Morale, "{lang:?}: {:?}", h.state().modal);
        assert_eq!(h.state().game.battle().pending_melees().count(), 1, "{lang:?}: still in base contact");
    }
}

/// Issue 44: a Ruleset B melee's dice typed in one go into the first field fill the
/// fields in turn, the attacker's first: nothing is refused, and the turn's kills show.
#[test]
fn ruleset_b_dice_typed_in_one_field_fill_the_fields_in_turn() {
    let g = b_melee_pending();
    let pending = g.battle().pending_melees().next().unwrap().1.clone();
    let draft = coldsteel::game::procedure::BMeleeDraft::open(g.battle(), &pending).unwrap();
    let counts = draft.preview(g.battle()).unwrap().sides.map(|s| s.dice as usize);
    let mut h = harness(g);
    h.run();
    h.get_by_label("Fight…").click();
    h.run();
    let (ladoga, voltigeurs) = ("Ladoga Infantry", "1st Voltigeurs of the Guard");
    let all: String = "3".repeat(counts[0]) + &"4".repeat(counts[1]);
    type_into(&mut h, ladoga, &all);
    let value = |h: &Harness<'static, CsApp>, label: &str| {
        h.get_by_role_and_label(Role::TextInput, label)
            .accesskit_node()
            .value()
            .map(|v| v.to_string())
            .unwrap_or_default()
    };
    let digits = |s: String| s.chars().filter(char::is_ascii_digit).collect::<String>();
    assert_eq!(digits(value(&h, ladoga)), "3".repeat(counts[0]));
    assert_eq!(digits(value(&h, voltigeurs)), "4".repeat(counts[1]));
    assert!(h.query_by_label_contains("not accepted").is_none(), "nothing refused");
}

/// Issue 44, B-COL-02: the collision form shows each side only what applies to it (the
/// face struck under the defender, not the attacker); a flank attack goes in unopposed, and
/// the result step says so.
#[test]
fn a_ruleset_b_flank_attack_shows_the_defenders_face_and_says_it_went_in_unopposed() {
    let mut h = cuirassiers_attack_chasseurs();
    assert!(h.query_by_role_and_label(Role::ComboBox, "Struck in 1").is_none(), "the attacker is not struck");
    h.get_by_role_and_label(Role::ComboBox, "Struck in 2").click();
    h.run();
    h.get_all_by_label("Flank").last().unwrap().click();
    h.run();
    let unopposed = "Unopposed: no collision test (B-COL-02); straight to melee";
    h.get_by_label(unopposed);
    h.get_by_label("Next").click();
    h.run();
    h.get_by_label(unopposed);
    h.get_by_label("Apply");
}

/// Issue 44: "1", "0", Tab, "0" arriving in one frame give a distance of 10 and a bearing
/// of 0: the keys after the Tab wait for the focus to move.
#[test]
fn keys_after_a_tab_in_one_frame_go_to_the_next_field() {
    let mut h = harness(common::russians_declared_none());
    h.run();
    h.get_by_label("Grenadiers à cheval").click();
    h.run();
    h.key_press(Key::C);
    h.run();
    h.get_by_label("Ladoga Infantry").click();
    h.run();
    // The distance field has the focus as the wizard opens.
    assert!(h.get_by_role_and_label(Role::TextInput, "Distance (cm)").is_focused());
    for text in ["1", "0"] {
        h.event(egui::Event::Text(text.into()));
    }
    h.event(egui::Event::Key {
        key: Key::Tab,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::NONE,
    });
    h.event(egui::Event::Text("0".into()));
    h.run();
    let value = |h: &Harness<'static, CsApp>, label: &str| {
        h.get_by_role_and_label(Role::TextInput, label).accesskit_node().value().map(|v| v.to_string())
    };
    assert_eq!(value(&h, "Distance (cm)").as_deref(), Some("10"));
    assert_eq!(value(&h, "Bearing from straight ahead (°)").as_deref(), Some("0"));
}

/// Sets the number field (a drag value) `label` to `value` as a player does: a click
/// opens it for typing, the value typed over its text, Enter.
fn set_number(h: &mut Harness<'static, CsApp>, label: &str, value: &str) {
    h.get_by_role_and_label(Role::SpinButton, label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(egui::Event::Text(value.into()));
    h.key_press(Key::Enter);
    h.run();
}

fn number(h: &Harness<'static, CsApp>, label: &str) -> Option<f64> {
    h.get_by_role_and_label(Role::SpinButton, label).accesskit_node().numeric_value()
}

/// Issue 44, B-MEL-08: a Ruleset B melee that goes on opens its second turn with the
/// figures in contact and the overlapping flanks the players set in its first.
#[test]
fn a_ruleset_b_melees_second_turn_opens_with_the_first_turns_figures() {
    let mut h = harness(b_melee_pending());
    h.run();
    h.get_by_label("Fight…").click();
    h.run();
    assert_eq!(number(&h, "Overlapping flanks 1"), Some(0.0), "a first turn: no overlap");
    set_number(&mut h, "Figures in contact 1", "4");
    set_number(&mut h, "Overlapping flanks 1", "1");
    set_number(&mut h, "Overlapping flanks 2", "2");
    h.get_by_label("Roll for me").click();
    h.run();
    for i in 0..2 {
        h.get_all_by_role_and_label(Role::RadioButton, "Passed").nth(i).unwrap().click();
        h.run();
    }
    h.get_by_label("Apply").click();
    h.run();
    assert!(h.state().wizard.is_none(), "the turn applied: {:?}", h.state().message);
    assert_eq!(h.state().game.battle().pending_melees().count(), 1, "both passed: it goes on");
    common::next_turn_to(&mut h.state_mut().game, Phase::Melee);
    h.run();
    h.get_by_label("Fight…").click();
    h.run();
    assert_eq!(number(&h, "Figures in contact 1"), Some(4.0));
    assert_eq!(number(&h, "Overlapping flanks 1"), Some(1.0));
    assert_eq!(number(&h, "Overlapping flanks 2"), Some(2.0));
    assert!(h.query_by_label_contains("Melee turn 2").is_some(), "its second turn");
}

/// Issue 51: with the dice in, the melee wizard marks each modifier that decided the
/// result ("decided it": without it, the same dice give another winner or result), as
/// many as the rules find.
#[test]
fn the_melee_wizard_marks_the_modifiers_that_decided_it() {
    let (mut h, names) = melee_dice_step();
    let battle = h.state().game.battle().clone();
    let (_, pending) = battle.pending_melees().next().unwrap();
    let input = coldsteel::game::procedure::MeleeDraft::open(&battle, pending).unwrap().situation(&battle).unwrap();
    // The first dice that some modifier decides.
    let mut candidates = Vec::new();
    for x in [1u8, 3, 6] {
        for y in [1u8, 3, 6] {
            for z in [1u8, 3, 6] {
                candidates.push(([x, y], [z, 7 - z]));
            }
        }
    }
    let (a, d, marked) = candidates
        .into_iter()
        .map(|(a, d)| {
            let p = input.pivotal(a, d);
            (a, d, p.attacker.iter().chain(&p.defender).filter(|m| **m).count())
        })
        .find(|(_, _, n)| *n > 0)
        .expect("some dice that a modifier decides");
    type_into(&mut h, &names.0, &format!("{}{}", a[0], a[1]));
    type_into(&mut h, &names.1, &format!("{}{}", d[0], d[1]));
    h.get_by_label("Next").click();
    h.run();
    assert_eq!(h.query_all_by_label("decided it").count(), marked, "{a:?} {d:?}");
}
