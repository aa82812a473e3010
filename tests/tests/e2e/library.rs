//! The referee as a library: 1,000 matches in one process, with players
//! that crash, time out, fork and escape their group, must leave the
//! process exactly as they found it — same open descriptors, no child.
//! The process is one of its own: the test runs again, alone, in a child
//! of the suite's (the library makes its process a subreaper that reaps
//! every child while a match runs, and the other tests' descriptors would
//! be counted with its own), and the other tests go on meanwhile.

use std::time::Duration;

use game_core::Spec;
use referee::{MatchConfig, MatchError, MatchReport, Program, play_match};
use stratego::referee_game::{Options, Spec as Stratego};

use crate::run::Ran;
use crate::util;

/// Set in the environment of the process the test runs alone in.
const ALONE: &str = "REFEREE_E2E_LIBRARY_ALONE";

/// Descriptors open in this process.
fn open_fds() -> Vec<String> {
    let mut fds: Vec<String> = std::fs::read_dir("/proc/self/fd")
        .expect("/proc/self/fd")
        .flatten()
        .map(|e| {
            let target = std::fs::read_link(e.path())
                .map(|t| t.display().to_string())
                .unwrap_or_default();
            format!("{} -> {target}", e.file_name().to_string_lossy())
        })
        .collect();
    fds.sort();
    fds
}

/// Processes whose parent is this process (zombies included).
fn children() -> Vec<String> {
    let me = std::process::id().to_string();
    std::fs::read_dir("/proc")
        .expect("/proc")
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter(|stat| {
            // pid (comm) state ppid ...: comm may hold spaces, so split after ')'.
            stat.rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .is_some_and(|ppid| ppid == me)
        })
        .collect()
}

#[test]
fn a_thousand_matches_in_one_process_leak_nothing() {
    if std::env::var_os(ALONE).is_none() {
        let test = "library::a_thousand_matches_in_one_process_leak_nothing";
        let exe = std::env::current_exe().expect("the test executable");
        let mut alone = std::process::Command::new(exe);
        alone.args(["--exact", test, "--nocapture"]).env(ALONE, "1");
        let ran = Ran::of(&mut alone);
        assert!(
            ran.code == Some(0) && ran.stdout.contains("1 passed"),
            "{ran}"
        );
        return;
    }
    // The binaries are built on first use: not while the descriptors are
    // counted.
    util::workspace_bin("referee");
    let logs = tempfile::tempdir().expect("log directory");
    let faulty = util::faulty();
    // Modes that end a game in every way the process layer knows, with the
    // player that misbehaves alternating sides.
    let modes: [(&str, u32); 8] = [
        ("none", 1),
        ("exit0", 1),
        ("garbage", 1),
        ("fork-child", 1),
        ("setsid-grandchild", 1),
        ("close-stdout", 1),
        ("segv", 2),
        ("setup-bad-code", 0),
    ];
    let program = |mode: &str, at: u32| {
        Program::new(
            &faulty,
            ["--mode", mode, "--at", &at.to_string(), "--passive"],
        )
    };
    // Warm up once: the first match sets up what lives for the whole process
    // (signal-hook's handler thread and pipe), which is not a leak.
    let warm = MatchConfig::new(vec![program("none", 1), program("none", 1)]);
    let mut cfg = MatchConfig {
        max_turns: 4,
        log_dir: logs.path().to_owned(),
        ..warm
    };
    play(&cfg).expect("warm-up match");
    let (fds_before, children_before) = (open_fds(), children());
    assert!(
        children_before.is_empty(),
        "children before: {children_before:?}"
    );

    let mut reasons = std::collections::BTreeMap::new();
    for i in 0..1000usize {
        let (mode, at) = modes[i % modes.len()];
        let mut programs = [program(mode, at), program("none", 1)];
        if i % 2 == 1 {
            programs.swap(0, 1);
        }
        // Every 25th game, a player that never answers: a real timeout.
        if i % 25 == 24 {
            programs[i % 2] = program("sleep", 1);
        }
        cfg.programs = programs.to_vec();
        cfg.max_turns = 20;
        // Short limits keep the thousand games quick; what matters here is
        // that every path ends clean, not the timing.
        cfg.time_limit = Duration::from_millis(100);
        cfg.setup_time_limit = Duration::from_millis(100);
        cfg.grace = Duration::from_millis(20);
        let report = play(&cfg).unwrap_or_else(|e| panic!("match {i}: {e}"));
        *reasons
            .entry(report.summary.reason.as_str().to_owned())
            .or_insert(0) += 1;
    }
    assert_eq!(
        open_fds(),
        fds_before,
        "descriptors leaked; reasons: {reasons:?}"
    );
    assert_eq!(
        children(),
        Vec::<String>::new(),
        "children left; reasons: {reasons:?}"
    );
    // Every way of ending that the modes provoke did happen.
    for r in [
        "turn_limit",
        "exited",
        "illegal_move",
        "closed_output",
        "crashed",
        "setup_refused",
        "timeout",
    ] {
        assert!(reasons.contains_key(r), "no {r} among {reasons:?}");
    }
}

/// One Stratego match through the library, as the referee binary plays it.
fn play(cfg: &MatchConfig) -> Result<MatchReport, MatchError> {
    let game = Stratego::new(&Options::default(), &cfg.context()).expect("default options");
    play_match(game, Default::default(), Stratego::NAME, cfg, &mut ())
}
