//! `referee check PROGRAM`: our players pass every check of every game,
//! the example players too; each misbehaviour of `faulty-player` fails
//! exactly the checks that name it.

use std::path::PathBuf;

use crate::util::{Checked, check, compile_c, faulty, real_python, repo_file, workspace_bin};
use tests::tools::need;

/// The time limit of the checks here: the games are short, and only the
/// opponent's failure and the faults that time out wait for it; Oust's
/// programs start at every move, which takes a debug build a few hundred
/// milliseconds on a loaded machine.
const LIMIT_MS: &str = "1000";

/// `referee check --game GAME` of `program` (and its arguments), with the
/// tests' short games and limit, and `extra` options.
fn check_of(game: &str, extra: &[&str], program: &[String]) -> Checked {
    let mut args: Vec<String> = ["--game", game, "--moves", "3", "--time-limit-ms", LIMIT_MS]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    args.extend(program.iter().cloned());
    check("referee", &args)
}

/// Our `player` of `game`, thinking 20 ms a move.
fn our_player(game: &str) -> Vec<String> {
    [
        workspace_bin("player").display().to_string(),
        "--game".into(),
        game.into(),
        "--move-time-ms".into(),
        "20".into(),
    ]
    .to_vec()
}

/// Our player of `game` passes, every scripted end reached (none skipped).
fn our_player_passes(game: &str) {
    let c = check_of(game, &[], &our_player(game));
    c.passes();
    for name in ["illegal", "unreadable", "fails"] {
        assert_eq!(c.status(name), "pass", "{game}: {c}");
    }
}

#[test]
fn our_player_passes_every_check_of_stratego() {
    our_player_passes("stratego");
}

#[test]
fn our_player_passes_every_check_of_oust() {
    our_player_passes("oust");
}

#[test]
fn our_player_passes_every_check_of_quarto() {
    our_player_passes("quarto");
}

#[test]
fn our_player_passes_every_check_of_coursidor() {
    our_player_passes("coursidor");
}

#[test]
fn our_player_passes_every_check_of_mansuba() {
    our_player_passes("mansuba");
}

/// The opponent's illegal move is told as the protocol says: a Stratego
/// program gets the move, normalised, then `E`.
#[test]
fn the_opponents_illegal_move_is_quoted_as_it_was_told() {
    let c = check_of("stratego", &[], &our_player("stratego"));
    let illegal = c.detail("illegal");
    assert!(illegal.contains("\\nE\\n\" and stopped cleanly"), "{c}");
    assert!(c.detail("unreadable").contains("told \"E\\n\""), "{c}");
    assert!(c.detail("fails").contains("told \"F\\n\""), "{c}");
}

/// The test-only tic-tac-toe, through the tests' referee, with its own
/// player as the opponent.
#[test]
fn tictactoe_is_checked_through_the_registry() {
    let player = workspace_bin("tictactoe-player").display().to_string();
    let args: Vec<String> = [
        "--game",
        "tictactoe",
        "--time-limit-ms",
        LIMIT_MS,
        "--opponent",
        &player,
        &player,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    check("test-referee", &args).passes();
}

/// `faulty-player` (Stratego) misbehaving as `mode` at its move `at`.
fn faulty_player(mode: &str, at: u32) -> Vec<String> {
    [
        faulty().display().to_string(),
        "--mode".into(),
        mode.into(),
        "--at".into(),
        at.to_string(),
        "--limit-ms".into(),
        LIMIT_MS.into(),
        "--seed".into(),
        "5".into(),
    ]
    .to_vec()
}

/// `faulty-player` as `mode` at its move `at` fails exactly the checks
/// `fails`, whose lines say each of `says`. The plain games' modes act at
/// the program's second move, which only the plain games reach (the
/// scripted ends come after its first).
#[track_caller]
fn faulty_fails(mode: &str, at: u32, fails: &[&str], says: &[&str]) {
    let c = check_of("stratego", &[], &faulty_player(mode, at));
    c.fails_exactly(fails, mode);
    for text in says {
        assert!(
            fails.iter().any(|name| c.detail(name).contains(text)),
            "{mode}: no {text:?} in the failed checks: {c}"
        );
    }
}

#[test]
fn a_faulty_player_that_behaves_passes() {
    faulty_fails("none", 1, &[], &[]);
}

#[test]
fn garbage_fails_the_games_quoting_it() {
    faulty_fails(
        "garbage",
        2,
        &["player-0", "player-1"],
        &["\"hello, referee\""],
    );
}

#[test]
fn an_illegal_move_fails_the_games() {
    faulty_fails("move-bomb", 2, &["player-0", "player-1"], &["Bomb"]);
}

#[test]
fn an_exit_fails_the_games() {
    faulty_fails("exit0", 2, &["player-0", "player-1"], &["exited"]);
}

#[test]
fn no_reply_fails_the_flush_check() {
    faulty_fails(
        "sleep",
        2,
        &["flush", "player-0", "player-1"],
        &["nothing received"],
    );
}

#[test]
fn a_reply_near_the_limit_fails_the_reply_time_check() {
    faulty_fails("delay90", 2, &["reply-time"], &["above 90% of the limit"]);
}

/// At its last move in both plain games: the lines after it are output
/// after the end.
#[test]
fn lines_after_the_last_reply_fail_the_after_end_check() {
    faulty_fails("extra-lines", 3, &["after-end"], &["\"extra\\nlines\\n\""]);
}

#[test]
fn a_program_that_outlives_its_input_fails_the_exit_check() {
    faulty_fails("ignore-term", 1, &["exit"], &["SIGKILL"]);
}

#[test]
fn a_refused_setup_fails_the_start_up_and_every_game() {
    faulty_fails(
        "setup-bad-code",
        0,
        &[
            "start-up",
            "player-0",
            "player-1",
            "illegal",
            "unreadable",
            "fails",
        ],
        &["13 is not a piece code"],
    );
}

#[test]
fn a_capped_stderr_fails_the_stderr_check() {
    let c = check_of(
        "stratego",
        &["--max-log-bytes", "1000"],
        &faulty_player("flood-stderr", 1),
    );
    c.fails_exactly(&["stderr"], "flood-stderr");
}

/// A child left running fails `leftovers` where the sandbox can tell (a
/// PID namespace), and is said unknown elsewhere.
#[test]
fn a_child_left_running_fails_the_leftovers_check() {
    let c = check_of("stratego", &[], &faulty_player("fork-child", 1));
    if c.status("leftovers") == "skip" {
        assert!(c.detail("leftovers").contains("PID namespace"), "{c}");
        return;
    }
    c.fails_exactly(&["leftovers"], "fork-child");
}

/// The example players of `game` pass, with its `options`: the C one
/// compiled here, the Python one run by python3 (each skipped, saying so,
/// without a compiler or python3). Their limit is generous (a Python
/// start-up on a loaded machine is slow, and Oust's examples start at every
/// move); the opponent's is not, for its failure waits for it.
fn examples_pass(game: &str, options: &[&str], test: &str) {
    let dir = crate::util::TestDir::new();
    let mut programs: Vec<Vec<String>> = Vec::new();
    if let Some(cc) = need("cc", test) {
        let binary: PathBuf = dir.path().join("random-player");
        let source = repo_file(&format!("examples/{game}/random-player.c"));
        compile_c(&cc, &["-std=c99"], &binary, &[source]);
        programs.push(vec![binary.display().to_string()]);
    }
    if let Some(python) = need("python3", test) {
        let script = repo_file(&format!("examples/{game}/random-player.py"));
        programs.push(vec![
            real_python(&python).display().to_string(),
            script.display().to_string(),
        ]);
    }
    for program in programs {
        let mut args: Vec<String> = [
            "--game",
            game,
            "--moves",
            "3",
            "--time-limit-ms",
            "5000",
            "--opponent-time-limit-ms",
            LIMIT_MS,
            "--grace-ms",
            "3000",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        args.extend(options.iter().map(|s| s.to_string()));
        args.extend(program);
        check("referee", &args).passes();
    }
}

#[test]
fn the_example_players_of_stratego_pass() {
    examples_pass("stratego", &[], "the_example_players_of_stratego_pass");
}

#[test]
fn the_example_players_of_oust_pass() {
    examples_pass(
        "oust",
        &["--cols", "4", "--rows", "4"],
        "the_example_players_of_oust_pass",
    );
}

#[test]
fn the_example_players_of_quarto_pass() {
    examples_pass(
        "quarto",
        &["--level", "4"],
        "the_example_players_of_quarto_pass",
    );
}

#[test]
fn the_example_players_of_coursidor_pass() {
    examples_pass(
        "coursidor",
        &["-t", "T", "-m", "4", "--first", "0"],
        "the_example_players_of_coursidor_pass",
    );
}

#[test]
fn the_example_players_of_mansuba_pass() {
    examples_pass(
        "mansuba",
        &["--width", "6", "--height", "6"],
        "the_example_players_of_mansuba_pass",
    );
}
