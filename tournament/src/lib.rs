//! The tournament runner: plays many games between Stratego programs
//! through the `referee`, in parallel, resumably, and reports crosstables,
//! ratings and SPRT results.

pub mod clock;
pub mod linalg;
pub mod play;
pub mod progress;
pub mod rating;
pub mod record;
pub mod report;
pub mod results_file;
pub mod resume;
pub mod runner;
pub mod schedule;
pub mod spec;
pub mod sprt;
pub mod tally;
pub mod verdict;
pub mod words;
