//! Benchmarks of the referee and the player (`make bench`,
//! `docs/benchmarks.md`).
//!
//! The binaries:
//! - `procbench`: the process-level figures (overhead per move against the
//!   raw-pipe floor, timing precision, throughput, memory, the player), one
//!   summary at the end;
//! - `shuffler`: an instant scripted player (see [`shuffle`]), optionally
//!   answering after a fixed delay;
//! - `relay`: the physical floor: the same bytes as the referee sends,
//!   relayed between two players through raw pipes, no parsing, no rules.

pub mod shuffle;
pub mod stats;
