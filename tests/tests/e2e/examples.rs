//! The example players for students (`examples/GAME/random-player.c` and
//! `random-player.py`, for every game), the C ones compiled here, each
//! playing whole games against our AI through the referee, in every seat:
//! they follow their game's protocol to the end and never break a rule.

use std::path::PathBuf;

use referee_schema::{Reason, Record};

use crate::run::{Play, player_spec};
use crate::util::{TestDir, compile_c, real_python, repo_file};
use tests::tools::need;

/// A game as the examples' tests play it.
struct Table {
    /// The game (`--game`), and its examples' directory under `examples/`.
    game: &'static str,
    /// The game's options: small boards and quick games where it has them.
    options: &'static [&'static str],
    /// Our AI's thinking time per move, in ms: short, unless a weaker AI
    /// makes the game longer (Stratego's took 264 moves at 5 ms, 205 at
    /// 20, six games each).
    ai_move_ms: &'static str,
    /// The games played, one per seating.
    seatings: &'static [Seating],
}

/// One game of a [`Table`]: our AI in every seat but the example's.
struct Seating {
    /// Options of this game besides the table's (the number of players).
    options: &'static [&'static str],
    /// The seats.
    seats: usize,
    /// The example's seat.
    example: usize,
}

/// The example in seat 0 of a two-player game.
const FIRST_OF_TWO: Seating = Seating {
    options: &[],
    seats: 2,
    example: 0,
};

/// The example in seat 1 of a two-player game.
const SECOND_OF_TWO: Seating = Seating {
    options: &[],
    seats: 2,
    example: 1,
};

/// Both seats of a two-player game.
const BOTH_SEATS: &[Seating] = &[FIRST_OF_TWO, SECOND_OF_TWO];

/// A two-player game played in both seats.
const fn both_seats(
    game: &'static str,
    options: &'static [&'static str],
    ai_move_ms: &'static str,
) -> Table {
    Table {
        game,
        options,
        ai_move_ms,
        seatings: BOTH_SEATS,
    }
}

const STRATEGO: Table = both_seats("stratego", &[], "20");

const OUST: Table = both_seats("oust", &["--cols", "4", "--rows", "4"], "5");

/// Every pattern counts at level 4: the example's whole table is used.
const QUARTO: Table = both_seats("quarto", &["--level", "4"], "5");

/// The first program plays black: seat 0 is black, seat 1 white.
const COURSIDOR: Table = both_seats("coursidor", &["-t", "T", "-m", "4", "--first", "0"], "5");

const MANSUBA: Table = Table {
    game: "mansuba",
    options: &["--width", "6", "--height", "6"],
    ai_move_ms: "5",
    // Seat 0 of two and seat 1 of three: both seats, and more than two
    // players, in two games (the first to move is drawn from the seed).
    seatings: &[
        FIRST_OF_TWO,
        Seating {
            options: &["--players", "3"],
            seats: 3,
            example: 1,
        },
    ],
};

/// The workspace's `examples/GAME/NAME`.
fn example(game: &str, name: &str) -> PathBuf {
    repo_file(&format!("examples/{game}/{name}"))
}

/// The language of an example.
#[derive(Clone, Copy)]
enum Language {
    /// `random-player.c`, compiled here.
    C,
    /// `random-player.py`, run by python3.
    Python,
}

/// Plays every seating of `table` with its example in `language`, after
/// compiling it (C99, clean under `-Wall -Wextra -Werror`); `test` is
/// skipped, saying so, without a C compiler or python3.
fn example_plays(table: &Table, language: Language, test: &str) {
    let dir = TestDir::new();
    let program = match language {
        Language::C => {
            let Some(cc) = need("cc", test) else {
                return;
            };
            let binary = dir.path().join("random-player");
            compile_c(
                &cc,
                &["-std=c99"],
                &binary,
                &[example(table.game, "random-player.c")],
            );
            binary.display().to_string()
        }
        Language::Python => {
            let Some(python) = need("python3", test) else {
                return;
            };
            // The interpreter itself, not a shim: Oust's example starts at
            // every move.
            format!(
                "{} {}",
                real_python(&python).display(),
                example(table.game, "random-player.py").display()
            )
        }
    };
    for seating in table.seatings {
        plays_a_whole_game(table, seating, &program);
    }
}

/// Plays `program` (a `--player` spec) at `table` against our AI as
/// `seating` says; checks that the game ended by the rules, with the
/// example never at fault and having moved.
///
/// A game that ends before the example's first move is played again (up
/// to five games): the Stratego examples place their pieces at random, and
/// the AI's Scout once took a Flag the C example had put in the open lane
/// of its front column (`player 0 took the flag: F3 E 3`, one move), which
/// the test took for an example that never moved.
fn plays_a_whole_game(table: &Table, seating: &Seating, program: &str) {
    for _ in 0..5 {
        if plays_one_game(table, seating, program) {
            return;
        }
    }
    panic!(
        "five games of {} in a row ended before the example's first move",
        table.game
    );
}

/// One game of [`plays_a_whole_game`]: false if it ended before the
/// example had moved.
fn plays_one_game(table: &Table, seating: &Seating, program: &str) -> bool {
    let ai = player_spec(
        table.game,
        &format!("--move-time-ms {} --seed 5", table.ai_move_ms),
    );
    let seats: Vec<String> = (0..seating.seats)
        .map(|seat| {
            if seat == seating.example {
                format!("example={program}")
            } else {
                format!("ai={ai}")
            }
        })
        .collect();
    // A generous limit: what is tested is the protocol, and a whole game
    // can meet a stall of a loaded machine (the other tests' fork bombs and
    // memory hogs run meanwhile; a Python example's first reply, its
    // start-up included, took 2.7 s at a load of 19), and Oust's examples
    // start at every move. A long grace: the point is that the example
    // leaves by itself at the end of its input, and python3 on a loaded
    // machine (CI, load 10) was seen to take more than the default 100 ms
    // to do so.
    let o = Play::game(table.game)
        .args(&["--time-limit-ms", "10000", "--grace-ms", "5000"])
        .args(table.options)
        .args(seating.options)
        .players(&seats)
        .run::<Record>();
    let s = &o.summary;
    assert!(
        matches!(s.reason, Reason::Game(_)),
        "not a rules' end: {}",
        o.json
    );
    let p = &s.players[seating.example];
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
        assert_ne!(s.winner, Some(seating.example as u8), "{}", o.json);
        return false;
    }
    true
}

#[test]
fn the_c_example_plays_whole_games_of_stratego() {
    example_plays(
        &STRATEGO,
        Language::C,
        "the_c_example_plays_whole_games_of_stratego",
    );
}

#[test]
fn the_python_example_plays_whole_games_of_stratego() {
    example_plays(
        &STRATEGO,
        Language::Python,
        "the_python_example_plays_whole_games_of_stratego",
    );
}

#[test]
fn the_c_example_plays_whole_games_of_oust() {
    example_plays(
        &OUST,
        Language::C,
        "the_c_example_plays_whole_games_of_oust",
    );
}

#[test]
fn the_python_example_plays_whole_games_of_oust() {
    example_plays(
        &OUST,
        Language::Python,
        "the_python_example_plays_whole_games_of_oust",
    );
}

#[test]
fn the_c_example_plays_whole_games_of_quarto() {
    example_plays(
        &QUARTO,
        Language::C,
        "the_c_example_plays_whole_games_of_quarto",
    );
}

#[test]
fn the_python_example_plays_whole_games_of_quarto() {
    example_plays(
        &QUARTO,
        Language::Python,
        "the_python_example_plays_whole_games_of_quarto",
    );
}

#[test]
fn the_c_example_plays_whole_games_of_coursidor() {
    example_plays(
        &COURSIDOR,
        Language::C,
        "the_c_example_plays_whole_games_of_coursidor",
    );
}

#[test]
fn the_python_example_plays_whole_games_of_coursidor() {
    example_plays(
        &COURSIDOR,
        Language::Python,
        "the_python_example_plays_whole_games_of_coursidor",
    );
}

#[test]
fn the_c_example_plays_whole_games_of_mansuba_with_two_and_three_players() {
    example_plays(
        &MANSUBA,
        Language::C,
        "the_c_example_plays_whole_games_of_mansuba_with_two_and_three_players",
    );
}

#[test]
fn the_python_example_plays_whole_games_of_mansuba_with_two_and_three_players() {
    example_plays(
        &MANSUBA,
        Language::Python,
        "the_python_example_plays_whole_games_of_mansuba_with_two_and_three_players",
    );
}
