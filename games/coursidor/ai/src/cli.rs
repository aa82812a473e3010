//! `player --game coursidor`: our Coursidor player for the referee's
//! session protocol (`docs/games/coursidor.md`). Reads the referee's
//! messages on stdin, answers on stdout, logs to stderr (a line per move
//! with its reply time and what the choice rests on).

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use game_core::{Rng, finish_session, parse_args, seed_or_clock};

use crate::session::{self, Player};
use crate::strategy::Strategy;

/// Our Coursidor player, a session on stdin/stdout.
#[derive(Parser, Debug)]
#[command(name = "player --game coursidor", version, about)]
pub struct Cli {
    /// How to play.
    #[arg(long, value_enum, default_value_t = Strategy::Ai)]
    pub strategy: Strategy,

    /// Seed of the random choices [default: from the clock].
    #[arg(long)]
    pub seed: Option<u64>,

    /// Time to choose a move, in milliseconds (the referee allows 2000 by
    /// default).
    #[arg(long, default_value_t = 300)]
    pub move_time_ms: u64,

    /// Stop each search after this many nodes (reproducible games).
    #[arg(long)]
    pub max_nodes: Option<u64>,
}

/// Runs the player with `args` (`args[0]` is the program name): plays one
/// session on stdin/stdout and returns the exit status (2 for a usage
/// error, after clap's message).
pub fn player_main(args: Vec<OsString>) -> ExitCode {
    let cli: Cli = match parse_args(args) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let seed = seed_or_clock(cli.seed);
    let mut log = io::stderr().lock();
    let _ = writeln!(log, "coursidor: strategy {:?}, seed {seed}", cli.strategy);
    let mut player = Player {
        strategy: cli.strategy,
        rng: Rng::new(seed),
        move_time: Duration::from_millis(cli.move_time_ms),
        max_nodes: cli.max_nodes,
    };
    let result = session::run(
        io::stdin().lock(),
        io::stdout().lock(),
        &mut player,
        &mut log,
    );
    finish_session(result, &mut log)
}
