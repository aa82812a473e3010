//! Stratego as the referee's match driver runs it: the game-core traits
//! over the rules and the wire format of this crate, every message byte
//! for byte as `docs/protocol.md` says.

use std::fmt;

use game_core::{
    Context, Defaults, End, Framing, LineError, OptionsError, Question, Seat, Tell, Viewer,
};
use serde::{Deserialize, Serialize};

use crate::bits::Bits;
use crate::error::{IllegalMove, SetupError, WireError};
use crate::game::{EndReason, Game, Rules};
use crate::moves::{Move, UncheckedMove};
use crate::piece::{Player, Rank};
use crate::setup::Setup;
use crate::show;
use crate::square::Square;
use crate::wire::{self, MoveResult, OpponentTurn, SetupAnswer, clean_line};

/// Lines of a setup reply.
const SETUP_LINES: usize = Rank::TOTAL;
/// Lines of a move reply.
const MOVE_LINES: usize = 3;

/// Stratego, for the registry.
pub struct Spec;

/// Stratego's own options on the referee's command line.
#[derive(Clone, PartialEq, Eq, Debug, Default, clap::Args, Serialize, Deserialize)]
pub struct Options {
    /// Apply the two-square rule: a piece may not move between the same two
    /// squares more than three times in a row (the fourth such move is illegal).
    #[arg(long)]
    pub two_square_rule: bool,
}

impl game_core::Spec for Spec {
    const NAME: &'static str = "stratego";
    const ABOUT: &'static str =
        "Stratego on a 10x10 board, secret setups, a session per player (docs/protocol.md)";
    const DEFAULTS: Defaults = Defaults {
        time_limit_ms: 500,
        setup_time_limit_ms: 2000,
        max_turns: Rules::DEFAULT_MAX_TURNS,
    };
    type Options = Options;
    type Game = Match;

    fn new(options: &Options, context: &Context) -> Result<Match, OptionsError> {
        Ok(Match {
            rules: Rules {
                max_turns: context.max_turns,
                two_square_rule: options.two_square_rule,
            },
            game: None,
            last: None,
            last_to: None,
            revealed: 0,
        })
    }
}

/// A Stratego game at the referee's table: before the setups, no board.
pub struct Match {
    rules: Rules,
    game: Option<Game>,
    /// The last move played, for the words of a Flag capture.
    last: Option<UncheckedMove>,
    /// Where the last move went, for the viewer.
    last_to: Option<Square>,
    /// Squares whose piece both players have seen in battle (the viewer's
    /// views of each player).
    revealed: Bits,
}

impl Match {
    fn game(&self) -> &Game {
        self.game.as_ref().expect("play starts after the setups")
    }
}

fn player(seat: Seat) -> Player {
    Player::from_index(seat).expect("two seats")
}

/// A played move as `--record` shows it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The square of the moved piece (`"B3"`).
    pub square: String,
    /// `"N"`, `"S"`, `"E"` or `"W"`.
    pub direction: String,
    /// Squares travelled.
    pub distance: u32,
    /// `"N"` or `"B"`.
    pub result: String,
    /// For a battle, the attacker's code.
    pub attacker: Option<u8>,
    /// For a battle, the defender's code.
    pub defender: Option<u8>,
}

impl fmt::Display for MoveRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} -> ",
            self.square, self.direction, self.distance
        )?;
        let (Some(a), Some(d)) = (self.attacker, self.defender) else {
            return f.write_str(&self.result);
        };
        write!(f, "B {a} {d}")?;
        // In words, for people: who attacked whom, and who survived.
        let (Some(ra), Some(rd)) = (Rank::from_code(a), Rank::from_code(d)) else {
            return Ok(());
        };
        let survivor = match crate::battle::fight(ra, rd) {
            crate::battle::Fight::AttackerWins if rd == Rank::Flag => "the Flag is taken",
            crate::battle::Fight::AttackerWins => "the attacker wins",
            crate::battle::Fight::DefenderWins => "the defender wins",
            crate::battle::Fight::BothRemoved => "both are removed",
        };
        write!(f, " ({ra} attacks {rd}: {survivor})")
    }
}

/// Cleans the raw lines of a reply, blank lines kept as empty; an error
/// names the line (among the reply's non-blank lines) and the byte.
fn cleaned(lines: &[Vec<u8>]) -> Result<Vec<&str>, LineError> {
    lines
        .iter()
        .enumerate()
        .map(|(i, raw)| clean_line(raw, i + 1).map(Option::unwrap_or_default))
        .collect()
}

impl game_core::Game for Match {
    type Setup = Setup;
    type SetupError = SetupError;
    type Unchecked = UncheckedMove;
    type ParseError = WireError;
    type Move = Move;
    type IllegalMove = IllegalMove;
    type MoveRecord = MoveRecord;
    type SetupRecord = Vec<u8>;

    fn seats(&self) -> usize {
        2
    }

    fn framing(&self) -> Framing {
        Framing {
            max_line_bytes: wire::MAX_LINE_BYTES,
            max_reply_bytes: wire::MAX_REPLY_BYTES,
        }
    }

    fn greeting(&self, seat: Seat) -> String {
        wire::player_number_to_wire(player(seat))
    }

    fn setup_question(&self, _seat: Seat) -> Option<Question> {
        Some(Question {
            lines: SETUP_LINES,
            ..Question::default()
        })
    }

    fn parse_setup(&self, seat: Seat, lines: &[Vec<u8>]) -> Result<Setup, SetupError> {
        let lines = cleaned(lines)?;
        Setup::from_lines(player(seat), &lines)
    }

    fn setup_answer(&self, _seat: Seat, accepted: bool) -> String {
        let answer = if accepted {
            SetupAnswer::Ok
        } else {
            SetupAnswer::Ko
        };
        answer.to_wire().to_owned()
    }

    fn setup_record(&self, setup: &Setup) -> Vec<u8> {
        setup.ranks().iter().map(|r| r.code()).collect()
    }

    fn begin(&mut self, setups: Vec<Setup>) {
        let Ok([s0, s1]) = <[Setup; 2]>::try_from(setups) else {
            panic!("two setups")
        };
        self.game = Some(Game::new(&s0, &s1, self.rules));
    }

    fn end(&self) -> Option<End> {
        let game = self.game();
        let end = game.end()?;
        let (reason, words, detail) = match end.reason {
            EndReason::FlagCaptured => {
                let last = self.last.expect("a flag is taken by a move");
                let winner = end.winner.expect("a flag capture has a winner");
                (
                    "flag_captured",
                    "the flag was captured",
                    format!(
                        "player {winner} took the flag: {} {} {}",
                        last.from, last.dir, last.distance
                    ),
                )
            }
            EndReason::NoLegalMove => (
                "no_legal_move",
                "the player to move had no legal move",
                format!("player {} has no legal move", game.to_move()),
            ),
            EndReason::NeitherCanMove => (
                "neither_can_move",
                "neither player could move",
                "neither player has a legal move".to_owned(),
            ),
            EndReason::TurnLimit => (
                "turn_limit",
                "the turn limit was reached",
                format!("{} moves played", game.plies()),
            ),
        };
        Some(End {
            winner: end.winner.map(Player::index),
            reason,
            words,
            detail,
        })
    }

    fn to_move(&self) -> Seat {
        self.game().to_move().index()
    }

    fn question(&self, _seat: Seat) -> Question {
        Question {
            lines: MOVE_LINES,
            ..Question::default()
        }
    }

    fn parse(&self, _seat: Seat, lines: &[Vec<u8>]) -> Result<UncheckedMove, WireError> {
        let lines = cleaned(lines)?;
        UncheckedMove::from_lines(lines[0], lines[1], lines[2])
    }

    fn check(&self, _seat: Seat, mv: &UncheckedMove) -> Result<Move, IllegalMove> {
        self.game().check(mv)
    }

    fn play(&mut self, mv: Move, tell: &mut Tell) -> MoveRecord {
        let game = self.game.as_mut().expect("play starts after the setups");
        let me = game.to_move().index();
        let u = mv.to_unchecked();
        let outcome = game.play(mv);
        let battle = !matches!(outcome, crate::battle::Outcome::Quiet);
        self.revealed =
            show::revealed_after(self.revealed, game.board(), mv.from(), mv.to(), battle);
        let result = MoveResult::from(outcome);
        self.last = Some(u);
        self.last_to = Some(mv.to());
        // §3.2: the result to the mover; the move and its result to the
        // opponent.
        tell.to(me, result.to_wire());
        tell.to(1 - me, OpponentTurn::Move(u, result).to_wire());
        let (attacker, defender) = match result {
            MoveResult::Battle { attacker, defender } => {
                (Some(attacker.code()), Some(defender.code()))
            }
            _ => (None, None),
        };
        MoveRecord {
            square: u.from.to_string(),
            direction: u.dir.to_string(),
            distance: u.distance,
            result: result.letter().to_string(),
            attacker,
            defender,
        }
    }

    fn tell_illegal(&self, seat: Seat, parsed: Option<&UncheckedMove>, tell: &mut Tell) {
        // §3.2: E to the mover as its result; to the opponent, the move
        // normalised then E when the reply reads as a move (the course
        // referee's bytes), E alone in place of the move when it does not.
        tell.to(seat, MoveResult::Error.to_wire());
        let theirs = match parsed {
            Some(&u) => OpponentTurn::Move(u, MoveResult::Error),
            None => OpponentTurn::Error,
        };
        tell.to(1 - seat, theirs.to_wire());
    }

    fn tell_failure(&self, seat: Seat, tell: &mut Tell) {
        tell.to(1 - seat, OpponentTurn::Failure.to_wire());
    }

    fn draw(&self, colour: bool) -> String {
        match &self.game {
            Some(game) => show::draw_board(game, colour),
            None => String::new(),
        }
    }

    fn move_reply(&self, rec: &MoveRecord) -> Vec<Vec<u8>> {
        [&rec.square, &rec.direction, &rec.distance.to_string()]
            .map(|l| l.as_bytes().to_vec())
            .to_vec()
    }

    fn setup_reply(&self, _seat: Seat, rec: &Vec<u8>) -> Vec<Vec<u8>> {
        rec.iter().map(|c| c.to_string().into_bytes()).collect()
    }

    fn scene(&self, viewer: Option<Seat>) -> Option<String> {
        let game = self.game.as_ref()?;
        let last = self.last.zip(self.last_to).map(|(u, to)| (u.from, to));
        Some(show::scene(
            game.board(),
            self.revealed,
            viewer.map(player),
            last,
        ))
    }

    fn viewer(&self) -> Viewer {
        Viewer {
            script: show::VIEWER_SCRIPT,
            style: show::VIEWER_STYLE,
        }
    }
}
