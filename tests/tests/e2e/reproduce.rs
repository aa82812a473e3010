//! `referee reproduce`: recorded faults of `faulty-player` (Stratego, a
//! session with setups), `oust-faulty` (Oust, a process per move) and
//! `quarto-faulty` (Quarto, a session without setups) played again with
//! the faulty seat's program only: the fault recurs, the program is sent
//! the same bytes, a program that behaves in its place does not reproduce
//! it, and bad records and seats are refused clearly.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::run::{Play, Played, Ran};
use crate::util::{assert_no_leftovers, faulty, new_tag, reports, workspace_bin};

/// The time limit of these games.
const LIMIT_MS: &str = "300";

/// `referee reproduce ARGS` in `dir`, the leftover check's tag passed
/// into the sandbox as the games' referee passes it.
fn reproduce(dir: &Path, args: &[&str]) -> Ran {
    let tag = new_tag();
    let ran = Ran::of(
        Command::new(workspace_bin("referee"))
            .current_dir(dir)
            .env("STRATEGO_E2E_TAG", &tag)
            .args(["reproduce", "--sandbox-env", "STRATEGO_E2E_TAG"])
            .args(args),
    );
    assert_no_leftovers(&tag);
    ran
}

/// A Stratego game of a well-behaved `faulty-player` at seat 0 and one
/// misbehaving as `mode` at its `at`-th move at seat 1.
fn stratego(mode: &str, at: u32) -> Played<Value> {
    let good = format!("{} --seed 1", faulty().display());
    let bad = format!(
        "{} --mode {mode} --at {at} --limit-ms {LIMIT_MS} --seed 2 --transcript -",
        faulty().display()
    );
    Play::game("stratego")
        .args(&["--time-limit-ms", LIMIT_MS])
        .players(&[good, bad])
        .run()
}

/// An Oust game of `oust-faulty`, well-behaved at seat 0, misbehaving as
/// `mode` at seat 1 once the board holds 6 stones.
fn oust(mode: &str) -> Played<Value> {
    let bin = workspace_bin("oust-faulty");
    let good = format!("{} --seed 1", bin.display());
    let bad = format!("{} --mode {mode} --at 6 --seed 2", bin.display());
    Play::game("oust")
        .args(&["--time-limit-ms", LIMIT_MS])
        .players(&[good, bad])
        .run()
}

/// What the program of `log` received, from its `@recv` lines.
fn received(log: &Path) -> String {
    reports(&std::fs::read(log).unwrap_or_default()).0
}

/// The game `o` ended by `reason`, a fault of seat 1; its verdict gives
/// the command, and the command reproduces it at the same ply.
#[track_caller]
fn recurs(o: &Played<Value>, reason: &str) -> Ran {
    recurs_at(o, reason, &format!("at ply {}", o.summary.moves + 1))
}

/// [`recurs`], at `moment` (`at ply 7`, `in the setups`).
#[track_caller]
fn recurs_at(o: &Played<Value>, reason: &str, moment: &str) -> Ran {
    assert_eq!(o.summary.reason.as_str(), reason, "{}", o.json);
    assert_eq!(
        o.summary.reproduce.as_deref(),
        Some("referee reproduce game.json --seat 1"),
        "{}",
        o.json
    );
    reproduce(&o.dir, &["game.json", "--seat", "1"])
        .exits(0)
        .says(&format!("reproduced: {reason} {moment}: player 1"))
}

#[test]
fn stratego_timeouts_crashes_and_illegal_moves_recur_with_the_same_bytes() {
    for (mode, reason) in [
        ("delay110", "timeout"),
        ("abort", "crashed"),
        ("move-bomb", "illegal_move"),
    ] {
        let o = stratego(mode, 2);
        recurs(&o, reason);
        // The program was sent again exactly what it was sent.
        let then = received(&o.dir.join("logs/player1.log"));
        let now = received(&o.dir.join("logs/reproduce/player1.log"));
        assert!(then.starts_with("1\n"), "{mode}: {then:?}");
        assert_eq!(now, then, "{mode}");
    }
    // In the setups, where the record holds no setup of the other seat.
    recurs_at(&stratego("abort", 0), "crashed", "in the setups");
    let o = stratego("setup-bad-code", 0);
    recurs_at(&o, "setup_refused", "in the setups");
}

#[test]
fn the_other_seat_is_not_run() {
    let o = stratego("abort", 2);
    let path = o.dir.join("game.json");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    v["programs"][0]["path"] = Value::from("./no-such-player");
    std::fs::write(&path, v.to_string()).unwrap();
    recurs(&o, "crashed");
    assert!(!o.dir.join("logs/reproduce/player0.log").exists());
}

#[test]
fn oust_faults_recur_in_a_process_per_move() {
    for (mode, reason) in [
        ("occupied", "illegal_move"),
        ("crash", "crashed"),
        ("sleep", "timeout"),
    ] {
        recurs(&oust(mode), reason);
    }
}

#[test]
fn quarto_faults_recur_in_a_session_without_setups() {
    let bin = workspace_bin("quarto-faulty");
    for (mode, reason) in [("occupied", "illegal_move"), ("crash", "crashed")] {
        let o = Play::game("quarto")
            .args(&["--time-limit-ms", LIMIT_MS])
            .players(&[
                format!("{} --seed 1", bin.display()),
                format!("{} --mode {mode} --at 5 --seed 2", bin.display()),
            ])
            .run();
        recurs(&o, reason);
    }
}

#[test]
fn a_program_that_behaves_in_its_place_does_not_reproduce_the_fault() {
    // The same program and seed without the fault: the same moves, then a
    // legal one where the record's reply failed.
    let o = stratego("delay110", 2);
    let good = format!("{} --seed 2", faulty().display());
    let ply = o.summary.moves + 1;
    reproduce(&o.dir, &["game.json", "--seat", "1", "--player", &good])
        .exits(3)
        .says(&format!("not reproduced: at ply {ply} player 1 played "))
        .says("a legal move, where the record's game ended; the record: timeout at ply");
    // Another seed plays other moves: the first one off the record is named.
    let other = format!("{} --seed 9", faulty().display());
    reproduce(&o.dir, &["game.json", "--seat", "1", "--player", &other])
        .exits(3)
        .says("not reproduced: ")
        .says(", the record has ");
    let o = oust("crash");
    let good = format!("{} --seed 2", workspace_bin("oust-faulty").display());
    reproduce(&o.dir, &["game.json", "--seat", "1", "--player", &good])
        .exits(3)
        .says("a legal move, where the record's game ended");
}

#[test]
fn bad_records_and_seats_are_refused_clearly() {
    let o = oust("crash");
    let dir = &o.dir;
    reproduce(dir, &["game.json", "--seat", "2"])
        .exits(2)
        .complains("--seat 2: oust has 2 players, 0 to 1");
    reproduce(dir, &["game.json", "--seat", "0"])
        .exits(2)
        .complains("ended by crashed of another player than 0");
    reproduce(dir, &["game.json"]).exits(2).complains("--seat");
    reproduce(dir, &["missing.json", "--seat", "1"])
        .exits(1)
        .complains("cannot read the record missing.json");
    std::fs::write(dir.join("not.json"), "{\"moves\": 3}").unwrap();
    reproduce(dir, &["not.json", "--seat", "1"])
        .exits(1)
        .complains("not.json is not a record written by referee --record");
    // A record of an older referee names no programs: --player is needed.
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("game.json")).unwrap()).unwrap();
    v.as_object_mut().unwrap().remove("programs");
    std::fs::write(dir.join("old.json"), v.to_string()).unwrap();
    reproduce(dir, &["old.json", "--seat", "1"])
        .exits(2)
        .complains("names no programs");
    // A game the rules ended has no fault to reproduce.
    v["end"]["reason"] = Value::from("board_full");
    std::fs::write(dir.join("rules.json"), v.to_string()).unwrap();
    reproduce(dir, &["rules.json", "--seat", "1"])
        .exits(2)
        .complains("not by a player's fault: there is nothing to reproduce");
}

#[test]
fn a_faults_verdict_says_how_to_reproduce_it() {
    let o = oust("crash");
    let good = format!("{} --seed 1", workspace_bin("oust-faulty").display());
    let crashing = format!(
        "{} --mode crash --at 6 --seed 2",
        workspace_bin("oust-faulty").display()
    );
    let referee = |record: &[&str]| {
        let mut args = vec!["--game", "oust"];
        args.extend(record);
        args.extend(["--player", &good, "--player", &crashing]);
        crate::run::run_in(&o.dir, "referee", &args)
    };
    // Without --record: how to get one.
    referee(&[]).exits(0).says(
        "Reproduce: play the game again with --record FILE, then referee reproduce FILE --seat 1",
    );
    // With it: the command, in words too.
    let ran = referee(&["--record", "again.json"]);
    ran.exits(0)
        .says("Reproduce: referee reproduce again.json --seat 1\n");
    // A game the rules end gives none.
    let o = Play::game("oust")
        .players(&[good.clone(), good])
        .run::<Value>();
    assert!(o.summary.reason.fault().is_none(), "{}", o.json);
    assert_eq!(o.summary.reproduce, None);
    assert!(!o.json.contains("reproduce"), "{}", o.json);
}
