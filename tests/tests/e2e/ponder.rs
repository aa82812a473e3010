//! `--no-ponder`: the player not on move is stopped (its jail frozen by
//! its cgroup, `D` in `/proc`, or every process of it stopped, `T`) and
//! continued when asked to move; a stopped player still ends cleanly. The
//! players' states are watched from outside their sandboxes
//! ([`Game::sample_states`]): inside one, a player sees no other.

use std::collections::BTreeSet;

use crate::util::{Game, SETUP0, SETUP1, opening, reason};
use crate::verdict::assert_killed;

/// Whether a player was seen stopped (`T`) or frozen (`D`: a cgroup
/// freezer's frozen task, which a scripted player waiting on its pipe or
/// its clock never is otherwise).
fn paused(states: &BTreeSet<char>) -> bool {
    states.contains(&'T') || states.contains(&'D')
}

/// Player 0 moves, then thinks for 400 ms on player 1's time; player 1
/// thinks 300 ms before answering; player 0 then takes the Flag.
fn pondering_game(options: &[&str]) -> crate::util::Outcome {
    Game::after_setups(
        "send B3\\nE\\n1\nspin 400\nread 5\nsend A3\\nE\\n3\n",
        "read 4\nsleep 300\nsend B6\\nW\\n1\nread 6\n",
    )
    .options(options)
    .sample_states()
    .run()
}

/// Player 0 plays the script `p0`; player 1, after its setup, thinks
/// 300 ms on its first move, then plays `then1`: under `--no-ponder`,
/// player 0 is seen paused, and the game ends for `reason`.
fn paused_game(p0: &str, then1: &str, reason: &str) -> crate::util::Outcome {
    let p1 = format!("{}read 4\nsleep 300\n{then1}", opening(&SETUP1));
    let o = Game::new(p0, &p1)
        .options(&["--no-ponder"])
        .sample_states()
        .run();
    assert_eq!(crate::util::reason(&o), reason, "{}", o.json);
    assert!(paused(&o.states[0]), "{:?}", o.states);
    o
}

#[test]
fn no_ponder_stops_the_player_that_is_not_on_move() {
    let o = pondering_game(&["--no-ponder"]);
    assert_eq!(reason(&o), "flag_captured", "{}", o.json);
    assert!(paused(&o.states[0]), "{:?}", o.states);
    assert!(o.summary.settings.no_ponder);
    // Continued when asked: it finished its thinking, then moved.
    assert_eq!(o.player(0).moves, 2);
    assert_eq!(o.player(0).exit.code, Some(0), "{}", o.json);
}

#[test]
fn without_no_ponder_the_opponent_thinks_on_our_time() {
    let o = pondering_game(&[]);
    assert_eq!(reason(&o), "flag_captured", "{}", o.json);
    assert!(!paused(&o.states[0]), "{:?}", o.states);
    assert!(o.states[0].contains(&'R'), "{:?}", o.states);
    assert!(!o.summary.settings.no_ponder);
}

#[test]
fn a_stopped_player_that_ignores_the_end_is_still_killed() {
    // Player 0 ignores SIGTERM and its end of file; it is stopped when
    // player 1's illegal move ends the game.
    let p0 = format!(
        "ignore-term\n{}send B3\\nE\\n1\nread 1\nhang\n",
        opening(&SETUP0)
    );
    let o = paused_game(&p0, "send A6\\nW\\n1\n", "illegal_move");
    assert_killed(&o.summary, 0, "SIGKILL", "sigkill");
    // (Game::run checks that no process of the game is left.)
}

#[test]
fn a_stopped_player_is_continued_to_read_its_f() {
    // Player 1 crashes on move while player 0 is stopped: player 0 gets F
    // once continued, and exits by itself.
    let p0 = format!("{}send B3\\nE\\n1\nread 2\n", opening(&SETUP0));
    let o = paused_game(&p0, "crash\n", "crashed");
    assert_eq!(o.received[0], "0\nOK\nN\nF\n");
    assert_eq!(o.player(0).exit.code, Some(0), "{}", o.json);
    assert!(o.player(0).exit.killed_by_referee.is_none());
}
