//! The match driver: the Stratego game flow of the protocol over the
//! process layer, with no system calls.
//!
//! - [`config`]: the settings of a match;
//! - [`driver`]: setups, turns, ends ([`play_match`]);
//! - [`verdict`]: who won and why;
//! - [`report`]: statistics and the record, serialisable.

pub mod config;
pub mod driver;
pub mod report;
pub mod verdict;

pub use config::MatchConfig;
pub use driver::{MatchError, Observer, play_match};
pub use report::{MatchReport, MoveRecord, PlayerReport, Record, SetupStatus};
pub use verdict::{Reason, Verdict};
