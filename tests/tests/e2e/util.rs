//! Helpers: locating the binaries, scripting players, running the referee
//! and checking that nothing is left behind.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use referee_schema::{PlayerReport, Record, Summary};

use crate::run::Ran;

/// A Stratego game record, with its moves and setups typed.
pub type StrategoRecord = Record<stratego::referee_game::MoveRecord, Vec<u8>>;

pub use tests::bins::workspace_bin;

/// What the opponent of an illegal move is told (§3.2): the move
/// normalised then `E` when the refused reply the record holds reads as a
/// move, `E` alone when it does not (or when no reply was kept: a reply
/// that broke the framing).
pub fn illegal_move_told(record: &StrategoRecord) -> String {
    let reply = record
        .rejected
        .iter()
        .find(|r| r.phase == referee_schema::Phase::Move);
    let parsed = reply.and_then(|r| {
        let raw = r.raw_lines()?;
        let lines: Vec<&str> = raw
            .iter()
            .enumerate()
            .map(|(i, l)| game_core::clean_line(l, i + 1, 64).ok().flatten())
            .collect::<Option<_>>()?;
        stratego::UncheckedMove::from_lines(lines[0], lines[1], lines[2]).ok()
    });
    match parsed {
        Some(m) => m.to_wire() + "E\n",
        None => "E\n".to_owned(),
    }
}

/// Runs a compiler's command `cmd` (holding the process lock) and fails
/// the test, with what it printed, unless it succeeds: `what` says what
/// was compiled.
pub fn compile(mut cmd: Command, what: &str) {
    let ran = Ran::of(&mut cmd);
    assert_eq!(ran.code, Some(0), "{what} does not compile cleanly: {ran}");
}

/// Compiles the C `sources` with `cc` and `flags` (the standard among
/// them) into `out`, warnings as errors.
pub fn compile_c(cc: &Path, flags: &[&str], out: &Path, sources: &[PathBuf]) {
    let mut cmd = Command::new(cc);
    cmd.args(["-O2", "-Wall", "-Wextra", "-Werror"])
        .args(flags)
        .arg("-o")
        .arg(out)
        .args(sources);
    compile(cmd, &out.display().to_string());
}

/// The file `path` of the repository, from its root: an example, a
/// header, a cheater's source, a record.
pub fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

/// The machine's Python interpreter itself (the pyenv shim's target, or
/// Debian's), as `sys.executable` names it: `python` may be a shim, a
/// shell script that costs a few hundred milliseconds a start on a loaded
/// machine.
pub fn real_python(python: &Path) -> PathBuf {
    let ran = Ran::of(Command::new(python).args(["-c", "import sys; print(sys.executable)"]));
    PathBuf::from(ran.exits(0).stdout.trim())
}

/// The faulty player of this crate.
pub fn faulty() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_faulty-player"))
}

/// The scripted player of this crate.
pub fn scripted() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_scripted-player"))
}

/// Player 0's fixture setup: Flag on A0, a Scout on A3, a Colonel on B3.
pub const SETUP0: [u8; 40] = [
    11, 12, 12, 9, //
    1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9,
    10, 12, 12, 12, 12,
];

/// Player 1's fixture setup: Flag on A6, the Marshal on B6.
pub const SETUP1: [u8; 40] = [
    11, 12, 12, 12, //
    1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9,
    10, 12, 12, 12,
];

/// Player 0's setup without any legal move: its front column holds only
/// Bombs and pieces facing lakes.
pub const NO_MOVE0: [u8; 40] = [
    1, 2, 3, 12, 3, 4, 4, 12, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 12, 7, 7, 8, 12, 8, 8, 8, 8, 9, 9,
    9, 9, 9, 9, 9, 12, 9, 10, 11, 12,
];

/// The same for player 1 (each row mirrored: its front is column 6).
pub fn no_move1() -> [u8; 40] {
    let mut s = NO_MOVE0;
    for row in s.chunks_mut(4) {
        row.reverse();
    }
    s
}

/// The script lines that send a setup.
pub fn send_setup(codes: &[u8]) -> String {
    let text: Vec<String> = codes.iter().map(u8::to_string).collect();
    format!("send {}", text.join("\\n"))
}

/// A temporary directory, removed when dropped.
pub struct TestDir(tempfile::TempDir);

impl TestDir {
    /// A new empty directory (mode 755 under the usual umask: `tempfile`
    /// leaves the mode to it).
    pub fn new() -> TestDir {
        TestDir(tempfile::tempdir().expect("temporary directory"))
    }

    /// A new empty directory of mode 700, as `mktemp -d` makes: closed to
    /// every uid but its owner's.
    pub fn closed() -> TestDir {
        use std::os::unix::fs::PermissionsExt;
        let dir = TestDir::new();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700))
            .expect("chmod 700");
        dir
    }

    /// Its path.
    pub fn path(&self) -> &std::path::Path {
        self.0.path()
    }
}

/// Script lines: read the player number, send a setup, read the answer.
pub fn opening(setup: &[u8]) -> String {
    opening_with(setup, "", "")
}

/// The lines of [`opening`] with `before` run first (a `sleep`), and
/// `extra` sent right after the setup's last code, in the same write
/// (`\\n12`: a 41st code).
pub fn opening_with(setup: &[u8], before: &str, extra: &str) -> String {
    format!("read 1\n{before}{}{extra}\nread 1\n", send_setup(setup))
}

/// A game to run: two scripts (or programs) and referee options.
pub struct Game {
    dir: TestDir,
    players: [Option<PathBuf>; 2],
    scripts: [String; 2],
    options: Vec<String>,
    sample: bool,
    /// Run the referee as this uid (and gid), through `setpriv`.
    user: Option<u32>,
    /// Where `referee` and `peak-rss` are taken from, if not the workspace.
    bins: Option<PathBuf>,
    /// Each seat as a `--player` spec, if given so ([`Game::spec`]).
    specs: [Option<String>; 2],
    /// A launcher the referee is run through (its command line first).
    launcher: Vec<std::ffi::OsString>,
    /// Variables set in the referee's environment.
    env: Vec<(String, String)>,
}

/// What came out of a game.
pub struct Outcome {
    /// How long the referee ran.
    pub elapsed: Duration,
    /// An upper bound of the referee's peak resident memory in KiB:
    /// `ru_maxrss` as `peak-rss` measured it, the largest of the referee's
    /// and of every player it reaped (the players here are small, so a
    /// bound under 20 MB holds the referee under 20 MB).
    pub peak_rss_kib: u64,
    /// The `--json` document as the referee printed it (for messages).
    pub json: String,
    /// The `--json` document, read.
    pub summary: Summary,
    /// What the referee wrote to stderr.
    pub stderr: String,
    /// Every byte each scripted player received (its `@recv` reports).
    pub received: [String; 2],
    /// Each scripted player's `@info` reports, one a line.
    pub info: [String; 2],
    /// The states (`/proc`'s letters: `R`, `S`, `T` for stopped...) each
    /// player's process was seen in, when the game was run with
    /// [`Game::sample_states`].
    pub states: [std::collections::BTreeSet<char>; 2],
    /// Each player's stderr log.
    pub logs: [Vec<u8>; 2],
    /// The working directory of the game (logs, record).
    pub dir: PathBuf,
    _keep: TestDir,
}

impl Outcome {
    /// A player's report in the verdict.
    pub fn player(&self, i: usize) -> &PlayerReport {
        &self.summary.players[i]
    }
}

/// A tag of its own for a game: set in the referee's environment as
/// `STRATEGO_E2E_TAG` and passed to the players (`--sandbox-env`), it
/// marks every process the game starts ([`assert_no_leftovers`]).
pub fn new_tag() -> String {
    static GAMES: AtomicUsize = AtomicUsize::new(0);
    format!(
        "e2e-{}-{}-{:?}",
        std::process::id(),
        GAMES.fetch_add(1, Ordering::SeqCst),
        std::time::SystemTime::now()
    )
}

impl Game {
    /// Two scripted players with these scripts.
    pub fn new(script0: &str, script1: &str) -> Game {
        Game {
            dir: TestDir::new(),
            players: [None, None],
            scripts: [script0.to_owned(), script1.to_owned()],
            options: Vec::new(),
            sample: false,
            user: None,
            bins: None,
            specs: [None, None],
            launcher: Vec::new(),
            env: Vec::new(),
        }
    }

    /// Two scripted players that send the fixture setups ([`SETUP0`],
    /// [`SETUP1`]) and read their answers, then play `then0` and `then1`.
    pub fn after_setups(then0: &str, then1: &str) -> Game {
        let p0 = format!("{}{then0}", opening(&SETUP0));
        Game::new(&p0, &format!("{}{then1}", opening(&SETUP1)))
    }

    /// Runs seat `i` as the `--player` spec `spec` (a program with its
    /// arguments, split like a shell command line); the other seats are
    /// then given as specs too.
    pub fn spec(mut self, i: usize, spec: impl Into<String>) -> Game {
        self.specs[i] = Some(spec.into());
        self
    }

    /// Runs the referee through `launcher` (a program that execs the rest
    /// of its command line).
    pub fn launcher<S: AsRef<std::ffi::OsStr>>(mut self, launcher: &[S]) -> Game {
        self.launcher = launcher.iter().map(|s| s.as_ref().to_owned()).collect();
        self
    }

    /// Sets `name` to `value` in the referee's environment.
    pub fn env(mut self, name: &str, value: &str) -> Game {
        self.env.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Runs the `referee`, `peak-rss` and `scripted-player` of `bins`
    /// ([`OpenBins`]).
    pub fn bins(mut self, bins: &OpenBins) -> Game {
        self.bins = Some(bins.dir().to_owned());
        self
    }

    /// Runs the referee as the unprivileged `uid` (gid the same, no
    /// supplementary group), through `setpriv`: the test must run as root
    /// ([`unprivileged_user`] says whether it can). The game's directory
    /// becomes that user's.
    pub fn run_as(mut self, uid: u32) -> Game {
        std::os::unix::fs::chown(self.dir.path(), Some(uid), Some(uid)).expect("chown");
        self.user = Some(uid);
        self
    }

    /// Watches the scripted players' processes in `/proc` while the game
    /// runs, from outside their sandboxes ([`Outcome::states`]).
    pub fn sample_states(mut self) -> Game {
        self.sample = true;
        self
    }

    /// Replaces player `i` by another program (its script is then unused).
    pub fn program(mut self, i: usize, path: impl Into<PathBuf>) -> Game {
        self.players[i] = Some(path.into());
        self
    }

    /// Adds referee options.
    pub fn options(mut self, opts: &[&str]) -> Game {
        self.options.extend(opts.iter().map(|s| s.to_string()));
        self
    }

    fn script_path(&self, i: usize) -> PathBuf {
        self.dir.path().join(format!("script{i}"))
    }

    /// Runs the referee with `--json`, checks that no process tagged for
    /// this game survives it and that the referee exited 0 (as it does
    /// whatever the players do).
    pub fn run(self) -> Outcome {
        let tag = new_tag();
        // Through `peak-rss`, so that the referee's peak memory is its own
        // and not the harness's (see `tests/src/bin/peak-rss.rs`); as
        // another user, through `setpriv` first.
        let peak_file = self.dir.path().join("referee.peak-rss");
        let bin = |name: &str| match &self.bins {
            Some(dir) => dir.join(name),
            None => workspace_bin(name),
        };
        let mut cmd = match self.user {
            None => Command::new(bin("peak-rss")),
            Some(uid) => {
                let mut c = Command::new("setpriv");
                c.arg(format!("--reuid={uid}"))
                    .arg(format!("--regid={uid}"))
                    .arg("--clear-groups")
                    .arg(bin("peak-rss"));
                c
            }
        };
        if let Some((first, rest)) = self.launcher.split_first() {
            let mut c = Command::new(first);
            c.args(rest).arg(cmd.get_program()).args(cmd.get_args());
            cmd = c;
        }
        cmd.envs(self.env.iter().map(|(k, v)| (k, v)));
        cmd.arg(&peak_file)
            .arg(bin("referee"))
            .current_dir(self.dir.path())
            .env("STRATEGO_E2E_TAG", &tag)
            // The players carry the tag (a sandboxed player gets only the
            // variables passed), so that any left behind is found.
            .args(["--sandbox-env", "STRATEGO_E2E_TAG"])
            .arg("--json")
            .args(&self.options);
        // A generous limit by default, so that a loaded machine never flakes.
        if !self.options.iter().any(|o| o == "--time-limit-ms") {
            cmd.args(["--time-limit-ms", "1000"]);
        }
        let scripted_bin = match &self.bins {
            Some(dir) => dir.join("scripted-player"),
            None => scripted(),
        };
        for i in 0..2 {
            std::fs::write(self.script_path(i), &self.scripts[i]).expect("script");
        }
        if self.specs.iter().any(Option::is_some) {
            for i in 0..2 {
                let spec = match (&self.specs[i], &self.players[i]) {
                    (Some(spec), _) => spec.clone(),
                    (None, Some(program)) => program.display().to_string(),
                    (None, None) => format!(
                        "{} {}",
                        scripted_bin.display(),
                        self.script_path(i).display()
                    ),
                };
                cmd.arg("--player").arg(spec);
            }
        } else {
            for i in 0..2 {
                if self.players[i].is_none() {
                    cmd.arg(format!("--arg{i}={}", self.script_path(i).display()));
                }
            }
            for i in 0..2 {
                cmd.arg(self.players[i].clone().unwrap_or(scripted_bin.clone()));
            }
        }
        let started = Instant::now();
        let child = cmd
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run the referee");
        let sampler = self.sample.then(|| {
            let scripts = [self.script_path(0), self.script_path(1)];
            let tag = tag.clone();
            let referee = child.id();
            std::thread::spawn(move || sample_states(referee, &tag, &scripts))
        });
        let out = child.wait_with_output().expect("wait for the referee");
        let states = sampler.map_or_else(Default::default, |s| s.join().expect("sampler"));
        let peak_rss_kib = std::fs::read_to_string(&peak_file)
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or_else(|| panic!("peak-rss wrote no figure to {}", peak_file.display()));
        let elapsed = started.elapsed();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_no_leftovers(&tag);
        assert_eq!(
            out.status.code(),
            Some(0),
            "the referee's status; stdout: {stdout}\nstderr: {stderr}"
        );
        let summary = Summary::from_json(stdout.trim()).unwrap_or_else(|e| {
            panic!("stdout is not the JSON verdict ({e}): {stdout}\nstderr: {stderr}")
        });
        let json = stdout.trim().to_owned();
        let logs: [Vec<u8>; 2] = std::array::from_fn(|i| {
            std::fs::read(self.dir.path().join(format!("logs/player{i}.log"))).unwrap_or_default()
        });
        let reports: [(String, String); 2] = std::array::from_fn(|i| reports(&logs[i]));
        let [(received0, info0), (received1, info1)] = reports;
        Outcome {
            elapsed,
            peak_rss_kib,
            json,
            summary,
            stderr,
            received: [received0, received1],
            info: [info0, info1],
            states,
            logs,
            dir: self.dir.path().to_owned(),
            _keep: self.dir,
        }
    }
}

/// The uid the tests run the referee as when they check the sandbox of an
/// unprivileged user: no user has it.
pub const TEST_UID: u32 = 0x6fff_fff0;

/// The workspace's binaries, hard-linked (or copied) into a temporary
/// directory every user can reach: a clone of the workspace may sit under
/// a directory closed to others (CI's `mktemp -d`), where an unprivileged
/// uid — a seat's, or [`TEST_UID`] — could not run them.
pub struct OpenBins(TestDir);

impl OpenBins {
    /// `referee`, `player`, `peak-rss`, `faulty-player` and
    /// `scripted-player`.
    pub fn new() -> OpenBins {
        use std::os::unix::fs::PermissionsExt;
        let dir = TestDir::new();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
        for (name, from) in [
            ("referee", workspace_bin("referee")),
            ("player", workspace_bin("player")),
            ("peak-rss", workspace_bin("peak-rss")),
            ("faulty-player", faulty()),
            ("scripted-player", scripted()),
        ] {
            let to = dir.path().join(name);
            if std::fs::hard_link(&from, &to).is_err() {
                std::fs::copy(&from, &to).expect("copy a binary");
            }
        }
        OpenBins(dir)
    }

    /// The directory.
    pub fn dir(&self) -> &std::path::Path {
        self.0.path()
    }

    /// One of the binaries.
    pub fn get(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }
}

/// Whether a test can run the referee of `bins` as [`TEST_UID`]: this
/// process is root and `setpriv` runs it; else why not.
pub fn unprivileged_user(bins: &OpenBins) -> Result<u32, String> {
    use std::os::unix::fs::MetadataExt;
    // /proc/self belongs to this process's effective uid.
    if std::fs::metadata("/proc/self").map_or(true, |m| m.uid() != 0) {
        return Err("the tests do not run as root".into());
    }
    let uid = TEST_UID.to_string();
    let out = Command::new("setpriv")
        .args([
            &format!("--reuid={uid}"),
            &format!("--regid={uid}"),
            "--clear-groups",
        ])
        .arg(bins.get("referee"))
        .arg("--version")
        .output()
        .map_err(|e| format!("setpriv: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "uid {uid} cannot run {}: {}",
            bins.get("referee").display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(TEST_UID)
}

/// A scripted player's reports in its log: every byte it received (its
/// `@recv` lines) and its `@info` lines.
pub fn reports(log: &[u8]) -> (String, String) {
    let mut received = Vec::new();
    let mut info = String::new();
    for line in log.split(|&b| b == b'\n') {
        if let Some(hex) = line.strip_prefix(b"@recv ") {
            for pair in hex.chunks(2) {
                let digits = std::str::from_utf8(pair).unwrap_or("");
                if let Ok(b) = u8::from_str_radix(digits, 16) {
                    received.push(b);
                }
            }
        } else if let Some(text) = line.strip_prefix(b"@info ") {
            info.push_str(&String::from_utf8_lossy(text));
            info.push('\n');
        }
    }
    (String::from_utf8_lossy(&received).into_owned(), info)
}

/// Our AI's `log` has a line for each of its `moves`: `move ...` holding
/// `marker` (what it tells of the move: ` ms`, ` nodes`...).
#[track_caller]
pub fn assert_each_move_logged(log: &str, moves: u32, marker: &str) {
    let logged = log
        .lines()
        .filter(|l| l.starts_with("move ") && l.contains(marker))
        .count();
    assert_eq!(logged, moves as usize, "{log}");
}

/// While the referee `referee` runs, the states `/proc` shows of each
/// process tagged `tag` that runs script 0 or script 1 (seen from outside
/// every sandbox).
fn sample_states(
    referee: u32,
    tag: &str,
    scripts: &[PathBuf; 2],
) -> [std::collections::BTreeSet<char>; 2] {
    let mut seen: [std::collections::BTreeSet<char>; 2] = Default::default();
    while std::path::Path::new(&format!("/proc/{referee}")).exists()
        && state_of(referee) != Some('Z')
    {
        for pid in tagged(tag) {
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            for (i, script) in scripts.iter().enumerate() {
                let script = script.as_os_str().as_encoded_bytes();
                if cmdline.split(|&b| b == 0).any(|a| a == script) {
                    if let Some(state) = state_of(pid) {
                        seen[i].insert(state);
                    }
                }
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    seen
}

/// The state letter of `pid` in `/proc`.
fn state_of(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit(')').next()?.trim_start().chars().next()
}

/// The processes that carry `tag` in their environment (the players of
/// its game and everything they started inherit it).
fn tagged(tag: &str) -> Vec<u32> {
    let needle = format!("STRATEGO_E2E_TAG={tag}");
    let pids = std::fs::read_dir("/proc").expect("/proc").flatten();
    pids.filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|&b| b == 0).any(|v| v == needle.as_bytes()))
        })
        .collect()
}

/// Fails if any process still carries `tag` ([`new_tag`]).
pub fn assert_no_leftovers(tag: &str) {
    let found: Vec<String> = tagged(tag)
        .into_iter()
        .map(|pid| std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default())
        .collect();
    assert!(found.is_empty(), "processes left behind: {found:?}");
}

/// The verdict's `reason`.
pub fn reason(o: &Outcome) -> &str {
    o.summary.reason.as_str()
}

/// What `referee check` printed: its lines, each a status (`pass`,
/// `FAIL`, `skip`), a check's name and what was seen.
pub struct Checked {
    /// The command and its output.
    pub ran: crate::run::Ran,
    /// The check lines: status, name, detail.
    pub lines: Vec<(String, String, String)>,
}

/// Runs `BIN check ARGS` (`referee` or `test-referee`) in a directory of
/// its own, which gets the logs, and reads its lines.
pub fn check(bin: &str, args: &[String]) -> Checked {
    let dir = TestDir::new();
    let mut all = vec!["check".to_owned()];
    all.extend(args.iter().cloned());
    let ran = crate::run::run_in(dir.path(), bin, &all);
    let lines = ran
        .stdout
        .lines()
        .filter_map(|l| {
            let (status, rest) = l.split_once("  ")?;
            if !["pass", "FAIL", "skip"].contains(&status) {
                return None;
            }
            let (name, detail) = rest.trim_start().split_once("  ")?;
            Some((status.into(), name.into(), detail.trim_start().into()))
        })
        .collect();
    Checked { ran, lines }
}

impl Checked {
    /// The status of check `name`.
    #[track_caller]
    pub fn status(&self, name: &str) -> &str {
        &self.line(name).0
    }

    /// What check `name` saw.
    #[track_caller]
    pub fn detail(&self, name: &str) -> &str {
        &self.line(name).2
    }

    #[track_caller]
    fn line(&self, name: &str) -> &(String, String, String) {
        self.lines
            .iter()
            .find(|(_, n, _)| n == name)
            .unwrap_or_else(|| panic!("no check {name:?}: {self}"))
    }

    /// Fails unless every check passed (or was skipped) and the exit
    /// status says so.
    #[track_caller]
    pub fn passes(&self) {
        self.fails_exactly(&[], "a correct program");
    }

    /// Fails unless exactly the checks `names` failed (`what` failed
    /// them, for the message), with the exit status of a failed check
    /// when any did.
    #[track_caller]
    pub fn fails_exactly(&self, names: &[&str], what: &str) {
        let failed: Vec<&str> = self
            .lines
            .iter()
            .filter(|(s, _, _)| s == "FAIL")
            .map(|(_, n, _)| n.as_str())
            .collect();
        assert_eq!(failed, names, "{what}: {self}");
        assert!(self.lines.len() >= 12, "{what}: {self}");
        let code = if names.is_empty() { 0 } else { 4 };
        assert_eq!(self.ran.code, Some(code), "{what}: {self}");
    }
}

impl std::fmt::Display for Checked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.ran.fmt(f)
    }
}
