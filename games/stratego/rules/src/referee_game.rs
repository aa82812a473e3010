//! Stratego as the referee's match driver runs it: the game-core traits
//! over the rules and the wire format of this crate, every message byte
//! for byte as `docs/protocol.md` says — or, for a seat given `--protocol
//! SEAT=ucc`, as the UCC 2012 manager said it (`ucc`, `docs/ucc.md`).

use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;

use game_core::{
    Context, Defaults, End, Framing, LineError, OptionsError, Question, Seat, SecretSetup, Tell,
    Viewer, WithSetup,
};
use serde::{Deserialize, Serialize};

use crate::bits::Bits;
use crate::course_wire::{self, Leniency};
use crate::error::{IllegalMove, SetupError, WireError};
use crate::game::{EndReason, Game, Rules};
use crate::moves::{Move, UncheckedMove};
use crate::piece::{Player, Rank};
use crate::setup::Setup;
use crate::show;
use crate::square::Square;
use crate::ucc::{self, Quit, Reply, UccMoveError, UccSetupError};
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

    /// The protocol a seat's program speaks, SEAT=NAME: `course` (the
    /// default, docs/protocol.md) or `ucc` (an agent written for the UCC
    /// 2012 Stratego manager, docs/ucc.md); repeat for several seats.
    #[arg(long = "protocol", value_name = "SEAT=NAME")]
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub protocol: Vec<SeatProtocol>,

    /// How move replies are read: `strict` (docs/protocol.md §3), or
    /// `course`, as the course's referee reads them (the first character
    /// of a direction, the first two of a square, the leading digits of a
    /// distance, the rest ignored), each such line quoted in the
    /// verdict's warnings. Seats of the `course` protocol only.
    #[arg(long, value_enum, value_name = "WIRE", default_value_t = Wire::Strict)]
    #[serde(default, skip_serializing_if = "Wire::is_strict")]
    pub wire: Wire,
}

/// How a seat of the course protocol's move replies are read (`--wire`).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, clap::ValueEnum, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Wire {
    /// As docs/protocol.md §3 spells them.
    #[default]
    Strict,
    /// As the course's referee reads them (`course_wire`).
    Course,
}

impl Wire {
    /// Whether this is the default, strict reading.
    pub fn is_strict(&self) -> bool {
        *self == Wire::Strict
    }
}

/// How many of a seat's lenient lines the verdict's warning quotes.
const QUOTED_LENIENCIES: usize = 10;

game_core::named_enum! {
    /// The protocols a seat's program may speak, each named as
    /// `--protocol` names it.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
    pub enum Protocol {
        /// `course`: this referee's, the course's (`docs/protocol.md`).
        #[default]
        Course => "course",
        /// `ucc`: the UCC 2012 manager's, translated (`docs/ucc.md`).
        Ucc => "ucc",
    }
}

/// `--protocol SEAT=NAME`: a seat and the protocol its program speaks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct SeatProtocol {
    /// The seat.
    pub seat: Seat,
    /// Its protocol.
    pub protocol: Protocol,
}

impl FromStr for SeatProtocol {
    type Err = String;

    fn from_str(s: &str) -> Result<SeatProtocol, String> {
        let (seat, name) = s
            .split_once('=')
            .ok_or_else(|| format!("{s:?} is not SEAT=NAME (e.g. 1=ucc)"))?;
        let seat = seat
            .parse()
            .map_err(|_| format!("{seat:?} is not a seat number"))?;
        let protocol = Protocol::from_name(name)
            .ok_or_else(|| format!("{name:?} is not a protocol (course or ucc)"))?;
        Ok(SeatProtocol { seat, protocol })
    }
}

impl fmt::Display for SeatProtocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.seat, self.protocol.name())
    }
}

game_core::serde_as_text!(SeatProtocol);

impl Options {
    /// Each seat's protocol, or why the `--protocol` options are wrong.
    pub fn protocols(&self) -> Result<[Protocol; 2], OptionsError> {
        let mut out = [None; 2];
        for p in &self.protocol {
            let slot = out.get_mut(p.seat).ok_or_else(|| {
                OptionsError(format!(
                    "--protocol {p}: there is no seat {} (stratego has seats 0 and 1)",
                    p.seat
                ))
            })?;
            if slot.is_some_and(|q| q != p.protocol) {
                return Err(OptionsError(format!(
                    "--protocol gives seat {} two protocols",
                    p.seat
                )));
            }
            *slot = Some(p.protocol);
        }
        Ok(out.map(Option::unwrap_or_default))
    }
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
            protocols: options.protocols()?,
            wire: options.wire,
            lenient: RefCell::default(),
            game: None,
            last: None,
            last_to: None,
            revealed: 0,
            surrendered: None,
        })
    }
}

/// A Stratego game at the referee's table: before the setups, no board.
pub struct Match {
    rules: Rules,
    /// What each seat's program speaks.
    protocols: [Protocol; 2],
    /// How the course protocol's move replies are read.
    wire: Wire,
    /// Each seat's replies read only as the course's referee reads them
    /// (`--wire course`), with the move number, for the warnings.
    lenient: RefCell<[Vec<(u32, Leniency)>; 2]>,
    game: Option<Game>,
    /// The last move played, for the words of a Flag capture.
    last: Option<UncheckedMove>,
    /// Where the last move went, for the viewer.
    last_to: Option<Square>,
    /// Squares whose piece both players have seen in battle (the viewer's
    /// views of each player).
    revealed: Bits,
    /// The player who surrendered (a UCC agent's `SURRENDER`).
    surrendered: Option<Player>,
}

impl Match {
    fn game(&self) -> &Game {
        self.game.as_ref().expect("play starts after the setups")
    }

    fn ucc(&self, seat: Seat) -> bool {
        self.protocols[seat] == Protocol::Ucc
    }
}

/// An error in the protocol a seat speaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InProtocol<C, U> {
    /// In this referee's protocol.
    #[error(transparent)]
    Course(C),
    /// In the UCC manager's.
    #[error(transparent)]
    Ucc(U),
}

/// A reply the adapter could not read, in the seat's protocol.
pub type ReplyError = InProtocol<WireError, UccMoveError>;

impl game_core::Reply for Reply {
    type Error = ReplyError;
    const FRAMING: Framing = Framing::new(wire::MAX_LINE_BYTES, wire::MAX_REPLY_BYTES);
}

/// A setup refused, in the seat's protocol.
pub type SeatSetupError = InProtocol<SetupError, UccSetupError>;

/// A legal reply: a move, or a UCC agent's surrender.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// A legal move.
    Move(Move),
    /// The player to move resigns.
    Surrender,
}

impl game_core::Legal for Action {
    type Unchecked = Reply;
    type Illegal = IllegalMove;
}

/// How the manager's `QUIT` line names the end of the game.
fn quit_of(reason: EndReason) -> Quit {
    match reason {
        EndReason::FlagCaptured => Quit::VictoryFlag,
        EndReason::NoLegalMove => Quit::VictoryAttrition,
        EndReason::NeitherCanMove => Quit::Draw,
        EndReason::TurnLimit => Quit::DrawDefault,
    }
}

fn player(seat: Seat) -> Player {
    Player::from_index(seat).expect("two seats")
}

/// A played move as `--record` shows it. A surrender (a UCC agent's) is
/// recorded as a move with the result `"surrender"`, no square, no
/// direction and distance 0.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The square of the moved piece (`"B3"`).
    pub square: String,
    /// `"N"`, `"S"`, `"E"` or `"W"`.
    pub direction: String,
    /// Squares travelled.
    pub distance: u32,
    /// `"N"`, `"B"`, or `"surrender"`.
    pub result: String,
    /// For a battle, the attacker's code.
    pub attacker: Option<u8>,
    /// For a battle, the defender's code.
    pub defender: Option<u8>,
}

impl MoveRecord {
    /// The `result` of a surrender.
    pub const SURRENDER: &'static str = "surrender";

    /// The record of a surrender.
    pub fn surrender() -> MoveRecord {
        MoveRecord {
            square: String::new(),
            direction: String::new(),
            distance: 0,
            result: MoveRecord::SURRENDER.to_owned(),
            attacker: None,
            defender: None,
        }
    }

    /// Whether this is a surrender.
    pub fn is_surrender(&self) -> bool {
        self.result == MoveRecord::SURRENDER
    }
}

impl fmt::Display for MoveRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_surrender() {
            return f.write_str(ucc::SURRENDER);
        }
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
    type Phase = WithSetup<Match>;
    type Move = Action;
    type MoveRecord = MoveRecord;

    fn greeting(&self, seat: Seat) -> String {
        if self.ucc(seat) {
            return ucc::greeting(player(seat), &format!("player{}", 1 - seat));
        }
        wire::player_number_to_wire(player(seat))
    }

    fn end(&self) -> Option<End> {
        if let Some(p) = self.surrendered {
            return Some(End {
                winner: Some(p.opponent().index()),
                reason: "surrender",
                words: "a player surrendered",
                detail: format!("player {p} surrendered ({})", ucc::SURRENDER),
            });
        }
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

    fn question(&self, seat: Seat) -> Question {
        if self.ucc(seat) {
            // The manager's turn: the board from the agent's side (after
            // START on RED's first move), then one line.
            let game = self.game();
            let start = if game.plies() == 0 { ucc::START } else { "" };
            return Question {
                lines: 1,
                input: format!("{start}{}", ucc::board_rows(game.board(), player(seat))),
                ..Question::default()
            };
        }
        Question {
            lines: MOVE_LINES,
            ..Question::default()
        }
    }

    fn parse(&self, seat: Seat, lines: &[Vec<u8>]) -> Result<Reply, ReplyError> {
        if self.ucc(seat) {
            return cleaned(lines)
                .map_err(UccMoveError::from)
                .and_then(|lines| ucc::parse_reply(lines[0]))
                .map_err(InProtocol::Ucc);
        }
        if self.wire == Wire::Course {
            let (mv, notes) = course_wire::read_move(lines).map_err(InProtocol::Course)?;
            let ply = self.game().plies() + 1;
            self.lenient.borrow_mut()[seat].extend(notes.into_iter().map(|n| (ply, n)));
            return Ok(Reply::Move(mv));
        }
        cleaned(lines)
            .map_err(WireError::from)
            .and_then(|lines| UncheckedMove::from_lines(lines[0], lines[1], lines[2]))
            .map(Reply::Move)
            .map_err(InProtocol::Course)
    }

    fn check(&self, _seat: Seat, reply: &Reply) -> Result<Action, IllegalMove> {
        match reply {
            Reply::Move(m) => self.game().check(m).map(Action::Move),
            Reply::Surrender => Ok(Action::Surrender),
        }
    }

    fn play(&mut self, action: Action, tell: &mut Tell) -> MoveRecord {
        let mv = match action {
            Action::Move(mv) => mv,
            Action::Surrender => {
                let me = self.game().to_move();
                self.surrendered = Some(me);
                // The manager's `QUIT SURRENDER` to agents; to a player of
                // this referee's protocol, F: the opponent is gone, it wins.
                for seat in [me.index(), 1 - me.index()] {
                    if self.ucc(seat) {
                        tell.to(seat, Quit::Surrender.line());
                    } else if seat != me.index() {
                        tell.to(seat, OpponentTurn::Failure.to_wire());
                    }
                }
                return MoveRecord::surrender();
            }
        };
        let protocols = self.protocols;
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
        let quit = game.end().map(|e| quit_of(e.reason));
        for seat in [me, 1 - me] {
            let text = match (protocols[seat], quit) {
                // §3.2: the result to the mover; the move and its result
                // to the opponent.
                (Protocol::Course, _) if seat == me => result.to_wire(),
                (Protocol::Course, _) => OpponentTurn::Move(u, result).to_wire(),
                // The manager: the move and its outcome to both, or QUIT
                // alone when the move ends the game.
                (Protocol::Ucc, None) => ucc::move_result_line(&u, outcome),
                (Protocol::Ucc, Some(q)) => q.line(),
            };
            tell.to(seat, text);
        }
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

    /// The colours of the UCC manager (`docs/ucc.md`): red moves first.
    fn seat_name(&self, seat: Seat) -> Option<String> {
        Some(ucc::colour(player(seat)).to_lowercase())
    }

    fn tell_illegal(&self, seat: Seat, parsed: Option<&Reply>, tell: &mut Tell) {
        // §3.2: E to the mover as its result; to the opponent, the move
        // normalised then E when the reply reads as a move (the course
        // referee's bytes), E alone in place of the move when it does not.
        // The manager sends its agents QUIT.
        let theirs = match parsed {
            Some(&Reply::Move(u)) => OpponentTurn::Move(u, MoveResult::Error),
            _ => OpponentTurn::Error,
        };
        for (s, text) in [
            (seat, MoveResult::Error.to_wire()),
            (1 - seat, theirs.to_wire()),
        ] {
            tell.to(
                s,
                if self.ucc(s) {
                    Quit::Illegal.line()
                } else {
                    text
                },
            );
        }
    }

    fn tell_failure(&self, seat: Seat, tell: &mut Tell) {
        let other = 1 - seat;
        tell.to(
            other,
            if self.ucc(other) {
                Quit::Illegal.line()
            } else {
                OpponentTurn::Failure.to_wire()
            },
        );
    }

    fn draw(&self, colour: bool) -> String {
        match &self.game {
            Some(game) => show::draw_board(game, colour),
            None => String::new(),
        }
    }

    fn move_reply(&self, rec: &MoveRecord) -> Vec<Vec<u8>> {
        if rec.is_surrender() {
            return vec![ucc::SURRENDER.as_bytes().to_vec()];
        }
        let lines = [&rec.square, &rec.direction, &rec.distance.to_string()]
            .map(|l| l.as_bytes().to_vec())
            .to_vec();
        if !self.ucc(self.game().to_move().index()) {
            return lines;
        }
        // The agent's own words for the move, when the record reads as one.
        match UncheckedMove::from_lines(&rec.square, &rec.direction, &rec.distance.to_string()) {
            Ok(u) => vec![ucc::move_text(&u).into_bytes()],
            Err(_) => lines,
        }
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
        Viewer::new(show::VIEWER_SCRIPT, show::VIEWER_STYLE)
    }

    /// Under `--wire course`, one warning per seat whose replies were
    /// read leniently: how many lines, and the first of them quoted.
    fn warnings(&self) -> Vec<String> {
        let lenient = self.lenient.borrow();
        (0..2)
            .filter(|&seat| !lenient[seat].is_empty())
            .map(|seat| {
                let notes = &lenient[seat];
                let quoted: Vec<String> = notes
                    .iter()
                    .take(QUOTED_LENIENCIES)
                    .map(|(ply, n)| format!("move {ply} {n}"))
                    .collect();
                let more = match notes.len().saturating_sub(QUOTED_LENIENCIES) {
                    0 => String::new(),
                    n => format!("; and {n} more"),
                };
                format!(
                    "player {seat} ({}): {} {} read as the course's referee reads {} (--wire course): {}{more}",
                    ucc::colour(player(seat)).to_lowercase(),
                    notes.len(),
                    if notes.len() == 1 { "line" } else { "lines" },
                    if notes.len() == 1 { "it" } else { "them" },
                    quoted.join("; ")
                )
            })
            .collect()
    }
}

/// Each seat sends its army at once (40 codes, or the UCC manager's four
/// rows), unseen by the other.
impl SecretSetup for Match {
    type Setup = Setup;
    type SetupError = SeatSetupError;
    type SetupRecord = Vec<u8>;

    fn setup_question(&self, seat: Seat) -> Question {
        Question {
            lines: if self.ucc(seat) {
                ucc::SETUP_ROWS
            } else {
                SETUP_LINES
            },
            ..Question::default()
        }
    }

    fn parse_setup(&self, seat: Seat, lines: &[Vec<u8>]) -> Result<Setup, SeatSetupError> {
        if self.ucc(seat) {
            return cleaned(lines)
                .map_err(UccSetupError::from)
                .and_then(|rows| ucc::setup_from_rows(player(seat), &rows))
                .map_err(InProtocol::Ucc);
        }
        cleaned(lines)
            .map_err(SetupError::from)
            .and_then(|lines| Setup::from_lines(player(seat), &lines))
            .map_err(InProtocol::Course)
    }

    fn setup_answer(&self, seat: Seat, accepted: bool) -> String {
        if self.ucc(seat) {
            // The manager answers nothing to a setup it accepts; RED's
            // first move starts with START.
            return if accepted {
                String::new()
            } else {
                Quit::BadSetup.line()
            };
        }
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

    fn setup_reply(&self, seat: Seat, rec: &Vec<u8>) -> Vec<Vec<u8>> {
        let codes = || rec.iter().map(|c| c.to_string().into_bytes()).collect();
        if !self.ucc(seat) {
            return codes();
        }
        let ranks: Option<Vec<Rank>> = rec.iter().map(|&c| Rank::from_code(c)).collect();
        match ranks.and_then(|r| Setup::new(player(seat), &r).ok()) {
            Some(setup) => ucc::setup_rows(&setup)
                .into_iter()
                .map(String::into_bytes)
                .collect(),
            None => codes(),
        }
    }
}
