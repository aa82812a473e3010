//! The referee's command line across games: `--game`, `--list-games`,
//! `--help` and each game's, `--player` specs, the number of players,
//! usage errors.

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

/// The entry of `--OPTION` in a help text: its line and its description's,
/// up to the next option.
fn entry(help: &str, option: &str) -> String {
    let mut lines = help
        .lines()
        .skip_while(|l| !l.contains(&format!("--{option} ")));
    let first = lines
        .next()
        .unwrap_or_else(|| panic!("no --{option} in {help}"));
    let rest = lines.take_while(|l| !l.trim_start().starts_with('-') && !l.ends_with(':'));
    std::iter::once(first)
        .chain(rest)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn help_opens_with_what_the_referee_is_and_gives_one_default_per_limit() {
    let help = referee(&["--help"]).exits(0).stdout;
    assert!(
        help.starts_with("The referee: plays one game between player programs"),
        "{help}"
    );
    assert!(
        help.contains("`referee --game stratego [OPTIONS] PLAYER PLAYER`"),
        "{help}"
    );
    assert!(!help.contains("the default is the game's"), "{help}");
    for (option, default) in [
        ("time-limit-ms", "[default: 500]"),
        (
            "setup-time-limit-ms",
            "[default: 2000, or --time-limit-ms if larger]",
        ),
        ("max-turns", "[default: 2000]"),
    ] {
        let e = entry(&help, option);
        assert_eq!(e.matches("default").count(), 1, "{e}");
        assert!(e.contains(default), "{e}");
    }
}

#[test]
fn a_games_help_shows_its_defaults_and_options() {
    let help = referee(&["--game", "coursidor", "--help"]).exits(0).stdout;
    assert!(
        help.starts_with("The referee: plays one game between player programs"),
        "{help}"
    );
    assert!(help.contains("--game coursidor [OPTIONS]"), "{help}");
    assert!(help.contains("Options of coursidor:"), "{help}");
    assert!(entry(&help, "board").contains("-t, --board"), "{help}");
    assert!(
        entry(&help, "time-limit-ms").contains("[default: 2000]"),
        "{help}"
    );
    let turns = entry(&help, "max-turns");
    assert!(
        turns.contains("-M, --max-turns") && turns.contains("[default: 1000]"),
        "{turns}"
    );
    // Coursidor has no setup: no setup limit to set.
    assert!(!help.contains("--setup-time-limit-ms"), "{help}");
    // A limit that follows the options says how.
    let help = referee(&["--game", "mansuba", "--help"]).exits(0).stdout;
    let turns = entry(&help, "max-turns");
    assert!(
        turns.contains("[default: 2 x width x height; 200 with the defaults]"),
        "{turns}"
    );
}
