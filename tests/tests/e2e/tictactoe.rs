//! The tests' own game, tic-tac-toe (`tests/src/tictactoe.rs`, one module
//! and one registration line): through the referee, its record judged
//! again and shown, in a tournament, by programs that know it only through
//! the registry (`test-referee`, `test-tournament`); the programs we ship
//! do not know it.

use std::path::Path;
use std::process::{Command, Output};

use referee_schema::{Reason, Record, Summary};
use tests::tictactoe::MoveRecord;
use tournament::results::file::ResultsFile;

use crate::util::{self, scripted, workspace_bin};

/// A tic-tac-toe record, typed.
type TicTacToeRecord = Record<MoveRecord, game_core::NoSetup>;

/// Runs program `bin` of the workspace in `dir` (holding the process lock).
fn run(dir: &Path, bin: &str, args: &[&str]) -> Output {
    let _guard = util::shared();
    Command::new(workspace_bin(bin))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run {bin}: {e}"))
}

/// `PATH --seed N` of our tic-tac-toe player, as a `--player` spec.
fn player(seed: &str) -> String {
    format!(
        "{} --seed {seed}",
        workspace_bin("tictactoe-player").display()
    )
}

#[test]
fn the_test_referee_lists_it_and_the_shipped_one_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let list = run(dir.path(), "test-referee", &["--list-games"]);
    let list = String::from_utf8(list.stdout).unwrap();
    assert!(list.starts_with("stratego"), "{list}");
    assert!(
        list.lines().last().unwrap().starts_with("tictactoe "),
        "{list}"
    );
    let shipped = run(dir.path(), "referee", &["--list-games"]);
    assert!(!String::from_utf8_lossy(&shipped.stdout).contains("tictactoe"));
    let refused = run(dir.path(), "referee", &["--game", "tictactoe", "a", "b"]);
    assert_eq!(refused.status.code(), Some(2));
}

#[test]
fn a_game_is_played_judged_again_and_shown() {
    let dir = tempfile::tempdir().unwrap();
    let (p0, p1) = (player("1"), player("2"));
    let args = ["--game", "tictactoe", "--json", "--record", "game.json"];
    let out = run(
        dir.path(),
        "test-referee",
        &[&args[..], &["--player", &p0, "--player", &p1]].concat(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = Summary::from_json(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!(summary.game, "tictactoe");
    assert!(
        ["three_in_a_row", "board_full"].contains(&summary.reason.as_str()),
        "{}",
        summary.reason
    );
    let text = std::fs::read_to_string(dir.path().join("game.json")).unwrap();
    let record = TicTacToeRecord::from_json(&text).unwrap();
    assert_eq!(record.moves.len() as u32, summary.moves);
    assert!(record.moves.iter().all(|m| m.detail.cell.len() == 2));

    let check = run(
        dir.path(),
        "test-referee",
        &["replay", "--check", "game.json"],
    );
    let said = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{said}");
    assert!(said.contains("the same game, the same end"), "{said}");
    let shown = run(dir.path(), "test-referee", &["replay", "game.json"]);
    assert!(String::from_utf8_lossy(&shown.stdout).contains("  1 2 3\nA "));
    let view = run(
        dir.path(),
        "test-referee",
        &["view", "game.json", "-o", "game.html"],
    );
    assert!(
        view.status.success(),
        "{}",
        String::from_utf8_lossy(&view.stderr)
    );
    let page = std::fs::read_to_string(dir.path().join("game.html")).unwrap();
    assert!(
        page.contains(&record.moves[0].detail.to_string()),
        "the first move's words"
    );

    let shipped = run(dir.path(), "referee", &["replay", "--check", "game.json"]);
    assert!(
        String::from_utf8_lossy(&shipped.stderr)
            .contains("'tictactoe' is not one of this referee's")
    );
}

#[test]
fn a_taken_cell_loses_and_is_judged_again() {
    let dir = tempfile::tempdir().unwrap();
    let script = |name: &str, text: &str| {
        std::fs::write(dir.path().join(name), text).unwrap();
        format!("{} {name}", scripted().display())
    };
    let p0 = script("x", "read 1\nsend B2\nread 2\n");
    let p1 = script("o", "read 3\nsend B2\n");
    let args = ["--game", "tictactoe", "--json", "--record", "game.json"];
    let out = run(
        dir.path(),
        "test-referee",
        &[&args[..], &["--player", &p0, "--player", &p1]].concat(),
    );
    let summary = Summary::from_json(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!(
        (summary.winner, summary.reason),
        (Some(0), Reason::IllegalMove)
    );
    assert!(
        summary.detail.contains("cell B2 is taken"),
        "{}",
        summary.detail
    );
    let check = run(
        dir.path(),
        "test-referee",
        &["replay", "--check", "game.json"],
    );
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
}

#[test]
fn a_tournament_plays_it_and_its_records_replay() {
    let dir = tempfile::tempdir().unwrap();
    let referee = workspace_bin("test-referee");
    let bin = workspace_bin("tictactoe-player");
    let (a, b) = (
        format!("a={} --seed {{seed}}", bin.display()),
        format!("b={} --seed {{seed}}", bin.display()),
    );
    let args = [
        "--game",
        "tictactoe",
        "--games",
        "4",
        "-j",
        "2",
        "--quiet",
        "--name",
        "t",
    ];
    let referee_arg = ["--referee", referee.to_str().unwrap()];
    let out = run(
        dir.path(),
        "test-tournament",
        &[&args[..], &referee_arg, &[&a, &b]].concat(),
    );
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(report.contains("4 of 4 games played"), "{report}");
    let (_file, contents) = ResultsFile::open(&dir.path().join("logs/t/results.jsonl")).unwrap();
    assert_eq!(contents.records.len(), 4);
    for game in &contents.records {
        let record = dir.path().join(&game.record.log_dir).join("game.json");
        let check = run(
            dir.path(),
            "test-referee",
            &["replay", "--check", record.to_str().unwrap()],
        );
        assert_eq!(
            check.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
}
