//! `player --game coursidor`: our Coursidor player for the referee's
//! session protocol (`docs/games/coursidor.md`). Reads the referee's
//! messages on stdin, answers on stdout, logs to stderr (a line per move
//! with its reply time and what the choice rests on).

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use game_core::Rng;
use game_search::program::{SessionArgs, session_main};

use crate::session::{self, Player, SessionEnd, SessionError};
use crate::strategy::Strategy;

/// Our Coursidor player, a session on stdin/stdout.
#[derive(Parser, Debug)]
#[command(name = "player --game coursidor", version, about)]
pub struct Cli {
    /// The strategy, the seed and the budget of a move: 300 ms by
    /// default (the referee allows 2000).
    #[command(flatten)]
    pub session: SessionArgs<Strategy, 300>,
}

/// Runs the player with `args` (`args[0]` is the program name): plays one
/// session on stdin/stdout and returns the exit status (2 for a usage
/// error, after clap's message).
pub fn player_main(args: Vec<OsString>) -> ExitCode {
    session_main("coursidor", args, |cli: &Cli| &cli.session.player, play)
}

/// Plays one session on stdin/stdout as `cli` says, the random choices
/// from `seed`.
fn play(cli: &Cli, seed: u64, log: &mut dyn Write) -> Result<SessionEnd, SessionError> {
    let mut player = Player {
        strategy: cli.session.player.strategy,
        rng: Rng::new(seed),
        move_time: cli.session.move_time(),
        max_nodes: cli.session.player.max_nodes,
    };
    session::run(io::stdin().lock(), io::stdout().lock(), &mut player, log)
}
