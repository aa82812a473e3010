//! The board: its size, the colours, points and their neighbours.

use std::fmt;

use thiserror::Error;

/// The largest board side (the seed: "chacune des dimensions sera
/// inférieure à 30").
pub const MAX_SIDE: u8 = 30;
/// The smallest board side.
pub const MIN_SIDE: u8 = 2;
/// The most points a board has.
pub const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// A stone's colour; black (`1` on the wire) moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Colour {
    /// `1`, seat 0.
    Black,
    /// `2`, seat 1.
    White,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The seat that plays it: 0 for black, 1 for white.
    pub fn seat(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }

    /// The colour of a seat.
    pub fn of_seat(seat: usize) -> Colour {
        if seat == 0 {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// Its digit on the wire: `1` or `2`.
    pub fn digit(self) -> u8 {
        match self {
            Colour::Black => 1,
            Colour::White => 2,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// The board's size: `cols` columns by `rows` rows, each 2..=30.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, clap::Args, serde::Serialize, serde::Deserialize,
)]
pub struct Options {
    /// Columns of the board (2 to 30).
    #[arg(long, default_value_t = Options::DEFAULT.cols)]
    pub cols: u8,
    /// Rows of the board (2 to 30).
    #[arg(long, default_value_t = Options::DEFAULT.rows)]
    pub rows: u8,
}

/// Why a board size was refused.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("a board of {cols} x {rows}: each side must be 2 to 30")]
pub struct OptionsError {
    /// The columns asked for.
    pub cols: u32,
    /// The rows asked for.
    pub rows: u32,
}

impl Options {
    /// The default board: 7 x 7 (`docs/games/oust.md` says why).
    pub const DEFAULT: Options = Options { cols: 7, rows: 7 };

    /// Checks the size.
    pub fn validate(self) -> Result<Options, OptionsError> {
        let ok = |s: u8| (MIN_SIDE..=MAX_SIDE).contains(&s);
        if ok(self.cols) && ok(self.rows) {
            Ok(self)
        } else {
            Err(OptionsError {
                cols: self.cols.into(),
                rows: self.rows.into(),
            })
        }
    }

    /// The number of points.
    pub fn points(self) -> usize {
        usize::from(self.cols) * usize::from(self.rows)
    }

    /// The point at column `col`, row `row` (0-based), if on the board.
    pub fn point(self, col: u32, row: u32) -> Option<Point> {
        (col < u32::from(self.cols) && row < u32::from(self.rows))
            .then(|| Point((row * u32::from(self.cols) + col) as u16))
    }

    /// The column and row of a point.
    pub fn coords(self, p: Point) -> (u32, u32) {
        let cols = u32::from(self.cols);
        (u32::from(p.0) % cols, u32::from(p.0) / cols)
    }

    /// The orthogonal neighbours of `p` on the board (2 to 4 of them).
    pub fn neighbours(self, p: Point) -> impl Iterator<Item = Point> {
        let (cols, rows) = (usize::from(self.cols), usize::from(self.rows));
        let i = usize::from(p.0);
        let (c, r) = (i % cols, i / cols);
        let left = (c > 0).then(|| i - 1);
        let right = (c + 1 < cols).then(|| i + 1);
        let up = (r > 0).then(|| i - cols);
        let down = (r + 1 < rows).then(|| i + cols);
        [left, right, up, down]
            .into_iter()
            .flatten()
            .map(|i| Point(i as u16))
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::DEFAULT
    }
}

/// A point of the board, by its index `row * cols + col`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point(pub u16);

impl Point {
    /// Its index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked() {
        assert!(Options { cols: 2, rows: 30 }.validate().is_ok());
        let e = Options { cols: 1, rows: 5 }.validate().unwrap_err();
        assert_eq!(e.to_string(), "a board of 1 x 5: each side must be 2 to 30");
        assert!(Options { cols: 31, rows: 5 }.validate().is_err());
    }

    #[test]
    fn neighbours_are_orthogonal_and_stay_on_the_board() {
        let o = Options { cols: 3, rows: 2 };
        let n = |c, r| {
            let mut v: Vec<(u32, u32)> = o
                .neighbours(o.point(c, r).unwrap())
                .map(|p| o.coords(p))
                .collect();
            v.sort();
            v
        };
        assert_eq!(n(0, 0), [(0, 1), (1, 0)]);
        assert_eq!(n(1, 0), [(0, 0), (1, 1), (2, 0)]);
        assert_eq!(n(2, 1), [(1, 1), (2, 0)]);
        assert_eq!(o.point(3, 0), None);
        assert_eq!(o.point(0, 2), None);
    }
}
