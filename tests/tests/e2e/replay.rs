//! `referee replay`: records of real games judged again with today's rules
//! (the same game; a tampered record names the first move that differs),
//! and played back.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use crate::util::{Game, SETUP0, SETUP1, TestDir, opening, referee_ok, shared, workspace_bin};

/// Plays a game with `--record game.json` in `dir`.
fn record_game(dir: &Path, args: &[&str]) {
    referee_ok(dir, &[&["--record", "game.json"], args].concat());
}

fn replay(dir: &Path, args: &[&str]) -> Output {
    let _guard = shared();
    Command::new(workspace_bin("referee"))
        .current_dir(dir)
        .arg("replay")
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Edits the record in `dir`.
fn tamper(dir: &Path, edit: impl FnOnce(&mut Value)) {
    let _guard = shared();
    let path = dir.join("game.json");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut v);
    std::fs::write(&path, v.to_string()).unwrap();
}

#[test]
fn a_real_stratego_game_replays_as_the_same_game() {
    let dir = TestDir::new();
    let player = workspace_bin("player");
    let ai = format!("ai={} --move-time-ms 20 --seed 3", player.display());
    let random = format!("random={} --strategy random --seed 4", player.display());
    record_game(dir.path(), &["--player", &ai, "--player", &random]);
    let out = replay(dir.path(), &["--check", "game.json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.starts_with("judged again with today's rules: the same game, the same end"),
        "{said}"
    );
    // Played back without a terminal: every position, then the end.
    let out = replay(dir.path(), &["game.json"]);
    assert_eq!(out.status.code(), Some(0));
    let shown = text(&out.stdout);
    let record: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("game.json")).unwrap())
            .unwrap();
    let moves = record["moves"].as_array().unwrap().len();
    assert_eq!(shown.matches("\nmove ").count(), moves, "{shown}");
    assert!(
        shown.contains("stratego — player 0: ai, player 1: random"),
        "{shown}"
    );
    assert!(shown.contains("\nEnd: "), "{shown}");
    // --step-ms plays on by itself.
    let out = replay(dir.path(), &["--step-ms", "0", "game.json"]);
    assert_eq!(text(&out.stdout), shown);

    // A battle's result changed: the first move that differs is named.
    let battle = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .position(|m| m["result"] == "B")
        .expect("a battle");
    tamper(dir.path(), |v| {
        let d = &mut v["moves"][battle]["defender"];
        *d = Value::from(if d == 12 { 11 } else { 12 });
    });
    let out = replay(dir.path(), &["--check", "game.json"]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stdout));
    let why = text(&out.stderr);
    assert!(
        why.starts_with(&format!(
            "the record differs from today's rules: move {} (player ",
            battle + 1
        )),
        "{why}"
    );
    assert!(why.contains("today's rules give"), "{why}");
}

#[test]
fn an_illegal_move_and_a_timeout_are_judged_again_as_far_as_rules_go() {
    let o = Game::new(
        &format!("{}send A1\\nE\\n1\n", opening(&SETUP0)),
        &opening(&SETUP1),
    )
    .options(&["--record", "game.json"])
    .run();
    let out = replay(&o.dir, &["--check", "game.json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("the same game"));
    // Today's message must be the recorded one.
    tamper(&o.dir, |v| {
        v["end"]["detail"] = Value::from("player 0: A1 is fine")
    });
    let out = replay(&o.dir, &["--check", "game.json"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        text(&out.stderr)
            .contains("today's rules say \"player 0: A1 holds a Bomb, which cannot move\""),
        "{}",
        text(&out.stderr)
    );

    let o = Game::new(
        &format!("{}send B3\\nE\\n1\nread 5\n", opening(&SETUP0)),
        &format!("{}read 4\nhang\n", opening(&SETUP1)),
    )
    .options(&["--record", "game.json", "--time-limit-ms", "200"])
    .run();
    let out = replay(&o.dir, &["--check", "game.json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("the same moves; the end is not the rules' to judge"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn an_oust_game_replays_too() {
    let dir = TestDir::new();
    let player = workspace_bin("player");
    let p = |seed: u32| {
        format!(
            "{} --game oust --strategy random --seed {seed}",
            player.display()
        )
    };
    record_game(
        dir.path(),
        &[
            "--game",
            "oust",
            "--cols",
            "5",
            "--rows",
            "5",
            "--player",
            &p(1),
            "--player",
            &p(2),
        ],
    );
    let out = replay(dir.path(), &["--check", "game.json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = replay(dir.path(), &["game.json"]);
    assert!(
        text(&out.stdout).starts_with("oust — player 0: "),
        "{}",
        text(&out.stdout)
    );
    // A first move that captured: not by today's rules.
    tamper(dir.path(), |v| v["moves"][0]["captured"] = Value::from(3));
    let out = replay(dir.path(), &["--check", "game.json"]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("move 1 (player 0: "),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn what_is_not_a_record_is_refused_clearly() {
    let dir = TestDir::new();
    std::fs::write(dir.path().join("x.json"), "{\"hello\": 1}").unwrap();
    let out = replay(dir.path(), &["x.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("referee: error: x.json cannot be replayed: it is not a record written by referee --record"),
        "{}",
        text(&out.stderr)
    );
    std::fs::write(
        dir.path().join("y.json"),
        r#"{"schema":1,"game":"go","settings":{},"moves":[],"end":{"winner":null,"result":null,"reason":"x"}}"#,
    )
    .unwrap();
    let out = replay(dir.path(), &["y.json"]);
    assert!(
        text(&out.stderr).contains("its game 'go' is not one of this referee's"),
        "{}",
        text(&out.stderr)
    );
    let out = replay(dir.path(), &["missing.json"]);
    assert!(text(&out.stderr).contains("cannot read the record missing.json"));
    let out = replay(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_quarto_game_replays_too() {
    let dir = TestDir::new();
    let player = workspace_bin("player");
    let p = |strategy: &str, seed: u32| {
        format!(
            "{} --game quarto --strategy {strategy} --seed {seed}",
            player.display()
        )
    };
    record_game(
        dir.path(),
        &[
            "--game",
            "quarto",
            "--level",
            "2",
            "--player",
            &p("greedy", 3),
            "--player",
            &p("random", 4),
        ],
    );
    let out = replay(dir.path(), &["--check", "game.json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = replay(dir.path(), &["game.json"]);
    assert!(
        text(&out.stdout).starts_with("quarto — player 0: "),
        "{}",
        text(&out.stdout)
    );
    // The second move gives away the piece it is placing.
    tamper(dir.path(), |v| {
        let placed = v["moves"][1]["piece"].clone();
        v["moves"][1]["gift"] = placed;
    });
    let out = replay(dir.path(), &["--check", "game.json"]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("move 2 (player 1: "),
        "{}",
        text(&out.stderr)
    );
}

/// Records made by the referee and players of main at 29e6c14, before the
/// games' adapters and our players were reorganised: today's rules must
/// judge each again as the same game, byte for byte.
#[test]
fn records_made_before_the_reorganisation_replay_as_the_same_game() {
    let records = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/records");
    for game in ["stratego", "oust", "quarto", "mansuba", "coursidor"] {
        let file = records.join(format!("{game}.json"));
        let out = replay(&records, &["--check", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{game}: {}", text(&out.stderr));
        let said = text(&out.stdout);
        assert!(
            said.starts_with("judged again with today's rules: the same game, the same end"),
            "{game}: {said}"
        );
    }
}
