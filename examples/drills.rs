//! The drills the crash tests run against the library as separate processes, killed at
//! random (issue 49: kept out of the `coldsteel` command).
//!
//! ```text
//! drills save-loop FILE                 save a battle to FILE over and over, alternating
//!                                       two states, after printing `saving` once
//! drills journal-loop DIR [ACTIONS]     play an evening of charges (3000 actions) with
//!                                       its autosave journal in DIR as the app writes it,
//!                                       printing the count of things done after each is
//!                                       on disk; every seventh action undone and redone
//! ```

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use coldsteel::game::Game;
use coldsteel::i18n::Lang;
use coldsteel::i18n::errors::{action_error_text, load_error_text, save_error_text};
use coldsteel::storage;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize, default: usize| args.get(i).map_or(Ok(default), |a| a.parse::<usize>().map_err(|e| e.to_string()));
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["save-loop", file] => save_loop(Path::new(file)),
        ["journal-loop", dir, ..] => number(2, 3000).and_then(|n| journal_loop(Path::new(dir), n)),
        _ => Err("usage: drills save-loop FILE | journal-loop DIR [ACTIONS]".into()),
    };
    match result {
        Ok(said) => {
            if !said.is_empty() {
                println!("{said}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Saves the default battle and a changed copy of it to `path`, in turn, until killed.
fn save_loop(path: &Path) -> Result<String, String> {
    let first = storage::default_game().map_err(|e| load_error_text(Lang::En, &e))?;
    let mut changed = first.battle().clone();
    changed.turn = 2;
    changed.name.push_str(" (second state)");
    // Changed by hand, not by an action: a battle without a journal (its log kept whole).
    let second = Game::new(changed);
    let mut said_ready = false;
    loop {
        for game in [&first, &second] {
            let _ = storage::save_battle(path, game).map_err(|e| save_error_text(Lang::En, &e))?;
        }
        // The test kills at random only once the file is there, however slowly this
        // process started on a loaded machine.
        if !said_ready {
            let mut out = std::io::stdout().lock();
            writeln!(out, "saving").and_then(|()| out.flush()).map_err(|e| e.to_string())?;
            said_ready = true;
        }
    }
}

fn journal_loop(dir: &Path, actions: usize) -> Result<String, String> {
    let (mut game, mut evening) = coldsteel::game::long_evenings::Evening::new(actions, 10);
    let saver = storage::Autosaver::start(dir.to_path_buf());
    saver.begin(storage::Base::Unsaved(Box::new(game.clone()), None), None, false);
    let mut out = std::io::stdout().lock();
    let mut done = 0usize;
    let mut record = |op: storage::Op, done: &mut usize| {
        saver.record(op);
        saver.sync();
        *done += 1;
        let _ = writeln!(out, "{done}");
        let _ = out.flush();
    };
    for n in 1..=actions {
        let Some(action) = evening.next_action(&game) else { break };
        game.perform(&action).map_err(|e| action_error_text(Lang::En, &e))?;
        record(storage::Op::Did(Box::new(action)), &mut done);
        if n % 7 == 0 {
            let _ = game.undo();
            record(storage::Op::Undid, &mut done);
            let _ = game.redo();
            record(storage::Op::Redid, &mut done);
        }
    }
    Ok(String::new())
}
