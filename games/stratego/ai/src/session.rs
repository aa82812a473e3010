//! One game from the player's side of the protocol: read the referee's
//! messages from a byte stream, keep the [`View`] up to date, and answer
//! with the strategy's setup and moves.

use std::io::{self, Read, Write};
use std::time::{Duration, Instant};

use game_core::ReadError;
use stratego::wire;

use stratego::{
    MoveList, MoveResult, OpponentTurn, Player, SetupAnswer, UncheckedMove, View, ViewError,
    WireError,
};
use thiserror::Error;

use crate::strategy::Strategy;

/// How a session ended without error: what decided the game, as far as
/// this player can tell. `E`, `F` and `KO` end the game (every referee
/// ends it there); a Flag capture or a lack of legal moves does not: the
/// session goes on answering every move it is asked for. Whatever ends
/// it, the session returns only at the end of its input.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SessionEnd {
    /// The referee closed the stream with nothing decided that we saw.
    Closed,
    /// The referee refused our setup.
    SetupRefused,
    /// Our move was judged illegal (`E`).
    OwnError,
    /// The opponent moved illegally: its move then `E`, or `E` in place
    /// of its move.
    OpponentError,
    /// `F`: the opponent failed.
    OpponentFailed,
    /// We took the opponent's Flag.
    FlagTaken,
    /// The opponent took our Flag.
    FlagLost,
    /// We had no legal move left: the game is lost, the referee ends it.
    NoLegalMove,
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
    /// The referee's messages contradict the game as we know it.
    #[error("inconsistent game")]
    View(#[from] ViewError),
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

/// The referee's messages as Stratego's player reads them: cleaned,
/// non-blank lines of at most [`wire::MAX_LINE_BYTES`] bytes, and the
/// messages they make up.
pub struct LineReader<R> {
    lines: game_core::LineReader<R>,
}

impl<R: Read> LineReader<R> {
    /// Wraps a byte stream.
    pub fn new(inner: R) -> LineReader<R> {
        LineReader {
            lines: game_core::LineReader::new(inner, wire::MAX_LINE_BYTES),
        }
    }

    /// The next non-blank line, cleaned; `None` at the end of the stream.
    /// Errors name the line by its number in the stream.
    pub fn next_line(&mut self) -> Result<Option<String>, SessionError> {
        Ok(self.lines.next_line()?)
    }

    /// Reads a move result: one line, or three for a battle. `Ok(None)`
    /// if the stream ends first.
    pub fn next_result(&mut self) -> Result<Option<MoveResult>, SessionError> {
        let Some(first) = self.next_line()? else {
            return Ok(None);
        };
        let mut lines = vec![first];
        if lines[0] == "B" {
            for _ in 0..2 {
                match self.next_line()? {
                    Some(l) => lines.push(l),
                    None => return Ok(None),
                }
            }
        }
        Ok(Some(MoveResult::from_lines(
            &mut lines.iter().map(String::as_str),
        )?))
    }

    /// Reads what follows the opponent's turn: `E`, `F`, or a move and its
    /// result. `Ok(None)` if the stream ends first.
    pub fn next_opponent_turn(&mut self) -> Result<Option<OpponentTurn>, SessionError> {
        let Some(square) = self.next_line()? else {
            return Ok(None);
        };
        match square.as_str() {
            "E" => return Ok(Some(OpponentTurn::Error)),
            "F" => return Ok(Some(OpponentTurn::Failure)),
            _ => {}
        }
        let (Some(dir), Some(distance)) = (self.next_line()?, self.next_line()?) else {
            return Ok(None);
        };
        let m = UncheckedMove::from_lines(&square, &dir, &distance)?;
        Ok(self.next_result()?.map(|r| OpponentTurn::Move(m, r)))
    }
}

/// Plays one game on `input`/`output` with `strategy`. `move_time` is the
/// time allowed to choose a move; `log` receives one line per event
/// (usually stderr).
///
/// After a Flag capture the session reads on and answers every move it is
/// asked for: a referee that does not end the game there (the course's
/// does not) goes on asking, and a player that left would lose on end of
/// file. The game is decided then, so moves are chosen without thinking
/// (a legal move picked by the move count). With no legal move left there
/// is nothing to answer. After `E`, `F` or `KO` nothing is answered
/// either. In every case the session returns only at the end of its
/// input, which the referee closes when it ends the game
/// ([`game_core::play_to_the_end`] says why).
pub fn run<R: Read, W: Write>(
    input: R,
    output: W,
    strategy: &mut dyn Strategy,
    move_time: Duration,
    log: &mut dyn Write,
) -> Result<SessionEnd, SessionError> {
    game_core::play_to_the_end(input, |input| {
        play(
            &mut LineReader::new(input),
            output,
            strategy,
            move_time,
            log,
        )
    })
}

/// The game itself, up to the message that ends it (or, after a Flag
/// capture, up to the end of the input).
fn play(
    reader: &mut LineReader<impl Read>,
    mut output: impl Write,
    strategy: &mut dyn Strategy,
    move_time: Duration,
    log: &mut dyn Write,
) -> Result<SessionEnd, SessionError> {
    let Some(first) = reader.next_line()? else {
        return Ok(SessionEnd::Closed);
    };
    if first == "F" {
        return Ok(SessionEnd::OpponentFailed);
    }
    let me: Player = first.parse()?;
    let setup = strategy.setup(me);
    output.write_all(setup.to_wire().as_bytes())?;
    output.flush()?;
    let _ = writeln!(log, "player {me}: setup sent {setup:?}");

    match reader.next_line()?.as_deref() {
        None => return Ok(SessionEnd::Closed),
        Some("F") => return Ok(SessionEnd::OpponentFailed),
        Some(line) => {
            if SetupAnswer::from_line(line)? == SetupAnswer::Ko {
                return Ok(SessionEnd::SetupRefused);
            }
        }
    }

    let mut view = View::new(&setup);
    let mut moves = MoveList::new();
    // Set once a Flag is taken: the game is decided, play goes on only if
    // the referee asks for more.
    let mut decided: Option<SessionEnd> = None;
    // The referee's clock runs from the moment it finished writing what we
    // needed (its `OK`, or the opponent's result), so ours starts when we
    // have read it, before any bookkeeping.
    let mut ready = Instant::now();
    loop {
        if view.to_move() == me {
            let started = ready;
            moves.clear();
            view.legal_moves(&mut moves);
            if moves.is_empty() {
                // The rules end the game here (§3.5.2): the referee asks
                // nothing more. Wait for the end of the input.
                let _ = writeln!(log, "no legal move: waiting for the end of the game");
                return Ok(decided.unwrap_or(SessionEnd::NoLegalMove));
            }
            let mv = match decided {
                None => strategy.choose(&view, started + move_time),
                Some(_) => moves[view.plies() as usize % moves.len()],
            };
            output.write_all(mv.to_unchecked().to_wire().as_bytes())?;
            output.flush()?;
            let took = started.elapsed();
            let _ = writeln!(
                log,
                "move {}: {mv} in {:.3} ms{}",
                view.plies() + 1,
                took.as_secs_f64() * 1e3,
                strategy
                    .report()
                    .filter(|_| decided.is_none())
                    .map_or_else(String::new, |r| format!(" ({r})"))
            );
            let result = reader.next_result()?;
            match result {
                None => return Ok(decided.unwrap_or(SessionEnd::Closed)),
                Some(MoveResult::Error) => return Ok(SessionEnd::OwnError),
                Some(MoveResult::Failure) => return Ok(SessionEnd::OpponentFailed),
                Some(r) => {
                    view.apply_own(mv, r)?;
                    if decided.is_none() {
                        strategy.observe_own(&view, mv, r);
                        decided = flag_taken(r, SessionEnd::FlagTaken, "we took the Flag", log);
                    }
                }
            }
        } else {
            let (m, r) = match reader.next_opponent_turn()? {
                None => return Ok(decided.unwrap_or(SessionEnd::Closed)),
                Some(OpponentTurn::Error | OpponentTurn::Move(_, MoveResult::Error)) => {
                    return Ok(decided.unwrap_or(SessionEnd::OpponentError));
                }
                Some(OpponentTurn::Failure | OpponentTurn::Move(_, MoveResult::Failure)) => {
                    return Ok(decided.unwrap_or(SessionEnd::OpponentFailed));
                }
                Some(OpponentTurn::Move(m, r)) => (m, r),
            };
            ready = Instant::now();
            view.apply_opponent(m, r)?;
            if decided.is_none() {
                strategy.observe_opponent(&view, m, r);
                let words = "the opponent took our Flag";
                decided = flag_taken(r, SessionEnd::FlagLost, words, log);
            }
        }
    }
}

/// `end` if a move with result `r` took a Flag, said in `log` (`words`):
/// the game is decided, and play goes on only if the referee asks.
fn flag_taken(
    r: MoveResult,
    end: SessionEnd,
    words: &str,
    log: &mut dyn Write,
) -> Option<SessionEnd> {
    let taken = matches!(
        r,
        MoveResult::Battle {
            defender: stratego::Rank::Flag,
            ..
        }
    );
    if taken {
        let _ = writeln!(log, "{words}: playing on if asked");
    }
    taken.then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::RandomStrategy;

    /// A session of `strategy` on `input`: how it ended, and our replies.
    fn play_with(
        input: &str,
        strategy: &mut dyn Strategy,
    ) -> (Result<SessionEnd, SessionError>, String) {
        let mut out = Vec::new();
        let end = run(
            input.as_bytes(),
            &mut out,
            strategy,
            Duration::from_millis(100),
            &mut io::sink(),
        );
        (end, String::from_utf8(out).unwrap())
    }

    /// [`play_with`] a random strategy.
    fn play(input: &str) -> (Result<SessionEnd, SessionError>, String) {
        play_with(input, &mut RandomStrategy::new(1))
    }

    #[test]
    fn regression_the_session_reads_on_after_its_end_message_until_the_end_of_input() {
        // The course's referee may go on writing after what ends the game
        // for us (and kills its players at its own end): the session
        // returns only once it has read everything, at the end of input.
        for (input, end) in [
            ("1\nKO\n", SessionEnd::SetupRefused),
            ("0\nF\n", SessionEnd::OpponentFailed),
            ("1\nOK\nE\n", SessionEnd::OpponentError),
            ("1\nOK\nB3\nE\n1\nE\n", SessionEnd::OpponentError),
            ("1\nOK\nF\n", SessionEnd::OpponentFailed),
        ] {
            let input = format!("{input}B3\nE\n1\nN\n\u{7f}\n");
            let got = game_core::assert_reads_to_the_end(&input, |rest| {
                let strategy = &mut RandomStrategy::new(1);
                run(
                    rest,
                    &mut Vec::new(),
                    strategy,
                    Duration::from_millis(100),
                    &mut io::sink(),
                )
            });
            assert_eq!(got.unwrap(), end, "{input:?}");
        }
    }

    #[test]
    fn sends_a_valid_setup_and_stops_on_ko() {
        let (end, out) = play("1\nKO\n");
        assert_eq!(end.unwrap(), SessionEnd::SetupRefused);
        assert!(stratego::Setup::from_wire(Player::One, &out).is_ok());
    }

    #[test]
    fn failure_in_place_of_the_opponent_move_ends_the_game() {
        let (end, _) = play("1\r\nOK\r\n\nF\n");
        assert_eq!(end.unwrap(), SessionEnd::OpponentFailed);
    }

    #[test]
    fn failure_in_place_of_the_setup_answer_ends_the_game() {
        assert_eq!(play("0\nF\n").0.unwrap(), SessionEnd::OpponentFailed);
    }

    #[test]
    fn end_of_stream_is_a_clean_end() {
        assert_eq!(play("").0.unwrap(), SessionEnd::Closed);
        assert_eq!(play("0\nOK").0.unwrap(), SessionEnd::Closed);
    }

    #[test]
    fn error_in_place_of_the_opponent_move_ends_the_game() {
        assert_eq!(play("1\nOK\nE\n").0.unwrap(), SessionEnd::OpponentError);
    }

    #[test]
    fn applies_an_opponent_move_then_answers() {
        // Player 0 moves a piece from column 3 into the empty middle.
        let (end, out) = play("1\nOK\nB3\nE\n1\nN\n");
        assert_eq!(end.unwrap(), SessionEnd::Closed);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 43, "setup then one move: {out}");
    }

    #[test]
    fn a_garbled_message_is_an_error() {
        assert!(matches!(play("7\n").0, Err(SessionError::Wire(_))));
    }

    /// A strategy with a fixed setup that plays a fixed list of moves.
    struct Fixed {
        codes: [u8; 40],
        moves: Vec<&'static str>,
    }

    impl Strategy for Fixed {
        fn setup(&mut self, me: Player) -> stratego::Setup {
            let ranks: Vec<stratego::Rank> = self
                .codes
                .iter()
                .map(|&c| stratego::Rank::from_code(c).unwrap())
                .collect();
            stratego::Setup::new(me, &ranks).unwrap()
        }

        fn choose(&mut self, view: &View, _deadline: std::time::Instant) -> stratego::Move {
            let text = self.moves.remove(0);
            view.check(&UncheckedMove::from_wire(text).unwrap())
                .unwrap()
        }
    }

    /// Flag on A0 (player 0) with a Scout on A3; the rest anywhere valid.
    const FLAG_A0: [u8; 40] = [
        11, 12, 12, 9, 1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8, 9,
        9, 9, 9, 9, 9, 9, 10, 12, 12, 12, 12,
    ];

    #[test]
    fn regression_the_player_plays_on_after_taking_the_flag() {
        // The course referee does not end the game at a Flag capture: the
        // opponent moves, and we are asked for our next move.
        let mut s = Fixed {
            codes: FLAG_A0,
            moves: vec!["A3\nE\n3\n"],
        };
        let (end, out) = play_with("0\nOK\nB\n9\n11\nB6\nW\n1\nN\n", &mut s);
        assert_eq!(end.unwrap(), SessionEnd::FlagTaken);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 46, "setup, the capture, one more move: {out}");
        assert_eq!(lines[40..43], ["A3", "E", "3"]);
        // The move after the capture is legal where it stands.
        let after = UncheckedMove::from_lines(lines[43], lines[44], lines[45]).unwrap();
        let mut view = View::new(&s.setup(Player::Zero));
        let capture = view
            .check(&UncheckedMove::from_wire("A3\nE\n3\n").unwrap())
            .unwrap();
        let flag = MoveResult::Battle {
            attacker: stratego::Rank::Scout,
            defender: stratego::Rank::Flag,
        };
        view.apply_own(capture, flag).unwrap();
        view.apply_opponent(
            UncheckedMove::from_wire("B6\nW\n1\n").unwrap(),
            MoveResult::Nothing,
        )
        .unwrap();
        assert!(view.check(&after).is_ok(), "{after} is not legal");
    }

    #[test]
    fn regression_the_player_plays_on_after_losing_the_flag() {
        // As player 1 the same codes put the Flag on A6, in front.
        let mut s = Fixed {
            codes: FLAG_A0,
            moves: vec![],
        };
        let (end, out) = play_with("1\nOK\nA3\nE\n3\nB\n9\n11\n", &mut s);
        assert_eq!(end.unwrap(), SessionEnd::FlagLost);
        assert_eq!(out.lines().count(), 43, "the setup, then an answer: {out}");
    }

    #[test]
    fn regression_a_forwarded_illegal_move_then_e_is_the_opponents_loss() {
        let (end, out) = play("1\nOK\nB3\nE\n1\nE\n");
        assert_eq!(end.unwrap(), SessionEnd::OpponentError);
        assert_eq!(out.lines().count(), 40, "only the setup was sent");
        // Even a move that makes no sense on our board: the game is over.
        assert_eq!(
            play("1\nOK\nJ9\nN\n7\nE\n").0.unwrap(),
            SessionEnd::OpponentError
        );
    }

    #[test]
    fn with_no_legal_move_the_session_reads_to_the_end() {
        // Player 0's front column holds only Bombs and pieces facing lakes.
        let codes: [u8; 40] = [
            1, 2, 3, 12, 3, 4, 4, 12, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 12, 7, 7, 8, 12, 8, 8, 8, 8,
            9, 9, 9, 9, 9, 9, 9, 12, 9, 10, 11, 12,
        ];
        let mut s = Fixed {
            codes,
            moves: vec![],
        };
        // Whatever else comes is read, not answered.
        let (end, out) = play_with("0\nOK\nX\nY\n", &mut s);
        assert_eq!(end.unwrap(), SessionEnd::NoLegalMove);
        assert_eq!(out.lines().count(), 40);
    }

    #[test]
    fn errors_name_the_line_and_the_byte() {
        let mut strategy = RandomStrategy::new(1);
        let input: &[u8] = b"1\nO\xb6K\n";
        let e = run(
            input,
            io::sink(),
            &mut strategy,
            Duration::ZERO,
            &mut io::sink(),
        );
        let Err(SessionError::Wire(w)) = e else {
            panic!("a wire error, not {e:?}")
        };
        assert_eq!(
            w.to_string(),
            "line 2 holds the byte 0xb6 at column 2, which is not printable ASCII: \"O\\xb6K\""
        );
    }
}
