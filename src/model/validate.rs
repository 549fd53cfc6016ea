//! What makes a battle, a unit or a general valid. The editor refuses anything that
//! fails here, and a loaded file must pass it whole.

use thiserror::Error;

use super::{Battle, Brigade, BrigadeId, General, GeneralId, Unit, UnitId};
use crate::rules::{Rank, Side};

/// One thing wrong with a unit, general, brigade or battle.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Problem {
    /// A name is empty or blank.
    #[error("the name is empty")]
    EmptyName,
    /// A unit starts with no figures.
    #[error("a unit needs at least one figure at the start")]
    NoStartingFigures,
    /// More figures now than at the start.
    #[error("{figures} figures now is more than the {start} at the start")]
    FiguresAboveStart {
        /// Figures now.
        figures: u32,
        /// Figures at the start.
        start: u32,
    },
    /// A reference to a brigade that does not exist.
    #[error("brigade {0} does not exist")]
    MissingBrigade(BrigadeId),
    /// A reference to a brigade of the other side.
    #[error("brigade {0} belongs to the other side")]
    BrigadeOfOtherSide(BrigadeId),
    /// A reference to a unit that does not exist.
    #[error("unit {0} does not exist")]
    MissingUnit(UnitId),
    /// A general attached to a unit of the other side.
    #[error("unit {0} belongs to the other side")]
    UnitOfOtherSide(UnitId),
    /// Ids out of order or repeated.
    #[error("ids are repeated or out of order")]
    BadIds,
    /// A commander-in-chief given a brigade.
    #[error("a commander-in-chief commands the whole side, not one brigade")]
    CommanderWithBrigade,
    /// A formation the unit's arm cannot take (infantry limbered, guns in square).
    #[error("this troop type cannot be in that formation")]
    FormationNotForArm,
    /// Two commanders-in-chief on one side.
    #[error("{0:?} has more than one commander-in-chief")]
    TwoCommanders(Side),
    /// A number beyond what any real battle reaches (the limits of the file format).
    #[error("{field} is {value}, more than the {limit} a battle may have")]
    OutOfRange {
        /// The field.
        field: &'static str,
        /// Its value.
        value: u64,
        /// The most it may be.
        limit: u64,
    },
    /// An engagement between a unit and itself, or two units of one side.
    #[error("engagement {0}: a unit cannot fight itself or a friend")]
    EngagementOfFriends(usize),
    /// A place off any table, or a table or drawn area that cannot be laid out.
    #[error("a place, the table's size or a drawn area is beyond the table's limits")]
    OffTheTable,
    /// An engagement naming a unit that does not exist.
    #[error("engagement {index}: unit {unit} does not exist")]
    EngagementWithoutUnit {
        /// Its position.
        index: usize,
        /// The missing unit.
        unit: UnitId,
    },
}

/// A value checked against its limit.
fn within(field: &'static str, value: u64, limit: u64) -> Result<(), Problem> {
    if value > limit { Err(Problem::OutOfRange { field, value, limit }) } else { Ok(()) }
}

/// A problem with the place it was found.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ModelError {
    /// Something wrong with a unit.
    #[error("unit {id} ({name}): {problem}")]
    Unit {
        /// The unit's id.
        id: UnitId,
        /// The unit's name.
        name: String,
        /// What is wrong.
        problem: Problem,
    },
    /// Something wrong with a general.
    #[error("general {id} ({name}): {problem}")]
    General {
        /// The general's id.
        id: GeneralId,
        /// The general's name.
        name: String,
        /// What is wrong.
        problem: Problem,
    },
    /// Something wrong with a brigade.
    #[error("brigade {id} ({name}): {problem}")]
    Brigade {
        /// The brigade's id.
        id: BrigadeId,
        /// The brigade's name.
        name: String,
        /// What is wrong.
        problem: Problem,
    },
    /// Something wrong with the battle as a whole.
    #[error("battle: {0}")]
    Battle(Problem),
}

impl ModelError {
    /// What is wrong, whatever it is wrong with.
    pub fn problem(&self) -> &Problem {
        match self {
            ModelError::Unit { problem, .. }
            | ModelError::General { problem, .. }
            | ModelError::Brigade { problem, .. }
            | ModelError::Battle(problem) => problem,
        }
    }
}

fn check_name(name: &str) -> Result<(), Problem> {
    if name.trim().is_empty() { Err(Problem::EmptyName) } else { Ok(()) }
}

fn check_brigade_ref(battle: &Battle, side: Side, id: Option<BrigadeId>) -> Result<(), Problem> {
    match id.map(|id| (id, battle.brigade(id))) {
        None => Ok(()),
        Some((id, None)) => Err(Problem::MissingBrigade(id)),
        Some((id, Some(b))) if b.side != side => Err(Problem::BrigadeOfOtherSide(id)),
        Some(_) => Ok(()),
    }
}

impl Unit {
    /// Checks the unit against the battle it is (or will be) part of.
    pub fn check(&self, battle: &Battle) -> Result<(), Problem> {
        check_name(&self.name)?;
        if self.figures_start == 0 {
            return Err(Problem::NoStartingFigures);
        }
        if !self.formation.fits(self.arm) {
            return Err(Problem::FormationNotForArm);
        }
        if self.figures > self.figures_start {
            return Err(Problem::FiguresAboveStart { figures: self.figures, start: self.figures_start });
        }
        within("figures_start", u64::from(self.figures_start), u64::from(super::MAX_FIGURES))?;
        check_place(self.place)?;
        check_brigade_ref(battle, self.side, self.brigade)
    }
}

impl General {
    /// Checks the general against the battle.
    pub fn check(&self, battle: &Battle) -> Result<(), Problem> {
        check_name(&self.name)?;
        if self.rank == Rank::CommanderInChief && self.brigade.is_some() {
            return Err(Problem::CommanderWithBrigade);
        }
        check_brigade_ref(battle, self.side, self.brigade)?;
        check_place(self.place)?;
        match self.attached_to.map(|id| (id, battle.unit(id))) {
            Some((id, None)) => Err(Problem::MissingUnit(id)),
            Some((id, Some(u))) if u.side != self.side => Err(Problem::UnitOfOtherSide(id)),
            _ => Ok(()),
        }
    }
}

impl Brigade {
    /// Checks the brigade.
    pub fn check(&self) -> Result<(), Problem> {
        check_name(&self.name)
    }
}

fn check_place(place: Option<super::Placement>) -> Result<(), Problem> {
    if place.is_some_and(|p| !p.is_sane()) { Err(Problem::OffTheTable) } else { Ok(()) }
}

fn strictly_increasing<T, K: Ord>(items: &[T], key: impl Fn(&T) -> K) -> bool {
    items.windows(2).all(|w| key(&w[0]) < key(&w[1]))
}

impl Battle {
    /// The battle's numbers against the file format's limits (turn, counts).
    fn range_problems(&self) -> Vec<Problem> {
        let counts =
            [("units", self.units.len()), ("generals", self.generals.len()), ("brigades", self.brigades.len())];
        let mut out: Vec<Problem> =
            counts.iter().filter_map(|(f, n)| within(f, *n as u64, super::MAX_ITEMS as u64).err()).collect();
        out.extend(within("turn", u64::from(self.turn), u64::from(super::MAX_TURN)).err());
        if self.turn == 0 {
            out.push(Problem::OutOfRange { field: "turn", value: 0, limit: u64::from(super::MAX_TURN) });
        }
        out.extend(self.generals.iter().filter_map(|g| within("orders_used", u64::from(g.orders_used), 100).err()));
        if self.table.as_ref().is_some_and(|t| !t.is_sane()) {
            out.push(Problem::OffTheTable);
        }
        let basing_ok = |r: &crate::rules::options::BasingRow| r.footprint_cm(1).is_some() && r.bases_deep <= 100;
        if !self.options.basing.iter().all(basing_ok) || self.options.basing.len() > 1000 {
            out.push(Problem::OffTheTable);
        }
        let log_turns = self.log.iter().map(|e| e.turn).max().unwrap_or(1);
        out.extend(within("log turn", u64::from(log_turns), u64::from(super::MAX_TURN)).err());
        out
    }

    /// Engagements that name missing units, a unit against itself or a friend, or hold
    /// numbers beyond the limits.
    fn engagement_problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        for (index, e) in self.engagements.iter().enumerate() {
            let (a, d) = (self.unit(e.attacker), self.unit(e.defender));
            for (id, u) in [(e.attacker, a), (e.defender, d)] {
                if u.is_none() {
                    out.push(Problem::EngagementWithoutUnit { index, unit: id });
                }
            }
            if let (Some(a), Some(d)) = (a, d)
                && (a.id == d.id || a.side == d.side)
            {
                out.push(Problem::EngagementOfFriends(index));
            }
            let distances = [e.moved_cm, e.counter_cm, e.distance_cm].into_iter().flatten();
            out.extend(
                distances
                    .filter_map(|cm| within("distance_cm", u64::from(cm), u64::from(super::MAX_DISTANCE_CM)).err()),
            );
            out.extend(within("melee_turn", u64::from(e.melee_turn), u64::from(super::MAX_MELEE_TURN)).err());
            let figures = [e.losses.first, e.losses.second, e.pushbacks.first, e.pushbacks.second]
                .into_iter()
                .chain(e.start_figures.iter().flat_map(|s| [s.first, s.second]));
            out.extend(figures.filter_map(|n| within("figures", u64::from(n), u64::from(super::MAX_FIGURES)).err()));
        }
        out
    }

    /// Every problem in the battle; empty when it is valid.
    pub fn problems(&self) -> Vec<ModelError> {
        let mut out: Vec<ModelError> = self.range_problems().into_iter().map(ModelError::Battle).collect();
        out.extend(self.engagement_problems().into_iter().map(ModelError::Battle));
        if !strictly_increasing(&self.units, |u| u.id)
            || !strictly_increasing(&self.generals, |g| g.id)
            || !strictly_increasing(&self.brigades, |b| b.id)
        {
            out.push(ModelError::Battle(Problem::BadIds));
        }
        for side in Side::ALL {
            let n = self.generals.iter().filter(|g| g.side == *side && g.rank == Rank::CommanderInChief).count();
            if n > 1 {
                out.push(ModelError::Battle(Problem::TwoCommanders(*side)));
            }
        }
        for b in &self.brigades {
            if let Err(problem) = b.check() {
                out.push(ModelError::Brigade { id: b.id, name: b.name.clone(), problem });
            }
        }
        for g in &self.generals {
            if let Err(problem) = g.check(self) {
                out.push(ModelError::General { id: g.id, name: g.name.clone(), problem });
            }
        }
        for u in &self.units {
            if let Err(problem) = u.check(self) {
                out.push(ModelError::Unit { id: u.id, name: u.name.clone(), problem });
            }
        }
        out
    }
}
