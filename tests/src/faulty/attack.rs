//! The attacks of a cheating player on its opponent, the referee and the
//! machine — what the referee's sandbox must stop. Each reports what it
//! did on stderr as `@attack MODE: ...` lines (the referee logs stderr),
//! then the player plays on if it still can.
//!
//! The attacks aim at siblings (processes with our parent: the opponent,
//! when the referee runs players without a sandbox) and at pid 1, never at
//! everything visible: run without a sandbox, they must not touch the
//! machine's other processes. `kill -1` runs only inside a jail.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::os::unix::fs::OpenOptionsExt;
use std::time::Duration;

use super::mode::Mode;
use super::sys;

/// Writes one report line on stderr.
fn report(mode: Mode, text: &str) {
    let name = format!("{mode:?}");
    let line = format!("@attack {name}: {text}\n");
    let _ = sys::write_stderr(line.as_bytes());
}

/// The pids `/proc` shows.
fn visible_pids() -> Vec<i32> {
    let mut pids: Vec<i32> = std::fs::read_dir("/proc")
        .map(|d| {
            d.flatten()
                .filter_map(|e| e.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    pids.sort_unstable();
    pids
}

/// The parent pid of `pid`, from `/proc/PID/stat`.
fn parent_of(pid: i32) -> Option<i32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat[stat.rfind(')')? + 1..]
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// The targets: our siblings (the opponent without a sandbox) and pid 1
/// (the init of a jail, or the machine's — which the attacks below only
/// read or trace, never kill).
fn targets() -> (Vec<i32>, Vec<i32>) {
    let me = std::process::id() as i32;
    let parent = parent_of(me);
    let siblings = visible_pids()
        .into_iter()
        .filter(|&p| p != me && parent.is_some() && parent_of(p) == parent)
        .collect();
    (siblings, vec![1])
}

/// Whether we run in a jail of the referee: the first process of a PID
/// namespace of our own, forked by its init (pid 1). On the machine, pid 2
/// is the kernel's thread maker, never a child of init in user space.
fn in_jail() -> bool {
    std::process::id() == 2 && nix::unistd::getppid().as_raw() == 1
}

/// Runs the attack of `mode`; `connect` lists the addresses the network
/// attack tries.
pub fn run(mode: Mode, connect: &[SocketAddr]) {
    use std::os::unix::fs::MetadataExt;
    // /proc/self belongs to our effective uid.
    if let Ok(m) = std::fs::metadata("/proc/self") {
        report(mode, &format!("uid {}", m.uid()));
    }
    match mode {
        Mode::KillSiblings => kill_siblings(mode),
        Mode::ReadSiblings => read_siblings(mode),
        Mode::PtraceSiblings => ptrace_siblings(mode),
        Mode::ForkBomb => fork_bomb(mode),
        Mode::MemoryHog => memory_hog(mode),
        Mode::FillDisk => fill_disk(mode),
        Mode::BigFile => big_file(mode),
        Mode::Connect => connect_out(mode, connect),
        Mode::Plant => plant(mode),
        Mode::KillAll => kill_all(mode),
        _ => {}
    }
}

fn kill_siblings(mode: Mode) {
    let (siblings, _) = targets();
    report(mode, &format!("siblings {siblings:?}"));
    for pid in siblings {
        let r = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        );
        report(mode, &format!("SIGKILL to {pid}: {r:?}"));
    }
}

fn read_siblings(mode: Mode) {
    let (siblings, init) = targets();
    let mut stolen = 0;
    for pid in siblings.iter().chain(&init) {
        // Its stdin's pipe: what the referee tells it (the hidden setup's
        // answers, the opponent's moves)...
        match std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(nix::libc::O_NONBLOCK)
            .open(format!("/proc/{pid}/fd/0"))
        {
            Ok(mut f) => {
                let mut buf = [0u8; 4096];
                let n = f.read(&mut buf).unwrap_or(0);
                stolen += n;
                report(mode, &format!("opened stdin of {pid}, read {n} bytes"));
            }
            Err(e) => report(mode, &format!("stdin of {pid}: {e}")),
        }
        // ... and its stdout's: a forged reply in its name.
        match std::fs::OpenOptions::new()
            .write(true)
            .open(format!("/proc/{pid}/fd/1"))
        {
            Ok(mut f) => {
                let r = f.write_all(b"A0\nN\n1\n");
                report(mode, &format!("opened stdout of {pid}, wrote: {r:?}"));
            }
            Err(e) => report(mode, &format!("stdout of {pid}: {e}")),
        }
    }
    report(mode, &format!("stolen {stolen} bytes"));
}

fn ptrace_siblings(mode: Mode) {
    let (siblings, init) = targets();
    for pid in siblings.iter().chain(&init) {
        match sys::ptrace_attach(*pid) {
            Ok(()) => report(mode, &format!("attached to {pid}")),
            Err(e) => report(mode, &format!("attach to {pid}: {e}")),
        }
    }
}

fn fork_bomb(mode: Mode) {
    let mut n = 0;
    let err = loop {
        if n >= 100_000 {
            break None;
        }
        match sys::fork_sleeper() {
            Ok(()) => n += 1,
            Err(e) => break Some(e),
        }
    };
    report(mode, &format!("forked {n} sleepers, then: {err:?}"));
}

fn memory_hog(mode: Mode) {
    let mut chunks: Vec<Vec<u8>> = Vec::new();
    let ones = vec![1u8; 1 << 20];
    let mut mib = 0;
    loop {
        let mut chunk = Vec::new();
        if chunk.try_reserve_exact(1 << 20).is_err() {
            break;
        }
        // Every page written (one memcpy, fast in a debug build too):
        // resident, not only reserved.
        chunk.extend_from_slice(&ones);
        chunks.push(chunk);
        mib += 1;
        if mib % 64 == 0 {
            report(mode, &format!("{mib} MiB"));
        }
        if mib >= 64 * 1024 {
            break;
        }
    }
    report(mode, &format!("allocation refused after {mib} MiB"));
}

/// Writes files of 1 MiB in `dir` until a write fails; the bytes written.
fn fill(dir: &str) -> (u64, String) {
    let chunk = vec![b'f'; 1 << 20];
    let mut written = 0u64;
    for i in 0.. {
        let path = format!("{dir}/fill-{}-{i}", std::process::id());
        let r = std::fs::File::create(&path).and_then(|mut f| f.write_all(&chunk));
        match r {
            Ok(()) => written += chunk.len() as u64,
            Err(e) => return (written, e.to_string()),
        }
        if written >= 1 << 40 {
            break;
        }
    }
    (written, "stopped".into())
}

fn fill_disk(mode: Mode) {
    for dir in [".", "/tmp"] {
        let (n, e) = fill(dir);
        report(mode, &format!("{dir}: {} MiB, then {e}", n >> 20));
    }
}

fn big_file(mode: Mode) {
    let chunk = vec![b'b'; 1 << 20];
    let path = format!("/tmp/big-{}", std::process::id());
    let mut mib = 0;
    let r = std::fs::File::create(&path).and_then(|mut f| {
        loop {
            f.write_all(&chunk)?;
            mib += 1;
            if mib >= 1 << 20 {
                return Ok(());
            }
        }
    });
    report(mode, &format!("{mib} MiB in one file, then {r:?}"));
}

fn connect_out(mode: Mode, addresses: &[SocketAddr]) {
    for addr in addresses {
        match TcpStream::connect_timeout(addr, Duration::from_secs(2)) {
            Ok(mut s) => {
                let _ = s.write_all(b"hello from a player\n");
                report(mode, &format!("connected to {addr}"));
            }
            Err(e) => report(mode, &format!("connect to {addr}: {e}")),
        }
    }
}

fn plant(mode: Mode) {
    for path in [
        "planted",
        "/tmp/planted",
        "logs/player1.log",
        "logs/player0.log",
    ] {
        let r = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(b"planted by the attacker\n"));
        report(mode, &format!("write {path}: {r:?}"));
    }
}

fn kill_all(mode: Mode) {
    if !in_jail() {
        report(
            mode,
            "refused: not in a jail of the referee (not pid 2 under its init)",
        );
        return;
    }
    let r = nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(-1),
        nix::sys::signal::Signal::SIGKILL,
    );
    report(mode, &format!("kill(-1, SIGKILL): {r:?}"));
}
