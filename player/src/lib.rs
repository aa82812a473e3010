//! The Stratego player: strategies, and the session that speaks the
//! referee protocol for them.

pub mod rng;
pub mod session;
pub mod strategy;
