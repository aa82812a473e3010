//! `human --game oust [--memory DIR] SECONDS`: the program a person plays
//! Oust with, through the terminal, started for every move.

use std::ffi::OsString;
use std::io::{self, Read};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use game_core::parse_args;
use terminal::Terminal;

use crate::play::{self, Moved, PlayError};

/// Oust for a person at the terminal.
#[derive(Parser, Debug)]
#[command(
    about = "Oust for a person at the terminal: give it to the referee as a player, with no time \
             limit for its seat and a directory to remember the game in, e.g.\n  referee --game \
             oust --player-time-limit-ms 0=none --sandbox-bind /tmp/oust:rw --player 'human \
             --game oust --memory /tmp/oust' --player 'player --game oust'",
    after_help = "The referee starts it for every move. It draws the board on the terminal \
                  (/dev/tty), takes a move typed as 2 1 (column, row) or pass, refuses an \
                  illegal one with the rules' reason before anything is sent, and tells the \
                  opponent's moves since yours, found from the position it remembered in \
                  --memory DIR (a directory every move's process can write: outside the \
                  referee's working directory, bound with --sandbox-bind DIR:rw, and writable by \
                  any user when the referee runs as root). Its stdin and stdout are the referee's."
)]
struct Options {
    /// Remember the game in this directory between moves (a file per
    /// colour), to tell the opponent's moves since yours.
    #[arg(long, value_name = "DIR")]
    memory: Option<PathBuf>,
    /// The time allowed, in whole seconds, as the referee gives it (a
    /// person is given no limit: it is not used).
    seconds: Option<u64>,
}

/// `human --game oust ARGS...` (the arguments start with the program's
/// name).
pub fn human_main(args: Vec<OsString>) -> ExitCode {
    let options: Options = match parse_args(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let mut text = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut text) {
        eprintln!("human: cannot read the position: {e}");
        return ExitCode::from(1);
    }
    let mut person = match Terminal::open_for_play() {
        Ok(t) => t,
        Err(code) => return code,
    };
    let end = play::run(
        &text,
        io::stdout().lock(),
        &mut person,
        options.memory.as_deref(),
    );
    match end {
        Ok(Moved::On) => ExitCode::SUCCESS,
        Ok(Moved::Ended(message)) => person.finish(&message, false),
        Err(e) => person.finish_game(Err::<String, _>(e), |e| matches!(e, PlayError::GaveUp)),
    }
}
