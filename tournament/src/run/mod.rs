//! Running a tournament's games: the run made ready, our own runner or
//! another executor, the progress shown, and the verdicts of games other
//! schedulers ran merged in.

pub mod affinity;
pub mod executor;
pub mod harvest;
pub mod play;
pub mod progress;
pub mod runner;
pub mod session;
