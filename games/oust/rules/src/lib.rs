//! Oust (`docs/games/oust.md`): a board of points, stones of two colours,
//! groups; a placement that touches no stone of its own colour ends the
//! turn, one that does must make a group larger than every enemy group it
//! touches, removes them, and plays again. The capturer of the last enemy
//! stone wins.
//!
//! Pure: no files, no processes, no clock. Validity lives in the types,
//! after shakmaty: the wire gives an [`UncheckedMove`], [`Position::check`]
//! makes it a legal [`Move`], [`Position::play`] plays it.
//!
//! ```
//! use oust::{Colour, Options, Position, UncheckedMove};
//!
//! let mut pos = Position::new(Options { cols: 5, rows: 5 }, 0);
//! let mv = pos.check(&UncheckedMove::new(2, 2)).unwrap();
//! pos.play(mv);
//! assert_eq!(pos.to_move(), Colour::White);
//! assert_eq!(
//!     pos.check(&UncheckedMove::new(2, 2)).unwrap_err().to_string(),
//!     "2 2 is taken by a black stone"
//! );
//! ```

mod board;
mod error;
mod groups;
mod position;
pub mod referee_game;
pub mod show;
pub mod wire;

pub use board::{Colour, MAX_POINTS, Options, OptionsError, Point};
pub use error::{IllegalMove, PositionError, WireError};
pub use groups::Groups;
pub use position::{Effect, End, EndReason, Move, Position, UncheckedMove};
