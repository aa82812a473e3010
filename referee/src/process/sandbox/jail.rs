//! One player's jail: the sandbox features in effect for it, its uid, its
//! environment, what it must be shown of the places it hides, and the plan
//! of each of its starts (the namespaces to clone, the mounts to make —
//! [`super::view`] —, the limits to set, the filter to install), written
//! before the clone.

use std::ffi::OsString;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use nix::libc;

use super::cgroup::{Cgroup, Events, Hierarchy, JailMount};
use super::config::{Layer, Sandbox};
use super::env::PrivateDirs;
use super::reach::{Need, Needed, Reach, Seat, Step};
use super::steps::{Builder, Feature, c};
use super::sys::{self, Ids, JailPlan, JailReport, Op};
use super::view::{self, View};
use crate::process::event::LimitHit;
use crate::process::spawn::Program;
use crate::process::sys::WaitStatus;

/// What `/proc` becomes in the jail.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ProcView {
    /// The machine's (no PID namespace, or no mount namespace).
    Host,
    /// A fresh, read-only `/proc` of the jail's PID namespace.
    Fresh,
    /// An empty directory (the kernel refused a fresh one: the machine's
    /// would show the other players' processes).
    Hidden,
}

/// What `/sys` becomes in the jail.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SysView {
    /// The machine's, read-only (no file system layer).
    Host,
    /// A fresh, read-only `sysfs` of the jail's network namespace, without
    /// the machine's cgroups.
    Fresh,
    /// An empty directory (the kernel refused a fresh one).
    Empty,
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
    /// The fresh `/proc` shows only the jail's processes, and no file of
    /// the machine's (`hidepid=invisible,subset=pid`, Linux 5.8).
    pub proc_subset: bool,
    /// Every mount made read-only, `nosuid` and `nodev`.
    pub read_only: bool,
    /// The private `tmpfs`: `/tmp` and `/var/tmp` of its own, `/dev/shm`.
    pub private_tmp: bool,
    /// An overlay on the working directory (writes land in the `tmpfs`).
    pub cwd_overlay: bool,
    /// `/run` hidden.
    pub hide_run: bool,
    /// The referee's log files hidden.
    pub hide_logs: bool,
    /// A minimal `/dev` of its own.
    pub dev: bool,
    /// `/sys` in the jail.
    pub sys: SysView,
    /// Directories closed to the seat masked, or bound with their owner
    /// mapped to the seat (as root: the seat has a uid of its own).
    pub reach: bool,
    /// ID-mapped binds (Linux 5.12, and a file system that has them).
    pub idmap: bool,
    /// Resource limits and `no_new_privs`.
    pub rlimits: bool,
    /// A process limit by `RLIMIT_NPROC` (only with a uid of its own).
    pub nproc: bool,
    /// A cgroup of its own.
    pub cgroup: bool,
    /// A cgroup namespace, its own cgroups under `/sys/fs/cgroup`.
    pub cgroup_ns: bool,
    /// The init obeys orders (stop, continue, kill the whole jail).
    pub control: bool,
    /// A session keyring of its own.
    pub keyring: bool,
    /// The seccomp filter.
    pub seccomp: bool,
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
        proc_subset: false,
        read_only: false,
        private_tmp: false,
        cwd_overlay: false,
        hide_run: false,
        hide_logs: false,
        dev: false,
        sys: SysView::Host,
        reach: false,
        idmap: false,
        rlimits: false,
        nproc: false,
        cgroup: false,
        cgroup_ns: false,
        control: false,
        keyring: false,
        seccomp: false,
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

    /// Keeps only what `allowed` also has.
    pub fn restrict(&mut self, allowed: &Features) {
        let a = allowed;
        for (mine, theirs) in [
            (&mut self.userns, a.userns),
            (&mut self.switch_uid, a.switch_uid),
            (&mut self.pid, a.pid),
            (&mut self.net, a.net),
            (&mut self.ipc, a.ipc),
            (&mut self.mount, a.mount),
            (&mut self.proc_subset, a.proc_subset),
            (&mut self.read_only, a.read_only),
            (&mut self.private_tmp, a.private_tmp),
            (&mut self.cwd_overlay, a.cwd_overlay),
            (&mut self.hide_run, a.hide_run),
            (&mut self.hide_logs, a.hide_logs),
            (&mut self.dev, a.dev),
            (&mut self.reach, a.reach),
            (&mut self.idmap, a.idmap),
            (&mut self.rlimits, a.rlimits),
            (&mut self.nproc, a.nproc),
            (&mut self.cgroup_ns, a.cgroup_ns),
            (&mut self.control, a.control),
            (&mut self.keyring, a.keyring),
            (&mut self.seccomp, a.seccomp),
        ] {
            *mine &= theirs;
        }
        self.proc = match (self.proc, a.proc) {
            (ProcView::Host, _) | (_, ProcView::Host) => ProcView::Host,
            (ProcView::Hidden, _) | (_, ProcView::Hidden) => ProcView::Hidden,
            _ => ProcView::Fresh,
        };
        self.sys = match (self.sys, a.sys) {
            (SysView::Host, _) | (_, SysView::Host) => SysView::Host,
            (SysView::Empty, _) | (_, SysView::Empty) => SysView::Empty,
            _ => SysView::Fresh,
        };
        self.settle();
    }

    /// Keeps the features consistent: what needs a turned-off feature goes
    /// too.
    pub fn settle(&mut self) {
        if !self.mount {
            self.read_only = false;
            self.private_tmp = false;
            self.hide_run = false;
            self.hide_logs = false;
            self.dev = false;
            self.sys = SysView::Host;
            self.reach = false;
            self.proc = ProcView::Host;
        }
        if !self.pid {
            self.proc = ProcView::Host;
            self.control = false;
        }
        if self.proc != ProcView::Fresh {
            self.proc_subset = false;
        }
        if !self.private_tmp {
            self.cwd_overlay = false;
        }
        if !self.reach {
            self.idmap = false;
        }
        if !self.cgroup || self.sys != SysView::Fresh {
            self.cgroup_ns = false;
        }
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
    /// Whether `/tmp`, `/var/tmp`, `/dev/shm` and `/run` are directories
    /// here (false too for one that holds the working directory).
    pub has_tmp: bool,
    /// As `has_tmp`.
    pub has_var_tmp: bool,
    /// As `has_tmp`.
    pub has_shm: bool,
    /// As `has_tmp`.
    pub has_run: bool,
    /// The working directory is under none of `/dev`, `/proc`, `/sys`,
    /// which the jail replaces.
    pub cwd_outside_kernel_files: bool,
}

impl Site {
    /// Reads the working directory and the mount table.
    pub fn read() -> Site {
        let cwd = std::env::current_dir().ok();
        // A directory itself, not a link to one: a mount on `/var/tmp`
        // linked to `/tmp` would cover `/tmp`.
        let is_dir = |p: &str| std::fs::symlink_metadata(p).is_ok_and(|m| m.is_dir());
        let under = |root: &str| cwd.as_ref().is_some_and(|c| c.starts_with(root));
        let cwd_mode = cwd
            .as_ref()
            .and_then(|c| std::fs::metadata(c).ok())
            .map_or(0o755, |m| m.mode() & 0o7777);
        let cwd_overlay_refused = match &cwd {
            None => Some("the working directory cannot be read".to_owned()),
            Some(c) if c == Path::new("/") => Some("the working directory is /".to_owned()),
            Some(c) if c == Path::new("/tmp") || c == Path::new("/var/tmp") => Some(format!(
                "the working directory is {}, which is private to each player",
                c.display()
            )),
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
            has_var_tmp: is_dir("/var/tmp"),
            has_shm: is_dir("/dev/shm") && !under("/dev/shm"),
            has_run: is_dir("/run") && !under("/run"),
            cwd_outside_kernel_files: !(under("/dev") || under("/proc") || under("/sys")),
            cwd,
        }
    }

    /// The places hidden whole when the jail has a private `/tmp`.
    fn hidden(&self) -> Vec<PathBuf> {
        let mut h = vec![PathBuf::from("/tmp")];
        if self.has_var_tmp {
            h.push(PathBuf::from("/var/tmp"));
        }
        h
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
        if b[i] == b'\\' && b[i + 1..].len() >= 3 {
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
    /// The seat's uid and gid (as root), or the referee's.
    ids: (u32, u32),
    /// What the user should know of this jail (a cgroup that could not be
    /// made), layer by layer.
    pub notes: Vec<(Layer, String)>,
    /// Why the jail cannot run its program, if it cannot: the game is
    /// refused before it starts.
    refusal: Option<String>,
    site: Site,
    /// Files to hide from the player (the referee's logs of the game).
    hide: Vec<PathBuf>,
    /// Current hard limits, which a limit cannot exceed (raising them
    /// takes `CAP_SYS_RESOURCE`).
    hard: Vec<(libc::c_int, u64)>,
    /// Its cgroups, if it has some.
    cgroup: Option<Cgroup>,
    /// What its cgroup namespace mounts under `/sys/fs/cgroup`.
    cgroup_mounts: Vec<JailMount>,
    /// What it must be shown of the places it hides.
    reach: Reach,
    /// The user namespaces of its ID-mapped binds, by owner.
    idmaps: Vec<((u32, u32), OwnedFd)>,
    /// Its home in its private `/tmp`.
    home: Option<PathBuf>,
    /// Its seat, for messages.
    seat: usize,
    /// Its program, if known, and the sandbox asked (limits, environment,
    /// binds): what it needs is worked out again when a feature is lost.
    program: Option<Program>,
    sandbox: Sandbox,
}

impl Jail {
    /// The jail of `seat` with these features, to run `program` (if
    /// known: what it needs of the places the jail hides is shown to it).
    /// `terminal`: the seat keeps the referee's terminal (a person plays).
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
        features.settle();
        let ids = if features.switch_uid {
            let u = sandbox.seat_uid(std::process::id(), seat);
            (u, u)
        } else {
            sys::effective_ids()
        };
        let hard = RLIMITS
            .iter()
            .map(|&r| (r, sys::getrlimit(r).map_or(u64::MAX, |(_, h)| h)))
            .collect();
        let mut jail = Jail {
            features,
            ids,
            notes,
            refusal: None,
            site: site.clone(),
            hide,
            hard,
            cgroup_mounts: match (&cgroup, cgroups) {
                (Some(_), Some(h)) => h.jail_mounts(),
                _ => Vec::new(),
            },
            cgroup,
            reach: Reach::default(),
            idmaps: Vec::new(),
            home: None,
            seat,
            program: program.cloned(),
            sandbox: sandbox.clone(),
        };
        jail.refusal = jail.find_reach().err();
        jail
    }

    /// Works out what the program needs of the places the jail hides, and
    /// the user namespaces of its ID-mapped binds; or why it cannot be
    /// shown.
    fn find_reach(&mut self) -> Result<(), String> {
        let f = self.features;
        let seat = self.seat;
        let needs = needs(
            self.program.as_ref(),
            &self.site,
            f.cwd_overlay,
            &self.sandbox,
        );
        let hidden = if f.private_tmp {
            self.site.hidden()
        } else {
            Vec::new()
        };
        let as_seat = f.switch_uid.then_some(Seat {
            uid: self.ids.0,
            gid: self.ids.1,
        });
        let uid = self.ids.0;
        let reach = Reach::plan(&hidden, as_seat, &needs).map_err(|u| {
            format!(
                "seat {seat} runs as uid {uid}, which cannot reach {}: {}",
                u.needed.display(),
                u.why
            )
        })?;
        let closed = |want_owner: bool| {
            reach.steps.iter().find_map(|s| match s {
                Step::Bind {
                    path,
                    owner: Some(_),
                    ..
                } if want_owner => Some(path.clone()),
                Step::Mask { path } if !want_owner => Some(path.clone()),
                _ => None,
            })
        };
        let refuse = |dir: PathBuf, why: &str| {
            format!(
                "seat {seat} runs as uid {uid}, which cannot search {} (closed to others), and \
                 {why}: chmod o+x {}, or run the program from a directory others can reach",
                dir.display(),
                dir.display()
            )
        };
        if let Some(dir) = closed(false).filter(|_| !f.reach) {
            return Err(refuse(dir, "the sandbox cannot show it here (no fs layer)"));
        }
        if let Some(dir) = closed(true).filter(|_| !f.idmap) {
            return Err(refuse(
                dir,
                "this machine refuses ID-mapped mounts (docs/referee.md, \"The players' files\")",
            ));
        }
        for step in &reach.steps {
            if let Step::Bind {
                owner: Some(owner), ..
            } = step
            {
                if self.idmaps.iter().any(|(o, _)| o == owner) {
                    continue;
                }
                let (uid_map, gid_map) = (
                    format!("{} {} 1\n", owner.0, self.ids.0),
                    format!("{} {} 1\n", owner.1, self.ids.1),
                );
                match sys::idmap_userns(&uid_map, &gid_map) {
                    Ok(fd) => self.idmaps.push((*owner, fd)),
                    Err(e) => {
                        return Err(format!(
                            "seat {seat}: the user namespace of an ID-mapped bind could not be \
                             made ({e})"
                        ));
                    }
                }
            }
        }
        if f.private_tmp {
            let home = (0..10)
                .map(|i| match i {
                    0 => PathBuf::from("/tmp/home"),
                    i => PathBuf::from(format!("/tmp/home-{i}")),
                })
                .find(|p| !reach.shows(p));
            self.home = home;
        }
        self.reach = reach;
        Ok(())
    }

    /// Keeps only the features the machine still allows (after it refused
    /// one: [`super::probe::start`]), and says whether its program can
    /// still be shown what it needs.
    pub fn restrict(&mut self, allowed: &Features) {
        let before = self.features;
        self.features.restrict(allowed);
        if self.features != before {
            self.refusal = self.find_reach().err();
        }
    }

    /// Why its program cannot run in it, if it cannot: the game is refused
    /// before it starts.
    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    /// Goes on without its cgroup, which the kernel would not let its init
    /// join (`errno`); says so once.
    pub fn lose_cgroup(&mut self, errno: nix::errno::Errno) {
        self.features.cgroup = false;
        self.features.settle();
        self.cgroup = None;
        self.cgroup_mounts.clear();
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

    /// The environment of its player, from the referee's. A JVM learns
    /// the memory limit from its cgroup files, which a `/proc` of the
    /// jail's processes only (`subset=pid`) hides from it (`/proc/cgroups`):
    /// with a memory limit by cgroup, a Java player is told it through
    /// `JAVA_TOOL_OPTIONS=-XX:MaxRAM=BYTES` (its heap then defaults to a
    /// quarter of it, as in any container), unless the variable is set.
    pub fn env(
        &self,
        referee: impl IntoIterator<Item = (OsString, OsString)>,
    ) -> Vec<(OsString, OsString)> {
        let private = self.home.as_ref().map(|h| PrivateDirs {
            home: h.clone().into_os_string(),
            tmp: "/tmp".into(),
        });
        let mut env = self.sandbox.env.apply(referee, private.as_ref());
        let java = OsString::from("JAVA_TOOL_OPTIONS");
        if self.features.cgroup && self.features.proc_subset && !env.iter().any(|(k, _)| *k == java)
        {
            env.push((
                java,
                format!("-XX:MaxRAM={}", self.sandbox.limits.memory).into(),
            ));
        }
        env
    }

    /// A meter of the CPU time of all its processes, from its cgroup;
    /// `None` without one, or without a counter in it.
    pub fn cpu_meter(&self) -> Option<crate::process::cpu::CpuMeter> {
        self.cgroup.as_ref().and_then(Cgroup::cpu_meter)
    }

    /// Whether its cgroup can freeze it whole.
    pub fn can_freeze(&self) -> bool {
        self.cgroup.as_ref().is_some_and(Cgroup::can_freeze)
    }

    /// Freezes or thaws it whole ([`Cgroup::freeze`]).
    pub fn freeze(&mut self, on: bool) -> std::io::Result<()> {
        match self.cgroup.as_mut() {
            Some(cg) => cg.freeze(on),
            None => Err(std::io::Error::from(std::io::ErrorKind::Unsupported)),
        }
    }

    /// Whether it was last frozen.
    pub fn is_frozen(&self) -> bool {
        self.cgroup.as_ref().is_some_and(Cgroup::is_frozen)
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
        let l = self.sandbox.limits;
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
    /// (to turn off the right one when the op fails), and the write end of
    /// the init's control pipe if it has one.
    pub fn plan(&self, dry_run: bool) -> std::io::Result<Planned> {
        let f = &self.features;
        let mut b = Builder::default();
        if f.userns {
            let (uid, gid) = self.ids;
            for (file, data) in [
                ("/proc/self/uid_map", format!("{uid} {uid} 1\n")),
                ("/proc/self/setgroups", "deny".to_owned()),
                ("/proc/self/gid_map", format!("{gid} {gid} 1\n")),
            ] {
                b.op(
                    Feature::User,
                    Op::Write {
                        path: c(file),
                        data: data.into_bytes(),
                    },
                );
            }
        }
        let ops_before_cgroup = b.len();
        let mut disk_slot = None;
        if f.mount {
            let idmaps: Vec<((u32, u32), i32)> = self
                .idmaps
                .iter()
                .map(|(o, fd)| (*o, fd.as_raw_fd()))
                .collect();
            disk_slot = view::plan(
                &mut b,
                &View {
                    features: f,
                    site: &self.site,
                    ids: self.ids,
                    disk: self.sandbox.limits.disk,
                    hide: &self.hide,
                    reach: &self.reach,
                    idmaps: &idmaps,
                    home: self.home.as_deref(),
                    cgroups: &self.cgroup_mounts,
                    // A seat that keeps the terminal has its tty.
                    terminal: !f.drop_terminal,
                },
            )?;
        }
        let mut cgroups = Vec::new();
        for p in self.cgroup.iter().flat_map(Cgroup::procs) {
            cgroups.push(sys::open_write(&p)?);
        }
        let (control, control_w) = if f.control {
            let (r, w) = crate::process::sys::pipe()?;
            crate::process::sys::set_nonblocking(std::os::fd::AsFd::as_fd(&w))?;
            let raw = r.as_raw_fd();
            b.hold(r);
            (Some(raw), Some(w))
        } else {
            (None, None)
        };
        let (ops, owners, reserved) = b.finish();
        Ok(Planned {
            plan: JailPlan {
                flags: f.clone_flags(),
                drop_terminal: f.drop_terminal,
                ops,
                ops_before_cgroup,
                cgroups,
                cgroup_ns: f.cgroup_ns,
                disk_slot,
                control,
                _reserved: reserved,
                rlimits: self.rlimits(),
                ids: if f.switch_uid {
                    Ids::Switch(self.ids.0, self.ids.1)
                } else {
                    Ids::Keep
                },
                keyring: f.keyring,
                no_new_privs: f.rlimits || f.seccomp,
                seccomp: super::seccomp::filter().filter(|_| f.seccomp),
                dry_run,
                argv_area: sys::argv_area(),
            },
            owners,
            control: control_w,
        })
    }

    /// `(resource, soft, hard)` of each limit, none above the referee's
    /// own hard limit.
    fn rlimits(&self) -> Vec<(libc::c_int, u64, u64)> {
        let f = &self.features;
        if !f.rlimits {
            return Vec::new();
        }
        let l = &self.sandbox.limits;
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
        wanted
            .into_iter()
            .map(|(r, soft, hard)| {
                let cap = self
                    .hard
                    .iter()
                    .find(|(k, _)| *k == r)
                    .map_or(u64::MAX, |(_, h)| *h);
                (r, soft.min(cap), hard.min(cap))
            })
            .collect()
    }
}

/// A start's plan, the feature of each of its ops, and the write end of
/// its init's control pipe.
pub(crate) struct Planned {
    /// The plan.
    pub plan: JailPlan,
    /// The feature of each op.
    pub owners: Vec<Feature>,
    /// The referee's end of the control pipe ([`sys::Order`]).
    pub control: Option<OwnedFd>,
}

/// What `program` needs of the machine's files: the program (searched for
/// in `PATH`), its `#!` interpreter, the files and directories its
/// arguments name, the working directory, the directories of
/// `--sandbox-bind`.
fn needs(program: Option<&Program>, site: &Site, overlay: bool, sandbox: &Sandbox) -> Vec<Need> {
    let base = site.cwd.clone().unwrap_or_else(|| PathBuf::from("/"));
    let abs = |p: &Path| std::path::absolute(base.join(p)).unwrap_or_default();
    let mut needs = Vec::new();
    if let Some(dir) = &site.cwd {
        needs.push(Need {
            path: dir.clone(),
            what: Needed::WorkDir { overlay },
        });
    }
    for bind in &sandbox.binds {
        needs.push(Need {
            path: abs(&bind.path),
            what: Needed::Dir {
                writable: bind.writable,
            },
        });
    }
    let Some(program) = program else {
        return needs;
    };
    if let Some(path) = crate::process::spawn::resolve(&program.path) {
        let path = abs(&path);
        // A script is read by its interpreter, which must run too, and so
        // must the program `#!/usr/bin/env NAME` finds in PATH.
        if let Some(words) = shebang(&path) {
            needs.push(Need {
                path: path.clone(),
                what: Needed::File(0o4),
            });
            for interpreter in interpreters(&words) {
                needs.push(Need {
                    path: interpreter,
                    what: Needed::File(0o1),
                });
            }
        } else {
            needs.push(Need {
                path,
                what: Needed::File(0o1),
            });
        }
    }
    for arg in &program.args {
        let p = abs(Path::new(arg));
        match std::fs::metadata(&p) {
            Ok(m) if m.is_file() => needs.push(Need {
                path: p,
                what: Needed::File(0o4),
            }),
            Ok(m) if m.is_dir() => needs.push(Need {
                path: p,
                what: Needed::Dir { writable: false },
            }),
            _ => {}
        }
    }
    needs
}

/// The words of the `#!` line of the file `path`, if it is a script.
fn shebang(path: &Path) -> Option<Vec<OsString>> {
    use std::io::Read;
    let mut head = [0u8; 256];
    let n = std::fs::File::open(path).ok()?.read(&mut head).ok()?;
    let line = head[..n].strip_prefix(b"#!")?;
    let line = line.split(|&b| b == b'\n').next()?;
    let words: Vec<OsString> = line
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| std::ffi::OsStr::from_bytes(w).to_owned())
        .collect();
    (!words.is_empty()).then_some(words)
}

/// The programs a `#!` line runs: its interpreter and, for `env`, the
/// program it looks up in `PATH` (its first word that is neither an
/// option nor an assignment).
fn interpreters(words: &[OsString]) -> Vec<PathBuf> {
    let Some(first) = words.first() else {
        return Vec::new();
    };
    let interpreter = PathBuf::from(first);
    let mut out = vec![interpreter.clone()];
    if interpreter.file_name().is_some_and(|n| n == "env") {
        let named = words[1..]
            .iter()
            .flat_map(|w| w.as_bytes().split(|b| b.is_ascii_whitespace()))
            .find(|w| !w.is_empty() && !w.starts_with(b"-") && !w.contains(&b'='));
        if let Some(found) =
            named.and_then(|n| crate::process::spawn::resolve(std::ffi::OsStr::from_bytes(n)))
        {
            out.push(found);
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scripts_interpreters_are_read_from_its_first_line() {
        let (_dir, prog) = crate::testing::temp_file("prog", "#!/bin/sh -e\necho\n");
        let words = shebang(&prog).unwrap();
        assert_eq!(interpreters(&words), [PathBuf::from("/bin/sh")]);
        assert_eq!(shebang(Path::new("/bin/sh")), None);
        // `env` runs what it finds in PATH (`sh` is in every PATH).
        let words: Vec<OsString> = ["/usr/bin/env", "-S", "A=1", "sh", "-e"]
            .iter()
            .map(OsString::from)
            .collect();
        let found = interpreters(&words);
        assert_eq!(found[0], PathBuf::from("/usr/bin/env"));
        assert!(found[1].ends_with("sh"), "{found:?}");
    }

    #[test]
    fn mountinfo_escapes_are_read() {
        assert_eq!(unescape_octal("/a\\040b"), "/a b");
        assert_eq!(unescape_octal("/plain"), "/plain");
        assert_eq!(unescape_octal("/end\\"), "/end\\");
    }

    #[test]
    fn features_stay_consistent() {
        let mut f = Features {
            mount: false,
            proc: ProcView::Fresh,
            proc_subset: true,
            dev: true,
            reach: true,
            idmap: true,
            sys: SysView::Fresh,
            cgroup: true,
            cgroup_ns: true,
            pid: true,
            control: true,
            ..Features::NONE
        };
        f.settle();
        assert_eq!(f.proc, ProcView::Host);
        assert!(!f.proc_subset && !f.dev && !f.reach && !f.idmap && !f.cgroup_ns);
        assert!(f.control, "orders need a PID namespace only");
        f.pid = false;
        f.settle();
        assert!(!f.control);
    }
}
