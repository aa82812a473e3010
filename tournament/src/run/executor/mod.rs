//! Executors: what runs the games of a tournament. The tournament library
//! schedules the games and builds each one's command ([`GameJob`]); an
//! executor only runs those commands and says how each ended:
//!
//! - [`Executor::Local`]: the tournament's own runner ([`crate::run::runner`]),
//!   each referee a child process in its own process group;
//! - [`Executor::Parallel`]: GNU parallel, on local job slots or on remote
//!   workers over ssh, fed the job list and watched through its joblog.
//!
//! Slurm does not run while the tournament waits: [`slurm`] writes a batch
//! script around the same job list and submits it, and the games are
//! merged afterwards ([`crate::run::harvest`]).

pub mod joblog;
mod local;
pub mod parallel;
pub mod slurm;

use std::collections::HashMap;
use std::fs::File;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::plan::job::{GameJob, LineError};
use crate::run::play::Config;
use crate::run::runner::{Handler, RunOutcome};

pub use parallel::{Parallel, ParallelError};

/// What runs the games.
#[derive(Debug, Clone)]
pub enum Executor {
    /// The tournament's own runner, `-j` games at once.
    Local {
        /// Referee arguments for each of the runner's slots
        /// ([`crate::run::runner::Runner::slot_args`]: `--affinity`).
        slot_args: Vec<Vec<std::ffi::OsString>>,
    },
    /// GNU parallel.
    Parallel(Parallel),
}

/// Why an executor could not run the games.
#[derive(Debug, Error)]
pub enum ExecutorError {
    /// The local runner failed (it could not watch signals).
    #[error("the local runner failed")]
    Local(#[source] std::io::Error),
    /// GNU parallel could not be run, or failed.
    #[error(transparent)]
    Parallel(#[from] ParallelError),
}

impl Executor {
    /// The tournament's own runner, nothing added per slot.
    pub fn local() -> Executor {
        Executor::Local {
            slot_args: Vec::new(),
        }
    }

    /// The executor's name, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Executor::Local { .. } => "local",
            Executor::Parallel(_) => "GNU parallel",
        }
    }

    /// Runs `jobs` (in order, `config.concurrency` at a time where the
    /// executor decides), telling `handler` as each game starts (where the
    /// executor knows) and ends; returns once no game runs.
    pub fn run(
        &self,
        config: &Config,
        jobs: Vec<GameJob>,
        handler: &mut dyn Handler,
    ) -> Result<RunOutcome, ExecutorError> {
        match self {
            Executor::Local { slot_args } => {
                local::run(config, jobs, slot_args, handler).map_err(ExecutorError::Local)
            }
            Executor::Parallel(parallel) => Ok(parallel.run(jobs, handler)?),
        }
    }
}

/// Why a job list could not be written.
#[derive(Debug, Error)]
pub enum JobListError {
    /// A game cannot be written as a line.
    #[error(transparent)]
    Line(#[from] LineError),
    /// The file could not be written.
    #[error("cannot write the job list `{}`", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
}

/// The job list's name, in the tournament's log directory.
pub const JOB_LIST: &str = "jobs.txt";

/// A tournament's job list: one line per game (see
/// [`GameJob::shell_line`]) in [`JOB_LIST`] in its log directory, each
/// entering its working directory first.
#[derive(Debug, Clone)]
pub struct JobList {
    /// The tournament's log directory, where the executors' other files go
    /// too.
    pub dir: PathBuf,
    /// The tournament's working directory (absolute), which every job
    /// enters first.
    pub workdir: PathBuf,
}

impl JobList {
    /// The job list's path.
    pub fn path(&self) -> PathBuf {
        self.dir.join(JOB_LIST)
    }

    /// Writes the job list of `jobs` and returns the key of each line. The
    /// games' log directories are emptied first, as the local runner does
    /// before each game: files of an earlier attempt must not pass for
    /// this one's.
    pub fn write(&self, jobs: &[GameJob]) -> Result<HashMap<String, usize>, JobListError> {
        let mut keys = HashMap::with_capacity(jobs.len());
        let mut text = String::new();
        for job in jobs {
            let line = job.shell_line(&self.workdir)?;
            text.push_str(&line);
            text.push('\n');
            keys.insert(line, job.key);
        }
        for job in jobs {
            job.clear_dir();
        }
        let path = self.path();
        write_atomically(&path, text.as_bytes())
            .map_err(|source| JobListError::Io { path, source })?;
        Ok(keys)
    }
}

/// Writes `path` through a temporary file beside it and a rename, so that
/// a reader (a scheduler, a worker) never sees half of it.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_data()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}
