//! Budgets of issue 29 for the report: a generated battle near the 64 MiB limit (80,000
//! units, a 20,000-entry log), and a 1,000-turn battle with 200 placed units, whose every
//! turn's end is replayed and its maps drawn (at most 24 and the present). Each to PDF,
//! as `coldsteel report --pdf` makes it.

use coldsteel::game::Game;
use coldsteel::game::long_evenings::played_turns;
use coldsteel::i18n::Lang;
use coldsteel::model::large_battles::{near_the_size_limit, placed_battle};
use coldsteel::report::{pdf, summary};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn report_pdf(game: &Game) -> usize {
    let report = summary::game_report(game, Lang::En);
    pdf::to_pdf(&report).map_or(0, |bytes| bytes.len())
}

fn near_the_limit(c: &mut Criterion) {
    let game = Game::new(near_the_size_limit());
    c.bench_function("report_pdf_near_64_mib_80000_units", |b| b.iter(|| black_box(report_pdf(&game))));
}

fn thousand_turns(c: &mut Criterion) {
    let Ok(game) = played_turns(placed_battle(200, 200), 999) else { return };
    c.bench_function("report_pdf_1000_turns_200_placed", |b| b.iter(|| black_box(report_pdf(&game))));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = near_the_limit, thousand_turns
}
criterion_main!(benches);
