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
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::ptr;

use nix::errno::Errno;
use nix::libc;

use crate::process::pid::ChildPid;
use crate::process::sys::{
    self, ChildStage, ChildStdio, ExecPlan, fail_in_child, install_stdio, reset_dispositions,
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

/// One step of the jail's set-up, run by its init in order.
#[derive(Debug)]
pub(crate) enum Op {
    /// Writes `data` to the file `path` (`/proc/self/uid_map`...).
    Write { path: CString, data: Vec<u8> },
    /// `mount(2)`.
    Mount {
        source: Option<CString>,
        target: CString,
        fstype: Option<CString>,
        flags: c_ulong,
        data: Option<CString>,
    },
    /// `mount_setattr(2)` on `target` (and every mount under it if
    /// `recursive`).
    SetAttr {
        target: CString,
        recursive: bool,
        set: u64,
    },
    /// Opens the directory `path` (`O_PATH`) onto descriptor `slot`, which
    /// the plan reserved: later steps name it `/proc/self/fd/SLOT`.
    OpenDir { path: CString, slot: RawFd },
    /// Makes the directory `path` (it may exist already), then gives it
    /// `mode` and, if set, an owner.
    Mkdir {
        path: CString,
        mode: libc::mode_t,
        owner: Option<(libc::uid_t, libc::gid_t)>,
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
            Op::SetAttr { target, .. } => write!(f, "making {} read-only", s(target)),
            Op::OpenDir { path, .. } => write!(f, "opening {}", s(path)),
            Op::Mkdir { path, .. } => write!(f, "making the directory {}", s(path)),
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
    /// As root without any capability, for good (the referee is root, and
    /// a seat's uid could not reach the program): the capability bounding
    /// set emptied up to `last_cap`, and the securebits that keep an exec
    /// as root from granting any, locked.
    RootWithoutCapabilities { last_cap: u32 },
}

/// `struct __user_cap_header_struct` of `capset(2)`.
#[repr(C)]
struct CapHeader {
    version: u32,
    pid: c_int,
}

/// `struct __user_cap_data_struct`.
#[repr(C)]
struct CapData {
    effective: u32,
    permitted: u32,
    inheritable: u32,
}

/// `_LINUX_CAPABILITY_VERSION_3`.
const CAPABILITY_VERSION_3: u32 = 0x2008_0522;
/// `SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP |
/// SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_KEEP_CAPS_LOCKED`.
const SECUREBITS_NO_ROOT: c_ulong = 0x1 | 0x2 | 0x4 | 0x8 | 0x20;

/// Drops every capability for good (see [`Ids::RootWithoutCapabilities`]);
/// `false` with `errno` set on failure.
///
/// # Safety
/// Only in the player's process.
unsafe fn drop_capabilities(last_cap: u32) -> bool {
    // SAFETY: `prctl` and `capset` with valid, live arguments.
    unsafe {
        if libc::prctl(libc::PR_SET_SECUREBITS, SECUREBITS_NO_ROOT, 0, 0, 0) != 0 {
            return false;
        }
        for cap in 0..=last_cap {
            if libc::prctl(libc::PR_CAPBSET_DROP, cap as c_ulong, 0, 0, 0) != 0
                && *libc::__errno_location() != libc::EINVAL
            {
                return false;
            }
        }
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL as c_ulong,
            0,
            0,
            0,
        );
        let header = CapHeader {
            version: CAPABILITY_VERSION_3,
            pid: 0,
        };
        let data = [
            CapData {
                effective: 0,
                permitted: 0,
                inheritable: 0,
            },
            CapData {
                effective: 0,
                permitted: 0,
                inheritable: 0,
            },
        ];
        libc::syscall(libc::SYS_capset, &header as *const CapHeader, data.as_ptr()) == 0
    }
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
    /// [`ChildStage::Step`] with the index.
    pub ops: Vec<Op>,
    /// Each cgroup's `cgroup.procs`, opened for writing: the init joins them.
    pub cgroups: Vec<OwnedFd>,
    /// The slot holding the root of the player's `tmpfs` at the end, for
    /// `fstatfs` (was it full?).
    pub disk_slot: Option<RawFd>,
    /// Descriptors held open until the clone so that nothing else takes
    /// the numbers the ops use as slots.
    pub _reserved: Vec<OwnedFd>,
    /// `(resource, soft, hard)` for `setrlimit`.
    pub rlimits: Vec<(c_int, u64, u64)>,
    /// Who the player runs as.
    pub ids: Ids,
    /// Set `no_new_privs` before exec.
    pub no_new_privs: bool,
    /// The player's process exits 0 where it would exec: the jail is only
    /// being tried.
    pub dry_run: bool,
    /// Where the referee's command line lies in memory (`/proc/self/stat`'s
    /// `arg_start`, `arg_end`): the init blanks its copy, which the player
    /// could read in `/proc/1/cmdline` (the other players' arguments, their
    /// seeds, are in it).
    pub argv_area: Option<(usize, usize)>,
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

/// Size of a report on the wire: status kind, value, CPU µs, flags.
const REPORT_BYTES: usize = 24;

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

/// The report of an init whose end was seen, if it wrote one (it does not
/// when it was killed itself, by the referee or the memory limit).
pub(crate) fn read_report(fd: BorrowedFd<'_>) -> Option<JailReport> {
    let mut buf = [0u8; REPORT_BYTES];
    let mut got = 0;
    while got < buf.len() {
        match sys::read(fd, &mut buf[got..]) {
            Ok(0) | Err(_) => break,
            Ok(n) => got += n,
        }
    }
    if got < buf.len() {
        return None;
    }
    let word = |i: usize| u64::from_ne_bytes(buf[8 * i..8 * i + 8].try_into().expect("8 bytes"));
    let kind = word(0) as u32;
    let value = (word(0) >> 32) as i32;
    let status = match kind {
        0 => sys::WaitStatus::Exited(value),
        1 => sys::WaitStatus::Signaled(value),
        _ => return None,
    };
    Some(JailReport {
        status,
        cpu_us: word(1),
        disk_full: word(2) & 1 != 0,
    })
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
        if jail.drop_terminal && !drop_controlling_terminal() {
            fail_in_child(keep.err, ChildStage::Terminal);
        }
        for (i, op) in jail.ops.iter().enumerate() {
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
        reap_until(player, keep)
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
        };
        // The stdio sources cannot be among the kept descriptors: they are
        // distinct open files.
        if !install_stdio(fds) {
            return None;
        }
        let mut kept = [keep.err, keep.report, keep.disk];
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
        match op {
            Op::Write { path, data } => {
                let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                if fd < 0 {
                    return false;
                }
                let n = libc::write(fd, data.as_ptr().cast(), data.len());
                let errno = *libc::__errno_location();
                libc::close(fd);
                *libc::__errno_location() = errno;
                n == data.len() as isize
            }
            Op::Mount {
                source,
                target,
                fstype,
                flags,
                data,
            } => {
                libc::mount(
                    opt(source),
                    target.as_ptr(),
                    opt(fstype),
                    *flags,
                    opt(data).cast(),
                ) == 0
            }
            Op::SetAttr {
                target,
                recursive,
                set,
            } => {
                let attr = MountAttr {
                    attr_set: *set,
                    attr_clr: 0,
                    propagation: 0,
                    userns_fd: 0,
                };
                let flags = if *recursive { libc::AT_RECURSIVE } else { 0 };
                libc::syscall(
                    libc::SYS_mount_setattr,
                    libc::AT_FDCWD,
                    target.as_ptr(),
                    flags as libc::c_uint,
                    &attr as *const MountAttr,
                    std::mem::size_of::<MountAttr>(),
                ) == 0
            }
            Op::OpenDir { path, slot } => {
                let fd = libc::open(
                    path.as_ptr(),
                    libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
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
                if libc::mkdir(path.as_ptr(), *mode) != 0
                    && *libc::__errno_location() != libc::EEXIST
                {
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
            Op::Chdir { path } => libc::chdir(path.as_ptr()) == 0,
        }
    }
}

/// The player's process, forked by the init: limits, ids, exec.
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
        match jail.ids {
            Ids::Keep => {}
            Ids::Switch(uid, gid) => {
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
            Ids::RootWithoutCapabilities { last_cap } => {
                if !drop_capabilities(last_cap) {
                    fail_in_child(keep.err, ChildStage::Ids);
                }
            }
        }
        if jail.no_new_privs && libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1 as c_ulong, 0, 0, 0) != 0 {
            fail_in_child(keep.err, ChildStage::NoNewPrivs);
        }
        if jail.dry_run {
            libc::_exit(0);
        }
        sys::exec(exec);
        fail_in_child(keep.err, ChildStage::Exec)
    }
}

/// The init's life once the player runs: it reaps every process of the
/// jail (it is their reaper) until the player's own ends, then writes how
/// it ended and exits with its code (or 128 + its signal). Its exit ends
/// the PID namespace: the kernel kills whatever is left in it.
///
/// # Safety
/// Only in the init.
unsafe fn reap_until(player: libc::pid_t, keep: Keep) -> ! {
    // SAFETY: `wait4`, `fstatfs`, `write` and `_exit` are system calls on
    // buffers of this frame.
    unsafe {
        let mut status: c_int = 0;
        let mut usage: libc::rusage = std::mem::zeroed();
        let ended = loop {
            let r = libc::wait4(-1, &mut status, libc::__WALL, &mut usage);
            if r == player {
                break true;
            }
            if r < 0 && *libc::__errno_location() != libc::EINTR {
                break false;
            }
        };
        let (kind, value): (u32, i32) = if !ended {
            (0, 127)
        } else if libc::WIFSIGNALED(status) {
            (1, libc::WTERMSIG(status))
        } else {
            (0, libc::WEXITSTATUS(status))
        };
        let micros = |t: libc::timeval| (t.tv_sec as u64) * 1_000_000 + t.tv_usec as u64;
        let cpu_us = micros(usage.ru_utime) + micros(usage.ru_stime);
        let mut full = 0u64;
        if keep.disk >= 0 {
            let mut fs: libc::statfs = std::mem::zeroed();
            if libc::fstatfs(keep.disk, &mut fs) == 0 && (fs.f_bavail == 0 || fs.f_ffree == 0) {
                full = 1;
            }
        }
        let mut msg = [0u8; REPORT_BYTES];
        let head = u64::from(kind) | (u64::from(value as u32) << 32);
        msg[..8].copy_from_slice(&head.to_ne_bytes());
        msg[8..16].copy_from_slice(&cpu_us.to_ne_bytes());
        msg[16..].copy_from_slice(&full.to_ne_bytes());
        libc::write(keep.report, msg.as_ptr().cast(), msg.len());
        let code = if kind == 1 { 128 + value } else { value };
        libc::_exit(code & 0xff)
    }
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

/// The highest capability number of this kernel
/// (`/proc/sys/kernel/cap_last_cap`; 40 if it cannot be read).
pub(crate) fn last_capability() -> u32 {
    std::fs::read_to_string("/proc/sys/kernel/cap_last_cap")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(40)
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
