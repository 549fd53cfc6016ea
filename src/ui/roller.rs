//! The app's dice: drawn from the battle's seeded generator, so a saved game replays
//! identically. The rolls are values in the action; the new generator state goes with
//! them into the events.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::model::RngState;

/// Rolls `n` dice with the given faces from `state`; returns the faces and the state after.
pub fn roll(state: &RngState, faces: [u8; 6], n: usize) -> (Vec<u8>, RngState) {
    let mut out = Vec::with_capacity(n);
    let mut rolls = state.rolls;
    for _ in 0..n {
        // One generator per roll, keyed by seed and counter: the n-th roll of a battle is
        // always the same whatever was rolled before it.
        let mut rng = StdRng::seed_from_u64(state.seed ^ rolls.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let index = rng.random_range(0..faces.len());
        out.push(faces.get(index).copied().unwrap_or(1));
        rolls += 1;
    }
    (out, RngState { seed: state.seed, rolls })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::{AVERAGE_DIE_FACES, D6_FACES};

    #[test]
    fn rolls_replay_identically_and_stay_on_the_faces() {
        let s = RngState { seed: 42, rolls: 0 };
        let (a, after) = roll(&s, D6_FACES, 100);
        let (b, _) = roll(&s, D6_FACES, 100);
        assert_eq!(a, b);
        assert_eq!(after.rolls, 100);
        assert!(a.iter().all(|d| (1..=6).contains(d)));
        for face in 1..=6 {
            assert!(a.contains(&face), "face {face} never came up in 100 rolls");
        }
        let (avg, _) = roll(&s, AVERAGE_DIE_FACES, 50);
        assert!(avg.iter().all(|d| (2..=5).contains(d)));
    }
}
