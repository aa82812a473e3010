//! `player --game stratego`: the Stratego player program for the referee
//! protocol (`docs/protocol.md`). Reads the referee's messages on stdin,
//! answers on stdout, logs to stderr (one line per move with its reply time).

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use game_core::{finish_session, parse_args};

use crate::rng::Rng;
use crate::session;
use crate::strategy::{AiConfig, MOVE_TIME, StrategyName};

/// A Stratego player speaking the referee protocol on stdin/stdout.
#[derive(Parser, Debug)]
#[command(name = "player --game stratego", version, about)]
struct Cli {
    /// How to play.
    #[arg(long, value_enum, default_value_t = StrategyName::Ai)]
    strategy: StrategyName,

    /// Seed of every random choice (default: from the clock). The setup,
    /// the boards the AI samples and its tie-breaks follow from the seed;
    /// with --max-nodes the AI's whole game is reproducible given the same
    /// opponent moves, without it the search depth reached depends on the
    /// machine's speed.
    #[arg(long)]
    seed: Option<u64>,

    /// Time budget for choosing one move, in milliseconds, from the moment
    /// the request was read (the referee allows 500). Whatever margins the
    /// AI keeps for the load, its reply is out 420 ms after the read at
    /// the latest, or at the end of a longer budget.
    #[arg(long, default_value_t = MOVE_TIME.as_millis() as u64)]
    move_time_ms: u64,

    /// Stop each search after this many nodes (`ismcts`: iterations), for
    /// reproducible games; the time budget still applies.
    #[arg(long)]
    max_nodes: Option<u64>,

    /// Set one of the AI's weights, NAME=VALUE (the names of
    /// `ai/tuning.rs`), for experiments; repeatable.
    #[arg(long, value_name = "NAME=VALUE")]
    tune: Vec<String>,
}

/// Runs the player with `args` (`args[0]` is the program name): parses
/// them, plays one session on stdin/stdout, and returns the exit status
/// (2 for a usage error, after clap's message).
pub fn player_main(args: Vec<OsString>) -> ExitCode {
    let cli: Cli = match parse_args(args) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let seed = cli.seed.unwrap_or_else(Rng::entropy_seed);
    let move_time = Duration::from_millis(cli.move_time_ms);
    let mut ai = AiConfig {
        max_nodes: cli.max_nodes,
        ..AiConfig::for_move_time(move_time)
    };
    for t in &cli.tune {
        if let Err(e) = ai.tuning.set(t) {
            eprintln!("player: --tune {t}: {e}");
            return ExitCode::from(2);
        }
    }
    let mut strategy = cli.strategy.build(seed, ai);
    let mut log = io::stderr().lock();
    let _ = writeln!(log, "strategy {:?}, seed {seed}", cli.strategy);
    if !cli.tune.is_empty() {
        let _ = writeln!(log, "tuning: {}", cli.tune.join(" "));
    }
    let result = session::run(
        io::stdin().lock(),
        io::stdout().lock(),
        strategy.as_mut(),
        move_time,
        &mut log,
    );
    finish_session(result, &mut log)
}
