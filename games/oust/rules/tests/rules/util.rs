//! Positions drawn as text, for the tests.

use oust::{Colour, Options, Position, UncheckedMove};

/// A position from rows of `X` (black), `O` (white) and `.`, separated by
/// blanks; a colour with stones counts as having played.
pub fn board(rows: &[&str], to_move: Colour) -> Position {
    let cells: Vec<Vec<u8>> = rows
        .iter()
        .map(|r| {
            r.split_whitespace()
                .map(|c| match c {
                    "X" => 1,
                    "O" => 2,
                    _ => 0,
                })
                .collect()
        })
        .collect();
    let opts = Options {
        cols: cells[0].len() as u8,
        rows: cells.len() as u8,
    };
    let flat: Vec<u8> = cells.concat();
    Position::from_cells(opts, &flat, to_move, 0)
}

/// The move `col row`.
pub fn at(col: u32, row: u32) -> UncheckedMove {
    UncheckedMove::new(col, row)
}
