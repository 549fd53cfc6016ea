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

fn strictly_increasing<T, K: Ord>(items: &[T], key: impl Fn(&T) -> K) -> bool {
    items.windows(2).all(|w| key(&w[0]) < key(&w[1]))
}

impl Battle {
    /// Every problem in the battle; empty when it is valid.
    pub fn problems(&self) -> Vec<ModelError> {
        let mut out = Vec::new();
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
