//! `test-referee`: the `referee` program with the registry [`tests::Games`]:
//! the list's games and the tests' own, which the referee we ship does not
//! know.

use std::process::ExitCode;

fn main() -> ExitCode {
    referee::cli::main::<tests::Games>(std::env::args_os().collect())
}
