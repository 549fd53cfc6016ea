//! The players' page on the network (issue 32): only GET requests with the token are
//! answered; everything else gets an empty refusal; connections are bounded; the battle
//! file is byte-identical afterwards; `coldsteel share` follows the file as it is saved;
//! and 100 viewers each see every state of a 200-action game, in order.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::common::share::{Shared, closed, connect_from, event_number};

use coldsteel::share::{HEAD_TIMEOUT, MAX_PENDING, MAX_PENDING_PER_ADDRESS, Sharing};
use coldsteel::storage;

/// Starts `coldsteel share FILE` on a free loopback port and reads its address.
fn share_file(file: &Path, data: &Path) -> Shared {
    share_file_in(file, data, "en").0
}

/// `coldsteel --lang LANG share FILE`; the address printed too.
fn share_file_in(file: &Path, data: &Path, lang: &str) -> (Shared, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_coldsteel"));
    command
        .args(["--lang", lang, "share", file.to_str().unwrap(), "--bind", "127.0.0.1:0"])
        .env("COLDSTEEL_DATA_DIR", data)
        .stderr(Stdio::null());
    let shared = Shared::start(command);
    let url = shared.url.clone();
    (shared, url)
}

/// Issue 45: `coldsteel --lang ru share` gives an address whose page speaks Russian
/// (English stays the page's default without a word in the address).
#[test]
fn the_page_speaks_the_language_the_command_was_started_in() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path());
    for (lang, title) in [("ru", "lang=\"ru\""), ("en", "lang=\"en\"")] {
        let (s, url) = share_file_in(&file, dir.path(), lang);
        let target = url.trim_start_matches("http://").split_once('/').unwrap().1;
        let (status, body) = get(s.addr, &format!("/{target}"));
        assert_eq!(status, 200, "{lang}: {url}");
        let page = String::from_utf8_lossy(&body);
        assert!(page.contains(title), "{lang}: {}", &page[..page.len().min(200)]);
        let russian = coldsteel::i18n::Lang::Ru.t(coldsteel::i18n::T::PvTitle);
        assert_eq!(page.contains(russian), lang == "ru", "{lang}: the page's own words");
    }
}

/// Sends raw bytes and reads the answer until the server closes or 3 s pass.
fn raw(addr: SocketAddr, request: &[u8]) -> (u16, Vec<u8>) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
    let _ = s.write_all(request);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out);
    let status = text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = match out.windows(4).position(|w| w == b"\r\n\r\n") {
        Some(i) => out[i + 4..].to_vec(),
        None => Vec::new(),
    };
    (status, body)
}

fn get(addr: SocketAddr, target: &str) -> (u16, Vec<u8>) {
    raw(addr, format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes())
}

fn battle_file(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("battle.coldsteel.json");
    std::fs::write(&path, storage::to_json(&storage::default_game().unwrap())).unwrap();
    path
}

#[test]
fn only_gets_with_the_token_are_answered_and_the_battle_is_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path());
    let before = std::fs::read(&file).unwrap();
    let s = share_file(&file, dir.path());
    let t = &s.token;
    let (ok, page) = get(s.addr, &format!("/?t={t}"));
    assert_eq!(ok, 200);
    assert!(String::from_utf8_lossy(&page).contains("Ladoga Infantry"), "the page carries the state");
    assert_eq!(get(s.addr, &format!("/state?t={t}&lang=ru")).0, 200);
    let wrong = format!("{:032x}", u128::from_str_radix(t, 16).unwrap() ^ 1);
    let refused: Vec<(String, u16)> = vec![
        ("/".into(), 403),
        ("/state".into(), 403),
        ("/events".into(), 403),
        (format!("/?t={wrong}"), 403),
        (format!("/state?t={}", &t[..31]), 403),
        (format!("/state?t={t}x"), 403),
        (format!("/etc/passwd?t={t}"), 404),
        (format!("/../../etc/passwd?t={t}"), 404),
        (format!("/battle.coldsteel.json?t={t}"), 404),
        (format!("/state?t={t}&x={}", "a".repeat(2000)), 414),
    ];
    for (target, want) in &refused {
        let (status, body) = get(s.addr, target);
        assert_eq!(status, *want, "{target}");
        assert!(body.is_empty(), "{target}: nothing in a refusal");
    }
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"] {
        let req =
            format!("{method} /state?t={t} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}");
        let (status, body) = raw(s.addr, req.as_bytes());
        assert!(status == 405 || status == 400, "{method}: {status}");
        assert!(body.is_empty(), "{method}");
    }
    // A GET with a body, a head too long, and bytes that are no HTTP at all.
    let with_body =
        format!("GET /state?t={t} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello");
    assert_eq!(raw(s.addr, with_body.as_bytes()).0, 413);
    let long_head = format!("GET /state?t={t} HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n", "b".repeat(64 * 1024));
    let (status, body) = raw(s.addr, long_head.as_bytes());
    assert!(status == 431 || status == 0, "{status}");
    assert!(!String::from_utf8_lossy(&body).contains("Ladoga"));
    let (status, _) = raw(s.addr, b"\x16\x03\x01\x02\x00garbage\r\n\r\n");
    assert!(status == 400 || status == 0, "{status}");
    // No answer names a path of this machine.
    let (_, page) = get(s.addr, &format!("/?t={t}"));
    let (_, state) = get(s.addr, &format!("/state?t={t}"));
    for body in [page, state] {
        let text = String::from_utf8_lossy(&body);
        assert!(!text.contains(dir.path().to_str().unwrap()) && !text.contains("battle.coldsteel.json"));
    }
    drop(s);
    assert_eq!(std::fs::read(&file).unwrap(), before, "the battle file is byte-identical");
}

/// Issue 47: connections that send nothing are counted against their address until they
/// show the token: those past its bound are closed at once, the rest when their head's
/// time is up (so that nobody without the token holds a place), and the server serves on.
#[test]
fn idle_connections_are_bounded_per_address_and_closed_when_their_head_is_late() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path());
    let s = share_file(&file, dir.path());
    let extra = 40;
    let idle: Vec<TcpStream> =
        (0..MAX_PENDING_PER_ADDRESS + extra).filter_map(|_| TcpStream::connect(s.addr).ok()).collect();
    assert_eq!(idle.len(), MAX_PENDING_PER_ADDRESS + extra, "the operating system took every connection");
    let opened = Instant::now();
    let how_many_closed = |idle: &[TcpStream]| idle.iter().filter(|c| closed(c)).count();
    let mut at_once = how_many_closed(&idle);
    while at_once < extra && opened.elapsed() < HEAD_TIMEOUT / 2 {
        std::thread::sleep(Duration::from_millis(50));
        at_once = how_many_closed(&idle);
    }
    assert!(at_once >= extra, "{at_once} closed at once, of the {extra} past the bound");
    // The rest are kept until their head's time is up (a count taken in time).
    if opened.elapsed() < HEAD_TIMEOUT / 2 {
        assert!(at_once <= extra + 1, "{at_once} closed before their head's time was up");
    }
    // Within a few seconds of their acceptance, the rest too (bounded, not timed).
    let deadline = Instant::now() + HEAD_TIMEOUT * 5;
    while how_many_closed(&idle) < idle.len() {
        assert!(Instant::now() < deadline, "connections without a head were closed");
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(get(s.addr, &format!("/state?t={}", s.token)).0, 200, "served on");
}

#[test]
fn share_follows_the_file_as_it_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path());
    let s = share_file(&file, dir.path());
    let state = || String::from_utf8(get(s.addr, &format!("/state?t={}", s.token)).1).unwrap();
    assert!(state().contains("\"version\":1"));
    let mut g = storage::read_battle_file(&file).unwrap();
    let id = g.battle().units[0].id;
    g.perform(&coldsteel::game::Action::SetHidden { unit: id, hidden: true }).unwrap();
    let name = g.battle().units[0].name.clone();
    storage::save_battle(&file, &g).unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while state().contains(&name) {
        assert!(Instant::now() < deadline, "the page followed the save");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(state().contains("\"version\":2"));
}

/// The page follows the autosave journal the window is writing of the file (issue 41:
/// one journal a run, found by its battle and its live lock), not only saves.
#[test]
fn share_follows_the_live_autosave_journal() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path());
    let data = dir.path().join("data");
    let s = share_file(&file, &data);
    let state = || String::from_utf8(get(s.addr, &format!("/state?t={}", s.token)).1).unwrap();
    let mut g = storage::read_battle_file(&file).unwrap();
    let id = g.battle().units[0].id;
    let name = g.battle().units[0].name.clone();
    assert!(state().contains(&name));
    // The window: its journal live in the data folder, one action in it.
    let saver = storage::Autosaver::start(data.clone());
    saver.begin(storage::Base::OnDisk(file.clone(), Box::new(g.clone())), None, false);
    let hide = coldsteel::game::Action::SetHidden { unit: id, hidden: true };
    g.perform(&hide).unwrap();
    saver.record(storage::Op::Did(Box::new(hide)));
    saver.sync();
    let deadline = Instant::now() + Duration::from_secs(10);
    while state().contains(&name) {
        assert!(Instant::now() < deadline, "the page followed the journal");
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(saver);
}

/// Reads a viewer's stream: every state's number, until `last` comes; the latest read
/// kept in `progress`.
fn follow_events(addr: SocketAddr, token: &str, last: u64, progress: &AtomicU64) -> Vec<u64> {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(s, "GET /events?t={token} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut seen = Vec::new();
    let reader = BufReader::new(s);
    for line in reader.split(b'\n') {
        let Ok(line) = line else { break };
        if let Some(n) = event_number(&line) {
            seen.push(n);
            progress.store(n, Ordering::Release);
            if n >= last {
                break;
            }
        }
    }
    seen
}

#[test]
fn a_hundred_viewers_each_see_every_state_of_a_200_action_game_in_order() {
    let (mut game, mut evening) = coldsteel::game::long_evenings::Evening::new(200, 20);
    let mut sharing = Sharing::default();
    let hub = sharing.hub().clone();
    let first = hub.publish_battle(game.battle(), None);
    let url = sharing.start("127.0.0.1:0".parse().unwrap(), coldsteel::i18n::Lang::En).unwrap();
    assert!(url.starts_with("http://127.0.0.1:"));
    let token = url.split_once("?t=").unwrap().1.to_owned();
    let addr = sharing.local_addr().unwrap();
    let last = first + 200;
    let viewers: Vec<_> = (0..100)
        .map(|_| {
            let token = token.clone();
            let progress = Arc::new(AtomicU64::new(0));
            let read = progress.clone();
            (progress, std::thread::spawn(move || follow_events(addr, &token, last, &read)))
        })
        .collect();
    // Every viewer follows before the game goes on.
    let deadline = Instant::now() + Duration::from_secs(60);
    while hub.viewers() < 100 {
        assert!(Instant::now() < deadline, "{} viewers came", hub.viewers());
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut played = 0;
    while played < 200 {
        let action = evening.next_action(&game).expect("the evening goes on");
        game.perform(&action).unwrap();
        let version = hub.publish_battle(game.battle(), None);
        played += 1;
        // Within the hub's backlog (a viewer further behind is sent the latest whole):
        // every eighth state, the viewers catch up.
        if played % 8 == 0 {
            let deadline = Instant::now() + Duration::from_secs(60);
            while viewers.iter().any(|(p, _)| p.load(Ordering::Acquire) < version) {
                assert!(Instant::now() < deadline, "the viewers kept up");
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
    for (_, v) in viewers {
        let seen = v.join().unwrap();
        assert_eq!(seen.last(), Some(&last), "the viewer saw the last state");
        assert!(seen.windows(2).all(|w| w[1] == w[0] + 1), "every state, in order: {seen:?}");
        assert_eq!(seen[0], first, "from the state they came to");
    }
    sharing.stop();
    assert!(TcpStream::connect_timeout(&addr, Duration::from_millis(500)).is_err(), "no socket once stopped");
}

/// A viewer's event stream read as a browser reads it: the chunked body undone, then
/// the gzip stream when the server compressed it.
struct Stream {
    socket: TcpStream,
    raw: Vec<u8>,
    gzip: Option<flate2::write::GzDecoder<Vec<u8>>>,
    plain: Vec<u8>,
}

impl Stream {
    fn open(addr: SocketAddr, target: &str, gzip: bool) -> Stream {
        let mut socket = TcpStream::connect(addr).unwrap();
        socket.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let accept = if gzip { "Accept-Encoding: gzip, deflate\r\n" } else { "" };
        write!(socket, "GET {target} HTTP/1.1\r\nHost: {addr}\r\n{accept}\r\n").unwrap();
        let mut s = Stream { socket, raw: Vec::new(), gzip: None, plain: Vec::new() };
        let at = loop {
            if let Some(at) = s.raw.windows(4).position(|w| w == b"\r\n\r\n") {
                break at;
            }
            s.more();
        };
        let head = String::from_utf8_lossy(&s.raw[..at]).to_lowercase();
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert_eq!(head.contains("content-encoding: gzip"), gzip, "compressed when asked: {head}");
        assert!(head.contains("transfer-encoding: chunked"), "{head}");
        s.raw.drain(..at + 4);
        s.gzip = gzip.then(|| flate2::write::GzDecoder::new(Vec::new()));
        s
    }

    fn more(&mut self) {
        let mut buf = [0u8; 65536];
        let n = self.socket.read(&mut buf).unwrap();
        assert!(n > 0, "the stream closed");
        self.raw.extend_from_slice(&buf[..n]);
    }

    /// The next whole event: its lines.
    fn next_event(&mut self) -> Vec<String> {
        loop {
            if let Some(at) = self.plain.windows(2).position(|w| w == b"\n\n") {
                let event: Vec<u8> = self.plain.drain(..at + 2).collect();
                let text = String::from_utf8(event).unwrap();
                if text.starts_with(':') {
                    continue;
                }
                return text.lines().map(str::to_owned).collect();
            }
            self.unchunk();
        }
    }

    /// One chunk of the body into the plain text.
    fn unchunk(&mut self) {
        let (size, line) = loop {
            if let Some(at) = self.raw.windows(2).position(|w| w == b"\r\n") {
                let size = usize::from_str_radix(std::str::from_utf8(&self.raw[..at]).unwrap().trim(), 16).unwrap();
                break (size, at + 2);
            }
            self.more();
        };
        while self.raw.len() < line + size + 2 {
            self.more();
        }
        let data: Vec<u8> = self.raw.drain(..line + size + 2).take(line + size).skip(line).collect();
        match &mut self.gzip {
            Some(d) => {
                d.write_all(&data).unwrap();
                d.flush().unwrap();
                self.plain.append(d.get_mut());
            }
            None => self.plain.extend_from_slice(&data),
        }
    }
}

/// An event's fields: its id, its type (`message` by default) and its data as JSON.
fn fields(event: &[String]) -> (u64, String, serde_json::Value) {
    let field = |name: &str| event.iter().find_map(|l| l.strip_prefix(name)).map(str::to_owned);
    let id = event_number(format!("id: {}", field("id: ").unwrap()).as_bytes()).unwrap();
    let kind = field("event: ").unwrap_or_else(|| "message".into());
    (id, kind, serde_json::from_str(&field("data: ").unwrap()).unwrap())
}

/// Issue 47: after one action a viewer receives only what changed (applied to what it
/// had, the state a fresh reader gets), a reconnecting viewer the whole state, and a
/// page that came with the latest state nothing until the next; compressed when asked.
#[test]
fn a_viewer_receives_what_changed_after_an_action_and_the_whole_after_a_reconnect() {
    let mut game = storage::default_game().unwrap();
    let mut sharing = Sharing::default();
    let hub = sharing.hub().clone();
    let first = hub.publish_battle(game.battle(), None);
    let url = sharing.start("127.0.0.1:0".parse().unwrap(), coldsteel::i18n::Lang::En).unwrap();
    let token = url.split_once("?t=").unwrap().1.to_owned();
    let addr = sharing.local_addr().unwrap();
    let whole = || serde_json::from_slice::<serde_json::Value>(&get(addr, &format!("/state?t={token}")).1).unwrap();
    for gzip in [true, false] {
        let mut viewer = Stream::open(addr, &format!("/events?t={token}"), gzip);
        let (id, kind, mut state) = fields(&viewer.next_event());
        let before = id;
        assert_eq!((kind.as_str(), state["version"].as_u64()), ("message", Some(id)), "the whole state on connect");
        assert_eq!(state, whole());
        let epoch = hub.epoch();
        let mut page = Stream::open(addr, &format!("/events?t={token}&since={epoch}-{id}"), gzip);
        let unit = game.battle().units[3].id;
        let hidden = !game.battle().units[3].hidden;
        game.perform(&coldsteel::game::Action::SetHidden { unit, hidden }).unwrap();
        hub.publish_battle(game.battle(), None);
        for stream in [&mut viewer, &mut page] {
            let (id, kind, delta) = fields(&stream.next_event());
            assert_eq!((id, kind.as_str(), delta["from"].as_u64()), (before + 1, "delta", Some(before)));
            let mut mine = state.clone();
            coldsteel::share::delta::apply(&mut mine, &delta["ops"]).unwrap();
            assert_eq!(mine, whole(), "what changed, applied, is the new state");
            assert!(delta.to_string().len() * 10 < whole().to_string().len(), "a tenth of the whole at most");
        }
        state = whole();
        drop(viewer);
        let mut again = Stream::open(addr, &format!("/events?t={token}"), gzip);
        let (id, kind, after) = fields(&again.next_event());
        assert_eq!((id, kind.as_str()), (before + 1, "message"), "the whole state after a reconnect");
        assert_eq!(after, state);
        // A viewer one state behind is sent what changed; a number of another run (a
        // page open across a restart of `coldsteel share`) is no state of this one.
        let mut behind = Stream::open(addr, &format!("/events?t={token}&since={epoch}-{before}"), gzip);
        assert_eq!(fields(&behind.next_event()).1, "delta", "one behind: what changed");
        let other = epoch.wrapping_add(1);
        let mut elsewhere = Stream::open(addr, &format!("/events?t={token}&since={other}-{}", before + 1), gzip);
        assert_eq!(fields(&elsewhere.next_event()).1, "message", "another run's number: the whole state");
    }
    assert!(first >= 1);
    // The page, compressed when asked.
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET /?t={token} HTTP/1.1\r\nHost: {addr}\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    let at = out.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&out[..at]).to_lowercase();
    assert!(head.contains("content-encoding: gzip"), "{head}");
    let mut html = String::new();
    flate2::read::GzDecoder::new(&out[at + 4..]).read_to_string(&mut html).unwrap();
    assert!(html.contains("<!doctype html>") && html.contains("\"version\":"), "the page with its state");
}

/// Issue 47: a follower of a battle reads on from where it stopped as a window appends to
/// its journal (actions, undos and redos), and its battle is always the one a whole read
/// gives; a save, which folds the journal into the file, is read whole.
#[test]
fn a_follower_reads_only_what_the_window_appended_and_stays_exact() {
    let dir = tempfile::tempdir().unwrap();
    let (mut game, mut evening) = coldsteel::game::long_evenings::Evening::new(60, 10);
    let file = dir.path().join("evening.coldsteel.json");
    storage::save_battle(&file, &game).unwrap();
    let data = dir.path().join("data");
    let mut follower = storage::follow::Follower::new(&file, Some(&data));
    follower.read_whole().unwrap();
    assert!(follower.look().unwrap().is_none(), "nothing changed");
    let saver = storage::Autosaver::start(data.clone());
    saver.begin(storage::Base::OnDisk(file.clone(), Box::new(game.clone())), None, false);
    for i in 0..60 {
        let op = if i % 7 == 6 && matches!(game.undo(), Ok(Some(_))) {
            storage::Op::Undid
        } else if i % 7 == 0 && matches!(game.redo(), Ok(Some(_))) {
            storage::Op::Redid
        } else {
            let action = evening.next_action(&game).expect("the evening goes on");
            game.perform(&action).unwrap();
            storage::Op::Did(Box::new(action))
        };
        saver.record(op);
        saver.sync();
        let followed = follower.look().unwrap().map(|g| g.battle().clone());
        assert_eq!(followed.as_ref(), Some(game.battle()), "after line {i}");
        assert!(follower.look().unwrap().is_none(), "read once");
    }
    // The file, then the journal as it began; the 60 lines after read on.
    assert_eq!(follower.whole_reads(), 2);
    storage::save_battle(&file, &game).unwrap();
    drop(saver);
    let whole = storage::read_battle_file(&file).unwrap();
    assert_eq!(follower.look().unwrap().map(|g| g.battle().clone()).as_ref(), Some(whole.battle()), "the save");
}

/// The 1,000-unit battle of the players' benchmarks: a 10,000-entry log, every unit placed
/// and based on a 6 × 3 m table.
fn thousand_placed() -> coldsteel::model::Battle {
    coldsteel::model::large_battles::based_on_a_table(1000, 10_000, 1000)
}

fn gzip_len(data: &[u8]) -> usize {
    let mut out = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
    out.write_all(data).unwrap();
    out.finish().unwrap().len()
}

/// A state the same as the latest (a save `coldsteel share` sees twice, as the folder's
/// temporary file and then as the file) is not published again: its number stays, and
/// a viewer is sent nothing for it.
#[test]
fn the_same_state_published_twice_is_one_state() {
    let mut game = storage::default_game().unwrap();
    let hub = coldsteel::share::Hub::default();
    assert_eq!(hub.publish_battle(game.battle(), None), 1);
    assert_eq!(hub.publish_battle(game.battle(), None), 1, "the same state again");
    let id = game.battle().units[0].id;
    game.perform(&coldsteel::game::Action::SetHidden { unit: id, hidden: true }).unwrap();
    assert_eq!(hub.publish_battle(game.battle(), None), 2, "a changed state");
    assert_eq!(hub.latest().version, 2);
}

/// Issue 47: on the 1,000-unit battle, what one action sends each viewer is under 20 KB
/// (a unit hidden, moved, losing figures, a note; before: the whole 763 KB state), and the
/// first load, the page with its state, under 150 KB on the wire.
#[test]
fn on_the_thousand_unit_battle_an_action_sends_under_20_kb_and_the_first_load_under_150_kb() {
    let mut game = coldsteel::game::Game::new(thousand_placed());
    let hub = coldsteel::share::Hub::default();
    hub.publish_battle(game.battle(), None);
    let whole = hub.latest().in_lang(coldsteel::i18n::Lang::En).full.len();
    let unit = |g: &coldsteel::game::Game, i: usize| g.battle().units[i].clone();
    let mut moved = unit(&game, 500).place.unwrap();
    moved.x_mm += 30;
    let mut hurt = unit(&game, 700);
    hurt.figures -= 2;
    let actions = [
        ("hidden", coldsteel::game::Action::SetHidden { unit: unit(&game, 10).id, hidden: true }),
        ("moved", coldsteel::game::Action::PlaceUnit { unit: unit(&game, 500).id, place: Some(moved) }),
        ("losses", coldsteel::game::Action::EditUnit(hurt)),
        ("note", coldsteel::game::Action::Note("The Guard holds the village.".into())),
    ];
    for (what, action) in actions {
        game.perform(&action).unwrap();
        hub.publish_battle(game.battle(), None);
        let latest = hub.latest();
        for lang in [coldsteel::i18n::Lang::En, coldsteel::i18n::Lang::Ru] {
            let delta = latest.in_lang(lang).delta.clone().expect("what changed is smaller than the whole");
            let on_wire = gzip_len(&delta);
            println!("{what} ({lang:?}): {} bytes, {on_wire} compressed (the whole: {whole})", delta.len());
            assert!(on_wire < 20_000 && delta.len() < 20_000, "{what}: {} bytes", delta.len());
        }
    }
    let mut sharing = Sharing::default();
    sharing.hub().publish_battle(game.battle(), None);
    let url = sharing.start("127.0.0.1:0".parse().unwrap(), coldsteel::i18n::Lang::En).unwrap();
    let (addr, token) = (sharing.local_addr().unwrap(), url.split_once("?t=").unwrap().1.to_owned());
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET /?t={token} HTTP/1.1\r\nHost: {addr}\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut page = Vec::new();
    s.read_to_end(&mut page).unwrap();
    println!("the first load: {} bytes on the wire (the page with its state)", page.len());
    assert!(page.len() < 150_000, "{} bytes", page.len());
    let since = format!("{}-{}", sharing.hub().epoch(), sharing.hub().latest().version);
    let mut events = Stream::open(addr, &format!("/events?t={token}&since={since}"), true);
    events.socket.set_read_timeout(Some(Duration::from_millis(500))).unwrap();
    let mut b = [0u8; 4096];
    while let Ok(n @ 1..) = (&events.socket).read(&mut b) {
        events.raw.extend_from_slice(&b[..n]);
    }
    // Only the gzip stream's header, as one chunk ("a\r\n", 10 bytes, "\r\n").
    assert!(events.raw.len() <= 15, "the stream sends nothing the page has: {} bytes", events.raw.len());
}

/// Issue 47: a refused request (without the token, with a wrong one, or with the token
/// for nothing there) closes its connection at once, well before a head's time is up: a
/// refused client idling holds no place.
#[test]
fn a_refused_request_closes_its_connection_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path());
    let s = share_file(&file, dir.path());
    for (target, status) in
        [("/state".to_owned(), "403"), ("/state?t=0123".to_owned(), "403"), (format!("/nothing?t={}", s.token), "404")]
    {
        let mut c = TcpStream::connect(s.addr).unwrap();
        c.set_read_timeout(Some(HEAD_TIMEOUT / 2)).unwrap();
        write!(c, "GET {target} HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr).unwrap();
        let mut out = Vec::new();
        c.read_to_end(&mut out).unwrap_or_else(|e| panic!("{target}: not closed at once ({e})"));
        let text = String::from_utf8_lossy(&out);
        assert!(text.starts_with(&format!("HTTP/1.1 {status}")), "{target}: {text}");
    }
}

/// Issue 47 (review): a follower that looked while a window was just beginning its
/// journal (the file made, its header not yet written) looks for it again, rather than
/// showing the file's battle until the next save.
#[test]
fn a_journal_caught_being_begun_is_looked_for_again() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path());
    let (data, scratch) = (dir.path().join("data"), dir.path().join("scratch"));
    std::fs::create_dir_all(&data).unwrap();
    // The window's journal as it is begun: its lock held, the file still empty.
    let journal = data.join("journal-1-1-1.jsonl");
    std::fs::write(&journal, b"").unwrap();
    let lock = std::fs::File::create(data.join("journal-1-1-1.jsonl.lock")).unwrap();
    lock.try_lock().unwrap();
    let mut follower = storage::follow::Follower::new(&file, Some(&data));
    let mut game = follower.read_whole().unwrap().clone();
    // The header and a first action written (the same journal, made beside it).
    let saver = storage::Autosaver::start(scratch.clone());
    saver.begin(storage::Base::OnDisk(file.clone(), Box::new(game.clone())), None, false);
    let unit = game.battle().units[0].id;
    let hide = coldsteel::game::Action::SetHidden { unit, hidden: true };
    game.perform(&hide).unwrap();
    saver.record(storage::Op::Did(Box::new(hide)));
    saver.sync();
    let written = std::fs::read_dir(&scratch).unwrap().filter_map(Result::ok).map(|e| e.path());
    let written = written.into_iter().find(|p| p.extension().is_some_and(|e| e == "jsonl")).unwrap();
    std::fs::write(&journal, std::fs::read(&written).unwrap()).unwrap();
    drop(saver);
    let followed = follower.look().unwrap().map(|g| g.battle().clone());
    assert_eq!(followed.as_ref(), Some(game.battle()), "the journal found once its header is there");
    drop(lock);
}

/// Issue 47 (review): connections without the token from many addresses together are
/// bounded too (each holds a file handle until its head's time is up): past
/// MAX_PENDING, the next are closed at once.
#[test]
fn pending_connections_of_every_address_together_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path());
    let s = share_file(&file, dir.path());
    let addresses = MAX_PENDING / MAX_PENDING_PER_ADDRESS + 1;
    let opened = Instant::now();
    let idle: Vec<TcpStream> = (0..addresses)
        .flat_map(|a| {
            let from = std::net::Ipv4Addr::new(127, 0, 1, u8::try_from(a + 1).unwrap());
            (0..MAX_PENDING_PER_ADDRESS).filter_map(move |_| connect_from(from.into(), s.addr, Duration::from_secs(2)))
        })
        .collect();
    assert_eq!(idle.len(), addresses * MAX_PENDING_PER_ADDRESS, "the operating system took every connection");
    let how_many_closed = || idle.iter().filter(|c| closed(c)).count();
    let past = idle.len() - MAX_PENDING;
    let deadline = opened + HEAD_TIMEOUT / 2;
    while how_many_closed() < past && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(how_many_closed() >= past, "{} closed at once, of the {past} past the bound", how_many_closed());
}

/// Issue 47 (review): a viewer that goes is let go of at once (its stream's task ends
/// with its connection, not at the next update or keep-alive).
#[test]
fn a_viewer_that_goes_is_let_go_of_at_once() {
    let mut sharing = Sharing::default();
    let hub = sharing.hub().clone();
    hub.publish_battle(storage::default_game().unwrap().battle(), None);
    let url = sharing.start("127.0.0.1:0".parse().unwrap(), coldsteel::i18n::Lang::En).unwrap();
    let token = url.split_once("?t=").unwrap().1.to_owned();
    let addr = sharing.local_addr().unwrap();
    let mut viewer = Stream::open(addr, &format!("/events?t={token}"), false);
    viewer.next_event();
    assert_eq!(hub.viewers(), 1);
    drop(viewer);
    // Well before the 15 s keep-alive would have found it gone.
    let deadline = Instant::now() + Duration::from_secs(5);
    while hub.viewers() > 0 {
        assert!(Instant::now() < deadline, "the gone viewer's stream still runs");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Another window shares its battle on the port asked: sharing takes the next free port
/// of the few after it, and refuses when none is free or none was to be tried.
#[test]
fn a_taken_port_gives_way_to_the_next_free_one() {
    // A port with the next one free, held here as the other window would hold it.
    let (held, port) = loop {
        let held = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = held.local_addr().unwrap().port();
        let next_free = port.checked_add(1).is_some_and(|p| std::net::TcpListener::bind(("127.0.0.1", p)).is_ok());
        if next_free {
            break (held, port);
        }
    };
    let bind = SocketAddr::from(([127, 0, 0, 1], port));
    let mut sharing = Sharing::default();
    let url = sharing.start_near(bind, 20, coldsteel::i18n::Lang::En).expect("the next port");
    let taken = sharing.local_addr().unwrap().port();
    assert_eq!(taken, port + 1, "the next free one");
    assert!(url.starts_with(&format!("http://127.0.0.1:{taken}/")), "{url}");
    // The players typed it: theirs, taken or not.
    let refused = sharing.start_near(bind, 0, coldsteel::i18n::Lang::En);
    assert!(
        matches!(refused, Err(coldsteel::share::ShareError::Bind(_, std::io::ErrorKind::AddrInUse))),
        "{refused:?}"
    );
    assert!(sharing.local_addr().is_none(), "not sharing");
    drop(held);
}

/// `coldsteel share FILE` without `--bind`: 127.0.0.1:8765, or, while another window
/// shares there, the next free port, printed with its address.
#[test]
fn share_without_bind_takes_the_next_port_when_the_usual_one_is_taken() {
    // Held here, or by another program already: taken either way while the command starts.
    let _held = std::net::TcpListener::bind(("127.0.0.1", coldsteel::share::DEFAULT_PORT));
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path());
    let mut command = Command::new(env!("CARGO_BIN_EXE_coldsteel"));
    command.args(["share", file.to_str().unwrap()]).env("COLDSTEEL_DATA_DIR", dir.path()).stderr(Stdio::null());
    let s = Shared::start(command);
    assert!(s.addr.ip().is_loopback(), "{}", s.url);
    assert_ne!(s.addr.port(), coldsteel::share::DEFAULT_PORT, "{}", s.url);
    assert_eq!(get(s.addr, &format!("/state?t={}", s.token)).0, 200, "served there");
}
