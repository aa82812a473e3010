//! Finding the programs under test and running them: wall-clock time, CPU
//! time of the whole process tree, output.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use nix::sys::resource::{UsageWho, getrusage};
use referee_schema::{ProgramSpec, RefereeCommand, Summary};

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
        let mut cmd = RefereeCommand::new(&self.referee)
            .json()
            .log_dir(&self.log_dir(slot))
            .options(options);
        for p in players {
            cmd = cmd.player(ProgramSpec::new(
                p.program.to_string_lossy(),
                p.args.iter().cloned(),
            ));
        }
        cmd.command()
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

/// The referee's `--json` verdict of a run.
pub fn report(run: &Run) -> anyhow::Result<Summary> {
    summary(&run.stdout)
}

/// Reads the referee's `--json` verdict.
pub fn summary(stdout: &[u8]) -> anyhow::Result<Summary> {
    let text = String::from_utf8_lossy(stdout);
    Summary::from_json(text.trim())
        .with_context(|| format!("the referee's output is not its JSON verdict: {text}"))
}

/// A seat's report, or an error naming the verdict.
pub fn seat(report: &Summary, i: usize) -> anyhow::Result<&referee_schema::PlayerReport> {
    report
        .players
        .get(i)
        .with_context(|| format!("the verdict has no player {i}: {}", report.to_json()))
}
