//! The tournament runner: plays many games between programs of any game of
//! the referee, through the `referee`, in parallel, resumably, and reports
//! crosstables, ratings and SPRT results.
//!
//! One folder per job, in the order a tournament goes through them:
//! - [`plan`]: which games, between which programs, each one's referee
//!   command, and what an earlier run already played;
//! - [`run`]: running those commands (our runner, GNU parallel, Slurm)
//!   and collecting each game's verdict;
//! - [`results`]: the results file, its records and verdicts, and their
//!   tally;
//! - [`report`]: standings, ratings, the crosstable and the SPRT;
//! - [`cli`]: the `tournament` program over them.

pub mod cli;
pub mod plan;
pub mod report;
pub mod results;
pub mod run;
