//! Our Mansuba player: the AI (iterative-deepening alpha-beta, paranoid
//! with more than two players, chance nodes for the referee's draws), the
//! seed's `random` and `closer` players, the session program
//! ([`player_main`]), the in-process games of the `mansuba` program, and
//! its puzzles (achievement 7) with their independent checker.

pub mod arena;
pub mod baseline;
pub mod checker;
pub mod cli;
pub mod eval;
pub mod puzzle;
pub mod search;
pub mod session;
pub mod strategy;

pub use cli::player_main;
