//! Starting a child program: argv and environment built before the fork,
//! pipes for its stdin, stdout and stderr, in its jail if it has one, exec
//! failures reported clearly.

use std::ffi::{CString, OsStr, OsString};
use std::io;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::cpu::CpuMeter;
use super::exec_hint::exec_hint;
use super::pid::ChildPid;
use super::sandbox::jail::Jail;
use super::sandbox::probe::{self, StartError};
use super::sys::{self, ChildStage, ChildStdio, ExecPlan};

/// A program to run: the path or name given by the user, and its arguments.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Program {
    /// A path (relative to the current directory if relative), or a bare
    /// name without `/`, looked up in `PATH`.
    pub path: OsString,
    /// Arguments after `argv[0]` (which is `path` as given).
    pub args: Vec<OsString>,
}

impl Program {
    /// A program with arguments.
    pub fn new(
        path: impl Into<OsString>,
        args: impl IntoIterator<Item = impl Into<OsString>>,
    ) -> Program {
        Program {
            path: path.into(),
            args: args.into_iter().map(Into::into).collect(),
        }
    }

    /// The program as the user wrote it, for messages.
    pub fn display(&self) -> String {
        self.path.to_string_lossy().into_owned()
    }
}

/// A running child, with the referee's ends of its three pipes, all
/// close-on-exec and nonblocking.
#[derive(Debug)]
pub struct Spawned {
    /// The child's pid, which is also its process-group id.
    pub pid: ChildPid,
    /// Write end of the child's stdin.
    pub stdin: OwnedFd,
    /// Read end of the child's stdout.
    pub stdout: OwnedFd,
    /// Read end of the child's stderr.
    pub stderr: OwnedFd,
    /// In a jail: the read end of the pipe its init reports the player's
    /// end on.
    pub report: Option<OwnedFd>,
    /// In a jail with a PID namespace: the write end of the pipe its init
    /// takes orders on (stop, continue, kill the whole jail).
    pub control: Option<OwnedFd>,
    /// In a jail: a pidfd of the player's own process (the init's child),
    /// to kill it at a deadline at once.
    pub player: Option<OwnedFd>,
    /// The meter of the CPU time its program uses: its jail's cgroup, or
    /// the program's own process; `None` if neither can be read.
    pub(crate) cpu: Option<CpuMeter>,
}

/// Why a program could not be started.
#[derive(Debug, Error)]
pub enum SpawnError {
    /// A bare program name not found in any directory of `PATH`.
    #[error("exec of {program} failed: not found in PATH")]
    NotInPath {
        /// The name.
        program: String,
    },
    /// The child could not run the program (`execve` failed, or the
    /// preparation before it).
    #[error("{}{}", exec_message(.program, *.stage, *.errno), .hint)]
    Exec {
        /// The program as given.
        program: String,
        /// Where the child failed.
        stage: ChildStage,
        /// The error.
        errno: nix::errno::Errno,
        /// What may explain it (empty, or starting with a space).
        hint: String,
    },
    /// The sandbox could not be set up for the program (a refusal that
    /// trying the sandbox at the start did not meet).
    #[error("could not start {program}: sandbox: {what} failed: {}", .errno.desc())]
    Sandbox {
        /// The program as given.
        program: String,
        /// The step that failed.
        what: String,
        /// The error.
        errno: nix::errno::Errno,
    },
    /// The sandbox cannot show the program what it needs (a directory on
    /// its way closed to the seat's uid, where the machine cannot bind it
    /// in): the game is refused before it starts.
    #[error("could not start {program}: sandbox: {why}")]
    Refused {
        /// The program as given.
        program: String,
        /// Why, and what fixes it.
        why: String,
    },
    /// Creating the pipes or forking failed: a problem of the referee's
    /// machine, not of the program.
    #[error("could not start {program}")]
    Os {
        /// The program as given.
        program: String,
        /// The system error.
        #[source]
        source: io::Error,
    },
    /// A CPU to pin the program to is beyond what the kernel's CPU sets
    /// hold.
    #[error(
        "could not start {program}: cannot pin it to the CPUs {cpus:?}: beyond the largest CPU set"
    )]
    Affinity {
        /// The program as given.
        program: String,
        /// The CPUs asked for.
        cpus: Vec<usize>,
    },
    /// An argument or environment string holds a NUL byte.
    #[error("could not start {program}: {what} holds a NUL byte")]
    Nul {
        /// The program as given.
        program: String,
        /// Which string.
        what: String,
    },
}

fn exec_message(program: &str, stage: ChildStage, errno: nix::errno::Errno) -> String {
    match stage {
        ChildStage::Exec => format!("exec of {program} failed: {}", errno.desc()),
        ChildStage::ProcessGroup => {
            format!(
                "could not start {program}: setpgid failed: {}",
                errno.desc()
            )
        }
        ChildStage::Stdio => format!(
            "could not start {program}: redirecting stdio failed: {}",
            errno.desc()
        ),
        other => format!(
            "could not start {program}: {other:?} failed: {}",
            errno.desc()
        ),
    }
}

impl SpawnError {
    /// Whether the program itself is at fault (it cannot be run), as
    /// opposed to the referee's machine.
    pub fn is_program_fault(&self) -> bool {
        matches!(self, SpawnError::NotInPath { .. } | SpawnError::Exec { .. })
    }
}

/// Finds the file to exec: `path` itself if it holds a `/`, else the first
/// executable regular file of that name in `PATH` (like `execvp`, but
/// resolved before the fork).
pub fn resolve(path: &OsStr) -> Option<PathBuf> {
    if path.as_bytes().contains(&b'/') {
        return Some(PathBuf::from(path));
    }
    let dirs = std::env::var_os("PATH")?;
    std::env::split_paths(&dirs)
        .map(|d| d.join(path))
        .find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

fn cstring(program: &Program, what: &str, bytes: &[u8]) -> Result<CString, SpawnError> {
    CString::new(bytes).map_err(|_| SpawnError::Nul {
        program: program.display(),
        what: what.to_owned(),
    })
}

/// Starts `program` in a process group of its own with piped stdio and the
/// referee's environment and working directory, in `jail` if there is one,
/// pinned to the CPUs `cpus` if any are named. If it cannot be executed
/// the failed child is reaped before returning the error.
pub(crate) fn spawn(
    program: &Program,
    mut jail: Option<&mut Jail>,
    cpus: &[usize],
) -> Result<Spawned, SpawnError> {
    let name = program.display();
    let os = |source| SpawnError::Os {
        program: name.clone(),
        source,
    };
    let path = resolve(&program.path).ok_or_else(|| SpawnError::NotInPath {
        program: name.clone(),
    })?;
    let mut argv = vec![cstring(
        program,
        "the program path",
        program.path.as_bytes(),
    )?];
    for a in &program.args {
        argv.push(cstring(program, "an argument", a.as_bytes())?);
    }
    let mut envp = Vec::new();
    let env = match jail.as_ref() {
        Some(j) => j.env(std::env::vars_os()),
        None => std::env::vars_os().collect(),
    };
    for (k, v) in env {
        let mut kv = k.into_vec();
        kv.push(b'=');
        kv.extend_from_slice(v.as_bytes());
        envp.push(cstring(program, "an environment variable", &kv)?);
    }
    let plan = ExecPlan::new(
        cstring(program, "the program path", path.as_os_str().as_bytes())?,
        argv,
        envp,
    )
    .with_affinity(cpus)
    .ok_or_else(|| SpawnError::Affinity {
        program: name.clone(),
        cpus: cpus.to_vec(),
    })?;

    let (in_r, in_w) = sys::pipe().map_err(os)?;
    let (out_r, out_w) = sys::pipe().map_err(os)?;
    let (err_r, err_w) = sys::pipe().map_err(os)?;
    for fd in [&in_w, &out_r, &err_r] {
        sys::set_nonblocking(fd.as_fd()).map_err(os)?;
    }
    let stdio = ChildStdio {
        stdin: in_r.as_fd(),
        stdout: out_w.as_fd(),
        stderr: err_w.as_fd(),
    };
    let (pid, failed, report, control) = match jail {
        None => {
            let forked = sys::fork_exec(&plan, &stdio).map_err(os)?;
            (forked.pid, forked.failed, None, None)
        }
        Some(ref mut jail) => match probe::start(probe::Machine::get(), &plan, jail, &stdio) {
            Ok((jailed, control)) => (jailed.pid, jailed.failed, Some(jailed.report), control),
            Err(StartError::Os(e)) => return Err(os(e)),
            Err(StartError::Sandbox { what, errno }) => {
                return Err(SpawnError::Sandbox {
                    program: name,
                    what,
                    errno,
                });
            }
            Err(StartError::Refused(why)) => {
                return Err(SpawnError::Refused { program: name, why });
            }
        },
    };
    // The child's ends now live in the child only.
    drop((in_r, out_w, err_w));
    if let Some((stage, errno)) = failed {
        // The child exits right after reporting; reap it now.
        let _ = sys::reap(pid, true);
        let hint = match jail.as_ref().map(|j| (j.ids(), j.features.switch_uid)) {
            Some(((uid, _), true)) if errno == nix::errno::Errno::EACCES => {
                format!(
                    " (the sandbox runs it as uid {uid}, which must be able to reach it: every \
                     directory on its path searchable by others, or passed to --sandbox-bind; see \
                     docs/referee.md)"
                )
            }
            _ if stage == ChildStage::Exec => exec_hint(&path, errno).unwrap_or_default(),
            _ => String::new(),
        };
        return Err(SpawnError::Exec {
            program: name,
            stage,
            errno,
            hint,
        });
    }
    let (player, player_pid) = match (&control, &jail) {
        (Some(_), _) => match super::sandbox::sys::player_pidfd(pid) {
            Some((fd, p)) => (Some(fd), Some(p)),
            None => (None, None),
        },
        (None, Some(_)) => (None, super::sandbox::sys::player_pid(pid)),
        (None, None) => (None, Some(pid.raw())),
    };
    let cpu = jail
        .as_ref()
        .and_then(|j| j.cpu_meter())
        .or_else(|| player_pid.and_then(CpuMeter::of_process));
    Ok(Spawned {
        pid,
        stdin: in_w,
        stdout: out_r,
        stderr: err_r,
        report,
        control,
        player,
        cpu,
    })
}
