//! The sandbox against a cheating player (`faulty-player`'s attack modes,
//! `tests/src/faulty/attack.rs`), through the real referee: every attack
//! fails or costs only the attacker its game, the opponent plays on
//! unharmed, nothing is left running ([`Game::run`] checks it), and the
//! verdict names the limit reached. Some attacks are also run without the
//! sandbox, to show that they are real. The tests run as root (as CI
//! does); [`the_attacks_fail_for_an_unprivileged_referee_too`] drops to an
//! unprivileged uid, where the sandbox is a user namespace.

use std::net::{SocketAddr, TcpListener, UdpSocket};

use crate::util::{self, Game, OpenBins, Outcome, SETUP1, opening, reason};
use crate::verdict::assert_won;

/// Seat 0 plays passively and attacks with `mode` at its move `at` (0:
/// before its setup); seat 1 is a correct passive player. Eight turns.
/// The binaries are the workspace's, where every uid reaches them
/// ([`OpenBins`]): a seat runs as its own uid wherever the workspace is.
fn attack(bins: &OpenBins, mode: &str, at: u32, extra: &[&str]) -> Game {
    let mut options: Vec<String> = [
        "--mode",
        mode,
        "--at",
        &at.to_string(),
        "--seed",
        "3",
        "--passive",
    ]
    .iter()
    .map(|a| format!("--arg0={a}"))
    .collect();
    options.extend(
        ["--mode", "none", "--passive", "--seed", "4"]
            .iter()
            .map(|a| format!("--arg1={a}")),
    );
    // Generous: the attack runs on the attacker's move time, on a loaded
    // machine.
    options.extend(
        ["--max-turns", "8", "--time-limit-ms", "10000"]
            .iter()
            .map(|s| s.to_string()),
    );
    options.extend(extra.iter().map(|s| s.to_string()));
    let refs: Vec<&str> = options.iter().map(String::as_str).collect();
    Game::new("", "")
        .bins(bins)
        .program(0, bins.get("faulty-player"))
        .program(1, bins.get("faulty-player"))
        .options(&refs)
}

/// The attacker's `@attack` lines.
fn report(o: &Outcome) -> String {
    String::from_utf8_lossy(&o.logs[0])
        .lines()
        .filter(|l| l.starts_with("@attack "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Whether the sandbox had layer `layer` in this game.
fn has_layer(o: &Outcome, layer: &str) -> bool {
    o.summary
        .settings
        .sandbox
        .as_ref()
        .is_some_and(|s| s.layers.iter().any(|l| l == layer))
}

/// Seat 1 played to the end and exited by itself.
fn assert_opponent_unharmed(o: &Outcome) {
    let p = o.player(1);
    assert!(p.failure.is_none(), "the opponent failed: {}", o.json);
    assert_eq!(p.exit.code, Some(0), "{}", o.json);
    assert!(p.exit.killed_by_referee.is_none(), "{}", o.json);
}

/// The attack failed: the game went to its turn limit, both played on.
fn assert_attack_failed(o: &Outcome) {
    assert_eq!(reason(o), "turn_limit", "{}\n{}", o.json, report(o));
    assert_opponent_unharmed(o);
    assert!(o.player(0).failure.is_none(), "{}", o.json);
}

/// Seat 0's attack `mode` at its first move, with `extra` referee options.
fn attacked(mode: &str, extra: &[&str]) -> Outcome {
    attack(&OpenBins::new(), mode, 1, extra).run()
}

/// [`attacked`]: the attack fails, its report saying each of `says` and
/// none of `never`, and the game goes on ([`assert_attack_failed`]).
fn attack_fails(mode: &str, extra: &[&str], says: &[&str], never: &[&str]) -> Outcome {
    let o = attacked(mode, extra);
    let r = report(&o);
    for text in says {
        assert!(r.contains(text), "no {text:?} in {r}");
    }
    for text in never {
        assert!(!r.contains(text), "{text:?} in {r}");
    }
    assert_attack_failed(&o);
    o
}

/// [`attacked`] without the sandbox: the attack works, its report saying
/// each of `says`.
fn without_the_sandbox(mode: &str, says: &[&str]) -> Outcome {
    let o = attacked(mode, &["--sandbox", "none"]);
    assert!(o.summary.settings.sandbox.is_none(), "{}", o.json);
    for text in says {
        assert!(report(&o).contains(text), "no {text:?} in {}", report(&o));
    }
    o
}

#[test]
fn the_sibling_killer_finds_nobody_to_kill() {
    // A uid of its own (as root: the seat's; else the user's, mapped).
    let o = attack_fails("kill-siblings", &[], &["siblings []", "uid "], &["uid 0\n"]);
    assert!(has_layer(&o, "pid"), "{}", o.json);
    // The cheater, as a control: without the sandbox, it kills its
    // opponent.
    let o = without_the_sandbox("kill-siblings", &[]);
    assert_won(&o.summary, "crashed", 0);
    assert_eq!(o.player(1).exit.signal.as_deref(), Some("SIGKILL"));
}

#[test]
fn reading_the_opponents_pipes_through_proc_fails() {
    // pid 1 is the jail's init: root's, so not even shown in its /proc
    // (hidepid=invisible).
    let says = ["stolen 0 bytes", "stdin of 1: No such file or directory"];
    attack_fails("read-siblings", &[], &says, &["opened"]);
    // Without the sandbox, the opponent's pipes are open to reading.
    without_the_sandbox("read-siblings", &["opened stdin of"]);
}

#[test]
fn a_ptrace_attach_fails() {
    let says = ["attach to 1: Operation not permitted"];
    attack_fails("ptrace-siblings", &[], &says, &["attached"]);
    // Without the sandbox, it succeeds.
    without_the_sandbox("ptrace-siblings", &["attached to"]);
}

#[test]
fn a_fork_bomb_stops_at_the_process_limit() {
    let o = attack_fails(
        "fork-bomb",
        &["--sandbox-processes", "64"],
        &["EAGAIN"],
        &[],
    );
    let r = report(&o);
    let forked: u32 = r
        .split("forked ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{r}"));
    assert!(forked < 64, "{r}");
    if has_layer(&o, "cgroup") {
        // The cgroup counted the refused forks.
        assert_eq!(
            o.player(0).exit.limit.as_deref(),
            Some("processes"),
            "{}",
            o.json
        );
    }
}

#[test]
fn a_memory_hog_costs_only_its_own_game() {
    let o = attacked(
        "memory-hog",
        &["--sandbox-memory", "128M", "--sandbox-address-space", "1G"],
    );
    assert_opponent_unharmed(&o);
    if has_layer(&o, "cgroup") {
        // Killed by the kernel at its cgroup's limit, and said so.
        assert_won(&o.summary, "crashed", 1);
        assert_eq!(
            o.player(0).exit.limit.as_deref(),
            Some("memory"),
            "{}",
            o.json
        );
        assert!(
            o.summary
                .detail
                .contains("killed by SIGKILL, over its memory limit (128 MiB)"),
            "{}",
            o.summary.detail
        );
    } else {
        // Refused at its address space's limit: it plays on.
        assert!(report(&o).contains("allocation refused"), "{}", report(&o));
        assert_attack_failed(&o);
    }
}

#[test]
fn a_disk_filler_fills_only_its_own_disk() {
    let disk = ["--sandbox-disk", "16M"];
    let o = attack_fails("fill-disk", &disk, &["No space left on device"], &[]);
    assert_eq!(
        o.player(0).exit.limit.as_deref(),
        Some("disk"),
        "{}",
        o.json
    );
    // Nothing of it on the machine's disk.
    let left: Vec<_> = std::fs::read_dir(&o.dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("fill-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_file_without_end_is_stopped_at_the_file_size_limit() {
    let o = attacked("big-file", &["--sandbox-file-size", "4M"]);
    assert_eq!(reason(&o), "crashed", "{}", o.json);
    assert_eq!(o.player(0).exit.signal.as_deref(), Some("SIGXFSZ"));
    assert_eq!(o.player(0).exit.limit.as_deref(), Some("file_size"));
    assert!(
        o.summary
            .detail
            .contains("killed by SIGXFSZ, over its file size limit (4 MiB)"),
        "{}",
        o.summary.detail
    );
    assert_opponent_unharmed(&o);
}

/// A listening socket on every interface, and the addresses a player could
/// reach it at: the loopback and the machine's outward address.
fn listener() -> (TcpListener, Vec<SocketAddr>) {
    let l = TcpListener::bind("0.0.0.0:0").unwrap();
    l.set_nonblocking(true).unwrap();
    let port = l.local_addr().unwrap().port();
    let mut addrs = vec![SocketAddr::from(([127, 0, 0, 1], port))];
    // The address outward traffic leaves from (nothing is sent).
    if let Some(ip) = UdpSocket::bind("0.0.0.0:0")
        .and_then(|u| u.connect("192.0.2.1:9").map(|()| u))
        .and_then(|u| u.local_addr())
        .ok()
        .map(|a| a.ip())
    {
        addrs.push(SocketAddr::new(ip, port));
    }
    (l, addrs)
}

#[test]
fn no_connection_leaves_the_sandbox() {
    let (l, addrs) = listener();
    let connect: Vec<String> = addrs
        .iter()
        .map(|a| format!("--arg0=--connect={a}"))
        .collect();
    let refs: Vec<&str> = connect.iter().map(String::as_str).collect();
    let o = attacked("connect", &refs);
    let r = report(&o);
    for a in &addrs {
        assert!(r.contains(&format!("connect to {a}: ")), "{r}");
    }
    assert!(!r.contains("connected"), "{r}");
    assert!(
        l.accept().is_err(),
        "a player's connection reached the machine"
    );
    assert_attack_failed(&o);
}

#[test]
fn a_file_planted_in_the_working_directory_stays_in_the_attackers_jail() {
    // The attacker writes into the working directory, /tmp and the logs
    // before its setup; the opponent, after the setups, looks for them.
    let watcher = format!(
        "{}look planted\nlook /tmp/planted\nlook logs/player1.log\n",
        opening(&SETUP1)
    );
    let bins = OpenBins::new();
    let o = Game::new("", &watcher)
        .bins(&bins)
        .program(0, bins.get("faulty-player"))
        .options(&[
            "--arg0=--mode",
            "--arg0=plant",
            "--arg0=--at",
            "--arg0=0",
            "--arg0=--passive",
            "--max-turns",
            "1",
        ])
        .run();
    let r = report(&o);
    // The attacker's writes succeeded, in its own jail.
    assert!(r.contains("write planted: Ok(())"), "{r}");
    assert!(r.contains("write /tmp/planted: Ok(())"), "{r}");
    assert_eq!(reason(&o), "turn_limit", "{}", o.json);
    // The opponent sees none of them, nor the referee's log of itself.
    for seen in [
        "look planted: missing",
        "look /tmp/planted: missing",
        "look logs/player1.log: (empty)",
    ] {
        assert!(o.info[1].contains(seen), "no {seen:?} in {}", o.info[1]);
    }
    // Nor does the machine.
    assert!(!o.dir.join("planted").exists());
    assert!(!std::path::Path::new("/tmp/planted").exists());
    for log in &o.logs {
        assert!(
            !String::from_utf8_lossy(log).contains("planted by the attacker"),
            "a log was written into"
        );
    }
}

#[test]
fn kill_minus_one_kills_only_the_attackers_own() {
    // The referee (exit 0, a verdict) and the opponent live on.
    attack_fails("kill-all", &[], &["kill(-1, SIGKILL)"], &["refused"]);
}

#[test]
fn the_attacks_fail_for_an_unprivileged_referee_too() {
    let bins = OpenBins::new();
    let uid = match util::unprivileged_user(&bins) {
        Ok(uid) => uid,
        Err(why) => {
            eprintln!("skipped: no unprivileged referee here ({why})");
            return;
        }
    };
    for (mode, extra) in [
        ("kill-siblings", &[][..]),
        ("read-siblings", &[]),
        ("ptrace-siblings", &[]),
        ("kill-all", &[]),
        ("fork-bomb", &["--sandbox-processes", "64"]),
        ("fill-disk", &["--sandbox-disk", "16M"]),
        ("memory-hog", &["--sandbox-address-space", "1G"]),
    ] {
        let o = attack(&bins, mode, 1, extra).run_as(uid).run();
        let r = report(&o);
        let context = format!("{mode}: {}\n{r}", o.json);
        let sandbox = o.summary.settings.sandbox.as_ref().expect("a sandbox");
        for layer in ["pid", "user", "net", "fs", "limits"] {
            assert!(
                sandbox.layers.iter().any(|l| l == layer),
                "{layer}; {context}"
            );
        }
        assert!(
            !r.contains("attached") && !r.contains("opened"),
            "{context}"
        );
        assert!(r.contains("@attack"), "{context}");
        assert_attack_failed(&o);
        if mode == "fork-bomb" {
            assert!(r.contains("EAGAIN"), "{context}");
        }
        if mode == "fill-disk" {
            assert_eq!(o.player(0).exit.limit.as_deref(), Some("disk"), "{context}");
        }
    }
}

#[test]
fn a_java_player_runs_with_its_heap_sized_to_the_memory_limit() {
    // A JVM reads /proc/cgroups to find its container's memory limit; the
    // jail's /proc (subset=pid) has none, so the referee tells it the
    // limit (JAVA_TOOL_OPTIONS=-XX:MaxRAM): a quarter of it is its heap.
    let (Some(javac), Some(java)) = (tests::tools::find("javac"), tests::tools::find("java"))
    else {
        tests::tools::skip(
            "a_java_player_runs_with_its_heap_sized_to_the_memory_limit",
            "no JDK (javac, java) in PATH",
        );
        return;
    };
    let bins = OpenBins::new();
    let src = bins.dir().join("Probe.java");
    std::fs::write(
        &src,
        "public class Probe { public static void main(String[] a) {\n\
         System.err.println(\"@info heap \" + (Runtime.getRuntime().maxMemory() >> 20)\n\
         + \" MiB user \" + System.getProperty(\"user.name\")); } }\n",
    )
    .unwrap();
    let mut javac = std::process::Command::new(javac);
    javac.arg("-d").arg(bins.dir()).arg(&src);
    util::compile(javac, "Probe.java");
    let o = Game::new("", "")
        .bins(&bins)
        .spec(
            0,
            format!("{} -cp {} Probe", java.display(), bins.dir().display()),
        )
        .options(&["--setup-time-limit-ms", "20000"])
        .run();
    // It ran as a seat (no passwd entry: `?`); with the cgroup layer, its
    // heap is a quarter of the default 2 GiB.
    assert!(o.info[0].contains("user ?"), "{}\n{}", o.info[0], o.json);
    if o.summary
        .settings
        .sandbox
        .as_ref()
        .is_some_and(|s| s.layers.iter().any(|l| l == "cgroup"))
    {
        assert!(
            o.info[0].contains("heap 512 MiB"),
            "{}\n{}",
            o.info[0],
            o.json
        );
    }
}
