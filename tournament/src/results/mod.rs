//! The results of a tournament: the results file and its records, each
//! game's verdict checked, and their tally.

pub mod file;
pub mod record;
pub mod tally;
pub mod verdict;
