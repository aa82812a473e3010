//! Tic-tac-toe, the tests' own game: the rules, the wire format, the
//! referee's adapter and a random player, in one module, registered by one
//! line (`Games` in `lib.rs`). It shows what a game needs and nothing more
//! (`docs/games.md`, "A game in one module").
//!
//! A session per seat. Each seat is first told its number; seat 0 plays
//! `X` and moves first. The mover replies one line, a cell, `A1` to `C3`
//! (row `A` to `C` from the top, column `1` to `3`), and is told `N` (play
//! on), `W` (it won), `D` (a draw) or `E` (illegal: it loses); the opponent
//! reads the cell and that letter, or `E`, or `F` (the mover's program
//! failed). The end of the game is the end of file.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

use game_core::session::{self, MoveResult, Outcome, SessionEnd, Unexpected};
use game_core::{
    Context, Defaults, End, Framing, Game as _, LineError, LineReader, NoSetup, OptionsError, Rng,
    Seat, Tell, clean_line, printable,
};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The longest line either side sends.
const MAX_LINE: usize = 16;

/// The eight lines of three cells, cells numbered row by row from 0.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Tic-tac-toe, for the registry.
pub struct Spec;

/// Its options: none.
#[derive(Clone, PartialEq, Eq, Debug, Default, clap::Args, Serialize, Deserialize)]
pub struct Options {}

impl game_core::Spec for Spec {
    const NAME: &'static str = "tictactoe";
    const ABOUT: &'static str = "tic-tac-toe, the tests' own game, a session per player";
    const DEFAULTS: Defaults = Defaults {
        time_limit_ms: 500,
        setup_time_limit_ms: 500,
        max_turns: 0,
    };
    type Options = Options;
    type Game = Board;

    fn new(_options: &Options, context: &Context) -> Result<Board, OptionsError> {
        let max_turns = Some(context.max_turns).filter(|&n| n > 0);
        Ok(Board {
            max_turns: max_turns.unwrap_or(u32::MAX),
            ..Board::default()
        })
    }
}

/// A cell, `A1` to `C3`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Cell(usize);

impl Cell {
    /// Reads `A1` to `C3`.
    pub fn parse(text: &str) -> Option<Cell> {
        match text.as_bytes() {
            [r @ b'A'..=b'C', c @ b'1'..=b'3'] => {
                Some(Cell(usize::from((r - b'A') * 3 + c - b'1')))
            }
            _ => None,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b"ABC"[self.0 / 3]), self.0 % 3 + 1)
    }
}

/// Why a line is not a cell (either side's).
#[derive(Debug, Error)]
pub enum WireError {
    /// The line is unreadable.
    #[error(transparent)]
    Line(#[from] LineError),
    /// The line is not `A1` to `C3`.
    #[error("expected a cell, A1 to C3, got {0}")]
    NotACell(String),
    /// Not the message expected at this point of the game.
    #[error(transparent)]
    Unexpected(#[from] Unexpected),
}

/// Why a cell may not be played.
#[derive(Debug, Error)]
#[error("cell {0} is taken")]
pub struct Taken(Cell);

impl game_core::Reply for Cell {
    type Error = WireError;
    const FRAMING: Framing = Framing::new(MAX_LINE, 4 * MAX_LINE);
}

impl game_core::Legal for Cell {
    type Unchecked = Cell;
    type Illegal = Taken;
}

/// A move as the record shows it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The cell, `B2`.
    pub cell: String,
    /// `N`, `W` or `D`.
    pub result: String,
}

impl fmt::Display for MoveRecord {
    /// `B2 -> N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> {}", self.cell, self.result)
    }
}

/// A game: the nine cells and who holds them.
#[derive(Clone, Default, Debug)]
pub struct Board {
    cells: [Option<Seat>; 9],
    plies: u32,
    /// The turn limit; `u32::MAX` for none.
    max_turns: u32,
}

impl Board {
    /// The seat holding a line, if one does.
    fn winner(&self) -> Option<(Seat, [usize; 3])> {
        LINES.iter().find_map(|l| match l.map(|i| self.cells[i]) {
            [Some(a), Some(b), Some(c)] if a == b && b == c => Some((a, *l)),
            _ => None,
        })
    }

    /// Plays a free cell and says what it led to.
    fn place(&mut self, cell: Cell) -> Outcome {
        self.cells[cell.0] = Some(self.plies as usize % 2);
        self.plies += 1;
        match self.winner() {
            Some(_) => Outcome::Win,
            None if self.plies == 9 || self.plies == self.max_turns => Outcome::Draw,
            None => Outcome::Next,
        }
    }
}

impl game_core::Game for Board {
    type Phase = NoSetup;
    type Move = Cell;
    type MoveRecord = MoveRecord;

    fn greeting(&self, seat: Seat) -> String {
        format!("{seat}\n")
    }

    fn end(&self) -> Option<End> {
        let n = self.plies;
        let (winner, reason, words, detail) = match self.winner() {
            Some((w, l)) => {
                let cells = l.map(|i| Cell(i).to_string()).join(" ");
                (
                    Some(w),
                    "three_in_a_row",
                    "three in a row",
                    format!("player {w} holds {cells}"),
                )
            }
            None if n == 9 => (
                None,
                "board_full",
                "the board is full",
                "9 cells, no line".into(),
            ),
            None if n == self.max_turns => (
                None,
                "turn_limit",
                "the turn limit was reached",
                format!("{n} moves played"),
            ),
            None => return None,
        };
        Some(End {
            winner,
            reason,
            words,
            detail,
        })
    }

    fn to_move(&self) -> Seat {
        self.plies as usize % 2
    }

    fn parse(&self, _seat: Seat, lines: &[Vec<u8>]) -> Result<Cell, WireError> {
        let line = clean_line(&lines[0], 1, MAX_LINE)?.unwrap_or_default();
        Cell::parse(line).ok_or_else(|| WireError::NotACell(printable(line.as_bytes())))
    }

    fn check(&self, _seat: Seat, cell: &Cell) -> Result<Cell, Taken> {
        match self.cells[cell.0] {
            None => Ok(*cell),
            Some(_) => Err(Taken(*cell)),
        }
    }

    fn play(&mut self, cell: Cell, tell: &mut Tell) -> MoveRecord {
        let me = self.to_move();
        let outcome = self.place(cell);
        session::tell_played(me, outcome, format!("{cell}\n"), tell);
        MoveRecord {
            cell: cell.to_string(),
            result: outcome.letter().to_string(),
        }
    }

    fn draw(&self, _colour: bool) -> String {
        let mut s = String::from("  1 2 3\n");
        for (r, row) in self.cells.chunks(3).enumerate() {
            let marks: Vec<&str> = row
                .iter()
                .map(|c| ["X", "O", "."][c.unwrap_or(2)])
                .collect();
            s += &format!("{} {}\n", char::from(b"ABC"[r]), marks.join(" "));
        }
        s
    }

    fn move_reply(&self, rec: &MoveRecord) -> Vec<Vec<u8>> {
        vec![rec.cell.clone().into_bytes()]
    }
}

/// Our player: `tictactoe-player [--seed N]` plays a random free cell.
pub fn player_main(args: Vec<OsString>) -> ExitCode {
    #[derive(clap::Parser)]
    struct Cli {
        /// The seed of its choices [default: from the clock].
        #[arg(long)]
        seed: Option<u64>,
    }
    let cli: Cli = match game_core::parse_args(args) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let mut rng = Rng::new(game_core::seed_or_clock(cli.seed));
    let result = play_session(&mut rng, &mut io::stdin().lock(), &mut io::stdout().lock());
    game_core::finish_session(result, &mut io::stderr())
}

/// Why our player's session stopped.
pub type SessionError = session::SessionError<WireError, Cell, Taken>;

/// Plays one game on `input` and `output`.
fn play_session(
    rng: &mut Rng,
    input: &mut impl io::Read,
    output: &mut impl Write,
) -> Result<SessionEnd, SessionError> {
    let mut lines = LineReader::new(input, MAX_LINE);
    let mut next = move || -> Result<Option<String>, SessionError> { Ok(lines.next_line()?) };
    let Some(seat) = next()? else {
        return Ok(SessionEnd::Closed);
    };
    let me: Seat = if seat == "1" { 1 } else { 0 };
    let mut board = Board::default();
    loop {
        let mine = board.to_move() == me;
        let (cell, outcome) = if mine {
            let free: Vec<usize> = (0..9).filter(|&i| board.cells[i].is_none()).collect();
            let cell = Cell(free[rng.below(free.len() as u64) as usize]);
            writeln!(output, "{cell}")?;
            output.flush()?;
            let Some(line) = next()? else {
                return Ok(SessionEnd::Closed);
            };
            match MoveResult::from_line(&line)? {
                MoveResult::Error => return Ok(SessionEnd::OwnError),
                MoveResult::Legal(outcome) => (cell, outcome),
            }
        } else {
            let Some(line) = next()? else {
                return Ok(SessionEnd::Closed);
            };
            let cell = match line.as_str() {
                "E" => return Ok(SessionEnd::OpponentError),
                "F" => return Ok(SessionEnd::OpponentFailed),
                text => Cell::parse(text).ok_or_else(|| {
                    SessionError::Wire(WireError::NotACell(printable(text.as_bytes())))
                })?,
            };
            let cell = board
                .check(1 - me, &cell)
                .map_err(|source| SessionError::Inconsistent { mv: cell, source })?;
            let Some(result) = next()? else {
                return Ok(SessionEnd::Closed);
            };
            (cell, MoveResult::forwarded(&result)?)
        };
        // The referee's letter, not our board's: it knows the turn limit.
        board.place(cell);
        match (outcome, mine) {
            (Outcome::Next, _) => {}
            (Outcome::Win, true) => return Ok(SessionEnd::Won),
            (Outcome::Win, false) => return Ok(SessionEnd::Lost),
            (Outcome::Draw, _) => return Ok(SessionEnd::Drawn),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Spec as _;

    fn game(max_turns: u32) -> Board {
        let t = std::time::Duration::from_millis(500);
        let limits = game_core::Limits::new(t, t);
        Spec::new(
            &Options {},
            &Context {
                max_turns,
                limits,
                seed: 0,
            },
        )
        .unwrap()
    }

    fn reply(b: &mut Board, cell: &str) -> Result<MoveRecord, String> {
        let seat = b.to_move();
        let parsed = b
            .parse(seat, &[cell.as_bytes().to_vec()])
            .map_err(|e| e.to_string())?;
        let cell = b.check(seat, &parsed).map_err(|e| e.to_string())?;
        Ok(b.play(cell, &mut Tell::new()))
    }

    #[test]
    fn a_line_wins_and_a_full_board_draws() {
        let mut b = game(0);
        for cell in ["A1", "B1", "A2", "B2"] {
            assert_eq!(reply(&mut b, cell).unwrap().result, "N");
        }
        assert_eq!(reply(&mut b, "A3").unwrap().to_string(), "A3 -> W");
        let end = b.end().unwrap();
        assert_eq!(
            (end.winner, end.detail.as_str()),
            (Some(0), "player 0 holds A1 A2 A3")
        );
        let mut b = game(0);
        for cell in ["B2", "A1", "C3", "A3", "A2", "C2", "B1", "B3", "C1"] {
            reply(&mut b, cell).unwrap();
        }
        assert_eq!(b.end().unwrap().reason, "board_full");
        assert_eq!(game(0).end(), None);
        let mut b = game(2);
        reply(&mut b, "A1").unwrap();
        assert_eq!(reply(&mut b, "A2").unwrap().result, "D");
        assert_eq!(b.end().unwrap().reason, "turn_limit");
    }

    #[test]
    fn bad_replies_say_what_was_wrong() {
        let mut b = game(0);
        reply(&mut b, "B2").unwrap();
        assert_eq!(reply(&mut b, "B2").unwrap_err(), "cell B2 is taken");
        assert_eq!(
            reply(&mut b, "D1").unwrap_err(),
            "expected a cell, A1 to C3, got \"D1\""
        );
    }

    #[test]
    fn the_player_answers_with_a_free_cell() {
        let mut out = Vec::new();
        // Seat 1: the opponent opens on B2; our move is accepted; the end.
        let input = b"1\nB2\nN\nN\n";
        let end = play_session(&mut Rng::new(1), &mut &input[..], &mut out).unwrap();
        assert_eq!(end, SessionEnd::Closed);
        let out = String::from_utf8(out).unwrap();
        assert!(
            Cell::parse(out.trim()).is_some_and(|c| c != Cell(4)),
            "{out}"
        );
    }
}
