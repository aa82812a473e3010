//! A cgroup of its own for each player (to come).

/// What a player's cgroups counted.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Events {
    /// Processes the OOM killer killed.
    pub oom_kills: u64,
    /// Forks refused at the process limit.
    pub pids_refused: u64,
}
