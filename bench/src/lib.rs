//! Benchmarks of the referee and the player (`make bench`,
//! `make bench-strength`, `docs/benchmarks.md`, `docs/player.md`).
//!
//! The binaries:
//! - `procbench`: the process-level figures (overhead per move against the
//!   raw-pipe floor, timing precision, throughput, memory, the player), one
//!   summary at the end;
//! - `shuffler`: an instant scripted player (see [`shuffle`]), optionally
//!   answering after a fixed delay;
//! - `relay`: the physical floor: the same bytes as the referee sends,
//!   relayed between two players through raw pipes, no parsing, no rules;
//! - `strength`: our AI against a game's baselines through the real referee,
//!   its matches played by the tournament library.
//!
//! The modules:
//! - [`game`]: reads a finished game: its verdict and record (through
//!   `referee-schema`) and its players' logs;
//! - [`pool`]: the pool's members given on the command line, and the
//!   accept rule's comparison with a stored baseline run;
//! - [`summary`]: aggregates games into wins, draws, losses, a score with
//!   its 95% interval, the reasons games ended, and reply times.

pub mod game;
pub mod pool;
pub mod shuffle;
pub mod stats;
pub mod summary;

use std::fmt::Display;
use std::process::ExitCode;

/// The exit status of a program whose work ended with `result`: success,
/// or failure with the error and its causes on stderr after `prefix`.
pub fn exit_status<E: Display>(prefix: &str, result: Result<(), E>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{prefix}: {e:#}");
            ExitCode::FAILURE
        }
    }
}
