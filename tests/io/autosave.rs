//! Issue 41, never lose an evening: every autosave journal stays until it is recovered or
//! discarded, whatever the players do between (Not now, another battle, another folder,
//! a changed file, two windows, a damaged line, a pipe named like a journal). Driven
//! through the storage layer as the window drives it: a run is an `Autosaver`, and a run
//! that ends without saving (a crash) is one dropped.

use std::path::{Path, PathBuf};
use std::time::Duration;

use coldsteel::game::{Action, Game};
use coldsteel::storage::{self, Base, LoadError, Op, SourceState};

fn note(text: &str) -> Action {
    Action::Note(text.to_owned())
}

/// A battle saved to `name` in `dir`, and its game.
fn battle_file(dir: &Path, name: &str, title: &str) -> (PathBuf, Game) {
    let mut battle = storage::default_game().unwrap().battle().clone();
    battle.name = title.to_owned();
    let game = Game::new(battle);
    let file = dir.join(name);
    storage::save_battle(&file, &game).unwrap();
    let read = storage::read_battle_file(&file).unwrap();
    (file, read)
}

/// A run of the app on the battle file at `file`: it opens it, does `notes`, and ends
/// without saving. Returns the game it reached.
fn run_without_saving(data: &Path, file: &Path, notes: &[&str]) -> Game {
    let mut game = storage::read_battle_file(file).unwrap();
    let saver = storage::Autosaver::start(data.to_path_buf());
    saver.begin(Base::OnDisk(file.to_path_buf(), Box::new(game.clone())), None, false);
    for t in notes {
        game.perform(&note(t)).unwrap();
        saver.record(Op::Did(Box::new(note(t))));
    }
    saver.sync();
    game
}

fn journal_bytes(rec: &storage::Recovery) -> Vec<u8> {
    std::fs::read(&rec.file).unwrap()
}

/// Row 1: Not now on the recovery offer, then one action in a new run: the first
/// journal is still there, whole, and still offered beside the new one.
#[test]
fn not_now_then_one_action_keeps_the_first_journal_whole() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (file, _) = battle_file(dir.path(), "b.coldsteel.json", "Krasnoi");
    let first = run_without_saving(&data, &file, &["1", "2", "3", "4", "5", "6", "7", "8"]);
    let offered = storage::recoveries_of(&data, &file);
    assert_eq!(offered.len(), 1);
    let rec = offered.into_iter().next().unwrap().unwrap();
    assert_eq!(rec.game.battle(), first.battle());
    let before = journal_bytes(&rec);
    // Not now: nothing done with it. The next run does one thing.
    run_without_saving(&data, &file, &["another evening"]);
    let offered: Vec<_> = storage::recoveries_of(&data, &file).into_iter().map(Result::unwrap).collect();
    assert_eq!(offered.len(), 2, "both journals are kept");
    let again = offered.iter().find(|r| r.file == rec.file).expect("the first journal is still offered");
    assert_eq!(journal_bytes(again), before, "byte for byte");
    assert_eq!(again.played, 8);
    assert_eq!(again.game.battle(), first.battle());
}

/// Row 2: another battle's journal is newer: each battle's journal stays, and opening a
/// battle offers its own.
#[test]
fn every_battles_journal_stays_and_each_battle_is_offered_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (a, _) = battle_file(dir.path(), "a.coldsteel.json", "Borodino");
    let (b, _) = battle_file(dir.path(), "b.coldsteel.json", "Krasnoi");
    let on_a = run_without_saving(&data, &a, &["a1", "a2", "a3"]);
    std::thread::sleep(Duration::from_millis(20));
    let on_b = run_without_saving(&data, &b, &["b1"]);
    // With no file given, the newest is offered first; every one is listed.
    let kept = storage::kept_journals(&data);
    assert_eq!(kept.len(), 2);
    assert_eq!(kept[0].header.as_ref().unwrap().name.as_deref(), Some("Krasnoi"));
    // Opening the first battle offers its journal, not the newer one.
    let of_a: Vec<_> = storage::recoveries_of(&data, &a).into_iter().map(Result::unwrap).collect();
    assert_eq!(of_a.len(), 1);
    assert_eq!(of_a[0].game.battle(), on_a.battle());
    let b_journal = storage::recoveries_of(&data, &b).pop().unwrap().unwrap();
    let b_bytes = journal_bytes(&b_journal);
    // A run on the first battle does one thing: the other battle's journal is untouched.
    run_without_saving(&data, &a, &["a4"]);
    let of_b: Vec<_> = storage::recoveries_of(&data, &b).into_iter().map(Result::unwrap).collect();
    assert_eq!(of_b.len(), 1);
    assert_eq!(journal_bytes(&of_b[0]), b_bytes);
    assert_eq!(of_b[0].game.battle(), on_b.battle());
    assert_eq!(storage::recoveries_of(&data, &a).len(), 2);
}

/// Row 3: a journal names its battle by the absolute, resolved path, whatever the path
/// was given as; an earlier version's relative path is resolved against the battle
/// being opened.
#[test]
fn journals_name_their_battle_by_its_absolute_path_and_old_relative_ones_still_read() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let (file, game) = battle_file(tmp.path(), "rel.coldsteel.json", "Vitebsk");
    // The file by a path relative to the folder the tests run in (up to the root, then
    // down), as a launcher started elsewhere would have typed it.
    let cwd = std::env::current_dir().unwrap();
    let up: PathBuf = cwd.components().skip(1).map(|_| "..").collect();
    let relative = up.join(file.components().skip(1).collect::<PathBuf>());
    assert!(relative.is_relative() && relative.exists(), "{relative:?}");
    let saver = storage::Autosaver::start(data.clone());
    saver.begin(Base::OnDisk(relative.clone(), Box::new(game.clone())), None, false);
    saver.record(Op::Did(Box::new(note("from a launcher"))));
    saver.sync();
    drop(saver);
    let kept = storage::kept_journals(&data);
    let source = kept[0].header.as_ref().unwrap().source.clone().unwrap();
    assert!(source.is_absolute(), "{source:?}");
    assert_eq!(source, storage::canonical(&file));
    for k in &kept {
        storage::discard_autosave(&k.path);
    }

    // A version-1 journal, written before this change: `source` as typed (a bare name,
    // relative to the folder that app ran in), the file fingerprinted, no copy.
    let bytes = std::fs::read(&file).unwrap();
    let print = storage::journal::fingerprint(&bytes);
    let header = serde_json::json!({
        "format": "coldsteel.journal", "version": 1, "source": "rel.coldsteel.json",
        "fingerprint": print, "started_at_ms": 1
    });
    let line = serde_json::json!({"n": 1, "at_ms": 2, "op": {"did": note("written by version 1")}});
    std::fs::create_dir_all(&data).unwrap();
    let old = data.join("journal-0123456789abcdef.jsonl");
    std::fs::write(&old, format!("{header}\n{line}\n")).unwrap();
    // Opened from anywhere (the tests' folder is not the battle's): resolved against the
    // battle being opened.
    let offered: Vec<_> = storage::recoveries_of(&data, &file).into_iter().map(Result::unwrap).collect();
    assert_eq!(offered.len(), 1);
    let mut expected = game.clone();
    expected.perform(&note("written by version 1")).unwrap();
    assert_eq!(offered[0].game.battle(), expected.battle());
    assert_eq!(offered[0].info.source, Some(storage::canonical(&file)));
}

/// Row 4: the battle file changed since the autosave (saved elsewhere, copied back):
/// recovery offers the autosave from its own copy and says the file is newer; both are
/// kept.
#[test]
fn a_changed_file_keeps_its_autosave_and_says_which_is_newer() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (file, _) = battle_file(dir.path(), "b.coldsteel.json", "Smolensk");
    let autosaved = run_without_saving(&data, &file, &["1", "2", "3"]);
    std::thread::sleep(Duration::from_millis(30));
    // Saved elsewhere and copied back: another state, written later.
    let mut other = storage::read_battle_file(&file).unwrap();
    other.perform(&note("played on another laptop")).unwrap();
    storage::save_battle(&file, &other).unwrap();
    let file_bytes = std::fs::read(&file).unwrap();
    let rec = storage::recoveries_of(&data, &file).pop().unwrap().unwrap();
    assert_eq!(rec.game.battle(), autosaved.battle(), "the autosave's own battle");
    match rec.source_state {
        SourceState::Differs { modified_ms: Some(saved) } => {
            assert!(saved > rec.info.written_at_ms, "the file is newer")
        }
        other => panic!("{other:?}"),
    }
    // Kept means kept: the journal and the file are both as they were.
    assert_eq!(std::fs::read(&file).unwrap(), file_bytes);
    run_without_saving(&data, &file, &["one more"]);
    assert!(storage::recoveries_of(&data, &file).iter().any(|r| r.as_ref().unwrap().file == rec.file));
}

/// Row 5: one window at a time writes a battle: a second lock on the same file (by any
/// path to it) is refused while the first is held and given once it goes; a journal its
/// window is writing is never offered to another.
#[test]
fn a_battle_is_written_by_one_window_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (file, game) = battle_file(dir.path(), "b.coldsteel.json", "Lützen");
    let first = storage::lock_battle(&data, &file).unwrap().expect("this file system takes locks");
    let by_another_path = dir.path().join(".").join("b.coldsteel.json");
    assert_eq!(storage::lock_battle(&data, &by_another_path).unwrap_err(), storage::Locked::Elsewhere);
    // The first window's live journal.
    let saver = storage::Autosaver::start(data.clone());
    saver.begin(Base::OnDisk(file.clone(), Box::new(game.clone())), None, false);
    for t in ["1", "2", "3"] {
        saver.record(Op::Did(Box::new(note(t))));
    }
    saver.sync();
    assert!(storage::kept_journals(&data).is_empty(), "a live journal is not offered");
    assert!(storage::recoveries_of(&data, &file).is_empty());
    // The first window ends (however it ends): the lock goes with it, the journal stays.
    drop(first);
    drop(saver);
    assert!(storage::lock_battle(&data, &file).unwrap().is_some());
    assert_eq!(storage::recoveries_of(&data, &file).pop().unwrap().unwrap().played, 3);
}

/// Row 6: a damaged line in the middle: the lines before it recover, the offer counts
/// the rest, and a copy of the journal with them is kept beside it (never offered).
#[test]
fn a_damaged_line_recovers_what_precedes_it_and_keeps_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (file, mut game) = battle_file(dir.path(), "b.coldsteel.json", "Dresden");
    let notes: Vec<String> = (1..=12).map(|i| format!("note {i}")).collect();
    let refs: Vec<&str> = notes.iter().map(String::as_str).collect();
    run_without_saving(&data, &file, &refs);
    let rec = storage::recoveries_of(&data, &file).pop().unwrap().unwrap();
    let text = std::fs::read_to_string(&rec.file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The header, the battle, then twelve actions: the seventh is damaged.
    assert_eq!(lines.len(), 14);
    let damaged =
        lines.iter().enumerate().map(|(i, l)| if i == 8 { "{\"n\":7,\"at_ms\":1,\"op\":{\"did\"" } else { l });
    std::fs::write(&rec.file, damaged.collect::<Vec<_>>().join("\n") + "\n").unwrap();
    let rec = storage::recoveries_of(&data, &file).pop().unwrap().unwrap();
    assert_eq!((rec.played, rec.unread), (6, 6));
    for t in &refs[..6] {
        game.perform(&note(t)).unwrap();
    }
    assert_eq!(rec.game.battle(), game.battle());
    let copy = storage::journal::keep_unreadable(&rec.file).unwrap();
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(&rec.file).unwrap());
    assert!(copy.file_name().unwrap().to_str().unwrap().ends_with(".unreadable.jsonl"));
    assert_eq!(storage::kept_journals(&data).len(), 1, "the copy is kept, not offered");
}

/// Row 7: a pipe, or a link to a device, named like a journal: never opened for reading
/// (a pipe would block the start forever), never read (a device would be read without
/// end); the real journals beside them are still offered.
#[cfg(unix)]
#[test]
fn only_regular_files_are_read_as_journals() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (file, _) = battle_file(dir.path(), "b.coldsteel.json", "Leipzig");
    run_without_saving(&data, &file, &["kept"]);
    let fifo = data.join("journal-1-1-1.jsonl");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    std::os::unix::fs::symlink("/dev/zero", data.join("journal-2-2-2.jsonl")).unwrap();
    let listed = std::sync::mpsc::channel();
    let looking = data.clone();
    std::thread::spawn(move || {
        let kept = storage::kept_journals(&looking);
        let read = storage::read_recovery(&looking.join("journal-2-2-2.jsonl"), None);
        let piped = storage::read_recovery(&looking.join("journal-1-1-1.jsonl"), None);
        let _ = listed.0.send((kept.len(), read.err(), piped.err()));
    });
    let (kept, read, piped) = listed.1.recv_timeout(Duration::from_secs(10)).expect("no hang on a pipe or a device");
    assert_eq!(kept, 1, "only the real journal");
    assert!(matches!(read, Some(LoadError::NotAFile)), "{read:?}");
    assert!(matches!(piped, Some(LoadError::NotAFile)), "{piped:?}");
}

/// Lower: a journal whose first line is damaged is worded as what it is, not as a battle
/// file of the wrong format.
#[test]
fn a_damaged_journal_header_is_worded_as_a_journal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("journal-3-3-3.jsonl");
    std::fs::write(&path, "{\"format\": \"coldsteel.jour\nsomething\n").unwrap();
    let e = storage::read_recovery(&path, None).unwrap_err();
    assert!(matches!(e, LoadError::NotAJournal), "{e:?}");
    for lang in coldsteel::i18n::Lang::ALL {
        let text = coldsteel::i18n::errors::load_error_text(lang, &e);
        assert!(!text.contains("battle file") && !text.contains("файл битвы"), "{text}");
    }
    assert!(coldsteel::i18n::errors::load_error_text(coldsteel::i18n::Lang::En, &e).contains("autosave journal"));
    // Listed with its reason (to be discarded), not hidden.
    let kept = storage::kept_journals(dir.path());
    assert_eq!(kept.len(), 1);
    assert!(kept[0].header.is_err());
}

/// Lower: an autosave that cannot be written says so once, not at every action.
#[test]
fn an_autosave_that_cannot_be_written_says_so_once() {
    let dir = tempfile::tempdir().unwrap();
    // The data folder is a file: nothing can be written in it.
    let data = dir.path().join("data");
    std::fs::write(&data, "not a folder").unwrap();
    let saver = storage::Autosaver::start(data);
    saver.begin(Base::Unsaved(Box::new(storage::default_game().unwrap()), None), None, false);
    for t in ["1", "2", "3", "4"] {
        saver.record(Op::Did(Box::new(note(t))));
    }
    saver.sync();
    assert!(saver.take_error().is_some(), "said");
    saver.record(Op::Did(Box::new(note("5"))));
    saver.sync();
    assert!(saver.take_error().is_none(), "said once");
}

/// Start-up as fast with kept journals as with none: a run that ends leaves its journal
/// and no lock file beside it (start-up then knows it is not live without opening a
/// lock); a killed run's lock file, which the OS unlocked, is tried and passed over.
#[test]
fn a_run_that_ends_leaves_no_lock_and_a_killed_runs_lock_is_passed_over() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (file, _) = battle_file(dir.path(), "b.coldsteel.json", "Lützen");
    run_without_saving(&data, &file, &["one", "two"]);
    let names = || -> Vec<String> {
        std::fs::read_dir(&data).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect()
    };
    assert!(!names().iter().any(|n| n.ends_with(".lock")), "{:?}", names());
    let kept = storage::kept_journals(&data);
    assert_eq!(kept.len(), 1);
    let mut stale = kept[0].path.clone().into_os_string();
    stale.push(".lock");
    std::fs::write(&stale, b"").unwrap();
    assert_eq!(storage::kept_journals(&data).len(), 1, "an unlocked lock file is a dead run's");
    assert_eq!(storage::recoveries_of(&data, &file).pop().unwrap().unwrap().played, 2);
}
