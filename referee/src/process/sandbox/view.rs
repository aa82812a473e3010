//! The player's view of the file system (its mount namespace), as the
//! steps of its init's set-up, in order:
//!
//! - the files the later steps bind, opened before anything covers them;
//! - every mount read-only, `nosuid` and `nodev`
//!   (`mount_setattr(AT_RECURSIVE)`);
//! - a `tmpfs` of `disk` bytes, its own, holding every byte it writes:
//!   its `/tmp` and `/var/tmp` (private and empty but for what its program
//!   needs, [`super::reach`]), the upper layer of an overlay on the
//!   working directory (the same path as the referee's, its files below),
//!   its `/dev/shm` and its home;
//! - the directories closed to the seat on the way to what it needs,
//!   masked or bound with their owner mapped ([`super::reach`]);
//! - a `/dev` of its own: `null`, `zero`, `full`, `random`, `urandom`, a
//!   private `devpts` instance (at most [`PTYS`] terminals), `tty` only for
//!   a seat that keeps the terminal, the usual links;
//! - `/run` empty (no socket of the machine's services); a read-only
//!   `/proc` of its own PID namespace showing only its processes
//!   (`hidepid=invisible,subset=pid`); a read-only `/sys` of its own
//!   network namespace, with only its own cgroups under `/sys/fs/cgroup`
//!   (in its cgroup namespace); the referee's logs of this game empty.
//!
//! When the jail's last process ends, the `tmpfs` goes with it: nothing of
//! what the player wrote is left.

use std::os::fd::RawFd;
use std::path::{Path, PathBuf};

use nix::libc;

use super::cgroup::JailMount;
use super::jail::{Features, ProcView, Site, SysView};
use super::reach::{Reach, Step};
use super::steps::{Builder, Feature, c, cpath, cstr};
use super::sys::{MOUNT_ATTR_NODEV, MOUNT_ATTR_NOSUID, MOUNT_ATTR_RDONLY, Op};

/// The flags of the mounts a player may only read and run nothing from:
/// `/run`, `/proc`, `/sys` and its cgroups.
const SEALED: libc::c_ulong = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC | libc::MS_RDONLY;

/// The most pseudo-terminals one jail's `devpts` hands out.
pub(crate) const PTYS: u32 = 16;

/// The devices of a jail's `/dev`.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// What one jail's view is made from.
pub(crate) struct View<'a> {
    /// The features in effect.
    pub features: &'a Features,
    /// The working directory and the usual places.
    pub site: &'a Site,
    /// The seat's uid and gid, owner of its private directories.
    pub ids: (u32, u32),
    /// The size of its `tmpfs`.
    pub disk: u64,
    /// Files to show empty (the referee's logs of the game).
    pub hide: &'a [PathBuf],
    /// What it must be shown of the places it hides.
    pub reach: &'a Reach,
    /// For each owner an ID-mapped bind shows as the seat's, the user
    /// namespace that maps it.
    pub idmaps: &'a [((u32, u32), RawFd)],
    /// Its home, in its private `/tmp`.
    pub home: Option<&'a Path>,
    /// The cgroup file systems to mount under `/sys/fs/cgroup`.
    pub cgroups: &'a [JailMount],
    /// It keeps the referee's terminal: its `/dev` has `tty`.
    pub terminal: bool,
}

/// Adds the steps of the mount namespace; returns the slot of the
/// `tmpfs`'s root.
pub(crate) fn plan(b: &mut Builder, v: &View<'_>) -> std::io::Result<Option<RawFd>> {
    let f = v.features;
    b.op(
        Feature::Mount,
        mount(None, c("/"), None, libc::MS_REC | libc::MS_PRIVATE, None),
    );
    // What later steps bind, opened before anything covers it.
    let cwd = v.site.cwd.as_ref().filter(|_| f.cwd_overlay);
    let cwd_slot = match cwd {
        Some(dir) => Some(open(b, Feature::CwdOverlay, dir, true)?),
        None => None,
    };
    let mut binds = Vec::new();
    for step in &v.reach.steps {
        if let Step::Bind { path, dir, .. } = step {
            binds.push(open(b, owner_of(v.reach, step), path, *dir)?);
        }
    }
    let mut devices = Vec::new();
    if f.dev {
        let mut names: Vec<&str> = DEVICES.to_vec();
        if v.terminal {
            names.push("tty");
        }
        for name in names {
            let path = PathBuf::from(format!("/dev/{name}"));
            if path.exists() {
                devices.push((name, open(b, Feature::Dev, &path, false)?));
            }
        }
    }
    if f.read_only {
        b.op(
            Feature::ReadOnly,
            Op::SetAttr {
                target: c("/"),
                recursive: true,
                set: MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
                clear: 0,
            },
        );
    }
    let disk = if f.private_tmp {
        Some(private_tmp(b, v)?)
    } else {
        None
    };
    reach(b, v, &binds);
    if let (Some(dir), Some(lower), Some(disk)) = (cwd, cwd_slot, disk) {
        let userxattr = if f.userns { ",userxattr" } else { "" };
        b.op(
            Feature::CwdOverlay,
            mount(
                Some(c("overlay")),
                cpath(dir),
                Some("overlay"),
                libc::MS_NOSUID | libc::MS_NODEV,
                Some(format!(
                    "lowerdir=/proc/self/fd/{lower},upperdir=/proc/self/fd/{disk}/cu,\
                     workdir=/proc/self/fd/{disk}/cw{userxattr}"
                )),
            ),
        );
    }
    if f.dev {
        dev(b, &devices, disk);
    } else if let (Some(disk), true) = (disk, v.site.has_shm) {
        b.op(
            Feature::PrivateTmp,
            bind(&format!("/proc/self/fd/{disk}/shm"), c("/dev/shm")),
        );
    }
    if f.hide_run && v.site.has_run {
        b.op(
            Feature::HideRun,
            tmpfs(c("/run"), SEALED, "size=4k,nr_inodes=16,mode=0755".into()),
        );
    }
    match f.proc {
        ProcView::Host => {}
        ProcView::Fresh => b.op(
            Feature::Proc,
            mount(
                Some(c("proc")),
                c("/proc"),
                Some("proc"),
                SEALED,
                f.proc_subset
                    .then(|| "hidepid=invisible,subset=pid".to_owned()),
            ),
        ),
        ProcView::Hidden => b.op(Feature::Proc, hidden(c("/proc"))),
    }
    match f.sys {
        SysView::Host => {}
        SysView::Fresh => {
            b.op(
                Feature::Sys,
                mount(Some(c("sysfs")), c("/sys"), Some("sysfs"), SEALED, None),
            );
            if f.cgroup_ns {
                cgroup_view(b, v.cgroups);
            }
        }
        SysView::Empty => b.op(Feature::Sys, hidden(c("/sys"))),
    }
    if f.hide_logs {
        for file in v.hide {
            b.op(
                Feature::HideLogs,
                Op::Mount {
                    source: Some(c("/dev/null")),
                    target: cpath(file),
                    fstype: None,
                    flags: libc::MS_BIND,
                    data: None,
                    // A log under a hidden place is not seen anyway.
                    if_exists: true,
                },
            );
        }
    }
    if let Some(dir) = &v.site.cwd {
        b.op(Feature::Mount, Op::Chdir { path: cpath(dir) });
    }
    Ok(disk)
}

/// Opens `path` onto a new slot.
fn open(b: &mut Builder, owner: Feature, path: &Path, dir: bool) -> std::io::Result<RawFd> {
    let slot = b.slot()?;
    b.op(
        owner,
        Op::Open {
            path: cpath(path),
            slot,
            dir,
        },
    );
    Ok(slot)
}

/// The private `tmpfs` on `/tmp`, its directories, `/tmp` and `/var/tmp`
/// bound from it; returns the slot of its root.
fn private_tmp(b: &mut Builder, v: &View<'_>) -> std::io::Result<RawFd> {
    let bytes = v.disk;
    let inodes = (bytes / 1024).max(1024);
    b.op(
        Feature::PrivateTmp,
        tmpfs(
            c("/tmp"),
            libc::MS_NOSUID | libc::MS_NODEV,
            format!("size={bytes},nr_inodes={inodes},mode=0755"),
        ),
    );
    let disk = b.slot()?;
    b.op(
        Feature::PrivateTmp,
        Op::Open {
            path: c("/tmp"),
            slot: disk,
            dir: true,
        },
    );
    let seat = Some(v.ids);
    let mut dirs = vec![
        ("/tmp/tmp".to_owned(), 0o1777, seat),
        ("/tmp/var".to_owned(), 0o1777, seat),
        ("/tmp/cu".to_owned(), v.site.cwd_mode, seat),
        ("/tmp/cw".to_owned(), 0o700, None),
        ("/tmp/shm".to_owned(), 0o1777, seat),
    ];
    if let Some(home) = v.home {
        dirs.push((format!("/tmp/tmp/{}", tail(home)), 0o700, seat));
    }
    for (path, mode, owner) in dirs {
        b.op(
            Feature::PrivateTmp,
            Op::Mkdir {
                path: cstr(path),
                mode,
                owner,
            },
        );
    }
    b.op(
        Feature::PrivateTmp,
        bind(&format!("/proc/self/fd/{disk}/tmp"), c("/tmp")),
    );
    if v.site.has_var_tmp {
        b.op(
            Feature::PrivateTmp,
            bind(&format!("/proc/self/fd/{disk}/var"), c("/var/tmp")),
        );
    }
    Ok(disk)
}

/// The name of `home` in `/tmp`.
fn tail(home: &Path) -> String {
    home.file_name()
        .map_or_else(|| "home".into(), |n| n.to_string_lossy().into_owned())
}

/// The steps of [`Reach`]: mount points, links, masks and binds, then the
/// masks made read-only. `slots` holds each bind's source, in order.
fn reach(b: &mut Builder, v: &View<'_>, slots: &[RawFd]) {
    let mut slots = slots.iter();
    let mut masks = Vec::new();
    for step in &v.reach.steps {
        let owner = owner_of(v.reach, step);
        match step {
            Step::Point { path, dir: true } => b.op(
                owner,
                Op::Mkdir {
                    path: cpath(path),
                    mode: 0o755,
                    owner: None,
                },
            ),
            Step::Point { path, dir: false } => b.op(owner, Op::MakeFile { path: cpath(path) }),
            Step::Link { path, target } => b.op(
                owner,
                Op::Symlink {
                    target: cpath(target),
                    path: cpath(path),
                },
            ),
            Step::Mask { path } => {
                masks.push(path);
                b.op(
                    owner,
                    tmpfs(
                        cpath(path),
                        libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                        "size=64k,nr_inodes=256,mode=0755".into(),
                    ),
                );
            }
            Step::Bind {
                path,
                writable,
                owner: mapped,
                ..
            } => {
                let slot = *slots.next().expect("a slot per bind");
                let userns =
                    mapped.and_then(|o| v.idmaps.iter().find(|(k, _)| *k == o).map(|(_, fd)| *fd));
                match userns {
                    Some(userns) => b.op(
                        owner,
                        Op::IdmapBind {
                            slot,
                            target: cpath(path),
                            userns,
                        },
                    ),
                    None => b.op(owner, bind(&format!("/proc/self/fd/{slot}"), cpath(path))),
                }
                let (set, clear) = if *writable {
                    (MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV, MOUNT_ATTR_RDONLY)
                } else {
                    (MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV, 0)
                };
                b.op(
                    owner,
                    Op::SetAttr {
                        target: cpath(path),
                        recursive: false,
                        set,
                        clear,
                    },
                );
            }
        }
    }
    for path in masks {
        b.op(
            Feature::Mask,
            Op::SetAttr {
                target: cpath(path),
                recursive: false,
                set: MOUNT_ATTR_RDONLY,
                clear: 0,
            },
        );
    }
}

/// The feature a step of [`Reach`] belongs to: showing a directory closed
/// to the seat, or what lies in the private `/tmp` and `/var/tmp`.
fn owner_of(reach: &Reach, step: &Step) -> Feature {
    let in_mask = |p: &Path| {
        reach
            .steps
            .iter()
            .any(|s| matches!(s, Step::Mask { path } if p.parent() == Some(path.as_path())))
    };
    match step {
        Step::Bind { owner: Some(_), .. } => Feature::Idmap,
        Step::Mask { .. } => Feature::Mask,
        Step::Point { path, .. } | Step::Link { path, .. } | Step::Bind { path, .. }
            if in_mask(path) =>
        {
            Feature::Mask
        }
        _ => Feature::PrivateTmp,
    }
}

/// A `/dev` of its own: a `tmpfs` holding the devices bound from the
/// machine's (`slots`), a private `devpts`, its `/dev/shm` from the disk.
fn dev(b: &mut Builder, devices: &[(&str, RawFd)], disk: Option<RawFd>) {
    b.op(
        Feature::Dev,
        tmpfs(
            c("/dev"),
            libc::MS_NOSUID | libc::MS_NOEXEC,
            "size=64k,nr_inodes=64,mode=0755".into(),
        ),
    );
    for (name, _) in devices {
        b.op(
            Feature::Dev,
            Op::MakeFile {
                path: cstr(format!("/dev/{name}")),
            },
        );
    }
    for (dir, mode) in [("/dev/pts", 0o755), ("/dev/shm", 0o1777)] {
        b.op(
            Feature::Dev,
            Op::Mkdir {
                path: c(dir),
                mode,
                owner: None,
            },
        );
    }
    for (name, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
        ("ptmx", "pts/ptmx"),
    ] {
        b.op(
            Feature::Dev,
            Op::Symlink {
                target: c(target),
                path: cstr(format!("/dev/{name}")),
            },
        );
    }
    for (name, slot) in devices {
        let path = format!("/dev/{name}");
        b.op(
            Feature::Dev,
            bind(&format!("/proc/self/fd/{slot}"), cstr(path.clone())),
        );
        // Bound from the machine's /dev, made nodev (and read-only) above.
        b.op(
            Feature::Dev,
            Op::SetAttr {
                target: cstr(path),
                recursive: false,
                set: MOUNT_ATTR_NOSUID,
                clear: MOUNT_ATTR_NODEV | MOUNT_ATTR_RDONLY,
            },
        );
    }
    b.op(
        Feature::Dev,
        mount(
            Some(c("devpts")),
            c("/dev/pts"),
            Some("devpts"),
            libc::MS_NOSUID | libc::MS_NOEXEC,
            Some(format!("newinstance,ptmxmode=0666,mode=0620,max={PTYS}")),
        ),
    );
    if let Some(disk) = disk {
        b.op(
            Feature::Dev,
            bind(&format!("/proc/self/fd/{disk}/shm"), c("/dev/shm")),
        );
    }
    b.op(
        Feature::Dev,
        Op::SetAttr {
            target: c("/dev"),
            recursive: false,
            set: MOUNT_ATTR_RDONLY,
            clear: 0,
        },
    );
}

/// Its own cgroups under `/sys/fs/cgroup`, read-only: in its cgroup
/// namespace each hierarchy's root is its cgroup.
fn cgroup_view(b: &mut Builder, mounts: &[JailMount]) {
    let v1 = mounts.iter().any(|m| !m.dir.is_empty());
    if v1 {
        b.op(
            Feature::CgroupView,
            tmpfs(
                c("/sys/fs/cgroup"),
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                "size=4k,nr_inodes=16,mode=0755".into(),
            ),
        );
    }
    for m in mounts {
        let target = if m.dir.is_empty() {
            "/sys/fs/cgroup".to_owned()
        } else {
            format!("/sys/fs/cgroup/{}", m.dir)
        };
        if !m.dir.is_empty() {
            b.op(
                Feature::CgroupView,
                Op::Mkdir {
                    path: cstr(target.clone()),
                    mode: 0o755,
                    owner: None,
                },
            );
        }
        b.op(
            Feature::CgroupView,
            mount(
                Some(c("cgroup")),
                cstr(target),
                Some(m.fstype),
                SEALED,
                m.controller.map(str::to_owned),
            ),
        );
    }
    if v1 {
        b.op(
            Feature::CgroupView,
            Op::SetAttr {
                target: c("/sys/fs/cgroup"),
                recursive: false,
                set: MOUNT_ATTR_RDONLY,
                clear: 0,
            },
        );
    }
}

fn mount(
    source: Option<std::ffi::CString>,
    target: std::ffi::CString,
    fstype: Option<&str>,
    flags: libc::c_ulong,
    data: Option<String>,
) -> Op {
    Op::Mount {
        source,
        target,
        fstype: fstype.map(c),
        flags,
        data: data.map(cstr),
        if_exists: false,
    }
}

/// A `tmpfs` on `target`, with `flags` and the options `data`.
fn tmpfs(target: std::ffi::CString, flags: libc::c_ulong, data: String) -> Op {
    mount(Some(c("tmpfs")), target, Some("tmpfs"), flags, Some(data))
}

/// An empty, read-only `tmpfs` on `target`: what was there is hidden.
fn hidden(target: std::ffi::CString) -> Op {
    tmpfs(target, SEALED, "size=4k,nr_inodes=16,mode=0555".into())
}

fn bind(source: &str, target: std::ffi::CString) -> Op {
    mount(
        Some(cstr(source.to_owned())),
        target,
        None,
        libc::MS_BIND,
        None,
    )
}
