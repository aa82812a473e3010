//! Coursidor (`docs/games/coursidor.md`), the course's variant of
//! Quoridor on a triangular lattice: two pawns race to visit every
//! objective and come back to their start; pawns move in straight lines
//! with momentum and jump over each other; walls cover two edges and may
//! never cut a player off from what it must still reach.
//!
//! Pure: no files, no processes, no clock. Validity lives in the types,
//! after shakmaty: the wire gives an [`UncheckedMove`],
//! [`Position::check`] makes it a legal [`Move`], [`Position::play`]
//! plays it.
//!
//! ```
//! use std::sync::Arc;
//! use coursidor::{Board, Layout, Position, Shape, UncheckedMove};
//!
//! let board = Board::new(Shape::T, 6).unwrap();
//! let layout = Arc::new(Layout::new(board, &[20, 70]).unwrap());
//! let mut pos = Position::new(layout, 0);
//! // Black, on 0, steps south-east to 7; three steps is too far before a
//! // first move.
//! assert_eq!(
//!     pos.check(&UncheckedMove::Step(24)).unwrap_err().to_string(),
//!     "24 is 3 steps SE of 0: before its first step a pawn moves 1 step"
//! );
//! let step = pos.check(&UncheckedMove::Step(7)).unwrap();
//! pos.play(step);
//! ```

pub mod board;
pub mod colour;
pub mod dir;
mod draw;
mod error;
pub mod host_stop;
pub mod layout;
mod moves;
mod position;
pub mod referee_game;
pub mod sample;
pub mod show;
pub mod wire;

pub use board::{Board, Shape, Vertex};
pub use colour::Colour;
pub use dir::{Dir, max_steps};
pub use draw::draw;
pub use error::{BoardError, IllegalMove, LayoutError, WireError};
pub use host_stop::HostStop;
pub use layout::{Layout, MAX_OBJECTIVES};
pub use moves::{Edge, Move, Step, UncheckedMove, Wall};
pub use position::{End, EndReason, Outcome, Position};
