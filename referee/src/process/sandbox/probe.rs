//! What this machine lets the sandbox do, learnt from the jails the
//! referee starts, and what is reported of it.
//!
//! Nothing is tried before the first player starts: the facts that need
//! no trial (root or not, the working directory, the cgroup hierarchies)
//! are read once, and every jail is built with all it may have. A start
//! the kernel refuses tells which part it refused (the step of the init's
//! set-up that failed, with its `errno`; or a refused `clone`, after which
//! each namespace is tried on its own): that part is turned off for this
//! and every later jail of the process, the user is told once which layer
//! is off and why, and the start is tried again. So a machine that allows
//! everything pays nothing for finding it out.

use std::collections::BTreeSet;
use std::fmt;
use std::io;
use std::os::fd::AsFd;
use std::sync::{Mutex, OnceLock};

use nix::errno::Errno;
use nix::libc;

use super::cgroup::Hierarchy;
use super::config::{Layer, Layers, Sandbox};
use super::jail::{Features, Jail, ProcView, Site, SysView};
use super::steps::Feature;
use super::sys::{self, Jailed};
use crate::process::sys::{ChildStage, ChildStdio, ExecPlan};

/// What the machine allows, as far as known, and why the rest is off.
#[derive(Debug)]
pub(crate) struct Machine {
    /// Facts about the working directory and the usual directories.
    pub site: Site,
    /// Where the players' cgroups are made, if anywhere.
    pub cgroups: Option<Hierarchy>,
    /// Whether the referee runs as root.
    root: bool,
    /// What the starts so far taught.
    learned: Mutex<Learned>,
}

#[derive(Clone, Debug)]
struct Learned {
    /// The features not refused so far.
    features: Features,
    /// For each feature refused: which layer it belongs to and why.
    refused: Vec<(Layer, String)>,
    /// Each namespace was tried on its own already.
    diagnosed: bool,
}

/// How each layer asked for fared, for the report and the verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SandboxStatus {
    /// The layers in effect, wholly or partly.
    pub on: Layers,
    /// What is off, layer by layer (a layer in `on` may still have a part
    /// off: a read-only working directory, say).
    pub notes: Vec<(Layer, String)>,
}

impl SandboxStatus {
    /// No sandbox.
    pub fn none() -> SandboxStatus {
        SandboxStatus {
            on: Layers::NONE,
            notes: Vec::new(),
        }
    }
}

impl fmt::Display for SandboxStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sandbox layers on: {}", self.on)?;
        for (layer, why) in &self.notes {
            write!(f, "; {layer}: {why}")?;
        }
        Ok(())
    }
}

static MACHINE: OnceLock<Machine> = OnceLock::new();

impl Machine {
    /// The machine, its facts read on first use.
    pub fn get() -> &'static Machine {
        MACHINE.get_or_init(Machine::read)
    }

    fn read() -> Machine {
        let root = sys::is_root();
        let site = Site::read();
        let mut refused = Vec::new();
        let kernel_files = site.cwd_outside_kernel_files;
        let mut f = Features {
            userns: !root,
            switch_uid: root,
            pid: true,
            net: true,
            ipc: true,
            mount: true,
            proc: ProcView::Fresh,
            proc_subset: true,
            read_only: true,
            private_tmp: site.has_tmp,
            cwd_overlay: site.has_tmp && site.cwd_overlay_refused.is_none(),
            hide_run: site.has_run,
            hide_logs: true,
            dev: kernel_files,
            sys: if kernel_files {
                SysView::Fresh
            } else {
                SysView::Host
            },
            reach: root,
            idmap: root,
            rlimits: true,
            nproc: true,
            cgroup: false,
            cgroup_ns: false,
            control: true,
            keyring: true,
            seccomp: super::seccomp::filter().is_some(),
            drop_terminal: true,
        };
        let cgroups = match Hierarchy::find() {
            Ok(h) => {
                f.cgroup = true;
                Some(h)
            }
            Err(why) => {
                refused.push((
                    Layer::Cgroup,
                    format!("no memory or process limit by cgroup: {why}"),
                ));
                None
            }
        };
        if !site.has_tmp {
            refused.push((
                Layer::Fs,
                "there is no /tmp: no private writable directory".into(),
            ));
        }
        if let Some(why) = &site.cwd_overlay_refused {
            refused.push((Layer::Fs, format!("{why}: it stays read-only")));
        }
        if !kernel_files {
            refused.push((
                Layer::Fs,
                "the working directory is under /dev, /proc or /sys: the machine's stay".into(),
            ));
        }
        if !f.seccomp {
            refused.push((
                Layer::Seccomp,
                "no filter for this architecture's system calls".into(),
            ));
        }
        f.cgroup_ns = f.cgroup;
        f.settle();
        Machine {
            site,
            cgroups,
            root,
            learned: Mutex::new(Learned {
                features: f,
                refused,
                diagnosed: false,
            }),
        }
    }

    fn learned(&self) -> std::sync::MutexGuard<'_, Learned> {
        self.learned.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The features not refused so far.
    pub fn features(&self) -> Features {
        self.learned().features
    }

    /// Learns from a start the kernel refused: turns off what it refused
    /// (and what depends on it), says so once. `false` if nothing could be
    /// turned off: the start cannot succeed.
    fn learn(&self, trouble: &Trouble) -> bool {
        let mut l = self.learned();
        let before = l.features;
        let mut notes = Vec::new();
        match trouble {
            Trouble::Step(feature, errno) => {
                notes.push(turn_off(&mut l.features, *feature, *errno));
            }
            Trouble::Stage(stage, errno) => {
                notes.extend(stage_off(&mut l.features, *stage, *errno));
            }
            Trouble::Clone if !l.diagnosed => {
                l.diagnosed = true;
                let root = self.root;
                diagnose_namespaces(&mut l.features, &mut notes, root);
            }
            Trouble::Clone => {}
        }
        l.features.settle();
        let changed = l.features != before;
        l.refused.extend(notes.iter().cloned());
        drop(l);
        report_once(&SandboxStatus {
            on: Layers::NONE,
            notes,
        });
        changed
    }

    /// The features in effect for the layers asked for, and the status to
    /// report. As root, a seat always runs as a uid of its own: the `user`
    /// layer comes with any other (no seat ever holds the machine's root).
    pub fn features_for(&self, asked: Layers, keep_terminal: bool) -> Features {
        let m = &self.features();
        let has = |l: Layer| asked.contains(l);
        let mut f = Features::NONE;
        if asked.is_empty() {
            return f;
        }
        f.userns = m.userns
            && (has(Layer::Pid)
                || has(Layer::Net)
                || has(Layer::Ipc)
                || has(Layer::Fs)
                || has(Layer::User));
        f.switch_uid = m.switch_uid;
        f.keyring = m.keyring && (has(Layer::User) || self.root);
        f.pid = m.pid && has(Layer::Pid);
        f.net = m.net && has(Layer::Net);
        f.ipc = m.ipc && has(Layer::Ipc);
        f.mount = m.mount && (has(Layer::Fs) || f.pid);
        f.proc = if f.pid && f.mount {
            m.proc
        } else {
            ProcView::Host
        };
        f.proc_subset = m.proc_subset;
        let fs = f.mount && has(Layer::Fs);
        f.read_only = m.read_only && fs;
        f.private_tmp = m.private_tmp && fs;
        f.cwd_overlay = m.cwd_overlay && f.private_tmp;
        f.hide_run = m.hide_run && fs;
        f.hide_logs = m.hide_logs && fs;
        f.dev = m.dev && fs;
        f.sys = if fs { m.sys } else { SysView::Host };
        f.reach = m.reach && fs;
        f.idmap = m.idmap;
        f.rlimits = m.rlimits && has(Layer::Limits);
        f.nproc = m.nproc && f.rlimits && (f.userns || f.switch_uid);
        f.cgroup = m.cgroup && has(Layer::Cgroup);
        f.cgroup_ns = m.cgroup_ns;
        f.control = m.control;
        f.seccomp = m.seccomp && has(Layer::Seccomp);
        f.drop_terminal = !keep_terminal;
        f.settle();
        f
    }

    /// The status of the layers `asked`, given the features in effect.
    pub fn status(&self, asked: Layers, f: &Features) -> SandboxStatus {
        let mut on = Layers::NONE;
        for (layer, is_on) in [
            (Layer::Pid, f.pid),
            (Layer::User, f.userns || f.switch_uid),
            (Layer::Net, f.net),
            (Layer::Ipc, f.ipc),
            (Layer::Fs, f.mount && (f.read_only || f.private_tmp)),
            (Layer::Limits, f.rlimits),
            (Layer::Cgroup, f.cgroup),
            (Layer::Seccomp, f.seccomp),
        ] {
            // As root the seat's uid comes with any layer, asked or not.
            let asked = asked.contains(layer) || (layer == Layer::User && f.switch_uid);
            if is_on && asked {
                on.insert(layer);
            }
        }
        let notes = self
            .learned()
            .refused
            .iter()
            .filter(|(l, _)| asked.contains(*l) || (*l == Layer::User && f.switch_uid))
            .cloned()
            .collect();
        SandboxStatus { on, notes }
    }
}

/// Finds which namespaces the kernel refuses, one clone each (a refused
/// clone does not say which flag it refused); turns them off.
fn diagnose_namespaces(f: &mut Features, refused: &mut Vec<(Layer, String)>, root: bool) {
    let base = if root { 0 } else { libc::CLONE_NEWUSER };
    if !root {
        if let Err(e) = try_flags(libc::CLONE_NEWUSER) {
            refused.push((
                Layer::User,
                format!("the kernel refuses user namespaces ({e}), and without root the other namespaces need one"),
            ));
            f.userns = false;
            for (layer, on) in [
                (Layer::Pid, &mut f.pid),
                (Layer::Net, &mut f.net),
                (Layer::Ipc, &mut f.ipc),
                (Layer::Fs, &mut f.mount),
            ] {
                *on = false;
                refused.push((layer, "needs a user namespace (not root)".into()));
            }
        }
    }
    for (layer, flag, name) in [
        (Layer::Pid, libc::CLONE_NEWPID, "PID"),
        (Layer::Net, libc::CLONE_NEWNET, "network"),
        (Layer::Ipc, libc::CLONE_NEWIPC, "IPC"),
        (Layer::Fs, libc::CLONE_NEWNS, "mount"),
    ] {
        let on = match layer {
            Layer::Pid => &mut f.pid,
            Layer::Net => &mut f.net,
            Layer::Ipc => &mut f.ipc,
            _ => &mut f.mount,
        };
        if !*on {
            continue;
        }
        if let Err(e) = try_flags(base | flag) {
            *on = false;
            refused.push((
                layer,
                format!("the kernel refuses a {name} namespace ({e})"),
            ));
        }
    }
    if !root && !f.userns {
        f.nproc = false;
        refused.push((
            Layer::Limits,
            "no process limit: the players would share the referee's uid".into(),
        ));
    }
}

/// Says once per process each thing about the sandbox that the user should
/// know (a layer off, and why).
pub(crate) fn report_once(status: &SandboxStatus) {
    static SAID: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    for (layer, why) in &status.notes {
        let line = format!("sandbox: {layer}: {why}");
        if said.insert(line.clone()) {
            log::warn!("{line}");
        }
    }
}

/// Turns off `feature` (and what depends on it); returns the layer and the
/// reason to report.
fn turn_off(f: &mut Features, feature: Feature, errno: Errno) -> (Layer, String) {
    let e = errno.desc();
    match feature {
        Feature::User => {
            f.userns = false;
            f.pid = false;
            f.net = false;
            f.ipc = false;
            f.mount = false;
            (
                Layer::User,
                format!("writing the user namespace's maps failed ({e}): no namespace at all"),
            )
        }
        Feature::Mount => lost(
            &mut f.mount,
            Layer::Fs,
            "the mount namespace cannot be set up",
            e,
        ),
        Feature::PrivateTmp => lost(
            &mut f.private_tmp,
            Layer::Fs,
            "no private writable /tmp or working directory: the tmpfs or its overlay was refused",
            e,
        ),
        Feature::CwdOverlay => lost(
            &mut f.cwd_overlay,
            Layer::Fs,
            "the working directory stays read-only: its overlay was refused",
            e,
        ),
        Feature::ReadOnly => lost(
            &mut f.read_only,
            Layer::Fs,
            "the file system stays writable: the read-only remount was refused",
            &format!("{e}; it needs Linux 5.12"),
        ),
        Feature::HideRun => lost(
            &mut f.hide_run,
            Layer::Fs,
            "/run stays visible: hiding it was refused",
            e,
        ),
        Feature::HideLogs => lost(
            &mut f.hide_logs,
            Layer::Fs,
            "the referee's logs stay readable: hiding them was refused",
            e,
        ),
        Feature::Dev => lost(
            &mut f.dev,
            Layer::Fs,
            "/dev stays the machine's (read-only, nodev): a /dev of its own was refused",
            e,
        ),
        Feature::Sys => {
            let (view, why) = match f.sys {
                SysView::Fresh => (
                    SysView::Empty,
                    "/sys is empty: a sysfs of its own was refused",
                ),
                _ => (
                    SysView::Host,
                    "/sys stays the machine's (read-only): hiding it was refused",
                ),
            };
            f.sys = view;
            (Layer::Fs, format!("{why} ({e})"))
        }
        Feature::CgroupView => lost(
            &mut f.cgroup_ns,
            Layer::Cgroup,
            "the players see no cgroup: mounting their own was refused",
            e,
        ),
        Feature::Idmap => lost(
            &mut f.idmap,
            Layer::User,
            "a directory closed to the seats' uids that holds what a program needs cannot be \
             shown to them: ID-mapped mounts were refused",
            e,
        ),
        Feature::Mask => lost(
            &mut f.reach,
            Layer::User,
            "a directory closed to the seats' uids on the way to what a program needs cannot \
             be shown to them: masking it was refused",
            e,
        ),
        Feature::Proc if f.proc_subset => lost(
            &mut f.proc_subset,
            Layer::Pid,
            "/proc shows the machine's files beside the jail's processes: \
             hidepid=invisible,subset=pid was refused",
            &format!("{e}; it needs Linux 5.8"),
        ),
        Feature::Proc => {
            let (view, why) = match f.proc {
                ProcView::Fresh => (
                    ProcView::Hidden,
                    "/proc is empty: a fresh /proc was refused",
                ),
                _ => (
                    ProcView::Host,
                    "/proc shows the machine's processes: hiding it was refused",
                ),
            };
            f.proc = view;
            (Layer::Pid, format!("{why} ({e})"))
        }
    }
}

/// Turns off what needs the fixed `stage` of the init's set-up that
/// failed; returns the layer and the reason to report, `None` for a stage
/// that nothing can do without.
fn stage_off(f: &mut Features, stage: ChildStage, errno: Errno) -> Option<(Layer, String)> {
    let e = errno.desc();
    Some(match stage {
        ChildStage::Limits | ChildStage::NoNewPrivs => {
            f.nproc = false;
            lost(
                &mut f.rlimits,
                Layer::Limits,
                "setting the limits failed",
                e,
            )
        }
        ChildStage::Seccomp => lost(
            &mut f.seccomp,
            Layer::Seccomp,
            "the kernel refused the filter",
            e,
        ),
        ChildStage::Keyring => lost(
            &mut f.keyring,
            Layer::User,
            "the players keep the referee's session keyring: a new one was refused",
            e,
        ),
        ChildStage::CgroupNamespace => lost(
            &mut f.cgroup_ns,
            Layer::Cgroup,
            "the players see no cgroup: a cgroup namespace was refused",
            e,
        ),
        ChildStage::Signals => lost(
            &mut f.control,
            Layer::Pid,
            "--no-ponder stops the player's process group only, and a missed deadline's kill \
             is timed to the jail's end: its init cannot take orders",
            e,
        ),
        _ => return None,
    })
}

/// Clears `flag`: the layer, and `why` with the error `e`.
fn lost(flag: &mut bool, layer: Layer, why: &str, e: &str) -> (Layer, String) {
    *flag = false;
    (layer, format!("{why} ({e})"))
}

/// Why a jail did not start.
#[derive(Debug)]
pub(crate) enum Trouble {
    /// An op of the plan failed.
    Step(Feature, Errno),
    /// A fixed stage failed.
    Stage(ChildStage, Errno),
    /// The clone itself was refused.
    Clone,
}

/// Starts `exec` in `jail`, learning from each refusal of the kernel and
/// trying again without what it refused ([`Machine`]). Returns the jail
/// started (its init runs: the program was exec'd, or its exec failed and
/// [`Jailed::failed`] says so) with the write end of its init's control
/// pipe, or what could not be helped: a system error, the step of the
/// set-up that failed with nothing left to turn off, with its description,
/// or a program the jail cannot show what it needs.
pub(crate) fn start(
    machine: &Machine,
    exec: &ExecPlan,
    jail: &mut Jail,
    stdio: &ChildStdio<'_>,
) -> Result<(Jailed, Option<std::os::fd::OwnedFd>), StartError> {
    for _ in 0..32 {
        if let Some(why) = jail.refusal() {
            return Err(StartError::Refused(why.to_owned()));
        }
        let planned = jail.plan(false).map_err(StartError::Os)?;
        let (plan, owners) = (&planned.plan, &planned.owners);
        let jailed = match sys::clone_exec(exec, plan, stdio) {
            Ok(j) => j,
            Err(e) if refused_clone(&e) && plan.flags != 0 => {
                if !machine.learn(&Trouble::Clone) {
                    return Err(StartError::Os(e));
                }
                jail.restrict(&machine.features());
                continue;
            }
            Err(e) => return Err(StartError::Os(e)),
        };
        let Some((stage, errno)) = jailed.failed else {
            return Ok((jailed, planned.control));
        };
        if stage == ChildStage::Exec {
            return Ok((jailed, planned.control));
        }
        // The init exits 127 after its report: reap it before trying again.
        let _ = crate::process::sys::reap(jailed.pid, true);
        let what = match stage {
            ChildStage::Step(i) => plan
                .ops
                .get(i as usize)
                .map_or_else(|| format!("{stage:?}"), |op| op.to_string()),
            other => format!("{other:?}"),
        };
        let learnt = match stage {
            ChildStage::Cgroup => {
                jail.lose_cgroup(errno);
                true
            }
            ChildStage::Step(i) => owners
                .get(i as usize)
                .is_some_and(|&f| machine.learn(&Trouble::Step(f, errno))),
            other => machine.learn(&Trouble::Stage(other, errno)),
        };
        if !learnt {
            return Err(StartError::Sandbox { what, errno });
        }
        jail.restrict(&machine.features());
    }
    Err(StartError::Os(io::Error::other(
        "the sandbox could not be set up after 32 tries",
    )))
}

/// What [`start`] could not help.
#[derive(Debug)]
pub(crate) enum StartError {
    /// A system error (a pipe, the clone).
    Os(io::Error),
    /// A step of the jail's set-up failed, and nothing is left to turn off.
    Sandbox {
        /// The step.
        what: String,
        /// The error.
        errno: Errno,
    },
    /// The jail cannot show its program what it needs: why, and what
    /// fixes it.
    Refused(String),
}

/// Whether a failed clone is the kernel refusing a namespace (rather than,
/// say, a lack of memory).
fn refused_clone(e: &io::Error) -> bool {
    matches!(
        e.raw_os_error(),
        Some(libc::EPERM | libc::EINVAL | libc::ENOSPC | libc::EUSERS | libc::EACCES)
    )
}

/// Clones a child with `flags` only, which exits at once.
fn try_flags(flags: libc::c_int) -> Result<(), String> {
    let mut f = Features::NONE;
    f.userns = flags & libc::CLONE_NEWUSER != 0;
    let jail = Jail::new(
        &Sandbox::default(),
        f,
        &Site::read(),
        31,
        Vec::new(),
        None,
        None,
    );
    let mut plan = jail.plan(true).map_err(|e| e.to_string())?.plan;
    plan.flags = flags;
    // The maps are not needed to exit.
    plan.ops.clear();
    let null = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .map_err(|e| e.to_string())?;
    let stdio = ChildStdio {
        stdin: null.as_fd(),
        stdout: null.as_fd(),
        stderr: null.as_fd(),
    };
    let exec = ExecPlan::new(
        std::ffi::CString::new("/bin/true").expect("no NUL"),
        Vec::new(),
        Vec::new(),
    );
    let jailed = sys::clone_exec(&exec, &plan, &stdio).map_err(|e| {
        e.raw_os_error()
            .map_or_else(|| e.to_string(), |n| Errno::from_raw(n).desc().to_owned())
    })?;
    let _ = crate::process::sys::reap(jailed.pid, true);
    match jailed.failed {
        None => Ok(()),
        Some((_, e)) => Err(e.desc().to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refused step turns its feature off for good, says why, and the
    /// start goes on without it.
    #[test]
    fn a_refused_step_is_learnt_and_the_start_goes_on() {
        let machine = Machine::read();
        let mut f = machine.features_for(Layers::all(), false);
        f.cgroup = false;
        assert!(f.hide_logs);
        // A "log" that is a directory (outside the private /tmp, where it
        // would not be seen): /dev/null cannot be bound on it.
        let mut jail = Jail::new(
            &Sandbox::default(),
            f,
            &machine.site,
            0,
            vec![std::path::PathBuf::from("/etc")],
            None,
            None,
        );
        let null = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/null")
            .unwrap();
        let stdio = ChildStdio {
            stdin: null.as_fd(),
            stdout: null.as_fd(),
            stderr: null.as_fd(),
        };
        let exec = ExecPlan::new(
            std::ffi::CString::new("/bin/true").unwrap(),
            vec![std::ffi::CString::new("true").unwrap()],
            Vec::new(),
        );
        let (jailed, _) = start(&machine, &exec, &mut jail, &stdio).expect("started without it");
        assert_eq!(jailed.failed, None);
        let _ = crate::process::sys::reap(jailed.pid, true);
        assert!(!jail.features.hide_logs);
        assert!(!machine.features().hide_logs);
        let status = machine.status(Layers::all(), &jail.features);
        assert!(
            status.notes.iter().any(|(l, why)| *l == Layer::Fs
                && why.contains("logs stay readable")
                && why.contains("Not a directory")),
            "{status}"
        );
        // The rest of the jail is still on.
        assert!(
            status.on.contains(Layer::Pid) && status.on.contains(Layer::Fs),
            "{status}"
        );
    }
}
