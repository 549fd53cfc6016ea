//! The initiative roll as a draft (GDB-SEQ-01, AMB-50): each side's 2D6 as typed or
//! rolled, the totals with each side's modifiers, and the actions it may finish into:
//! a tie recorded to roll again, or the winner's choice of who moves first.

use crate::game::Action;
use crate::model::{Battle, RngState};
use crate::rules::gdb::initiative::InitiativeResult;
use crate::rules::{BySide, Side};

/// A typed die that is not a face of a D6.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotAFace;

/// An initiative roll being drafted.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InitiativeDraft {
    dice: BySide<[Option<u8>; 2]>,
    /// The generator's state after the dice the app rolled.
    pub rng_after: Option<RngState>,
}

impl InitiativeDraft {
    /// The dice as the players typed them: blank is not yet thrown; anything else must
    /// be a face of a D6.
    pub fn typed(first: &[String; 2], second: &[String; 2]) -> Result<Self, NotAFace> {
        let face = |s: &String| -> Result<Option<u8>, NotAFace> {
            let s = s.trim();
            if s.is_empty() {
                return Ok(None);
            }
            let face = s.parse::<u8>().ok().and_then(|d| crate::rules::dice::D6::new(d).ok());
            face.map(|d| Some(d.get())).ok_or(NotAFace)
        };
        let pair = |p: &[String; 2]| -> Result<[Option<u8>; 2], NotAFace> { Ok([face(&p[0])?, face(&p[1])?]) };
        Ok(InitiativeDraft { dice: BySide { first: pair(first)?, second: pair(second)? }, rng_after: None })
    }

    /// Both sides' dice, once all four are thrown.
    pub fn dice(&self) -> Option<BySide<[u8; 2]>> {
        let pair = |p: &[Option<u8>; 2]| Some([p[0]?, p[1]?]);
        Some(BySide { first: pair(&self.dice.first)?, second: pair(&self.dice.second)? })
    }

    /// The totals and the winner these dice come to, as the game will record them.
    pub fn view(&self, battle: &Battle) -> Option<InitiativeResult> {
        self.dice().map(|dice| crate::game::initiative_preview(battle, dice))
    }

    /// GDB-SEQ-01: a tie goes into the journal with its dice, to roll again.
    pub fn record_tie(&self, battle: &Battle) -> Option<Action> {
        let result = self.view(battle).filter(|r| r.winner.is_none())?;
        Some(Action::Initiative { dice: result.dice, phasing: Side::First, rng_after: self.rng_after.clone() })
    }

    /// The winner's choice of the side that moves first.
    pub fn moves_first(&self, battle: &Battle, phasing: Side) -> Option<Action> {
        let result = self.view(battle).filter(|r| r.winner.is_some())?;
        Some(Action::Initiative { dice: result.dice, phasing, rng_after: self.rng_after.clone() })
    }
}
