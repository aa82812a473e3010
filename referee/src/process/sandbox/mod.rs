//! The sandbox of every player process: namespaces, a uid of its own, a
//! private file system view, resource limits and cgroups, a seccomp
//! filter and a clean environment, set up between the clone and the exec
//! (see `docs/referee.md`, "The sandbox").
//!
//! - [`config`]: the layers and limits asked for, and their defaults;
//! - [`env`]: the environment a player gets;
//! - [`probe`]: what this machine allows, found once, and the report;
//! - `jail`: one player's features, uid and start plan;
//! - `reach`: what a jail shows of the places it hides;
//! - `view`: the mounts of the player's view of the file system;
//! - `steps`: the set-up's ops as planned, with their features;
//! - `seccomp`: the filter of the player's system calls;
//! - `cgroup`: a cgroup of its own, where one can be written, and its
//!   freezer;
//! - `sys`: the clone, the jail's init, and all the `unsafe` code.

pub(crate) mod cgroup;
pub mod config;
pub mod env;
pub(crate) mod jail;
pub mod probe;
pub(crate) mod reach;
pub(crate) mod seccomp;
pub(crate) mod steps;
pub(crate) mod sys;
pub(crate) mod view;

pub use config::{
    BindDir, EnvPolicy, EnvVar, Layer, Layers, ResourceLimits, Sandbox, Size, parse_size, show_size,
};
pub use probe::SandboxStatus;
