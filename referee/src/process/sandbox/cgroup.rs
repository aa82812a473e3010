//! A cgroup of its own for each player, where this machine lets the
//! referee write one: a memory limit (resident memory, `tmpfs` pages and
//! kernel memory of all its processes together, no swap) and a process
//! limit, and the events that name them in the verdict (the OOM killer's
//! kills, the forks refused), and the freezer that stops the whole jail
//! while another seat is on move (`--no-ponder`), and the CPU time of its
//! processes together (v2's `cpu.stat`, v1's `cpuacct`).
//!
//! cgroup v2 when its hierarchy has the `memory` and `pids` controllers and
//! a cgroup that may hold children with them (the root, or the parent of
//! ours); else cgroup v1's `memory` and `pids` hierarchies, a child of our
//! own cgroup in each. The player's init joins them before it forks the
//! player (it writes `0` to each `cgroup.procs`); the cgroups are removed
//! once the jail is reaped.

use std::io;
use std::path::{Path, PathBuf};

use crate::process::cpu::{Counter, CpuMeter};

/// What a player's cgroups counted.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Events {
    /// Processes the OOM killer killed.
    pub oom_kills: u64,
    /// Forks refused at the process limit.
    pub pids_refused: u64,
}

/// Where the players' cgroups are made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Hierarchy {
    /// cgroup v2: children of `parent`, whose `cgroup.subtree_control`
    /// has (or was given) `memory` and `pids`.
    V2 {
        /// Their parent directory.
        parent: PathBuf,
    },
    /// cgroup v1: children of our own cgroup in each hierarchy.
    V1 {
        /// Our cgroup in the `memory` hierarchy.
        memory: PathBuf,
        /// Our cgroup in the `pids` hierarchy.
        pids: PathBuf,
        /// Our cgroup in the `freezer` hierarchy, if it is writable.
        freezer: Option<PathBuf>,
        /// Our cgroup in the `cpuacct` hierarchy, if it is writable: the
        /// players' CPU time.
        cpuacct: Option<PathBuf>,
    },
}

/// A cgroup file system a jail mounts under its `/sys/fs/cgroup` (in its
/// cgroup namespace, where its own cgroup is the root).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct JailMount {
    /// The directory under `/sys/fs/cgroup` (empty: itself).
    pub dir: &'static str,
    /// `cgroup2` or `cgroup`.
    pub fstype: &'static str,
    /// The v1 controller.
    pub controller: Option<&'static str>,
}

impl Hierarchy {
    /// Finds a hierarchy the referee can make the players' cgroups in, or
    /// says why there is none.
    pub fn find() -> Result<Hierarchy, String> {
        let mounts = std::fs::read_to_string("/proc/self/mountinfo")
            .map_err(|e| format!("/proc/self/mountinfo: {e}"))?;
        let own = std::fs::read_to_string("/proc/self/cgroup")
            .map_err(|e| format!("/proc/self/cgroup: {e}"))?;
        let v2 = match find_v2(&mounts, &own) {
            Ok(h) => return Ok(h),
            Err(why) => why,
        };
        let v1 = match find_v1(&mounts, &own) {
            Ok(h) => return Ok(h),
            Err(why) => why,
        };
        Err(format!("{v2}; {v1}"))
    }

    /// What a jail in these cgroups mounts under its `/sys/fs/cgroup`.
    pub fn jail_mounts(&self) -> Vec<JailMount> {
        match self {
            Hierarchy::V2 { .. } => vec![JailMount {
                dir: "",
                fstype: "cgroup2",
                controller: None,
            }],
            Hierarchy::V1 { freezer, .. } => {
                let mut m = vec!["memory", "pids"];
                if freezer.is_some() {
                    m.push("freezer");
                }
                m.into_iter()
                    .map(|c| JailMount {
                        dir: c,
                        fstype: "cgroup",
                        controller: Some(c),
                    })
                    .collect()
            }
        }
    }

    /// Makes a cgroup named `name` with these limits.
    pub fn create(&self, name: &str, memory: u64, processes: u64) -> io::Result<Cgroup> {
        let cg = match self {
            Hierarchy::V2 { parent } => {
                let dir = parent.join(name);
                let mut cg = Cgroup::make(&dir, true)?;
                write(&dir.join("memory.max"), &memory.to_string())?;
                // No swap: the limit is the memory's. Absent without swap
                // accounting.
                let _ = write(&dir.join("memory.swap.max"), "0");
                write(&dir.join("pids.max"), &processes.to_string())?;
                cg.freezer = open_freezer(&dir.join("cgroup.freeze"));
                // Every cgroup v2 has it, with or without the cpu controller.
                cg.cpu = Some((dir.join("cpu.stat"), Counter::CpuStat));
                cg
            }
            Hierarchy::V1 {
                memory: m,
                pids: p,
                freezer,
                cpuacct,
            } => {
                let (mdir, pdir) = (m.join(name), p.join(name));
                let mut cg = Cgroup::make(&mdir, false)?;
                make_dir(&pdir)?;
                cg.dirs.push(pdir.clone());
                if let Some(f) = freezer {
                    let fdir = f.join(name);
                    if make_dir(&fdir).is_ok() {
                        cg.dirs.push(fdir.clone());
                        cg.freezer = open_freezer(&fdir.join("freezer.state"));
                    }
                }
                if let Some(c) = cpuacct {
                    let cdir = c.join(name);
                    if make_dir(&cdir).is_ok() {
                        cg.dirs.push(cdir.clone());
                        cg.cpu = Some((cdir.join("cpuacct.usage"), Counter::CpuacctUsage));
                    }
                }
                write(&mdir.join("memory.limit_in_bytes"), &memory.to_string())?;
                // Memory and swap together (after the memory alone, which
                // it may not be below); absent without swap accounting.
                let _ = write(
                    &mdir.join("memory.memsw.limit_in_bytes"),
                    &memory.to_string(),
                );
                write(&pdir.join("pids.max"), &processes.to_string())?;
                cg
            }
        };
        Ok(cg)
    }
}

/// cgroup v2 with `memory` and `pids`, in the root or in our parent.
fn find_v2(mounts: &str, own: &str) -> Result<Hierarchy, String> {
    let root = mount_points(mounts, "cgroup2", None)
        .into_iter()
        .next()
        .ok_or("no cgroup v2 hierarchy")?;
    let ours = own
        .lines()
        .find_map(|l| l.strip_prefix("0::"))
        .ok_or("no cgroup v2 path in /proc/self/cgroup")?;
    let controllers = std::fs::read_to_string(root.join("cgroup.controllers")).unwrap_or_default();
    let has = |list: &str| {
        let words: Vec<&str> = list.split_whitespace().collect();
        words.contains(&"memory") && words.contains(&"pids")
    };
    if !has(&controllers) {
        return Err(format!(
            "cgroup v2 ({}) has no memory or pids controller (they are cgroup v1's here)",
            root.display()
        ));
    }
    let ours = Path::new(ours.trim());
    // Our own cgroup holds us: it may not give its children controllers
    // unless it is the root. Its parent may.
    let parent = if ours == Path::new("/") {
        root.clone()
    } else {
        root.join(
            ours.parent()
                .unwrap_or(Path::new("/"))
                .strip_prefix("/")
                .unwrap_or(ours),
        )
    };
    let control = parent.join("cgroup.subtree_control");
    let enabled = std::fs::read_to_string(&control).unwrap_or_default();
    if !has(&enabled) && write(&control, "+memory +pids").is_err() {
        return Err(format!(
            "cgroup v2: {} does not give its children the memory and pids controllers",
            parent.display()
        ));
    }
    Ok(Hierarchy::V2 { parent })
}

/// cgroup v1's `memory` and `pids` hierarchies, writable.
fn find_v1(mounts: &str, own: &str) -> Result<Hierarchy, String> {
    let find = |controller: &str| -> Result<PathBuf, String> {
        let mount = mount_points(mounts, "cgroup", Some(controller))
            .into_iter()
            .next()
            .ok_or_else(|| format!("no cgroup v1 {controller} hierarchy"))?;
        let path = own
            .lines()
            .find_map(|l| {
                let mut parts = l.splitn(3, ':');
                let (_, list, path) = (parts.next()?, parts.next()?, parts.next()?);
                list.split(',').any(|c| c == controller).then_some(path)
            })
            .ok_or_else(|| format!("no cgroup v1 {controller} path in /proc/self/cgroup"))?;
        Ok(mount.join(path.trim().trim_start_matches('/')))
    };
    let writable = |dir: &Path| nix::unistd::access(dir, nix::unistd::AccessFlags::W_OK).is_ok();
    let memory = find("memory")?;
    let pids = find("pids")?;
    for dir in [&memory, &pids] {
        if !writable(dir) {
            return Err(format!("cgroup v1: {} is not writable", dir.display()));
        }
    }
    let freezer = find("freezer").ok().filter(|d| writable(d));
    let cpuacct = find("cpuacct").ok().filter(|d| writable(d));
    Ok(Hierarchy::V1 {
        memory,
        pids,
        freezer,
        cpuacct,
    })
}

/// The freezer's control file, opened for writing; `None` where there is
/// none (a v2 kernel before 5.2).
fn open_freezer(file: &Path) -> Option<std::fs::File> {
    std::fs::OpenOptions::new().write(true).open(file).ok()
}

/// The mount points of file systems of type `fstype` (with the mount
/// option `option`, if given), from `/proc/self/mountinfo`.
fn mount_points(mountinfo: &str, fstype: &str, option: Option<&str>) -> Vec<PathBuf> {
    mountinfo
        .lines()
        .filter_map(|line| {
            let (left, right) = line.split_once(" - ")?;
            let mut r = right.split(' ');
            let (kind, _source, options) = (r.next()?, r.next()?, r.next().unwrap_or(""));
            if kind != fstype || option.is_some_and(|o| !options.split(',').any(|x| x == o)) {
                return None;
            }
            left.split(' ').nth(4).map(PathBuf::from)
        })
        .collect()
}

fn make_dir(dir: &Path) -> io::Result<()> {
    match std::fs::create_dir(dir) {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(()),
        other => other,
    }
}

fn write(file: &Path, text: &str) -> io::Result<()> {
    std::fs::write(file, text)
}

/// One player's cgroups (one directory in v2, two or three in v1),
/// removed when dropped.
#[derive(Debug)]
pub(crate) struct Cgroup {
    dirs: Vec<PathBuf>,
    v2: bool,
    last: Events,
    /// The freezer's control file (`cgroup.freeze`, `freezer.state`).
    freezer: Option<std::fs::File>,
    /// Whether it was last frozen.
    frozen: bool,
    /// Its CPU time counter, and the counter's format.
    cpu: Option<(PathBuf, Counter)>,
}

impl Cgroup {
    /// Makes the directory `dir`, the cgroup's first: from here on a
    /// failure drops the cgroup, which removes what was made.
    fn make(dir: &Path, v2: bool) -> io::Result<Cgroup> {
        make_dir(dir)?;
        Ok(Cgroup {
            dirs: vec![dir.to_path_buf()],
            v2,
            last: Events::default(),
            freezer: None,
            frozen: false,
            cpu: None,
        })
    }

    /// Whether the jail can be frozen whole.
    pub fn can_freeze(&self) -> bool {
        self.freezer.is_some()
    }

    /// Freezes (or thaws) every process of the cgroup, those it forks
    /// meanwhile included; nothing of it runs until it is thawed. A v1
    /// freezer's frozen processes cannot even die: a SIGKILL takes effect
    /// at the thaw.
    pub fn freeze(&mut self, on: bool) -> io::Result<()> {
        use std::io::Write;
        let Some(f) = self.freezer.as_mut() else {
            return Err(io::Error::from(io::ErrorKind::Unsupported));
        };
        let word: &[u8] = match (self.v2, on) {
            (true, true) => b"1",
            (true, false) => b"0",
            (false, true) => b"FROZEN",
            (false, false) => b"THAWED",
        };
        f.write_all(word)?;
        self.frozen = on;
        Ok(())
    }

    /// Whether it was last frozen.
    pub fn is_frozen(&self) -> bool {
        self.frozen
    }

    /// A meter of the CPU time of all its processes; `None` where it has
    /// no counter (cgroup v1 without a writable `cpuacct` hierarchy).
    pub fn cpu_meter(&self) -> Option<CpuMeter> {
        self.cpu.as_ref().and_then(|(f, c)| CpuMeter::open(f, *c))
    }

    /// Each `cgroup.procs` the init joins.
    pub fn procs(&self) -> Vec<PathBuf> {
        self.dirs.iter().map(|d| d.join("cgroup.procs")).collect()
    }

    /// What was counted since the last call.
    pub fn events(&mut self) -> Events {
        let count = |file: &str, key: &str| -> u64 {
            self.dirs
                .iter()
                .filter_map(|d| std::fs::read_to_string(d.join(file)).ok())
                .find_map(|text| {
                    text.lines().find_map(|l| {
                        let (k, v) = l.split_once(' ')?;
                        (k == key).then(|| v.trim().parse().ok()).flatten()
                    })
                })
                .unwrap_or(0)
        };
        let now = Events {
            oom_kills: count(
                if self.v2 {
                    "memory.events"
                } else {
                    "memory.oom_control"
                },
                "oom_kill",
            ),
            pids_refused: count("pids.events", "max"),
        };
        let delta = Events {
            oom_kills: now.oom_kills.saturating_sub(self.last.oom_kills),
            pids_refused: now.pids_refused.saturating_sub(self.last.pids_refused),
        };
        self.last = now;
        delta
    }
}

impl Drop for Cgroup {
    /// Removes the directories; the jail is reaped by then, so they are
    /// empty (a process that lingers in dying keeps one busy: a few tries).
    fn drop(&mut self) {
        if self.frozen {
            let _ = self.freeze(false);
        }
        for dir in &self.dirs {
            for attempt in 0..50 {
                match std::fs::remove_dir(dir) {
                    Ok(()) => break,
                    Err(e) if e.kind() == io::ErrorKind::NotFound => break,
                    Err(e) if attempt == 49 => {
                        log::warn!("removing the cgroup {} failed: {e}", dir.display());
                    }
                    Err(_) => std::thread::sleep(std::time::Duration::from_millis(2)),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOUNTS: &str = "\
31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
35 31 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
39 31 0:35 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
41 31 0:37 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
";

    #[test]
    fn hierarchies_are_found_in_the_mount_table() {
        assert_eq!(
            mount_points(MOUNTS, "cgroup", Some("memory")),
            [PathBuf::from("/sys/fs/cgroup/memory")]
        );
        assert_eq!(
            mount_points(MOUNTS, "cgroup2", None),
            [PathBuf::from("/sys/fs/cgroup/unified")]
        );
        assert!(mount_points(MOUNTS, "cgroup", Some("cpu")).is_empty());
    }
}
