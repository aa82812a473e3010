//! Figure 4: the referee's peak resident memory.
//!
//! `wait4`'s `ru_maxrss` would not do: it is the largest of the process
//! and of every descendant it reaped, and the referee reaps the players.
//! So the referee is traced (`PTRACE_SEIZE` with `PTRACE_O_TRACEEXIT`,
//! nothing else: its children are not traced) and stopped at its exit,
//! before its memory is released, where `VmHWM` of `/proc/PID/status` is
//! its own peak resident set. Signals it receives meanwhile are passed on
//! at once.

use std::io::Read;
use std::process::{Command, Stdio};

use anyhow::{Context, bail};
use bench::stats::Summary;
use nix::sys::ptrace;
use nix::sys::wait::{WaitStatus, waitpid};
use nix::unistd::Pid;
use referee_schema::{Reason, Summary as Verdict};

use crate::tools::{self, Player, Tools};

/// One measured case.
pub struct Case {
    /// What the referee ran.
    pub name: &'static str,
    /// Its peak RSS, KiB.
    pub kib: Summary,
}

/// The figures of the memory benchmark.
pub struct Memory {
    /// Every case; empty if tracing is not permitted here.
    pub cases: Vec<Case>,
    /// Why nothing could be measured, if so.
    pub not_measured: Option<String>,
}

/// This process may not trace its children (a container without ptrace):
/// an environmental limit, reported as such rather than as a failure.
#[derive(Debug)]
struct NotPermitted(nix::errno::Errno);

impl std::fmt::Display for NotPermitted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "tracing the referee is not permitted here ({}): no peak RSS",
            self.0
        )
    }
}

impl std::error::Error for NotPermitted {}

impl Memory {
    /// The figures, one per line.
    pub fn lines(&self) -> Vec<String> {
        if let Some(why) = &self.not_measured {
            return vec![why.clone()];
        }
        let mut out = vec![format!(
            "peak RSS of the referee process (VmHWM at its exit), {} runs each",
            self.cases[0].kib.len()
        )];
        for c in &self.cases {
            out.push(format!("  {:<44} {} KiB", c.name, c.kib.display(0)));
        }
        out
    }
}

/// Runs `cmd` (a referee) to its end under the tracer; returns its peak
/// RSS in KiB and its standard output. It must exit 0.
pub fn peak_rss(cmd: &mut Command) -> anyhow::Result<(u64, Vec<u8>)> {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .with_context(|| format!("cannot run {}", tools::show(cmd)))?;
    let pid = Pid::from_raw(child.id() as i32);
    let seized = ptrace::seize(pid, ptrace::Options::PTRACE_O_TRACEEXIT);
    // Read the pipes meanwhile: the child must never block on them.
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        stdout.read_to_end(&mut v).map(|_| v)
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        stderr.read_to_end(&mut v).map(|_| v)
    });
    if let Err(e) = seized {
        // Reap it before giving up (std's handle would not).
        let _ = child.wait();
        return Err(NotPermitted(e).into());
    }
    let mut peak = None;
    let status = loop {
        match waitpid(pid, None).context("waiting for the referee")? {
            WaitStatus::PtraceEvent(_, _, ev) if ev == ptrace::Event::PTRACE_EVENT_EXIT as i32 => {
                peak = Some(vm_hwm(pid)?);
                ptrace::cont(pid, None).context("resuming the referee")?;
            }
            WaitStatus::PtraceEvent(..) => {
                ptrace::cont(pid, None).context("resuming the referee")?;
            }
            // A signal on its way to the referee (SIGCHLD…): deliver it.
            WaitStatus::Stopped(_, sig) => {
                ptrace::cont(pid, sig).context("resuming the referee")?;
            }
            end @ (WaitStatus::Exited(..) | WaitStatus::Signaled(..)) => break end,
            _ => {}
        }
    };
    let out = out.join().expect("reader").context("reading its output")?;
    let err = err.join().expect("reader").context("reading its errors")?;
    if status != WaitStatus::Exited(pid, 0) {
        bail!(
            "{} ended with {status:?}: {}",
            tools::show(cmd),
            String::from_utf8_lossy(&err).trim()
        );
    }
    let peak = peak.context("the referee's exit was not seen")?;
    Ok((peak, out))
}

/// `VmHWM` of a process, KiB.
fn vm_hwm(pid: Pid) -> anyhow::Result<u64> {
    let path = format!("/proc/{pid}/status");
    let status = std::fs::read_to_string(&path).with_context(|| format!("reading {path}"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().strip_suffix("kB"))
        .and_then(|v| v.trim().parse().ok())
        .with_context(|| format!("no VmHWM in {path}"))
}

/// Runs one case `runs` times; `check` validates each report.
fn case(
    tools: &Tools,
    name: &'static str,
    runs: usize,
    players: [&Player; 2],
    check: impl Fn(&Verdict) -> bool,
) -> anyhow::Result<Case> {
    let mut kib = Vec::new();
    for _ in 0..runs {
        let (peak, out) = peak_rss(&mut tools.referee(0, &[], players))?;
        let report = tools::summary(&out)?;
        if !check(&report) {
            bail!("{name}: unexpected game: {}", report.to_json());
        }
        kib.push(peak as f64);
    }
    Ok(Case {
        name,
        kib: Summary::new(kib),
    })
}

/// Runs the benchmark.
pub fn measure(tools: &Tools, runs: usize) -> anyhow::Result<Memory> {
    let player = tools.player_path();
    let random = |seed: &str| Player::new(player, &["--strategy", "random", "--seed", seed]);
    let shuffler = Player::new(&tools.bin("shuffler"), &[]);
    let flood = Player::new(
        &tools.bin("faulty-player"),
        &["--mode", "flood-stdout", "--at", "1"],
    );
    let measured = (|| -> anyhow::Result<Vec<Case>> {
        Ok(vec![
            case(
                tools,
                "normal game (random players)",
                runs,
                [&random("1"), &random("2")],
                |r| r.result.is_some(),
            )?,
            case(
                tools,
                "longest default game (2000 moves, shufflers)",
                runs,
                [&shuffler, &shuffler],
                |r| r.reason.as_str() == "turn_limit",
            )?,
            case(
                tools,
                "100 MB without a newline on stdout",
                runs,
                [&flood, &random("2")],
                |r| {
                    r.reason == Reason::IllegalMove
                        && r.players.first().is_some_and(|p| p.illegal_moves == 1)
                },
            )?,
        ])
    })();
    match measured {
        Ok(cases) => Ok(Memory {
            cases,
            not_measured: None,
        }),
        Err(e) => match e.downcast_ref::<NotPermitted>() {
            Some(np) => Ok(Memory {
                cases: Vec::new(),
                not_measured: Some(np.to_string()),
            }),
            None => Err(e),
        },
    }
}
