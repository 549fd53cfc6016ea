//! `coldsteel campaign …` (issue 52): begin a campaign, make a battle from it, close a
//! battle into it, write its report. Each exits 0, or 2 with its reason on one line.

use std::path::{Path, PathBuf};

use coldsteel::game::campaign;
use coldsteel::i18n::errors::{action_error_text, campaign_error_text, campaign_file_error_text, load_error_text};
use coldsteel::i18n::{Label, Lang, Noun, T};
use coldsteel::model::{Campaign, Fate, GeneralId, ResultRule};
use coldsteel::rules::Side;
use coldsteel::storage;

use super::{Failure, at_path, not_the_input, write_report};

/// `coldsteel campaign …`.
#[derive(Debug, clap::Subcommand)]
pub enum CampaignCommand {
    /// Begin a campaign from a spreadsheet order of battle (CSV) or a battle file (its
    /// order of battle as it stood at its start; the battle is the campaign's first).
    New {
        /// The order of battle (*.csv) or battle file (*.coldsteel.json).
        #[arg(long)]
        from: PathBuf,
        /// The campaign's name (default: the battle's, or the spreadsheet's file name).
        #[arg(long)]
        name: Option<String>,
        /// The rules pack it is played under (default: the battle's rules, or the rulebook's).
        #[arg(long)]
        rules: Option<PathBuf>,
        /// The campaign file to write (*.coldsteel-campaign.json).
        #[arg(long)]
        out: PathBuf,
    },
    /// Make a battle from the campaign's lists, at their current strengths; the campaign
    /// records it.
    Battle {
        /// The campaign file.
        campaign: PathBuf,
        /// The units that fight, by id (default: every unit that can).
        #[arg(long, value_delimiter = ',')]
        units: Vec<u32>,
        /// The battle's name.
        #[arg(long)]
        name: Option<String>,
        /// The battle file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Close a battle into the campaign: its losses, states and result derived from its
    /// journal, shown, then written (not with --dry-run).
    Close {
        /// The campaign file.
        campaign: PathBuf,
        /// The battle file.
        battle: PathBuf,
        /// How the result is decided: losses, units_broken or held_ground.
        #[arg(long, default_value = "losses", value_parser = ["losses", "units_broken", "held_ground"])]
        result: String,
        /// With --result held_ground: the side that held it (first or second).
        #[arg(long, value_parser = ["first", "second"])]
        held: Option<String>,
        /// A lost general's fate, as GENERAL=killed|captured|wounded (GENERAL: his id or name).
        #[arg(long = "fate")]
        fates: Vec<String>,
        /// Show what closing would write, and write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Return a closed battle's wounded and stragglers by the club's recovery table (by
    /// the result, or a die per unit: typed with --dice, else rolled); shown, then written
    /// (not with --dry-run).
    Recover {
        /// The campaign file.
        campaign: PathBuf,
        /// The battle, by its number (default: the last closed).
        #[arg(long)]
        battle: Option<u32>,
        /// Each unit's die, as UNIT=FACE (the unit by its id), comma-separated.
        #[arg(long, value_delimiter = ',')]
        dice: Vec<String>,
        /// Show what would return, and write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// The second day of a battle: the units' order reset (routed units rally), their
    /// losses kept.
    SecondDay {
        /// The campaign file.
        campaign: PathBuf,
    },
    /// Undo the campaign's last step (a battle made or closed, the wounded returned, a
    /// second day, a take-back), on its own: no battle's moves are touched.
    Undo {
        /// The campaign file.
        campaign: PathBuf,
    },
    /// Put back the campaign step last undone.
    Redo {
        /// The campaign file.
        campaign: PathBuf,
    },
    /// Take a closed battle back to correct it: its closing stays in the ledger, no longer
    /// counted, until the battle is closed again.
    TakeBack {
        /// The campaign file.
        campaign: PathBuf,
        /// The battle, by its number (default: the last closed).
        #[arg(long)]
        battle: Option<u32>,
    },
    /// Write the campaign's report: PDF, Markdown; with no output given, print the text.
    Report {
        /// The campaign file.
        campaign: PathBuf,
        /// Write the report as PDF here.
        #[arg(long)]
        pdf: Option<PathBuf>,
        /// Write the report as Markdown here.
        #[arg(long)]
        md: Option<PathBuf>,
    },
}

/// Runs a campaign command.
pub fn run(command: &CampaignCommand, lang: Lang) -> Result<String, Failure> {
    match command {
        CampaignCommand::New { from, name, rules, out } => new(from, name.as_deref(), rules.as_deref(), out, lang),
        CampaignCommand::Battle { campaign, units, name, out } => {
            Ok(battle(campaign, units, name.as_deref(), out, lang)?)
        }
        CampaignCommand::Close { campaign, battle, result, held, fates, dry_run } => {
            let how = Closing { result, held: held.as_deref(), fates, dry_run: *dry_run };
            Ok(close(campaign, battle, &how, lang)?)
        }
        CampaignCommand::Report { campaign, pdf, md } => Ok(report(campaign, [pdf, md], lang)?),
        CampaignCommand::Recover { campaign, battle, dice, dry_run } => {
            Ok(recover(campaign, *battle, dice, *dry_run, lang)?)
        }
        CampaignCommand::SecondDay { campaign } => Ok(second_day(campaign, lang)?),
        CampaignCommand::Undo { campaign } => Ok(step(campaign, campaign::StepAsk::Undo, lang)?),
        CampaignCommand::Redo { campaign } => Ok(step(campaign, campaign::StepAsk::Redo, lang)?),
        CampaignCommand::TakeBack { campaign, battle } => {
            Ok(step(campaign, campaign::StepAsk::TakeBack(*battle), lang)?)
        }
    }
}

/// A campaign file read, or why not, with its `.bak` offered when there is one.
pub fn read(path: &Path, lang: Lang) -> Result<Campaign, String> {
    storage::read_campaign_file(path).map_err(|e| {
        let reason = at_path(campaign_file_error_text(lang, &e), path);
        match storage::backup_there(path) {
            Some(backup) => format!("{reason}; {}", lang.fmt(T::CampFileBackup, &[&backup.display()])),
            None => reason,
        }
    })
}

fn save(path: &Path, campaign: &Campaign, lang: Lang) -> Result<(), String> {
    storage::save_campaign(path, campaign).map(|_| ()).map_err(|e| coldsteel::i18n::errors::save_error_text(lang, &e))
}

/// Refuses an output that exists: a campaign or a battle is never written over.
fn fresh(out: &Path, lang: Lang) -> Result<(), String> {
    if out.exists() { Err(lang.fmt(T::CampExists, &[&out.display()])) } else { Ok(()) }
}

fn new(from: &Path, name: Option<&str>, rules: Option<&Path>, out: &Path, lang: Lang) -> Result<String, Failure> {
    not_the_input(from, &[&Some(out.to_path_buf())], lang)?;
    fresh(out, lang)?;
    let pack = match rules {
        Some(p) => Some(
            storage::read_pack_file(p).map_err(|e| at_path(coldsteel::i18n::errors::pack_error_text(lang, &e), p))?,
        ),
        None => None,
    };
    let ruleset = pack.as_ref().map_or(coldsteel::rules::Ruleset::Gdb, |p| p.ruleset);
    let (game, made) = source(from, ruleset, lang)?;
    let name = name.map_or_else(|| game.journal_start().name.clone(), str::to_owned);
    let source = from.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut campaign = campaign::campaign_from(&game, &storage::new_campaign_id(&name), &name, &source, made);
    if let Some(pack) = pack {
        campaign.pack = pack;
    }
    let campaign =
        storage::checked_campaign(campaign).map_err(|e| at_path(campaign_file_error_text(lang, &e), from))?;
    save(out, &campaign, lang)?;
    let said = lang.fmt(T::CampCreated, &[&campaign.name, &campaign.units.len(), &campaign.generals.len()]);
    Ok(format!("{said}\n{}", lang.fmt(T::CliWritten, &[&out.display()])))
}

/// What a campaign begins from: a battle file (told by its format; the battle is the
/// campaign's first), else a spreadsheet order of battle.
fn source(
    from: &Path,
    ruleset: coldsteel::rules::Ruleset,
    lang: Lang,
) -> Result<(coldsteel::game::Game, bool), Failure> {
    let bytes = storage::read_bytes_file(from).map_err(|e| at_path(load_error_text(lang, &e), from))?;
    if std::str::from_utf8(&bytes).ok().and_then(storage::file_version).is_some() {
        // The bytes read once: a battle file is parsed from them.
        let game = storage::battle_of_bytes(bytes).map_err(|e| at_path(load_error_text(lang, &e), from))?;
        return Ok((game, true));
    }
    let name = from.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    match coldsteel::oob::game_of(&bytes, &name, ruleset, lang) {
        Ok(game) => Ok((game, false)),
        Err(coldsteel::oob::OobGameError::Rows(rows)) => {
            let mut out = vec![lang.fmt(T::OobRefused, &[&from.display(), &lang.count(rows.len(), Noun::Row)])];
            out.extend(rows.iter().map(|e| coldsteel::oob::row_error_text(lang, e)));
            Err(Failure(out))
        }
        Err(coldsteel::oob::OobGameError::Refused(e)) => Err(at_path(action_error_text(lang, &e), from).into()),
    }
}

fn battle(path: &Path, units: &[u32], name: Option<&str>, out: &Path, lang: Lang) -> Result<String, String> {
    not_the_input(path, &[&Some(out.to_path_buf())], lang)?;
    fresh(out, lang)?;
    let mut c = read(path, lang)?;
    let chosen: Vec<coldsteel::model::UnitId> = if units.is_empty() {
        // Every unit that can fight and is in no battle not yet closed.
        let open: Vec<_> = campaign::open_battles(&c).into_iter().flat_map(|(_, units)| units).collect();
        c.units.iter().filter(|u| u.state.can_fight() && !open.contains(&u.unit.id)).map(|u| u.unit.id).collect()
    } else {
        units.iter().map(|id| coldsteel::model::UnitId(*id)).collect()
    };
    let default_name = format!("{} — {}", c.name, c.next_battle());
    let battle =
        campaign::battle_from(&c, &chosen, name.unwrap_or(&default_name)).map_err(|e| campaign_error_text(lang, &e))?;
    let said = lang.fmt(T::CampMade, &[&c.next_battle(), &battle.name, &battle.units.len()]);
    let mut game = coldsteel::game::Game::new(battle);
    // A new battle rolls its own dice (from its journal's start too, so that it replays).
    game.reseed(storage::now_unix_ms());
    campaign::record_made(&mut c, &game);
    let c = storage::checked_campaign(c).map_err(|e| campaign_file_error_text(lang, &e))?;
    storage::save_battle(out, &game).map_err(|e| coldsteel::i18n::errors::save_error_text(lang, &e))?;
    if let Err(reason) = save(path, &c, lang) {
        // The campaign does not know the battle: its file goes, so no battle is left that
        // no campaign made.
        storage::remove_written(out);
        return Err(reason);
    }
    Ok(format!("{said}\n{}", lang.fmt(T::CliWritten, &[&format!("{}, {}", out.display(), path.display())])))
}

/// How the players close a battle: the rule of the result, the side that held the
/// ground, the lost generals' fates, and whether to write.
struct Closing<'a> {
    result: &'a str,
    held: Option<&'a str>,
    fates: &'a [String],
    dry_run: bool,
}

fn close(path: &Path, battle: &Path, how: &Closing, lang: Lang) -> Result<String, String> {
    let mut c = read(path, lang)?;
    let game = storage::read_battle_file(battle).map_err(|e| at_path(load_error_text(lang, &e), battle))?;
    let rule = ResultRule::ALL.iter().copied().find(|r| r.key() == how.result).unwrap_or(ResultRule::Losses);
    if how.held.is_some() && rule != ResultRule::HeldGround {
        return Err(lang.t(T::CampHeldWithoutRule).to_owned());
    }
    let held = how.held.map(|h| if h == "first" { Side::First } else { Side::Second });
    let closing = campaign::closing(&c, &game, rule, held).map_err(|e| {
        // On the command line, the side is said with its option.
        if e == campaign::CampaignError::HeldGroundNeeded {
            lang.t(T::CampHeldOption).to_owned()
        } else {
            campaign_error_text(lang, &e)
        }
    })?;
    let fates = how.fates.iter().map(|f| fate_of(f, &game, lang)).collect::<Result<Vec<_>, _>>()?;
    let mut lines = coldsteel::report::campaign::closing_lines(lang, &c, &closing, &fates);
    if how.dry_run {
        lines.push(lang.t(T::CampDryRun).to_owned());
        return Ok(lines.join("\n"));
    }
    let before = c.ledger.len();
    let file = battle.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    campaign::close(&mut c, &closing, &fates, &file).map_err(|e| campaign_error_text(lang, &e))?;
    let c = storage::checked_campaign(c).map_err(|e| campaign_file_error_text(lang, &e))?;
    save(path, &c, lang)?;
    let said = if c.taken_back(closing.number) { T::CampClosedAgain } else { T::CampClosed };
    lines.push(lang.fmt(said, &[&closing.number, &(c.ledger.len() - before)]));
    Ok(lines.join("\n"))
}

/// `GENERAL=FATE`: the general by his id or his name (in either language, any case), the
/// fate by its key or its word in either language; each mistake said as it is.
fn fate_of(said: &str, game: &coldsteel::game::Game, lang: Lang) -> Result<(GeneralId, Fate), String> {
    let (who, what) = said.rsplit_once('=').ok_or_else(|| lang.fmt(T::CampFateForm, &[&said]))?;
    let (who, what) = (who.trim().to_lowercase(), what.trim().to_lowercase());
    let named = |n: &str| n.to_lowercase() == who;
    let general = game
        .battle()
        .generals
        .iter()
        .find(|g| g.id.to_string() == who || named(&g.name) || g.name_ru.as_deref().is_some_and(named))
        .ok_or_else(|| lang.fmt(T::CampFateNoGeneral, &[&said]))?;
    let fate = Fate::ALL
        .iter()
        .copied()
        .find(|f| f.key() == what || f.label(Lang::En) == what || f.label(Lang::Ru) == what)
        .ok_or_else(|| lang.fmt(T::CampFateUnknown, &[&said]))?;
    Ok((general.id, fate))
}

fn report(path: &Path, outs: [&Option<PathBuf>; 2], lang: Lang) -> Result<String, String> {
    not_the_input(path, &outs, lang)?;
    let c = read(path, lang)?;
    let report = coldsteel::report::campaign::campaign_report(&c, &changed_battles(&c, path), lang);
    let written = write_report(&report, outs, lang)?;
    if written.is_empty() {
        return Ok(coldsteel::report::markdown::to_text(&report));
    }
    Ok(lang.fmt(T::CliWritten, &[&written.join(", ")]))
}

/// The closed battles whose files, beside the campaign's, read but have changed since
/// they were closed: their number, file and hash now.
pub fn changed_battles(c: &Campaign, path: &Path) -> Vec<(u32, String, String)> {
    let dir = path.parent().unwrap_or(Path::new("."));
    c.closed()
        .iter()
        .filter_map(|closed| {
            let game = storage::read_battle_file(&dir.join(closed.file)).ok()?;
            let now = coldsteel::model::battle_hash(game.battle());
            (now != closed.hash).then(|| (closed.number, closed.file.to_owned(), now))
        })
        .collect()
}

/// `UNIT=FACE`: a unit's die, the unit by its id.
fn die_of(said: &str, lang: Lang) -> Result<(coldsteel::model::UnitId, coldsteel::rules::dice::D6), String> {
    let wrong = || lang.fmt(T::CampDiceForm, &[&said]);
    let (unit, face) = said.split_once('=').ok_or_else(wrong)?;
    let unit: u32 = unit.trim().parse().map_err(|_| wrong())?;
    let face: u8 = face.trim().parse().map_err(|_| wrong())?;
    let die = coldsteel::rules::dice::D6::new(face).map_err(|_| wrong())?;
    Ok((coldsteel::model::UnitId(unit), die))
}

fn recover(path: &Path, battle: Option<u32>, dice: &[String], dry_run: bool, lang: Lang) -> Result<String, String> {
    use coldsteel::i18n::errors::recovery_error_text;
    use coldsteel::rules::options::RecoveryBy;
    let mut c = read(path, lang)?;
    let mut typed = dice.iter().map(|d| die_of(d, lang)).collect::<Result<Vec<_>, _>>()?;
    let shown = campaign::recovery(&c, battle, &typed).map_err(|e| recovery_error_text(lang, &e))?;
    let mut lines = Vec::new();
    if shown.by == RecoveryBy::Die {
        // The odds first, before any die is rolled.
        for u in &shown.units {
            let odds: Vec<String> =
                u.odds.iter().map(|(n, p)| format!("{n}: {} %", lang.decimal(p * 100.0, 1))).collect();
            lines.push(lang.fmt(T::CampRecoveryOdds, &[&u.name, &u.losses, &odds.join(", ")]));
        }
        // Dice not typed are rolled, from the time.
        let mut rng = coldsteel::model::RngState { seed: storage::now_unix_ms(), rolls: 0 };
        for u in shown.units.iter().filter(|u| u.die.is_none()) {
            let (faces, after) = coldsteel::ui::roll(&rng, coldsteel::rules::dice::D6_FACES, 1);
            rng = after;
            if let Some(die) = faces.first().and_then(|f| coldsteel::rules::dice::D6::new(*f).ok()) {
                typed.push((u.unit, die));
            }
        }
    }
    let recovery = campaign::recovery(&c, battle, &typed).map_err(|e| recovery_error_text(lang, &e))?;
    for u in &recovery.units {
        let back = lang.count(u.returning.unwrap_or(0), Noun::Figure);
        lines.push(match u.die {
            Some(d) => lang.fmt(T::CampRecoveryRolled, &[&u.name, &d, &back]),
            None => lang.fmt(T::CampRecoveryUnit, &[&u.name, &u.losses, &u.end.label(lang), &back]),
        });
    }
    if dry_run {
        lines.push(lang.t(T::CampDryRun).to_owned());
        return Ok(lines.join("\n"));
    }
    campaign::recover(&mut c, &recovery).map_err(|e| recovery_error_text(lang, &e))?;
    let c = storage::checked_campaign(c).map_err(|e| campaign_file_error_text(lang, &e))?;
    save(path, &c, lang)?;
    let total = recovery.units.iter().filter_map(|u| u.returning).fold(0u32, u32::saturating_add);
    lines.push(lang.fmt(T::CampRecoveryDone, &[&recovery.battle, &total]));
    Ok(lines.join("\n"))
}

fn second_day(path: &Path, lang: Lang) -> Result<String, String> {
    let mut c = read(path, lang)?;
    campaign::second_day(&mut c).map_err(|e| coldsteel::i18n::errors::recovery_error_text(lang, &e))?;
    let c = storage::checked_campaign(c).map_err(|e| campaign_file_error_text(lang, &e))?;
    save(path, &c, lang)?;
    Ok(lang.t(T::CampSecondDayDone).to_owned())
}

/// A campaign step of its own: undone, redone, or a battle taken back; written.
fn step(path: &Path, ask: campaign::StepAsk, lang: Lang) -> Result<String, String> {
    use coldsteel::i18n::errors::{step_error_text, step_said};
    let mut c = read(path, lang)?;
    let done = campaign::perform_step(&mut c, ask).map_err(|e| step_error_text(lang, &e))?;
    let c = storage::checked_campaign(c).map_err(|e| campaign_file_error_text(lang, &e))?;
    save(path, &c, lang)?;
    Ok(step_said(lang, ask, &done))
}
