//! One supervised child process: spawned in its own process group with its
//! output in files, waited for by a thread of its own, and signalled only
//! while it is known not to have been reaped (so a recycled pid is never
//! hit).

use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};

use nix::errno::Errno;
use nix::sys::signal::{Signal, killpg};
use nix::sys::wait::{Id, WaitPidFlag, waitid};
use nix::unistd::Pid;

use super::sys;

/// A process to run.
#[derive(Debug, Clone)]
pub struct Job {
    /// The caller's identifier of the job.
    pub key: usize,
    /// The executable.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// File receiving the standard output (created or truncated).
    pub stdout: PathBuf,
    /// File receiving the standard error (created or truncated).
    pub stderr: PathBuf,
    /// Wall-clock limit, after which the job is terminated.
    pub timeout: Option<Duration>,
}

/// Why the runner signalled a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KillReason {
    /// The run was cancelled (signal, or the handler asked).
    Cancelled,
    /// The job exceeded its wall-clock limit.
    TimedOut,
}

/// How a job ended.
#[derive(Debug)]
pub enum Exit {
    /// The process ran and ended with this status.
    Status(ExitStatus),
    /// The process could not be started.
    SpawnFailed(io::Error),
}

/// A finished job.
#[derive(Debug)]
pub struct JobEnd {
    /// The job's key.
    pub key: usize,
    /// How it ended.
    pub exit: Exit,
    /// When it started.
    pub started: SystemTime,
    /// How long it ran.
    pub wall: Duration,
    /// Whether (and why) the runner signalled it.
    pub killed: Option<KillReason>,
}

/// Whether the child may still be signalled.
#[derive(Debug)]
enum State {
    /// Not reaped yet: its pid (and process group id) is still its own.
    Live(Pid),
    /// Reaped: the pid may already belong to another process.
    Reaped,
}

/// A started job, as the dispatcher sees it.
#[derive(Debug)]
pub(super) struct Running {
    pub key: usize,
    pub pid: Pid,
    pub started: SystemTime,
    state: Arc<Mutex<State>>,
    pub deadline: Option<Instant>,
    /// When SIGTERM was sent, for escalating to SIGKILL.
    pub terminated_at: Option<Instant>,
    pub sigkilled: bool,
    pub killed: Option<KillReason>,
    /// Its slot: which of the jobs running at once it is (0 to the
    /// concurrency less one), free again once it has ended.
    pub slot: usize,
    thread: Option<JoinHandle<()>>,
}

/// What a job's thread reports when its process has been reaped.
#[derive(Debug)]
pub(super) struct Reaped {
    pub key: usize,
    pub status: io::Result<ExitStatus>,
    pub wall: Duration,
}

impl Running {
    /// Sends `signal` to the job's process group, unless it has already
    /// been reaped.
    pub fn signal(&self, signal: Signal) {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if let State::Live(pid) = *state {
            // ESRCH: the group is already gone (the referee exited and is
            // about to be reaped); nothing to do.
            let _ = killpg(pid, signal);
        }
    }

    /// Waits for the job's thread (which has sent its report).
    pub fn join(&mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Starts `job`; its thread sends a [`Reaped`] on `events` when the process
/// has ended. On failure to start, returns the job's end right away.
pub(super) fn start<E: From<Reaped> + Send + 'static>(
    job: &Job,
    events: Sender<E>,
) -> Result<Running, JobEnd> {
    let started = SystemTime::now();
    let spawned = (|| {
        let stdout = File::create(&job.stdout)?;
        let stderr = File::create(&job.stderr)?;
        let mut command = Command::new(&job.program);
        command
            .args(&job.args)
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr)
            // A group of its own: the terminal's Ctrl-C reaches only the
            // tournament, which decides what the games get, and one kill
            // of the group reaches whatever the job started in it.
            .process_group(0);
        sys::terminate_with_parent(&mut command);
        command.spawn()
    })();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            return Err(JobEnd {
                key: job.key,
                exit: Exit::SpawnFailed(e),
                started,
                wall: Duration::ZERO,
                killed: None,
            });
        }
    };
    let begin = Instant::now();
    let pid = Pid::from_raw(child.id() as i32);
    let state = Arc::new(Mutex::new(State::Live(pid)));
    let key = job.key;
    let thread_state = Arc::clone(&state);
    let thread = std::thread::spawn(move || {
        // Wait without reaping, mark the child reaped under the lock, then
        // reap: the dispatcher never signals a pid that was recycled.
        while let Err(Errno::EINTR) =
            waitid(Id::Pid(pid), WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT)
        {}
        let wall = begin.elapsed();
        let status = {
            let mut state = thread_state.lock().unwrap_or_else(PoisonError::into_inner);
            *state = State::Reaped;
            child.wait()
        };
        let _ = events.send(E::from(Reaped { key, status, wall }));
    });
    Ok(Running {
        key,
        pid,
        started,
        state,
        deadline: job.timeout.map(|t| begin + t),
        terminated_at: None,
        sigkilled: false,
        killed: None,
        slot: 0,
        thread: Some(thread),
    })
}
