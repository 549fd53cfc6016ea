//! Budgets of design.md section 6 for the app with a 1,000-unit battle and a
//! 10,000-entry log: one UI frame without rendering, save, load (against a bare
//! `serde_json::Value` parse of the same bytes), and autosave's cost on the UI thread.

use coldsteel::game::Game;
use coldsteel::i18n::Lang;
use coldsteel::model::stress::stress_battle;
use coldsteel::storage;
use coldsteel::ui::CsApp;
use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use std::hint::black_box;

fn game() -> Game {
    Game::new(stress_battle(1000, 10_000))
}

fn frame(c: &mut Criterion) {
    let app = CsApp::new(game(), Lang::En);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    c.bench_function("ui_frame_1000_units_10000_log", |b| b.iter(|| h.step()));
}

fn save_load(c: &mut Criterion) {
    let g = game();
    let text = storage::to_json(&g);
    c.bench_function("save_1000_units", |b| b.iter(|| black_box(storage::to_json(black_box(&g)))));
    c.bench_function("load_1000_units", |b| b.iter(|| black_box(storage::from_json(black_box(&text)))));
    c.bench_function("bare_value_parse_1000_units", |b| {
        b.iter(|| black_box(serde_json::from_str::<serde_json::Value>(black_box(&text))))
    });
}

fn autosave(c: &mut Criterion) {
    let g = game();
    let dir = std::env::temp_dir().join("coldsteel-bench-autosave");
    let saver = storage::Autosaver::start(dir);
    c.bench_function("autosave_ui_thread_cost", |b| b.iter(|| saver.save(black_box(&g), None)));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = frame, save_load, autosave
}
criterion_main!(benches);
