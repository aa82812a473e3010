//! Running the workspace's programs from a test: a command and what it
//! printed ([`Ran`]), and a game between `--player` programs, its verdict
//! and its record read ([`Play`]).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use referee_schema::{Record, Summary};
use serde::de::DeserializeOwned;

use crate::util::{TestDir, assert_no_leftovers, new_tag, workspace_bin};

/// How a command ended and what it printed.
pub struct Ran {
    /// The command line, for messages.
    pub command: String,
    /// The exit code (`None` if a signal killed it).
    pub code: Option<i32>,
    /// The standard output, as text.
    pub stdout: String,
    /// The standard error, as text.
    pub stderr: String,
}

impl Ran {
    /// Runs `cmd` to its end.
    pub fn of(cmd: &mut Command) -> Ran {
        let command = format!("{cmd:?}");
        let out = cmd
            .output()
            .unwrap_or_else(|e| panic!("cannot run {command}: {e}"));
        Ran {
            command,
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Fails, showing the command and what it printed, unless it exited
    /// with `code`.
    #[track_caller]
    pub fn exits(self, code: i32) -> Ran {
        assert_eq!(self.code, Some(code), "{self}");
        self
    }

    /// Fails unless its standard output holds `text`.
    #[track_caller]
    pub fn says(self, text: &str) -> Ran {
        assert!(
            self.stdout.contains(text),
            "no {text:?} in the output: {self}"
        );
        self
    }

    /// Fails unless its standard error holds `text`.
    #[track_caller]
    pub fn complains(self, text: &str) -> Ran {
        assert!(self.stderr.contains(text), "no {text:?} on stderr: {self}");
        self
    }
}

impl std::fmt::Display for Ran {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} exited {:?}\n--- stdout\n{}\n--- stderr\n{}",
            self.command, self.code, self.stdout, self.stderr
        )
    }
}

/// Runs the workspace's program `bin` with `args` in `dir`.
pub fn run_in<S: AsRef<OsStr>>(dir: &Path, bin: &str, args: &[S]) -> Ran {
    Ran::of(Command::new(workspace_bin(bin)).current_dir(dir).args(args))
}

/// `referee ARGS`, run in a directory of its own, is a usage error
/// (status 2) whose message holds `says`.
#[track_caller]
pub fn assert_usage_error(args: &[&str], says: &str) {
    let dir = TestDir::new();
    run_in(dir.path(), "referee", args).exits(2).complains(says);
}

/// `referee replay --check game.json` in `dir`: today's rules judge the
/// record again and find the same game (status 0).
#[track_caller]
pub fn replays(dir: &Path) -> Ran {
    run_in(dir, "referee", &["replay", "--check", "game.json"]).exits(0)
}

/// A game between `--player` programs, to be played by `referee --json
/// --record game.json` ([`Play::run`]).
pub struct Play {
    referee: &'static str,
    args: Vec<String>,
    env: Vec<(String, String)>,
    dir: Option<PathBuf>,
}

impl Play {
    /// A game of `game` (`referee --game GAME`).
    pub fn game(game: &str) -> Play {
        Play {
            referee: "referee",
            args: vec!["--game".into(), game.into()],
            env: Vec::new(),
            dir: None,
        }
    }

    /// Played by the workspace's program `referee` (`test-referee`: the
    /// one that knows the tests' own games).
    pub fn by(mut self, referee: &'static str) -> Play {
        self.referee = referee;
        self
    }

    /// Adds referee arguments.
    pub fn args<S: AsRef<str>>(mut self, args: &[S]) -> Play {
        self.args.extend(args.iter().map(|a| a.as_ref().to_owned()));
        self
    }

    /// Plays a game of `game` with its options `options`, then `extra`,
    /// between `players` (`--player` specs): [`Play::run`].
    pub fn between<S: AsRef<str>, R: DeserializeOwned>(
        game: &str,
        options: &[&str],
        extra: &[&str],
        players: &[S],
    ) -> Played<R> {
        Play::game(game)
            .args(options)
            .args(extra)
            .players(players)
            .run()
    }

    /// Adds a seat: `--player SPEC`.
    pub fn player(mut self, spec: impl Into<String>) -> Play {
        self.args.extend(["--player".to_owned(), spec.into()]);
        self
    }

    /// Adds a seat for each spec, in order.
    pub fn players<S: AsRef<str>>(self, specs: &[S]) -> Play {
        specs.iter().fold(self, |play, s| play.player(s.as_ref()))
    }

    /// Sets `name` to `value` in the referee's environment.
    pub fn env(mut self, name: &str, value: &str) -> Play {
        self.env.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Plays in `dir` rather than in a fresh directory.
    pub fn in_dir(mut self, dir: &Path) -> Play {
        self.dir = Some(dir.to_owned());
        self
    }

    /// Plays the game, checks that the referee exited 0 and that no
    /// process tagged for the game survives it, and reads the verdict and
    /// the record (`R`: a game's typed record).
    pub fn run<R: DeserializeOwned>(self) -> Played<R> {
        let keep = self.dir.is_none().then(TestDir::new);
        let dir = match (&self.dir, &keep) {
            (Some(dir), _) => dir.clone(),
            (None, Some(keep)) => keep.path().to_owned(),
            (None, None) => unreachable!("a directory"),
        };
        let tag = new_tag();
        let mut cmd = Command::new(workspace_bin(self.referee));
        cmd.current_dir(&dir)
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .env("STRATEGO_E2E_TAG", &tag)
            .args(["--sandbox-env", "STRATEGO_E2E_TAG"])
            .args(["--json", "--record", "game.json"])
            .args(&self.args);
        let start = Instant::now();
        let ran = Ran::of(&mut cmd);
        let elapsed = start.elapsed();
        assert_no_leftovers(&tag);
        let ran = ran.exits(0);
        let json = ran.stdout.trim().to_owned();
        let summary =
            Summary::from_json(&json).unwrap_or_else(|e| panic!("not a verdict ({e}): {ran}"));
        let text = std::fs::read_to_string(dir.join("game.json")).expect("the record");
        let record = serde_json::from_str(&text).unwrap_or_else(|e| panic!("record ({e}): {text}"));
        Played {
            summary,
            record,
            json,
            elapsed,
            dir,
            _keep: keep,
        }
    }
}

/// What came out of a [`Play`].
pub struct Played<R = Record> {
    /// The verdict (`--json`).
    pub summary: Summary,
    /// The record (`--record`), typed.
    pub record: R,
    /// The verdict as printed.
    pub json: String,
    /// How long the referee ran.
    pub elapsed: Duration,
    /// The game's directory (the record, the players' logs).
    pub dir: PathBuf,
    _keep: Option<TestDir>,
}

impl<R> Played<R> {
    /// What seat `i` wrote to its log (empty if it wrote nothing).
    pub fn log(&self, i: usize) -> String {
        std::fs::read_to_string(self.dir.join(format!("logs/player{i}.log"))).unwrap_or_default()
    }
}

/// Our player of `game` with `args`, as a `--player` spec.
pub fn player_spec(game: &str, args: &str) -> String {
    format!("{} --game {game} {args}", workspace_bin("player").display())
}

/// The seats of a game of `game` for `n`: its faulty player (`GAME-faulty`,
/// `tests::faulty::skeleton`) misbehaving as `mode` from `at` on at
/// `seat`, our random player at the others.
pub fn faulty_at(game: &str, n: usize, seat: usize, mode: &str, at: u32) -> Vec<String> {
    let faulty = workspace_bin(&format!("{game}-faulty"));
    (0..n)
        .map(|i| {
            if i == seat {
                format!("{} --mode {mode} --at {at} --seed 5", faulty.display())
            } else {
                player_spec(game, &format!("--strategy random --seed {}", i + 3))
            }
        })
        .collect()
}
