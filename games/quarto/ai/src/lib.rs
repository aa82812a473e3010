//! Our Quarto player: the AI (negamax alpha-beta over canonical positions,
//! exact solving once the end of the game is within reach), the `random`
//! and `greedy` baselines, the session program ([`player_main`]) and an
//! in-process arena to measure them.

pub mod arena;
pub mod cli;
pub mod search;
pub mod session;
pub mod strategy;
pub mod symmetry;
pub mod tt;

pub use cli::player_main;
