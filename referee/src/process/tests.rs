//! Tests of the process layer against real programs (`sh`, `sleep`,
//! `setsid`), each guarantee checked without and with the sandbox
//! ([`both!`]). Every test that forks holds [`FORK_MTX`]: the supervisor
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

/// Runs the test function `$name(&Sandbox)` twice: `$name::plain`
/// without the sandbox, `$name::sandboxed` with all of it.
macro_rules! both {
    ($name:ident) => {
        mod $name {
            #[test]
            fn plain() {
                super::$name(&super::Sandbox::none());
            }

            #[test]
            fn sandboxed() {
                super::$name(&super::Sandbox::default());
            }
        }
    };
}

/// A program without arguments.
fn bare(path: impl Into<std::ffi::OsString>) -> Program {
    Program::new(path, Vec::<String>::new())
}

/// Why `path` cannot be started (outside a jail), in words.
fn spawn_error(path: impl Into<std::ffi::OsString>) -> String {
    spawn::spawn(&bare(path), None, &[])
        .unwrap_err()
        .to_string()
}

fn sh(script: &str) -> Program {
    Program::new("/bin/sh", ["-c", script])
}

/// `sh -c SCRIPT MARKER`: the marker is the shell's `$0`, and in its
/// command line, where [`pids_marked`] finds it (in whatever namespace).
fn sh_marked(script: &str, marker: &str) -> Program {
    Program::new("/bin/sh", ["-c", script, marker])
}

/// A word no other process's command line holds.
fn marker() -> String {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    format!("60.{}{:04}", std::process::id(), n)
}

/// A shell that starts `sleep MARKER` in the background (with `setsid`:
/// in a session of its own, out of reach of a group kill), says `started`,
/// then runs `then`; and the marker.
fn with_grandchild(setsid: bool, then: &str) -> (Program, String) {
    let m = marker();
    let setsid = if setsid { "setsid " } else { "" };
    (sh(&format!("{setsid}sleep {m} & echo started; {then}")), m)
}

fn config(limit_ms: u64, sandbox: &Sandbox) -> SupervisorConfig {
    SupervisorConfig {
        framing: Framing::default(),
        time_limit: Duration::from_millis(limit_ms),
        grace: Duration::from_millis(50),
        max_log_bytes: 1000,
        sandbox: sandbox.clone(),
    }
}

fn start(
    programs: &[Program],
    limit_ms: u64,
    sandbox: &Sandbox,
) -> (Supervisor, tempfile::TempDir) {
    start_with(programs, config(limit_ms, sandbox))
}

/// [`start`] of a [`with_grandchild`] shell, once it has said `started`
/// and its grandchild runs: the marker and the grandchild's pid too.
fn start_grandparent(
    setsid: bool,
    then: &str,
    limit_ms: u64,
    sandbox: &Sandbox,
) -> (Supervisor, tempfile::TempDir, String, i32) {
    let (program, m) = with_grandchild(setsid, then);
    let (mut sup, dir) = start(&[program], limit_ms, sandbox);
    assert_eq!(line(&mut sup), "started");
    let pid = wait_marked(&m);
    (sup, dir, m, pid)
}

/// [`start`] with a configuration of the test's own.
fn start_with(programs: &[Program], config: SupervisorConfig) -> (Supervisor, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let logs: Vec<PathBuf> = (0..programs.len())
        .map(|i| dir.path().join(format!("{i}.log")))
        .collect();
    (Supervisor::start(programs, &logs, config).unwrap(), dir)
}

/// How `end`'s process ended, and the referee's harshest signal to it.
fn how(end: &ProcessEnd) -> (Option<WaitStatus>, Option<Termination>) {
    (end.status, end.killed_by)
}

/// [`how`] a process killed by the referee's `signal`, sent for `why`.
fn killed(signal: i32, why: Termination) -> (Option<WaitStatus>, Option<Termination>) {
    (Some(WaitStatus::Signaled(signal)), Some(why))
}

/// [`how`] a process that exited with 0 by itself.
const EXITED_0: (Option<WaitStatus>, Option<Termination>) = (Some(WaitStatus::Exited(0)), None);

/// Waits for a one-line reply of child 0: the event that ends the wait.
fn answer(sup: &mut Supervisor) -> Event {
    sup.expect_reply(0, 1);
    sup.next_event().unwrap()
}

/// Waits for a one-line reply of child 0.
fn line(sup: &mut Supervisor) -> String {
    String::from_utf8(reply(answer(sup)).remove(0)).unwrap()
}

/// The lines of the reply of child 0 that `event` reports (panics on any
/// other event).
fn reply(event: Event) -> Vec<Vec<u8>> {
    match event {
        Event::Reply {
            child: 0, lines, ..
        } => lines,
        other => panic!("no reply of child 0: {other:?}"),
    }
}

/// The failure of child 0 that `event` reports (panics on any other
/// event).
fn failure(event: Event) -> Failure {
    match event {
        Event::Failed { child: 0, failure } => failure,
        other => panic!("no failure of child 0: {other:?}"),
    }
}

/// The live (not zombie) processes whose command line holds `marker`, as
/// pids of our namespace.
fn pids_marked(marker: &str) -> Vec<i32> {
    let mut pids = Vec::new();
    for pid in sys::proc_pids().unwrap() {
        let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) else {
            continue;
        };
        if cmdline
            .split(|&b| b == 0)
            .any(|arg| arg == marker.as_bytes())
            && !matches!(state(pid), 'Z' | '?')
        {
            pids.push(pid);
        }
    }
    pids
}

/// Waits (5 s at most) until a process holding `marker` runs; its pid.
fn wait_marked(marker: &str) -> i32 {
    let until = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(&pid) = pids_marked(marker).first() {
            return pid;
        }
        assert!(
            std::time::Instant::now() < until,
            "no process holds {marker}"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn exec_failures_name_the_program_and_the_reason() {
    let _g = lock();
    let e = spawn::spawn(&bare("./no/such/program"), None, &[]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "exec of ./no/such/program failed: No such file or directory"
    );
    assert!(e.is_program_fault());
    assert_eq!(
        spawn_error("/etc/passwd"),
        "exec of /etc/passwd failed: Permission denied (it is not executable: `chmod +x /etc/passwd`)"
    );
    assert_eq!(
        spawn_error("no-such-program-in-path"),
        "exec of no-such-program-in-path failed: not found in PATH"
    );
    // The failed children were reaped: none is left.
    assert_eq!(sys::reap_any().unwrap(), sys::ReapAny::NoChildren);
}

#[test]
fn regression_a_script_whose_interpreter_is_missing_was_reported_as_a_missing_file() {
    use std::os::unix::fs::PermissionsExt;
    let _g = lock();
    let dir = tempfile::tempdir().unwrap();
    let exec_error = |name: &str, text: &[u8], mode: u32| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        let message = spawn_error(&path);
        let prefix = format!("exec of {} failed: ", path.display());
        message.strip_prefix(&prefix).unwrap().to_owned()
    };
    assert_eq!(
        exec_error("py", b"#!/no/such/python -u\nprint 1\n", 0o755),
        "No such file or directory (its #! line names the interpreter /no/such/python, \
         which does not exist)"
    );
    let crlf = exec_error("crlf", b"#!/bin/sh\r\necho hi\r\n", 0o755);
    assert!(
        crlf.starts_with("No such file or directory (its #! line ends in a carriage return"),
        "{crlf}"
    );
    assert_eq!(
        exec_error("text", b"echo hi\n", 0o755),
        "Exec format error (neither a program for this machine nor a script starting with #!)"
    );
    let path = dir.path().join("plain");
    assert_eq!(
        exec_error("plain", b"#!/bin/sh\n", 0o644),
        format!(
            "Permission denied (it is not executable: `chmod +x {}`)",
            path.display()
        )
    );
    assert_eq!(sys::reap_any().unwrap(), sys::ReapAny::NoChildren);
}

fn exec_failure_becomes_an_event(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, _dir) = start(&[bare("./nope")], 500, sandbox);
    assert_eq!(
        failure(sup.next_event().unwrap()),
        Failure::ExecFailed("exec of ./nope failed: No such file or directory".into())
    );
    let ends = sup.finish().unwrap();
    assert!(!ends[0].started);
    assert_eq!(sys::reap_any().unwrap(), sys::ReapAny::NoChildren);
}
both!(exec_failure_becomes_an_event);

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

fn replies_across_split_writes(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, _dir) = start(
        &[sh(
            "read x; printf 'a'; sleep 0.05; printf 'b\\r\\n\\nc\\n'; read y; exit 0",
        )],
        2000,
        sandbox,
    );
    sup.send(0, b"go\n");
    sup.expect_reply(0, 2);
    match sup.next_event().unwrap() {
        Event::Reply {
            child: 0,
            lines,
            elapsed,
            cpu,
            early,
        } => {
            assert_eq!(lines, [b"ab".to_vec(), b"c".to_vec()]);
            assert!(elapsed >= Duration::from_millis(40), "{elapsed:?}");
            // Measured (its cgroup, or its process), and below the wall time.
            assert!(cpu.is_some_and(|c| c <= elapsed), "{cpu:?} of {elapsed:?}");
            assert_eq!(early, 0);
        }
        other => panic!("{other:?}"),
    }
    let ends = sup.finish().unwrap();
    assert_eq!(how(&ends[0]), EXITED_0);
    assert_eq!(ends[0].deadline_kill, None);
}
both!(replies_across_split_writes);

fn lines_sent_before_the_question_are_counted_as_early(sandbox: &Sandbox) {
    let _g = lock();
    // Two lines where one is asked for: the second is held when the
    // next question is written.
    let (mut sup, _dir) = start(
        &[sh(
            "read x; printf 'a\\nb\\n'; read y; printf 'c\\n'; read z; exit 0",
        )],
        2000,
        sandbox,
    );
    let early = |event: Event| match event {
        Event::Reply { lines, early, .. } => (lines, early),
        other => panic!("{other:?}"),
    };
    sup.send(0, b"go\n");
    sup.expect_reply(0, 1);
    assert_eq!(early(sup.next_event().unwrap()), (vec![b"a".to_vec()], 0));
    // Let the surplus line arrive before the next question.
    std::thread::sleep(Duration::from_millis(100));
    sup.send(0, b"again\n");
    sup.expect_reply(0, 2);
    assert_eq!(
        early(sup.next_event().unwrap()),
        (vec![b"b".to_vec(), b"c".to_vec()], 1)
    );
    sup.finish().unwrap();
}
both!(lines_sent_before_the_question_are_counted_as_early);

fn timeout_kills_the_whole_group(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, _dir, m, grandchild) = start_grandparent(false, "wait", 300, sandbox);
    assert!(matches!(failure(answer(&mut sup)), Failure::Timeout { .. }));
    let ends = sup.finish().unwrap();
    assert_eq!(
        how(&ends[0]),
        killed(nix::libc::SIGKILL, Termination::Timeout)
    );
    assert!(
        pids_marked(&m).is_empty(),
        "the grandchild {grandchild} in the group survived"
    );
    // The kill's timing is known: the death after the signal, the jail's
    // end (in a sandbox) after the death.
    let kill = ends[0].deadline_kill.expect("killed at its deadline");
    let death = kill.death.expect("its death was seen");
    assert!(death >= kill.signal_sent, "{kill:?}");
    assert_eq!(kill.teardown.is_some(), !sandbox.is_off(), "{kill:?}");
    if let Some(teardown) = kill.teardown {
        assert!(teardown >= death, "{kill:?}");
    }
}
both!(timeout_kills_the_whole_group);

fn subreaper_kills_and_reaps_a_setsid_grandchild(sandbox: &Sandbox) {
    let _g = lock();
    // The grandchild leaves the group and session, keeps stdout open, and
    // its parent exits: EOF never comes, SIGCHLD does.
    let (mut sup, _dir, m, _) = start_grandparent(true, "sleep 0.1; exit 4", 2000, sandbox);
    assert_eq!(failure(answer(&mut sup)), Failure::Exited(4));
    sup.finish().unwrap();
    assert!(
        pids_marked(&m).is_empty(),
        "the escaped grandchild survived"
    );
    assert_eq!(sys::reap_any().unwrap(), sys::ReapAny::NoChildren);
    assert!(
        !sys::is_child_subreaper().unwrap(),
        "the subreaper flag is restored"
    );
}
both!(subreaper_kills_and_reaps_a_setsid_grandchild);

fn end_of_session_escalates_to_sigterm_then_sigkill(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, _dir) = start(
        &[
            sh("while read x; do :; done; sleep 60"),
            sh("trap '' TERM; sleep 60 & wait; sleep 60"),
        ],
        2000,
        sandbox,
    );
    sup.send(0, b"hello\n");
    let ends = sup.finish().unwrap();
    assert_eq!(how(&ends[0]), killed(nix::libc::SIGTERM, Termination::Term));
    assert_eq!(how(&ends[1]), killed(nix::libc::SIGKILL, Termination::Kill));
}
both!(end_of_session_escalates_to_sigterm_then_sigkill);

fn stderr_flood_is_capped_and_does_not_block_the_reply(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, dir) = start(
        &[sh("head -c 5000000 /dev/zero >&2; echo done")],
        5000,
        sandbox,
    );
    reply(answer(&mut sup));
    sup.finish().unwrap();
    let log = std::fs::read(dir.path().join("0.log")).unwrap();
    assert_eq!(log.len(), 1000 + log_pump::TRUNCATED_MARK.len());
}
both!(stderr_flood_is_capped_and_does_not_block_the_reply);

fn eof_mid_line_completes_the_reply_then_the_exit_is_a_failure(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, _dir) = start(&[sh("printf 'x\\ny'")], 2000, sandbox);
    sup.expect_reply(0, 2);
    reply(sup.next_event().unwrap());
    assert_eq!(failure(answer(&mut sup)), Failure::Exited(0));
    sup.finish().unwrap();
}
both!(eof_mid_line_completes_the_reply_then_the_exit_is_a_failure);

fn a_child_that_stops_reading_fails(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, _dir) = start(&[sh("exec 0<&-; echo closed; sleep 60")], 300, sandbox);
    reply(answer(&mut sup));
    sup.send(0, b"anything\n");
    assert_eq!(failure(answer(&mut sup)), Failure::StoppedReading);
    let ends = sup.finish().unwrap();
    // EPIPE, not a missed deadline: no deadline kill to time.
    assert_eq!(ends[0].deadline_kill, None);
}
both!(a_child_that_stops_reading_fails);

fn many_sessions_leak_no_descriptor(sandbox: &Sandbox) {
    let _g = lock();
    let count = || std::fs::read_dir("/proc/self/fd").unwrap().count();
    let run = || {
        let (mut sup, _dir) = start(&[sh("read x; echo $x"), bare("./nope")], 2000, sandbox);
        sup.send(0, b"1\n");
        sup.expect_reply(0, 1);
        while !matches!(sup.next_event().unwrap(), Event::Reply { .. }) {}
        sup.finish().unwrap();
    };
    // The first run probes the machine once for all (and may open what
    // stays open for the process's life).
    run();
    let before = count();
    for _ in 0..20 {
        run();
    }
    assert_eq!(count(), before);
}
both!(many_sessions_leak_no_descriptor);

fn start_per_reply(
    programs: &[Program],
    limit_ms: u64,
    sandbox: &Sandbox,
) -> (Supervisor, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let specs: Vec<ChildSpec> = programs
        .iter()
        .enumerate()
        .map(|(i, p)| ChildSpec {
            program: p.clone(),
            log: dir.path().join(format!("{i}.log")),
            launch: Launch::PerReply,
            terminal: false,
            cpus: Vec::new(),
        })
        .collect();
    (
        Supervisor::start_children(&specs, config(limit_ms, sandbox)).unwrap(),
        dir,
    )
}

/// Launches child 0 with `args` and `input` and waits for a one-line reply.
fn ask_per_reply(sup: &mut Supervisor, args: &[&str], input: &[u8]) -> Event {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    sup.launch(0, &args, input).unwrap();
    answer(sup)
}

fn a_process_per_reply_gets_its_arguments_and_input_then_end_of_file(sandbox: &Sandbox) {
    let _g = lock();
    // Reads its whole stdin (it ends), answers with its argument and the
    // line count, logs to stderr, exits.
    let script = "n=$(wc -l); echo \"$0 $n\"; echo \"move $0\" >&2";
    let (mut sup, dir) = start_per_reply(&[sh(script)], 2000, sandbox);
    for (arg, want) in [("4", "4 2"), ("7", "7 2")] {
        assert_eq!(
            reply(ask_per_reply(&mut sup, &[arg], b"a\nb\n")),
            [want.as_bytes()]
        );
        sup.retire(0).unwrap();
    }
    let ends = sup.finish().unwrap();
    assert_eq!(ends[0].processes, 2);
    assert_eq!(how(&ends[0]), EXITED_0);
    // Both processes' stderr, in one log.
    let log = std::fs::read_to_string(dir.path().join("0.log")).unwrap();
    assert_eq!(log, "move 4\nmove 7\n");
    assert_eq!(sys::reap_any().unwrap(), sys::ReapAny::NoChildren);
}
both!(a_process_per_reply_gets_its_arguments_and_input_then_end_of_file);

fn a_process_per_reply_that_exits_without_replying_fails(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, _dir) = start_per_reply(&[sh("exit 3")], 2000, sandbox);
    assert_eq!(
        failure(ask_per_reply(&mut sup, &[], b"")),
        Failure::Exited(3)
    );
    let ends = sup.finish().unwrap();
    assert_eq!(ends[0].processes, 1);
}
both!(a_process_per_reply_that_exits_without_replying_fails);

fn a_process_per_reply_that_lingers_is_terminated_with_its_escaped_descendants(sandbox: &Sandbox) {
    let _g = lock();
    // Answers, then keeps running in the foreground and leaves a setsid
    // grandchild behind.
    let (program, m) = with_grandchild(true, "trap '' TERM; sleep 60");
    let (mut sup, _dir) = start_per_reply(&[program], 2000, sandbox);
    reply(ask_per_reply(&mut sup, &[], b""));
    wait_marked(&m);
    sup.retire(0).unwrap();
    assert!(
        pids_marked(&m).is_empty(),
        "the escaped grandchild survived the retirement"
    );
    // Retired: a new process may start.
    reply(ask_per_reply(&mut sup, &[], b""));
    sup.retire(0).unwrap();
    let ends = sup.finish().unwrap();
    assert_eq!(ends[0].processes, 2);
    assert_eq!(ends[0].killed_by, Some(Termination::Kill));
    assert_eq!(sys::reap_any().unwrap(), sys::ReapAny::NoChildren);
}
both!(a_process_per_reply_that_lingers_is_terminated_with_its_escaped_descendants);

fn a_process_per_reply_is_killed_at_its_deadline(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, _dir) = start_per_reply(&[sh("printf 'B3\\nE'; sleep 60")], 2000, sandbox);
    sup.launch(0, &[], b"").unwrap();
    sup.expect_reply_within(0, 3, Duration::from_millis(200));
    let failure = failure(sup.next_event().unwrap());
    // A sleeping program got next to no CPU time in its 200 ms.
    let Failure::Timeout { cpu: Some(cpu), .. } = failure else {
        panic!("a timeout with its CPU time: {failure:?}");
    };
    assert!(cpu < Duration::from_millis(100), "{cpu:?}");
    // The message says the CPU time and what had arrived.
    let text = failure.to_string();
    assert!(
        text.starts_with("no complete reply within 200 ms (it got ")
            && text.ends_with(
                " ms of CPU time): got 1 of 3 lines: \"B3\", then \"E\" without a newline"
            ),
        "{text}"
    );
    let ends = sup.finish().unwrap();
    assert_eq!(ends[0].killed_by, Some(Termination::Timeout));
    assert!(ends[0].deadline_kill.is_some());
}
both!(a_process_per_reply_is_killed_at_its_deadline);

fn a_process_per_reply_that_cannot_start_fails_and_is_not_launched_again(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, _dir) = start_per_reply(&[bare("./nope")], 500, sandbox);
    assert!(matches!(
        failure(ask_per_reply(&mut sup, &[], b"")),
        Failure::ExecFailed(_)
    ));
    assert!(matches!(
        sup.launch(0, &[], b""),
        Err(SupervisorError::NotLaunchable(0))
    ));
    let ends = sup.finish().unwrap();
    assert!(!ends[0].started);
}
both!(a_process_per_reply_that_cannot_start_fails_and_is_not_launched_again);

#[test]
fn a_session_child_cannot_be_launched() {
    let _g = lock();
    let (mut sup, _dir) = start(&[sh("sleep 60")], 500, &Sandbox::none());
    assert!(matches!(
        sup.launch(0, &[], b""),
        Err(SupervisorError::NotLaunchable(0))
    ));
    sup.finish().unwrap();
}

/// The state letter of `pid` in `/proc` (`T` for stopped).
fn state(pid: i32) -> char {
    sys::stat_after_name(pid)
        .and_then(|s| s.trim_start().chars().next())
        .unwrap_or('?')
}

fn a_paused_child_is_stopped_and_its_write_clock_waits(sandbox: &Sandbox) {
    let _g = lock();
    let m = marker();
    let (mut sup, _dir) = start_with(
        &[
            // The reader, `head`, runs in the background and the shell
            // announces itself only once `head` has started: a shell
            // stopped while dash vforks `head` waits in state `D` for a
            // child stopped before its `exec`, and never shows `T` (seen
            // on loaded machines); waiting in the `wait` builtin, it
            // stops. `head` reads through fd 3: a background job's fd 0
            // is /dev/null in a non-interactive shell.
            sh_marked(
                "exec 3<&0; head -c 200000 <&3 >/dev/null 3<&- & echo started; wait; echo done; cat >/dev/null",
                &m,
            ),
            sh("sleep 0.4; echo late; cat >/dev/null"),
        ],
        SupervisorConfig {
            // It must leave by itself at its end of file: at load 7 a
            // sandboxed one (continued, then its shell, `cat` and the
            // jail's init exiting) once took over the usual 50 ms.
            grace: Duration::from_secs(5),
            ..config(100, sandbox)
        },
    );
    assert_eq!(line(&mut sup), "started");
    let pid = wait_marked(&m);
    sup.pause(0);
    // Stopped (`T`), or frozen by its jail's cgroup (`D`).
    let paused = |c: char| c == 'T' || (c == 'D' && !sandbox.is_off());
    let until = std::time::Instant::now() + Duration::from_secs(5);
    while !paused(state(pid)) && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(paused(state(pid)), "{}", state(pid));
    // More than a pipe holds, while it cannot read: 400 ms, four time
    // limits, and no `stopped_reading`.
    sup.send(0, &[b'x'; 200_000]);
    sup.expect_reply_within(1, 1, Duration::from_secs(5));
    let event = sup.next_event().unwrap();
    assert!(matches!(event, Event::Reply { child: 1, .. }), "{event:?}");
    assert_eq!(sup.failure(0), None);
    sup.resume(0);
    assert_eq!(reply(answer(&mut sup)), [b"done".to_vec()]);
    // Stopped again at the end: finish continues it, and it exits on its
    // end of file.
    sup.pause(0);
    let ends = sup.finish().unwrap();
    assert_eq!(how(&ends[0]), EXITED_0);
}
both!(a_paused_child_is_stopped_and_its_write_clock_waits);

fn output_no_reply_took_is_counted_as_unasked(sandbox: &Sandbox) {
    let _g = lock();
    // A line past its reply, and one written after its end of input.
    let (mut sup, _dir) = start(
        &[sh(
            "read x; printf 'a\\nextra\\n'; read y; printf 'late\\n'; exit 0",
        )],
        2000,
        sandbox,
    );
    sup.send(0, b"go\n");
    assert_eq!(reply(answer(&mut sup)), [b"a".to_vec()]);
    let ends = sup.finish().unwrap();
    assert_eq!(how(&ends[0]), EXITED_0);
    assert_eq!(ends[0].unasked.head(), b"extra\nlate\n");
    assert_eq!(ends[0].unasked.bytes, 11);
}
both!(output_no_reply_took_is_counted_as_unasked);

fn a_reply_then_silence_leaves_nothing_unasked(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, _dir) = start(&[sh("read x; echo a; read y; exit 0")], 2000, sandbox);
    sup.send(0, b"go\n");
    assert_eq!(reply(answer(&mut sup)), [b"a".to_vec()]);
    let ends = sup.finish().unwrap();
    assert_eq!(ends[0].unasked, Unasked::default());
}
both!(a_reply_then_silence_leaves_nothing_unasked);

/// Whether a child left running by the player is seen when it ends:
/// known only to the init of a jail with a PID namespace.
fn leftovers_are_seen_in_a_pid_namespace(sandbox: &Sandbox) {
    let _g = lock();
    let (mut sup, _dir) = start(
        &[
            sh("sleep 60 & echo started; read x; exit 0"),
            sh("echo started; read x; exit 0"),
        ],
        2000,
        sandbox,
    );
    let pid_ns = sup.sandbox_status().on.contains(Layer::Pid);
    for child in 0..2 {
        sup.expect_reply(child, 1);
        assert!(matches!(sup.next_event().unwrap(), Event::Reply { .. }));
    }
    let ends = sup.finish().unwrap();
    let known = |left: bool| pid_ns.then_some(left);
    assert_eq!(ends[0].leftovers, known(true), "{:?}", ends[0]);
    assert_eq!(ends[1].leftovers, known(false), "{:?}", ends[1]);
}
both!(leftovers_are_seen_in_a_pid_namespace);
