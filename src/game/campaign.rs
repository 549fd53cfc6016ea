//! Campaigns through the game (issue 52): a campaign begun from a battle's order of
//! battle, a battle made from the campaign's lists, and a battle closed back into them,
//! everything derived from the battle's own records: each unit's losses from the undo
//! history's steps (each naming its log entry), its state from the battle as it ended,
//! the generals lost from their marks; nothing typed but the generals' fates and the rule
//! that decides the result.

use thiserror::Error;

use super::Game;
use crate::model::{
    Battle, Campaign, CampaignGeneral, CampaignLink, CampaignUnit, Fate, GeneralId, LedgerEvent, PackRef, ResultRule,
    Unit, UnitId, UnitState, battle_hash,
};
use crate::rules::{BySide, Marker, Order, Rank, Side};

/// Why a campaign refused a battle made or closed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CampaignError {
    /// No unit chosen, or all of one side: a battle needs both armies.
    #[error("a battle needs units of both sides")]
    BothSidesNeeded,
    /// A unit chosen that the lists do not have.
    #[error("unit {0} is not in the campaign")]
    NoSuchUnit(UnitId),
    /// A unit chosen that cannot fight (dispersed, destroyed, its guns lost).
    #[error("{name} cannot fight: {state:?}")]
    CannotFight {
        /// The unit's name.
        name: String,
        /// Its state.
        state: UnitState,
    },
    /// The battle belongs to another campaign.
    #[error("the battle belongs to campaign {0}")]
    OtherCampaign(String),
    /// The battle was not made from this campaign: the units it has that the lists have
    /// not, if any.
    #[error("the battle was not made from this campaign (units not in it: {})", .0.join(", "))]
    NotMadeHere(Vec<String>),
    /// Units added to the battle since it was made: they are not in the campaign.
    #[error("units not in the campaign: {}", .0.join(", "))]
    UnitsNotInCampaign(Vec<String>),
    /// The battle is closed already, as it is.
    #[error("battle {0} is closed already")]
    AlreadyClosed(u32),
    /// The battle was closed, and has changed since.
    #[error("battle {number} changed since it was closed (hash {closed}, now {now})")]
    ChangedSinceClosed {
        /// Its number.
        number: u32,
        /// Its hash as closed.
        closed: String,
        /// Its hash now.
        now: String,
    },
    /// Generals lost in the battle with no fate said.
    #[error("say the fate of each general lost: {}", .0.join(", "))]
    FatesNeeded(Vec<String>),
    /// A fate given for a general the battle did not lose.
    #[error("{0} was not lost in this battle")]
    NotLost(String),
    /// Two fates given for one general.
    #[error("{0}: one fate, said once")]
    FateTwice(String),
    /// The battle made would not be a valid battle (its name, say).
    #[error("{0}")]
    Invalid(crate::model::ModelError),
    /// A unit chosen that is in a battle made and not yet closed.
    #[error("{name} is in battle {number}, not closed yet")]
    InOpenBattle {
        /// The unit's name.
        name: String,
        /// The battle's number.
        number: u32,
    },
    /// The result by the ground held needs the side that held it.
    #[error("say which side held the ground")]
    HeldGroundNeeded,
}

/// A new campaign's lists from a battle's order of battle as it stood at its start:
/// every unit at its starting figures (its establishment too), ready, every general
/// serving, the battle's rules. With `made`, the battle itself is the campaign's first
/// battle (known by its journal's start), so that it can be closed into it.
pub fn campaign_from(game: &Game, id: &str, name: &str, from: &str, made: bool) -> Campaign {
    let battle = game.battle();
    let units = battle
        .units
        .iter()
        .map(|u| CampaignUnit {
            unit: Unit { figures: u.figures_start, order: Order::Formed, ..listed(u) },
            state: UnitState::Ready,
        })
        .collect();
    let generals = battle
        .generals
        .iter()
        .map(|g| {
            let general = crate::model::General { orders_used: 0, place: None, lost: false, ..g.clone() };
            CampaignGeneral { general, fate: None }
        })
        .collect();
    let mut campaign = Campaign {
        id: id.to_owned(),
        name: name.to_owned(),
        pack: battle.rules_pack(),
        sides: battle.sides.clone(),
        brigades: battle.brigades.clone(),
        generals,
        units,
        ledger: Vec::new(),
        undone: Vec::new(),
    };
    campaign.record(None, None, LedgerEvent::Started { from: from.to_owned() });
    if made {
        let start = game.journal_start();
        let units = battle.units.iter().map(|u| u.id).collect();
        let made = LedgerEvent::BattleMade { name: battle.name.clone(), units, start_hash: battle_hash(start) };
        campaign.record(Some(1), None, made);
    }
    campaign
}

/// A unit as the lists keep it: its figures at the start its establishment, nothing of
/// the table.
fn listed(u: &Unit) -> Unit {
    Unit { place: None, hidden: false, markers: Default::default(), ..u.clone() }
}

/// A battle of the chosen units, at their current strengths, with their brigades and
/// generals (the lost ones left out), under the campaign's rules, tied to the campaign by
/// its id and number. [`record_made`] records it in the campaign once it is a game.
pub fn battle_from(campaign: &Campaign, chosen: &[UnitId], name: &str) -> Result<Battle, CampaignError> {
    let mut units = Vec::new();
    let open = open_battles(campaign);
    for id in chosen {
        let listed = campaign.unit(*id).ok_or(CampaignError::NoSuchUnit(*id))?;
        if !listed.state.can_fight() || listed.unit.figures == 0 {
            let state = if listed.unit.figures == 0 { UnitState::Destroyed } else { listed.state };
            return Err(CampaignError::CannotFight { name: listed.unit.name.clone(), state });
        }
        // A unit fights one battle at a time: its losses are taken off what it has.
        if let Some((number, _)) = open.iter().find(|(_, units)| units.contains(id)) {
            return Err(CampaignError::InOpenBattle { name: listed.unit.name.clone(), number: *number });
        }
        // A unit that routed last time has rallied since; it fights at what it has left.
        units.push(Unit { figures_start: listed.unit.figures, order: Order::Formed, ..listed.unit.clone() });
    }
    let fights = |side: Side| units.iter().any(|u| u.side == side);
    if !(fights(Side::First) && fights(Side::Second)) {
        return Err(CampaignError::BothSidesNeeded);
    }
    let fights = |side: Side| chosen.iter().filter_map(|id| campaign.unit(*id)).any(|u| u.unit.side == side);
    units.sort_by_key(|u| u.id);
    units.dedup_by_key(|u| u.id);
    let brigades: Vec<_> =
        campaign.brigades.iter().filter(|b| units.iter().any(|u| u.brigade == Some(b.id))).cloned().collect();
    let generals = campaign
        .generals
        .iter()
        .filter(|g| g.fate.is_none() && !g.general.lost && fights(g.general.side))
        // The commanders-in-chief, the generals of the brigades that fight, and a general
        // of no brigade with the unit he is attached to.
        .filter(|g| {
            g.general.rank == Rank::CommanderInChief
                || g.general.brigade.is_some_and(|b| brigades.iter().any(|x| x.id == b))
                || (g.general.brigade.is_none() && g.general.attached_to.is_some_and(|u| chosen.contains(&u)))
        })
        .map(|g| {
            let attached = g.general.attached_to.filter(|u| chosen.contains(u));
            crate::model::General { attached_to: attached, ..g.general.clone() }
        })
        .collect();
    let number = campaign.next_battle();
    let battle = Battle {
        name: name.trim().to_owned(),
        ruleset: campaign.pack.ruleset,
        options: campaign.pack.options.clone(),
        // Named when the campaign plays a named pack (unnamed rules are the battle's own).
        pack: (!campaign.pack.id.name.is_empty()).then(|| PackRef::of(&campaign.pack)),
        sides: campaign.sides.clone(),
        brigades,
        generals,
        units,
        turn: 1,
        campaign: Some(CampaignLink { id: campaign.id.clone(), battle: number, standing: Some(campaign.standing()) }),
        ..Battle::default()
    };
    // The checks every battle file passes (a name too long, a control character in it).
    match battle.problems().into_iter().next() {
        Some(problem) => Err(CampaignError::Invalid(problem)),
        None => Ok(battle),
    }
}

/// The battles made and not closed yet, each with its units.
pub fn open_battles(campaign: &Campaign) -> Vec<(u32, Vec<UnitId>)> {
    let closed: std::collections::HashSet<u32> = campaign.closed().iter().map(|c| c.number).collect();
    campaign.made().iter().filter(|m| !closed.contains(&m.number)).map(|m| (m.number, m.units.to_vec())).collect()
}

/// What a unit came out of a battle with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitOutcome {
    /// The unit.
    pub unit: UnitId,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Figures as the battle began.
    pub start: u32,
    /// Figures as it ended.
    pub end: u32,
    /// Its losses, each with the log entry that took them (none for losses the records
    /// do not place).
    pub losses: Vec<(Option<u64>, u32)>,
    /// Its state as the battle ended.
    pub state: UnitState,
}

impl UnitOutcome {
    /// Figures lost in all.
    pub fn lost(&self) -> u32 {
        self.start.saturating_sub(self.end)
    }
}

/// A side's part of a battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideOutcome {
    /// Figures as the battle began.
    pub start: u32,
    /// Figures lost.
    pub lost: u32,
    /// Units that fought.
    pub units: u32,
    /// Units broken: routed, dispersed, destroyed, guns lost.
    pub broken: u32,
}

/// A battle as it would close into the campaign: shown and explained before anything
/// is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closing {
    /// The battle's number in the campaign.
    pub number: u32,
    /// Its name.
    pub name: String,
    /// Its Russian name, if it has one.
    pub name_ru: Option<String>,
    /// Its hash as it is now.
    pub hash: String,
    /// Each unit's outcome.
    pub units: Vec<UnitOutcome>,
    /// Each side's.
    pub sides: BySide<SideOutcome>,
    /// The generals lost, each with his name, whose fate the players say.
    pub lost_generals: Vec<(GeneralId, String)>,
    /// The rule the result is decided by, and the side that held the ground when it is
    /// that one.
    pub rule: ResultRule,
    /// The side that held the ground, as the players said.
    pub held: Option<Side>,
    /// The winner, none for a draw.
    pub winner: Option<Side>,
}

/// How `game`'s battle would close into `campaign` under `rule` (`held`: the side that
/// held the ground, for [`ResultRule::HeldGround`]): refused when the battle is not the
/// campaign's, is closed already or changed since it was, or has units the lists have
/// not.
pub fn closing(
    campaign: &Campaign,
    game: &Game,
    rule: ResultRule,
    held: Option<Side>,
) -> Result<Closing, CampaignError> {
    let battle = game.battle();
    let made = campaign.made();
    // Known by its journal's start as the campaign recorded it; failing that (a battle
    // renamed by hand since, which begins its journal again), by the campaign and number
    // it records, its units all among those sent into that battle.
    let start_hash = battle_hash(game.journal_start());
    let by_start = made.iter().find(|m| m.start_hash == start_hash);
    let by_link = || {
        let link = battle.campaign.as_ref()?;
        if link.id != campaign.id {
            return Some(Err(CampaignError::OtherCampaign(link.id.clone())));
        }
        let m = made.iter().find(|m| m.number == link.battle)?;
        let sent = battle.units.iter().all(|u| m.units.contains(&u.id));
        Some(if sent { Ok(m) } else { Err(CampaignError::UnitsNotInCampaign(strangers_of(m.units, battle))) })
    };
    let made = match by_start.map(Ok).or_else(by_link) {
        Some(found) => found?,
        None => return Err(CampaignError::NotMadeHere(strangers(campaign, game.journal_start()))),
    };
    let hash = battle_hash(battle);
    if let Some(closed) = campaign.closed().iter().find(|c| c.number == made.number) {
        return Err(if closed.hash == hash {
            CampaignError::AlreadyClosed(made.number)
        } else {
            CampaignError::ChangedSinceClosed { number: made.number, closed: closed.hash.to_owned(), now: hash }
        });
    }
    let added = strangers(campaign, battle);
    if !added.is_empty() {
        return Err(CampaignError::UnitsNotInCampaign(added));
    }
    let units = outcomes(game);
    let sides = BySide { first: side_outcome(&units, Side::First), second: side_outcome(&units, Side::Second) };
    let winner = match rule {
        ResultRule::HeldGround => Some(held.ok_or(CampaignError::HeldGroundNeeded)?),
        ResultRule::Losses => by_losses(&sides),
        ResultRule::UnitsBroken => by_broken(&sides),
    };
    let lost_generals = battle
        .generals
        .iter()
        .filter(|g| g.lost && campaign.general(g.id).is_some_and(|c| c.fate.is_none()))
        .map(|g| (g.id, g.name.clone()))
        .collect();
    Ok(Closing {
        number: made.number,
        name: battle.name.clone(),
        name_ru: battle.name_ru.clone(),
        hash,
        units,
        sides,
        lost_generals,
        rule,
        held: held.filter(|_| rule == ResultRule::HeldGround),
        winner,
    })
}

/// The names of the battle's units not among `sent`.
fn strangers_of(sent: &[UnitId], battle: &Battle) -> Vec<String> {
    battle.units.iter().filter(|u| !sent.contains(&u.id)).map(|u| u.name.clone()).collect()
}

/// The names of the battle's units the campaign's lists do not have (by id, name and
/// side).
fn strangers(campaign: &Campaign, battle: &Battle) -> Vec<String> {
    let known = |u: &Unit| campaign.unit(u.id).is_some_and(|c| c.unit.name == u.name && c.unit.side == u.side);
    battle.units.iter().filter(|u| !known(u)).map(|u| u.name.clone()).collect()
}

/// Each unit's outcome, as the battle's own report counts it: its losses are its
/// casualties (its starting figures less what it has), placed on the log entries that
/// took them (melee, fire, a charge's closing fire and overrun bases), the rest (figures
/// the players corrected by hand) unplaced; its state as the battle ended.
fn outcomes(game: &Game) -> Vec<UnitOutcome> {
    let battle = game.battle();
    let placed: Vec<(UnitId, u64, u32)> = battle
        .log
        .iter()
        .flat_map(|e| {
            e.detail
                .figures_lost()
                .into_iter()
                .filter(|(_, n)| *n > 0)
                .filter_map(move |(who, n)| Some((*e.units.get(who)?, e.seq, n)))
        })
        .collect();
    battle
        .units
        .iter()
        .map(|u| {
            let lost = u.casualties();
            let mut losses: Vec<(Option<u64>, u32)> = Vec::new();
            let mut left = lost;
            for (_, seq, n) in placed.iter().filter(|(id, _, _)| *id == u.id) {
                let taken = (*n).min(left);
                if taken > 0 {
                    losses.push((Some(*seq), taken));
                }
                left -= taken;
            }
            if left > 0 {
                losses.push((None, left));
            }
            UnitOutcome {
                unit: u.id,
                name: u.name.clone(),
                side: u.side,
                start: u.figures_start,
                end: u.figures,
                losses,
                state: state_of(u),
            }
        })
        .collect()
}

/// A unit's state as a battle leaves it.
fn state_of(u: &Unit) -> UnitState {
    if u.order == Order::Destroyed || u.figures == 0 {
        UnitState::Destroyed
    } else if u.order == Order::Dispersed {
        UnitState::Dispersed
    } else if u.markers.contains(&Marker::GunsAbandoned) {
        UnitState::GunsLost
    } else if u.order == Order::Routing {
        UnitState::Routed
    } else {
        UnitState::Ready
    }
}

fn side_outcome(units: &[UnitOutcome], side: Side) -> SideOutcome {
    units.iter().filter(|u| u.side == side).fold(SideOutcome::default(), |s, u| SideOutcome {
        start: s.start.saturating_add(u.start),
        lost: s.lost.saturating_add(u.lost()),
        units: s.units.saturating_add(1),
        broken: s.broken.saturating_add(u32::from(u.state != UnitState::Ready)),
    })
}

/// The side that lost the smaller share of its figures; a draw when the shares are equal.
fn by_losses(sides: &BySide<SideOutcome>) -> Option<Side> {
    let (a, b) = (sides.first, sides.second);
    let first_share = u64::from(a.lost) * u64::from(b.start.max(1));
    let second_share = u64::from(b.lost) * u64::from(a.start.max(1));
    match first_share.cmp(&second_share) {
        std::cmp::Ordering::Less => Some(Side::First),
        std::cmp::Ordering::Greater => Some(Side::Second),
        std::cmp::Ordering::Equal => None,
    }
}

/// The side with fewer units broken; a draw when as many.
fn by_broken(sides: &BySide<SideOutcome>) -> Option<Side> {
    match sides.first.broken.cmp(&sides.second.broken) {
        std::cmp::Ordering::Less => Some(Side::First),
        std::cmp::Ordering::Greater => Some(Side::Second),
        std::cmp::Ordering::Equal => None,
    }
}

/// Closes the battle into the campaign: its units' losses and states, the lost generals'
/// fates (each lost general's, and only theirs) and the result, into the lists and the
/// ledger, each line naming the battle and the log entry it came from. `file` names the
/// battle file closed.
pub fn close(
    campaign: &mut Campaign,
    closing: &Closing,
    fates: &[(GeneralId, Fate)],
    file: &str,
) -> Result<(), CampaignError> {
    let said = |id: GeneralId| fates.iter().find(|(g, _)| *g == id).map(|(_, f)| *f);
    let missing: Vec<String> =
        closing.lost_generals.iter().filter(|(id, _)| said(*id).is_none()).map(|(_, name)| name.clone()).collect();
    if !missing.is_empty() {
        return Err(CampaignError::FatesNeeded(missing));
    }
    let name_of = |id: GeneralId| campaign.general(id).map_or_else(|| id.to_string(), |g| g.general.name.clone());
    if let Some((id, _)) = fates.iter().find(|(id, _)| !closing.lost_generals.iter().any(|(g, _)| g == id)) {
        return Err(CampaignError::NotLost(name_of(*id)));
    }
    if let Some((id, _)) =
        fates.iter().enumerate().find_map(|(i, f)| fates[..i].iter().any(|g| g.0 == f.0).then_some(f))
    {
        return Err(CampaignError::FateTwice(name_of(*id)));
    }
    let number = Some(closing.number);
    step(campaign, |campaign| {
        for u in &closing.units {
            for (entry, figures) in &u.losses {
                campaign.record(number, *entry, LedgerEvent::Losses { unit: u.unit, figures: *figures });
            }
            if u.state != UnitState::Ready {
                campaign.record(number, None, LedgerEvent::UnitState { unit: u.unit, state: u.state });
            }
        }
        for (id, fate) in fates {
            campaign.record(number, None, LedgerEvent::GeneralLost { general: *id, fate: *fate });
        }
        let closed = LedgerEvent::BattleClosed {
            name: closing.name.clone(),
            file: file.to_owned(),
            hash: closing.hash.clone(),
            rule: closing.rule,
            winner: closing.winner,
        };
        campaign.record(number, None, closed);
    });
    Ok(())
}

/// A campaign step: the lines `write` appends, the lists made again from the ledger
/// (so that they are always what the ledger makes of them), the steps undone forgotten.
fn step(campaign: &mut Campaign, write: impl FnOnce(&mut Campaign)) {
    let start = campaign.start_lists();
    write(campaign);
    campaign.settle(start);
    campaign.undone.clear();
}

/// Records a battle made from the campaign, under its number, by its journal's start
/// (as its dice were seeded): how a closing will know it.
pub fn record_made(campaign: &mut Campaign, game: &Game) {
    let start = game.journal_start();
    let number = start.campaign.as_ref().map(|l| l.battle);
    let units = start.units.iter().map(|u| u.id).collect();
    let made = LedgerEvent::BattleMade { name: start.name.clone(), units, start_hash: battle_hash(start) };
    step(campaign, |campaign| campaign.record(number, None, made));
}

/// Why the wounded could not return, or the second day not begin (issue 53).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RecoveryError {
    /// The campaign's rules pack has no recovery table.
    #[error("the rules pack has no recovery table (options.recovery)")]
    NoTable,
    /// No battle is closed into the campaign yet.
    #[error("no battle is closed into the campaign yet")]
    NothingClosed,
    /// The battle named is not closed into the campaign.
    #[error("battle {0} is not closed into the campaign")]
    NotClosed(u32),
    /// The battle's wounded have returned already.
    #[error("battle {0}'s wounded have returned already")]
    Already(u32),
    /// A die per unit decides, and these units have none.
    #[error("a die for each unit with losses: {}", .0.join(", "))]
    DiceNeeded(Vec<String>),
    /// The battle's second day has begun already.
    #[error("battle {0}'s second day has begun already")]
    SecondDayAlready(u32),
    /// No unit that can fight again lost figures in the battle.
    #[error("no unit that fights on lost figures in battle {0}")]
    NothingToReturn(u32),
    /// The table has no row for how the battle ended (or for a face).
    #[error("the recovery table has no row for {0}")]
    NoRow(String),
}

/// One unit's recovery after a battle.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitRecovery {
    /// The unit.
    pub unit: UnitId,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its losses in the battle.
    pub losses: u32,
    /// How the battle ended for its side.
    pub end: crate::rules::options::BattleEnd,
    /// The exact odds of each number returning, when a die decides: (figures, p).
    pub odds: Vec<(u32, f64)>,
    /// Its die, when a die decides and it is given.
    pub die: Option<u8>,
    /// The figures that return, once known.
    pub returning: Option<u32>,
}

/// The recovery of a closed battle's units: shown (with the odds where a die decides)
/// before anything is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovery {
    /// The battle's number.
    pub battle: u32,
    /// What decides.
    pub by: crate::rules::options::RecoveryBy,
    /// Each unit with losses in it.
    pub units: Vec<UnitRecovery>,
}

/// How battle `number` (default: the last closed) would return its wounded under the
/// campaign's recovery table, with `dice` (a D6 a unit) where a die decides: each unit's
/// losses there, how its side's battle ended, the exact odds, and what returns.
pub fn recovery(
    campaign: &Campaign,
    number: Option<u32>,
    dice: &[(UnitId, crate::rules::dice::D6)],
) -> Result<Recovery, RecoveryError> {
    use crate::rules::options::{BattleEnd, RecoveryBy};
    let table = &campaign.pack.options.recovery;
    let by = table.by().ok_or(RecoveryError::NoTable)?;
    let closed = campaign.closed();
    let battle = match number {
        Some(n) => closed.iter().find(|c| c.number == n).ok_or(RecoveryError::NotClosed(n))?,
        None => closed.last().ok_or(RecoveryError::NothingClosed)?,
    };
    let already =
        campaign.counted().any(|e| e.battle == Some(battle.number) && matches!(e.event, LedgerEvent::Recovered { .. }));
    if already {
        return Err(RecoveryError::Already(battle.number));
    }
    let mut units = Vec::new();
    let lost = losses_in(campaign, battle.number);
    // Only units that can fight again take their wounded back (a dispersed or destroyed
    // unit, or a battery without its guns, stays out).
    for listed in campaign.units.iter().filter(|u| u.state.can_fight()) {
        let losses = lost.get(&listed.unit.id).copied().unwrap_or(0);
        if losses == 0 {
            continue;
        }
        let side = listed.unit.side;
        let end = match battle.winner {
            Some(w) if w == side => BattleEnd::Won,
            Some(_) => BattleEnd::Lost,
            None => BattleEnd::Drawn,
        };
        let die = dice.iter().find(|(u, _)| *u == listed.unit.id).map(|(_, d)| d.get());
        let (odds, returning) = match by {
            RecoveryBy::Die => (table.die_odds(losses), die.and_then(|d| table.returning(losses, end, Some(d)))),
            RecoveryBy::Result => {
                let back =
                    table.returning(losses, end, None).ok_or_else(|| RecoveryError::NoRow(end.key().to_owned()))?;
                (Vec::new(), Some(back))
            }
        };
        let returning = returning.or((by == RecoveryBy::Die && die.is_some()).then_some(0));
        // Never above its establishment.
        let room = listed.unit.figures_start.saturating_sub(listed.unit.figures);
        let returning = returning.map(|n| n.min(room));
        let name = listed.unit.name.clone();
        units.push(UnitRecovery { unit: listed.unit.id, name, side, losses, end, odds, die, returning });
    }
    if units.is_empty() {
        // Nothing to return is no step: said, not written.
        return Err(RecoveryError::NothingToReturn(battle.number));
    }
    Ok(Recovery { battle: battle.number, by, units })
}

/// Each unit's losses in a battle, as the ledger's counted lines have them: one pass.
fn losses_in(campaign: &Campaign, battle: u32) -> std::collections::HashMap<UnitId, u32> {
    let mut out: std::collections::HashMap<UnitId, u32> = std::collections::HashMap::new();
    for e in campaign.counted().filter(|e| e.battle == Some(battle)) {
        if let LedgerEvent::Losses { unit, figures } = e.event {
            let n = out.entry(unit).or_default();
            *n = n.saturating_add(figures);
        }
    }
    out
}

/// Returns the wounded as the recovery says (every unit's known: its die given where a
/// die decides), never above a unit's establishment, into the lists and the ledger.
pub fn recover(campaign: &mut Campaign, recovery: &Recovery) -> Result<(), RecoveryError> {
    let undecided: Vec<String> =
        recovery.units.iter().filter(|u| u.returning.is_none()).map(|u| u.name.clone()).collect();
    if !undecided.is_empty() {
        return Err(RecoveryError::DiceNeeded(undecided));
    }
    step(campaign, |campaign| {
        for u in &recovery.units {
            let back = campaign.unit(u.unit).map_or(0, |listed| {
                let room = listed.unit.figures_start.saturating_sub(listed.unit.figures);
                u.returning.unwrap_or(0).min(room)
            });
            let event = LedgerEvent::Recovered { unit: u.unit, figures: back, die: u.die };
            campaign.record(Some(recovery.battle), None, event);
        }
    });
    Ok(())
}

/// The second day of a battle: the units' order reset (routed units rally), their losses
/// kept; the next battle starts from these strengths.
pub fn second_day(campaign: &mut Campaign) -> Result<(), RecoveryError> {
    let last = campaign.closed().last().map(|c| c.number).ok_or(RecoveryError::NothingClosed)?;
    if campaign.counted().any(|e| e.battle == Some(last) && e.event == LedgerEvent::SecondDay) {
        return Err(RecoveryError::SecondDayAlready(last));
    }
    step(campaign, |campaign| campaign.record(Some(last), None, LedgerEvent::SecondDay));
    Ok(())
}

/// What a campaign step did, as Undo and Redo name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepDone {
    /// Battle `n` made.
    Made(u32),
    /// Battle `n` closed.
    Closed(u32),
    /// Battle `n`'s wounded returned.
    Recovered(u32),
    /// A second day after battle `n`.
    SecondDay(u32),
    /// Battle `n` taken back.
    TakenBack(u32),
}

impl StepDone {
    /// The battle the step was about.
    pub const fn battle(&self) -> u32 {
        match *self {
            StepDone::Made(n)
            | StepDone::Closed(n)
            | StepDone::Recovered(n)
            | StepDone::SecondDay(n)
            | StepDone::TakenBack(n) => n,
        }
    }
}

/// Why a campaign step could not be undone, redone or taken back (issue 53).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum StepError {
    /// Only the campaign's start is left.
    #[error("nothing to undo")]
    NothingToUndo,
    /// No step undone to put back.
    #[error("nothing to redo")]
    NothingToRedo,
    /// The battle is not closed into the campaign (never closed, or taken back).
    #[error("battle {0} is not closed")]
    NotClosed(u32),
    /// No battle is closed into the campaign.
    #[error("no battle is closed into the campaign yet")]
    NothingClosed,
}

/// What the step beginning at `lines[0]` did.
fn step_done(lines: &[crate::model::LedgerEntry]) -> Option<StepDone> {
    let last = lines.last()?;
    let n = last.battle.unwrap_or(0);
    Some(match last.event {
        LedgerEvent::BattleMade { .. } => StepDone::Made(n),
        LedgerEvent::BattleClosed { .. }
        | LedgerEvent::Losses { .. }
        | LedgerEvent::UnitState { .. }
        | LedgerEvent::GeneralLost { .. } => StepDone::Closed(n),
        LedgerEvent::Recovered { .. } => StepDone::Recovered(n),
        LedgerEvent::SecondDay => StepDone::SecondDay(n),
        LedgerEvent::TakenBack => StepDone::TakenBack(n),
        LedgerEvent::Started { .. } => return None,
    })
}

/// The step Undo would take back, if any.
pub fn undoable(campaign: &Campaign) -> Option<StepDone> {
    step_done(&campaign.ledger[campaign.last_step()?..])
}

/// The step Redo would put back, if any.
pub fn redoable(campaign: &Campaign) -> Option<StepDone> {
    step_done(campaign.undone.last()?)
}

/// Undoes the campaign's last step, on its own (no battle's undo is touched): its lines
/// leave the ledger for the Redo list and the lists are made again without them. A
/// battle made stays on disk; the campaign no longer knows it until Redo.
pub fn undo(campaign: &mut Campaign) -> Result<StepDone, StepError> {
    let from = campaign.last_step().ok_or(StepError::NothingToUndo)?;
    let start = campaign.start_lists();
    let lines = campaign.ledger.split_off(from);
    let done = step_done(&lines).ok_or(StepError::NothingToUndo)?;
    campaign.settle(start);
    campaign.undone.push(lines);
    Ok(done)
}

/// Puts the last step undone back, numbered as it was.
pub fn redo(campaign: &mut Campaign) -> Result<StepDone, StepError> {
    let lines = campaign.undone.pop().ok_or(StepError::NothingToRedo)?;
    let done = step_done(&lines).ok_or(StepError::NothingToRedo)?;
    let start = campaign.start_lists();
    for line in lines {
        campaign.record(line.battle, line.entry, line.event);
    }
    campaign.settle(start);
    Ok(done)
}

/// A campaign step asked for on its own: Undo, Redo, or a closed battle taken back (by
/// its number; none: the last closed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepAsk {
    /// Undo the last step.
    Undo,
    /// Redo the last step undone.
    Redo,
    /// Take a closed battle back.
    TakeBack(Option<u32>),
}

/// Does what `ask` says: the step undone, redone or the battle taken back.
pub fn perform_step(campaign: &mut Campaign, ask: StepAsk) -> Result<StepDone, StepError> {
    match ask {
        StepAsk::Undo => undo(campaign),
        StepAsk::Redo => redo(campaign),
        StepAsk::TakeBack(n) => take_back(campaign, n).map(StepDone::TakenBack),
    }
}

/// Takes a closed battle back to be corrected (default: the last closed): a "taken back"
/// line; its closing's lines and the wounded returned after it stay in the ledger and no
/// longer count, so that the battle, corrected, can be closed again.
pub fn take_back(campaign: &mut Campaign, number: Option<u32>) -> Result<u32, StepError> {
    let closed = campaign.closed();
    let n = match number {
        Some(n) => closed.iter().find(|c| c.number == n).map(|c| c.number).ok_or(StepError::NotClosed(n))?,
        None => closed.last().map(|c| c.number).ok_or(StepError::NothingClosed)?,
    };
    step(campaign, |campaign| campaign.record(Some(n), None, LedgerEvent::TakenBack));
    Ok(n)
}
