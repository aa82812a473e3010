//! The session wire format (`docs/games/quarto.md`), both ways: what the
//! referee sends each seat, the parse of a reply, and the player's side
//! (the referee's messages read back).
//!
//! ```text
//! referee -> each seat    0 or 1                 its seat; seat 0 gives first
//!                         1 .. 4                 the level
//! seat to move -> referee B3                     where the piece it holds goes ("-" on the first move)
//!                         7                      the piece it gives ("-" when none is left or it wins)
//! referee -> mover        N, W, D or E           play on, you won, draw, illegal (you lose)
//! referee -> opponent     B3 / 7 / N             the move and its result; or E (illegal), F (failure)
//! ```

use game_core::{clean_line, printable};

use crate::error::WireError;
use crate::pattern::Level;
use crate::piece::Piece;
use crate::position::UncheckedMove;
use crate::square::Square;

pub use game_core::session::{MoveResult, OpponentTurn};

/// Longest line of a reply, in bytes (without the `\n`).
pub const MAX_LINE_BYTES: usize = 64;
/// Most bytes before a reply is complete.
pub const MAX_REPLY_BYTES: usize = 4096;
/// Non-blank lines of a reply: the square, then the piece given.
pub const REPLY_LINES: usize = 2;

/// What each seat is told first: its number, then the level.
pub fn greeting(seat: u8, level: Level) -> String {
    format!("{seat}\n{level}\n")
}

/// A move as two lines, with their `\n`: the reply a player sends, and
/// the normalised move its opponent reads.
pub fn reply_text(m: UncheckedMove) -> String {
    let square = m.square.map_or_else(|| "-".to_owned(), |s| s.to_string());
    let gift = m
        .gift
        .map_or_else(|| "-".to_owned(), |p| p.number().to_string());
    format!("{square}\n{gift}\n")
}

/// Reads the square line: `A1` .. `D4`, or `-`.
pub fn parse_square(line: &str) -> Result<Option<Square>, WireError> {
    if line == "-" {
        return Ok(None);
    }
    Square::parse(line)
        .map(Some)
        .ok_or_else(|| WireError::Square(printable(line.as_bytes())))
}

/// Reads the piece line: `0` .. `15` (decimal digits only), or `-`.
pub fn parse_piece(line: &str) -> Result<Option<Piece>, WireError> {
    if line == "-" {
        return Ok(None);
    }
    let bad = || WireError::Piece(printable(line.as_bytes()));
    if line.is_empty() || !line.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u32 = line.parse().map_err(|_| bad())?;
    u8::try_from(n)
        .ok()
        .and_then(Piece::new)
        .map(Some)
        .ok_or_else(bad)
}

/// Reads a reply: its two raw lines (without `\n`), each cleaned (a `\r`
/// and the blanks around the value dropped, printable ASCII required).
pub fn parse_reply(lines: &[Vec<u8>]) -> Result<UncheckedMove, WireError> {
    let line = |i: usize| -> Result<&str, WireError> {
        let raw = lines.get(i).map_or(&[][..], Vec::as_slice);
        clean_line(raw, i + 1, MAX_LINE_BYTES)?.ok_or(WireError::Blank(i + 1))
    };
    let square = parse_square(line(0)?)?;
    let gift = parse_piece(line(1)?)?;
    Ok(UncheckedMove { square, gift })
}

/// Reads the greeting's first line (the player's side): the seat, `0` or
/// `1`.
pub fn parse_seat(line: &str) -> Result<u8, WireError> {
    match line {
        "0" => Ok(0),
        "1" => Ok(1),
        _ => Err(WireError::Unexpected {
            expected: "the seat, 0 or 1",
            got: printable(line.as_bytes()),
        }),
    }
}

/// Reads the greeting's second line (the player's side): the level, `1`
/// to `4`.
pub fn parse_level(line: &str) -> Result<Level, WireError> {
    line.parse()
        .ok()
        .filter(|_| line.len() == 1)
        .and_then(Level::new)
        .ok_or_else(|| WireError::Unexpected {
            expected: "the level, 1 to 4",
            got: printable(line.as_bytes()),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(a: &str, b: &str) -> Vec<Vec<u8>> {
        vec![a.as_bytes().to_vec(), b.as_bytes().to_vec()]
    }

    #[test]
    fn replies_read_squares_pieces_and_dashes() {
        let m = parse_reply(&lines(" B3\r", "\t7 ")).unwrap();
        assert_eq!(m.square, Square::parse("B3"));
        assert_eq!(m.gift, Piece::new(7));
        assert_eq!(m.to_string(), "B3 7");
        let m = parse_reply(&lines("-", "015")).unwrap();
        assert_eq!((m.square, m.gift), (None, Piece::new(15)));
        let m = parse_reply(&lines("D4", "-")).unwrap();
        assert_eq!(m.gift, None);
        assert_eq!(reply_text(m), "D4\n-\n");
    }

    #[test]
    fn bad_replies_quote_what_was_received() {
        let e = |a: &str, b: &str| parse_reply(&lines(a, b)).unwrap_err().to_string();
        assert_eq!(
            e("b3", "7"),
            "expected a square, A1 to D4 (row letter, column digit), or \"-\", got \"b3\""
        );
        assert_eq!(e("E1", "7"), e("E1", "7"));
        assert!(e("A0", "7").ends_with("got \"A0\""));
        assert_eq!(
            e("A1", "16"),
            "expected a piece, 0 to 15, or \"-\", got \"16\""
        );
        assert!(e("A1", "+3").ends_with("got \"+3\""));
        assert!(e("A1", "BTHC").ends_with("got \"BTHC\""));
        assert!(e("A1", "99999999999999").ends_with("got \"99999999999999\""));
        assert!(e("A1", "7 8").ends_with("got \"7 8\""));
        assert!(e("A\u{b6}", "7").contains("0xc2"));
        assert!(e(&"A".repeat(70), "7").contains("over the 64-byte limit"));
    }

    #[test]
    fn messages_to_the_seats() {
        assert_eq!(greeting(1, Level::ALL[3]), "1\n4\n");
        let m = UncheckedMove {
            square: Square::parse("C2"),
            gift: Piece::new(12),
        };
        // The opponent reads the move as the mover sent it.
        assert_eq!(reply_text(m), "C2\n12\n");
        assert_eq!(parse_seat("0"), Ok(0));
        assert!(parse_seat("2").is_err());
        assert_eq!(parse_level("3"), Ok(Level::ALL[2]));
        for bad in ["0", "5", "03", "x", ""] {
            assert!(parse_level(bad).is_err(), "{bad}");
        }
    }
}
