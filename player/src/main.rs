//! `player`: our player program for the referee's games. `player --game
//! NAME [OPTIONS]` plays game NAME (Stratego by default) on stdin/stdout;
//! the options after the game are that game's player's own (`player --game
//! NAME --help`).

use std::ffi::OsString;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    stratego_ai::player_main(args)
}
