//! Stratego for a person at the terminal: `human --game stratego`, a
//! player program that speaks the referee protocol on stdin and stdout and
//! asks a person, through the terminal (`/dev/tty`), for its setup and its
//! moves.
//!
//! - [`typed`]: a move as a person types it (`B3 S 1`, `b3 s`);
//! - [`words`]: what happened, in words (moves, battles, the end);
//! - [`play`]: one game, between the referee and a [`play::Person`];
//! - [`cli`]: the program's options and `main`.

pub mod cli;
pub mod play;
pub mod typed;
pub mod words;

pub use cli::human_main;
