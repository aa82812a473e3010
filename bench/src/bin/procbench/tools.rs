//! Finding the programs under test and running them: wall-clock time, CPU
//! time of the whole process tree, output.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use nix::sys::resource::{UsageWho, getrusage};
use serde_json::Value;

/// The release binaries, found beside this one (`target/release/`).
pub struct Tools {
    dir: PathBuf,
    /// The referee under test (by default the one beside this binary).
    referee: PathBuf,
    /// The player under test (likewise).
    player: PathBuf,
    /// Log directories of the referee runs (removed at the end).
    scratch: tempfile::TempDir,
}

/// Every program the benchmarks run.
const NEEDED: [&str; 5] = ["referee", "player", "faulty-player", "shuffler", "relay"];

impl Tools {
    /// Finds the programs; they must all have been built (`make build`).
    /// `referee` and `player` replace the ones beside this binary (to
    /// compare builds).
    pub fn locate(referee: Option<PathBuf>, player: Option<PathBuf>) -> anyhow::Result<Tools> {
        let exe = std::env::current_exe().context("locating procbench")?;
        let dir = exe
            .parent()
            .context("procbench has no directory")?
            .to_owned();
        for name in NEEDED {
            if !dir.join(name).is_file() {
                bail!(
                    "{} is missing: build every binary first (`make build`)",
                    dir.join(name).display()
                );
            }
        }
        let referee = referee.unwrap_or_else(|| dir.join("referee"));
        let player = player.unwrap_or_else(|| dir.join("player"));
        for p in [&referee, &player] {
            if !p.is_file() {
                bail!("{} is missing", p.display());
            }
        }
        let scratch = tempfile::Builder::new()
            .prefix("procbench")
            .tempdir()
            .context("creating a scratch directory")?;
        Ok(Tools {
            dir,
            referee,
            player,
            scratch,
        })
    }

    /// The player under test.
    pub fn player_path(&self) -> &Path {
        &self.player
    }

    /// A path in the scratch directory.
    pub fn scratch_file(&self, name: &str) -> PathBuf {
        self.scratch.path().join(name)
    }

    /// The path of one of the programs.
    pub fn bin(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// A fresh directory for one referee's logs (`slot` keeps parallel
    /// games apart).
    pub fn log_dir(&self, slot: usize) -> PathBuf {
        self.scratch.path().join(format!("logs{slot}"))
    }

    /// A referee command: `--json`, logs in the scratch directory, then
    /// `options`, then the two players with their arguments.
    pub fn referee(&self, slot: usize, options: &[String], players: [&Player; 2]) -> Command {
        let mut cmd = Command::new(&self.referee);
        cmd.arg("--json").arg("--log-dir").arg(self.log_dir(slot));
        cmd.args(options);
        for (i, p) in players.iter().enumerate() {
            for a in &p.args {
                cmd.arg(format!("--arg{i}={a}"));
            }
        }
        cmd.arg(&players[0].program).arg(&players[1].program);
        cmd
    }
}

/// A player program with its arguments.
#[derive(Clone, Debug)]
pub struct Player {
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
}

impl Player {
    /// A player from a program and arguments.
    pub fn new(program: &Path, args: &[&str]) -> Player {
        Player {
            program: program.to_owned(),
            args: args.iter().map(|s| (*s).to_owned()).collect(),
        }
    }
}

/// What one run of a program cost.
pub struct Run {
    /// From just before the spawn to just after the wait.
    pub wall: Duration,
    /// User + system time of the process and every descendant it reaped.
    pub cpu: Duration,
    /// Its standard output.
    pub stdout: Vec<u8>,
}

fn cpu_of_children() -> anyhow::Result<Duration> {
    let u = getrusage(UsageWho::RUSAGE_CHILDREN).context("getrusage")?;
    let micros = |t: nix::sys::time::TimeVal| t.tv_sec() as u64 * 1_000_000 + t.tv_usec() as u64;
    Ok(Duration::from_micros(
        micros(u.user_time()) + micros(u.system_time()),
    ))
}

/// Runs `cmd` to the end; it must exit 0. The CPU figure is meaningful only
/// if no other child of this process ends meanwhile.
pub fn run(cmd: &mut Command) -> anyhow::Result<Run> {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let cpu_before = cpu_of_children()?;
    let start = Instant::now();
    let out = cmd
        .output()
        .with_context(|| format!("cannot run {}", show(cmd)))?;
    let wall = start.elapsed();
    let cpu = cpu_of_children()?.saturating_sub(cpu_before);
    if !out.status.success() {
        bail!(
            "{} failed ({}): {}",
            show(cmd),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(Run {
        wall,
        cpu,
        stdout: out.stdout,
    })
}

/// The command line, for error messages.
pub fn show(cmd: &Command) -> String {
    std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(OsStr::to_string_lossy)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The referee's `--json` report of a run.
pub fn report(run: &Run) -> anyhow::Result<Value> {
    serde_json::from_slice(&run.stdout).with_context(|| {
        format!(
            "the referee's output is not JSON: {}",
            String::from_utf8_lossy(&run.stdout)
        )
    })
}

/// A field of a JSON report, by a path of keys and indices (`players.0.moves`).
pub fn field<'a>(report: &'a Value, path: &str) -> anyhow::Result<&'a Value> {
    let mut v = report;
    for key in path.split('.') {
        v = match key.parse::<usize>() {
            Ok(i) => v.get(i),
            Err(_) => v.get(key),
        }
        .with_context(|| format!("the referee's report has no {path}: {report}"))?;
    }
    Ok(v)
}

/// A numeric field of a JSON report.
pub fn number(report: &Value, path: &str) -> anyhow::Result<f64> {
    field(report, path)?
        .as_f64()
        .with_context(|| format!("{path} is not a number in {report}"))
}
