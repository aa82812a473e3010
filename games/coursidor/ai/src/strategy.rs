//! How our side chooses a move: the AI, and the baselines `random` and
//! `tour`.

use coursidor::{Move, Position};
use game_core::Rng;

use crate::tour::Tours;

/// A way to play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, clap::ValueEnum)]
pub enum Strategy {
    /// Our AI (`docs/games/coursidor.md`).
    #[default]
    Ai,
    /// A random legal move: a wall one time in five (when it has one
    /// left), else a step.
    Random,
    /// Follows its shortest tour, never walls.
    Tour,
}

/// A random legal move: a wall one time in five when it has walls left,
/// else a random step.
pub fn random(pos: &Position, rng: &mut Rng) -> Move {
    let mut moves = Vec::new();
    if rng.below(5) == 0 {
        pos.legal_walls(&mut moves);
    }
    if moves.is_empty() {
        pos.legal_steps(&mut moves);
    }
    if moves.is_empty() {
        // Never with the walls the rules allow: a pawn can always step.
        pos.legal_walls(&mut moves);
    }
    moves[rng.below(moves.len() as u64) as usize]
}

/// The step that shortens our tour the most (a win at once first), ties
/// broken at random: the `tour` baseline. `tours` must be ours for the
/// position's walls.
pub fn tour(pos: &Position, tours: &Tours, rng: &mut Rng) -> Move {
    let me = pos.to_move();
    let mut moves = Vec::new();
    pos.legal_steps(&mut moves);
    let value = |m: &Move| match m {
        Move::Step(s) => tours.after(pos, me, s),
        Move::Wall(_) => u16::MAX,
    };
    let best = moves.iter().map(value).min().unwrap_or(u16::MAX);
    let ties: Vec<Move> = moves.into_iter().filter(|m| value(m) == best).collect();
    if ties.is_empty() {
        return random(pos, rng);
    }
    ties[rng.below(ties.len() as u64) as usize]
}
