//! Coursidor as the referee's match driver runs it: a session per seat,
//! the wire format of `docs/games/coursidor.md`; black drawn from the
//! game's seed (or `--first`), then the objectives.

use std::fmt;
use std::sync::Arc;

use game_core::{
    Context, Defaults, End, Host, NoSetup, OptionsError, Rng, Seat, Tell, Viewer, session,
};
use serde::{Deserialize, Serialize};

use crate::board::{Board, Shape, Vertex};
use crate::colour::Colour;
use crate::error::{IllegalMove, WireError};
use crate::layout::Layout;
use crate::moves::{Move, UncheckedMove};
use crate::position::{EndReason, Position};
use crate::show;
use crate::wire;

/// Coursidor, for the registry.
pub struct Spec;

/// The default time per move, in milliseconds (`docs/games/coursidor.md`
/// says why).
pub const DEFAULT_TIME_LIMIT_MS: u64 = 2000;

/// The default turn limit: moves of either player after which the game is
/// drawn (the seed has none; `-M 0` restores that).
pub const DEFAULT_MAX_TURNS: u32 = 1000;

/// Coursidor's own options on the referee's command line (the seed's
/// server's `-t` and `-m`; its `-M` is the referee's `--max-turns`).
#[derive(Clone, PartialEq, Eq, Debug, clap::Args, Serialize, Deserialize)]
pub struct Options {
    /// The board: T triangular (a hexagon of side m), C cyclic (the ring
    /// two vertices wide around it), H holed (T with seven holes).
    #[arg(short = 't', long = "board", value_enum, value_name = "TYPE",
          default_value_t = Shape::T, ignore_case = true)]
    pub board: Shape,
    /// The board's size m: T from 2, C from 3, H from 6 and a multiple
    /// of 3.
    #[arg(short = 'm', long = "size", value_name = "M", default_value_t = 6)]
    pub size: u32,
    /// The number of objectives, placed symmetrically (v and n-1-v) from
    /// the game's seed, never on a start; an odd number takes the centre,
    /// which only T has.
    #[arg(long, value_name = "K", default_value_t = 4)]
    pub objectives: usize,
    /// The player (0 for the first program, 1 for the second) that plays
    /// black and moves first [default: drawn from the game's seed].
    #[arg(long, value_name = "PLAYER",
          value_parser = clap::value_parser!(u8).range(0..=1))]
    pub first: Option<u8>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            board: Shape::T,
            size: 6,
            objectives: 4,
            first: None,
        }
    }
}

impl game_core::Spec for Spec {
    const NAME: &'static str = "coursidor";
    const ABOUT: &'static str = "Coursidor, the course's Quoridor on a triangular lattice: -t T|C|H -m M, a session per player, or a course client .so run by coursidor-host (docs/games/coursidor.md)";
    const DEFAULTS: Defaults = Defaults {
        time_limit_ms: DEFAULT_TIME_LIMIT_MS,
        // No setup phase.
        setup_time_limit_ms: DEFAULT_TIME_LIMIT_MS,
        max_turns: DEFAULT_MAX_TURNS,
    };
    const MAX_TURNS_SHORT: Option<char> = Some('M');
    type Options = Options;
    type Game = Match;

    fn new(options: &Options, context: &Context) -> Result<Match, OptionsError> {
        Match::new(options, context.seed, context.max_turns)
    }

    /// A course client, a shared library (`.so`), runs in
    /// `coursidor-host`, which loads it and speaks the protocol for it.
    fn host(_options: &Options, _seat: Seat, program: &std::path::Path) -> Option<Host> {
        (program.extension() == Some(std::ffi::OsStr::new("so"))).then(|| Host {
            program: HOST,
            args: Vec::new(),
            exits: crate::host_stop::HOST_EXITS,
            last_words: crate::host_stop::LAST_WORDS,
        })
    }
}

/// The host of course clients, beside the referee.
pub const HOST: &str = "coursidor-host";

/// A Coursidor game at the referee's table.
pub struct Match {
    pos: Position,
    /// The seat that plays black.
    black: Seat,
    /// The last move and who made it, for the viewer.
    last: Option<(Colour, Move)>,
}

impl Match {
    /// The game of `options` for `seed` (black's seat, then the
    /// objectives, are drawn from it), drawn after `max_turns` moves.
    pub fn new(options: &Options, seed: u64, max_turns: u32) -> Result<Match, OptionsError> {
        let board =
            Board::new(options.board, options.size).map_err(|e| OptionsError(e.to_string()))?;
        let mut rng = Rng::new(seed);
        let drawn = usize::from(rng.coin());
        let black = options.first.map_or(drawn, usize::from);
        let layout = Layout::draw(board, options.objectives, &mut rng)
            .map_err(|e| OptionsError(e.to_string()))?;
        Ok(Match {
            pos: Position::new(Arc::new(layout), max_turns),
            black,
            last: None,
        })
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The seat playing `c`.
    pub fn seat_of(&self, c: Colour) -> Seat {
        match c {
            Colour::Black => self.black,
            Colour::White => 1 - self.black,
        }
    }

    /// The colour of `seat`.
    pub fn colour_of(&self, seat: Seat) -> Colour {
        if seat == self.black {
            Colour::Black
        } else {
            Colour::White
        }
    }
}

/// A played move as `--record` shows it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MoveRecord {
    /// `"black"` or `"white"`.
    pub colour: String,
    /// A pawn's move: where it went.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Vertex>,
    /// A pawn's move: the direction of its last unit step (its momentum
    /// afterwards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dir: Option<String>,
    /// A pawn's straight move: its steps, 1 to 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<u8>,
    /// A jump: the opponent's vertex it went over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<Vertex>,
    /// A pawn's move: the objectives it passed or reached that its player
    /// had not visited.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub visited: Vec<Vertex>,
    /// A wall: its two edges as the reply gave them, `A B A C`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<[Vertex; 4]>,
    /// `"N"` (play on), `"W"` (the mover won) or `"D"` (drawn).
    pub result: String,
}

impl fmt::Display for MoveRecord {
    /// `black M 34 (SE x2, visits 17) -> N`, `white M 20 (jump over 27,
    /// SW) -> N`, `black W 12 13 12 19 -> N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.colour)?;
        if let Some([a, b, c, d]) = self.wall {
            write!(f, "W {a} {b} {c} {d}")?;
        } else if let Some(to) = self.to {
            write!(f, "M {to} (")?;
            let dir = self.dir.as_deref().unwrap_or("?");
            match (self.over, self.steps) {
                (Some(over), _) => write!(f, "jump over {over}, {dir}")?,
                (None, Some(k)) => write!(f, "{dir} x{k}")?,
                (None, None) => write!(f, "{dir}")?,
            }
            if !self.visited.is_empty() {
                let v: Vec<String> = self.visited.iter().map(u16::to_string).collect();
                write!(f, ", visits {}", v.join(" "))?;
            }
            f.write_str(")")?;
        }
        write!(f, " -> {}", self.result)
    }
}

impl game_core::Game for Match {
    type Phase = NoSetup;
    type Move = Move;
    type MoveRecord = MoveRecord;

    fn greeting(&self, seat: Seat) -> String {
        wire::greeting(
            self.colour_of(seat),
            self.pos.layout(),
            self.pos.max_plies(),
        )
    }

    fn end(&self) -> Option<End> {
        let end = self.pos.end()?;
        let detail = match (end.reason, end.winner) {
            (EndReason::TourCompleted, Some(w)) => format!(
                "player {} ({w}) is back on its start {} with the {} objective(s) visited, on move {}",
                self.seat_of(w),
                self.pos.layout().start(w),
                self.pos.layout().objectives().len(),
                self.pos.plies()
            ),
            _ => format!("{} moves played", self.pos.plies()),
        };
        Some(End {
            winner: end.winner.map(|c| self.seat_of(c)),
            reason: end.reason.as_str(),
            words: end.reason.words(),
            detail,
        })
    }

    fn to_move(&self) -> Seat {
        self.seat_of(self.pos.to_move())
    }

    fn parse(&self, _seat: Seat, lines: &[Vec<u8>]) -> Result<UncheckedMove, WireError> {
        wire::parse_reply(lines)
    }

    fn check(&self, _seat: Seat, mv: &UncheckedMove) -> Result<Move, IllegalMove> {
        self.pos.check(mv)
    }

    fn play(&mut self, mv: Move, tell: &mut Tell) -> MoveRecord {
        let me = self.pos.to_move();
        let before = self.pos.visited(me);
        let outcome = self.pos.play(mv);
        self.last = Some((me, mv));
        let seat = self.seat_of(me);
        session::tell_played(seat, outcome, format!("{}\n", mv.to_unchecked()), tell);
        let mut rec = MoveRecord {
            colour: me.name().to_owned(),
            to: None,
            dir: None,
            steps: None,
            over: None,
            visited: Vec::new(),
            wall: None,
            result: outcome.letter().to_string(),
        };
        match mv {
            Move::Step(s) => {
                rec.to = Some(s.to());
                rec.dir = Some(s.dir().to_string());
                rec.over = s.over();
                rec.steps = s.over().is_none().then_some(s.steps());
                let new = s.visits() & !before;
                rec.visited = self.pos.layout().objectives_in(new).collect();
            }
            Move::Wall(w) => rec.wall = Some([w.at(), w.ends()[0], w.at(), w.ends()[1]]),
        }
        rec
    }

    fn seat_name(&self, seat: Seat) -> Option<String> {
        Some(self.colour_of(seat).name().to_owned())
    }

    fn draw(&self, colour: bool) -> String {
        format!(
            "{}black is player {}, white player {}\n",
            crate::draw(&self.pos, colour),
            self.black,
            1 - self.black
        )
    }

    fn scene(&self, viewer: Option<Seat>) -> Option<String> {
        game_core::open_scene(self, viewer, |words| {
            show::scene(&self.pos, self.black, self.last, words)
        })
    }

    fn viewer(&self) -> Viewer {
        Viewer::new(show::VIEWER_SCRIPT, show::VIEWER_STYLE)
    }

    fn move_reply(&self, rec: &MoveRecord) -> Vec<Vec<u8>> {
        let line = match (rec.wall, rec.to) {
            (Some([a, b, c, d]), _) => format!("W {a} {b} {c} {d}"),
            (None, Some(to)) => format!("M {to}"),
            // A record without either: a reply no parse accepts, so that
            // the replay names the record's fault.
            (None, None) => "! the record holds neither a pawn's move nor a wall".to_owned(),
        };
        vec![line.into_bytes()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Game as _, Spec as _, play_reply};
    use std::time::Duration;

    fn context(seed: u64, max_turns: u32) -> Context {
        Context::uniform(
            max_turns,
            Duration::from_millis(DEFAULT_TIME_LIMIT_MS),
            seed,
        )
    }

    fn reply(m: &mut Match, line: &str) -> (Tell, MoveRecord) {
        play_reply(m, &[line])
    }

    #[test]
    fn black_and_the_objectives_come_from_the_seed_and_first_overrides_black() {
        let blacks: Vec<Seat> = (0..40)
            .map(|s| {
                Spec::new(&Options::default(), &context(s, 0))
                    .unwrap()
                    .black
            })
            .collect();
        assert!(blacks.contains(&0) && blacks.contains(&1));
        for seed in 0..10 {
            let a = Spec::new(&Options::default(), &context(seed, 0)).unwrap();
            let first = Options {
                first: Some(1),
                ..Options::default()
            };
            let b = Spec::new(&first, &context(seed, 0)).unwrap();
            assert_eq!(b.black, 1);
            // The objectives do not depend on --first.
            assert_eq!(a.pos.layout().objectives(), b.pos.layout().objectives());
            assert_eq!(a.to_move(), a.black);
        }
    }

    #[test]
    fn a_short_game_message_by_message() {
        // T 2: black on 0, white on 6; the objective 3 is the centre.
        let options = Options {
            board: Shape::T,
            size: 2,
            objectives: 1,
            first: Some(1),
        };
        let mut m = Spec::new(&options, &context(0, 0)).unwrap();
        assert_eq!(m.pos.layout().objectives(), [3]);
        assert!(m.greeting(1).starts_with("0\nT 2\n7 12\n"));
        assert!(m.greeting(0).starts_with("1\nT 2\n"));
        assert_eq!(m.to_move(), 1);
        let (tell, r) = reply(&mut m, "M 3");
        assert_eq!(
            tell.messages(),
            [(1, "N\n".to_owned()), (0, "M 3\nN\n".to_owned())]
        );
        assert_eq!(r.to_string(), "black M 3 (SE x1, visits 3) -> N");
        let (_, r) = reply(&mut m, "W 6 5 6 3");
        assert_eq!(r.to_string(), "white W 6 5 6 3 -> N");
        assert_eq!(m.move_reply(&r), [b"W 6 5 6 3".to_vec()]);
        // Back north-west: 3 to 0 is one step; black won.
        let (tell, r) = reply(&mut m, "M 0");
        assert_eq!(r.result, "W");
        assert_eq!(tell.messages()[1], (0, "M 0\nW\n".to_owned()));
        let end = m.end().unwrap();
        assert_eq!((end.winner, end.reason), (Some(1), "tour_completed"));
        assert_eq!(
            end.detail,
            "player 1 (black) is back on its start 0 with the 1 objective(s) visited, on move 3"
        );
    }

    #[test]
    fn the_turn_limit_draws_and_bad_options_are_named() {
        let options = Options {
            size: 3,
            objectives: 2,
            ..Options::default()
        };
        let mut m = Spec::new(&options, &context(5, 2)).unwrap();
        let black = m.pos.pawn(Colour::Black);
        let step = |m: &Match, from: Vertex| {
            let b = m.pos.board();
            let to = crate::Dir::ALL
                .into_iter()
                .find_map(|d| b.neighbour(from, d))
                .unwrap();
            format!("M {to}")
        };
        let line = step(&m, black);
        reply(&mut m, &line);
        let line = step(&m, m.pos.pawn(Colour::White));
        let (tell, r) = reply(&mut m, &line);
        assert_eq!(r.result, "D");
        assert_eq!(tell.messages()[0].1, "D\n");
        let end = m.end().unwrap();
        assert_eq!((end.reason, end.winner), ("turn_limit", None));
        let bad = |o: Options| Spec::new(&o, &context(0, 0)).err().unwrap().to_string();
        assert_eq!(
            bad(Options {
                board: Shape::H,
                size: 7,
                ..Options::default()
            }),
            "a board of type H needs m a multiple of 3, not 7"
        );
        assert!(
            bad(Options {
                board: Shape::C,
                objectives: 3,
                ..Options::default()
            })
            .starts_with("3 objectives cannot be placed symmetrically on C 6")
        );
    }
}
