//! The state of one child: its pipes, write queue, line buffer, log pump,
//! reply clock, CPU meter and how it ended. Knows no event loop: the
//! dispatcher ([`super::supervisor`]) calls it when something may have
//! happened.

use std::io;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::time::{Duration, Instant};

use linebuf::{Framing, LineBuffer, Reply};
use mio::Registry;
use mio::unix::SourceFd;

use super::cpu::{CpuMeter, CpuSource};
use super::event::{DeadlineKill, Event, Failure, LimitHit, ReplyFault, Termination, Unasked};
use super::log_pump::LogPump;
use super::pid::ChildPid;
use super::sandbox::jail::Jail;
use super::sandbox::sys::{self as jail_sys, JailReport, Report};
use super::spawn::Spawned;
use super::sys::{self, PipeRead, WaitStatus, read_pipe};

/// Most bytes read from one stderr per turn of the event loop, so a child
/// flooding stderr cannot starve the other descriptors or the deadlines.
const STDERR_BUDGET: usize = 64 * 1024;

/// How long a closed stdout or a broken stdin may wait for the exit that
/// usually follows it, so that the failure is reported as the exit (with
/// its status) rather than as the closed pipe. A dying process closes its
/// pipes before its parent can reap it, and on a loaded machine the exit
/// (a core dump, an `exit` after `close`) comes 50 ms and more after the
/// close; the wait never outlasts the reply's deadline, so it
/// costs a player that closed its stdout and lingers nothing past its
/// own limit.
const SETTLE: Duration = Duration::from_millis(250);

/// How long after its question a reply's CPU meter is first read: a
/// reply within it costs no read at all (a quick reply is most of a fast
/// game's replies, and two reads would cost as much as the rest of the
/// referee's work for one); a slower one's CPU time is counted from then.
pub const CPU_PROBE: Duration = Duration::from_millis(1);

/// A reply the driver is waiting for.
#[derive(Clone, Copy, Debug)]
struct Awaiting {
    lines: usize,
    /// Time allowed for it; `None`: no limit.
    limit: Option<Duration>,
    /// When the question was fully written; `None` while it is still queued.
    started: Option<Instant>,
    /// The program's CPU time [`CPU_PROBE`] after `started`, once read
    /// (`None` before, or if it cannot be read).
    cpu_at_probe: Option<Duration>,
    /// Whether the probe is done (or not to be made: no meter).
    probed: bool,
    /// Lines of the reply already held when the question was fully
    /// written: sent before the program was asked (the surplus of its
    /// previous reply).
    early: usize,
}

/// A suspected failure, confirmed as such unless the process is seen to
/// exit (a more precise reason) by `at`.
#[derive(Clone, Copy, Debug)]
struct Suspicion {
    failure: fn() -> Failure,
    at: Instant,
}

/// A kill at a missed deadline, as instants.
#[derive(Clone, Copy, Debug)]
struct KillAt {
    deadline: Instant,
    signalled: Instant,
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
    /// Whether stdout may hold unread bytes: set by a readiness event (and
    /// at the start), cleared once a read finds the pipe empty. With
    /// mio's edge-triggered events a pipe that was found empty raises a
    /// new event for the next write, so a pipe known empty need not be
    /// read again until then: the hot path makes no read that can only
    /// fail with `EAGAIN`.
    stdout_ready: bool,
    /// The same for stderr.
    stderr_ready: bool,
    awaiting: Option<Awaiting>,
    pub(super) status: Option<WaitStatus>,
    pub(super) reaped: bool,
    pub(super) failure: Option<Failure>,
    suspicion: Option<Suspicion>,
    pub(super) killed_by: Option<Termination>,
    /// Set if it was killed for missing a deadline.
    kill_at: Option<KillAt>,
    /// When its end was first seen (`waitid`).
    ended_at: Option<Instant>,
    /// A process per reply: started by `launch`, expected to exit once it
    /// has replied.
    pub(super) per_reply: bool,
    /// Close stdin once the queue is written (a process per reply reads
    /// its input to the end).
    close_after_write: bool,
    /// Its reply is in (or the game is over for it): its exit is expected,
    /// not a failure, and its stdout is read only to be thrown away.
    pub(super) retiring: bool,
    /// Processes started for this child so far.
    pub(super) processes: u32,
    /// Its process group is stopped (SIGSTOP) while another child is on
    /// move (no pondering): it cannot read, so no write clock runs.
    pub(super) stopped: bool,
    /// Its jail, if it runs in one.
    pub(super) jail: Option<Jail>,
    /// In a jail: where its init reports how the player's process ended.
    report: Option<OwnedFd>,
    /// In a jail with a PID namespace: where its init takes orders.
    control: Option<OwnedFd>,
    /// In a jail: a pidfd of the player's own process.
    player: Option<OwnedFd>,
    /// In a jail: when its init reaped the player's own process.
    died_at: Option<Instant>,
    /// In a jail: when `waitid` saw the init gone, after the kernel's
    /// teardown of the jail (the player's end is seen earlier, from the
    /// init's report).
    gone_at: Option<Instant>,
    /// The report pipe may hold the init's report (or its end of file).
    report_ready: bool,
    /// The first limit of its sandbox one of its processes reached.
    pub(super) limit: Option<LimitHit>,
    /// The limit its current (last) process reached.
    process_limit: Option<LimitHit>,
    /// The meter of its program's CPU time, if it can be read.
    cpu: Option<CpuMeter>,
    /// Where its CPU time was last read from.
    pub(super) cpu_source: Option<CpuSource>,
    /// Output no reply took, counted once the session is over.
    pub(super) unasked: Unasked,
    /// In a jail with a PID namespace: whether processes of the jail were
    /// still running when the player's own ended.
    pub(super) leftovers: Option<bool>,
}

impl Child {
    /// A running child.
    pub(super) fn running(
        program: String,
        s: Spawned,
        framing: Framing,
        log: LogPump,
        jail: Option<Jail>,
    ) -> Child {
        let mut c = Child::idle(program, framing, log, jail);
        c.take_process(s, Instant::now());
        c
    }

    /// A child whose program could not be started.
    pub(super) fn not_started(
        program: String,
        framing: Framing,
        log: LogPump,
        why: String,
    ) -> Child {
        let mut c = Child::idle(program, framing, log, None);
        c.failure = Some(Failure::ExecFailed(why));
        c
    }

    /// A child with no process (none yet, or none at all), in `jail`.
    fn idle(program: String, framing: Framing, log: LogPump, jail: Option<Jail>) -> Child {
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
            stdout_ready: false,
            stderr_ready: false,
            awaiting: None,
            status: None,
            reaped: true,
            failure: None,
            suspicion: None,
            killed_by: None,
            kill_at: None,
            ended_at: None,
            per_reply: false,
            close_after_write: false,
            retiring: false,
            processes: 0,
            stopped: false,
            jail,
            report: None,
            control: None,
            player: None,
            died_at: None,
            gone_at: None,
            report_ready: false,
            limit: None,
            process_limit: None,
            cpu: None,
            cpu_source: None,
            unasked: Unasked::default(),
            leftovers: None,
        }
    }

    /// A child run a process per reply, none started yet.
    pub(super) fn per_reply(
        program: String,
        framing: Framing,
        log: LogPump,
        jail: Option<Jail>,
    ) -> Child {
        let mut c = Child::idle(program, framing, log, jail);
        c.per_reply = true;
        c
    }

    /// Puts a new process of a per-reply child in place of the last one
    /// ([`Child::take_process`]); its stdin is closed once `input` is
    /// written.
    pub(super) fn respawn(&mut self, s: Spawned, input: &[u8]) {
        debug_assert!(self.per_reply && self.has_ended() && self.failure.is_none());
        let now = Instant::now();
        self.take_process(s, now);
        self.close_after_write = true;
        self.send(input, now);
    }

    /// Takes the new process `s` in place of the last one, if any (ended
    /// and reaped): fresh pipes, line buffer and clocks from `now`; the
    /// log, the jail and the count of processes go on.
    fn take_process(&mut self, s: Spawned, now: Instant) {
        let framing = self.lines.framing();
        self.pid = Some(s.pid);
        self.stdin = Some(s.stdin);
        self.queue.clear();
        self.queued_at = None;
        self.drained_at = now;
        self.stdout = Some(s.stdout);
        self.lines = LineBuffer::new(framing);
        self.stderr = Some(s.stderr);
        self.report = s.report;
        self.control = s.control;
        self.player = s.player;
        self.died_at = None;
        self.gone_at = None;
        self.report_ready = false;
        self.process_limit = None;
        self.cpu_source = s.cpu.as_ref().map(CpuMeter::source).or(self.cpu_source);
        self.cpu = s.cpu;
        self.stderr_more = false;
        self.stdout_ready = true;
        self.stderr_ready = true;
        self.awaiting = None;
        self.status = None;
        self.reaped = false;
        self.suspicion = None;
        self.killed_by = None;
        self.kill_at = None;
        self.ended_at = None;
        self.retiring = false;
        self.processes += 1;
    }

    /// A per-reply child whose new process could not be started.
    pub(super) fn failed_to_start(&mut self, why: String) {
        self.pid = None;
        self.status = None;
        self.reaped = true;
        self.failure = Some(Failure::ExecFailed(why));
    }

    /// The raw descriptors to register: stdin, stdout, stderr, and the
    /// report pipe of its jail's init.
    pub(super) fn fds(&self) -> [Option<i32>; 4] {
        [&self.stdin, &self.stdout, &self.stderr, &self.report]
            .map(|fd| fd.as_ref().map(|f| f.as_raw_fd()))
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

    /// Whether the next turn must not wait for an event: stderr has more
    /// than one turn's budget, or stdout may hold unread bytes and the line
    /// buffer has room for them (it was full when the last bytes came, and
    /// a reply has been taken since: no new event will announce them).
    pub(super) fn has_pending_input(&self) -> bool {
        self.stderr_more || (self.stdout_ready && self.stdout.is_some() && !self.lines.is_full())
    }

    /// A readiness event arrived for the pipe `k` of [`fds`](Self::fds)
    /// (0 stdin, 1 stdout, 2 stderr, 3 the report). Stdin needs no flag:
    /// its queue is written whenever it is not empty.
    pub(super) fn mark_ready(&mut self, k: usize) {
        match k {
            1 => self.stdout_ready = true,
            2 => self.stderr_ready = true,
            3 => self.report_ready = true,
            _ => {}
        }
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

    /// Starts waiting for a reply of `lines` non-blank lines within
    /// `limit` (if any); its clock starts once everything queued so far is
    /// written.
    pub(super) fn expect(&mut self, lines: usize, limit: Option<Duration>) {
        if self.is_failed() {
            return;
        }
        let started = self.queue.is_empty().then_some(self.drained_at);
        let early = match started {
            Some(_) => self.lines.complete_lines().min(lines),
            None => 0,
        };
        self.awaiting = Some(Awaiting {
            lines,
            limit,
            started,
            cpu_at_probe: None,
            probed: self.cpu.is_none(),
            early,
        });
    }

    /// The nearest instant at which something must be checked; what is
    /// written must be consumed within `write_limit`.
    pub(super) fn next_deadline(&self, write_limit: Duration) -> Option<Instant> {
        if self.is_failed() || self.retiring {
            return None;
        }
        let reply = self.reply_deadline();
        let write = self
            .queued_at
            .filter(|_| !self.stopped)
            .map(|q| q + write_limit);
        let settle = self.suspicion.map(|s| s.at);
        [reply, write, settle].into_iter().flatten().min()
    }

    /// When the awaited reply is due, if one is awaited with a limit and
    /// its question has been written.
    fn reply_deadline(&self) -> Option<Instant> {
        self.awaiting
            .and_then(|a| a.started.zip(a.limit).map(|(s, l)| s + l))
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
        Child::close_fd(&mut self.report, registry);
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
            a.early = self.lines.complete_lines().min(a.lines);
        }
        if self.close_after_write {
            self.close_after_write = false;
            Child::close_fd(&mut self.stdin, registry);
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

    /// Reads stdout into the line buffer while it has room, if stdout may
    /// hold bytes — or in any case if `force` (at a deadline, at an exit:
    /// where a missed byte would change a verdict, the pipe is always read).
    pub(super) fn read_stdout(&mut self, registry: &Registry, force: bool) {
        if !(self.stdout_ready || force) {
            return;
        }
        loop {
            let Some(fd) = self.stdout.as_ref() else {
                return;
            };
            let buf = self.lines.spare_mut();
            if buf.is_empty() {
                // Full: the child waits until a reply is taken.
                return;
            }
            match read_pipe(fd.as_fd(), buf) {
                PipeRead::Bytes { n, emptied } => {
                    self.lines.commit(n);
                    if emptied {
                        self.stdout_ready = false;
                        return;
                    }
                }
                PipeRead::End => return self.stdout_closed(registry),
                PipeRead::Failed(e) => return self.stdout_failed(registry, &e),
            }
        }
    }

    /// Once the session is over: counts what the line buffer still holds
    /// (output that no reply took) as unasked, and empties it.
    pub(super) fn end_session(&mut self) {
        let pending = self.lines.pending();
        for line in &pending.lines {
            self.unasked.add(line);
            self.unasked.add(b"\n");
        }
        self.unasked.add(&pending.tail);
        self.lines = LineBuffer::new(self.lines.framing());
    }

    /// Once the game is over (or its reply is in): reads stdout and throws
    /// the bytes away, so that a child blocked writing can go on to its
    /// end; with `count`, the bytes are counted as unasked output.
    pub(super) fn discard_stdout(&mut self, registry: &Registry, count: bool) {
        if !self.stdout_ready {
            return;
        }
        let mut scratch = [0u8; 4096];
        while let Some(fd) = self.stdout.as_ref() {
            match read_pipe(fd.as_fd(), &mut scratch) {
                PipeRead::Bytes { n, emptied } => {
                    if count {
                        self.unasked.add(&scratch[..n]);
                    }
                    if emptied {
                        self.stdout_ready = false;
                        return;
                    }
                }
                PipeRead::End => return self.stdout_closed(registry),
                PipeRead::Failed(e) => return self.stdout_failed(registry, &e),
            }
        }
    }

    /// Reading stdout failed: it is closed, as at its end of file but
    /// without suspecting the child.
    fn stdout_failed(&mut self, registry: &Registry, e: &io::Error) {
        log::warn!("{}: reading stdout failed: {e}", self.program);
        self.lines.close();
        Child::close_fd(&mut self.stdout, registry);
    }

    /// End of file on stdout.
    fn stdout_closed(&mut self, registry: &Registry) {
        self.lines.close();
        Child::close_fd(&mut self.stdout, registry);
        if !self.is_failed() && !self.retiring {
            self.suspect(|| Failure::ClosedOutput, Instant::now());
        }
    }

    /// Copies stderr to the log, at most [`STDERR_BUDGET`] bytes per call,
    /// if stderr may hold bytes (or in any case if `force`).
    pub(super) fn pump_stderr(&mut self, registry: &Registry, force: bool) {
        self.stderr_more = false;
        if !(self.stderr_ready || force) {
            return;
        }
        let mut chunk = [0u8; 16 * 1024];
        let mut budget = STDERR_BUDGET;
        while let Some(fd) = self.stderr.as_ref() {
            if budget == 0 {
                self.stderr_more = true;
                return;
            }
            match read_pipe(fd.as_fd(), &mut chunk) {
                PipeRead::Bytes { n, emptied } => {
                    budget = budget.saturating_sub(n);
                    self.log.write(&chunk[..n]);
                    if emptied {
                        self.stderr_ready = false;
                        return;
                    }
                }
                PipeRead::End => Child::close_fd(&mut self.stderr, registry),
                PipeRead::Failed(e) => {
                    log::warn!("{}: reading stderr failed: {e}", self.program);
                    Child::close_fd(&mut self.stderr, registry);
                }
            }
        }
    }

    /// Records the exit status if the process has ended (without reaping
    /// it); in a jail, also when the init is gone, the player's end having
    /// been reported before.
    pub(super) fn check_exit(&mut self) {
        let watched = self.status.is_none() || (self.jail.is_some() && self.gone_at.is_none());
        let Some(pid) = self.pid.filter(|_| watched && !self.reaped) else {
            return;
        };
        match sys::peek_exit(pid) {
            Ok(Some(status)) => {
                log::debug!("{}: {pid} ended: {status:?}", self.program);
                self.gone();
                self.ended(status);
            }
            Ok(None) => {}
            Err(e) => log::warn!("{}: waitid failed: {e}", self.program),
        }
    }

    /// The jail's init (or the process itself, without a jail) is gone:
    /// seen by `waitid`.
    pub(super) fn gone(&mut self) {
        self.gone_at.get_or_insert_with(Instant::now);
    }

    /// Reads its jail's report if the pipe says one may be there: the
    /// player's own process has ended, whatever the init's teardown of the
    /// jail still takes (a readiness only ever means the whole report, one
    /// write below `PIPE_BUF`, or its end of file: the init died without
    /// one, which `waitid` will tell).
    pub(super) fn check_report(&mut self) {
        if !self.report_ready || self.status.is_some() {
            return;
        }
        self.report_ready = false;
        let Some(fd) = self.report.as_ref() else {
            return;
        };
        match jail_sys::read_report(fd.as_fd()) {
            Report::NotYet => {}
            Report::Never => {
                // Closing it takes it out of the poll too.
                self.report = None;
            }
            Report::Got(report) => {
                self.report = None;
                log::debug!("{}: its jail reports {:?}", self.program, report.status);
                self.end_with(report.status, Some(report));
            }
        }
    }

    /// Records the status of the ended process, the first time it is seen.
    /// In a jail the process is the jail's init: the player's own status
    /// is the one its init reports (none if the init itself was killed, by
    /// the referee or the kernel), and the limits it reached are noted.
    pub(super) fn ended(&mut self, status: WaitStatus) {
        if self.status.is_some() {
            return;
        }
        // The init is gone: its report is in the pipe, or never will be.
        let report = match self
            .report
            .take()
            .map(|fd| jail_sys::read_report(fd.as_fd()))
        {
            Some(Report::Got(r)) => Some(r),
            _ => None,
        };
        self.end_with(report.map_or(status, |r| r.status), report);
    }

    /// Records the end: `status`, and the init's `report` if it wrote one.
    fn end_with(&mut self, status: WaitStatus, report: Option<JailReport>) {
        self.status = Some(status);
        let now = Instant::now();
        self.ended_at = Some(now);
        self.died_at = report.map(|r| {
            let ago = jail_sys::monotonic_ns().saturating_sub(r.reaped_ns);
            now.checked_sub(Duration::from_nanos(ago)).unwrap_or(now)
        });
        if let Some(jail) = self.jail.as_mut() {
            // Only the init of a PID namespace sees every process of the jail.
            if jail.features.pid {
                self.leftovers = report.map(|r| r.leftovers);
            }
            let hit = jail.limit_hit(status, report.as_ref(), self.killed_by.is_some());
            self.process_limit = hit;
            self.limit = self.limit.or(hit);
        }
    }

    /// The failure an ended process shows (naming the limit it reached).
    fn failure_of(&self, status: WaitStatus) -> Failure {
        match self.process_limit {
            Some(limit) => Failure::Limit { status, limit },
            None => Failure::from_status(status),
        }
    }

    /// The timing of its kill at a missed deadline, if it was killed so:
    /// the player's own death (as its jail's init saw it, or as `waitid`
    /// did without a jail) and, in a jail, the jail's end.
    pub(super) fn deadline_kill(&self) -> Option<DeadlineKill> {
        let since =
            |k: &KillAt, t: Option<Instant>| t.map(|t| t.saturating_duration_since(k.deadline));
        self.kill_at.map(|k| DeadlineKill {
            signal_sent: k.signalled.saturating_duration_since(k.deadline),
            death: since(&k, self.died_at.or(self.ended_at)),
            teardown: since(&k, self.gone_at.filter(|_| self.jail.is_some())),
        })
    }

    /// Kills the child for missing `deadline`: in a jail, SIGKILL to the
    /// player's own process at once (its pidfd); its init reaps it, reports
    /// its death and exits, and the rest of the jail dies with the init.
    /// Only without a pidfd is the init ordered to kill the jail (an order
    /// sent beside the signal wakes the init first, and delays its seeing
    /// the death by as much as a wake-up). Without a jail, or an init that
    /// takes orders, SIGKILL to its process group.
    fn kill_at_deadline(&mut self, deadline: Instant, why: Termination) {
        // Taken before the signal: the init may reap the player before this
        // thread runs again.
        let signalled = Instant::now();
        let live = self.status.is_none() && !self.reaped;
        let direct = live
            && self
                .player
                .as_ref()
                .is_some_and(|p| jail_sys::pidfd_kill(p.as_fd(), nix::libc::SIGKILL));
        let ordered = live
            && (direct
                || self
                    .control
                    .as_ref()
                    .is_some_and(|c| jail_sys::send_order(c.as_fd(), jail_sys::Order::Kill)));
        if ordered {
            self.killed_by = self.killed_by.max(Some(why));
        } else {
            self.signal_group(nix::libc::SIGKILL, why);
        }
        self.kill_at = Some(KillAt {
            deadline,
            signalled,
        });
    }

    /// Its program's CPU time so far, if it can be read.
    fn cpu_now(&self) -> Option<Duration> {
        self.cpu.as_ref().and_then(CpuMeter::read)
    }

    /// The CPU time its program used since the awaited reply's probe
    /// ([`CPU_PROBE`] after the question), if the probe was made.
    fn cpu_since_probe(&self, a: &Awaiting) -> Option<Duration> {
        a.cpu_at_probe
            .zip(self.cpu_now())
            .map(|(then, now)| now.saturating_sub(then))
    }

    /// When the awaited reply's CPU probe is due, if it is still to be
    /// made. Not a deadline: it may come late (the poll's millisecond)
    /// without harm, so it never arms the precise timer.
    pub(super) fn probe_due(&self) -> Option<Instant> {
        if self.is_failed() || self.retiring {
            return None;
        }
        let a = self.awaiting?;
        (!a.probed).then_some(a.started? + CPU_PROBE)
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
        let reply = self.lines.take_reply(a.lines);
        if matches!(reply, Reply::Pending | Reply::Closed { .. }) {
            return None;
        }
        let cpu = self.cpu_since_probe(&a);
        let event = match reply {
            Reply::Complete { lines, .. } => Event::Reply {
                child: id,
                lines,
                elapsed,
                cpu,
                early: a.early,
            },
            Reply::LineTooLong { line, bytes } => Event::BadReply {
                child: id,
                fault: ReplyFault::LineTooLong {
                    line,
                    bytes,
                    limit: self.lines.framing().max_line_bytes,
                },
                elapsed,
                cpu,
            },
            Reply::Overlong { bytes, .. } => Event::BadReply {
                child: id,
                fault: ReplyFault::Overlong { bytes },
                elapsed,
                cpu,
            },
            Reply::Pending | Reply::Closed { .. } => return None,
        };
        self.awaiting = None;
        // A process per reply has done its work: it may exit now.
        self.retiring = self.per_reply;
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

    /// Stops the child whole: it may not think while another child is on
    /// move. Its jail is frozen where its cgroup has a freezer, or its init
    /// stops every process of it; without a jail, its process group gets
    /// SIGSTOP. Nothing if it has ended or failed.
    pub(super) fn stop(&mut self) {
        let Some(pid) = self.pid else { return };
        if self.stopped || self.has_ended() || self.reaped || self.is_failed() {
            return;
        }
        self.stopped = self.pause(true, pid);
    }

    /// Continues a stopped child. Clocks that ran from a write it could
    /// not read while stopped start again at `now`.
    pub(super) fn cont(&mut self, now: Instant) {
        if !self.stopped {
            return;
        }
        self.stopped = false;
        if let Some(pid) = self.pid.filter(|_| !self.reaped) {
            self.pause(false, pid);
        }
        if self.queued_at.is_some() {
            self.queued_at = Some(now);
        }
        self.drained_at = self.drained_at.max(now);
        if let Some(started) = self.awaiting.as_mut().and_then(|a| a.started.as_mut()) {
            *started = (*started).max(now);
        }
    }

    /// Stops (`on`) or continues the child by the best means it has;
    /// whether that was done.
    fn pause(&mut self, on: bool, pid: ChildPid) -> bool {
        if let Some(jail) = self.jail.as_mut().filter(|j| j.can_freeze()) {
            match jail.freeze(on) {
                Ok(()) => return true,
                Err(e) => log::warn!("{}: freezing its cgroup failed: {e}", self.program),
            }
        }
        let order = if on {
            jail_sys::Order::Stop
        } else {
            jail_sys::Order::Continue
        };
        if let Some(c) = self.control.as_ref() {
            if jail_sys::send_order(c.as_fd(), order) {
                return true;
            }
        }
        let sig = if on {
            nix::libc::SIGSTOP
        } else {
            nix::libc::SIGCONT
        };
        match sys::kill(pid.group(), sig) {
            Ok(_) => true,
            Err(e) => {
                log::warn!(
                    "{}: signal {sig} to {} failed: {e}",
                    self.program,
                    pid.group()
                );
                false
            }
        }
    }

    /// Sends `sig` to the child's whole process group, remembering why.
    pub(super) fn signal_group(&mut self, sig: i32, why: Termination) {
        let Some(pid) = self.pid else { return };
        if self.reaped {
            return;
        }
        // A frozen process acts on no signal, SIGKILL included, until thawed.
        if let Some(jail) = self.jail.as_mut().filter(|j| j.is_frozen()) {
            let _ = jail.freeze(false);
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
        write_limit: Duration,
        registry: &Registry,
    ) -> Option<Event> {
        if self.is_failed() || self.retiring {
            return None;
        }
        if self.probe_due().is_some_and(|p| p <= now) {
            let cpu = self.cpu_now();
            if let Some(a) = self.awaiting.as_mut() {
                a.probed = true;
                a.cpu_at_probe = cpu;
            }
        }
        let reply_due = self.reply_deadline().is_some_and(|d| d <= now);
        if let Some(s) = self.suspicion.filter(|s| s.at <= now || reply_due) {
            // A report missed by the poll would say the player ended.
            self.report_ready = true;
            self.check_report();
            self.check_exit();
            let failure = self.status.map_or_else(s.failure, |st| self.failure_of(st));
            return self.fail(id, failure);
        }
        if let Some(deadline) = self
            .queued_at
            .filter(|_| !self.stopped)
            .map(|q| q + write_limit)
            .filter(|d| *d <= now)
        {
            self.kill_at_deadline(deadline, Termination::StoppedReading);
            return self.fail(id, Failure::StoppedReading);
        }
        let awaiting = self.awaiting?;
        let limit = awaiting.limit?;
        let deadline = awaiting.started? + limit;
        if deadline > now {
            return None;
        }
        self.read_stdout(registry, true);
        if let Some(e) = self.take_reply(id, now) {
            return Some(e);
        }
        // Read before the kill: what the move got, up to its deadline.
        let cpu = self.cpu_since_probe(&awaiting);
        self.kill_at_deadline(deadline, Termination::Timeout);
        let failure = Failure::Timeout {
            limit,
            expected: awaiting.lines,
            received: self.lines.pending(),
            cpu,
        };
        self.fail(id, failure)
    }

    /// After the process was seen to end: takes a reply still in the pipe
    /// (already written before the end), then reports the end as a
    /// failure — unless it is a process per reply that has replied, whose
    /// exit is expected.
    pub(super) fn on_exit(&mut self, id: usize, now: Instant, registry: &Registry) -> Vec<Event> {
        let Some(status) = self.status else {
            return Vec::new();
        };
        if self.is_failed() || self.retiring {
            return Vec::new();
        }
        self.read_stdout(registry, true);
        // Its last words into the log before its failure is reported: the
        // verdict may quote them (a host says there why it stopped).
        self.pump_stderr(registry, true);
        let mut out = Vec::new();
        out.extend(self.take_reply(id, now));
        if !self.retiring {
            out.extend(self.fail(id, self.failure_of(status)));
        }
        out
    }
}
