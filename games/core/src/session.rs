//! The vocabulary of the two-player session games whose mover is told what
//! its move led to in one letter (Quarto, Coursidor): `N` play on, `W` the
//! mover won, `D` a draw, `E` the move was illegal; the opponent reads the
//! move and its letter, or `E` (illegal) or `F` (its program failed) in its
//! place. Both sides use it: the referee's adapter writes these messages,
//! our players read them, and a session's end and errors are named the same
//! way in every such game.

use std::io::{self, Write};

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

/// A player's part in a session of such a game, which [`play_turns`]
/// drives: the position, the strategy and the replies are the player's;
/// the referee's messages and what they end are the session's.
pub trait Turns {
    /// An opponent's move as read, not yet checked.
    type Unchecked;
    /// Why the session stops abnormally.
    type Error: From<Unexpected>;
    /// The lines of a move on the wire (the opponent's message holds them,
    /// then its result).
    const MOVE_LINES: usize;

    /// Chooses our move, writes it to `output` and plays it (a move the
    /// referee refuses ends the session: the position is not read again);
    /// `log` is for people.
    fn send(&mut self, output: &mut dyn Write, log: &mut dyn Write) -> Result<(), Self::Error>;
    /// Reads the opponent's move from its [`MOVE_LINES`](Self::MOVE_LINES)
    /// lines.
    fn parse(&self, lines: &[String]) -> Result<Self::Unchecked, Self::Error>;
    /// Takes in the opponent's move, read with its result: checks it
    /// against the position and plays it.
    fn take(&mut self, mv: Self::Unchecked) -> Result<(), Self::Error>;
}

/// Plays the turns of a session, ours first if `ours`, the referee's lines
/// read by `next_line` (`None`: the end of the stream), until a message
/// ends it: our move's result (`W`, `D`, `E`, or `F` in its place), the
/// opponent's turn (`E` or `F` in place of its move, its move's `W` or
/// `D`), or the end of the stream. The turns alternate.
pub fn play_turns<T: Turns>(
    player: &mut T,
    mut ours: bool,
    output: &mut dyn Write,
    log: &mut dyn Write,
    mut next_line: impl FnMut() -> Result<Option<String>, T::Error>,
) -> Result<SessionEnd, T::Error> {
    loop {
        let outcome = if ours {
            player.send(output, log)?;
            match next_line()?.as_deref() {
                None => return Ok(SessionEnd::Closed),
                Some("F") => return Ok(SessionEnd::OpponentFailed),
                Some(line) => match MoveResult::from_line(line)? {
                    MoveResult::Error => return Ok(SessionEnd::OwnError),
                    MoveResult::Legal(o) => o,
                },
            }
        } else {
            let mut lines = match next_line()? {
                None => return Ok(SessionEnd::Closed),
                Some(e) if e == "E" => return Ok(SessionEnd::OpponentError),
                Some(f) if f == "F" => return Ok(SessionEnd::OpponentFailed),
                Some(first) => vec![first],
            };
            while lines.len() < T::MOVE_LINES {
                match next_line()? {
                    Some(line) => lines.push(line),
                    None => return Ok(SessionEnd::Closed),
                }
            }
            let mv = player.parse(&lines)?;
            let Some(result) = next_line()? else {
                return Ok(SessionEnd::Closed);
            };
            let outcome = MoveResult::forwarded(&result)?;
            player.take(mv)?;
            outcome
        };
        match outcome {
            Outcome::Win if ours => return Ok(SessionEnd::Won),
            Outcome::Win => return Ok(SessionEnd::Lost),
            Outcome::Draw => return Ok(SessionEnd::Drawn),
            Outcome::Next => ours = !ours,
        }
    }
}

impl<W, M, I> SessionError<W, M, I> {
    /// Checks the referee's move `mv` with `check` (the rules'), or names
    /// the inconsistency.
    pub fn checked<T>(mv: M, check: impl FnOnce(&M) -> Result<T, I>) -> Result<T, Self> {
        check(&mv).map_err(|source| SessionError::Inconsistent { mv, source })
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

    /// A game of numbers: a move is one line, any number, and each move
    /// must be above the last.
    struct Count {
        last: u32,
    }

    #[derive(Debug, PartialEq, Error)]
    enum CountError {
        #[error("{0}")]
        Wire(#[from] Unexpected),
        #[error("{0} is not above {1}")]
        Inconsistent(u32, u32),
    }

    impl Turns for Count {
        type Unchecked = u32;
        type Error = CountError;
        const MOVE_LINES: usize = 1;

        fn send(&mut self, output: &mut dyn Write, _log: &mut dyn Write) -> Result<(), CountError> {
            self.last += 1;
            writeln!(output, "{}", self.last).expect("a Vec takes it");
            Ok(())
        }

        fn parse(&self, lines: &[String]) -> Result<u32, CountError> {
            lines[0].parse().map_err(|_| {
                CountError::Wire(Unexpected {
                    expected: "a number",
                    got: lines[0].clone(),
                })
            })
        }

        fn take(&mut self, n: u32) -> Result<(), CountError> {
            if n <= self.last {
                return Err(CountError::Inconsistent(n, self.last));
            }
            self.last = n;
            Ok(())
        }
    }

    /// The end of a session on `input`, ours first if `ours`, and what we
    /// sent.
    fn turns(ours: bool, input: &str) -> (Result<SessionEnd, CountError>, String) {
        let mut count = Count { last: 0 };
        let mut lines = input.lines().map(|l| Ok(Some(l.to_owned())));
        let mut out = Vec::new();
        let end = play_turns(&mut count, ours, &mut out, &mut io::sink(), || {
            lines.next().unwrap_or(Ok(None))
        });
        (end, String::from_utf8(out).unwrap())
    }

    #[test]
    fn each_message_that_ends_a_session_ends_it() {
        use SessionEnd::*;
        // Our move's result, or the opponent's move after it.
        for (input, end) in [
            ("W\n", Won),
            ("D\n", Drawn),
            ("E\n", OwnError),
            ("F\n", OpponentFailed),
            ("N\n5\nW\n", Lost),
        ] {
            assert_eq!(turns(true, input), (Ok(end), "1\n".to_owned()));
        }
        // The opponent's move, or what stands in its place.
        for (input, end) in [
            ("E\n", OpponentError),
            ("F\n", OpponentFailed),
            ("3\nD\n", Drawn),
        ] {
            assert_eq!(turns(false, input), (Ok(end), String::new()));
        }
        // The stream may end anywhere.
        for (ours, input) in [(true, ""), (true, "N\n5\nN\n"), (false, "3\n")] {
            assert_eq!(turns(ours, input).0, Ok(Closed), "{input:?}");
        }
        // The turns alternate.
        let (end, sent) = turns(false, "3\nN\nN\n7\nN\nW\n");
        assert_eq!((end, sent.as_str()), (Ok(Won), "4\n8\n"));
    }

    #[test]
    fn the_referees_errors_are_the_sessions() {
        let (end, _) = turns(true, "X\n");
        assert!(matches!(end, Err(CountError::Wire(_))), "{end:?}");
        // A forwarded move's result is never E.
        let (end, _) = turns(false, "3\nE\n");
        assert!(matches!(end, Err(CountError::Wire(_))), "{end:?}");
        let (end, _) = turns(false, "x\nN\n");
        assert!(matches!(end, Err(CountError::Wire(_))), "{end:?}");
        // The rules refuse the move after its result is read.
        let (end, _) = turns(true, "N\n1\nW\n");
        assert!(
            matches!(end, Err(CountError::Inconsistent(1, 1))),
            "{end:?}"
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
