//! Battle files: versioned JSON (design.md section 4), the embedded default battle.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::{Game, History};
use crate::model::{Battle, ModelError};

/// The `format` tag of a battle file.
pub const FORMAT: &str = "coldsteel.battle";
/// The battle-file version this build writes.
pub const VERSION: u32 = 1;
/// Files larger than this are refused before reading.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The default battle, embedded so that a fresh clone opens on it.
pub const DEFAULT_BATTLE_JSON: &str = include_str!("../../assets/default_battle.coldsteel.json");

/// Why a battle file could not be read.
#[derive(Debug, Error)]
pub enum LoadError {
    /// Not JSON, or JSON of the wrong shape.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// JSON, but not a coldsteel battle.
    #[error("not a coldsteel battle file (format is `{0}`)")]
    WrongFormat(String),
    /// Written by a newer coldsteel.
    #[error("written by a newer coldsteel (file version {found}, this build reads up to {VERSION})")]
    Newer {
        /// The file's version.
        found: u32,
    },
    /// Read, but the battle is inconsistent.
    #[error("invalid battle: {}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<ModelError>),
}

impl From<serde_json::Error> for LoadError {
    fn from(e: serde_json::Error) -> Self {
        LoadError::Syntax { line: e.line(), column: e.column(), message: e.to_string() }
    }
}

#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

#[derive(Deserialize)]
struct FileIn {
    #[serde(flatten)]
    battle: Battle,
    #[serde(default)]
    undo: History,
}

#[derive(Serialize)]
struct FileOut<'a> {
    format: &'static str,
    version: u32,
    app_version: &'static str,
    #[serde(flatten)]
    battle: &'a Battle,
    undo: &'a History,
}

/// Reads a battle file's text.
pub fn from_json(text: &str) -> Result<Game, LoadError> {
    let header: Header = serde_json::from_str(text)?;
    if header.format != FORMAT {
        return Err(LoadError::WrongFormat(header.format));
    }
    if header.version > VERSION {
        return Err(LoadError::Newer { found: header.version });
    }
    let file: FileIn = serde_json::from_str(text)?;
    let problems = file.battle.problems();
    if !problems.is_empty() {
        return Err(LoadError::Invalid(problems));
    }
    Ok(Game { battle: file.battle, history: file.undo })
}

/// Writes a battle file's text.
pub fn to_json(game: &Game) -> String {
    let out = FileOut {
        format: FORMAT,
        version: VERSION,
        app_version: env!("CARGO_PKG_VERSION"),
        battle: &game.battle,
        undo: &game.history,
    };
    // Serializing plain data to a string cannot fail; fall back to an empty object.
    serde_json::to_string_pretty(&out).unwrap_or_else(|_| "{}".to_owned())
}

/// The embedded default battle.
pub fn default_game() -> Result<Game, LoadError> {
    from_json(DEFAULT_BATTLE_JSON)
}
