//! `player`: our player program for every game of the referee. `player
//! [--game NAME] [OPTIONS]` plays game NAME (Stratego by default); the
//! options after it are that game's player's own (`player --game NAME
//! --help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    game_players::main(game_players::Program::Player, std::env::args_os().collect())
}
