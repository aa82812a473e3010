//! Helpers of the end-to-end tests: a sandbox directory per test holding
//! links to the real binaries (so every process a test starts carries the
//! sandbox path on its command line and leftovers can be found), and
//! readers of the tournament's output files.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use tournament::results::record::GameRecord;

/// A binary of the workspace (built on first use: `cargo test` needs no
/// build first).
pub fn sibling(name: &str) -> PathBuf {
    tests::bins::workspace_bin(name)
}

/// A test's own directory, with `referee`, `player` and `faulty-player`
/// linked into it.
pub struct Sandbox {
    dir: tempfile::TempDir,
}

impl Sandbox {
    pub fn new() -> Sandbox {
        let dir = tempfile::Builder::new()
            .prefix("tournament-e2e-")
            .tempdir()
            .unwrap();
        for bin in ["referee", "player", "faulty-player"] {
            std::os::unix::fs::symlink(sibling(bin), dir.path().join(bin)).unwrap();
        }
        Sandbox { dir }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// `BIN ARGS` as a `PROGRAM` argument, `BIN` being a linked binary.
    pub fn program(&self, name: &str, bin: &str, args: &str) -> String {
        format!("{name}={} {args}", self.path().join(bin).display())
    }

    /// The `PROGRAM` arguments `NAME=BIN ARGS`, each `BIN` a linked
    /// binary ([`Sandbox::program`]).
    pub fn programs(&self, programs: &[&str]) -> Vec<String> {
        programs
            .iter()
            .map(|p| {
                let (name, command) = p.split_once('=').expect("NAME=BIN ARGS");
                let (bin, args) = command.split_once(' ').unwrap_or((command, ""));
                self.program(name, bin, args)
            })
            .collect()
    }

    /// Three random players (`a`, `b`, `c`), their seed `{seed}` or, when
    /// `fixed`, 1, 2, 3.
    pub fn three_random(&self, fixed: bool) -> Vec<String> {
        ["a", "b", "c"]
            .iter()
            .zip(1..)
            .map(|(name, i)| {
                let seed = if fixed {
                    i.to_string()
                } else {
                    "{seed}".into()
                };
                self.program(name, "player", &format!("--strategy random --seed {seed}"))
            })
            .collect()
    }

    /// The tournament, run in the sandbox with its referee.
    pub fn tournament(&self) -> Command {
        self.subcommand(None)
    }

    /// `tournament plan` or `tournament merge` (`Some`), or the tournament
    /// itself (`None`), run in the sandbox; all but `merge` get its
    /// referee.
    pub fn subcommand(&self, sub: Option<&str>) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tournament"));
        cmd.current_dir(self.path()).stdin(Stdio::null());
        cmd.args(sub);
        if sub != Some("merge") {
            cmd.arg("--referee").arg(self.path().join("referee"));
        }
        cmd
    }

    /// Runs the tournament to its end.
    pub fn run(&self, args: &[&str]) -> Output {
        self.tournament().args(args).output().unwrap()
    }

    /// Runs a tournament of `programs` with the arguments `line` (split as
    /// a shell would: `--game-options '--cols 5'`) to its end, which must
    /// succeed.
    pub fn play(&self, programs: &[String], line: &str) -> Output {
        let words = shlex::split(line).unwrap_or_else(|| panic!("not a command line: {line}"));
        let args: Vec<&str> = programs.iter().chain(&words).map(String::as_str).collect();
        succeeded(self.run(&args))
    }

    /// Runs a tournament of the programs `specs` ([`Sandbox::programs`])
    /// with the arguments `line`, as [`Sandbox::play`] does: the programs'
    /// arguments and the tournament's outputs.
    pub fn play_all(&self, specs: &[&str], line: &str) -> (Vec<String>, Output) {
        let programs = self.programs(specs);
        let out = self.play(&programs, line);
        (programs, out)
    }

    /// Runs a tournament that an SPRT (`--sprt 0,50,0.05,0.05`, two games
    /// at a time, 1000 at most) decides soon: `strong`, a random player
    /// whose seed is `seed`, against `weak`, which exits at its first
    /// move; `line` adds the other arguments, as [`Sandbox::play`] has
    /// them. The programs' arguments and the tournament's outputs.
    pub fn play_sprt(&self, seed: &str, line: &str) -> (Vec<String>, Output) {
        self.play_all(
            &[
                &format!("strong=player --strategy random --seed {seed}"),
                "weak=faulty-player --mode exit1 --at 1",
            ],
            &format!("--sprt 0,50,0.05,0.05 --games 1000 -j 2 {line}"),
        )
    }

    /// The results file of the tournament named `name` (`--name`).
    pub fn results_path(&self, name: &str) -> PathBuf {
        self.path().join(format!("logs/{name}/results.jsonl"))
    }

    /// The records of the tournament named `name` (`--name`).
    pub fn results(&self, name: &str) -> Vec<GameRecord> {
        records(&self.results_path(name))
    }

    /// Runs the tournament with `args`, which it must refuse as a usage
    /// error (status 2) saying `says`.
    pub fn refuses(&self, args: &[&str], says: &str) -> Output {
        let out = exited(self.run(args), 2);
        assert!(stderr(&out).contains(says), "no {says:?} in {}", show(&out));
        out
    }

    /// Starts the tournament, its outputs going to files in the sandbox.
    pub fn spawn(&self, args: &[&str], tag: &str) -> Child {
        let out = std::fs::File::create(self.path().join(format!("{tag}.out"))).unwrap();
        let err = std::fs::File::create(self.path().join(format!("{tag}.err"))).unwrap();
        self.tournament()
            .args(args)
            .stdout(out)
            .stderr(err)
            .spawn()
            .unwrap()
    }

    pub fn read(&self, relative: &str) -> String {
        std::fs::read_to_string(self.path().join(relative)).unwrap_or_default()
    }

    /// Processes whose command line mentions the sandbox: anything a test
    /// started that is still alive (zombies have an empty command line).
    pub fn leftovers(&self) -> Vec<String> {
        let marker = self.path().to_string_lossy().into_owned();
        let mut found = Vec::new();
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let name = entry.file_name();
            let Some(pid) = name
                .to_str()
                .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
            else {
                continue;
            };
            let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
                continue;
            };
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            if cmdline.contains(&marker) {
                found.push(format!("{pid}: {cmdline}"));
            }
        }
        found
    }

    /// Asserts that nothing the test started survives, allowing processes
    /// a moment to finish dying.
    pub fn assert_no_leftovers(&self) {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let left = self.leftovers();
            if left.is_empty() {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "processes left behind: {left:#?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// The records of a results file.
pub fn records(path: &Path) -> Vec<GameRecord> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad line {l:?}: {e}")))
        .collect()
}

/// Waits until `path` holds at least `n` lines.
pub fn wait_for_lines(path: &Path, n: usize, child: &mut Child) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let lines = std::fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .count();
        if lines >= n {
            return;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("tournament ended ({status}) before {n} results");
        }
        assert!(Instant::now() < deadline, "no {n} results in time");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A CSV file as rows of named fields.
pub fn csv(text: &str) -> Vec<HashMap<String, String>> {
    csv::Reader::from_reader(text.as_bytes())
        .deserialize()
        .map(|row| row.unwrap_or_else(|e| panic!("bad CSV row: {e}\n{text}")))
        .collect()
}

/// A field of a CSV row as a number.
pub fn num(row: &HashMap<String, String>, field: &str) -> f64 {
    row[field]
        .parse()
        .unwrap_or_else(|_| panic!("{field} = {:?} is not a number", row[field]))
}

/// Sends `signal` to a child process.
pub fn signal(child: &Child, signal: nix::sys::signal::Signal) {
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(child.id() as i32), signal).unwrap();
}

/// `out`, which must have exited with `code` (else its outputs are shown).
#[track_caller]
pub fn exited(out: Output, code: i32) -> Output {
    assert_eq!(out.status.code(), Some(code), "{}", show(&out));
    out
}

/// `out`, which must have succeeded (else its outputs are shown).
#[track_caller]
pub fn succeeded(out: Output) -> Output {
    exited(out, 0)
}

/// A command's standard output, as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A command's standard error, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Shows a command's outputs in a failed assertion.
pub fn show(output: &Output) -> String {
    format!(
        "status {}\n--- stdout\n{}\n--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}
