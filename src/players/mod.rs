//! The players' view (issue 32): one read model of the battle for the other side of the
//! table, built from the battle and the engagement the players have open, on change.
//! The second window draws it and the shared page receives it as JSON; neither writes.
//! Units the umpire marked hidden, and his notes, are left out here, so that no screen
//! below can show them.

use serde::Serialize;

use crate::game::procedure::{OpenEngagement, OpenKind};
use crate::i18n::log_text::{entry_lines, entry_summary};
use crate::i18n::names::{battle_title, shown, side_name};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, LogDetail, LogEntry, Unit, UnitId};
use crate::report::map::{Focus, Scene};
use crate::report::summary::Block;
use crate::rules::Side;
use crate::rules::gdb::{MeleeInput, Role};

/// How many of the latest log entries the view shows.
pub const LATEST_ENTRIES: usize = 8;

/// The players' view of the battle in one language.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayersView {
    /// The language, "en" or "ru".
    pub lang: &'static str,
    /// The battle's title.
    pub title: String,
    /// "Turn 3 · Charges".
    pub turn: String,
    /// "Russians move first", once the initiative is rolled.
    pub phasing: Option<String>,
    /// The phasing side (for the page's colours).
    pub phasing_side: Option<usize>,
    /// The engagement in progress.
    pub engagement: Option<EngagementView>,
    /// The latest fire, charge, collision, melee or test, with what it does.
    pub last_result: Option<Vec<String>>,
    /// The campaign's standing as this battle was made, when it belongs to one (issue 53).
    pub campaign: Option<CampaignView>,
    /// Both sides' rosters, the first side first.
    pub sides: Vec<RosterView>,
    /// The summary's strength table.
    pub summary: TableView,
    /// The latest log entries, newest last.
    pub latest: Vec<String>,
    /// The table from above (for painters on screen).
    #[serde(skip)]
    pub scene: Scene,
    /// The words the page puts around the data.
    pub labels: Labels,
}

/// The page's headings, in the view's language.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Labels {
    pub roster: &'static str,
    pub in_progress: &'static str,
    pub nothing_in_progress: &'static str,
    pub odds: &'static str,
    pub last_result: &'static str,
    pub table: &'static str,
    pub no_table: &'static str,
    pub latest: &'static str,
    pub summary: &'static str,
    pub out_of_play: &'static str,
    pub language: &'static str,
    pub side_first: &'static str,
    pub reconnecting: &'static str,
    pub address_gone: &'static str,
    pub total: &'static str,
}

/// A campaign's standing beside its battle: "Campaign «Krasnoi 1812» — battle 2", then
/// the battles closed before it, each side's strength and wins, the draws, the generals
/// lost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CampaignView {
    /// The campaign's name and the battle's number.
    pub heading: String,
    /// The standing, a line each.
    pub lines: Vec<String>,
}

/// An engagement in progress: who, how far along, both sides' modifiers with their
/// clauses and totals, and the exact odds before the dice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngagementView {
    /// "Charge: Cossacks against 2nd Line".
    pub heading: String,
    /// "Step 2 · declared · distance 18 cm".
    pub state: String,
    /// Each side's modifiers, attacker first (a GdB melee's situation).
    pub sides: Vec<ModifiersView>,
    /// Each result with its chance, likeliest first.
    pub odds: Vec<OddsView>,
    /// The dice given, once they are.
    pub dice: Option<String>,
}

/// One side's modifiers and their total.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModifiersView {
    /// The unit.
    pub name: String,
    /// The lines: clause, what it is, value.
    pub modifiers: Vec<(String, String, String)>,
    /// Their sum, signed.
    pub total: String,
}

/// One result band with its chance.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OddsView {
    /// "41.7%".
    pub chance: String,
    /// "Attacker wins — retreat".
    pub result: String,
}

/// A side's roster.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RosterView {
    /// The side's name.
    pub name: String,
    /// 0 for the first side, 1 for the second.
    pub side: usize,
    /// Its units, brigade by brigade as the roster lists them, those out of play last.
    pub units: Vec<UnitRow>,
}

/// One unit as the other side may see it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitRow {
    /// Its id (stable: the page keeps its place by it).
    pub id: u32,
    /// Its name.
    pub name: String,
    /// Its brigade's name.
    pub brigade: String,
    /// Arm and class (or Ruleset B status).
    pub kind: String,
    /// Its order.
    pub order: String,
    /// The order's key, for the page's colours.
    pub order_key: &'static str,
    /// Its formation.
    pub formation: String,
    /// Figures now.
    pub figures: u32,
    /// Figures at the start.
    pub figures_start: u32,
    /// Its markers.
    pub markers: Vec<String>,
    /// Still in play.
    pub in_play: bool,
}

/// A table of text: header and rows.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TableView {
    /// Column titles.
    pub header: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<String>>,
}

/// Builds the players' view of the battle with the engagement the players have open,
/// leaving out what the umpire hides.
pub fn build(battle: &Battle, open: Option<&OpenEngagement>, lang: Lang) -> PlayersView {
    let seen = players_battle(battle);
    let seen = seen.as_ref();
    let open = open.filter(|o| o.units.iter().all(|id| visible(battle, *id)));
    let charge = open.filter(|o| o.kind == OpenKind::Charge);
    let focus = Focus { unit: charge.map(|o| o.units[0]), target: charge.map(|o| o.units[1]), general: None };
    PlayersView {
        lang: lang.code(),
        title: battle_title(battle, lang).to_owned(),
        turn: lang.fmt(T::TurnPhase, &[&battle.turn, &battle.phase.label(lang)]),
        phasing: battle.phasing.map(|s| lang.fmt(T::PvMovesFirst, &[&side_name(battle, s, lang)])),
        phasing_side: battle.phasing.map(side_index),
        engagement: open.map(|o| engagement_view(seen, o, lang)),
        last_result: last_result(battle, lang),
        campaign: campaign_view(battle, lang),
        sides: Side::ALL.iter().map(|s| roster(seen, *s, lang)).collect(),
        summary: match crate::report::summary::summary_table(seen, lang) {
            Block::Table { header, rows } => TableView { header, rows },
            Block::Title(_)
            | Block::Heading(_)
            | Block::Subheading(_)
            | Block::Para(_)
            | Block::Lines(_)
            | Block::LossChart { .. }
            | Block::Tally { .. }
            | Block::PageBreak
            | Block::Map(_)
            | Block::KeepTogether(_) => TableView::default(),
        },
        latest: latest(battle, lang),
        scene: with_moves(crate::report::map::scene(seen, lang, focus), battle),
        labels: labels(lang),
    }
}

/// The campaign's standing as the battle was made, in words.
fn campaign_view(battle: &Battle, lang: Lang) -> Option<CampaignView> {
    let link = battle.campaign.as_ref()?;
    let s = link.standing.as_ref()?;
    let mut lines = vec![lang.fmt(T::PvCampaignClosed, &[&s.battles])];
    for side in Side::ALL {
        let mine = s.sides.get(*side);
        let name = side_name(battle, *side, lang);
        lines.push(lang.fmt(T::PvCampaignSide, &[&name, &mine.figures, &mine.establishment, &mine.won]));
    }
    let drawn = s.battles.saturating_sub(s.sides.first.won).saturating_sub(s.sides.second.won);
    if drawn > 0 {
        lines.push(lang.fmt(T::PvCampaignDrawn, &[&drawn]));
    }
    if !s.generals_lost.is_empty() {
        let lost: Vec<String> = s
            .generals_lost
            .iter()
            .map(|g| {
                let name = shown(&g.name, g.name_ru.as_deref(), lang);
                lang.fmt(T::PvCampaignGeneral, &[&name, &side_name(battle, g.side, lang), &g.fate.label(lang)])
            })
            .collect();
        lines.push(lang.fmt(T::PvCampaignGenerals, &[&lost.join("; ")]));
    }
    Some(CampaignView { heading: lang.fmt(T::PvCampaignHeading, &[&s.name, &link.battle]), lines })
}

/// The scene with this turn's moves on the table view drawn as lines, from where each
/// unit stood when the turn began to where it stands (units the umpire hides left out).
fn with_moves(mut scene: Scene, battle: &Battle) -> Scene {
    if scene.width_cm <= 0.0 {
        return scene;
    }
    use crate::report::map::{Ink, Mark};
    let mut at: std::collections::HashMap<UnitId, crate::rules::geometry::Point> = Default::default();
    let mut moves: std::collections::BTreeMap<UnitId, (crate::rules::geometry::Point, crate::rules::geometry::Point)> =
        Default::default();
    for e in &battle.log {
        let Some((id, place)) = e.action.as_deref().and_then(placed_by) else { continue };
        let to = place.point();
        if e.turn == battle.turn
            && let Some(from) = at.get(&id)
        {
            moves.entry(id).and_modify(|m| m.1 = to).or_insert((*from, to));
        }
        at.insert(id, to);
    }
    for (id, (from, to)) in moves {
        if visible(battle, id) && battle.unit(id).is_some_and(|u| u.place.is_some()) {
            scene.marks.push(Mark::Line { from, to, ink: Ink::Ruler });
        }
    }
    scene
}

/// Where an action puts a unit on the table view: a move to a place, or a placing.
fn placed_by(action: &crate::model::Action) -> Option<(UnitId, crate::model::Placement)> {
    if let crate::model::Action::Move(m) = action {
        return m.place.map(|p| (m.unit, p));
    }
    if let crate::model::Action::PlaceUnit { unit, place: Some(p) } = action {
        return Some((*unit, *p));
    }
    None
}

fn side_index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

fn labels(lang: Lang) -> Labels {
    Labels {
        roster: lang.t(T::PvRoster),
        in_progress: lang.t(T::PvInProgress),
        nothing_in_progress: lang.t(T::PvNothingInProgress),
        odds: lang.t(T::PvOdds),
        last_result: lang.t(T::PvLastResult),
        table: lang.t(T::PvTable),
        no_table: lang.t(T::PvNoTable),
        latest: lang.t(T::PvLatest),
        summary: lang.t(T::RepSummary),
        out_of_play: lang.t(T::PvOutOfPlay),
        language: lang.t(T::PvLanguage),
        side_first: lang.t(T::PvSideFirst),
        reconnecting: lang.t(T::PvReconnecting),
        address_gone: lang.t(T::PvAddressGone),
        total: lang.t(T::PvTotal),
    }
}

/// Whether the players may see the unit.
fn visible(battle: &Battle, id: UnitId) -> bool {
    battle.unit(id).is_some_and(|u| !u.hidden)
}

/// The battle as the players may see it: without the hidden units and the generals
/// with them, and without its log (the view reads the log of the battle itself).
fn players_battle(battle: &Battle) -> std::borrow::Cow<'_, Battle> {
    if !battle.units.iter().any(|u| u.hidden) {
        return std::borrow::Cow::Borrowed(battle);
    }
    let shown_general = |g: &&crate::model::General| g.attached_to.is_none_or(|id| visible(battle, id));
    std::borrow::Cow::Owned(Battle {
        name: battle.name.clone(),
        name_ru: battle.name_ru.clone(),
        description: battle.description.clone(),
        description_ru: battle.description_ru.clone(),
        ruleset: battle.ruleset,
        options: battle.options.clone(),
        pack: battle.pack.clone(),
        campaign: battle.campaign.clone(),
        sides: battle.sides.clone(),
        brigades: battle.brigades.clone(),
        generals: battle.generals.iter().filter(shown_general).cloned().collect(),
        units: battle.units.iter().filter(|u| !u.hidden).cloned().collect(),
        turn: battle.turn,
        phase: battle.phase,
        rng: battle.rng.clone(),
        phasing: battle.phasing,
        initiative: battle.initiative.clone(),
        engagements: battle.engagements.clone(),
        table: battle.table.clone(),
        log: Vec::new(),
    })
}

fn roster(battle: &Battle, side: Side, lang: Lang) -> RosterView {
    let brigades = battle.brigades_of(side).map(|b| Some(b.id)).chain([None]);
    let listed: Vec<&Unit> = brigades.flat_map(|b| battle.units_of(side, b)).collect();
    let (in_play, out): (Vec<&Unit>, Vec<&Unit>) = listed.into_iter().partition(|u| u.order.in_play());
    let units = in_play.into_iter().chain(out).map(|u| unit_row(battle, u, lang)).collect();
    RosterView { name: side_name(battle, side, lang).to_owned(), side: side_index(side), units }
}

fn unit_row(battle: &Battle, u: &Unit, lang: Lang) -> UnitRow {
    let brigade = u.brigade.and_then(|b| battle.brigade(b)).map(|b| shown(&b.name, b.name_ru.as_deref(), lang));
    UnitRow {
        id: u.id.0,
        name: u.display_name(lang == Lang::Ru).to_owned(),
        brigade: brigade.unwrap_or_default().to_owned(),
        // Each part says what it is: a class and a formation may both be "Line" (issue 45).
        kind: crate::i18n::names::unit_type(lang, battle, u, true),
        order: u.order.label(lang).to_owned(),
        order_key: u.order.key(),
        formation: lang.fmt(T::PvFormationIs, &[&u.formation.label(lang)]),
        figures: u.figures,
        figures_start: u.figures_start,
        markers: u.markers.iter().map(|m| m.label(lang).to_owned()).collect(),
        in_play: u.order.in_play(),
    }
}

fn name_of(battle: &Battle, id: UnitId, lang: Lang) -> String {
    battle.unit(id).map(|u| u.display_name(lang == Lang::Ru).to_owned()).unwrap_or_default()
}

fn engagement_view(battle: &Battle, open: &OpenEngagement, lang: Lang) -> EngagementView {
    let [a, d] = open.units.map(|id| name_of(battle, id, lang));
    let key = match open.kind {
        OpenKind::Charge => T::PvCharge,
        OpenKind::Melee => T::PvMelee,
        OpenKind::Collision => T::PvCollision,
        OpenKind::BMelee => T::PvBMelee,
    };
    let mut state = vec![lang.fmt(T::PvStep, &[&open.step])];
    if open.declared {
        state.push(lang.t(T::PvDeclared).to_owned());
    }
    if let Some(cm) = open.distance_cm {
        state.push(lang.fmt(T::PvDistance, &[&cm]));
    }
    let (sides, odds) = open.melee.as_ref().map(|m| melee_breakdown(m, [&a, &d], lang)).unwrap_or_default();
    let dice = open.dice.map(|(x, y)| lang.fmt(T::PvDice, &[&pair(x), &pair(y)]));
    EngagementView { heading: lang.fmt(key, &[&a, &d]), state: state.join(" · "), sides, odds, dice }
}

fn pair(d: [u8; 2]) -> String {
    format!("{}+{}", d[0], d[1])
}

/// Both sides' modifiers (each with its clause) and the exact odds of every result.
fn melee_breakdown(input: &MeleeInput, names: [&str; 2], lang: Lang) -> (Vec<ModifiersView>, Vec<OddsView>) {
    let side = |role: Role, name: &str| {
        let mods = input.modifiers(role);
        let total: i32 = mods.iter().map(|m| m.value).sum();
        ModifiersView {
            name: name.to_owned(),
            modifiers: mods
                .iter()
                .map(|m| {
                    let clause = crate::i18n::names::modifier_clause(m).to_owned();
                    (clause, crate::i18n::names::modifier_label(lang, m), format!("{:+}", m.value))
                })
                .collect(),
            total: format!("{total:+}"),
        }
    };
    let sides = vec![side(Role::Attacker, names[0]), side(Role::Defender, names[1])];
    let mut odds = input.odds();
    odds.sort_by_key(|o| std::cmp::Reverse(o.ways));
    let odds = odds
        .iter()
        .map(|o| {
            // The winner by its name, as the wizard says it.
            let winner = o.winner.map(|w| match w {
                Role::Attacker => names[0],
                Role::Defender => names[1],
            });
            let outcome = o.outcome.label(lang);
            let result = winner
                .map_or_else(|| outcome.to_owned(), |w| crate::i18n::log_text::win_with_outcome(lang, w, outcome));
            // As the wizard shows them: two decimals, the language's decimal sign.
            OddsView { chance: format!("{}%", lang.decimal(o.p * 100.0, 2)), result }
        })
        .collect();
    (sides, odds)
}

/// Whether the players may read the entry: no umpire's note or mark, and no unit the
/// umpire hides now, among its units or those a phase's entry names beyond them.
fn entry_shown(battle: &Battle, e: &LogEntry) -> bool {
    let hidden = |id: &UnitId| battle.unit(*id).is_some_and(|u| u.hidden);
    let names_hidden = e
        .detail
        .phase_begun()
        .is_some_and(|b| b.expired.iter().any(hidden) || b.moved.iter().any(|(id, _)| hidden(id)));
    let umpires_or_names_hidden = e.detail.umpires_only() || names_hidden;
    !umpires_or_names_hidden && !e.units.iter().any(hidden)
}

/// The latest entries of play (the roster's edits left out, as the log shows them by
/// default), each under its turn and phase.
fn latest(battle: &Battle, lang: Lang) -> Vec<String> {
    let play = |e: &&LogEntry| !matches!(e.detail, LogDetail::Edit { .. });
    // Each line says what it is (issue 45): a phase's entry that it began, any other its
    // turn and what happened, which names its own kind ("Melee: …").
    let line = |e: &LogEntry| {
        let LogDetail::Phase { phase, expired, moved, .. } = &e.detail else {
            return lang.fmt(T::PvTurnEntry, &[&e.turn, &entry_summary(lang, battle, e)]);
        };
        let begins = lang.fmt(T::PvPhaseBegins, &[&e.turn, &phase.label(lang)]);
        if expired.is_empty() && moved.is_empty() {
            begins
        } else {
            format!("{begins}: {}", entry_summary(lang, battle, e))
        }
    };
    let mut out: Vec<String> = battle
        .log
        .iter()
        .rev()
        .filter(play)
        .filter(|e| entry_shown(battle, e))
        .take(LATEST_ENTRIES)
        .map(line)
        .collect();
    out.reverse();
    out
}

/// Whether an entry tells a result the players wait for.
fn is_result(e: &LogEntry) -> bool {
    e.detail.tells_result()
}

/// The latest result of this turn, its summary then its breakdown lines. Only the
/// turn's own entries are read: the cost is a turn's, not the evening's.
fn last_result(battle: &Battle, lang: Lang) -> Option<Vec<String>> {
    let entry = battle
        .log
        .iter()
        .rev()
        .take_while(|e| e.turn == battle.turn)
        .find(|e| is_result(e) && entry_shown(battle, e))?;
    let mut lines = vec![entry_summary(lang, battle, entry)];
    lines.extend(entry_lines(lang, battle, entry));
    Some(lines)
}
