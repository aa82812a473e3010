//! The state of one child: its pipes, write queue, line buffer, log pump,
//! reply clock and how it ended. Knows no event loop: the dispatcher
//! ([`super::supervisor`]) calls it when something may have happened.

use std::io;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::time::{Duration, Instant};

use linebuf::{Framing, LineBuffer, Reply};
use mio::Registry;
use mio::unix::SourceFd;

use super::event::{Event, Failure, ReplyFault, Termination};
use super::log_pump::LogPump;
use super::pid::ChildPid;
use super::spawn::Spawned;
use super::sys::{self, WaitStatus};

/// Most bytes read from one stderr per turn of the event loop, so a child
/// flooding stderr cannot starve the other descriptors or the deadlines.
const STDERR_BUDGET: usize = 64 * 1024;

/// How long a closed stdout or a broken stdin may wait for the exit that
/// usually follows it, so that the failure is reported as the exit (with
/// its status) rather than as the closed pipe.
const SETTLE: Duration = Duration::from_millis(50);

/// A reply the driver is waiting for.
#[derive(Clone, Copy, Debug)]
struct Awaiting {
    lines: usize,
    /// When the question was fully written; `None` while it is still queued.
    started: Option<Instant>,
}

/// A suspected failure, confirmed as such unless the process is seen to
/// exit (a more precise reason) by `at`.
#[derive(Clone, Copy, Debug)]
struct Suspicion {
    failure: fn() -> Failure,
    at: Instant,
}

/// One supervised child.
#[derive(Debug)]
pub struct Child {
    pub(super) program: String,
    pub(super) pid: Option<ChildPid>,
    stdin: Option<OwnedFd>,
    queue: Vec<u8>,
    /// When the oldest queued byte was queued.
    queued_at: Option<Instant>,
    /// When the queue last became empty.
    drained_at: Instant,
    stdout: Option<OwnedFd>,
    lines: LineBuffer,
    stderr: Option<OwnedFd>,
    pub(super) log: LogPump,
    stderr_more: bool,
    awaiting: Option<Awaiting>,
    pub(super) status: Option<WaitStatus>,
    pub(super) reaped: bool,
    pub(super) failure: Option<Failure>,
    suspicion: Option<Suspicion>,
    pub(super) killed_by: Option<Termination>,
}

impl Child {
    /// A running child.
    pub(super) fn running(program: String, s: Spawned, framing: Framing, log: LogPump) -> Child {
        Child {
            program,
            pid: Some(s.pid),
            stdin: Some(s.stdin),
            queue: Vec::new(),
            queued_at: None,
            drained_at: Instant::now(),
            stdout: Some(s.stdout),
            lines: LineBuffer::new(framing),
            stderr: Some(s.stderr),
            log,
            stderr_more: false,
            awaiting: None,
            status: None,
            reaped: false,
            failure: None,
            suspicion: None,
            killed_by: None,
        }
    }

    /// A child whose program could not be started.
    pub(super) fn not_started(
        program: String,
        framing: Framing,
        log: LogPump,
        why: String,
    ) -> Child {
        Child {
            program,
            pid: None,
            stdin: None,
            queue: Vec::new(),
            queued_at: None,
            drained_at: Instant::now(),
            stdout: None,
            lines: LineBuffer::new(framing),
            stderr: None,
            log,
            stderr_more: false,
            awaiting: None,
            status: None,
            reaped: true,
            failure: Some(Failure::ExecFailed(why)),
            suspicion: None,
            killed_by: None,
        }
    }

    /// The raw descriptors to register: stdin, stdout, stderr.
    pub(super) fn fds(&self) -> [Option<i32>; 3] {
        [&self.stdin, &self.stdout, &self.stderr].map(|fd| fd.as_ref().map(|f| f.as_raw_fd()))
    }

    pub(super) fn is_failed(&self) -> bool {
        self.failure.is_some()
    }

    /// Whether the process has ended (or never started).
    pub(super) fn has_ended(&self) -> bool {
        self.pid.is_none() || self.status.is_some()
    }

    /// Whether a closed stdout or a broken stdin suggests the process ended.
    pub(super) fn looks_gone(&self) -> bool {
        self.suspicion.is_some() || (self.pid.is_some() && self.stdout.is_none())
    }

    pub(super) fn has_more_stderr(&self) -> bool {
        self.stderr_more
    }

    pub(super) fn has_queued_output(&self) -> bool {
        !self.queue.is_empty()
    }

    pub(super) fn stdin_open(&self) -> bool {
        self.stdin.is_some()
    }

    pub(super) fn is_awaiting(&self) -> bool {
        self.awaiting.is_some()
    }

    /// Queues bytes for the child's stdin. Dropped if it has failed.
    pub(super) fn send(&mut self, bytes: &[u8], now: Instant) {
        if self.is_failed() || self.stdin.is_none() {
            return;
        }
        if self.queue.is_empty() {
            self.queued_at = Some(now);
        }
        self.queue.extend_from_slice(bytes);
    }

    /// Starts waiting for a reply of `lines` non-blank lines; its clock
    /// starts once everything queued so far is written.
    pub(super) fn expect(&mut self, lines: usize) {
        if self.is_failed() {
            return;
        }
        let started = self.queue.is_empty().then_some(self.drained_at);
        self.awaiting = Some(Awaiting { lines, started });
    }

    /// The nearest instant at which something must be checked.
    pub(super) fn next_deadline(&self, limit: Duration) -> Option<Instant> {
        if self.is_failed() {
            return None;
        }
        let reply = self.awaiting.and_then(|a| a.started).map(|s| s + limit);
        let write = self.queued_at.map(|q| q + limit);
        let settle = self.suspicion.map(|s| s.at);
        [reply, write, settle].into_iter().flatten().min()
    }

    fn close_fd(slot: &mut Option<OwnedFd>, registry: &Registry) {
        if let Some(fd) = slot.take() {
            // Deregistering a pipe that was never registered, or whose
            // other end is gone, may fail: nothing to do about it.
            let _ = registry.deregister(&mut SourceFd(&fd.as_raw_fd()));
        }
    }

    /// Closes the child's stdin (it then sees end of file).
    pub(super) fn close_stdin(&mut self, registry: &Registry) {
        self.queue.clear();
        self.queued_at = None;
        Child::close_fd(&mut self.stdin, registry);
    }

    /// Closes every pipe.
    pub(super) fn close_all(&mut self, registry: &Registry) {
        self.close_stdin(registry);
        Child::close_fd(&mut self.stdout, registry);
        Child::close_fd(&mut self.stderr, registry);
    }

    /// Writes as much of the queue as the pipe takes.
    pub(super) fn flush(&mut self, registry: &Registry) {
        let Some(fd) = self.stdin.as_ref() else {
            return;
        };
        while !self.queue.is_empty() {
            match sys::write(fd.as_fd(), &self.queue) {
                Ok(n) => {
                    self.queue.drain(..n);
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) => {
                    // EPIPE: nobody reads any more. Anything else is as bad.
                    log::debug!("{}: write to stdin failed: {e}", self.program);
                    self.close_stdin(registry);
                    self.suspect(|| Failure::StoppedReading, Instant::now());
                    return;
                }
            }
        }
        let now = Instant::now();
        self.queued_at = None;
        self.drained_at = now;
        if let Some(a) = self.awaiting.as_mut().filter(|a| a.started.is_none()) {
            a.started = Some(now);
        }
    }

    fn suspect(&mut self, failure: fn() -> Failure, now: Instant) {
        if self.suspicion.is_none() {
            self.suspicion = Some(Suspicion {
                failure,
                at: now + SETTLE,
            });
        }
    }

    /// Reads stdout into the line buffer while it has room (or throws the
    /// bytes away if `discard`, once the game is over).
    pub(super) fn read_stdout(&mut self, registry: &Registry, discard: bool) {
        let mut scratch = [0u8; 4096];
        loop {
            let Some(fd) = self.stdout.as_ref() else {
                return;
            };
            let buf = if discard {
                &mut scratch[..]
            } else {
                self.lines.spare_mut()
            };
            if buf.is_empty() {
                // Full: the child waits until a reply is taken.
                return;
            }
            match sys::read(fd.as_fd(), buf) {
                Ok(0) => {
                    self.lines.close();
                    Child::close_fd(&mut self.stdout, registry);
                    if !self.is_failed() {
                        self.suspect(|| Failure::ClosedOutput, Instant::now());
                    }
                    return;
                }
                Ok(n) => {
                    if !discard {
                        self.lines.commit(n);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) => {
                    log::warn!("{}: reading stdout failed: {e}", self.program);
                    self.lines.close();
                    Child::close_fd(&mut self.stdout, registry);
                    return;
                }
            }
        }
    }

    /// Copies stderr to the log, at most [`STDERR_BUDGET`] bytes per call.
    pub(super) fn pump_stderr(&mut self, registry: &Registry) {
        let mut chunk = [0u8; 16 * 1024];
        let mut budget = STDERR_BUDGET;
        self.stderr_more = false;
        while let Some(fd) = self.stderr.as_ref() {
            if budget == 0 {
                self.stderr_more = true;
                return;
            }
            match sys::read(fd.as_fd(), &mut chunk) {
                Ok(0) => Child::close_fd(&mut self.stderr, registry),
                Ok(n) => {
                    budget = budget.saturating_sub(n);
                    self.log.write(&chunk[..n]);
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) => {
                    log::warn!("{}: reading stderr failed: {e}", self.program);
                    Child::close_fd(&mut self.stderr, registry);
                }
            }
        }
    }

    /// Records the exit status if the process has ended (without reaping it).
    pub(super) fn check_exit(&mut self) {
        if self.status.is_some() {
            return;
        }
        let Some(pid) = self.pid else { return };
        match sys::peek_exit(pid) {
            Ok(Some(status)) => {
                log::debug!("{}: {pid} ended: {status:?}", self.program);
                self.status = Some(status);
            }
            Ok(None) => {}
            Err(e) => log::warn!("{}: waitid failed: {e}", self.program),
        }
    }

    /// The awaited reply, if complete or broken.
    pub(super) fn take_reply(&mut self, id: usize, now: Instant) -> Option<Event> {
        let a = self.awaiting?;
        if self.is_failed() {
            return None;
        }
        let elapsed = a
            .started
            .map_or(Duration::ZERO, |s| now.saturating_duration_since(s));
        let event = match self.lines.take_reply(a.lines) {
            Reply::Complete { lines, .. } => Event::Reply {
                child: id,
                lines,
                elapsed,
            },
            Reply::LineTooLong { line, bytes } => Event::BadReply {
                child: id,
                fault: ReplyFault::LineTooLong {
                    line,
                    bytes,
                    limit: self.lines.framing().max_line_bytes,
                },
                elapsed,
            },
            Reply::Overlong { bytes, .. } => Event::BadReply {
                child: id,
                fault: ReplyFault::Overlong { bytes },
                elapsed,
            },
            Reply::Pending | Reply::Closed { .. } => return None,
        };
        self.awaiting = None;
        Some(event)
    }

    /// Marks the child failed; returns the event to report, once.
    pub(super) fn fail(&mut self, id: usize, failure: Failure) -> Option<Event> {
        if self.is_failed() {
            return None;
        }
        log::info!("{}: failed: {failure}", self.program);
        self.failure = Some(failure.clone());
        self.awaiting = None;
        self.suspicion = None;
        self.queue.clear();
        self.queued_at = None;
        Some(Event::Failed { child: id, failure })
    }

    /// Sends `sig` to the child's whole process group, remembering why.
    pub(super) fn signal_group(&mut self, sig: i32, why: Termination) {
        let Some(pid) = self.pid else { return };
        if self.reaped {
            return;
        }
        match sys::kill(pid.group(), sig) {
            Ok(_) => {
                if self.status.is_none() {
                    self.killed_by = self.killed_by.max(Some(why));
                }
            }
            Err(e) => log::warn!("{}: kill of {} failed: {e}", self.program, pid.group()),
        }
    }

    /// Checks the clocks at `now`: the reply deadline (reading once more
    /// first: a reply complete in the pipe is accepted), the write deadline
    /// and a suspected failure. Returns the event to report, if any.
    pub(super) fn check_deadlines(
        &mut self,
        id: usize,
        now: Instant,
        limit: Duration,
        registry: &Registry,
    ) -> Option<Event> {
        if self.is_failed() {
            return None;
        }
        if let Some(s) = self.suspicion.filter(|s| s.at <= now) {
            self.check_exit();
            let failure = self.status.map_or_else(s.failure, Failure::from_status);
            return self.fail(id, failure);
        }
        if self.queued_at.is_some_and(|q| q + limit <= now) {
            self.signal_group(nix::libc::SIGKILL, Termination::StoppedReading);
            return self.fail(id, Failure::StoppedReading);
        }
        let started = self.awaiting.and_then(|a| a.started)?;
        if started + limit > now {
            return None;
        }
        self.read_stdout(registry, false);
        if let Some(e) = self.take_reply(id, now) {
            return Some(e);
        }
        self.signal_group(nix::libc::SIGKILL, Termination::Timeout);
        self.fail(id, Failure::Timeout(limit))
    }

    /// After the process was seen to end: takes a reply still in the pipe
    /// (already written before the end), then reports the end as a failure.
    pub(super) fn on_exit(&mut self, id: usize, now: Instant, registry: &Registry) -> Vec<Event> {
        let Some(status) = self.status else {
            return Vec::new();
        };
        if self.is_failed() {
            return Vec::new();
        }
        self.read_stdout(registry, false);
        let mut out = Vec::new();
        out.extend(self.take_reply(id, now));
        out.extend(self.fail(id, Failure::from_status(status)));
        out
    }
}
