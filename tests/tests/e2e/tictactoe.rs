//! The tests' own game, tic-tac-toe (`tests/src/tictactoe.rs`, one module
//! and one registration line): through the referee, its record judged
//! again and shown, in a tournament, by programs that know it only through
//! the registry (`test-referee`, `test-tournament`); the programs we ship
//! do not know it.

use std::path::Path;

use referee_schema::{Reason, Record};
use tests::tictactoe::MoveRecord;
use tournament::results::file::ResultsFile;

use crate::run::{Play, Played, Ran, run_in};
use crate::util::{TestDir, scripted, workspace_bin};
use crate::verdict::assert_ended_by;

/// A tic-tac-toe record, typed.
type TicTacToeRecord = Record<MoveRecord, game_core::NoSetup>;

/// `PATH --seed N` of our tic-tac-toe player, as a `--player` spec.
fn player(seed: &str) -> String {
    let bin = workspace_bin("tictactoe-player");
    format!("{} --seed {seed}", bin.display())
}

/// A game of tic-tac-toe by `test-referee` between `seats` (`--player`
/// specs), in `dir`.
fn play(dir: &Path, seats: &[String]) -> Played<TicTacToeRecord> {
    let play = Play::game("tictactoe").by("test-referee").in_dir(dir);
    play.players(seats).run()
}

/// `test-referee replay --check RECORD` in `dir`: the same game again.
fn replays(dir: &Path, record: &str) -> Ran {
    run_in(dir, "test-referee", &["replay", "--check", record]).exits(0)
}

#[test]
fn the_test_referee_lists_it_and_the_shipped_one_does_not() {
    let dir = TestDir::new();
    let list = run_in(dir.path(), "test-referee", &["--list-games"]).stdout;
    assert!(list.starts_with("stratego"), "{list}");
    assert!(
        list.lines().last().unwrap().starts_with("tictactoe "),
        "{list}"
    );
    let shipped = run_in(dir.path(), "referee", &["--list-games"]);
    assert!(!shipped.stdout.contains("tictactoe"), "{shipped}");
    run_in(dir.path(), "referee", &["--game", "tictactoe", "a", "b"]).exits(2);
}

#[test]
fn a_game_is_played_judged_again_and_shown() {
    let dir = TestDir::new();
    let dir = dir.path();
    let o = play(dir, &[player("1"), player("2")]);
    assert_eq!(o.summary.game, "tictactoe");
    assert_ended_by(&o.summary, &["three_in_a_row", "board_full"]);
    let record = &o.record;
    assert_eq!(record.moves.len() as u32, o.summary.moves);
    assert!(record.moves.iter().all(|m| m.detail.cell.len() == 2));

    replays(dir, "game.json").says("the same game, the same end");
    run_in(dir, "test-referee", &["replay", "game.json"]).says("  1 2 3\nA ");
    run_in(
        dir,
        "test-referee",
        &["view", "game.json", "-o", "game.html"],
    )
    .exits(0);
    let page = std::fs::read_to_string(dir.join("game.html")).unwrap();
    assert!(
        page.contains(&record.moves[0].detail.to_string()),
        "the first move's words"
    );

    run_in(dir, "referee", &["replay", "--check", "game.json"])
        .complains("'tictactoe' is not one of this referee's");
}

#[test]
fn a_taken_cell_loses_and_is_judged_again() {
    let dir = TestDir::new();
    let dir = dir.path();
    let script = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text).unwrap();
        format!("{} {name}", scripted().display())
    };
    let seats = [
        script("x", "read 1\nsend B2\nread 2\n"),
        script("o", "read 3\nsend B2\n"),
    ];
    let o = play(dir, &seats);
    let s = &o.summary;
    assert_eq!((s.winner, &s.reason), (Some(0), &Reason::IllegalMove));
    assert!(s.detail.contains("cell B2 is taken"), "{}", s.detail);
    replays(dir, "game.json");
}

#[test]
fn a_tournament_plays_it_and_its_records_replay() {
    let dir = TestDir::new();
    let dir = dir.path();
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
    let report = run_in(
        dir,
        "test-tournament",
        &[&args[..], &referee_arg, &[&a, &b]].concat(),
    )
    .exits(0)
    .stdout;
    assert!(report.contains("4 of 4 games played"), "{report}");
    let (_file, contents) = ResultsFile::open(&dir.join("logs/t/results.jsonl")).unwrap();
    assert_eq!(contents.records.len(), 4);
    for game in &contents.records {
        let record = dir.join(&game.record.log_dir).join("game.json");
        replays(dir, record.to_str().unwrap());
    }
}
