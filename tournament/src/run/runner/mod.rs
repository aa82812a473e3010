//! Process supervision for the tournament: runs many child processes in
//! parallel, each in its own process group, with wall-clock limits, staged
//! stopping on signals, and clean-up of anything they leave behind. It
//! knows nothing of games: a job is a command line and two output files.

mod dispatch;
mod job;
mod orphans;
mod sys;

pub use dispatch::{Control, Handler, Notice, RunOutcome, Runner, StopReason};
pub use job::{Exit, Job, JobEnd, KillReason};
pub(crate) use orphans::{become_subreaper, sweep as sweep_orphans};
pub(crate) use sys::terminate_with_parent;

/// Serialises the tests that spawn processes or sweep orphans: a sweep in
/// one test would otherwise reap another test's children. Held while the
/// guard lives.
#[cfg(test)]
pub(crate) fn test_lock() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}
