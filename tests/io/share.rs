//! The players' page on the network (issue 32): only GET requests with the token are
//! answered; everything else gets an empty refusal; connections are bounded; the battle
//! file is byte-identical afterwards; `coldsteel share` follows the file as it is saved;
//! and 100 viewers each see every state of a 200-action game, in order.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use coldsteel::share::{MAX_CONNECTIONS, Sharing};
use coldsteel::storage;

/// A `coldsteel share` child, stopped when dropped.
struct Shared {
    child: Child,
    _stdout: BufReader<std::process::ChildStdout>,
    addr: SocketAddr,
    token: String,
}

impl Drop for Shared {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `coldsteel share FILE` on a free loopback port and reads its address.
fn share_file(file: &Path, data: &Path) -> Shared {
    share_file_in(file, data, "en").0
}

/// `coldsteel --lang LANG share FILE`; the address printed too.
fn share_file_in(file: &Path, data: &Path, lang: &str) -> (Shared, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_coldsteel"))
        .args(["--lang", lang, "share", file.to_str().unwrap(), "--bind", "127.0.0.1:0"])
        .env("COLDSTEEL_DATA_DIR", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    stdout.read_line(&mut line).unwrap();
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("{line}"));
    let rest = url.trim_start_matches("http://");
    let (host, query) = rest.split_once("/?t=").unwrap();
    let token = query.split('&').next().unwrap_or_default().to_owned();
    let url = url.to_owned();
    (Shared { child, _stdout: stdout, addr: host.parse().unwrap(), token }, url)
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

#[test]
fn connections_beyond_the_bound_are_closed_and_the_server_serves_on() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path());
    let s = share_file(&file, dir.path());
    let extra = 40;
    let idle: Vec<TcpStream> = (0..MAX_CONNECTIONS + extra).filter_map(|_| TcpStream::connect(s.addr).ok()).collect();
    assert_eq!(idle.len(), MAX_CONNECTIONS + extra, "the operating system took every connection");
    std::thread::sleep(Duration::from_millis(500));
    let mut closed = 0;
    for mut c in &idle {
        c.set_read_timeout(Some(Duration::from_millis(20))).unwrap();
        let mut b = [0u8; 1];
        if matches!(c.read(&mut b), Ok(0))
            || matches!(c.read(&mut b), Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset)
        {
            closed += 1;
        }
    }
    assert!(closed >= extra, "{closed} of the {extra} over the bound closed");
    assert!(closed <= extra + 1, "those within the bound are kept: {closed} closed");
    drop(idle);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(get(s.addr, &format!("/state?t={}", s.token)).0, 200, "served again once they go");
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

/// Reads a viewer's stream: every state's number, until `last` comes.
fn follow_events(addr: SocketAddr, token: &str, last: u64) -> Vec<u64> {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(s, "GET /events?t={token} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut seen = Vec::new();
    let reader = BufReader::new(s);
    for line in reader.split(b'\n') {
        let Ok(line) = line else { break };
        if let Some(n) = line.strip_prefix(b"id: ") {
            let n: u64 = String::from_utf8_lossy(n).trim().parse().unwrap();
            seen.push(n);
            if n >= last {
                break;
            }
        }
    }
    seen
}

#[test]
fn a_hundred_viewers_each_see_every_state_of_a_200_action_game_in_order() {
    let (mut game, mut evening) = coldsteel::game::stress::Evening::new(200, 20);
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
            std::thread::spawn(move || follow_events(addr, &token, last))
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
        hub.publish_battle(game.battle(), None);
        played += 1;
    }
    for v in viewers {
        let seen = v.join().unwrap();
        assert_eq!(seen.last(), Some(&last), "the viewer saw the last state");
        assert!(seen.windows(2).all(|w| w[1] == w[0] + 1), "every state, in order: {seen:?}");
        assert_eq!(seen[0], first, "from the state they came to");
    }
    sharing.stop();
    assert!(TcpStream::connect_timeout(&addr, Duration::from_millis(500)).is_err(), "no socket once stopped");
}
