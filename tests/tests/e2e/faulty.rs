//! The reliability suite: the real referee against `faulty-player` in every
//! mode, and a well-behaved opponent (`faulty-player --mode none`, passive,
//! recording everything it receives). For each mode: the verdict, what the
//! opponent received byte for byte, that the referee ended on its own in
//! time with status 0, that no process is left, and bounded memory.

use std::time::Duration;

use referee_schema::{Reason, SetupStatus, Summary};

use crate::util::StrategoRecord;

use crate::util::{self, Game, Outcome};
use crate::verdict::assert_killed;

/// Time limit of these games: generous, so timing cases are far from the edge.
const LIMIT_MS: u64 = 300;

/// Turn limit: short games, long enough for every moment used here.
const MAX_TURNS: u32 = 40;

/// One faulty game.
struct Case {
    /// The faulty player's mode and moment.
    mode: &'static str,
    at: u32,
    /// Which side misbehaves.
    faulty: usize,
    /// Time limit for this case.
    limit_ms: u64,
    /// Extra referee options.
    options: &'static [&'static str],
}

impl Case {
    fn new(mode: &'static str, at: u32) -> Case {
        Case {
            mode,
            at,
            faulty: 0,
            limit_ms: LIMIT_MS,
            options: &[],
        }
    }

    fn played_by(mut self, faulty: usize) -> Case {
        self.faulty = faulty;
        self
    }

    fn limit(mut self, ms: u64) -> Case {
        self.limit_ms = ms;
        self
    }

    fn options(mut self, options: &'static [&'static str]) -> Case {
        self.options = options;
        self
    }

    /// Plays the game and checks what every case must satisfy.
    fn run(self) -> Outcome {
        let me = self.faulty;
        let other = 1 - me;
        let limit = self.limit_ms.to_string();
        let mut options: Vec<String> = vec![
            "--time-limit-ms".into(),
            limit.clone(),
            "--record".into(),
            "game.json".into(),
        ];
        if !self.options.contains(&"--max-turns") {
            options.extend(["--max-turns".into(), MAX_TURNS.to_string()]);
        }
        for (i, args) in [
            (
                me,
                vec![
                    "--mode",
                    self.mode,
                    "--at",
                    &self.at.to_string(),
                    "--limit-ms",
                    &limit,
                    "--seed",
                    "7",
                ],
            ),
            (
                other,
                vec!["--mode", "none", "--passive", "--transcript", "-"],
            ),
        ] {
            options.extend(args.into_iter().map(|a| format!("--arg{i}={a}")));
        }
        options.extend(self.options.iter().map(|s| s.to_string()));
        let refs: Vec<&str> = options.iter().map(String::as_str).collect();
        let o = Game::new("", "")
            .program(0, util::faulty())
            .program(1, util::faulty())
            .options(&refs)
            .run();
        let context = format!(
            "mode {} at {}: {}\n{}",
            self.mode, self.at, o.json, o.stderr
        );
        // Two seconds over the longest deadline the game had: a setup
        // that times out waits the setup limit, not the move limit.
        let settings = &o.summary.settings;
        let deadline_ms = settings
            .time_limit_ms
            .max(settings.setup_time_limit_ms.unwrap_or(0));
        let bound = Duration::from_millis(deadline_ms) + Duration::from_secs(2);
        assert!(o.elapsed < bound, "referee took {:?}; {context}", o.elapsed);
        assert!(
            o.peak_rss_kib > 0 && o.peak_rss_kib < 20 * 1024,
            "peak memory {} KiB; {context}",
            o.peak_rss_kib
        );
        let received = util::reports(&o.logs[other]).0;
        let record = std::fs::read_to_string(o.dir.join("game.json"))
            .ok()
            .and_then(|t| StrategoRecord::from_json(&t).ok())
            .unwrap_or_else(|| panic!("no record; {context}"));
        assert_eq!(
            received,
            expected_transcript(&record, &o.summary, other),
            "opponent's input; {context}"
        );
        o
    }
}

/// Everything player `me` must have received, rebuilt from the record and
/// the verdict: its number, its setup answer, each move's result (its own)
/// or the move and its result (the opponent's), and the final `E` or `F`.
fn expected_transcript(record: &StrategoRecord, verdict: &Summary, me: usize) -> String {
    use SetupStatus::{Accepted, Failed, Refused};
    let mut s = format!("{me}\n");
    let setup = |i: usize| verdict.players[i].setup;
    match (setup(me), setup(1 - me)) {
        (Some(Refused), _) => return s + "KO\n",
        (_, Some(Failed)) => return s + "F\n",
        (Some(Accepted), Some(Refused)) => return s + "OK\n",
        (Some(Accepted), Some(Accepted)) => s.push_str("OK\n"),
        other => panic!("unexpected setups {other:?}"),
    }
    for m in &record.moves {
        let d = &m.detail;
        let result = match (d.result.as_str(), d.attacker, d.defender) {
            ("N", None, None) => "N\n".to_owned(),
            ("B", Some(a), Some(b)) => format!("B\n{a}\n{b}\n"),
            other => panic!("unexpected result {other:?}"),
        };
        if usize::from(m.player) != me {
            s += &format!("{}\n{}\n{}\n", d.square, d.direction, d.distance);
        }
        s += &result;
    }
    if verdict.winner.map(usize::from) == Some(me) {
        match &verdict.reason {
            Reason::IllegalMove => s.push_str(&util::illegal_move_told(record)),
            Reason::Game(r) if r == "flag_captured" || r == "no_legal_move" => {}
            Reason::Interrupted => {}
            _ => s.push_str("F\n"),
        }
    }
    s
}

/// The faulty side lost for `reason`; `detail` (if given) is in the verdict.
fn lost(o: &Outcome, faulty: usize, reason: &str, detail: Option<&str>) {
    assert_eq!(o.summary.reason.as_str(), reason, "{}", o.json);
    assert_eq!(o.summary.winner, Some((1 - faulty) as u8), "{}", o.json);
    if let Some(d) = detail {
        let text = o.summary.detail.as_str();
        assert!(text.contains(d), "detail {text:?} lacks {d:?}");
    }
}

/// The faulty side did nothing the referee must punish: the game went to
/// the turn limit.
fn played_on(o: &Outcome) {
    assert_eq!(o.summary.reason.as_str(), "turn_limit", "{}", o.json);
    assert!(o.summary.winner.is_none());
    assert_eq!(o.summary.moves, MAX_TURNS);
}

/// Tests of a faulty game each that the referee must not punish:
/// `NAME: MODE at AT as SIDE[, limit MS];` (the faulty player's mode and
/// moment, the side it plays, a time limit other than [`LIMIT_MS`]).
macro_rules! played_on_cases {
    ($($name:ident: $mode:literal at $at:literal as $side:literal $(, limit $ms:literal)?;)*) => {$(
        #[test]
        fn $name() {
            played_on(&Case::new($mode, $at).played_by($side)$(.limit($ms))?.run());
        }
    )*};
}

/// Tests of a faulty game each that the faulty side must lose:
/// `NAME: MODE at AT as SIDE => REASON;`.
macro_rules! lost_cases {
    ($($name:ident: $mode:literal at $at:literal as $side:literal => $reason:literal;)*) => {$(
        #[test]
        fn $name() {
            lost(&Case::new($mode, $at).played_by($side).run(), $side, $reason, None);
        }
    )*};
}

/// Tests of a faulty game each that the faulty side loses by an illegal
/// move: `NAME: MODE at AT as SIDE => DETAIL,` (what the verdict says of
/// it); the move is counted.
macro_rules! illegal_move_cases {
    ($($name:ident: $mode:literal at $at:literal as $side:literal => $detail:literal,)*) => {$(
        #[test]
        fn $name() {
            let o = Case::new($mode, $at).played_by($side).run();
            lost(&o, $side, "illegal_move", Some($detail));
            assert_eq!(o.player($side).illegal_moves, 1);
        }
    )*};
}

/// Tests of a faulty game each that the faulty side loses by its setup,
/// refused: `NAME: MODE as SIDE => DETAIL,` (the mode acting on the setup,
/// what the verdict says of it).
macro_rules! refused_setup_cases {
    ($($name:ident: $mode:literal as $side:literal => $detail:literal,)*) => {$(
        #[test]
        fn $name() {
            let o = Case::new($mode, 0).played_by($side).run();
            lost(&o, $side, "setup_refused", Some($detail));
            assert_eq!(o.player($side).setup, Some(SetupStatus::Refused));
        }
    )*};
}

// What the referee must not punish. The replies at 90% have a larger
// limit: 10% of it is the margin left to a loaded machine.

played_on_cases! {
    // Timing.
    reply_at_40_percent_is_accepted: "delay40" at 1 as 0;
    reply_at_90_percent_is_accepted: "delay90" at 2 as 0, limit 1000;
    setup_at_90_percent_is_accepted: "delay90" at 0 as 1, limit 1000;
    trickled_reply_within_the_limit_is_accepted: "trickle-under" at 2 as 0, limit 600;
    // Output.
    setup_written_before_the_player_number_is_accepted: "early-reply" at 0 as 1;
    move_written_before_it_is_asked_is_played: "early-reply" at 3 as 0;
    // Processes.
    forked_child_holding_stdout_is_killed: "fork-child" at 1 as 0;
    setsid_grandchild_is_killed: "setsid-grandchild" at 2 as 1;
    fifty_children_are_killed: "fork-many" at 1 as 0;
}

// What the faulty side loses by. A hundred megabytes without a newline is
// judged after 4096 bytes, in bounded memory: `Case::run` checks the
// referee's peak stays under 20 MB.

lost_cases! {
    // Timing.
    trickled_reply_over_the_limit_is_a_timeout: "trickle-over" at 1 as 1 => "timeout";
    sleeping_player_times_out: "sleep" at 3 as 0 => "timeout";
    // Death.
    exit_0_is_a_failure: "exit0" at 1 as 0 => "exited";
    closing_stdout_is_a_failure: "close-stdout" at 1 as 0 => "closed_output";
    closing_stdin_is_a_failure: "close-stdin" at 1 as 1 => "stopped_reading";
    dying_during_setup_is_a_failure: "exit1" at 0 as 1 => "exited";
}

refused_setup_cases! {
    // Output abuse.
    garbage_in_the_setup_is_refused: "garbage" as 0 => "line 1: hello, referee is not a piece code",
    over_long_line_in_the_setup_is_refused:
        "long-line" as 0 => "(200 bytes, over the 64-byte limit)",
    hundred_megabytes_without_newline_in_the_setup_is_refused: "flood-stdout" as 1 => "(4096 bytes",
    // Rules.
    setup_with_code_13_is_refused: "setup-bad-code" as 0 => "line 17: 13 is not a piece code",
    setup_with_wrong_counts_is_refused: "setup-bad-counts" as 1 => "4 Majors given, 3 expected",
    setup_with_a_non_numeric_line_is_refused:
        "setup-not-a-number" as 0 => "line 1: KO is not a piece code",
}

illegal_move_cases! {
    // Output abuse.
    garbage_line_is_illegal: "garbage" at 1 as 0 => "\"hello, referee\" is not a square",
    over_long_line_is_illegal: "long-line" at 2 as 1 => "(200 bytes, over the 64-byte limit)",
    hundred_megabytes_without_newline_is_illegal_in_bounded_memory:
        "flood-stdout" at 1 as 0 => "(4096 bytes",
    extra_lines_after_a_reply_are_read_as_the_next_reply:
        "extra-lines" at 1 as 0 => "\"extra\" is not a square",
}

illegal_move_cases! {
    // Rules.
    move_from_an_empty_square: "move-empty" at 1 as 0 => "is empty",
    move_of_an_opponent_piece: "move-opponent" at 2 as 1 => "holds an opponent's piece",
    move_of_a_bomb: "move-bomb" at 1 as 0 => "holds a Bomb, which cannot move",
    move_of_the_flag: "move-flag" at 1 as 1 => "holds a Flag, which cannot move",
    move_into_a_lake: "move-lake" at 1 as 0 => "is a lake",
    move_off_the_board: "move-off-board" at 1 as 1 => "goes off the board",
    move_onto_an_own_piece: "move-own-piece" at 2 as 0 => "holds one of your own pieces",
    non_scout_moving_two_squares: "move-two-squares" at 1 as 0 => "which moves 1 square, not 2",
    scout_through_a_piece: "move-blocked-scout" at 1 as 1 => "Scout path blocked at",
    direction_x: "move-direction-x" at 1 as 0 => "\"X\" is not a direction",
    distance_0: "move-distance0" at 1 as 1 => "distance 0 is not positive",
    distance_abc: "move-distance-abc" at 1 as 0 => "\"abc\" is not a distance",
}

// Timing.

/// The faulty side, in `mode` at `at` as `side`, missed its deadline: it
/// lost, SIGKILLed.
fn killed_at_the_deadline(mode: &'static str, at: u32, side: usize) -> Outcome {
    let o = Case::new(mode, at).played_by(side).run();
    lost(&o, side, "timeout", None);
    assert_eq!(o.player(side).exit.signal.as_deref(), Some("SIGKILL"));
    o
}

/// The faulty side, in `mode` acting on its setup, timed out there: it
/// lost, its setup failed.
fn setup_times_out(mode: &'static str) {
    let o = Case::new(mode, 0).run();
    lost(&o, 0, "timeout", None);
    assert_eq!(o.player(0).setup, Some(SetupStatus::Failed));
}

#[test]
fn reply_at_110_percent_is_a_timeout() {
    let o = killed_at_the_deadline("delay110", 1, 0);
    assert_eq!(o.player(0).timeouts, 1);
}

#[test]
fn sleeping_during_setup_times_out_and_opponent_gets_f() {
    setup_times_out("sleep");
}

#[test]
fn busy_loop_times_out() {
    killed_at_the_deadline("busy", 1, 1);
}

// Death.

/// The faulty side, in `mode` at `at` as side 0, died of `signal` and
/// lost, a crash.
fn crashed(mode: &'static str, at: u32, signal: &str) {
    let o = Case::new(mode, at).run();
    lost(&o, 0, "crashed", None);
    assert_eq!(o.player(0).exit.signal.as_deref(), Some(signal));
}

#[test]
fn exit_1_is_a_failure() {
    let o = Case::new("exit1", 2).played_by(1).run();
    lost(&o, 1, "exited", None);
    assert_eq!(o.player(1).exit.code, Some(1));
}

#[test]
fn abort_is_a_crash() {
    crashed("abort", 1, "SIGABRT");
}

#[test]
fn segv_is_a_crash() {
    crashed("segv", 2, "SIGSEGV");
}

// Output abuse.

#[test]
fn stderr_flood_is_logged_capped_and_never_punished() {
    let o = Case::new("flood-stderr", 1)
        .options(&["--max-log-bytes", "1000000"])
        .run();
    played_on(&o);
    let log = &o.logs[0];
    assert!(
        log.ends_with(b"\n[log truncated]\n"),
        "log of {} bytes",
        log.len()
    );
    assert_eq!(log.len(), 1_000_000 + "\n[log truncated]\n".len());
}

// Input abuse.

#[test]
fn a_player_that_stops_reading_fails_without_blocking_the_referee() {
    let o = Case::new("stop-reading", 2)
        .options(&["--max-turns", "0"])
        .run();
    lost(&o, 0, "stopped_reading", None);
}

// Processes.

#[test]
fn player_ignoring_sigterm_is_killed() {
    let o = Case::new("ignore-term", 1).run();
    played_on(&o);
    assert_killed(&o.summary, 0, "SIGKILL", "sigkill");
}

// Setups.

#[test]
fn setup_of_39_codes_then_silence_times_out() {
    setup_times_out("setup39");
}

// Programs that cannot run.

#[test]
fn a_program_that_does_not_exist_fails_to_start() {
    let o = Game::new("", "")
        .program(0, "/nonexistent/player")
        .program(1, util::faulty())
        .run();
    lost(&o, 0, "exec_failed", Some("/nonexistent/player"));
    assert!(!o.player(0).exit.started);
}

#[test]
fn a_file_that_is_not_executable_fails_to_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("not-executable");
    std::fs::write(&path, "#!/bin/sh\necho 0\n").unwrap();
    let o = Game::new("", "")
        .program(0, util::faulty())
        .program(1, &path)
        .run();
    lost(&o, 1, "exec_failed", Some("Permission denied"));
}
