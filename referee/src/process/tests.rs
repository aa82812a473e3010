//! Tests of the process layer against real programs (`sh`, `sleep`,
//! `setsid`). Every test that forks holds [`FORK_MTX`]: the supervisor
//! treats every child of the process as its own.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use linebuf::Framing;

use super::*;

/// Serialises the tests that fork (after nix's `FORK_MTX`).
static FORK_MTX: Mutex<()> = Mutex::new(());

fn lock() -> std::sync::MutexGuard<'static, ()> {
    FORK_MTX.lock().unwrap_or_else(|e| e.into_inner())
}

fn sh(script: &str) -> Program {
    Program::new("/bin/sh", ["-c", script])
}

fn config(limit_ms: u64) -> SupervisorConfig {
    SupervisorConfig {
        framing: Framing::default(),
        time_limit: Duration::from_millis(limit_ms),
        grace: Duration::from_millis(50),
        max_log_bytes: 1000,
    }
}

fn start(programs: &[Program], limit_ms: u64) -> (Supervisor, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let logs: Vec<PathBuf> = (0..programs.len())
        .map(|i| dir.path().join(format!("{i}.log")))
        .collect();
    (
        Supervisor::start(programs, &logs, config(limit_ms)).unwrap(),
        dir,
    )
}

/// Waits for a one-line reply holding a pid.
fn pid_line(sup: &mut Supervisor) -> i32 {
    sup.expect_reply(0, 1);
    match sup.next_event().unwrap() {
        Event::Reply { lines, .. } => String::from_utf8(lines[0].clone())
            .unwrap()
            .parse()
            .unwrap(),
        other => panic!("no pid line: {other:?}"),
    }
}

fn alive(pid: i32) -> bool {
    // A zombie is not alive; a reaped process has no /proc entry.
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        !s.rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z')
    })
}

#[test]
fn exec_failures_name_the_program_and_the_reason() {
    let _g = lock();
    let e = spawn::spawn(&Program::new("./no/such/program", Vec::<String>::new())).unwrap_err();
    assert_eq!(
        e.to_string(),
        "exec of ./no/such/program failed: No such file or directory"
    );
    assert!(e.is_program_fault());
    let e = spawn::spawn(&Program::new("/etc/passwd", Vec::<String>::new())).unwrap_err();
    assert_eq!(
        e.to_string(),
        "exec of /etc/passwd failed: Permission denied"
    );
    let e = spawn::spawn(&Program::new(
        "no-such-program-in-path",
        Vec::<String>::new(),
    ))
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "exec of no-such-program-in-path failed: not found in PATH"
    );
    // The failed children were reaped: none is left.
    assert_eq!(sys::reap_any().unwrap(), sys::ReapAny::NoChildren);
}

#[test]
fn exec_failure_becomes_an_event() {
    let _g = lock();
    let (mut sup, _dir) = start(&[Program::new("./nope", Vec::<String>::new())], 500);
    match sup.next_event().unwrap() {
        Event::Failed {
            child: 0,
            failure: Failure::ExecFailed(m),
        } => {
            assert_eq!(m, "exec of ./nope failed: No such file or directory")
        }
        other => panic!("{other:?}"),
    }
    let ends = sup.finish().unwrap();
    assert!(!ends[0].started);
}

#[test]
fn bare_names_are_looked_up_in_path() {
    assert_eq!(
        spawn::resolve("sh".as_ref()).unwrap().file_name().unwrap(),
        "sh"
    );
    assert_eq!(
        spawn::resolve("./x".as_ref()).unwrap(),
        PathBuf::from("./x")
    );
}

#[test]
fn replies_across_split_writes() {
    let _g = lock();
    let (mut sup, _dir) = start(
        &[sh(
            "read x; printf 'a'; sleep 0.05; printf 'b\\r\\n\\nc\\n'; read y; exit 0",
        )],
        2000,
    );
    sup.send(0, b"go\n");
    sup.expect_reply(0, 2);
    match sup.next_event().unwrap() {
        Event::Reply {
            child: 0,
            lines,
            elapsed,
        } => {
            assert_eq!(lines, [b"ab".to_vec(), b"c".to_vec()]);
            assert!(elapsed >= Duration::from_millis(40), "{elapsed:?}");
        }
        other => panic!("{other:?}"),
    }
    let ends = sup.finish().unwrap();
    assert_eq!(ends[0].status, Some(WaitStatus::Exited(0)));
    assert_eq!(ends[0].killed_by, None);
    assert_eq!(ends[0].deadline_kill, None);
}

#[test]
fn timeout_kills_the_whole_group() {
    let _g = lock();
    let (mut sup, _dir) = start(&[sh("sleep 60 & echo $!; wait")], 300);
    let grandchild = pid_line(&mut sup);
    assert!(alive(grandchild));
    sup.expect_reply(0, 1);
    assert!(matches!(
        sup.next_event().unwrap(),
        Event::Failed {
            child: 0,
            failure: Failure::Timeout { .. }
        }
    ));
    let ends = sup.finish().unwrap();
    assert_eq!(
        ends[0].status,
        Some(WaitStatus::Signaled(nix::libc::SIGKILL))
    );
    assert_eq!(ends[0].killed_by, Some(Termination::Timeout));
    assert!(!alive(grandchild), "the grandchild in the group survived");
    // The kill's timing is known, and the death was seen after the signal.
    let kill = ends[0].deadline_kill.expect("killed at its deadline");
    let seen = kill.death_seen.expect("its death was seen");
    assert!(seen >= kill.signal_sent, "{kill:?}");
}

#[test]
fn subreaper_kills_and_reaps_a_setsid_grandchild() {
    let _g = lock();
    // The grandchild leaves the group and session, keeps stdout open, and
    // its parent exits: EOF never comes, SIGCHLD does.
    let (mut sup, _dir) = start(&[sh("setsid sleep 60 & echo $!; sleep 0.1; exit 4")], 2000);
    let escaped = pid_line(&mut sup);
    sup.expect_reply(0, 1);
    assert_eq!(
        sup.next_event().unwrap(),
        Event::Failed {
            child: 0,
            failure: Failure::Exited(4)
        }
    );
    sup.finish().unwrap();
    assert!(!alive(escaped), "the escaped grandchild survived");
    assert_eq!(sys::reap_any().unwrap(), sys::ReapAny::NoChildren);
    assert!(
        !sys::is_child_subreaper().unwrap(),
        "the subreaper flag is restored"
    );
}

#[test]
fn end_of_session_escalates_to_sigterm_then_sigkill() {
    let _g = lock();
    let (mut sup, _dir) = start(
        &[
            sh("while read x; do :; done; sleep 60"),
            sh("trap '' TERM; sleep 60 & wait; sleep 60"),
        ],
        2000,
    );
    sup.send(0, b"hello\n");
    let ends = sup.finish().unwrap();
    assert_eq!(
        ends[0].status,
        Some(WaitStatus::Signaled(nix::libc::SIGTERM))
    );
    assert_eq!(ends[0].killed_by, Some(Termination::Term));
    assert_eq!(
        ends[1].status,
        Some(WaitStatus::Signaled(nix::libc::SIGKILL))
    );
    assert_eq!(ends[1].killed_by, Some(Termination::Kill));
}

#[test]
fn stderr_flood_is_capped_and_does_not_block_the_reply() {
    let _g = lock();
    let (mut sup, dir) = start(&[sh("head -c 5000000 /dev/zero >&2; echo done")], 5000);
    sup.expect_reply(0, 1);
    assert!(matches!(sup.next_event().unwrap(), Event::Reply { .. }));
    sup.finish().unwrap();
    let log = std::fs::read(dir.path().join("0.log")).unwrap();
    assert_eq!(log.len(), 1000 + log_pump::TRUNCATED_MARK.len());
}

#[test]
fn eof_mid_line_completes_the_reply_then_the_exit_is_a_failure() {
    let _g = lock();
    let (mut sup, _dir) = start(&[sh("printf 'x\\ny'")], 2000);
    sup.expect_reply(0, 2);
    assert!(matches!(sup.next_event().unwrap(), Event::Reply { .. }));
    sup.expect_reply(0, 1);
    assert_eq!(
        sup.next_event().unwrap(),
        Event::Failed {
            child: 0,
            failure: Failure::Exited(0)
        }
    );
    sup.finish().unwrap();
}

#[test]
fn a_child_that_stops_reading_fails() {
    let _g = lock();
    let (mut sup, _dir) = start(&[sh("exec 0<&-; echo closed; sleep 60")], 300);
    sup.expect_reply(0, 1);
    assert!(matches!(sup.next_event().unwrap(), Event::Reply { .. }));
    sup.send(0, b"anything\n");
    sup.expect_reply(0, 1);
    assert_eq!(
        sup.next_event().unwrap(),
        Event::Failed {
            child: 0,
            failure: Failure::StoppedReading
        }
    );
    let ends = sup.finish().unwrap();
    // EPIPE, not a missed deadline: no deadline kill to time.
    assert_eq!(ends[0].deadline_kill, None);
}

#[test]
fn many_sessions_leak_no_descriptor() {
    let _g = lock();
    let count = || std::fs::read_dir("/proc/self/fd").unwrap().count();
    let before = count();
    for _ in 0..20 {
        let (mut sup, _dir) = start(
            &[
                sh("read x; echo $x"),
                Program::new("./nope", Vec::<String>::new()),
            ],
            2000,
        );
        sup.send(0, b"1\n");
        sup.expect_reply(0, 1);
        while !matches!(sup.next_event().unwrap(), Event::Reply { .. }) {}
        sup.finish().unwrap();
    }
    assert_eq!(count(), before);
}

fn start_per_reply(programs: &[Program], limit_ms: u64) -> (Supervisor, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let specs: Vec<ChildSpec> = programs
        .iter()
        .enumerate()
        .map(|(i, p)| ChildSpec {
            program: p.clone(),
            log: dir.path().join(format!("{i}.log")),
            launch: Launch::PerReply,
        })
        .collect();
    (
        Supervisor::start_children(&specs, config(limit_ms)).unwrap(),
        dir,
    )
}

/// Launches child 0 with `args` and `input` and waits for a one-line reply.
fn ask_per_reply(sup: &mut Supervisor, args: &[&str], input: &[u8]) -> Event {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    sup.launch(0, &args, input).unwrap();
    sup.expect_reply(0, 1);
    sup.next_event().unwrap()
}

#[test]
fn a_process_per_reply_gets_its_arguments_and_input_then_end_of_file() {
    let _g = lock();
    // Reads its whole stdin (it ends), answers with its argument and the
    // line count, logs to stderr, exits.
    let script = "n=$(wc -l); echo \"$0 $n\"; echo \"move $0\" >&2";
    let (mut sup, dir) = start_per_reply(&[sh(script)], 2000);
    for (arg, want) in [("4", "4 2"), ("7", "7 2")] {
        match ask_per_reply(&mut sup, &[arg], b"a\nb\n") {
            Event::Reply {
                child: 0, lines, ..
            } => assert_eq!(lines, [want.as_bytes()]),
            other => panic!("{other:?}"),
        }
        sup.retire(0).unwrap();
    }
    let ends = sup.finish().unwrap();
    assert_eq!(ends[0].processes, 2);
    assert_eq!(ends[0].status, Some(WaitStatus::Exited(0)));
    assert_eq!(ends[0].killed_by, None);
    // Both processes' stderr, in one log.
    let log = std::fs::read_to_string(dir.path().join("0.log")).unwrap();
    assert_eq!(log, "move 4\nmove 7\n");
    assert_eq!(sys::reap_any().unwrap(), sys::ReapAny::NoChildren);
}

#[test]
fn a_process_per_reply_that_exits_without_replying_fails() {
    let _g = lock();
    let (mut sup, _dir) = start_per_reply(&[sh("exit 3")], 2000);
    assert_eq!(
        ask_per_reply(&mut sup, &[], b""),
        Event::Failed {
            child: 0,
            failure: Failure::Exited(3)
        }
    );
    let ends = sup.finish().unwrap();
    assert_eq!(ends[0].processes, 1);
}

#[test]
fn a_process_per_reply_that_lingers_is_terminated_with_its_escaped_descendants() {
    let _g = lock();
    // Answers, then keeps running in the foreground and leaves a setsid
    // grandchild behind.
    let (mut sup, _dir) = start_per_reply(
        &[sh("setsid sleep 60 & echo $!; trap '' TERM; sleep 60")],
        2000,
    );
    let escaped = match ask_per_reply(&mut sup, &[], b"") {
        Event::Reply { lines, .. } => String::from_utf8(lines[0].clone())
            .unwrap()
            .parse::<i32>()
            .unwrap(),
        other => panic!("{other:?}"),
    };
    sup.retire(0).unwrap();
    assert!(
        !alive(escaped),
        "the escaped grandchild survived the retirement"
    );
    // Retired: a new process may start.
    assert!(matches!(
        ask_per_reply(&mut sup, &[], b""),
        Event::Reply { .. }
    ));
    sup.retire(0).unwrap();
    let ends = sup.finish().unwrap();
    assert_eq!(ends[0].processes, 2);
    assert_eq!(ends[0].killed_by, Some(Termination::Kill));
    assert_eq!(sys::reap_any().unwrap(), sys::ReapAny::NoChildren);
}

#[test]
fn a_process_per_reply_is_killed_at_its_deadline() {
    let _g = lock();
    let (mut sup, _dir) = start_per_reply(&[sh("printf 'B3\\nE'; sleep 60")], 2000);
    sup.launch(0, &[], b"").unwrap();
    sup.expect_reply_within(0, 3, Duration::from_millis(200));
    let event = sup.next_event().unwrap();
    let Event::Failed {
        child: 0,
        failure: failure @ Failure::Timeout { .. },
    } = event
    else {
        panic!("expected a timeout, got {event:?}")
    };
    // The message says what had arrived.
    assert_eq!(
        failure.to_string(),
        "no complete reply within 200 ms: got 1 of 3 lines: \"B3\", then \"E\" without a newline"
    );
    let ends = sup.finish().unwrap();
    assert_eq!(ends[0].killed_by, Some(Termination::Timeout));
    assert!(ends[0].deadline_kill.is_some());
}

#[test]
fn a_process_per_reply_that_cannot_start_fails_and_is_not_launched_again() {
    let _g = lock();
    let (mut sup, _dir) = start_per_reply(&[Program::new("./nope", Vec::<String>::new())], 500);
    assert!(matches!(
        ask_per_reply(&mut sup, &[], b""),
        Event::Failed {
            child: 0,
            failure: Failure::ExecFailed(_)
        }
    ));
    assert!(matches!(
        sup.launch(0, &[], b""),
        Err(SupervisorError::NotLaunchable(0))
    ));
    let ends = sup.finish().unwrap();
    assert!(!ends[0].started);
}

#[test]
fn a_session_child_cannot_be_launched() {
    let _g = lock();
    let (mut sup, _dir) = start(&[sh("sleep 60")], 500);
    assert!(matches!(
        sup.launch(0, &[], b""),
        Err(SupervisorError::NotLaunchable(0))
    ));
    sup.finish().unwrap();
}

/// The state letter of `pid` in `/proc` (`T` for stopped).
fn state(pid: i32) -> char {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| s.rsplit(')').next()?.trim_start().chars().next())
        .unwrap_or('?')
}

#[test]
fn a_paused_child_is_stopped_and_its_write_clock_waits() {
    let _g = lock();
    let (mut sup, _dir) = start(
        &[
            // The pid watched is the reader's, `head`'s: the shell that
            // starts it may be caught by the stop inside `vfork` (dash
            // vforks), waiting in state `D` for a child stopped before its
            // `exec`, and never show `T` (seen on loaded machines). Its
            // stdin goes through fd 3: a background job's fd 0 is
            // /dev/null in a non-interactive shell.
            sh(
                "exec 3<&0; head -c 200000 <&3 >/dev/null 3<&- & echo $!; wait; echo done; cat >/dev/null",
            ),
            sh("sleep 0.4; echo late; cat >/dev/null"),
        ],
        100,
    );
    let pid = pid_line(&mut sup);
    sup.pause(0);
    let until = std::time::Instant::now() + Duration::from_secs(5);
    while state(pid) != 'T' && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(state(pid), 'T');
    // More than a pipe holds, while it cannot read: 400 ms, four time
    // limits, and no `stopped_reading`.
    sup.send(0, &[b'x'; 200_000]);
    sup.expect_reply_within(1, 1, Duration::from_secs(5));
    let event = sup.next_event().unwrap();
    assert!(matches!(event, Event::Reply { child: 1, .. }), "{event:?}");
    assert_eq!(sup.failure(0), None);
    sup.resume(0);
    sup.expect_reply(0, 1);
    match sup.next_event().unwrap() {
        Event::Reply {
            child: 0, lines, ..
        } => assert_eq!(lines, [b"done".to_vec()]),
        other => panic!("expected child 0's reply, got {other:?}"),
    }
    // Stopped again at the end: finish continues it, and it exits on its
    // end of file.
    sup.pause(0);
    let ends = sup.finish().unwrap();
    assert_eq!(ends[0].status, Some(WaitStatus::Exited(0)));
    assert_eq!(ends[0].killed_by, None);
}
