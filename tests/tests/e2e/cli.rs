//! The referee's command line across games: `--game`, `--list-games`,
//! `--player` specs, the number of players, usage errors.

use referee_schema::Record;

use crate::run::{Play, Ran, assert_usage_error, player_spec, run_in};
use crate::util::{TestDir, workspace_bin};

/// `referee ARGS` in a directory of its own.
fn referee(args: &[&str]) -> Ran {
    run_in(TestDir::new().path(), "referee", args)
}

/// The line of `--list-games` that names `game`.
fn listed(game: &str) -> String {
    let list = referee(&["--list-games"]).exits(0).stdout;
    let line = list.lines().find(|l| l.starts_with(&format!("{game} ")));
    line.unwrap_or_else(|| panic!("no {game} line in {list}"))
        .to_owned()
}

#[test]
fn list_games_names_each_game_with_its_defaults() {
    let line = listed("stratego");
    assert!(line.contains("500 ms per move"), "{line}");
    assert!(line.contains("draw after 2000 moves"), "{line}");
}

/// `--list-games` gave Mansuba's limit as "draw after 200 moves", the
/// figure of the default 10 x 10 world, though the limit follows the board.
#[test]
fn regression_list_games_says_mansubas_turn_limit_follows_the_board() {
    let line = listed("mansuba");
    assert!(
        line.contains("draw after 2 x width x height moves (200 with the defaults)"),
        "{line}"
    );
}

#[test]
fn an_unknown_game_is_a_usage_error_listing_the_games() {
    referee(&["--game", "chess", "a", "b"])
        .exits(2)
        .complains("unknown game 'chess'")
        .complains("stratego");
}

#[test]
fn the_number_of_players_must_be_the_games() {
    let player = workspace_bin("player");
    let p = player.to_str().unwrap();
    assert_usage_error(&[p, p, p], "stratego takes 2 players, 3 given");
    assert_usage_error(&[p, "--player", p], "not both");
    assert_usage_error(&["--player", "./x 'unclosed"], "a quote is not closed");
}

#[test]
fn player_specs_name_players_and_carry_their_arguments() {
    let p = workspace_bin("player").display().to_string();
    let o = Play::game("stratego")
        .args(&["--seed", "77"])
        .player(format!("alice={p} --strategy random --seed 1"))
        .player(format!("{p} --strategy random --seed 2"))
        .run::<Record>();
    let s = &o.summary;
    assert_eq!(s.game, "stratego");
    assert!(s.outcome().is_ok(), "a verdict: {}", o.json);
    assert_eq!(s.settings.seed, Some(77));
    assert_eq!(s.settings.options["two_square_rule"], false);
    assert_eq!(s.players[0].name.as_deref(), Some("alice"));
    assert_eq!(s.players[0].args, ["--strategy", "random", "--seed", "1"]);
    assert_eq!(s.players[1].name, None);
    assert_eq!(
        s.players[0].processes, None,
        "a session, not a process per move"
    );
    let r = &o.record;
    assert_eq!(r.game, "stratego");
    assert_eq!(r.settings.seed, Some(77));
    assert_eq!(r.moves.len() as u32, s.moves);
    assert_eq!(r.end.result, s.result);
}

#[test]
fn the_summary_names_named_players() {
    let random = |seed: u32| player_spec("stratego", &format!("--strategy random --seed {seed}"));
    let summary = referee(&[
        "--player",
        &format!("rand1={}", random(3)),
        "--player",
        &format!("rand2={}", random(4)),
    ])
    .exits(0)
    .stdout;
    assert!(summary.starts_with("Result: "), "{summary}");
    assert!(summary.contains("Player 0 (rand1): "), "{summary}");
    assert!(summary.contains("Player 1 (rand2): "), "{summary}");
}

#[test]
fn the_player_program_refuses_an_unknown_game() {
    run_in(TestDir::new().path(), "player", &["--game", "chess"])
        .exits(2)
        .complains("unknown game 'chess'");
}
