//! Squares of the 10×10 board and the four directions of movement.

use std::fmt;
use std::str::FromStr;

use crate::bits::{Bits, LAKES};
use crate::error::WireError;

/// Number of rows and of columns of the board.
pub const SIDE: u8 = 10;

/// A square of the board: row `A`..`J` (top to bottom), column `0`..`9`
/// (left to right), written `A0`..`J9`.
///
/// Internally the index `row * 10 + col`, so a square always lies on the
/// board; off-board coordinates are unrepresentable.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares on the board, lakes included.
    pub const COUNT: usize = 100;

    /// The square at `row` (0 = `A`) and `col` (0..9), if both are on the board.
    pub const fn new(row: u8, col: u8) -> Option<Square> {
        if row < SIDE && col < SIDE {
            Some(Square(row * SIDE + col))
        } else {
            None
        }
    }

    /// The square with index `row * 10 + col`, if below 100.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with index `index`, which the caller knows is below 100.
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        debug_assert!(index < 100);
        Square(index as u8)
    }

    /// Index `row * 10 + col`, in 0..100.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, 0 for `A` .. 9 for `J`.
    #[inline]
    pub const fn row(self) -> u8 {
        self.0 / SIDE
    }

    /// Column, 0..9.
    #[inline]
    pub const fn col(self) -> u8 {
        self.0 % SIDE
    }

    /// The one-bit set of this square.
    #[inline]
    pub const fn bit(self) -> Bits {
        1u128 << self.0
    }

    /// Whether this square is one of the eight lakes (`C4 C5 D4 D5 G4 G5 H4 H5`).
    #[inline]
    pub const fn is_lake(self) -> bool {
        LAKES & self.bit() != 0
    }

    /// The square `distance` squares away in direction `dir`, if on the board.
    pub fn step(self, dir: Direction, distance: u32) -> Option<Square> {
        let d = i64::from(distance);
        let row = i64::from(self.row()) + i64::from(dir.row_delta()) * d;
        let col = i64::from(self.col()) + i64::from(dir.col_delta()) * d;
        if (0..10).contains(&row) && (0..10).contains(&col) {
            Square::new(row as u8, col as u8)
        } else {
            None
        }
    }

    /// The squares one step away (N, S, E, W) that are on the board; lakes
    /// included.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        Direction::ALL
            .into_iter()
            .filter_map(move |d| self.step(d, 1))
    }

    /// All 100 squares in index order (`A0`, `A1`, .., `J9`).
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Square::COUNT as u8).map(Square)
    }

    /// Direction and distance from `self` to `to` when both lie on one row or
    /// one column and differ.
    pub fn line_to(self, to: Square) -> Option<(Direction, u32)> {
        let (r0, c0, r1, c1) = (self.row(), self.col(), to.row(), to.col());
        match (r0 == r1, c0 == c1) {
            (true, false) if c1 > c0 => Some((Direction::E, u32::from(c1 - c0))),
            (true, false) => Some((Direction::W, u32::from(c0 - c1))),
            (false, true) if r1 > r0 => Some((Direction::S, u32::from(r1 - r0))),
            (false, true) => Some((Direction::N, u32::from(r0 - r1))),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.row()), self.col())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = WireError;

    /// Parses exactly two characters: an upper-case row letter `A`..`J` and
    /// a column digit `0`..`9`.
    fn from_str(s: &str) -> Result<Square, WireError> {
        match s.as_bytes() {
            [r @ b'A'..=b'J', c @ b'0'..=b'9'] => Ok(Square((r - b'A') * SIDE + (c - b'0'))),
            // A letter and a number that is not a square of this board:
            // well-formed, but off the board.
            [b'A'..=b'Z', digits @ ..]
                if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) =>
            {
                Err(WireError::OffBoardSquare(s.to_owned()))
            }
            _ => Err(WireError::BadSquare(s.to_owned())),
        }
    }
}

game_core::named_enum! {
    /// One of the four directions of movement.
    ///
    /// `N` goes towards row `A`, `S` towards row `J`, `W` towards column 0 and
    /// `E` towards column 9. Each is named by its wire letter.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
    pub enum Direction {
        /// Towards row `A` (row − d).
        N,
        /// Towards row `J` (row + d).
        S,
        /// Towards column 9 (column + d).
        E,
        /// Towards column 0 (column − d).
        W,
    }
}

impl Direction {
    /// Change of row per step.
    pub const fn row_delta(self) -> i8 {
        match self {
            Direction::N => -1,
            Direction::S => 1,
            Direction::E | Direction::W => 0,
        }
    }

    /// Change of column per step.
    pub const fn col_delta(self) -> i8 {
        match self {
            Direction::E => 1,
            Direction::W => -1,
            Direction::N | Direction::S => 0,
        }
    }

    /// Change of square index per step.
    pub const fn index_delta(self) -> i8 {
        self.row_delta() * SIDE as i8 + self.col_delta()
    }

    /// The wire letter: `N`, `S`, `E` or `W`.
    pub const fn letter(self) -> char {
        self.name().as_bytes()[0] as char
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::N => Direction::S,
            Direction::S => Direction::N,
            Direction::E => Direction::W,
            Direction::W => Direction::E,
        }
    }
}

impl FromStr for Direction {
    type Err = WireError;

    /// Parses exactly one upper-case letter `N`, `S`, `E` or `W`.
    fn from_str(s: &str) -> Result<Direction, WireError> {
        Direction::from_name(s).ok_or_else(|| WireError::BadDirection(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_format_every_square() {
        for sq in Square::all() {
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>().unwrap(), sq);
        }
        assert_eq!("A0".parse::<Square>().unwrap().index(), 0);
        assert_eq!("J9".parse::<Square>().unwrap().index(), 99);
        assert_eq!("C4".parse::<Square>().unwrap(), Square::new(2, 4).unwrap());
    }

    #[test]
    fn neighbours_stay_on_the_board_and_include_lakes() {
        let names = |s: &str| {
            let mut v: Vec<String> = s
                .parse::<Square>()
                .unwrap()
                .neighbours()
                .map(|n| n.to_string())
                .collect();
            v.sort();
            v
        };
        assert_eq!(names("A0"), ["A1", "B0"]);
        assert_eq!(names("J9"), ["I9", "J8"]);
        assert_eq!(names("B4"), ["A4", "B3", "B5", "C4"]);
    }

    #[test]
    fn rejects_bad_squares_with_the_reason() {
        assert_eq!(
            "K3".parse::<Square>().unwrap_err().to_string(),
            "K3 is off the board (rows A..J, columns 0..9)"
        );
        assert_eq!(
            "F10".parse::<Square>().unwrap_err().to_string(),
            "F10 is off the board (rows A..J, columns 0..9)"
        );
        for bad in ["", "A", "a0", "0A", "AA", "A-1", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn lakes_are_the_eight_listed_squares() {
        let lakes: Vec<String> = Square::all()
            .filter(|s| s.is_lake())
            .map(|s| s.to_string())
            .collect();
        assert_eq!(lakes, ["C4", "C5", "D4", "D5", "G4", "G5", "H4", "H5"]);
    }

    #[test]
    fn directions_follow_the_protocol() {
        let b3: Square = "B3".parse().unwrap();
        assert_eq!(b3.step(Direction::N, 1).unwrap().to_string(), "A3");
        assert_eq!(b3.step(Direction::S, 2).unwrap().to_string(), "D3");
        assert_eq!(b3.step(Direction::E, 6).unwrap().to_string(), "B9");
        assert_eq!(b3.step(Direction::W, 3).unwrap().to_string(), "B0");
        assert_eq!(b3.step(Direction::W, 4), None);
        assert_eq!(b3.step(Direction::N, 2), None);
        assert_eq!(b3.line_to("B9".parse().unwrap()), Some((Direction::E, 6)));
        assert_eq!(b3.line_to("C4".parse().unwrap()), None);
    }
}
