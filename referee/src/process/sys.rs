//! Every raw system call of the referee, and its only `unsafe` code.
//!
//! Each `unsafe` block says why it is sound. The rest of the crate sees safe
//! functions taking owned or borrowed descriptors and returning
//! `io::Result`; `EINTR` is retried here so callers never see it.

#![allow(unsafe_code)]

use std::ffi::{CString, c_char, c_int};
use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::ptr;

use nix::errno::Errno;
use nix::fcntl::{FcntlArg, OFlag, fcntl};
use nix::libc;
use nix::sys::time::TimeSpec;
pub use nix::sys::timerfd::TimerFd;
use nix::sys::timerfd::{ClockId, Expiration, TimerFlags, TimerSetTimeFlags};

use super::pid::ChildPid;

/// Retries `f` while it fails with `EINTR`.
fn retry<T>(mut f: impl FnMut() -> nix::Result<T>) -> io::Result<T> {
    loop {
        match f() {
            Err(Errno::EINTR) => continue,
            other => return other.map_err(io::Error::from),
        }
    }
}

/// A pipe whose two ends are close-on-exec: `(read end, write end)`.
pub fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    Ok(nix::unistd::pipe2(OFlag::O_CLOEXEC)?)
}

/// Makes reads and writes on `fd` return `WouldBlock` instead of waiting.
pub fn set_nonblocking(fd: BorrowedFd<'_>) -> io::Result<()> {
    let flags = OFlag::from_bits_retain(fcntl(fd, FcntlArg::F_GETFL)?);
    fcntl(fd, FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
    Ok(())
}

/// One `read(2)`; `Ok(0)` is the end of the stream.
pub fn read(fd: BorrowedFd<'_>, buf: &mut [u8]) -> io::Result<usize> {
    retry(|| nix::unistd::read(fd, buf))
}

/// What one read of a nonblocking pipe got.
#[derive(Debug)]
pub enum PipeRead {
    /// `n` bytes, 0 when the read would block. `emptied` when fewer than
    /// asked: a pipe read returns less than asked only when it emptied the
    /// pipe, and the next write raises an event.
    Bytes {
        /// How many.
        n: usize,
        /// Whether the pipe is empty now.
        emptied: bool,
    },
    /// The end of the stream.
    End,
    /// The read failed.
    Failed(io::Error),
}

/// One read of the nonblocking pipe `fd` into `buf` (which has room).
pub fn read_pipe(fd: BorrowedFd<'_>, buf: &mut [u8]) -> PipeRead {
    let asked = buf.len();
    match read(fd, buf) {
        Ok(0) => PipeRead::End,
        Ok(n) => PipeRead::Bytes {
            n,
            emptied: n < asked,
        },
        Err(e) if e.kind() == io::ErrorKind::WouldBlock => PipeRead::Bytes {
            n: 0,
            emptied: true,
        },
        Err(e) => PipeRead::Failed(e),
    }
}

/// One `write(2)`; `EPIPE` comes back as `ErrorKind::BrokenPipe` (the
/// process ignores SIGPIPE, as every Rust program does).
pub fn write(fd: BorrowedFd<'_>, buf: &[u8]) -> io::Result<usize> {
    retry(|| nix::unistd::write(fd, buf))
}

/// A nonblocking, close-on-exec timer on the monotonic clock (the clock of
/// `Instant`), for waits shorter than the poll's millisecond resolution.
pub fn timer() -> io::Result<TimerFd> {
    Ok(TimerFd::new(
        ClockId::CLOCK_MONOTONIC,
        TimerFlags::TFD_NONBLOCK | TimerFlags::TFD_CLOEXEC,
    )?)
}

/// Arms `timer` to become readable once, `after` from now (replacing any
/// earlier setting; a zero `after` would disarm it, so it is raised to 1 ns).
pub fn arm_timer(timer: &TimerFd, after: std::time::Duration) -> io::Result<()> {
    let after = after.max(std::time::Duration::from_nanos(1));
    Ok(timer.set(
        Expiration::OneShot(TimeSpec::from_duration(after)),
        TimerSetTimeFlags::empty(),
    )?)
}

/// How a process ended, as `waitid` reports it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WaitStatus {
    /// It called `exit` with this code.
    Exited(i32),
    /// A signal killed it.
    Signaled(i32),
}

fn decode(info: &libc::siginfo_t) -> Option<WaitStatus> {
    // SAFETY: `info` was filled by a successful `waitid`, which sets the
    // `si_pid`/`si_status` union members for child events.
    let (pid, status) = unsafe { (info.si_pid(), info.si_status()) };
    if pid == 0 {
        return None;
    }
    match info.si_code {
        libc::CLD_EXITED => Some(WaitStatus::Exited(status)),
        libc::CLD_KILLED | libc::CLD_DUMPED => Some(WaitStatus::Signaled(status)),
        _ => None,
    }
}

/// `waitid(P_PID, pid, WEXITED | extra)`, retrying `EINTR`.
fn wait_pid(pid: ChildPid, extra: c_int) -> io::Result<Option<WaitStatus>> {
    // SAFETY: an all-zero `siginfo_t` is a valid value (plain integers).
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `info` is a valid, writable `siginfo_t`.
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid.raw() as libc::id_t,
                &mut info,
                libc::WEXITED | extra,
            )
        };
        if r == 0 {
            return Ok(decode(&info));
        }
        match Errno::last() {
            Errno::EINTR => continue,
            e => return Err(e.into()),
        }
    }
}

/// The status of `pid` if it has ended, *without* reaping it: the zombie
/// keeps its process-group id reserved, so signals to the group cannot hit
/// an unrelated process that reused the number.
pub fn peek_exit(pid: ChildPid) -> io::Result<Option<WaitStatus>> {
    wait_pid(pid, libc::WNOHANG | libc::WNOWAIT)
}

/// Reaps `pid`, waiting for it if `block`. `Ok(None)` if it is still running.
pub fn reap(pid: ChildPid, block: bool) -> io::Result<Option<WaitStatus>> {
    wait_pid(pid, if block { 0 } else { libc::WNOHANG })
}

/// What [`reap_any`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReapAny {
    /// A child ended and was reaped.
    Reaped(i32),
    /// Children exist, none has ended.
    Running,
    /// This process has no child at all.
    NoChildren,
}

/// Reaps any one ended child of this process.
pub fn reap_any() -> io::Result<ReapAny> {
    let mut status: c_int = 0;
    loop {
        // SAFETY: `status` is a valid, writable int.
        let r = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
        match r {
            0 => return Ok(ReapAny::Running),
            pid if pid > 0 => return Ok(ReapAny::Reaped(pid)),
            _ => match Errno::last() {
                Errno::EINTR => continue,
                Errno::ECHILD => return Ok(ReapAny::NoChildren),
                e => return Err(e.into()),
            },
        }
    }
}

/// Sends signal `sig` to a process or a whole group (see [`ChildPid`]).
/// `Ok(false)` if there was nobody left to signal.
pub fn kill(target: ChildPid, sig: c_int) -> io::Result<bool> {
    // SAFETY: `kill` has no memory-safety preconditions; `for_kill` never
    // yields 0 or -1, which would signal our own group or every process.
    let r = unsafe { libc::kill(target.for_kill(), sig) };
    if r == 0 {
        return Ok(true);
    }
    match Errno::last() {
        Errno::ESRCH => Ok(false),
        e => Err(e.into()),
    }
}

/// Makes this process the reaper of its orphaned descendants (`PR_SET_CHILD_SUBREAPER`).
pub fn set_child_subreaper(on: bool) -> io::Result<()> {
    Ok(nix::sys::prctl::set_child_subreaper(on)?)
}

/// Whether this process is a child subreaper.
pub fn is_child_subreaper() -> io::Result<bool> {
    Ok(nix::sys::prctl::get_child_subreaper()?)
}

/// The pids of the live and zombie children of this process, from `/proc`
/// (field 4 of `/proc/PID/stat` is the parent pid).
pub fn children_of_self() -> io::Result<Vec<i32>> {
    let me = std::process::id() as i32;
    let mut out = Vec::new();
    for pid in proc_pids()? {
        // The process may be gone already: skip what cannot be read.
        let Some(stat) = stat_after_name(pid) else {
            continue;
        };
        let ppid = stat.split_whitespace().nth(1).and_then(|s| s.parse().ok());
        if ppid == Some(me) {
            out.push(pid);
        }
    }
    Ok(out)
}

/// The pids `/proc` lists (of this process's PID namespace); a process
/// may be gone by the time its files are read.
pub fn proc_pids() -> io::Result<impl Iterator<Item = i32>> {
    Ok(std::fs::read_dir("/proc")?
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok()))
}

/// The fields of `/proc/PID/stat` after the command name (field 2, in
/// parentheses, which may hold spaces and parentheses): the state (field
/// 3) first. `None` if the process is gone.
pub fn stat_after_name(pid: i32) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rfind(')').map(|i| stat[i + 1..].to_owned())
}

/// The length of a clock tick, the unit of `/proc/PID/stat`'s times, in
/// nanoseconds.
pub fn clock_tick_ns() -> Option<u64> {
    // SAFETY: `sysconf` reads a constant of the C library; no memory is
    // passed.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    (hz > 0).then(|| 1_000_000_000 / hz as u64)
}

/// The CPUs this process may run on (`sched_getaffinity`), in order.
pub fn allowed_cpus() -> io::Result<Vec<usize>> {
    // SAFETY: an all-zero `cpu_set_t` is an empty set; the kernel writes at
    // most its size.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: `set` is a valid `cpu_set_t` of the size passed.
    let r = unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
    if r != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok((0..libc::CPU_SETSIZE as usize)
        // SAFETY: `CPU_ISSET` reads bit `c` of a valid set, `c` below its size.
        .filter(|&c| unsafe { libc::CPU_ISSET(c, &set) })
        .collect())
}

/// A CPU set of `cpus` for [`ExecPlan::with_affinity`]; `None` if a CPU
/// is beyond `CPU_SETSIZE`.
fn cpu_set(cpus: &[usize]) -> Option<libc::cpu_set_t> {
    // SAFETY: an all-zero `cpu_set_t` is an empty set.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    for &c in cpus {
        if c >= libc::CPU_SETSIZE as usize {
            return None;
        }
        // SAFETY: `c` is below the set's size (checked above).
        unsafe { libc::CPU_SET(c, &mut set) };
    }
    Some(set)
}

/// Where the child was when it failed before running the program.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChildStage {
    /// `setpgid(0, 0)`.
    ProcessGroup,
    /// Moving the pipes onto descriptors 0, 1 and 2.
    Stdio,
    /// `execve` itself.
    Exec,
    /// Giving up the controlling terminal, in a sandbox.
    Terminal,
    /// Joining the sandbox's cgroups.
    Cgroup,
    /// Setting the sandbox's init non-dumpable and bound to the referee's life.
    Prctl,
    /// The sandbox's init starting the program's process.
    Fork,
    /// Setting the sandbox's resource limits.
    Limits,
    /// Taking the seat's uid and gid.
    Ids,
    /// Setting `no_new_privs`.
    NoNewPrivs,
    /// Entering the sandbox's cgroup namespace.
    CgroupNamespace,
    /// Reading SIGCHLD from a descriptor in the sandbox's init.
    Signals,
    /// Giving the player a session keyring of its own.
    Keyring,
    /// Installing the sandbox's seccomp filter.
    Seccomp,
    /// Pinning it to its CPUs (`sched_setaffinity`).
    Affinity,
    /// Step `n` of the sandbox's plan (a mount, a directory...).
    Step(u32),
}

/// The code of the first step of a sandbox's plan in the child's report.
const FIRST_STEP: u32 = 100;

impl ChildStage {
    pub(super) fn code(self) -> u32 {
        match self {
            ChildStage::ProcessGroup => 0,
            ChildStage::Stdio => 1,
            ChildStage::Exec => 2,
            ChildStage::Terminal => 3,
            ChildStage::Cgroup => 4,
            ChildStage::Prctl => 5,
            ChildStage::Fork => 6,
            ChildStage::Limits => 7,
            ChildStage::Ids => 8,
            ChildStage::NoNewPrivs => 9,
            ChildStage::CgroupNamespace => 10,
            ChildStage::Signals => 11,
            ChildStage::Keyring => 12,
            ChildStage::Seccomp => 13,
            ChildStage::Affinity => 14,
            ChildStage::Step(n) => FIRST_STEP + n,
        }
    }

    fn from_code(c: u32) -> ChildStage {
        match c {
            0 => ChildStage::ProcessGroup,
            1 => ChildStage::Stdio,
            3 => ChildStage::Terminal,
            4 => ChildStage::Cgroup,
            5 => ChildStage::Prctl,
            6 => ChildStage::Fork,
            7 => ChildStage::Limits,
            8 => ChildStage::Ids,
            9 => ChildStage::NoNewPrivs,
            10 => ChildStage::CgroupNamespace,
            11 => ChildStage::Signals,
            12 => ChildStage::Keyring,
            13 => ChildStage::Seccomp,
            14 => ChildStage::Affinity,
            n if n >= FIRST_STEP => ChildStage::Step(n - FIRST_STEP),
            _ => ChildStage::Exec,
        }
    }
}

/// The result of [`fork_exec`].
#[derive(Debug)]
pub struct Forked {
    /// The child's pid (also its process-group id).
    pub pid: ChildPid,
    /// Set if the child could not run the program: where it failed and the
    /// `errno`. The child has then exited with status 127 and must still be
    /// reaped.
    pub failed: Option<(ChildStage, Errno)>,
}

/// Everything the child needs, prepared before `fork` so that the child
/// itself never allocates.
pub struct ExecPlan {
    path: CString,
    _argv: Vec<CString>,
    _envp: Vec<CString>,
    argv_ptrs: Vec<*const c_char>,
    envp_ptrs: Vec<*const c_char>,
    nsig: c_int,
    pub(super) max_fd: c_int,
    /// The CPUs to pin the child to, if any.
    affinity: Option<libc::cpu_set_t>,
}

impl ExecPlan {
    /// A plan to exec `path` with `argv` (including `argv[0]`) and the
    /// environment `envp` (`NAME=value` strings).
    pub fn new(path: CString, argv: Vec<CString>, envp: Vec<CString>) -> ExecPlan {
        let nul = |v: &[CString]| -> Vec<*const c_char> {
            v.iter()
                .map(|s| s.as_ptr())
                .chain(std::iter::once(ptr::null()))
                .collect()
        };
        let argv_ptrs = nul(&argv);
        let envp_ptrs = nul(&envp);
        let max_fd = nix::sys::resource::getrlimit(nix::sys::resource::Resource::RLIMIT_NOFILE)
            .map_or(1024, |(soft, _)| soft.min(65_536) as c_int);
        ExecPlan {
            path,
            _argv: argv,
            _envp: envp,
            argv_ptrs,
            envp_ptrs,
            nsig: libc::SIGRTMAX() + 1,
            max_fd,
            affinity: None,
        }
    }

    /// The same plan, the child pinned to `cpus` before the exec (none:
    /// left as the referee's); `None` if a CPU is beyond `CPU_SETSIZE`.
    pub fn with_affinity(mut self, cpus: &[usize]) -> Option<ExecPlan> {
        if !cpus.is_empty() {
            self.affinity = Some(cpu_set(cpus)?);
        }
        Some(self)
    }
}

/// Pins the calling process to the plan's CPUs, if it names some; `false`
/// (with `errno` set) if the kernel refused.
///
/// # Safety
/// Only in a child between fork and exec.
pub(super) unsafe fn pin(plan: &ExecPlan) -> bool {
    let Some(set) = plan.affinity.as_ref() else {
        return true;
    };
    // SAFETY: `sched_setaffinity` is a plain system call on a set
    // prepared before the fork.
    unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), set) == 0 }
}

/// The stdio descriptors a child receives, as the child's ends of its pipes.
pub struct ChildStdio<'a> {
    /// Becomes the child's fd 0.
    pub stdin: BorrowedFd<'a>,
    /// Becomes the child's fd 1.
    pub stdout: BorrowedFd<'a>,
    /// Becomes the child's fd 2.
    pub stderr: BorrowedFd<'a>,
}

/// Blocks every signal of the calling thread; returns the mask to restore.
/// Around a fork, so that no handler of ours (such as signal-hook's, which
/// writes to a socket shared with the parent) runs in the child before its
/// dispositions are reset.
pub(super) fn block_all_signals() -> libc::sigset_t {
    // SAFETY: all-zero `sigset_t`s are valid; `sigfillset` initialises `all`.
    let (mut all, mut old): (libc::sigset_t, libc::sigset_t) =
        unsafe { (std::mem::zeroed(), std::mem::zeroed()) };
    // SAFETY: both pointers are to valid `sigset_t`s owned by this frame.
    unsafe {
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut old);
    }
    old
}

/// Restores the mask [`block_all_signals`] returned.
pub(super) fn restore_signals(old: &libc::sigset_t) {
    // SAFETY: `old` is a valid mask saved by `block_all_signals`.
    unsafe {
        libc::pthread_sigmask(libc::SIG_SETMASK, old, ptr::null_mut());
    }
}

/// Reads a child's failure report from `err_r` until end of file (the
/// write end closes at a successful exec): `None` if it ran the program.
pub(super) fn read_failure(err_r: BorrowedFd<'_>) -> io::Result<Option<(ChildStage, Errno)>> {
    read_failure_within(err_r, None)
}

/// As [`read_failure`], but an error of kind `TimedOut` if the report is
/// neither complete nor closed within `limit`.
pub(super) fn read_failure_within(
    err_r: BorrowedFd<'_>,
    limit: Option<std::time::Duration>,
) -> io::Result<Option<(ChildStage, Errno)>> {
    let until = limit.map(|l| std::time::Instant::now() + l);
    let mut report = [0u8; 8];
    let mut got = 0;
    while got < report.len() {
        if let Some(until) = until {
            let left = until.saturating_duration_since(std::time::Instant::now());
            let ms = left.as_millis().min(i32::MAX as u128) as i32;
            let mut fds = [libc::pollfd {
                fd: err_r.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            }];
            // SAFETY: `fds` is a valid array of one `pollfd` for the call.
            let r = unsafe { libc::poll(fds.as_mut_ptr(), 1, ms) };
            if r == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the child did not reach its exec",
                ));
            }
            if r < 0 {
                let e = Errno::last();
                if e == Errno::EINTR {
                    continue;
                }
                return Err(e.into());
            }
        }
        match read(err_r, &mut report[got..])? {
            0 => break,
            n => got += n,
        }
    }
    Ok((got == report.len()).then(|| {
        let stage = u32::from_ne_bytes(report[..4].try_into().expect("4 bytes"));
        let errno = i32::from_ne_bytes(report[4..].try_into().expect("4 bytes"));
        (ChildStage::from_code(stage), Errno::from_raw(errno))
    }))
}

/// Forks; the child resets every signal disposition and the signal mask,
/// enters a process group of its own, gets `stdio` as fds 0–2, marks every
/// other descriptor close-on-exec and execs `plan`. A failure before or at
/// `exec` travels back through a close-on-exec pipe (EOF on it means the
/// exec succeeded).
pub fn fork_exec(plan: &ExecPlan, stdio: &ChildStdio<'_>) -> io::Result<Forked> {
    let (err_r, err_w) = pipe()?;
    let fds = stdio.raw();
    let old = block_all_signals();
    // SAFETY: the child branch only calls async-signal-safe functions
    // (`sigaction`, `setpgid`, `fcntl`, `dup2`, `syscall(close_range)`,
    // `sigprocmask`, `execve`, `write`, `_exit`) on data prepared before
    // the fork, and never returns.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // SAFETY: we are the child of a fork; see `child_after_fork`.
        unsafe { child_after_fork(plan, fds, err_w.as_raw_fd()) }
    }
    let fork_errno = Errno::last();
    restore_signals(&old);
    if pid < 0 {
        return Err(fork_errno.into());
    }
    let pid = ChildPid::Process(pid);
    // Also set the group from the parent, so that it exists before we
    // signal it whichever of parent and child runs first. EACCES (the
    // child already exec'd) and ESRCH (it already exited) are harmless.
    let _ = nix::unistd::setpgid(
        nix::unistd::Pid::from_raw(pid.raw()),
        nix::unistd::Pid::from_raw(pid.raw()),
    );
    drop(err_w);
    let failed = read_failure(err_r.as_fd())?;
    Ok(Forked { pid, failed })
}

/// Writes `stage` and `errno` to `err_fd` and exits with status 127.
///
/// # Safety
/// Only in a child between fork and exec (async-signal-safe calls only).
pub(super) unsafe fn fail_in_child(err_fd: RawFd, stage: ChildStage) -> ! {
    // SAFETY: `__errno_location` is the calling thread's errno; `write`
    // and `_exit` are async-signal-safe.
    unsafe {
        let errno = *libc::__errno_location();
        let mut msg = [0u8; 8];
        msg[..4].copy_from_slice(&stage.code().to_ne_bytes());
        msg[4..].copy_from_slice(&errno.to_ne_bytes());
        libc::write(err_fd, msg.as_ptr().cast(), msg.len());
        libc::_exit(127)
    }
}

/// Default dispositions for every signal: Rust ignores SIGPIPE and the
/// player would inherit that through exec.
///
/// # Safety
/// Only in a child between fork and exec.
pub(super) unsafe fn reset_dispositions(nsig: c_int) {
    // SAFETY: `sigaction` is async-signal-safe; `dfl` is a valid action.
    unsafe {
        let mut dfl: libc::sigaction = std::mem::zeroed();
        dfl.sa_sigaction = libc::SIG_DFL;
        libc::sigemptyset(&mut dfl.sa_mask);
        for sig in 1..nsig {
            if sig != libc::SIGKILL && sig != libc::SIGSTOP {
                libc::sigaction(sig, &dfl, ptr::null_mut());
            }
        }
    }
}

/// Moves the pipes `fds` onto descriptors 0, 1 and 2; `false` (with
/// `errno` set) if that failed.
///
/// # Safety
/// Only in a child between fork and exec.
pub(super) unsafe fn install_stdio(fds: [RawFd; 3]) -> bool {
    // SAFETY: `fcntl` and `dup2` are async-signal-safe.
    unsafe {
        // First move every source out of 0..=2 so that no dup2 below
        // overwrites a source still needed (possible when the referee was
        // started with a standard descriptor closed).
        let mut src = fds;
        for s in &mut src {
            if *s <= 2 {
                let d = libc::fcntl(*s, libc::F_DUPFD_CLOEXEC, 3);
                if d < 0 {
                    return false;
                }
                *s = d;
            }
        }
        for (target, s) in src.iter().enumerate() {
            if libc::dup2(*s, target as c_int) < 0 {
                return false;
            }
        }
        true
    }
}

/// Unblocks every signal, then execs `plan`; returns only if `execve`
/// failed.
///
/// # Safety
/// Only in a child between fork and exec, with `plan` prepared before.
pub(super) unsafe fn exec(plan: &ExecPlan) {
    // SAFETY: `sigprocmask` and `execve` are async-signal-safe; the
    // pointers of `plan` are to NUL-terminated arrays of C strings that
    // live as long as `plan`.
    unsafe {
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        libc::sigprocmask(libc::SIG_SETMASK, &empty, ptr::null_mut());
        libc::execve(
            plan.path.as_ptr(),
            plan.argv_ptrs.as_ptr(),
            plan.envp_ptrs.as_ptr(),
        );
    }
}

/// The child side of [`fork_exec`]. Never returns.
///
/// # Safety
/// Must be called only in the child of a `fork`, with `plan` prepared
/// before the fork; it calls only async-signal-safe functions.
unsafe fn child_after_fork(plan: &ExecPlan, fds: [RawFd; 3], err_fd: RawFd) -> ! {
    // SAFETY (whole function): we are single-threaded in a fresh child; every
    // call is async-signal-safe and uses memory prepared before the fork.
    unsafe {
        reset_dispositions(plan.nsig);
        if libc::setpgid(0, 0) != 0 {
            fail_in_child(err_fd, ChildStage::ProcessGroup);
        }
        if !pin(plan) {
            fail_in_child(err_fd, ChildStage::Affinity);
        }
        if !install_stdio(fds) {
            fail_in_child(err_fd, ChildStage::Stdio);
        }
        // Our own descriptors are all O_CLOEXEC already; this also covers
        // any the referee inherited without the flag.
        let r = libc::syscall(
            libc::SYS_close_range,
            3 as libc::c_uint,
            libc::c_uint::MAX,
            libc::CLOSE_RANGE_CLOEXEC as libc::c_uint,
        );
        if r != 0 {
            for fd in 3..plan.max_fd {
                let fl = libc::fcntl(fd, libc::F_GETFD);
                if fl >= 0 && fl & libc::FD_CLOEXEC == 0 {
                    libc::fcntl(fd, libc::F_SETFD, fl | libc::FD_CLOEXEC);
                }
            }
        }
        exec(plan);
        fail_in_child(err_fd, ChildStage::Exec)
    }
}

impl ExecPlan {
    /// The number of signals, for [`reset_dispositions`].
    pub(super) fn nsig(&self) -> c_int {
        self.nsig
    }
}

impl ChildStdio<'_> {
    /// The three descriptors, in order.
    pub(super) fn raw(&self) -> [RawFd; 3] {
        [
            self.stdin.as_raw_fd(),
            self.stdout.as_raw_fd(),
            self.stderr.as_raw_fd(),
        ]
    }
}
