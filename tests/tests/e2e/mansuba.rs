//! Mansuba through the real referee: the session protocol byte for byte
//! with scripted players, whole games of our AI against `closer` with two
//! and five players (their records judged again by `referee replay`), a
//! configuration with captures, escapes and relation changes, and every
//! bad reply of `docs/games/mansuba.md` through `mansuba-faulty`, with two
//! seats and with five.

use std::time::Duration;

use mansuba::referee_game::MoveRecord;
use referee_schema::{Reason, Record};

use crate::run::{Play, assert_usage_error, faulty_at, player_spec, replays, run_in};
use crate::util::{Game, Outcome, assert_each_move_logged};
use crate::verdict::{assert_clean, assert_ended, assert_ended_by, assert_lost};

/// A Mansuba record, typed.
type MansubaRecord = Record<MoveRecord, game_core::NoSetup>;

const GREETING0: &str = "0 2\n4 2\nsquare4\nsimple\noff\n16 0\n0\n1\n\
                         P pawn step:all jump:all multi-jump:all\nP P\n0 4\n3 7\n";

/// A game on a 4 x 2 world between scripted players, seat 0 first,
/// with `extra` options: seat 0's pawns on 0 and 4, seat 1's on 3 and 7.
fn on_4_by_2(p0: &str, p1: &str, extra: &[&str]) -> Outcome {
    let mut options = vec![
        "--game", "mansuba", "--width", "4", "--height", "2", "--first", "0",
    ];
    options.extend(extra);
    Game::new(p0, p1).options(&options).run()
}

#[test]
fn a_whole_game_every_message_byte_for_byte() {
    // Seat 0 steps 0 to 1, seat 1 steps 3 to 2, seat 0 jumps 1 over 2
    // onto 3, a start place of seat 1: the simple victory.
    let p0 = "read 12\nsend 0 1\nread 2\nread 2\nsend  1 3 \\r\nread 2\n";
    let p1 = "read 12\nread 2\nsend 3 2\nread 2\nread 2\n";
    let o = on_4_by_2(p0, p1, &["--record", "game.json"]);
    let turns = "0 0 1\nN\n1 3 2\nN\n0 1 3\nW\n";
    assert_eq!(o.received[0], format!("{GREETING0}{turns}"));
    assert_eq!(
        o.received[1],
        format!("1{}{turns}", &GREETING0[1..]),
        "seat 1's greeting differs by its seat only"
    );
    assert_eq!(o.summary.game, "mansuba");
    assert_ended(
        &o.summary,
        "simple_victory",
        Some(0),
        "player 0's pawn reached 3, a start place of player 1",
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
    replays(&o.dir).says("the same game, the same end");
}

#[test]
fn an_illegal_reply_is_told_to_every_seat() {
    // Seat 1 moves seat 0's pawn: it loses; both read `1 E`.
    let p0 = "read 12\nsend 0 1\nread 2\nread 1\n";
    let p1 = "read 12\nread 2\nsend 1 2\nread 1\n";
    let o = on_4_by_2(p0, p1, &[]);
    assert_ended(
        &o.summary,
        "illegal_move",
        Some(0),
        "player 1 replied \"1 2\": place 1 holds player 0's pawn, not a piece of yours",
    );
    for received in &o.received {
        assert!(received.ends_with("0 0 1\nN\n1 E\n"), "{received}");
    }
}

/// What came out of a Mansuba game.
type Played = crate::run::Played<MansubaRecord>;

/// Plays `referee --game mansuba --players N` between `players` (`--player`
/// specs, N of them), with `extra`.
fn play(players: &[String], extra: &[&str]) -> Played {
    let seats = players.len().to_string();
    Play::between("mansuba", &["--players", &seats], extra, players)
}

fn player(args: &str) -> String {
    player_spec("mansuba", args)
}

#[test]
fn our_ai_against_closer_with_two_and_five_players() {
    for (n, seed) in [(2usize, "11"), (5, "12")] {
        let mut players = vec![player("--max-nodes 3000")];
        for i in 1..n {
            players.push(player(&format!("--strategy closer --seed {i}")));
        }
        let o = play(&players, &["--seed", seed]);
        assert_clean(&o.summary);
        assert_ended_by(&o.summary, &["simple_victory", "turn_limit"]);
        assert_eq!(o.summary.players.len(), n);
        assert_eq!(o.summary.points.as_ref().map(Vec::len), Some(n));
        assert_eq!(o.summary.settings.seed, Some(seed.parse().unwrap()));
        // The AI logs each move with its time and what it searched.
        let log = o.log(0);
        assert_each_move_logged(&log, o.summary.players[0].moves, " nodes");
        assert!(log.contains(&format!("seat 0 of {n}")), "{log}");
        // The record's turns go round the table from the first player.
        let first = usize::from(o.record.moves[0].player);
        for (i, m) in o.record.moves.iter().enumerate() {
            assert_eq!(usize::from(m.player), (first + i) % n, "{}", o.json);
        }
        replays(&o.dir).says("the same game, the same end");
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
        assert_clean(&o.summary);
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
        replays(&o.dir).says("the same game, the same end");
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
        let text = std::fs::read_to_string(o.dir.join("game.json")).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["settings"]["seed"] = serde_json::json!(other_seed);
        std::fs::write(o.dir.join("other.json"), v.to_string()).unwrap();
        run_in(&o.dir, "referee", &["replay", "--check", "other.json"])
            .exits(3)
            .complains("today's rules give the move to player");
    }
    assert!(changes > 0, "the relation changed");
    assert!(escapes > 0, "someone tried to escape");
}

/// `mansuba-faulty` in `mode` from turn `at` on, at `seat` of a game of
/// `n` seats (the others our random player): it loses for `reason` with
/// `detail`; the others share the point and end well, told who failed.
fn loses(mode: &str, at: u32, n: usize, seat: usize, extra: &[&str], reason: Reason, detail: &str) {
    // A long grace, as for Quarto's: the others must leave by themselves.
    let mut args = vec![
        "--time-limit-ms",
        "1000",
        "--grace-ms",
        "2000",
        "--first",
        "0",
    ];
    args.extend(extra);
    let o = play(&faulty_at("mansuba", n, seat, mode, at), &args);
    assert_lost(&o.summary, seat, &reason, detail);
    let points = o.summary.points.clone().unwrap();
    for (i, p) in points.iter().enumerate() {
        let want = if i == seat { 0.0 } else { 1.0 / (n - 1) as f64 };
        assert!((p - want).abs() < 1e-9, "player {i}: {}", o.json);
    }
    let told = if reason == Reason::IllegalMove {
        format!("Illegal({seat})")
    } else {
        format!("Failed({seat})")
    };
    for i in (0..n).filter(|&i| i != seat) {
        assert_eq!(o.summary.players[i].exit.code, Some(0), "{}", o.json);
        assert!(
            o.log(i).contains(&format!("game over: {told}")),
            "{}\n{}",
            o.json,
            o.log(i)
        );
    }
    assert!(
        o.elapsed < Duration::from_secs(15),
        "{:?}: {}",
        o.elapsed,
        o.json
    );
}

#[test]
fn unreadable_replies_lose_quoting_what_was_received() {
    for (mode, at, seat, detail) in [
        (
            "garbage",
            0,
            0,
            "expected `FROM TO` (two place numbers), `escape PLACE [SORT]` or `pass`, got \"hello world\"",
        ),
        ("long-line", 3, 1, "over the 64-byte limit"),
        ("binary", 2, 0, "0xb6"),
    ] {
        loses(mode, at, 2, seat, &[], Reason::IllegalMove, detail);
    }
}

#[test]
fn illegal_actions_lose_with_the_rules_reason() {
    for (mode, at, seat, extra, detail) in [
        (
            "off-board",
            0,
            0,
            &[][..],
            "is off the board (places are 0 to 99)",
        ),
        ("not-yours", 1, 1, &[], "not a piece of yours"),
        ("cannot-go", 2, 0, &[], "cannot go to"),
        (
            "bad-escape",
            0,
            0,
            &["--captures", "on"],
            "you have no prisoner captured on 0",
        ),
        (
            "bad-pass",
            0,
            0,
            &[],
            "you may pass only when one of your pieces cannot act",
        ),
    ] {
        loses(mode, at, 2, seat, extra, Reason::IllegalMove, detail);
    }
}

#[test]
fn five_seats_a_fault_loses_and_the_others_share_the_point() {
    let garbage = "got \"hello world\"";
    loses("garbage", 4, 5, 2, &[], Reason::IllegalMove, garbage);
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
        // The number of programs must be the number of players.
        (&["--players", "3"][..], "mansuba takes 3 players, 2 given"),
    ] {
        assert_usage_error(&[&["--game", "mansuba"], args, &["a", "b"]].concat(), says);
    }
}
