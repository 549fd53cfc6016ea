//! Budgets of issue 31 for a season in one file: a generated 50,000-action evening of
//! charges and melees between fresh pairs (ten a turn), its replay, its load (which,
//! since issue 46, performs the journal again to rebuild the log's results and the undo
//! history) and save, beside a bare `serde_json::Value` parse of the same bytes; undoing
//! its last step once reopened (issue 46: under 16 ms); and the mean cost of an autosave
//! (one journal line, written and flushed to the disk) over 1,000 consecutive actions when
//! the journal already holds 50 and 50,000.

use std::hint::black_box;
use std::time::{Duration, Instant};

use coldsteel::game::{self, Game, long_evenings};
use coldsteel::storage::{self, Base, Op, journal::Writer};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

/// The evening at `actions` actions, and the next 1,000 actions' journal lines.
fn evening_and_next(actions: usize) -> Option<(Game, Vec<Op>, Vec<Op>)> {
    let (mut g, mut evening) = long_evenings::Evening::new(actions + 1_000, 10);
    let mut before = Vec::with_capacity(actions);
    let mut next = Vec::with_capacity(1_000);
    for i in 0..actions + 1_000 {
        let action = evening.next_action(&g)?;
        g.perform(&action).ok()?;
        if i < actions { before.push(Op::Did(Box::new(action))) } else { next.push(Op::Did(Box::new(action))) }
    }
    Some((g, before, next))
}

fn fifty_thousand(c: &mut Criterion) {
    let Ok(g) = long_evenings::charges_evening(50_000, 10) else { return };
    let text = storage::to_json(&g);
    let dir = std::env::temp_dir().join(format!("coldsteel-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("evening.coldsteel.json");
    c.bench_function("replay_50000_actions", |b| b.iter(|| black_box(game::replay(&g).is_ok())));
    c.bench_function("load_50000_actions", |b| b.iter(|| black_box(storage::from_json(&text).is_ok())));
    c.bench_function("value_parse_50000_actions", |b| {
        b.iter(|| black_box(serde_json::from_str::<serde_json::Value>(&text).is_ok()))
    });
    c.bench_function("save_50000_actions", |b| b.iter(|| black_box(storage::save_battle(&file, &g).is_ok())));
    if let Ok(reopened) = storage::from_json(&text) {
        c.bench_function("undo_last_of_50000_actions", |b| {
            // The game is handed back, to be dropped outside the time measured.
            let undo = |mut g: Game| {
                black_box(g.undo().is_ok());
                g
            };
            b.iter_batched(|| reopened.clone(), undo, BatchSize::LargeInput)
        });
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The mean cost of one autosave, a journal already holding `held` lines.
fn autosave_at(c: &mut Criterion, held: usize) {
    let Some((g, before, next)) = evening_and_next(held) else { return };
    let dir = std::env::temp_dir().join(format!("coldsteel-bench-journal-{held}-{}", std::process::id()));
    let start = Game::new(g.journal_start().clone());
    let mut writer = Writer::new(&dir, Base::Unsaved(Box::new(start), None), 0, None);
    if writer.append_all(&before, 0).is_err() {
        return;
    }
    c.bench_function(&format!("autosave_at_{held}_actions"), |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            for i in 0..iters {
                let op = &next[usize::try_from(i).unwrap_or(0) % next.len()];
                let t = Instant::now();
                let _ = black_box(writer.append(op, 0));
                spent += t.elapsed();
            }
            spent
        })
    });
    let _ = std::fs::remove_dir_all(&dir);
}

fn autosaves(c: &mut Criterion) {
    autosave_at(c, 50);
    autosave_at(c, 50_000);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = fifty_thousand, autosaves
}
criterion_main!(benches);
