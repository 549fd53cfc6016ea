//! The players' page at club scale and under attack (issue 47), against the release binary
//! on loopback: the attackers connect from 127.0.0.2 and the players from 127.0.0.1. The
//! players with the token are served during a slowloris, an idle-connection flood, a flood
//! of refused requests and a burst of 2,000 connections; 100 clients without keep-alive
//! are all answered; 100 viewers of the largest battle stay under 1 GiB (`prlimit`). Each
//! test is bounded in count and time and stops by itself; the figures are printed.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::path::Path;
use std::process::Command;

use crate::common::share::{Shared, closed, connect_from, event_number};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use coldsteel::game::Game;

/// Where the attackers come from.
const ATTACKER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

/// How `coldsteel share` is run: as it is, or under an address-space limit.
enum Run {
    Plain,
    Within(u64),
}

/// `coldsteel share FILE` from the release binary, run as asked.
fn share(file: &Path, data: &Path, run: Run) -> Shared {
    let mut command = match run {
        Run::Within(bytes) => {
            let mut c = Command::new("prlimit");
            c.arg(format!("--as={bytes}")).arg("--").arg(crate::release_bin());
            c
        }
        Run::Plain => Command::new(crate::release_bin()),
    };
    command.args(["share", file.to_str().unwrap(), "--bind", "127.0.0.1:0"]).env("COLDSTEEL_DATA_DIR", data);
    Shared::start(command)
}

/// The battle saved as a file.
fn battle_file(dir: &Path, battle: coldsteel::model::Battle) -> std::path::PathBuf {
    let file = dir.join("battle.coldsteel.json");
    coldsteel::storage::save_battle(&file, &Game::new(battle)).unwrap();
    file
}

/// A battle of `units` units, the first `placed` on a 6 × 3 m table, every arm based.
fn placed(units: u32, placed: usize) -> coldsteel::model::Battle {
    coldsteel::model::large_battles::based_on_a_table(units, 0, placed)
}

/// A connection from the attacker's address, or none if it is refused or times out.
fn attacker_connects(addr: SocketAddr) -> Option<TcpStream> {
    let stream = connect_from(ATTACKER, addr, Duration::from_millis(500))?;
    stream.set_nonblocking(true).ok()?;
    Some(stream)
}

/// What an attacker does with each of its connections.
#[derive(Clone, Copy, Debug)]
enum Attack {
    /// A request head a byte a second, never finished.
    Slowloris,
    /// Nothing at all.
    Idle,
    /// A request with a wrong token, then nothing.
    Refused,
}

/// Keeps `count` connections of the attack open until `until`, opening a new one for
/// each the server closes; how many it opened.
fn attack(addr: SocketAddr, kind: Attack, count: usize, until: Instant) -> u64 {
    let mut open: Vec<Option<(TcpStream, Instant)>> = (0..count).map(|_| None).collect();
    let mut opened = 0;
    while Instant::now() < until {
        for slot in &mut open {
            if let Some((s, _)) = slot
                && closed(s)
            {
                *slot = None;
            }
            match slot {
                None => {
                    *slot = attacker_connects(addr).map(|mut s| {
                        opened += 1;
                        let first: &[u8] = match kind {
                            Attack::Slowloris => b"G",
                            Attack::Idle => b"",
                            Attack::Refused => b"GET /state?t=0123 HTTP/1.1\r\nHost: x\r\n\r\n",
                        };
                        let _ = s.write_all(first);
                        (s, Instant::now())
                    });
                }
                Some((s, last)) => {
                    if matches!(kind, Attack::Slowloris) && last.elapsed() >= Duration::from_secs(1) {
                        let _ = s.write_all(b"E");
                        *last = Instant::now();
                    }
                }
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    opened
}

/// A burst of `count` connections from the attacker's address at once, held for a while.
fn burst(addr: SocketAddr, count: usize) -> usize {
    let held: Vec<TcpStream> = (0..count).filter_map(|_| attacker_connects(addr)).collect();
    std::thread::sleep(Duration::from_secs(2));
    held.len()
}

/// One request for the state on a kept-alive connection: whether it was answered whole
/// within 5 s. A kept connection the server closed is opened again once, as browsers do.
fn ask(conn: &mut Option<BufReader<TcpStream>>, addr: SocketAddr, token: &str, keep_alive: bool) -> bool {
    for _ in 0..2 {
        let fresh = conn.is_none();
        if fresh {
            let Ok(s) = TcpStream::connect_timeout(&addr, Duration::from_secs(5)) else { return false };
            let _ = s.set_read_timeout(Some(Duration::from_secs(5)));
            *conn = Some(BufReader::new(s));
        }
        let Some(c) = conn.as_mut() else { return false };
        let close = if keep_alive { "" } else { "Connection: close\r\n" };
        let asked = write!(c.get_mut(), "GET /state?t={token} HTTP/1.1\r\nHost: {addr}\r\n{close}\r\n").is_ok();
        if asked && answered(c) {
            if !keep_alive {
                *conn = None;
            }
            return true;
        }
        *conn = None;
        if fresh {
            return false;
        }
    }
    false
}

/// Reads a whole 200 answer with its length.
fn answered(c: &mut BufReader<TcpStream>) -> bool {
    let mut line = String::new();
    if c.read_line(&mut line).is_err() || !line.starts_with("HTTP/1.1 200") {
        return false;
    }
    let mut length = None;
    loop {
        line.clear();
        if c.read_line(&mut line).is_err() || line.is_empty() {
            return false;
        }
        if line == "\r\n" {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse::<usize>().ok();
        }
    }
    let Some(length) = length else { return false };
    let mut body = vec![0u8; length];
    c.read_exact(&mut body).is_ok()
}

/// Requests asked and answered.
#[derive(Default)]
struct Tally {
    asked: AtomicU64,
    answered: AtomicU64,
}

/// `players` players asking for the state every 100 ms until `until`.
fn players(
    addr: SocketAddr,
    token: &str,
    players: usize,
    until: Instant,
    tally: &Arc<Tally>,
) -> Vec<std::thread::JoinHandle<()>> {
    (0..players)
        .map(|_| {
            let (token, tally) = (token.to_owned(), tally.clone());
            std::thread::spawn(move || {
                let mut conn = None;
                while Instant::now() < until {
                    tally.asked.fetch_add(1, Ordering::Relaxed);
                    if ask(&mut conn, addr, &token, true) {
                        tally.answered.fetch_add(1, Ordering::Relaxed);
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
            })
        })
        .collect()
}

/// Issue 47: during a slowloris, an idle flood, refused requests held open and a burst of
/// 2,000 connections from another address, the 40 players with the token keep being
/// served (at least 95 % of their requests answered), and every slow head is closed.
#[test]
#[ignore = "needs target/release/coldsteel; .ci/run runs it with --ignored"]
fn the_players_are_served_while_an_address_without_the_token_attacks() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path(), placed(200, 200));
    let s = share(&file, &dir.path().join("data"), Run::Plain);
    let (addr, token) = (s.addr, s.token.clone());
    let until = Instant::now() + Duration::from_secs(12);
    let attackers: Vec<_> = [(Attack::Slowloris, 300), (Attack::Idle, 300), (Attack::Refused, 100)]
        .into_iter()
        .map(|(kind, count)| (kind, std::thread::spawn(move || attack(addr, kind, count, until))))
        .collect();
    let bursts = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(4));
        burst(addr, 2000)
    });
    let tally = Arc::new(Tally::default());
    std::thread::sleep(Duration::from_secs(1));
    for p in players(addr, &token, 40, until, &tally) {
        p.join().unwrap();
    }
    let held = bursts.join().unwrap();
    for (kind, a) in attackers {
        println!("{kind:?}: {} connections opened", a.join().unwrap());
    }
    let (asked, answered) = (tally.asked.load(Ordering::Relaxed), tally.answered.load(Ordering::Relaxed));
    println!("players: {answered} of {asked} requests answered during the attack; a burst of {held} connections");
    assert!(asked >= 400, "{asked} requests asked");
    assert!(answered * 100 >= asked * 95, "{answered} of {asked} answered");
}

/// Issue 47: 100 clients without keep-alive, from one address, all at once: every request
/// answered, none reset.
#[test]
#[ignore = "needs target/release/coldsteel; .ci/run runs it with --ignored"]
fn a_hundred_clients_without_keep_alive_are_all_answered() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path(), placed(200, 200));
    let s = share(&file, &dir.path().join("data"), Run::Plain);
    let start = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Tally::default());
    let clients: Vec<_> = (0..100)
        .map(|_| {
            let (token, tally, start, addr) = (s.token.clone(), tally.clone(), start.clone(), s.addr);
            std::thread::spawn(move || {
                while !start.load(Ordering::Acquire) {
                    std::thread::yield_now();
                }
                for _ in 0..60 {
                    tally.asked.fetch_add(1, Ordering::Relaxed);
                    if ask(&mut None, addr, &token, false) {
                        tally.answered.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        })
        .collect();
    start.store(true, Ordering::Release);
    for c in clients {
        c.join().unwrap();
    }
    let (asked, answered) = (tally.asked.load(Ordering::Relaxed), tally.answered.load(Ordering::Relaxed));
    println!("without keep-alive: {answered} of {asked} requests answered");
    assert_eq!(answered, asked, "none reset or dropped");
}

/// A viewer, as a slow phone: the page asked and its answer left pending a while, then
/// the stream followed until it has seen `version`; why it stopped short, if it did.
fn viewer(addr: SocketAddr, token: &str, version: u64, seen: &AtomicU64) -> Result<(), String> {
    let began = Instant::now();
    let at = |what: &str| format!("{what} after {:.1} s", began.elapsed().as_secs_f64());
    let mut page = TcpStream::connect(addr).map_err(|e| at(&format!("the page's connection refused ({e})")))?;
    let _ = page.set_read_timeout(Some(Duration::from_secs(120)));
    let _ = write!(page, "GET /?t={token} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let mut first = [0u8; 12];
    page.read_exact(&mut first).map_err(|e| at(&format!("no answer to the page ({e})")))?;
    if &first != b"HTTP/1.1 200" {
        return Err(at(&format!("the page answered {}", String::from_utf8_lossy(&first))));
    }
    std::thread::sleep(Duration::from_secs(5));
    let mut rest = Vec::new();
    page.take(64 << 20).read_to_end(&mut rest).map_err(|e| at(&format!("the page cut short ({e})")))?;
    if rest.len() < 1000 {
        return Err(at(&format!("a page of {} bytes", rest.len())));
    }
    let mut events = TcpStream::connect(addr).map_err(|e| at(&format!("the stream's connection refused ({e})")))?;
    let _ = events.set_read_timeout(Some(Duration::from_secs(120)));
    let _ = write!(events, "GET /events?t={token} HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    for line in BufReader::new(events).split(b'\n') {
        let line =
            line.map_err(|e| at(&format!("the stream cut short at state {} ({e})", seen.load(Ordering::Acquire))))?;
        if let Some(n) = event_number(&line) {
            seen.fetch_max(n, Ordering::AcqRel);
            if n >= version {
                return Ok(());
            }
        }
    }
    Err(at(&format!("the stream ended at state {}", seen.load(Ordering::Acquire))))
}

/// Issue 47: 100 viewers of an 80,000-unit battle (2,000 of them on the table), each with
/// the page's answer pending and the stream open, while the battle changes: the server
/// stays under 1 GiB and every viewer sees the change.
#[test]
#[ignore = "needs prlimit (util-linux) and target/release/coldsteel; .ci/run runs it with --ignored"]
fn a_hundred_viewers_of_the_largest_battle_stay_under_one_gib() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path(), placed(80_000, 2_000));
    let mut s = share(&file, &dir.path().join("data"), Run::Within(1 << 30));
    let seen: Vec<Arc<AtomicU64>> = (0..100).map(|_| Arc::new(AtomicU64::new(0))).collect();
    let viewers: Vec<_> = seen
        .iter()
        .map(|seen| {
            let (token, addr, seen) = (s.token.clone(), s.addr, seen.clone());
            std::thread::spawn(move || viewer(addr, &token, 2, &seen))
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    while seen.iter().any(|s| s.load(Ordering::Acquire) < 1) {
        assert!(s.alive(), "the server runs within 1 GiB");
        // A viewer that stopped before the first state says why at once.
        if let Some(v) = viewers.iter().position(|v| v.is_finished()) {
            let why = viewers.into_iter().nth(v).map(|v| v.join().unwrap());
            panic!("viewer {v} stopped before the first state: {why:?}");
        }
        let waiting = seen.iter().filter(|s| s.load(Ordering::Acquire) < 1).count();
        assert!(Instant::now() < deadline, "{waiting} viewers of 100 still wait for the first state");
        std::thread::sleep(Duration::from_millis(100));
    }
    // The umpire hides a unit and saves.
    let mut game = coldsteel::storage::read_battle_file(&file).unwrap();
    let unit = game.battle().units[5].id;
    game.perform(&coldsteel::game::Action::SetHidden { unit, hidden: true }).unwrap();
    coldsteel::storage::save_battle(&file, &game).unwrap();
    drop(game);
    let stopped: Vec<String> = viewers.into_iter().filter_map(|v| v.join().unwrap().err()).collect();
    assert!(s.alive(), "the server ran within 1 GiB");
    assert!(stopped.is_empty(), "every viewer saw the change; these did not: {stopped:?}");
}

/// Issue 47, as CI met it: a server the machine gives no time for a while (stopped, as a
/// loaded machine may hold a process) comes to the heads of 100 viewers after their time
/// is up; it answers every one that came in time, however late it comes to it (61 of
/// them were closed unanswered before: its clock fired before it read them), and still
/// closes a head left unfinished.
#[test]
#[ignore = "needs kill and target/release/coldsteel; .ci/run runs it with --ignored"]
fn a_server_held_up_answers_every_request_that_came_in_time() {
    let dir = tempfile::tempdir().unwrap();
    let file = battle_file(dir.path(), placed(200, 200));
    let s = share(&file, &dir.path().join("data"), Run::Plain);
    let mut viewers: Vec<TcpStream> = (0..100).map(|_| TcpStream::connect(s.addr).unwrap()).collect();
    let other = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 3));
    let mut unfinished = connect_from(other, s.addr, Duration::from_secs(5)).expect("connects");
    // The 101st of the viewers' address, accepted after them: closed at once, it shows that
    // all 100 were accepted, each with its head's time (3 s) running, before the server is
    // held.
    let mut over = TcpStream::connect(s.addr).unwrap();
    over.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let read = over.read(&mut [0u8; 64]);
    assert!(
        matches!(&read, Ok(0)) || read.as_ref().is_err_and(|e| e.kind() == std::io::ErrorKind::ConnectionReset),
        "the 101st closed at once: {read:?}"
    );
    s.signal("STOP");
    for v in &mut viewers {
        write!(v, "GET /state?t={} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", s.token, s.addr).unwrap();
    }
    write!(unfinished, "GET /state?t={} HTTP/1.1\r\nHost: {}\r\n", s.token, s.addr).unwrap();
    std::thread::sleep(Duration::from_secs(4));
    s.signal("CONT");
    let unanswered = viewers
        .into_iter()
        .filter(|v| {
            let _ = v.set_read_timeout(Some(Duration::from_secs(60)));
            let mut answer = BufReader::new(v.try_clone().unwrap());
            !answered(&mut answer)
        })
        .count();
    assert_eq!(unanswered, 0, "{unanswered} of 100 closed unanswered");
    unfinished.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut got = Vec::new();
    let closed = unfinished.read_to_end(&mut got);
    assert!(closed.is_ok() && !got.starts_with(b"HTTP/1.1 200"), "the unfinished head closed: {closed:?} {got:?}");
}
