//! Error types: one enum per operation, each message saying exactly what was wrong.

use game_core::LineError;
use thiserror::Error;

use crate::piece::Rank;
use crate::square::{Direction, Square};

/// A line of wire text that could not be read as the expected message.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WireError {
    /// The line is longer than [`MAX_LINE_BYTES`](crate::wire::MAX_LINE_BYTES)
    /// or holds a byte that is not printable ASCII (the message names the
    /// line and the byte).
    #[error(transparent)]
    Line(#[from] LineError),
    /// Not of the form letter + digit.
    #[error("{0:?} is not a square (a row letter A..J then a column digit 0..9)")]
    BadSquare(String),
    /// Of the form letter + number, but not on this board.
    #[error("{0} is off the board (rows A..J, columns 0..9)")]
    OffBoardSquare(String),
    /// Not one of `N`, `S`, `E`, `W`.
    #[error("{0:?} is not a direction (N, S, E or W)")]
    BadDirection(String),
    /// Not a decimal integer.
    #[error("{0:?} is not a distance (a positive integer)")]
    BadDistance(String),
    /// A distance of zero.
    #[error("distance {0} is not positive")]
    ZeroDistance(String),
    /// Not a decimal integer in 1..=12.
    #[error("{0} is not a piece code")]
    NotACode(String),
    /// Not `0` or `1`.
    #[error("{0:?} is not a player number (0 or 1)")]
    BadPlayer(String),
    /// Not `OK` or `KO`.
    #[error("{0:?} is not a setup answer (OK or KO)")]
    BadSetupAnswer(String),
    /// Not one of the result letters `N`, `B`, `E`, `F`.
    #[error("{0:?} is not a move result (N, B, E or F)")]
    BadResult(String),
    /// The text ended before the message was complete.
    #[error("the message ends early: {0} expected")]
    Truncated(&'static str),
    /// The text goes on after a complete message.
    #[error("unexpected line {0:?} after a complete message")]
    Trailing(String),
}

/// Why a setup is refused (the referee answers `KO`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Not exactly 40 codes.
    #[error("{given} codes given, 40 expected")]
    WrongLength {
        /// How many codes were given.
        given: usize,
    },
    /// A line that is too long or not printable ASCII (the message names
    /// the line and the byte).
    #[error(transparent)]
    Unreadable(#[from] LineError),
    /// A line that is not a piece code.
    #[error("line {line}: {source}")]
    Line {
        /// 1-based number of the line among the non-blank lines of the setup.
        line: usize,
        /// What is wrong with it.
        #[source]
        source: WireError,
    },
    /// A rank present in the wrong number.
    #[error("{} given, {} expected", .rank.counted(*.given), .rank.count())]
    RankCount {
        /// The rank.
        rank: Rank,
        /// How many were given.
        given: usize,
    },
}

/// Why a move is not legal in the current position (the referee answers `E`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
    /// No piece on the starting square.
    #[error("{0} is empty")]
    EmptySquare(Square),
    /// The starting square holds an opponent's piece.
    #[error("{0} holds an opponent's piece")]
    OpponentPiece(Square),
    /// A Bomb or the Flag.
    #[error("{0} holds a {1}, which cannot move")]
    Immobile(Square, Rank),
    /// More than one square for a piece that is not a Scout.
    #[error("{square} holds a {rank}, which moves 1 square, not {distance}")]
    TooFar {
        /// Starting square.
        square: Square,
        /// The piece there.
        rank: Rank,
        /// The distance asked for.
        distance: u32,
    },
    /// The move leaves the board.
    #[error("{from} {dir} {distance} goes off the board")]
    OffBoard {
        /// Starting square.
        from: Square,
        /// Direction.
        dir: Direction,
        /// Distance.
        distance: u32,
    },
    /// The destination is a lake.
    #[error("{0} is a lake")]
    LakeDestination(Square),
    /// The path passes over a lake.
    #[error("path crosses the lake at {0}")]
    LakeInPath(Square),
    /// A Scout's path passes over a piece.
    #[error("Scout path blocked at {0}")]
    Blocked(Square),
    /// The destination holds one of the mover's pieces.
    #[error("{0} holds one of your own pieces")]
    OwnPiece(Square),
    /// The optional two-square rule forbids the move.
    #[error(
        "two-square rule: the piece on {from} has moved between {from} and {to} three times in a row"
    )]
    TwoSquare {
        /// Starting square.
        from: Square,
        /// Destination.
        to: Square,
    },
}
