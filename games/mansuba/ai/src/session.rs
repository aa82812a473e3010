//! One game from the player's side of the protocol
//! (`docs/games/mansuba.md`): read the greeting and the turn messages,
//! keep the position, answer with the strategy's actions.

use std::io::{self, Read, Write};
use std::time::Instant;

use game_core::{LineReader, ReadError};
use mansuba::wire::{self, Event, Greeting};
use mansuba::{IllegalMove, Outcome, Played, Position, UncheckedAction, WireError};
use thiserror::Error;

use crate::arena::Player;
use crate::strategy::Bot;

/// How a session ended without error.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SessionEnd {
    /// The referee closed the stream.
    Closed,
    /// We won.
    Won,
    /// Another player won.
    Lost(usize),
    /// The game was drawn.
    Drawn,
    /// A seat's reply was illegal (`SEAT E`): ours, or another's.
    Illegal(usize),
    /// A seat's program failed (`SEAT F`).
    Failed(usize),
}

/// Why a session stopped abnormally.
#[derive(Debug, Error)]
pub enum SessionError {
    /// Reading stdin or writing stdout failed.
    #[error("i/o error")]
    Io(#[from] io::Error),
    /// The referee sent something that is not the expected message.
    #[error("unreadable message from the referee")]
    Wire(#[from] WireError),
    /// The greeting does not describe a game.
    #[error("the greeting does not describe a game (start sets overlap, a sort without moves...)")]
    Greeting,
    /// The referee's messages contradict the game as we know it.
    #[error("the referee's turn `{line}` does not follow from the game as we know it: {why}")]
    Inconsistent {
        /// The turn as received.
        line: String,
        /// What is wrong.
        why: String,
    },
    /// An action the rules refuse, as the referee told it.
    #[error("the referee's action {action} of player {seat} is not legal here")]
    Refused {
        /// The seat.
        seat: usize,
        /// The action.
        action: UncheckedAction,
        /// Why our rules refuse it.
        #[source]
        source: IllegalMove,
    },
}

/// A person's game ([`game_core::play::PlayError`]) carries it.
impl game_core::play::SessionFault for SessionError {}

impl From<ReadError> for SessionError {
    fn from(e: ReadError) -> SessionError {
        match e {
            ReadError::Io(e) => SessionError::Io(e),
            ReadError::Line(e) => SessionError::Wire(e.into()),
        }
    }
}

/// Reads the greeting; `None` when the stream ends before it.
pub fn read_greeting<R: Read>(lines: &mut LineReader<R>) -> Result<Option<Greeting>, SessionError> {
    // The greeting's reader speaks only `WireError`: the end of the stream
    // and a failed read are noted here and told apart once it returns.
    let mut closed = false;
    let mut failed: Option<io::Error> = None;
    let greeting = Greeting::read(|| match lines.next_line() {
        Ok(Some(l)) => Ok(l),
        Ok(None) => {
            closed = true;
            Err(WireError::Blank(0))
        }
        Err(ReadError::Line(e)) => Err(e.into()),
        Err(ReadError::Io(e)) => {
            let got = e.to_string();
            failed = Some(e);
            Err(WireError::Unexpected {
                expected: "the greeting",
                got,
            })
        }
    });
    match greeting {
        Ok(g) => Ok(Some(g)),
        Err(_) if failed.is_some() => Err(failed.take().expect("just seen").into()),
        Err(_) if closed => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// What one turn's message told.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// `seat` acted, `played` on the position; `end` if that ended the
    /// session.
    Played {
        /// The seat.
        seat: usize,
        /// What its action did.
        played: Played,
        /// The end of the session it made, if any.
        end: Option<SessionEnd>,
    },
    /// The session ended in place of a turn (an illegal reply, a failed
    /// program, the end of the stream).
    Over(SessionEnd),
}

/// Reads one turn's message (the action, the relation drawn, the result)
/// and plays it on `pos`, checking it against the rules; `me` is our seat.
pub fn read_turn<R: Read>(
    lines: &mut LineReader<R>,
    pos: &mut Position,
    me: usize,
) -> Result<Turn, SessionError> {
    let Some(line) = lines.next_line()? else {
        return Ok(Turn::Over(SessionEnd::Closed));
    };
    let inconsistent = |why: String| SessionError::Inconsistent {
        line: line.clone(),
        why,
    };
    let (seat, action, escaped) = match wire::parse_event(&line)? {
        Event::Acted {
            seat,
            action,
            escaped,
        } => (seat, action, escaped),
        Event::Illegal(s) => return Ok(Turn::Over(SessionEnd::Illegal(s))),
        Event::Failed(s) => return Ok(Turn::Over(SessionEnd::Failed(s))),
        other => return Err(inconsistent(format!("expected an action, got {other:?}"))),
    };
    if pos.end().is_some() || seat != pos.to_move() {
        return Err(inconsistent(format!("player {} is to move", pos.to_move())));
    }
    let checked = pos.check(&action).map_err(|source| SessionError::Refused {
        seat,
        action,
        source,
    })?;
    let played = pos.play(checked, escaped == Some(true));
    if played.escaped.is_some() != escaped.is_some() {
        return Err(inconsistent("an escape without its outcome".to_owned()));
    }
    let mut next = lines.next_line()?;
    if pos.change_due() {
        match next.as_deref().map(wire::parse_event) {
            Some(Ok(Event::Relation(r))) if r != pos.relation() => {
                pos.set_relation(r);
            }
            _ => {
                return Err(inconsistent(format!(
                    "a relation change is due after turn {}",
                    pos.turn()
                )));
            }
        }
        next = lines.next_line()?;
    }
    let Some(result) = next else {
        return Ok(Turn::Over(SessionEnd::Closed));
    };
    let end = match wire::parse_event(&result)? {
        Event::Result(o) if o == played.outcome => match o {
            Outcome::Next => None,
            Outcome::Win if seat == me => Some(SessionEnd::Won),
            Outcome::Win => Some(SessionEnd::Lost(seat)),
            Outcome::Draw => Some(SessionEnd::Drawn),
        },
        other => {
            return Err(inconsistent(format!(
                "our rules give {:?}, the referee {other:?}",
                played.outcome
            )));
        }
    };
    Ok(Turn::Played { seat, played, end })
}

/// Plays one game on `input`/`output` with `bot`; `log` receives a line
/// per move of ours (usually stderr).
pub fn run<R: Read, W: Write>(
    input: R,
    output: W,
    bot: &mut Bot,
    log: &mut dyn Write,
) -> Result<SessionEnd, SessionError> {
    game_core::play_to_the_end(input, |input| {
        let mut lines = LineReader::new(input, wire::MAX_MESSAGE_LINE_BYTES);
        play(&mut lines, output, bot, log)
    })
}

/// The game itself, up to the message that ends it.
fn play(
    lines: &mut LineReader<impl Read>,
    mut output: impl Write,
    bot: &mut Bot,
    log: &mut dyn Write,
) -> Result<SessionEnd, SessionError> {
    let Some(greeting) = read_greeting(lines)? else {
        return Ok(SessionEnd::Closed);
    };
    let me = greeting.seat;
    let mut pos = greeting.position().ok_or(SessionError::Greeting)?;
    let _ = writeln!(
        log,
        "seat {me} of {}, {}x{}, {} relation, {} victory, strategy {}",
        greeting.players,
        greeting.world.width(),
        greeting.world.height(),
        greeting.relation,
        greeting.victory.name(),
        bot.strategy().name()
    );
    loop {
        if pos.end().is_none() && pos.to_move() == me {
            let started = Instant::now();
            let action = bot.act(&pos);
            writeln!(output, "{action}")?;
            output.flush()?;
            let took = started.elapsed().as_secs_f64() * 1e3;
            let _ = match bot.searcher() {
                Some(s) => {
                    let r = s.report();
                    writeln!(
                        log,
                        "move {}: {action} in {took:.3} ms (depth {}, {} nodes, value {}, {} actions)",
                        pos.turn() + 1,
                        r.depth,
                        r.nodes,
                        r.value,
                        r.actions
                    )
                }
                None => writeln!(log, "move {}: {action} in {took:.3} ms", pos.turn() + 1),
            };
        }
        match read_turn(lines, &mut pos, me)? {
            Turn::Played { end: None, .. } => {}
            Turn::Played { end: Some(end), .. } | Turn::Over(end) => return Ok(end),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Settings;
    use crate::strategy::Strategy;
    use game_core::Rng;
    use mansuba::{First, Options, Position, Setup};

    /// The greeting of `pos` for `seat`.
    fn greeting_text(pos: &Position, seat: usize) -> String {
        Greeting::of(pos, seat).to_wire()
    }

    fn start(first: u8) -> Position {
        let options = Options {
            first: First::Seat(first),
            ..Options::default()
        };
        Setup::new(&options, 200).unwrap().start(&mut Rng::new(1))
    }

    fn bot(strategy: Strategy) -> Bot {
        let settings = Settings {
            tt_bits: 10,
            max_nodes: Some(2000),
            ..Settings::default()
        };
        Bot::new(strategy, 1, settings)
    }

    #[test]
    fn a_seat_moves_then_reads_the_turns() {
        // Seat 0 moves first (the bot's first action, known from a twin);
        // then seat 1 moves 9 8; then the stream ends.
        let expected = bot(Strategy::Random).act(&start(0));
        let mut input = greeting_text(&start(0), 0);
        input.push_str(&format!("0 {expected}\nN\n1 9 8\nN\n"));
        let mut out = Vec::new();
        let end = run(
            input.as_bytes(),
            &mut out,
            &mut bot(Strategy::Random),
            &mut io::sink(),
        )
        .unwrap();
        assert_eq!(end, SessionEnd::Closed);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert_eq!(lines[0], expected.to_string());
    }

    #[test]
    fn ends_and_inconsistencies() {
        let mut b = bot(Strategy::Ai);
        let g = greeting_text(&start(1), 0);
        let mut session = |turns: &str| {
            let input = format!("{g}{turns}");
            run(input.as_bytes(), Vec::new(), &mut b, &mut io::sink())
        };
        assert_eq!(session("1 F\n").unwrap(), SessionEnd::Failed(1));
        assert_eq!(session("1 E\n").unwrap(), SessionEnd::Illegal(1));
        // Seat 1 moving a piece of seat 0.
        let e = session("1 0 1\nN\n").unwrap_err();
        assert!(matches!(e, SessionError::Refused { seat: 1, .. }), "{e}");
        // A result our rules do not give.
        let e = session("1 9 8\nW\n").unwrap_err();
        assert!(matches!(e, SessionError::Inconsistent { .. }), "{e}");
        let end = run(&b""[..], Vec::new(), &mut b, &mut io::sink()).unwrap();
        assert_eq!(end, SessionEnd::Closed);
    }

    #[test]
    fn regression_the_session_reads_on_after_its_end_message_until_the_end_of_input() {
        // A referee that goes on writing after the message that ends the
        // game (anything, even bytes no line allows): the session returns
        // only once it has read it all, at the end of the input.
        let g = greeting_text(&start(1), 0);
        for (end_message, end) in [
            ("1 F\n", SessionEnd::Failed(1)),
            ("1 E\n", SessionEnd::Illegal(1)),
        ] {
            let input = format!("{g}{end_message}1 9 8\nN\nmore\n");
            let got = game_core::assert_reads_to_the_end(&input, |rest| {
                run(
                    rest,
                    Vec::new(),
                    &mut bot(Strategy::Random),
                    &mut io::sink(),
                )
            });
            assert_eq!(got.unwrap(), end);
        }
    }

    #[test]
    fn regression_a_failed_read_during_the_greeting_was_a_clean_close() {
        // The first line (seat 0 of 2) arrives, then the stream breaks: an error naming
        // the read, not the end of a game nobody played.
        struct Breaks(bool);
        impl Read for Breaks {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if std::mem::replace(&mut self.0, true) {
                    return Err(io::ErrorKind::ConnectionReset.into());
                }
                buf[..4].copy_from_slice(b"0 2\n");
                Ok(4)
            }
        }
        let e = run(
            Breaks(false),
            Vec::new(),
            &mut bot(Strategy::Random),
            &mut io::sink(),
        )
        .unwrap_err();
        assert!(
            matches!(e, SessionError::Io(ref err) if err.kind() == io::ErrorKind::ConnectionReset),
            "{e:?}"
        );
    }
}
