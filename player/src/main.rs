//! `player`: a Stratego player program for the referee protocol
//! (`docs/protocol.md`). Reads the referee's messages on stdin, answers on
//! stdout, logs to stderr.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use player::rng::Rng;
use player::session;
use player::strategy::{RandomStrategy, Strategy};

/// A Stratego player speaking the referee protocol on stdin/stdout.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// How to play.
    #[arg(long, value_enum, default_value_t = StrategyName::Random)]
    strategy: StrategyName,

    /// Seed of every random choice (default: from the clock); the same seed
    /// and the same opponent moves give the same game.
    #[arg(long)]
    seed: Option<u64>,

    /// Time budget for choosing one move, in milliseconds.
    #[arg(long, default_value_t = 350)]
    move_time_ms: u64,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum StrategyName {
    /// A random valid setup and uniformly random legal moves.
    Random,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let seed = cli.seed.unwrap_or_else(Rng::entropy_seed);
    let mut strategy: Box<dyn Strategy> = match cli.strategy {
        StrategyName::Random => Box::new(RandomStrategy::new(seed)),
    };
    let mut log = io::stderr().lock();
    let _ = writeln!(log, "strategy {:?}, seed {seed}", cli.strategy);
    let result = session::run(
        io::stdin().lock(),
        io::stdout().lock(),
        strategy.as_mut(),
        Duration::from_millis(cli.move_time_ms),
        &mut log,
    );
    match result {
        Ok(end) => {
            let _ = writeln!(log, "game over: {end:?}");
            ExitCode::SUCCESS
        }
        // The referee closing our stdout is the end of the game, not a fault.
        Err(session::SessionError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
            let _ = writeln!(log, "game over: output closed");
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = writeln!(log, "error: {:#}", anyhow::Error::from(e));
            ExitCode::FAILURE
        }
    }
}
