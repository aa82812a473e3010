//! Oust for a person at the terminal: `human --game oust`, a player
//! program that the referee starts for every move (the seed's protocol,
//! `docs/games/oust.md`): it reads the position on stdin, asks a person,
//! through the terminal (`/dev/tty`), where their stone goes, prints it and
//! exits.
//!
//! A process per move knows nothing of the last one, so the person's view
//! is kept in a directory (`--memory DIR`): the position after their last
//! move and the news told. The next process finds the opponent's moves in
//! between (the placements, in an order the rules allow, that lead from the
//! remembered position to the one received) and tells them.
//!
//! - [`typed`]: a move as a person types it (`2 1`, `pass`);
//! - [`memory`]: the person's view between two processes;
//! - [`play`]: one move, between the referee and a [`terminal::Person`];
//! - [`cli`]: the program's options and `main`.

pub mod cli;
pub mod memory;
pub mod play;
pub mod typed;

pub use cli::human_main;
