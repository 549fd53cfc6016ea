//! The `coldsteel` binary: command line first, then the window or a headless command.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use coldsteel::game::Game;
use coldsteel::i18n::Lang;
use coldsteel::{storage, ui};

/// coldsteel: battle tracker for Napoleonic miniature wargames.
#[derive(Debug, Parser)]
#[command(name = "coldsteel", version, about)]
struct Cli {
    /// A battle file to open (default: the embedded default battle).
    file: Option<PathBuf>,
    /// Interface language: en or ru (remembered for next time).
    #[arg(long, value_parser = parse_lang)]
    lang: Option<Lang>,
}

fn parse_lang(code: &str) -> Result<Lang, String> {
    Lang::from_code(code).ok_or_else(|| format!("unknown language `{code}` (use en or ru)"))
}

fn load_file(path: &PathBuf) -> Result<Game, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if meta.len() > storage::MAX_FILE_BYTES {
        return Err(format!("file is larger than 64 MiB: {}", path.display()));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    storage::from_json(&text).map_err(|e| format!("{e}: {}", path.display()))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let game = match &cli.file {
        Some(path) => load_file(path),
        None => storage::default_game().map_err(|e| format!("the embedded default battle is broken: {e}")),
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
    let result = eframe::run_native(
        "coldsteel",
        options,
        Box::new(move |cc| Ok(Box::new(ui::CsApp::from_creation(cc, game, lang)))),
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("coldsteel: cannot open the window: {e}");
            ExitCode::FAILURE
        }
    }
}
