//! Our Coursidor player: the `random` and `tour` baselines, the session
//! program ([`player_main`]).

pub mod cli;
pub mod session;
pub mod strategy;
pub mod think;
pub mod tour;

pub use cli::player_main;
