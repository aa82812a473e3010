//! The GNU parallel executor: writes the job list (one line per game, see
//! [`GameJob::shell_line`]), runs it through `parallel` (local job slots,
//! or remote workers named in an `--sshloginfile`), and follows the games
//! as they end through parallel's `--joblog`, which gets one line per
//! finished job.
//!
//! Stopping is staged as with the local runner: a first SIGINT (or the
//! handler's [`Control::Stop`]) sends parallel SIGHUP, after which it
//! starts no job and waits for the running ones; a second SIGINT, SIGTERM,
//! SIGHUP (or [`Control::Cancel`]) sends it SIGTERM, on which it stops the
//! running jobs (SIGTERM to each, SIGKILL [`KILL_GRACE`] later); one more
//! signal kills parallel, and the jobs it leaves behind are killed as
//! orphans.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use thiserror::Error;

use super::joblog::{self, Entry};
use super::{JobList, JobListError};
use crate::plan::job::{GameJob, KILL_GRACE, LineError, TIMEOUT_STATUSES};
use crate::run::runner::{
    self, Control, Exit, Handler, JobEnd, KillReason, Notice, RunOutcome, StopReason,
};

/// GNU parallel's joblog, appended to by every run.
pub const JOBLOG: &str = "parallel.joblog";
/// GNU parallel's own output (its warnings and errors).
pub const LOG: &str = "parallel.log";

/// How often the joblog is read while games run.
const POLL: Duration = Duration::from_millis(100);

/// GNU parallel, and where its files go.
#[derive(Debug, Clone)]
pub struct Parallel {
    /// The `parallel` program (a bare name is looked up in `PATH`).
    pub program: PathBuf,
    /// The job list; the joblog and parallel's output go beside it.
    pub job_list: JobList,
    /// Remote workers, one sshlogin a line (`parallel --sshloginfile`);
    /// none: the local machine.
    pub sshloginfile: Option<PathBuf>,
    /// Job slots per machine; `None`: one per CPU of each machine.
    pub jobs: Option<usize>,
}

/// Why GNU parallel could not run the games.
#[derive(Debug, Error)]
pub enum ParallelError {
    /// A game cannot be written as a line.
    #[error(transparent)]
    Line(#[from] LineError),
    /// The job list could not be written.
    #[error("cannot write the job list `{}`", .path.display())]
    JobList {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// Parallel's output file could not be created.
    #[error("cannot create `{}`", .path.display())]
    Log {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// `parallel` could not be started.
    #[error(
        "cannot start GNU parallel (`{}`): install it on this machine and on every worker \
         (Debian: apt-get install parallel)",
        .program.display()
    )]
    Spawn {
        /// The program.
        program: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// The joblog could not be read.
    #[error("cannot read GNU parallel's joblog `{}`", .path.display())]
    Joblog {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// Signals could not be watched.
    #[error("cannot watch signals")]
    Signals(#[source] std::io::Error),
    /// Parallel ended without running every game, unasked.
    #[error(
        "GNU parallel ended ({status}) with {missing} game(s) neither run nor stopped; its \
         output, {}:\n{output}",
        .log.display()
    )]
    Failed {
        /// How it ended.
        status: String,
        /// Games it did not report.
        missing: usize,
        /// Its output file.
        log: PathBuf,
        /// The end of its output.
        output: String,
    },
}

impl Parallel {
    /// The joblog's path.
    pub fn joblog(&self) -> PathBuf {
        self.job_list.dir.join(JOBLOG)
    }

    /// Parallel's arguments, the job list last.
    pub fn args(&self) -> Vec<String> {
        let mut args = vec![
            "--will-cite".to_owned(),
            "--joblog".to_owned(),
            // `+`: append, so that the joblog keeps every run's games.
            format!("+{}", self.joblog().display()),
            // The referee cleans up its players on SIGTERM; give it the
            // local runner's grace before SIGKILL.
            "--termseq".to_owned(),
            format!("TERM,{},KILL,25", KILL_GRACE.as_millis()),
            "--jobs".to_owned(),
            self.jobs
                .map_or_else(|| "100%".to_owned(), |n| n.to_string()),
        ];
        if let Some(file) = &self.sshloginfile {
            args.push("--sshloginfile".to_owned());
            args.push(file.display().to_string());
        }
        args.push("--arg-file".to_owned());
        args.push(self.job_list.path().display().to_string());
        args
    }

    /// Runs `jobs` through GNU parallel, telling `handler` as each ends.
    pub fn run(
        &self,
        jobs: Vec<GameJob>,
        handler: &mut dyn Handler,
    ) -> Result<RunOutcome, ParallelError> {
        let mut outcome = RunOutcome {
            stop: None,
            signal: None,
        };
        if jobs.is_empty() {
            return Ok(outcome);
        }
        let keys = self.job_list.write(&jobs).map_err(|e| match e {
            JobListError::Line(e) => ParallelError::Line(e),
            JobListError::Io { path, source } => ParallelError::JobList { path, source },
        })?;
        let timeouts: HashMap<usize, bool> =
            jobs.iter().map(|j| (j.key, j.timeout.is_some())).collect();
        let joblog_path = self.joblog();
        let mut joblog = Tail::open(&joblog_path)?;

        let (tx, rx) = mpsc::channel::<i32>();
        let mut signals =
            Signals::new([SIGINT, SIGTERM, SIGHUP]).map_err(ParallelError::Signals)?;
        let signals_handle = signals.handle();
        let signal_thread = std::thread::spawn(move || {
            for signal in signals.forever() {
                if tx.send(signal).is_err() {
                    break;
                }
            }
        });
        // Catches what a killed parallel leaves behind (see the module's
        // doc); without it orphans go to init, a weaker clean-up.
        let _ = runner::become_subreaper();

        let log_path = self.job_list.dir.join(LOG);
        let log = File::create(&log_path).map_err(|source| ParallelError::Log {
            path: log_path.clone(),
            source,
        })?;
        let log_err = log.try_clone().map_err(|source| ParallelError::Log {
            path: log_path.clone(),
            source,
        })?;
        let mut command = Command::new(&self.program);
        command
            .args(self.args())
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(log_err)
            // Its own process group: Ctrl-C at the terminal reaches only
            // the tournament, which decides what parallel gets.
            .process_group(0);
        runner::terminate_with_parent(&mut command);
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(source) => {
                signals_handle.close();
                let _ = signal_thread.join();
                return Err(ParallelError::Spawn {
                    program: self.program.clone(),
                    source,
                });
            }
        };

        let mut run = Run {
            handler,
            child: &mut child,
            keys: &keys,
            timeouts: &timeouts,
            ended: HashSet::new(),
            outcome: &mut outcome,
            interrupts: 0,
        };
        let result = run.follow(&mut joblog, &rx);
        let ended = run.ended.len();
        signals_handle.close();
        let _ = signal_thread.join();
        if result.is_err() {
            // Without the joblog no game can be recorded: stop them all.
            let _ = kill(Pid::from_raw(child.id() as i32), Signal::SIGTERM);
            let _ = child.wait();
        }
        let status = result?;
        let orphans = runner::sweep_orphans(&Default::default());
        if orphans > 0 {
            handler.notice(Notice::OrphansKilled(orphans));
        }
        let missing = keys.len() - ended;
        if missing > 0 && outcome.stop.is_none() {
            return Err(ParallelError::Failed {
                status: status.to_string(),
                missing,
                output: tail(&log_path),
                log: log_path,
            });
        }
        Ok(outcome)
    }
}

/// A run in progress.
struct Run<'a> {
    handler: &'a mut dyn Handler,
    child: &'a mut Child,
    keys: &'a HashMap<String, usize>,
    timeouts: &'a HashMap<usize, bool>,
    /// Games reported, by key.
    ended: HashSet<usize>,
    outcome: &'a mut RunOutcome,
    interrupts: u32,
}

impl Run<'_> {
    /// Follows the joblog until parallel exits; returns its status.
    fn follow(
        &mut self,
        joblog: &mut Tail,
        signals: &mpsc::Receiver<i32>,
    ) -> Result<std::process::ExitStatus, ParallelError> {
        loop {
            for entry in joblog.read()? {
                self.entry(entry);
            }
            if let Some(status) = self.child.try_wait().ok().flatten() {
                for entry in joblog.read()? {
                    self.entry(entry);
                }
                return Ok(status);
            }
            match signals.recv_timeout(POLL) {
                Ok(signal) => self.signalled(signal),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => std::thread::sleep(POLL),
            }
        }
    }

    /// A finished job.
    fn entry(&mut self, entry: Entry) {
        let Some(&key) = self.keys.get(&entry.command) else {
            // A job of an earlier run, or not ours.
            return;
        };
        if !self.ended.insert(key) {
            return;
        }
        let stopping = self.outcome.stop >= Some(StopReason::Cancelled);
        let (exit, killed) = match entry.status() {
            // Killed by parallel: on our request, or on its own.
            None => (
                Exit::Status(ExitStatusFrom::signal(Signal::SIGTERM)),
                stopping.then_some(KillReason::Cancelled),
            ),
            Some(status) => {
                let timed_out = self.timeouts.get(&key).copied().unwrap_or(false)
                    && status.code().is_some_and(|c| TIMEOUT_STATUSES.contains(&c));
                let killed = if timed_out {
                    Some(KillReason::TimedOut)
                } else if stopping && !status.success() {
                    Some(KillReason::Cancelled)
                } else {
                    None
                };
                (Exit::Status(status), killed)
            }
        };
        let control = self.handler.ended(JobEnd {
            key,
            exit,
            started: entry.started,
            wall: entry.runtime,
            killed,
        });
        match control {
            Control::Continue => {}
            Control::Stop => self.escalate(StopReason::Requested),
            Control::Cancel => self.escalate(StopReason::Cancelled),
        }
    }

    fn signalled(&mut self, signal: i32) {
        self.outcome.signal.get_or_insert(signal);
        let reason = StopReason::after_signal(self.outcome.stop, signal, &mut self.interrupts);
        self.escalate(reason);
    }

    /// Moves to `reason` if it is more urgent than the current one, and
    /// tells parallel.
    fn escalate(&mut self, reason: StopReason) {
        if self.outcome.stop >= Some(reason) {
            return;
        }
        self.outcome.stop = Some(reason);
        self.handler.notice(Notice::Stopping(reason, None));
        let pid = Pid::from_raw(self.child.id() as i32);
        let signal = match reason {
            // No new job; the running ones finish.
            StopReason::Requested | StopReason::Interrupted => Signal::SIGHUP,
            // The running jobs get SIGTERM (then SIGKILL, --termseq).
            StopReason::Cancelled | StopReason::Terminated => Signal::SIGTERM,
            StopReason::Killed => Signal::SIGKILL,
        };
        // ESRCH: parallel has just exited; nothing to tell it.
        let _ = kill(pid, signal);
        if reason == StopReason::Killed {
            let _ = self.child.wait();
            let orphans = runner::sweep_orphans(&Default::default());
            if orphans > 0 {
                self.handler.notice(Notice::OrphansKilled(orphans));
            }
        }
    }
}

/// Wait statuses built by hand.
struct ExitStatusFrom;

impl ExitStatusFrom {
    fn signal(signal: Signal) -> std::process::ExitStatus {
        use std::os::unix::process::ExitStatusExt;
        std::process::ExitStatus::from_raw(signal as i32)
    }
}

/// The joblog, read from where it ended when the run started.
struct Tail {
    path: PathBuf,
    offset: u64,
    partial: Vec<u8>,
}

impl Tail {
    fn open(path: &Path) -> Result<Tail, ParallelError> {
        let offset = match std::fs::metadata(path) {
            Ok(meta) => meta.len(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => 0,
            Err(source) => {
                return Err(ParallelError::Joblog {
                    path: path.to_owned(),
                    source,
                });
            }
        };
        Ok(Tail {
            path: path.to_owned(),
            offset,
            partial: Vec::new(),
        })
    }

    /// The entries completed since the last read.
    fn read(&mut self) -> Result<Vec<Entry>, ParallelError> {
        let err = |source| ParallelError::Joblog {
            path: self.path.clone(),
            source,
        };
        let mut file = match File::open(&self.path) {
            Ok(file) => file,
            // Parallel creates it when it starts.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => return Err(err(source)),
        };
        file.seek(SeekFrom::Start(self.offset)).map_err(err)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(err)?;
        self.offset += bytes.len() as u64;
        self.partial.extend_from_slice(&bytes);
        let Some(end) = self.partial.iter().rposition(|&b| b == b'\n') else {
            return Ok(Vec::new());
        };
        let complete: Vec<u8> = self.partial.drain(..=end).collect();
        let text = String::from_utf8_lossy(&complete);
        Ok(joblog::parse_complete(&text).0)
    }
}

/// The last lines of a file.
fn tail(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(10)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_gets_the_joblog_the_grace_and_the_workers() {
        let p = Parallel {
            program: "parallel".into(),
            job_list: JobList {
                dir: "/t/logs/x".into(),
                workdir: "/t".into(),
            },
            sshloginfile: Some("workers".into()),
            jobs: Some(3),
        };
        assert_eq!(
            p.args(),
            [
                "--will-cite",
                "--joblog",
                "+/t/logs/x/parallel.joblog",
                "--termseq",
                "TERM,5000,KILL,25",
                "--jobs",
                "3",
                "--sshloginfile",
                "workers",
                "--arg-file",
                "/t/logs/x/jobs.txt"
            ]
        );
        let local = Parallel {
            sshloginfile: None,
            jobs: None,
            ..p
        };
        assert!(local.args().windows(2).any(|w| w == ["--jobs", "100%"]));
    }
}
