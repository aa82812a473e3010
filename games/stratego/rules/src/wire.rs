//! The wire format of §3: line cleaning and every message, parsed and formatted.
//!
//! Input is tolerant exactly as the protocol says — a trailing `\r`, spaces
//! and tabs around a value, and blank lines are ignored — and strict
//! otherwise: a line is at most [`MAX_LINE_BYTES`] bytes of printable ASCII,
//! and values are spelt exactly (upper-case squares and directions, decimal
//! digits for numbers).

use std::fmt;

use game_core::LineError;

use crate::battle::Outcome;
use crate::error::WireError;
use crate::moves::UncheckedMove;
use crate::piece::{Player, Rank};

/// Longest line a player may send, in bytes, not counting the `\n`.
pub const MAX_LINE_BYTES: usize = 64;

/// Most bytes a player may send for one reply before it is complete.
pub const MAX_REPLY_BYTES: usize = 4096;

/// Splits text into lines at `\n`; a last line without `\n` counts if non-empty.
pub fn split_lines(text: &str) -> impl Iterator<Item = &str> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let empty = body.is_empty() && text.is_empty();
    body.split('\n').filter(move |_| !empty)
}

/// Cleans raw line number `line` (1-based, without its `\n`): checks the
/// length limit, drops a trailing `\r` and surrounding spaces and tabs, and
/// requires printable ASCII (the error names the line and the byte).
/// `Ok(None)` for a blank line, which the protocol skips.
pub fn clean_line(raw: &[u8], line: usize) -> Result<Option<&str>, LineError> {
    game_core::clean_line(raw, line, MAX_LINE_BYTES)
}

/// The cleaned, non-blank lines of a whole message.
fn message_lines(text: &str) -> Result<Vec<&str>, WireError> {
    let mut out = Vec::new();
    for (i, raw) in split_lines(text).enumerate() {
        if let Some(l) = clean_line(raw.as_bytes(), i + 1)? {
            out.push(l);
        }
    }
    Ok(out)
}

/// Reads one complete message from its lines, refusing anything left over.
fn parse_whole<'t, T>(
    text: &'t str,
    read: impl FnOnce(&mut std::vec::IntoIter<&'t str>) -> Result<T, WireError>,
) -> Result<T, WireError> {
    let mut lines = message_lines(text)?.into_iter();
    let value = read(&mut lines)?;
    match lines.next() {
        None => Ok(value),
        Some(extra) => Err(WireError::Trailing(extra.to_owned())),
    }
}

fn next_line<'a>(
    lines: &mut impl Iterator<Item = &'a str>,
    what: &'static str,
) -> Result<&'a str, WireError> {
    lines.next().ok_or(WireError::Truncated(what))
}

/// The first message of a game: the player's number.
pub fn player_number_to_wire(p: Player) -> String {
    format!("{p}\n")
}

/// Reads the player-number message.
pub fn player_number_from_wire(text: &str) -> Result<Player, WireError> {
    parse_whole(text, |l| next_line(l, "a player number")?.parse())
}

/// The referee's answer to a setup.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SetupAnswer {
    /// `OK`: the setup is accepted.
    Ok,
    /// `KO`: the setup is refused and its player loses.
    Ko,
}

impl SetupAnswer {
    /// Reads one cleaned line.
    pub fn from_line(line: &str) -> Result<SetupAnswer, WireError> {
        match line {
            "OK" => Ok(SetupAnswer::Ok),
            "KO" => Ok(SetupAnswer::Ko),
            _ => Err(WireError::BadSetupAnswer(line.to_owned())),
        }
    }

    /// Reads the whole message.
    pub fn from_wire(text: &str) -> Result<SetupAnswer, WireError> {
        parse_whole(text, |l| SetupAnswer::from_line(next_line(l, "OK or KO")?))
    }

    /// `OK\n` or `KO\n`.
    pub fn to_wire(self) -> &'static str {
        match self {
            SetupAnswer::Ok => "OK\n",
            SetupAnswer::Ko => "KO\n",
        }
    }
}

/// The result of a move, as sent to both players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveResult {
    /// `N`: a legal move onto an empty square.
    Nothing,
    /// `B`: a battle; the attacker's and defender's codes follow.
    Battle {
        /// The moving piece.
        attacker: Rank,
        /// The piece attacked.
        defender: Rank,
    },
    /// `E`: the move was illegal or unreadable; the mover loses.
    Error,
    /// `F`: the opponent failed; the receiver wins.
    Failure,
}

impl From<Outcome> for MoveResult {
    fn from(o: Outcome) -> MoveResult {
        match o {
            Outcome::Quiet => MoveResult::Nothing,
            Outcome::Battle { attacker, defender } => MoveResult::Battle { attacker, defender },
        }
    }
}

impl MoveResult {
    /// The letter that starts the result.
    pub const fn letter(self) -> char {
        match self {
            MoveResult::Nothing => 'N',
            MoveResult::Battle { .. } => 'B',
            MoveResult::Error => 'E',
            MoveResult::Failure => 'F',
        }
    }

    /// The result lines, each ending in `\n`.
    pub fn to_wire(self) -> String {
        match self {
            MoveResult::Battle { attacker, defender } => {
                format!("B\n{}\n{}\n", attacker.code(), defender.code())
            }
            other => format!("{}\n", other.letter()),
        }
    }

    /// Reads a result from cleaned lines: one line, or three for a battle.
    pub fn from_lines<'a>(
        lines: &mut impl Iterator<Item = &'a str>,
    ) -> Result<MoveResult, WireError> {
        match next_line(lines, "a move result")? {
            "N" => Ok(MoveResult::Nothing),
            "E" => Ok(MoveResult::Error),
            "F" => Ok(MoveResult::Failure),
            "B" => Ok(MoveResult::Battle {
                attacker: next_line(lines, "the attacker's code")?.parse()?,
                defender: next_line(lines, "the defender's code")?.parse()?,
            }),
            other => Err(WireError::BadResult(other.to_owned())),
        }
    }

    /// Reads the whole message.
    pub fn from_wire(text: &str) -> Result<MoveResult, WireError> {
        parse_whole(text, MoveResult::from_lines)
    }
}

impl fmt::Display for MoveResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveResult::Battle { attacker, defender } => {
                write!(f, "B {} {}", attacker.code(), defender.code())
            }
            other => write!(f, "{}", other.letter()),
        }
    }
}

impl UncheckedMove {
    /// Reads a move from cleaned lines.
    pub fn read_lines<'a>(
        lines: &mut impl Iterator<Item = &'a str>,
    ) -> Result<UncheckedMove, WireError> {
        let square = next_line(lines, "the square of the piece to move")?;
        let dir = next_line(lines, "a direction")?;
        let distance = next_line(lines, "a distance")?;
        UncheckedMove::from_lines(square, dir, distance)
    }

    /// Reads a whole three-line move message.
    pub fn from_wire(text: &str) -> Result<UncheckedMove, WireError> {
        parse_whole(text, UncheckedMove::read_lines)
    }
}

/// What a player receives after its opponent's turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OpponentTurn {
    /// The opponent's move, normalised, and its result. With the result
    /// [`MoveResult::Error`] the move was illegal (it read as a move, but
    /// breaks a rule): the receiver wins.
    Move(UncheckedMove, MoveResult),
    /// `E` in place of the move: the opponent's reply did not read as a
    /// move; the receiver wins.
    Error,
    /// `F` in place of the move: the opponent failed; the receiver wins.
    Failure,
}

impl OpponentTurn {
    /// The message, each line ending in `\n`.
    pub fn to_wire(self) -> String {
        match self {
            OpponentTurn::Move(m, r) => m.to_wire() + &r.to_wire(),
            OpponentTurn::Error => "E\n".to_owned(),
            OpponentTurn::Failure => "F\n".to_owned(),
        }
    }

    /// Reads the message from cleaned lines: a first line `E` or `F` ends
    /// the game, anything else starts a move.
    pub fn from_lines<'a>(
        lines: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
    ) -> Result<OpponentTurn, WireError> {
        match lines.peek() {
            Some(&"E") => {
                lines.next();
                Ok(OpponentTurn::Error)
            }
            Some(&"F") => {
                lines.next();
                Ok(OpponentTurn::Failure)
            }
            _ => {
                let m = UncheckedMove::read_lines(lines)?;
                Ok(OpponentTurn::Move(m, MoveResult::from_lines(lines)?))
            }
        }
    }

    /// Reads the whole message.
    pub fn from_wire(text: &str) -> Result<OpponentTurn, WireError> {
        parse_whole(text, |l| OpponentTurn::from_lines(&mut l.peekable()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleaning_follows_section_3() {
        assert_eq!(clean_line(b"B3", 1), Ok(Some("B3")));
        assert_eq!(clean_line(b"B3\r", 1), Ok(Some("B3")));
        assert_eq!(clean_line(b" \tB3 \t\r", 1), Ok(Some("B3")));
        assert_eq!(clean_line(b"", 1), Ok(None));
        assert_eq!(clean_line(b" \t\r", 1), Ok(None));
        assert_eq!(
            clean_line(&[b'1'; 64], 1).map(|l| l.map(str::len)),
            Ok(Some(64))
        );
        assert!(
            clean_line(&[b'1'; 65], 3)
                .unwrap_err()
                .to_string()
                .starts_with("line 3 is too long (65 bytes, over the 64-byte limit)")
        );
        let not_text = |raw: &[u8]| clean_line(raw, 2).unwrap_err().to_string();
        assert_eq!(
            not_text(b"B\x003"),
            "line 2 holds the byte 0x00 at column 2, which is not printable ASCII: \"B\\x003\""
        );
        assert!(not_text("É3".as_bytes()).starts_with("line 2 holds the byte 0xc3 at column 1"));
        // Only a trailing \r is dropped; one inside the value is not text.
        assert!(not_text(b"B\r3").starts_with("line 2 holds the byte 0x0d at column 2"));
    }

    #[test]
    fn splitting() {
        assert_eq!(split_lines("").count(), 0);
        assert_eq!(split_lines("\n").collect::<Vec<_>>(), [""]);
        assert_eq!(split_lines("a\nb").collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(split_lines("a\nb\n").collect::<Vec<_>>(), ["a", "b"]);
    }

    #[test]
    fn results() {
        let b = MoveResult::Battle {
            attacker: Rank::Spy,
            defender: Rank::Marshal,
        };
        assert_eq!(b.to_wire(), "B\n10\n1\n");
        assert_eq!(MoveResult::from_wire("B\n10\n1\n"), Ok(b));
        assert_eq!(MoveResult::from_wire("N\n"), Ok(MoveResult::Nothing));
        assert_eq!(
            MoveResult::from_wire("B\n10\n"),
            Err(WireError::Truncated("the defender's code"))
        );
        assert!(MoveResult::from_wire("X\n").is_err());
        assert!(MoveResult::from_wire("N\nN\n").is_err());
    }

    #[test]
    fn opponent_turns() {
        let m = UncheckedMove::from_lines("B3", "E", "1").unwrap();
        let t = OpponentTurn::Move(m, MoveResult::Nothing);
        assert_eq!(t.to_wire(), "B3\nE\n1\nN\n");
        assert_eq!(OpponentTurn::from_wire("B3\r\nE\n 1\n\nN\n"), Ok(t));
        assert_eq!(OpponentTurn::from_wire("E\n"), Ok(OpponentTurn::Error));
        // An illegal move that reads as a move is forwarded, then E.
        let illegal = OpponentTurn::Move(m, MoveResult::Error);
        assert_eq!(illegal.to_wire(), "B3\nE\n1\nE\n");
        assert_eq!(OpponentTurn::from_wire("B3\nE\n1\nE\n"), Ok(illegal));
        assert_eq!(OpponentTurn::from_wire("F\n"), Ok(OpponentTurn::Failure));
    }

    #[test]
    fn setup_answers_and_numbers() {
        assert_eq!(SetupAnswer::from_wire("OK\r\n"), Ok(SetupAnswer::Ok));
        assert_eq!(SetupAnswer::from_wire("KO\n"), Ok(SetupAnswer::Ko));
        assert!(SetupAnswer::from_wire("ok\n").is_err());
        assert_eq!(player_number_from_wire("1\n"), Ok(Player::One));
        assert!(player_number_from_wire("2\n").is_err());
    }
}
