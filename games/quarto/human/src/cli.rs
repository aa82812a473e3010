//! `human --game quarto`: the program a person plays Quarto with, through
//! the terminal.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;
use terminal::Terminal;

use crate::play::{self, PlayError};

/// Quarto for a person at the terminal.
#[derive(Parser, Debug)]
#[command(
    about = "Quarto for a person at the terminal: give it to the referee as a player, with no time \
             limit for its seat, e.g.\n  referee --game quarto --player-time-limit-ms 0=none \
             --player 'human --game quarto' --player 'player --game quarto'",
    after_help = "It draws the board, the piece you hold and the pieces left on the terminal \
                  (/dev/tty), takes a move typed as B3 7 (the square for your piece, the piece \
                  you give, by its number or its four letters), refuses an illegal one with the \
                  reason before anything is sent, and tells the opponent's placements and gifts. \
                  Its stdin and stdout are the referee's; the level comes from the referee."
)]
struct Options {}

/// `human --game quarto ARGS...` (the arguments start with the program's
/// name).
pub fn human_main(args: Vec<OsString>) -> ExitCode {
    Terminal::session_main::<Options, _>(args, play::run, |e| matches!(e, PlayError::GaveUp))
}
