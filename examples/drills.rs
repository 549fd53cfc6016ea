//! The drills the tests run against the library as separate processes, killed at random
//! or filled to the file limit (issue 49: kept out of the `coldsteel` command).
//!
//! ```text
//! drills save-loop FILE                 save a battle to FILE over and over, alternating
//!                                       two states, after printing `saving` once
//! drills journal-loop DIR [ACTIONS]     play an evening of charges (3000 actions) with
//!                                       its autosave journal in DIR as the app writes it,
//!                                       printing the count of things done after each is
//!                                       on disk; every seventh action undone and redone
//! drills fill DIR WITH [EVERY]          play an evening that fills a battle file to its
//!                                       size limit (WITH: notes, names or actions),
//!                                       saving it in DIR every EVERY actions (10000) and
//!                                       as it stands when an action is refused; prints
//!                                       `saved PATH BYTES` for each file, then
//!                                       `refused N BYTES` with the reason, then what the
//!                                       writer says to the battle the refused action
//!                                       would have made
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
        ["fill", dir, with, ..] => number(3, 10_000).and_then(|every| fill(Path::new(dir), with, every, Lang::En)),
        _ => Err("usage: drills save-loop FILE | journal-loop DIR [ACTIONS] | fill DIR WITH [EVERY]".into()),
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

fn fill(dir: &Path, with: &str, every: usize, lang: Lang) -> Result<String, String> {
    use coldsteel::game::long_evenings::{FillEvening, Filler};
    let filler = match with {
        "notes" => Filler::Notes,
        "names" => Filler::Names,
        "actions" => Filler::Actions,
        other => return Err(format!("--with takes notes, names or actions, not {other}")),
    };
    let (mut game, mut evening) = FillEvening::new(filler, coldsteel::model::limits::MAX_LOG_ENTRIES);
    storage::watch_file(&mut game);
    let mut out = std::io::stdout().lock();
    let mut files = 0usize;
    let mut save = |game: &Game, out: &mut std::io::StdoutLock| -> Result<(), String> {
        files += 1;
        let path = dir.join(format!("fill-{files}.coldsteel.json"));
        storage::save_battle(&path, game).map_err(|e| save_error_text(lang, &e))?;
        let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        writeln!(out, "saved {} {bytes}", path.display()).map_err(|e| e.to_string())
    };
    for n in 1usize.. {
        let Some(action) = evening.next_action(&game) else {
            save(&game, &mut out)?;
            return Ok(format!("ended {}", n - 1));
        };
        match game.perform(&action) {
            Ok(()) if n.is_multiple_of(every.max(1)) => save(&game, &mut out)?,
            Ok(()) => {}
            Err(e) => {
                save(&game, &mut out)?;
                let bytes = if let coldsteel::game::ActionError::FileFull { bytes, .. } = e { bytes } else { 0 };
                let _ = writeln!(out, "refused {n} {bytes}\n{}", action_error_text(lang, &e));
                return Ok(if bytes > 0 { over_the_limit(dir, &game, &action, lang) } else { String::new() });
            }
        }
    }
    Ok(String::new())
}

/// What the writer says to the battle an action refused for its size would have made.
fn over_the_limit(dir: &Path, game: &Game, action: &coldsteel::game::Action, lang: Lang) -> String {
    let mut over = game.detached();
    if let Err(e) = over.perform(action) {
        return action_error_text(lang, &e);
    }
    let path = dir.join("over.coldsteel.json");
    match storage::save_battle(&path, &over) {
        Ok(_) => format!("written {}", path.display()),
        Err(e) => format!("writer refused: {}", save_error_text(lang, &e)),
    }
}
