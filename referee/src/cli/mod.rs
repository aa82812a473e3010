//! The `referee` program: its command line, the verdict printed, and the
//! `replay`, `view`, `check` and `reproduce` commands. A library module, generic over the
//! registry of games, so that a program may run it with games of its own
//! added ([`games::And`]): the tests' referee plays a sixth game this way,
//! and the one we ship (`src/main.rs`) plays the list's, [`games::All`].
//! Its errors end here, printed: nothing of it but [`main`] is public.

mod args;
mod check;
mod output;
mod playback;
mod records;
mod reproduce;
mod run;

pub use run::main;

/// Why a command gives no answer.
enum Failure {
    /// The command line does not fit the game or the record.
    Usage(String),
    /// A file cannot be read, or the referee itself failed.
    Internal(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        Failure::Internal(e)
    }
}
