//! The referee's command line, built: every program that runs the referee
//! (the tournament, the benchmarks, the tests) builds it here, so that the
//! options are spelt in one place.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::program::ProgramSpec;

/// A `referee` command line.
///
/// ```
/// use referee_schema::{ProgramSpec, RefereeCommand};
///
/// let cmd = RefereeCommand::new("target/release/referee")
///     .game("oust")
///     .game_options(["--cols", "7", "--rows", "7"])
///     .time_limit_ms(4000)
///     .json()
///     .player(ProgramSpec::new("./a", ["--seed", "1"]))
///     .player(ProgramSpec::new("./b", Vec::<String>::new()));
/// assert_eq!(
///     cmd.args(),
///     ["--game", "oust", "--cols", "7", "--rows", "7", "--time-limit-ms=4000", "--json",
///      "--player", "./a --seed 1", "--player", "./b"]
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefereeCommand {
    referee: PathBuf,
    options: Vec<OsString>,
    players: Vec<ProgramSpec>,
}

impl RefereeCommand {
    /// The referee at `referee`, with no option yet.
    pub fn new(referee: impl Into<PathBuf>) -> RefereeCommand {
        RefereeCommand {
            referee: referee.into(),
            options: Vec::new(),
            players: Vec::new(),
        }
    }

    fn opt(mut self, parts: impl IntoIterator<Item = impl Into<OsString>>) -> Self {
        self.options.extend(parts.into_iter().map(Into::into));
        self
    }

    /// `--game NAME`.
    pub fn game(self, name: &str) -> Self {
        self.opt(["--game", name])
    }

    /// The game's own options, as they are.
    pub fn game_options(self, options: impl IntoIterator<Item = impl Into<OsString>>) -> Self {
        self.opt(options)
    }

    /// `--time-limit-ms`.
    pub fn time_limit_ms(self, ms: u64) -> Self {
        self.opt([format!("--time-limit-ms={ms}")])
    }

    /// `--max-turns` (0 = none).
    pub fn max_turns(self, n: u64) -> Self {
        self.opt([format!("--max-turns={n}")])
    }

    /// `--grace-ms`.
    pub fn grace_ms(self, ms: u64) -> Self {
        self.opt([format!("--grace-ms={ms}")])
    }

    /// `--seed`: the referee's random draws for the game.
    pub fn seed(self, seed: u64) -> Self {
        self.opt([format!("--seed={seed}")])
    }

    /// `--log-dir`.
    pub fn log_dir(self, dir: &Path) -> Self {
        self.opt([OsString::from("--log-dir"), dir.into()])
    }

    /// `--json`: the verdict as one JSON line on stdout.
    pub fn json(self) -> Self {
        self.opt(["--json"])
    }

    /// `--record FILE`.
    pub fn record(self, file: &Path) -> Self {
        self.opt([OsString::from("--record"), file.into()])
    }

    /// `--protocol SEAT=NAME`: the protocol seat `seat`'s program speaks,
    /// in games that offer several (Stratego: `ucc`).
    pub fn seat_protocol(self, seat: usize, name: &str) -> Self {
        self.opt([format!("--protocol={seat}={name}")])
    }

    /// `--player-time-limit-ms SEAT=MS`: seat `seat`'s own time limit for
    /// its setup and every move.
    pub fn seat_time_limit_ms(self, seat: usize, ms: u64) -> Self {
        self.opt([format!("--player-time-limit-ms={seat}={ms}")])
    }

    /// Any further referee options, as they are.
    pub fn options(self, options: impl IntoIterator<Item = impl Into<OsString>>) -> Self {
        self.opt(options)
    }

    /// The next seat's program (`--player`).
    pub fn player(mut self, program: ProgramSpec) -> Self {
        self.players.push(program);
        self
    }

    /// The referee's arguments.
    pub fn args(&self) -> Vec<OsString> {
        let mut args = self.options.clone();
        for p in &self.players {
            args.push("--player".into());
            args.push(p.to_spec().into());
        }
        args
    }

    /// The referee executable.
    pub fn referee(&self) -> &Path {
        &self.referee
    }

    /// A `Command` ready to run.
    pub fn command(&self) -> Command {
        let mut c = Command::new(&self.referee);
        c.args(self.args());
        c
    }
}
