//! The session wire format (`docs/games/mansuba.md`), both ways: what the
//! referee sends each seat, the parse of a reply, and the player's side
//! (the greeting and the turn messages read back).
//!
//! ```text
//! referee -> each seat   the greeting: seat and players, the world, the relation,
//!                        the victory, captures, the turn limits, who moves first,
//!                        the sorts and their moves, the lineup, every start set
//! seat to move -> ref.   one line: `FROM TO`, `escape PLACE [SORT]` or `pass`
//! referee -> every seat  `SEAT FROM TO` | `SEAT escape PLACE SORT free|held` | `SEAT pass`,
//!                        `relation NAME` when it changes, then `N`, `W` or `D`;
//!                        `SEAT E` (an illegal reply: the game is over),
//!                        `SEAT F` (a program failed: the game is over)
//! ```

use std::fmt::Write as _;
use std::sync::Arc;

use game_core::{clean_line, printable};

use crate::config::{Rules, Victory};
use crate::error::WireError;
use crate::position::{Action, Outcome, Played, Position, UncheckedAction};
use crate::sort::{Dirs, Kind, MoveKind, Sort, SortDef};
use crate::start::StartSets;
use crate::world::{Place, Relation, World};

/// Longest line of a reply, in bytes (without the `\n`).
pub const MAX_LINE_BYTES: usize = 64;
/// Most bytes before a reply is complete.
pub const MAX_REPLY_BYTES: usize = 4096;
/// Non-blank lines of a reply.
pub const REPLY_LINES: usize = 1;
/// Longest line the referee sends (a start set of 40 places, a board
/// row): what a player's reader should accept.
pub const MAX_MESSAGE_LINE_BYTES: usize = 1024;

/// What a seat is told first: the whole game as it starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Greeting {
    /// The seat told.
    pub seat: usize,
    /// Players.
    pub players: usize,
    /// The world.
    pub world: World,
    /// The relation at the start.
    pub relation: Relation,
    /// The victory.
    pub victory: Victory,
    /// Whether captures are on.
    pub captures: bool,
    /// The turn limit (0: none).
    pub max_turns: u32,
    /// Turns between relation changes (0: none).
    pub change_every: u32,
    /// The seat that moves first.
    pub first: usize,
    /// The sorts in play.
    pub sorts: Vec<SortDef>,
    /// The lineup on the start places.
    pub lineup: Vec<Sort>,
    /// Every seat's start places, in order.
    pub start: Vec<Vec<Place>>,
}

impl Greeting {
    /// The greeting of `seat` for the game starting at `pos`.
    pub fn of(pos: &Position, seat: usize) -> Greeting {
        let rules = pos.rules();
        let world = rules.world();
        Greeting {
            seat,
            players: rules.players(),
            world,
            relation: pos.relation(),
            victory: rules.victory(),
            captures: rules.captures(),
            max_turns: pos.max_turns(),
            change_every: pos.change_every(),
            first: pos.to_move(),
            sorts: rules.sorts().to_vec(),
            lineup: (0..usize::from(world.height()))
                .map(|i| rules.lineup_at(i))
                .collect(),
            start: (0..rules.players())
                .map(|s| rules.start(s).to_vec())
                .collect(),
        }
    }

    /// The text, lines with their `\n`.
    pub fn to_wire(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{} {}", self.seat, self.players);
        let _ = writeln!(s, "{} {}", self.world.width(), self.world.height());
        let _ = writeln!(s, "{}", self.relation);
        let _ = writeln!(s, "{}", self.victory.name());
        let _ = writeln!(s, "{}", if self.captures { "on" } else { "off" });
        let _ = writeln!(s, "{} {}", self.max_turns, self.change_every);
        let _ = writeln!(s, "{}", self.first);
        let _ = writeln!(s, "{}", self.sorts.len());
        for def in &self.sorts {
            let _ = writeln!(s, "{def}");
        }
        let letters: Vec<String> = self.lineup.iter().map(|l| l.letter().to_string()).collect();
        let _ = writeln!(s, "{}", letters.join(" "));
        for set in &self.start {
            let places: Vec<String> = set.iter().map(Place::to_string).collect();
            let _ = writeln!(s, "{}", places.join(" "));
        }
        s
    }

    /// Reads a greeting (the player's side) from `next`, which gives the
    /// next non-blank line.
    pub fn read(
        mut next: impl FnMut() -> Result<String, WireError>,
    ) -> Result<Greeting, WireError> {
        let bad = |expected: &'static str, got: &str| WireError::Unexpected {
            expected,
            got: printable(got.as_bytes()),
        };
        let numbers = |line: &str, n: usize, what: &'static str| -> Result<Vec<u32>, WireError> {
            let v: Vec<u32> = line
                .split_ascii_whitespace()
                .map(|t| t.parse::<u32>())
                .collect::<Result<_, _>>()
                .map_err(|_| bad(what, line))?;
            if n > 0 && v.len() != n {
                return Err(bad(what, line));
            }
            Ok(v)
        };
        let line = next()?;
        let v = numbers(&line, 2, "the seat and the number of players")?;
        let (seat, players) = (v[0] as usize, v[1] as usize);
        if !(2..=crate::MAX_PLAYERS).contains(&players) || seat >= players {
            return Err(bad("the seat and the number of players", &line));
        }
        let line = next()?;
        let v = numbers(&line, 2, "the width and the height")?;
        let world = u16::try_from(v[0])
            .ok()
            .zip(u16::try_from(v[1]).ok())
            .and_then(|(w, h)| World::new(w, h).ok())
            .ok_or_else(|| bad("the width and the height", &line))?;
        let line = next()?;
        let relation = Relation::from_name(&line).ok_or_else(|| bad("a relation", &line))?;
        let line = next()?;
        let victory = match line.as_str() {
            "simple" => Victory::Simple,
            "complex" => Victory::Complex,
            _ => return Err(bad("the victory, simple or complex", &line)),
        };
        let line = next()?;
        let captures = match line.as_str() {
            "on" => true,
            "off" => false,
            _ => return Err(bad("captures, on or off", &line)),
        };
        let line = next()?;
        let v = numbers(
            &line,
            2,
            "the turn limit and the turns between relation changes",
        )?;
        let (max_turns, change_every) = (v[0], v[1]);
        let line = next()?;
        let first = numbers(&line, 1, "the first player")?[0] as usize;
        if first >= players {
            return Err(bad("the first player", &line));
        }
        let line = next()?;
        let n = numbers(&line, 1, "the number of sorts")?[0] as usize;
        if !(1..=Sort::ALL.len()).contains(&n) {
            return Err(bad("the number of sorts", &line));
        }
        let mut sorts = Vec::with_capacity(n);
        for _ in 0..n {
            let line = next()?;
            sorts.push(parse_sort_def(&line).ok_or_else(|| bad("a sort and its moves", &line))?);
        }
        let line = next()?;
        let lineup: Vec<Sort> = line
            .split_ascii_whitespace()
            .map(|t| {
                let mut c = t.chars();
                match (c.next(), c.next()) {
                    (Some(l), None) => Sort::from_letter(l),
                    _ => None,
                }
            })
            .collect::<Option<_>>()
            .filter(|v: &Vec<Sort>| v.len() == usize::from(world.height()))
            .ok_or_else(|| bad("the lineup, HEIGHT sort letters", &line))?;
        let mut start = Vec::with_capacity(players);
        for _ in 0..players {
            let line = next()?;
            let v = numbers(&line, usize::from(world.height()), "a start set")?;
            if v.iter().any(|&p| !world.contains(p)) {
                return Err(bad("a start set", &line));
            }
            start.push(v.into_iter().map(|p| p as Place).collect());
        }
        Ok(Greeting {
            seat,
            players,
            world,
            relation,
            victory,
            captures,
            max_turns,
            change_every,
            first,
            sorts,
            lineup,
            start,
        })
    }

    /// The rules and the starting position it describes; `None` if they
    /// are inconsistent (overlapping start sets, a sort of the lineup
    /// without moves, a relation change period that is not ⌈√MAX_TURNS⌉).
    pub fn position(&self) -> Option<Position> {
        let rules = Rules::from_parts(
            self.world,
            self.players,
            self.sorts.clone(),
            self.lineup.clone(),
            self.victory,
            self.captures,
            self.change_every > 0,
            StartSets {
                sets: self.start.clone(),
                seeds: None,
                spread: None,
            },
            self.relation,
        )?;
        let pos = Position::new(Arc::new(rules), self.relation, self.first, self.max_turns);
        (pos.change_every() == self.change_every).then_some(pos)
    }
}

/// Reads a sort's line: `T tower slide:cardinal`.
fn parse_sort_def(line: &str) -> Option<SortDef> {
    let mut t = line.split_ascii_whitespace();
    let mut letter = t.next()?.chars();
    let sort = Sort::from_letter(letter.next()?)?;
    if letter.next().is_some() || t.next()? != sort.name() {
        return None;
    }
    let moves: Vec<MoveKind> = t
        .map(|m| {
            let (kind, dirs) = m.split_once(':')?;
            let kind = [
                Kind::Step,
                Kind::Jump,
                Kind::MultiJump,
                Kind::Slide,
                Kind::Double,
            ]
            .into_iter()
            .find(|k| k.name() == kind)?;
            let dirs = [Dirs::All, Dirs::Cardinal, Dirs::Diagonal]
                .into_iter()
                .find(|d| d.name() == dirs)?;
            Some(MoveKind::new(kind, dirs))
        })
        .collect::<Option<_>>()?;
    (1..=crate::MAX_MOVE_TYPES)
        .contains(&moves.len())
        .then(|| SortDef::new(sort, &moves))
}

/// The message every seat reads after a turn: the action as played, the
/// new relation if it changed, the result.
pub fn turn_message(seat: usize, played: &Played, relation: Option<Relation>) -> String {
    let mut s = format!("{seat} {}", action_text(played));
    s.push('\n');
    if let Some(r) = relation {
        let _ = writeln!(s, "relation {r}");
    }
    s.push(played.outcome.letter());
    s.push('\n');
    s
}

/// The action as the turn message shows it: `14 27`, `escape 35 T free`,
/// `pass`.
pub fn action_text(played: &Played) -> String {
    match played.action {
        Action::Move { from, to } => format!("{from} {to}"),
        Action::Escape { place, sort } => format!(
            "escape {place} {} {}",
            sort.letter(),
            if played.escaped == Some(true) {
                "free"
            } else {
                "held"
            }
        ),
        Action::Pass => "pass".to_owned(),
    }
}

/// `SEAT E`: the seat's reply was illegal or unreadable; the game is over.
pub fn illegal_message(seat: usize) -> String {
    format!("{seat} E\n")
}

/// `SEAT F`: the seat's program failed; the game is over.
pub fn failure_message(seat: usize) -> String {
    format!("{seat} F\n")
}

/// Reads a place number: decimal digits only.
fn parse_number(token: &str) -> Result<u32, WireError> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(WireError::Number(printable(token.as_bytes())));
    }
    token
        .parse()
        .map_err(|_| WireError::Number(printable(token.as_bytes())))
}

/// Reads an action from its line (cleaned).
pub fn parse_action(line: &str) -> Result<UncheckedAction, WireError> {
    let tokens: Vec<&str> = line.split_ascii_whitespace().collect();
    let reply = || WireError::Reply(printable(line.as_bytes()));
    match tokens.as_slice() {
        ["pass"] => Ok(UncheckedAction::Pass),
        ["escape", place] => Ok(UncheckedAction::Escape {
            place: parse_number(place)?,
            sort: None,
        }),
        ["escape", place, sort] => {
            let mut c = sort.chars();
            let s = match (c.next(), c.next()) {
                (Some(l), None) => Sort::from_letter(l),
                _ => None,
            }
            .ok_or_else(|| WireError::Sort(printable(sort.as_bytes())))?;
            Ok(UncheckedAction::Escape {
                place: parse_number(place)?,
                sort: Some(s),
            })
        }
        [from, to] if from.bytes().next().is_some_and(|b| b.is_ascii_digit()) => {
            Ok(UncheckedAction::Move {
                from: parse_number(from)?,
                to: parse_number(to)?,
            })
        }
        _ => Err(reply()),
    }
}

/// Reads a reply: its raw line (without `\n`), cleaned (a `\r` and the
/// blanks around the value dropped, printable ASCII required).
pub fn parse_reply(lines: &[Vec<u8>]) -> Result<UncheckedAction, WireError> {
    let raw = lines.first().map_or(&[][..], Vec::as_slice);
    let line = clean_line(raw, 1, MAX_LINE_BYTES)?.ok_or(WireError::Blank(1))?;
    parse_action(line)
}

/// A line of a turn message, as a player reads it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// A seat's action; for an escape, whether it succeeded.
    Acted {
        /// The seat.
        seat: usize,
        /// What it did.
        action: UncheckedAction,
        /// An escape's outcome.
        escaped: Option<bool>,
    },
    /// The relation changed.
    Relation(Relation),
    /// The turn's result.
    Result(Outcome),
    /// `SEAT E`.
    Illegal(usize),
    /// `SEAT F`.
    Failed(usize),
}

/// Reads a line of a turn message (the player's side).
pub fn parse_event(line: &str) -> Result<Event, WireError> {
    let bad = || WireError::Unexpected {
        expected: "a turn message (SEAT ACTION, relation NAME, N, W or D)",
        got: printable(line.as_bytes()),
    };
    match line {
        "N" => return Ok(Event::Result(Outcome::Next)),
        "W" => return Ok(Event::Result(Outcome::Win)),
        "D" => return Ok(Event::Result(Outcome::Draw)),
        _ => {}
    }
    if let Some(name) = line.strip_prefix("relation ") {
        return Relation::from_name(name)
            .map(Event::Relation)
            .ok_or_else(bad);
    }
    let (seat, rest) = line.split_once(' ').ok_or_else(bad)?;
    let seat: usize = seat.parse().map_err(|_| bad())?;
    match rest {
        "E" => return Ok(Event::Illegal(seat)),
        "F" => return Ok(Event::Failed(seat)),
        _ => {}
    }
    if let Some(esc) = rest.strip_prefix("escape ") {
        let (what, result) = esc.rsplit_once(' ').ok_or_else(bad)?;
        let escaped = match result {
            "free" => true,
            "held" => false,
            _ => return Err(bad()),
        };
        let action = parse_action(&format!("escape {what}")).map_err(|_| bad())?;
        return Ok(Event::Acted {
            seat,
            action,
            escaped: Some(escaped),
        });
    }
    let action = parse_action(rest).map_err(|_| bad())?;
    Ok(Event::Acted {
        seat,
        action,
        escaped: None,
    })
}
