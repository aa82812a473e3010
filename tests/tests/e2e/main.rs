//! End-to-end tests: the real `referee` binary against scripted players
//! (and the random `player`). Every message of §3 is checked byte for byte
//! on both sides, with every end condition and every result code.

mod check;
mod cli;
mod clock;
mod course_wire;
mod coursidor;
mod coursidor_host;
mod escape;
mod examples;
mod faulty;
mod library;
mod mansuba;
mod oust;
mod ponder;
mod quarto;
mod replay;
mod reproduce;
mod run;
mod sandbox;
mod session_end;
mod terminal;
mod tictactoe;
mod ucc;
mod util;
mod verdict;
mod viewer;

use referee_schema::{Reason, SetupStatus};
use util::{
    Game, NO_MOVE0, SETUP0, SETUP1, StrategoRecord, no_move1, opening, opening_with, reason,
    send_setup,
};
use verdict::{
    assert_clean, assert_drawn, assert_ended, assert_ended_by, assert_killed, assert_won,
};

/// What each player of [`a_full_game_every_message_byte_for_byte`] is
/// sent, byte for byte.
pub(crate) const FULL_GAME_RECEIVED: [&str; 2] = [
    "0\nOK\nN\nB6\nW\n1\nN\nB\n3\n1\nB5\nW\n1\nN\nB\n9\n11\n",
    "1\nOK\nB3\nE\n1\nN\nN\nB4\nE\n1\nB\n3\n1\nN\nA3\nE\n3\nB\n9\n11\n",
];

#[test]
fn a_full_game_every_message_byte_for_byte() {
    // Moves: P0 B3-B4 (N), P1 B6-B5 (N), P0 B4xB5 (Colonel loses to the
    // Marshal: B 3 1), P1 B5-B4 (N), P0 A3 E 3 takes the Flag on A6 (B 9 11).
    let o = Game::after_setups(
        "send  B3 \\r\\n\\nE\\n 1\nread 5\nsend B4\\nE\\n1\nread 7\nsend A3\\nE\\n3\nread 3\n",
        "read 4\nsend B6\\nW\\n1\nread 7\nsend B5\\nW\\n1\nread 8\n",
    )
    .run();
    assert_eq!(o.received, FULL_GAME_RECEIVED);
    assert_won(&o.summary, "flag_captured", 0);
    assert_eq!(o.summary.result.as_deref(), Some("1-0"));
    assert_eq!(o.summary.moves, 5);
    assert_eq!(o.summary.schema, 1);
    for i in 0..2 {
        assert_eq!(o.player(i).setup, Some(SetupStatus::Accepted));
        assert_eq!(o.player(i).exit.code, Some(0), "{}", o.json);
        assert!(o.player(i).exit.killed_by_referee.is_none());
    }
    assert_eq!(o.player(0).moves, 3);
    assert_eq!(o.player(1).moves, 2);
}

#[test]
fn lines_written_before_they_are_asked_count_toward_the_next_reply() {
    // Player 0 writes its setup and both moves at once, before reading anything.
    let p0 = format!("{}\nsend B3\\nE\\n1\\nA3\\nE\\n3\n", send_setup(&SETUP0));
    let p1 = format!("{}read 4\nsend B6\\nW\\n1\n", opening(&SETUP1));
    let o = Game::new(&p0, &p1).run();
    assert_eq!(reason(&o), "flag_captured", "{}", o.json);
    assert_eq!(o.received[0], "0\nOK\nN\nB6\nW\n1\nN\nB\n9\n11\n");
}

#[test]
fn record_holds_setups_moves_and_end() {
    let o = Game::after_setups("send A3\\nE\\n3\n", "")
        .options(&["--record", "game.json"])
        .run();
    let record =
        StrategoRecord::from_json(&std::fs::read_to_string(o.dir.join("game.json")).unwrap())
            .unwrap();
    assert_eq!(record.setups[0].as_ref().unwrap().len(), 40);
    assert_eq!(record.setups[1].as_ref().unwrap()[0], 11);
    let mv = &record.moves[0].detail;
    assert_eq!(
        (mv.square.as_str(), mv.direction.as_str(), mv.distance),
        ("A3", "E", 3)
    );
    assert_eq!(
        (mv.result.as_str(), mv.attacker, mv.defender),
        ("B", Some(9), Some(11))
    );
    assert!(record.moves[0].reply_ms >= 0.0);
    assert_eq!(record.end.reason.as_str(), "flag_captured");
    assert_eq!(record.end.winner, Some(0));
}

#[test]
fn no_legal_move_before_the_first_move() {
    let o = Game::new(&opening(&NO_MOVE0), &opening(&SETUP1)).run();
    assert_won(&o.summary, "no_legal_move", 1);
    assert_eq!(o.received, ["0\nOK\n", "1\nOK\n"]);
}

#[test]
fn neither_can_move_is_a_draw() {
    let o = Game::new(&opening(&NO_MOVE0), &opening(&no_move1())).run();
    assert_drawn(&o.summary, "neither_can_move");
}

#[test]
fn turn_limit_is_a_draw() {
    let o = Game::after_setups("send B3\\nE\\n1\n", "read 4\nsend B6\\nW\\n1\n")
        .options(&["--max-turns", "2"])
        .run();
    assert_drawn(&o.summary, "turn_limit");
    assert_eq!(o.received[0], "0\nOK\nN\nB6\nW\n1\nN\n");
    assert_eq!(o.received[1], "1\nOK\nB3\nE\n1\nN\nN\n");
}

#[test]
fn two_square_rule_makes_the_fourth_shuffle_illegal() {
    // Player 0 shuffles B3-B4 four times; player 1 shuffles B6-B5.
    let game = || {
        Game::after_setups(
            "send B3\\nE\\n1\nread 4\nsend B4\\nW\\n1\nread 5\nsend B3\\nE\\n1\nread 5\nsend B4\\nW\\n1\nread 5\n",
            "read 4\nsend B6\\nW\\n1\nread 5\nsend B5\\nE\\n1\nread 5\nsend B6\\nW\\n1\nread 5\nsend B5\\nE\\n1\n",
        )
    };
    let o = game().options(&["--two-square-rule"]).run();
    assert_eq!(reason(&o), "illegal_move", "{}", o.json);
    assert!(o.summary.detail.contains("two-square rule"));
    // Without the option the same moves are legal.
    let o = game().options(&["--max-turns", "8"]).run();
    assert_eq!(reason(&o), "turn_limit", "{}", o.json);
}

/// Player 0's first move is `reply`; player 1 waits for it.
fn illegal(reply: &str) -> util::Outcome {
    Game::after_setups(&format!("{reply}\n"), "").run()
}

#[test]
fn illegal_move_gives_e_to_both() {
    let o = illegal("send A0\\nS\\n1");
    assert_ended(
        &o.summary,
        "illegal_move",
        Some(1),
        "player 0 (red) replied \"A0\" \"S\" \"1\": A0 holds a Flag, which cannot move",
    );
    // The opponent gets the move, normalised, then E: the course
    // referee's bytes (§3.2).
    assert_eq!(o.received, ["0\nOK\nE\n", "1\nOK\nA0\nS\n1\nE\n"]);
    assert_eq!(o.player(0).illegal_moves, 1);
    // The --json summary carries the refused reply, line by line.
    let rejected = &o.summary.rejected;
    assert_eq!(rejected.len(), 1, "{}", o.json);
    assert_eq!(rejected[0].lines, ["A0", "S", "1"], "{}", o.json);
}

#[test]
fn regression_an_illegal_move_that_parses_is_forwarded_normalised_then_e() {
    // Blanks, \r and a distance with a leading zero: normalised.
    let o = illegal("send  A1 \\r\\nE\\n01");
    assert_eq!(reason(&o), "illegal_move", "{}", o.json);
    assert_eq!(o.received[1], "1\nOK\nA1\nE\n1\nE\n");
}

#[test]
fn unreadable_moves_are_illegal() {
    // A reply that does not read as a move: E alone in place of the move;
    // a move that breaks a rule: forwarded, then E.
    for (reply, detail, told) in [
        ("send Z3\\nE\\n1", "Z3 is off the board", ""),
        ("send 3B\\nE\\n1", "\"3B\" is not a square", ""),
        ("send B3\\nX\\n1", "\"X\" is not a direction", ""),
        ("send B3\\nE\\n0", "distance 0 is not positive", ""),
        ("send J3 E 1\\nB3\\nE", "\"J3 E 1\" is not a square", ""),
        ("send B3\\nE\\n2", "moves 1 square, not 2", "B3\nE\n2\n"),
    ] {
        let o = illegal(reply);
        assert_eq!(reason(&o), "illegal_move", "{reply}: {}", o.json);
        assert!(o.summary.detail.contains(detail), "{reply}: {}", o.json);
        assert_eq!(o.received[1], format!("1\nOK\n{told}E\n"), "{reply}");
    }
}

#[test]
fn over_long_line_is_illegal() {
    let o = illegal(&format!("send B3\\nE{}\\n1", " ".repeat(70)));
    assert_eq!(reason(&o), "illegal_move");
    assert!(o.summary.detail.as_str().contains("too long"), "{}", o.json);
    assert_eq!(o.received[0], "0\nOK\nE\n");
}

#[test]
fn over_4096_bytes_before_a_complete_reply_is_illegal() {
    // 100 MB without a newline: judged after 4096 bytes, memory bounded;
    // blank lines are bytes too.
    let blank_lines = format!("raw {}\nsend B3\\nE\\n1", "\\n".repeat(4100));
    for (reply, detail) in [
        ("send B3\nflood-stdout 100000000", "too long"),
        (blank_lines.as_str(), "4096 bytes"),
    ] {
        let o = illegal(reply);
        assert_eq!(reason(&o), "illegal_move", "{}", o.json);
        assert!(o.summary.detail.contains(detail), "{}", o.json);
    }
}

/// A move reply that never completes: the timeout's message, without the
/// CPU time it names ([`without_cpu`]).
fn timeout_detail(reply: &str) -> String {
    let o = Game::after_setups(&format!("{reply}\nhang\n"), "")
        .options(&["--time-limit-ms", "200"])
        .run();
    assert_eq!(reason(&o), "timeout", "{}", o.json);
    without_cpu(&o.summary.detail)
}

/// A timeout's `detail` without the CPU time the move got (` (it got
/// 0.1 ms of CPU time)`, which varies), checked to be there.
fn without_cpu(detail: &str) -> String {
    let start = detail
        .find(" (it got ")
        .unwrap_or_else(|| panic!("no CPU time in {detail:?}"));
    let end = start
        + detail[start..]
            .find(" of CPU time)")
            .unwrap_or_else(|| panic!("no CPU time in {detail:?}"))
        + " of CPU time)".len();
    format!("{}{}", &detail[..start], &detail[end..])
}

#[test]
fn regression_a_timeout_says_what_was_received() {
    // A move on one line, two lines of three, nothing at all (a missing
    // flush looks the same from outside: the message says so).
    assert_eq!(
        timeout_detail("send J3 E 1"),
        "player 0 (red): no complete reply within 200 ms: got 1 of 3 lines: \"J3 E 1\""
    );
    assert_eq!(
        timeout_detail("send J3\\nE\nraw 1"),
        "player 0 (red): no complete reply within 200 ms: got 2 of 3 lines: \"J3\", \"E\", \
         then \"1\" without a newline"
    );
    assert_eq!(
        timeout_detail(""),
        "player 0 (red): no complete reply within 200 ms: nothing received"
    );
}

#[test]
fn regression_a_non_ascii_byte_is_named_with_its_line() {
    let o = illegal("send B3\\nE\\xb6\\n1");
    assert_ended(
        &o.summary,
        "illegal_move",
        Some(1),
        "player 0 (red) replied \"B3\" \"E\\xb6\" \"1\": line 2 holds the byte 0xb6 at column 2, \
         which is not printable ASCII: \"E\\xb6\"",
    );
    // Not a move: E alone in place of it.
    assert_eq!(o.received[1], "1\nOK\nE\n");
    // In a setup the same, and the setup is refused.
    let mut codes: Vec<String> = SETUP1.iter().map(u8::to_string).collect();
    codes[6] = "1\\xb6".to_owned();
    let bad = format!("read 1\nsend {}\nread 1\n", codes.join("\\n"));
    let o = Game::new(&opening(&SETUP0), &bad).run();
    assert_ended(
        &o.summary,
        "setup_refused",
        Some(0),
        "player 1's setup refused: line 7 holds the byte 0xb6 at column 2, which is not \
         printable ASCII: \"1\\xb6\"",
    );
}

#[test]
fn regression_a_41st_code_is_read_as_the_first_move() {
    // §3.1: the setup is the first 40 lines; the 41st starts the next reply.
    let p0 = opening_with(&SETUP0, "", "\\n12") + "send B3\\nE\\n1\n";
    let o = Game::new(&p0, &opening(&SETUP1)).run();
    assert_eq!(o.player(0).setup, Some(SetupStatus::Accepted));
    assert_eq!(reason(&o), "illegal_move", "{}", o.json);
    // The verdict says where the line came from: it arrived before the
    // program was asked for its move.
    assert_eq!(
        o.summary.detail,
        "player 0 (red) replied \"12\" \"B3\" \"E\": \"12\" is not a square (a row letter A..J \
         then a column digit 0..9); the program sent line 1 of this reply before it was asked \
         for a move: they are what its previous reply sent beyond the lines it takes",
        "{}",
        o.json
    );
}

#[test]
fn a_refused_reply_sent_after_the_question_has_no_early_note() {
    // The same bad first line, sent once the program was asked.
    let p0 = opening(&SETUP0) + "send 12\\nB3\\nE\n";
    let o = Game::new(&p0, &opening(&SETUP1)).run();
    assert_eq!(reason(&o), "illegal_move", "{}", o.json);
    assert_eq!(
        o.summary.detail,
        "player 0 (red) replied \"12\" \"B3\" \"E\": \"12\" is not a square (a row letter A..J \
         then a column digit 0..9)",
        "{}",
        o.json
    );
}

#[test]
fn regression_a_missing_code_is_a_timeout_not_ko() {
    let p0 = format!("read 1\n{}\nhang\n", send_setup(&SETUP0[..39]));
    let o = Game::new(&p0, &opening(&SETUP1))
        .options(&["--setup-time-limit-ms", "300"])
        .run();
    assert_eq!(reason(&o), "timeout", "{}", o.json);
    assert_eq!(o.player(0).setup, Some(SetupStatus::Failed));
    assert!(
        without_cpu(&o.summary.detail).starts_with(
            "player 0 (red): no complete reply within 300 ms: got 39 of 40 lines: \"11\", \"12\""
        ),
        "{}",
        o.json
    );
    assert_eq!(o.received[1], "1\nF\n");
}

#[test]
fn the_setup_reply_has_two_seconds_by_default() {
    // A slow start (an interpreter, a JVM) eats into the setup reply only.
    // It sleeps a little over the second measured: woken by the number's
    // write, it may start sleeping before the referee reads its clock
    // after that write (it preempted the referee), which makes the
    // reply's time up to a scheduling delay shorter than the sleep.
    let p0 = opening_with(&SETUP0, "sleep 1020\n", "") + "send A3\\nE\\n3\n";
    let o = Game::new(&p0, &opening(&SETUP1)).run();
    assert_eq!(reason(&o), "flag_captured", "{}", o.json);
    assert_eq!(o.summary.settings.setup_time_limit_ms, Some(2000));
    assert!(o.player(0).setup_ms.unwrap() >= 1000.0);
}

#[test]
fn a_player_may_play_without_a_time_limit() {
    let slow = |setup: &[u8], then: &str| opening_with(setup, "sleep 600\n", "") + then;
    let limits = [
        "--time-limit-ms",
        "300",
        "--setup-time-limit-ms",
        "300",
        "--player-time-limit-ms",
        "0=none",
    ];
    let p0 = slow(&SETUP0, "sleep 600\nsend A3\\nE\\n3\n");
    let o = Game::new(&p0, &opening(&SETUP1)).options(&limits).run();
    assert_eq!(reason(&o), "flag_captured", "{}", o.json);
    assert_eq!(
        o.summary.settings.player_time_limits_ms,
        Some(vec![None, Some(300)])
    );
    // Well over its 300 ms, and a margin under the 600 ms slept: the
    // player may start sleeping before the referee reads its clock after
    // the question's write (see the setup test above).
    let max = o.player(0).max_reply_ms.unwrap();
    assert!(max >= 500.0, "max reply {max} ms");
    // The other player keeps its limit.
    let o = Game::new(&opening(&SETUP0), &slow(&SETUP1, ""))
        .options(&limits)
        .run();
    assert_won(&o.summary, "timeout", 0);
}

#[test]
fn timeout_kills_the_group_and_gives_f() {
    let o = Game::after_setups(
        "send B3\\nE\\n1\nread 5\n",
        "read 4\nspawn-child 60\nhang\n",
    )
    .options(&["--time-limit-ms", "300"])
    .run();
    assert_won(&o.summary, "timeout", 0);
    assert_eq!(o.received[0], "0\nOK\nN\nF\n");
    assert_eq!(o.received[1], "1\nOK\nB3\nE\n1\nN\n");
    assert_eq!(o.player(1).timeouts, 1);
    assert_killed(&o.summary, 1, "SIGKILL", "timeout");
}

#[test]
fn a_reply_just_inside_the_limit_is_accepted() {
    let o = Game::after_setups("sleep 150\nsend A3\\nE\\n3\n", "")
        .options(&["--time-limit-ms", "400"])
        .run();
    assert_eq!(reason(&o), "flag_captured", "{}", o.json);
    assert!(o.player(0).max_reply_ms.unwrap() >= 150.0);
}

#[test]
fn exit_during_the_game_gives_f() {
    let o = Game::after_setups("send B3\\nE\\n1\nread 1\n", "read 4\nexit 3\n").run();
    assert_won(&o.summary, "exited", 0);
    assert_eq!(o.received[0], "0\nOK\nN\nF\n");
    assert_eq!(o.player(1).exit.code, Some(3));
    assert_eq!(o.player(1).failure, Some(Reason::Exited));
}

#[test]
fn crash_gives_f() {
    let o = Game::after_setups("crash\n", "").run();
    assert_won(&o.summary, "crashed", 1);
    assert_eq!(o.received[1], "1\nOK\nF\n");
    assert_eq!(o.player(0).exit.signal.as_deref(), Some("SIGABRT"));
    assert!(o.player(0).exit.killed_by_referee.is_none());
}

#[test]
fn closed_stdout_gives_f() {
    let o = Game::after_setups("close-stdout\nhang\n", "").run();
    assert_eq!(reason(&o), "closed_output");
    assert_eq!(o.received[1], "1\nOK\nF\n");
    // It ignored the closing of its stdin: SIGTERM ended it.
    assert_killed(&o.summary, 0, "SIGTERM", "sigterm");
}

#[test]
fn an_exit_soon_after_closing_stdout_is_the_exit() {
    // A player that dies closes its pipes before it can be reaped; on a
    // loaded machine its status comes well after the close. 80 ms later is
    // still the exit, with its status, not the closed pipe.
    let o = Game::after_setups("close-stdout\nsleep 80\nexit 3\n", "").run();
    assert_won(&o.summary, "exited", 1);
    assert_eq!(o.player(0).exit.code, Some(3));
}

#[test]
fn a_closed_stdout_past_the_deadline_is_still_the_closed_pipe() {
    // The wait for the exit ends at the reply's deadline: a player that
    // closes its stdout and lingers loses for the closed pipe, not a timeout.
    let o = Game::after_setups("close-stdout\nhang\n", "")
        .options(&["--time-limit-ms", "100"])
        .run();
    assert_eq!(reason(&o), "closed_output");
}

#[test]
fn a_player_that_stops_reading_fails() {
    // Player 1 closes its stdin before sending its setup: the OK cannot be written.
    let p1 = format!("read 1\nclose-stdin\n{}\nhang\n", send_setup(&SETUP1));
    let p0 = format!("{}read 1\n", opening(&SETUP0));
    let o = Game::new(&p0, &p1).run();
    assert_won(&o.summary, "stopped_reading", 0);
    assert_eq!(o.received[0], "0\nOK\nF\n");
}

#[test]
fn ignoring_sigterm_ends_in_sigkill() {
    let p1 = format!("ignore-term\n{}read 4\nhang\n", opening(&SETUP1));
    let p0 = format!("{}send A3\\nE\\n3\n", opening(&SETUP0));
    let o = Game::new(&p0, &p1).run();
    assert_eq!(reason(&o), "flag_captured");
    assert_killed(&o.summary, 1, "SIGKILL", "sigkill");
}

/// A setup of forty 1s: too many Marshals.
fn forty_ones() -> String {
    format!("read 1\nsend {}\nread 1\n", ["1"; 40].join("\\n"))
}

#[test]
fn setup_refused_on_one_side() {
    let o = Game::new(&opening(&SETUP0), &forty_ones()).run();
    assert_won(&o.summary, "setup_refused", 0);
    assert_eq!(o.received, ["0\nOK\n", "1\nKO\n"]);
    assert_eq!(o.player(1).setup, Some(SetupStatus::Refused));
    assert!(o.summary.detail.as_str().contains("Marshal"), "{}", o.json);
}

#[test]
fn setup_refused_on_both_sides_is_a_draw() {
    // A Scout (9) too many and a Bomb too few.
    let short = opening_with(&[&[9], &SETUP0[..39]].concat(), "", "");
    let garbage = "read 1\nsend hello\\n1\\n2\\n3\\n4\\n5\\n6\\n7\\n8\\n9\\n10\\n11\\n12\\n1\\n2\\n3\\n4\\n5\\n6\\n7\\n8\\n9\\n10\\n11\\n12\\n1\\n2\\n3\\n4\\n5\\n6\\n7\\n8\\n9\\n10\\n11\\n12\\n1\\n2\\n3\nread 1\n";
    let o = Game::new(&short, garbage).run();
    assert_drawn(&o.summary, "setup_refused");
    assert_eq!(o.received, ["0\nKO\n", "1\nKO\n"]);
    assert!(o.summary.detail.as_str().contains("line 1"), "{}", o.json);
}

#[test]
fn failure_during_setup_gives_f_in_place_of_the_answer() {
    let o = Game::new(&opening(&SETUP0), "read 1\nexit 0\n").run();
    assert_won(&o.summary, "exited", 0);
    assert_eq!(o.received[0], "0\nF\n");
    assert_eq!(o.player(1).setup, Some(SetupStatus::Failed));
}

#[test]
fn refused_setup_and_failure_is_a_draw() {
    let o = Game::new(&forty_ones(), "read 1\nsleep 200\nexit 1\n").run();
    assert_drawn(&o.summary, "exited");
    assert_eq!(o.received[0], "0\nKO\n");
}

#[test]
fn exec_failure_is_a_clear_failure() {
    let o = Game::new("", &opening(&SETUP1))
        .program(0, "./no-such-player")
        .run();
    assert_ended(
        &o.summary,
        "exec_failed",
        Some(1),
        "player 0 (red): exec of ./no-such-player failed: No such file or directory",
    );
    assert_eq!(o.received[1], "1\nF\n");
    assert!(!o.player(0).exit.started);
}

#[test]
fn both_failing_is_a_draw() {
    let o = Game::new("", "")
        .program(0, "./nope0")
        .program(1, "./nope1")
        .run();
    assert_drawn(&o.summary, "exec_failed");
}

#[test]
fn players_inherit_only_stdio() {
    let o = Game::after_setups("", "").run();
    for info in &o.info {
        let fds = info.lines().next().unwrap();
        let numbers: Vec<&str> = fds
            .split(' ')
            .skip(1)
            .map(|f| f.split(':').next().unwrap())
            .collect();
        assert_eq!(numbers, ["0", "1", "2"], "{fds}");
        assert!(fds.contains("pipe:"), "{fds}");
    }
}

#[test]
fn escaped_grandchildren_are_killed() {
    // Player 0 starts a grandchild in a new session holding its pipes open,
    // then exits: EOF never comes, SIGCHLD does.
    let o = Game::after_setups("spawn-setsid 60\nspawn-child 60\nexit 0\n", "").run();
    assert_eq!(reason(&o), "exited", "{}", o.json);
    assert!(o.info[0].contains("child "), "{}", o.info[0]);
    // `run` has checked that no tagged process survives.
}

#[test]
fn stderr_is_logged_and_capped_without_slowing_the_game() {
    let p0 = format!(
        "flood-stderr 20000000\n{}send A3\\nE\\n3\n",
        opening(&SETUP0)
    );
    let o = Game::new(&p0, &opening(&SETUP1))
        .options(&["--max-log-bytes", "1000"])
        .run();
    assert_eq!(reason(&o), "flag_captured", "{}", o.json);
    assert_eq!(o.logs[0].len(), 1000 + "\n[log truncated]\n".len());
    assert!(o.logs[0].ends_with(b"\n[log truncated]\n"));
}

/// A game of our `player` in both seats, each with its `args`.
fn our_players(args: [&str; 2]) -> util::Outcome {
    let player = util::workspace_bin("player");
    let mut options = Vec::new();
    for (i, args) in args.iter().enumerate() {
        options.extend(args.split(' ').map(|a| format!("--arg{i}={a}")));
    }
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    Game::new("", "")
        .program(0, &player)
        .program(1, &player)
        .options(&options)
        .run()
}

#[test]
fn two_random_players_finish_a_game() {
    let o = our_players(["--strategy random --seed 1", "--strategy random --seed 2"]);
    assert!(o.summary.result.is_some(), "{}", o.json);
    for i in 0..2 {
        assert_eq!(o.player(i).exit.code, Some(0), "{}", o.json);
        assert_eq!(o.player(i).setup, Some(SetupStatus::Accepted));
    }
}

#[test]
fn the_ai_plays_a_full_game_against_random_without_e_or_f() {
    // The AI is the player's default strategy. A short budget keeps the
    // debug build quick; the referee's limit stays at the helper's 1 s.
    let o = our_players(["--seed 7 --move-time-ms 30", "--strategy random --seed 8"]);
    let by_the_rules = [
        "flag_captured",
        "no_legal_move",
        "neither_can_move",
        "turn_limit",
    ];
    assert_ended_by(&o.summary, &by_the_rules);
    // Both exit by themselves when the game is over.
    assert_clean(&o.summary);
    // The AI logs every move with its reply time.
    let log = String::from_utf8_lossy(&o.logs[0]);
    util::assert_each_move_logged(&log, o.player(0).moves, " ms");
}

#[test]
fn usage_errors_exit_2() {
    run::assert_usage_error(&["only-one"], "stratego takes 2 players, 1 given");
}

/// Interrupts the referee with `signal` during the setup phase (both
/// players hang) and checks the exit status, the JSON and the cleanup.
fn interrupt_during_setup(signal: nix::sys::signal::Signal, status: i32) {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("s");
    std::fs::write(&script, "hang\n").unwrap();
    let tag = util::new_tag();
    let child = Command::new(util::workspace_bin("referee"))
        .current_dir(dir.path())
        .env("STRATEGO_E2E_TAG", &tag)
        .args(["--sandbox-env", "STRATEGO_E2E_TAG"])
        .args(["--json", "--time-limit-ms", "60000"])
        .arg(format!("--arg0={}", script.display()))
        .arg(format!("--arg1={}", script.display()))
        .arg(util::scripted())
        .arg(util::scripted())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the players run (they report on stderr, into their
    // logs), then interrupt the referee.
    for _ in 0..500 {
        let log = std::fs::read(dir.path().join("logs/player0.log")).unwrap_or_default();
        if util::reports(&log).1.contains("fds") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    std::thread::sleep(std::time::Duration::from_millis(50));
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(child.id() as i32), signal).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(status));
    let verdict =
        referee_schema::Summary::from_json(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!(verdict.reason, Reason::Interrupted);
    assert!(verdict.result.is_none());
    assert!(verdict.winner.is_none());
    util::assert_no_leftovers(&tag);
}

#[test]
fn sigterm_to_the_referee_ends_without_verdict() {
    interrupt_during_setup(nix::sys::signal::Signal::SIGTERM, 143);
}

#[test]
fn ctrl_c_during_the_setup_phase_ends_without_verdict() {
    interrupt_during_setup(nix::sys::signal::Signal::SIGINT, 130);
}
