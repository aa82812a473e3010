//! `human`: the program a person plays with, through the terminal, for
//! every game that has one. `human [--game NAME] [OPTIONS]` (Stratego by
//! default); give it to the referee as a player with no time limit for its
//! seat: `referee --player-time-limit-ms 0=none human player`.

use std::process::ExitCode;

fn main() -> ExitCode {
    game_players::main(game_players::Program::Human, std::env::args_os().collect())
}
