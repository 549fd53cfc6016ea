//! Issue 31's season at full size, against the release binary (issue 40): the 50,000-action
//! evening is played and saved by `target/release/coldsteel fill --with actions` (which goes
//! on to the journal's limit, issue 41: `file_limit.rs`), checked and replayed by the same
//! binary, and read back here. Its debug twin, the same assertions at 2,000
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
/// the 64 MiB limit, under 500 bytes an action on average beyond the battle it starts from
/// (held twice: at the start and now), no charge or melee over 2 KB with its undo step;
/// it saves, loads, and replays and checks identical through the command line as users
/// run it (issue 46), and undo and redo behave the same after
/// the reopen as on the evening played here from the same start. The same evening goes on
/// to the 60,000 entries of the journal's limit, its files within 64 MiB.
#[test]
#[ignore = "needs target/release/coldsteel; .ci/run runs it with --ignored"]
fn a_50000_action_evening_stays_small_comes_back_identical_and_goes_on_to_the_journal_limit() {
    let filled = crate::file_limit::filled("actions", ACTIONS / 2);
    crate::file_limit::sixty_thousand_actions_keep_within_64_mib_to_the_journal_limit(&filled);
    let file = std::path::PathBuf::from(&filled.saved[1].0);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!((text.len() as u64) < storage::MAX_FILE_BYTES, "{} bytes", text.len());
    let back = storage::from_json(&text).unwrap();
    assert_eq!((back.battle().log.len(), back.history().done.len()), (ACTIONS, ACTIONS));
    crate::common::assert_evening_is_small(&back, text.len());
    let replayed = ok(&release(&["replay".as_ref(), file.as_os_str()]), "replay");
    assert_eq!(replayed, Lang::En.fmt(T::CliReplayed, &[&Lang::En.count(ACTIONS, Noun::Action)]));
    let checked = ok(&release(&["check".as_ref(), file.as_os_str()]), "check");
    assert!(checked.starts_with("ok: "), "{checked}");
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
