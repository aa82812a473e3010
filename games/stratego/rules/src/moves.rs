//! Moves: the unchecked move read from the wire, and the checked legal [`Move`].

use std::fmt;

use crate::error::WireError;
use crate::square::{Direction, Square};

/// A move as a player writes it: a square, a direction, a distance — read
/// from the wire but not yet checked against any position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct UncheckedMove {
    /// Square of the piece to move.
    pub from: Square,
    /// Direction of movement.
    pub dir: Direction,
    /// Number of squares, at least 1.
    pub distance: u32,
}

impl UncheckedMove {
    /// Reads the three lines of a move (already cleaned, see
    /// [`wire::clean_line`](crate::wire::clean_line)).
    pub fn from_lines(square: &str, dir: &str, distance: &str) -> Result<UncheckedMove, WireError> {
        Ok(UncheckedMove {
            from: square.parse()?,
            dir: dir.parse()?,
            distance: parse_distance(distance)?,
        })
    }

    /// The three wire lines, each ending in `\n`.
    pub fn to_wire(&self) -> String {
        format!("{}\n{}\n{}\n", self.from, self.dir, self.distance)
    }
}

impl fmt::Display for UncheckedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.from, self.dir, self.distance)
    }
}

/// Parses a distance: decimal digits only, value at least 1. Values too
/// large for `u32` saturate (they leave the board anyway).
pub fn parse_distance(s: &str) -> Result<u32, WireError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(WireError::BadDistance(s.to_owned()));
    }
    let value = s.bytes().fold(0u32, |acc, b| {
        acc.saturating_mul(10).saturating_add(u32::from(b - b'0'))
    });
    if value == 0 {
        Err(WireError::ZeroDistance(s.to_owned()))
    } else {
        Ok(value)
    }
}

/// A move known to be legal in the position it was checked or generated in:
/// obtained only from [`Board::check`](crate::Board::check),
/// [`Game::check`](crate::Game::check) or move generation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) to: Square,
}

impl Move {
    /// Square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// Square the piece moves to (or attacks).
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// Direction of the move.
    pub fn direction(self) -> Direction {
        self.line().0
    }

    /// Number of squares travelled.
    pub fn distance(self) -> u32 {
        self.line().1
    }

    fn line(self) -> (Direction, u32) {
        self.from
            .line_to(self.to)
            .expect("a Move always lies on one row or column")
    }

    /// The normalised wire form of this move.
    pub fn to_unchecked(self) -> UncheckedMove {
        let (dir, distance) = self.line();
        UncheckedMove {
            from: self.from,
            dir,
            distance,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_unchecked(), f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// A fixed-capacity list of moves, large enough for any position (a side
/// has at most 8 Scouts × 18 squares + 25 other pieces × 4 = 244 moves),
/// so generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MoveList::CAPACITY],
}

impl MoveList {
    /// Maximum number of moves held.
    pub const CAPACITY: usize = 256;

    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [Move {
                from: Square::from_index_unchecked(0),
                to: Square::from_index_unchecked(0),
            }; MoveList::CAPACITY],
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(parse_distance("1"), Ok(1));
        assert_eq!(parse_distance("009"), Ok(9));
        assert_eq!(parse_distance("99999999999999"), Ok(u32::MAX));
        assert_eq!(
            parse_distance("0").unwrap_err().to_string(),
            "distance 0 is not positive"
        );
        assert_eq!(
            parse_distance("abc").unwrap_err().to_string(),
            "\"abc\" is not a distance (a positive integer)"
        );
        for bad in ["", "-1", "+1", "1.5", "1 2"] {
            assert!(parse_distance(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn unchecked_moves_from_lines() {
        let m = UncheckedMove::from_lines("B3", "E", "1").unwrap();
        assert_eq!(m.to_wire(), "B3\nE\n1\n");
        assert!(UncheckedMove::from_lines("B3", "X", "1").is_err());
        assert!(UncheckedMove::from_lines("K3", "N", "1").is_err());
    }
}
