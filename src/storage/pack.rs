//! Rules packs as files (issue 50): `*.coldsteel-rules.json`, a club's rules to share.
//! Versioned, saved atomically with a `.bak`, bounded by the file limit and read
//! strictly: an unknown key, a wrong type, a missing table or choice and a table with
//! two rows for one case are each refused with their path. A club profile of before
//! (`coldsteel.profile`, version 1) reads as an unnamed pack.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{LoadError, SaveError, Saved};
use crate::model::{DuplicateRow, PackId, RulesOptions, RulesPack};
use crate::rules::Ruleset;
use crate::rules::house::HouseError;

/// The `format` tag of a rules pack.
pub const PACK_FORMAT: &str = "coldsteel.rules";

/// The rules pack format's version this coldsteel writes and reads up to.
pub const PACK_VERSION: u32 = 2;

/// How a rules pack's file name ends.
pub const PACK_SUFFIX: &str = ".coldsteel-rules.json";

/// A rules pack as its file holds it.
#[derive(Deserialize)]
struct PackFile {
    // Read by `pack_from_json` before the rest; kept here so that strict reading takes them.
    #[allow(dead_code)]
    format: String,
    #[allow(dead_code)]
    version: u32,
    pack: PackId,
    ruleset: Ruleset,
    options: RulesOptions,
}

/// Why a rules pack was refused.
#[derive(Debug, Error)]
pub enum PackError {
    /// The file does not read as JSON of the right shape (with the path of the field), is
    /// too large, or is no regular file.
    #[error("{0}")]
    Load(#[from] LoadError),
    /// JSON, but not a rules pack.
    #[error("not a coldsteel rules pack (format is `{0}`)")]
    NotAPack(String),
    /// Written by a newer coldsteel.
    #[error("written by a newer coldsteel: rules pack version {0}, this coldsteel reads up to version {PACK_VERSION}")]
    Newer(u32),
    /// A table or choice the pack must hold is not there (a pack lists them all, so that
    /// one cannot stand for the rulebook's by being left out).
    #[error("{0}: missing")]
    Missing(String),
    /// A table with two rows for one case.
    #[error("options.{}: rows {} and {} are for the same case", .0.table, .0.first + 1, .0.again + 1)]
    DuplicateRow(DuplicateRow),
    /// House rules naming a field, value, step or clause they cannot (issue 51), with
    /// the path.
    #[error("options.{0}")]
    House(HouseError),
}

/// Reads a rules pack's text; a club profile of before reads as an unnamed pack.
pub fn pack_from_json(text: &str) -> Result<RulesPack, PackError> {
    super::expect_object(text)?;
    let value: serde_json::Value = serde_json::from_str(text).map_err(LoadError::from)?;
    let format = value.get("format").and_then(serde_json::Value::as_str).unwrap_or_default();
    if format == super::PROFILE_FORMAT {
        let p = super::profile_from_json(text)?;
        return checked(RulesPack { id: PackId::default(), ruleset: p.ruleset, options: p.options });
    }
    if format != PACK_FORMAT {
        return Err(PackError::NotAPack(format.to_owned()));
    }
    let version = value.get("version").and_then(serde_json::Value::as_u64).unwrap_or(0);
    if version > u64::from(PACK_VERSION) {
        return Err(PackError::Newer(u32::try_from(version).unwrap_or(u32::MAX)));
    }
    let mut want = default_options();
    if version < 2 {
        // Version 2 added the recovery table (issue 53): a pack of before has none.
        if let serde_json::Value::Object(map) = &mut want {
            map.remove("recovery");
        }
    }
    if let Some(path) = value.get("options").and_then(|o| first_missing(o, &want, "options")) {
        return Err(PackError::Missing(path));
    }
    let file: PackFile = super::parse_strict(text)?;
    checked(RulesPack { id: file.pack, ruleset: file.ruleset, options: file.options })
}

/// A pack whose tables have one row a case and whose house rules name only what there
/// is (issue 51).
fn checked(pack: RulesPack) -> Result<RulesPack, PackError> {
    if let Some(d) = pack.options.duplicate_row() {
        return Err(PackError::DuplicateRow(d));
    }
    match pack.options.house_problem() {
        Some(e) => Err(PackError::House(e)),
        None => Ok(pack),
    }
}

/// The options as a pack writes them when nothing is filled: every key a pack holds.
fn default_options() -> serde_json::Value {
    whole_options(&RulesOptions::default())
}

/// The keys a battle file leaves out while they are empty or off (its bytes stay those of
/// the version before them), each with whether it is a switch (else a table): a pack
/// writes them all, so that none is missing.
const LEFT_OUT_WHEN_EMPTY: &[(&str, &str, bool)] = &[
    ("gdb", "firing", false),
    ("gdb", "test_after_fire", true),
    ("gdb", "rally_at_once", true),
    ("", "basing", false),
];

/// The options as JSON with every key, those a battle file leaves out included (an empty
/// table, a switch off, an empty recovery table).
fn whole_options(options: &RulesOptions) -> serde_json::Value {
    let mut value = serde_json::to_value(options).unwrap_or_default();
    if let serde_json::Value::Object(map) = &mut value {
        let empty = serde_json::to_value(crate::rules::options::RecoveryTable::default()).unwrap_or_default();
        map.entry("recovery").or_insert(empty);
    }
    for (part, key, switch) in LEFT_OUT_WHEN_EMPTY {
        let target = if part.is_empty() { Some(&mut value) } else { value.get_mut(*part) };
        if let Some(serde_json::Value::Object(map)) = target {
            let off = if *switch { serde_json::Value::Bool(false) } else { serde_json::Value::Array(Vec::new()) };
            map.entry(*key).or_insert(off);
        }
    }
    value
}

/// The path of the first key of `want` (an object, nested) that `have` lacks.
fn first_missing(have: &serde_json::Value, want: &serde_json::Value, at: &str) -> Option<String> {
    let (serde_json::Value::Object(have), serde_json::Value::Object(want)) = (have, want) else { return None };
    want.iter().find_map(|(key, w)| {
        let path = format!("{at}.{key}");
        match have.get(key) {
            None => Some(path),
            Some(h) => first_missing(h, w, &path),
        }
    })
}

/// A rules pack's text, as its file holds it.
pub fn pack_to_json(pack: &RulesPack) -> String {
    // The header first, as a battle file has it; then what the rules are.
    #[derive(Serialize)]
    struct PackOut<'a> {
        format: &'a str,
        version: u32,
        pack: &'a PackId,
        ruleset: Ruleset,
        options: serde_json::Value,
    }
    let file = PackOut {
        format: PACK_FORMAT,
        version: PACK_VERSION,
        pack: &pack.id,
        ruleset: pack.ruleset,
        options: whole_options(&pack.options),
    };
    // Plain data: it always serializes.
    serde_json::to_string_pretty(&file).unwrap_or_default() + "\n"
}

/// Reads the rules pack at `path` (a regular file within the file limit).
pub fn read_pack_file(path: &Path) -> Result<RulesPack, PackError> {
    pack_from_json(&super::read_text_file(path)?)
}

/// Saves a rules pack to `path`, atomically, the file before kept as `.bak`.
pub fn save_pack(path: &Path, pack: &RulesPack) -> Result<Saved, SaveError> {
    super::save_atomic(path, &pack_to_json(pack))
}

/// Where the club's rules live: `club.coldsteel-rules.json` in the data folder. New
/// battles take them, so that the tables filled at one evening's table serve the next.
pub fn club_pack_file(data_dir: &Path) -> PathBuf {
    data_dir.join(format!("club{PACK_SUFFIX}"))
}

/// The club's rules in `data_dir`: its pack, else the club profile an earlier coldsteel
/// saved there (`club.profile.json`), read as an unnamed pack.
pub fn read_club_pack(data_dir: &Path) -> Option<RulesPack> {
    let pack = club_pack_file(data_dir);
    if pack.is_file() {
        return read_pack_file(&pack).ok();
    }
    let profile = super::club_profile_file(data_dir);
    profile.is_file().then(|| read_pack_file(&profile).ok()).flatten()
}
