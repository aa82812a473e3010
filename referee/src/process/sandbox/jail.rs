//! One player's jail: the sandbox features in effect for it, its uid, and
//! the plan of each of its starts (the namespaces to clone, the mounts to
//! make, the limits to set), written before the clone.
//!
//! The player's view of the file system (mount namespace):
//! - everything read-only (`mount_setattr(AT_RECURSIVE, RDONLY | NOSUID)`);
//! - a `tmpfs` of `disk` bytes, its own, holds every byte it writes: the
//!   upper layers of an overlay on `/tmp` (the machine's `/tmp` below, read
//!   only) and of one on the working directory (the same path as the
//!   referee's, its files below), and its `/dev/shm`;
//! - `/run` empty (no socket of the machine's services), a `/proc` of its
//!   own PID namespace, the referee's logs of this game empty.
//!
//! When the jail's last process ends, the `tmpfs` goes with it: nothing of
//! what the player wrote is left.

use std::ffi::CString;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use nix::libc;

use super::cgroup::{Cgroup, Events, Hierarchy};
use super::config::{Layer, ResourceLimits, Sandbox};
use super::sys::{self, Ids, JailPlan, JailReport, MOUNT_ATTR_NOSUID, MOUNT_ATTR_RDONLY, Op};
use crate::process::event::LimitHit;
use crate::process::spawn::Program;
use crate::process::sys::WaitStatus;

/// What `/proc` becomes in the jail.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ProcView {
    /// The machine's (no PID namespace, or no mount namespace).
    Host,
    /// A fresh `/proc` of the jail's PID namespace.
    Fresh,
    /// An empty directory (the kernel refused a fresh one: the machine's
    /// would show the other players' processes).
    Hidden,
}

/// The features of the sandbox in effect, after what was asked and what
/// the machine allows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Features {
    /// A user namespace mapping the referee's uid and gid onto themselves.
    pub userns: bool,
    /// The player runs as the seat's own uid (the referee is root).
    pub switch_uid: bool,
    /// A PID namespace.
    pub pid: bool,
    /// A network namespace.
    pub net: bool,
    /// An IPC namespace.
    pub ipc: bool,
    /// A mount namespace.
    pub mount: bool,
    /// `/proc` in the jail.
    pub proc: ProcView,
    /// Every mount made read-only.
    pub read_only: bool,
    /// The private `tmpfs`: overlays on `/tmp`, `/dev/shm` of its own.
    pub private_tmp: bool,
    /// An overlay on the working directory (writes land in the `tmpfs`).
    pub cwd_overlay: bool,
    /// `/run` hidden.
    pub hide_run: bool,
    /// The referee's log files hidden.
    pub hide_logs: bool,
    /// Resource limits and `no_new_privs`.
    pub rlimits: bool,
    /// A process limit by `RLIMIT_NPROC` (only with a uid of its own).
    pub nproc: bool,
    /// A cgroup of its own.
    pub cgroup: bool,
    /// No controlling terminal (`TIOCNOTTY`).
    pub drop_terminal: bool,
}

impl Features {
    /// No feature at all.
    pub const NONE: Features = Features {
        userns: false,
        switch_uid: false,
        pid: false,
        net: false,
        ipc: false,
        mount: false,
        proc: ProcView::Host,
        read_only: false,
        private_tmp: false,
        cwd_overlay: false,
        hide_run: false,
        hide_logs: false,
        rlimits: false,
        nproc: false,
        cgroup: false,
        drop_terminal: false,
    };

    /// Whether nothing isolates the player.
    pub fn is_none(&self) -> bool {
        *self == Features::NONE
    }

    /// The `CLONE_NEW*` flags.
    pub fn clone_flags(&self) -> libc::c_int {
        let mut f = 0;
        for (on, flag) in [
            (self.userns, libc::CLONE_NEWUSER),
            (self.pid, libc::CLONE_NEWPID),
            (self.net, libc::CLONE_NEWNET),
            (self.ipc, libc::CLONE_NEWIPC),
            (self.mount, libc::CLONE_NEWNS),
        ] {
            if on {
                f |= flag;
            }
        }
        f
    }
}

/// Facts about the places the jail is built from, read once.
#[derive(Clone, Debug)]
pub(crate) struct Site {
    /// The referee's working directory (the players' too).
    pub cwd: Option<PathBuf>,
    /// Its permission bits.
    pub cwd_mode: u32,
    /// Why the working directory cannot get an overlay, if it cannot.
    pub cwd_overlay_refused: Option<String>,
    /// Whether `/tmp`, `/dev/shm` and `/run` are directories here.
    pub has_tmp: bool,
    /// As `has_tmp`.
    pub has_shm: bool,
    /// As `has_tmp`; false too when the working directory is under it.
    pub has_run: bool,
}

impl Site {
    /// Reads the working directory and the mount table.
    pub fn read() -> Site {
        let cwd = std::env::current_dir().ok();
        let is_dir = |p: &str| Path::new(p).is_dir();
        let under = |root: &str| cwd.as_ref().is_some_and(|c| c.starts_with(root));
        let cwd_mode = cwd
            .as_ref()
            .and_then(|c| std::fs::metadata(c).ok())
            .map_or(0o755, |m| m.mode() & 0o7777);
        let cwd_overlay_refused = match &cwd {
            None => Some("the working directory cannot be read".to_owned()),
            Some(c) if c == Path::new("/") => Some("the working directory is /".to_owned()),
            Some(c) if c == Path::new("/tmp") => {
                Some("the working directory is /tmp, which has an overlay of its own".into())
            }
            Some(c) => mounts_under(c).map(|m| {
                format!(
                    "the working directory holds other mounts ({}), which an overlay would hide",
                    m.display()
                )
            }),
        };
        Site {
            cwd_mode,
            cwd_overlay_refused,
            has_tmp: is_dir("/tmp"),
            has_shm: is_dir("/dev/shm") && !under("/dev/shm"),
            has_run: is_dir("/run") && !under("/run"),
            cwd,
        }
    }
}

/// The first mount point strictly under `dir`, from `/proc/self/mountinfo`.
fn mounts_under(dir: &Path) -> Option<PathBuf> {
    let table = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    table.lines().find_map(|line| {
        // Field 5 is the mount point, with spaces and such as octal escapes.
        let point = PathBuf::from(unescape_octal(line.split(' ').nth(4)?));
        (point != dir && point.starts_with(dir)).then_some(point)
    })
}

/// `\040` and such, as in `/proc/self/mountinfo`.
fn unescape_octal(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 3 < b.len() + 1 && b[i + 1..].len() >= 3 {
            if let Ok(v) = u8::from_str_radix(&s[i + 1..i + 4], 8) {
                out.push(v);
                i += 4;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The sandbox of one child, and the plan of its starts.
#[derive(Debug)]
pub(crate) struct Jail {
    pub features: Features,
    limits: ResourceLimits,
    /// The seat's uid and gid (as root), or the referee's.
    ids: (u32, u32),
    /// As root, the seat runs as root without capabilities: its uid could
    /// not reach its program.
    rootless_root: bool,
    /// What the user should know of this jail (the fallback above, a
    /// cgroup that could not be made), layer by layer.
    pub notes: Vec<(Layer, String)>,
    site: Site,
    /// Files to hide from the player (the referee's logs of the game).
    hide: Vec<PathBuf>,
    /// Current hard limits, which a limit cannot exceed (raising them
    /// takes `CAP_SYS_RESOURCE`).
    hard: Vec<(libc::c_int, u64)>,
    /// Its cgroups, if it has some.
    cgroup: Option<Cgroup>,
}

impl Jail {
    /// The jail of `seat` with these features, to run `program` (if
    /// known: as root, a seat whose uid could not reach the program, its
    /// interpreter or a file named in its arguments runs as root without
    /// capabilities instead).
    pub fn new(
        sandbox: &Sandbox,
        mut features: Features,
        site: &Site,
        seat: usize,
        hide: Vec<PathBuf>,
        program: Option<&Program>,
        cgroups: Option<&Hierarchy>,
    ) -> Jail {
        let mut notes = Vec::new();
        let cgroup = match cgroups.filter(|_| features.cgroup) {
            Some(h) => {
                static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
                let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let name = format!("referee-{}-{n}-{seat}", std::process::id());
                match h.create(&name, sandbox.limits.memory, sandbox.limits.processes) {
                    Ok(cg) => Some(cg),
                    Err(e) => {
                        features.cgroup = false;
                        notes.push((
                            Layer::Cgroup,
                            format!("seat {seat} has no cgroup: making {name} failed ({e})"),
                        ));
                        None
                    }
                }
            }
            None => {
                features.cgroup = false;
                None
            }
        };
        let mut rootless_root = false;
        let ids = if features.switch_uid {
            let u = sandbox.seat_uid(std::process::id(), seat);
            if let Some((what, blocked)) = program.and_then(|p| unreachable(p, u, u, site)) {
                features.switch_uid = false;
                features.nproc = false;
                rootless_root = true;
                notes.push((
                    Layer::User,
                    format!(
                        "seat {seat} runs as root without capabilities, not as uid {u}: that uid \
                         cannot reach {} ({} is closed to others); no process limit but its \
                         cgroup's",
                        what.display(),
                        blocked.display()
                    ),
                ));
                (0, 0)
            } else {
                (u, u)
            }
        } else {
            sys::effective_ids()
        };
        let hard = RLIMITS
            .iter()
            .map(|&r| (r, sys::getrlimit(r).map_or(u64::MAX, |(_, h)| h)))
            .collect();
        Jail {
            features,
            limits: sandbox.limits,
            ids,
            rootless_root,
            notes,
            site: site.clone(),
            hide,
            hard,
            cgroup,
        }
    }

    /// Keeps only the features the machine still allows (after it refused
    /// one: [`super::probe::start`]).
    pub fn restrict(&mut self, allowed: &Features) {
        let f = &mut self.features;
        let a = allowed;
        f.userns &= a.userns;
        f.switch_uid &= a.switch_uid;
        f.pid &= a.pid;
        f.net &= a.net;
        f.ipc &= a.ipc;
        f.mount &= a.mount;
        f.read_only &= a.read_only;
        f.private_tmp &= a.private_tmp;
        f.cwd_overlay &= a.cwd_overlay;
        f.hide_run &= a.hide_run;
        f.hide_logs &= a.hide_logs;
        f.rlimits &= a.rlimits;
        f.nproc &= a.nproc;
        f.proc = match (f.proc, a.proc) {
            (ProcView::Host, _) | (_, ProcView::Host) => ProcView::Host,
            (ProcView::Hidden, _) | (_, ProcView::Hidden) => ProcView::Hidden,
            _ => ProcView::Fresh,
        };
        if !f.pid || !f.mount {
            f.proc = ProcView::Host;
        }
        if !f.mount {
            f.read_only = false;
            f.private_tmp = false;
            f.hide_run = false;
            f.hide_logs = false;
        }
        if !f.private_tmp {
            f.cwd_overlay = false;
        }
    }

    /// Goes on without its cgroup, which the kernel would not let its init
    /// join (`errno`); says so once.
    pub fn lose_cgroup(&mut self, errno: nix::errno::Errno) {
        self.features.cgroup = false;
        self.cgroup = None;
        let note = (
            Layer::Cgroup,
            format!(
                "no memory or process limit by cgroup: joining one was refused ({})",
                errno.desc()
            ),
        );
        super::probe::report_once(&super::probe::SandboxStatus {
            on: super::config::Layers::NONE,
            notes: vec![note.clone()],
        });
        self.notes.push(note);
    }

    /// The seat's uid and gid.
    pub fn ids(&self) -> (u32, u32) {
        self.ids
    }

    /// The limit the ended process reached, if one is known: from its
    /// status (SIGXCPU, SIGXFSZ), its CPU time (SIGKILL at the hard CPU
    /// limit), its cgroup's events (the OOM killer, a refused fork) and its
    /// init's look at the `tmpfs` (full). `by_referee`: the referee
    /// signalled it (a SIGKILL is then the referee's).
    pub fn limit_hit(
        &mut self,
        status: WaitStatus,
        report: Option<&JailReport>,
        by_referee: bool,
    ) -> Option<LimitHit> {
        let f = self.features;
        let l = self.limits;
        let events = self.cgroup_events();
        let cpu_hard = l.cpu_time.as_secs().max(1) + 1;
        match status {
            WaitStatus::Signaled(libc::SIGXCPU) if f.rlimits => {
                return Some(LimitHit::CpuTime(l.cpu_time));
            }
            WaitStatus::Signaled(libc::SIGXFSZ) if f.rlimits => {
                return Some(LimitHit::FileSize(l.file_size));
            }
            WaitStatus::Signaled(libc::SIGKILL) if !by_referee => {
                if events.oom_kills > 0 {
                    return Some(LimitHit::Memory(l.memory));
                }
                if f.rlimits && report.is_some_and(|r| r.cpu_us >= cpu_hard * 1_000_000) {
                    return Some(LimitHit::CpuTime(l.cpu_time));
                }
            }
            _ => {}
        }
        if events.oom_kills > 0 {
            Some(LimitHit::Memory(l.memory))
        } else if report.is_some_and(|r| r.disk_full) {
            Some(LimitHit::Disk(l.disk))
        } else if events.pids_refused > 0 {
            Some(LimitHit::Processes(l.processes))
        } else {
            None
        }
    }

    /// What the cgroups counted since the last look (nothing without one).
    fn cgroup_events(&mut self) -> Events {
        self.cgroup.as_mut().map(Cgroup::events).unwrap_or_default()
    }

    /// The plan of one start; `dry_run`: the player's process exits where
    /// it would exec. Also returns, for each op, the feature it belongs to
    /// (to turn off the right one when the op fails).
    pub fn plan(&self, dry_run: bool) -> std::io::Result<(JailPlan, Vec<Feature>)> {
        let f = &self.features;
        let mut b = Builder::default();
        if f.userns {
            let (uid, gid) = self.ids;
            b.op(
                Feature::User,
                Op::Write {
                    path: c("/proc/self/uid_map"),
                    data: format!("{uid} {uid} 1\n").into_bytes(),
                },
            );
            b.op(
                Feature::User,
                Op::Write {
                    path: c("/proc/self/setgroups"),
                    data: b"deny".to_vec(),
                },
            );
            b.op(
                Feature::User,
                Op::Write {
                    path: c("/proc/self/gid_map"),
                    data: format!("{gid} {gid} 1\n").into_bytes(),
                },
            );
        }
        let mut disk_slot = None;
        if f.mount {
            b.op(
                Feature::Mount,
                Op::Mount {
                    source: None,
                    target: c("/"),
                    fstype: None,
                    flags: libc::MS_REC | libc::MS_PRIVATE,
                    data: None,
                },
            );
            disk_slot = self.file_system(&mut b)?;
        }
        let mut rlimits = Vec::new();
        if f.rlimits {
            let l = &self.limits;
            let cpu = l.cpu_time.as_secs().max(1);
            let mut wanted = vec![
                (
                    libc::RLIMIT_AS as libc::c_int,
                    l.address_space,
                    l.address_space,
                ),
                (libc::RLIMIT_CPU as libc::c_int, cpu, cpu + 1),
                (
                    libc::RLIMIT_NOFILE as libc::c_int,
                    l.open_files,
                    l.open_files,
                ),
                (libc::RLIMIT_FSIZE as libc::c_int, l.file_size, l.file_size),
                (libc::RLIMIT_CORE as libc::c_int, 0, 0),
            ];
            if f.nproc {
                wanted.push((libc::RLIMIT_NPROC as libc::c_int, l.processes, l.processes));
            }
            for (r, soft, hard) in wanted {
                let cap = self
                    .hard
                    .iter()
                    .find(|(k, _)| *k == r)
                    .map_or(u64::MAX, |(_, h)| *h);
                rlimits.push((r, soft.min(cap), hard.min(cap)));
            }
        }
        let mut cgroups = Vec::new();
        for p in self.cgroup.iter().flat_map(Cgroup::procs) {
            cgroups.push(sys::open_write(&p)?);
        }
        let (ops, owners, reserved) = b.finish();
        Ok((
            JailPlan {
                flags: f.clone_flags(),
                drop_terminal: f.drop_terminal,
                ops,
                cgroups,
                disk_slot,
                _reserved: reserved,
                rlimits,
                ids: if f.switch_uid {
                    Ids::Switch(self.ids.0, self.ids.1)
                } else if self.rootless_root {
                    Ids::RootWithoutCapabilities {
                        last_cap: sys::last_capability(),
                    }
                } else {
                    Ids::Keep
                },
                no_new_privs: f.rlimits,
                dry_run,
                argv_area: sys::argv_area(),
            },
            owners,
        ))
    }

    /// The mounts of the file system layer; returns the slot of the
    /// `tmpfs`'s root.
    fn file_system(&self, b: &mut Builder) -> std::io::Result<Option<i32>> {
        let f = &self.features;
        let site = &self.site;
        let cwd = site.cwd.as_ref().filter(|_| f.cwd_overlay);
        // The lower layers, opened before anything covers them.
        let tmp_slot = if f.private_tmp {
            let slot = b.slot()?;
            b.op(
                Feature::PrivateTmp,
                Op::OpenDir {
                    path: c("/tmp"),
                    slot,
                },
            );
            Some(slot)
        } else {
            None
        };
        let cwd_slot = match cwd {
            Some(dir) => {
                let slot = b.slot()?;
                b.op(
                    Feature::CwdOverlay,
                    Op::OpenDir {
                        path: cpath(dir),
                        slot,
                    },
                );
                Some(slot)
            }
            None => None,
        };
        if f.read_only {
            b.op(
                Feature::ReadOnly,
                Op::SetAttr {
                    target: c("/"),
                    recursive: true,
                    set: MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID,
                },
            );
        }
        let mut disk_slot = None;
        if let Some(tmp_slot) = tmp_slot {
            let bytes = self.limits.disk;
            let inodes = (bytes / 1024).max(1024);
            b.op(
                Feature::PrivateTmp,
                Op::Mount {
                    source: Some(c("tmpfs")),
                    target: c("/tmp"),
                    fstype: Some(c("tmpfs")),
                    flags: libc::MS_NOSUID | libc::MS_NODEV,
                    data: Some(cstr(format!("size={bytes},nr_inodes={inodes},mode=0755"))),
                },
            );
            let disk = b.slot()?;
            disk_slot = Some(disk);
            b.op(
                Feature::PrivateTmp,
                Op::OpenDir {
                    path: c("/tmp"),
                    slot: disk,
                },
            );
            let owner = Some(self.ids);
            let dirs = [
                ("tu", 0o1777, owner),
                ("tw", 0o700, None),
                ("cu", site.cwd_mode, owner),
                ("cw", 0o700, None),
                ("shm", 0o1777, owner),
            ];
            for (name, mode, owner) in dirs {
                b.op(
                    Feature::PrivateTmp,
                    Op::Mkdir {
                        path: cstr(format!("/tmp/{name}")),
                        mode,
                        owner,
                    },
                );
            }
            let userxattr = if f.userns { ",userxattr" } else { "" };
            b.op(
                Feature::PrivateTmp,
                Op::Mount {
                    source: Some(c("overlay")),
                    target: c("/tmp"),
                    fstype: Some(c("overlay")),
                    flags: libc::MS_NOSUID | libc::MS_NODEV,
                    data: Some(cstr(format!(
                        "lowerdir=/proc/self/fd/{tmp_slot},upperdir=/tmp/tu,workdir=/tmp/tw{userxattr}"
                    ))),
                },
            );
            if let (Some(dir), Some(cwd_slot)) = (cwd, cwd_slot) {
                b.op(
                    Feature::CwdOverlay,
                    Op::Mount {
                        source: Some(c("overlay")),
                        target: cpath(dir),
                        fstype: Some(c("overlay")),
                        flags: libc::MS_NOSUID | libc::MS_NODEV,
                        data: Some(cstr(format!(
                            "lowerdir=/proc/self/fd/{cwd_slot},upperdir=/proc/self/fd/{disk}/cu,\
                             workdir=/proc/self/fd/{disk}/cw{userxattr}"
                        ))),
                    },
                );
            }
            if site.has_shm {
                b.op(
                    Feature::PrivateTmp,
                    Op::Mount {
                        source: Some(cstr(format!("/proc/self/fd/{disk}/shm"))),
                        target: c("/dev/shm"),
                        fstype: None,
                        flags: libc::MS_BIND,
                        data: None,
                    },
                );
            }
        }
        if f.hide_run && site.has_run {
            b.op(
                Feature::HideRun,
                Op::Mount {
                    source: Some(c("tmpfs")),
                    target: c("/run"),
                    fstype: Some(c("tmpfs")),
                    flags: libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC | libc::MS_RDONLY,
                    data: Some(c("size=4k,nr_inodes=16,mode=0755")),
                },
            );
        }
        match f.proc {
            ProcView::Host => {}
            ProcView::Fresh => b.op(
                Feature::Proc,
                Op::Mount {
                    source: Some(c("proc")),
                    target: c("/proc"),
                    fstype: Some(c("proc")),
                    flags: libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                    data: None,
                },
            ),
            ProcView::Hidden => b.op(
                Feature::Proc,
                Op::Mount {
                    source: Some(c("tmpfs")),
                    target: c("/proc"),
                    fstype: Some(c("tmpfs")),
                    flags: libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC | libc::MS_RDONLY,
                    data: Some(c("size=4k,nr_inodes=16,mode=0555")),
                },
            ),
        }
        if f.hide_logs {
            for file in &self.hide {
                b.op(
                    Feature::HideLogs,
                    Op::Mount {
                        source: Some(c("/dev/null")),
                        target: cpath(file),
                        fstype: None,
                        flags: libc::MS_BIND,
                        data: None,
                    },
                );
            }
        }
        if let Some(dir) = &site.cwd {
            b.op(Feature::Mount, Op::Chdir { path: cpath(dir) });
        }
        Ok(disk_slot)
    }
}

/// The first file `uid` and `gid` could not reach among what `program`
/// needs: the program (searched for in `PATH`), its `#!` interpreter, and
/// the files its arguments name; with the directory (or file) that stops
/// them. Approximate: mode bits only (no ACL), as the seat has no
/// supplementary group.
fn unreachable(program: &Program, uid: u32, gid: u32, site: &Site) -> Option<(PathBuf, PathBuf)> {
    let base = site.cwd.clone().unwrap_or_else(|| PathBuf::from("/"));
    let mut needed: Vec<(PathBuf, u32)> = Vec::new();
    if let Some(path) = crate::process::spawn::resolve(&program.path) {
        let path = std::path::absolute(base.join(path)).unwrap_or_default();
        // A script is read by its interpreter, which must run too.
        if let Some(interpreter) = interpreter_of(&path) {
            needed.push((path.clone(), 0o4));
            needed.push((interpreter, 0o1));
        } else {
            needed.push((path.clone(), 0o1));
        }
    }
    for arg in &program.args {
        let p = std::path::absolute(base.join(arg)).unwrap_or_default();
        if p.is_file() {
            needed.push((p, 0o4));
        }
    }
    needed
        .into_iter()
        .find_map(|(file, bits)| blocked(&file, bits, uid, gid).map(|b| (file, b)))
}

/// The `#!` interpreter of the file `path`, if it is a script.
fn interpreter_of(path: &Path) -> Option<PathBuf> {
    use std::io::Read;
    let mut head = [0u8; 256];
    let n = std::fs::File::open(path).ok()?.read(&mut head).ok()?;
    let line = head[..n].strip_prefix(b"#!")?;
    let line = line.split(|&b| b == b'\n').next()?;
    let word = line
        .split(|b| b.is_ascii_whitespace())
        .find(|w| !w.is_empty())?;
    Some(PathBuf::from(std::ffi::OsStr::from_bytes(word)))
}

/// The first directory on the way to `file` that `uid`/`gid` may not
/// search, or `file` itself if they lack `bits` (4 read, 1 execute) on it;
/// `None` if they reach it (or if it does not exist: exec will say so).
fn blocked(file: &Path, bits: u32, uid: u32, gid: u32) -> Option<PathBuf> {
    let may = |p: &Path, bits: u32| {
        std::fs::metadata(p).map_or(true, |m| {
            let mode = m.mode();
            let granted = if m.uid() == uid {
                mode >> 6
            } else if m.gid() == gid {
                mode >> 3
            } else {
                mode
            };
            granted & bits == bits
        })
    };
    let mut ways = vec![file.to_path_buf()];
    if let Ok(real) = std::fs::canonicalize(file) {
        ways.push(real);
    }
    for way in &ways {
        let mut dir = PathBuf::new();
        let parent = way.parent().unwrap_or(Path::new("/"));
        for part in parent.components() {
            dir.push(part);
            if !may(&dir, 0o1) {
                return Some(dir);
            }
        }
        if !may(way, bits) {
            return Some(way.clone());
        }
    }
    None
}

/// What each op is part of: the feature to turn off when it fails.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Feature {
    /// The user namespace's maps.
    User,
    /// The mount namespace itself.
    Mount,
    /// The private `tmpfs` and `/tmp`.
    PrivateTmp,
    /// The working directory's overlay.
    CwdOverlay,
    /// The read-only remount.
    ReadOnly,
    /// `/run` hidden.
    HideRun,
    /// The new `/proc`.
    Proc,
    /// The logs hidden.
    HideLogs,
}

/// The resources whose hard limits cap ours.
const RLIMITS: [libc::c_int; 6] = [
    libc::RLIMIT_AS as libc::c_int,
    libc::RLIMIT_CPU as libc::c_int,
    libc::RLIMIT_NOFILE as libc::c_int,
    libc::RLIMIT_FSIZE as libc::c_int,
    libc::RLIMIT_CORE as libc::c_int,
    libc::RLIMIT_NPROC as libc::c_int,
];

#[derive(Default)]
struct Builder {
    ops: Vec<Op>,
    owners: Vec<Feature>,
    reserved: Vec<OwnedFd>,
}

impl Builder {
    fn op(&mut self, owner: Feature, op: Op) {
        self.ops.push(op);
        self.owners.push(owner);
    }

    /// A descriptor number for an op to open a directory onto.
    fn slot(&mut self) -> std::io::Result<i32> {
        let fd = sys::reserve_fd()?;
        let n = fd.as_raw_fd();
        self.reserved.push(fd);
        Ok(n)
    }

    fn finish(self) -> (Vec<Op>, Vec<Feature>, Vec<OwnedFd>) {
        (self.ops, self.owners, self.reserved)
    }
}

/// A C string of a literal without NUL.
fn c(s: &str) -> CString {
    CString::new(s).expect("no NUL in a literal")
}

/// A C string of a formatted text without NUL.
fn cstr(s: String) -> CString {
    CString::new(s).expect("no NUL in a formatted path")
}

/// A path as a C string (a path from the OS holds no NUL).
fn cpath(p: &Path) -> CString {
    CString::new(p.as_os_str().as_bytes()).unwrap_or_else(|_| c("/nonexistent"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_directory_blocks_another_uid() {
        let dir = tempfile::tempdir().unwrap();
        let inner = dir.path().join("inner");
        std::fs::create_dir(&inner).unwrap();
        let prog = inner.join("prog");
        std::fs::write(&prog, "#!/bin/sh\n").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&prog, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(&inner, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let stranger = 0x7fff_0000;
        assert_eq!(blocked(&prog, 0o5, stranger, stranger), None);
        std::fs::set_permissions(&inner, std::fs::Permissions::from_mode(0o700)).unwrap();
        assert_eq!(blocked(&prog, 0o5, stranger, stranger), Some(inner.clone()));
        // Its owner is let through.
        let me = std::fs::metadata(&inner).unwrap().uid();
        assert_eq!(blocked(&prog, 0o5, me, me), None);
        assert_eq!(interpreter_of(&prog), Some(PathBuf::from("/bin/sh")));
        assert_eq!(interpreter_of(Path::new("/bin/sh")), None);
    }

    #[test]
    fn mountinfo_escapes_are_read() {
        assert_eq!(unescape_octal("/a\\040b"), "/a b");
        assert_eq!(unescape_octal("/plain"), "/plain");
        assert_eq!(unescape_octal("/end\\"), "/end\\");
    }
}
