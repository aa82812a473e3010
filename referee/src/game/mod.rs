//! The match driver: the game flow every game shares, over the process
//! layer, with no system calls; what depends on the rules is the game's
//! ([`game_core::Game`]).
//!
//! - [`config`]: the settings of a match;
//! - [`driver`]: greetings, setups, turns, faults ([`play_match`]);
//! - [`host`]: the host a game runs some player programs in;
//! - [`verdict`]: who scored what, and why;
//! - [`report`]: the summary and the record, as `referee-schema` types;
//! - [`reproduce`]: a recorded fault played again, one program run.

pub mod config;
pub mod driver;
pub mod host;
pub mod report;
pub mod reproduce;
pub mod verdict;

pub use config::MatchConfig;
pub use driver::{MatchError, Observer, Script, play_match, play_scripted};
pub use host::{HostError, hosted};
pub use report::{MatchReport, RecordDocument};
pub use verdict::Verdict;
