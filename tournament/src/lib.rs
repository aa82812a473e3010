//! The tournament runner: plays many games between Stratego programs
//! through the `referee`, in parallel, resumably, and reports crosstables,
//! ratings and SPRT results.

pub mod record;
pub mod results_file;
pub mod schedule;
pub mod spec;
pub mod verdict;
pub mod words;
