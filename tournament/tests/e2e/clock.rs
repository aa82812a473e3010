//! Fair clocks: `--affinity` pins each game's players, and the report
//! warns when games' players got too little CPU for their time.

use std::process::Output;

use crate::util::{Sandbox, show, stderr, stdout};

#[test]
fn affinity_pins_each_games_players_and_says_how() {
    let sb = Sandbox::new();
    let programs = sb.three_random(true);
    let out = sb.play(
        &programs[..2],
        "--games 2 -j 1 --max-turns 20 --affinity --name pinned -q",
    );
    let err = stderr(&out);
    assert!(err.contains("tournament: --affinity: "), "{}", show(&out));
    let recs = sb.results("pinned");
    assert_eq!(recs.len(), 2, "{}", show(&out));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for r in &recs {
        let pinned = r
            .verdict
            .settings
            .affinity
            .as_ref()
            .expect("pinned players");
        assert_eq!(pinned.len(), 2, "{pinned:?}");
        assert!(pinned.iter().all(|c| !c.is_empty()), "{pinned:?}");
        // One game at a time: with two CPUs or more, a CPU each.
        if cores >= 2 {
            assert_ne!(pinned[0], pinned[1], "{pinned:?}: {err}");
        }
    }
    // Not for the schedulers the tournament does not run itself.
    sb.refuses(
        &[
            &programs[0],
            &programs[1],
            "--affinity",
            "--executor",
            "slurm",
        ],
        "--affinity is for the local executor",
    );
}

/// Runs a tournament of `faulty` (`NAME=BIN ARGS`) against a random
/// player with the arguments `line`.
fn against_random(sb: &Sandbox, faulty: &str, line: &str) -> Output {
    let (_, out) = sb.play_all(&[faulty, "good=player --strategy random --seed 1"], line);
    out
}

#[test]
fn the_report_warns_when_timeouts_got_no_cpu() {
    let sb = Sandbox::new();
    // A sleeping program times out having had next to no CPU time: from
    // outside, the same as a program that a busy machine never ran.
    let out = against_random(
        &sb,
        "sleeper=faulty-player --mode sleep --at 1",
        "--games 2 -j 2 --time-limit-ms 100 --name starved",
    );
    let report = stdout(&out);
    assert!(
        report.contains("Warning: in 2 of 2 games (") && report.contains("less than 50% CPU"),
        "{}",
        show(&out)
    );
    // A tournament whose players computed is not warned about.
    let out = against_random(
        &sb,
        "busy=faulty-player --mode busy --at 1",
        "--games 1 -j 1 --time-limit-ms 300 --name computed",
    );
    let recs = sb.results("computed");
    let cpu = recs[0]
        .verdict
        .players
        .iter()
        .find_map(|p| p.timeout_cpu_ms);
    // Unless this machine was too busy to give the spinning program half
    // its time, which the warning is for.
    if cpu.is_some_and(|c| c >= 150.0) {
        assert!(!stdout(&out).contains("Warning: in "), "{}", show(&out));
    }
}
