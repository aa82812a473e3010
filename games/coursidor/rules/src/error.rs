//! Errors: one enum per operation, each message saying exactly what was
//! wrong.

use thiserror::Error;

use crate::board::{Shape, Vertex};
use crate::colour::Colour;
use crate::dir::Dir;

/// Why there is no board of that shape and size.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum BoardError {
    /// Below the shape's smallest size.
    #[error("a board of type {shape} needs m >= {min}, not {size}")]
    TooSmall {
        /// The shape.
        shape: Shape,
        /// The size asked for.
        size: u32,
        /// The smallest.
        min: u32,
    },
    /// Over [`MAX_SIZE`](crate::board::MAX_SIZE).
    #[error("m = {size} is over the largest size, {}", crate::board::MAX_SIZE)]
    TooLarge {
        /// The size asked for.
        size: u32,
    },
    /// H with a size that is not a multiple of 3.
    #[error("a board of type H needs m a multiple of 3, not {size}")]
    NotMultipleOf3 {
        /// The size asked for.
        size: u32,
    },
}

/// Why the objectives cannot be placed.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum LayoutError {
    /// No objective, or more than [`MAX_OBJECTIVES`](crate::MAX_OBJECTIVES).
    #[error(
        "the number of objectives must be 1 to {}, not {count}",
        crate::MAX_OBJECTIVES
    )]
    Count {
        /// The number asked for.
        count: usize,
    },
    /// An odd number on a board without a centre vertex.
    #[error(
        "{count} objectives cannot be placed symmetrically on {board}: it has no centre vertex (its number of vertices, {vertices}, is even); ask for an even number"
    )]
    Odd {
        /// The number asked for.
        count: usize,
        /// The board's name.
        board: String,
        /// Its number of vertices.
        vertices: usize,
    },
    /// More objectives than the board has room for.
    #[error("{board} has room for {room} objectives off the starts, not {count}")]
    NoRoom {
        /// The number asked for.
        count: usize,
        /// The board's name.
        board: String,
        /// How many fit.
        room: usize,
    },
    /// Starts that are not two different vertices.
    #[error("the starts {starts:?} are not two different vertices of the board")]
    BadStarts {
        /// The starts given.
        starts: [u32; 2],
    },
    /// An objective given that is not a vertex, is a start, or is repeated.
    #[error("objective {vertex}: {why}")]
    Bad {
        /// The vertex.
        vertex: u32,
        /// What is wrong with it.
        why: &'static str,
    },
}

/// Why a move is not legal in the position.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A number that is no vertex of the board.
    #[error("{vertex} is not a vertex of the board (0 to {})", .vertices - 1)]
    NotAVertex {
        /// The number received.
        vertex: u32,
        /// The board's number of vertices.
        vertices: usize,
    },
    /// A move to where the pawn stands.
    #[error("your pawn is on {0} already")]
    StaysPut(Vertex),
    /// The destination is in line with the pawn, but farther than its
    /// momentum allows.
    #[error("{to} is {steps} steps {dir} of {from}: {}", momentum_words(*.last, *.dir, *.allowed))]
    TooFar {
        /// The pawn's vertex.
        from: Vertex,
        /// The destination.
        to: Vertex,
        /// The direction.
        dir: Dir,
        /// Steps to it.
        steps: u32,
        /// The direction of the pawn's last step, if it moved.
        last: Option<Dir>,
        /// Steps allowed in that direction.
        allowed: u32,
    },
    /// A wall on the way.
    #[error("the edge {a}-{b} on the way from {from} to {to} is walled")]
    WalledPath {
        /// The pawn's vertex.
        from: Vertex,
        /// The destination.
        to: Vertex,
        /// One end of the walled edge.
        a: Vertex,
        /// The other end.
        b: Vertex,
    },
    /// The opponent stands on the way, or on the destination.
    #[error("the opponent's pawn is on {at}, {}", if .at == .to { "the destination" } else { "on the way" })]
    Occupied {
        /// The destination.
        to: Vertex,
        /// Where the opponent stands.
        at: Vertex,
    },
    /// Not in line with the pawn within three steps, and no jump lands there.
    #[error(
        "{to} is neither in a straight line from {from} within 3 steps nor a jump over the opponent's pawn (on {opponent}) from there"
    )]
    NotReachable {
        /// The pawn's vertex.
        from: Vertex,
        /// The destination.
        to: Vertex,
        /// The opponent's vertex.
        opponent: Vertex,
    },
    /// A jump whose edge to the opponent, or from it to the landing, is
    /// walled.
    #[error("a jump from {from} over {over} to {to}: the edge {a}-{b} is walled")]
    WalledJump {
        /// The pawn's vertex.
        from: Vertex,
        /// The opponent's vertex.
        over: Vertex,
        /// The landing.
        to: Vertex,
        /// One end of the walled edge.
        a: Vertex,
        /// The other end.
        b: Vertex,
    },
    /// A wall with none left.
    #[error("you have no walls left (each player has {0})")]
    NoWallsLeft(u32),
    /// The two edges of a wall start from different vertices.
    #[error("the two edges of a wall must start from the same vertex: {a}-{b} and {c}-{d}")]
    WallNotFromOneVertex {
        /// First edge, from.
        a: u32,
        /// First edge, to.
        b: u32,
        /// Second edge, from.
        c: u32,
        /// Second edge, to.
        d: u32,
    },
    /// An edge of a wall that is not an edge of the board.
    #[error("{a}-{b} is not an edge of the board")]
    NotAnEdge {
        /// One end.
        a: u32,
        /// The other end.
        b: u32,
    },
    /// An edge of a wall that is walled already.
    #[error("the edge {a}-{b} is walled already")]
    AlreadyWalled {
        /// One end.
        a: Vertex,
        /// The other end.
        b: Vertex,
    },
    /// The two edges of a wall are the same.
    #[error("the wall names the edge {a}-{b} twice")]
    SameEdge {
        /// One end.
        a: Vertex,
        /// The other end.
        b: Vertex,
    },
    /// The two edges are not in consecutive directions.
    #[error(
        "the edges go {d0} and {d1} from {from}: a wall covers two edges in consecutive directions (such as NE and E)"
    )]
    NotConsecutive {
        /// The common vertex.
        from: Vertex,
        /// The first edge's direction.
        d0: Dir,
        /// The second edge's direction.
        d1: Dir,
    },
    /// The wall would leave a player unable to reach a vertex it must
    /// still reach.
    #[error("the wall would cut {who} (on {from}) off from {what} {target}")]
    Cuts {
        /// The player cut off.
        who: Colour,
        /// Where its pawn stands.
        from: Vertex,
        /// `"its start"` or `"objective"`.
        what: &'static str,
        /// The vertex it could no longer reach.
        target: Vertex,
    },
}

fn momentum_words(last: Option<Dir>, dir: Dir, allowed: u32) -> String {
    match last {
        None => "before its first step a pawn moves 1 step".to_owned(),
        Some(l) if l == dir => format!("straight on after a step {l} a pawn moves up to 3"),
        Some(l) => format!(
            "after a step {l}, a pawn moves up to {allowed} {dir} ({})",
            if allowed == 2 {
                "a turn of one direction"
            } else {
                "more than one direction off"
            }
        ),
    }
}

game_core::wire_error! {
    /// A reply that is not a move: what was received is quoted.
    pub enum WireError {
        /// The line is not `M VERTEX` nor `W A B C D`.
        #[error(
            "expected a move, \"M VERTEX\" or \"W A B A C\" (a wall on the edges A-B and A-C), got {0}"
        )]
        Syntax(String),
        /// A number that does not read as one.
        #[error("{what}: expected a number, got {got}")]
        Number {
            /// Which number.
            what: &'static str,
            /// What came, quoted.
            got: String,
        },
        /// A number over `u32::MAX`.
        #[error("{what}: {got} is too large (over 4294967295)")]
        TooLarge {
            /// Which number.
            what: &'static str,
            /// What came, quoted.
            got: String,
        },
        /// The player said its own move is invalid (`! REASON`; the `.so`
        /// host does it for a `move_t` that is no move).
        #[error("the player's move is invalid: {0}")]
        Declared(String),
    }
}

game_core::session_wire_error!(WireError);
