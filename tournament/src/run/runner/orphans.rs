//! Catching processes the referees leave behind.
//!
//! The runner makes itself a "child subreaper" (Linux `prctl`), so that a
//! player whose referee died (crashed, or killed after ignoring SIGTERM) is
//! re-parented to the tournament rather than to init. [`sweep`] then finds
//! such orphans among the tournament's children, kills their process groups
//! and reaps them, so no process outlives its game.

use std::collections::HashSet;

use nix::errno::Errno;
use nix::sys::prctl;
use nix::sys::signal::{Signal, kill, killpg};
use nix::sys::wait::waitpid;
use nix::unistd::{Pid, getpid};

/// Makes orphaned descendants children of this process. Failing (on a
/// kernel without subreapers) only weakens the clean-up, so the error is
/// returned for the caller to report, not to abort on.
pub fn become_subreaper() -> nix::Result<()> {
    prctl::set_child_subreaper(true)
}

/// Kills and reaps every child of this process that is not in `keep` (the
/// referees still running); returns how many were still alive. Children
/// that already exited (zombies: a player that ended on its own after its
/// referee) are only reaped.
pub fn sweep(keep: &HashSet<Pid>) -> usize {
    let orphans: Vec<(Pid, bool)> = children(getpid())
        .into_iter()
        .filter(|(pid, _)| !keep.contains(pid))
        .collect();
    let mut alive = 0;
    for &(pid, zombie) in &orphans {
        if zombie {
            continue;
        }
        alive += 1;
        // A player leads its own process group (the referee made it so):
        // kill the group to catch what the player itself started.
        let _ = killpg(pid, Signal::SIGKILL);
        let _ = kill(pid, Signal::SIGKILL);
    }
    for &(pid, _) in &orphans {
        while let Err(Errno::EINTR) = waitpid(pid, None) {}
    }
    alive
}

/// The children of `parent` (this process) and whether each is a zombie.
///
/// Read from `/proc/self/task/*/children` (the children of each of our
/// threads, reparented orphans included) when the kernel provides it:
/// a few small files instead of one per process of the machine, which
/// matters as the sweep runs after every game. Otherwise every
/// `/proc/*/stat` is read.
fn children(parent: Pid) -> Vec<(Pid, bool)> {
    let listed = task_children().unwrap_or_else(all_pids);
    listed
        .into_iter()
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            let (state, ppid) = state_and_parent(&stat)?;
            (ppid == parent.as_raw()).then(|| (Pid::from_raw(pid), state == 'Z'))
        })
        .collect()
}

/// The pids in `/proc/self/task/*/children`, or `None` if the kernel does
/// not have these files.
fn task_children() -> Option<Vec<i32>> {
    let mut pids = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
        match std::fs::read_to_string(task.path().join("children")) {
            Ok(text) => pids.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<i32>().ok()),
            ),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // The thread may just have exited; the file itself is
                // missing only without kernel support, for every thread.
                if !task.path().exists() {
                    continue;
                }
                return None;
            }
            Err(_) => continue,
        }
    }
    Some(pids)
}

/// Every pid of the machine.
fn all_pids() -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok())
        .collect()
}

/// The state and parent pid in a `/proc/PID/stat` line:
/// `pid (comm) state ppid ...`. The command name may contain spaces and
/// parentheses, so fields are counted from the last `)`.
fn state_and_parent(stat: &str) -> Option<(char, i32)> {
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace();
    let state = fields.next()?.chars().next()?;
    Some((state, fields.next()?.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_lines_are_parsed_after_the_command_name() {
        assert_eq!(
            state_and_parent("123 (a b) c) Z 45 123 123 0"),
            Some(('Z', 45))
        );
        assert_eq!(state_and_parent("garbage"), None);
    }

    #[test]
    fn children_are_found_and_kept_children_survive_a_sweep() {
        let _guard = crate::run::runner::test_lock();
        let mut child = std::process::Command::new("sleep")
            .arg("5")
            .spawn()
            .unwrap();
        let pid = Pid::from_raw(child.id() as i32);
        assert!(all_pids().contains(&pid.as_raw()));
        if let Some(listed) = task_children() {
            assert!(listed.contains(&pid.as_raw()));
        }
        assert!(children(getpid()).contains(&(pid, false)));
        let keep: HashSet<Pid> = [pid].into();
        sweep(&keep);
        assert!(
            children(getpid()).contains(&(pid, false)),
            "kept children survive"
        );
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
