//! Issue 41, row 8: the game refuses the action after which its battle file would pass
//! the size limit, judged by a running bound and measured exactly near it, so that no
//! writer ever writes a file the reader refuses. Here at small limits in the debug build;
//! the three evenings at the real 64 MiB run against the release binary in
//! `tests/system/file_limit.rs`.

use coldsteel::game::ActionError;
use coldsteel::game::long_evenings::{FillEvening, Filler};
use coldsteel::i18n::{Lang, errors::action_error_text};
use coldsteel::storage;

/// The measure is the writer's: the bytes `save_battle` writes, for a game fresh, played,
/// with undone steps, and with a journal's start.
#[test]
fn the_measure_is_the_size_the_writer_writes() {
    let dir = tempfile::tempdir().unwrap();
    let mut played = coldsteel::game::long_evenings::charges_evening(300, 10).unwrap();
    let fresh = storage::default_game().unwrap();
    let mut undone = played.clone();
    for _ in 0..7 {
        undone.undo().unwrap();
    }
    played.reseed(u64::MAX);
    for (i, game) in [fresh, played, undone].iter().enumerate() {
        let path = dir.path().join(format!("{i}.coldsteel.json"));
        storage::save_battle(&path, game).unwrap();
        assert_eq!(storage::file_bytes(game), std::fs::metadata(&path).unwrap().len(), "game {i}");
    }
}

/// Plays `filler` against a file limit of `limit` bytes: after every action the game
/// accepts, its file (measured exactly) keeps within the limit; the evening ends with a
/// refusal, worded with the file's size, whose file would indeed pass the limit, and
/// that leaves the game as it was; the last file saves and reads back. Every seventh
/// action is undone and redone, as players do.
fn fills_to(filler: Filler, scale: usize, limit: u64) -> (usize, u64) {
    let (mut game, mut evening) = FillEvening::new(filler, scale);
    game.watch_file(storage::file_bytes, limit);
    for n in 1.. {
        let action = evening.next_action(&game).unwrap_or_else(|| panic!("{filler:?}: the evening ended at {n}"));
        let before = game.clone();
        match game.perform(&action) {
            Ok(()) => {
                let bytes = storage::file_bytes(&game);
                assert!(bytes <= limit, "{filler:?}: action {n} accepted at {bytes} bytes");
                if n % 7 == 0 {
                    game.undo().unwrap();
                    game.redo().unwrap();
                }
            }
            Err(e @ ActionError::FileFull { bytes, limit: said }) => {
                assert_eq!(said, limit);
                assert_eq!(game, before, "{filler:?}: a refusal changes nothing");
                let mut over = game.detached();
                over.perform(&action).unwrap();
                assert_eq!(storage::file_bytes(&over), bytes, "{filler:?}: the size said is the file's");
                assert!(bytes > limit, "{filler:?}: refused at {bytes} bytes");
                let text = action_error_text(Lang::En, &e);
                assert!(text.contains(&bytes.to_string()) && text.contains("64 MiB") == (limit >> 20 == 64), "{text}");
                assert!(!action_error_text(Lang::Ru, &e).is_empty());
                let last = storage::to_json(&game);
                assert_eq!(storage::from_json(&last).unwrap(), game);
                return (n, storage::file_bytes(&game));
            }
            Err(e) => panic!("{filler:?}: action {n} refused: {e}"),
        }
    }
    unreachable!()
}

#[test]
fn notes_fill_a_file_to_its_limit_and_no_further() {
    let limit = 1 << 20;
    let (n, last) = fills_to(Filler::Notes, 600, limit);
    // A note of 20,000 characters takes about 60 KB in the entry: refused within one.
    assert!(n > 5 && last > limit - 200_000, "refused at note {n}, the file at {last} bytes");
}

#[test]
fn long_names_fill_a_file_to_its_limit_and_no_further() {
    let limit = 256 << 10;
    let (n, last) = fills_to(Filler::Names, 600, limit);
    assert!(n > 5 && last > limit - 20_000, "refused at import {n}, the file at {last} bytes");
}

#[test]
fn charges_fill_a_file_to_its_limit_and_no_further() {
    let limit = 256 << 10;
    let (n, last) = fills_to(Filler::Actions, 600, limit);
    assert!(n > 20 && last > limit - 4_000, "refused at action {n}, the file at {last} bytes");
}

/// A battle whose journal's start alone would pass the limit: its first action is
/// refused, and the file it has is written and read.
#[test]
fn a_battle_too_large_to_copy_refuses_its_first_action() {
    let (mut game, mut evening) = FillEvening::new(Filler::Names, 600);
    let action = evening.next_action(&game).unwrap();
    let limit = storage::file_bytes(&game) + 1_000;
    game.watch_file(storage::file_bytes, limit);
    let refused = game.perform(&action);
    assert!(matches!(refused, Err(ActionError::FileFull { bytes, .. }) if bytes > 2 * (limit - 1_000)), "{refused:?}");
    assert!(game.start().is_none() && game.history().done.is_empty());
}
