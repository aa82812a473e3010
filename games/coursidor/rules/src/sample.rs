//! Positions of random games, for benchmarks and tests: random moves from
//! the start, drawn from a seed.

use std::sync::Arc;

use game_core::Rng;

use crate::board::{Board, Shape};
use crate::layout::Layout;
use crate::position::Position;

/// The position after `plies` random moves (a wall one move in
/// `wall_one_in`, a step otherwise) on `shape` `m` with `objectives`
/// drawn from `seed`; `None` when the game ended before.
pub fn middle_game(
    shape: Shape,
    m: u32,
    objectives: usize,
    seed: u64,
    plies: u32,
    wall_one_in: u64,
) -> Option<Position> {
    let board = Board::new(shape, m).ok()?;
    let mut rng = Rng::new(seed);
    let layout = Arc::new(Layout::draw(board, objectives, &mut rng).ok()?);
    let mut pos = Position::new(layout, 0);
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        if rng.below(wall_one_in) == 0 {
            pos.legal_walls(&mut moves);
        }
        if moves.is_empty() {
            pos.legal_steps(&mut moves);
        }
        pos.play(moves[rng.below(moves.len() as u64) as usize]);
        if pos.end().is_some() {
            return None;
        }
    }
    Some(pos)
}
