//! `referee`: plays one game between player programs (see
//! `docs/referee.md`) and prints the verdict; the games are the registry's
//! list.

use std::process::ExitCode;

fn main() -> ExitCode {
    referee::cli::main::<games::All>(std::env::args_os().collect())
}
