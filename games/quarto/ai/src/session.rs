//! One game from the player's side of the protocol
//! (`docs/games/quarto.md`): read the referee's messages from a byte
//! stream, keep the position, answer with the strategy's moves.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use game_core::{LineReader, Rng};
use quarto::wire::{self, MoveResult};
use quarto::{IllegalMove, Outcome, Position, UncheckedMove, WireError};

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
    mut output: W,
    player: &mut Player,
    log: &mut dyn Write,
) -> Result<SessionEnd, SessionError> {
    let mut reader = LineReader::new(input, wire::MAX_LINE_BYTES);
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
    let mut pos = Position::new(level, 0);
    let mut searcher = Searcher::new(level, player.settings);
    // The referee's clock runs from the moment it finished writing what we
    // needed, so ours starts when we have read it.
    let mut ready = Instant::now();
    loop {
        if pos.to_move() == me {
            let choice = choose(
                player.strategy,
                &pos,
                &mut player.rng,
                ready + player.move_time,
                &mut searcher,
            );
            let mv = choice.mv;
            output.write_all(wire::reply_text(mv.to_unchecked()).as_bytes())?;
            output.flush()?;
            let took = ready.elapsed();
            let e = pos.board().empties();
            let _ = match choice.report {
                Some(r) => writeln!(
                    log,
                    "move {}: {mv} in {:.3} ms (depth {}, {} nodes, {}{})",
                    pos.plies() + 1,
                    took.as_secs_f64() * 1e3,
                    r.depth,
                    r.nodes,
                    r.value_words(e),
                    if r.exact { ", exact" } else { "" }
                ),
                None => writeln!(
                    log,
                    "move {}: {mv} in {:.3} ms",
                    pos.plies() + 1,
                    took.as_secs_f64() * 1e3
                ),
            };
            let result = match reader.next_line()?.as_deref() {
                None => return Ok(SessionEnd::Closed),
                Some("F") => return Ok(SessionEnd::OpponentFailed),
                Some(line) => MoveResult::from_line(line)?,
            };
            match result {
                MoveResult::Error => return Ok(SessionEnd::OwnError),
                MoveResult::Legal(o) => {
                    pos.play(mv);
                    match o {
                        Outcome::Win => return Ok(SessionEnd::Won),
                        Outcome::Draw => return Ok(SessionEnd::Drawn),
                        Outcome::Next => {}
                    }
                }
            }
        } else {
            let square = match reader.next_line()?.as_deref() {
                None => return Ok(SessionEnd::Closed),
                Some("E") => return Ok(SessionEnd::OpponentError),
                Some("F") => return Ok(SessionEnd::OpponentFailed),
                Some(line) => wire::parse_square(line)?,
            };
            let (Some(gift), Some(result)) = (reader.next_line()?, reader.next_line()?) else {
                return Ok(SessionEnd::Closed);
            };
            let u = UncheckedMove {
                square,
                gift: wire::parse_piece(&gift)?,
            };
            ready = Instant::now();
            let outcome = MoveResult::forwarded(&result)?;
            let mv = pos
                .check(&u)
                .map_err(|source| SessionError::Inconsistent { mv: u, source })?;
            pos.play(mv);
            match outcome {
                Outcome::Win => return Ok(SessionEnd::Lost),
                Outcome::Draw => return Ok(SessionEnd::Drawn),
                Outcome::Next => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io;

    use super::*;

    fn player(strategy: Strategy) -> Player {
        Player {
            strategy,
            settings: Settings {
                tt_bits: 10,
                ..Settings::default()
            },
            rng: Rng::new(1),
            move_time: Duration::from_millis(50),
        }
    }

    #[test]
    fn seat_0_gives_first_then_reads_its_result_and_the_opponents_move() {
        // Seat 0 gives a piece; seat 1 puts it on A1 and gives 3; the
        // referee then closes the stream.
        let input = b"0\n1\nN\nA1\n3\nN\n";
        let mut out = Vec::new();
        let end = run(
            &input[..],
            &mut out,
            &mut player(Strategy::Random),
            &mut io::sink(),
        );
        // Our next move was written, then the stream ended.
        assert_eq!(end.unwrap(), SessionEnd::Closed);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert_eq!(lines[0], "-");
        assert!(wire::parse_square(lines[2]).unwrap().is_some());
    }

    #[test]
    fn the_opponents_failure_and_errors_end_the_session() {
        let mut p = player(Strategy::Ai);
        let mut sink = Vec::new();
        let end = run(&b"1\n1\nF\n"[..], &mut sink, &mut p, &mut io::sink()).unwrap();
        assert_eq!(end, SessionEnd::OpponentFailed);
        let end = run(&b"1\n4\nE\n"[..], &mut sink, &mut p, &mut io::sink()).unwrap();
        assert_eq!(end, SessionEnd::OpponentError);
        let end = run(&b"0\n2\nE\n"[..], &mut sink, &mut p, &mut io::sink()).unwrap();
        assert_eq!(end, SessionEnd::OwnError);
    }

    #[test]
    fn a_move_the_rules_refuse_is_an_inconsistency() {
        // Seat 1 is told that seat 0 placed a piece on the first move.
        let e = run(
            &b"1\n1\nA1\n3\nN\n"[..],
            Vec::new(),
            &mut player(Strategy::Random),
            &mut io::sink(),
        )
        .unwrap_err();
        assert!(matches!(e, SessionError::Inconsistent { .. }), "{e}");
    }
}
