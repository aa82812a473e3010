//! The dispatcher: one `mio::Poll` over every child's pipes and a
//! signal-hook source, absolute deadlines, and the end-of-session cleanup.
//!
//! Readiness events are hints: each turn of the loop tries every open pipe
//! (each read or write stops at `WouldBlock`), so a missed or spurious event
//! can never lose data or stall the loop. The poll timeout is the time to
//! the nearest deadline, recomputed every turn.

use std::collections::VecDeque;
use std::io;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use linebuf::Framing;
use mio::unix::SourceFd;
use mio::{Events, Interest, Poll, Token};
use nix::libc;
use signal_hook::consts::{SIGCHLD, SIGHUP, SIGINT, SIGTERM};
use signal_hook_mio::v1_0::Signals;
use thiserror::Error;

use super::child::Child;
use super::event::{ChildId, Event, ProcessEnd, Termination};
use super::log_pump::LogPump;
use super::spawn::{Program, SpawnError, spawn};
use super::sys::{self, ReapAny};

/// The signal source's token; children use the tokens after it.
const SIGNALS: Token = Token(0);

/// How long the final sweep may take to kill and reap escaped descendants.
const SWEEP_LIMIT: Duration = Duration::from_secs(5);

/// How children are run and judged.
#[derive(Clone, Debug)]
pub struct SupervisorConfig {
    /// How each child's stdout is cut into replies.
    pub framing: Framing,
    /// Time allowed for each reply, from the moment the question is fully
    /// written; also the time allowed for a child to consume what it is sent.
    pub time_limit: Duration,
    /// Grace period at the end: after closing stdin, and again after SIGTERM.
    pub grace: Duration,
    /// Cap of each stderr log, in bytes.
    pub max_log_bytes: u64,
}

/// A failure of the supervisor itself (never of a child).
#[derive(Debug, Error)]
pub enum SupervisorError {
    /// Creating the poll, registering a descriptor or a signal, or waiting failed.
    #[error("event loop: {what}")]
    Os {
        /// What was being done.
        what: &'static str,
        /// The system error.
        #[source]
        source: io::Error,
    },
    /// A log file could not be created.
    #[error("cannot create log file {}", .path.display())]
    Log {
        /// The file.
        path: PathBuf,
        /// The system error.
        #[source]
        source: io::Error,
    },
    /// Starting a child failed for a reason of this machine, not of the program.
    #[error(transparent)]
    Spawn(SpawnError),
    /// The driver waited while no child could ever produce an event.
    #[error("waiting for an event while no reply is awaited")]
    NothingAwaited,
}

fn os(what: &'static str) -> impl FnOnce(io::Error) -> SupervisorError {
    move |source| SupervisorError::Os { what, source }
}

/// Runs children and turns what they do into [`Event`]s.
///
/// While it exists this process is a child subreaper, and it treats every
/// child of the process as its own: do not run two at once, nor start other
/// child processes meanwhile. [`finish`](Self::finish) (or, failing that,
/// `Drop`) kills and reaps everything, escaped descendants included.
pub struct Supervisor {
    config: SupervisorConfig,
    poll: Poll,
    events: Events,
    signals: Signals,
    children: Vec<Child>,
    queue: VecDeque<Event>,
    /// The subreaper flag before we set it, restored at the end.
    was_subreaper: bool,
    /// Set once the game is over: exits are expected, not failures.
    finishing: bool,
    /// An interrupt arrived while finishing: skip to SIGKILL.
    hurry: bool,
    done: bool,
}

impl Supervisor {
    /// Starts every program, with its stderr going to the log file of the
    /// same index. A program that cannot be executed becomes an
    /// [`Event::Failed`] with [`Failure::ExecFailed`](super::Failure::ExecFailed).
    pub fn start(
        programs: &[Program],
        logs: &[PathBuf],
        config: SupervisorConfig,
    ) -> Result<Supervisor, SupervisorError> {
        assert_eq!(programs.len(), logs.len(), "one log file per program");
        let poll = Poll::new().map_err(os("creating the poll"))?;
        // Signals first: a SIGCHLD must not slip in before we listen.
        let mut signals =
            Signals::new([SIGCHLD, SIGINT, SIGTERM, SIGHUP]).map_err(os("registering signals"))?;
        poll.registry()
            .register(&mut signals, SIGNALS, Interest::READABLE)
            .map_err(os("registering signals"))?;
        let was_subreaper = sys::is_child_subreaper().map_err(os("reading the subreaper flag"))?;
        sys::set_child_subreaper(true).map_err(os("becoming a child subreaper"))?;
        let mut sup = Supervisor {
            config,
            poll,
            events: Events::with_capacity(64),
            signals,
            children: Vec::with_capacity(programs.len()),
            queue: VecDeque::new(),
            was_subreaper,
            finishing: false,
            hurry: false,
            done: false,
        };
        for (id, (program, log_path)) in programs.iter().zip(logs).enumerate() {
            let log = LogPump::create(log_path, sup.config.max_log_bytes).map_err(|source| {
                SupervisorError::Log {
                    path: log_path.clone(),
                    source,
                }
            })?;
            let name = program.display();
            let child = match spawn(program) {
                Ok(s) => {
                    log::debug!("child {id}: started {name} as {}", s.pid);
                    Child::running(name, s, sup.config.framing, log)
                }
                Err(e) if e.is_program_fault() => {
                    log::info!("child {id}: {e}");
                    sup.queue.push_back(Event::Failed {
                        child: id,
                        failure: super::Failure::ExecFailed(e.to_string()),
                    });
                    Child::not_started(name, sup.config.framing, log, e.to_string())
                }
                Err(e) => return Err(SupervisorError::Spawn(e)),
            };
            sup.register(id, &child)?;
            sup.children.push(child);
        }
        Ok(sup)
    }

    fn register(&self, id: ChildId, child: &Child) -> Result<(), SupervisorError> {
        let interests = [Interest::WRITABLE, Interest::READABLE, Interest::READABLE];
        for (k, (fd, interest)) in child.fds().into_iter().zip(interests).enumerate() {
            if let Some(fd) = fd {
                self.poll
                    .registry()
                    .register(&mut SourceFd(&fd), Token(1 + 3 * id + k), interest)
                    .map_err(os("registering a pipe"))?;
            }
        }
        Ok(())
    }

    /// The path of a child's stderr log.
    pub fn log_path(&self, child: ChildId) -> PathBuf {
        self.children[child].log.path().to_owned()
    }

    /// Queues `bytes` for a child's stdin and writes what the pipe takes
    /// now. Ignored for a failed child.
    pub fn send(&mut self, child: ChildId, bytes: &[u8]) {
        let c = &mut self.children[child];
        c.send(bytes, Instant::now());
        c.flush(self.poll.registry());
    }

    /// Waits for a reply of `lines` non-blank lines from `child`. Its clock
    /// starts when everything sent to it so far has been written. Lines it
    /// wrote earlier count toward this reply.
    pub fn expect_reply(&mut self, child: ChildId, lines: usize) {
        self.children[child].expect(lines);
        // The reply may be complete already.
        if let Some(e) = self.children[child].take_reply(child, Instant::now()) {
            self.queue.push_back(e);
        }
    }

    /// A child's failure, if it has failed (it then takes no further
    /// part), even if the event is still to be delivered.
    pub fn failure(&self, child: ChildId) -> Option<&super::Failure> {
        self.children[child].failure.as_ref()
    }

    /// The next event. Failures are reported as soon as they happen,
    /// whatever is awaited.
    pub fn next_event(&mut self) -> Result<Event, SupervisorError> {
        loop {
            if let Some(e) = self.queue.pop_front() {
                return Ok(e);
            }
            if !self
                .children
                .iter()
                .any(|c| !c.is_failed() && c.is_awaiting())
            {
                return Err(SupervisorError::NothingAwaited);
            }
            self.turn(None)?;
        }
    }

    /// The nearest deadline of any child.
    fn next_deadline(&self) -> Option<Instant> {
        self.children
            .iter()
            .filter_map(|c| c.next_deadline(self.config.time_limit))
            .min()
    }

    /// One turn of the loop: wait for readiness, a signal or the nearest
    /// deadline (or `until`), then service every child.
    fn turn(&mut self, until: Option<Instant>) -> Result<(), SupervisorError> {
        let now = Instant::now();
        let nearest = [self.next_deadline(), until].into_iter().flatten().min();
        let mut timeout = nearest.map(|d| d.saturating_duration_since(now));
        if self.children.iter().any(Child::has_more_stderr) {
            timeout = Some(Duration::ZERO);
        }
        match self.poll.poll(&mut self.events, timeout) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(os("polling")(e)),
        }
        self.handle_signals();
        let registry = self.poll.registry();
        for c in &mut self.children {
            c.flush(registry);
            c.read_stdout(registry, self.finishing);
            c.pump_stderr(registry);
        }
        if self.finishing {
            return Ok(());
        }
        let now = Instant::now();
        for (id, c) in self.children.iter_mut().enumerate() {
            if let Some(e) = c.take_reply(id, now) {
                self.queue.push_back(e);
            }
            self.queue.extend(c.on_exit(id, now, registry));
            if let Some(e) = c.check_deadlines(id, now, self.config.time_limit, registry) {
                self.queue.push_back(e);
            }
        }
        Ok(())
    }

    fn handle_signals(&mut self) {
        let pending: Vec<i32> = self.signals.pending().collect();
        for sig in pending {
            match sig {
                SIGCHLD => self.children.iter_mut().for_each(Child::check_exit),
                _ => {
                    log::info!("received {}", super::event::signal_name(sig));
                    if self.finishing {
                        self.hurry = true;
                    } else if !self
                        .queue
                        .iter()
                        .any(|e| matches!(e, Event::Interrupted { .. }))
                    {
                        self.queue.push_back(Event::Interrupted { signal: sig });
                    }
                }
            }
        }
        // SIGCHLD may be coalesced, or lost to an earlier look: also look
        // at any child whose pipes already say it is probably gone.
        self.children
            .iter_mut()
            .filter(|c| c.looks_gone())
            .for_each(Child::check_exit);
    }

    fn all_ended(&self) -> bool {
        self.children.iter().all(Child::has_ended)
    }

    /// Turns the loop until every child has ended, `until` passes, or an
    /// interrupt asks to hurry.
    fn wait_for_ends(&mut self, until: Instant) -> Result<(), SupervisorError> {
        while !self.all_ended() && Instant::now() < until && !self.hurry {
            self.turn(Some(until))?;
        }
        Ok(())
    }

    fn signal_all(&mut self, sig: i32, why: Termination) {
        for c in &mut self.children {
            if !c.has_ended() {
                c.signal_group(sig, why);
            }
        }
    }

    /// Ends the session: delivers what is still queued (for at most the
    /// grace period), closes every stdin, waits the grace period, SIGTERMs
    /// the process groups still running, waits again, SIGKILLs them, reaps
    /// every child, then kills and reaps any descendant that escaped its
    /// group. A second interrupt meanwhile skips straight to SIGKILL.
    /// Returns how each child ended.
    pub fn finish(mut self) -> Result<Vec<ProcessEnd>, SupervisorError> {
        self.finishing = true;
        self.queue.clear();
        let grace = self.config.grace;

        let flush_until = Instant::now() + grace;
        loop {
            let registry = self.poll.registry();
            for c in &mut self.children {
                c.flush(registry);
                if !c.has_queued_output() || c.has_ended() {
                    c.close_stdin(registry);
                }
            }
            if !self.children.iter().any(Child::stdin_open)
                || Instant::now() >= flush_until
                || self.hurry
            {
                break;
            }
            self.turn(Some(flush_until))?;
        }
        let registry = self.poll.registry();
        self.children
            .iter_mut()
            .for_each(|c| c.close_stdin(registry));

        self.wait_for_ends(Instant::now() + grace)?;
        if !self.all_ended() && !self.hurry {
            self.signal_all(libc::SIGTERM, Termination::Term);
            self.wait_for_ends(Instant::now() + grace)?;
        }
        if !self.all_ended() {
            self.signal_all(libc::SIGKILL, Termination::Kill);
        }
        self.reap_children()?;
        self.sweep();
        self.done = true;
        let ends = self
            .children
            .iter()
            .map(|c| ProcessEnd {
                status: c.status,
                started: c.pid.is_some(),
                killed_by: c.killed_by,
            })
            .collect();
        Ok(ends)
    }

    /// Kills what is left of every child's group and reaps the child. Each
    /// child is still a zombie (or running) here, so its group id cannot
    /// have been reused.
    fn reap_children(&mut self) -> Result<(), SupervisorError> {
        let registry = self.poll.registry();
        for c in &mut self.children {
            let Some(pid) = c.pid else { continue };
            if c.reaped {
                continue;
            }
            // Stray members of its group (background helpers) go too.
            if let Err(e) = sys::kill(pid.group(), libc::SIGKILL) {
                log::warn!("{}: kill of {} failed: {e}", c.program, pid.group());
            }
            match sys::reap(pid, true) {
                Ok(status) => {
                    c.status = c.status.or(status);
                }
                Err(e) => log::warn!("{}: reaping {pid} failed: {e}", c.program),
            }
            c.reaped = true;
            // Whatever is left in stderr goes to the log (bounded: descendants
            // still holding the pipe must not keep us here).
            c.pump_stderr(registry);
            c.close_all(registry);
        }
        Ok(())
    }

    /// Kills and reaps every remaining child of this process: descendants
    /// that left their group (`setsid`) and were re-parented to us as the
    /// subreaper once their parent died.
    fn sweep(&mut self) {
        let until = Instant::now() + SWEEP_LIMIT;
        loop {
            match sys::reap_any() {
                Ok(ReapAny::Reaped(pid)) => log::debug!("reaped escaped descendant {pid}"),
                Ok(ReapAny::NoChildren) => break,
                Ok(ReapAny::Running) => {
                    if Instant::now() >= until {
                        log::error!("descendants still running after {SWEEP_LIMIT:?}; giving up");
                        break;
                    }
                    match sys::children_of_self() {
                        Ok(pids) => {
                            for pid in pids {
                                log::info!("killing escaped descendant {pid}");
                                let p = super::pid::ChildPid::Process(pid);
                                let _ = sys::kill(p, libc::SIGKILL);
                            }
                        }
                        Err(e) => log::warn!("listing children failed: {e}"),
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(e) => {
                    log::warn!("reaping failed: {e}");
                    break;
                }
            }
        }
        if let Err(e) = sys::set_child_subreaper(self.was_subreaper) {
            log::warn!("restoring the subreaper flag failed: {e}");
        }
    }
}

impl Drop for Supervisor {
    /// The safety net when [`finish`](Supervisor::finish) was not reached
    /// (an error or a panic): kill and reap at once.
    fn drop(&mut self) {
        if self.done {
            return;
        }
        self.finishing = true;
        self.signal_all(libc::SIGKILL, Termination::Kill);
        let _ = self.reap_children();
        self.sweep();
    }
}
