//! The example players for students (`examples/stratego/`), the C one
//! compiled here, each playing a whole game against our AI through the
//! referee, in both seats: they follow the protocol to the end.

use std::path::PathBuf;

use referee_schema::Reason;

use crate::run::{Play, player_spec};
use crate::util::{StrategoRecord, TestDir, compile_c, repo_file};
use tests::tools::need;

/// The workspace's `examples/stratego/NAME`.
fn example(name: &str) -> PathBuf {
    repo_file(&format!("examples/stratego/{name}"))
}

/// Plays `program` (a `--player` spec) against our AI in `seat`; checks
/// that the game ended by the rules, with the example never at fault and
/// having moved.
///
/// A game the AI wins on its first move, before the example moves, is
/// played again (up to five games): the examples place their pieces at
/// random, and the AI's Scout once took a Flag the C example had put in
/// the open lane of its front column (`player 0 took the flag: F3 E 3`,
/// one move), which the test took for an example that never moved.
fn plays_a_whole_game(program: &str, seat: usize) {
    for _ in 0..5 {
        if plays_one_game(program, seat) {
            return;
        }
    }
    panic!("five games in a row ended before the example's first move");
}

/// One game of [`plays_a_whole_game`]: false if it ended on the AI's first
/// move, before the example had moved.
fn plays_one_game(program: &str, seat: usize) -> bool {
    let ai = player_spec("stratego", "--move-time-ms 20 --seed 5");
    let mut seats = [format!("ai={ai}"), format!("ai={ai}")];
    seats[seat] = format!("example={program}");
    // A generous limit: what is tested is the protocol, and a whole game
    // at 500 ms a move can meet a stall of a loaded machine (the other
    // tests' fork bombs and memory hogs run meanwhile). A long grace: the
    // point is that the example leaves by itself at the end of its input,
    // and python3 behind a pyenv shim on a loaded machine (CI, load 10)
    // was seen to take more than the default 100 ms to do so.
    let o = Play::game("stratego")
        .args(&["--time-limit-ms", "2000", "--grace-ms", "5000"])
        .players(&seats)
        .run::<StrategoRecord>();
    let s = &o.summary;
    assert!(
        matches!(s.reason, Reason::Game(_)),
        "not a rules' end: {}",
        o.json
    );
    let p = &s.players[seat];
    assert_eq!(
        (p.illegal_moves, p.timeouts, &p.failure),
        (0, 0, &None),
        "{}",
        o.json
    );
    // It read to the end of its input and left by itself.
    assert_eq!(p.exit.code, Some(0), "{}", o.json);
    assert!(p.exit.killed_by_referee.is_none(), "{}", o.json);
    if p.moves == 0 {
        assert_eq!((s.moves, s.winner), (1, Some(1 - seat as u8)), "{}", o.json);
        return false;
    }
    true
}

#[test]
fn the_c_example_plays_whole_games_against_the_ai() {
    let Some(cc) = need("cc", "the_c_example_plays_whole_games_against_the_ai") else {
        return;
    };
    let dir = TestDir::new();
    let binary = dir.path().join("random-player");
    compile_c(&cc, &["-std=c99"], &binary, &[example("random-player.c")]);
    for seat in [0, 1] {
        plays_a_whole_game(&binary.display().to_string(), seat);
    }
}

#[test]
fn the_python_example_plays_whole_games_against_the_ai() {
    let test = "the_python_example_plays_whole_games_against_the_ai";
    let Some(python) = need("python3", test) else {
        return;
    };
    let program = format!(
        "{} {}",
        python.display(),
        example("random-player.py").display()
    );
    for seat in [0, 1] {
        plays_a_whole_game(&program, seat);
    }
}
