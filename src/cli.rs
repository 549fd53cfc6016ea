//! The program both binaries run (`coldsteel`, windowed on Windows, and `coldsteel-cli`,
//! a console program there): the command line first, then the window or a headless
//! command.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use coldsteel::game::Game;
use coldsteel::i18n::errors::{
    action_error_text, load_error_text, pack_error_text, replay_error_text, save_error_text, turn_error_text,
};
use coldsteel::i18n::{Label, Lang, Noun, T};
use coldsteel::{storage, ui};

#[path = "cli_campaign.rs"]
mod campaign_cmd;

/// The window's icon: 64×64 RGBA pixels, made from `assets/icon/coldsteel.png`.
const ICON_RGBA: &[u8] = include_bytes!("../assets/icon/coldsteel-64.rgba");
const ICON_SIZE: u32 = 64;

/// coldsteel: battle tracker for Napoleonic miniature wargames.
#[derive(Debug, Parser)]
#[command(name = "coldsteel", version, about)]
struct Cli {
    /// A battle file to open (default: the embedded default battle).
    file: Option<PathBuf>,
    /// Interface language: en or ru (the window remembers it for next time; commands take it each run).
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
        /// Resolve under this club's rules pack (*.coldsteel-rules.json): its choices and
        /// tables stand for any the file gives.
        #[arg(long)]
        rules: Option<PathBuf>,
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
        /// Write the roster sheets (brigades with tally boxes, kept whole) as PDF here.
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
    /// Orders of battle as spreadsheets (CSV): export a battle's, or import one.
    #[command(subcommand)]
    Oob(OobCommand),
    /// A club's rules as a pack (*.coldsteel-rules.json): check one, or export a battle's.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// A campaign (*.coldsteel-campaign.json): begin one, make a battle from it, close a
    /// battle into it, write its report.
    #[command(subcommand)]
    Campaign(campaign_cmd::CampaignCommand),
    /// Serve the players' page for a battle file on the network, following the file as
    /// the app saves or autosaves it; prints the address with its secret token.
    Share {
        /// The battle file.
        file: PathBuf,
        /// The address and port to listen on (0.0.0.0 for every network of this computer);
        /// without it, 127.0.0.1:8765, or the next free port when another window shares there.
        #[arg(long)]
        bind: Option<std::net::SocketAddr>,
    },
    /// Play an evening that fills a battle file to its size limit (notes, names or actions)
    /// through a game that watches its file as the window's does, saving it in DIR every
    /// EVERY actions and as it stands when an action is refused; prints `saved PATH BYTES`
    /// for each file, then `refused N BYTES` with the reason, then what the writer says to
    /// the battle the refused action would have made (the limit tests, issue 41: run
    /// against the release binary they ship in).
    #[command(hide = true)]
    Fill {
        /// The folder to write the files in.
        dir: PathBuf,
        /// What fills the file.
        #[arg(long, value_parser = ["notes", "names", "actions"])]
        with: String,
        /// Save every this many actions.
        #[arg(long, default_value_t = 10_000)]
        every: usize,
    },
}

/// `coldsteel rules …`.
#[derive(Debug, clap::Subcommand)]
enum RulesCommand {
    /// Read a rules pack strictly and say what it holds (exit 2 with the reason if refused).
    Check {
        /// The rules pack.
        pack: PathBuf,
    },
    /// Write the rules a battle plays under as a pack, to share with the club.
    Export {
        /// The battle file.
        battle: PathBuf,
        /// The rules pack to write (*.coldsteel-rules.json).
        #[arg(long)]
        out: PathBuf,
    },
}

/// `coldsteel oob …`.
#[derive(Debug, clap::Subcommand)]
enum OobCommand {
    /// Write a battle's brigades, units and generals as a spreadsheet (in the --lang language).
    Export {
        /// The battle file.
        battle: PathBuf,
        /// The CSV file to write.
        #[arg(long)]
        csv: PathBuf,
    },
    /// Read a spreadsheet into a battle: added to an existing one (--into), or a new battle (--new).
    #[command(group(clap::ArgGroup::new("target").required(true).args(["into", "new"])))]
    Import {
        /// The CSV file.
        csv: PathBuf,
        /// Add the order of battle to this battle (one undoable step).
        #[arg(long, conflicts_with = "new")]
        into: Option<PathBuf>,
        /// Start a new battle of this name from it.
        #[arg(long)]
        new: Option<String>,
        /// The battle file to write.
        #[arg(long)]
        out: PathBuf,
    },
}

/// A file's text, or standard input's for `-`: at most 64 MiB, regular files only.
fn read_input(path: &Path, lang: Lang) -> Result<String, String> {
    if path.as_os_str() == "-" {
        return storage::read_limited(std::io::stdin().lock(), 0)
            .map_err(|e| lang.fmt(T::CliStdin, &[&load_error_text(lang, &e)]));
    }
    storage::read_text_file(path).map_err(|e| at_path(load_error_text(lang, &e), path))
}

/// A reason followed by the file it concerns.
fn at_path(reason: String, path: &Path) -> String {
    format!("{reason}: {}", path.display())
}

fn resolve(path: &Path, json: bool, rules: Option<&Path>, lang: Lang) -> Result<String, String> {
    let text = read_input(path, lang)?;
    let pack = match rules {
        Some(p) => Some(storage::read_pack_file(p).map_err(|e| at_path(pack_error_text(lang, &e), p))?),
        None => None,
    };
    let engagement =
        coldsteel::resolve::parse_under(&text, pack.as_ref().map(|p| &p.options)).map_err(|e| e.text(lang))?;
    if let Some(pack) = &pack
        && pack.ruleset != engagement.ruleset()
    {
        return Err(lang.fmt(T::ResolvePackRuleset, &[&pack.ruleset.label(lang), &engagement.ruleset().label(lang)]));
    }
    if json {
        let mut out = coldsteel::resolve::to_json(&engagement, lang);
        if let (Some(pack), Some(map)) = (&pack, out.as_object_mut()) {
            let rules = serde_json::json!({"name": pack.id.name, "version": pack.id.version, "hash": pack.hash()});
            map.insert("rules".into(), rules);
        }
        serde_json::to_string_pretty(&out).map_err(|_| lang.t(T::SaveEncode).to_owned())
    } else {
        let under = pack.as_ref().map(|p| pack_said_short(p, lang) + "\n").unwrap_or_default();
        Ok(under + &coldsteel::resolve::to_text(&engagement, lang))
    }
}

/// The pack an engagement is resolved under, on one line.
fn pack_said_short(pack: &coldsteel::model::RulesPack, lang: Lang) -> String {
    let name = coldsteel::i18n::names::pack_name(lang, &pack.id.name);
    lang.fmt(T::ResolveUnderPack, &[&name, &pack.id.version, &pack.hash()])
}

fn parse_lang(code: &str) -> Result<Lang, String> {
    Lang::from_code(code).ok_or_else(|| format!("unknown language `{code}` (use en or ru)"))
}

fn load_file(path: &Path, lang: Lang) -> Result<Game, String> {
    storage::read_battle_file(path).map_err(|e| at_path(load_error_text(lang, &e), path))
}

fn check(path: &Path, lang: Lang) -> Result<String, Failure> {
    // One read (issue 46: it read and parsed the file twice). Every problem of a battle
    // that breaks an invariant, a line each (exit 2).
    let game = match storage::read_battle_file(path) {
        Ok(game) => game,
        Err(storage::LoadError::Invalid(problems)) => {
            let refused = problems.iter().any(|p| p.problem().protects_reader());
            let key = if refused { T::CliProblemsRefused } else { T::CliProblems };
            let mut out = vec![lang.fmt(key, &[&lang.count(problems.len(), Noun::Problem), &path.display()])];
            out.extend(problems.iter().map(|p| coldsteel::i18n::errors::model_error_text(lang, p)));
            return Err(Failure(out));
        }
        Err(e) => return Err(at_path(load_error_text(lang, &e), path).into()),
    };
    let b = &game.battle();
    let (units, generals, brigades) = (b.units.len(), b.generals.len(), b.brigades.len());
    let name = coldsteel::i18n::names::battle_title(b, lang);
    let [units, generals, brigades] = [(units, Noun::Unit), (generals, Noun::General), (brigades, Noun::Brigade)]
        .map(|(n, noun)| lang.count(n, noun));
    let said = lang.fmt(T::CliOk, &[&name, &units, &generals, &brigades, &b.turn, &path.display()]);
    let_go(game);
    Ok(said)
}

/// How often `coldsteel share` looks at the battle file and its journal: a look is a
/// few `stat`s, and an action reaches the viewers within this and the time to publish.
const SHARE_LOOK: std::time::Duration = std::time::Duration::from_millis(20);

/// `coldsteel share`: the page for a battle file until Ctrl+C, following each save and
/// each line of the autosave journal a window writes of it.
fn share(path: &Path, bind: Option<std::net::SocketAddr>, lang: Lang) -> Result<String, String> {
    let (bind, more) = match bind {
        Some(asked) => (asked, 0),
        None => {
            (std::net::SocketAddr::from(([127, 0, 0, 1], coldsteel::share::DEFAULT_PORT)), coldsteel::share::NEXT_PORTS)
        }
    };
    let dir = storage::autosave_dir();
    let mut follower = storage::follow::Follower::new(path, dir.as_deref());
    let game = follower.read_whole().map_err(|e| at_path(load_error_text(lang, &e), path))?;
    let mut sharing = coldsteel::share::Sharing::default();
    sharing.hub().publish_battle(game.battle(), None);
    let title = coldsteel::i18n::names::battle_title(game.battle(), lang).to_owned();
    let url = sharing
        .start_near(bind, more, lang)
        .map_err(|e| lang.fmt(T::CliShareFailed, &[&coldsteel::share::error_text(lang, &e)]))?;
    // A closed standard output (a pipe whose reader left) stops no one from viewing.
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}", lang.fmt(T::CliSharing, &[&title, &url]));
    if bind.ip().is_loopback() {
        let _ = writeln!(out, "{}", lang.t(T::CliShareLoopbackOnly));
    }
    if let Some(qr) = coldsteel::share::qr_text(&url) {
        let _ = writeln!(out, "{qr}");
    }
    let _ = out.flush();
    drop(out);
    loop {
        std::thread::sleep(SHARE_LOOK);
        // A file caught half-written reads again once its writer is done with it.
        if let Ok(Some(game)) = follower.look() {
            sharing.hub().publish_battle(game.battle(), None);
        }
    }
}

fn upgrade(path: &Path, lang: Lang) -> Result<String, String> {
    let game = load_file(path, lang)?;
    let saved = storage::save_battle(path, &game).map_err(|e| save_error_text(lang, &e))?;
    Ok(lang.fmt(T::CliUpgraded, &[&storage::VERSION, &path.display()]) + &links_note(lang, saved, path))
}

/// A file's journal re-applied. Reading a file of this version already performed every
/// entry after its start again, compared each with the file, and the battle at the end
/// (issue 46): only a file with steps kept from an earlier version, or a scenario, is
/// replayed again here.
fn replayed(game: &Game, version: u32) -> Result<coldsteel::game::Replayed, coldsteel::game::ReplayError> {
    if version == storage::VERSION && game.kept_steps() == 0 {
        let count = game.battle().log.len().saturating_sub(game.journal_start().log.len());
        return Ok(coldsteel::game::Replayed { count, rules_changes: Vec::new() });
    }
    coldsteel::game::replay_recorded(game, version)
}

/// A game the command is done with, just before the process ends: its memory goes back
/// with the process rather than piece by piece (issue 46: freeing a season's journal
/// took a fifth of `check`).
fn let_go(game: Game) {
    std::mem::forget(game);
}

/// `replay`: a battle file's journal re-applied, or a scenario played.
fn replay(path: &Path, write: Option<&Path>, lang: Lang) -> Result<String, String> {
    not_the_input(path, &[&write.map(Path::to_path_buf)], lang)?;
    let text = read_input(path, lang)?;
    let unreadable = |e: storage::LoadError| at_path(load_error_text(lang, &e), path);
    let (game, played, version) = if storage::is_scenario(&text) {
        let (battle, actions) = storage::scenario_from_json(&text).map_err(unreadable)?;
        let game = coldsteel::game::play(battle, &actions).map_err(|(i, e)| {
            at_path(lang.fmt(T::CliActionRefused, &[&(i + 1), &action_error_text(lang, &e)]), path)
        })?;
        (game, Some(actions.len()), u32::MAX)
    } else {
        // A file of an earlier version was recorded before the game judged some clauses:
        // an entry refused by a clause judged since is a rules change, not damage (exit 0).
        let (game, version, differs) = storage::from_text_versioned(text).map_err(unreadable)?;
        if let Some(e) = differs {
            return Err(at_path(replay_error_text(lang, &e), path));
        }
        (game, None, version)
    };
    let replayed = match replayed(&game, version) {
        Ok(replayed) => replayed,
        Err(e @ coldsteel::game::ReplayError::RulesChanged { .. }) => return Ok(replay_error_text(lang, &e)),
        Err(e) => return Err(at_path(replay_error_text(lang, &e), path)),
    };
    let count = replayed.count;
    let changes: String = replayed
        .rules_changes
        .iter()
        .map(|c| lang.fmt(T::ReplayTurnChanged, &[&c.seq, &turn_error_text(lang, &c.reason)]) + "\n")
        .collect();
    if let Some(out) = write {
        let saved = storage::save_battle(out, &game).map_err(|e| save_error_text(lang, &e))?;
        eprint!("{}", links_note(lang, saved, out).trim_start());
    }
    let_go(game);
    Ok(match (played, write) {
        (Some(n), Some(out)) => lang.fmt(T::CliPlayedTo, &[&lang.count(n, Noun::Action), &out.display()]),
        (Some(n), None) => lang.fmt(T::CliPlayed, &[&lang.count(n, Noun::Action)]),
        (None, _) => changes + &lang.fmt(T::CliReplayed, &[&lang.count(count, Noun::Action)]),
    })
}

/// Saves two different states in turn, forever: the crash test kills it at random.
/// Saves a generated evening of `actions` charges and melees, `pairs` fresh pairs a turn.
fn fill(dir: &Path, with: &str, every: usize, lang: Lang) -> Result<String, String> {
    use coldsteel::game::long_evenings::{FillEvening, Filler};
    let filler = match with {
        "notes" => Filler::Notes,
        "names" => Filler::Names,
        _ => Filler::Actions,
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

fn write_out(path: &Path, bytes: &[u8], lang: Lang) -> Result<(), String> {
    storage::save_output(path, bytes).map_err(|e| save_error_text(lang, &e))
}

/// Refuses an output path that is the input battle file itself.
fn not_the_input(input: &Path, outputs: &[&Option<PathBuf>], lang: Lang) -> Result<(), String> {
    for out in outputs.iter().filter_map(|o| o.as_deref()) {
        if storage::same_file(input, out) {
            return Err(lang.fmt(T::CliWouldReplace, &[&out.display()]));
        }
    }
    Ok(())
}

/// A reason on one line: control characters (C0, C1, U+0085) and the line and paragraph
/// separators escaped, wherever they come from (a path, a name, a file's bytes).
fn one_line(reason: &str) -> String {
    let escaped = |c: char| if coldsteel::model::breaks_line(c) { c.escape_default().collect() } else { vec![c] };
    reason.chars().flat_map(escaped).collect()
}

/// Why a command failed: a reason, or a reason and a list (a battle's problems, the
/// refused rows), each printed on a line of its own.
#[derive(Debug)]
struct Failure(Vec<String>);

impl From<String> for Failure {
    fn from(reason: String) -> Self {
        Failure(vec![reason])
    }
}

/// A report written as PDF and as Markdown where asked: the paths written.
fn write_report(
    report: &coldsteel::report::summary::Report,
    [pdf_out, md_out]: [&Option<PathBuf>; 2],
    lang: Lang,
) -> Result<Vec<String>, String> {
    use coldsteel::report::{markdown, pdf};
    let mut written = Vec::new();
    if let Some(p) = pdf_out {
        write_out(p, &pdf::to_pdf(report).map_err(|e| e.text(lang))?, lang)?;
        written.push(p.display().to_string());
    }
    if let Some(p) = md_out {
        write_out(p, markdown::to_markdown(report).as_bytes(), lang)?;
        written.push(p.display().to_string());
    }
    Ok(written)
}

fn report_cmd(file: &Path, outs: [&Option<PathBuf>; 4], lang: Lang) -> Result<String, String> {
    use coldsteel::report::{markdown, pdf, summary};
    not_the_input(file, &outs, lang)?;
    let game = load_file(file, lang)?;
    let report = summary::game_report(&game, lang);
    let [pdf_out, md_out, text_out, roster_out] = outs;
    let mut written = write_report(&report, [pdf_out, md_out], lang)?;
    if let Some(p) = text_out {
        write_out(p, markdown::to_text(&report).as_bytes(), lang)?;
        written.push(p.display().to_string());
    }
    if let Some(p) = roster_out {
        let sheets = summary::roster_sheets(game.battle(), lang);
        write_out(p, &pdf::to_pdf(&sheets).map_err(|e| e.text(lang))?, lang)?;
        written.push(p.display().to_string());
    }
    if written.is_empty() {
        return Ok(markdown::to_text(&report));
    }
    Ok(lang.fmt(T::CliWritten, &[&written.join(", ")]))
}

fn headless(command: &Command, lang: Lang) -> Result<String, Failure> {
    match command {
        Command::Report { file, pdf, md, text, roster_pdf } => Ok(report_cmd(file, [pdf, md, text, roster_pdf], lang)?),
        Command::Resolve { file, json, rules } => Ok(resolve(file, *json, rules.as_deref(), lang)?),
        Command::Check { file } => check(file, lang),
        Command::Upgrade { file } => Ok(upgrade(file, lang)?),
        Command::Replay { file, write } => Ok(replay(file, write.as_deref(), lang)?),
        Command::Oob(OobCommand::Export { battle, csv }) => Ok(oob_export(battle, csv, lang)?),
        Command::Oob(OobCommand::Import { csv, into, new, out }) => {
            oob_import(csv, (into.as_deref(), new.as_deref()), out, lang)
        }
        Command::Rules(RulesCommand::Check { pack }) => Ok(rules_check(pack, lang)?),
        Command::Rules(RulesCommand::Export { battle, out }) => Ok(rules_export(battle, out, lang)?),
        Command::Campaign(c) => campaign_cmd::run(c, lang),
        Command::Share { file, bind } => Ok(share(file, *bind, lang)?),
        Command::Fill { dir, with, every } => Ok(fill(dir, with, *every, lang)?),
    }
}

/// `rules check`: the pack read strictly; its name, version, ruleset and rules hash.
fn rules_check(path: &Path, lang: Lang) -> Result<String, String> {
    let pack = storage::read_pack_file(path).map_err(|e| at_path(pack_error_text(lang, &e), path))?;
    Ok(pack_said(&pack, path, lang))
}

/// What a pack is, on one line: its name (or that it has none), version, ruleset and
/// rules hash, and where it is.
fn pack_said(pack: &coldsteel::model::RulesPack, path: &Path, lang: Lang) -> String {
    let name = coldsteel::i18n::names::pack_name(lang, &pack.id.name);
    lang.fmt(T::CliPackOk, &[&name, &pack.id.version, &pack.ruleset.label(lang), &pack.hash(), &path.display()])
}

/// `rules export`: the battle's rules written as a pack.
fn rules_export(battle: &Path, out: &Path, lang: Lang) -> Result<String, String> {
    not_the_input(battle, &[&Some(out.to_path_buf())], lang)?;
    let game = load_file(battle, lang)?;
    let b = game.battle();
    let pack = b.rules_pack();
    storage::save_pack(out, &pack).map_err(|e| save_error_text(lang, &e))?;
    Ok(lang.fmt(T::CliWritten, &[&out.display()]))
}

fn oob_export(battle: &Path, csv: &Path, lang: Lang) -> Result<String, String> {
    not_the_input(battle, &[&Some(csv.to_path_buf())], lang)?;
    let game = load_file(battle, lang)?;
    write_out(csv, &coldsteel::oob::export(game.battle(), lang), lang)?;
    Ok(lang.fmt(T::CliWritten, &[&csv.display()]))
}

/// Every refused row on a line of its own, after what happened.
fn refused_rows(errors: &[coldsteel::oob::RowError], csv: &Path, lang: Lang) -> Failure {
    let mut out = vec![lang.fmt(T::OobRefused, &[&csv.display(), &lang.count(errors.len(), Noun::Row)])];
    out.extend(errors.iter().map(|e| coldsteel::oob::row_error_text(lang, e)));
    Failure(out)
}

fn oob_import(
    csv: &Path,
    (into, new): (Option<&Path>, Option<&str>),
    out: &Path,
    lang: Lang,
) -> Result<String, Failure> {
    // The spreadsheet is an input; the battle imported into may be written over (it
    // keeps its `.bak`).
    not_the_input(csv, &[&Some(out.to_path_buf())], lang)?;
    let bytes = storage::read_bytes_file(csv).map_err(|e| at_path(load_error_text(lang, &e), csv))?;
    let (game, oob) = match (into, new) {
        (Some(battle), _) => {
            let game = load_file(battle, lang)?;
            let oob = coldsteel::oob::import(&bytes, game.battle()).map_err(|e| refused_rows(&e, csv, lang))?;
            (game, oob)
        }
        (None, name) => {
            let name = name.unwrap_or_default();
            let ruleset = coldsteel::rules::Ruleset::Gdb;
            let (battle, oob) =
                coldsteel::oob::new_battle(&bytes, name, ruleset, lang).map_err(|e| refused_rows(&e, csv, lang))?;
            let mut game = Game::new(battle);
            // A new battle rolls its own dice.
            game.reseed(storage::now_unix_ms());
            (game, oob)
        }
    };
    let counts = (oob.units.len(), oob.generals.len(), oob.brigades.len());
    let mut game = game;
    game.perform(&coldsteel::game::Action::ImportOrderOfBattle(Box::new(oob)))
        .map_err(|e| at_path(action_error_text(lang, &e), csv))?;
    let saved = storage::save_battle(out, &game).map_err(|e| save_error_text(lang, &e))?;
    eprint!("{}", links_note(lang, saved, out).trim_start());
    Ok(coldsteel::oob::imported_text(lang, counts) + "\n" + &lang.fmt(T::CliWritten, &[&out.display()]))
}

/// Prints a command's output; a reader that went away (`| head`) ends it quietly.
fn print_out(out: &str, lang: Lang) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match writeln!(stdout, "{out}").and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "coldsteel: {}", lang.fmt(T::CliCannotWrite, &[&e]));
            ExitCode::from(2)
        }
    }
}

/// Runs the command line, or the window.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(command) = &cli.command {
        let lang = cli.lang.unwrap_or_default();
        return match headless(command, lang) {
            Ok(out) => print_out(&out, lang),
            Err(reason) => {
                // A closed standard error has nowhere to say so.
                // Control characters escaped; a list (refused rows) an item a line.
                let lines: Vec<String> = reason.0.iter().map(|line| one_line(line)).collect();
                let _ = writeln!(std::io::stderr(), "coldsteel: {}", lines.join("\n  "));
                ExitCode::from(2)
            }
        };
    }
    // A battle file that does not open still opens the window, which says why and offers
    // its `.bak` and its autosaves (issue 41): a double click must never do nothing.
    let (game, failed) = match &cli.file {
        // A battle that breaks an invariant opens with its problems listed (issue 26).
        Some(path) => match storage::read_battle_file_with_problems(path) {
            Ok((game, _)) => (game, None),
            Err(e) => (storage::default_game().unwrap_or_default(), Some((path.clone(), e))),
        },
        None => match storage::default_game() {
            Ok(mut g) => {
                // A new game on the default battle rolls its own dice (from its journal's
                // start too, so that it replays).
                g.reseed(storage::now_unix_ms());
                (g, None)
            }
            Err(e) => {
                eprintln!("coldsteel: {}", one_line(&load_error_text(cli.lang.unwrap_or_default(), &e)));
                return ExitCode::from(2);
            }
        },
    };
    let persistence_path = storage::app_state_file(std::env::var_os("COLDSTEEL_DATA_DIR"));
    if let Some(dir) = persistence_path.as_deref().and_then(Path::parent) {
        // Without its folder the window would forget the language and recent files.
        let _ = std::fs::create_dir_all(dir);
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_title("coldsteel").with_inner_size([1280.0, 800.0]).with_icon(
            std::sync::Arc::new(egui::IconData { rgba: ICON_RGBA.to_vec(), width: ICON_SIZE, height: ICON_SIZE }),
        ),
        persistence_path,
        ..Default::default()
    };
    let lang = cli.lang;
    let path = if failed.is_some() { None } else { cli.file.clone() };
    let result = eframe::run_native(
        "coldsteel",
        options,
        Box::new(move |cc| {
            let mut app = ui::CsApp::from_creation(cc, game, path, lang);
            if let Some((path, e)) = &failed {
                app.show_open_failure(path, e);
            }
            Ok(Box::new(app))
        }),
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("coldsteel: cannot open the window: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A line saying a save gave up the file's other hard links (issue 29), or nothing.
fn links_note(lang: Lang, saved: storage::Saved, path: &Path) -> String {
    if saved.links_given_up {
        format!("\n{}\n", lang.fmt(T::SavedLinksGivenUp, &[&path.display()]))
    } else {
        String::new()
    }
}
