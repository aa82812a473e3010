//! In-process games between two strategies, for measuring them quickly
//! (the final figures go through the referee: `make bench-oust-strength`).

use std::time::{Duration, Instant};

use game_core::Rng;
use oust::{Colour, Options, Position};

use crate::search::Settings;
use crate::strategy::choose;

/// One side of an arena game.
pub type Side = game_search::arena::Side<Settings>;

/// What an arena game gave.
#[derive(Clone, Copy, Debug)]
pub struct Game {
    /// The winner, `None` for a draw.
    pub winner: Option<Colour>,
    /// Moves played.
    pub plies: u32,
    /// The deepest search of each side's AI, per move: sum and count.
    pub depth: [(u64, u64); 2],
}

/// Plays one game: `black` against `white`, each move within `per_move`,
/// from an opening of `opening` random moves drawn from `seed` (so that a
/// pair of games from one seed, colours swapped, starts alike).
pub fn play(
    black: &Side,
    white: &Side,
    opts: Options,
    per_move: Duration,
    seed: u64,
    opening: u32,
) -> Game {
    let mut pos = Position::new(opts, oust::referee_game::DEFAULT_MAX_TURNS);
    let mut opening_rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut moves = Vec::new();
    while pos.plies() < opening && pos.end().is_none() {
        pos.legal_moves(&mut moves);
        pos.play(moves[opening_rng.below(moves.len() as u64) as usize]);
    }
    let mut rng = [Rng::new(seed), Rng::new(seed ^ 0x5555_5555)];
    let mut depth = [(0, 0); 2];
    while pos.end().is_none() {
        let c = pos.to_move();
        let side = if c == Colour::Black { black } else { white };
        let choice = choose(
            side.strategy,
            &pos,
            &mut rng[c.seat()],
            Instant::now() + per_move,
            &side.settings,
        );
        if let Some(r) = choice.report {
            depth[c.seat()].0 += u64::from(r.depth);
            depth[c.seat()].1 += 1;
        }
        pos.play(choice.mv);
    }
    Game {
        winner: pos.end().and_then(|e| e.winner),
        plies: pos.plies(),
        depth,
    }
}
