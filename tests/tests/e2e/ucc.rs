//! `--protocol SEAT=ucc`: agents of the UCC 2012 manager at the referee's
//! table (`docs/ucc.md`). The manager's messages byte for byte, whole games
//! of `ucc-agent` (an agent written from the manager's manual, which checks
//! every board it is sent against its own) at either seat and against
//! itself, every way an agent's game ends, and their records replayed.

use std::path::PathBuf;

use referee_schema::{Reason, SetupStatus};

use crate::run::{Play, Played, assert_usage_error, replays, run_in};
use crate::util::{Game, Outcome, SETUP1, StrategoRecord, TestDir, opening, reason, workspace_bin};
use crate::verdict::assert_ended;

/// The agent of this crate.
fn agent() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_ucc-agent"))
}

/// The manual's setup for RED, as a script line.
const SEND_RED: &str = "send FB8sB479B8\\nBB31555583\\n6724898974\\n967B669999";

fn record(o: &Outcome) -> StrategoRecord {
    let text = std::fs::read_to_string(o.dir.join("game.json")).expect("the record");
    StrategoRecord::from_json(&text).expect("a Stratego record")
}

fn log(o: &Outcome, seat: usize) -> String {
    String::from_utf8_lossy(&o.logs[seat]).into_owned()
}

#[test]
fn an_agent_hears_the_managers_words_byte_for_byte() {
    // RED (ours: player 0, an agent) moves its Scout (0,3) DOWN: our A3 E 1;
    // player 1 moves its Marshal B6 W 1, the agent's (1,6) UP; RED's Scout
    // runs (0,4) DOWN 2 onto the Flag on A6.
    let red =
        format!("read 1\n{SEND_RED}\nread 11\nsend 0 3 DOWN\nread 12\nsend 0 4 DOWN 2\nread 1\n");
    let blue = format!("{}read 4\nsend B6\\nW\\n1\nread 7\n", opening(&SETUP1));
    let o = Game::new(&red, &blue)
        .options(&["--record", "game.json", "--protocol", "0=ucc"])
        .run();
    let start_board = "FB8sB479B8\nBB31555583\n6724898974\n967B669999\n..++..++..\n..++..++..\n\
                       ##########\n##########\n##########\n##########\n";
    let second_board = "FB8sB479B8\nBB31555583\n6724898974\n.67B669999\n9.++..++..\n.#++..++..\n\
                        #.########\n##########\n##########\n##########\n";
    assert_eq!(
        o.received[0],
        format!(
            "RED player1 10 10\nSTART\n{start_board}0 3 DOWN OK\n1 6 UP OK\n{second_board}\
             QUIT VICTORY_FLAG\n"
        )
    );
    // Player 1 speaks this referee's protocol: the agent's moves reach it
    // translated.
    assert_eq!(o.received[1], "1\nOK\nA3\nE\n1\nN\nN\nA4\nE\n2\nB\n9\n11\n");
    assert_eq!(reason(&o), "flag_captured");
    assert_eq!(o.summary.winner, Some(0));
    let rec = record(&o);
    let moves: Vec<String> = rec.moves.iter().map(|m| m.detail.to_string()).collect();
    assert_eq!(
        moves,
        [
            "A3 E 1 -> N",
            "B6 W 1 -> N",
            "A4 E 2 -> B 9 11 (Scout attacks Flag: the Flag is taken)"
        ]
    );
    assert_eq!(
        o.summary.settings.options.get("protocol"),
        Some(&serde_json::json!(["0=ucc"]))
    );
}

#[test]
fn blue_is_told_reds_move_then_its_board() {
    // The agent is BLUE, player 1: its setup rows are Y 6..9.
    let red = format!(
        "{}send B3\\nE\\n1\nread 1\nread 4\n",
        opening(&crate::util::SETUP0)
    );
    let blue = "read 1\nsend 967B669999\\n6724898974\\nBB31555583\\nFB8sB479B8\nread 11\n\
                send 1 6 UP\nread 1\n"
        .to_owned();
    let o = Game::new(&red, &blue)
        .options(&["--protocol", "1=ucc", "--max-turns", "2"])
        .run();
    // RED's B3 E 1 is the agent's (1,3) DOWN; its own move ends the game at
    // the turn limit: QUIT DRAW_DEFAULT, no echo.
    assert_eq!(
        o.received[1],
        "BLUE player0 10 10\n1 3 DOWN OK\n##########\n##########\n##########\n#.########\n\
         .#++..++..\n..++..++..\n967B669999\n6724898974\nBB31555583\nFB8sB479B8\n\
         QUIT DRAW_DEFAULT\n"
    );
    assert_eq!(o.received[0], "0\nOK\nN\nB6\nW\n1\nN\n");
    assert_eq!(reason(&o), "turn_limit");
}

/// Plays a game between two programs (`SPEC`s of `--player`), with extra
/// referee options.
fn play(specs: [&str; 2], options: &[&str]) -> Played<StrategoRecord> {
    // A generous limit, so that a loaded machine never flakes (debug builds).
    Play::game("stratego")
        .args(&["--time-limit-ms", "5000"])
        .args(options)
        .players(&specs)
        .run()
}

#[test]
fn whole_games_at_either_seat_and_against_itself() {
    let agent = agent();
    let agent = agent.display();
    let random = workspace_bin("player");
    let random = format!("{} --strategy random --seed 5", random.display());
    for (specs, protocols) in [
        (
            [format!("{agent} --seed 1"), random.clone()],
            vec!["--protocol", "0=ucc"],
        ),
        (
            [random.clone(), format!("{agent} --seed 2")],
            vec!["--protocol", "1=ucc"],
        ),
        (
            [format!("{agent} --seed 3"), format!("{agent} --seed 4")],
            vec!["--protocol", "0=ucc", "--protocol", "1=ucc"],
        ),
    ] {
        let o = play([&specs[0], &specs[1]], &protocols);
        let (rec, v) = (&o.record, &o.summary);
        // A game ended by its rules: the agents read every message and
        // found every board as they kept it (or they would have exited 3).
        assert!(
            matches!(v.reason, Reason::Game(_)),
            "{protocols:?}: {:?} {}",
            v.reason,
            v.detail
        );
        assert!(rec.moves.len() > 20, "{}", rec.moves.len());
        for seat in 0..2 {
            if protocols.contains(&format!("{seat}=ucc").as_str()) {
                let log = o.log(seat);
                assert!(
                    log.starts_with("quit: QUIT ") || log == "eof\n",
                    "seat {seat}: {log}"
                );
                assert_eq!(v.players[seat].exit.code, Some(0), "seat {seat}: {log}");
            }
        }
        replays(&o.dir);
    }
}

#[test]
fn our_ai_beats_a_random_agent() {
    let ai = format!(
        "{} --move-time-ms 20 --seed 7",
        workspace_bin("player").display()
    );
    let agent = format!("{} --seed 8", agent().display());
    let o = play([&agent, &ai], &["--protocol", "0=ucc"]);
    assert_eq!(o.summary.winner, Some(1), "{}", o.json);
    replays(&o.dir);
}

/// A game of the agent (player 0, with `flags`) against the scripted
/// player 1 that reads its setup answer then whatever comes.
fn agent_against_script(flags: &[&str], options: &[&str]) -> Outcome {
    let mut opts = vec!["--record", "game.json", "--protocol", "0=ucc"];
    opts.extend_from_slice(options);
    let args: Vec<String> = flags.iter().map(|f| format!("--arg0={f}")).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    opts.extend(args);
    let blue = format!("{}read 1\n", opening(&SETUP1));
    Game::new("", &blue)
        .program(0, agent())
        .options(&opts)
        .run()
}

#[test]
fn surrender_ends_the_game_and_the_opponent_hears_f() {
    let o = agent_against_script(&["--surrender-at", "1"], &[]);
    assert_ended(
        &o.summary,
        "surrender",
        Some(1),
        "player 0 surrendered (SURRENDER)",
    );
    assert_eq!(o.received[1], "1\nOK\nF\n");
    assert_eq!(log(&o, 0), "quit: QUIT SURRENDER\n");
    let rec = record(&o);
    assert_eq!(rec.moves.len(), 1);
    assert!(rec.moves[0].detail.is_surrender());
    assert_eq!(rec.moves[0].detail.to_string(), "SURRENDER");
    replays(&o.dir);
}

#[test]
fn what_an_agent_cannot_say_loses_and_says_why() {
    for (said, detail, told) in [
        (
            "NO_MOVE",
            "player 0 (red) replied \"NO_MOVE\": NO_MOVE is not a move (the UCC manager refuses it",
            "E\n",
        ),
        (
            "3 6 SIDEWAYS",
            "player 0 (red) replied \"3 6 SIDEWAYS\": \"3 6 SIDEWAYS\": \"SIDEWAYS\" is not a direction \
             (UP, DOWN, LEFT or RIGHT)",
            "E\n",
        ),
        (
            "0 9",
            "player 0 (red) replied \"0 9\": \"0 9\" is not a move",
            "E\n",
        ),
        // Reads as a move, breaks a rule: forwarded, then E.
        (
            "0 0 DOWN",
            "player 0 (red) replied \"0 0 DOWN\": A0 holds a Flag, which cannot move",
            "A0\nE\n1\nE\n",
        ),
        (
            "0 9 UP",
            "player 0 (red) replied \"0 9 UP\": A9 holds an opponent's piece",
            "A9\nW\n1\nE\n",
        ),
    ] {
        let o = agent_against_script(&["--say-at", &format!("1:{said}")], &[]);
        assert_eq!(reason(&o), "illegal_move", "{said}");
        assert!(
            o.summary.detail.starts_with(detail),
            "{said}: {}",
            o.summary.detail
        );
        assert_eq!(o.received[1], format!("1\nOK\n{told}"), "{said}");
        assert_eq!(log(&o, 0), "quit: QUIT ILLEGAL\n", "{said}");
        // The refused reply is kept as the agent sent it.
        let rec = record(&o);
        let raw = rec.rejected[0].raw_lines().unwrap();
        assert_eq!(raw, [said.as_bytes().to_vec()], "{said}");
    }
}

#[test]
fn an_agent_out_of_time_loses_and_its_opponent_hears_f() {
    let o = agent_against_script(&["--stall-at", "1"], &["--time-limit-ms", "300"]);
    assert_eq!(reason(&o), "timeout");
    assert_eq!(o.summary.winner, Some(1));
    assert_eq!(o.received[1], "1\nOK\nF\n");
}

#[test]
fn a_bad_setup_is_refused_with_the_managers_quit() {
    let o = agent_against_script(
        &["--setup", "FB8sB479B8,BB31555583,6724898974,967B66999"],
        &[],
    );
    assert_eq!(reason(&o), "setup_refused");
    assert_eq!(o.player(0).setup, Some(SetupStatus::Refused));
    assert_eq!(
        o.summary.detail,
        "player 0's setup refused: line 4 (Y = 3) is 9 characters, 10 expected: \"967B66999\""
    );
    assert_eq!(log(&o, 0), "quit: QUIT BAD_SETUP\n");
    // The other side hears its OK, then the end of its input.
    assert_eq!(o.received[1], "1\nOK\n");
}

#[test]
fn a_failing_opponent_is_the_managers_quit_for_the_agent() {
    // Player 1 exits instead of moving: the agent is told QUIT.
    let red = format!("read 1\n{SEND_RED}\nread 11\nsend 0 3 DOWN\nread 1\n");
    let blue = format!("{}read 4\nexit 0\n", opening(&SETUP1));
    let o = Game::new(&red, &blue)
        .options(&["--protocol", "0=ucc"])
        .run();
    assert_eq!(reason(&o), "exited");
    assert!(
        o.received[0].ends_with("0 3 DOWN OK\nQUIT ILLEGAL\n"),
        "{}",
        o.received[0]
    );
}

#[test]
fn protocol_options_are_checked() {
    for (args, said) in [
        (&["--protocol", "2=ucc"][..], "there is no seat 2"),
        (&["--protocol", "1=uci"], "\"uci\" is not a protocol"),
        (&["--protocol", "1"], "is not SEAT=NAME"),
        (
            &["--protocol", "1=ucc", "--protocol", "1=course"],
            "gives seat 1 two protocols",
        ),
    ] {
        assert_usage_error(&[args, &["a", "b"]].concat(), said);
    }
}

#[test]
fn a_tournament_seats_an_agent_with_its_protocol_at_either_seat() {
    let dir = TestDir::new();
    let agent = format!("ucc={} --seed {{seed}}", agent().display());
    let random = format!(
        "random={} --strategy random --seed {{seed}}",
        workspace_bin("player").display()
    );
    let args = ["-j", "2", "--games", "2", "--quiet", "--name", "t"];
    let protocols = ["--protocol", "ucc=ucc", &agent, &random];
    run_in(dir.path(), "tournament", &[&args[..], &protocols].concat()).exits(0);
    let results =
        std::fs::read_to_string(dir.path().join("logs/t/results.jsonl")).expect("results");
    let lines: Vec<&str> = results.lines().collect();
    assert_eq!(lines.len(), 2);
    for l in lines {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        let reason = v["verdict"]["reason"].as_str().unwrap();
        assert!(
            ![
                "illegal_move",
                "timeout",
                "exited",
                "crashed",
                "setup_refused"
            ]
            .contains(&reason),
            "{l}"
        );
    }
}
