//! Oust through the real referee: the per-move model (a process started
//! for every move, given the seconds and the position), a full game of our
//! AI, and every kind of bad reply through `oust-faulty`.

use std::path::PathBuf;
use std::time::Duration;

use oust::referee_game::MoveRecord;
use referee_schema::{Reason, Record};

use crate::util::{self, OpenBins, workspace_bin};

/// An Oust record, typed.
type OustRecord = Record<MoveRecord, game_core::NoSetup>;

/// What came out of an Oust game.
type Outcome = util::Played<OustRecord>;

/// What a [`recorder`] of seat `i` reported of `kind` (`args`, `stdin`):
/// its lines, in order.
fn recorded(o: &Outcome, i: usize, kind: &str) -> String {
    let prefix = format!("@{kind} ");
    o.log(i)
        .lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Plays `referee --game oust` on a `side` x `side` board between two
/// `--player` specs, with `--json --record`, and checks that nothing tagged
/// for the game is left running.
fn play(side: u8, time_limit_ms: u64, players: [String; 2], extra: &[&str]) -> Outcome {
    let side = side.to_string();
    let limit = format!("--time-limit-ms={time_limit_ms}");
    let args = [
        &[
            "--cols",
            side.as_str(),
            "--rows",
            side.as_str(),
            limit.as_str(),
        ],
        extra,
    ]
    .concat();
    util::play_recorded("oust", &args, &players, OustRecord::from_json)
}

fn player(args: &str) -> String {
    format!("{} --game oust {args}", workspace_bin("player").display())
}

fn faulty(mode: &str, at: usize) -> String {
    format!(
        "{} --mode {mode} --at {at} --seed 5",
        workspace_bin("oust-faulty").display()
    )
}

/// A script in `bins`'s directory that reports its arguments and its
/// stdin on its stderr (the one way out of its sandbox: the referee logs
/// it), `@args ARGS` and `@stdin LINE` lines, then lets our random player
/// answer. Script and player sit where every uid reaches them: the
/// referee checks that a seat's uid reaches the script, not what the
/// script runs (a player of a clone under a closed directory, as CI's,
/// failed with "Permission denied" and exit status 126).
fn recorder(bins: &OpenBins, name: &str) -> PathBuf {
    let path = bins.dir().join(name);
    let script = format!(
        "#!/bin/sh\nprintf '@args %s\\n' \"$*\" >&2\n\
         awk '{{ print \"@stdin \" $0 > \"/dev/stderr\"; print }}' | {player} --game oust --strategy random --seed 9 \"$@\"\n",
        player = bins.get("player").display()
    );
    std::fs::write(&path, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn each_move_starts_the_program_with_the_seconds_and_the_position() {
    let bins = OpenBins::new();
    let black = recorder(&bins, "black");
    let o = play(
        5,
        3000,
        [
            black.display().to_string(),
            player("--strategy random --seed 2"),
        ],
        &[],
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let args = recorded(&o, 0, "args");
    let stdin = recorded(&o, 0, "stdin");
    // One process per move of black's, each given "3" (seconds).
    let black_moves = o.record.moves.iter().filter(|m| m.player == 0).count();
    assert_eq!(args.lines().count(), black_moves, "{args}");
    assert!(args.lines().all(|l| l == "3"), "{args}");
    assert_eq!(o.summary.players[0].processes, Some(black_moves as u32));
    // The first position: the empty 5x5 board, black (1) to play.
    assert!(
        stdin.starts_with("5 5\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n1\n"),
        "{stdin}"
    );
}

/// A seat given a limit of its own (`--player-time-limit-ms`) was told the
/// match's seconds, and thought for longer than it had.
#[test]
fn regression_a_seat_with_its_own_limit_is_told_its_own_seconds() {
    let bins = OpenBins::new();
    let black = recorder(&bins, "black");
    let white = recorder(&bins, "white");
    let o = play(
        5,
        3000,
        [black.display().to_string(), white.display().to_string()],
        &["--player-time-limit-ms", "1=2000"],
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let (black, white) = (recorded(&o, 0, "args"), recorded(&o, 1, "args"));
    assert!(
        !black.is_empty() && black.lines().all(|l| l == "3"),
        "{black}"
    );
    assert!(
        !white.is_empty() && white.lines().all(|l| l == "2"),
        "{white}"
    );
    assert_eq!(
        o.summary.settings.player_time_limits_ms,
        Some(vec![Some(3000), Some(2000)])
    );
}

#[test]
fn our_ai_plays_a_whole_game_against_itself_process_per_move() {
    let o = play(
        5,
        2000,
        [player("--move-time-ms 60"), player("--move-time-ms 40")],
        &[],
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(o.summary.game, "oust");
    assert_eq!(o.summary.settings.options["cols"], 5);
    assert!(
        matches!(o.summary.reason.as_str(), "all_captured" | "blocked"),
        "{}",
        o.json
    );
    assert_eq!(o.summary.moves as usize, o.record.moves.len());
    for (i, p) in o.summary.players.iter().enumerate() {
        assert_eq!(p.failure, None, "{}", o.json);
        assert_eq!(p.exit.code, Some(0), "{}", o.json);
        assert_eq!(p.setup, None, "no setup phase");
        // Every process of a seat wrote its line into the same log.
        let lines = o.log(i).lines().count() as u32;
        assert_eq!(Some(lines), p.processes, "player {i}'s log:\n{}", o.log(i));
        assert_eq!(p.moves, lines);
    }
    // The record replays to the same end under the rules.
    let mut pos = oust::Position::new(oust::Options { cols: 5, rows: 5 }, 0);
    for m in &o.record.moves {
        assert_eq!(usize::from(m.player), pos.to_move().seat());
        let u = match (m.detail.col, m.detail.row) {
            (Some(c), Some(r)) => oust::UncheckedMove::new(c, r),
            _ => oust::UncheckedMove::new(5, 5),
        };
        let e = pos.play(pos.check(&u).unwrap());
        assert_eq!(e.captured, m.detail.captured);
        assert_eq!(e.again, m.detail.again);
    }
    let end = pos.end().expect("the record reaches the end");
    assert_eq!(end.winner.map(|w| w.seat() as u8), o.summary.winner);
}

/// A faulty player, black or white, against our random player: it loses
/// for `reason` with `detail` in the verdict, the opponent is unharmed.
/// On 7x7, where nobody captures within the first few moves.
fn loses(mode: &str, at: usize, limit_ms: u64, reason: Reason, detail: &str) {
    for faulty_seat in [0, 1] {
        let mut players = [
            player("--strategy random --seed 3"),
            player("--strategy random --seed 3"),
        ];
        players[faulty_seat] = faulty(mode, at);
        let o = play(7, limit_ms, players, &[]);
        let ctx = format!("mode {mode}, seat {faulty_seat}: {}", o.json);
        assert_eq!(o.code, Some(0), "{ctx}\n{}", o.stderr);
        assert_eq!(o.summary.reason, reason, "{ctx}");
        assert_eq!(o.summary.winner, Some(1 - faulty_seat as u8), "{ctx}");
        assert!(o.summary.detail.contains(detail), "{ctx}");
        assert!(
            o.summary
                .detail
                .starts_with(&format!("player {faulty_seat}: ")),
            "{ctx}"
        );
        let other = &o.summary.players[1 - faulty_seat];
        assert_eq!(other.failure, None, "{ctx}");
        assert!(
            o.elapsed < Duration::from_millis(limit_ms) * 3 + Duration::from_secs(10),
            "{ctx}"
        );
    }
}

#[test]
fn garbage_loses_quoting_what_was_received() {
    loses(
        "garbage",
        2,
        2000,
        Reason::IllegalMove,
        "expected \"col row\", two non-negative integers, got \"hello world\"",
    );
}

#[test]
fn negative_and_malformed_coordinates_lose() {
    for (mode, got) in [
        ("negative", "\"-1 0\""),
        ("comma", "\"3,4\""),
        ("one-number", "\"3\""),
    ] {
        loses(
            mode,
            1,
            2000,
            Reason::IllegalMove,
            &format!("two non-negative integers, got {got}"),
        );
    }
}

#[test]
fn an_occupied_point_loses_naming_the_stone() {
    loses("occupied", 1, 2000, Reason::IllegalMove, "is taken by a");
}

#[test]
fn an_illegal_capture_loses_saying_why() {
    // Once a player has a stone, a placement next to it that touches no
    // enemy group exists (on 7x7, nobody has captured by then).
    loses(
        "illegal-capture",
        2,
        2000,
        Reason::IllegalMove,
        "own stones",
    );
}

#[test]
fn a_pass_while_placements_exist_loses() {
    loses(
        "pass",
        2,
        2000,
        Reason::IllegalMove,
        "is off the board, a pass, but",
    );
}

#[test]
fn an_over_long_line_and_a_non_ascii_byte_lose() {
    loses(
        "long-line",
        1,
        2000,
        Reason::IllegalMove,
        "over the 64-byte limit",
    );
    loses("binary", 1, 2000, Reason::IllegalMove, "the byte 0xb6");
}

#[test]
fn silence_past_the_limit_is_a_timeout_and_the_process_is_killed() {
    loses(
        "sleep",
        2,
        500,
        Reason::Timeout,
        "no complete reply within 500 ms",
    );
}

#[test]
fn a_crash_and_an_exit_without_a_move_lose() {
    loses("crash", 2, 2000, Reason::Crashed, "killed by SIGABRT");
    loses(
        "exit-silent",
        2,
        2000,
        Reason::Exited,
        "exited with status 0",
    );
}

#[test]
fn a_process_that_lingers_after_its_move_is_ended_and_the_game_goes_on() {
    let o = play(
        4,
        2000,
        [faulty("linger", 0), player("--strategy random --seed 1")],
        &["--grace-ms", "20"],
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        matches!(o.summary.reason.as_str(), "all_captured" | "blocked"),
        "{}",
        o.json
    );
    // It ignored SIGTERM: each of its processes was SIGKILLed.
    let p = &o.summary.players[0];
    assert_eq!(p.failure, None, "{}", o.json);
    assert_eq!(
        p.exit.killed_by_referee.as_deref(),
        Some("sigkill"),
        "{}",
        o.json
    );
}

#[test]
fn descendants_left_by_a_move_are_killed_before_the_next_move() {
    let o = play(
        4,
        2000,
        [
            faulty("setsid-child", 0),
            player("--strategy random --seed 1"),
        ],
        &[],
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(o.summary.players[0].failure.is_none(), "{}", o.json);
    // `play` checked that no tagged process is left.
}
