//! Battle files: round trips, the version-1 fixture, bad and mutated files, atomic
//! saves with `.bak`, a crash test, autosave and recovery.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use coldsteel::storage::{self, LoadError};
use proptest::prelude::*;

fn saves() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".coldsteel.json"))
        .collect();
    out.sort();
    out
}

#[test]
fn every_example_round_trips() {
    let files = saves();
    assert!(!files.is_empty());
    let dir = tempfile::tempdir().unwrap();
    for path in files {
        let game = storage::read_battle_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let copy = dir.path().join("copy.coldsteel.json");
        storage::save_battle(&copy, &game).unwrap();
        let back = storage::read_battle_file(&copy).unwrap();
        assert_eq!(game, back, "{}", path.display());
    }
}

#[test]
fn the_version_1_fixture_loads_forever() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/battle-v1.coldsteel.json");
    let game = storage::read_battle_file(&path).unwrap();
    assert_eq!(game.battle().name, "Krasnoi, 17 November 1812");
    assert_eq!(game.battle().units.len(), 25);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"version\": 1"));
}

/// Issue 48: a version-8 file whose charge carried the table's unrounded measures
/// (`exact`) reads as version 9, its journal performed again with the measures the game
/// derives from the table: the same battle as the example saved now, and saved again
/// without them.
#[test]
fn the_version_8_fixture_drops_the_measures_its_charge_carried() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("tests/fixtures/battle-v8.coldsteel.json");
    assert!(std::fs::read_to_string(&path).unwrap().contains("\"exact\""));
    let old = storage::read_battle_file(&path).unwrap();
    let now = storage::read_battle_file(&root.join("saves/krasnoi-1812-on-the-table.coldsteel.json")).unwrap();
    // The example takes its tables as the example pack since version 10 (issue 50); the
    // fixture set them as options: the same tables, units, engagements and table.
    let (o, n) = (old.battle(), now.battle());
    assert_eq!((&o.options, &o.units, &o.engagements, &o.table), (&n.options, &n.units, &n.engagements, &n.table));
    assert_eq!(o.log.len(), n.log.len());
    let dir = tempfile::tempdir().unwrap();
    let again = dir.path().join("again.coldsteel.json");
    storage::save_battle(&again, &old).unwrap();
    let text = std::fs::read_to_string(&again).unwrap();
    assert!(!text.contains("\"exact\"") && text.contains(&format!("\"version\": {}", storage::VERSION)));
}

#[test]
fn a_newer_version_is_refused_with_the_version_needed() {
    let text =
        storage::DEFAULT_BATTLE_JSON.replacen(&format!("\"version\": {}", storage::VERSION), "\"version\": 99", 1);
    match storage::from_json(&text) {
        Err(e @ LoadError::Newer { found: 99 }) => assert!(e.to_string().contains("version 99")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn errors_name_line_column_and_field() {
    let text = storage::DEFAULT_BATTLE_JSON.replacen("\"arm\":\"cossacks\"", "\"arm\":\"hussars\"", 1);
    let e = storage::from_json(&text).unwrap_err().to_string();
    assert!(e.contains("units[") && e.contains(".arm") && e.contains("hussars") && e.contains("line"), "{e}");
    let e = storage::from_json("{\"format\": \"something.else\", \"version\": 1}").unwrap_err().to_string();
    assert!(e.contains("not a coldsteel battle"), "{e}");
    let bad_ref = storage::DEFAULT_BATTLE_JSON.replacen("\"brigade\":7", "\"brigade\":70", 1);
    let e = storage::from_json(&bad_ref).unwrap_err().to_string();
    assert!(e.contains("brigade 70 does not exist"), "{e}");
}

#[test]
fn files_over_64_mib_are_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.coldsteel.json");
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(storage::MAX_FILE_BYTES + 1).unwrap();
    assert!(matches!(storage::read_battle_file(&path), Err(LoadError::TooLarge(_))));
}

#[test]
fn saving_keeps_the_previous_file_as_bak() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.coldsteel.json");
    let mut game = storage::default_game().unwrap();
    storage::save_battle(&path, &game).unwrap();
    let first = std::fs::read_to_string(&path).unwrap();
    game = common::edited(&game, |b| b.turn = 2);
    storage::save_battle(&path, &game).unwrap();
    let bak = std::fs::read_to_string(storage::backup_path(&path)).unwrap();
    assert_eq!(bak, first);
    assert_eq!(storage::read_battle_file(&path).unwrap().battle().turn, 2);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// A child process saving `path` in a loop, killed at random moments `rounds` times;
/// after each kill, `after` looks at the files. Returns how many kills found the old
/// (turn 1 or 3) and the new (turn 2) battle.
fn killed_saves(path: &Path, rounds: usize, mut after: impl FnMut(usize)) -> [usize; 2] {
    let mut rng_state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut seen = [0usize; 2];
    for round in 0..rounds {
        let mut child = crate::common::drills()
            .arg("save-loop")
            .arg(path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Wait for its first saves: the random moments fall within the loop, not in
        // the process's start (slow on a loaded machine).
        let mut ready = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut ready).unwrap();
        assert_eq!(ready.trim(), "saving", "round {round}");
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
        std::thread::sleep(Duration::from_micros(2_000 + rng_state % 20_000));
        child.kill().unwrap();
        child.wait().unwrap();
        let game = storage::read_battle_file(path).unwrap_or_else(|e| panic!("round {round}: {e}"));
        seen[usize::from(game.battle().turn == 2)] += 1;
        after(round);
    }
    seen
}

/// A child process saving in a loop is killed at random moments; after each kill the
/// file is a valid battle, the old or the new one.
#[test]
fn a_killed_save_leaves_the_old_or_the_new_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crash.coldsteel.json");
    let seen = killed_saves(&path, 200, |_| {});
    assert_eq!(seen[0] + seen[1], 200, "every kill left a whole battle: {seen:?}");
}

/// Issue 29: a battle with a second hard link, its saves killed at random: the battle's
/// name always holds the old or the new battle whole (the save gives the link up and
/// writes the battle anew), the other name a whole earlier battle, and no temporary file
/// outlives the next save.
#[test]
fn a_killed_save_of_a_hard_linked_battle_leaves_each_name_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("linked.coldsteel.json");
    let other = dir.path().join("other-name.coldsteel.json");
    storage::save_battle(&path, &storage::default_game().unwrap()).unwrap();
    std::fs::hard_link(&path, &other).unwrap();
    let seen = killed_saves(&path, 150, |round| {
        let game = storage::read_battle_file(&other).unwrap_or_else(|e| panic!("round {round}, the other name: {e}"));
        assert_ne!(game.battle().turn, 0);
    });
    assert_eq!(seen[0] + seen[1], 150, "every kill left a whole battle: {seen:?}");
    storage::save_battle(&path, &storage::default_game().unwrap()).unwrap();
    let temps: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(temps.is_empty(), "{temps:?}");
}

/// The autosave journal of a saved battle is not offered while its window is writing
/// it; once that run ends without saving, it is offered, kept when declined, and folded
/// away only when a later run recovers it and saves.
#[test]
fn autosave_is_offered_when_newer_and_kept_when_declined() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("battle.coldsteel.json");
    let mut game = storage::default_game().unwrap();
    storage::save_battle(&file, &game).unwrap();
    let saver = storage::Autosaver::start(data.clone());
    saver.begin(storage::Base::OnDisk(file.clone(), Box::new(game.clone())), None, false);
    let action = coldsteel::game::Action::Note("The Guard holds the road.".into());
    game.perform(&action).unwrap();
    saver.record(storage::Op::Did(Box::new(action)));
    saver.sync();
    assert!(storage::find_recovery(&data).is_none(), "a journal its window is writing is live, not offered");
    // The run ends without saving (as a crash would).
    drop(saver);
    let recovery = storage::find_recovery(&data).expect("offered").unwrap();
    assert_eq!(recovery.game.battle(), game.battle());
    assert_eq!(recovery.info.source, Some(storage::canonical(&file)));
    assert_eq!(recovery.source_state, storage::SourceState::AsBegun);
    // Declining is doing nothing: the autosave is still there and still offered.
    assert!(storage::find_recovery(&data).is_some());
    // A later run recovers it (its journal takes the old one's place) and saves it:
    // nothing more to offer.
    let saver = storage::Autosaver::start(data.clone());
    saver.begin(storage::Base::Unsaved(Box::new(recovery.game), Some(file.clone())), Some(recovery.file), false);
    let more = coldsteel::game::Action::Note("The Guard falls back.".into());
    game.perform(&more).unwrap();
    saver.record(storage::Op::Did(Box::new(more)));
    saver.sync();
    storage::save_battle(&file, &game).unwrap();
    saver.remove();
    saver.begin(storage::Base::OnDisk(file.clone(), Box::new(game.clone())), None, false);
    saver.sync();
    drop(saver);
    assert!(storage::find_recovery(&data).is_none());
}

/// An autosave written by a version before the journal is still offered (and read).
#[test]
fn an_earlier_versions_autosave_is_still_offered() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let game = common::edited(&storage::default_game().unwrap(), |b| b.turn = 5);
    std::fs::write(data.join("autosave.coldsteel.json"), storage::to_json(&game)).unwrap();
    std::fs::write(data.join("autosave.info.json"), "{\"source\": null, \"written_at_ms\": 5}").unwrap();
    let recovery = storage::find_recovery(data).expect("offered").unwrap();
    assert_eq!(recovery.game.battle().turn, 5);
    storage::discard_recovery(&recovery);
    assert!(storage::find_recovery(data).is_none());
}

fn mutate(text: &str, ops: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, kind, value) in ops {
        if bytes.is_empty() {
            break;
        }
        let i = at % bytes.len();
        match kind % 4 {
            0 => bytes[i] = value,
            1 => {
                bytes.remove(i);
            }
            2 => bytes.insert(i, value),
            _ => bytes.truncate(i),
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Thousands of mutated and truncated battle files never panic, and every refusal
    /// names the problem.
    #[test]
    fn mutated_files_never_panic(ops in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6)) {
        let bytes = mutate(storage::DEFAULT_BATTLE_JSON, &ops);
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = storage::from_json(&text) {
            let message = e.to_string();
            prop_assert!(message.len() > 10, "{}", message);
            if let LoadError::Syntax { line, column, .. } = e {
                prop_assert!(line >= 1 || column >= 1 || message.contains("EOF"));
            }
        }
    }
}

#[test]
fn the_window_state_follows_coldsteel_data_dir() {
    let file = coldsteel::storage::app_state_file(Some("/tmp/club-laptop".into()));
    assert_eq!(file, Some(PathBuf::from("/tmp/club-laptop/app.ron")));
    assert_eq!(coldsteel::storage::app_state_file(Some("".into())), None, "an empty value is unset");
    assert_eq!(coldsteel::storage::app_state_file(None), None, "unset: eframe's own folder");
}

/// A new battle file (or report, or SVG) is created as any program's new file is, 0666
/// less the umask, and not owner-only like a temporary file.
#[cfg(unix)]
#[test]
fn new_files_get_the_usual_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.txt");
    std::fs::write(&plain, b"x").unwrap();
    let saved = dir.path().join("new.coldsteel.json");
    storage::save_battle(&saved, &storage::default_game().unwrap()).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&saved), mode(&plain));
}

/// Issue 29, writers onto their input: `replay --write` and `oob import --out` refuse an
/// output that is their input, through a hard link too; the input is left as it was.
#[test]
fn a_writer_never_replaces_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let battle = dir.path().join("b.coldsteel.json");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/krasnoi-1812.coldsteel.json"), &battle).unwrap();
    let linked = dir.path().join("linked.coldsteel.json");
    std::fs::hard_link(&battle, &linked).unwrap();
    let before = std::fs::read(&battle).unwrap();
    let run = |args: &[&std::ffi::OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_coldsteel")).args(args).output().unwrap()
    };
    let out = run(&["replay".as_ref(), battle.as_os_str(), "--write".as_ref(), linked.as_os_str()]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("its own input"));
    let csv = dir.path().join("oob.csv");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/oob/krasnoi.en.csv"), &csv).unwrap();
    let out = run(&[
        "oob".as_ref(),
        "import".as_ref(),
        csv.as_os_str(),
        "--new".as_ref(),
        "T".as_ref(),
        "--out".as_ref(),
        csv.as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read(&battle).unwrap(), before);
}
