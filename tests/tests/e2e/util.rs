//! Helpers: locating the binaries, scripting players, running the referee
//! and checking that nothing is left behind.

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};

use referee_schema::{PlayerReport, Record, Summary};

/// A Stratego game record, with its moves and setups typed.
pub type StrategoRecord = Record<stratego::referee_game::MoveRecord, Vec<u8>>;

pub use tests::bins::workspace_bin;

/// Tests that start processes share this lock; a test that plays matches
/// inside this process (the referee library becomes a child subreaper and
/// reaps *every* child of the process while a match runs) takes it
/// exclusively, so no other test's children are around.
static PROCESSES: RwLock<()> = RwLock::new(());

/// Held while a test starts processes, or opens or closes descriptors
/// (a temporary directory's removal does): the thousand matches of
/// `library.rs` compare this process's descriptors before and after. Never
/// taken twice by one thread (a waiting writer would block the second).
pub fn shared() -> RwLockReadGuard<'static, ()> {
    PROCESSES.read().unwrap_or_else(|e| e.into_inner())
}

/// Held while a test plays matches in this process.
pub fn exclusive() -> RwLockWriteGuard<'static, ()> {
    PROCESSES.write().unwrap_or_else(|e| e.into_inner())
}

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
    let out = {
        let _guard = shared();
        cmd.output().expect("run the compiler")
    };
    assert!(
        out.status.success(),
        "{what} does not compile cleanly: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The machine's Python interpreter itself (the pyenv shim's target, or
/// Debian's), as `sys.executable` names it: `python` may be a shim, a
/// shell script that costs a few hundred milliseconds a start on a loaded
/// machine.
pub fn real_python(python: &std::path::Path) -> PathBuf {
    let out = {
        let _guard = shared();
        Command::new(python)
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("run python3")
    };
    PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
}

/// Runs the referee in `dir` with `args` (holding the process lock),
/// checks that it exited 0, and returns what it printed.
pub fn referee_ok<S: AsRef<std::ffi::OsStr>>(
    dir: &std::path::Path,
    args: &[S],
) -> std::process::Output {
    let _guard = shared();
    let out = Command::new(workspace_bin("referee"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run the referee");
    assert!(
        out.status.success(),
        "referee failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
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

/// A temporary directory, removed under the [`shared`] lock.
pub struct TestDir(Option<tempfile::TempDir>);

impl TestDir {
    /// A new empty directory.
    pub fn new() -> TestDir {
        let _guard = shared();
        TestDir(Some(tempfile::tempdir().expect("temporary directory")))
    }

    /// Its path.
    pub fn path(&self) -> &std::path::Path {
        self.0.as_ref().expect("until dropped").path()
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        let _guard = shared();
        drop(self.0.take());
    }
}

/// Script lines: read the player number, send a setup, read the answer.
pub fn opening(setup: &[u8]) -> String {
    format!("read 1\n{}\nread 1\n", send_setup(setup))
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
    /// The referee's exit code (`None` if a signal killed it).
    pub code: Option<i32>,
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

static GAMES: AtomicUsize = AtomicUsize::new(0);

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

    /// Runs the referee with `--json` and checks that no process tagged for
    /// this game survives it.
    pub fn run(self) -> Outcome {
        let tag = format!(
            "e2e-{}-{}-{:?}",
            std::process::id(),
            GAMES.fetch_add(1, Ordering::SeqCst),
            std::time::SystemTime::now()
        );
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
        let _guard = shared();
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
            code: out.status.code(),
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

/// While the referee `referee` runs, the states `/proc` shows of each
/// process tagged `tag` that runs script 0 or script 1 (seen from outside
/// every sandbox).
fn sample_states(
    referee: u32,
    tag: &str,
    scripts: &[PathBuf; 2],
) -> [std::collections::BTreeSet<char>; 2] {
    let needle = format!("STRATEGO_E2E_TAG={tag}");
    let mut seen: [std::collections::BTreeSet<char>; 2] = Default::default();
    while std::path::Path::new(&format!("/proc/{referee}")).exists()
        && state_of(referee) != Some('Z')
    {
        for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|s| s.parse::<u32>().ok())
            else {
                continue;
            };
            let Ok(env) = std::fs::read(format!("/proc/{pid}/environ")) else {
                continue;
            };
            if !env.split(|&b| b == 0).any(|v| v == needle.as_bytes()) {
                continue;
            }
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

/// What came out of a game of `referee --game GAME --json --record
/// game.json` between `--player` programs ([`play_recorded`]).
pub struct Played<R> {
    /// The referee's exit code.
    pub code: Option<i32>,
    /// The verdict (`--json`).
    pub summary: Summary,
    /// The record (`--record`), typed.
    pub record: R,
    /// The verdict as printed.
    pub json: String,
    /// The referee's stderr.
    pub stderr: String,
    /// How long the referee ran.
    pub elapsed: Duration,
    /// The game's directory (the record, the players' logs).
    pub dir: tempfile::TempDir,
}

impl<R> Played<R> {
    /// What seat `i` wrote to its log (empty if it wrote nothing).
    pub fn log(&self, i: usize) -> String {
        std::fs::read_to_string(self.dir.path().join(format!("logs/player{i}.log")))
            .unwrap_or_default()
    }
}

/// Plays `referee --game GAME ARGS.. --json --record game.json` between
/// the `--player` specs `players` in a fresh directory, checks that no
/// process tagged for the game survives it, and reads its verdict and its
/// record with `parse` (a game's `Record::from_json`).
pub fn play_recorded<R, E: std::fmt::Display>(
    game: &str,
    args: &[&str],
    players: &[String],
    parse: impl Fn(&str) -> Result<R, E>,
) -> Played<R> {
    let dir = tempfile::tempdir().unwrap();
    let tag = format!(
        "e2e-{game}-{}-{}",
        std::process::id(),
        GAMES.fetch_add(1, Ordering::SeqCst)
    );
    let mut cmd = Command::new(workspace_bin("referee"));
    cmd.current_dir(dir.path())
        .env("STRATEGO_E2E_TAG", &tag)
        .args(["--game", game, "--json", "--record", "game.json"])
        .args(args);
    for p in players {
        cmd.args(["--player", p]);
    }
    let _guard = shared();
    let start = Instant::now();
    let out = cmd.output().expect("run the referee");
    let elapsed = start.elapsed();
    assert_no_leftovers(&tag);
    let json = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let summary = Summary::from_json(&json)
        .unwrap_or_else(|e| panic!("not a verdict ({e}): {json}\nstderr: {stderr}"));
    let text = std::fs::read_to_string(dir.path().join("game.json")).expect("the record");
    let record = parse(&text).unwrap_or_else(|e| panic!("record ({e}): {text}"));
    Played {
        code: out.status.code(),
        summary,
        record,
        json,
        stderr,
        elapsed,
        dir,
    }
}

/// Fails if any process still carries `tag` in its environment (the
/// players and everything they started inherit it).
pub fn assert_no_leftovers(tag: &str) {
    let needle = format!("STRATEGO_E2E_TAG={tag}");
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|s| s.parse::<u32>().ok()) else {
            continue;
        };
        let Ok(env) = std::fs::read(format!("/proc/{pid}/environ")) else {
            continue;
        };
        if env.split(|&b| b == 0).any(|v| v == needle.as_bytes()) {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            found.push(stat);
        }
    }
    assert!(found.is_empty(), "processes left behind: {found:?}");
}

/// The verdict's `reason`.
pub fn reason(o: &Outcome) -> &str {
    o.summary.reason.as_str()
}
