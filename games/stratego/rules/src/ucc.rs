//! The protocol of the UCC Programming Competition 2012's Stratego manager
//! (`ucc/progcomp2012`, its `manual.txt` and `judge/manager/`), translated
//! to and from this crate's board, so that the referee can seat the agents
//! written for that manager (`docs/ucc.md`).
//!
//! The two boards are the same game seen transposed: the manager's
//! `(X, Y)` is our square of row `X` (`A` = 0) and column `Y`, so RED, on
//! the manager's top rows `Y` 0..3, is our player 0 on columns 0..3, BLUE
//! our player 1, and the manager's `UP`, `DOWN`, `LEFT`, `RIGHT` are our
//! `W`, `E`, `N`, `S`. Pure text, like [`wire`](crate::wire): the
//! referee's adapter (`referee_game`) decides what is sent when.

use std::fmt;

use game_core::LineError;
use thiserror::Error;

use crate::board::Board;
use crate::error::SetupError;
use crate::moves::{UncheckedMove, parse_distance};
use crate::piece::{Player, Rank};
use crate::setup::Setup;
use crate::square::{Direction, SIDE, Square};

/// Lines of an agent's setup: its four rows.
pub const SETUP_ROWS: usize = 4;

/// The manager's name of a player's colour: RED moves first.
pub const fn colour(player: Player) -> &'static str {
    match player {
        Player::Zero => "RED",
        Player::One => "BLUE",
    }
}

/// The manager's `(X, Y)` of a square: `X` is our row (`A` = 0), `Y` our
/// column.
pub const fn xy(sq: Square) -> (u8, u8) {
    (sq.row(), sq.col())
}

/// Our square at the manager's `(X, Y)`, if on the board.
pub const fn square_at(x: u8, y: u8) -> Option<Square> {
    Square::new(x, y)
}

/// The manager's word for a direction.
pub const fn direction_word(dir: Direction) -> &'static str {
    match dir {
        Direction::W => "UP",
        Direction::E => "DOWN",
        Direction::N => "LEFT",
        Direction::S => "RIGHT",
    }
}

/// Our direction for the manager's word.
pub fn direction_from_word(word: &str) -> Option<Direction> {
    match word {
        "UP" => Some(Direction::W),
        "DOWN" => Some(Direction::E),
        "LEFT" => Some(Direction::N),
        "RIGHT" => Some(Direction::S),
        _ => None,
    }
}

/// The manager's token of a rank: `1`..`9`, `s` (Spy), `F`, `B`.
pub const fn token(rank: Rank) -> char {
    rank.symbol()
}

/// The rank of a manager's piece token.
pub fn rank_of_token(c: char) -> Option<Rank> {
    Rank::ALL.into_iter().find(|r| r.symbol() == c)
}

/// The first message: `$COLOUR $OPPONENT $WIDTH $HEIGHT`. The opponent's
/// name must hold no blank (agents split the line at spaces).
pub fn greeting(player: Player, opponent: &str) -> String {
    debug_assert!(!opponent.contains(char::is_whitespace));
    format!("{} {opponent} {SIDE} {SIDE}\n", colour(player))
}

/// The `Y` of the first of a player's setup rows: RED's four rows are the
/// top ones, BLUE's the bottom ones; each list goes from the top down.
const fn first_row(player: Player) -> u8 {
    player.setup_columns()[0]
}

/// Why an agent's setup is refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UccSetupError {
    /// A line too long or not printable ASCII.
    #[error(transparent)]
    Line(#[from] LineError),
    /// A row that is not ten characters.
    #[error("line {line} (Y = {y}) is {len} characters, 10 expected: {text:?}")]
    RowLength {
        /// 1-based line of the setup.
        line: usize,
        /// The manager's `Y` of that row.
        y: u8,
        /// Its length.
        len: usize,
        /// The row as received.
        text: String,
    },
    /// An empty square: the manager has required all 40 pieces since
    /// 9 April 2012.
    #[error("line {line} (Y = {y}) leaves X = {x} empty ('.'): all 40 pieces must be placed")]
    Empty {
        /// 1-based line.
        line: usize,
        /// The manager's `Y`.
        y: u8,
        /// The manager's `X`.
        x: u8,
    },
    /// A character that is no piece.
    #[error("line {line} (Y = {y}), X = {x}: {found:?} is not a piece (1..9, s, F, B)")]
    BadToken {
        /// 1-based line.
        line: usize,
        /// The manager's `Y`.
        y: u8,
        /// The manager's `X`.
        x: u8,
        /// The character.
        found: char,
    },
    /// Wrong counts (`4 Majors given, 3 expected`).
    #[error(transparent)]
    Counts(#[from] SetupError),
}

/// Reads an agent's four setup rows (cleaned lines, top row first) into
/// `player`'s setup.
pub fn setup_from_rows<S: AsRef<str>>(player: Player, rows: &[S]) -> Result<Setup, UccSetupError> {
    debug_assert_eq!(rows.len(), SETUP_ROWS);
    let top = first_row(player);
    let mut grid = [[Rank::Flag; SIDE as usize]; SETUP_ROWS];
    for (i, row) in rows.iter().enumerate() {
        let text = row.as_ref();
        let y = top + i as u8;
        let line = i + 1;
        if text.len() != usize::from(SIDE) {
            return Err(UccSetupError::RowLength {
                line,
                y,
                len: text.len(),
                text: text.to_owned(),
            });
        }
        for (x, c) in text.chars().enumerate() {
            let x = x as u8;
            grid[i][usize::from(x)] = match c {
                '.' => return Err(UccSetupError::Empty { line, y, x }),
                c => rank_of_token(c).ok_or(UccSetupError::BadToken {
                    line,
                    y,
                    x,
                    found: c,
                })?,
            };
        }
    }
    // Our wire order: row A (X = 0) over the player's columns (the
    // manager's Y), then row B, ...
    let ranks: Vec<Rank> = Setup::squares(player)
        .iter()
        .map(|sq| {
            let (x, y) = xy(*sq);
            grid[usize::from(y - top)][usize::from(x)]
        })
        .collect();
    Ok(Setup::new(player, &ranks)?)
}

/// A setup as the agent would have sent it: its four rows, top first,
/// without `\n`.
pub fn setup_rows(setup: &Setup) -> [String; SETUP_ROWS] {
    let top = first_row(setup.player());
    std::array::from_fn(|i| {
        (0..SIDE)
            .map(|x| {
                let sq = square_at(x, top + i as u8).expect("on the board");
                token(setup.rank_at(sq).expect("a setup fills its area"))
            })
            .collect()
    })
}

/// The ten board rows an agent receives before each of its moves, from
/// `viewer`'s side: its own pieces by token, the enemy's as `#`, lakes as
/// `+`, empty squares as `.`; each row ends in `\n`.
pub fn board_rows(board: &Board, viewer: Player) -> String {
    let mut out = String::with_capacity(usize::from(SIDE) * (usize::from(SIDE) + 1));
    for y in 0..SIDE {
        for x in 0..SIDE {
            let sq = square_at(x, y).expect("on the board");
            out.push(match board.get(sq) {
                _ if sq.is_lake() => '+',
                None => '.',
                Some(p) if p.owner == viewer => token(p.rank),
                Some(_) => '#',
            });
        }
        out.push('\n');
    }
    out
}

/// An agent's reply to "your move".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reply {
    /// `$X $Y $DIRECTION [$MULTIPLIER]`.
    Move(UncheckedMove),
    /// `SURRENDER`: the agent resigns.
    Surrender,
}

/// The word of a surrender.
pub const SURRENDER: &str = "SURRENDER";

/// Why an agent's move reply could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UccMoveError {
    /// A line too long or not printable ASCII.
    #[error(transparent)]
    Line(#[from] LineError),
    /// `NO_MOVE`, which the manager refuses since January 2012.
    #[error(
        "NO_MOVE is not a move (the UCC manager refuses it: a player asked to move has a legal move)"
    )]
    NoMove,
    /// Not three or four words.
    #[error("{0:?} is not a move (X Y DIRECTION [MULTIPLIER], or SURRENDER)")]
    Shape(String),
    /// A coordinate that is not a digit 0..9.
    #[error("{line:?}: {axis} = {value:?} is not a coordinate (0..9)")]
    Coordinate {
        /// The whole line.
        line: String,
        /// `X` or `Y`.
        axis: char,
        /// What was given.
        value: String,
    },
    /// Not `UP`, `DOWN`, `LEFT` or `RIGHT`.
    #[error("{line:?}: {value:?} is not a direction (UP, DOWN, LEFT or RIGHT)")]
    Direction {
        /// The whole line.
        line: String,
        /// What was given.
        value: String,
    },
    /// Not a positive integer.
    #[error("{line:?}: {value:?} is not a multiplier (a positive integer)")]
    Multiplier {
        /// The whole line.
        line: String,
        /// What was given.
        value: String,
    },
}

/// Reads an agent's move reply (one cleaned line). Words are separated by
/// spaces or tabs; nothing else is tolerated.
pub fn parse_reply(line: &str) -> Result<Reply, UccMoveError> {
    if line == SURRENDER {
        return Ok(Reply::Surrender);
    }
    if line == "NO_MOVE" {
        return Err(UccMoveError::NoMove);
    }
    let words: Vec<&str> = line.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    let (x, y, dir, multiplier) = match words[..] {
        [x, y, d] => (x, y, d, None),
        [x, y, d, m] => (x, y, d, Some(m)),
        _ => return Err(UccMoveError::Shape(line.to_owned())),
    };
    let coordinate = |axis: char, value: &str| match value.as_bytes() {
        [d @ b'0'..=b'9'] => Ok(d - b'0'),
        _ => Err(UccMoveError::Coordinate {
            line: line.to_owned(),
            axis,
            value: value.to_owned(),
        }),
    };
    let from =
        square_at(coordinate('X', x)?, coordinate('Y', y)?).expect("digits are on the board");
    let dir = direction_from_word(dir).ok_or_else(|| UccMoveError::Direction {
        line: line.to_owned(),
        value: dir.to_owned(),
    })?;
    let distance = match multiplier {
        None => 1,
        Some(m) => parse_distance(m).map_err(|_| UccMoveError::Multiplier {
            line: line.to_owned(),
            value: m.to_owned(),
        })?,
    };
    Ok(Reply::Move(UncheckedMove {
        from,
        dir,
        distance,
    }))
}

/// A move as the manager writes it: `$X $Y $DIRECTION`, and the
/// multiplier when it is over 1 (no `\n`).
pub fn move_text(m: &UncheckedMove) -> String {
    let (x, y) = xy(m.from);
    let dir = direction_word(m.dir);
    match m.distance {
        1 => format!("{x} {y} {dir}"),
        d => format!("{x} {y} {dir} {d}"),
    }
}

/// The manager's `$OUTCOME` of a legal move that does not end the game:
/// `OK`, or `KILLS`, `DIES`, `BOTHDIE` and the two ranks' tokens.
pub fn outcome_text(outcome: crate::battle::Outcome) -> String {
    use crate::battle::{Fight, Outcome, fight};
    match outcome {
        Outcome::Quiet => "OK".to_owned(),
        Outcome::Battle { attacker, defender } => {
            let word = match fight(attacker, defender) {
                Fight::AttackerWins => "KILLS",
                Fight::DefenderWins => "DIES",
                Fight::BothRemoved => "BOTHDIE",
            };
            format!("{word} {} {}", token(attacker), token(defender))
        }
    }
}

/// The manager's line after a move, to both agents: the move and its
/// outcome, `\n` ended.
pub fn move_result_line(m: &UncheckedMove, outcome: crate::battle::Outcome) -> String {
    format!("{} {}\n", move_text(m), outcome_text(outcome))
}

/// `START`, which RED receives before the board of its first move.
pub const START: &str = "START\n";

/// How a game ended, as the manager's `QUIT` line says it (the result
/// words of its manual).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Quit {
    /// A Flag was taken.
    VictoryFlag,
    /// A player was left without a move.
    VictoryAttrition,
    /// Neither player can move.
    Draw,
    /// The turn limit was reached.
    DrawDefault,
    /// A player surrendered.
    Surrender,
    /// A player's reply was illegal, or it failed (timeout, crash): the
    /// manager calls both `ILLEGAL`.
    Illegal,
    /// A setup was refused.
    BadSetup,
}

impl Quit {
    /// The line: `QUIT` and the word, `\n` ended.
    pub fn line(self) -> String {
        format!("QUIT {self}\n")
    }
}

impl fmt::Display for Quit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Quit::VictoryFlag => "VICTORY_FLAG",
            Quit::VictoryAttrition => "VICTORY_ATTRITION",
            Quit::Draw => "DRAW",
            Quit::DrawDefault => "DRAW_DEFAULT",
            Quit::Surrender => "SURRENDER",
            Quit::Illegal => "ILLEGAL",
            Quit::BadSetup => "BAD_SETUP",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::Outcome;

    /// The manager's own example setup for RED (manual, "1. Setup").
    const MANUAL_RED: [&str; 4] = ["FB8sB479B8", "BB31555583", "6724898974", "967B669999"];

    #[test]
    fn the_boards_are_transposed() {
        // Lakes: the manager's obstacles at X 2,3,6,7 on Y 4,5.
        for sq in Square::all().filter(|s| s.is_lake()) {
            let (x, y) = xy(sq);
            assert!([2, 3, 6, 7].contains(&x) && [4, 5].contains(&y), "{sq}");
        }
        assert_eq!(xy("B3".parse().unwrap()), (1, 3));
        assert_eq!(square_at(9, 6), "J6".parse().ok());
        // Each manager direction moves the same way on both boards.
        for d in Direction::ALL {
            let word = direction_word(d);
            assert_eq!(direction_from_word(word), Some(d));
            let from: Square = "E5".parse().unwrap();
            let (x, y) = xy(from);
            let to = from.step(d, 1).unwrap();
            let (x2, y2) = match word {
                "UP" => (x, y - 1),
                "DOWN" => (x, y + 1),
                "LEFT" => (x - 1, y),
                _ => (x + 1, y),
            };
            assert_eq!(xy(to), (x2, y2), "{word}");
        }
    }

    #[test]
    fn setups_read_both_colours_and_write_back() {
        let red = setup_from_rows(Player::Zero, &MANUAL_RED).unwrap();
        // Y = 0 is our column 0: the Flag at X = 0 is A0, the Bomb at X = 1 is B0.
        assert_eq!(red.rank_at("A0".parse().unwrap()), Some(Rank::Flag));
        assert_eq!(red.rank_at("B0".parse().unwrap()), Some(Rank::Bomb));
        // Y = 3, X = 9: '9'.
        assert_eq!(red.rank_at("J3".parse().unwrap()), Some(Rank::Scout));
        assert_eq!(setup_rows(&red), MANUAL_RED.map(String::from));
        // BLUE's rows are Y 6..9: its back row last.
        let blue_rows = ["967B669999", "6724898974", "BB31555583", "FB8sB479B8"];
        let blue = setup_from_rows(Player::One, &blue_rows).unwrap();
        assert_eq!(blue.rank_at("A9".parse().unwrap()), Some(Rank::Flag));
        assert_eq!(blue.rank_at("A6".parse().unwrap()), Some(Rank::Scout));
        assert_eq!(setup_rows(&blue), blue_rows.map(String::from));
    }

    #[test]
    fn bad_setups_say_where() {
        // The manual's setup with its second row replaced, for either colour.
        for (player, row, expected) in [
            (
                Player::Zero,
                "BB3155558",
                "line 2 (Y = 1) is 9 characters, 10 expected: \"BB3155558\"",
            ),
            (
                Player::One,
                "BB31.55583",
                "line 2 (Y = 7) leaves X = 4 empty ('.'): all 40 pieces must be placed",
            ),
            (
                Player::Zero,
                "BB31x55583",
                "line 2 (Y = 1), X = 4: 'x' is not a piece (1..9, s, F, B)",
            ),
            (Player::Zero, "BB31455583", "4 Majors given, 3 expected"),
        ] {
            let mut rows = MANUAL_RED.map(String::from);
            rows[1] = row.into();
            let err = setup_from_rows(player, &rows).unwrap_err();
            assert_eq!(err.to_string(), expected);
        }
    }

    #[test]
    fn replies() {
        let m = |s: &str| match parse_reply(s) {
            Ok(Reply::Move(m)) => m.to_string(),
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(m("0 3 DOWN"), "A3 E 1");
        assert_eq!(m("9 6 UP 3"), "J6 W 3");
        assert_eq!(m("4 2\tLEFT  1"), "E2 N 1");
        assert_eq!(m("4 2 RIGHT"), "E2 S 1");
        assert_eq!(parse_reply("SURRENDER"), Ok(Reply::Surrender));
        let err = |s: &str| parse_reply(s).unwrap_err().to_string();
        assert!(err("NO_MOVE").starts_with("NO_MOVE is not a move"));
        assert_eq!(
            err("3 6 UP 1 OK").split(" is").next(),
            Some("\"3 6 UP 1 OK\"")
        );
        for (reply, expected) in [
            (
                "3 6",
                "\"3 6\" is not a move (X Y DIRECTION [MULTIPLIER], or SURRENDER)",
            ),
            (
                "10 6 UP",
                "\"10 6 UP\": X = \"10\" is not a coordinate (0..9)",
            ),
            (
                "3 -1 UP",
                "\"3 -1 UP\": Y = \"-1\" is not a coordinate (0..9)",
            ),
            (
                "3 6 up",
                "\"3 6 up\": \"up\" is not a direction (UP, DOWN, LEFT or RIGHT)",
            ),
            (
                "3 6 UP 0",
                "\"3 6 UP 0\": \"0\" is not a multiplier (a positive integer)",
            ),
        ] {
            assert_eq!(err(reply), expected);
        }
        assert_eq!(
            move_text(&UncheckedMove::from_lines("J6", "W", "3").unwrap()),
            "9 6 UP 3"
        );
        assert_eq!(
            move_text(&UncheckedMove::from_lines("A3", "E", "1").unwrap()),
            "0 3 DOWN"
        );
    }

    #[test]
    fn outcomes() {
        let battle = |a, d| Outcome::Battle {
            attacker: a,
            defender: d,
        };
        assert_eq!(outcome_text(Outcome::Quiet), "OK");
        assert_eq!(
            outcome_text(battle(Rank::Scout, Rank::Scout)),
            "BOTHDIE 9 9"
        );
        assert_eq!(outcome_text(battle(Rank::Spy, Rank::Marshal)), "KILLS s 1");
        assert_eq!(outcome_text(battle(Rank::Major, Rank::Bomb)), "DIES 4 B");
        assert_eq!(outcome_text(battle(Rank::Miner, Rank::Bomb)), "KILLS 8 B");
        let m = UncheckedMove::from_lines("J6", "W", "3").unwrap();
        assert_eq!(
            move_result_line(&m, battle(Rank::Scout, Rank::Scout)),
            "9 6 UP 3 BOTHDIE 9 9\n"
        );
        assert_eq!(Quit::Surrender.line(), "QUIT SURRENDER\n");
        assert_eq!(greeting(Player::One, "player0"), "BLUE player0 10 10\n");
    }

    #[test]
    fn the_board_as_the_manual_shows_it() {
        let red = setup_from_rows(Player::Zero, &MANUAL_RED).unwrap();
        let blue = setup_from_rows(
            Player::One,
            &["967B669999", "6724898974", "BB31555583", "FB8sB479B8"],
        )
        .unwrap();
        let board = Board::from_setups(&red, &blue);
        // The manual's "First turn for RED".
        assert_eq!(
            board_rows(&board, Player::Zero),
            "FB8sB479B8\nBB31555583\n6724898974\n967B669999\n..++..++..\n..++..++..\n\
             ##########\n##########\n##########\n##########\n"
        );
        assert!(board_rows(&board, Player::One).starts_with("##########\n"));
        assert!(board_rows(&board, Player::One).ends_with("FB8sB479B8\n"));
    }
}
