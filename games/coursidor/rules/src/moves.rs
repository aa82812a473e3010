//! Moves: a reply as read off the wire ([`UncheckedMove`]), and a legal
//! move ([`Move`]: a pawn's [`Step`] or a [`Wall`]) as only the position
//! makes them.

use game_core::Framing;
use std::fmt;

use crate::board::Vertex;
use crate::dir::Dir;
use crate::wire;

/// An edge as a reply names it, not yet checked: two numbers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Edge {
    /// The vertex it starts from.
    pub from: u32,
    /// The vertex it goes to.
    pub to: u32,
}

/// A reply as read off the wire, not yet checked against the position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UncheckedMove {
    /// `M V`: the pawn goes to vertex `V` (a straight move or a jump).
    Step(u32),
    /// `W A B C D`: a wall on the edges `A-B` and `C-D` (`A = C`).
    Wall([Edge; 2]),
}

impl fmt::Display for UncheckedMove {
    /// As on the wire: `M 34`, `W 12 13 12 19`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UncheckedMove::Step(v) => write!(f, "M {v}"),
            UncheckedMove::Wall([a, b]) => write!(f, "W {} {} {} {}", a.from, a.to, b.from, b.to),
        }
    }
}

impl game_core::Reply for UncheckedMove {
    type Error = crate::error::WireError;
    const FRAMING: Framing = Framing::new(wire::MAX_LINE_BYTES, wire::MAX_REPLY_BYTES);
}

/// A legal move of the pawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Step {
    pub(crate) from: Vertex,
    pub(crate) to: Vertex,
    pub(crate) dir: Dir,
    pub(crate) len: u8,
    pub(crate) over: Option<Vertex>,
    pub(crate) visits: u8,
}

impl Step {
    /// Where the pawn was.
    pub const fn from(self) -> Vertex {
        self.from
    }

    /// Where it goes.
    pub const fn to(self) -> Vertex {
        self.to
    }

    /// The direction of its last unit step, its momentum afterwards: the
    /// line's direction, or for a jump the direction from the opponent to
    /// the landing.
    pub const fn dir(self) -> Dir {
        self.dir
    }

    /// Steps along the line (1 to 3); 2 for a jump.
    pub const fn steps(self) -> u8 {
        self.len
    }

    /// For a jump, the opponent's vertex it goes over.
    pub const fn over(self) -> Option<Vertex> {
        self.over
    }

    /// The objectives (as bits of the layout) on the vertices passed and
    /// reached.
    pub const fn visits(self) -> u8 {
        self.visits
    }

    /// A step the caller vouches for (a search that generated it from its
    /// own copy of the rules): [`Position::play`](crate::Position::play)
    /// takes it as it is.
    pub const fn new_unchecked(
        from: Vertex,
        to: Vertex,
        dir: Dir,
        len: u8,
        over: Option<Vertex>,
        visits: u8,
    ) -> Step {
        Step {
            from,
            to,
            dir,
            len,
            over,
            visits,
        }
    }
}

/// A legal wall: two edges from one vertex, in consecutive directions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wall {
    pub(crate) at: Vertex,
    pub(crate) dirs: [Dir; 2],
    pub(crate) ends: [Vertex; 2],
}

impl Wall {
    /// The vertex both edges start from.
    pub const fn at(self) -> Vertex {
        self.at
    }

    /// The directions of the two edges, in the order given.
    pub const fn dirs(self) -> [Dir; 2] {
        self.dirs
    }

    /// The other ends of the two edges, in the order given.
    pub const fn ends(self) -> [Vertex; 2] {
        self.ends
    }

    /// The same wall with its edges in the other order.
    pub const fn swapped(self) -> Wall {
        Wall {
            at: self.at,
            dirs: [self.dirs[1], self.dirs[0]],
            ends: [self.ends[1], self.ends[0]],
        }
    }

    /// Whether the wall covers the edge from `v` in direction `d` (from
    /// either end).
    pub fn covers(self, v: Vertex, d: Dir) -> bool {
        (v == self.at && (d == self.dirs[0] || d == self.dirs[1]))
            || (v == self.ends[0] && d == self.dirs[0].opposite())
            || (v == self.ends[1] && d == self.dirs[1].opposite())
    }

    /// A wall the caller vouches for.
    pub const fn new_unchecked(at: Vertex, dirs: [Dir; 2], ends: [Vertex; 2]) -> Wall {
        Wall { at, dirs, ends }
    }
}

/// A legal move: made by [`Position::check`](crate::Position::check) or
/// listed by the position, never built by hand (but with the `new_unchecked`
/// of its parts, by a caller that vouches for it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// The pawn moves.
    Step(Step),
    /// A wall is placed.
    Wall(Wall),
}

impl game_core::Legal for Move {
    type Unchecked = UncheckedMove;
    type Illegal = crate::error::IllegalMove;
}

impl Move {
    /// The move as the wire writes it.
    pub fn to_unchecked(self) -> UncheckedMove {
        match self {
            Move::Step(s) => UncheckedMove::Step(u32::from(s.to)),
            Move::Wall(w) => UncheckedMove::Wall([
                Edge {
                    from: u32::from(w.at),
                    to: u32::from(w.ends[0]),
                },
                Edge {
                    from: u32::from(w.at),
                    to: u32::from(w.ends[1]),
                },
            ]),
        }
    }
}

impl fmt::Display for Move {
    /// As on the wire.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_unchecked().fmt(f)
    }
}
