//! Planning a tournament: its game and programs, the schedule of its games,
//! each game as a referee command, the plan file, and which games an
//! earlier run already played (resume).

pub mod clock;
pub mod file;
pub mod game;
pub mod job;
pub mod resume;
pub mod schedule;
pub mod spec;
