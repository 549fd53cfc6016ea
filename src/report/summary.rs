//! A report as plain data: headings, paragraphs, tables, breakdown lines and the losses
//! chart, built once from the battle and rendered to Markdown, text or PDF.

use std::collections::BTreeMap;

use crate::i18n::names::{battle_title, general_line, shown, side_name};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, LogDetail, LogEntry, Unit, UnitId};
use crate::rules::{Order, Side};

use crate::i18n::log_text::{entry_lines, entry_summary};

/// One block of a report.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// The title.
    Title(String),
    /// A section heading.
    Heading(String),
    /// A sub-heading.
    Subheading(String),
    /// A paragraph.
    Para(String),
    /// A table: header and rows.
    Table {
        /// Column titles.
        header: Vec<String>,
        /// Rows of cells.
        rows: Vec<Vec<String>>,
    },
    /// Breakdown lines, shown indented in a fixed-width font.
    Lines(Vec<String>),
    /// Losses per side by turn: side names, then (turn, first, second), and a total row.
    LossChart {
        /// The column titles: the turn, then the two sides' names.
        header: [String; 3],
        /// Figures lost per turn.
        turns: Vec<(u32, u32, u32)>,
        /// The title of the total row.
        total: String,
    },
    /// A roster sheet row block: unit, strength, and tally boxes to mark at the table.
    Tally {
        /// (unit, figures now, figures at start).
        rows: Vec<(String, u32, u32)>,
    },
    /// Start a new page (PDF) or a rule (text).
    PageBreak,
    /// The table from above (the PDF draws it; text and Markdown say where it is).
    Map(Box<super::map::Scene>),
    /// Blocks kept on one page when they fit (a brigade's roster sheet): the PDF starts a
    /// new page for them only when the rest of this one is too short.
    KeepTogether(Vec<Block>),
}

/// A whole report.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Its blocks, in order.
    pub blocks: Vec<Block>,
}

impl Report {
    /// Its blocks with the kept-together groups opened, for the formats without pages.
    pub fn flat(&self) -> Vec<&Block> {
        fn open<'a>(blocks: &'a [Block], out: &mut Vec<&'a Block>) {
            for b in blocks {
                match b {
                    Block::KeepTogether(inner) => open(inner, out),
                    other @ Block::Title(_)
                    | other @ Block::Heading(_)
                    | other @ Block::Subheading(_)
                    | other @ Block::Para(_)
                    | other @ Block::Table { .. }
                    | other @ Block::Lines(_)
                    | other @ Block::LossChart { .. }
                    | other @ Block::Tally { .. }
                    | other @ Block::PageBreak
                    | other @ Block::Map(_) => out.push(other),
                }
            }
        }
        let mut out = Vec::new();
        open(&self.blocks, &mut out);
        out
    }
}

/// A unit's name in both languages when they differ: "Ladoga Infantry / Ладожский полк".
pub fn both_names(u: &Unit, lang: Lang) -> String {
    match &u.name_ru {
        Some(ru) if !ru.trim().is_empty() && *ru != u.name => match lang {
            Lang::En => format!("{} / {ru}", u.name),
            Lang::Ru => format!("{ru} / {}", u.name),
        },
        _ => u.name.clone(),
    }
}

fn percent(lost: u32, start: u32) -> String {
    let pct = (lost * 100 + start / 2).checked_div(start).unwrap_or(0);
    format!("{pct}%")
}

/// Figures each side lost in each turn, from the log.
pub fn losses_by_turn(battle: &Battle) -> Vec<(u32, u32, u32)> {
    let mut per: BTreeMap<u32, [u32; 2]> = BTreeMap::new();
    let side_of = |id: Option<&UnitId>| id.and_then(|id| battle.unit(*id)).map(|u| u.side);
    for e in &battle.log {
        let pairs = e.detail.figures_lost().into_iter().map(|(who, figures)| (side_of(e.units.get(who)), figures));
        let slot = per.entry(e.turn).or_default();
        for (side, n) in pairs {
            match side {
                Some(Side::First) => slot[0] = slot[0].saturating_add(n),
                Some(Side::Second) => slot[1] = slot[1].saturating_add(n),
                None => {}
            }
        }
    }
    (1..=battle.turn).map(|t| per.get(&t).map_or((t, 0, 0), |s| (t, s[0], s[1]))).collect()
}

fn reported(e: &LogEntry) -> bool {
    e.detail.in_account()
}

/// The battle report: page 1 is the summary (strength now against the start, units in
/// play, routed, dispersed and destroyed, generals lost, losses by turn); then the turns
/// told phase by phase and the state of every unit, a side a page; then the maps and the
/// full log with its breakdowns as an appendix.
pub fn battle_report(battle: &Battle, lang: Lang) -> Report {
    let now = if placed(battle) { vec![map_block(lang, battle.turn, battle, true)] } else { Vec::new() };
    report_with_maps(battle, lang, maps_section(lang, now, 1))
}

/// The club's rules pack the battle plays, for the record (issue 50): its name, version
/// and rules hash, or that its rules were changed since it took them; nothing for a
/// battle's own unnamed rules.
fn pack_line(battle: &Battle, lang: Lang) -> Option<String> {
    let taken = battle.pack.as_ref()?;
    Some(if battle.plays_its_pack() {
        lang.fmt(T::RepPack, &[&taken.name, &taken.version, &taken.hash])
    } else {
        let now = crate::model::content_hash(battle.ruleset, &battle.options);
        lang.fmt(T::RepPackChanged, &[&taken.name, &taken.version, &now])
    })
}

/// The report with its maps section given.
fn report_with_maps(battle: &Battle, lang: Lang, maps: Vec<Block>) -> Report {
    let mut b = vec![Block::Title(battle_title(battle, lang).to_owned())];
    b.push(Block::Para(
        lang.fmt(T::RepHeader, &[&battle.ruleset.label(lang), &battle.turn, &battle.phase.label(lang)]),
    ));
    b.extend(pack_line(battle, lang).map(Block::Para));
    summary_blocks(battle, lang, &mut b);
    super::narrative::narrative_blocks(battle, lang, &mut b);
    // Issue 28: the record reads summary, account, each side's roster (a side's table
    // whole, to hand to its player), then the maps and the full log.
    units_blocks(battle, lang, &mut b);
    if !maps.is_empty() {
        b.push(Block::PageBreak);
        b.extend(maps);
    }
    b.push(Block::PageBreak);
    appendix_blocks(battle, lang, &mut b);
    Report { blocks: b }
}

/// The battle report of a game, with the situation map at the end of each turn its
/// journal covers when units stand on the table view (as the report of the battle alone
/// has the map of the present only).
pub fn game_report(game: &crate::game::Game, lang: Lang) -> Report {
    let battle = game.battle();
    let start = game.journal_start().turn;
    let every = every_nth_turn(battle.turn.saturating_sub(start).saturating_add(1));
    let mut scenes = Vec::new();
    // Each turn's map is drawn as the replay reaches it (issue 29: no copy of the battle
    // per turn), every `every`th turn's and the present's.
    let replayed = crate::game::each_turn_end(game, |turn, b, now| {
        if placed(b) && (now || turn % every == 0) {
            scenes.push(map_block(lang, turn, b, now));
        }
    });
    if replayed.is_none() {
        // A journal that does not replay: the present's map only.
        scenes = if placed(battle) { vec![map_block(lang, battle.turn, battle, true)] } else { Vec::new() };
    }
    report_with_maps(battle, lang, maps_section(lang, scenes, every))
}

/// The most maps a report draws: a longer battle has the end of every n-th turn and the
/// present, and the report says so (issue 29: a report of any battle within the limits
/// stays within its budget).
pub const MAX_REPORT_MAPS: u32 = 24;

/// Which turn ends a report of `turns` turns draws: every one, up to [`MAX_REPORT_MAPS`].
fn every_nth_turn(turns: u32) -> u32 {
    turns.div_ceil(MAX_REPORT_MAPS).max(1)
}

/// Units stand on a set-up table.
fn placed(b: &Battle) -> bool {
    b.table.is_some() && b.units.iter().any(|u| u.place.is_some())
}

/// One turn's map, under its title.
fn map_block(lang: Lang, turn: u32, b: &Battle, now: bool) -> Block {
    let title = if now {
        lang.fmt(T::RepMapNow, &[&turn, &b.phase.label(lang)])
    } else {
        lang.fmt(T::RepMapEndOfTurn, &[&turn])
    };
    let scene = super::map::scene(b, lang, super::map::Focus::default());
    Block::KeepTogether(vec![Block::Subheading(title), Block::Map(Box::new(scene))])
}

/// The maps section: its heading with the first map, and the rule when maps were thinned.
fn maps_section(lang: Lang, mut maps: Vec<Block>, every: u32) -> Vec<Block> {
    let Some(Block::KeepTogether(first)) = maps.first_mut() else { return maps };
    let mut head = vec![Block::Heading(lang.t(T::RepMaps).to_owned())];
    if every > 1 {
        head.push(Block::Para(
            lang.fmt(T::RepMapsRule, &[&every, &lang.count(MAX_REPORT_MAPS, crate::i18n::Noun::Map)]),
        ));
    }
    first.splice(0..0, head);
    maps
}

/// One side's count of units by state, and its figures.
#[derive(Default)]
struct Strength {
    start: u32,
    now: u32,
    in_play: u32,
    routed: u32,
    dispersed: u32,
    destroyed: u32,
    generals_lost: Vec<String>,
}

fn strength(battle: &Battle, side: Side, lang: Lang) -> Strength {
    let mut s = Strength::default();
    for u in battle.units.iter().filter(|u| u.side == side) {
        s.start = s.start.saturating_add(u.figures_start);
        s.now = s.now.saturating_add(u.figures);
        let count = match u.order {
            Order::Routing => &mut s.routed,
            Order::Dispersed => &mut s.dispersed,
            Order::Destroyed => &mut s.destroyed,
            Order::Formed | Order::Disordered | Order::Wavering => &mut s.in_play,
        };
        *count = count.saturating_add(1);
    }
    s.generals_lost = battle
        .generals
        .iter()
        .filter(|g| g.side == side && g.lost)
        .map(|g| shown(&g.name, g.name_ru.as_deref(), lang).to_owned())
        .collect();
    s
}

/// The summary: commanders, one column a side, and the losses-by-turn chart.
fn summary_blocks(battle: &Battle, lang: Lang, b: &mut Vec<Block>) {
    b.push(Block::Heading(lang.t(T::RepSummary).to_owned()));
    for side in Side::ALL {
        let commander = battle
            .commander_in_chief(*side)
            .map(|g| general_line(g, lang))
            .unwrap_or_else(|| lang.t(T::NoCommander).to_owned());
        b.push(Block::Para(format!("{}: {commander}", side_name(battle, *side, lang))));
    }
    let sides = [strength(battle, Side::First, lang), strength(battle, Side::Second, lang)];
    b.push(strength_table(battle, lang, &sides));
    for (side, s) in Side::ALL.iter().zip(&sides) {
        if !s.generals_lost.is_empty() {
            let names = s.generals_lost.join(", ");
            b.push(Block::Para(lang.fmt(T::RepGeneralsLostNamed, &[&side_name(battle, *side, lang), &names])));
        }
    }
    b.push(Block::Subheading(lang.t(T::RepByTurn).to_owned()));
    let header = [
        lang.t(T::RepTurnColumn).to_owned(),
        side_name(battle, Side::First, lang).to_owned(),
        side_name(battle, Side::Second, lang).to_owned(),
    ];
    b.push(Block::LossChart { header, turns: losses_by_turn(battle), total: lang.t(T::RepTotal).to_owned() });
}

/// The summary's table of both sides' strength (figures at the start and now, lost,
/// units in play, routed, dispersed, destroyed, generals lost): the report's first page
/// and the players' view share it.
pub fn summary_table(battle: &Battle, lang: Lang) -> Block {
    let sides = [strength(battle, Side::First, lang), strength(battle, Side::Second, lang)];
    strength_table(battle, lang, &sides)
}

fn strength_table(battle: &Battle, lang: Lang, sides: &[Strength; 2]) -> Block {
    let row = |key: T, cell: &dyn Fn(&Strength) -> String| {
        let mut r = vec![lang.t(key).to_owned()];
        r.extend(sides.iter().map(cell));
        r
    };
    let lost = |s: &Strength| s.start.saturating_sub(s.now);
    let rows = vec![
        row(T::FiguresStart, &|s| s.start.to_string()),
        row(T::FiguresNow, &|s| s.now.to_string()),
        row(T::RepLost, &|s| format!("{} ({})", lost(s), percent(lost(s), s.start))),
        row(T::RepUnitsInPlay, &|s| s.in_play.to_string()),
        row(T::RepRouted, &|s| s.routed.to_string()),
        row(T::RepDispersed, &|s| s.dispersed.to_string()),
        row(T::RepDestroyed, &|s| s.destroyed.to_string()),
        row(T::RepGeneralsLost, &|s| s.generals_lost.len().to_string()),
    ];
    let header = vec![
        String::new(),
        side_name(battle, Side::First, lang).to_owned(),
        side_name(battle, Side::Second, lang).to_owned(),
    ];
    Block::Table { header, rows }
}

/// A section of log entries under `heading`: those `keep` keeps, each drawn by `entry`
/// under its turn's subheading; "nothing yet" when there is none.
fn by_turn(
    battle: &Battle,
    lang: Lang,
    (heading, keep): (T, fn(&LogEntry) -> bool),
    b: &mut Vec<Block>,
    mut entry: impl FnMut(&LogEntry, &mut Vec<Block>),
) {
    b.push(Block::Heading(lang.t(heading).to_owned()));
    let mut turn = 0;
    for e in battle.log.iter().filter(|e| keep(e)) {
        if e.turn != turn {
            turn = e.turn;
            b.push(Block::Subheading(lang.fmt(T::TurnN, &[&turn])));
        }
        entry(e, b);
    }
    if turn == 0 {
        b.push(Block::Para(lang.t(T::LogEmpty).to_owned()));
    }
}

/// The full log with every breakdown.
fn appendix_blocks(battle: &Battle, lang: Lang, b: &mut Vec<Block>) {
    by_turn(battle, lang, (T::RepAppendix, reported), b, |e, b| {
        let lines = entry_lines(lang, battle, e);
        if let LogDetail::Phase { .. } = e.detail {
            b.push(Block::Lines(lines));
            return;
        }
        // Each summary names what happened ("Initiative …", "Charge: …"); a phase prefix
        // only repeated it.
        b.push(Block::Para(entry_summary(lang, battle, e)));
        if !lines.is_empty() {
            b.push(Block::Lines(lines));
        }
    });
}

/// The state of every unit, a table a side. A side's table begins a page only when it
/// does not fit what is left of the one before, and never splits where it fits a page
/// (issue 45: five units took two pages of three rows each).
fn units_blocks(battle: &Battle, lang: Lang, b: &mut Vec<Block>) {
    let header = [T::RepUnit, T::Arm, T::OrderHeading, T::Formation, T::RepFigures, T::RepLost, T::Markers]
        .iter()
        .map(|k| lang.t(*k).to_owned())
        .collect::<Vec<_>>();
    for (i, side) in Side::ALL.iter().enumerate() {
        let mut part = Vec::new();
        if i == 0 {
            part.push(Block::Heading(lang.t(T::RepUnits).to_owned()));
        }
        part.push(Block::Subheading(side_name(battle, *side, lang).to_owned()));
        let rows = battle
            .units
            .iter()
            .filter(|u| u.side == *side)
            .map(|u| {
                let markers: Vec<&str> = u.markers.iter().map(|m| m.label(lang)).collect();
                vec![
                    both_names(u, lang),
                    u.arm.label(lang).to_owned(),
                    u.order.label(lang).to_owned(),
                    u.formation.label(lang).to_owned(),
                    format!("{}/{}", u.figures, u.figures_start),
                    percent(u.casualties(), u.figures_start),
                    markers.join(", "),
                ]
            })
            .collect();
        part.push(Block::Table { header: header.clone(), rows });
        b.push(Block::KeepTogether(part));
    }
}

/// One printable roster sheet per brigade: units, strength and tally boxes.
pub fn roster_sheets(battle: &Battle, lang: Lang) -> Report {
    let mut b = Vec::new();
    for brigade in &battle.brigades {
        // Brigades share a page where they fit; a brigade never splits when it fits a page.
        let mut sheet = Vec::new();
        sheet.push(Block::Title(shown(&brigade.name, brigade.name_ru.as_deref(), lang).to_owned()));
        let generals: Vec<String> = battle.generals_of(brigade.id).map(|g| general_line(g, lang)).collect();
        sheet.push(Block::Para(format!("{} · {}", side_name(battle, brigade.side, lang), generals.join(", "))));
        let rows = battle
            .units_of(brigade.side, Some(brigade.id))
            .map(|u| (both_names(u, lang), u.figures, u.figures_start))
            .collect();
        sheet.push(Block::Tally { rows });
        b.push(Block::KeepTogether(sheet));
    }
    Report { blocks: b }
}

/// The report of a single log entry (a charge, a melee, a collision).
pub fn entry_report(battle: &Battle, lang: Lang, entry: &LogEntry) -> Report {
    Report {
        blocks: vec![
            Block::Heading(format!("{} · {}", lang.fmt(T::TurnN, &[&entry.turn]), entry.phase.label(lang))),
            Block::Para(entry_summary(lang, battle, entry)),
            Block::Lines(entry_lines(lang, battle, entry)),
        ],
    }
}
