//! Mansuba for a person at the terminal: `human --game mansuba`, a player
//! program that speaks Mansuba's wire protocol on stdin and stdout
//! (`docs/games/mansuba.md`) and asks a person, through the terminal
//! (`/dev/tty`), for their seat's actions, telling every other seat's.
//!
//! - [`typed`]: an action as a person types it (`14 27`, `escape 35`,
//!   `pass`);
//! - [`play`]: one game, between the referee and a [`terminal::Person`];
//! - [`cli`]: the program's options and `main`.

pub mod cli;
pub mod play;
pub mod typed;

pub use cli::human_main;
