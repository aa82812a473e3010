//! Errors: one enum per operation, each message saying exactly what was
//! wrong.

use thiserror::Error;

use crate::piece::Piece;
use crate::square::Square;

/// Why a move is not legal in the position.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A square on the game's first move, which only gives a piece.
    #[error(
        "the first move of the game only gives a piece (nobody holds one yet): its square must be \"-\", not {0}"
    )]
    FirstMovePlaces(Square),
    /// No piece given on the game's first move.
    #[error("the first move of the game must give a piece, not \"-\"")]
    FirstMoveGivesNothing,
    /// No square for the piece held.
    #[error("you hold piece {0}: say where it goes (A1 to D4), not \"-\"")]
    NoSquare(Piece),
    /// The square holds a piece.
    #[error("{square} is taken by piece {by}")]
    Occupied {
        /// The square.
        square: Square,
        /// The piece on it.
        by: Piece,
    },
    /// The piece given is the one being placed.
    #[error("piece {0} is the one you are placing: give one of the pieces left")]
    GiftInHand(Piece),
    /// The piece given is on the board.
    #[error("piece {piece} is on the board, at {at}")]
    GiftOnBoard {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        at: Square,
    },
    /// Nothing given while pieces remain and the placement does not win.
    #[error(
        "{remaining} piece(s) remain to be given and {square} does not win: \"-\" gives nothing only after the last placement or a winning one"
    )]
    GiftMissing {
        /// The square placed on.
        square: Square,
        /// How many pieces could have been given.
        remaining: u32,
    },
}

game_core::wire_error! {
    /// A reply that is not a move: what was received is quoted.
    pub enum WireError {
        /// The first line is not a square.
        #[error("expected a square, A1 to D4 (row letter, column digit), or \"-\", got {0}")]
        Square(String),
        /// The second line is not a piece.
        #[error("expected a piece, 0 to 15, or \"-\", got {0}")]
        Piece(String),
    }
}

/// Why a position could not be set up from its parts.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PositionError {
    /// The piece in hand is on the board.
    #[error("piece {piece} is in hand and on the board at {at}")]
    HandOnBoard {
        /// The piece.
        piece: Piece,
        /// Where.
        at: Square,
    },
    /// A pattern is already won.
    #[error("the game is already won: {0}")]
    AlreadyWon(String),
    /// No piece in hand on a board that holds pieces and is not full.
    #[error("a board with pieces on it and squares left needs a piece in hand")]
    NoHand,
    /// A piece in hand on a full board.
    #[error("the board is full: no piece can be in hand")]
    HandOnFullBoard,
}

game_core::session_wire_error!(WireError);
