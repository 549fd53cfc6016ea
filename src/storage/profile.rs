//! Ruleset profiles: the options and player-filled tables saved as a reusable file,
//! loadable into any battle (a battle also carries its own copy).

use serde::{Deserialize, Serialize};

use super::LoadError;
use crate::model::RulesOptions;
use crate::rules::Ruleset;

/// The `format` tag of a profile file.
pub const PROFILE_FORMAT: &str = "coldsteel.profile";

/// The default profile, shipped in `assets/`.
pub const DEFAULT_PROFILE_JSON: &str = include_str!("../../assets/profiles/default.profile.json");

/// A ruleset profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    /// Always `coldsteel.profile`.
    pub format: String,
    /// Profile file version.
    pub version: u32,
    /// The ruleset it is for.
    pub ruleset: Ruleset,
    /// Its options and tables.
    pub options: RulesOptions,
}

impl Profile {
    /// A profile of these settings.
    pub fn new(ruleset: Ruleset, options: RulesOptions) -> Self {
        Profile { format: PROFILE_FORMAT.into(), version: 1, ruleset, options }
    }
}

/// Reads a profile's text.
pub fn profile_from_json(text: &str) -> Result<Profile, LoadError> {
    super::expect_object(text)?;
    let mut value: serde_json::Value = serde_json::from_str(text)?;
    if let Some(options) = value.get_mut("options") {
        super::migrate::kinds_of_test_rows(options);
    }
    let p: Profile = serde_json::from_value(value)?;
    if p.format != PROFILE_FORMAT {
        return Err(LoadError::WrongFormat(p.format));
    }
    if p.version > 1 {
        return Err(LoadError::Newer { found: p.version });
    }
    Ok(p)
}

/// Writes a profile's text.
pub fn profile_to_json(p: &Profile) -> String {
    serde_json::to_string_pretty(p).unwrap_or_else(|_| "{}".to_owned())
}

/// Where the club's profile lives: `club.profile.json` in the data folder. New battles
/// start from it, so that tables filled at one evening's table serve the next.
pub fn club_profile_file(data_dir: &std::path::Path) -> std::path::PathBuf {
    data_dir.join("club.profile.json")
}

/// The club's profile in `data_dir`, when one was saved and can be read.
pub fn read_club_profile(data_dir: &std::path::Path) -> Option<Profile> {
    let path = club_profile_file(data_dir);
    if !path.is_file() {
        return None;
    }
    super::read_text_file(&path).and_then(|t| profile_from_json(&t)).ok()
}
