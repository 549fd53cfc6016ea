//! The initiative roll as a draft (GDB-SEQ-01, AMB-50): each side's 2D6 as typed or
//! rolled, the totals with each side's modifiers, and the actions it may finish into:
//! a tie recorded to roll again, or the winner's choice of who moves first.

use crate::game::Action;
use crate::model::{Battle, RngState};
use crate::rules::dice::D6;
use crate::rules::gdb::initiative::InitiativeResult;
use crate::rules::{BySide, Side};

/// An initiative roll being drafted.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InitiativeDraft {
    dice: BySide<[Option<D6>; 2]>,
    /// The generator's state after the dice the app rolled.
    pub rng_after: Option<RngState>,
}

impl InitiativeDraft {
    /// The dice as the players give them: none is not yet thrown (a face of a D6 is
    /// one when it is made, so nothing here checks one).
    pub fn new(dice: BySide<[Option<D6>; 2]>) -> Self {
        InitiativeDraft { dice, rng_after: None }
    }

    /// Both sides' dice, once all four are thrown.
    pub fn dice(&self) -> Option<BySide<[D6; 2]>> {
        let pair = |p: &[Option<D6>; 2]| Some([p[0]?, p[1]?]);
        Some(BySide { first: pair(&self.dice.first)?, second: pair(&self.dice.second)? })
    }

    /// The totals and the winner these dice come to, as the game will record them.
    pub fn view(&self, battle: &Battle) -> Option<InitiativeResult> {
        self.dice().map(|dice| crate::game::initiative_preview(battle, dice))
    }

    /// GDB-SEQ-01: a tie goes into the journal with its dice, to roll again.
    pub fn record_tie(&self, battle: &Battle) -> Option<Action> {
        self.view(battle).filter(|r| r.winner.is_none())?;
        Some(Action::Initiative { dice: self.dice()?, phasing: Side::First, rng_after: self.rng_after.clone() })
    }

    /// The winner's choice of the side that moves first.
    pub fn moves_first(&self, battle: &Battle, phasing: Side) -> Option<Action> {
        self.view(battle).filter(|r| r.winner.is_some())?;
        Some(Action::Initiative { dice: self.dice()?, phasing, rng_after: self.rng_after.clone() })
    }
}
