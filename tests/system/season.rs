//! Issue 31's season at full size, against the release binary (issue 40): the 50,000-action
//! evening is played and saved by `target/release/coldsteel evening`, checked and replayed by
//! the same binary, and read back here. Its debug twin, the same assertions at 2,000
//! actions, is `io::season::a_2000_action_evening_stays_small_and_comes_back_identical`.

use std::process::{Command, Output};

use coldsteel::game::Game;
use coldsteel::i18n::{Lang, Noun, T};
use coldsteel::storage;

const ACTIONS: usize = 50_000;

fn release(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(crate::release_bin()).args(args).output().expect("the release binary runs")
}

fn ok(o: &Output, what: &str) -> String {
    assert!(o.status.success(), "{what}: {:?}\n{}", o.status, String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).trim().to_owned()
}

/// A 50,000-action evening of charges and melees between fresh pairs, ten a turn: under
/// the 64 MiB limit, at most 1 KB an action on average beyond the battle it starts from
/// (held twice: at the start and now), no charge or melee over 2 KB with its undo step;
/// it saves, checks, loads and replays identical, and undo and redo behave the same after
/// the reopen as on the evening played here from the same start.
#[test]
#[ignore = "needs target/release/coldsteel; .ci/run runs it with --ignored"]
fn a_50000_action_evening_stays_small_and_comes_back_identical() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("evening.coldsteel.json");
    let n = ACTIONS.to_string();
    ok(&release(&["evening".as_ref(), file.as_os_str(), "--actions".as_ref(), n.as_ref()]), "evening");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!((text.len() as u64) < storage::MAX_FILE_BYTES, "{} bytes", text.len());
    let back = storage::from_json(&text).unwrap();
    assert_eq!((back.battle().log.len(), back.history().done.len()), (ACTIONS, ACTIONS));
    crate::common::assert_evening_is_small(&back, text.len());
    let check = ok(&release(&["check".as_ref(), file.as_os_str()]), "check");
    assert!(!check.is_empty());
    let replayed = ok(&release(&["replay".as_ref(), file.as_os_str()]), "replay");
    assert_eq!(replayed, Lang::En.fmt(T::CliReplayed, &[&Lang::En.count(ACTIONS, Noun::Action)]));
    undo_and_redo_after_the_reopen(back, &text);
}

/// The time the file says it was saved (the header's `saved_at`, written before the battle).
fn saved_at(text: &str) -> &str {
    let line = text.lines().take(8).find_map(|l| l.trim().strip_prefix("\"saved_at\": \"")).unwrap();
    line.trim_end_matches([',', '"'])
}

/// The reopened file writes back byte for byte (with the time it was saved), and 25
/// undos and redos on it match the steps the file records.
fn undo_and_redo_after_the_reopen(back: Game, text: &str) {
    let again = storage::to_json_at(&back, Some(saved_at(text)));
    assert!(again == text, "written back: {} bytes, not the file's {}", again.len(), text.len());
    let mut after = back.clone();
    for _ in 0..25 {
        let expected = after.history().done.last().map(|s| s.kind);
        assert_eq!(after.undo().unwrap().map(|s| s.kind), expected);
    }
    assert_eq!(after.battle().log.len(), ACTIONS - 25);
    for _ in 0..25 {
        after.redo().unwrap();
    }
    assert_eq!(after.battle(), back.battle());
}
