//! End-to-end tests of `tournament` with the real `referee`, `player` and
//! `faulty-player` (build them first: `cargo build --workspace --bins`,
//! which `make test` does).

mod executors;
mod util;

use std::collections::{HashMap, HashSet};
use std::path::Path;

use nix::sys::signal::Signal;
use util::{Sandbox, csv, num, records, show, sibling, signal, wait_for_lines};

/// Checks what any finished tournament must satisfy: the crosstable sums
/// to the games played, each pair's results mirror each other, and every
/// game has its logs.
fn check_consistency(sandbox: &Sandbox, results: &Path, report_stem: &str, games: usize) {
    let recs = records(results);
    assert_eq!(recs.len(), games, "records");
    let ids: HashSet<&str> = recs.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), games, "duplicate game ids");

    let standings = csv(&sandbox.read(&format!("{report_stem}.csv")));
    let total_games: f64 = standings.iter().map(|r| num(r, "games")).sum();
    assert_eq!(
        total_games,
        2.0 * games as f64,
        "each game counts for two programs"
    );
    let wins: f64 = standings.iter().map(|r| num(r, "wins")).sum();
    let losses: f64 = standings.iter().map(|r| num(r, "losses")).sum();
    assert_eq!(wins, losses);
    for r in &standings {
        assert_eq!(
            num(r, "wins") + num(r, "draws") + num(r, "losses"),
            num(r, "games")
        );
    }

    let cross = csv(&sandbox.read(&format!("{report_stem}.crosstable.csv")));
    let pair_games: f64 = cross.iter().map(|r| num(r, "games")).sum();
    assert_eq!(
        pair_games,
        2.0 * games as f64,
        "crosstable sums to the games"
    );
    for r in &cross {
        let mirror = cross
            .iter()
            .find(|m| m["program"] == r["opponent"] && m["opponent"] == r["program"])
            .expect("mirrored pair");
        assert_eq!(num(r, "wins"), num(mirror, "losses"));
        assert_eq!(num(r, "draws"), num(mirror, "draws"));
    }

    for rec in &recs {
        let dir = sandbox.path().join(&rec.log_dir);
        for file in ["player0.log", "player1.log", "game.json", "verdict.json"] {
            assert!(
                dir.join(file).is_file(),
                "{} missing",
                dir.join(file).display()
            );
        }
    }
}

fn standing<'a>(
    rows: &'a [std::collections::HashMap<String, String>],
    name: &str,
) -> &'a std::collections::HashMap<String, String> {
    rows.iter()
        .find(|r| r["program"] == name)
        .unwrap_or_else(|| panic!("no row for {name}"))
}

#[test]
fn four_program_round_robin_completes_with_consistent_tables() {
    let sb = Sandbox::new();
    let programs = [
        sb.program("random1", "player", "--strategy random --seed 1"),
        sb.program("random2", "player", "--strategy random --seed 2"),
        sb.program(
            "illegal",
            "faulty-player",
            "--mode move-lake --at 3 --seed 5",
        ),
        // The player's default strategy: the AI, kept fast for the test.
        sb.program("ai", "player", "--move-time-ms 5 --seed 3"),
    ];
    let mut args: Vec<&str> = programs.iter().map(String::as_str).collect();
    args.extend([
        "--games",
        "4",
        "-j",
        "2",
        "--max-turns",
        "200",
        "--name",
        "rr",
        "--report",
        "report.csv",
        "--report",
        "report.md",
        "--quiet",
    ]);
    let out = sb.run(&args);
    assert!(out.status.success(), "{}", show(&out));
    let results = sb.path().join("logs/rr/results.jsonl");
    check_consistency(&sb, &results, "report", 6 * 4);

    let standings = csv(&sb.read("report.csv"));
    for r in &standings {
        assert_eq!(num(r, "games"), 12.0, "{r:?}");
    }
    // The faulty player plays a move into a lake at its third move of
    // every game, and loses each game that way.
    let illegal = standing(&standings, "illegal");
    assert_eq!(num(illegal, "illegal_moves"), 12.0);
    assert_eq!(num(illegal, "losses"), 12.0);
    let random1 = standing(&standings, "random1");
    assert_eq!(num(random1, "illegal_moves"), 0.0);
    assert!(sb.read("report.md").contains("24 of 24 games played"));
    // The report is also printed.
    assert!(String::from_utf8_lossy(&out.stdout).contains("## Crosstable"));
    sb.assert_no_leftovers();
}

#[test]
fn failures_are_charged_to_the_failing_program() {
    let sb = Sandbox::new();
    let programs = [
        sb.program("good", "player", "--strategy random --seed 1"),
        sb.program("segv", "faulty-player", "--mode segv --at 2"),
        sb.program(
            "sleeper",
            "faulty-player",
            "--mode sleep --at 1 --limit-ms 100",
        ),
        sb.program("badsetup", "faulty-player", "--mode setup-bad-code"),
        sb.program("closer", "faulty-player", "--mode close-stdout --at 1"),
    ];
    let mut args: Vec<&str> = programs.iter().map(String::as_str).collect();
    args.extend([
        "--gauntlet",
        "--games",
        "2",
        "-j",
        "2",
        "--time-limit-ms",
        "100",
        "--name",
        "faults",
        "--report",
        "faults.csv",
        "-q",
    ]);
    let out = sb.run(&args);
    assert!(out.status.success(), "{}", show(&out));
    check_consistency(
        &sb,
        &sb.path().join("logs/faults/results.jsonl"),
        "faults",
        4 * 2,
    );
    let rows = csv(&sb.read("faults.csv"));
    let field = |name: &str, f: &str| num(standing(&rows, name), f);
    assert_eq!(field("good", "wins"), 8.0);
    assert_eq!(field("segv", "crashes"), 2.0);
    assert_eq!(field("sleeper", "timeouts"), 2.0);
    assert_eq!(field("badsetup", "refused_setups"), 2.0);
    assert_eq!(field("closer", "pipe_failures"), 2.0);
    for f in [
        "timeouts",
        "crashes",
        "pipe_failures",
        "illegal_moves",
        "refused_setups",
    ] {
        assert_eq!(field("good", f), 0.0, "good {f}");
    }
    sb.assert_no_leftovers();
}

/// The arguments of an interrupted-and-resumed tournament: full games
/// between three random players, `games` per pairing (enough to interrupt
/// it midway), and `extra`.
pub(crate) fn resumable_args(sb: &Sandbox, games: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        sb.program("a", "player", "--strategy random --seed 1"),
        sb.program("b", "player", "--strategy random --seed 2"),
        sb.program("c", "player", "--strategy random --seed 3"),
    ];
    for a in ["--games", games, "-j", "2", "--results", "r.jsonl"]
        .iter()
        .chain(extra)
    {
        args.push((*a).to_owned());
    }
    args
}

/// Interrupts a run of `args` (results in `r.jsonl`) after three results,
/// checks what it left, runs it again and checks that only the missing
/// games of the `total` were played, and that a third run plays nothing.
pub(crate) fn interrupt_and_resume(sb: &Sandbox, args: &[String], total: usize) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let results = sb.path().join("r.jsonl");

    let mut child = sb.spawn(&args, "first");
    wait_for_lines(&results, 3, &mut child);
    signal(&child, Signal::SIGINT);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{}", sb.read("first.err"));
    let first = records(&results);
    assert!(
        first.len() >= 3 && first.len() < total,
        "{} results",
        first.len()
    );
    assert!(
        sb.read("first.err").contains("interrupted"),
        "{}",
        sb.read("first.err")
    );
    sb.assert_no_leftovers();

    let out = sb.run(&args);
    assert!(out.status.success(), "{}", show(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("{} already in r.jsonl", first.len())),
        "{stderr}"
    );
    let all = records(&results);
    assert_eq!(all.len(), total);
    // Only the missing games were played: the first run's records are
    // untouched and no game id appears twice.
    assert_eq!(all[..first.len()], first[..]);
    let ids: HashSet<&str> = all.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), total);

    // A third run has nothing left to play.
    let out = sb.run(&args);
    assert!(out.status.success(), "{}", show(&out));
    assert_eq!(records(&results).len(), total);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(&format!("{total} of {total} games played"))
    );
    sb.assert_no_leftovers();
}

#[test]
fn an_interrupted_tournament_resumes_with_only_the_missing_games() {
    let sb = Sandbox::new();
    interrupt_and_resume(&sb, &resumable_args(&sb, "20", &[]), 60);
}

/// Two programs whose games run until stopped: one never replies (within
/// a long limit).
fn stuck_args(sb: &Sandbox) -> Vec<String> {
    vec![
        sb.program("sleeper", "faulty-player", "--mode sleep --at 1"),
        sb.program("good", "player", "--strategy random --seed 1"),
        "--games".into(),
        "6".into(),
        "-j".into(),
        "2".into(),
        "--time-limit-ms".into(),
        "60000".into(),
        "--results".into(),
        "stuck.jsonl".into(),
    ]
}

/// Waits until two games have their player logs, that is, are running.
fn wait_for_running_games(sb: &Sandbox, child: &mut std::process::Child) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let running = std::fs::read_dir(sb.path().join("logs/stuck"))
            .map(|d| {
                d.flatten()
                    .filter(|e| e.path().join("player1.log").exists())
                    .count()
            })
            .unwrap_or(0);
        if running >= 2 {
            // Let the games get past their setups.
            std::thread::sleep(std::time::Duration::from_millis(300));
            return;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "tournament ended early"
        );
        assert!(std::time::Instant::now() < deadline, "games did not start");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn a_second_sigint_stops_running_games_and_leaves_nothing_behind() {
    let sb = Sandbox::new();
    let args = stuck_args(&sb);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut child = sb.spawn(&args, "run");
    wait_for_running_games(&sb, &mut child);
    signal(&child, Signal::SIGINT);
    std::thread::sleep(std::time::Duration::from_millis(200));
    signal(&child, Signal::SIGINT);
    let status = child.wait().unwrap();
    let err = sb.read("run.err");
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("stopping 2 running game(s)"), "{err}");
    // The stopped games are unfinished, not results.
    assert!(records(&sb.path().join("stuck.jsonl")).is_empty());
    sb.assert_no_leftovers();
}

#[test]
fn sigterm_stops_running_games_at_once() {
    let sb = Sandbox::new();
    let args = stuck_args(&sb);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut child = sb.spawn(&args, "run");
    wait_for_running_games(&sb, &mut child);
    signal(&child, Signal::SIGTERM);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143), "{}", sb.read("run.err"));
    assert!(records(&sb.path().join("stuck.jsonl")).is_empty());
    sb.assert_no_leftovers();
}

#[test]
fn sprt_stops_as_soon_as_it_decides() {
    let sb = Sandbox::new();
    let strong = sb.program("strong", "player", "--strategy random --seed 1");
    let weak = sb.program("weak", "faulty-player", "--mode exit1 --at 1");
    let out = sb.run(&[
        &strong,
        &weak,
        "--sprt",
        "0,50,0.05,0.05",
        "--games",
        "1000",
        "-j",
        "2",
        "--name",
        "sprt",
    ]);
    assert!(out.status.success(), "{}", show(&out));
    let played = records(&sb.path().join("logs/sprt/results.jsonl")).len();
    assert!((1..100).contains(&played), "{played} games");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    assert!(stdout.contains("stopped by the SPRT"), "{stdout}");
    // The LLR and its bounds are printed as games end.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("LLR") && stderr.contains("(-2.94, 2.94)"),
        "{stderr}"
    );
    sb.assert_no_leftovers();
}

#[test]
fn bad_input_gets_clear_errors() {
    let sb = Sandbox::new();
    let player = sb.program("p", "player", "");

    let out = sb.run(&[&player, "./no-such-player"]);
    assert_eq!(out.status.code(), Some(2), "{}", show(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("program `./no-such-player` does not exist"),
        "{}",
        show(&out)
    );

    let out = sb.run(&[&player]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("a tournament of stratego (2 seats) needs at least 2 programs (got 1)"),
        "{}",
        show(&out)
    );

    let out = sb.run(&[&player, &player, "--game", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("unknown game `chess`"),
        "{}",
        show(&out)
    );
    let out = sb.run(&[
        &player,
        &player,
        "--game",
        "oust",
        "--game-options",
        "--cols 1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("a board of 1 x 7"),
        "{}",
        show(&out)
    );

    let out = sb.run(&[
        &player,
        &sb.program("q", "player", ""),
        "--sprt",
        "5,0,0.05,0.05",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("elo0 must be less than elo1"));
}

#[test]
fn a_corrupt_results_file_is_refused_naming_the_line() {
    let sb = Sandbox::new();
    let programs = [
        sb.program("a", "player", "--strategy random --seed 1"),
        sb.program("b", "player", "--strategy random --seed 2"),
    ];
    let args = [
        &programs[0],
        &programs[1],
        "--games",
        "3",
        "--results",
        "r.jsonl",
        "-q",
    ];
    let out = sb.run(&args);
    assert!(out.status.success(), "{}", show(&out));
    let path = sb.path().join("r.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);

    // A damaged line in the middle: refused, with its number.
    let damaged = format!("{}\n{}\n{}\n", lines[0], &lines[1][..20], lines[2]);
    std::fs::write(&path, &damaged).unwrap();
    let out = sb.run(&args);
    assert_eq!(out.status.code(), Some(2), "{}", show(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("r.jsonl`, line 2:"),
        "{}",
        show(&out)
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        damaged,
        "file untouched"
    );

    // A truncated last line (an interrupted write): dropped and replayed.
    let truncated = format!("{}\n{}\n{}", lines[0], lines[1], &lines[2][..30]);
    std::fs::write(&path, truncated).unwrap();
    let out = sb.run(&args);
    assert!(out.status.success(), "{}", show(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("line 3 was incomplete"),
        "{}",
        show(&out)
    );
    let recs = records(&path);
    assert_eq!(recs.len(), 3);
    let ids: HashSet<&str> = recs.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), 3);
}

#[test]
fn resuming_with_other_programs_is_refused_unless_forced() {
    let sb = Sandbox::new();
    let a = sb.program("a", "player", "--strategy random --seed 1");
    let b = sb.program("b", "player", "--strategy random --seed 2");
    let out = sb.run(&[&a, &b, "--games", "2", "--results", "r.jsonl", "-q"]);
    assert!(out.status.success(), "{}", show(&out));

    let b2 = sb.program("b", "player", "--strategy random --seed 9");
    let args = [
        a.as_str(),
        b2.as_str(),
        "--games",
        "2",
        "--results",
        "r.jsonl",
        "-q",
    ];
    let out = sb.run(&args);
    assert_eq!(out.status.code(), Some(2), "{}", show(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("played with other programs or settings"),
        "{err}"
    );
    assert!(err.contains("--seed 9"), "{err}");

    let mut forced = args.to_vec();
    forced.push("--force");
    let out = sb.run(&forced);
    assert!(out.status.success(), "{}", show(&out));
    let recs = records(&sb.path().join("r.jsonl"));
    // The two games were played again; the new records supersede the old.
    assert_eq!(recs.len(), 4);
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 of 2 games played"));
}

#[test]
fn an_oust_round_robin_passes_the_game_and_its_options_to_every_game() {
    let sb = Sandbox::new();
    std::os::unix::fs::symlink(sibling("oust-faulty"), sb.path().join("oust-faulty")).unwrap();
    let programs = [
        sb.program(
            "random",
            "player",
            "--game oust --strategy random --seed {seed}",
        ),
        sb.program(
            "greedy",
            "player",
            "--game oust --strategy greedy --seed {seed}",
        ),
        sb.program("garbage", "oust-faulty", "--mode garbage --at 0"),
    ];
    let mut args: Vec<&str> = programs.iter().map(String::as_str).collect();
    args.extend([
        "--game",
        "oust",
        "--game-options",
        "--cols 5 --rows 4",
        "--games",
        "2",
        "-j",
        "2",
        "--name",
        "oust",
        "--report",
        "oust.csv",
        "--quiet",
    ]);
    let out = sb.run(&args);
    assert!(out.status.success(), "{}", show(&out));
    let results = sb.path().join("logs/oust/results.jsonl");
    check_consistency(&sb, &results, "oust", 3 * 2);
    for rec in records(&results) {
        assert_eq!(rec.settings.game, "oust", "{rec:?}");
        assert_eq!(rec.settings.game_options[1], "5", "{rec:?}");
        // The referee's default for Oust, not Stratego's.
        assert_eq!(rec.settings.time_limit_ms, 4000, "{rec:?}");
        // The game itself was played on 5 x 4 with the game's seed.
        let dir = sb.path().join(&rec.log_dir);
        let record: referee_schema::Record = referee_schema::Record::from_json(
            &std::fs::read_to_string(dir.join("game.json")).unwrap(),
        )
        .unwrap();
        assert_eq!(record.game, "oust");
        assert_eq!(record.settings.options["cols"], 5);
        assert_eq!(record.settings.options["rows"], 4);
        assert!(record.settings.seed.is_some());
    }
    let standings = csv(&sb.read("oust.csv"));
    let garbage = standing(&standings, "garbage");
    assert_eq!(num(garbage, "illegal_moves"), 4.0);
    assert_eq!(num(garbage, "losses"), 4.0);
    sb.assert_no_leftovers();
}

#[test]
fn stratego_game_options_reach_the_referee() {
    let sb = Sandbox::new();
    let programs = [
        sb.program("a", "player", "--strategy random --seed {seed}"),
        sb.program("b", "player", "--strategy random --seed {seed}"),
    ];
    let mut args: Vec<&str> = programs.iter().map(String::as_str).collect();
    args.extend([
        "--game-options",
        "--two-square-rule",
        "--games",
        "1",
        "--name",
        "tsr",
        "--max-turns",
        "50",
        "--quiet",
    ]);
    let out = sb.run(&args);
    assert!(out.status.success(), "{}", show(&out));
    let recs = records(&sb.path().join("logs/tsr/results.jsonl"));
    assert_eq!(recs.len(), 1);
    let dir = sb.path().join(&recs[0].log_dir);
    let verdict =
        referee_schema::Summary::from_json(sb_read(&dir.join("verdict.json")).trim()).unwrap();
    assert_eq!(verdict.settings.options["two_square_rule"], true);
    assert_eq!(verdict.settings.max_turns, 50);
}

fn sb_read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn a_mansuba_round_robin_of_three_seats() {
    // Four programs, three seats: C(4, 3) = 4 tables of 6 games, in which
    // each table sits in all six orders; the game's turn limit for its
    // options (2 x 6 x 5) reaches every game.
    let sb = Sandbox::new();
    let programs = [
        sb.program(
            "random",
            "player",
            "--game mansuba --strategy random --seed {seed}",
        ),
        sb.program(
            "closer1",
            "player",
            "--game mansuba --strategy closer --seed {seed}",
        ),
        sb.program(
            "closer2",
            "player",
            "--game mansuba --strategy closer --seed {seed}",
        ),
        sb.program("ai", "player", "--game mansuba --max-nodes 500"),
    ];
    let mut args: Vec<&str> = programs.iter().map(String::as_str).collect();
    args.extend([
        "--game",
        "mansuba",
        "--game-options",
        "--players 3 --width 6 --height 5",
        "--games",
        "6",
        "-j",
        "2",
        "--name",
        "m3",
        "--report",
        "m3.csv",
        "--quiet",
    ]);
    let out = sb.run(&args);
    assert!(out.status.success(), "{}", show(&out));
    let recs = records(&sb.path().join("logs/m3/results.jsonl"));
    assert_eq!(recs.len(), 24);
    let mut orders: HashMap<String, HashSet<Vec<String>>> = HashMap::new();
    for rec in &recs {
        assert_eq!(rec.settings.max_turns, 60, "{rec:?}");
        let seated: Vec<String> = rec.players.iter().map(|p| p.name.clone()).collect();
        assert_eq!(seated.len(), 3, "{rec:?}");
        let mut table = seated.clone();
        table.sort();
        orders.entry(table.join("+")).or_default().insert(seated);
        let dir = sb.path().join(&rec.log_dir);
        let verdict =
            referee_schema::Summary::from_json(sb_read(&dir.join("verdict.json")).trim()).unwrap();
        assert_eq!(verdict.points.as_ref().map(Vec::len), Some(3));
        assert_eq!(verdict.settings.options["players"], 3);
    }
    assert_eq!(orders.len(), 4);
    assert!(orders.values().all(|o| o.len() == 6), "{orders:?}");
    let standings = csv(&sb.read("m3.csv"));
    assert_eq!(standings.len(), 4);
    sb.assert_no_leftovers();
}
