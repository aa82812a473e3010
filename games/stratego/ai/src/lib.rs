//! The Stratego player: strategies, the AI behind the strongest one, an
//! in-process arena to measure them, and the session that speaks the
//! referee protocol for them.

pub mod ai;
pub mod arena;
pub mod cli;
pub mod rng;
pub mod session;
pub mod strategy;
#[cfg(test)]
mod testkit;

pub use cli::player_main;
