//! Stratego as the referee protocol defines it (`docs/protocol.md`): the
//! board and pieces, the rules of movement and battle, the end of the game,
//! the wire format of every message, and what a player can know.
//!
//! Pure: no files, no processes, no clock. The referee and the player build
//! on it; validity lives in the types, after shakmaty: text is parsed into an
//! [`UncheckedMove`], checked against a position into a legal [`Move`], then
//! played.
//!
//! ```
//! use stratego::{Game, Player, Rank, Rules, Setup, UncheckedMove};
//!
//! let codes = "12 11 12 8 12 12 8 9 7 12 9 4 6 12 5 9 3 8 2 9 1 8 3 9 10 8 5 9 7 4 6 9 5 6 7 9 4 5 6 7";
//! let ranks: Vec<Rank> = codes.split(' ').map(|c| c.parse().unwrap()).collect();
//! let s0 = Setup::new(Player::Zero, &ranks).unwrap();
//! let s1 = Setup::new(Player::One, &ranks).unwrap();
//! let mut game = Game::new(&s0, &s1, Rules::default());
//!
//! let wire = UncheckedMove::from_wire("B3\nE\n1\n").unwrap();
//! let mv = game.check(&wire).unwrap();
//! game.play(mv);
//! assert_eq!(game.to_move(), Player::One);
//!
//! let bad = UncheckedMove::from_wire("A0\nE\n1\n").unwrap();
//! assert_eq!(game.check(&bad).unwrap_err().to_string(), "A0 holds an opponent's piece");
//! ```

mod battle;
pub mod bits;
mod board;
pub mod course_wire;
mod error;
mod game;
mod movegen;
mod moves;
mod piece;
pub mod referee_game;
mod setup;
pub mod show;
mod square;
#[cfg(test)]
mod testing;
pub mod ucc;
mod view;
pub mod wire;

pub use battle::{Fight, Outcome, fight};
pub use board::{Board, Undo};
pub use error::{IllegalMove, SetupError, WireError};
pub use game::{EndReason, Game, GameEnd, Rules};
pub use moves::{Move, MoveList, UncheckedMove, parse_distance};
pub use piece::{Piece, Player, Rank};
pub use setup::Setup;
pub use square::{Direction, Square};
pub use view::{Cell, EnemyPiece, View, ViewError};
pub use wire::{MoveResult, OpponentTurn, SetupAnswer};
