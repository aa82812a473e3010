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

/// Visits the game `name` of the registry `R` with `run`; for a game the
/// registry does not have, prints the usage error
/// `{command}error: unknown game 'NAME'; the games are: ...{hint}` and
/// returns its status.
fn visit_game<R: games::Registry, V: games::Visit<Output = std::process::ExitCode>>(
    name: &str,
    run: V,
    command: &str,
    hint: &str,
) -> std::process::ExitCode {
    R::visit(name, run).unwrap_or_else(|| {
        eprintln!(
            "{command}error: unknown game '{name}'; the games are: {}{hint}",
            R::names().join(", ")
        );
        std::process::ExitCode::from(referee_schema::exit::USAGE as u8)
    })
}

/// Why a command gives no answer.
enum Failure {
    /// The command line does not fit the game or the record.
    Usage(String),
    /// A file cannot be read, or the referee itself failed.
    Internal(anyhow::Error),
}

impl Failure {
    /// The exit of `command` (`referee check`): its status, or why it gave
    /// no answer, printed as `COMMAND: error: ...`.
    fn exit(command: &str, result: Result<i32, Failure>) -> std::process::ExitCode {
        match result {
            Ok(code) => std::process::ExitCode::from(code as u8),
            Err(Failure::Usage(message)) => {
                eprintln!("{command}: error: {message}");
                std::process::ExitCode::from(referee_schema::exit::USAGE as u8)
            }
            Err(Failure::Internal(e)) => {
                eprintln!("{command}: error: {e:#}");
                std::process::ExitCode::from(referee_schema::exit::INTERNAL as u8)
            }
        }
    }
}

/// The exit of a command line clap did not take: its message printed
/// (`--help` and `--version` on stdout, with status 0; errors on stderr,
/// with [`exit::USAGE`](referee_schema::exit::USAGE)).
fn clap_exit(e: &clap::Error) -> std::process::ExitCode {
    let _ = e.print();
    std::process::ExitCode::from(if e.use_stderr() {
        referee_schema::exit::USAGE as u8
    } else {
        0
    })
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        Failure::Internal(e)
    }
}
