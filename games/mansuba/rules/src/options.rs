//! The game's options (the referee's `--game mansuba` options, and the
//! `mansuba` program's), and a game set up from them: the configuration
//! with the command line's changes, the rules under each possible initial
//! relation, and the start of a game from the seed's draws.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use game_core::Rng;
use serde::{Deserialize, Serialize};

use crate::config::{ConfigName, MAX_PLAYERS, RelationChoice, Rules, Variant, Victory};
use crate::error::SetupError;
use crate::position::Position;
use crate::start::Layout;
use crate::world::{Relation, World};

/// On or off.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Switch {
    /// On.
    On,
    /// Off.
    Off,
}

impl Switch {
    fn on(self) -> bool {
        self == Switch::On
    }
}

/// The initial relation as the command line names it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum RelationArg {
    /// The square grid, four neighbours.
    Square4,
    /// The square grid with its diagonals.
    Square8,
    /// The triangular lattice (square grid plus the NE–SW diagonal).
    Triangular,
    /// Hexagonal cells in offset rows.
    Hex,
    /// One of them, drawn from the game's seed.
    Random,
}

impl RelationArg {
    fn choice(self) -> RelationChoice {
        match self {
            RelationArg::Square4 => RelationChoice::Fixed(Relation::Square4),
            RelationArg::Square8 => RelationChoice::Fixed(Relation::Square8),
            RelationArg::Triangular => RelationChoice::Fixed(Relation::Triangular),
            RelationArg::Hex => RelationChoice::Fixed(Relation::Hex),
            RelationArg::Random => RelationChoice::Random,
        }
    }
}

/// Who moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum First {
    /// A seat drawn from the game's seed (the seed's rule).
    Random,
    /// This seat.
    Seat(u8),
}

impl FromStr for First {
    type Err = String;
    fn from_str(s: &str) -> Result<First, String> {
        if s == "random" {
            return Ok(First::Random);
        }
        match s.parse::<u8>() {
            Ok(n) if usize::from(n) < MAX_PLAYERS && s.bytes().all(|b| b.is_ascii_digit()) => {
                Ok(First::Seat(n))
            }
            _ => Err(format!("{s:?} is not a seat (0 to 4) or random")),
        }
    }
}

impl fmt::Display for First {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            First::Random => f.write_str("random"),
            First::Seat(n) => write!(f, "{n}"),
        }
    }
}

game_core::serde_as_text!(First);

/// Mansuba's options. Those left out take the configuration's value.
#[derive(Clone, PartialEq, Eq, Debug, clap::Args, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// The configuration: base (the seed's base version), chinese-checkers,
    /// chess-like, full (every achievement); docs/games/mansuba.md.
    #[arg(short = 'c', long = "config", value_name = "NAME", value_enum,
          default_value_t = ConfigName::Base)]
    pub config: ConfigName,

    /// Columns of the world (WIDTH), 2 to 40.
    #[arg(long, value_name = "W", default_value_t = 10,
          value_parser = clap::value_parser!(u16).range(2..=40))]
    pub width: u16,

    /// Rows of the world (HEIGHT, also each player's number of pieces),
    /// 2 to 40.
    #[arg(long, value_name = "H", default_value_t = 10,
          value_parser = clap::value_parser!(u16).range(2..=40))]
    pub height: u16,

    /// Players, 2 to 5.
    // Its own id: the referee's PLAYER arguments are `players`.
    #[arg(id = "seats", long = "players", value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(2..=5))]
    pub players: u8,

    /// Victory: s (simple: reach a start place of another player) or c
    /// (complex: cover every start place of another) [default: the
    /// configuration's].
    #[arg(short = 't', long, value_name = "s|c", value_enum)]
    pub victory: Option<Victory>,

    /// The initial relation: square4, square8, triangular, hex or random
    /// (drawn from --seed) [default: the configuration's].
    #[arg(long, value_name = "NAME", value_enum)]
    pub relation: Option<RelationArg>,

    /// Change the relation every ⌈√MAX_TURNS⌉ turns to another drawn from
    /// --seed: on or off [default: the configuration's].
    #[arg(long, value_name = "on|off", value_enum)]
    pub relation_change: Option<Switch>,

    /// Captures and escapes: on or off [default: the configuration's].
    #[arg(long, value_name = "on|off", value_enum)]
    pub captures: Option<Switch>,

    /// Start places: columns (2 players) or seeds [default: the
    /// configuration's with 2 players, seeds with more].
    #[arg(long, value_name = "LAYOUT", value_enum)]
    pub start: Option<Layout>,

    /// Who moves first: a seat, or random (drawn from --seed, the seed's
    /// rule).
    #[arg(long, value_name = "SEAT|random", default_value = "random")]
    pub first: First,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            config: ConfigName::Base,
            width: 10,
            height: 10,
            players: 2,
            victory: None,
            relation: None,
            relation_change: None,
            captures: None,
            start: None,
            first: First::Random,
        }
    }
}

impl Options {
    /// The default turn limit, `2 · WIDTH · HEIGHT` (MAX_TURNS).
    pub fn default_max_turns(&self) -> u32 {
        2 * u32::from(self.width) * u32::from(self.height)
    }

    /// The configuration with the command line's changes, and the world.
    pub fn variant(&self) -> Result<(Variant, RelationChoice), SetupError> {
        let mut config = self.config.config();
        if let Some(v) = self.victory {
            config.victory = v;
        }
        if let Some(r) = self.relation {
            config.relation = r.choice();
        }
        if let Some(s) = self.relation_change {
            config.relation_change = s.on();
        }
        if let Some(s) = self.captures {
            config.captures = s.on();
        }
        let players = usize::from(self.players);
        let layout = self.start.unwrap_or(if players == 2 {
            config.layout
        } else {
            Layout::Seeds
        });
        let relation = config.relation;
        Ok((
            Variant {
                config,
                world: World::new(self.width, self.height)?,
                players,
                layout,
            },
            relation,
        ))
    }
}

/// A game as set up by its options: the rules under each relation it may
/// start with, ready to start games.
#[derive(Clone, Debug)]
pub struct Setup {
    relation: RelationChoice,
    first: First,
    max_turns: u32,
    /// The rules per initial relation (in [`Relation::ALL`] order), for
    /// those it may start with.
    rules: Vec<Option<Arc<Rules>>>,
}

impl Setup {
    /// Sets a game up, or says why it cannot be played (every relation it
    /// may start with is tried); `max_turns` is the turn limit (0: none).
    pub fn new(options: &Options, max_turns: u32) -> Result<Setup, SetupError> {
        let (variant, relation) = options.variant()?;
        if variant.config.relation_change && max_turns == 0 {
            return Err(SetupError::ChangeWithoutLimit);
        }
        if let First::Seat(s) = options.first {
            if usize::from(s) >= variant.players {
                return Err(SetupError::First {
                    first: usize::from(s),
                    players: variant.players,
                });
            }
        }
        let mut rules = vec![None; Relation::ALL.len()];
        for r in Relation::ALL {
            if relation == RelationChoice::Random || relation == RelationChoice::Fixed(r) {
                rules[r as usize] = Some(Arc::new(variant.rules(r)?));
            }
        }
        Ok(Setup {
            relation,
            first: options.first,
            max_turns,
            rules,
        })
    }

    /// The rules when the game starts under `relation`, if it may.
    pub fn rules(&self, relation: Relation) -> Option<&Arc<Rules>> {
        self.rules[relation as usize].as_ref()
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.rules
            .iter()
            .flatten()
            .next()
            .expect("rules for one relation at least")
            .players()
    }

    /// The turn limit.
    pub fn max_turns(&self) -> u32 {
        self.max_turns
    }

    /// The start of a game: the initial relation drawn from `rng` if
    /// random (a uniform draw among the four), then the first player if
    /// random (uniform among the seats).
    pub fn start(&self, rng: &mut Rng) -> Position {
        let relation = match self.relation {
            RelationChoice::Fixed(r) => r,
            RelationChoice::Random => Relation::ALL[rng.below(Relation::ALL.len() as u64) as usize],
        };
        let rules = self.rules(relation).expect("set up for it").clone();
        let first = match self.first {
            First::Seat(s) => usize::from(s),
            First::Random => rng.below(rules.players() as u64) as usize,
        };
        Position::new(rules, relation, first, self.max_turns)
    }
}

/// Draws the new relation of a change due in `pos` (uniform among the
/// three others) and sets it; returns it.
pub fn change_relation(pos: &mut Position, rng: &mut Rng) -> Relation {
    let choices = pos.relation_choices();
    let r = choices[rng.below(choices.len() as u64) as usize];
    pos.set_relation(r);
    r
}
