//! One line of the results file: everything about a finished game that is
//! needed to rebuild the report and to decide, on resume, whether the game
//! still belongs to the tournament.

use std::path::PathBuf;

use referee_schema::Summary;
use serde::{Deserialize, Serialize};

use crate::plan::spec::Program;

/// Version of the results-file line format.
pub const SCHEMA: u32 = 1;

/// The referee options every game of a tournament is played with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The game (`referee --game`); Stratego in files written before games
    /// had names.
    #[serde(default = "default_game")]
    pub game: String,
    /// The game's own options, as given to the referee.
    #[serde(default)]
    pub game_options: Vec<String>,
    /// Per-reply time limit (`referee --time-limit-ms`).
    pub time_limit_ms: u64,
    /// Turn limit (`referee --max-turns`).
    pub max_turns: u64,
    /// Further referee arguments, passed as they are.
    #[serde(default)]
    pub referee_args: Vec<String>,
    /// Games are played in pairs (`tournament --pairs`): the two games of
    /// a pair share their seeds, seats swapped.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pairs: bool,
}

fn default_game() -> String {
    referee_schema::DEFAULT_GAME.to_owned()
}

/// A finished game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Line format version ([`SCHEMA`]).
    pub schema: u32,
    /// The game's stable id (see [`crate::plan::schedule::Game::id`]).
    pub id: String,
    /// Names of the table's programs, in program order (the pairing, in a
    /// two-seat game).
    pub pairing: Vec<String>,
    /// 0-based number of the game within its pairing.
    pub index: u32,
    /// The programs by seat: `players[0]` was seat 0.
    pub players: Vec<Program>,
    /// The referee options of the game.
    pub settings: Settings,
    /// When the game started, in milliseconds since the Unix epoch.
    pub started_unix_ms: u64,
    /// Wall time of the referee process, in milliseconds.
    pub wall_ms: u64,
    /// The game's log directory (player logs, game record, referee log).
    pub log_dir: PathBuf,
    /// The referee's `--json` document.
    pub verdict: Summary,
}
