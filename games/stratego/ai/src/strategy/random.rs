//! `--strategy random`: a uniformly random valid setup and uniformly random legal moves.

use std::time::Instant;

use stratego::{Move, MoveList, Player, Rank, Setup, View};

use super::Strategy;
use crate::rng::Rng;

/// Plays a random valid setup and random legal moves.
#[derive(Debug)]
pub struct RandomStrategy {
    rng: Rng,
}

impl RandomStrategy {
    /// A random player whose choices are determined by `seed`.
    pub fn new(seed: u64) -> RandomStrategy {
        RandomStrategy {
            rng: Rng::new(seed),
        }
    }
}

/// All 40 ranks of one player, in code order.
pub fn full_army() -> Vec<Rank> {
    Rank::ALL
        .iter()
        .flat_map(|&r| std::iter::repeat_n(r, usize::from(r.count())))
        .collect()
}

impl Strategy for RandomStrategy {
    fn setup(&mut self, me: Player) -> Setup {
        let mut ranks = full_army();
        self.rng.shuffle(&mut ranks);
        Setup::new(me, &ranks).expect("a permutation of the full army is valid")
    }

    fn choose(&mut self, view: &View, _deadline: Instant) -> Move {
        let mut moves = MoveList::new();
        view.legal_moves(&mut moves);
        *self
            .rng
            .choose(&moves)
            .expect("the referee asks for a move only when one exists")
    }
}
