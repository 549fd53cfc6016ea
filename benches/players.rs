//! Budgets of issue 32 (design.md section 6): building the players' read model of the
//! 1,000-unit battle from a cold start, map and summary included (< 2 ms); an update
//! reaching 100 viewers on loopback (< 200 ms at the 99th percentile, printed after the
//! run); and the interface's frame beside 100 viewers.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use coldsteel::game::Game;
use coldsteel::i18n::Lang;
use coldsteel::model::Battle;
use coldsteel::model::large_battles::stress_battle;
use coldsteel::share::{Hub, Sharing};
use coldsteel::ui::CsApp;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// The 1,000-unit battle with its 10,000-entry log, every unit placed and based on a
/// 6 × 3 m table.
fn battle() -> Battle {
    coldsteel::model::large_battles::based_on_a_table(1000, 10_000, 1000)
}

fn read_model(c: &mut Criterion) {
    let battle = battle();
    c.bench_function("players_view_1000_units_cold", |b| {
        b.iter(|| black_box(coldsteel::players::build(black_box(&battle), None, Lang::En)))
    });
    let hub = Hub::default();
    c.bench_function("players_publish_1000_units_both_languages", |b| {
        b.iter(|| black_box(hub.publish_battle(black_box(&battle), None)))
    });
}

/// A viewer on its own thread: the number of the last state it read.
fn viewer(addr: SocketAddr, token: String, seen: Arc<AtomicU64>) {
    std::thread::spawn(move || {
        let Ok(mut s) = TcpStream::connect(addr) else { return };
        if write!(s, "GET /events?t={token} HTTP/1.1\r\nHost: {addr}\r\n\r\n").is_err() {
            return;
        }
        for line in BufReader::new(s).split(b'\n') {
            let Ok(line) = line else { return };
            // `id: EPOCH-VERSION`.
            if let Some(id) = line.strip_prefix(b"id: ")
                && let Some((_, n)) = String::from_utf8_lossy(id).trim().split_once('-')
                && let Ok(n) = n.parse::<u64>()
            {
                seen.store(n, Ordering::Release);
            }
        }
    });
}

/// Sharing with 100 viewers following it.
fn hundred_viewers(sharing: &mut Sharing, battle: &Battle) -> Vec<Arc<AtomicU64>> {
    sharing.hub().publish_battle(battle, None);
    let bind = "127.0.0.1:0".parse().unwrap_or(SocketAddr::from(([127, 0, 0, 1], 0)));
    let url = sharing.start(bind, coldsteel::i18n::Lang::En).ok();
    let token = url.as_deref().and_then(|u| u.split_once("?t=")).map(|(_, t)| t.to_owned()).unwrap_or_default();
    let addr = sharing.local_addr().unwrap_or(SocketAddr::from(([127, 0, 0, 1], 0)));
    let seen: Vec<Arc<AtomicU64>> = (0..100).map(|_| Arc::new(AtomicU64::new(0))).collect();
    for s in &seen {
        viewer(addr, token.clone(), s.clone());
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    while sharing.hub().viewers() < 100 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    seen
}

fn percentile(mut times: Vec<Duration>, p: f64) -> Duration {
    times.sort();
    let i = ((times.len() as f64 - 1.0) * p).round() as usize;
    times.get(i).copied().unwrap_or_default()
}

/// How long from `start` until every viewer read a state numbered over `before` (10 s at
/// most).
fn until_all_read_past(seen: &[Arc<AtomicU64>], before: u64, start: Instant) -> Duration {
    let deadline = start + Duration::from_secs(10);
    while seen.iter().any(|s| s.load(Ordering::Acquire) <= before) && Instant::now() < deadline {
        std::thread::yield_now();
    }
    start.elapsed()
}

fn print_percentiles(name: &str, all: &[Duration], what: &str) {
    let (p50, p99) = (percentile(all.to_vec(), 0.5), percentile(all.to_vec(), 0.99));
    println!("{name}: p50 {p50:?}, p99 {p99:?} over {} {what}", all.len());
}

fn to_hundred_viewers(c: &mut Criterion) {
    for (name, battle) in [
        ("share_update_to_100_viewers_default_battle", coldsteel::storage::default_game().map(|g| g.battle().clone())),
        ("share_update_to_100_viewers_1000_units", Ok(battle())),
    ] {
        let Ok(battle) = battle else { continue };
        let mut sharing = Sharing::default();
        let seen = hundred_viewers(&mut sharing, &battle);
        let mut all = Vec::new();
        c.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let start = Instant::now();
                    let v = sharing.hub().publish_battle(&battle, None);
                    let took = until_all_read_past(&seen, v.saturating_sub(1), start);
                    all.push(took);
                    total += took;
                }
                total
            })
        });
        print_percentiles(name, &all, "updates");
        sharing.stop();
    }
}

/// Issue 47: from the umpire's action in a window (its line in the autosave journal) to
/// 100 viewers of `coldsteel share` reading the new state, on the 1,000-unit battle: the
/// command notices the journal's line within its look and reads only that line.
fn share_command_to_hundred_viewers(c: &mut Criterion) {
    let Ok(dir) = tempfile::tempdir() else { return };
    let (file, data) = (dir.path().join("battle.coldsteel.json"), dir.path().join("data"));
    let mut game = Game::new(battle());
    if coldsteel::storage::save_battle(&file, &game).is_err() {
        return;
    }
    let Ok(mut child) = std::process::Command::new(env!("CARGO_BIN_EXE_coldsteel"))
        .args(["share", &file.to_string_lossy(), "--bind", "127.0.0.1:0"])
        .env("COLDSTEEL_DATA_DIR", &data)
        .stdout(std::process::Stdio::piped())
        .spawn()
    else {
        return;
    };
    let mut line = String::new();
    if let Some(out) = child.stdout.take() {
        let _ = BufReader::new(out).read_line(&mut line);
    }
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_default();
    let (host, token) = url.trim_start_matches("http://").split_once("/?t=").unwrap_or_default();
    let addr: SocketAddr = host.parse().unwrap_or(SocketAddr::from(([127, 0, 0, 1], 0)));
    let seen: Vec<Arc<AtomicU64>> = (0..100).map(|_| Arc::new(AtomicU64::new(0))).collect();
    for s in &seen {
        viewer(addr, token.to_owned(), s.clone());
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    while seen.iter().any(|s| s.load(Ordering::Acquire) < 1) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    let saver = coldsteel::storage::Autosaver::start(data);
    saver.begin(coldsteel::storage::Base::OnDisk(file.clone(), Box::new(game.clone())), None, false);
    let unit = game.battle().units[10].id;
    let mut all = Vec::new();
    c.bench_function("share_command_action_to_100_viewers_1000_units", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let before = seen.iter().map(|s| s.load(Ordering::Acquire)).min().unwrap_or(0);
                let start = Instant::now();
                let hidden = !game.battle().units[10].hidden;
                let action = coldsteel::game::Action::SetHidden { unit, hidden };
                if game.perform(&action).is_err() {
                    break;
                }
                saver.record(coldsteel::storage::Op::Did(Box::new(action)));
                let took = until_all_read_past(&seen, before, start);
                all.push(took);
                total += took;
            }
            total
        })
    });
    print_percentiles("share_command_action_to_100_viewers_1000_units", &all, "actions");
    drop(saver);
    let _ = child.kill();
    let _ = child.wait();
}

fn frame_beside_viewers(c: &mut Criterion) {
    let mut app = CsApp::new(Game::new(stress_battle(1000, 10_000)), Lang::En);
    let battle = app.game.battle().clone();
    let seen = hundred_viewers(&mut app.players.sharing, &battle);
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    c.bench_function("ui_frame_1000_units_sharing_100_viewers", |b| b.iter(|| h.step()));
    // A frame after an action: the view built in both languages and sent to everyone.
    c.bench_function("ui_frame_1000_units_after_an_action_sharing_100_viewers", |b| {
        b.iter(|| {
            h.state_mut().players.mark_changed();
            h.step()
        })
    });
    black_box(seen);
    h.state_mut().players.stop_sharing();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(4));
    targets = read_model, to_hundred_viewers, share_command_to_hundred_viewers, frame_beside_viewers
}
criterion_main!(benches);
