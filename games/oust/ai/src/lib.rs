//! Our Oust player: the AI (negamax alpha-beta with iterative deepening, a
//! transposition table on Zobrist keys, capture chains in the search), the
//! `random` and `greedy` baselines, the seed's per-move program
//! ([`player_main`]) and an in-process arena to measure them.

pub mod arena;
pub mod cli;
pub mod eval;
pub mod search;
pub mod strategy;
pub mod zobrist;

pub use cli::player_main;
