//! The seed's per-move wire format: the position a program gets on stdin,
//! the one line it answers, both ways; and the board drawn for people.
//!
//! The program is started for each move with the time allowed (whole
//! seconds) as its first argument. Its stdin:
//!
//! ```text
//! 3 5          columns, rows
//! 0 1 0        each row, top first: 0 empty, 1 black, 2 white
//! 0 1 0
//! 1 0 2
//! 0 0 2
//! 2 0 0
//! 1            the colour to play
//! ```
//!
//! It answers `col row` (0-based) on one line; positive coordinates off the
//! board mean a pass.

use std::fmt::Write as _;

use game_core::{clean_line, printable};

use crate::board::{Colour, MAX_SIDE, MIN_SIDE, Options};
use crate::error::{PositionError, WireError};
use crate::position::{Position, UncheckedMove};

/// Longest reply line, in bytes (without the `\n`).
pub const MAX_LINE_BYTES: usize = 64;
/// Most bytes before a complete reply.
pub const MAX_REPLY_BYTES: usize = 4096;

/// The position as the program to move reads it.
pub fn position_text(pos: &Position) -> String {
    let o = pos.options();
    let mut s = String::with_capacity(o.points() * 2 + 16);
    let _ = writeln!(s, "{} {}", o.cols, o.rows);
    for row in pos.cells().chunks(usize::from(o.cols)) {
        for (i, c) in row.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push(char::from(b'0' + c));
        }
        s.push('\n');
    }
    let _ = writeln!(s, "{}", pos.to_move().digit());
    s
}

/// Reads one reply line (raw, without its `\n`): two non-negative
/// integers separated by blanks.
pub fn parse_reply(raw: &[u8]) -> Result<UncheckedMove, WireError> {
    let Some(line) = clean_line(raw, 1, MAX_LINE_BYTES)? else {
        return Err(WireError::NotTwoIntegers(printable(raw)));
    };
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let [col, row] = words.as_slice() else {
        return Err(WireError::NotTwoIntegers(printable(raw)));
    };
    let number = |w: &str| -> Result<u32, WireError> {
        if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) {
            return Err(WireError::NotTwoIntegers(printable(raw)));
        }
        w.parse()
            .map_err(|_| WireError::TooLarge(printable(w.as_bytes())))
    };
    Ok(UncheckedMove::new(number(col)?, number(row)?))
}

/// The reply line of a move, with its `\n`.
pub fn reply_text(m: UncheckedMove) -> String {
    format!("{} {}\n", m.col, m.row)
}

/// Reads a position text (the player's side), strictly: every line as
/// the format says, numbers separated by blanks, nothing after the colour
/// but blank lines.
pub fn parse_position(text: &str) -> Result<(Options, Vec<u8>, Colour), PositionError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let mut next = |what: &str| {
        lines
            .next()
            .ok_or_else(|| PositionError::Truncated(what.to_owned()))
    };
    let bad = |line, what: &str, got: &str| PositionError::Line {
        line,
        what: what.to_owned(),
        got: printable(got.as_bytes()),
    };
    let (n, dims) = next("the line \"cols rows\"")?;
    let size: Vec<u8> = dims
        .split_ascii_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| bad(n, "two sides", dims))?;
    let [cols, rows] = size.as_slice() else {
        return Err(bad(n, "two sides", dims));
    };
    let opts = Options {
        cols: *cols,
        rows: *rows,
    };
    if !(MIN_SIDE..=MAX_SIDE).contains(cols) || !(MIN_SIDE..=MAX_SIDE).contains(rows) {
        return Err(bad(n, "sides of 2 to 30", dims));
    }
    let mut cells = Vec::with_capacity(opts.points());
    for r in 0..opts.rows {
        let (n, row) = next(&format!("row {r}"))?;
        let what = format!("row {r}: {} cells of 0, 1 or 2", opts.cols);
        let before = cells.len();
        for w in row.split_ascii_whitespace() {
            match w {
                "0" => cells.push(0),
                "1" => cells.push(1),
                "2" => cells.push(2),
                _ => return Err(bad(n, &what, row)),
            }
        }
        if cells.len() - before != usize::from(opts.cols) {
            return Err(bad(n, &what, row));
        }
    }
    let (n, c) = next("the colour to play")?;
    let colour = match c {
        "1" => Colour::Black,
        "2" => Colour::White,
        _ => return Err(bad(n, "the colour to play, 1 or 2", c)),
    };
    for (n, rest) in lines {
        if !rest.is_empty() {
            return Err(PositionError::Trailing {
                line: n,
                got: printable(rest.as_bytes()),
            });
        }
    }
    Ok((opts, cells, colour))
}

/// The board for people: columns across, rows down, `X` black, `O`
/// white (red and blue in colour).
pub fn draw(pos: &Position, colour: bool) -> String {
    let o = pos.options();
    let mut s = String::from("    ");
    for c in 0..o.cols {
        let _ = write!(s, "{c:>3}");
    }
    s.push('\n');
    for (r, row) in pos.cells().chunks(usize::from(o.cols)).enumerate() {
        let _ = write!(s, "{r:>3} ");
        for &c in row {
            let (text, code) = match c {
                1 => ("  X", "1;31"),
                2 => ("  O", "1;34"),
                _ => ("  .", "2"),
            };
            if colour {
                let _ = write!(s, "\x1b[{code}m{text}\x1b[0m");
            } else {
                s.push_str(text);
            }
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos() -> Position {
        let (o, cells, c) = parse_position(SEED_EXAMPLE).unwrap();
        Position::from_cells(o, &cells, c, 0)
    }

    /// The example of the seed, §3.
    const SEED_EXAMPLE: &str = "3 5\n0 1 0\n0 1 0\n1 0 2\n0 0 2\n2 0 0\n1\n";

    #[test]
    fn the_seeds_example_round_trips() {
        let p = pos();
        assert_eq!(p.options(), Options { cols: 3, rows: 5 });
        assert_eq!(p.to_move(), Colour::Black);
        assert_eq!(position_text(&p), SEED_EXAMPLE);
    }

    #[test]
    fn the_seeds_example_answer_is_legal() {
        // "Une sortie valide de votre programme pourra alors être 2 1".
        let p = pos();
        let m = parse_reply(b"2 1").unwrap();
        assert!(p.check(&m).is_ok());
    }

    #[test]
    fn replies_are_two_non_negative_integers() {
        assert_eq!(parse_reply(b"  2\t1 \r"), Ok(UncheckedMove::new(2, 1)));
        assert_eq!(parse_reply(b"99 99"), Ok(UncheckedMove::new(99, 99)));
        for bad in [
            &b"3,4"[..],
            b"3",
            b"3 4 5",
            b"-1 0",
            b"+1 0",
            b"a b",
            b"1.0 2",
        ] {
            let e = parse_reply(bad).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "expected \"col row\", two non-negative integers, got {}",
                    printable(bad)
                )
            );
        }
        assert_eq!(
            parse_reply(b"99999999999 1").unwrap_err().to_string(),
            "\"99999999999\" is too large for a coordinate"
        );
        assert!(
            parse_reply(b"1 \xb6")
                .unwrap_err()
                .to_string()
                .contains("0xb6")
        );
        assert_eq!(reply_text(UncheckedMove::new(2, 1)), "2 1\n");
    }

    #[test]
    fn bad_positions_name_the_line() {
        let e = |t: &str| parse_position(t).unwrap_err().to_string();
        assert_eq!(
            e(""),
            "the position ends early: the line \"cols rows\" expected"
        );
        assert_eq!(e("3 x\n"), "line 1: two sides, got \"3 x\"");
        assert_eq!(e("1 5\n"), "line 1: sides of 2 to 30, got \"1 5\"");
        assert_eq!(
            e("2 2\n0 0\n0 3\n1\n"),
            "line 3: row 1: 2 cells of 0, 1 or 2, got \"0 3\""
        );
        assert_eq!(
            e("2 2\n0 0\n0\n1\n"),
            "line 3: row 1: 2 cells of 0, 1 or 2, got \"0\""
        );
        assert_eq!(
            e("2 2\n0 0\n0 0\n"),
            "the position ends early: the colour to play expected"
        );
        assert_eq!(
            e("2 2\n0 0\n0 0\n3\n"),
            "line 4: the colour to play, 1 or 2, got \"3\""
        );
        assert_eq!(
            e("2 2\n0 0\n0 0\n1\n1\n"),
            "line 5: unexpected text after the colour: \"1\""
        );
    }

    #[test]
    fn the_board_is_drawn_with_coordinates() {
        let d = draw(&pos(), false);
        assert_eq!(
            d,
            "      0  1  2\n  0   .  X  .\n  1   .  X  .\n  2   X  .  O\n  3   .  .  O\n  4   O  .  .\n"
        );
    }
}
