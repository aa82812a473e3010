//! The referee's command line across games: `--game`, `--list-games`,
//! `--player` specs, the number of players, usage errors.

use std::process::{Command, Output};

use referee_schema::{Record, Summary};

use crate::util::{shared, workspace_bin};

fn referee(args: &[&str], dir: &std::path::Path) -> Output {
    let _guard = shared();
    Command::new(workspace_bin("referee"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run the referee")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn list_games_names_each_game_with_its_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let out = referee(&["--list-games"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let list = text(&out.stdout);
    let line = list
        .lines()
        .find(|l| l.starts_with("stratego "))
        .unwrap_or_else(|| panic!("no stratego line in {list}"));
    assert!(line.contains("500 ms per move"), "{line}");
    assert!(line.contains("draw after 2000 moves"), "{line}");
}

/// `--list-games` gave Mansuba's limit as "draw after 200 moves", the
/// figure of the default 10 x 10 world, though the limit follows the board.
#[test]
fn regression_list_games_says_mansubas_turn_limit_follows_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let out = referee(&["--list-games"], dir.path());
    let list = text(&out.stdout);
    let line = list
        .lines()
        .find(|l| l.starts_with("mansuba "))
        .unwrap_or_else(|| panic!("no mansuba line in {list}"));
    assert!(
        line.contains("draw after 2 x width x height moves (200 with the defaults)"),
        "{line}"
    );
}

#[test]
fn an_unknown_game_is_a_usage_error_listing_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let out = referee(&["--game", "chess", "a", "b"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("unknown game 'chess'"), "{err}");
    assert!(err.contains("stratego"), "{err}");
}

#[test]
fn the_number_of_players_must_be_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let player = workspace_bin("player");
    let p = player.to_str().unwrap();
    let out = referee(&[p, p, p], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("stratego takes 2 players, 3 given"),
        "{}",
        text(&out.stderr)
    );
    let out = referee(&[p, "--player", p], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("not both"),
        "{}",
        text(&out.stderr)
    );
    let out = referee(&["--player", "./x 'unclosed"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("a quote is not closed"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn player_specs_name_players_and_carry_their_arguments() {
    let dir = tempfile::tempdir().unwrap();
    let player = workspace_bin("player");
    let p = player.to_str().unwrap();
    let spec0 = format!("alice={p} --strategy random --seed 1");
    let spec1 = format!("{p} --strategy random --seed 2");
    let out = referee(
        &[
            "--json",
            "--game",
            "stratego",
            "--seed",
            "77",
            "--record",
            "game.json",
            "--player",
            &spec0,
            "--player",
            &spec1,
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = Summary::from_json(text(&out.stdout).trim()).expect("the verdict reads");
    assert_eq!(s.game, "stratego");
    assert!(s.outcome().is_ok(), "a verdict: {}", s.to_json());
    assert_eq!(s.settings.seed, Some(77));
    assert_eq!(s.settings.options["two_square_rule"], false);
    assert_eq!(s.players[0].name.as_deref(), Some("alice"));
    assert_eq!(s.players[0].args, ["--strategy", "random", "--seed", "1"]);
    assert_eq!(s.players[1].name, None);
    assert_eq!(
        s.players[0].processes, None,
        "a session, not a process per move"
    );
    let record = std::fs::read_to_string(dir.path().join("game.json")).unwrap();
    let r: Record = Record::from_json(&record).expect("the record reads");
    assert_eq!(r.game, "stratego");
    assert_eq!(r.settings.seed, Some(77));
    assert_eq!(r.moves.len() as u32, s.moves);
    assert_eq!(r.end.result, s.result);
}

#[test]
fn the_summary_names_named_players() {
    let dir = tempfile::tempdir().unwrap();
    let player = workspace_bin("player");
    let p = player.to_str().unwrap();
    let out = referee(
        &[
            "--player",
            &format!("rand1={p} --strategy random --seed 3"),
            "--player",
            &format!("rand2={p} --strategy random --seed 4"),
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let summary = text(&out.stdout);
    assert!(summary.starts_with("Result: "), "{summary}");
    assert!(summary.contains("Player 0 (rand1): "), "{summary}");
    assert!(summary.contains("Player 1 (rand2): "), "{summary}");
}

#[test]
fn the_player_program_refuses_an_unknown_game() {
    let out = Command::new(workspace_bin("player"))
        .args(["--game", "chess"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("unknown game 'chess'"),
        "{}",
        text(&out.stderr)
    );
}
