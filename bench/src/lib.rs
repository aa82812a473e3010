//! Benchmarks that play real games through the referee binary.
//!
//! - [`game`]: runs one referee game and reads its JSON verdict and record;
//! - [`summary`]: aggregates games into wins, draws, losses, a score with
//!   its 95% interval, the reasons games ended, and reply times.

pub mod game;
pub mod summary;
