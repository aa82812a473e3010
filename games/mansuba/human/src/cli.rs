//! `human --game mansuba`: the program a person plays Mansuba with,
//! through the terminal.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;
use terminal::Terminal;

use crate::play::{self, PlayError};

/// Mansuba for a person at the terminal.
#[derive(Parser, Debug)]
#[command(
    about = "Mansuba for a person at the terminal: give it to the referee as a player, with no \
             time limit for its seat, e.g.\n  referee --game mansuba --players 3 \
             --player-time-limit-ms 0=none --player 'human --game mansuba' --player 'player \
             --game mansuba' --player 'player --game mansuba --strategy closer'",
    after_help = "It draws the world and every seat's pieces on the terminal (/dev/tty), takes \
                  an action typed as 14 27 (from, to), escape 35 or pass, refuses an illegal one \
                  with the rules' reason before anything is sent, and tells every other seat's \
                  turns. Its stdin and stdout are the referee's."
)]
struct Options {}

/// `human --game mansuba ARGS...` (the arguments start with the program's
/// name).
pub fn human_main(args: Vec<OsString>) -> ExitCode {
    Terminal::session_main::<Options, _>(args, play::run, |e| matches!(e, PlayError::GaveUp))
}
