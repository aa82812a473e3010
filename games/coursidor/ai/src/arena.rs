//! Games between two of our strategies in one process, for measurements
//! (`coursidor-arena`): no referee, no clock but the moves' own.

use std::sync::Arc;
use std::time::{Duration, Instant};

use coursidor::{Board, Colour, Layout, Position, Shape};
use game_core::Rng;

use crate::strategy::Strategy;
use crate::think::Thinker;

/// One side of an arena game.
#[derive(Clone, Copy, Debug)]
pub struct Side {
    /// Its strategy.
    pub strategy: Strategy,
    /// Time per move.
    pub move_time: Duration,
    /// Nodes per search (reproducible games).
    pub max_nodes: Option<u64>,
}

/// How an arena game ended, for side A.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Result {
    /// A won.
    Win,
    /// Drawn (the turn limit).
    Draw,
    /// A lost.
    Loss,
}

/// A game on `shape` `m` with `objectives` drawn from `seed`; A plays
/// black when `a_black`. Returns A's result and the moves played, as the
/// wire writes them.
#[allow(clippy::too_many_arguments)]
pub fn play(
    shape: Shape,
    m: u32,
    objectives: usize,
    seed: u64,
    a: Side,
    b: Side,
    a_black: bool,
    max_plies: u32,
) -> (Result, Vec<String>) {
    let board = Board::new(shape, m).expect("a board");
    let mut rng = Rng::new(seed);
    let layout = Arc::new(Layout::draw(board, objectives, &mut rng).expect("objectives"));
    let mut pos = Position::new(layout, max_plies);
    let (black, white) = if a_black { (a, b) } else { (b, a) };
    let mut thinkers = [
        Thinker::new(black.strategy, black.max_nodes),
        Thinker::new(white.strategy, white.max_nodes),
    ];
    let times = [black.move_time, white.move_time];
    let mut rngs = [Rng::new(seed ^ 0xb1ac), Rng::new(seed ^ 0x3417e)];
    let mut moves = Vec::new();
    while pos.end().is_none() {
        let c = pos.to_move().index();
        let choice = thinkers[c].choose(&pos, &mut rngs[c], Instant::now() + times[c]);
        moves.push(choice.mv.to_string());
        pos.play(choice.mv);
    }
    let a_colour = if a_black {
        Colour::Black
    } else {
        Colour::White
    };
    let result = match pos.end().and_then(|e| e.winner) {
        None => Result::Draw,
        Some(w) if w == a_colour => Result::Win,
        Some(_) => Result::Loss,
    };
    (result, moves)
}
