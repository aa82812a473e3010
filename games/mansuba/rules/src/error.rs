//! Errors: one enum per operation, each message saying exactly what was
//! wrong.

use thiserror::Error;

use crate::position::Piece;
use crate::sort::Sort;
use crate::world::{Place, Relation};

/// Why a game cannot be set up as asked.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SetupError {
    /// A side of the world out of range.
    #[error("the {what} must be 2 to 40 places, not {n}")]
    Size {
        /// `width` or `height`.
        what: &'static str,
        /// The value given.
        n: u16,
    },
    /// A number of players out of range.
    #[error("a game has 2 to 5 players, not {0}")]
    Players(usize),
    /// The columns layout with other than two players.
    #[error("the columns layout is for 2 players, not {0} (more players start with --start seeds)")]
    ColumnsPlayers(usize),
    /// No place reaches enough places to make a start set.
    #[error(
        "no place reaches {count} places under the {relation} relation: no start set can be built"
    )]
    NoStartSet {
        /// The relation.
        relation: Relation,
        /// Places per start set (HEIGHT).
        count: usize,
    },
    /// The start sets cannot be disjoint.
    #[error(
        "{players} disjoint start sets of {count} places each do not fit under the {relation} relation: the game cannot be played (fewer players, or a larger world)"
    )]
    Overlap {
        /// The relation.
        relation: Relation,
        /// Players.
        players: usize,
        /// Places per start set (HEIGHT).
        count: usize,
    },
    /// A sort in the lineup that the configuration does not define.
    #[error("the lineup holds the {0}, which has no moves in this configuration")]
    SortNotInPlay(Sort),
    /// Relation changes need a turn limit to space them.
    #[error(
        "relation changes come every ⌈√MAX_TURNS⌉ turns: they need a turn limit (--max-turns above 0)"
    )]
    ChangeWithoutLimit,
    /// The first player named is not a seat.
    #[error("--first {first}: there is no player {first} in a game of {players}")]
    First {
        /// The seat named.
        first: usize,
        /// Players.
        players: usize,
    },
}

/// Why an action is not legal in the position.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A place number beyond the world.
    #[error("place {place} is off the board (places are 0 to {last})")]
    OffBoard {
        /// The number given.
        place: u32,
        /// The last place.
        last: usize,
    },
    /// The place moved from holds no piece of the mover.
    #[error("place {place} holds {holds}, not a piece of yours")]
    NotYours {
        /// The place.
        place: Place,
        /// What it holds, in words.
        holds: String,
    },
    /// The destination is not one of the piece's moves.
    #[error("your {piece} on {from} cannot go to {to}: {moves}")]
    CannotGo {
        /// The sort moved.
        piece: Sort,
        /// From.
        from: Place,
        /// To.
        to: Place,
        /// Its moves, in words.
        moves: String,
    },
    /// An escape in a game without captures.
    #[error("there are no captures in this game, so no prisoner can escape")]
    NoCaptures,
    /// No prisoner of the mover was captured on that place.
    #[error("you have no prisoner captured on {place}{prisoners}")]
    NoPrisoner {
        /// The place named.
        place: Place,
        /// The mover's prisoners, in words (empty if none).
        prisoners: String,
    },
    /// The prisoners captured there are of several sorts.
    #[error(
        "your prisoners captured on {place} are of several sorts ({sorts}): name one, `escape {place} LETTER`"
    )]
    WhichPrisoner {
        /// The place.
        place: Place,
        /// Their letters.
        sorts: String,
    },
    /// No prisoner of that sort was captured there.
    #[error("you have no {sort} captured on {place} (there: {sorts})")]
    NoPrisonerOfSort {
        /// The place.
        place: Place,
        /// The sort named.
        sort: Sort,
        /// The letters of those captured there.
        sorts: String,
    },
    /// The place of capture is not free.
    #[error("your {sort} cannot escape to {place}: {by} stands there")]
    EscapeBlocked {
        /// The place.
        place: Place,
        /// The prisoner's sort.
        sort: Sort,
        /// What stands there.
        by: Piece,
    },
    /// A pass while every piece can act.
    #[error(
        "you may pass only when one of your pieces cannot act, and each of yours can ({example})"
    )]
    CannotPass {
        /// One action of each piece, in words.
        example: String,
    },
}

game_core::wire_error! {
    /// A reply that is not an action: what was received is quoted.
    pub enum WireError {
        /// Not one of the reply's forms.
        #[error("expected `FROM TO` (two place numbers), `escape PLACE [SORT]` or `pass`, got {0}")]
        Reply(String),
        /// A number that is not a place number.
        #[error("expected a place number (decimal digits), got {0}")]
        Number(String),
        /// A sort letter that is not one.
        #[error("expected a sort letter, P T E B Q or K, got {0}")]
        Sort(String),
    }
}
