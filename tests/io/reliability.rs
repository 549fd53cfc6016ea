//! Every input bounded, every output path safe: the inputs an attack on the files and
//! commands found, each refused with a reason naming the field, and the output paths
//! that must not lose data.

use crate::common;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use coldsteel::storage::{self, LoadError};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_coldsteel"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn example() -> String {
    storage::DEFAULT_BATTLE_JSON.to_owned()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

const MINIMAL: &str = r#"{"format":"coldsteel.battle","version":1,"name":"x","sides":{"first":{"name":"a"},"second":{"name":"b"}},"turn":TURN}"#;

#[test]
fn an_absurd_turn_is_refused_by_check_naming_the_field() {
    for turn in ["4294967295", "1000000"] {
        let e = storage::from_json(&MINIMAL.replace("TURN", turn)).unwrap_err().to_string();
        assert!(e.contains("turn is") && e.contains(turn), "{e}");
    }
    assert!(storage::from_json(&MINIMAL.replace("TURN", "12")).is_ok());
}

#[test]
fn absurd_figures_are_refused() {
    let text = example().replacen("\"figures_start\":24", "\"figures_start\":100000000", 1);
    let text = text.replacen("\"figures\":24", "\"figures\":100000000", 1);
    let e = storage::from_json(&text).unwrap_err().to_string();
    assert!(e.contains("figures_start is 100000000"), "{e}");
}

#[test]
fn engagements_with_a_missing_unit_or_a_unit_against_itself_are_refused() {
    let mut v: serde_json::Value = serde_json::from_str(&example()).unwrap();
    v["engagements"] = serde_json::json!([{"attacker": 1, "defender": 999, "melee_turn": 1}]);
    let e = storage::from_json(&v.to_string()).unwrap_err().to_string();
    assert!(e.contains("unit 999 does not exist"), "{e}");
    v["engagements"] = serde_json::json!([{"attacker": 3, "defender": 3, "melee_turn": 1}]);
    let e = storage::from_json(&v.to_string()).unwrap_err().to_string();
    assert!(e.contains("cannot fight itself"), "{e}");
}

/// A reader that goes away (`| head -c1`) ends a command quietly, never with a panic.
#[test]
fn a_closed_pipe_ends_commands_quietly() {
    let battle = concat!(env!("CARGO_MANIFEST_DIR"), "/saves/krasnoi-1812-turn3.coldsteel.json");
    let engagement = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engagements/cuirassiers-vs-square.json");
    for args in [vec!["report", battle], vec!["resolve", engagement, "--json"], vec!["check", battle]] {
        for _ in 0..5 {
            let mut child = bin().args(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
            let mut out = child.stdout.take().unwrap();
            let mut one = [0u8; 1];
            let _ = out.read(&mut one);
            drop(out);
            let o = child.wait_with_output().unwrap();
            assert_ne!(o.status.code(), Some(101), "{args:?}: {}", stderr(&o));
            assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
        }
    }
}

#[test]
fn standard_input_is_limited_to_64_mib() {
    let mut child = bin().args(["resolve", "-"]).stdin(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let chunk = vec![b' '; 1 << 20];
    for _ in 0..65 {
        if input.write_all(&chunk).is_err() {
            break;
        }
    }
    drop(input);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("64 MiB"), "{}", stderr(&o));
}

#[cfg(unix)]
#[test]
fn devices_and_pipes_are_refused_not_read_forever() {
    let o = run(&["resolve", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let o = run(&["check", fifo.to_str().unwrap()]);
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    let battle = write(dir.path(), "b.coldsteel.json", &example());
    let o = run(&["report", battle.to_str().unwrap(), "--md", fifo.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
}

fn resolve_b(side: &str, extra: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        r#"{{"ruleset":"ruleset_b","step":"melee","attacker":{{"arm":"infantry","charging":true,{side}}},"defender":{{"arm":"infantry","figures_in_contact":3}}{extra}}}"#
    );
    let f = write(dir.path(), "e.json", &text);
    let o = run(&["resolve", f.to_str().unwrap(), "--json"]);
    drop(dir);
    o
}

#[test]
fn absurd_counts_in_an_engagement_are_refused_at_once() {
    let cases = [
        (r#""figures_in_contact":1000000000"#, "", "attacker.figures_in_contact"),
        (r#""figures_in_contact":4294967295,"overlaps":2"#, "", "attacker.figures_in_contact"),
        (r#""melee_turn":4294967295,"figures_in_contact":3"#, "", "attacker.melee_turn"),
        (r#""figures_in_contact":3"#, r#","earlier_losses":{"attacker":4294967295}"#, "earlier_losses.attacker"),
    ];
    for (side, extra, field) in cases {
        let o = resolve_b(side, extra);
        assert_eq!(o.status.code(), Some(2), "{side}");
        assert!(stderr(&o).contains(field), "{side}: {}", stderr(&o));
    }
}

#[test]
fn a_reason_stays_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "e.json",
        "{\"ruleset\":\"gdb\",\"step\":\"melee\",\"attacker\":{\"arm\":\"hus\\nsars\"},\"defender\":{\"arm\":\"infantry\"}}",
    );
    let o = run(&["resolve", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).trim_end().lines().count(), 1, "{}", stderr(&o));
    assert!(stderr(&o).contains("hus\\nsars"), "{}", stderr(&o));
}

#[test]
fn an_older_file_names_the_wrong_field_with_its_line() {
    for version in ["0", "1"] {
        let text = example().replacen("\"version\": 2", &format!("\"version\": {version}"), 1).replacen(
            "\"arm\":\"cossacks\"",
            "\"arm\":\"hussars\"",
            1,
        );
        let e = storage::from_json(&text).unwrap_err().to_string();
        assert!(e.contains("arm") && e.contains("hussars") && e.contains("line"), "{version}: {e}");
    }
}

#[test]
fn a_report_never_replaces_its_battle_and_keeps_no_bak() {
    let dir = tempfile::tempdir().unwrap();
    let battle = write(dir.path(), "b.json", &example());
    let o = run(&["report", battle.to_str().unwrap(), "--md", battle.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("would replace its own input"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&battle).unwrap(), example());
    let md = dir.path().join("r.md");
    for _ in 0..2 {
        assert!(run(&["report", battle.to_str().unwrap(), "--md", md.to_str().unwrap()]).status.success());
    }
    let names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(!names.iter().any(|n| n.ends_with(".bak") || n.contains(".coldsteel-")), "{names:?}");
}

#[cfg(unix)]
#[test]
fn a_save_keeps_permissions_and_refuses_a_read_only_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "b.coldsteel.json", &example());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let game = storage::read_battle_file(&path).unwrap();
    storage::save_battle(&path, &game).unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o644);
    // Issue 29: the .bak keeps the battle's mode, and no lock file stays beside it.
    let bak = dir.path().join("b.coldsteel.json.bak");
    assert_eq!(std::fs::metadata(&bak).unwrap().permissions().mode() & 0o777, 0o644);
    let names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(!names.iter().any(|n| n.ends_with(".lock")), "{names:?}");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let e = storage::save_battle(&path, &game).unwrap_err();
    assert_eq!(e.reason, storage::SaveReason::ReadOnly);
    let said = coldsteel::i18n::errors::save_error_text(coldsteel::i18n::Lang::En, &e);
    assert!(said.contains("read-only"), "{said}");
}

#[cfg(unix)]
#[test]
fn a_save_goes_through_a_symbolic_link_and_gives_hard_links_up_with_a_notice() {
    let dir = tempfile::tempdir().unwrap();
    let real = write(dir.path(), "real.coldsteel.json", &example());
    let link = dir.path().join("link.coldsteel.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let game = storage::read_battle_file(&link).unwrap();
    let mut game = common::edited(&game, |b| b.name = "renamed".into());
    let saved = storage::save_battle(&link, &game).unwrap();
    assert!(!saved.links_given_up);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "still a link");
    assert_eq!(storage::read_battle_file(&real).unwrap().battle().name, "renamed");
    let other = dir.path().join("other.coldsteel.json");
    std::fs::hard_link(&real, &other).unwrap();
    game = common::edited(&game, |b| b.name = "again".into());
    // Issue 29: an in-place rewrite killed mid-save left the file truncated; the save
    // writes a new file over the name instead, and says the links were given up.
    let saved = storage::save_battle(&real, &game).unwrap();
    assert!(saved.links_given_up, "said");
    assert_eq!(storage::read_battle_file(&real).unwrap().battle().name, "again");
    assert_eq!(storage::read_battle_file(&other).unwrap().battle().name, "renamed", "the other name keeps the old one");
    assert_eq!(storage::read_battle_file(&storage::backup_path(&real)).unwrap().battle().name, "renamed");
    let said = coldsteel::i18n::Lang::En.fmt(coldsteel::i18n::T::SavedLinksGivenUp, &[&real.display()]);
    assert!(!said.contains('\n'), "one line");
}

#[cfg(target_os = "linux")]
#[test]
fn stale_temporary_files_are_cleaned_live_ones_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "b.coldsteel.json", &example());
    let stale = write(dir.path(), ".coldsteel-4000000-abc.tmp", "x");
    let live = write(dir.path(), &format!(".coldsteel-{}-abc.tmp", std::process::id()), "x");
    let init = write(dir.path(), ".coldsteel-1-abc.tmp", "x");
    let game = storage::read_battle_file(&path).unwrap();
    storage::save_battle(&path, &game).unwrap();
    assert!(!stale.exists(), "its writer is gone");
    assert!(live.exists() && init.exists(), "their writers live");
}

/// Two processes saving the same file: the battle file is never missing and the `.bak`
/// always holds a whole battle.
#[test]
fn concurrent_saves_never_lose_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "b.coldsteel.json", &example());
    let mut children: Vec<_> = (0..2)
        .map(|_| crate::common::drills().arg("save-loop").arg(&path).stderr(Stdio::null()).spawn().unwrap())
        .collect();
    let start = std::time::Instant::now();
    let mut checks = 0;
    while start.elapsed() < Duration::from_millis(1500) {
        assert!(path.exists(), "the battle file went missing");
        checks += 1;
    }
    for c in &mut children {
        let _ = c.kill();
        let _ = c.wait();
    }
    assert!(checks > 100);
    assert!(storage::read_battle_file(&path).is_ok());
    assert!(storage::read_battle_file(&storage::backup_path(&path)).is_ok());
}

#[test]
fn unknown_keys_are_refused_with_their_path() {
    let mut v: serde_json::Value = serde_json::from_str(&example()).unwrap();
    v["units"][3]["colour"] = serde_json::json!("red");
    match storage::from_json(&v.to_string()) {
        Err(LoadError::UnknownKey(path)) => assert!(path.contains("units") && path.contains("colour"), "{path}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_byte_order_mark_and_crlf_are_accepted_and_bad_utf8_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(example().replace('\n', "\r\n").into_bytes());
    let path = dir.path().join("bom.coldsteel.json");
    std::fs::write(&path, &bytes).unwrap();
    assert!(storage::read_battle_file(&path).is_ok());
    let mut bad = example().into_bytes();
    bad.insert(100, 0xFF);
    std::fs::write(&path, &bad).unwrap();
    let e = storage::read_battle_file(&path).unwrap_err().to_string();
    assert!(e.contains("byte 100"), "{e}");
}

/// Mutates bytes: flips, cuts, and splices in values an attacker would try.
fn mutate(text: &[u8], rng: &mut rand::rngs::StdRng) -> Vec<u8> {
    use rand::Rng;
    const SPLICES: &[&str] = &[
        "4294967295",
        "-1",
        "1e9",
        "0",
        "null",
        "[]",
        "{}",
        "\"\\n\"",
        "\"\"",
        "true",
        "99999999999999999999",
        "\"x\"",
    ];
    let mut bytes = text.to_vec();
    for _ in 0..rng.random_range(1..4) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.random_range(0..bytes.len());
        match rng.random_range(0..4) {
            0 => bytes[at] = rng.random(),
            1 => {
                let end = (at + rng.random_range(1..20)).min(bytes.len());
                bytes.drain(at..end);
            }
            2 => {
                let s = SPLICES[rng.random_range(0..SPLICES.len())];
                // Replace a number or token after a colon when there is one nearby.
                let end = bytes[at..].iter().position(|b| matches!(b, b',' | b'}' | b']')).map_or(at, |p| at + p);
                bytes.splice(at..end, s.bytes());
            }
            _ => bytes.truncate(at),
        }
    }
    bytes
}

/// What a fuzz case feeds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Input {
    Battle,
    Engagement,
    /// An order-of-battle spreadsheet.
    Oob,
    /// A scenario: a battle and the actions to play on it.
    Scenario,
}

/// An order-of-battle file into a battle and as a new one: what reads is a valid action,
/// and the battle it makes exports and reads again.
fn fuzz_oob(bytes: &[u8], base: &coldsteel::game::Game) {
    use coldsteel::oob;
    if let Ok(o) = oob::import(bytes, base.battle()) {
        let mut game = base.clone();
        game.perform(&coldsteel::game::Action::ImportOrderOfBattle(Box::new(o))).unwrap();
    }
    let lang = coldsteel::i18n::Lang::Ru;
    if let Ok((battle, o)) = oob::new_battle(bytes, "fuzz", coldsteel::rules::Ruleset::Gdb, lang) {
        let mut game = coldsteel::game::Game::new(battle);
        game.perform(&coldsteel::game::Action::ImportOrderOfBattle(Box::new(o))).unwrap();
        let again = oob::export(game.battle(), lang);
        assert!(oob::new_battle(&again, "again", coldsteel::rules::Ruleset::Gdb, lang).is_ok());
    }
}

/// A scenario read, played, its report made and its journal replayed: whatever plays
/// is a battle the loader takes back.
fn fuzz_scenario(text: &str) {
    let Ok((battle, actions)) = storage::scenario_from_json(text) else { return };
    let game = match coldsteel::game::play(battle, &actions) {
        Ok(game) => game,
        Err(_) => return,
    };
    let _ = coldsteel::report::summary::game_report(&game, coldsteel::i18n::Lang::Ru);
    let json = storage::to_json(&game);
    assert_eq!(storage::from_json(&json).unwrap(), game, "a played scenario reads back the same");
}

/// One fuzz case: a battle file through load, validation, the report (Markdown always,
/// PDF when asked) and a save; an engagement through `resolve`'s parser and outputs; or
/// an order-of-battle spreadsheet through its import.
/// `base` is the default battle a spreadsheet is imported into (read once: it is a test's
/// constant, not its subject).
fn fuzz_case(bytes: Vec<u8>, input: Input, pdf: bool, dir: PathBuf, base: &coldsteel::game::Game) {
    use coldsteel::report::{markdown, pdf as pdf_out, summary};
    let lang = coldsteel::i18n::Lang::En;
    if input == Input::Oob {
        return fuzz_oob(&bytes, base);
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    if input == Input::Scenario {
        return fuzz_scenario(&text);
    }
    if input == Input::Battle {
        if let Ok(game) = storage::from_json(&text) {
            // The report with the table's maps, each turn's end replayed from the journal.
            let report = summary::game_report(&game, lang);
            let _ = markdown::to_markdown(&report);
            let scene = coldsteel::report::map::scene(game.battle(), lang, Default::default());
            let _ = coldsteel::report::map::svg(&scene);
            if pdf {
                let _ = pdf_out::to_pdf(&report);
                let _ = pdf_out::to_pdf(&summary::roster_sheets(game.battle(), lang));
            }
            let path = dir.join("fuzz.coldsteel.json");
            storage::save_battle(&path, &game).unwrap();
            let back = storage::read_battle_file(&path).unwrap();
            assert_eq!(back, game, "a saved battle reads back the same");
        }
    } else if let Ok(e) = coldsteel::resolve::parse(&text) {
        let _ = coldsteel::resolve::to_json(&e, lang);
        let _ = coldsteel::resolve::to_text(&e, lang);
    }
}

/// The spreadsheets a fuzz case starts from: the example orders of battle in UTF-8 with
/// `,` and with `;`, and in Windows-1251 with `;` and with `,`.
fn spreadsheets() -> Vec<Vec<u8>> {
    let read =
        |f: &str| std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/oob").join(f)).unwrap();
    let (en, ru) = (read("krasnoi.en.csv"), read("krasnoi.ru.csv"));
    let cp1251 = |t: &str| encoding_rs::WINDOWS_1251.encode(t.trim_start_matches('\u{feff}')).0.into_owned();
    vec![
        en.clone().into_bytes(),
        en.replace(',', ";").into_bytes(),
        cp1251(&ru),
        cp1251(&ru.replace(';', ",")),
        ru.into_bytes(),
    ]
}

/// Seeded mutations of battle files, engagements, spreadsheets and scenarios: no panic, no abort, and no case
/// takes longer than the hang guard's 10 s (a guard against hangs, not a timing test).
#[test]
fn mutated_inputs_never_panic_or_hang() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(1812);
    let dir = tempfile::tempdir().unwrap();
    let battles = [
        example(),
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/krasnoi-1812-turn3.coldsteel.json"))
            .unwrap(),
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/krasnoi-1812-on-the-table.coldsteel.json"))
            .unwrap(),
    ];
    let engagements: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engagements"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    let spreadsheets = spreadsheets();
    let scenarios: Vec<Vec<u8>> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/scenarios"))
        .unwrap()
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect();
    let (to_worker, cases) = std::sync::mpsc::channel::<(Vec<u8>, Input, bool)>();
    let (done, results) = std::sync::mpsc::channel::<()>();
    let worker_dir = dir.path().to_path_buf();
    let worker = std::thread::spawn(move || {
        let base = storage::default_game().unwrap();
        for (text, input, pdf) in cases {
            fuzz_case(text, input, pdf, worker_dir.clone(), &base);
            if done.send(()).is_err() {
                break;
            }
        }
    });
    for i in 0..4800usize {
        let (input, source): (Input, &[u8]) = match i % 8 {
            0 | 3 => (Input::Engagement, engagements[i % engagements.len()].as_bytes()),
            5 | 7 => (Input::Oob, &spreadsheets[(i / 8) % spreadsheets.len()]),
            6 => (Input::Scenario, &scenarios[(i / 8) % scenarios.len()]),
            _ => (Input::Battle, battles[i % battles.len()].as_bytes()),
        };
        let text = mutate(source, &mut rng);
        to_worker.send((text.clone(), input, input == Input::Battle && i % 300 == 1)).unwrap();
        match results.recv_timeout(Duration::from_secs(10)) {
            Ok(()) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                panic!("case {i} hangs: {}", String::from_utf8_lossy(&text[..text.len().min(300)]))
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                panic!("case {i} panicked: {}", String::from_utf8_lossy(&text[..text.len().min(300)]))
            }
        }
    }
    drop(to_worker);
    worker.join().unwrap();
}

#[test]
fn json_that_is_not_an_object_is_refused_as_such() {
    for text in ["[1]", "\"battle\"", "7", "null", " \r\n [ ]"] {
        assert!(matches!(storage::from_json(text), Err(LoadError::NotAnObject)), "{text}");
        assert!(matches!(storage::scenario_from_json(text), Err(LoadError::NotAnObject)), "{text}");
        assert!(matches!(storage::profile_from_json(text), Err(LoadError::NotAnObject)), "{text}");
    }
    // Text that is not JSON at all keeps its located syntax error.
    assert!(matches!(storage::from_json("garbage"), Err(LoadError::Syntax { line: 1, .. })));
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "list.json", "[1, 2]");
    let o = run(&["--lang", "ru", "check", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("объект JSON"), "{}", stderr(&o));
    let mut command = bin();
    command.args(["resolve", "-"]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = command.spawn().unwrap();
    child.stdin.take().unwrap().write_all(b"[1]").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("one JSON object"));
}

/// A path with a record separator, a next-line or a line separator in it prints its
/// reason on one line, escaped; a list of refused rows keeps a line per row.
#[test]
fn every_reason_is_one_line_whatever_the_path_holds() {
    let dir = tempfile::tempdir().unwrap();
    for odd in ["a\u{1e}b", "a\u{85}b", "a\u{2028}b", "a\u{2029}b", "a\u{9b}b"] {
        let sub = dir.path().join(odd);
        std::fs::create_dir_all(&sub).unwrap();
        let f = write(&sub, "bad.coldsteel.json", "{");
        let o = run(&["check", f.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(stderr(&o).trim_end().lines().count(), 1, "{odd:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("a\\u{"), "{odd:?}: {}", stderr(&o));
        let csv = write(&sub, "bad.csv", "kind,name,side\nunit,,A\nunit,B,\n");
        let out = sub.join("out.coldsteel.json");
        let o = run(&["oob", "import", csv.to_str().unwrap(), "--new", "x", "--out", out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(stderr(&o).trim_end().lines().count(), 3, "{odd:?}: {}", stderr(&o));
    }
}

/// Issue 29: a command whose output is one of its inputs (the same file, through a hard
/// or a symbolic link too) is refused and leaves it as it was; `upgrade FILE` and `oob
/// import --into B --out B` write over their battle, keeping its `.bak`.
#[cfg(unix)]
#[test]
fn no_command_writes_over_its_own_input() {
    let dir = tempfile::tempdir().unwrap();
    let s = |p: &Path| p.to_str().unwrap().to_owned();
    let battle = write(dir.path(), "b.coldsteel.json", &example());
    let csv = dir.path().join("oob.csv");
    assert!(run(&["oob", "export", &s(&battle), "--csv", &s(&csv)]).status.success());
    let csv_text = std::fs::read(&csv).unwrap();
    let scenario = write(
        dir.path(),
        "s.json",
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/scenarios/ex1.json")).unwrap(),
    );
    let scenario_text = std::fs::read(&scenario).unwrap();
    let hard = dir.path().join("hard.csv");
    std::fs::hard_link(&csv, &hard).unwrap();
    let soft = dir.path().join("soft.json");
    std::os::unix::fs::symlink(&scenario, &soft).unwrap();
    for args in [
        vec!["oob", "import", &s(&csv), "--new", "T", "--out", &s(&csv)],
        vec!["oob", "import", &s(&csv), "--new", "T", "--out", &s(&hard)],
        vec!["replay", &s(&scenario), "--write", &s(&scenario)],
        vec!["replay", &s(&scenario), "--write", &s(&soft)],
        vec!["oob", "export", &s(&battle), "--csv", &s(&battle)],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("would replace its own input"), "{args:?}: {}", stderr(&o));
    }
    assert_eq!(std::fs::read(&csv).unwrap(), csv_text);
    assert_eq!(std::fs::read(&scenario).unwrap(), scenario_text);
    assert_eq!(std::fs::read_to_string(&battle).unwrap(), example());
    // The two commands that write over their battle keep the one before as `.bak`.
    assert!(run(&["upgrade", &s(&battle)]).status.success());
    let bak = dir.path().join("b.coldsteel.json.bak");
    assert!(bak.exists());
    let other = dir.path().join("other.coldsteel.json");
    assert!(run(&["oob", "import", &s(&csv), "--new", "Other", "--out", &s(&other)]).status.success());
    let more = write(dir.path(), "more.csv", "kind,name,side\nbrigade,Reserve brigade,first\n");
    let o = run(&["oob", "import", &s(&more), "--into", &s(&other), "--out", &s(&other)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.path().join("other.coldsteel.json.bak").exists());
    assert!(run(&["check", &s(&other)]).status.success());
}

/// Issue 50: mutated rules packs (and club profiles of before) never panic the strict
/// reader; every one it takes writes back to a pack that reads the same.
#[test]
fn mutated_rules_packs_never_panic() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(50);
    let game = storage::read_battle_file(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/saves/krasnoi-1812-turn3.coldsteel.json"
    )))
    .unwrap();
    let b = game.battle();
    let pack = coldsteel::model::RulesPack {
        id: coldsteel::model::PackId { name: "Club".into(), version: 2 },
        ruleset: b.ruleset,
        options: b.options.clone(),
    };
    let sources = [storage::pack_to_json(&pack), storage::DEFAULT_PROFILE_JSON.to_owned()];
    let mut read = 0;
    for i in 0..1500usize {
        let text = mutate(sources[i % 2].as_bytes(), &mut rng);
        let Ok(text) = String::from_utf8(text) else { continue };
        if let Ok(p) = storage::pack_from_json(&text) {
            read += 1;
            assert_eq!(storage::pack_from_json(&storage::pack_to_json(&p)).unwrap(), p, "{text}");
        }
    }
    assert!(read > 0, "some mutations still read");
}

/// Issue 52: mutated campaign files (a closed battle in the ledger) never panic the
/// strict reader; every one it takes writes back to a campaign that reads the same.
#[test]
fn mutated_campaign_files_never_panic() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(52);
    let game = storage::read_battle_file(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/saves/krasnoi-1812-turn3.coldsteel.json"
    )))
    .unwrap();
    let mut c = coldsteel::game::campaign::campaign_from(&game, "campaign-fuzz", "Fuzz", "turn3", true);
    let rule = coldsteel::model::ResultRule::UnitsBroken;
    let closing = coldsteel::game::campaign::closing(&c, &game, rule, None).unwrap();
    coldsteel::game::campaign::close(&mut c, &closing, &[], "turn3.coldsteel.json").unwrap();
    let source = storage::campaign_to_json(&c);
    let mut read = 0;
    for _ in 0..1500usize {
        let text = mutate(source.as_bytes(), &mut rng);
        let Ok(text) = String::from_utf8(text) else { continue };
        if let Ok(back) = storage::campaign_from_json(&text) {
            read += 1;
            assert_eq!(storage::campaign_from_json(&storage::campaign_to_json(&back)).unwrap(), back, "{text}");
            // Its report is made whatever it holds.
            let _ = coldsteel::report::campaign::campaign_report(&back, &[], coldsteel::i18n::Lang::Ru);
        }
    }
    assert!(read > 0, "some mutations still read");
}
