//! What a match needs to know before it starts.

use std::path::PathBuf;
use std::time::Duration;

use crate::process::Program;

/// The settings of one match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player 0's and player 1's programs.
    pub programs: [Program; 2],
    /// Time allowed for each reply (§4).
    pub time_limit: Duration,
    /// Grace period at the end: after closing stdin, then after SIGTERM.
    pub grace: Duration,
    /// Moves (both players together) after which the game is drawn; 0 = none.
    pub max_turns: u32,
    /// Whether the two-square rule applies (see `stratego::Rules`).
    pub two_square_rule: bool,
    /// Cap of each player's stderr log, in bytes.
    pub max_log_bytes: u64,
    /// Where `player0.log` and `player1.log` go (created if missing).
    pub log_dir: PathBuf,
}

impl MatchConfig {
    /// The defaults of the command line for these two programs.
    pub fn new(player0: Program, player1: Program) -> MatchConfig {
        MatchConfig {
            programs: [player0, player1],
            time_limit: Duration::from_millis(500),
            grace: Duration::from_millis(100),
            max_turns: stratego::Rules::DEFAULT_MAX_TURNS,
            two_square_rule: false,
            max_log_bytes: 10 * 1024 * 1024,
            log_dir: PathBuf::from("logs"),
        }
    }

    /// The log file of player `i`.
    pub fn log_path(&self, i: usize) -> PathBuf {
        self.log_dir.join(format!("player{i}.log"))
    }
}
