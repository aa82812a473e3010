//! The dispatcher: starts jobs as workers free up, hears about their ends
//! and about signals through one channel, enforces wall-clock limits, and
//! stops in stages (no new jobs; SIGTERM; SIGKILL).

use std::collections::HashSet;
use std::ffi::OsString;
use std::io;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use nix::sys::signal::Signal;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use super::job::{self, Exit, Job, JobEnd, KillReason, Reaped, Running};
use super::orphans;

/// What the handler wants after a job ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// Go on.
    Continue,
    /// Start no more jobs; let the running ones finish.
    Stop,
    /// Start no more jobs and terminate the running ones.
    Cancel,
}

/// Why the runner stopped starting jobs, from the mildest to the most
/// urgent; a later, more urgent reason supersedes an earlier one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum StopReason {
    /// The handler asked to stop ([`Control::Stop`]).
    Requested,
    /// A first SIGINT: running jobs may finish.
    Interrupted,
    /// The handler asked to cancel ([`Control::Cancel`]).
    Cancelled,
    /// A second SIGINT, or SIGTERM or SIGHUP: running jobs got SIGTERM.
    Terminated,
    /// One more signal after that: running jobs got SIGKILL.
    Killed,
}

impl StopReason {
    /// The stop a terminating `signal` calls for, when the run is at
    /// `current` and has had `interrupts` SIGINTs before (counted here): a
    /// first SIGINT lets running jobs finish, a second one (or SIGTERM,
    /// SIGHUP) terminates them, any signal after that kills them.
    pub fn after_signal(
        current: Option<StopReason>,
        signal: i32,
        interrupts: &mut u32,
    ) -> StopReason {
        if current >= Some(StopReason::Terminated) {
            return StopReason::Killed;
        }
        if signal == SIGINT {
            *interrupts += 1;
            if *interrupts == 1 {
                return StopReason::Interrupted;
            }
        }
        StopReason::Terminated
    }
}

/// Something the user may want to know while the run goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// Stopping for this reason, with this many jobs still running (when
    /// the executor knows).
    Stopping(StopReason, Option<usize>),
    /// The job with this key exceeded its wall-clock limit and got SIGTERM.
    TimedOut(usize),
    /// The job with this key ignored SIGTERM for the grace period and got
    /// SIGKILL.
    ForceKilled(usize),
    /// This many processes left behind by finished jobs, still running,
    /// were killed.
    OrphansKilled(usize),
}

/// The caller's side of a run.
pub trait Handler {
    /// A job started.
    fn started(&mut self, key: usize) {
        let _ = key;
    }
    /// A job ended (or could not start).
    fn ended(&mut self, end: JobEnd) -> Control;
    /// Something happened that the user may want to know.
    fn notice(&mut self, notice: Notice);
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunOutcome {
    /// Why it stopped early, if it did.
    pub stop: Option<StopReason>,
    /// The first terminating signal received, if any.
    pub signal: Option<i32>,
}

/// Runs jobs in parallel.
#[derive(Debug, Clone)]
pub struct Runner {
    /// Jobs running at once (at least 1).
    pub concurrency: usize,
    /// Time between SIGTERM and SIGKILL for a job being stopped.
    pub grace: Duration,
    /// Arguments added to a job's for the slot it runs in (the lowest
    /// free one, 0 to `concurrency` less one): `slot_args[k]` for slot
    /// `k`, none past the end.
    pub slot_args: Vec<Vec<OsString>>,
}

enum Event {
    Reaped(Reaped),
    Signal(i32),
}

impl From<Reaped> for Event {
    fn from(r: Reaped) -> Event {
        Event::Reaped(r)
    }
}

struct Dispatch<'h> {
    handler: &'h mut dyn Handler,
    running: Vec<Running>,
    stop: Option<StopReason>,
    signal: Option<i32>,
    interrupts: u32,
    grace: Duration,
}

impl Runner {
    /// Runs `jobs` in order, at most `concurrency` at a time, until all
    /// have ended or a stop. Returns once no job process is left.
    ///
    /// SIGINT, SIGTERM and SIGHUP are handled while it runs: a first SIGINT
    /// stops starting jobs, a second (or SIGTERM, SIGHUP) sends SIGTERM to
    /// the running jobs' process groups, SIGKILL following after the grace
    /// period; any further signal sends SIGKILL at once.
    pub fn run<I>(&self, jobs: I, handler: &mut dyn Handler) -> io::Result<RunOutcome>
    where
        I: IntoIterator<Item = Job>,
    {
        let (tx, rx) = mpsc::channel::<Event>();
        let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
        let signals_handle = signals.handle();
        let signal_tx = tx.clone();
        let signal_thread = std::thread::spawn(move || {
            for signal in signals.forever() {
                if signal_tx.send(Event::Signal(signal)).is_err() {
                    break;
                }
            }
        });
        // Without a subreaper, orphans go to init and are only the
        // referee's to clean: a weaker guarantee, not a reason to fail.
        let _ = orphans::become_subreaper();

        let mut d = Dispatch {
            handler,
            running: Vec::new(),
            stop: None,
            signal: None,
            interrupts: 0,
            grace: self.grace,
        };
        let mut jobs = jobs.into_iter().peekable();
        loop {
            while d.stop.is_none() && d.running.len() < self.concurrency.max(1) {
                let Some(mut job) = jobs.next() else { break };
                let slot = (0..)
                    .find(|s| d.running.iter().all(|r| r.slot != *s))
                    .unwrap_or(0);
                if let Some(extra) = self.slot_args.get(slot) {
                    job.args.extend(extra.iter().cloned());
                }
                match job::start(&job, tx.clone()) {
                    Ok(mut running) => {
                        running.slot = slot;
                        d.handler.started(job.key);
                        d.running.push(running);
                    }
                    Err(end) => {
                        let control = d.handler.ended(end);
                        d.control(control);
                    }
                }
            }
            if d.running.is_empty() && (d.stop.is_some() || jobs.peek().is_none()) {
                break;
            }
            let event = match d.next_deadline() {
                Some(at) => rx.recv_timeout(at.saturating_duration_since(Instant::now())),
                None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match event {
                Ok(Event::Reaped(reaped)) => d.reaped(reaped),
                Ok(Event::Signal(signal)) => d.signalled(signal),
                Err(RecvTimeoutError::Timeout) => {}
                // The dispatcher holds a sender: the channel cannot close.
                Err(RecvTimeoutError::Disconnected) => unreachable!("event channel closed"),
            }
            d.enforce_deadlines();
        }
        let orphans = orphans::sweep(&HashSet::new());
        if orphans > 0 {
            d.handler.notice(Notice::OrphansKilled(orphans));
        }
        signals_handle.close();
        let _ = signal_thread.join();
        Ok(RunOutcome {
            stop: d.stop,
            signal: d.signal,
        })
    }
}

impl Dispatch<'_> {
    fn control(&mut self, control: Control) {
        match control {
            Control::Continue => {}
            Control::Stop => self.escalate(StopReason::Requested),
            Control::Cancel => self.escalate(StopReason::Cancelled),
        }
    }

    fn signalled(&mut self, signal: i32) {
        self.signal.get_or_insert(signal);
        let reason = StopReason::after_signal(self.stop, signal, &mut self.interrupts);
        self.escalate(reason);
    }

    /// Moves to `reason` if it is more urgent than the current one, and
    /// applies it to the running jobs.
    fn escalate(&mut self, reason: StopReason) {
        if self.stop >= Some(reason) {
            return;
        }
        self.stop = Some(reason);
        self.handler
            .notice(Notice::Stopping(reason, Some(self.running.len())));
        let now = Instant::now();
        match reason {
            StopReason::Requested | StopReason::Interrupted => {}
            StopReason::Cancelled | StopReason::Terminated => {
                for r in &mut self.running {
                    if r.terminated_at.is_none() {
                        r.killed.get_or_insert(KillReason::Cancelled);
                        r.terminated_at = Some(now);
                        r.signal(Signal::SIGTERM);
                    }
                }
            }
            StopReason::Killed => {
                for r in &mut self.running {
                    r.killed.get_or_insert(KillReason::Cancelled);
                    r.sigkilled = true;
                    r.signal(Signal::SIGKILL);
                }
            }
        }
    }

    fn reaped(&mut self, reaped: Reaped) {
        let Some(index) = self.running.iter().position(|r| r.key == reaped.key) else {
            return;
        };
        let mut running = self.running.swap_remove(index);
        running.join();
        let end = JobEnd {
            key: reaped.key,
            exit: match reaped.status {
                Ok(status) => Exit::Status(status),
                Err(e) => Exit::SpawnFailed(e),
            },
            started: running.started,
            wall: reaped.wall,
            killed: running.killed,
        };
        let control = self.handler.ended(end);
        self.control(control);
        let keep: HashSet<_> = self.running.iter().map(|r| r.pid).collect();
        let orphans = orphans::sweep(&keep);
        if orphans > 0 {
            self.handler.notice(Notice::OrphansKilled(orphans));
        }
    }

    /// The nearest wall-clock limit or end of a grace period.
    fn next_deadline(&self) -> Option<Instant> {
        self.running
            .iter()
            .filter_map(|r| match (r.terminated_at, r.sigkilled) {
                (None, _) => r.deadline,
                (Some(at), false) => Some(at + self.grace),
                (Some(_), true) => None,
            })
            .min()
    }

    fn enforce_deadlines(&mut self) {
        let now = Instant::now();
        for r in &mut self.running {
            match r.terminated_at {
                None if r.deadline.is_some_and(|d| d <= now) => {
                    r.killed = Some(KillReason::TimedOut);
                    r.terminated_at = Some(now);
                    r.signal(Signal::SIGTERM);
                    self.handler.notice(Notice::TimedOut(r.key));
                }
                Some(at) if !r.sigkilled && at + self.grace <= now => {
                    r.sigkilled = true;
                    r.signal(Signal::SIGKILL);
                    self.handler.notice(Notice::ForceKilled(r.key));
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;
    use std::path::Path;

    use nix::sys::signal::kill;
    use nix::unistd::{Pid, getpid};

    use crate::run::runner::test_lock;

    /// Records what happens and answers with a scripted control.
    #[derive(Default)]
    struct Recorder {
        started: Vec<usize>,
        ends: Vec<JobEnd>,
        notices: Vec<Notice>,
        running: usize,
        max_running: usize,
        control_after: Option<(usize, Control)>,
        interrupt_on_start: Option<(usize, u32)>,
    }

    impl Handler for Recorder {
        fn started(&mut self, key: usize) {
            self.started.push(key);
            self.running += 1;
            self.max_running = self.max_running.max(self.running);
            if let Some((k, times)) = self.interrupt_on_start
                && k == key
            {
                for _ in 0..times {
                    kill(getpid(), Signal::SIGINT).unwrap();
                    // Let the signal thread forward each one separately.
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        }

        fn ended(&mut self, end: JobEnd) -> Control {
            self.running = self.running.saturating_sub(1);
            let key = end.key;
            self.ends.push(end);
            match self.control_after {
                Some((k, control)) if k == key => control,
                _ => Control::Continue,
            }
        }

        fn notice(&mut self, notice: Notice) {
            self.notices.push(notice);
        }
    }

    /// A shell job. Scripts whose job gets killed `exec` their last
    /// command: a forked child could still be dying when its shell is
    /// reaped, and the orphan sweep would (rightly) count it.
    fn sh(dir: &Path, key: usize, script: &str) -> Job {
        Job {
            key,
            program: "/bin/sh".into(),
            args: vec!["-c".into(), script.into()],
            stdout: dir.join(format!("{key}.out")),
            stderr: dir.join(format!("{key}.err")),
            timeout: None,
        }
    }

    /// Runs the shell `scripts` as jobs 0, 1..., `concurrency` at a time,
    /// told to `rec`: the outcome, and what `rec` recorded.
    fn run_scripts(
        concurrency: usize,
        scripts: &[&str],
        mut rec: Recorder,
    ) -> (RunOutcome, Recorder) {
        let dir = tempfile::tempdir().unwrap();
        let jobs: Vec<Job> = (0..)
            .zip(scripts)
            .map(|(k, script)| sh(dir.path(), k, script))
            .collect();
        let outcome = runner(concurrency).run(jobs, &mut rec).unwrap();
        (outcome, rec)
    }

    /// The jobs `exit 0`, `second` and `exit 0` two at a time, `control`
    /// given as job 0 ends (job 1 runs then, job 2 waits, and never
    /// starts), as [`run_scripts`].
    fn control_after_first(control: Control, second: &str) -> (RunOutcome, Recorder) {
        let rec = Recorder {
            control_after: Some((0, control)),
            ..Recorder::default()
        };
        let (outcome, rec) = run_scripts(2, &["exit 0", second, "exit 0"], rec);
        assert_eq!(rec.started, [0, 1]);
        (outcome, rec)
    }

    /// Runs `script` alone as a job of 100 ms at most: what was recorded.
    fn over_its_time(script: &str) -> Recorder {
        let dir = tempfile::tempdir().unwrap();
        let mut job = sh(dir.path(), 0, script);
        job.timeout = Some(Duration::from_millis(100));
        let mut rec = Recorder::default();
        runner(1).run([job], &mut rec).unwrap();
        rec
    }

    fn runner(concurrency: usize) -> Runner {
        Runner {
            concurrency,
            grace: Duration::from_millis(300),
            slot_args: Vec::new(),
        }
    }

    fn end(rec: &Recorder, key: usize) -> &JobEnd {
        rec.ends.iter().find(|e| e.key == key).unwrap()
    }

    fn status(end: &JobEnd) -> &std::process::ExitStatus {
        match &end.exit {
            Exit::Status(s) => s,
            Exit::SpawnFailed(e) => panic!("spawn failed: {e}"),
        }
    }

    #[test]
    fn each_running_job_gets_the_arguments_of_a_slot_of_its_own() {
        let _guard = test_lock();
        let dir = tempfile::tempdir().unwrap();
        // The slot's argument becomes the script's $0.
        let jobs: Vec<Job> = (0..4)
            .map(|k| {
                sh(
                    dir.path(),
                    k,
                    "echo \"$0\" $(date +%s%N); sleep 0.1; date +%s%N",
                )
            })
            .collect();
        let mut rec = Recorder::default();
        let mut r = runner(2);
        r.slot_args = vec![vec!["s0".into()], vec!["s1".into()]];
        r.run(jobs, &mut rec).unwrap();
        let runs: Vec<(String, u128, u128)> = (0..4)
            .map(|k| {
                let out = std::fs::read_to_string(dir.path().join(format!("{k}.out"))).unwrap();
                let w: Vec<&str> = out.split_whitespace().collect();
                (
                    w[0].to_owned(),
                    w[1].parse().unwrap(),
                    w[2].parse().unwrap(),
                )
            })
            .collect();
        for (i, a) in runs.iter().enumerate() {
            assert!(a.0 == "s0" || a.0 == "s1", "{runs:?}");
            // Two jobs that ran at the same time had slots of their own.
            for b in &runs[i + 1..] {
                if a.1 < b.2 && b.1 < a.2 {
                    assert_ne!(a.0, b.0, "{runs:?}");
                }
            }
        }
    }

    #[test]
    fn runs_every_job_within_the_concurrency_limit() {
        let _guard = test_lock();
        let dir = tempfile::tempdir().unwrap();
        let jobs: Vec<Job> = (0..6)
            .map(|k| sh(dir.path(), k, &format!("sleep 0.05; echo out{k}; exit {k}")))
            .collect();
        let mut rec = Recorder::default();
        let outcome = runner(2).run(jobs, &mut rec).unwrap();
        assert_eq!(
            outcome,
            RunOutcome {
                stop: None,
                signal: None
            }
        );
        assert_eq!(rec.started, [0, 1, 2, 3, 4, 5]);
        assert_eq!(rec.max_running, 2);
        for k in 0..6 {
            assert_eq!(status(end(&rec, k)).code(), Some(k as i32));
            let out = std::fs::read_to_string(dir.path().join(format!("{k}.out"))).unwrap();
            assert_eq!(out, format!("out{k}\n"));
        }
    }

    #[test]
    fn a_job_that_cannot_start_is_reported_and_the_rest_run() {
        let _guard = test_lock();
        let dir = tempfile::tempdir().unwrap();
        let mut missing = sh(dir.path(), 0, "");
        missing.program = dir.path().join("no-such-program");
        let jobs = vec![missing, sh(dir.path(), 1, "exit 0")];
        let mut rec = Recorder::default();
        runner(1).run(jobs, &mut rec).unwrap();
        assert!(matches!(end(&rec, 0).exit, Exit::SpawnFailed(_)));
        assert!(status(end(&rec, 1)).success());
    }

    #[test]
    fn a_job_over_its_time_limit_is_terminated() {
        let _guard = test_lock();
        let rec = over_its_time("exec sleep 30");
        let e = end(&rec, 0);
        assert_eq!(e.killed, Some(KillReason::TimedOut));
        assert_eq!(status(e).signal(), Some(Signal::SIGTERM as i32));
        assert_eq!(rec.notices, [Notice::TimedOut(0)]);
    }

    #[test]
    fn a_job_ignoring_sigterm_is_killed_after_the_grace_period() {
        let _guard = test_lock();
        let rec = over_its_time("trap '' TERM; exec sleep 30");
        assert_eq!(status(end(&rec, 0)).signal(), Some(Signal::SIGKILL as i32));
        assert_eq!(rec.notices, [Notice::TimedOut(0), Notice::ForceKilled(0)]);
    }

    #[test]
    fn cancel_terminates_running_jobs_and_starts_no_more() {
        let _guard = test_lock();
        let (outcome, rec) = control_after_first(Control::Cancel, "exec sleep 30");
        assert_eq!(outcome.stop, Some(StopReason::Cancelled));
        assert_eq!(end(&rec, 1).killed, Some(KillReason::Cancelled));
        assert_eq!(status(end(&rec, 1)).signal(), Some(Signal::SIGTERM as i32));
    }

    #[test]
    fn stop_lets_running_jobs_finish() {
        let _guard = test_lock();
        let (outcome, rec) = control_after_first(Control::Stop, "sleep 0.3; exit 3");
        assert_eq!(outcome.stop, Some(StopReason::Requested));
        assert_eq!(end(&rec, 1).killed, None);
        assert_eq!(status(end(&rec, 1)).code(), Some(3));
    }

    #[test]
    fn two_interrupts_terminate_running_jobs() {
        let _guard = test_lock();
        let (outcome, rec) = run_scripts(
            2,
            &["exec sleep 30"; 3],
            Recorder {
                interrupt_on_start: Some((1, 2)),
                ..Recorder::default()
            },
        );
        assert_eq!(outcome.stop, Some(StopReason::Terminated));
        assert_eq!(outcome.signal, Some(SIGINT));
        assert_eq!(rec.started, [0, 1]);
        assert_eq!(
            rec.notices,
            [
                Notice::Stopping(StopReason::Interrupted, Some(2)),
                Notice::Stopping(StopReason::Terminated, Some(2))
            ]
        );
        for k in 0..2 {
            assert_eq!(end(&rec, k).killed, Some(KillReason::Cancelled));
        }
    }

    #[test]
    fn processes_left_behind_by_a_job_are_killed() {
        let _guard = test_lock();
        let dir = tempfile::tempdir().unwrap();
        // The job starts a process in a session of its own (out of reach
        // of a group kill) and exits: the process becomes our orphan.
        let script = "setsid sleep 30 & echo $! > pid; exit 0";
        let mut job = sh(
            dir.path(),
            0,
            &format!("cd '{}'; {script}", dir.path().display()),
        );
        job.timeout = Some(Duration::from_secs(20));
        let mut rec = Recorder::default();
        runner(1).run([job], &mut rec).unwrap();
        let pid: i32 = std::fs::read_to_string(dir.path().join("pid"))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        assert!(
            rec.notices.contains(&Notice::OrphansKilled(1)),
            "{:?}",
            rec.notices
        );
        assert_eq!(
            kill(Pid::from_raw(pid), None),
            Err(nix::errno::Errno::ESRCH)
        );
    }
}
