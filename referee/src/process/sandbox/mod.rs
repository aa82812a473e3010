//! The sandbox of every player process: namespaces, a uid of its own, a
//! private file system view, resource limits and cgroups, set up between
//! the clone and the exec (see `docs/referee.md`, "The sandbox").
//!
//! - [`config`]: the layers and limits asked for, and their defaults;
//! - [`probe`]: what this machine allows, found once, and the report;
//! - `jail`: one player's features, uid and start plan;
//! - `cgroup`: a cgroup of its own, where one can be written;
//! - `sys`: the clone, the jail's init, and all the `unsafe` code.

pub(crate) mod cgroup;
pub mod config;
pub(crate) mod jail;
pub mod probe;
pub(crate) mod sys;

pub use config::{Layer, Layers, ResourceLimits, Sandbox, Size, parse_size, show_size};
pub use probe::SandboxStatus;
