//! Mansuba through the real referee: the session protocol byte for byte
//! with scripted players, whole games of our AI against `closer` with two
//! and five players (their records judged again by `referee replay`), a
//! configuration with captures, escapes and relation changes, and every
//! bad reply of `docs/games/mansuba.md` through `mansuba-faulty`, with two
//! seats and with five.

use std::process::Command;
use std::time::Duration;

use mansuba::referee_game::MoveRecord;
use referee_schema::{Reason, Record};

use crate::util::{self, Game, workspace_bin};

/// A Mansuba record, typed.
type MansubaRecord = Record<MoveRecord, game_core::NoSetup>;

const GREETING0: &str = "0 2\n4 2\nsquare4\nsimple\noff\n16 0\n0\n1\n\
                         P pawn step:all jump:all multi-jump:all\nP P\n0 4\n3 7\n";

#[test]
fn a_whole_game_every_message_byte_for_byte() {
    // 4 x 2: seat 0's pawns on 0 and 4, seat 1's on 3 and 7. Seat 0 steps
    // 0 to 1, seat 1 steps 3 to 2, seat 0 jumps 1 over 2 onto 3, a start
    // place of seat 1: the simple victory.
    let p0 = "read 12\nsend 0 1\nread 2\nread 2\nsend  1 3 \\r\nread 2\n";
    let p1 = "read 12\nread 2\nsend 3 2\nread 2\nread 2\n";
    let o = Game::new(p0, p1)
        .options(&[
            "--game",
            "mansuba",
            "--width",
            "4",
            "--height",
            "2",
            "--first",
            "0",
            "--record",
            "game.json",
        ])
        .run();
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let turns = "0 0 1\nN\n1 3 2\nN\n0 1 3\nW\n";
    assert_eq!(o.received[0], format!("{GREETING0}{turns}"));
    assert_eq!(
        o.received[1],
        format!("1{}{turns}", &GREETING0[1..]),
        "seat 1's greeting differs by its seat only"
    );
    assert_eq!(o.summary.game, "mansuba");
    assert_eq!(o.summary.reason.as_str(), "simple_victory");
    assert_eq!(o.summary.winner, Some(0));
    assert_eq!(
        o.summary.detail,
        "player 0's pawn reached 3, a start place of player 1"
    );
    assert_eq!(o.summary.moves, 3);
    assert_eq!(o.summary.settings.max_turns, 16, "2 x WIDTH x HEIGHT");
    assert_eq!(o.summary.settings.options["players"], 2);
    let text = std::fs::read_to_string(o.dir.join("game.json")).unwrap();
    let record = MansubaRecord::from_json(&text).unwrap();
    let last = &record.moves[2].detail;
    assert_eq!(
        (
            last.action.as_str(),
            last.from,
            last.to,
            last.result.as_str()
        ),
        ("move", Some(1), Some(3), "W")
    );
    replay_ok(&o.dir.join("game.json"));
}

#[test]
fn an_illegal_reply_is_told_to_every_seat() {
    // Seat 1 moves seat 0's pawn: it loses; both read `1 E`.
    let p0 = "read 12\nsend 0 1\nread 2\nread 1\n";
    let p1 = "read 12\nread 2\nsend 1 2\nread 1\n";
    let o = Game::new(p0, p1)
        .options(&[
            "--game", "mansuba", "--width", "4", "--height", "2", "--first", "0",
        ])
        .run();
    assert_eq!(o.summary.reason, Reason::IllegalMove, "{}", o.json);
    assert_eq!(o.summary.winner, Some(0));
    assert_eq!(
        o.summary.detail,
        "player 1: place 1 holds player 0's pawn, not a piece of yours"
    );
    assert!(
        o.received[0].ends_with("0 0 1\nN\n1 E\n"),
        "{}",
        o.received[0]
    );
    assert!(
        o.received[1].ends_with("0 0 1\nN\n1 E\n"),
        "{}",
        o.received[1]
    );
}

/// What came out of a Mansuba game.
type Played = util::Played<MansubaRecord>;

/// Plays `referee --game mansuba --json --record` between `--player`
/// specs and checks that nothing tagged for it is left running.
fn play(players: &[String], extra: &[&str]) -> Played {
    let seats = players.len().to_string();
    let args = [&["--players", seats.as_str()], extra].concat();
    util::play_recorded("mansuba", &args, players, MansubaRecord::from_json)
}

/// `referee replay --check` of a record: the same game today.
fn replay_ok(path: &std::path::Path) {
    let out = Command::new(workspace_bin("referee"))
        .args(["replay", "--check"])
        .arg(path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("the same game, the same end"), "{stdout}");
}

fn player(args: &str) -> String {
    format!(
        "{} --game mansuba {args}",
        workspace_bin("player").display()
    )
}

fn faulty(mode: &str, at: u32) -> String {
    format!(
        "{} --mode {mode} --at {at} --seed 5",
        workspace_bin("mansuba-faulty").display()
    )
}

/// Every seat's program ended well and made no fault.
fn clean(o: &Played) {
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    for (i, p) in o.summary.players.iter().enumerate() {
        assert_eq!(p.failure, None, "player {i}: {}", o.json);
        assert_eq!(p.illegal_moves, 0, "player {i}: {}", o.json);
        assert_eq!(p.exit.code, Some(0), "player {i}: {}", o.json);
    }
}

#[test]
fn our_ai_against_closer_with_two_and_five_players() {
    for (n, seed) in [(2usize, "11"), (5, "12")] {
        let mut players = vec![player("--max-nodes 3000")];
        for i in 1..n {
            players.push(player(&format!("--strategy closer --seed {i}")));
        }
        let o = play(&players, &["--seed", seed]);
        clean(&o);
        assert!(
            matches!(o.summary.reason.as_str(), "simple_victory" | "turn_limit"),
            "{}",
            o.json
        );
        assert_eq!(o.summary.players.len(), n);
        assert_eq!(o.summary.points.as_ref().map(Vec::len), Some(n));
        assert_eq!(o.summary.settings.seed, Some(seed.parse().unwrap()));
        // The AI logs each move with its time and what it searched.
        let log = o.log(0);
        let moves = log
            .lines()
            .filter(|l| l.starts_with("move ") && l.contains(" nodes"))
            .count();
        assert_eq!(moves as u32, o.summary.players[0].moves, "{log}");
        assert!(log.contains(&format!("seat 0 of {n}")), "{log}");
        // The record's turns go round the table from the first player.
        let first = usize::from(o.record.moves[0].player);
        for (i, m) in o.record.moves.iter().enumerate() {
            assert_eq!(usize::from(m.player), (first + i) % n, "{}", o.json);
        }
        replay_ok(&o.dir.path().join("game.json"));
    }
}

#[test]
fn captures_escapes_and_relation_changes_replay_exactly() {
    // The full configuration: captures, a random relation that changes
    // every ⌈√MAX_TURNS⌉ turns; our AI against closer, then three closer
    // players (escapes happen).
    let mut escapes = 0;
    let mut changes = 0;
    for (players, seed) in [
        (
            vec![
                player("--max-nodes 2000"),
                player("--strategy closer --seed 2"),
            ],
            "21",
        ),
        (
            (0..3)
                .map(|i| player(&format!("--strategy closer --seed {i}")))
                .collect(),
            "28",
        ),
    ] {
        let o = play(
            &players,
            &["-c", "full", "--seed", seed, "--max-turns", "120"],
        );
        clean(&o);
        escapes += o
            .record
            .moves
            .iter()
            .filter(|m| m.detail.action == "escape")
            .count();
        changes += o
            .record
            .moves
            .iter()
            .filter(|m| m.detail.relation.is_some())
            .count();
        replay_ok(&o.dir.path().join("game.json"));
        // Under another seed the referee draws another game: a seed whose
        // first player differs (after the initial relation's draw) is
        // refused from the first move.
        let n = players.len() as u64;
        let first = u64::from(o.record.moves[0].player);
        let other_seed = (0..)
            .find(|&s| {
                let mut rng = game_core::Rng::new(s);
                rng.below(4);
                rng.below(n) != first
            })
            .unwrap();
        let text = std::fs::read_to_string(o.dir.path().join("game.json")).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["settings"]["seed"] = serde_json::json!(other_seed);
        let other = o.dir.path().join("other.json");
        std::fs::write(&other, v.to_string()).unwrap();
        let out = Command::new(workspace_bin("referee"))
            .args(["replay", "--check"])
            .arg(&other)
            .output()
            .unwrap();
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(3), "{said}");
        assert!(
            said.contains("today's rules give the move to player"),
            "{said}"
        );
    }
    assert!(changes > 0, "the relation changed");
    assert!(escapes > 0, "someone tried to escape");
}

/// `mansuba-faulty` in `mode` at `seat` of a game of `n` seats (the others
/// our random player): it loses for `reason` with `detail`; the others
/// share the point and end well, told who failed.
fn loses(mode: &str, at: u32, n: usize, seat: usize, extra: &[&str], reason: Reason, detail: &str) {
    let mut players: Vec<String> = (0..n)
        .map(|i| player(&format!("--strategy random --seed {}", i + 3)))
        .collect();
    players[seat] = faulty(mode, at);
    let mut args = vec!["--time-limit-ms", "1000", "--first", "0"];
    args.extend(extra);
    let o = play(&players, &args);
    let ctx = format!("mode {mode}, seat {seat} of {n}: {}", o.json);
    assert_eq!(o.code, Some(0), "{ctx}\n{}", o.stderr);
    assert_eq!(o.summary.reason, reason, "{ctx}");
    assert!(o.summary.detail.contains(detail), "{ctx}");
    assert!(
        o.summary.detail.starts_with(&format!("player {seat}: ")),
        "{ctx}"
    );
    let points = o.summary.points.clone().unwrap();
    for (i, p) in points.iter().enumerate() {
        let want = if i == seat { 0.0 } else { 1.0 / (n - 1) as f64 };
        assert!((p - want).abs() < 1e-9, "{ctx}");
    }
    let told = if reason == Reason::IllegalMove {
        format!("Illegal({seat})")
    } else {
        format!("Failed({seat})")
    };
    for i in (0..n).filter(|&i| i != seat) {
        assert_eq!(o.summary.players[i].failure, None, "{ctx}");
        assert_eq!(o.summary.players[i].exit.code, Some(0), "{ctx}");
        assert!(
            o.log(i).contains(&format!("game over: {told}")),
            "{ctx}\n{}",
            o.log(i)
        );
    }
    assert!(o.elapsed < Duration::from_secs(15), "{ctx}");
}

#[test]
fn unreadable_replies_lose_quoting_what_was_received() {
    loses(
        "garbage",
        0,
        2,
        0,
        &[],
        Reason::IllegalMove,
        "expected `FROM TO` (two place numbers), `escape PLACE [SORT]` or `pass`, got \"hello world\"",
    );
    loses(
        "long-line",
        3,
        2,
        1,
        &[],
        Reason::IllegalMove,
        "over the 64-byte limit",
    );
    loses("binary", 2, 2, 0, &[], Reason::IllegalMove, "0xb6");
}

#[test]
fn illegal_actions_lose_with_the_rules_reason() {
    loses(
        "off-board",
        0,
        2,
        0,
        &[],
        Reason::IllegalMove,
        "is off the board (places are 0 to 99)",
    );
    loses(
        "not-yours",
        1,
        2,
        1,
        &[],
        Reason::IllegalMove,
        "not a piece of yours",
    );
    loses(
        "cannot-go",
        2,
        2,
        0,
        &[],
        Reason::IllegalMove,
        "cannot go to",
    );
    loses(
        "bad-escape",
        0,
        2,
        0,
        &["--captures", "on"],
        Reason::IllegalMove,
        "you have no prisoner captured on 0",
    );
    loses(
        "bad-pass",
        0,
        2,
        0,
        &[],
        Reason::IllegalMove,
        "you may pass only when one of your pieces cannot act",
    );
}

#[test]
fn five_seats_a_fault_loses_and_the_others_share_the_point() {
    loses(
        "garbage",
        4,
        5,
        2,
        &[],
        Reason::IllegalMove,
        "got \"hello world\"",
    );
    loses("crash", 0, 5, 4, &[], Reason::Crashed, "");
    loses("close-stdout", 1, 3, 1, &[], Reason::ClosedOutput, "");
}

#[test]
fn a_silent_player_times_out() {
    loses("sleep", 0, 2, 1, &[], Reason::Timeout, "");
}

#[test]
fn bad_options_are_usage_errors() {
    for (args, says) in [
        (&["--players", "6"][..], "--players"),
        (&["--width", "41"][..], "--width"),
        (&["-c", "draughts"][..], "-c"),
        (
            &["--players", "5", "--width", "3", "--height", "3"][..],
            "do not fit",
        ),
        (
            &["--players", "3", "--start", "columns"][..],
            "columns layout",
        ),
    ] {
        let out = Command::new(workspace_bin("referee"))
            .args(["--game", "mansuba"])
            .args(args)
            .args(["a", "b"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // The number of programs must be the number of players.
    let out = Command::new(workspace_bin("referee"))
        .args(["--game", "mansuba", "--players", "3", "a", "b"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mansuba takes 3 players, 2 given"));
}
