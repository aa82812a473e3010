//! `tournament`: plays many games between programs through the `referee`,
//! in parallel and resumably, and reports crosstable, ratings and SPRT
//! (`docs/tournament.md`); the games are the registry's list.

use std::process::ExitCode;

fn main() -> ExitCode {
    tournament::cli::main::<games::All>(std::env::args_os().collect())
}
