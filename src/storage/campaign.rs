//! Campaign files (issue 52): `*.coldsteel-campaign.json`, versioned, saved atomically
//! with a `.bak`, bounded by the file limit and read strictly (an unknown key, a wrong
//! type, a newer version, lists the battle rules refuse, a ledger naming what the lists
//! have not: each refused with its reason).

use std::path::Path;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{LoadError, SaveError, Saved};
use crate::model::{Battle, Campaign, LedgerEvent, ModelError};

/// The `format` tag of a campaign file.
pub const CAMPAIGN_FORMAT: &str = "coldsteel.campaign";

/// The campaign format's version this coldsteel writes and reads up to.
pub const CAMPAIGN_VERSION: u32 = 2;
// Version 2 (issue 53): a ledger line may take a battle back (`taken_back`), and the file
// may keep the steps undone (`undone`). A version-1 file has neither and reads as it is.

/// How a campaign file's name ends.
pub const CAMPAIGN_SUFFIX: &str = ".coldsteel-campaign.json";

/// The most lines a ledger may hold (a long campaign's battles are a few thousand lines).
pub const MAX_LEDGER: usize = 1_000_000;

/// The most characters of a campaign's id.
const MAX_ID_CHARS: usize = 64;

#[derive(Deserialize)]
struct CampaignFile {
    // Read by `campaign_from_json` before the rest; kept here so that strict reading takes them.
    #[allow(dead_code)]
    format: String,
    #[allow(dead_code)]
    version: u32,
    campaign: Campaign,
}

/// Why a campaign file was refused.
#[derive(Debug, Error)]
pub enum CampaignFileError {
    /// Not JSON of the right shape (with the path of the field), too large, no regular file.
    #[error("{0}")]
    Load(#[from] LoadError),
    /// JSON, but not a campaign.
    #[error("not a coldsteel campaign (format is `{0}`)")]
    NotACampaign(String),
    /// Written by a newer coldsteel.
    #[error(
        "written by a newer coldsteel: campaign version {0}, this coldsteel reads up to version {CAMPAIGN_VERSION}"
    )]
    Newer(u32),
    /// The lists hold what a battle may not (ids out of order, a unit of a brigade there
    /// is not, more figures than its establishment, ...).
    #[error("{0}")]
    Lists(ModelError),
    /// The ledger is not in order or names what the lists have not.
    #[error("ledger line {0}: it names what the campaign has not, or is out of order")]
    Ledger(u32),
    /// A blank or over-long id or name, or more ledger lines than a campaign has.
    #[error("the campaign's id, name or ledger is beyond its limits")]
    Limits,
}

/// Reads a campaign file's text, strictly.
pub fn campaign_from_json(text: &str) -> Result<Campaign, CampaignFileError> {
    super::expect_object(text)?;
    let value: serde_json::Value = serde_json::from_str(text).map_err(LoadError::from)?;
    let format = value.get("format").and_then(serde_json::Value::as_str).unwrap_or_default();
    if format != CAMPAIGN_FORMAT {
        return Err(CampaignFileError::NotACampaign(format.to_owned()));
    }
    match value.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if v > u64::from(CAMPAIGN_VERSION) => {
            return Err(CampaignFileError::Newer(u32::try_from(v).unwrap_or(u32::MAX)));
        }
        Some(_) | None => {}
    }
    let file: CampaignFile = super::parse_strict(text)?;
    checked(file.campaign)
}

/// A campaign whose lists and ledger hold together: what every reading and every write
/// checks.
pub fn checked(campaign: Campaign) -> Result<Campaign, CampaignFileError> {
    let limits = campaign.id.trim().is_empty()
        || campaign.id.chars().count() > MAX_ID_CHARS
        || campaign.name.chars().count() > crate::model::limits::MAX_NAME_CHARS
        || campaign.ledger.len() > MAX_LEDGER;
    if limits {
        return Err(CampaignFileError::Limits);
    }
    if let Some(problem) = lists_problem(&campaign) {
        return Err(CampaignFileError::Lists(problem));
    }
    if let Some(seq) = ledger_problem(&campaign.ledger, &campaign) {
        return Err(CampaignFileError::Ledger(seq));
    }
    // The steps undone must be whole steps Redo can put back, in the order it would.
    let whole = |step: &Vec<crate::model::LedgerEntry>| {
        step.last().is_some_and(|last| !matches!(last.event, LedgerEvent::Started { .. }))
    };
    if !campaign.undone.iter().all(whole) {
        let end = u32::try_from(campaign.ledger.len()).unwrap_or(u32::MAX).saturating_add(1);
        return Err(CampaignFileError::Ledger(end));
    }
    if campaign.undone.is_empty() {
        return Ok(campaign);
    }
    let redone: Vec<_> = campaign.ledger.iter().chain(campaign.undone.iter().rev().flatten()).cloned().collect();
    match ledger_problem(&redone, &campaign) {
        Some(seq) => Err(CampaignFileError::Ledger(seq)),
        None => Ok(campaign),
    }
}

/// The first problem of the lists, read as a battle's order of battle (the same checks
/// a battle file passes), and of the rules.
fn lists_problem(c: &Campaign) -> Option<ModelError> {
    let battle = Battle {
        name: c.name.clone(),
        sides: c.sides.clone(),
        brigades: c.brigades.clone(),
        generals: c.generals.iter().map(|g| g.general.clone()).collect(),
        units: c.units.iter().map(|u| u.unit.clone()).collect(),
        ruleset: c.pack.ruleset,
        options: c.pack.options.clone(),
        turn: 1,
        ..Battle::default()
    };
    let pack = c.pack.options.house_problem().map(crate::model::Problem::House);
    pack.map(ModelError::Battle).or_else(|| battle.problems().into_iter().next())
}

/// The first ledger line out of order or naming a unit, general or battle the campaign
/// has not: lines numbered from 1; battles made with increasing numbers (a number made
/// and undone is skipped), each closed at most once unless taken back in between, and
/// taken back only while closed.
fn ledger_problem(ledger: &[crate::model::LedgerEntry], c: &Campaign) -> Option<u32> {
    let mut last_made: u32 = 0;
    let mut made: std::collections::HashSet<u32> = std::collections::HashSet::new();
    let mut closed: std::collections::HashSet<u32> = std::collections::HashSet::new();
    for (i, line) in ledger.iter().enumerate() {
        let expected = u32::try_from(i).ok()?.checked_add(1)?;
        let known_battle = |n: Option<u32>| n.is_some_and(|n| made.contains(&n));
        let good = line.seq == expected
            && match &line.event {
                LedgerEvent::Started { .. } => i == 0 && line.battle.is_none(),
                LedgerEvent::BattleMade { units, .. } => {
                    line.battle.is_some_and(|n| n > last_made) && units.iter().all(|u| c.unit(*u).is_some())
                }
                LedgerEvent::Losses { unit, .. }
                | LedgerEvent::UnitState { unit, .. }
                | LedgerEvent::Recovered { unit, .. } => known_battle(line.battle) && c.unit(*unit).is_some(),
                LedgerEvent::SecondDay => known_battle(line.battle),
                LedgerEvent::GeneralLost { general, .. } => known_battle(line.battle) && c.general(*general).is_some(),
                LedgerEvent::BattleClosed { .. } => {
                    known_battle(line.battle) && !line.battle.is_some_and(|n| closed.contains(&n))
                }
                LedgerEvent::TakenBack => line.battle.is_some_and(|n| closed.contains(&n)),
            };
        if !good {
            return Some(expected);
        }
        if let (LedgerEvent::BattleMade { .. }, Some(n)) = (&line.event, line.battle) {
            last_made = n;
            made.insert(n);
        } else if let (LedgerEvent::BattleClosed { .. }, Some(n)) = (&line.event, line.battle) {
            closed.insert(n);
        } else if let (LedgerEvent::TakenBack, Some(n)) = (&line.event, line.battle) {
            closed.remove(&n);
        }
    }
    None
}

/// A campaign's text, as its file holds it.
pub fn campaign_to_json(campaign: &Campaign) -> String {
    #[derive(Serialize)]
    struct Out<'a> {
        format: &'a str,
        version: u32,
        campaign: &'a Campaign,
    }
    let file = Out { format: CAMPAIGN_FORMAT, version: CAMPAIGN_VERSION, campaign };
    // Plain data: it always serializes.
    serde_json::to_string_pretty(&file).unwrap_or_default() + "\n"
}

/// Reads the campaign at `path` (a regular file within the file limit).
pub fn read_campaign_file(path: &Path) -> Result<Campaign, CampaignFileError> {
    campaign_from_json(&super::read_text_file(path)?)
}

/// Saves a campaign to `path`, atomically, the file before kept as `.bak`.
pub fn save_campaign(path: &Path, campaign: &Campaign) -> Result<Saved, SaveError> {
    super::save_atomic(path, &campaign_to_json(campaign))
}

/// A new campaign's id: from the time and the process, unlike any other's.
pub fn new_campaign_id(name: &str) -> String {
    let mut h = crate::model::Fnv1a::default();
    h.add(name.as_bytes());
    h.add(&super::now_unix_ms().to_le_bytes());
    h.add(&std::process::id().to_le_bytes());
    format!("campaign-{:016x}", h.0)
}
