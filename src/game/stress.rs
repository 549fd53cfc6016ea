//! Long battles for benchmarks and the limit tests (issue 29): a battle played through
//! its turns by the game's own actions, as an evening of phase changes records them.

use super::{Action, ActionError, Game};
use crate::model::Battle;
use crate::rules::{BySide, Phase, Ruleset, Side};

/// The actions of `turns` turns from the start of one: under General de Brigade the
/// initiative (typed dice, the first side phasing) and then each phase change to the next
/// turn; under Ruleset B, which rolls no initiative, the phase changes alone.
pub fn turns_of_phases(ruleset: Ruleset, turns: u32) -> Vec<Action> {
    let initiative =
        Action::Initiative { dice: BySide { first: [5, 4], second: [2, 4] }, phasing: Side::First, rng_after: None };
    let mut turn = Vec::new();
    if ruleset.phases().contains(&Phase::Initiative) {
        turn.push(initiative);
    }
    turn.extend(ruleset.phases().iter().map(|_| Action::AdvancePhase));
    let count = turn.len().saturating_mul(usize::try_from(turns).unwrap_or(usize::MAX));
    turn.iter().cloned().cycle().take(count).collect()
}

/// `battle`, standing at the start of a turn, played `turns` turns on through the game.
pub fn played_turns(battle: Battle, turns: u32) -> Result<Game, (usize, ActionError)> {
    let actions = turns_of_phases(battle.ruleset, turns);
    super::play(battle, &actions)
}
