//! Coursidor through the real referee: the session protocol byte for byte
//! with scripted players (moves, a wall, a jump, the turn limit), every
//! kind of bad reply, the seed's command line, and whole games of our
//! players on every board type, their records judged again by `referee
//! replay --check`.

use coursidor::referee_game::MoveRecord;
use coursidor::{Board, Colour, Layout, Shape, wire};
use referee_schema::{Reason, Record};

use crate::run::{Play, Played, assert_usage_error, player_spec, replays};
use crate::util::{Game, Outcome, assert_each_move_logged};
use crate::verdict::{assert_clean, assert_ended, assert_won};

/// A Coursidor record, typed.
type CoursidorRecord = Record<MoveRecord, game_core::NoSetup>;

/// What `colour` is told first on T 2 with the one objective 3 (the
/// centre), under `turns` as the turn limit.
fn t2_greeting(colour: Colour, turns: u32) -> String {
    let layout = Layout::new(Board::new(Shape::T, 2).unwrap(), &[3]).unwrap();
    wire::greeting(colour, &layout, turns)
}

/// Checks that seat `seat`, playing `colour` on T 2 under the turn limit
/// `turns`, was told the greeting then exactly `then`.
#[track_caller]
fn assert_told(o: &Outcome, seat: usize, colour: Colour, turns: u32, then: &str) {
    assert_eq!(
        o.received[seat],
        t2_greeting(colour, turns) + then,
        "seat {seat}"
    );
}

/// The greeting's lines on T 2: colour, board, counts, 12 edges, starts,
/// objectives, walls, turn limit.
const T2_GREETING_LINES: usize = 19;

/// Options for a game on T 2 with one objective, `first` playing black.
fn t2(first: &str) -> Vec<&str> {
    vec![
        "--game",
        "coursidor",
        "-t",
        "T",
        "-m",
        "2",
        "--objectives",
        "1",
        "--first",
        first,
        "--record",
        "game.json",
    ]
}

fn record(o: &Outcome) -> CoursidorRecord {
    let text = std::fs::read_to_string(o.dir.join("game.json")).unwrap();
    CoursidorRecord::from_json(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn a_whole_game_every_message_byte_for_byte() {
    // Black (player 0) visits the centre 3 and comes back to 0; white
    // steps to 5 meanwhile.
    let g = T2_GREETING_LINES;
    let p0 = format!("read {g}\nsend M 3\nread 1\nread 2\nsend  M 0 \\r\nread 1\n");
    let p1 = format!("read {g}\nread 2\nsend m 5\nread 1\nread 2\n");
    let o = Game::new(&p0, &p1).options(&t2("0")).run();
    assert_told(&o, 0, Colour::Black, 1000, "N\nM 5\nN\nW\n");
    assert_told(&o, 1, Colour::White, 1000, "M 3\nN\nN\nM 0\nW\n");
    assert_eq!(o.summary.game, "coursidor");
    assert_ended(
        &o.summary,
        "tour_completed",
        Some(0),
        "player 0 (black) is back on its start 0 with the 1 objective(s) visited, on move 3",
    );
    assert_eq!(o.summary.settings.options["board"], "T");
    assert_eq!(o.summary.settings.options["size"], 2);
    assert_eq!(o.summary.settings.max_turns, 1000);
    for i in 0..2 {
        assert_eq!(o.player(i).exit.code, Some(0), "{}", o.json);
    }
    let r = record(&o);
    let first = &r.moves[0].detail;
    assert_eq!(
        (
            first.colour.as_str(),
            first.to,
            first.dir.as_deref(),
            first.steps
        ),
        ("black", Some(3), Some("SE"), Some(1))
    );
    assert_eq!(first.visited, [3]);
    assert_eq!(r.moves[2].detail.result, "W");
}

#[test]
fn a_wall_a_jump_and_the_turn_limit() {
    // Player 1 is black: it walls 0-1 and 0-3, white steps onto 3, black
    // to 2, and white jumps over it onto 0 (3-0 is walled): move 4 of 4,
    // a draw.
    let g = T2_GREETING_LINES;
    let black = format!("read {g}\nsend W 0 1 0 3\nread 1\nread 2\nsend M 2\nread 1\nread 2\n");
    let white = format!("read {g}\nread 2\nsend M 3\nread 1\nread 2\nsend M 0\nread 1\n");
    let mut opts = t2("1");
    opts.extend(["-M", "4"]);
    let o = Game::new(&white, &black).options(&opts).run();
    assert_eq!(o.summary.reason.as_str(), "turn_limit", "{}", o.json);
    assert_eq!(o.summary.result.as_deref(), Some("1/2-1/2"));
    assert_eq!(o.summary.settings.max_turns, 4);
    assert_told(&o, 1, Colour::Black, 4, "N\nM 3\nN\nN\nM 0\nD\n");
    assert_told(&o, 0, Colour::White, 4, "W 0 1 0 3\nN\nN\nM 2\nN\nD\n");
    let r = record(&o);
    assert_eq!(r.moves[0].player, 1);
    assert_eq!(r.moves[0].detail.wall, Some([0, 1, 0, 3]));
    let jump = &r.moves[3].detail;
    assert_eq!(
        (jump.to, jump.over, jump.dir.as_deref(), jump.steps),
        (Some(0), Some(2), Some("NE"), None)
    );
    assert_eq!(jump.to_string(), "white M 0 (jump over 2, NE) -> D");
    // The record replays as the same game.
    replays(&o.dir);
}

#[test]
fn every_bad_reply_loses_naming_what_was_received() {
    let g = T2_GREETING_LINES;
    for (reply, detail) in [
        (
            "hello",
            "expected a move, \"M VERTEX\" or \"W A B A C\" (a wall on the edges A-B and A-C), got \"hello\"",
        ),
        ("M 7", "7 is not a vertex of the board (0 to 6)"),
        ("M 0", "your pawn is on 0 already"),
        (
            "M 6",
            "6 is 2 steps SE of 0: before its first step a pawn moves 1 step",
        ),
        ("M x", "vertex: expected a number, got \"x\""),
        (
            "W 0 1 0 2",
            "the edges go E and SW from 0: a wall covers two edges in consecutive directions (such as NE and E)",
        ),
        (
            "W 0 1 3 4",
            "the two edges of a wall must start from the same vertex: 0-1 and 3-4",
        ),
        (
            "! move_t.t is 0 (NO_TYPE)",
            "the player's move is invalid: move_t.t is 0 (NO_TYPE)",
        ),
    ] {
        let black = format!("read {g}\nsend {reply}\nread 1\n");
        let white = format!("read {g}\nread 1\n");
        let o = Game::new(&black, &white).options(&t2("0")).run();
        assert_ended(
            &o.summary,
            "illegal_move",
            Some(1),
            &format!("player 0 (black) replied \"{reply}\": {detail}"),
        );
        assert_told(&o, 0, Colour::Black, 1000, "E\n");
        assert_told(&o, 1, Colour::White, 1000, "E\n");
        // The refused reply is kept, and judged the same by a replay.
        replays(&o.dir);
    }
    // A wall that would shut black in, from white.
    let black = format!("read {g}\nsend W 0 1 0 3\nread 1\nread 2\n");
    let white = format!("read {g}\nread 2\nsend W 2 0 2 3\nread 1\n");
    let o = Game::new(&black, &white).options(&t2("0")).run();
    assert_eq!(
        o.summary.detail,
        "player 1 (white) replied \"W 2 0 2 3\": the wall would cut black (on 0) off from objective 3",
        "{}",
        o.json
    );
    // A crash: the opponent is told F.
    let black = format!("read {g}\ncrash\n");
    let o = Game::new(&black, &format!("read {g}\nread 1\n"))
        .options(&t2("0"))
        .run();
    assert_eq!(o.summary.reason, Reason::Crashed, "{}", o.json);
    assert_told(&o, 1, Colour::White, 1000, "F\n");
}

/// `player --game coursidor` with `args`, as a `--player` spec.
fn player(args: &str) -> String {
    player_spec("coursidor", args)
}

/// A game of our players named `seats` (`NAME=SPEC`) on `board`, with
/// `extra`: it ends by the rules, the first seat completing its tour, both
/// without a fault; its record judged again the same.
fn first_tours<S: AsRef<str>>(board: &[&str], seats: &[S], extra: &[&str]) -> Played {
    let o = Play::game("coursidor")
        .args(board)
        .args(extra)
        .players(seats)
        .run();
    assert_won(&o.summary, "tour_completed", 0);
    assert_clean(&o.summary);
    replays(&o.dir);
    o
}

#[test]
fn our_players_play_whole_games_on_every_board_type() {
    for (i, board) in [
        ["-t", "T", "-m", "5"],
        ["-t", "C", "-m", "6"],
        ["-t", "H", "-m", "6"],
    ]
    .iter()
    .enumerate()
    {
        let seats = [
            format!("tour={}", player(&format!("--strategy tour --seed {i}"))),
            format!(
                "random={}",
                player(&format!("--strategy random --seed {i}"))
            ),
        ];
        first_tours(board, &seats, &["--seed", &(i + 1).to_string()]);
    }
}

#[test]
fn the_seeds_command_line_works_in_any_order_and_bad_options_are_named() {
    let tour = player("--strategy tour --seed 1");
    let random = player("--strategy random --seed 2");
    let o = Play::game("coursidor")
        .args(&["-M", "30", "-m", "9"])
        .player(tour)
        .args(&["-t", "H"])
        .player(random)
        .args(&["--seed", "4"])
        .run::<CoursidorRecord>();
    let s = &o.summary;
    assert_eq!(s.settings.max_turns, 30);
    assert_eq!(s.settings.options["board"], "H");
    assert_eq!(s.settings.options["size"], 9);
    assert!(s.moves <= 30, "{}", o.json);
    for (args, message) in [
        (&["-t", "X"][..], "invalid value 'X' for '--board <TYPE>'"),
        (
            &["-t", "H", "-m", "7"][..],
            "a board of type H needs m a multiple of 3, not 7",
        ),
        (
            &["-t", "C", "--objectives", "3"][..],
            "3 objectives cannot be placed symmetrically on C 6",
        ),
        (&["--first", "2"][..], "--first <PLAYER>"),
    ] {
        assert_usage_error(
            &[&["--game", "coursidor"], args, &["a", "b"]].concat(),
            message,
        );
    }
}

#[test]
fn our_ai_plays_whole_games_through_the_referee_and_logs_each_move() {
    // The AI plays white on C, black on H.
    for (board, opponent, first) in [
        (["-t", "C", "-m", "6"], "--strategy tour --seed 4", "1"),
        (["-t", "H", "-m", "6"], "--strategy random --seed 5", "0"),
    ] {
        let seats = [
            format!("ai={}", player("--move-time-ms 40 --seed 1")),
            format!("other={}", player(opponent)),
        ];
        let o = first_tours(&board, &seats, &["--first", first, "--seed", "3"]);
        assert_each_move_logged(&o.log(0), o.summary.players[0].moves, " ms (depth ");
    }
}
