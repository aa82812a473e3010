//! One game from the player's side of the protocol
//! (`docs/games/quarto.md`): read the referee's messages from a byte
//! stream, keep the position, answer with the strategy's moves.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use game_core::session::{self, Turns};
use game_core::{LineReader, Rng};
use quarto::wire;
use quarto::{IllegalMove, Level, Position, UncheckedMove, WireError};

use crate::search::{Searcher, Settings};
use crate::strategy::{Strategy, choose};

pub use game_core::session::SessionEnd;

/// Why a session stopped abnormally.
pub type SessionError = game_core::session::SessionError<WireError, UncheckedMove, IllegalMove>;

/// How our side plays.
pub struct Player {
    /// The strategy.
    pub strategy: Strategy,
    /// The AI's search settings.
    pub settings: Settings,
    /// Random choices (the baselines' ties).
    pub rng: Rng,
    /// Time to choose a move, from the moment the referee's message has
    /// been read.
    pub move_time: Duration,
}

/// Plays one game on `input`/`output`; `log` receives a line per move
/// (usually stderr).
pub fn run<R: Read, W: Write>(
    input: R,
    output: W,
    player: &mut Player,
    log: &mut dyn Write,
) -> Result<SessionEnd, SessionError> {
    game_core::play_to_the_end(input, |input| {
        let mut reader = LineReader::new(input, wire::MAX_LINE_BYTES);
        play(&mut reader, output, player, log)
    })
}

/// The game itself, up to the message that ends it.
fn play(
    reader: &mut LineReader<impl Read>,
    mut output: impl Write,
    player: &mut Player,
    log: &mut dyn Write,
) -> Result<SessionEnd, SessionError> {
    let Some(first) = reader.next_line()? else {
        return Ok(SessionEnd::Closed);
    };
    if first == "F" {
        return Ok(SessionEnd::OpponentFailed);
    }
    let me = wire::parse_seat(&first)?;
    let Some(level) = reader.next_line()? else {
        return Ok(SessionEnd::Closed);
    };
    let level = wire::parse_level(&level)?;
    let _ = writeln!(log, "seat {me}, level {level}");
    let mut seat = Seat::new(level, player);
    let next_line = || Ok(reader.next_line()?);
    session::play_turns(&mut seat, me == 0, &mut output, log, next_line)
}

/// Our seat in a game: the position, how we choose.
struct Seat<'a> {
    pos: Position,
    searcher: Searcher,
    player: &'a mut Player,
    /// When the referee's clock for our next move started.
    ready: Instant,
}

impl Seat<'_> {
    /// Our seat at the start of a game at `level`, as `player` plays.
    fn new(level: Level, player: &mut Player) -> Seat<'_> {
        Seat {
            pos: Position::new(level, 0),
            searcher: Searcher::new(level, player.settings),
            player,
            // The referee's clock runs from the moment it finished writing
            // what we needed, so ours starts when we have read it.
            ready: Instant::now(),
        }
    }
}

impl Turns for Seat<'_> {
    type Unchecked = UncheckedMove;
    type Error = SessionError;
    /// The square, then the gift.
    const MOVE_LINES: usize = 2;

    fn send(&mut self, output: &mut dyn Write, log: &mut dyn Write) -> Result<(), SessionError> {
        let p = &mut *self.player;
        let deadline = self.ready + p.move_time;
        let choice = choose(
            p.strategy,
            &self.pos,
            &mut p.rng,
            deadline,
            &mut self.searcher,
        );
        let mv = choice.mv;
        output.write_all(wire::reply_text(mv.to_unchecked()).as_bytes())?;
        output.flush()?;
        let took = self.ready.elapsed().as_secs_f64() * 1e3;
        let ply = self.pos.plies() + 1;
        let e = self.pos.board().empties();
        let _ = match choice.report {
            Some(r) => writeln!(
                log,
                "move {ply}: {mv} in {took:.3} ms (depth {}, {} nodes, {}{})",
                r.depth,
                r.nodes,
                r.value_words(e),
                if r.exact { ", exact" } else { "" }
            ),
            None => writeln!(log, "move {ply}: {mv} in {took:.3} ms"),
        };
        self.pos.play(mv);
        Ok(())
    }

    fn parse(&self, lines: &[String]) -> Result<UncheckedMove, SessionError> {
        Ok(UncheckedMove {
            square: wire::parse_square(&lines[0])?,
            gift: wire::parse_piece(&lines[1])?,
        })
    }

    fn take(&mut self, u: UncheckedMove) -> Result<(), SessionError> {
        self.ready = Instant::now();
        let mv = SessionError::checked(u, |u| self.pos.check(u))?;
        self.pos.play(mv);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::io;

    use super::*;

    /// A session of `strategy` on `input`: how it ended, and our replies.
    fn session(strategy: Strategy, input: &str) -> (Result<SessionEnd, SessionError>, String) {
        let settings = Settings {
            tt_bits: 10,
            ..Settings::default()
        };
        let mut player = Player {
            strategy,
            settings,
            rng: Rng::new(1),
            move_time: Duration::from_millis(50),
        };
        let mut out = Vec::new();
        let end = run(input.as_bytes(), &mut out, &mut player, &mut io::sink());
        (end, String::from_utf8(out).unwrap())
    }

    #[test]
    fn regression_the_session_reads_on_after_its_end_message_until_the_end_of_input() {
        // A referee that goes on writing after the message that ends the
        // game: the session returns only once it has read it all.
        for (input, end) in [
            ("1\n4\nE\n", SessionEnd::OpponentError),
            ("0\n2\nE\n", SessionEnd::OwnError),
            ("F\n", SessionEnd::OpponentFailed),
            ("1\n1\n-\n4\nW\n", SessionEnd::Lost),
        ] {
            let input = format!("{input}A1\n3\nN\n\u{7f}more\n");
            let mut player = Player {
                strategy: Strategy::Random,
                settings: Settings {
                    tt_bits: 10,
                    ..Settings::default()
                },
                rng: Rng::new(1),
                move_time: Duration::from_millis(50),
            };
            let got = game_core::assert_reads_to_the_end(&input, |rest| {
                run(rest, &mut Vec::new(), &mut player, &mut io::sink())
            });
            assert_eq!(got.unwrap(), end, "{input:?}");
        }
    }

    #[test]
    fn seat_0_gives_first_then_reads_its_result_and_the_opponents_move() {
        // Seat 0 gives a piece; seat 1 puts it on A1 and gives 3; the
        // referee then closes the stream.
        let (end, text) = session(Strategy::Random, "0\n1\nN\nA1\n3\nN\n");
        // Our next move was written, then the stream ended.
        assert_eq!(end.unwrap(), SessionEnd::Closed);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert_eq!(lines[0], "-");
        assert!(wire::parse_square(lines[2]).unwrap().is_some());
        // Seat 1 waits for seat 0's move; a failure may come before the
        // greeting.
        for (input, told) in [
            ("1\n4\nE\n", SessionEnd::OpponentError),
            ("0\n2\nE\n", SessionEnd::OwnError),
            ("F\n", SessionEnd::OpponentFailed),
        ] {
            assert_eq!(session(Strategy::Ai, input).0.unwrap(), told, "{input:?}");
        }
    }

    #[test]
    fn a_move_the_rules_refuse_is_an_inconsistency() {
        // Seat 1 is told that seat 0 placed a piece on the first move.
        let e = session(Strategy::Random, "1\n1\nA1\n3\nN\n").0.unwrap_err();
        assert!(matches!(e, SessionError::Inconsistent { .. }), "{e}");
    }
}
