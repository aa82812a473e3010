//! One game from the player's side of the protocol
//! (`docs/games/coursidor.md`): read the referee's messages from a byte
//! stream, keep the position, answer with the strategy's moves.

use std::io::{Read, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use coursidor::wire::{self, LineReader};
use coursidor::{Colour, IllegalMove, Position, UncheckedMove, WireError};
use game_core::Rng;
use game_core::session::{self, Turns};

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
    output: W,
    player: &mut Player,
    log: &mut dyn Write,
) -> Result<SessionEnd, SessionError> {
    game_core::play_to_the_end(input, |input| {
        play(&mut LineReader::new(input), output, player, log)
    })
}

/// The game itself, up to the message that ends it.
fn play(
    reader: &mut LineReader<impl Read>,
    mut output: impl Write,
    player: &mut Player,
    log: &mut dyn Write,
) -> Result<SessionEnd, SessionError> {
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
    let mut seat = Seat::new(Position::new(layout, greeting.max_turns), player);
    let next_line = || Ok(reader.next_line()?);
    session::play_turns(&mut seat, me == Colour::Black, &mut output, log, next_line)
}

/// Our seat in a game: the position, how we choose.
struct Seat<'a> {
    pos: Position,
    thinker: Thinker,
    player: &'a mut Player,
    /// When the referee's clock for our next move started.
    ready: Instant,
}

impl Seat<'_> {
    /// Our seat in `pos`, the game's start, as `player` plays.
    fn new(pos: Position, player: &mut Player) -> Seat<'_> {
        Seat {
            pos,
            thinker: Thinker::new(player.strategy, player.max_nodes),
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
    const MOVE_LINES: usize = 1;

    fn send(&mut self, output: &mut dyn Write, log: &mut dyn Write) -> Result<(), SessionError> {
        let deadline = self.ready + self.player.move_time;
        let choice = self
            .thinker
            .choose(&self.pos, &mut self.player.rng, deadline);
        let mv = choice.mv;
        output.write_all(format!("{mv}\n").as_bytes())?;
        output.flush()?;
        let took = self.ready.elapsed();
        let _ = writeln!(
            log,
            "move {}: {mv} in {:.3} ms{}",
            self.pos.plies() + 1,
            took.as_secs_f64() * 1e3,
            choice.report.map_or(String::new(), |r| format!(" ({r})"))
        );
        self.pos.play(mv);
        Ok(())
    }

    fn parse(&self, lines: &[String]) -> Result<UncheckedMove, SessionError> {
        Ok(wire::parse_move(&lines[0])?)
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
    use coursidor::{Board, Layout, Shape};

    /// A session of `strategy` at `colour` on the board T 2 with the
    /// objective 3, `then` after the greeting: how it ended, and our
    /// replies.
    fn play(strategy: Strategy, colour: Colour, then: &str) -> (SessionEnd, String) {
        let layout = Layout::new(Board::new(Shape::T, 2).unwrap(), &[3]).unwrap();
        let input = wire::greeting(colour, &layout, 0) + then;
        let mut player = Player {
            strategy,
            rng: Rng::new(1),
            move_time: Duration::from_millis(50),
            max_nodes: Some(2000),
        };
        let mut out = Vec::new();
        let end = run(input.as_bytes(), &mut out, &mut player, &mut io::sink());
        (end.unwrap(), String::from_utf8(out).unwrap())
    }

    #[test]
    fn regression_the_session_reads_on_after_its_end_message_until_the_end_of_input() {
        // A referee that goes on writing after the message that ends the
        // game: the session returns only once it has read it all.
        let layout = Layout::new(Board::new(Shape::T, 2).unwrap(), &[3]).unwrap();
        for (colour, then, end) in [
            (Colour::White, "E\n", SessionEnd::OpponentError),
            (Colour::White, "F\n", SessionEnd::OpponentFailed),
            (Colour::Black, "E\n", SessionEnd::OwnError),
        ] {
            let input = wire::greeting(colour, &layout, 0) + then + "M 5\nN\nmore\n";
            let mut player = Player {
                strategy: Strategy::Random,
                rng: Rng::new(1),
                move_time: Duration::from_millis(50),
                max_nodes: Some(2000),
            };
            let got = game_core::assert_reads_to_the_end(&input, |rest| {
                run(rest, &mut Vec::new(), &mut player, &mut io::sink())
            });
            assert_eq!(got.unwrap(), end, "{then:?}");
        }
    }

    #[test]
    fn black_moves_first_then_reads_its_result_and_the_opponents_move() {
        for strategy in [Strategy::Random, Strategy::Tour, Strategy::Ai] {
            let (end, out) = play(strategy, Colour::Black, "N\nM 5\nN\n");
            assert_eq!(end, SessionEnd::Closed);
            assert_eq!(out.lines().count(), 2, "{strategy:?}: {out}");
        }
        // The tour goes to the objective 3 at once, then wins on 0.
        let won = play(Strategy::Tour, Colour::Black, "N\nM 5\nN\nW\n");
        assert_eq!(won, (SessionEnd::Won, "M 3\nM 0\n".to_owned()));
        // White waits for black's move.
        let (end, out) = play(Strategy::Tour, Colour::White, "E\n");
        assert_eq!((end, out.as_str()), (SessionEnd::OpponentError, ""));
    }

    #[test]
    fn a_move_the_rules_refuse_is_an_inconsistency() {
        let layout = Layout::new(Board::new(Shape::T, 2).unwrap(), &[3]).unwrap();
        let input = wire::greeting(Colour::White, &layout, 0) + "M 0\nN\n";
        let mut player = Player {
            strategy: Strategy::Tour,
            rng: Rng::new(1),
            move_time: Duration::from_millis(50),
            max_nodes: None,
        };
        let e = run(input.as_bytes(), Vec::new(), &mut player, &mut io::sink()).unwrap_err();
        assert!(matches!(e, SessionError::Inconsistent { .. }), "{e}");
    }
}
