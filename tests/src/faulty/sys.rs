//! Every raw syscall and `unsafe` block of the faulty player: forking
//! sleepers, leaving the process group, signal dispositions, closing the
//! standard descriptors, shrinking a pipe.
#![allow(unsafe_code)]

use std::os::fd::{AsFd, FromRawFd, OwnedFd};

use nix::fcntl::{FcntlArg, fcntl};
use nix::sys::signal::{SigHandler, Signal, raise, signal};
use nix::sys::wait::waitpid;
use nix::unistd::{ForkResult, fork, pause, setsid};

/// Sleeps until killed; only async-signal-safe calls, so it may run in a
/// forked child of a multi-threaded process.
fn sleep_forever() -> ! {
    loop {
        pause();
    }
}

/// Forks a child that inherits every descriptor (stdout included) and
/// sleeps until killed. Returns in the parent.
pub fn fork_sleeper() -> nix::Result<()> {
    // SAFETY: the child only calls pause() in a loop, which is
    // async-signal-safe, and never returns into Rust code of the parent.
    match unsafe { fork() }? {
        ForkResult::Child => sleep_forever(),
        ForkResult::Parent { .. } => Ok(()),
    }
}

/// Forks a child that forks a grandchild; the grandchild calls setsid()
/// (leaving the player's process group and session) and sleeps with every
/// descriptor open; the child exits at once and is reaped here.
pub fn fork_setsid_grandchild() -> nix::Result<()> {
    // SAFETY: the child calls only fork, setsid, pause and _exit, all
    // async-signal-safe.
    match unsafe { fork() }? {
        ForkResult::Child => {
            // SAFETY: as above; the grandchild only calls setsid and pause.
            if let Ok(ForkResult::Child) = unsafe { fork() } {
                let _ = setsid();
                sleep_forever();
            }
            // SAFETY: _exit is async-signal-safe and skips Rust destructors,
            // which must not run in a forked child.
            unsafe { nix::libc::_exit(0) }
        }
        ForkResult::Parent { child } => {
            waitpid(child, None)?;
            Ok(())
        }
    }
}

/// Ignores SIGTERM from now on.
pub fn ignore_sigterm() -> nix::Result<()> {
    // SAFETY: SIG_IGN installs no handler code, so no signal-safety issue.
    unsafe { signal(Signal::SIGTERM, SigHandler::SigIgn) }.map(|_| ())
}

/// Dies by `sig` with the default disposition (Rust's runtime handles
/// SIGSEGV itself, so the default is restored first).
pub fn die_by(sig: Signal) -> ! {
    // SAFETY: restoring the default disposition installs no handler code.
    let _ = unsafe { signal(sig, SigHandler::SigDfl) };
    let _ = raise(sig);
    // The signal is fatal by default; should it be blocked, abort.
    std::process::abort()
}

/// Closes standard descriptor `fd` (0 or 1).
pub fn close_std(fd: i32) {
    assert!(fd == 0 || fd == 1, "only stdin or stdout");
    // SAFETY: fd 0/1 is open for the whole life of the process and nothing
    // else owns it as an OwnedFd; Rust's Stdin/Stdout only borrow it, and
    // after this call the player no longer reads (or writes) through them.
    drop(unsafe { OwnedFd::from_raw_fd(fd) });
}

/// Shrinks the pipe behind stdin to one page, so a writer that is not read
/// fills it quickly.
pub fn shrink_stdin_pipe() -> nix::Result<()> {
    fcntl(std::io::stdin().as_fd(), FcntlArg::F_SETPIPE_SZ(4096)).map(|_| ())
}

/// Writes all of `bytes` to stdout with raw `write` calls (no buffering),
/// retrying on EINTR.
pub fn write_stdout(bytes: &[u8]) -> nix::Result<()> {
    write_all(std::io::stdout().as_fd(), bytes)
}

/// Writes all of `bytes` to stderr with raw `write` calls.
pub fn write_stderr(bytes: &[u8]) -> nix::Result<()> {
    write_all(std::io::stderr().as_fd(), bytes)
}

fn write_all(fd: std::os::fd::BorrowedFd<'_>, mut bytes: &[u8]) -> nix::Result<()> {
    while !bytes.is_empty() {
        match nix::unistd::write(fd, bytes) {
            Ok(n) => bytes = &bytes[n..],
            Err(nix::errno::Errno::EINTR) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// One raw `read` from stdin, retrying on EINTR; 0 at end of file.
pub fn read_stdin(buf: &mut [u8]) -> nix::Result<usize> {
    loop {
        match nix::unistd::read(std::io::stdin().as_fd(), buf) {
            Err(nix::errno::Errno::EINTR) => {}
            other => return other,
        }
    }
}

/// Attaches to `pid` with ptrace (and detaches at once): what a cheater
/// would do to read and change the opponent's memory.
pub fn ptrace_attach(pid: i32) -> std::io::Result<()> {
    use nix::libc;
    // SAFETY: PTRACE_ATTACH and PTRACE_DETACH take no pointer (the address
    // and data arguments are ignored, null).
    unsafe {
        if libc::ptrace(libc::PTRACE_ATTACH, pid, 0usize, 0usize) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let mut status = 0;
        libc::waitpid(pid, &mut status, libc::__WALL);
        libc::ptrace(libc::PTRACE_DETACH, pid, 0usize, 0usize);
    }
    Ok(())
}

/// Blocks forever (until killed).
pub fn hang() -> ! {
    sleep_forever()
}
