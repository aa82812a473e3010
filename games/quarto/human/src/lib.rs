//! Quarto for a person at the terminal: `human --game quarto`, a player
//! program that speaks Quarto's wire protocol on stdin and stdout
//! (`docs/games/quarto.md`) and asks a person, through the terminal
//! (`/dev/tty`), where the piece they hold goes and which piece they give.
//!
//! - [`typed`]: a move as a person types it (`B3 7`, `b3 bthc`);
//! - [`words`]: what happened, in words (placements, gifts, the end);
//! - [`play`]: one game, between the referee and a [`terminal::Person`];
//! - [`cli`]: the program's options and `main`.

pub mod cli;
pub mod play;
pub mod typed;
pub mod words;

pub use cli::human_main;
