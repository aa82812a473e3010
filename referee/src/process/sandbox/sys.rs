//! The system calls of the sandbox, and its only `unsafe` code: the clone
//! into new namespaces, the jail's set-up in the new process (the init of
//! the player's PID namespace), the player's own process forked under it,
//! and the init's report of how the player ended.
//!
//! Everything the two children use is prepared before the clone ([`JailPlan`],
//! [`ExecPlan`]): after it they only make system calls (async-signal-safe),
//! never allocate, and never return. Both are started with raw `clone`
//! system calls, not `fork(3)`: glibc's fork runs atfork handlers and takes
//! locks another thread of the referee may hold. For the same reason the
//! children call no glibc function that keeps state about threads: ids
//! change through the raw `setresuid`/`setresgid`/`setgroups` system calls
//! (glibc's make every thread change together, and would wait forever in
//! a clone for threads it only remembers).

#![allow(unsafe_code)]

use std::ffi::{CString, c_int, c_ulong};
use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};
use std::ptr;

use nix::errno::Errno;
use nix::libc;

use crate::process::pid::ChildPid;
use crate::process::sys::{
    self, ChildStage, ChildStdio, ExecPlan, fail_in_child, install_stdio, pin, reset_dispositions,
};

/// `struct mount_attr` of `mount_setattr(2)`.
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

/// `MOUNT_ATTR_RDONLY`.
pub(crate) const MOUNT_ATTR_RDONLY: u64 = 0x1;
/// `MOUNT_ATTR_NOSUID`.
pub(crate) const MOUNT_ATTR_NOSUID: u64 = 0x2;
/// `MOUNT_ATTR_NODEV`.
pub(crate) const MOUNT_ATTR_NODEV: u64 = 0x4;
/// `MOUNT_ATTR_IDMAP`.
const MOUNT_ATTR_IDMAP: u64 = 0x0010_0000;
/// `OPEN_TREE_CLONE`.
const OPEN_TREE_CLONE: libc::c_uint = 1;
/// `MOVE_MOUNT_F_EMPTY_PATH`.
const MOVE_MOUNT_F_EMPTY_PATH: libc::c_uint = 0x4;
/// `KEYCTL_JOIN_SESSION_KEYRING`.
const KEYCTL_JOIN_SESSION_KEYRING: libc::c_long = 1;
/// `SECCOMP_SET_MODE_FILTER`.
const SECCOMP_SET_MODE_FILTER: libc::c_uint = 1;
/// `SECCOMP_FILTER_FLAG_SPEC_ALLOW`: no speculative-store-bypass
/// mitigation forced on the player for having a filter (kernels before
/// 5.16 forced it, slowing every program down).
const SECCOMP_FILTER_FLAG_SPEC_ALLOW: libc::c_uint = 4;

/// One step of the jail's set-up, run by its init in order.
#[derive(Debug)]
pub(crate) enum Op {
    /// Writes `data` to the file `path` (`/proc/self/uid_map`...).
    Write { path: CString, data: Vec<u8> },
    /// `mount(2)`; with `if_exists`, a target that does not exist is no
    /// failure (nothing to cover there).
    Mount {
        source: Option<CString>,
        target: CString,
        fstype: Option<CString>,
        flags: c_ulong,
        data: Option<CString>,
        if_exists: bool,
    },
    /// `mount_setattr(2)` on `target` (and every mount under it if
    /// `recursive`): sets the attributes `set`, clears `clear`.
    SetAttr {
        target: CString,
        recursive: bool,
        set: u64,
        clear: u64,
    },
    /// Opens `path` (`O_PATH`, not following a last symbolic link; a
    /// directory if `dir`) onto descriptor `slot`, which the plan
    /// reserved: later steps name it `/proc/self/fd/SLOT`.
    Open {
        path: CString,
        slot: RawFd,
        dir: bool,
    },
    /// Makes the directory `path` (it may exist already), then gives it
    /// `mode` and, if set, an owner.
    Mkdir {
        path: CString,
        mode: libc::mode_t,
        owner: Option<(libc::uid_t, libc::gid_t)>,
    },
    /// Makes the empty file `path`, where a file is to be bound.
    MakeFile { path: CString },
    /// Makes the symbolic link `path` to `target`.
    Symlink { target: CString, path: CString },
    /// Binds what descriptor `slot` opened onto `target`, read-only, with
    /// its owners mapped through the user namespace of descriptor
    /// `userns` (`open_tree`, `mount_setattr(MOUNT_ATTR_IDMAP)`,
    /// `move_mount`): files of a directory closed to the seat show as the
    /// seat's own.
    IdmapBind {
        slot: RawFd,
        target: CString,
        userns: RawFd,
    },
    /// Changes the working directory.
    Chdir { path: CString },
}

impl std::fmt::Display for Op {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = |c: &CString| c.to_string_lossy().into_owned();
        match self {
            Op::Write { path, .. } => write!(f, "writing {}", s(path)),
            Op::Mount {
                source,
                target,
                fstype,
                ..
            } => match fstype {
                Some(t) => write!(f, "mounting a {} on {}", s(t), s(target)),
                None => write!(
                    f,
                    "binding {} on {}",
                    source.as_ref().map_or_else(String::new, s),
                    s(target)
                ),
            },
            Op::SetAttr { target, .. } => write!(f, "setting the attributes of {}", s(target)),
            Op::Open { path, .. } => write!(f, "opening {}", s(path)),
            Op::Mkdir { path, .. } => write!(f, "making the directory {}", s(path)),
            Op::MakeFile { path } => write!(f, "making the file {}", s(path)),
            Op::Symlink { path, .. } => write!(f, "making the symbolic link {}", s(path)),
            Op::IdmapBind { target, .. } => {
                write!(f, "binding {} with its owners mapped", s(target))
            }
            Op::Chdir { path } => write!(f, "entering the working directory {}", s(path)),
        }
    }
}

/// Who the player's process runs as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ids {
    /// As the referee (or as mapped by its user namespace).
    Keep,
    /// As this uid and gid, with no supplementary group (the referee is root).
    Switch(libc::uid_t, libc::gid_t),
}

/// Everything the sandboxed children need, prepared before the clone.
#[derive(Debug)]
pub(crate) struct JailPlan {
    /// `CLONE_NEW*` flags.
    pub flags: c_int,
    /// Give up the referee's controlling terminal (`TIOCNOTTY`): the
    /// player cannot open `/dev/tty`, type into it (`TIOCSTI`) or read it.
    /// Not `setsid()`: a session of its own is also a scheduling group of
    /// its own (autogroup), which slowed every move of a ping-pong game by
    /// a third on a loaded machine.
    pub drop_terminal: bool,
    /// The set-up, run by the init in order; a failure reports
    /// [`ChildStage::Step`] with the index. The first `ops_before_cgroup`
    /// run before the init joins its cgroups (the user namespace's maps).
    pub ops: Vec<Op>,
    /// How many of `ops` run before the cgroups are joined.
    pub ops_before_cgroup: usize,
    /// Each cgroup's `cgroup.procs`, opened for writing: the init joins them.
    pub cgroups: Vec<OwnedFd>,
    /// Once in its cgroups, the init enters a cgroup namespace of its own
    /// (whose root is its cgroup: the player sees no other).
    pub cgroup_ns: bool,
    /// The slot holding the root of the player's `tmpfs` at the end, for
    /// `fstatfs` (was it full?).
    pub disk_slot: Option<RawFd>,
    /// The read end of the pipe the referee sends the init its orders on
    /// ([`Order`]); only for a jail with a PID namespace, whose init can
    /// reach every process of the jail and nothing else.
    pub control: Option<RawFd>,
    /// Descriptors held open until the clone so that nothing else takes
    /// the numbers the ops use as slots.
    pub _reserved: Vec<OwnedFd>,
    /// `(resource, soft, hard)` for `setrlimit`.
    pub rlimits: Vec<(c_int, u64, u64)>,
    /// Who the player runs as.
    pub ids: Ids,
    /// Give the player a new, empty session keyring (not the referee's).
    pub keyring: bool,
    /// Set `no_new_privs` before exec.
    pub no_new_privs: bool,
    /// The seccomp filter to install right before the exec.
    pub seccomp: Option<&'static [super::seccomp::Insn]>,
    /// The player's process exits 0 where it would exec: the jail is only
    /// being tried.
    pub dry_run: bool,
    /// Where the referee's command line lies in memory (`/proc/self/stat`'s
    /// `arg_start`, `arg_end`): the init blanks its copy, which the player
    /// could read in `/proc/1/cmdline` (the other players' arguments, their
    /// seeds, are in it).
    pub argv_area: Option<(usize, usize)>,
}

/// An order to a jail's init, one byte on its control pipe.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Order {
    /// Stop every process of the jail (SIGSTOP): no pondering.
    Stop,
    /// Continue them (SIGCONT).
    Continue,
    /// Kill them (SIGKILL): a missed deadline. The init then reaps the
    /// player and reports its death, with the instant it saw it.
    Kill,
}

impl Order {
    fn byte(self) -> u8 {
        match self {
            Order::Stop => b'S',
            Order::Continue => b'C',
            Order::Kill => b'K',
        }
    }
}

/// Sends `order` to the init listening on `control`; `false` if the init
/// is gone (its end is closed) or the pipe is full.
pub(crate) fn send_order(control: BorrowedFd<'_>, order: Order) -> bool {
    matches!(sys::write(control, &[order.byte()]), Ok(1))
}

/// How the player's own process ended, as its init saw it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct JailReport {
    /// Its status.
    pub status: sys::WaitStatus,
    /// User and system CPU time of it and the descendants it waited for,
    /// in microseconds.
    pub cpu_us: u64,
    /// Whether its `tmpfs` was full when it ended.
    pub disk_full: bool,
    /// Whether other processes of the jail were still running when it
    /// ended (its children, left behind: the init's exit kills them).
    pub leftovers: bool,
    /// When the init reaped it: `CLOCK_MONOTONIC`, in nanoseconds.
    pub reaped_ns: u64,
}

/// The result of [`clone_exec`].
#[derive(Debug)]
pub(crate) struct Jailed {
    /// The init's pid (in our namespace), leader of the process group.
    pub pid: ChildPid,
    /// As [`sys::Forked::failed`].
    pub failed: Option<(ChildStage, Errno)>,
    /// The read end of the pipe the init writes its [`JailReport`] to.
    pub report: OwnedFd,
}

/// The longest a jail may take to reach the player's exec.
const SETUP_LIMIT: std::time::Duration = std::time::Duration::from_secs(20);

/// Size of a report on the wire: status kind and value, CPU µs, flags,
/// the instant of the reaping.
const REPORT_BYTES: usize = 32;

/// Clones a child into the namespaces of `jail.flags`. The child (the
/// init of the player's PID namespace, when there is one) sets the jail
/// up, forks the player's process, which takes its limits and ids and execs
/// `exec`, then reaps every process of the jail until the player's own
/// ends, writes how it ended ([`JailReport`]) and exits. A failure before
/// the exec travels back as in [`sys::fork_exec`].
pub(crate) fn clone_exec(
    exec: &ExecPlan,
    jail: &JailPlan,
    stdio: &ChildStdio<'_>,
) -> io::Result<Jailed> {
    let (err_r, err_w) = sys::pipe()?;
    let (report_r, report_w) = sys::pipe()?;
    let fds = stdio.raw();
    let keep = Keep {
        err: err_w.as_raw_fd(),
        report: report_w.as_raw_fd(),
        disk: jail.disk_slot.unwrap_or(-1),
        control: jail.control.unwrap_or(-1),
    };
    let old = sys::block_all_signals();
    // SAFETY: a raw clone behaves as fork (a copy of this process, one
    // thread, sharing nothing) plus the new namespaces; the child branch
    // only makes async-signal-safe system calls on data prepared before it
    // (`exec`, `jail`, `fds`, `keep`) and never returns.
    let pid = unsafe { raw_clone(jail.flags) };
    if pid == 0 {
        // SAFETY: we are the new child; see `init`.
        unsafe { init(exec, jail, fds, keep) }
    }
    let clone_errno = Errno::last();
    sys::restore_signals(&old);
    if pid < 0 {
        return Err(clone_errno.into());
    }
    drop((err_w, report_w));
    sys::set_nonblocking(report_r.as_fd())?;
    // Setting a jail up takes milliseconds; a mount that hangs (a dead
    // network file system) must not hang the referee.
    let failed = match sys::read_failure_within(err_r.as_fd(), Some(SETUP_LIMIT)) {
        Ok(f) => f,
        Err(e) => {
            let pid = ChildPid::Process(pid);
            let _ = sys::kill(pid, libc::SIGKILL);
            let _ = sys::reap(pid, true);
            return Err(e);
        }
    };
    Ok(Jailed {
        pid: ChildPid::Process(pid),
        failed,
        report: report_r,
    })
}

/// What the report pipe of an init holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Report {
    /// Its report: the player has ended.
    Got(JailReport),
    /// Nothing yet (the pipe is nonblocking): the player runs.
    NotYet,
    /// Its end of file without a whole report: the init died without
    /// writing one (killed by the referee or the memory limit).
    Never,
}

/// Reads the report of an init from its pipe (nonblocking). The init
/// writes it in one write, shorter than `PIPE_BUF`: it arrives whole.
pub(crate) fn read_report(fd: BorrowedFd<'_>) -> Report {
    let mut buf = [0u8; REPORT_BYTES];
    let mut got = 0;
    while got < buf.len() {
        match sys::read(fd, &mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock && got == 0 => return Report::NotYet,
            Err(_) => break,
        }
    }
    if got < buf.len() {
        return Report::Never;
    }
    let word = |i: usize| u64::from_ne_bytes(buf[8 * i..8 * i + 8].try_into().expect("8 bytes"));
    let kind = word(0) as u32;
    let value = (word(0) >> 32) as i32;
    let status = match kind {
        0 => sys::WaitStatus::Exited(value),
        1 => sys::WaitStatus::Signaled(value),
        _ => return Report::Never,
    };
    Report::Got(JailReport {
        status,
        cpu_us: word(1),
        disk_full: word(2) & 1 != 0,
        leftovers: word(2) & 2 != 0,
        reaped_ns: word(3),
    })
}

/// The pid of the player's own process, the one child of the jail's init
/// `init` (as `/proc/INIT/task/INIT/children` lists it); `None` if it is
/// gone, or not yet started.
pub(crate) fn player_pid(init: ChildPid) -> Option<libc::pid_t> {
    let init = init.raw();
    let text = std::fs::read_to_string(format!("/proc/{init}/task/{init}/children")).ok()?;
    let children: Vec<libc::pid_t> = text
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect();
    match children.as_slice() {
        &[player] => Some(player),
        _ => None,
    }
}

/// A pidfd of the player's own process ([`player_pid`]), and its pid: the
/// referee kills it at a missed deadline without waiting for the init to
/// wake up. `None` if it is gone already, or the kernel has no pidfds.
/// The pid is checked still to be the init's child after the pidfd is
/// opened, so the pidfd cannot be another process's that took a freed pid
/// meanwhile.
pub(crate) fn player_pidfd(init: ChildPid) -> Option<(OwnedFd, libc::pid_t)> {
    let player = player_pid(init)?;
    // SAFETY: `pidfd_open` with a pid and no flags returns a new
    // descriptor or -1; nothing else is touched.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, player, 0) };
    if fd < 0 {
        return None;
    }
    // SAFETY: a descriptor just returned by the kernel, owned by nobody else.
    let fd = unsafe { OwnedFd::from_raw_fd(fd as RawFd) };
    (player_pid(init) == Some(player)).then_some((fd, player))
}

/// Sends `sig` to the process of `pidfd` ([`player_pidfd`]); `false` if
/// it is gone.
pub(crate) fn pidfd_kill(pidfd: BorrowedFd<'_>, sig: c_int) -> bool {
    // SAFETY: `pidfd_send_signal` on a live descriptor, with no siginfo.
    unsafe {
        libc::syscall(
            libc::SYS_pidfd_send_signal,
            pidfd.as_raw_fd(),
            sig,
            ptr::null::<libc::siginfo_t>(),
            0,
        ) == 0
    }
}

/// `CLOCK_MONOTONIC` now, in nanoseconds: the clock of the init's
/// report, and of `std::time::Instant` on Linux.
pub(crate) fn monotonic_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable `timespec`.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    (ts.tv_sec as u64) * 1_000_000_000 + ts.tv_nsec as u64
}

/// The descriptors the init keeps.
#[derive(Clone, Copy)]
struct Keep {
    /// The failure pipe (until the player's exec).
    err: RawFd,
    /// The report pipe.
    report: RawFd,
    /// The root of the player's `tmpfs`, or -1.
    disk: RawFd,
    /// The control pipe's read end, or -1.
    control: RawFd,
}

/// `clone(flags | SIGCHLD)` with fork's semantics (no new stack: the child
/// goes on from here on a copy of ours). Returns 0 in the child.
///
/// # Safety
/// The child must only make async-signal-safe calls and never return
/// into code that expects the parent's threads.
unsafe fn raw_clone(flags: c_int) -> libc::pid_t {
    let flags = (flags | libc::SIGCHLD) as libc::c_ulong;
    // SAFETY: with a null stack `clone` copies the caller like fork; the
    // other arguments (parent_tid, child_tid, tls) are unused without the
    // flags that read them.
    unsafe { libc::syscall(libc::SYS_clone, flags, 0usize, 0usize, 0usize, 0usize) as libc::pid_t }
}

/// The new child: the jail's init. Never returns.
///
/// # Safety
/// Only in the child of [`raw_clone`], with everything prepared before it.
unsafe fn init(exec: &ExecPlan, jail: &JailPlan, fds: [RawFd; 3], keep: Keep) -> ! {
    // SAFETY (whole function): single-threaded in a fresh child; every call
    // is a system call (async-signal-safe) on memory prepared before the
    // clone.
    unsafe {
        reset_dispositions(exec.nsig());
        if let Some((start, end)) = jail.argv_area {
            // SAFETY: the range is this process's own argument strings
            // (a writable mapping of its stack), which nothing reads after
            // the clone.
            ptr::write_bytes(start as *mut u8, 0, end - start);
        }
        libc::prctl(libc::PR_SET_NAME, c"jail-init".as_ptr(), 0, 0, 0);
        if libc::setpgid(0, 0) != 0 {
            fail_in_child(keep.err, ChildStage::ProcessGroup);
        }
        // The player inherits its init's CPUs.
        if !pin(exec) {
            fail_in_child(keep.err, ChildStage::Affinity);
        }
        if jail.drop_terminal && !drop_controlling_terminal() {
            fail_in_child(keep.err, ChildStage::Terminal);
        }
        let (early, rest) = jail
            .ops
            .split_at(jail.ops_before_cgroup.min(jail.ops.len()));
        for (i, op) in early.iter().enumerate() {
            if !run_op(op) {
                fail_in_child(keep.err, ChildStage::Step(i as u32));
            }
        }
        for fd in &jail.cgroups {
            // "0": the writing process itself.
            if libc::write(fd.as_raw_fd(), b"0".as_ptr().cast(), 1) != 1 {
                fail_in_child(keep.err, ChildStage::Cgroup);
            }
        }
        if jail.cgroup_ns && libc::unshare(libc::CLONE_NEWCGROUP) != 0 {
            fail_in_child(keep.err, ChildStage::CgroupNamespace);
        }
        for (i, op) in rest.iter().enumerate() {
            if !run_op(op) {
                fail_in_child(keep.err, ChildStage::Step((early.len() + i) as u32));
            }
        }
        // Killed with the referee (it holds the other end of every pipe:
        // nothing would be left to talk to), and not readable by the
        // player: its memory is a copy of the referee's.
        if libc::prctl(
            libc::PR_SET_PDEATHSIG,
            libc::SIGKILL as libc::c_ulong,
            0,
            0,
            0,
        ) != 0
            || libc::prctl(libc::PR_SET_DUMPABLE, 0 as libc::c_ulong, 0, 0, 0) != 0
        {
            fail_in_child(keep.err, ChildStage::Prctl);
        }
        let keep = match arrange_fds(fds, keep, exec.max_fd) {
            Some(k) => k,
            None => fail_in_child(keep.err, ChildStage::Stdio),
        };
        // Orders are only obeyed by the init of a PID namespace: its
        // kill(-1) reaches the jail's processes and nothing else.
        let control = if keep.control >= 0 && libc::syscall(libc::SYS_getpid) == 1 {
            keep.control
        } else {
            -1
        };
        // SIGCHLD blocked before the fork, read from a descriptor: the
        // init waits for an order and an end at once. The player unblocks
        // it before its exec (`sys::exec`).
        let children = if control >= 0 {
            match child_signals() {
                Some(fd) => fd,
                None => fail_in_child(keep.err, ChildStage::Signals),
            }
        } else {
            -1
        };
        let player = raw_clone(0);
        if player < 0 {
            fail_in_child(keep.err, ChildStage::Fork);
        }
        if player == 0 {
            player_process(exec, jail, keep);
        }
        // The init keeps no end of the player's pipes: their ends of file
        // are the player's alone.
        for fd in [0, 1, 2, keep.err] {
            libc::close(fd);
        }
        reap_until(player, keep, control, children)
    }
}

/// Blocks SIGCHLD and returns a `signalfd` that reads it (nonblocking,
/// close-on-exec), or `None` with `errno` set.
///
/// # Safety
/// Only in the init.
unsafe fn child_signals() -> Option<RawFd> {
    // SAFETY: `sigemptyset`, `sigaddset`, `sigprocmask` and `signalfd` on
    // a set of this frame.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGCHLD);
        if libc::sigprocmask(libc::SIG_BLOCK, &set, ptr::null_mut()) != 0 {
            return None;
        }
        let fd = libc::signalfd(-1, &set, libc::SFD_CLOEXEC | libc::SFD_NONBLOCK);
        (fd >= 0).then_some(fd)
    }
}

/// Gives up the controlling terminal, if there is one; `false` (with
/// `errno` set) on failure.
///
/// # Safety
/// Only in the init.
unsafe fn drop_controlling_terminal() -> bool {
    // SAFETY: `open`, `ioctl` and `close` on a path literal and a
    // descriptor of ours.
    unsafe {
        let fd = libc::open(
            c"/dev/tty".as_ptr(),
            libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
        );
        if fd < 0 {
            // ENXIO: no controlling terminal; anything else: none to use.
            return true;
        }
        let ok = libc::ioctl(fd, libc::TIOCNOTTY) == 0;
        libc::close(fd);
        ok
    }
}

/// Moves the pipes onto 0, 1 and 2 and the kept descriptors above them,
/// then closes every other descriptor (the init never execs: close-on-exec
/// would not close them, and they are the referee's, the other players'
/// pipes among them). Returns where the kept ones are.
///
/// # Safety
/// Only in the init, before it forks the player.
unsafe fn arrange_fds(fds: [RawFd; 3], keep: Keep, max_fd: c_int) -> Option<Keep> {
    // SAFETY: `fcntl`, `dup2`, `close` and `close_range` are system calls.
    unsafe {
        let lift = |fd: RawFd| -> Option<RawFd> {
            if !(0..=2).contains(&fd) {
                return Some(fd);
            }
            let d = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 3);
            (d >= 0).then_some(d)
        };
        let keep = Keep {
            err: lift(keep.err)?,
            report: lift(keep.report)?,
            disk: lift(keep.disk)?,
            control: lift(keep.control)?,
        };
        // The stdio sources cannot be among the kept descriptors: they are
        // distinct open files.
        if !install_stdio(fds) {
            return None;
        }
        let mut kept = [keep.err, keep.report, keep.disk, keep.control];
        kept.sort_unstable();
        let mut next = 3;
        for fd in kept {
            if fd < next {
                continue;
            }
            close_from_to(next, fd - 1, max_fd);
            next = fd + 1;
        }
        close_from_to(next, c_int::MAX, max_fd);
        Some(keep)
    }
}

/// Closes descriptors `first..=last` (`close_range`, or one by one up to
/// `max_fd` on kernels without it).
///
/// # Safety
/// Only in a child.
unsafe fn close_from_to(first: c_int, last: c_int, max_fd: c_int) {
    if first > last {
        return;
    }
    // SAFETY: closing descriptors has no memory-safety precondition.
    unsafe {
        let r = libc::syscall(
            libc::SYS_close_range,
            first as libc::c_uint,
            last as libc::c_uint,
            0 as libc::c_uint,
        );
        if r != 0 {
            for fd in first..=last.min(max_fd) {
                libc::close(fd);
            }
        }
    }
}

/// Runs one step of the set-up; `false` (with `errno` set) if it failed.
///
/// # Safety
/// Only in the init.
unsafe fn run_op(op: &Op) -> bool {
    let opt = |s: &Option<CString>| s.as_ref().map_or(ptr::null(), |s| s.as_ptr());
    // SAFETY: every pointer is to a NUL-terminated string or a buffer of
    // the plan, alive for the whole call; the calls are system calls.
    unsafe {
        let errno = || *libc::__errno_location();
        match op {
            Op::Write { path, data } => {
                let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                if fd < 0 {
                    return false;
                }
                let n = libc::write(fd, data.as_ptr().cast(), data.len());
                let e = errno();
                libc::close(fd);
                *libc::__errno_location() = e;
                n == data.len() as isize
            }
            Op::Mount {
                source,
                target,
                fstype,
                flags,
                data,
                if_exists,
            } => {
                libc::mount(
                    opt(source),
                    target.as_ptr(),
                    opt(fstype),
                    *flags,
                    opt(data).cast(),
                ) == 0
                    || (*if_exists && errno() == libc::ENOENT)
            }
            Op::SetAttr {
                target,
                recursive,
                set,
                clear,
            } => {
                let attr = MountAttr {
                    attr_set: *set,
                    attr_clr: *clear,
                    propagation: 0,
                    userns_fd: 0,
                };
                let flags = if *recursive { libc::AT_RECURSIVE } else { 0 };
                mount_setattr(
                    libc::AT_FDCWD,
                    target.as_ptr(),
                    flags as libc::c_uint,
                    &attr,
                )
            }
            Op::Open { path, slot, dir } => {
                let kind = if *dir { libc::O_DIRECTORY } else { 0 };
                let fd = libc::open(
                    path.as_ptr(),
                    libc::O_PATH | libc::O_NOFOLLOW | libc::O_CLOEXEC | kind,
                );
                if fd < 0 {
                    return false;
                }
                if fd == *slot {
                    return true;
                }
                let ok = libc::dup3(fd, *slot, libc::O_CLOEXEC) == *slot;
                libc::close(fd);
                ok
            }
            Op::Mkdir { path, mode, owner } => {
                if libc::mkdir(path.as_ptr(), *mode) != 0 && errno() != libc::EEXIST {
                    return false;
                }
                if libc::chmod(path.as_ptr(), *mode) != 0 {
                    return false;
                }
                match owner {
                    Some((uid, gid)) => libc::chown(path.as_ptr(), *uid, *gid) == 0,
                    None => true,
                }
            }
            Op::MakeFile { path } => {
                let fd = libc::open(
                    path.as_ptr(),
                    libc::O_WRONLY | libc::O_CREAT | libc::O_CLOEXEC | libc::O_NOFOLLOW,
                    0o644 as libc::c_uint,
                );
                if fd < 0 {
                    return false;
                }
                libc::close(fd);
                true
            }
            Op::Symlink { target, path } => {
                libc::symlink(target.as_ptr(), path.as_ptr()) == 0 || errno() == libc::EEXIST
            }
            Op::IdmapBind {
                slot,
                target,
                userns,
            } => {
                let tree = libc::syscall(
                    libc::SYS_open_tree,
                    *slot,
                    c"".as_ptr(),
                    OPEN_TREE_CLONE
                        | libc::O_CLOEXEC as libc::c_uint
                        | libc::AT_EMPTY_PATH as libc::c_uint,
                ) as c_int;
                if tree < 0 {
                    return false;
                }
                let attr = MountAttr {
                    attr_set: MOUNT_ATTR_IDMAP
                        | MOUNT_ATTR_RDONLY
                        | MOUNT_ATTR_NOSUID
                        | MOUNT_ATTR_NODEV,
                    attr_clr: 0,
                    propagation: 0,
                    userns_fd: *userns as u64,
                };
                let ok = mount_setattr(
                    tree,
                    c"".as_ptr(),
                    libc::AT_EMPTY_PATH as libc::c_uint,
                    &attr,
                ) && libc::syscall(
                    libc::SYS_move_mount,
                    tree,
                    c"".as_ptr(),
                    libc::AT_FDCWD,
                    target.as_ptr(),
                    MOVE_MOUNT_F_EMPTY_PATH,
                ) == 0;
                let e = errno();
                libc::close(tree);
                *libc::__errno_location() = e;
                ok
            }
            Op::Chdir { path } => libc::chdir(path.as_ptr()) == 0,
        }
    }
}

/// `mount_setattr(2)`; `false` with `errno` set on failure.
///
/// # Safety
/// `path` is a NUL-terminated string.
unsafe fn mount_setattr(
    dirfd: c_int,
    path: *const libc::c_char,
    flags: libc::c_uint,
    attr: &MountAttr,
) -> bool {
    // SAFETY: `attr` is a valid `struct mount_attr` of the size given.
    unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            dirfd,
            path,
            flags,
            attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        ) == 0
    }
}

/// The player's process, forked by the init: limits, ids, a keyring of
/// its own, `no_new_privs`, the seccomp filter, exec.
///
/// # Safety
/// Only in the init's child.
unsafe fn player_process(exec: &ExecPlan, jail: &JailPlan, keep: Keep) -> ! {
    // SAFETY (whole function): system calls on data prepared before the
    // clone; the descriptors are those `arrange_fds` kept.
    unsafe {
        for &(resource, soft, hard) in &jail.rlimits {
            let lim = libc::rlimit {
                rlim_cur: soft,
                rlim_max: hard,
            };
            if libc::setrlimit(resource as _, &lim) != 0 {
                fail_in_child(keep.err, ChildStage::Limits);
            }
        }
        if let Ids::Switch(uid, gid) = jail.ids {
            // The raw system calls, not glibc's wrappers: those make
            // every thread of the process change ids together, and in
            // a clone of a threaded referee they would wait forever for
            // threads that are not there.
            if libc::syscall(libc::SYS_setgroups, 0usize, ptr::null::<libc::gid_t>()) != 0
                || libc::syscall(libc::SYS_setresgid, gid, gid, gid) != 0
                || libc::syscall(libc::SYS_setresuid, uid, uid, uid) != 0
            {
                fail_in_child(keep.err, ChildStage::Ids);
            }
        }
        // A new anonymous session keyring, owned by the seat: the
        // referee's (a login's or a CI job's, with its keys) is not
        // inherited. A kernel without keyrings has nothing to hide.
        if jail.keyring
            && libc::syscall(
                libc::SYS_keyctl,
                KEYCTL_JOIN_SESSION_KEYRING,
                ptr::null::<libc::c_char>(),
            ) < 0
            && *libc::__errno_location() != libc::ENOSYS
        {
            fail_in_child(keep.err, ChildStage::Keyring);
        }
        if jail.no_new_privs && libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1 as c_ulong, 0, 0, 0) != 0 {
            fail_in_child(keep.err, ChildStage::NoNewPrivs);
        }
        if let Some(filter) = &jail.seccomp {
            if !install_filter(filter) {
                fail_in_child(keep.err, ChildStage::Seccomp);
            }
        }
        if jail.dry_run {
            libc::_exit(0);
        }
        sys::exec(exec);
        fail_in_child(keep.err, ChildStage::Exec)
    }
}

/// Installs the seccomp `filter` on this process; `false` with `errno`
/// set on failure.
///
/// # Safety
/// Only in the player's process, after `no_new_privs` (or as root).
unsafe fn install_filter(filter: &[super::seccomp::Insn]) -> bool {
    let prog = libc::sock_fprog {
        len: filter.len() as libc::c_ushort,
        filter: filter.as_ptr().cast_mut(),
    };
    // SAFETY: `prog` points to the plan's instructions, alive for the call.
    unsafe {
        let set = |flags: libc::c_uint| {
            libc::syscall(
                libc::SYS_seccomp,
                SECCOMP_SET_MODE_FILTER,
                flags,
                &prog as *const libc::sock_fprog,
            ) == 0
        };
        // Kernels before 4.17 do not know the flag.
        set(SECCOMP_FILTER_FLAG_SPEC_ALLOW) || (*libc::__errno_location() == libc::EINVAL && set(0))
    }
}

/// The init's life once the player runs: it reaps every process of the
/// jail (it is their reaper) until the player's own ends, then writes how
/// it ended and exits with its code (or 128 + its signal). Its exit ends
/// the PID namespace: the kernel kills whatever is left in it. Meanwhile
/// it obeys the orders read on `control` (or -1: none), waking for them
/// and for SIGCHLD (`children`, a `signalfd`) alike.
///
/// # Safety
/// Only in the init.
unsafe fn reap_until(player: libc::pid_t, keep: Keep, control: RawFd, children: RawFd) -> ! {
    // SAFETY: `wait4`, `poll`, `read`, `kill`, `fstatfs`, `write` and
    // `_exit` are system calls on buffers of this frame.
    unsafe {
        let mut status: c_int = 0;
        let mut usage: libc::rusage = std::mem::zeroed();
        let mut fds = [
            libc::pollfd {
                fd: control,
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: children,
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        let ended = 'life: loop {
            // Without orders to wait for, a blocking wait does.
            let flags = if children >= 0 {
                libc::__WALL | libc::WNOHANG
            } else {
                libc::__WALL
            };
            loop {
                let r = libc::wait4(-1, &mut status, flags, &mut usage);
                if r == player {
                    break 'life true;
                }
                if r > 0 {
                    continue;
                }
                if r < 0 && *libc::__errno_location() == libc::EINTR {
                    continue;
                }
                if r < 0 {
                    // ECHILD: the player was never ours to wait for.
                    break 'life false;
                }
                break;
            }
            if libc::poll(fds.as_mut_ptr(), 2, -1) < 0 {
                continue;
            }
            if fds[1].revents != 0 {
                let mut info = [0u8; 128 * 4];
                while libc::read(children, info.as_mut_ptr().cast(), info.len()) > 0 {}
            }
            if fds[0].revents != 0 {
                let mut orders = [0u8; 16];
                let n = libc::read(fds[0].fd, orders.as_mut_ptr().cast(), orders.len());
                if n <= 0 {
                    if n == 0 || *libc::__errno_location() != libc::EINTR {
                        // The referee closed its end: no more orders.
                        libc::close(fds[0].fd);
                        fds[0].fd = -1;
                    }
                    continue;
                }
                for &order in &orders[..n as usize] {
                    let sig = match order {
                        b'S' => libc::SIGSTOP,
                        b'C' => libc::SIGCONT,
                        b'K' => libc::SIGKILL,
                        _ => continue,
                    };
                    // Every process of the PID namespace but the init.
                    libc::kill(-1, sig);
                }
            }
        };
        let reaped_ns = monotonic_ns();
        let (kind, value): (u32, i32) = if !ended {
            (0, 127)
        } else if libc::WIFSIGNALED(status) {
            (1, libc::WTERMSIG(status))
        } else {
            (0, libc::WEXITSTATUS(status))
        };
        let micros = |t: libc::timeval| (t.tv_sec as u64) * 1_000_000 + t.tv_usec as u64;
        let cpu_us = micros(usage.ru_utime) + micros(usage.ru_stime);
        // Bit 0: the disk was full; bit 1: processes were left.
        let mut flags = 0u64;
        if keep.disk >= 0 {
            let mut fs: libc::statfs = std::mem::zeroed();
            if libc::fstatfs(keep.disk, &mut fs) == 0 && (fs.f_bavail == 0 || fs.f_ffree == 0) {
                flags = 1;
            }
        }
        // Whatever of the jail is still running: the zombies of processes
        // that ended first reaped, `kill(-1, 0)` (every process of the
        // namespace but the init, no signal sent) succeeds if one is left.
        let mut rest: c_int = 0;
        let reap = libc::__WALL | libc::WNOHANG;
        while libc::wait4(-1, &mut rest, reap, std::ptr::null_mut()) > 0 {}
        if libc::kill(-1, 0) == 0 {
            flags |= 2;
        }
        let mut msg = [0u8; REPORT_BYTES];
        let head = u64::from(kind) | (u64::from(value as u32) << 32);
        msg[..8].copy_from_slice(&head.to_ne_bytes());
        msg[8..16].copy_from_slice(&cpu_us.to_ne_bytes());
        msg[16..24].copy_from_slice(&flags.to_ne_bytes());
        msg[24..].copy_from_slice(&reaped_ns.to_ne_bytes());
        libc::write(keep.report, msg.as_ptr().cast(), msg.len());
        let code = if kind == 1 { 128 + value } else { value };
        libc::_exit(code & 0xff)
    }
}

/// A user namespace whose maps are `uid_map` and `gid_map` (`"INSIDE
/// OUTSIDE COUNT"`), held by the returned descriptor: the owners an
/// ID-mapped bind shows ([`Op::IdmapBind`]). Made by a child cloned into
/// it, which waits until its maps are written and the namespace opened,
/// then exits.
pub(crate) fn idmap_userns(uid_map: &str, gid_map: &str) -> io::Result<OwnedFd> {
    let (r, w) = sys::pipe()?;
    let (r_raw, w_raw) = (r.as_raw_fd(), w.as_raw_fd());
    let old = sys::block_all_signals();
    // SAFETY: as in `clone_exec`; the child only closes, reads and exits.
    let pid = unsafe { raw_clone(libc::CLONE_NEWUSER) };
    if pid == 0 {
        // SAFETY: system calls on descriptors of the parent's copy.
        unsafe {
            libc::close(w_raw);
            let mut b = [0u8; 1];
            libc::read(r_raw, b.as_mut_ptr().cast(), 1);
            libc::_exit(0)
        }
    }
    let clone_errno = Errno::last();
    sys::restore_signals(&old);
    if pid < 0 {
        return Err(clone_errno.into());
    }
    let opened = (|| {
        std::fs::write(format!("/proc/{pid}/uid_map"), uid_map)?;
        std::fs::write(format!("/proc/{pid}/gid_map"), gid_map)?;
        let ns = std::fs::File::open(format!("/proc/{pid}/ns/user"))?;
        Ok(OwnedFd::from(ns))
    })();
    drop((r, w));
    let _ = sys::reap(ChildPid::Process(pid), true);
    opened
}

/// Where this process's command line lies in its memory, from
/// `/proc/self/stat` (fields 48 and 49), read once.
pub(crate) fn argv_area() -> Option<(usize, usize)> {
    static AREA: std::sync::OnceLock<Option<(usize, usize)>> = std::sync::OnceLock::new();
    *AREA.get_or_init(|| {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        // Fields after the parenthesised command name start at field 3.
        let rest = &stat[stat.rfind(')')? + 1..];
        let mut fields = rest.split_whitespace().skip(48 - 3);
        let start: usize = fields.next()?.parse().ok()?;
        let end: usize = fields.next()?.parse().ok()?;
        (start > 0 && end > start).then_some((start, end))
    })
}

/// This process's effective uid and gid.
pub(crate) fn effective_ids() -> (libc::uid_t, libc::gid_t) {
    // SAFETY: `geteuid` and `getegid` have no precondition and cannot fail.
    unsafe { (libc::geteuid(), libc::getegid()) }
}

/// Whether this process runs as root (effective uid 0).
pub(crate) fn is_root() -> bool {
    effective_ids().0 == 0
}

/// The current `(soft, hard)` limit of `resource`.
pub(crate) fn getrlimit(resource: c_int) -> io::Result<(u64, u64)> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `lim` is a valid, writable `rlimit`.
    if unsafe { libc::getrlimit(resource as _, &mut lim) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok((lim.rlim_cur, lim.rlim_max))
}

/// Opens `path` for writing, close-on-exec (a cgroup's `cgroup.procs`).
pub(crate) fn open_write(path: &std::path::Path) -> io::Result<OwnedFd> {
    Ok(std::fs::OpenOptions::new().write(true).open(path)?.into())
}

/// A close-on-exec descriptor whose number nothing else takes while it is
/// held (a slot for the jail's ops).
pub(crate) fn reserve_fd() -> io::Result<OwnedFd> {
    Ok(std::fs::File::open("/dev/null")?.into())
}
