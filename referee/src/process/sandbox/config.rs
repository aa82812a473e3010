//! What the user asks of the sandbox: its layers and its limits, with the
//! documented defaults (`docs/referee.md`, "The sandbox").

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

pub use super::env::{EnvPolicy, EnvVar};

/// One layer of the sandbox, as `--sandbox` names it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Layer {
    /// A PID namespace of its own (with a fresh `/proc`): it sees and
    /// signals no process but its own, and killing its first process
    /// kills every process it made.
    Pid,
    /// A distinct unprivileged uid per seat when the referee runs as root,
    /// else a user namespace of its own.
    User,
    /// A network namespace of its own, with only a loopback that is down.
    Net,
    /// An IPC namespace of its own (System V and POSIX message queues).
    Ipc,
    /// A mount namespace of its own: the file system read-only, a private
    /// writable working directory and `/tmp`, `/run` and the referee's
    /// logs hidden.
    Fs,
    /// Resource limits (`setrlimit`), `no_new_privs`, and no descriptor
    /// but 0, 1 and 2.
    Limits,
    /// A cgroup of its own with a memory and a process limit, where the
    /// machine lets us write one.
    Cgroup,
    /// A seccomp filter on the player's process: the system calls no
    /// player needs that reach the kernel's riskiest parts, the machine or
    /// the other seats (see `docs/referee.md`).
    Seccomp,
}

impl Layer {
    /// Every layer, in the order `--sandbox` lists them.
    pub const ALL: [Layer; 8] = [
        Layer::Pid,
        Layer::User,
        Layer::Net,
        Layer::Ipc,
        Layer::Fs,
        Layer::Limits,
        Layer::Cgroup,
        Layer::Seccomp,
    ];

    /// The name `--sandbox` takes.
    pub fn name(self) -> &'static str {
        match self {
            Layer::Pid => "pid",
            Layer::User => "user",
            Layer::Net => "net",
            Layer::Ipc => "ipc",
            Layer::Fs => "fs",
            Layer::Limits => "limits",
            Layer::Cgroup => "cgroup",
            Layer::Seccomp => "seccomp",
        }
    }

    /// The layer of that name.
    pub fn from_name(name: &str) -> Option<Layer> {
        Layer::ALL.into_iter().find(|l| l.name() == name)
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of layers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Layers(u8);

impl Layers {
    /// No layer: `--sandbox none`.
    pub const NONE: Layers = Layers(0);

    /// Every layer: `--sandbox all`, the default.
    pub fn all() -> Layers {
        Layer::ALL.into_iter().collect()
    }

    /// Whether `layer` is in the set.
    pub fn contains(self, layer: Layer) -> bool {
        self.0 & layer.bit() != 0
    }

    /// Adds `layer`.
    pub fn insert(&mut self, layer: Layer) {
        self.0 |= layer.bit();
    }

    /// Takes `layer` out.
    pub fn remove(&mut self, layer: Layer) {
        self.0 &= !layer.bit();
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The layers in the set, in [`Layer::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Layer> {
        Layer::ALL.into_iter().filter(move |l| self.contains(*l))
    }
}

impl FromIterator<Layer> for Layers {
    fn from_iter<I: IntoIterator<Item = Layer>>(iter: I) -> Layers {
        let mut set = Layers::NONE;
        for l in iter {
            set.insert(l);
        }
        set
    }
}

impl fmt::Debug for Layers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for Layers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let names: Vec<&str> = self.iter().map(Layer::name).collect();
        f.write_str(&names.join(","))
    }
}

impl FromStr for Layers {
    type Err = String;

    /// `all`, `none`, or layer names separated by commas (`pid,net,fs`).
    fn from_str(s: &str) -> Result<Layers, String> {
        match s.trim() {
            "all" => return Ok(Layers::all()),
            "none" => return Ok(Layers::NONE),
            _ => {}
        }
        s.split(',')
            .map(|name| {
                let name = name.trim();
                Layer::from_name(name).ok_or_else(|| {
                    let names: Vec<&str> = Layer::ALL.iter().map(|l| l.name()).collect();
                    format!(
                        "{name:?} is not a sandbox layer (all, none, or a list of: {})",
                        names.join(", ")
                    )
                })
            })
            .collect()
    }
}

/// The limits each player's process gets. Each default is far above what a
/// player of ours, or a Python or Java player, uses in a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ResourceLimits {
    /// Address space of each process, in bytes (`RLIMIT_AS`). A JVM
    /// reserves about 4 GiB at start (half the limit for its heap, 1 GiB
    /// of class space, the code cache), so the default leaves it room.
    pub address_space: u64,
    /// CPU time of each process (`RLIMIT_CPU`): SIGXCPU at the limit,
    /// SIGKILL one second later.
    pub cpu_time: Duration,
    /// Processes and threads of the player together (`RLIMIT_NPROC` under
    /// its own uid, and the cgroup's `pids.max`).
    pub processes: u64,
    /// Open descriptors of each process (`RLIMIT_NOFILE`).
    pub open_files: u64,
    /// Size of any file it writes, in bytes (`RLIMIT_FSIZE`): SIGXFSZ
    /// beyond.
    pub file_size: u64,
    /// Room for everything it writes (its working directory's layer, `/tmp`
    /// and `/dev/shm` together), in bytes: the size of its `tmpfs`.
    pub disk: u64,
    /// Memory of the player's processes together (resident, `tmpfs` pages
    /// and kernel memory included, no swap), in bytes: the cgroup's limit,
    /// where there is a cgroup.
    pub memory: u64,
}

/// One mebibyte.
pub const MIB: u64 = 1024 * 1024;
/// One gibibyte.
pub const GIB: u64 = 1024 * MIB;

impl Default for ResourceLimits {
    fn default() -> ResourceLimits {
        ResourceLimits {
            address_space: 8 * GIB,
            cpu_time: Duration::from_secs(3600),
            processes: 256,
            open_files: 4096,
            file_size: 64 * MIB,
            disk: 256 * MIB,
            memory: 2 * GIB,
        }
    }
}

/// The first uid (and gid) of the seats when the referee runs as root:
/// seat `s` of the referee of pid `p` runs as `base + 32 p + s`, a number
/// no user has (see `docs/referee.md`).
pub const DEFAULT_UID_BASE: u32 = 0x7000_0000;

/// The most seats one referee gives uids of their own.
pub const MAX_SEATS: u32 = 32;

/// The largest pid Linux hands out (`PID_MAX_LIMIT` on 64-bit).
pub const PID_LIMIT: u32 = 1 << 22;

/// What the sandbox of every player is to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandbox {
    /// The layers asked for; those the machine refuses are left out, and
    /// said so once.
    pub layers: Layers,
    /// The limits.
    pub limits: ResourceLimits,
    /// The first of the seats' uids when the referee runs as root.
    pub uid_base: u32,
    /// The environment each player gets.
    pub env: EnvPolicy,
    /// Directories shown to every player whole, whatever hides them
    /// (`--sandbox-bind DIR[:rw]`).
    pub binds: Vec<BindDir>,
}

/// A directory every player is shown whole (`--sandbox-bind DIR[:rw]`):
/// read-only, or writable with `:rw` (its writes then land on the
/// machine's disk, and outlive the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BindDir {
    /// The directory.
    pub path: std::path::PathBuf,
    /// Bound read-write.
    pub writable: bool,
}

impl FromStr for BindDir {
    type Err = String;

    /// `DIR`, `DIR:ro` or `DIR:rw`; the directory must exist.
    fn from_str(s: &str) -> Result<BindDir, String> {
        let (path, writable) = match s.rsplit_once(':') {
            Some((p, "rw")) => (p, true),
            Some((p, "ro")) => (p, false),
            _ => (s, false),
        };
        let path = std::path::PathBuf::from(path);
        match std::fs::metadata(&path) {
            Ok(m) if m.is_dir() => Ok(BindDir { path, writable }),
            Ok(_) => Err(format!("{} is not a directory", path.display())),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }
}

impl Default for Sandbox {
    /// Every layer, the default limits, a clean environment.
    fn default() -> Sandbox {
        Sandbox {
            layers: Layers::all(),
            limits: ResourceLimits::default(),
            uid_base: DEFAULT_UID_BASE,
            env: EnvPolicy::default(),
            binds: Vec::new(),
        }
    }
}

impl Sandbox {
    /// No sandbox at all: players run as the referee's own children, with
    /// its user, file system and network (`--sandbox none`).
    pub fn none() -> Sandbox {
        Sandbox {
            layers: Layers::NONE,
            ..Sandbox::default()
        }
    }

    /// Whether no layer is asked for.
    pub fn is_off(&self) -> bool {
        self.layers.is_empty()
    }

    /// The uid (and gid) of seat `seat` of the referee of pid `pid`, as root.
    pub fn seat_uid(&self, pid: u32, seat: usize) -> u32 {
        let seat = (seat as u32) % MAX_SEATS;
        self.uid_base + (pid % PID_LIMIT) * MAX_SEATS + seat
    }
}

/// Reads a size: a number of bytes, or a number followed by `K`, `M`, `G`
/// or `T` (powers of 1024; `KiB`, `MB` and the like are read the same).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let (number, unit) = t.split_at(digits);
    let n: u64 = number
        .parse()
        .map_err(|_| format!("{s:?} is not a size (a number of bytes, or with K, M, G or T)"))?;
    let unit = unit.trim().to_ascii_uppercase();
    let shift = match unit.trim_end_matches('B').trim_end_matches('I') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => {
            return Err(format!(
                "{s:?} is not a size (a number of bytes, or with K, M, G or T)"
            ));
        }
    };
    n.checked_mul(1 << shift)
        .ok_or_else(|| format!("{s:?} is too large"))
}

/// A size on the command line: bytes, or a number with `K`, `M`, `G` or
/// `T`; shown the short way (`2G`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Size(pub u64);

impl FromStr for Size {
    type Err = String;

    fn from_str(s: &str) -> Result<Size, String> {
        parse_size(s).map(Size)
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (shift, unit) in [(40, "T"), (30, "G"), (20, "M"), (10, "K")] {
            if self.0 >= 1 << shift && self.0 % (1 << shift) == 0 {
                return write!(f, "{}{unit}", self.0 >> shift);
            }
        }
        write!(f, "{}", self.0)
    }
}

/// A size in words: `512 MiB`, `4 GiB`, `1000 bytes`.
pub fn show_size(bytes: u64) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{} {unit}", bytes >> shift);
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_are_read_as_all_none_or_a_list() {
        assert_eq!("all".parse::<Layers>().unwrap(), Layers::all());
        assert_eq!("none".parse::<Layers>().unwrap(), Layers::NONE);
        let some: Layers = "pid, net,fs".parse().unwrap();
        assert_eq!(
            some.iter().collect::<Vec<_>>(),
            [Layer::Pid, Layer::Net, Layer::Fs]
        );
        assert_eq!(some.to_string(), "pid,net,fs");
        let e = "pid,chroot".parse::<Layers>().unwrap_err();
        assert!(e.contains("\"chroot\" is not a sandbox layer"), "{e}");
        assert_eq!(
            Layers::all().to_string(),
            "pid,user,net,ipc,fs,limits,cgroup,seccomp"
        );
    }

    #[test]
    fn sizes_take_binary_units() {
        assert_eq!(parse_size("1000").unwrap(), 1000);
        assert_eq!(parse_size("64K").unwrap(), 64 * 1024);
        assert_eq!(parse_size("512M").unwrap(), 512 * MIB);
        assert_eq!(parse_size("8GiB").unwrap(), 8 * GIB);
        assert_eq!(parse_size("2 gb").unwrap(), 2 * GIB);
        assert!(parse_size("lots").is_err());
        assert!(parse_size("5X").is_err());
        assert!(parse_size("99999999999T").is_err());
        assert_eq!(show_size(512 * MIB), "512 MiB");
        assert_eq!(show_size(3 * GIB), "3 GiB");
        assert_eq!(show_size(1000), "1000 bytes");
        assert_eq!(Size(2 * GIB).to_string(), "2G");
        assert_eq!("64M".parse::<Size>().unwrap(), Size(64 * MIB));
    }

    #[test]
    fn seats_of_different_referees_never_share_a_uid() {
        let s = Sandbox::default();
        assert_eq!(s.seat_uid(1, 0), DEFAULT_UID_BASE + 32);
        assert_ne!(s.seat_uid(7, 1), s.seat_uid(8, 1));
        assert_ne!(s.seat_uid(7, 0), s.seat_uid(7, 1));
        // The largest stays below 2^31 (negative uids confuse tools).
        assert!(s.seat_uid(PID_LIMIT - 1, 31) < 0x8000_0000);
    }
}
