//! A campaign (issue 52): the armies' lists that last from battle to battle (units and
//! generals with identities that outlive any one battle, their establishment and current
//! strength, their state), the rules pack it is played under, and its ledger: an
//! append-only list of what happened, each line naming the battle (and the battle's log
//! entry) that made it. Battles are made from the lists and closed back into them; the
//! lists are what the ledger has made of them.

use serde::{Deserialize, Serialize};

use super::{Battle, Brigade, BrigadeId, General, GeneralId, RulesPack, SideInfo, Unit, UnitId};
use crate::rules::{BySide, Side};

/// A unit's state as its last battle left it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitState {
    /// Fit to fight (formed, disordered or wavering at the end: it rallies between battles).
    #[default]
    Ready,
    /// It ended the battle routing.
    Routed,
    /// Dispersed (GDB-RES-15): out of the campaign until the players bring it back.
    Dispersed,
    /// Destroyed: out of the campaign.
    Destroyed,
    /// Artillery whose guns were abandoned (B-FLE-01, its crew fled): no guns, no battery.
    GunsLost,
}

impl UnitState {
    /// Every state, in order.
    pub const ALL: [UnitState; 5] =
        [UnitState::Ready, UnitState::Routed, UnitState::Dispersed, UnitState::Destroyed, UnitState::GunsLost];

    /// Whether a unit in this state can be sent into a battle.
    pub const fn can_fight(self) -> bool {
        matches!(self, UnitState::Ready | UnitState::Routed)
    }
}

/// What became of a general lost in a battle, as the players say at its closing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Killed.
    Killed,
    /// Taken prisoner.
    Captured,
    /// Wounded: out until the players bring him back.
    Wounded,
}

impl Fate {
    /// Every fate, in order.
    pub const ALL: [Fate; 3] = [Fate::Killed, Fate::Captured, Fate::Wounded];

    /// The stable name used in files and on the command line.
    pub const fn key(self) -> &'static str {
        match self {
            Fate::Killed => "killed",
            Fate::Captured => "captured",
            Fate::Wounded => "wounded",
        }
    }
}

/// How the players decide who won a battle closed into the campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultRule {
    /// The side that held the ground, as the players say.
    HeldGround,
    /// The side that lost the smaller share of its figures.
    Losses,
    /// The side with fewer units broken (routed, dispersed, destroyed, guns lost).
    UnitsBroken,
}

impl ResultRule {
    /// Every rule, in order.
    pub const ALL: [ResultRule; 3] = [ResultRule::Losses, ResultRule::UnitsBroken, ResultRule::HeldGround];

    /// The stable name used in files and on the command line.
    pub const fn key(self) -> &'static str {
        match self {
            ResultRule::HeldGround => "held_ground",
            ResultRule::Losses => "losses",
            ResultRule::UnitsBroken => "units_broken",
        }
    }
}

/// A battle's tie to its campaign (battle file version 11): the campaign's id and the
/// battle's number in it, and (version 12) the campaign's standing as the battle was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignLink {
    /// The campaign's id.
    pub id: String,
    /// The battle's number in the campaign, from 1.
    pub battle: u32,
    /// The campaign's standing as the battle was made (issue 53): what the players' view
    /// shows beside the battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standing: Option<Standing>,
}

/// A campaign's standing: its name, the battles closed, each side's strength and
/// battles won, the generals lost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// The campaign's name.
    pub name: String,
    /// Battles closed into it.
    pub battles: u32,
    /// Each side's.
    pub sides: BySide<SideStanding>,
    /// The generals lost, in the lists' order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub generals_lost: Vec<LostGeneral>,
}

/// A side's part of a campaign's standing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideStanding {
    /// Figures now.
    pub figures: u32,
    /// Figures at establishment.
    pub establishment: u32,
    /// Battles won.
    pub won: u32,
}

/// A general a campaign has lost, and his fate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LostGeneral {
    /// His name.
    pub name: String,
    /// His Russian name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ru: Option<String>,
    /// His side.
    pub side: Side,
    /// His fate.
    pub fate: Fate,
}

/// A unit of the campaign's lists: the unit (its id lasting across battles;
/// `figures_start` its establishment, `figures` its current strength) and its state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignUnit {
    /// The unit.
    pub unit: Unit,
    /// Its state as its last battle left it.
    #[serde(default)]
    pub state: UnitState,
}

/// A general of the campaign's lists, and his fate once lost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignGeneral {
    /// The general.
    pub general: General,
    /// What became of him, once lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fate: Option<Fate>,
}

/// One line of the ledger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerEntry {
    /// Its number, from 1.
    pub seq: u32,
    /// The battle that made it, by its number; none for the campaign's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<u32>,
    /// The battle's log entry it came from, where one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<u64>,
    /// What happened.
    pub event: LedgerEvent,
}

/// What a ledger line records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum LedgerEvent {
    /// The campaign began, from an order of battle or a battle file.
    Started {
        /// The file it began from, as named.
        from: String,
    },
    /// A battle was made from the lists.
    BattleMade {
        /// The battle's name.
        name: String,
        /// The units sent into it.
        units: Vec<UnitId>,
        /// The hash of the battle as made (its journal's start): how a closing knows it.
        start_hash: String,
    },
    /// Figures a unit lost in a battle.
    Losses {
        /// The unit.
        unit: UnitId,
        /// Figures lost.
        figures: u32,
    },
    /// The state a battle left a unit in, where it is not ready.
    UnitState {
        /// The unit.
        unit: UnitId,
        /// Its state.
        state: UnitState,
    },
    /// A general lost in a battle, and his fate as the players said.
    GeneralLost {
        /// The general.
        general: GeneralId,
        /// His fate.
        fate: Fate,
    },
    /// Wounded and stragglers returned to a unit after a battle (issue 53), by the club's
    /// recovery table: by the battle's result, or by the unit's die.
    Recovered {
        /// The unit.
        unit: UnitId,
        /// Figures returned.
        figures: u32,
        /// Its die, when a die decided.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        die: Option<u8>,
    },
    /// The second day of a battle (issue 53): the units' order reset (routed units rally),
    /// their losses kept.
    SecondDay,
    /// A closed battle taken back to be corrected (issue 53): its closing's lines (losses,
    /// states, generals lost, the result) and the wounded returned after it stay in the
    /// ledger but no longer count; closing it again records the corrected lines.
    TakenBack,
    /// A battle closed into the campaign.
    BattleClosed {
        /// The battle's name.
        name: String,
        /// The battle file closed, as named.
        file: String,
        /// The hash of the battle as closed: a later change to it shows.
        hash: String,
        /// The rule the result was decided by.
        rule: ResultRule,
        /// The winner, none for a draw.
        winner: Option<Side>,
    },
}

/// A campaign: its lists, its rules and its ledger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaign {
    /// Its id, recorded by every battle made from it.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The rules it is played under.
    pub pack: RulesPack,
    /// The two armies.
    pub sides: BySide<SideInfo>,
    /// Their brigades.
    #[serde(default)]
    pub brigades: Vec<Brigade>,
    /// Their generals.
    #[serde(default)]
    pub generals: Vec<CampaignGeneral>,
    /// Their units.
    #[serde(default)]
    pub units: Vec<CampaignUnit>,
    /// What happened, in order.
    #[serde(default)]
    pub ledger: Vec<LedgerEntry>,
    /// The steps undone, the latest undone last: what Redo puts back (campaign version
    /// 2). A new step forgets them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undone: Vec<Vec<LedgerEntry>>,
}

/// The lists a ledger starts from: each unit at its establishment less nothing, every
/// unit ready and every general serving; what [`Campaign::settle`] folds the ledger over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lists {
    units: Vec<CampaignUnit>,
    generals: Vec<CampaignGeneral>,
}

/// A battle the campaign made, as its ledger says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MadeBattle<'a> {
    /// Its number.
    pub number: u32,
    /// Its name.
    pub name: &'a str,
    /// The units sent into it.
    pub units: &'a [UnitId],
    /// The hash of the battle as made.
    pub start_hash: &'a str,
}

/// A battle closed into the campaign, as its ledger says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosedBattle<'a> {
    /// Its number.
    pub number: u32,
    /// Its name.
    pub name: &'a str,
    /// The file closed, as named.
    pub file: &'a str,
    /// The hash of the battle as closed.
    pub hash: &'a str,
    /// The rule of its result.
    pub rule: ResultRule,
    /// The winner.
    pub winner: Option<Side>,
}

impl Campaign {
    /// A unit of the lists.
    pub fn unit(&self, id: UnitId) -> Option<&CampaignUnit> {
        // The lists' ids increase (every reading checks it), so that a long ledger's lines
        // each find their unit without a walk through the lists.
        match self.units.binary_search_by_key(&id, |u| u.unit.id) {
            Ok(i) => self.units.get(i),
            Err(_) => self.units.iter().find(|u| u.unit.id == id),
        }
    }

    /// A general of the lists.
    pub fn general(&self, id: GeneralId) -> Option<&CampaignGeneral> {
        match self.generals.binary_search_by_key(&id, |g| g.general.id) {
            Ok(i) => self.generals.get(i),
            Err(_) => self.generals.iter().find(|g| g.general.id == id),
        }
    }

    /// A brigade of the lists.
    pub fn brigade(&self, id: BrigadeId) -> Option<&Brigade> {
        self.brigades.iter().find(|b| b.id == id)
    }

    /// The battles made from it, in order.
    pub fn made(&self) -> Vec<MadeBattle<'_>> {
        self.ledger
            .iter()
            .filter_map(|e| {
                let (LedgerEvent::BattleMade { name, units, start_hash }, Some(number)) = (&e.event, e.battle) else {
                    return None;
                };
                Some(MadeBattle { number, name, units, start_hash })
            })
            .collect()
    }

    /// The battles closed into it and not taken back, in order.
    pub fn closed(&self) -> Vec<ClosedBattle<'_>> {
        self.counted()
            .filter_map(|e| {
                let (LedgerEvent::BattleClosed { name, file, hash, rule, winner }, Some(number)) = (&e.event, e.battle)
                else {
                    return None;
                };
                Some(ClosedBattle { number, name, file, hash, rule: *rule, winner: *winner })
            })
            .collect()
    }

    /// Whether battle `number` was ever taken back to be corrected.
    pub fn taken_back(&self, number: u32) -> bool {
        self.ledger.iter().any(|e| e.battle == Some(number) && e.event == LedgerEvent::TakenBack)
    }

    /// The number the next battle made gets.
    pub fn next_battle(&self) -> u32 {
        // A number made and undone is not given again while Redo could bring it back: the
        // file of the battle undone stays on disk and must not close into another battle.
        let undone = self.undone.iter().flatten().filter_map(|e| e.battle);
        self.made().iter().map(|b| b.number).chain(undone).max().unwrap_or(0).saturating_add(1)
    }

    /// Appends a ledger line, numbered.
    pub fn record(&mut self, battle: Option<u32>, entry: Option<u64>, event: LedgerEvent) {
        let seq = u32::try_from(self.ledger.len()).unwrap_or(u32::MAX).saturating_add(1);
        self.ledger.push(LedgerEntry { seq, battle, entry, event });
    }

    /// For each ledger line, whether a later take-back voided it: a battle's closing
    /// lines (losses, states, generals lost, the closing itself), the wounded returned and
    /// the second day after it, each as they stood when the battle was taken back.
    pub fn voided(&self) -> Vec<bool> {
        // From the end: a line is voided when a take-back of its battle comes after it.
        let mut void = vec![false; self.ledger.len()];
        let mut taken_later: std::collections::HashSet<u32> = std::collections::HashSet::new();
        for (i, line) in self.ledger.iter().enumerate().rev() {
            let Some(n) = line.battle else { continue };
            if line.event == LedgerEvent::TakenBack {
                taken_later.insert(n);
            } else if line.event.undone_by_take_back() && taken_later.contains(&n) {
                void[i] = true;
            }
        }
        void
    }

    /// The ledger's lines that count: those no take-back voided.
    pub fn counted(&self) -> impl Iterator<Item = &LedgerEntry> {
        let void = self.voided();
        self.ledger.iter().zip(void).filter(|(_, v)| !*v).map(|(e, _)| e)
    }

    /// Where the last step begins in the ledger (a step: the start, a battle made, a
    /// battle closed with its lines, the wounded of one battle returned, a second day, a
    /// take-back); none when only the start is left.
    pub fn last_step(&self) -> Option<usize> {
        let last = self.ledger.last()?;
        let start = match &last.event {
            LedgerEvent::Started { .. } => return None,
            LedgerEvent::BattleMade { .. } | LedgerEvent::SecondDay | LedgerEvent::TakenBack => self.ledger.len() - 1,
            // A closing's lines come right before it; a recovery's lines run together.
            LedgerEvent::BattleClosed { .. } => self.run_back(|e| e.event.closing_line() && e.battle == last.battle),
            LedgerEvent::Recovered { .. } => {
                self.run_back(|e| matches!(e.event, LedgerEvent::Recovered { .. }) && e.battle == last.battle)
            }
            // A closing's lines are never last on their own; taken as their closing would be.
            LedgerEvent::Losses { .. } | LedgerEvent::UnitState { .. } | LedgerEvent::GeneralLost { .. } => {
                self.run_back(|e| e.event.closing_line() && e.battle == last.battle)
            }
        };
        Some(start)
    }

    /// The first line of the run at the ledger's end whose lines (the last one aside) all
    /// answer `part`.
    fn run_back(&self, part: impl Fn(&LedgerEntry) -> bool) -> usize {
        let before_last = &self.ledger[..self.ledger.len().saturating_sub(1)];
        let run = before_last.iter().rev().take_while(|e| part(e)).count();
        before_last.len() - run
    }

    /// The lists as the ledger started them: every unit at its establishment and ready,
    /// every general serving.
    pub fn start_lists(&self) -> Lists {
        // A campaign starts every unit at its establishment (`figures_start`), ready.
        let units = self
            .units
            .iter()
            .map(|u| CampaignUnit {
                unit: Unit { figures: u.unit.figures_start, ..u.unit.clone() },
                state: UnitState::Ready,
            })
            .collect();
        let generals = self
            .generals
            .iter()
            .map(|g| CampaignGeneral { general: General { lost: false, ..g.general.clone() }, fate: None })
            .collect();
        Lists { units, generals }
    }

    /// The lists made again from `start` by the ledger's counted lines: each loss and
    /// return, each state a closing gave (a unit of a closed battle with none said is
    /// ready), each general's fate, each second day's rally. One pass: a battle has one
    /// counted closing at most, and a second day's rally is applied at the end to the units
    /// routed before it.
    pub fn settle(&mut self, start: Lists) {
        let Lists { mut units, mut generals } = start;
        let made: std::collections::HashMap<u32, &[UnitId]> =
            self.made().into_iter().map(|m| (m.number, m.units)).collect();
        // Figures folded wide, clamped once at the end: a battle corrected after a later
        // one closed may take a unit below none on the way.
        let mut figures: std::collections::HashMap<UnitId, i64> =
            units.iter().map(|u| (u.unit.id, i64::from(u.unit.figures))).collect();
        let mut stated: std::collections::HashSet<(u32, UnitId)> = std::collections::HashSet::new();
        // Per unit: where its state was last set and by which battle (a battle closed
        // again after a later one does not undo what the later one left).
        let mut set: std::collections::HashMap<UnitId, (usize, u32)> = std::collections::HashMap::new();
        let mut last_rally: Option<usize> = None;
        for (at, line) in self.counted().enumerate() {
            let n = line.battle.unwrap_or(0);
            let mut state = |units: &mut [CampaignUnit], id: UnitId, to: UnitState| {
                if set.get(&id).is_some_and(|(_, by)| *by > n) {
                    return;
                }
                if let Some(u) = find_unit(units, id) {
                    u.state = to;
                    set.insert(id, (at, n));
                }
            };
            match &line.event {
                LedgerEvent::Losses { unit, figures: lost } => {
                    if let Some(f) = figures.get_mut(unit) {
                        *f -= i64::from(*lost);
                    }
                }
                LedgerEvent::Recovered { unit, figures: back, .. } => {
                    let cap = self.unit(*unit).map_or(0, |u| i64::from(u.unit.figures_start));
                    if let Some(f) = figures.get_mut(unit) {
                        *f = (*f + i64::from(*back)).min(cap.max(*f));
                    }
                }
                LedgerEvent::UnitState { unit, state: to } => {
                    stated.insert((n, *unit));
                    state(&mut units, *unit, *to);
                }
                LedgerEvent::GeneralLost { general, fate } => {
                    let found = generals.binary_search_by_key(general, |g| g.general.id).ok();
                    if let Some(g) = found.and_then(|i| generals.get_mut(i)) {
                        g.fate = Some(*fate);
                        g.general.lost = true;
                    }
                }
                LedgerEvent::BattleClosed { .. } => {
                    // Its units with no state said came out of it ready (a routed unit
                    // sent into it rallied first).
                    let sent = made.get(&n).copied().unwrap_or_default();
                    for id in sent.iter().filter(|id| !stated.contains(&(n, **id))) {
                        state(&mut units, *id, UnitState::Ready);
                    }
                }
                LedgerEvent::SecondDay => last_rally = Some(at),
                LedgerEvent::Started { .. } | LedgerEvent::BattleMade { .. } | LedgerEvent::TakenBack => {}
            }
        }
        for u in &mut units {
            let f = figures.get(&u.unit.id).copied().unwrap_or(0);
            u.unit.figures = u32::try_from(f.clamp(0, i64::from(u32::MAX))).unwrap_or(0);
        }
        if let Some(rally) = last_rally {
            let routed_before = |u: &CampaignUnit| set.get(&u.unit.id).is_none_or(|(at, _)| *at < rally);
            for u in units.iter_mut().filter(|u| u.state == UnitState::Routed && routed_before(u)) {
                u.state = UnitState::Ready;
            }
        }
        self.units = units;
        self.generals = generals;
    }

    /// The campaign's standing now: battles closed, each side's strength and wins, the
    /// generals lost.
    pub fn standing(&self) -> Standing {
        let closed = self.closed();
        let side = |side: Side| {
            let (establishment, figures) = self.strength(side);
            let won = closed.iter().filter(|c| c.winner == Some(side)).count();
            SideStanding { figures, establishment, won: u32::try_from(won).unwrap_or(u32::MAX) }
        };
        let generals_lost = self
            .generals
            .iter()
            .filter_map(|g| {
                let fate = g.fate?;
                let (name, name_ru) = (g.general.name.clone(), g.general.name_ru.clone());
                Some(LostGeneral { name, name_ru, side: g.general.side, fate })
            })
            .collect();
        Standing {
            name: self.name.clone(),
            battles: u32::try_from(closed.len()).unwrap_or(u32::MAX),
            sides: BySide { first: side(Side::First), second: side(Side::Second) },
            generals_lost,
        }
    }

    /// The side's figures: its establishment and its current strength.
    pub fn strength(&self, side: Side) -> (u32, u32) {
        self.units
            .iter()
            .filter(|u| u.unit.side == side)
            .fold((0, 0), |(e, c), u| (e.saturating_add(u.unit.figures_start), c.saturating_add(u.unit.figures)))
    }
}

/// A unit of lists whose ids increase, found by its id.
fn find_unit(units: &mut [CampaignUnit], id: UnitId) -> Option<&mut CampaignUnit> {
    let i = units.binary_search_by_key(&id, |u| u.unit.id).ok()?;
    units.get_mut(i)
}

impl LedgerEvent {
    /// Whether a take-back of its battle voids it: a closing's lines, and what followed
    /// from them (the wounded returned, a second day).
    pub const fn undone_by_take_back(&self) -> bool {
        match self {
            LedgerEvent::Losses { .. }
            | LedgerEvent::UnitState { .. }
            | LedgerEvent::GeneralLost { .. }
            | LedgerEvent::Recovered { .. }
            | LedgerEvent::SecondDay
            | LedgerEvent::BattleClosed { .. } => true,
            LedgerEvent::Started { .. } | LedgerEvent::BattleMade { .. } | LedgerEvent::TakenBack => false,
        }
    }

    /// The figures it moves: the unit, figures lost, figures returned.
    pub const fn figures_moved(&self) -> Option<(UnitId, u32, u32)> {
        match *self {
            LedgerEvent::Losses { unit, figures } => Some((unit, figures, 0)),
            LedgerEvent::Recovered { unit, figures, .. } => Some((unit, 0, figures)),
            LedgerEvent::Started { .. }
            | LedgerEvent::BattleMade { .. }
            | LedgerEvent::UnitState { .. }
            | LedgerEvent::GeneralLost { .. }
            | LedgerEvent::SecondDay
            | LedgerEvent::TakenBack
            | LedgerEvent::BattleClosed { .. } => None,
        }
    }

    /// Whether it is one of the lines a closing writes before its own.
    const fn closing_line(&self) -> bool {
        matches!(self, LedgerEvent::Losses { .. } | LedgerEvent::UnitState { .. } | LedgerEvent::GeneralLost { .. })
    }
}

/// The content hash of a battle (FNV-1a over its JSON, 16 hexadecimal digits): the same
/// battle, the same hash, in every process and version.
pub fn battle_hash(battle: &Battle) -> String {
    let mut h = super::Fnv1a::default();
    // An in-memory writer never fails; a battle is plain data that always serializes.
    let _ = serde_json::to_writer(&mut h, battle);
    format!("{:016x}", h.0)
}
