//! The `tournament` program: plays many games between programs through
//! the `referee`, in parallel and resumably, and reports crosstable,
//! ratings and SPRT (`docs/tournament.md`). Generic over the registry of
//! games, so that a program may run it with games of its own added
//! ([`games::And`]: the tests' tournament plays their sixth game); the one
//! we ship (`src/main.rs`) plays the list's. Its errors end here, printed:
//! nothing of it but [`main`] is public.
//!
//! One file per subcommand: `run.rs` plays a tournament (and `tournament
//! plan` writes its job list instead), `merge.rs` merges games other
//! schedulers ran; `args.rs` is the command line, `setup.rs` what it
//! decides, checked, and `tell.rs` what both subcommands print.

mod args;
mod merge;
mod run;
mod setup;
mod tell;

use std::process::ExitCode;

use clap::Parser;
use games::Registry;

use args::{Cli, Sub};

/// An error and the exit status it calls for.
struct Failure {
    error: anyhow::Error,
    status: u8,
}

/// Bad input: exit status 2.
fn usage(error: anyhow::Error) -> Failure {
    Failure { error, status: 2 }
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Failure {
        Failure { error, status: 1 }
    }
}

/// The `tournament` program with the games of registry `R`: `args` is its
/// command line, the program's name first. Returns the exit status.
pub fn main<R: Registry>(args: Vec<std::ffi::OsString>) -> ExitCode {
    let cli = Cli::parse_from(args);
    let result = match cli.command {
        None => run::run::<R>(cli.run, false),
        Some(Sub::Plan(args)) => run::run::<R>(*args, true),
        Some(Sub::Merge(args)) => merge::merge::<R>(args),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(failure) => {
            eprintln!("tournament: error: {:#}", failure.error);
            ExitCode::from(failure.status)
        }
    }
}
