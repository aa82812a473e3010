//! Errors: one enum per operation, each message saying exactly what was
//! wrong.

use thiserror::Error;

use crate::board::Colour;

/// Why a move is not legal in the position.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The point holds a stone.
    #[error("{col} {row} is taken by a {by} stone")]
    Occupied {
        /// Column.
        col: u32,
        /// Row.
        row: u32,
        /// Whose stone.
        by: Colour,
    },
    /// A capturing placement whose group touches no enemy group.
    #[error(
        "{col} {row} touches {colour}'s own stones, and the group of {size} it makes touches no {} group",
        .colour.other()
    )]
    NoEnemyTouched {
        /// Column.
        col: u32,
        /// Row.
        row: u32,
        /// The mover.
        colour: Colour,
        /// The size of the group it would make.
        size: u16,
    },
    /// A capturing placement whose group is not larger than every enemy
    /// group it touches.
    #[error(
        "{col} {row} makes a {colour} group of {size}, which touches a {} group of {enemy}: a capture needs every touched group strictly smaller",
        .colour.other()
    )]
    NotLarger {
        /// Column.
        col: u32,
        /// Row.
        row: u32,
        /// The mover.
        colour: Colour,
        /// The size of the group it would make.
        size: u16,
        /// The largest enemy group it touches.
        enemy: u16,
    },
    /// A pass while a placement is legal.
    #[error(
        "{col} {row} is off the board, a pass, but {legal} placements are legal: passing is allowed only without any"
    )]
    Pass {
        /// The column given.
        col: u32,
        /// The row given.
        row: u32,
        /// How many placements are legal.
        legal: usize,
    },
}

/// A reply that is not a move: what was received is quoted.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum WireError {
    /// Not two non-negative integers.
    #[error("expected \"col row\", two non-negative integers, got {0}")]
    NotTwoIntegers(String),
    /// A number too large to be a coordinate at all.
    #[error("{0} is too large for a coordinate")]
    TooLarge(String),
    /// The line itself is unreadable (too long, not printable ASCII).
    #[error(transparent)]
    Line(#[from] game_core::LineError),
}

/// Why a position text could not be read (the player's side).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PositionError {
    /// The text ends before the position does.
    #[error("the position ends early: {0} expected")]
    Truncated(String),
    /// A line that is not what it should be.
    #[error("line {line}: {what}, got {got}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What was expected.
        what: String,
        /// What was there, quoted.
        got: String,
    },
    /// More lines after the colour.
    #[error("line {line}: unexpected text after the colour: {got}")]
    Trailing {
        /// 1-based line number.
        line: usize,
        /// What was there, quoted.
        got: String,
    },
}
