//! Oust as the referee's match driver runs it: a process per move, the
//! seed's wire format, black (seat 0) first.

use std::fmt;

use game_core::{
    Context, Defaults, End, Launch, NoSetup, OptionsError, Question, Seat, Tell, Viewer,
};
use serde::{Deserialize, Serialize};

use crate::board::{Colour, Options};
use crate::error::{IllegalMove, WireError};
use crate::position::{EndReason, Move, Position, UncheckedMove};
use crate::show::{self, LastMove};
use crate::wire;

/// Oust, for the registry.
pub struct Spec;

/// The default turn limit: a safety net, never reached in practice
/// (`docs/games/oust.md` has the measurement).
pub const DEFAULT_MAX_TURNS: u32 = 5000;

impl game_core::Spec for Spec {
    const NAME: &'static str = "oust";
    const ABOUT: &'static str = "Oust on a board of points (default 7x7), a process per move given the position (docs/games/oust.md)";
    const DEFAULTS: Defaults = Defaults {
        time_limit_ms: 4000,
        // No setup phase.
        setup_time_limit_ms: 4000,
        max_turns: DEFAULT_MAX_TURNS,
    };
    type Options = Options;
    type Game = Match;

    fn new(options: &Options, context: &Context) -> Result<Match, OptionsError> {
        let opts = options
            .validate()
            .map_err(|e| OptionsError(e.to_string()))?;
        Ok(Match {
            pos: Position::new(opts, context.max_turns),
            // A seat without a limit is told the match's.
            seconds: [0, 1].map(|seat| {
                let limit = context.limits.move_time_of(seat);
                (limit.unwrap_or(context.limits.move_time).as_millis() / 1000) as u64
            }),
            last: None,
        })
    }
}

/// An Oust game at the referee's table.
pub struct Match {
    pos: Position,
    /// The time each seat has per move in whole seconds, its programs'
    /// argument.
    seconds: [u64; 2],
    /// The last move, for the viewer.
    last: Option<LastMove>,
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
    /// The column placed on; `None` for a pass.
    pub col: Option<u32>,
    /// The row placed on; `None` for a pass.
    pub row: Option<u32>,
    /// Enemy stones it removed.
    pub captured: u16,
    /// Whether the same player moves again (it captured).
    pub again: bool,
}

impl fmt::Display for MoveRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.col, self.row) {
            (Some(c), Some(r)) => write!(f, "{c} {r}")?,
            _ => f.write_str("pass")?,
        }
        if self.captured > 0 {
            write!(f, " captures {} and plays again", self.captured)?;
        }
        Ok(())
    }
}

impl game_core::Game for Match {
    type Phase = NoSetup;
    type Move = Move;
    type MoveRecord = MoveRecord;

    fn launch(&self) -> Launch {
        Launch::PerMove
    }

    fn greeting(&self, _seat: Seat) -> String {
        String::new()
    }

    fn end(&self) -> Option<End> {
        let end = self.pos.end()?;
        let detail = match (end.reason, end.winner) {
            (EndReason::AllCaptured, Some(w)) => format!(
                "{w} (player {}) captured {}'s last stone",
                w.seat(),
                w.other()
            ),
            (EndReason::Blocked, _) => {
                "both players passed in a row: no stone can be placed any more".to_owned()
            }
            _ => format!("{} moves played", self.pos.plies()),
        };
        Some(End {
            winner: end.winner.map(Colour::seat),
            reason: end.reason.as_str(),
            words: end.reason.words(),
            detail,
        })
    }

    fn to_move(&self) -> Seat {
        self.pos.to_move().seat()
    }

    fn question(&self, seat: Seat) -> Question {
        Question {
            lines: 1,
            input: wire::position_text(&self.pos),
            args: vec![self.seconds[seat].to_string()],
        }
    }

    fn parse(&self, _seat: Seat, lines: &[Vec<u8>]) -> Result<UncheckedMove, WireError> {
        wire::parse_reply(&lines[0])
    }

    fn check(&self, _seat: Seat, mv: &UncheckedMove) -> Result<Move, IllegalMove> {
        self.pos.check(mv)
    }

    fn play(&mut self, mv: Move, _tell: &mut Tell) -> MoveRecord {
        let coords = mv.point().map(|p| self.pos.options().coords(p));
        let colour = self.pos.to_move();
        // Only a capture removes stones: the cells before it are kept for
        // the viewer's marks.
        let before = mv.is_capture().then(|| self.pos.cells().to_vec());
        let effect = self.pos.play(mv);
        self.last = Some(match before {
            Some(before) => LastMove::between(colour, mv.point(), &before, &self.pos),
            None => LastMove {
                colour,
                point: mv.point(),
                captured: Vec::new(),
            },
        });
        MoveRecord {
            col: coords.map(|c| c.0),
            row: coords.map(|c| c.1),
            captured: effect.captured,
            again: effect.again,
        }
    }

    fn seat_name(&self, seat: Seat) -> Option<String> {
        Some(Colour::of_seat(seat).to_string())
    }

    fn tell_illegal(&self, _seat: Seat, _parsed: Option<&UncheckedMove>, _tell: &mut Tell) {}

    fn tell_failure(&self, _seat: Seat, _tell: &mut Tell) {}

    fn draw(&self, colour: bool) -> String {
        wire::draw(&self.pos, colour)
    }

    fn scene(&self, viewer: Option<Seat>) -> Option<String> {
        game_core::open_scene(self, viewer, |words| {
            show::scene(&self.pos, self.last.as_ref(), words)
        })
    }

    fn viewer(&self) -> Viewer {
        Viewer::new(show::VIEWER_SCRIPT, show::VIEWER_STYLE)
    }

    fn move_reply(&self, rec: &MoveRecord) -> Vec<Vec<u8>> {
        // A pass is any point off the board: the first one past the corner.
        let o = self.pos.options();
        let (col, row) = rec
            .col
            .zip(rec.row)
            .unwrap_or((u32::from(o.cols), u32::from(o.rows)));
        let line = wire::reply_text(UncheckedMove::new(col, row));
        vec![line.trim_end().as_bytes().to_vec()]
    }
}
