//! `human --game stratego [--setup FILE] [--seed N]`: the program a person
//! plays with, through the terminal.

use std::ffi::OsString;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use game_core::parse_args;
use stratego::{Player, Setup};
use terminal::Terminal;

use crate::play::{self, PlayError};

/// Stratego for a person at the terminal.
#[derive(Parser, Debug)]
#[command(
    about = "Stratego for a person at the terminal: give it to the referee as a player, with no \
             time limit for its seat, e.g.\n  referee --player-time-limit-ms 0=none human player",
    after_help = "It draws the board from your side on the terminal (/dev/tty), takes moves typed \
                  as B3 S 1, refuses an illegal one with the reason before anything is sent, and \
                  tells the opponent's moves and battles. Its stdin and stdout are the referee's."
)]
struct Options {
    /// Play this setup: 40 piece codes, one per line, in the protocol's
    /// order (otherwise one of our AI's setups is proposed, and another on
    /// request).
    #[arg(long, value_name = "FILE")]
    setup: Option<PathBuf>,
    /// Seed of the proposed setups.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
}

/// `human --game stratego ARGS...` (the arguments start with the program's name).
pub fn human_main(args: Vec<OsString>) -> ExitCode {
    let options: Options = match parse_args(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let fixed = match &options.setup {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => Some(text),
            Err(e) => {
                eprintln!("human: cannot read the setup {}: {e}", path.display());
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let mut person = match Terminal::open_for_play() {
        Ok(t) => t,
        Err(code) => return code,
    };
    let mut rng = stratego_ai::rng::Rng::new(options.seed);
    let mut problem = None;
    let mut setups = |p: Player| match &fixed {
        Some(text) => match Setup::from_wire(p, text) {
            Ok(s) => s,
            Err(e) => {
                problem = Some(format!("the setup file is refused: {e}"));
                stratego_ai::ai::setups::random_setup(p, &mut rng, false)
            }
        },
        None => stratego_ai::ai::setups::random_setup(p, &mut rng, false),
    };
    let stdin = io::stdin().lock();
    let stdout = io::stdout().lock();
    let end = play::run(stdin, stdout, &mut person, &mut setups, fixed.is_some());
    if let Some(p) = problem {
        let _ = person.print(&format!("{p}\n"));
    }
    person.finish_game(end, |e| matches!(e, PlayError::GaveUp))
}
