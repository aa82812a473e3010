//! The sixteen squares: rows `A` to `D` from top to bottom, columns `1` to
//! `4` from left to right; square `n` is row `n / 4`, column `n % 4`, the
//! seed's order ("la première case sera la plus à gauche").

use std::fmt;

/// A square, 0 (`A1`, top left) to 15 (`D4`, bottom right). Always valid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(u8);

numbered_0_to_15!(Square, "square");

impl Square {
    /// The square at `row` and `col` (each 0 to 3).
    pub const fn at(row: u8, col: u8) -> Option<Square> {
        if row < 4 && col < 4 {
            Some(Square(row * 4 + col))
        } else {
            None
        }
    }

    /// Reads `A1` .. `D4`, strictly: an upper-case row letter, a column
    /// digit, nothing else.
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            &[r @ b'A'..=b'D', c @ b'1'..=b'4'] => Square::at(r - b'A', c - b'1'),
            _ => None,
        }
    }

    /// Its row, 0 (`A`) to 3 (`D`).
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// Its column, 0 (`1`) to 3 (`4`).
    pub const fn col(self) -> u8 {
        self.0 % 4
    }

    /// Its bit in a 16-bit set of squares.
    pub const fn bit(self) -> u16 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'A' + self.row()),
            char::from(b'1' + self.col())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_in_reading_order() {
        let names: Vec<String> = Square::ALL.iter().map(Square::to_string).collect();
        assert_eq!(names[0], "A1");
        assert_eq!(names[3], "A4");
        assert_eq!(names[4], "B1");
        assert_eq!(names[15], "D4");
        for s in Square::ALL {
            assert_eq!(Square::parse(&s.to_string()), Some(s));
        }
    }

    #[test]
    fn parsing_is_strict() {
        for bad in ["", "a1", "A0", "A5", "E1", "A", "1A", "A 1", "A11", "AA"] {
            assert_eq!(Square::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn masks_list_their_squares() {
        let m = Square::parse("B2").unwrap().bit() | Square::parse("D4").unwrap().bit();
        let v: Vec<String> = Square::of_mask(m).map(|s| s.to_string()).collect();
        assert_eq!(v, ["B2", "D4"]);
    }
}
