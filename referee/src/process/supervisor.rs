//! The dispatcher: one `mio::Poll` over every child's pipes and a
//! signal-hook source, absolute deadlines, and the end-of-session cleanup.
//!
//! Readiness events are hints: a spurious one costs a read that stops at
//! `WouldBlock`. A pipe is read when an event says it may hold bytes and
//! until it is found empty (mio's events are edge-triggered: a pipe found
//! empty raises a new event for the next write), and whatever an event
//! says, it is read at a deadline or an exit before any verdict, so a
//! missed event can never lose data or change a verdict. The poll timeout
//! is the time to the nearest deadline, recomputed every turn.

use std::collections::VecDeque;
use std::io;
use std::os::fd::{AsFd, AsRawFd};
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
use super::sandbox::jail::Jail;
use super::sandbox::probe::{self, Machine, SandboxStatus};
use super::sandbox::{Layer, Sandbox};
use super::spawn::{Program, SpawnError, spawn};
use super::sys::{self, ReapAny};

/// The signal source's token; children use the tokens after it.
const SIGNALS: Token = Token(0);
/// The deadline timer's token.
const TIMER: Token = Token(usize::MAX);

/// Descriptors registered per child ([`Child::fds`]), each with a token of
/// its own after [`SIGNALS`].
const FDS: usize = 4;

/// The poll's resolution: mio rounds a timeout up to whole milliseconds.
const POLL_RESOLUTION: Duration = Duration::from_millis(1);

/// How long the final sweep may take to kill and reap escaped descendants.
const SWEEP_LIMIT: Duration = Duration::from_secs(5);

/// How a child's program runs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Launch {
    /// Started at once, one process for the whole session.
    Session,
    /// Started anew for every reply by [`Supervisor::launch`], given its
    /// input on stdin (then end of file), and retired once it has replied
    /// ([`Supervisor::retire`]); its stderr goes on into the same log.
    PerReply,
}

/// A child to supervise.
#[derive(Clone, Debug)]
pub struct ChildSpec {
    /// Its program.
    pub program: Program,
    /// Its stderr log (created, or truncated).
    pub log: PathBuf,
    /// How it runs.
    pub launch: Launch,
    /// It keeps the referee's controlling terminal (a person plays through
    /// it); otherwise a sandboxed child gets a session of its own, with no
    /// terminal.
    pub terminal: bool,
    /// The CPUs its processes are pinned to (none: the referee's own).
    pub cpus: Vec<usize>,
}

/// How children are run and judged.
#[derive(Clone, Debug)]
pub struct SupervisorConfig {
    /// How each child's stdout is cut into replies.
    pub framing: Framing,
    /// Time allowed for each reply (unless [`Supervisor::expect_reply_within`]
    /// says otherwise), from the moment the question is fully written; also
    /// the time allowed for a child to consume what it is sent.
    pub time_limit: Duration,
    /// Grace period at the end: after closing stdin, and again after SIGTERM.
    pub grace: Duration,
    /// Cap of each stderr log, in bytes.
    pub max_log_bytes: u64,
    /// The sandbox of every child.
    pub sandbox: Sandbox,
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
    /// `launch` was asked of a child that is not run a process per reply,
    /// or whose last process is still running.
    #[error("child {0} cannot be launched now")]
    NotLaunchable(ChildId),
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
    /// Ends the last fraction of a millisecond before a deadline.
    timer: sys::TimerFd,
    children: Vec<Child>,
    /// Each child's program, for the processes started per reply.
    programs: Vec<Program>,
    /// Each child's CPUs ([`ChildSpec::cpus`]).
    cpus: Vec<Vec<usize>>,
    queue: VecDeque<Event>,
    /// The subreaper flag before we set it, restored at the end.
    was_subreaper: bool,
    /// Set once the game is over: exits are expected, not failures.
    finishing: bool,
    /// An interrupt arrived while finishing: skip to SIGKILL.
    hurry: bool,
    done: bool,
    /// How the sandbox fared on this machine.
    sandbox: SandboxStatus,
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
        let specs: Vec<ChildSpec> = programs
            .iter()
            .zip(logs)
            .map(|(program, log)| ChildSpec {
                program: program.clone(),
                log: log.clone(),
                launch: Launch::Session,
                terminal: false,
                cpus: Vec::new(),
            })
            .collect();
        Supervisor::start_children(&specs, config)
    }

    /// Starts every [`Launch::Session`] child; a [`Launch::PerReply`] child
    /// waits for [`launch`](Self::launch). A program that cannot be executed
    /// becomes an [`Event::Failed`] with
    /// [`Failure::ExecFailed`](super::Failure::ExecFailed).
    pub fn start_children(
        specs: &[ChildSpec],
        config: SupervisorConfig,
    ) -> Result<Supervisor, SupervisorError> {
        let poll = Poll::new().map_err(os("creating the poll"))?;
        // Signals first: a SIGCHLD must not slip in before we listen.
        let mut signals =
            Signals::new([SIGCHLD, SIGINT, SIGTERM, SIGHUP]).map_err(os("registering signals"))?;
        poll.registry()
            .register(&mut signals, SIGNALS, Interest::READABLE)
            .map_err(os("registering signals"))?;
        let timer = sys::timer().map_err(os("creating the timer"))?;
        poll.registry()
            .register(
                &mut SourceFd(&timer.as_fd().as_raw_fd()),
                TIMER,
                Interest::READABLE,
            )
            .map_err(os("registering the timer"))?;
        let was_subreaper = sys::is_child_subreaper().map_err(os("reading the subreaper flag"))?;
        sys::set_child_subreaper(true).map_err(os("becoming a child subreaper"))?;
        let mut sup = Supervisor {
            config,
            poll,
            events: Events::with_capacity(64),
            signals,
            timer,
            children: Vec::with_capacity(specs.len()),
            programs: specs.iter().map(|s| s.program.clone()).collect(),
            cpus: specs.iter().map(|s| s.cpus.clone()).collect(),
            queue: VecDeque::new(),
            was_subreaper,
            finishing: false,
            hurry: false,
            done: false,
            sandbox: SandboxStatus::none(),
        };
        let mut logs = Vec::with_capacity(specs.len());
        for spec in specs {
            logs.push(
                LogPump::create(&spec.log, sup.config.max_log_bytes).map_err(|source| {
                    SupervisorError::Log {
                        path: spec.log.clone(),
                        source,
                    }
                })?,
            );
        }
        let mut jails = sup.jails(specs);
        for (id, (spec, log)) in specs.iter().zip(logs).enumerate() {
            let program = &spec.program;
            let name = program.display();
            let mut jail = jails[id].take();
            if spec.launch == Launch::PerReply {
                sup.children
                    .push(Child::per_reply(name, sup.config.framing, log, jail));
                continue;
            }
            let child = match spawn(program, jail.as_mut(), &spec.cpus) {
                Ok(s) => {
                    log::debug!("child {id}: started {name} as {}", s.pid);
                    Child::running(name, s, sup.config.framing, log, jail)
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

    /// Each child's jail (none with the sandbox off), after probing once
    /// what the machine allows and saying once what it refuses. Every
    /// child's log is hidden from every jail.
    fn jails(&mut self, specs: &[ChildSpec]) -> Vec<Option<Jail>> {
        let sandbox = &self.config.sandbox;
        if sandbox.is_off() {
            return specs.iter().map(|_| None).collect();
        }
        let machine = Machine::get();
        let hide: Vec<PathBuf> = specs
            .iter()
            .filter_map(|s| std::path::absolute(&s.log).ok())
            .collect();
        let mut jails = Vec::with_capacity(specs.len());
        for (id, spec) in specs.iter().enumerate() {
            let features = machine.features_for(sandbox.layers, spec.terminal);
            if id == 0 {
                self.sandbox = machine.status(sandbox.layers, &features);
            }
            if features.is_none() {
                jails.push(None);
                continue;
            }
            let jail = Jail::new(
                sandbox,
                features,
                &machine.site,
                id,
                hide.clone(),
                Some(&spec.program),
                machine.cgroups.as_ref(),
            );
            probe::report_once(&SandboxStatus {
                on: self.sandbox.on,
                notes: jail.notes.clone(),
            });
            jails.push(Some(jail));
        }
        probe::report_once(&self.sandbox);
        jails
    }

    /// How the sandbox fared so far: the layers in effect, and what is off
    /// and why (a start may still meet a refusal: a cgroup's).
    pub fn sandbox_status(&self) -> SandboxStatus {
        let jails: Vec<&Jail> = self
            .children
            .iter()
            .filter_map(|c| c.jail.as_ref())
            .collect();
        let mut status = match jails.first() {
            // What the starts taught since the supervisor began.
            Some(jail) => Machine::get().status(self.config.sandbox.layers, &jail.features),
            None => self.sandbox.clone(),
        };
        for jail in &jails {
            for note in &jail.notes {
                if !status.notes.contains(note) {
                    status.notes.push(note.clone());
                }
            }
        }
        if !jails.is_empty() && jails.iter().all(|j| !j.features.cgroup) {
            status.on.remove(Layer::Cgroup);
        }
        status
    }

    fn register(&self, id: ChildId, child: &Child) -> Result<(), SupervisorError> {
        let interests = [
            Interest::WRITABLE,
            Interest::READABLE,
            Interest::READABLE,
            Interest::READABLE,
        ];
        for (k, (fd, interest)) in child.fds().into_iter().zip(interests).enumerate() {
            if let Some(fd) = fd {
                self.poll
                    .registry()
                    .register(&mut SourceFd(&fd), Token(1 + FDS * id + k), interest)
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

    /// Waits for a reply of `lines` non-blank lines from `child`, within
    /// the configured time limit (see
    /// [`expect_reply_within`](Self::expect_reply_within)).
    pub fn expect_reply(&mut self, child: ChildId, lines: usize) {
        self.expect_reply_within(child, lines, self.config.time_limit);
    }

    /// Waits for a reply of `lines` non-blank lines from `child` within
    /// `limit`. Its clock starts when everything sent to it so far has been
    /// written. Lines it wrote earlier count toward this reply.
    pub fn expect_reply_within(&mut self, child: ChildId, lines: usize, limit: Duration) {
        self.expect_reply_limited(child, lines, Some(limit));
    }

    /// Waits for a reply of `lines` non-blank lines from `child`, within
    /// `limit` if there is one (a person at a keyboard has none).
    pub fn expect_reply_limited(&mut self, child: ChildId, lines: usize, limit: Option<Duration>) {
        self.children[child].expect(lines, limit);
        // The reply may be complete already.
        if let Some(e) = self.children[child].take_reply(child, Instant::now()) {
            self.queue.push_back(e);
        }
    }

    /// Stops `child`'s process group (SIGSTOP) so that it cannot think
    /// while another child is on move (`--no-ponder`); [`resume`](Self::resume)
    /// continues it. A stopped child has no write deadline, and the end of
    /// the session continues it before closing its stdin, so that it can
    /// exit (and SIGKILL ends it anyway).
    pub fn pause(&mut self, child: ChildId) {
        self.children[child].stop();
    }

    /// Continues a child stopped by [`pause`](Self::pause); a reply asked
    /// of it afterwards is timed from this moment.
    pub fn resume(&mut self, child: ChildId) {
        self.children[child].cont(Instant::now());
    }

    /// Starts a new process for a [`Launch::PerReply`] child: its program
    /// with `extra_args` after its own arguments, `input` on its stdin,
    /// then end of file. Its stderr goes on into the child's log. Ask for
    /// its reply with [`expect_reply_within`](Self::expect_reply_within),
    /// and once it has replied, [`retire`](Self::retire) it before the next
    /// launch. If the program cannot be executed, the child fails
    /// ([`Event::Failed`]).
    pub fn launch(
        &mut self,
        child: ChildId,
        extra_args: &[String],
        input: &[u8],
    ) -> Result<(), SupervisorError> {
        let c = &self.children[child];
        if !c.per_reply || !c.has_ended() || !c.reaped || c.is_failed() {
            return Err(SupervisorError::NotLaunchable(child));
        }
        let mut program = self.programs[child].clone();
        program.args.extend(extra_args.iter().map(Into::into));
        match spawn(
            &program,
            self.children[child].jail.as_mut(),
            &self.cpus[child],
        ) {
            Ok(s) => {
                log::debug!(
                    "child {child}: started {} as {}",
                    self.children[child].program,
                    s.pid
                );
                self.children[child].respawn(s, input);
                self.register(child, &self.children[child])?;
                let registry = self.poll.registry();
                self.children[child].flush(registry);
                Ok(())
            }
            Err(e) if e.is_program_fault() => {
                log::info!("child {child}: {e}");
                self.children[child].failed_to_start(e.to_string());
                self.queue.push_back(Event::Failed {
                    child,
                    failure: super::Failure::ExecFailed(e.to_string()),
                });
                Ok(())
            }
            Err(e) => Err(SupervisorError::Spawn(e)),
        }
    }

    /// Ends the process of a [`Launch::PerReply`] child that has replied:
    /// its stdin is closed already; it gets the grace period to exit, then
    /// SIGTERM and the grace period again, then SIGKILL, like every child
    /// at the end; then it is reaped, with whatever of its process group
    /// is left and any descendant that escaped it. Its stderr is in the
    /// log. Other children go on meanwhile (their events are queued).
    pub fn retire(&mut self, child: ChildId) -> Result<(), SupervisorError> {
        if !self.children[child].per_reply || self.children[child].reaped {
            return Ok(());
        }
        self.children[child].retiring = true;
        let grace = self.config.grace;
        self.wait_for_end(child, Instant::now() + grace)?;
        if !self.children[child].has_ended() && !self.hurry {
            self.children[child].signal_group(libc::SIGTERM, Termination::Term);
            self.wait_for_end(child, Instant::now() + grace)?;
        }
        if !self.children[child].has_ended() {
            self.children[child].signal_group(libc::SIGKILL, Termination::Kill);
        }
        self.reap_child(child);
        // Descendants that left the group and were re-parented to us: not
        // one of the children we run.
        let live: Vec<i32> = self
            .children
            .iter()
            .filter(|c| !c.reaped)
            .filter_map(|c| c.pid.map(|p| p.raw()))
            .collect();
        self.sweep_except(&live);
        Ok(())
    }

    /// Turns the loop until `child` has ended, `until` passes, or an
    /// interrupt asks to hurry.
    fn wait_for_end(&mut self, child: ChildId, until: Instant) -> Result<(), SupervisorError> {
        while !self.children[child].has_ended() && Instant::now() < until && !self.hurry {
            self.turn(Some(until))?;
        }
        Ok(())
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
        if self.children.iter().any(Child::has_pending_input) {
            timeout = Some(Duration::ZERO);
        }
        let timeout = timeout.map(|t| self.precise(t)).transpose()?;
        // A CPU probe is due: wake for it too, within the poll's resolution
        // (rounded up, with no timer to arm: a late probe costs nothing).
        let probe = self.children.iter().filter_map(Child::probe_due).min();
        let timeout = match probe.map(|p| ceil_millis(p.saturating_duration_since(now))) {
            Some(p) => Some(timeout.map_or(p, |t| t.min(p))),
            None => timeout,
        };
        // A signal interrupting the wait is also written to the signal
        // source: look at the signals then too.
        let mut signalled = false;
        match self.poll.poll(&mut self.events, timeout) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => signalled = true,
            Err(e) => return Err(os("polling")(e)),
        }
        for event in self.events.iter() {
            match event.token() {
                SIGNALS => signalled = true,
                // Only a wake-up: the deadlines are checked every turn.
                TIMER => {}
                Token(t) => {
                    let (id, k) = ((t - 1) / FDS, (t - 1) % FDS);
                    if let Some(c) = self.children.get_mut(id) {
                        c.mark_ready(k);
                    }
                }
            }
        }
        self.handle_signals(signalled);
        let registry = self.poll.registry();
        for c in &mut self.children {
            c.check_report();
            c.flush(registry);
            if self.finishing || c.retiring {
                c.discard_stdout(registry, self.finishing);
            } else {
                c.read_stdout(registry, false);
            }
            c.pump_stderr(registry, false);
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

    /// The poll timeout for a wait of `t`, such that the poll wakes at
    /// the deadline rather than up to a millisecond after it (mio rounds a
    /// timeout up to whole milliseconds): whole milliseconds rounded down,
    /// then, within the last millisecond, the timer armed for the exact rest
    /// (one system call, only when a deadline is that close).
    fn precise(&self, t: Duration) -> Result<Duration, SupervisorError> {
        if t.is_zero() {
            return Ok(t);
        }
        if t >= POLL_RESOLUTION {
            return Ok(Duration::from_millis(t.as_millis() as u64));
        }
        sys::arm_timer(&self.timer, t).map_err(os("arming the timer"))?;
        // A backstop, should the timer be late: it wakes the poll first.
        Ok(POLL_RESOLUTION)
    }

    /// Acts on the signals received, if the signal source had an event
    /// (`signalled`): reading them costs a system call and a scan of every
    /// signal's flag, too much for every turn.
    fn handle_signals(&mut self, signalled: bool) {
        let pending: Vec<i32> = if signalled {
            self.signals.pending().collect()
        } else {
            Vec::new()
        };
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
        // A stopped group could neither read its end of file nor act on
        // SIGTERM.
        let now = Instant::now();
        self.children.iter_mut().for_each(|c| c.cont(now));
        self.children.iter_mut().for_each(Child::end_session);

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
                deadline_kill: c.deadline_kill(),
                processes: c.processes,
                limit: c.limit,
                cpu_source: c.cpu_source,
                unasked: c.unasked,
                leftovers: c.leftovers,
            })
            .collect();
        Ok(ends)
    }

    /// Kills what is left of every child's group and reaps the child.
    fn reap_children(&mut self) -> Result<(), SupervisorError> {
        for id in 0..self.children.len() {
            self.reap_child(id);
        }
        Ok(())
    }

    /// Kills what is left of a child's group and reaps the child. The
    /// child is still a zombie (or running) here, so its group id cannot
    /// have been reused.
    fn reap_child(&mut self, id: ChildId) {
        let registry = self.poll.registry();
        let c = &mut self.children[id];
        let Some(pid) = c.pid else { return };
        if c.reaped {
            return;
        }
        // Stray members of its group (background helpers) go too.
        if let Err(e) = sys::kill(pid.group(), libc::SIGKILL) {
            log::warn!("{}: kill of {} failed: {e}", c.program, pid.group());
        }
        match sys::reap(pid, true) {
            Ok(status) => {
                c.gone();
                if let Some(status) = status {
                    c.ended(status);
                }
            }
            Err(e) => log::warn!("{}: reaping {pid} failed: {e}", c.program),
        }
        c.reaped = true;
        // Whatever is left in stderr goes to the log (bounded: descendants
        // still holding the pipe must not keep us here).
        c.pump_stderr(registry, true);
        c.close_all(registry);
    }

    /// Kills and reaps every remaining child of this process: descendants
    /// that left their group (`setsid`) and were re-parented to us as the
    /// subreaper once their parent died. Then gives the subreaper flag back.
    fn sweep(&mut self) {
        self.sweep_except(&[]);
        if let Err(e) = sys::set_child_subreaper(self.was_subreaper) {
            log::warn!("restoring the subreaper flag failed: {e}");
        }
    }

    /// Kills and reaps every child of this process but those in `keep`
    /// (the children still running a session).
    fn sweep_except(&mut self, keep: &[i32]) {
        let until = Instant::now() + SWEEP_LIMIT;
        if keep.is_empty() {
            // Nothing to spare: reap whatever has ended, and look in /proc
            // only while something still runs (usually nothing does).
            loop {
                match sys::reap_any() {
                    Ok(ReapAny::Reaped(pid)) => log::debug!("reaped escaped descendant {pid}"),
                    Ok(ReapAny::NoChildren) => return,
                    Ok(ReapAny::Running) => {
                        if Instant::now() >= until {
                            log::error!(
                                "descendants still running after {SWEEP_LIMIT:?}; giving up"
                            );
                            return;
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
                        return;
                    }
                }
            }
        }
        // Children to spare: never `waitpid(-1)`, which could reap one of
        // them; go by the pids /proc lists.
        loop {
            let pids = match sys::children_of_self() {
                Ok(pids) => pids,
                Err(e) => {
                    log::warn!("listing children failed: {e}");
                    return;
                }
            };
            let strays: Vec<i32> = pids.into_iter().filter(|p| !keep.contains(p)).collect();
            if strays.is_empty() {
                return;
            }
            if Instant::now() >= until {
                log::error!("descendants still running after {SWEEP_LIMIT:?}; giving up");
                return;
            }
            for pid in strays {
                let p = super::pid::ChildPid::Process(pid);
                match sys::reap(p, false) {
                    Ok(Some(_)) => log::debug!("reaped escaped descendant {pid}"),
                    Ok(None) => {
                        log::info!("killing escaped descendant {pid}");
                        let _ = sys::kill(p, libc::SIGKILL);
                    }
                    Err(e) => log::debug!("reaping {pid}: {e}"),
                }
            }
            std::thread::sleep(Duration::from_millis(1));
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

/// `d` rounded up to whole milliseconds (the poll's resolution).
fn ceil_millis(d: Duration) -> Duration {
    Duration::from_millis(d.as_micros().div_ceil(1000) as u64)
}
