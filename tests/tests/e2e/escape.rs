//! The sandbox against the escapes a cheating student tries: small
//! cheating players of ours (`tests/cheaters/cheater.c`, compiled here, and
//! `tests/cheaters/cheater.py`), each run through the real referee with
//! the default options. Each cheater makes its attack, reports what it saw
//! on stderr (`@attack MODE: KEY: VALUE` lines, in its log), then becomes
//! the honest passive player and plays the game to its turn limit: the
//! tests check that the attack failed and that the game went on, the
//! opponent unharmed. Each attack works without the layer that stops it
//! (docs/referee.md, "The sandbox", says what each layer stops; some tests
//! run a control without it). The tests run as root, as CI does;
//! [`the_escapes_fail_for_an_unprivileged_referee_too`] drops to a plain
//! uid, where the sandbox is a user namespace.

use std::path::{Path, PathBuf};

use crate::util::{self, Game, OpenBins, Outcome, TestDir, reason};
use tests::tools::need;

/// The cheaters' sources.
fn source(name: &str) -> PathBuf {
    util::repo_file(&format!("tests/cheaters/{name}"))
}

/// The workspace's binaries and the compiled cheater, in a directory
/// every uid can reach.
struct Kit {
    bins: OpenBins,
    cheater: PathBuf,
}

impl Kit {
    /// Compiles the cheater; `None` (skipped, saying so) without a C
    /// compiler.
    fn new(test: &str) -> Option<Kit> {
        let cc = need("cc", test)?;
        let bins = OpenBins::new();
        let cheater = bins.dir().join("cheater");
        util::compile_c(&cc, &["-std=gnu99"], &cheater, &[source("cheater.c")]);
        Some(Kit { bins, cheater })
    }

    /// The honest passive player.
    fn honest(&self, seed: u32) -> String {
        format!(
            "{} --mode none --passive --seed {seed}",
            self.bins.get("faulty-player").display()
        )
    }

    /// A seat: `cheater` (a path) makes the attack `attack`, then plays as
    /// the honest player.
    fn seat(&self, cheater: &Path, attack: &str, seed: u32) -> String {
        format!("{} {attack} -- {}", cheater.display(), self.honest(seed))
    }

    /// A game of eight turns: seat 0 `seat0`, seat 1 `seat1` (specs), with
    /// limits generous enough for an attack on a loaded machine.
    fn game(&self, seat0: &str, seat1: &str) -> Game {
        self.game_of(8, seat0, seat1)
    }

    /// The same, of `turns` turns.
    fn game_of(&self, turns: u32, seat0: &str, seat1: &str) -> Game {
        Game::new("", "")
            .bins(&self.bins)
            .spec(0, seat0)
            .spec(1, seat1)
            .options(&["--max-turns", &turns.to_string()])
            .options(&["--time-limit-ms", "10000", "--setup-time-limit-ms", "10000"])
    }
}

/// The values seat `seat` reported for `key` (`@attack MODE: KEY: VALUE`).
fn values(o: &Outcome, seat: usize, key: &str) -> Vec<String> {
    let needle = format!(": {key}: ");
    String::from_utf8_lossy(&o.logs[seat])
        .lines()
        .filter(|l| l.starts_with("@attack "))
        .filter_map(|l| l.split_once(&needle).map(|(_, v)| v.to_owned()))
        .collect()
}

/// The one value seat `seat` reported for `key`.
fn value(o: &Outcome, seat: usize, key: &str) -> String {
    values(o, seat, key)
        .pop()
        .unwrap_or_else(|| panic!("no {key:?} in seat {seat}'s report:\n{}", report(o, seat)))
}

/// Seat `seat`'s report lines, for messages.
fn report(o: &Outcome, seat: usize) -> String {
    String::from_utf8_lossy(&o.logs[seat])
        .lines()
        .filter(|l| l.starts_with("@attack "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Both seats played to the turn limit and left by themselves.
fn assert_played_on(o: &Outcome) {
    assert_eq!(
        reason(o),
        "turn_limit",
        "{}\n{}{}",
        o.json,
        report(o, 0),
        report(o, 1)
    );
    for seat in 0..2 {
        let p = o.player(seat);
        assert!(p.failure.is_none(), "{}", o.json);
        assert!(p.exit.killed_by_referee.is_none(), "{}", o.json);
    }
}

/// The machine's `kernel.core_pattern`.
fn core_pattern() -> String {
    std::fs::read_to_string("/proc/sys/kernel/core_pattern").unwrap_or_default()
}

/// What a seat that tried for the machine's root must have seen.
fn assert_no_root(o: &Outcome, seat: usize, marker: &Path, before: &str) {
    let r = report(o, seat);
    let uid = value(o, seat, "uid");
    assert!(!uid.starts_with("0 "), "{r}");
    assert_eq!(value(o, seat, "capeff"), "0000000000000000", "{r}");
    // /proc is read-only and shows none of the machine's files.
    assert!(value(o, seat, "core_pattern write").starts_with('E'), "{r}");
    assert_eq!(core_pattern(), before, "the machine's core_pattern changed");
    assert!(!marker.exists(), "the kernel ran the seat's script as root");
    assert!(value(o, seat, "shadow").starts_with('E'), "{r}");
    assert!(value(o, seat, "kvm").starts_with("ENOENT"), "{r}");
    // A /dev of its own, and no cgroup but its own.
    let dev = value(o, seat, "dev");
    for name in [
        "null", "zero", "full", "random", "urandom", "pts", "ptmx", "shm",
    ] {
        assert!(dev.split(' ').any(|e| e == name), "{name}: {r}");
    }
    for name in ["kvm", "kmsg", "vda", "mem", "tty"] {
        assert!(!dev.split(' ').any(|e| e == name), "{name}: {r}");
    }
    let cgroups = value(o, seat, "sys cgroup");
    assert!(
        !cgroups.contains("unified") && !cgroups.contains("cpuset"),
        "{r}"
    );
}

#[test]
fn a_cheater_in_a_closed_directory_gets_no_root() {
    let Some(kit) = Kit::new("a_cheater_in_a_closed_directory_gets_no_root") else {
        return;
    };
    // A `mktemp -d` directory: mode 700, root's, which a seat's uid cannot
    // search. Run as root (even without capabilities), the program could
    // set core_pattern through a writable /proc, and the kernel would run
    // its script as the machine's root.
    let closed = TestDir::closed();
    let cheater = closed.path().join("cheater");
    std::fs::copy(&kit.cheater, &cheater).unwrap();
    let marks = TestDir::new();
    let marker = marks.path().join("pwned");
    let before = core_pattern();
    let attack = format!("root --marker {}", marker.display());
    let o = kit
        .game(&kit.seat(&cheater, &attack, 3), &kit.honest(4))
        .run();
    assert_played_on(&o);
    assert_no_root(&o, 0, &marker, &before);
    // /root is closed to the seat's uid, and its program's directory was
    // shown to it (an ID-mapped bind), not the reverse.
    assert!(
        value(&o, 0, "root dir").starts_with("EACCES"),
        "{}",
        report(&o, 0)
    );
    assert!(!o.stderr.contains("without capabilities"), "{}", o.stderr);
    let layers = &o
        .summary
        .settings
        .sandbox
        .as_ref()
        .expect("a sandbox")
        .layers;
    for layer in ["user", "seccomp"] {
        assert!(layers.iter().any(|l| l == layer), "{layer}: {}", o.json);
    }
}

#[test]
fn a_python_cheater_behind_a_closed_interpreter_gets_no_root() {
    let test = "a_python_cheater_behind_a_closed_interpreter_gets_no_root";
    let (Some(kit), Some(python)) = (Kit::new(test), need("python3", test)) else {
        return;
    };
    // The interpreter, a link in a directory of mode 700; the script, in
    // another: both closed to the seat's uid.
    let interpreters = TestDir::closed();
    let link = interpreters.path().join("python3");
    std::os::unix::fs::symlink(util::real_python(&python), &link).unwrap();
    let scripts = TestDir::closed();
    let script = scripts.path().join("cheater.py");
    let text = std::fs::read_to_string(source("cheater.py")).unwrap();
    let body = text.split_once('\n').map_or("", |(_, rest)| rest);
    std::fs::write(&script, format!("#!{}\n{body}", link.display())).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let marks = TestDir::new();
    let before = core_pattern();
    // A name the kernel walks back out of, in a closed directory that is
    // not the script's own (so it is masked, not bound whole): `sub` must
    // be in the jail too.
    for dir in ["sub", "in"] {
        std::fs::create_dir(scripts.path().join(dir)).unwrap();
    }
    std::fs::copy(&script, scripts.path().join("in/cheater.py")).unwrap();
    let roundabout = scripts.path().join("sub/../in/cheater.py");
    // Through the closed interpreter, as `python3 cheater.py` (the
    // interpreter found in PATH: pyenv's shim under /root on our machines),
    // and as `python3 closed/sub/../in/cheater.py`.
    for (i, program) in [
        script.display().to_string(),
        format!("python3 {}", script.display()),
        format!("python3 {}", roundabout.display()),
    ]
    .iter()
    .enumerate()
    {
        let marker = marks.path().join(format!("pwned-{i}"));
        let seat0 = format!(
            "{program} root --marker {} -- {}",
            marker.display(),
            kit.honest(3)
        );
        let o = kit.game(&seat0, &kit.honest(4)).run();
        assert_played_on(&o);
        assert_no_root(&o, 0, &marker, &before);
    }
}

#[test]
fn the_referees_session_keyring_is_not_the_players() {
    let test = "the_referees_session_keyring_is_not_the_players";
    let Some(kit) = Kit::new(test) else {
        return;
    };
    // The referee started in a session holding a root-owned token, as in
    // a CI job: `cheater keyring-host` makes it, then execs the referee.
    let secret = format!("deploy-token-{}", std::process::id());
    let host = [
        kit.cheater.display().to_string(),
        "keyring-host".into(),
        secret.clone(),
        "--".into(),
    ];
    let tag = format!("e2e{}", std::process::id());
    let o = kit
        .game(
            &kit.seat(&kit.cheater, &format!("keyring {tag}"), 3),
            &kit.honest(4),
        )
        .launcher(&host)
        .run();
    assert_played_on(&o);
    let r = report(&o, 0);
    assert!(!r.contains(&secret), "{r}");
    // The keyring calls are refused outright.
    for key in [
        "search referee-test-token",
        "plant user keyring",
        "plant session keyring",
    ] {
        assert!(value(&o, 0, key).starts_with("EPERM"), "{key}: {r}");
    }
    // /proc/keys is not there to read.
    assert!(value(&o, 0, "proc keys").starts_with("ENOENT"), "{r}");
    // Without the filter, the seat has a keyring of its own, empty, and
    // what it plants there dies with the game.
    let no_filter = ["--sandbox", "pid,user,net,ipc,fs,limits,cgroup"];
    let o = kit
        .game(
            &kit.seat(&kit.cheater, &format!("keyring {tag}"), 3),
            &kit.honest(4),
        )
        .launcher(&host)
        .options(&no_filter)
        .run();
    assert_played_on(&o);
    let r = report(&o, 0);
    assert!(!r.contains(&secret), "{r}");
    assert_eq!(value(&o, 0, "session keyring"), "0 keys", "{r}");
    assert!(
        value(&o, 0, "search referee-test-token").starts_with("ENOKEY"),
        "{r}"
    );
    let o = kit
        .game(
            &kit.seat(&kit.cheater, "keyring-look", 3),
            &kit.seat(&kit.cheater, "keyring-look", 4),
        )
        .launcher(&host)
        .options(&no_filter)
        .run();
    assert_played_on(&o);
    for seat in 0..2 {
        assert_eq!(
            value(&o, seat, "planted in session keyring"),
            "no",
            "{}",
            report(&o, seat)
        );
    }
}

/// The CPU a burner in a process group of its own got and the wall time
/// it saw (its last `cpu: C ms wall: W ms` report), started by seat 0
/// (which replies at once) against our AI thinking 300 ms a move, under
/// `--no-ponder`; the referee run as `uid` if given.
fn burner_share(kit: &Kit, extra: &[&str], uid: Option<u32>) -> (f64, f64) {
    let ai = format!("{} --move-time-ms 300", kit.bins.get("player").display());
    let mut game = kit
        .game_of(16, &kit.seat(&kit.cheater, "ponder-burn", 3), &ai)
        .options(&["--no-ponder"])
        .options(extra);
    if let Some(uid) = uid {
        game = game.run_as(uid);
    }
    let o = game.run();
    assert_played_on(&o);
    let last = values(&o, 0, "cpu")
        .pop()
        .unwrap_or_else(|| panic!("{}", report(&o, 0)));
    // "C ms wall: W ms"
    let numbers: Vec<f64> = last.split(' ').filter_map(|w| w.parse().ok()).collect();
    assert_eq!(numbers.len(), 2, "{last}");
    (numbers[0], numbers[1])
}

#[test]
fn no_ponder_stops_every_process_of_a_seat() {
    let Some(kit) = Kit::new("no_ponder_stops_every_process_of_a_seat") else {
        return;
    };
    // Frozen whole by its cgroup where there is a freezer, and by its
    // init's kill(-1, SIGSTOP) without the cgroup layer: a SIGSTOP to the
    // player's process group alone would leave the burner, in a group of
    // its own, a third to a half of the wall time.
    for extra in [
        &[][..],
        &["--sandbox", "pid,user,net,ipc,fs,limits,seccomp"],
    ] {
        let (cpu, wall) = burner_share(&kit, extra, None);
        assert!(
            wall >= 1000.0,
            "{extra:?}: {cpu} ms of CPU in the {wall} ms reported"
        );
        assert!(
            cpu <= 0.15 * wall,
            "{extra:?}: it burned {cpu} ms of {wall} ms"
        );
    }
    // A helper in a group of its own cannot continue the stopped player:
    // it is stopped (or frozen) too.
    let ai = format!("{} --move-time-ms 300", kit.bins.get("player").display());
    let o = kit
        .game_of(16, &kit.seat(&kit.cheater, "ponder-cont", 3), &ai)
        .options(&["--no-ponder"])
        .run();
    assert_played_on(&o);
    let last = values(&o, 0, "stopped-seen")
        .pop()
        .unwrap_or_else(|| panic!("{}", report(&o, 0)));
    assert!(last.ends_with("continued: 0"), "{last}");
}

#[test]
fn covert_channels_between_seats_are_closed() {
    let Some(kit) = Kit::new("covert_channels_between_seats_are_closed") else {
        return;
    };
    let shared = "/etc/hostname";
    // inotify on a file both seats see: refused (ENOSYS), no event.
    let o = kit
        .game(
            &kit.seat(&kit.cheater, &format!("inotify-send {shared}"), 3),
            &kit.seat(&kit.cheater, &format!("inotify-recv {shared}"), 4),
        )
        .run();
    assert_played_on(&o);
    let r = report(&o, 1);
    assert!(value(&o, 1, "inotify_init1").starts_with("ENOSYS"), "{r}");
    assert!(values(&o, 1, "events").is_empty(), "{r}");
    // The other seat's memory pulse: no cgroup but its own to read.
    let o = kit
        .game(
            &kit.seat(&kit.cheater, "cgroup-send", 3),
            &kit.seat(&kit.cheater, "cgroup-recv", 4),
        )
        .run();
    assert_played_on(&o);
    let r = report(&o, 1);
    for key in ["other cgroups", "sibling cgroups"] {
        for v in values(&o, 1, key) {
            assert!(v.starts_with("0 "), "{key}: {r}");
        }
    }
    // Socket families but Unix and IP.
    let o = kit
        .game(&kit.seat(&kit.cheater, "sockets", 3), &kit.honest(4))
        .run();
    assert_played_on(&o);
    let r = report(&o, 0);
    for key in ["vsock socket", "netlink route socket", "packet socket"] {
        assert!(value(&o, 0, key).starts_with("EAFNOSUPPORT"), "{key}: {r}");
    }
    for key in [
        "inet stream socket",
        "inet6 dgram socket",
        "unix stream socket",
        "unix socketpair",
    ] {
        assert!(value(&o, 0, key).starts_with("OK"), "{key}: {r}");
    }
    // Pseudo-terminals from a devpts of its own, a few at most.
    let o = kit
        .game(&kit.seat(&kit.cheater, "pty", 3), &kit.honest(4))
        .run();
    assert_played_on(&o);
    let r = report(&o, 0);
    let opened: u32 = value(&o, 0, "opened").parse().unwrap();
    assert!(opened <= 16, "{r}");
    use std::os::unix::fs::MetadataExt;
    let machine = std::fs::metadata("/dev/pts").unwrap().dev();
    let (major, minor) = (nix::libc::major(machine), nix::libc::minor(machine));
    assert_ne!(
        value(&o, 0, "dev pts"),
        format!("device {major}:{minor}"),
        "{r}"
    );
}

#[test]
fn a_socket_or_fifo_of_the_machine_in_var_tmp_is_out_of_reach() {
    let Some(kit) = Kit::new("a_socket_or_fifo_of_the_machine_in_var_tmp_is_out_of_reach") else {
        return;
    };
    use std::os::unix::fs::PermissionsExt;
    // A service of the machine's, reachable by every uid.
    let dir = tempfile::Builder::new()
        .prefix("referee-e2e-")
        .tempdir_in("/var/tmp")
        .unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let socket = dir.path().join("service.sock");
    let listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    listener.set_nonblocking(true).unwrap();
    std::fs::set_permissions(&socket, std::fs::Permissions::from_mode(0o777)).unwrap();
    let fifo = dir.path().join("service.fifo");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o666)).unwrap();
    std::fs::set_permissions(&fifo, std::fs::Permissions::from_mode(0o666)).unwrap();
    // Open for reading without waiting for a writer.
    let mut reader = {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(nix::libc::O_NONBLOCK)
            .open(&fifo)
            .unwrap()
    };
    let o = kit
        .game(
            &kit.seat(&kit.cheater, &format!("unix {}", socket.display()), 3),
            &kit.seat(&kit.cheater, &format!("fifo {}", fifo.display()), 4),
        )
        .run();
    assert_played_on(&o);
    // /var/tmp is private to each seat: neither is there.
    assert!(
        value(&o, 0, "connect").starts_with("ENOENT"),
        "{}",
        report(&o, 0)
    );
    assert!(
        value(&o, 1, "open").starts_with("ENOENT"),
        "{}",
        report(&o, 1)
    );
    assert!(listener.accept().is_err(), "a seat reached the socket");
    let mut got = Vec::new();
    use std::io::Read;
    let _ = reader.read_to_end(&mut got);
    assert!(got.is_empty(), "a seat wrote into the FIFO: {got:?}");
}

#[test]
fn a_lock_on_a_shared_file_is_a_channel_the_organiser_can_see() {
    // docs/referee.md, "What the sandbox does not stop": two seats can
    // signal each other by a lock on a file of the machine both read; an
    // organiser sees it in the machine's /proc/locks, with the seat's pid.
    let Some(kit) = Kit::new("a_lock_on_a_shared_file_is_a_channel_the_organiser_can_see") else {
        return;
    };
    use std::os::unix::fs::MetadataExt;
    let shared = "/etc/hostname";
    let inode = std::fs::metadata(shared).unwrap().ino();
    let watching = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let seen = {
        let watching = watching.clone();
        std::thread::spawn(move || {
            let needle = format!(":{inode} ");
            while watching.load(std::sync::atomic::Ordering::Relaxed) {
                let locks = std::fs::read_to_string("/proc/locks").unwrap_or_default();
                if let Some(l) = locks
                    .lines()
                    .find(|l| l.contains("FLOCK") && l.contains(&needle))
                {
                    return Some(l.to_owned());
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            None
        })
    };
    let o = kit
        .game(
            &kit.seat(&kit.cheater, &format!("flock-send {shared}"), 3),
            &kit.seat(&kit.cheater, &format!("flock-recv {shared}"), 4),
        )
        .run();
    watching.store(false, std::sync::atomic::Ordering::Relaxed);
    assert_played_on(&o);
    assert!(
        value(&o, 1, "held by another").starts_with("yes"),
        "{}",
        report(&o, 1)
    );
    let line = seen.join().unwrap();
    assert!(line.is_some(), "no lock on {shared} seen in /proc/locks");
}

#[test]
fn a_player_gets_a_clean_environment() {
    let Some(kit) = Kit::new("a_player_gets_a_clean_environment") else {
        return;
    };
    let secret = format!("s3cret-{}", std::process::id());
    let env_seat = kit.seat(&kit.cheater, "env", 3);
    let o = kit
        .game(&env_seat, &kit.honest(4))
        .env("CI_DEPLOY_TOKEN", &secret)
        .run();
    assert_played_on(&o);
    let r = report(&o, 0);
    assert!(!r.contains(&secret), "{r}");
    let vars: Vec<String> = values(&o, 0, "env");
    assert!(vars.iter().any(|v| v.starts_with("PATH=")), "{r}");
    assert!(!vars.iter().any(|v| v.starts_with("USER=")), "{r}");
    // A home and a temporary directory of its own, writable.
    assert_eq!(value(&o, 0, "home"), "/tmp/home writable: yes", "{r}");
    assert_eq!(value(&o, 0, "tmpdir"), "/tmp writable: yes", "{r}");
    // Passed by name, or everything.
    for option in [
        &["--sandbox-env", "CI_DEPLOY_TOKEN"][..],
        &["--sandbox-env-all"],
    ] {
        let o = kit
            .game(&env_seat, &kit.honest(4))
            .env("CI_DEPLOY_TOKEN", &secret)
            .options(option)
            .run();
        assert_played_on(&o);
        assert!(
            values(&o, 0, "env").contains(&format!("CI_DEPLOY_TOKEN={secret}")),
            "{option:?}: {}",
            report(&o, 0)
        );
    }
}

/// Each call of the `syscalls` mode and how the filter answers it.
const REFUSED: [(&str, &str); 26] = [
    ("ptrace", "EPERM"),
    ("perf_event_open", "EPERM"),
    ("bpf", "EPERM"),
    ("mount", "EPERM"),
    ("umount2", "EPERM"),
    ("open_tree", "EPERM"),
    ("fsopen", "EPERM"),
    ("move_mount", "EPERM"),
    ("mount_setattr", "EPERM"),
    ("unshare newuser", "EPERM"),
    ("unshare newns", "EPERM"),
    ("clone newuser", "EPERM"),
    ("setns net", "EPERM"),
    ("kexec_load", "EPERM"),
    ("init_module", "EPERM"),
    ("finit_module", "EPERM"),
    ("userfaultfd", "EPERM"),
    ("io_uring_setup", "ENOSYS"),
    ("keyctl", "EPERM"),
    ("add_key", "EPERM"),
    ("request_key", "EPERM"),
    ("inotify_init1", "ENOSYS"),
    ("fanotify_init", "ENOSYS"),
    ("process_vm_readv", "EPERM"),
    ("name_to_handle_at", "EPERM"),
    ("tiocsti", "EPERM"),
];

/// Every call of [`REFUSED`] was refused with its errno.
fn assert_refused(o: &Outcome) {
    assert_played_on(o);
    let r = report(o, 0);
    for (call, errno) in REFUSED {
        assert!(value(o, 0, call).starts_with(errno), "{call}: {r}");
    }
}

#[test]
fn the_seccomp_filter_refuses_what_no_player_needs() {
    let Some(kit) = Kit::new("the_seccomp_filter_refuses_what_no_player_needs") else {
        return;
    };
    assert_refused(
        &kit.game(&kit.seat(&kit.cheater, "syscalls", 3), &kit.honest(4))
            .run(),
    );
    // The filter is what refuses them: without it, some go through.
    let o = kit
        .game(&kit.seat(&kit.cheater, "syscalls", 3), &kit.honest(4))
        .options(&["--sandbox", "pid,user,net,ipc,fs,limits,cgroup"])
        .run();
    assert_played_on(&o);
    let r = report(&o, 0);
    for call in ["ptrace", "keyctl", "inotify_init1"] {
        assert!(value(&o, 0, call).starts_with("OK"), "{call}: {r}");
    }
}

#[test]
fn the_escapes_fail_for_an_unprivileged_referee_too() {
    let Some(kit) = Kit::new("the_escapes_fail_for_an_unprivileged_referee_too") else {
        return;
    };
    let uid = match util::unprivileged_user(&kit.bins) {
        Ok(uid) => uid,
        Err(why) => {
            eprintln!("skipped: no unprivileged referee here ({why})");
            return;
        }
    };
    let before = core_pattern();
    let marks = TestDir::new();
    let marker = marks.path().join("pwned");
    let attack = format!("root --marker {}", marker.display());
    let o = kit
        .game(&kit.seat(&kit.cheater, &attack, 3), &kit.honest(4))
        .run_as(uid)
        .run();
    assert_played_on(&o);
    assert!(!marker.exists());
    assert_eq!(core_pattern(), before);
    assert!(
        value(&o, 0, "core_pattern write").starts_with('E'),
        "{}",
        report(&o, 0)
    );
    assert_eq!(value(&o, 0, "capeff"), "0000000000000000");
    assert_refused(
        &kit.game(&kit.seat(&kit.cheater, "syscalls", 3), &kit.honest(4))
            .run_as(uid)
            .run(),
    );
    let o = kit
        .game(&kit.seat(&kit.cheater, "sockets", 3), &kit.honest(4))
        .run_as(uid)
        .run();
    assert_played_on(&o);
    assert!(value(&o, 0, "vsock socket").starts_with("EAFNOSUPPORT"));
    let secret = format!("s3cret-{}", std::process::id());
    let o = kit
        .game(&kit.seat(&kit.cheater, "env", 3), &kit.honest(4))
        .env("CI_DEPLOY_TOKEN", &secret)
        .run_as(uid)
        .run();
    assert_played_on(&o);
    assert!(!report(&o, 0).contains(&secret));
    // No cgroup is the user's to write here: the init stops the jail.
    let (cpu, wall) = burner_share(&kit, &[], Some(uid));
    assert!(cpu <= 0.15 * wall, "it burned {cpu} ms of {wall} ms");
}
