//! Manṣūba (`docs/games/mansuba.md`): the seed's generic game of pieces
//! and relations. A world of WIDTH × HEIGHT places, a relation that says
//! which place neighbours which in each of eight directions, two to five
//! players with HEIGHT pieces each on their start places, sorts of piece
//! whose moves are data; each turn a player moves a piece (capturing, if
//! the configuration allows), tries to free one of its prisoners, or
//! passes when one of its pieces cannot act. The first to reach (simple
//! victory) or cover (complex) another's start places wins.
//!
//! Pure: no files, no processes, no clock, no randomness of its own (the
//! referee's draws come from the game's seed through [`game_core::Rng`]).
//! Validity lives in the types, after shakmaty: the wire gives an
//! [`UncheckedAction`], [`Position::check`] makes it a legal [`Action`],
//! [`Position::play`] plays it.
//!
//! ```
//! use mansuba::{Options, Setup, UncheckedAction};
//! use game_core::Rng;
//!
//! let options = Options { first: "0".parse().unwrap(), ..Options::default() };
//! let setup = Setup::new(&options, options.default_max_turns()).unwrap();
//! let mut pos = setup.start(&mut Rng::new(1));
//! // Seat 0's pawns stand on column 0 (places 0, 10, ..., 90).
//! let step = UncheckedAction::Move { from: 10, to: 11 };
//! let action = pos.check(&step).unwrap();
//! pos.play(action, false);
//! let back = UncheckedAction::Move { from: 11, to: 12 };
//! assert_eq!(
//!     pos.check(&back).unwrap_err().to_string(),
//!     "place 11 holds player 0's pawn, not a piece of yours"
//! );
//! ```

mod config;
mod dir;
mod error;
mod options;
mod position;
pub mod referee_game;
pub mod scene;
mod show;
mod sort;
mod start;
pub mod wire;
mod world;

pub use config::{Config, ConfigName, MAX_PLAYERS, RelationChoice, Rules, Variant, Victory};
pub use dir::Dir;
pub use error::{IllegalMove, SetupError, WireError};
pub use options::{First, Options, RelationArg, Setup, Switch, change_relation};
pub use position::{
    Action, End, EndReason, Outcome, Piece, Played, Position, Prisoner, UncheckedAction, Undo,
    ceil_sqrt,
};
pub use show::draw;
pub use sort::{Dirs, Kind, MAX_MOVE_TYPES, MoveKind, Sort, SortDef};
pub use start::{Layout, StartSets, columns, seeded};
pub use world::{MAX_PLACES, MAX_SIDE, Neighbours, Place, Relation, UNREACHABLE, World};
