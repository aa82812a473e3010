//! End-to-end tests of `tournament` with the real `referee`, `player` and
//! `faulty-player` (build them first: `cargo build --workspace --bins`,
//! which `make test` does).

mod clock;
mod executors;
mod report;
mod util;

use std::collections::{HashMap, HashSet};
use std::path::Path;

use nix::sys::signal::Signal;
use util::{
    Sandbox, csv, num, records, show, sibling, signal, stderr, stdout, succeeded, wait_for_lines,
};

/// Checks what any finished tournament must satisfy: the crosstable sums
/// to the games played, each pair's results mirror each other, and every
/// game has its logs.
fn check_consistency(sandbox: &Sandbox, results: &Path, report_stem: &str, games: usize) {
    let recs = records(results);
    assert_eq!(recs.len(), games, "records");
    let ids: HashSet<&str> = recs.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), games, "duplicate game ids");

    // Each game counts for two programs, in each table.
    let counts_each_game_twice = |rows: &[HashMap<String, String>], what: &str| {
        let total: f64 = rows.iter().map(|r| num(r, "games")).sum();
        assert_eq!(total, 2.0 * games as f64, "{what}");
    };
    let standings = csv(&sandbox.read(&format!("{report_stem}.csv")));
    counts_each_game_twice(&standings, "each game counts for two programs");
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
    counts_each_game_twice(&cross, "crosstable sums to the games");
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
    let (_, out) = sb.play_all(
        &[
            "random1=player --strategy random --seed 1",
            "random2=player --strategy random --seed 2",
            "illegal=faulty-player --mode move-lake --at 3 --seed 5",
            // The player's default strategy: the AI, kept fast for the test.
            "ai=player --move-time-ms 5 --seed 3",
        ],
        "--games 4 -j 2 --max-turns 200 --name rr --report report.csv --report report.md --quiet",
    );
    let results = sb.results_path("rr");
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
    assert!(stdout(&out).contains("## Crosstable"));
    sb.assert_no_leftovers();
}

#[test]
fn failures_are_charged_to_the_failing_program() {
    let sb = Sandbox::new();
    sb.play_all(
        &[
            "good=player --strategy random --seed 1",
            "segv=faulty-player --mode segv --at 2",
            "sleeper=faulty-player --mode sleep --at 1 --limit-ms 100",
            "badsetup=faulty-player --mode setup-bad-code",
            "closer=faulty-player --mode close-stdout --at 1",
        ],
        "--gauntlet --games 2 -j 2 --time-limit-ms 100 --name faults --report faults.csv -q",
    );
    check_consistency(&sb, &sb.results_path("faults"), "faults", 4 * 2);
    let rows = csv(&sb.read("faults.csv"));
    let field = |name: &str, f: &str| num(standing(&rows, name), f);
    assert_eq!(field("good", "wins"), 8.0);
    for (name, f) in [
        ("segv", "crashes"),
        ("sleeper", "timeouts"),
        ("badsetup", "refused_setups"),
        ("closer", "pipe_failures"),
    ] {
        assert_eq!(field(name, f), 2.0, "{name} {f}");
    }
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
    let mut args = sb.three_random(true);
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

    let out = succeeded(sb.run(&args));
    let said = stderr(&out);
    assert!(
        said.contains(&format!("{} already in r.jsonl", first.len())),
        "{said}"
    );
    let all = records(&results);
    assert_eq!(all.len(), total);
    // Only the missing games were played: the first run's records are
    // untouched and no game id appears twice.
    assert_eq!(all[..first.len()], first[..]);
    let ids: HashSet<&str> = all.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), total);

    // A third run has nothing left to play.
    let out = succeeded(sb.run(&args));
    assert_eq!(records(&results).len(), total);
    assert!(stdout(&out).contains(&format!("{total} of {total} games played")));
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
    let mut args = sb.programs(&[
        "sleeper=faulty-player --mode sleep --at 1",
        "good=player --strategy random --seed 1",
    ]);
    let rest = "--games 6 -j 2 --time-limit-ms 60000 --results stuck.jsonl";
    args.extend(rest.split(' ').map(String::from));
    args
}

/// Starts [`stuck_args`]'s tournament and waits until two games have their
/// player logs, that is, are running.
fn running_stuck_games(sb: &Sandbox) -> std::process::Child {
    let args = stuck_args(sb);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut child = sb.spawn(&args, "run");
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
            return child;
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
    let mut child = running_stuck_games(&sb);
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
    let mut child = running_stuck_games(&sb);
    signal(&child, Signal::SIGTERM);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143), "{}", sb.read("run.err"));
    assert!(records(&sb.path().join("stuck.jsonl")).is_empty());
    sb.assert_no_leftovers();
}

#[test]
fn sprt_stops_as_soon_as_it_decides() {
    let sb = Sandbox::new();
    let (_, out) = sb.play_sprt("1", "--name sprt");
    let played = sb.results("sprt").len();
    assert!((1..100).contains(&played), "{played} games");
    let said = stdout(&out);
    assert!(said.contains("H1 accepted"), "{said}");
    assert!(said.contains("stopped by the SPRT"), "{said}");
    // The LLR and its bounds are printed as games end.
    let progress = stderr(&out);
    assert!(
        progress.contains("LLR") && progress.contains("(-2.94, 2.94)"),
        "{progress}"
    );
    sb.assert_no_leftovers();
}

#[test]
fn paired_games_share_their_seeds_and_the_sprt_counts_pairs() {
    let sb = Sandbox::new();
    let (programs, out) = sb.play_sprt("{seed}", "--pairs --name pairs");
    let said = stdout(&out);
    assert!(said.contains("GSPRT on game pairs (pentanomial)"), "{said}");
    assert!(said.contains("H1 accepted"), "{said}");
    let recs = sb.results("pairs");
    let mut by_pair: HashMap<u32, Vec<&tournament::results::record::GameRecord>> = HashMap::new();
    for rec in &recs {
        assert!(rec.settings.pairs, "{rec:?}");
        by_pair.entry(rec.index / 2).or_default().push(rec);
    }
    let complete: Vec<_> = by_pair.values().filter(|p| p.len() == 2).collect();
    assert!(complete.len() >= 3, "{} complete pairs", complete.len());
    for pair in complete {
        let (x, y) = (verdict_of(&sb, pair[0]), verdict_of(&sb, pair[1]));
        // The same referee seed (so the same drawn start), seats swapped,
        // and the seeded program given the same seed in both games.
        assert!(x.settings.seed.is_some());
        assert_eq!(x.settings.seed, y.settings.seed);
        let names = |r: &tournament::results::record::GameRecord| -> Vec<String> {
            r.players.iter().map(|p| p.name.clone()).collect()
        };
        let mut swapped = names(pair[1]);
        swapped.reverse();
        assert_eq!(names(pair[0]), swapped);
        let strong_args = |v: &referee_schema::Summary| {
            v.players
                .iter()
                .find(|p| p.program.ends_with("/player"))
                .map(|p| p.args.clone())
                .unwrap()
        };
        assert_eq!(strong_args(&x), strong_args(&y));
    }
    // The next pair is another game: other seeds.
    let seeds: HashSet<Option<u64>> = recs
        .iter()
        .map(|r| verdict_of(&sb, r).settings.seed)
        .collect();
    assert_eq!(seeds.len(), by_pair.len());

    // Pairs are two seats and an even number of games.
    let two = [programs[0].as_str(), programs[1].as_str()];
    sb.refuses(
        &[&two[..], &["--pairs", "--games", "3"]].concat(),
        "--games must be even (got 3)",
    );
    let three = sb.programs(&[
        "a=player --game mansuba --strategy random",
        "b=player --game mansuba --strategy random",
        "c=player --game mansuba --strategy random",
    ]);
    let three: Vec<&str> = three.iter().map(String::as_str).collect();
    sb.refuses(
        &[
            &three[..],
            &[
                "--pairs",
                "--game",
                "mansuba",
                "--game-options",
                "--players 3",
            ],
        ]
        .concat(),
        "--pairs swaps the seats of a two-seat game (mansuba has 3 seats)",
    );
    sb.assert_no_leftovers();
}

#[test]
fn a_half_played_pair_is_completed_with_its_pairs_seeds() {
    let sb = Sandbox::new();
    let programs = sb.programs(&[
        "a=player --strategy random --seed {seed}",
        "b=player --strategy random --seed {seed}",
    ]);
    let line = "--pairs --games 2 --max-turns 200 --results r.jsonl -q";
    sb.play(&programs, line);
    let results = sb.path().join("r.jsonl");
    let text = std::fs::read_to_string(&results).unwrap();
    let recs = records(&results);
    assert_eq!(recs.len(), 2);
    // Lose the second game of the pair: its line and its directory.
    let kept = text.lines().next().unwrap();
    std::fs::write(&results, format!("{kept}\n")).unwrap();
    let before = verdict_of(&sb, &recs[1]);
    std::fs::remove_dir_all(sb.path().join(&recs[1].log_dir)).unwrap();

    sb.play(&programs, line);
    let now = records(&results);
    assert_eq!(now.len(), 2);
    assert_eq!(now[1].id, recs[1].id);
    let (first, again) = (verdict_of(&sb, &now[0]), verdict_of(&sb, &now[1]));
    // Replayed with the pair's seeds: the referee's and each program's.
    assert_eq!(again.settings.seed, first.settings.seed);
    assert_eq!(again.settings.seed, before.settings.seed);
    let args = |v: &referee_schema::Summary| -> Vec<Vec<String>> {
        let mut a: Vec<Vec<String>> = v.players.iter().map(|p| p.args.clone()).collect();
        a.sort();
        a
    };
    assert_eq!(args(&again), args(&first));
    assert_eq!(args(&again), args(&before));
}

#[test]
fn bad_input_gets_clear_errors() {
    let sb = Sandbox::new();
    let p = sb.program("p", "player", "");
    let q = sb.program("q", "player", "");
    for (args, says) in [
        (
            &[p.as_str(), "./no-such-player"][..],
            "program `./no-such-player` does not exist",
        ),
        (
            &[&p],
            "a tournament of stratego (2 seats) needs at least 2 programs (got 1)",
        ),
        (&[&p, &p, "--game", "chess"], "unknown game `chess`"),
        (
            &[&p, &p, "--game", "oust", "--game-options", "--cols 1"],
            "a board of 1 x 7",
        ),
        (
            &[&p, &q, "--sprt", "5,0,0.05,0.05"],
            "elo0 must be less than elo1",
        ),
    ] {
        sb.refuses(args, says);
    }
}

#[test]
fn a_corrupt_results_file_is_refused_naming_the_line() {
    let sb = Sandbox::new();
    let programs = sb.three_random(true);
    let args = [
        &programs[0],
        &programs[1],
        "--games",
        "3",
        "--results",
        "r.jsonl",
        "-q",
    ];
    succeeded(sb.run(&args));
    let path = sb.path().join("r.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);

    // A damaged line in the middle: refused, with its number.
    let damaged = format!("{}\n{}\n{}\n", lines[0], &lines[1][..20], lines[2]);
    std::fs::write(&path, &damaged).unwrap();
    sb.refuses(&args, "r.jsonl`, line 2:");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        damaged,
        "file untouched"
    );

    // A truncated last line (an interrupted write): dropped and replayed.
    let truncated = format!("{}\n{}\n{}", lines[0], lines[1], &lines[2][..30]);
    std::fs::write(&path, truncated).unwrap();
    let out = succeeded(sb.run(&args));
    assert!(
        stderr(&out).contains("line 3 was incomplete"),
        "{}",
        show(&out)
    );
    let recs = records(&path);
    assert_eq!(recs.len(), 3);
    let ids: HashSet<&str> = recs.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), 3);
}

#[test]
fn resuming_with_other_settings_is_refused_unless_forced() {
    let sb = Sandbox::new();
    let a = sb.program("a", "player", "--strategy random --seed 1");
    let b = sb.program("b", "player", "--strategy random --seed 2");
    sb.play(&[a.clone(), b.clone()], "--games 2 --results r.jsonl -q");
    let args = [
        a.as_str(),
        b.as_str(),
        "--games",
        "2",
        "--results",
        "r.jsonl",
        "-q",
        "--max-turns",
        "300",
    ];
    let out = sb.refuses(&args, "played with other referee settings");
    assert!(stderr(&out).contains("--max-turns 300"), "{}", show(&out));

    let out = succeeded(sb.run(&[&args[..], &["--force"]].concat()));
    let recs = records(&sb.path().join("r.jsonl"));
    // The two games were played again; the new records supersede the old.
    assert_eq!(recs.len(), 4);
    assert!(stdout(&out).contains("2 of 2 games played"));
}

/// Writes the player script `path`: a random player whose build is
/// `build` (a comment: a changed byte, and nothing else).
fn write_bot(sb: &Sandbox, path: &Path, build: u32) {
    use std::os::unix::fs::PermissionsExt;
    let player = sb.path().join("player");
    std::fs::write(
        path,
        format!(
            "#!/bin/sh\n# build {build}\nexec {} --strategy random --seed 2\n",
            player.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn a_changed_program_replays_only_its_own_games() {
    let sb = Sandbox::new();
    let bot = sb.path().join("b-bot");
    write_bot(&sb, &bot, 1);
    let programs = [
        sb.program("a", "player", "--strategy random --seed 1"),
        format!("b={}", bot.display()),
        sb.program("c", "player", "--strategy random --seed 3"),
    ];
    let line = "--games 2 --max-turns 200 --results r.jsonl -q";
    sb.play(&programs, line);
    let results = sb.path().join("r.jsonl");
    let first = std::fs::read_to_string(&results).unwrap();
    assert_eq!(first.lines().count(), 6);
    let verdict = |id: &str| sb.read(&format!("logs/r/{id}/verdict.json"));
    let kept = ["a+c+1", "a+c+2"];
    let verdicts: Vec<String> = kept.iter().map(|id| verdict(id)).collect();
    let digest_of_b = |recs: &[tournament::results::record::GameRecord]| {
        recs.iter()
            .flat_map(|r| &r.players)
            .find(|p| p.name == "b")
            .and_then(|p| p.content.clone())
            .expect("b's digest is recorded")
    };
    let before = digest_of_b(&records(&results));
    assert_eq!(before.files, std::slice::from_ref(&bot));
    assert_eq!(before.interpreter.as_deref(), Some("/bin/sh"));

    // A new build of b: one byte differs.
    write_bot(&sb, &bot, 2);
    let out = sb.play(&programs, line);
    let said = stderr(&out);
    assert!(
        said.contains("program b changed since its games were played (its files changed")
            && said.contains("its 4 game(s) are to be played again"),
        "{said}"
    );
    let second = std::fs::read_to_string(&results).unwrap();
    // Every earlier line is kept byte for byte; exactly b's four games
    // were played again.
    assert!(second.starts_with(&first));
    let all = records(&results);
    let mut replayed: Vec<&str> = all[6..].iter().map(|r| r.id.as_str()).collect();
    replayed.sort_unstable();
    assert_eq!(replayed, ["a+b+1", "a+b+2", "b+c+1", "b+c+2"]);
    let after = digest_of_b(&all[6..]);
    assert_ne!(after.digest, before.digest);
    // The games without b kept their logs.
    let now: Vec<String> = kept.iter().map(|id| verdict(id)).collect();
    assert_eq!(now, verdicts);
    let report = stdout(&out);
    assert!(report.contains("6 of 6 games played"), "{report}");
    assert!(
        report.contains("Changed since the last run: b (its files changed")
            && report.contains("4 game(s) replayed"),
        "{report}"
    );
    // The programs table shows each program's build.
    assert!(report.contains(after.short()), "{report}");

    // Nothing changed since: nothing is played, nothing is said changed.
    let out = sb.play(&programs, line);
    assert_eq!(records(&results).len(), 10);
    assert!(!stdout(&out).contains("Changed since"), "{}", show(&out));
}

#[test]
fn an_oust_round_robin_passes_the_game_and_its_options_to_every_game() {
    let sb = Sandbox::new();
    std::os::unix::fs::symlink(sibling("oust-faulty"), sb.path().join("oust-faulty")).unwrap();
    sb.play_all(
        &[
            "random=player --game oust --strategy random --seed {seed}",
            "greedy=player --game oust --strategy greedy --seed {seed}",
            "garbage=oust-faulty --mode garbage --at 0",
        ],
        "--game oust --game-options '--cols 5 --rows 4' --games 2 -j 2 \
         --name oust --report oust.csv --quiet",
    );
    let results = sb.results_path("oust");
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

/// The verdict of the game whose record is `rec`.
fn verdict_of(
    sb: &Sandbox,
    rec: &tournament::results::record::GameRecord,
) -> referee_schema::Summary {
    let path = sb.path().join(&rec.log_dir).join("verdict.json");
    let text = std::fs::read_to_string(&path).unwrap();
    referee_schema::Summary::from_json(text.trim()).unwrap()
}

#[test]
fn stratego_game_options_reach_the_referee() {
    let sb = Sandbox::new();
    let programs = sb.three_random(false);
    sb.play(
        &programs[..2],
        "--game-options --two-square-rule --games 1 --name tsr --max-turns 50 --quiet",
    );
    let recs = sb.results("tsr");
    assert_eq!(recs.len(), 1);
    let verdict = verdict_of(&sb, &recs[0]);
    assert_eq!(verdict.settings.options["two_square_rule"], true);
    assert_eq!(verdict.settings.max_turns, 50);
}

#[test]
fn a_mansuba_round_robin_of_three_seats() {
    // Four programs, three seats: C(4, 3) = 4 tables of 6 games, in which
    // each table sits in all six orders; the game's turn limit for its
    // options (2 x 6 x 5) reaches every game.
    let sb = Sandbox::new();
    sb.play_all(
        &[
            "random=player --game mansuba --strategy random --seed {seed}",
            "closer1=player --game mansuba --strategy closer --seed {seed}",
            "closer2=player --game mansuba --strategy closer --seed {seed}",
            "ai=player --game mansuba --max-nodes 500",
        ],
        "--game mansuba --game-options '--players 3 --width 6 --height 5' --games 6 -j 2 \
         --name m3 --report m3.csv --quiet",
    );
    let recs = sb.results("m3");
    assert_eq!(recs.len(), 24);
    let mut orders: HashMap<String, HashSet<Vec<String>>> = HashMap::new();
    for rec in &recs {
        assert_eq!(rec.settings.max_turns, 60, "{rec:?}");
        let seated: Vec<String> = rec.players.iter().map(|p| p.name.clone()).collect();
        assert_eq!(seated.len(), 3, "{rec:?}");
        let mut table = seated.clone();
        table.sort();
        orders.entry(table.join("+")).or_default().insert(seated);
        let verdict = verdict_of(&sb, rec);
        assert_eq!(verdict.points.as_ref().map(Vec::len), Some(3));
        assert_eq!(verdict.settings.options["players"], 3);
    }
    assert_eq!(orders.len(), 4);
    assert!(orders.values().all(|o| o.len() == 6), "{orders:?}");
    let standings = csv(&sb.read("m3.csv"));
    assert_eq!(standings.len(), 4);
    sb.assert_no_leftovers();
}
