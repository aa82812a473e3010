//! Process supervision, with no knowledge of any game: start programs in
//! process groups of their own with piped stdio, frame their stdout into
//! replies, enforce reply deadlines, pump stderr into capped logs, and kill
//! and reap everything at the end, escaped descendants included.
//!
//! - `sys`: the raw system calls of a plain start and of supervision, and
//!   `unsafe` code (the sandbox's are in `sandbox/sys.rs`);
//! - [`pid`]: a pid that knows whether a signal targets its group;
//! - [`sandbox`]: the jail of every player (namespaces, uid, file system,
//!   limits, cgroups);
//! - [`spawn`]: fork and exec with pipes, exec failures reported;
//! - `exec_hint`: what the file says about a failed exec (its `#!` line,
//!   its mode, its format);
//! - [`affinity`]: CPU lists for pinning children to CPUs;
//! - [`child`]: one child's state (queue, line buffer, clocks);
//! - [`cpu`]: the CPU time a child's program used (its cgroup, or `/proc`);
//! - [`log_pump`]: stderr to a capped file;
//! - [`event`]: what the supervisor reports;
//! - [`supervisor`]: the event loop and the cleanup.

pub mod affinity;
pub mod child;
pub mod cpu;
pub mod event;
mod exec_hint;
pub mod log_pump;
pub mod pid;
pub mod sandbox;
pub mod spawn;
pub mod supervisor;
pub(crate) mod sys;

pub use cpu::CpuSource;
pub use event::{
    ChildId, DeadlineKill, Event, Failure, LimitHit, ProcessEnd, ReplyFault, Termination, Unasked,
    signal_name,
};
pub use pid::ChildPid;
pub use sandbox::{Layer, Layers, ResourceLimits, Sandbox, SandboxStatus};
pub use spawn::{Program, SpawnError};
pub use supervisor::{ChildSpec, Launch, Supervisor, SupervisorConfig, SupervisorError};
pub use sys::WaitStatus;

#[cfg(test)]
mod tests;
