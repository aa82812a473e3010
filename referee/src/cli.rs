//! The command line.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;
use referee::{MatchConfig, Program};

/// Plays one Stratego game between two player programs, exactly as the
/// protocol says, and reports the verdict.
///
/// Exit status: 0 when the game reached a verdict (whatever it is), 2 for a
/// usage error, 1 for an internal error, 128+N after signal N (130 after
/// Ctrl-C, 143 after SIGTERM, 129 after SIGHUP).
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
pub struct Cli {
    /// Player 0's program (moves first): a path, or a bare name looked up in PATH.
    #[arg(value_name = "PLAYER0")]
    pub player0: OsString,

    /// Player 1's program.
    #[arg(value_name = "PLAYER1")]
    pub player1: OsString,

    /// An argument for player 0's program; repeat for several, in order.
    /// Write `--arg0=--seed` for values that start with `-`.
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    pub arg0: Vec<OsString>,

    /// An argument for player 1's program (as --arg0).
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    pub arg1: Vec<OsString>,

    /// Time allowed for each reply (the setup, each move), in milliseconds.
    #[arg(long, value_name = "N", default_value_t = 500,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub time_limit_ms: u64,

    /// Grace period at the end, in milliseconds: after closing a player's
    /// stdin, then again after SIGTERM, before SIGKILL.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub grace_ms: u64,

    /// Moves (both players together) after which the game is drawn; 0 = no limit.
    #[arg(long, value_name = "N", default_value_t = stratego::Rules::DEFAULT_MAX_TURNS)]
    pub max_turns: u32,

    /// Apply the two-square rule: a piece may not move between the same two
    /// squares more than three times in a row (the fourth such move is illegal).
    #[arg(long)]
    pub two_square_rule: bool,

    /// Cap of each player's stderr log, in bytes.
    #[arg(long, value_name = "N", default_value_t = 10 * 1024 * 1024)]
    pub max_log_bytes: u64,

    /// Directory of player0.log and player1.log (created if missing).
    #[arg(long, value_name = "DIR", default_value = "logs")]
    pub log_dir: PathBuf,

    /// Print one JSON object (docs/json.md) instead of the summary.
    #[arg(long)]
    pub json: bool,

    /// Write the whole game as JSON (docs/json.md) to FILE.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,

    /// Draw the board after every move (on stderr with --json).
    #[arg(short, long)]
    pub verbose: bool,
}

impl Cli {
    /// The match settings.
    pub fn config(&self) -> MatchConfig {
        let mut cfg = MatchConfig::new(
            Program::new(self.player0.clone(), self.arg0.clone()),
            Program::new(self.player1.clone(), self.arg1.clone()),
        );
        cfg.time_limit = Duration::from_millis(self.time_limit_ms);
        cfg.grace = Duration::from_millis(self.grace_ms);
        cfg.max_turns = self.max_turns;
        cfg.two_square_rule = self.two_square_rule;
        cfg.max_log_bytes = self.max_log_bytes;
        cfg.log_dir = self.log_dir.clone();
        cfg
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_for_players() {
        let cli = Cli::try_parse_from([
            "referee",
            "--arg0=--seed",
            "--arg0",
            "7",
            "--arg1",
            "--strategy",
            "a",
            "b",
        ])
        .unwrap();
        assert_eq!(cli.arg0, ["--seed", "7"]);
        assert_eq!(cli.arg1, ["--strategy"]);
        assert_eq!(
            (cli.player0.as_os_str(), cli.player1.as_os_str()),
            ("a".as_ref(), "b".as_ref())
        );
        let cfg = cli.config();
        assert_eq!(cfg.time_limit, Duration::from_millis(500));
        assert_eq!(cfg.max_turns, 2000);
    }

    #[test]
    fn usage_errors() {
        assert!(Cli::try_parse_from(["referee", "a"]).is_err());
        assert!(Cli::try_parse_from(["referee", "--time-limit-ms", "0", "a", "b"]).is_err());
    }
}
