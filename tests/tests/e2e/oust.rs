//! Oust through the real referee: the per-move model (a process started
//! for every move, given the seconds and the position), a full game of our
//! AI, and every kind of bad reply through `oust-faulty`.

use std::path::PathBuf;
use std::time::Duration;

use oust::referee_game::MoveRecord;
use referee_schema::{Reason, Record};

use crate::run::{Play, Played, faulty_at, player_spec};
use crate::util::OpenBins;
use crate::verdict::{assert_clean, assert_ended_by, assert_killed, assert_lost};

/// An Oust record, typed.
type OustRecord = Record<MoveRecord, game_core::NoSetup>;

/// What came out of an Oust game.
type Outcome = Played<OustRecord>;

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

/// Plays `referee --game oust` on a `side` x `side` board between
/// `players` (`--player` specs), with `time_limit_ms` a move and `extra`.
fn play<S: AsRef<str>>(side: u8, time_limit_ms: u64, players: &[S], extra: &[&str]) -> Outcome {
    let side = side.to_string();
    let limit = format!("--time-limit-ms={time_limit_ms}");
    Play::between(
        "oust",
        &["--cols", &side, "--rows", &side, &limit],
        extra,
        players,
    )
}

fn player(args: &str) -> String {
    player_spec("oust", args)
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
    let black = recorder(&bins, "black").display().to_string();
    let o = play(5, 3000, &[black, player("--strategy random --seed 2")], &[]);
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
    let seats = ["black", "white"].map(|name| recorder(&bins, name).display().to_string());
    let o = play(5, 3000, &seats, &["--player-time-limit-ms", "1=2000"]);
    for (seat, seconds) in [(0, "3"), (1, "2")] {
        let told = recorded(&o, seat, "args");
        assert!(
            !told.is_empty() && told.lines().all(|l| l == seconds),
            "seat {seat}: {told}"
        );
    }
    assert_eq!(
        o.summary.settings.player_time_limits_ms,
        Some(vec![Some(3000), Some(2000)])
    );
}

#[test]
fn our_ai_plays_a_whole_game_against_itself_process_per_move() {
    let ais = [player("--move-time-ms 60"), player("--move-time-ms 40")];
    let o = play(5, 2000, &ais, &[]);
    assert_eq!(o.summary.game, "oust");
    assert_eq!(o.summary.settings.options["cols"], 5);
    assert_ended_by(&o.summary, &["all_captured", "blocked"]);
    assert_clean(&o.summary);
    assert_eq!(o.summary.moves as usize, o.record.moves.len());
    for (i, p) in o.summary.players.iter().enumerate() {
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

/// `oust-faulty` in `mode` from `at` stones on, black or white, against our
/// random player: it loses for `reason` with `detail` in the verdict, the
/// opponent is unharmed. On 7x7, where nobody captures within the first
/// few moves.
fn loses(mode: &str, at: u32, limit_ms: u64, reason: Reason, detail: &str) {
    for seat in [0, 1] {
        let o = play(7, limit_ms, &faulty_at("oust", 2, seat, mode, at), &[]);
        assert_lost(&o.summary, seat, &reason, detail);
        let bound = Duration::from_millis(limit_ms) * 3 + Duration::from_secs(10);
        assert!(o.elapsed < bound, "{:?}: {}", o.elapsed, o.json);
    }
}

#[test]
fn bad_replies_lose_saying_why() {
    // What does not read as a move is quoted. Once a player has a stone, a
    // placement next to it that touches no enemy group exists (on 7x7,
    // nobody has captured by then).
    let unreadable =
        |got: &str| format!("expected \"col row\", two non-negative integers, got {got}");
    for (mode, at, detail) in [
        ("garbage", 2, unreadable("\"hello world\"")),
        ("negative", 1, unreadable("\"-1 0\"")),
        ("comma", 1, unreadable("\"3,4\"")),
        ("one-number", 1, unreadable("\"3\"")),
        ("long-line", 1, "over the 64-byte limit".into()),
        ("binary", 1, "the byte 0xb6".into()),
        ("occupied", 1, "is taken by a".into()),
        ("illegal-capture", 2, "own stones".into()),
        ("pass", 2, "is off the board, a pass, but".into()),
    ] {
        loses(mode, at, 2000, Reason::IllegalMove, &detail);
    }
}

#[test]
fn silence_a_crash_and_an_exit_without_a_move_lose() {
    // Silence past the limit is a timeout, and the process is killed.
    for (mode, limit_ms, reason, detail) in [
        (
            "sleep",
            500,
            Reason::Timeout,
            "no complete reply within 500 ms",
        ),
        ("crash", 2000, Reason::Crashed, "killed by SIGABRT"),
        ("exit-silent", 2000, Reason::Exited, "exited with status 0"),
    ] {
        loses(mode, 2, limit_ms, reason, detail);
    }
}

#[test]
fn a_process_that_lingers_after_its_move_is_ended_and_the_game_goes_on() {
    let seats = faulty_at("oust", 2, 0, "linger", 0);
    let o = play(4, 2000, &seats, &["--grace-ms", "20"]);
    assert_ended_by(&o.summary, &["all_captured", "blocked"]);
    // It ignored SIGTERM: each of its processes was SIGKILLed.
    assert_eq!(o.summary.players[0].failure, None, "{}", o.json);
    assert_killed(&o.summary, 0, "SIGKILL", "sigkill");
}

#[test]
fn descendants_left_by_a_move_are_killed_before_the_next_move() {
    let o = play(4, 2000, &faulty_at("oust", 2, 0, "setsid-child", 0), &[]);
    assert!(o.summary.players[0].failure.is_none(), "{}", o.json);
    // `Play::run` checked that no tagged process is left.
}
