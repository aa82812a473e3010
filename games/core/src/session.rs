//! The vocabulary of the two-player session games whose mover is told what
//! its move led to in one letter (Quarto, Coursidor): `N` play on, `W` the
//! mover won, `D` a draw, `E` the move was illegal; the opponent reads the
//! move and its letter, or `E` (illegal) or `F` (its program failed) in its
//! place. Both sides use it: the referee's adapter writes these messages,
//! our players read them, and a session's end and errors are named the same
//! way in every such game.

use std::io;

use thiserror::Error;

use crate::line::{LineError, printable};
use crate::reader::ReadError;
use crate::{Seat, Tell};

/// What a legal move led to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Play goes on.
    Next,
    /// The mover wins.
    Win,
    /// The game is drawn.
    Draw,
}

impl Outcome {
    /// Its letter on the wire: `N`, `W`, `D`.
    pub const fn letter(self) -> char {
        match self {
            Outcome::Next => 'N',
            Outcome::Win => 'W',
            Outcome::Draw => 'D',
        }
    }
}

/// A line that is not the message expected at this point of a session.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("expected {expected}, got {got}")]
pub struct Unexpected {
    /// What was expected.
    pub expected: &'static str,
    /// What came, quoted.
    pub got: String,
}

/// The result of a move, as the mover reads it and as it closes the
/// opponent's message.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveResult {
    /// `N`, `W` or `D`: the move was legal, and what it led to.
    Legal(Outcome),
    /// `E`: the move was illegal or unreadable; the mover loses.
    Error,
}

impl MoveResult {
    /// The line, with its `\n`.
    pub fn to_wire(self) -> String {
        match self {
            MoveResult::Legal(o) => format!("{}\n", o.letter()),
            MoveResult::Error => "E\n".to_owned(),
        }
    }

    /// Reads a result line (the player's side).
    pub fn from_line(line: &str) -> Result<MoveResult, Unexpected> {
        Ok(match line {
            "N" => MoveResult::Legal(Outcome::Next),
            "W" => MoveResult::Legal(Outcome::Win),
            "D" => MoveResult::Legal(Outcome::Draw),
            "E" => MoveResult::Error,
            _ => {
                return Err(Unexpected {
                    expected: "a result, N, W, D or E",
                    got: printable(line.as_bytes()),
                });
            }
        })
    }

    /// Reads the result line that closes the opponent's move, as the
    /// referee forwards it: the move was legal, so `E` is refused too.
    pub fn forwarded(line: &str) -> Result<Outcome, Unexpected> {
        match MoveResult::from_line(line)? {
            MoveResult::Legal(o) => Ok(o),
            MoveResult::Error => Err(Unexpected {
                expected: "the result of a move the referee forwards (N, W or D)",
                got: printable(line.as_bytes()),
            }),
        }
    }
}

/// What a seat reads about its opponent's turn; `M` is the game's move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OpponentTurn<M> {
    /// The move (normalised) and its result.
    Move(M, Outcome),
    /// `E`: the opponent's reply was illegal or unreadable; you win.
    Error,
    /// `F`: the opponent's program failed; you win.
    Failure,
}

impl<M> OpponentTurn<M> {
    /// The message, lines with their `\n`; `move_lines` writes the move's
    /// own lines, each with its `\n`.
    pub fn to_wire(&self, move_lines: impl FnOnce(&M) -> String) -> String {
        match self {
            OpponentTurn::Move(m, o) => move_lines(m) + &MoveResult::Legal(*o).to_wire(),
            OpponentTurn::Error => "E\n".to_owned(),
            OpponentTurn::Failure => "F\n".to_owned(),
        }
    }
}

/// What the two seats are told of `seat`'s legal move: the mover its
/// result, the opponent `move_lines` (the move's own lines, each with its
/// `\n`) and the result.
pub fn tell_played(seat: Seat, outcome: Outcome, move_lines: String, tell: &mut Tell) {
    tell.to(seat, MoveResult::Legal(outcome).to_wire());
    tell.to(
        1 - seat,
        OpponentTurn::Move(move_lines, outcome).to_wire(String::clone),
    );
}

/// What the two seats are told when `seat`'s reply was unreadable or
/// illegal: `E` to both.
pub fn tell_illegal(seat: Seat, tell: &mut Tell) {
    tell.to(seat, MoveResult::Error.to_wire());
    tell.to(
        1 - seat,
        OpponentTurn::<()>::Error.to_wire(|_| String::new()),
    );
}

/// What the opponent is told when `seat`'s program failed: `F`.
pub fn tell_failure(seat: Seat, tell: &mut Tell) {
    tell.to(
        1 - seat,
        OpponentTurn::<()>::Failure.to_wire(|_| String::new()),
    );
}

/// How a player's session of such a game ended without error.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SessionEnd {
    /// The referee closed the stream.
    Closed,
    /// We won (`W` after our move).
    Won,
    /// The opponent won (`W` after its move).
    Lost,
    /// The game was drawn.
    Drawn,
    /// Our move was judged illegal (`E`).
    OwnError,
    /// The opponent's move was illegal (`E` in place of its move).
    OpponentError,
    /// `F`: the opponent failed.
    OpponentFailed,
}

/// Why a player's session stopped abnormally: `W` is the game's wire
/// error, `M` its move as read, `I` why its rules refuse a move. The game's
/// rules crate converts its wire error into it (`From`), so that `?` works
/// on what the wire functions return.
#[derive(Debug, Error)]
pub enum SessionError<W, M, I> {
    /// Reading stdin or writing stdout failed.
    #[error("i/o error")]
    Io(#[from] io::Error),
    /// The referee sent something that is not the expected message.
    #[error("unreadable message from the referee")]
    Wire(#[source] W),
    /// The referee's messages contradict the game as we know it.
    #[error("the referee's move {mv} is not legal here")]
    Inconsistent {
        /// The move.
        mv: M,
        /// Why our rules refuse it.
        #[source]
        source: I,
    },
}

impl<W: From<LineError>, M, I> From<ReadError> for SessionError<W, M, I> {
    fn from(e: ReadError) -> SessionError<W, M, I> {
        match e {
            ReadError::Io(e) => SessionError::Io(e),
            ReadError::Line(e) => SessionError::Wire(e.into()),
        }
    }
}

impl<W: From<Unexpected>, M, I> From<Unexpected> for SessionError<W, M, I> {
    fn from(e: Unexpected) -> SessionError<W, M, I> {
        SessionError::Wire(e.into())
    }
}

/// The two conversions a game's wire error `$wire` needs to serve a
/// session: from [`Unexpected`] into its `Unexpected { expected, got }`
/// variant, and into [`SessionError::Wire`] so that `?` works on what its
/// wire functions return. A macro, since game-core cannot write the second
/// for every type: it would overlap the standard `From<T> for T`.
#[macro_export]
macro_rules! session_wire_error {
    ($wire:ident) => {
        impl From<$crate::session::Unexpected> for $wire {
            fn from(e: $crate::session::Unexpected) -> $wire {
                $wire::Unexpected {
                    expected: e.expected,
                    got: e.got,
                }
            }
        }

        /// Our players' session errors read this crate's wire errors as
        /// they are.
        impl<M, I> From<$wire> for $crate::session::SessionError<$wire, M, I> {
            fn from(e: $wire) -> $crate::session::SessionError<$wire, M, I> {
                $crate::session::SessionError::Wire(e)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_round_trip() {
        for r in [
            MoveResult::Legal(Outcome::Next),
            MoveResult::Legal(Outcome::Win),
            MoveResult::Legal(Outcome::Draw),
            MoveResult::Error,
        ] {
            let wire = r.to_wire();
            assert_eq!(MoveResult::from_line(wire.trim_end()), Ok(r));
        }
        let e = MoveResult::from_line("X").unwrap_err();
        assert_eq!(e.to_string(), "expected a result, N, W, D or E, got \"X\"");
    }

    #[test]
    fn a_forwarded_result_is_never_an_error() {
        assert_eq!(MoveResult::forwarded("W"), Ok(Outcome::Win));
        let e = MoveResult::forwarded("E").unwrap_err();
        assert_eq!(e.got, "\"E\"");
    }

    #[test]
    fn both_seats_are_told() {
        let mut tell = Tell::new();
        tell_played(1, Outcome::Next, "M 3\n".into(), &mut tell);
        tell_illegal(0, &mut tell);
        tell_failure(1, &mut tell);
        let told: Vec<(Seat, &str)> = tell
            .messages()
            .iter()
            .map(|(s, t)| (*s, t.as_str()))
            .collect();
        assert_eq!(
            told,
            [
                (1, "N\n"),
                (0, "M 3\nN\n"),
                (0, "E\n"),
                (1, "E\n"),
                (0, "F\n")
            ]
        );
    }

    #[test]
    fn the_opponents_turn_ends_with_its_result() {
        let turn = OpponentTurn::Move(7, Outcome::Draw);
        assert_eq!(turn.to_wire(|m| format!("M {m}\n")), "M 7\nD\n");
        assert_eq!(OpponentTurn::<u8>::Error.to_wire(|_| unreachable!()), "E\n");
        assert_eq!(
            OpponentTurn::<u8>::Failure.to_wire(|_| unreachable!()),
            "F\n"
        );
    }
}
