//! What the supervisor reports: replies, failures, interrupts, and how each
//! process ended.

use std::fmt;
use std::time::Duration;

use linebuf::Pending;

use super::sys::WaitStatus;

/// Which child, by its index in the list given to the supervisor.
pub type ChildId = usize;

/// Why a reply could not be accepted, although the child is still running.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReplyFault {
    /// A line is over the framing's line limit.
    LineTooLong {
        /// 1-based number of the line among the reply's non-blank lines.
        line: usize,
        /// Its length in bytes (so far, if its newline never came).
        bytes: usize,
        /// The framing's line limit.
        limit: usize,
    },
    /// The reply's byte limit was reached before the reply was complete.
    Overlong {
        /// The limit.
        bytes: usize,
    },
}

impl fmt::Display for ReplyFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplyFault::LineTooLong { line, bytes, limit } => {
                write!(
                    f,
                    "line {line} of the reply is too long ({bytes} bytes, over the {limit}-byte limit)"
                )
            }
            ReplyFault::Overlong { bytes } => {
                write!(
                    f,
                    "more than {bytes} bytes of output before a complete reply"
                )
            }
        }
    }
}

/// Why a child failed. A failed child takes no further part.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Failure {
    /// The program could not be started.
    ExecFailed(String),
    /// No complete reply within the time limit; its process group was killed.
    Timeout {
        /// The limit.
        limit: Duration,
        /// Lines the reply takes.
        expected: usize,
        /// What had arrived of it when the time ran out.
        received: Pending,
        /// The CPU time its program (its jail, or its own process) got
        /// from [`CPU_PROBE`](super::child::CPU_PROBE) after the question
        /// to the deadline, if it could be read: near the limit for a slow
        /// program, far below it on a machine too busy to give the program
        /// its time.
        cpu: Option<Duration>,
    },
    /// It exited (with this code).
    Exited(i32),
    /// A signal (this number) killed it.
    Crashed(i32),
    /// It closed its stdout while running.
    ClosedOutput,
    /// It stopped reading its stdin: a write failed with `EPIPE`, or what
    /// it was sent was not consumed within the time limit.
    StoppedReading,
    /// It ended (so) over a limit of its sandbox.
    Limit {
        /// How it ended.
        status: WaitStatus,
        /// Which limit.
        limit: LimitHit,
    },
}

/// A limit of the sandbox that a player's process reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LimitHit {
    /// Its CPU time (SIGXCPU, or SIGKILL a second later).
    CpuTime(Duration),
    /// The size of a file (SIGXFSZ).
    FileSize(u64),
    /// The memory of its cgroup (killed by the kernel's OOM killer).
    Memory(u64),
    /// The number of its processes (a fork refused by its cgroup).
    Processes(u64),
    /// Its disk (the `tmpfs` full when it ended).
    Disk(u64),
}

impl LimitHit {
    /// A stable lowercase name (`cpu_time`, `file_size`, `memory`,
    /// `processes`, `disk`).
    pub fn name(self) -> &'static str {
        match self {
            LimitHit::CpuTime(_) => "cpu_time",
            LimitHit::FileSize(_) => "file_size",
            LimitHit::Memory(_) => "memory",
            LimitHit::Processes(_) => "processes",
            LimitHit::Disk(_) => "disk",
        }
    }
}

impl fmt::Display for LimitHit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::sandbox::show_size;
        match *self {
            LimitHit::CpuTime(t) => write!(f, "over its CPU time limit ({} s)", t.as_secs()),
            LimitHit::FileSize(b) => write!(f, "over its file size limit ({})", show_size(b)),
            LimitHit::Memory(b) => write!(f, "over its memory limit ({})", show_size(b)),
            LimitHit::Processes(n) => write!(f, "at its limit of {n} processes"),
            LimitHit::Disk(b) => write!(f, "with its disk full ({})", show_size(b)),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::ExecFailed(m) => f.write_str(m),
            Failure::Timeout {
                limit,
                expected,
                received,
                cpu,
            } => {
                write!(f, "no complete reply within {} ms", limit.as_millis())?;
                if let Some(cpu) = cpu {
                    write!(f, " (it got {} of CPU time)", show_cpu(*cpu))?;
                }
                write!(f, ": {}", received.describe(*expected))
            }
            Failure::Exited(code) => write!(f, "exited with status {code}"),
            Failure::Crashed(sig) => write!(f, "killed by {}", signal_name(*sig)),
            Failure::ClosedOutput => f.write_str("closed its standard output"),
            Failure::StoppedReading => f.write_str("stopped reading its standard input"),
            Failure::Limit { status, limit } => {
                write!(f, "{}, {limit}", Failure::from_status(*status))
            }
        }
    }
}

impl Failure {
    /// The failure a finished process shows.
    pub fn from_status(status: WaitStatus) -> Failure {
        match status {
            WaitStatus::Exited(code) => Failure::Exited(code),
            WaitStatus::Signaled(sig) => Failure::Crashed(sig),
        }
    }
}

/// Something the match driver must act on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// A complete reply of the number of lines asked for.
    Reply {
        /// Who replied.
        child: ChildId,
        /// The non-blank lines, without `\n` or a trailing `\r`.
        lines: Vec<Vec<u8>>,
        /// From the moment the question was fully written to the moment the
        /// reply was complete.
        elapsed: Duration,
        /// The CPU time its program used from
        /// [`CPU_PROBE`](super::child::CPU_PROBE) after the question to
        /// the reply; `None` for a reply within that (none was read), or
        /// if it could not be read.
        cpu: Option<Duration>,
        /// How many of `lines`, from the first, had arrived before the
        /// question was fully written: the program sent them before it
        /// was asked (more lines than its previous reply took).
        early: usize,
    },
    /// A reply that breaks the framing.
    BadReply {
        /// Who replied.
        child: ChildId,
        /// What is wrong.
        fault: ReplyFault,
        /// As for [`Event::Reply`].
        elapsed: Duration,
        /// As for [`Event::Reply`].
        cpu: Option<Duration>,
    },
    /// A child failed.
    Failed {
        /// Who.
        child: ChildId,
        /// How.
        failure: Failure,
    },
    /// The referee received SIGINT, SIGTERM or SIGHUP.
    Interrupted {
        /// The signal number.
        signal: i32,
    },
}

impl Event {
    /// The event with its child renumbered by `f` (the driver's seats,
    /// where not every seat runs a program).
    pub fn map_child(mut self, f: impl FnOnce(ChildId) -> ChildId) -> Event {
        match &mut self {
            Event::Reply { child, .. }
            | Event::BadReply { child, .. }
            | Event::Failed { child, .. } => {
                *child = f(*child);
            }
            Event::Interrupted { .. } => {}
        }
        self
    }
}

/// Why the referee signalled a child, in escalating order: a later, harsher
/// step replaces an earlier one, never the reverse.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Termination {
    /// SIGTERM to its group after the grace period at the end.
    Term,
    /// SIGKILL to its group after the second grace period at the end (or
    /// at once after a second interrupt).
    Kill,
    /// SIGKILL to its group because it stopped reading.
    StoppedReading,
    /// SIGKILL to its group at its reply deadline.
    Timeout,
}

impl Termination {
    /// A stable lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Term => "sigterm",
            Termination::Kill => "sigkill",
            Termination::StoppedReading => "stopped_reading",
            Termination::Timeout => "timeout",
        }
    }
}

/// How a child process ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ProcessEnd {
    /// Its status; `None` if it never ran the program.
    pub status: Option<WaitStatus>,
    /// Whether it was started at all (false after an exec failure).
    pub started: bool,
    /// The referee's harshest signal to it before it ended, if any.
    pub killed_by: Option<Termination>,
    /// If it was killed for missing a deadline: how long the kill took.
    pub deadline_kill: Option<DeadlineKill>,
    /// Processes started for it (one for a session; one per reply for a
    /// child run a process per reply). The other fields are of the last.
    pub processes: u32,
    /// A limit of its sandbox it reached (for a process per reply: the
    /// first any of them reached).
    pub limit: Option<LimitHit>,
    /// Where its CPU time per reply was read; `None` if it could not be.
    pub cpu_source: Option<super::CpuSource>,
    /// What it wrote to stdout that no reply took: bytes left over when
    /// the session ended, and bytes written after its end.
    pub unasked: Unasked,
    /// Whether other processes of its jail were still running when its
    /// own ended (its children, killed with the jail); `None` when that is
    /// not known: without a sandbox's PID namespace.
    pub leftovers: Option<bool>,
}

/// Output of a child's that was never part of a reply, counted once its
/// session is over (the referee reads it only to throw it away).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Unasked {
    /// How many bytes.
    pub bytes: u64,
    head: [u8; Unasked::HEAD],
    head_len: u8,
}

impl Unasked {
    /// Bytes kept for quoting.
    pub const HEAD: usize = 32;

    /// Counts `data`, keeping its first bytes if there is room.
    pub fn add(&mut self, data: &[u8]) {
        self.bytes += data.len() as u64;
        let at = usize::from(self.head_len);
        let n = data.len().min(Unasked::HEAD - at);
        self.head[at..at + n].copy_from_slice(&data[..n]);
        self.head_len += n as u8;
    }

    /// The first bytes (up to [`Unasked::HEAD`]).
    pub fn head(&self) -> &[u8] {
        &self.head[..usize::from(self.head_len)]
    }
}

/// The timing of a kill at a missed deadline (a reply's, or the deadline
/// for consuming what was written to the child's stdin), each figure
/// measured from the deadline itself: the precision of the referee's clock.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DeadlineKill {
    /// Until SIGKILL was sent (to the child's process group, or by its
    /// jail's init to every process of the jail).
    pub signal_sent: Duration,
    /// Until the player's own process was dead: reaped by its jail's init
    /// (which timestamps it), or seen by `waitid` without a jail; `None`
    /// if it was not seen to die before it was reaped (it always is,
    /// unless reaping failed).
    pub death: Option<Duration>,
    /// In a jail: until `waitid` saw the jail gone, after the kernel's
    /// teardown of its namespaces.
    pub teardown: Option<Duration>,
}

/// A CPU time for people, in ms (`12 ms`, `0.4 ms`).
pub fn show_cpu(cpu: Duration) -> String {
    let ms = cpu.as_secs_f64() * 1000.0;
    if ms >= 10.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{ms:.1} ms")
    }
}

/// The conventional name of a signal (`SIGKILL`), or `SIG<n>`.
pub fn signal_name(sig: i32) -> String {
    nix::sys::signal::Signal::try_from(sig)
        .map(|s| s.as_str().to_owned())
        .unwrap_or_else(|_| format!("SIG{sig}"))
}

impl fmt::Display for ProcessEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.status {
            _ if !self.started => f.write_str("never started")?,
            None => f.write_str("unknown")?,
            Some(WaitStatus::Exited(c)) => write!(f, "exited with status {c}")?,
            Some(WaitStatus::Signaled(s)) => write!(f, "killed by {}", signal_name(s))?,
        }
        match self.killed_by {
            Some(Termination::Term) => f.write_str(" after the referee's SIGTERM"),
            Some(Termination::Kill) => f.write_str(" (SIGKILL by the referee at the end)"),
            Some(Termination::Timeout) => f.write_str(" (killed by the referee: timeout)"),
            Some(Termination::StoppedReading) => {
                f.write_str(" (killed by the referee: stopped reading)")
            }
            None => Ok(()),
        }?;
        match self.limit {
            Some(limit) => write!(f, ", {limit}"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Unasked;

    #[test]
    fn unasked_output_counts_every_byte_and_keeps_the_first() {
        let mut u = Unasked::default();
        u.add(b"late\n");
        u.add(&[b'x'; 100]);
        assert_eq!(u.bytes, 105);
        assert_eq!(u.head().len(), Unasked::HEAD);
        assert!(u.head().starts_with(b"late\nxxx"));
        u.add(b"more");
        assert_eq!((u.bytes, u.head().len()), (109, Unasked::HEAD));
    }
}
