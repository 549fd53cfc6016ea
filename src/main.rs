//! The `coldsteel` binary: command line first, then the window or a headless command.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use coldsteel::game::Game;
use coldsteel::i18n::Lang;
use coldsteel::{report, storage, ui};

/// coldsteel: battle tracker for Napoleonic miniature wargames.
#[derive(Debug, Parser)]
#[command(name = "coldsteel", version, about)]
struct Cli {
    /// A battle file to open (default: the embedded default battle).
    file: Option<PathBuf>,
    /// Interface language: en or ru (remembered for next time).
    #[arg(long, global = true, value_parser = parse_lang)]
    lang: Option<Lang>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Resolve one charge step or melee from an engagement file (`-` for standard input).
    Resolve {
        /// The engagement file, or `-`.
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Write the battle report: PDF, Markdown, plain text; with no output given, print the text.
    Report {
        /// The battle file.
        file: PathBuf,
        /// Write the report as PDF here.
        #[arg(long)]
        pdf: Option<PathBuf>,
        /// Write the report as Markdown here.
        #[arg(long)]
        md: Option<PathBuf>,
        /// Write the report as plain text here.
        #[arg(long)]
        text: Option<PathBuf>,
        /// Write the roster sheets (one page per brigade) as PDF here.
        #[arg(long)]
        roster_pdf: Option<PathBuf>,
    },
    /// Check that a battle file can be read and is valid (exit 0, or 2 with the reason).
    Check {
        /// The battle file.
        file: PathBuf,
    },
    /// Migrate a battle file to the current version in place, keeping the old one as .bak.
    Upgrade {
        /// The battle file.
        file: PathBuf,
    },
    /// Re-apply every action a battle file records through the current rules and check
    /// that it comes out the same; or play a scenario (a battle and a list of actions).
    Replay {
        /// The battle file or scenario.
        file: PathBuf,
        /// Write the battle the scenario (or the replay) comes to here.
        #[arg(long)]
        write: Option<PathBuf>,
    },
    /// Save a battle to FILE over and over, alternating two states (crash tests).
    #[command(hide = true)]
    SaveLoop {
        /// The file to write.
        file: PathBuf,
    },
}

/// A file's text, or standard input's for `-`: at most 64 MiB, regular files only.
fn read_input(path: &Path) -> Result<String, String> {
    if path.as_os_str() == "-" {
        return storage::read_limited(std::io::stdin().lock(), 0).map_err(|e| format!("standard input: {e}"));
    }
    storage::read_text_file(path).map_err(|e| format!("{e}: {}", path.display()))
}

fn resolve(path: &Path, json: bool, lang: Lang) -> Result<String, String> {
    let text = read_input(path)?;
    let engagement = report::engagement::parse(&text).map_err(|e| e.to_string())?;
    if json {
        serde_json::to_string_pretty(&report::engagement::to_json(&engagement, lang)).map_err(|e| e.to_string())
    } else {
        Ok(report::engagement::to_text(&engagement, lang))
    }
}

fn parse_lang(code: &str) -> Result<Lang, String> {
    Lang::from_code(code).ok_or_else(|| format!("unknown language `{code}` (use en or ru)"))
}

fn load_file(path: &Path) -> Result<Game, String> {
    storage::read_battle_file(path).map_err(|e| format!("{e}: {}", path.display()))
}

fn check(path: &Path) -> Result<String, String> {
    let game = load_file(path)?;
    let b = &game.battle();
    Ok(format!(
        "ok: {} ({} units, {} generals, {} brigades, turn {}): {}",
        b.name,
        b.units.len(),
        b.generals.len(),
        b.brigades.len(),
        b.turn,
        path.display()
    ))
}

fn upgrade(path: &Path) -> Result<String, String> {
    let game = load_file(path)?;
    storage::save_battle(path, &game).map_err(|e| e.to_string())?;
    Ok(format!("upgraded to version {} (the old file is kept as .bak): {}", storage::VERSION, path.display()))
}

/// `replay`: a battle file's journal re-applied, or a scenario played.
fn replay(path: &Path, write: Option<&Path>) -> Result<String, String> {
    let text = read_input(path)?;
    let (game, played) = if storage::is_scenario(&text) {
        let (battle, actions) = storage::scenario_from_json(&text).map_err(|e| format!("{e}: {}", path.display()))?;
        let game = coldsteel::game::play(battle, &actions)
            .map_err(|(i, e)| format!("action {} of the scenario is refused: {e}: {}", i + 1, path.display()))?;
        (game, Some(actions.len()))
    } else {
        (storage::from_json(&text).map_err(|e| format!("{e}: {}", path.display()))?, None)
    };
    let count = coldsteel::game::replay(&game).map_err(|e| format!("{e}: {}", path.display()))?;
    if let Some(out) = write {
        storage::save_battle(out, &game).map_err(|e| e.to_string())?;
    }
    Ok(match (played, write) {
        (Some(n), Some(out)) => format!("played {n} actions: {}", out.display()),
        (Some(n), None) => format!("played {n} actions"),
        (None, _) => format!("replayed {count} actions: identical"),
    })
}

/// Saves two different states in turn, forever: the crash test kills it at random.
fn save_loop(path: &Path) -> Result<String, String> {
    let first = storage::default_game().map_err(|e| e.to_string())?;
    let mut changed = first.battle().clone();
    changed.turn = 2;
    changed.name.push_str(" (second state)");
    let second = Game::from_parts(changed, first.history().clone(), first.start().cloned().map(Box::new));
    loop {
        for game in [&first, &second] {
            storage::save_battle(path, game).map_err(|e| e.to_string())?;
        }
    }
}

fn write_out(path: &Path, bytes: &[u8]) -> Result<(), String> {
    storage::save_output(path, bytes).map_err(|e| e.to_string())
}

/// Refuses an output path that is the input battle file itself.
fn not_the_input(input: &Path, outputs: &[&Option<PathBuf>]) -> Result<(), String> {
    for out in outputs.iter().filter_map(|o| o.as_deref()) {
        if storage::same_file(input, out) {
            return Err(format!("the output would replace the battle file itself: {}", out.display()));
        }
    }
    Ok(())
}

/// A reason on one line: control characters escaped.
fn one_line(reason: &str) -> String {
    reason.chars().flat_map(|c| if c.is_control() { c.escape_default().collect() } else { vec![c] }).collect()
}

fn report_cmd(file: &Path, outs: [&Option<PathBuf>; 4], lang: Lang) -> Result<String, String> {
    use coldsteel::report::{markdown, pdf, summary};
    not_the_input(file, &outs)?;
    let game = load_file(file)?;
    let report = summary::battle_report(game.battle(), lang);
    let [pdf_out, md_out, text_out, roster_out] = outs;
    let mut written = Vec::new();
    if let Some(p) = pdf_out {
        write_out(p, &pdf::to_pdf(&report).map_err(|e| e.to_string())?)?;
        written.push(p.display().to_string());
    }
    if let Some(p) = md_out {
        write_out(p, markdown::to_markdown(&report).as_bytes())?;
        written.push(p.display().to_string());
    }
    if let Some(p) = text_out {
        write_out(p, markdown::to_text(&report).as_bytes())?;
        written.push(p.display().to_string());
    }
    if let Some(p) = roster_out {
        let sheets = summary::roster_sheets(game.battle(), lang);
        write_out(p, &pdf::to_pdf(&sheets).map_err(|e| e.to_string())?)?;
        written.push(p.display().to_string());
    }
    if written.is_empty() {
        return Ok(markdown::to_text(&report));
    }
    Ok(format!("written: {}", written.join(", ")))
}

fn headless(command: &Command, lang: Lang) -> Result<String, String> {
    match command {
        Command::Report { file, pdf, md, text, roster_pdf } => report_cmd(file, [pdf, md, text, roster_pdf], lang),
        Command::Resolve { file, json } => resolve(file, *json, lang),
        Command::Check { file } => check(file),
        Command::Upgrade { file } => upgrade(file),
        Command::Replay { file, write } => replay(file, write.as_deref()),
        Command::SaveLoop { file } => save_loop(file),
    }
}

/// Prints a command's output; a reader that went away (`| head`) ends it quietly.
fn print_out(out: &str) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match writeln!(stdout, "{out}").and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "coldsteel: cannot write the output: {e}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(command) = &cli.command {
        return match headless(command, cli.lang.unwrap_or_default()) {
            Ok(out) => print_out(&out),
            Err(reason) => {
                // A closed standard error has nowhere to say so.
                let _ = writeln!(std::io::stderr(), "coldsteel: {}", one_line(&reason));
                ExitCode::from(2)
            }
        };
    }
    let game = match &cli.file {
        Some(path) => load_file(path),
        None => storage::default_game()
            .map(|mut g| {
                // A new game on the default battle rolls its own dice (from its journal's
                // start too, so that it replays).
                g.reseed(storage::now_unix_ms());
                g
            })
            .map_err(|e| format!("the embedded default battle is broken: {e}")),
    };
    let game = match game {
        Ok(game) => game,
        Err(reason) => {
            eprintln!("coldsteel: {reason}");
            return ExitCode::from(2);
        }
    };
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_title("coldsteel").with_inner_size([1280.0, 800.0]),
        ..Default::default()
    };
    let lang = cli.lang;
    let path = cli.file.clone();
    let result = eframe::run_native(
        "coldsteel",
        options,
        Box::new(move |cc| Ok(Box::new(ui::CsApp::from_creation(cc, game, path, lang)))),
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("coldsteel: cannot open the window: {e}");
            ExitCode::FAILURE
        }
    }
}
