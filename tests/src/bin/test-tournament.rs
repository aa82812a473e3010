//! `test-tournament`: the `tournament` program with the registry
//! [`tests::Games`]: the list's games and the tests' own. Its games are
//! judged by the referee of `--referee` (`test-referee`, for those games).

use std::process::ExitCode;

fn main() -> ExitCode {
    tournament::cli::main::<tests::Games>(std::env::args_os().collect())
}
