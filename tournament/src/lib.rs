//! The tournament runner: plays many games between programs of any game of
//! the referee, through the `referee`, in parallel, resumably, and reports
//! crosstables, ratings and SPRT results.

pub mod cli;
pub mod clock;
pub mod executor;
pub mod game;
pub mod harvest;
pub mod job;
pub mod linalg;
pub mod plan_file;
pub mod play;
pub mod progress;
pub mod rating;
pub mod record;
pub mod report;
pub mod results_file;
pub mod resume;
pub mod runner;
pub mod schedule;
pub mod session;
pub mod spec;
pub mod sprt;
pub mod tally;
pub mod verdict;
