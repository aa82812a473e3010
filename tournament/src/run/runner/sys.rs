//! The runner's only `unsafe` code: asking the kernel to signal a child
//! when the tournament dies, set up between `fork` and `exec`.
#![allow(unsafe_code)]

use std::io;
use std::os::unix::process::CommandExt;
use std::process::Command;

use nix::sys::prctl;
use nix::sys::signal::Signal;
use nix::unistd::{Pid, getpid, getppid};

/// Makes the child started by `command` receive SIGTERM when the thread
/// that spawns it dies, so a tournament killed with SIGKILL does not leave
/// referees running (a referee cleans up its players on SIGTERM).
///
/// The signal is tied to the spawning *thread*: spawn from a thread that
/// outlives the child (the runner spawns from its dispatcher thread, which
/// waits for every child before returning).
pub fn terminate_with_parent(command: &mut Command) {
    let parent: Pid = getpid();
    // SAFETY: the closure runs in the child between fork and exec, where
    // only async-signal-safe functions may be called. It calls prctl(2)
    // and getppid(2), both plain system calls, and builds its error from a
    // raw errno without allocating.
    unsafe {
        command.pre_exec(move || {
            prctl::set_pdeathsig(Signal::SIGTERM)
                .map_err(|e| io::Error::from_raw_os_error(e as i32))?;
            // The parent may have died before the request took effect.
            if getppid() != parent {
                return Err(io::Error::from_raw_os_error(nix::libc::ESRCH));
            }
            Ok(())
        });
    }
}
