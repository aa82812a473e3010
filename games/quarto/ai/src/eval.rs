//! The value of a position at the horizon of a search that could not reach
//! the end of the game, from the side to move (to place the piece in hand):
//! strictly between the values of a loss and a win.

use quarto::{Board, Level, Piece, PieceSet};

/// Which evaluation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, clap::ValueEnum)]
pub enum Eval {
    /// Nothing known: every unsolved position is worth a draw.
    #[default]
    Zero,
}

/// The value of placing `hand` on `board` with `avail` left, for the side
/// to move.
pub fn evaluate(eval: Eval, _level: Level, _board: &Board, _hand: Piece, _avail: PieceSet) -> i32 {
    match eval {
        Eval::Zero => 0,
    }
}
