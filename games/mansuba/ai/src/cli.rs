//! `player --game mansuba`: our Mansuba player for the referee's session
//! protocol (`docs/games/mansuba.md`). Reads the referee's messages on
//! stdin, answers on stdout, logs to stderr (a line per move with its
//! reply time and what the search found).

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use game_core::{finish_session, parse_args, seed_or_clock};

use crate::search::Settings;
use crate::session;
use crate::strategy::{Bot, Strategy};

/// Our Mansuba player, a session on stdin/stdout.
#[derive(Parser, Debug)]
#[command(name = "player --game mansuba", version, about)]
pub struct Cli {
    /// How to play.
    #[arg(long, value_enum, default_value_t = Strategy::Ai)]
    pub strategy: Strategy,

    /// Seed of the random choices (the baselines'; the AI's are
    /// deterministic but for time) [default: from the clock].
    #[arg(long)]
    pub seed: Option<u64>,

    /// Time to choose a move, in milliseconds (the referee allows 1000 by
    /// default: a fifth of it, the rest a margin for a loaded machine).
    #[arg(long, default_value_t = 200)]
    pub move_time_ms: u64,

    /// Stop each search after this many nodes (reproducible games).
    #[arg(long)]
    pub max_nodes: Option<u64>,

    /// The transposition table holds 2^BITS entries of 24 bytes.
    #[arg(long, value_name = "BITS", default_value_t = 18,
          value_parser = clap::value_parser!(u32).range(4..=26))]
    pub tt_bits: u32,
}

impl Cli {
    /// The search settings these options ask for.
    pub fn settings(&self) -> Settings {
        Settings {
            move_time: Duration::from_millis(self.move_time_ms),
            max_nodes: self.max_nodes,
            tt_bits: self.tt_bits,
            ..Settings::default()
        }
    }
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
    let _ = writeln!(
        log,
        "mansuba: strategy {}, seed {seed}",
        cli.strategy.name()
    );
    let mut bot = Bot::new(cli.strategy, seed, cli.settings());
    let result = session::run(io::stdin().lock(), io::stdout().lock(), &mut bot, &mut log);
    finish_session(result, &mut log)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_options() {
        let cli = Cli::try_parse_from(["player"]).unwrap();
        assert_eq!((cli.strategy, cli.move_time_ms), (Strategy::Ai, 200));
        let cli =
            Cli::try_parse_from(["player", "--strategy", "closer", "--max-nodes", "9"]).unwrap();
        assert_eq!(cli.strategy, Strategy::Closer);
        assert_eq!(cli.settings().max_nodes, Some(9));
        assert!(Cli::try_parse_from(["player", "--tt-bits", "40"]).is_err());
        assert!(Cli::try_parse_from(["player", "--strategy", "greedy"]).is_err());
    }
}
