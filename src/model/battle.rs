//! The battle: sides, brigades, generals, units, turn and phase, options.

use serde::{Deserialize, Serialize};

use super::{BrigadeId, Engagement, GeneralId, LogEntry, TurnState, Unit, UnitId};
use crate::rules::gdb::initiative::InitiativeResult;
use crate::rules::{BOptions, BySide, GdbOptions, Nation, Phase, Quality, Rank, Ruleset, Side};

/// One army.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideInfo {
    /// Name of the army.
    pub name: String,
    /// Russian name of the army.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ru: Option<String>,
    /// The nation new units of this side get.
    #[serde(default)]
    pub nation: Nation,
}

/// A brigade of one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Brigade {
    /// Stable id.
    pub id: BrigadeId,
    /// Name.
    pub name: String,
    /// Russian name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ru: Option<String>,
    /// The side it fights for.
    pub side: Side,
}

/// A general: commander-in-chief, brigade general or regimental commander.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct General {
    /// Stable id.
    pub id: GeneralId,
    /// Name.
    pub name: String,
    /// Russian name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ru: Option<String>,
    /// The side he commands for.
    pub side: Side,
    /// Rank.
    pub rank: Rank,
    /// Quality: inept generals may not lead a charge (GDB-MOD-FN4).
    #[serde(default)]
    pub quality: Quality,
    /// The brigade he commands (brigade generals and regimental commanders).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brigade: Option<BrigadeId>,
    /// The unit he is with, if attached to one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached_to: Option<UnitId>,
    /// Killed, captured or otherwise out of the battle (a lost C-in-C costs −1 initiative).
    #[serde(default)]
    pub lost: bool,
    /// Opportunity-charge orders given this turn (GDB-OPP-05, reset every turn).
    #[serde(default)]
    pub orders_used: u32,
    /// Where he stands on the table view, if placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<super::Placement>,
}

/// The battle's seeded dice generator state: a saved game replays identically.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RngState {
    /// The seed.
    pub seed: u64,
    /// How many dice have been rolled from it.
    pub rolls: u64,
}

/// The options of both rulesets; only the battle's own ruleset's are read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RulesOptions {
    /// General de Brigade.
    pub gdb: GdbOptions,
    /// Ruleset B.
    pub ruleset_b: BOptions,
    /// The players' basing table, for the footprints on the table view (the seeds give
    /// no basing); empty until filled.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub basing: Vec<crate::rules::options::BasingRow>,
    /// The club's recovery table for campaigns (issue 53); empty until filled.
    #[serde(skip_serializing_if = "crate::rules::options::RecoveryTable::is_empty")]
    pub recovery: crate::rules::options::RecoveryTable,
}

impl RulesOptions {
    /// Whether the players have filled none of their tables (rates, durations, tests,
    /// casualties, firing, Emergency Limber, Ruleset B's zones and attack distances,
    /// basing): the seeds give no numbers, so these are all the players'.
    pub fn tables_empty(&self) -> bool {
        // The default options fill no table: taking their tables changes nothing.
        self.with_tables_of(&RulesOptions::default()) == *self
    }

    /// These options with the players' tables of `club` (every other setting kept).
    pub fn with_tables_of(&self, club: &RulesOptions) -> RulesOptions {
        let mut out = self.clone();
        let (g, c) = (&mut out.gdb, &club.gdb);
        g.distances = c.distances.clone();
        g.durations = c.durations.clone();
        g.tests = c.tests.clone();
        g.casualties = c.casualties.clone();
        g.firing = c.firing.clone();
        g.emergency_limber = c.emergency_limber.clone();
        out.ruleset_b.zone_widths_cm = club.ruleset_b.zone_widths_cm.clone();
        out.ruleset_b.attack_distances = club.ruleset_b.attack_distances.clone();
        out.basing = club.basing.clone();
        out
    }
}

/// A whole battle, in play or as a scenario.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// Title.
    pub name: String,
    /// Russian title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ru: Option<String>,
    /// A line about the action.
    #[serde(default)]
    pub description: String,
    /// Russian description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_ru: Option<String>,
    /// The ruleset it is played under.
    #[serde(default)]
    pub ruleset: Ruleset,
    /// Ruleset options.
    #[serde(default)]
    pub options: RulesOptions,
    /// The club's rules pack the battle took its options from, if any (issue 50); none:
    /// options typed in the battle, or kept from before packs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack: Option<super::PackRef>,
    /// The campaign it was made from, and its number there (issue 52; file version 11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign: Option<super::CampaignLink>,
    /// The two armies.
    pub sides: BySide<SideInfo>,
    /// Brigades, sorted by id.
    #[serde(default)]
    pub brigades: Vec<Brigade>,
    /// Generals, sorted by id.
    #[serde(default)]
    pub generals: Vec<General>,
    /// Units, sorted by id.
    #[serde(default)]
    pub units: Vec<Unit>,
    /// Turn number, from 1.
    #[serde(default = "first_turn")]
    pub turn: u32,
    /// Current phase.
    #[serde(default)]
    pub phase: Phase,
    /// Dice generator state.
    #[serde(default)]
    pub rng: RngState,
    /// The side that moves first this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phasing: Option<Side>,
    /// This turn's initiative, once rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<InitiativeResult>,
    /// Engagements under way: melees waiting for the Melee phase, and decided melees
    /// whose aftermath is still to come.
    #[serde(default, alias = "pending_melees")]
    pub engagements: Vec<Engagement>,
    /// The table from above: size, scale and terrain, once the players set it up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<super::TableSetup>,
    /// Everything committed, oldest first.
    #[serde(default)]
    pub log: Vec<LogEntry>,
}

fn first_turn() -> u32 {
    1
}

impl Battle {
    /// The unit with this id.
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        find(&self.units, id, |u| u.id)
    }

    /// The general with this id.
    pub fn general(&self, id: GeneralId) -> Option<&General> {
        find(&self.generals, id, |g| g.id)
    }

    /// The brigade with this id.
    pub fn brigade(&self, id: BrigadeId) -> Option<&Brigade> {
        find(&self.brigades, id, |b| b.id)
    }

    /// Brigades of one side, in id order.
    pub fn brigades_of(&self, side: Side) -> impl Iterator<Item = &Brigade> {
        self.brigades.iter().filter(move |b| b.side == side)
    }

    /// Units of a brigade (or, with `None`, a side's units attached to none).
    pub fn units_of(&self, side: Side, brigade: Option<BrigadeId>) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.side == side && u.brigade == brigade)
    }

    /// Generals commanding a brigade.
    pub fn generals_of(&self, brigade: BrigadeId) -> impl Iterator<Item = &General> {
        self.generals.iter().filter(move |g| g.brigade == Some(brigade))
    }

    /// Engagements whose melee waits to be fought, with their positions in the list.
    pub fn pending_melees(&self) -> impl Iterator<Item = (usize, &Engagement)> {
        self.engagements.iter().enumerate().filter(|(_, e)| e.is_melee())
    }

    /// The engagement whose melee waits between two units, attacker first (a decided
    /// melee's aftermath between them does not count).
    pub fn engagement(&self, attacker: UnitId, defender: UnitId) -> Option<(usize, &Engagement)> {
        self.pending_melees().find(|(_, e)| e.attacker == attacker && e.defender == defender)
    }

    /// A pursuit the unit won in an earlier turn that is still under way: it counts +2 in
    /// its melees this turn (GDB-RES-02, GDB-MOD-21).
    pub fn pursuing(&self, unit: UnitId) -> bool {
        self.engagements
            .iter()
            .any(|e| e.aftermath().is_some_and(|a| a.pursuer == Some(unit) && a.decided_turn < self.turn))
    }

    /// A side's commander-in-chief, if present.
    pub fn commander_in_chief(&self, side: Side) -> Option<&General> {
        self.generals.iter().find(|g| g.side == side && g.rank == Rank::CommanderInChief)
    }

    /// Turn, phase, phasing side and initiative together.
    pub fn turn_state(&self) -> TurnState {
        TurnState { turn: self.turn, phase: self.phase, phasing: self.phasing, initiative: self.initiative.clone() }
    }

    /// Whether a side takes the initiative −1 for its lost commander-in-chief (GDB-SEQ-01):
    /// he is marked lost. A side with none in the battle takes it only with the AMB-50
    /// option on.
    pub fn commander_lost(&self, side: Side) -> bool {
        match self.commander_in_chief(side) {
            Some(g) => g.lost,
            None => self.options.gdb.minus_one_without_commander,
        }
    }

    /// Whether a side has no commander-in-chief in the battle (AMB-50: shown as such).
    pub fn without_commander(&self, side: Side) -> bool {
        self.commander_in_chief(side).is_none()
    }

    /// The id a new unit would get.
    pub fn next_unit_id(&self) -> UnitId {
        UnitId(self.units.iter().map(|u| u.id.0).max().unwrap_or(0) + 1)
    }

    /// The id a new general would get.
    pub fn next_general_id(&self) -> GeneralId {
        GeneralId(self.generals.iter().map(|g| g.id.0).max().unwrap_or(0) + 1)
    }

    /// The id a new brigade would get.
    pub fn next_brigade_id(&self) -> BrigadeId {
        BrigadeId(self.brigades.iter().map(|b| b.id.0).max().unwrap_or(0) + 1)
    }
}

/// Binary search in a vector kept sorted by id.
fn find<T, K: Ord>(items: &[T], id: K, key: impl Fn(&T) -> K) -> Option<&T> {
    items.binary_search_by(|t| key(t).cmp(&id)).ok().and_then(|i| items.get(i))
}
