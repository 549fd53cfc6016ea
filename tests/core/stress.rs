//! The stress battle (1,000 units, 100 generals, 10,000 log entries) loads, validates
//! and draws a frame. No timing is asserted here: the budgets are benchmarks.

use coldsteel::game::Game;
use coldsteel::i18n::Lang;
use coldsteel::model::large_battles::stress_battle;
use coldsteel::storage;
use coldsteel::ui::CsApp;
use egui_kittest::Harness;

#[test]
fn the_stress_battle_loads_validates_and_draws() {
    let battle = stress_battle(1000, 10_000);
    assert_eq!(battle.units.len(), 1000);
    assert_eq!(battle.generals.len(), 100);
    assert_eq!(battle.log.len(), 10_000);
    assert!(battle.problems().is_empty(), "{:?}", battle.problems().first());
    let game = Game::new(battle);
    let text = storage::to_json(&game);
    let back = storage::from_json(&text).unwrap();
    assert_eq!(back.battle(), game.battle());
    let app = CsApp::new(back, Lang::En);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    h.step();
}

#[test]
#[ignore = "measurement helper"]
fn print_sizes() {
    let game = Game::new(stress_battle(1000, 10_000));
    let pretty = storage::to_json(&game);
    let compact = serde_json::to_string(&game.battle()).unwrap();
    println!("pretty {} bytes, compact battle {} bytes", pretty.len(), compact.len());
    std::fs::write(std::env::temp_dir().join("stress.coldsteel.json"), pretty).unwrap();
}
