//! Our Coursidor player: the AI (an alpha-beta search valued by the race of
//! the two shortest tours), the `random` and `tour` baselines, the session
//! program ([`player_main`]) and an in-process arena to measure them.

pub mod arena;
pub mod cli;
pub mod search;
pub mod session;
pub mod strategy;
pub mod think;
pub mod tour;

pub use cli::player_main;
