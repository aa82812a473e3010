//! A pid that knows whether a signal goes to the process or its whole group.

use std::fmt;

/// A child's pid, as the target of a signal: the process alone, or the
/// process group it leads (after nextest's `ChildPid`). Every child runs in
/// a group of its own whose id is its pid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ChildPid {
    /// The process alone.
    Process(i32),
    /// The whole process group led by this pid.
    Group(i32),
}

impl ChildPid {
    /// The pid itself, whatever the target.
    pub fn raw(self) -> i32 {
        match self {
            ChildPid::Process(p) | ChildPid::Group(p) => p,
        }
    }

    /// The same pid, targeting its whole process group.
    pub fn group(self) -> ChildPid {
        ChildPid::Group(self.raw())
    }

    /// The argument for `kill(2)`: negative means the whole group.
    ///
    /// # Panics
    /// On pids 0 and 1, which `kill` would read as "our own group" and
    /// "every process": a child can never have them.
    pub fn for_kill(self) -> i32 {
        let p = self.raw();
        assert!(p > 1, "refusing to signal pid {p}");
        match self {
            ChildPid::Process(p) => p,
            ChildPid::Group(p) => -p,
        }
    }
}

impl fmt::Display for ChildPid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChildPid::Process(p) => write!(f, "pid {p}"),
            ChildPid::Group(p) => write!(f, "process group {p}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_targets_are_negative() {
        assert_eq!(ChildPid::Process(42).for_kill(), 42);
        assert_eq!(ChildPid::Process(42).group().for_kill(), -42);
        assert_eq!(ChildPid::Group(42).raw(), 42);
    }

    #[test]
    #[should_panic(expected = "refusing to signal")]
    fn never_signals_everyone() {
        ChildPid::Group(1).for_kill();
    }
}
