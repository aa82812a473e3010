//! One game from the player's side of the protocol
//! (`docs/games/coursidor.md`): read the referee's messages from a byte
//! stream, keep the position, answer with the strategy's moves.

use std::io::{Read, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use coursidor::wire::LineReader;
use coursidor::wire::{self, MoveResult};
use coursidor::{IllegalMove, Move, Outcome, Position, UncheckedMove, WireError};
use game_core::Rng;

use crate::strategy::Strategy;
use crate::think::Thinker;

pub use game_core::session::SessionEnd;

/// Why a session stopped abnormally.
pub type SessionError = game_core::session::SessionError<WireError, UncheckedMove, IllegalMove>;

/// How our side plays.
pub struct Player {
    /// The strategy.
    pub strategy: Strategy,
    /// Random choices.
    pub rng: Rng,
    /// Time to choose a move, from the moment the referee's message has
    /// been read.
    pub move_time: Duration,
    /// Stop each search after this many nodes (reproducible games).
    pub max_nodes: Option<u64>,
}

/// Plays one game on `input`/`output`; `log` receives a line per move
/// (usually stderr).
pub fn run<R: Read, W: Write>(
    input: R,
    mut output: W,
    player: &mut Player,
    log: &mut dyn Write,
) -> Result<SessionEnd, SessionError> {
    let mut reader = LineReader::new(input);
    let Some(greeting) = wire::read_greeting(|| reader.next_line())? else {
        return Ok(SessionEnd::Closed);
    };
    let me = greeting.colour;
    let layout = Arc::new(greeting.layout);
    let board = layout.board();
    let _ = writeln!(
        log,
        "{me} on {}, objectives {:?}, {} walls each, turn limit {}",
        board.name(),
        layout.objectives(),
        layout.walls_per_player(),
        greeting.max_turns
    );
    let mut pos = Position::new(layout, greeting.max_turns);
    let mut thinker = Thinker::new(player.strategy, player.max_nodes);
    // The referee's clock runs from the moment it finished writing what we
    // needed, so ours starts when we have read it.
    let mut ready = Instant::now();
    loop {
        if pos.to_move() == me {
            let choice = thinker.choose(&pos, &mut player.rng, ready + player.move_time);
            let mv = choice.mv;
            output.write_all(format!("{mv}\n").as_bytes())?;
            output.flush()?;
            let took = ready.elapsed();
            let _ = writeln!(
                log,
                "move {}: {mv} in {:.3} ms{}",
                pos.plies() + 1,
                took.as_secs_f64() * 1e3,
                choice.report.map_or(String::new(), |r| format!(" ({r})"))
            );
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
            let u = match reader.next_line()?.as_deref() {
                None => return Ok(SessionEnd::Closed),
                Some("E") => return Ok(SessionEnd::OpponentError),
                Some("F") => return Ok(SessionEnd::OpponentFailed),
                Some(line) => wire::parse_move(line)?,
            };
            let Some(result) = reader.next_line()? else {
                return Ok(SessionEnd::Closed);
            };
            ready = Instant::now();
            let outcome = MoveResult::forwarded(&result)?;
            let mv: Move = pos
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
    use coursidor::{Board, Colour, Layout, Shape};

    fn player(strategy: Strategy) -> Player {
        Player {
            strategy,
            rng: Rng::new(1),
            move_time: Duration::from_millis(50),
            max_nodes: Some(2000),
        }
    }

    fn greeting(colour: Colour) -> String {
        let layout = Layout::new(Board::new(Shape::T, 2).unwrap(), &[3]).unwrap();
        wire::greeting(colour, &layout, 0)
    }

    #[test]
    fn black_moves_first_then_reads_its_result_and_the_opponents_move() {
        for strategy in [Strategy::Random, Strategy::Tour, Strategy::Ai] {
            let input = format!("{}N\nM 5\nN\n", greeting(Colour::Black));
            let mut out = Vec::new();
            let end = run(
                input.as_bytes(),
                &mut out,
                &mut player(strategy),
                &mut io::sink(),
            );
            assert_eq!(end.unwrap(), SessionEnd::Closed);
            let text = String::from_utf8(out).unwrap();
            assert_eq!(text.lines().count(), 2, "{strategy:?}: {text}");
        }
        // The tour goes to the objective 3 at once, then wins on 0.
        let input = format!("{}N\nM 5\nN\nW\n", greeting(Colour::Black));
        let mut out = Vec::new();
        let end = run(
            input.as_bytes(),
            &mut out,
            &mut player(Strategy::Tour),
            &mut io::sink(),
        );
        assert_eq!(end.unwrap(), SessionEnd::Won);
        assert_eq!(String::from_utf8(out).unwrap(), "M 3\nM 0\n");
    }

    #[test]
    fn the_opponents_failure_and_errors_end_the_session() {
        let mut p = player(Strategy::Tour);
        let mut sink = Vec::new();
        let white = greeting(Colour::White);
        let end = run(
            format!("{white}F\n").as_bytes(),
            &mut sink,
            &mut p,
            &mut io::sink(),
        );
        assert_eq!(end.unwrap(), SessionEnd::OpponentFailed);
        let end = run(
            format!("{white}E\n").as_bytes(),
            &mut sink,
            &mut p,
            &mut io::sink(),
        );
        assert_eq!(end.unwrap(), SessionEnd::OpponentError);
        let black = greeting(Colour::Black);
        let end = run(
            format!("{black}E\n").as_bytes(),
            &mut sink,
            &mut p,
            &mut io::sink(),
        );
        assert_eq!(end.unwrap(), SessionEnd::OwnError);
    }

    #[test]
    fn a_move_the_rules_refuse_is_an_inconsistency() {
        let input = format!("{}M 0\nN\n", greeting(Colour::White));
        let e = run(
            input.as_bytes(),
            Vec::new(),
            &mut player(Strategy::Tour),
            &mut io::sink(),
        )
        .unwrap_err();
        assert!(matches!(e, SessionError::Inconsistent { .. }), "{e}");
    }
}
