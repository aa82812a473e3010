//! The referee's machine-readable output, as one crate shared by the
//! referee that writes it and every program that reads it (the tournament,
//! the benchmarks, the strength runs), after nextest's `nextest-metadata`.
//!
//! - [`Summary`]: the `--json` verdict of one game;
//! - [`Record`]: the `--record` file, the whole game;
//! - [`Reason`]: why a game ended, and [`Fault`], the classes of a
//!   player's failure that tournaments count;
//! - [`Outcome`]: the points of each seat, and the result string;
//! - [`exit`]: the referee's exit codes;
//! - [`RefereeCommand`]: the referee's command line, built;
//! - [`ProgramSpec`]: a program with its arguments as one string,
//!   `[NAME=]PATH [ARG...]`, as the tournament and `referee --player` take it.
//!
//! Every document carries [`SCHEMA`]; fields are only ever added within a
//! schema version. Readers are tolerant: statistics default when missing
//! and unknown fields are ignored.

mod command;
pub mod exit;
mod outcome;
mod program;
mod reason;
mod record;
mod summary;

pub use command::RefereeCommand;
pub use outcome::{Outcome, OutcomeError};
pub use program::{MAX_NAME_LEN, ProgramSpec, SpecError, is_valid_name};
pub use reason::{Fault, Reason};
pub use record::{
    EndReport, MoveEntry, Phase, Record, RecordedProgram, RejectedReply, escape_line, unescape_line,
};
pub use summary::{
    DeadlineKill, ExitReport, PlayerReport, SandboxSettings, Settings, SetupStatus, Summary,
};

/// Version of the JSON documents; bumped on any incompatible change.
pub const SCHEMA: u32 = 1;

/// The game of a document written before games had names.
pub const DEFAULT_GAME: &str = "stratego";

/// Milliseconds with microsecond precision, as every time in the documents.
pub fn millis(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}
