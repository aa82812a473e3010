//! Quarto as the referee's match driver runs it: a session per seat, the
//! wire format of `docs/games/quarto.md`, seat 0 giving the first piece.

use std::cell::Cell;
use std::fmt;

use game_core::{Context, Defaults, End, NoSetup, OptionsError, Seat, Tell, Viewer, session};
use serde::{Deserialize, Serialize};

use crate::error::{IllegalMove, WireError};
use crate::pattern::Level;
use crate::piece::Piece;
use crate::position::{EndReason, Move, Outcome, Position, UncheckedMove};
use crate::show;
use crate::square::Square;
use crate::wire;

/// Quarto, for the registry.
pub struct Spec;

/// The default time per move, in milliseconds: four times our AI's
/// half-second (`docs/games/quarto.md` says why).
pub const DEFAULT_TIME_LIMIT_MS: u64 = 2000;

/// Quarto's own options on the referee's command line.
#[derive(Clone, PartialEq, Eq, Debug, clap::Args, Serialize, Deserialize)]
pub struct Options {
    /// The level, which patterns win: 1 rows, columns and the two
    /// diagonals; 2 adds every 2x2 square; 3 the corners of every 3x3
    /// square; 4 the diamonds (docs/games/quarto.md draws them all).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u8).range(1..=4))]
    pub level: u8,
}

impl Default for Options {
    fn default() -> Options {
        Options { level: 1 }
    }
}

impl Options {
    /// The level these options ask for.
    pub fn level(&self) -> Result<Level, OptionsError> {
        Level::new(self.level)
            .ok_or_else(|| OptionsError(format!("level {} is not 1 to 4", self.level)))
    }
}

impl game_core::Spec for Spec {
    const NAME: &'static str = "quarto";
    const ABOUT: &'static str = "Quarto on a 4x4 board, the seed's four levels (--level), a session per player (docs/games/quarto.md)";
    const DEFAULTS: Defaults = Defaults {
        time_limit_ms: DEFAULT_TIME_LIMIT_MS,
        // No setup phase.
        setup_time_limit_ms: DEFAULT_TIME_LIMIT_MS,
        max_turns: 0,
    };
    type Options = Options;
    type Game = Match;

    fn new(options: &Options, context: &Context) -> Result<Match, OptionsError> {
        Ok(Match {
            pos: Position::new(options.level()?, context.max_turns),
            last: None,
            ignored: Cell::new(None),
            warnings: Vec::new(),
        })
    }
}

/// A Quarto game at the referee's table.
pub struct Match {
    pos: Position,
    /// The square of the last placement, for the viewer.
    last: Option<Square>,
    /// The gift named by the move last checked that its play drops
    /// (`Position::ignored_gift`), for the warning `play` writes.
    ignored: Cell<Option<Piece>>,
    /// The verdict's warnings.
    warnings: Vec<String>,
}

impl Match {
    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }
}

/// A played move as `--record` shows it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MoveRecord {
    /// Where the piece in hand went (`"B3"`); `None` on the first move.
    pub square: Option<String>,
    /// The piece placed there (0 to 15); `None` on the first move.
    pub piece: Option<u8>,
    /// The piece given to the opponent; `None` after the last or a
    /// winning placement.
    pub gift: Option<u8>,
    /// `"N"` (play on), `"W"` (the mover won) or `"D"` (drawn).
    pub result: String,
}

impl fmt::Display for MoveRecord {
    /// `B3 <- 5, gives 7 -> N`, `gives 10 -> N`, `D4 <- 2 -> W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some(s), Some(p)) = (&self.square, self.piece) {
            write!(f, "{s} <- {p}")?;
            if self.gift.is_some() {
                f.write_str(", ")?;
            }
        }
        if let Some(g) = self.gift {
            write!(f, "gives {g}")?;
        }
        write!(f, " -> {}", self.result)
    }
}

impl game_core::Game for Match {
    type Phase = NoSetup;
    type Move = Move;
    type MoveRecord = MoveRecord;
    const REPLY_LINES: usize = wire::REPLY_LINES;

    fn greeting(&self, seat: Seat) -> String {
        wire::greeting(seat as u8, self.pos.level())
    }

    fn end(&self) -> Option<End> {
        let end = self.pos.end()?;
        let detail = match (end.reason, end.won, end.winner) {
            (EndReason::Quarto, Some((pattern, agreement, square)), Some(w)) => {
                let piece = self.pos.board().get(square).expect("the last piece");
                format!(
                    "player {w} put {piece} on {square}: {pattern}, all {}",
                    agreement.words()
                )
            }
            (EndReason::BoardFull, _, _) => format!(
                "16 pieces placed, no pattern of level {} complete",
                self.pos.level()
            ),
            _ => format!("{} moves played", self.pos.plies()),
        };
        Some(End {
            winner: end.winner.map(usize::from),
            reason: end.reason.as_str(),
            words: end.reason.words(),
            detail,
        })
    }

    fn to_move(&self) -> Seat {
        usize::from(self.pos.to_move())
    }

    fn parse(&self, _seat: Seat, lines: &[Vec<u8>]) -> Result<UncheckedMove, WireError> {
        wire::parse_reply(lines)
    }

    fn check(&self, _seat: Seat, mv: &UncheckedMove) -> Result<Move, IllegalMove> {
        let checked = self.pos.check(mv);
        self.ignored
            .set(checked.as_ref().ok().and(self.pos.ignored_gift(mv)));
        checked
    }

    fn play(&mut self, mv: Move, tell: &mut Tell) -> MoveRecord {
        let me = usize::from(self.pos.to_move());
        let piece = self.pos.hand();
        if let Some(gift) = self.ignored.take() {
            self.warnings.push(format!(
                "move {}: player {me} named piece {gift} as its gift on the sixteenth placement, \
                 where nothing is left to give: ignored, as the seed's own code ignores it",
                self.pos.plies() + 1
            ));
        }
        let outcome: Outcome = self.pos.play(mv);
        if mv.square().is_some() {
            self.last = mv.square();
        }
        session::tell_played(me, outcome, wire::reply_text(mv.to_unchecked()), tell);
        MoveRecord {
            square: mv.square().map(|s| s.to_string()),
            piece: piece.filter(|_| mv.square().is_some()).map(|p| p.number()),
            gift: mv.gift().map(|p| p.number()),
            result: outcome.letter().to_string(),
        }
    }

    fn draw(&self, colour: bool) -> String {
        show::draw(&self.pos, colour)
    }

    fn move_reply(&self, rec: &MoveRecord) -> Vec<Vec<u8>> {
        // The two lines of the reply: the square (`-` on the first move),
        // the gift (`-` after the last or a winning placement).
        let square = rec.square.clone().unwrap_or_else(|| "-".to_owned());
        let gift = rec.gift.map_or_else(|| "-".to_owned(), |g| g.to_string());
        vec![square.into_bytes(), gift.into_bytes()]
    }

    /// Everyone sees everything: one view, no seat's own.
    fn scene(&self, viewer: Option<Seat>) -> Option<String> {
        viewer.is_none().then(|| show::scene(&self.pos, self.last))
    }

    fn viewer(&self) -> Viewer {
        Viewer::new(show::VIEWER_SCRIPT, show::VIEWER_STYLE)
    }

    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Game as _, Spec as _, play_reply};
    use std::time::Duration;

    fn context(max_turns: u32) -> Context {
        Context::uniform(max_turns, Duration::from_millis(DEFAULT_TIME_LIMIT_MS), 0)
    }

    fn reply(m: &mut Match, a: &str, b: &str) -> (Tell, MoveRecord) {
        play_reply(m, &[a, b])
    }

    #[test]
    fn a_game_to_a_win_message_by_message() {
        let mut m = Spec::new(&Options::default(), &context(0)).unwrap();
        assert_eq!(m.greeting(0), "0\n1\n");
        assert_eq!(m.question(0).lines, 2);
        let (tell, r) = reply(&mut m, "-", "4");
        assert_eq!(
            tell.messages(),
            [(0, "N\n".to_owned()), (1, "-\n4\nN\n".to_owned())]
        );
        assert_eq!(r.to_string(), "gives 4 -> N");
        // Tall pieces down column 1: 4, 5, 6, then 7 wins.
        let moves = [
            ("A1", "5"),
            ("B1", "6"),
            ("C1", "7"),
            ("A2", "8"),
            ("B2", "9"),
        ];
        for (a, b) in moves {
            assert!(m.end().is_none());
            reply(&mut m, a, b);
        }
        // 9 is short; player 0 (to move) puts it on C2 and gives 13.
        let (_, r) = reply(&mut m, "C2", "13");
        assert_eq!(r.to_string(), "C2 <- 9, gives 13 -> N");
        // Player 1 puts 13 (tall) on D1: column 1 is 4 5 6 13... all tall.
        let seat = m.to_move();
        let (tell, r) = reply(&mut m, "D1", "-");
        assert_eq!(r.result, "W");
        assert_eq!(tell.messages()[0], (seat, "W\n".to_owned()));
        assert_eq!(tell.messages()[1], (1 - seat, "D1\n-\nW\n".to_owned()));
        let end = m.end().unwrap();
        assert_eq!(end.winner, Some(seat));
        assert_eq!(end.reason, "quarto");
        assert_eq!(
            end.detail,
            format!("player {seat} put 13 (BTFC) on D1: column 1 (A1 B1 C1 D1), all tall")
        );
    }

    #[test]
    fn illegal_and_failure_messages() {
        let m = Spec::new(&Options { level: 4 }, &context(0)).unwrap();
        let mut tell = Tell::new();
        m.tell_illegal(0, None, &mut tell);
        assert_eq!(
            tell.messages(),
            [(0, "E\n".to_owned()), (1, "E\n".to_owned())]
        );
        let mut tell = Tell::new();
        m.tell_failure(1, &mut tell);
        assert_eq!(tell.messages(), [(0, "F\n".to_owned())]);
        assert!(Spec::new(&Options { level: 5 }, &context(0)).is_err());
    }

    #[test]
    fn a_gift_named_on_the_sixteenth_placement_is_ignored_with_a_warning() {
        // A level-1 draw (the rules tests' board): the piece on each
        // square, and the order the squares are filled in.
        let piece: [u8; 16] = [12, 8, 2, 7, 5, 0, 10, 4, 11, 14, 9, 3, 1, 13, 6, 15];
        let order: [u8; 16] = [0, 3, 5, 6, 9, 10, 12, 15, 7, 4, 2, 1, 14, 13, 11, 8];
        let mut m = Spec::new(&Options::default(), &context(0)).unwrap();
        reply(&mut m, "-", &piece[order[0] as usize].to_string());
        for (i, &s) in order.iter().enumerate() {
            let square = Square::new(s).unwrap().to_string();
            // The last placement names a piece as a program written from
            // the seed does: one already on the board.
            let gift = order.get(i + 1).map_or(3, |&n| piece[n as usize]);
            assert!(m.warnings().is_empty(), "move {i}");
            let (tell, r) = reply(&mut m, &square, &gift.to_string());
            if i == 15 {
                assert_eq!((r.result.as_str(), r.gift), ("D", None));
                // The opponent is told `-`, the move as it counts.
                assert_eq!(tell.messages()[1].1, format!("{square}\n-\nD\n"));
            }
        }
        assert_eq!(m.end().unwrap().reason, "board_full");
        assert_eq!(
            m.warnings(),
            [
                "move 17: player 0 named piece 3 (LSHC) as its gift on the sixteenth placement, \
              where nothing is left to give: ignored, as the seed's own code ignores it"
            ]
        );
    }

    #[test]
    fn the_turn_limit_draws() {
        let mut m = Spec::new(&Options::default(), &context(3)).unwrap();
        reply(&mut m, "-", "0");
        reply(&mut m, "A1", "1");
        let (tell, r) = reply(&mut m, "A2", "2");
        assert_eq!(r.result, "D");
        assert_eq!(tell.messages()[0].1, "D\n");
        let end = m.end().unwrap();
        assert_eq!((end.reason, end.winner), ("turn_limit", None));
        assert_eq!(end.detail, "3 moves played");
    }
}
