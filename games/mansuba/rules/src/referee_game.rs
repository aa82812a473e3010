//! Mansuba as the referee's match driver runs it: a session per seat, two
//! to five seats, the wire format of `docs/games/mansuba.md`; the
//! referee's own draws (the initial relation if random, the first player,
//! escapes, relation changes) come from the game's recorded seed.

use std::fmt;

use game_core::{Context, Defaults, End, NoSetup, OptionsError, Rng, Seat, Tell, Viewer};
use serde::{Deserialize, Serialize};

use crate::error::{IllegalMove, WireError};
use crate::options::{Options, Setup, change_relation};
use crate::position::{Action, EndReason, Played, Position, UncheckedAction};
use crate::scene::{self, LastTurn};
use crate::sort::Sort;
use crate::wire::{self, Greeting};

/// Mansuba, for the registry.
pub struct Spec;

/// The default time per move, in milliseconds.
pub const DEFAULT_TIME_LIMIT_MS: u64 = 1000;

impl game_core::Spec for Spec {
    const NAME: &'static str = "mansuba";
    const ABOUT: &'static str = "Manṣūba, the generic pieces-and-relations game: 2 to 5 players (--players), configurations (-c), relations, captures, a session per player (docs/games/mansuba.md)";
    const DEFAULTS: Defaults = Defaults {
        time_limit_ms: DEFAULT_TIME_LIMIT_MS,
        // No setup phase.
        setup_time_limit_ms: DEFAULT_TIME_LIMIT_MS,
        // 2 · WIDTH · HEIGHT with the default 10 × 10 world.
        max_turns: 200,
    };
    const MAX_TURNS_RULE: Option<&'static str> = Some("2 x width x height");
    type Options = Options;
    type Game = Match;

    fn default_max_turns(options: &Options) -> u32 {
        options.default_max_turns()
    }

    fn new(options: &Options, context: &Context) -> Result<Match, OptionsError> {
        let setup =
            Setup::new(options, context.max_turns).map_err(|e| OptionsError(e.to_string()))?;
        let mut rng = Rng::new(context.seed);
        let pos = setup.start(&mut rng);
        Ok(Match {
            pos,
            rng,
            last: None,
        })
    }
}

/// A Mansuba game at the referee's table.
pub struct Match {
    pos: Position,
    /// The referee's draws: escapes and relation changes, from the seed.
    rng: Rng,
    /// The last turn, for the viewer.
    last: Option<LastTurn>,
}

impl Match {
    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }
}

/// A played turn as `--record` shows it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MoveRecord {
    /// `"move"`, `"escape"` or `"pass"`.
    pub action: String,
    /// A move's place of departure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<u16>,
    /// A move's destination.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<u16>,
    /// The piece a move captured (`"1T"`: seat and sort).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured: Option<String>,
    /// An escape's place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<u16>,
    /// An escape's sort (its letter).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sort: Option<String>,
    /// Whether an escape succeeded (the referee's draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escaped: Option<bool>,
    /// The relation drawn after this turn, when it changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relation: Option<String>,
    /// `"N"` (play on), `"W"` (the mover won) or `"D"` (drawn).
    pub result: String,
}

impl fmt::Display for MoveRecord {
    /// `14 27`, `14 27 takes 1T`, `escape 35 T: free`, `pass`, then
    /// `, relation hex` and ` -> N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.action.as_str() {
            "move" => {
                write!(f, "{} {}", opt(self.from), opt(self.to))?;
                if let Some(c) = &self.captured {
                    write!(f, " takes {c}")?;
                }
            }
            "escape" => write!(
                f,
                "escape {} {}: {}",
                opt(self.place),
                self.sort.as_deref().unwrap_or("?"),
                if self.escaped == Some(true) {
                    "free"
                } else {
                    "held"
                }
            )?,
            other => f.write_str(other)?,
        }
        if let Some(r) = &self.relation {
            write!(f, ", relation {r}")?;
        }
        write!(f, " -> {}", self.result)
    }
}

fn opt(n: Option<u16>) -> String {
    n.map_or_else(|| "?".to_owned(), |n| n.to_string())
}

impl MoveRecord {
    /// The record of a played turn, with the relation drawn after it.
    pub fn of(played: &Played, relation: Option<crate::Relation>) -> MoveRecord {
        let mut r = MoveRecord {
            action: String::new(),
            from: None,
            to: None,
            captured: None,
            place: None,
            sort: None,
            escaped: None,
            relation: relation.map(|r| r.name().to_owned()),
            result: played.outcome.letter().to_string(),
        };
        match played.action {
            Action::Move { from, to } => {
                r.action = "move".into();
                r.from = Some(from);
                r.to = Some(to);
                r.captured = played.captured.map(|p| p.code());
            }
            Action::Escape { place, sort } => {
                r.action = "escape".into();
                r.place = Some(place);
                r.sort = Some(sort.letter().to_string());
                r.escaped = played.escaped;
            }
            Action::Pass => r.action = "pass".into(),
        }
        r
    }
}

impl game_core::Game for Match {
    type Phase = NoSetup;
    type Move = Action;
    type MoveRecord = MoveRecord;

    fn seats(&self) -> usize {
        self.pos.rules().players()
    }

    fn greeting(&self, seat: Seat) -> String {
        Greeting::of(&self.pos, seat).to_wire()
    }

    fn end(&self) -> Option<End> {
        let end = self.pos.end()?;
        let detail = match (end.reason, end.at, end.winner) {
            (EndReason::SimpleVictory, Some((at, owner)), Some(w)) => {
                let sort = self.pos.at(at).map_or(Sort::Pawn, |p| p.sort);
                format!("player {w}'s {sort} reached {at}, a start place of player {owner}")
            }
            (EndReason::ComplexVictory, Some((at, owner)), Some(w)) => {
                format!("player {w} covered every start place of player {owner}, the last on {at}")
            }
            _ => format!("{} turns played", self.pos.turn()),
        };
        Some(End {
            winner: end.winner,
            reason: end.reason.as_str(),
            words: end.reason.words(),
            detail,
        })
    }

    fn to_move(&self) -> Seat {
        self.pos.to_move()
    }

    fn parse(&self, _seat: Seat, lines: &[Vec<u8>]) -> Result<UncheckedAction, WireError> {
        wire::parse_reply(lines)
    }

    fn check(&self, _seat: Seat, action: &UncheckedAction) -> Result<Action, IllegalMove> {
        self.pos.check(action)
    }

    fn play(&mut self, action: Action, tell: &mut Tell) -> MoveRecord {
        let me = self.pos.to_move();
        // The referee's coin for an escape, drawn only for an escape.
        let escaped = matches!(action, Action::Escape { .. }) && self.rng.coin();
        let played = self.pos.play(action, escaped);
        let relation = self
            .pos
            .change_due()
            .then(|| change_relation(&mut self.pos, &mut self.rng));
        self.last = Some(LastTurn {
            seat: me,
            played,
            relation,
        });
        let text = wire::turn_message(me, &played, relation);
        for seat in 0..self.seats() {
            tell.to(seat, text.clone());
        }
        MoveRecord::of(&played, relation)
    }

    fn tell_illegal(&self, seat: Seat, _parsed: Option<&UncheckedAction>, tell: &mut Tell) {
        let text = wire::illegal_message(seat);
        for s in 0..self.seats() {
            tell.to(s, text.clone());
        }
    }

    fn tell_failure(&self, seat: Seat, tell: &mut Tell) {
        tell.others(self.seats(), seat, &wire::failure_message(seat));
    }

    fn draw(&self, colour: bool) -> String {
        crate::show::draw(&self.pos, colour)
    }

    fn scene(&self, viewer: Option<Seat>) -> Option<String> {
        game_core::open_scene(self, viewer, |words| {
            scene::scene(&self.pos, self.last.as_ref(), words)
        })
    }

    fn viewer(&self) -> Viewer {
        Viewer::new(scene::VIEWER_SCRIPT, scene::VIEWER_STYLE)
    }

    fn move_reply(&self, rec: &MoveRecord) -> Vec<Vec<u8>> {
        let line = match rec.action.as_str() {
            "move" => format!("{} {}", opt(rec.from), opt(rec.to)),
            "escape" => format!(
                "escape {} {}",
                opt(rec.place),
                rec.sort.as_deref().unwrap_or("?")
            ),
            other => other.to_owned(),
        };
        vec![line.into_bytes()]
    }
}
