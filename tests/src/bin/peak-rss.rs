//! `peak-rss FILE PROGRAM [ARG...]`: runs PROGRAM, writes the peak
//! resident memory (KiB) of it and of every descendant it reaped to FILE,
//! and exits as PROGRAM did (its status, or its signal raised again).
//!
//! Why a process of its own: a child's `ru_maxrss` counts the memory of
//! the process it was spawned from, up to its `exec` (std spawns with
//! `vfork`, sharing the parent's pages), so `wait4` in the test harness
//! measured the harness too: one panic's backtrace, symbolised from the
//! harness's debug info (about 90 MB), made every later referee look
//! 97 MB large. Spawned from this small program, the referee's figure is
//! its own.

use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitCode};

use nix::sys::resource::{UsageWho, getrusage};
use nix::sys::signal::{SigHandler, Signal, raise, signal};

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let (Some(file), Some(program)) = (args.next(), args.next()) else {
        eprintln!("usage: peak-rss FILE PROGRAM [ARG...]");
        return ExitCode::from(2);
    };
    let status = match Command::new(&program).args(args).status() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("peak-rss: cannot run {}: {e}", program.to_string_lossy());
            return ExitCode::from(127);
        }
    };
    // Only PROGRAM was ever our child, so the children's peak is its own
    // (and its reaped descendants').
    let peak = getrusage(UsageWho::RUSAGE_CHILDREN).map_or(0, |u| u.max_rss());
    if let Err(e) = std::fs::write(&file, format!("{peak}\n")) {
        eprintln!("peak-rss: cannot write {}: {e}", file.to_string_lossy());
        return ExitCode::from(1);
    }
    if let Some(sig) = status.signal() {
        if let Ok(sig) = Signal::try_from(sig) {
            reraise(sig);
        }
        return ExitCode::from(128 + sig as u8);
    }
    ExitCode::from(status.code().unwrap_or(1) as u8)
}

/// Dies of `sig` as PROGRAM did.
#[allow(unsafe_code)]
fn reraise(sig: Signal) {
    // SAFETY: no other thread runs and no handler is installed; setting
    // the default action has no memory-safety precondition.
    let _ = unsafe { signal(sig, SigHandler::SigDfl) };
    let _ = raise(sig);
}
