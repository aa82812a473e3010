//! The results of a tournament: the results file and its records, each
//! game's verdict checked, their tally, and whether their players waited
//! for a CPU.

pub mod file;
pub mod load;
pub mod record;
pub mod tally;
pub mod verdict;
