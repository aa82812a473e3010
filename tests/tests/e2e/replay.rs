//! `referee replay`: records of real games judged again with today's rules
//! (the same game; a tampered record names the first move that differs),
//! and played back.

use std::path::Path;

use serde_json::Value;

use crate::run::{Play, Ran, player_spec, replays, run_in};
use crate::util::{Game, SETUP0, SETUP1, opening, repo_file};

/// `referee replay ARGS` in `dir`.
fn replay(dir: &Path, args: &[&str]) -> Ran {
    run_in(dir, "referee", &[&["replay"], args].concat())
}

/// Edits the record in `dir`.
fn tamper(dir: &Path, edit: impl FnOnce(&mut Value)) {
    let path = dir.join("game.json");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut v);
    std::fs::write(&path, v.to_string()).unwrap();
}

/// After [`tamper`]: `replay --check` in `dir` finds the record differs
/// from today's rules, and says `why`.
#[track_caller]
fn differs(dir: &Path, why: &str) -> Ran {
    replay(dir, &["--check", "game.json"])
        .exits(3)
        .complains(why)
}

#[test]
fn a_real_stratego_game_replays_as_the_same_game() {
    let ai = format!(
        "ai={}",
        player_spec("stratego", "--move-time-ms 20 --seed 3")
    );
    let random = format!(
        "random={}",
        player_spec("stratego", "--strategy random --seed 4")
    );
    let o = Play::game("stratego").players(&[ai, random]).run::<Value>();
    let dir = &o.dir;
    let said = replays(dir).stdout;
    assert!(
        said.starts_with("judged again with today's rules: the same game, the same end"),
        "{said}"
    );
    // Played back without a terminal: every position, then the end.
    let shown = replay(dir, &["game.json"]).exits(0).stdout;
    let moves = o.record["moves"].as_array().unwrap();
    assert_eq!(shown.matches("\nmove ").count(), moves.len(), "{shown}");
    assert!(
        shown.contains("stratego — player 0: ai, player 1: random"),
        "{shown}"
    );
    assert!(shown.contains("\nEnd: "), "{shown}");
    // --step-ms plays on by itself.
    let stepped = replay(dir, &["--step-ms", "0", "game.json"]);
    assert_eq!(stepped.stdout, shown);

    // A battle's result changed: the first move that differs is named.
    let battle = moves
        .iter()
        .position(|m| m["result"] == "B")
        .expect("a battle");
    tamper(dir, |v| {
        let d = &mut v["moves"][battle]["defender"];
        *d = Value::from(if d == 12 { 11 } else { 12 });
    });
    let why = differs(dir, "today's rules give").stderr;
    assert!(
        why.starts_with(&format!(
            "the record differs from today's rules: move {} (player ",
            battle + 1
        )),
        "{why}"
    );
}

#[test]
fn an_illegal_move_and_a_timeout_are_judged_again_as_far_as_rules_go() {
    let o = Game::new(
        &format!("{}send A1\\nE\\n1\n", opening(&SETUP0)),
        &opening(&SETUP1),
    )
    .options(&["--record", "game.json"])
    .run();
    replays(&o.dir).says("the same game");
    // Today's message must be the recorded one.
    tamper(&o.dir, |v| {
        v["end"]["detail"] = Value::from("player 0 (red): A1 is fine")
    });
    differs(
        &o.dir,
        "today's rules say \"player 0 (red) replied \\\"A1\\\" \\\"E\\\" \\\"1\\\": A1 holds a Bomb, which cannot move\"",
    );

    let o = Game::new(
        &format!("{}send B3\\nE\\n1\nread 5\n", opening(&SETUP0)),
        &format!("{}read 4\nhang\n", opening(&SETUP1)),
    )
    .options(&["--record", "game.json", "--time-limit-ms", "200"])
    .run();
    replays(&o.dir).says("the same moves; the end is not the rules' to judge");
}

/// A game of `game` between our players `seats` (their strategies and
/// seeds), with `args`: judged again the same, and played back under its
/// game's name; then, its record changed by `edit`, found to differ at
/// `first` (`move N (player P: `).
fn replays_and_tampering_is_found(
    game: &str,
    args: &[&str],
    seats: [&str; 2],
    edit: impl FnOnce(&mut Value),
    first: &str,
) {
    let o = Play::game(game)
        .args(args)
        .players(&seats.map(|seat| player_spec(game, seat)))
        .run::<Value>();
    replays(&o.dir);
    let shown = replay(&o.dir, &["game.json"]).stdout;
    assert!(
        shown.starts_with(&format!("{game} — player 0: ")),
        "{shown}"
    );
    tamper(&o.dir, edit);
    differs(&o.dir, first);
}

#[test]
fn an_oust_game_replays_too() {
    // A first move that captured: not by today's rules.
    replays_and_tampering_is_found(
        "oust",
        &["--cols", "5", "--rows", "5"],
        ["--strategy random --seed 1", "--strategy random --seed 2"],
        |v| v["moves"][0]["captured"] = Value::from(3),
        "move 1 (player 0: ",
    );
}

#[test]
fn a_quarto_game_replays_too() {
    // The second move gives away the piece it is placing.
    replays_and_tampering_is_found(
        "quarto",
        &["--level", "2"],
        ["--strategy greedy --seed 3", "--strategy random --seed 4"],
        |v| {
            let placed = v["moves"][1]["piece"].clone();
            v["moves"][1]["gift"] = placed;
        },
        "move 2 (player 1: ",
    );
}

#[test]
fn what_is_not_a_record_is_refused_clearly() {
    let dir = crate::util::TestDir::new();
    let dir = dir.path();
    std::fs::write(dir.join("x.json"), "{\"hello\": 1}").unwrap();
    let refused = replay(dir, &["x.json"]).exits(1).stderr;
    assert!(
        refused.starts_with("referee: error: x.json cannot be replayed: it is not a record written by referee --record"),
        "{refused}"
    );
    std::fs::write(
        dir.join("y.json"),
        r#"{"schema":1,"game":"go","settings":{},"moves":[],"end":{"winner":null,"result":null,"reason":"x"}}"#,
    )
    .unwrap();
    replay(dir, &["y.json"]).complains("its game 'go' is not one of this referee's");
    replay(dir, &["missing.json"]).complains("cannot read the record missing.json");
    replay(dir, &[]).exits(2);
}

/// Records made by the referee and players of main at 29e6c14, before the
/// games' adapters and our players were reorganised: today's rules must
/// judge each again as the same game, byte for byte.
#[test]
fn records_made_before_the_reorganisation_replay_as_the_same_game() {
    let records = repo_file("tests/data/records");
    for game in ["stratego", "oust", "quarto", "mansuba", "coursidor"] {
        let file = records.join(format!("{game}.json"));
        let said = replay(&records, &["--check", file.to_str().unwrap()])
            .exits(0)
            .stdout;
        assert!(
            said.starts_with("judged again with today's rules: the same game, the same end"),
            "{game}: {said}"
        );
    }
}
