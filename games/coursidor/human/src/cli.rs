//! `human --game coursidor`: the program a person plays Coursidor with,
//! through the terminal.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;
use terminal::Terminal;

use crate::play::{self, PlayError};

/// Coursidor for a person at the terminal.
#[derive(Parser, Debug)]
#[command(
    about = "Coursidor for a person at the terminal: give it to the referee as a player, with no \
             time limit for its seat, e.g.\n  referee --game coursidor --player-time-limit-ms \
             0=none --player 'human --game coursidor' --player 'player --game coursidor'",
    after_help = "It draws the board (your pawn, the opponent's, the walls, the objectives) on \
                  the terminal (/dev/tty), takes a move typed as 34 (the vertex your pawn goes \
                  to) or w 12 13 19 (a wall on the edges 12-13 and 12-19), refuses an illegal \
                  one with the rules' reason before anything is sent, and tells the opponent's \
                  moves. Its stdin and stdout are the referee's."
)]
struct Options {}

/// `human --game coursidor ARGS...` (the arguments start with the
/// program's name).
pub fn human_main(args: Vec<OsString>) -> ExitCode {
    Terminal::session_main::<Options, _>(args, play::run, |e| matches!(e, PlayError::GaveUp))
}
