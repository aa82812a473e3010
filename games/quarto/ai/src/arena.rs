//! In-process games between two strategies, for measuring them quickly
//! (the figures that count go through the referee: `make bench-quarto-strength`).

use std::time::{Duration, Instant};

use game_core::Rng;
use quarto::{Level, Position};

use crate::search::{Searcher, Settings};
use crate::strategy::choose;

/// One side of an arena game.
pub type Side = game_search::arena::Side<Settings>;

/// What an arena game gave.
#[derive(Clone, Copy, Debug)]
pub struct Game {
    /// The winner's seat, `None` for a draw.
    pub winner: Option<u8>,
    /// Moves played.
    pub plies: u32,
    /// The slowest move of each side.
    pub slowest: [Duration; 2],
}

/// Plays one game at `level`: `sides[0]` gives first; each move within
/// `per_move`; random choices from `seed`.
pub fn play(sides: [&Side; 2], level: Level, per_move: Duration, seed: u64) -> Game {
    let mut pos = Position::new(level, 0);
    let mut rng = [Rng::new(seed), Rng::new(seed ^ 0x5555_5555)];
    let mut searchers = sides.map(|s| Searcher::new(level, s.settings));
    let mut slowest = [Duration::ZERO; 2];
    while pos.end().is_none() {
        let seat = usize::from(pos.to_move());
        let start = Instant::now();
        let choice = choose(
            sides[seat].strategy,
            &pos,
            &mut rng[seat],
            start + per_move,
            &mut searchers[seat],
        );
        slowest[seat] = slowest[seat].max(start.elapsed());
        pos.play(choice.mv);
    }
    Game {
        winner: pos.end().and_then(|e| e.winner),
        plies: pos.plies(),
        slowest,
    }
}
