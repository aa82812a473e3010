//! Coursidor for a person at the terminal: `human --game coursidor`, a
//! player program that speaks Coursidor's wire protocol on stdin and stdout
//! (`docs/games/coursidor.md`) and asks a person, through the terminal
//! (`/dev/tty`), where their pawn goes or which wall they place.
//!
//! - [`typed`]: a move as a person types it (`34`, `M 34`, `w 12 13 19`);
//! - [`play`]: one game, between the referee and a [`terminal::Person`];
//! - [`cli`]: the program's options and `main`.

pub mod cli;
pub mod play;
pub mod typed;

pub use cli::human_main;
