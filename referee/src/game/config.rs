//! What a match needs to know before it starts, besides the game itself.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use game_core::{Context, Host, Limits, SeatLimit};

use crate::process::{Program, Sandbox};

/// The settings of one match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Each seat's program, seat 0 first.
    pub programs: Vec<Program>,
    /// Each seat's name, if it was given one (`--player NAME=...`).
    pub names: Vec<Option<String>>,
    /// Time allowed for each move reply.
    pub time_limit: Duration,
    /// Time allowed for the setup reply (games with a setup phase).
    pub setup_time_limit: Duration,
    /// Seats with a time limit of their own, for their setup and every
    /// move (`--player-time-limit-ms`); `None`: no limit (a person playing).
    pub player_time_limits: BTreeMap<usize, Option<Duration>>,
    /// Grace period at the end: after closing stdin, then after SIGTERM.
    pub grace: Duration,
    /// Stop (SIGSTOP) the players that are not on move, and continue each
    /// when it is asked to move, so that nobody thinks on another's time.
    pub no_ponder: bool,
    /// Moves (all seats together) after which the game is drawn; 0 = none.
    pub max_turns: u32,
    /// Cap of each player's stderr log, in bytes.
    pub max_log_bytes: u64,
    /// Where `player0.log`, `player1.log`, ... go (created if missing).
    pub log_dir: PathBuf,
    /// The seed of the referee's random draws for the game.
    pub seed: u64,
    /// The sandbox of every player (all its layers by default).
    pub sandbox: Sandbox,
    /// The host each seat's program runs in, if any ([`Host`]: its exit
    /// statuses name the causes of its stopping in the verdict); seats
    /// past the end run no host.
    pub hosts: Vec<Option<Host>>,
    /// The CPUs each seat's player is pinned to (`--affinity`), seat by
    /// seat; an empty list, or a seat past the end, is not pinned.
    pub affinity: Vec<Vec<usize>>,
}

impl MatchConfig {
    /// The command line's defaults (Stratego's limits) for these programs.
    pub fn new(programs: Vec<Program>) -> MatchConfig {
        let names = vec![None; programs.len()];
        MatchConfig {
            programs,
            names,
            time_limit: Duration::from_millis(500),
            setup_time_limit: Duration::from_millis(2000),
            player_time_limits: BTreeMap::new(),
            grace: Duration::from_millis(100),
            no_ponder: false,
            max_turns: 2000,
            max_log_bytes: 10 * 1024 * 1024,
            log_dir: PathBuf::from("logs"),
            seed: 0,
            sandbox: Sandbox::default(),
            hosts: Vec::new(),
            affinity: Vec::new(),
        }
    }

    /// The CPUs seat `i`'s player is pinned to (none: not pinned).
    pub fn cpus_of(&self, i: usize) -> &[usize] {
        self.affinity.get(i).map_or(&[], Vec::as_slice)
    }

    /// The limits of every seat, as the game is told them.
    pub fn limits(&self) -> Limits {
        let mut limits = Limits::new(self.time_limit, self.setup_time_limit);
        for (&seat, own) in &self.player_time_limits {
            if let Some(slot) = limits.seats.get_mut(seat) {
                *slot = own.map_or(SeatLimit::Unlimited, SeatLimit::Own);
            }
        }
        limits
    }

    /// The time `seat` has for each move; `None`: no limit.
    pub fn move_limit(&self, seat: usize) -> Option<Duration> {
        self.limits().move_time_of(seat)
    }

    /// The time `seat` has for its setup; `None`: no limit.
    pub fn setup_limit(&self, seat: usize) -> Option<Duration> {
        self.limits().setup_time_of(seat)
    }

    /// The host seat `i`'s program runs in, if any.
    pub fn host(&self, i: usize) -> Option<&Host> {
        self.hosts.get(i).and_then(Option::as_ref)
    }

    /// The log file of seat `i`.
    pub fn log_path(&self, i: usize) -> PathBuf {
        self.log_dir.join(format!("player{i}.log"))
    }

    /// What the game is built with.
    pub fn context(&self) -> Context {
        Context {
            max_turns: self.max_turns,
            limits: self.limits(),
            seed: self.seed,
        }
    }
}
