//! What this machine lets the sandbox do, found once per process by trying
//! it (a jail whose player exits at once), and what is reported of it.
//!
//! A refused part is turned off, with the kernel's answer as its reason,
//! and the rest is tried again; the user is told once per process which
//! layer is off (or only partly on) and why.

use std::collections::BTreeSet;
use std::fmt;
use std::os::fd::AsFd;
use std::sync::{Mutex, OnceLock};

use nix::errno::Errno;
use nix::libc;

use super::cgroup::Hierarchy;
use super::config::{Layer, Layers, Sandbox};
use super::jail::{Feature, Features, Jail, ProcView, Site};
use super::sys;
use crate::process::sys::{ChildStage, ChildStdio};

/// What the machine allows, and why the rest is off.
#[derive(Clone, Debug)]
pub(crate) struct Machine {
    /// The features that work here (all of them asked for).
    pub features: Features,
    /// For each feature the machine refused: which layer it belongs to and why.
    pub refused: Vec<(Layer, String)>,
    /// Facts about the working directory and the usual directories.
    pub site: Site,
    /// Where the players' cgroups are made, if anywhere.
    pub cgroups: Option<Hierarchy>,
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
    /// The machine, probed on first use.
    pub fn get() -> &'static Machine {
        MACHINE.get_or_init(|| {
            let start = std::time::Instant::now();
            let m = Machine::probe();
            log::debug!("sandbox: probed the machine in {:?}", start.elapsed());
            m
        })
    }

    fn probe() -> Machine {
        let root = sys::is_root();
        let site = Site::read();
        let mut refused = Vec::new();
        let mut f = Features {
            userns: !root,
            switch_uid: root,
            pid: true,
            net: true,
            ipc: true,
            mount: true,
            proc: ProcView::Fresh,
            read_only: true,
            private_tmp: site.has_tmp,
            cwd_overlay: site.has_tmp && site.cwd_overlay_refused.is_none(),
            hide_run: site.has_run,
            hide_logs: true,
            rlimits: true,
            nproc: true,
            cgroup: false,
            new_session: true,
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
        settle(&mut f);
        // The whole jail, part by part (its cgroup aside: making and
        // joining one costs a cgroup migration, tens of ms on a loaded
        // machine; a refused join is met at the first real start, which
        // then goes on without it).
        let mut diagnosed = false;
        for _ in 0..32 {
            let mut trial = f;
            trial.cgroup = false;
            let jail = Jail::new(&Sandbox::default(), trial, &site, 31, Vec::new(), None, None);
            match try_jail(&jail) {
                Ok(()) => break,
                Err(Trouble::Step(feature, errno)) => {
                    let (layer, why) = turn_off(&mut f, feature, errno);
                    refused.push((layer, why));
                }
                Err(Trouble::Stage(stage, errno)) => {
                    let (layer, why) = match stage {
                        ChildStage::Limits | ChildStage::NoNewPrivs => {
                            f.rlimits = false;
                            f.nproc = false;
                            (
                                Layer::Limits,
                                format!("setting the limits failed ({})", errno.desc()),
                            )
                        }
                        ChildStage::Ids => {
                            f.switch_uid = false;
                            (
                                Layer::User,
                                format!("taking a seat's uid failed ({})", errno.desc()),
                            )
                        }
                        ChildStage::Cgroup => {
                            f.cgroup = false;
                            (
                                Layer::Cgroup,
                                format!("joining a cgroup failed ({})", errno.desc()),
                            )
                        }
                        other => {
                            // Nothing of the jail works here.
                            f = Features::NONE;
                            let why = format!(
                                "the sandbox cannot start a process here ({other:?}: {})",
                                errno.desc()
                            );
                            for l in Layer::ALL {
                                refused.push((l, why.clone()));
                            }
                            break;
                        }
                    };
                    refused.push((layer, why));
                }
                Err(Trouble::Os(_)) if !diagnosed && f.clone_flags() != 0 => {
                    diagnosed = true;
                    diagnose_namespaces(&mut f, &mut refused, root);
                }
                Err(Trouble::Os(e)) => {
                    f = Features::NONE;
                    let why = format!("the sandbox cannot start a process here ({e})");
                    for l in Layer::ALL {
                        refused.push((l, why.clone()));
                    }
                    break;
                }
            }
            settle(&mut f);
        }
        Machine {
            features: f,
            refused,
            site,
            cgroups,
        }
    }

    /// The features in effect for the layers asked for, and the status to
    /// report.
    pub fn features_for(&self, asked: Layers, keep_terminal: bool) -> Features {
        let m = &self.features;
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
        f.switch_uid = m.switch_uid && has(Layer::User);
        f.pid = m.pid && has(Layer::Pid);
        f.net = m.net && has(Layer::Net);
        f.ipc = m.ipc && has(Layer::Ipc);
        f.mount = m.mount && (has(Layer::Fs) || f.pid);
        f.proc = if f.pid && f.mount {
            m.proc
        } else {
            ProcView::Host
        };
        let fs = f.mount && has(Layer::Fs);
        f.read_only = m.read_only && fs;
        f.private_tmp = m.private_tmp && fs;
        f.cwd_overlay = m.cwd_overlay && f.private_tmp;
        f.hide_run = m.hide_run && fs;
        f.hide_logs = m.hide_logs && fs;
        f.rlimits = m.rlimits && has(Layer::Limits);
        f.nproc = m.nproc && f.rlimits && (f.userns || f.switch_uid);
        f.cgroup = m.cgroup && has(Layer::Cgroup);
        f.new_session = !keep_terminal;
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
        ] {
            if is_on && asked.contains(layer) {
                on.insert(layer);
            }
        }
        let notes = self
            .refused
            .iter()
            .filter(|(l, _)| asked.contains(*l))
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
        Feature::Mount => {
            f.mount = false;
            (
                Layer::Fs,
                format!("the mount namespace cannot be set up ({e})"),
            )
        }
        Feature::PrivateTmp => {
            f.private_tmp = false;
            (
                Layer::Fs,
                format!(
                    "no private writable /tmp or working directory: the tmpfs or its overlay was refused ({e})"
                ),
            )
        }
        Feature::CwdOverlay => {
            f.cwd_overlay = false;
            (
                Layer::Fs,
                format!("the working directory stays read-only: its overlay was refused ({e})"),
            )
        }
        Feature::ReadOnly => {
            f.read_only = false;
            (
                Layer::Fs,
                format!(
                    "the file system stays writable: the read-only remount was refused ({e}; it needs Linux 5.12)"
                ),
            )
        }
        Feature::HideRun => {
            f.hide_run = false;
            (
                Layer::Fs,
                format!("/run stays visible: hiding it was refused ({e})"),
            )
        }
        Feature::HideLogs => {
            f.hide_logs = false;
            (
                Layer::Fs,
                format!("the referee's logs stay readable: hiding them was refused ({e})"),
            )
        }
        Feature::Proc => match f.proc {
            ProcView::Fresh => {
                f.proc = ProcView::Hidden;
                (
                    Layer::Pid,
                    format!("/proc is empty: a fresh /proc was refused ({e})"),
                )
            }
            _ => {
                f.proc = ProcView::Host;
                (
                    Layer::Pid,
                    format!("/proc shows the machine's processes: hiding it was refused ({e})"),
                )
            }
        },
    }
}

/// Keeps the features consistent: what needs a turned-off feature goes too.
fn settle(f: &mut Features) {
    if !f.mount {
        f.read_only = false;
        f.private_tmp = false;
        f.hide_run = false;
        f.hide_logs = false;
        f.proc = ProcView::Host;
    }
    if !f.pid {
        f.proc = ProcView::Host;
    }
    if !f.private_tmp {
        f.cwd_overlay = false;
    }
}

enum Trouble {
    /// An op of the plan failed.
    Step(Feature, Errno),
    /// A fixed stage failed.
    Stage(ChildStage, Errno),
    /// The clone itself, or a pipe, failed.
    Os(std::io::Error),
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
    let (mut plan, _) = jail.plan(true).map_err(|e| e.to_string())?;
    plan.flags = flags;
    // The maps are not needed to exit.
    plan.ops.clear();
    run(&plan).map_err(|t| match t {
        Trouble::Os(e) => e
            .raw_os_error()
            .map_or_else(|| e.to_string(), |n| Errno::from_raw(n).desc().to_owned()),
        Trouble::Step(_, e) | Trouble::Stage(_, e) => e.desc().to_owned(),
    })
}

/// Starts `jail` as a dry run.
fn try_jail(jail: &Jail) -> Result<(), Trouble> {
    let (plan, owners) = jail.plan(true).map_err(Trouble::Os)?;
    run(&plan).map_err(|t| match t {
        Trouble::Stage(ChildStage::Step(i), e) => Trouble::Step(owners[i as usize], e),
        other => other,
    })
}

fn run(plan: &sys::JailPlan) -> Result<(), Trouble> {
    let null = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .map_err(Trouble::Os)?;
    let stdio = ChildStdio {
        stdin: null.as_fd(),
        stdout: null.as_fd(),
        stderr: null.as_fd(),
    };
    let exec = crate::process::sys::ExecPlan::new(
        std::ffi::CString::new("/bin/true").expect("no NUL"),
        Vec::new(),
        Vec::new(),
    );
    let jailed = sys::clone_exec(&exec, plan, &stdio).map_err(Trouble::Os)?;
    let _ = crate::process::sys::reap(jailed.pid, true);
    match jailed.failed {
        None => Ok(()),
        Some((stage, errno)) => Err(Trouble::Stage(stage, errno)),
    }
}
