//! The campaign's report and a closing's explanation (issue 52): the battles in order
//! with their results, each unit's and side's strength over the campaign, the generals'
//! fates, and the ledger, each line with the battle and log entry it came from; the same
//! blocks as a battle's report, so that Markdown and PDF come from one place.

use super::summary::{Block, Report};
use crate::game::campaign::Closing;
use crate::i18n::{Label, Lang, Noun, T, names};
use std::collections::BTreeMap;

use crate::model::{Campaign, Fate, GeneralId, LedgerEntry, LedgerEvent, UnitId, UnitState};
use crate::rules::Side;

/// What a battle closing into the campaign comes to, a line each: every unit's losses
/// and state, each side's, the rule and the result, the generals lost.
pub fn closing_lines(
    lang: Lang,
    campaign: &Campaign,
    closing: &Closing,
    fates: &[(crate::model::GeneralId, crate::model::Fate)],
) -> Vec<String> {
    let name = names::shown(&closing.name, closing.name_ru.as_deref(), lang);
    let mut out = vec![lang.fmt(T::CampCloseHeading, &[&closing.number, &name, &campaign.name])];
    for u in &closing.units {
        let lost = lang.count(u.lost(), Noun::Figure);
        let name = campaign.unit(u.unit).map_or(u.name.as_str(), |c| c.unit.display_name(lang == Lang::Ru));
        out.push(lang.fmt(T::CampCloseUnit, &[&name, &u.start, &lost, &u.end, &u.state.label(lang)]));
    }
    for side in Side::ALL {
        let s = closing.sides.get(*side);
        let share = if s.start == 0 { 0.0 } else { f64::from(s.lost) * 100.0 / f64::from(s.start) };
        let share = lang.decimal(share, 1);
        let name = side_name(campaign, *side, lang);
        out.push(lang.fmt(T::CampCloseSide, &[&name, &s.lost, &s.start, &share, &s.broken, &s.units]));
    }
    out.push(rule_line(lang, campaign, closing));
    out.push(match closing.winner {
        Some(w) => lang.fmt(T::CampWins, &[&side_name(campaign, w, lang)]),
        None => lang.t(T::CampDrawn).to_owned(),
    });
    for (id, name) in &closing.lost_generals {
        let fate = fates.iter().find(|(g, _)| g == id).map(|(_, f)| f.label(lang));
        let fate = fate.unwrap_or(lang.t(T::CampFateUnsaid));
        out.push(lang.fmt(T::CampGeneralLost, &[&general_name(campaign, *id, name, lang), &fate]));
    }
    out
}

fn rule_line(lang: Lang, campaign: &Campaign, closing: &Closing) -> String {
    match closing.rule {
        crate::model::ResultRule::Losses => lang.t(T::CampRuleLosses).to_owned(),
        crate::model::ResultRule::UnitsBroken => lang.t(T::CampRuleBroken).to_owned(),
        crate::model::ResultRule::HeldGround => {
            let held = closing.held.map(|s| side_name(campaign, s, lang)).unwrap_or_default();
            lang.fmt(T::CampRuleHeld, &[&held])
        }
    }
}

fn side_name(campaign: &Campaign, side: Side, lang: Lang) -> String {
    let info = campaign.sides.get(side);
    names::shown(&info.name, info.name_ru.as_deref(), lang).to_owned()
}

/// A general's name in the interface language, as the lists have it (else `name`).
pub fn general_name(campaign: &Campaign, id: crate::model::GeneralId, name: &str, lang: Lang) -> String {
    campaign.general(id).map_or_else(
        || name.to_owned(),
        |g| names::shown(&g.general.name, g.general.name_ru.as_deref(), lang).to_owned(),
    )
}

fn unit_name(campaign: &Campaign, id: UnitId, lang: Lang) -> String {
    campaign.unit(id).map_or_else(|| id.to_string(), |u| u.unit.display_name(lang == Lang::Ru).to_owned())
}

/// The campaign's report; `changed` names each closed battle whose file has changed since
/// (its number, file and hash now), which the report says first.
pub fn campaign_report(campaign: &Campaign, changed: &[(u32, String, String)], lang: Lang) -> Report {
    let mut blocks = vec![Block::Title(lang.fmt(T::CampReportTitle, &[&campaign.name]))];
    let ruleset = campaign.pack.ruleset.label(lang);
    let rules = if campaign.pack.id.name.is_empty() {
        lang.fmt(T::CampReportRulesOwn, &[&ruleset])
    } else {
        lang.fmt(T::CampReportRules, &[&ruleset, &campaign.pack.id.name, &campaign.pack.id.version])
    };
    blocks.push(Block::Para(rules));
    for (number, file, now) in changed {
        let then = campaign.closed().iter().find(|c| c.number == *number).map(|c| c.hash.to_owned());
        blocks.push(Block::Para(lang.fmt(T::CampChangedWarning, &[number, file, &then.unwrap_or_default(), now])));
    }
    blocks.extend(armies(campaign, lang));
    blocks.extend(battles(campaign, lang));
    blocks.extend(strengths(campaign, lang));
    blocks.extend(generals(campaign, lang));
    blocks.extend(ledger(campaign, lang));
    Report { blocks }
}

fn armies(campaign: &Campaign, lang: Lang) -> Vec<Block> {
    let lines = Side::ALL.iter().map(|s| {
        let (establishment, now) = campaign.strength(*s);
        lang.fmt(T::CampStartTotal, &[&side_name(campaign, *s, lang), &now, &establishment])
    });
    vec![Block::Heading(lang.t(T::CampArmies).to_owned()), Block::Para(lines.collect::<Vec<_>>().join("; "))]
}

fn battles(campaign: &Campaign, lang: Lang) -> Vec<Block> {
    let mut out = vec![Block::Heading(lang.t(T::CampBattles).to_owned())];
    let made = campaign.made();
    if made.is_empty() {
        out.push(Block::Para(lang.t(T::CampNoBattles).to_owned()));
        return out;
    }
    let closed: std::collections::HashMap<u32, crate::model::ClosedBattle<'_>> =
        campaign.closed().into_iter().map(|c| (c.number, c)).collect();
    let header = [T::CampColNumber, T::CampColBattle, T::CampColResult, T::CampColRule, T::CampColFile];
    let mut rows: Vec<(u32, Vec<String>)> = made
        .iter()
        .map(|m| {
            let row = match closed.get(&m.number) {
                Some(c) => {
                    let result = match c.winner {
                        Some(w) => lang.fmt(T::CampWins, &[&side_name(campaign, w, lang)]),
                        None => lang.t(T::CampDrawn).to_owned(),
                    };
                    vec![
                        c.number.to_string(),
                        c.name.to_owned(),
                        result,
                        c.rule.label(lang).to_owned(),
                        c.file.to_owned(),
                    ]
                }
                None => vec![
                    m.number.to_string(),
                    m.name.to_owned(),
                    lang.t(T::CampOpenBattle).to_owned(),
                    String::new(),
                    String::new(),
                ],
            };
            (m.number, row)
        })
        .collect();
    rows.sort_by_key(|(n, _)| *n);
    let rows = rows.into_iter().map(|(_, r)| r).collect();
    out.push(Block::Table { header: header.iter().map(|k| lang.t(*k).to_owned()).collect(), rows });
    out
}

/// A unit's strength at the campaign's start and after each closed battle: its
/// strength now with the ledger's losses added back, then taken off battle by battle.
fn strengths(campaign: &Campaign, lang: Lang) -> Vec<Block> {
    let mut closed: Vec<u32> = campaign.closed().iter().map(|c| c.number).collect();
    closed.sort_unstable();
    // What each battle changed of each unit (figures lost, figures returned after it),
    // and in all: one pass over the ledger.
    let mut by_battle: std::collections::HashMap<(u32, UnitId), (u32, u32)> = std::collections::HashMap::new();
    let mut in_all: std::collections::HashMap<UnitId, (u32, u32)> = std::collections::HashMap::new();
    for e in campaign.counted() {
        let Some((unit, lost, back)) = e.event.figures_moved() else { continue };
        let add = |t: &mut (u32, u32)| *t = (t.0.saturating_add(lost), t.1.saturating_add(back));
        add(in_all.entry(unit).or_default());
        if let Some(b) = e.battle {
            add(by_battle.entry((b, unit)).or_default());
        }
    }
    let changed_in = |id: UnitId, battle: Option<u32>| -> (u32, u32) {
        match battle {
            Some(b) => by_battle.get(&(b, id)).copied().unwrap_or_default(),
            None => in_all.get(&id).copied().unwrap_or_default(),
        }
    };
    let mut header: Vec<String> = [T::ColUnit, T::CampColSide, T::CampColEstablishment, T::CampColStart]
        .iter()
        .map(|k| lang.t(*k).to_owned())
        .collect();
    header.extend(closed.iter().map(|n| lang.fmt(T::CampColAfter, &[n])));
    header.extend([lang.t(T::CampColNow).to_owned(), lang.t(T::CampColState).to_owned()]);
    let mut rows = Vec::new();
    for side in Side::ALL {
        // The side's figures in each numeric column: establishment, start, after each, now.
        let mut totals = vec![0u32; closed.len() + 3];
        for u in campaign.units.iter().filter(|u| u.unit.side == *side) {
            let (lost, back) = changed_in(u.unit.id, None);
            let mut strength = u.unit.figures.saturating_add(lost).saturating_sub(back);
            let mut numbers = vec![u.unit.figures_start, strength];
            for n in &closed {
                let (lost, back) = changed_in(u.unit.id, Some(*n));
                strength = strength.saturating_sub(lost).saturating_add(back);
                numbers.push(strength);
            }
            numbers.push(u.unit.figures);
            for (t, n) in totals.iter_mut().zip(&numbers) {
                *t = t.saturating_add(*n);
            }
            let mut row = vec![u.unit.display_name(lang == Lang::Ru).to_owned(), side_name(campaign, *side, lang)];
            row.extend(numbers.iter().map(u32::to_string));
            row.push(u.state.label(lang).to_owned());
            rows.push(row);
        }
        let mut total = vec![lang.t(T::CampSideTotal).to_owned(), side_name(campaign, *side, lang)];
        total.extend(totals.iter().map(u32::to_string));
        total.push(String::new());
        rows.push(total);
    }
    vec![Block::Heading(lang.t(T::CampStrength).to_owned()), Block::Table { header, rows }]
}

fn generals(campaign: &Campaign, lang: Lang) -> Vec<Block> {
    let header = [T::CampColGeneral, T::CampColSide, T::CampColFate].iter().map(|k| lang.t(*k).to_owned()).collect();
    let rows = campaign
        .generals
        .iter()
        .map(|g| {
            let name = names::shown(&g.general.name, g.general.name_ru.as_deref(), lang).to_owned();
            let fate = g.fate.map_or_else(|| lang.t(T::CampServing).to_owned(), |f| f.label(lang).to_owned());
            vec![name, side_name(campaign, g.general.side, lang), fate]
        })
        .collect();
    vec![Block::Heading(lang.t(T::CampGenerals).to_owned()), Block::Table { header, rows }]
}

fn ledger(campaign: &Campaign, lang: Lang) -> Vec<Block> {
    let header = [T::CampColSeq, T::CampColBattle, T::CampColEntry, T::CampColWhat]
        .iter()
        .map(|k| lang.t(*k).to_owned())
        .collect();
    let void = campaign.voided();
    let again = closed_again(campaign);
    let mut rows = Vec::new();
    for (i, e) in campaign.ledger.iter().enumerate() {
        let battle = e.battle.map(|b| b.to_string()).unwrap_or_default();
        let entry = e.entry.map(|n| n.to_string()).unwrap_or_default();
        let mut what = ledger_text(lang, campaign, e, again.get(&i));
        // A line a take-back voided stays, marked: the record keeps both.
        if void.get(i).copied().unwrap_or(false) {
            what = lang.fmt(T::CampLedVoided, &[&what]);
        }
        // A long line goes on over rows of its own, so that a page's table stays readable;
        // a closing again lists what changed a row each.
        let mut lines = super::pdf::wrap(&what, LEDGER_WIDTH).into_iter();
        rows.push(vec![e.seq.to_string(), battle, entry, lines.next().unwrap_or_default()]);
        let changes = again.get(&i).map(|before| ledger_changes(campaign, before, lang)).unwrap_or_default();
        let more = lines.chain(changes.iter().flat_map(|c| super::pdf::wrap(&format!("– {c}"), LEDGER_WIDTH)));
        rows.extend(more.map(|l| vec![String::new(), String::new(), String::new(), l]));
    }
    vec![Block::Heading(lang.t(T::CampLedger).to_owned()), Block::Table { header, rows }]
}

/// The widest a ledger line's text is printed before it goes on in the row below.
const LEDGER_WIDTH: usize = 90;

/// A ledger line in words; `again`: for a closing after a take-back, what it replaced
/// ([`closed_again`]).
pub fn ledger_text(lang: Lang, campaign: &Campaign, e: &LedgerEntry, again: Option<&ClosedTwice>) -> String {
    match &e.event {
        LedgerEvent::Started { from } => lang.fmt(T::CampLedStarted, &[from]),
        LedgerEvent::BattleMade { name, units, .. } => lang.fmt(T::CampLedMade, &[name, &units.len()]),
        LedgerEvent::Losses { unit, figures } => {
            lang.fmt(T::CampLedLosses, &[&unit_name(campaign, *unit, lang), &lang.count(*figures, Noun::Figure)])
        }
        LedgerEvent::Recovered { unit, figures, die } => {
            let back = lang.count(*figures, Noun::Figure);
            match die {
                Some(d) => lang.fmt(T::CampLedRecoveredDie, &[&unit_name(campaign, *unit, lang), &back, d]),
                None => lang.fmt(T::CampLedRecovered, &[&unit_name(campaign, *unit, lang), &back]),
            }
        }
        LedgerEvent::SecondDay => lang.t(T::CampLedSecondDay).to_owned(),
        LedgerEvent::UnitState { unit, state } => {
            lang.fmt(T::CampLedState, &[&unit_name(campaign, *unit, lang), &state.label(lang)])
        }
        LedgerEvent::GeneralLost { general, fate } => {
            let name = general_name(campaign, *general, &general.to_string(), lang);
            lang.fmt(T::CampLedGeneral, &[&name, &fate.label(lang)])
        }
        LedgerEvent::TakenBack => lang.t(T::CampLedTakenBack).to_owned(),
        LedgerEvent::BattleClosed { name, rule, winner, .. } => {
            let result = result_text(campaign, *winner, lang);
            match again {
                None => lang.fmt(T::CampLedClosed, &[name, &result, &rule.label(lang)]),
                // What changed follows on rows of its own ([`ledger_changes`]).
                Some(_) => lang.fmt(T::CampLedClosedAgain, &[name, &result, &rule.label(lang)]),
            }
        }
    }
}

/// A result inside a ledger line (no sentence's full stop).
fn result_text(campaign: &Campaign, winner: Option<Side>, lang: Lang) -> String {
    match winner {
        Some(w) => lang.fmt(T::CampLedWon, &[&side_name(campaign, w, lang)]),
        None => lang.t(T::CampLedDrawn).to_owned(),
    }
}

/// A battle's closing compared with the one it replaced: each unit's losses and state,
/// each general's fate, then and now, where they differ; and the winners.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosedTwice {
    losses: Vec<(UnitId, u32, u32)>,
    states: Vec<(UnitId, UnitState, UnitState)>,
    fates: Vec<(GeneralId, Option<Fate>, Option<Fate>)>,
    winners: (Option<Side>, Option<Side>),
}

/// What one closing of a battle said, by unit and general.
#[derive(Clone, Debug, Default)]
struct Said {
    losses: BTreeMap<UnitId, u32>,
    states: BTreeMap<UnitId, UnitState>,
    fates: BTreeMap<GeneralId, Fate>,
}

/// Where two maps differ, each key once, a missing value read as `none`.
fn differing<K: Ord + Copy, V: Copy + PartialEq>(
    then: &BTreeMap<K, V>,
    now: &BTreeMap<K, V>,
    none: V,
) -> Vec<(K, V, V)> {
    let keys: std::collections::BTreeSet<K> = then.keys().chain(now.keys()).copied().collect();
    let of = |m: &BTreeMap<K, V>, k: &K| m.get(k).copied().unwrap_or(none);
    keys.iter().map(|k| (*k, of(then, k), of(now, k))).filter(|(_, a, b)| a != b).collect()
}

/// Each closing that follows a take-back of its battle (by its ledger line), against the
/// closing it replaced: one pass over the ledger.
pub fn closed_again(campaign: &Campaign) -> std::collections::HashMap<usize, ClosedTwice> {
    use std::collections::{HashMap, HashSet};
    // Per battle: what was said since it was made or taken back, its last closing's, and
    // whether it was taken back since.
    let mut since: HashMap<u32, Said> = HashMap::new();
    let mut last: HashMap<u32, (Said, Option<Side>)> = HashMap::new();
    let mut taken: HashSet<u32> = HashSet::new();
    let mut out = HashMap::new();
    for (i, e) in campaign.ledger.iter().enumerate() {
        let Some(n) = e.battle else { continue };
        match &e.event {
            LedgerEvent::Losses { unit, figures } => {
                let f = since.entry(n).or_default().losses.entry(*unit).or_default();
                *f = f.saturating_add(*figures);
            }
            LedgerEvent::UnitState { unit, state } => {
                since.entry(n).or_default().states.insert(*unit, *state);
            }
            LedgerEvent::GeneralLost { general, fate } => {
                since.entry(n).or_default().fates.insert(*general, *fate);
            }
            LedgerEvent::TakenBack => {
                taken.insert(n);
                since.remove(&n);
            }
            LedgerEvent::BattleClosed { winner, .. } => {
                let now = since.remove(&n).unwrap_or_default();
                if taken.remove(&n)
                    && let Some((then, was)) = last.get(&n)
                {
                    let some = |m: &BTreeMap<GeneralId, Fate>| m.iter().map(|(g, f)| (*g, Some(*f))).collect();
                    let twice = ClosedTwice {
                        losses: differing(&then.losses, &now.losses, 0),
                        states: differing(&then.states, &now.states, UnitState::Ready),
                        fates: differing(&some(&then.fates), &some(&now.fates), None),
                        winners: (*was, *winner),
                    };
                    out.insert(i, twice);
                }
                last.insert(n, (now, *winner));
            }
            LedgerEvent::Started { .. }
            | LedgerEvent::BattleMade { .. }
            | LedgerEvent::Recovered { .. }
            | LedgerEvent::SecondDay => {}
        }
    }
    out
}

/// What a closing again changed against the closing it replaced, a phrase each (or that
/// nothing did).
fn ledger_changes(campaign: &Campaign, before: &ClosedTwice, lang: Lang) -> Vec<String> {
    let changes = differences(campaign, before, lang);
    if changes.is_empty() { vec![lang.t(T::CampLedSame).to_owned()] } else { changes }
}

/// What changed between two closings of one battle, a phrase each.
fn differences(campaign: &Campaign, twice: &ClosedTwice, lang: Lang) -> Vec<String> {
    let mut out: Vec<String> = twice
        .losses
        .iter()
        .map(|(u, then, now)| {
            lang.fmt(T::CampLedLossesWere, &[&unit_name(campaign, *u, lang), &lang.count(*now, Noun::Figure), then])
        })
        .collect();
    for (u, then, now) in &twice.states {
        let name = unit_name(campaign, *u, lang);
        out.push(lang.fmt(T::CampLedStateWas, &[&name, &now.label(lang), &then.label(lang)]));
    }
    let fate = |f: &Option<Fate>| f.map_or_else(|| lang.t(T::CampServing).to_owned(), |f| f.label(lang).to_owned());
    for (g, then, now) in &twice.fates {
        let name = general_name(campaign, *g, &g.to_string(), lang);
        out.push(lang.fmt(T::CampLedStateWas, &[&name, &fate(now), &fate(then)]));
    }
    let (then, now) = twice.winners;
    if then != now {
        out.push(lang.fmt(T::CampLedResultWas, &[&result_text(campaign, then, lang)]));
    }
    out
}
