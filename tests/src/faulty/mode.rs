//! The misbehaviours `faulty-player` can inject, and when.

use std::time::Duration;

use clap::ValueEnum;

/// One way of misbehaving. Timing, death and output modes act at the chosen
/// moment (`--at`: 0 = the setup reply, N ≥ 1 = this player's N-th move);
/// `setup-*` modes always act on the setup; process modes start at the
/// moment and the player then goes on playing correctly.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum Mode {
    /// Never misbehave: a correct random player (the well-behaved opponent).
    None,
    /// Reply after 40% of the time limit.
    Delay40,
    /// Reply after 90% of the time limit.
    Delay90,
    /// Reply after 110% of the time limit.
    Delay110,
    /// Send the reply one byte at a time, all of it within 60% of the limit.
    TrickleUnder,
    /// Send the reply one byte at a time, spread over 150% of the limit.
    TrickleOver,
    /// Never reply: sleep.
    Sleep,
    /// Never reply: spin in a busy loop.
    Busy,
    /// Exit with status 0 instead of replying.
    Exit0,
    /// Exit with status 1 instead of replying.
    Exit1,
    /// Call abort() instead of replying (SIGABRT).
    Abort,
    /// Kill itself with SIGSEGV instead of replying.
    Segv,
    /// Close stdout and keep running (sleeping) instead of replying.
    CloseStdout,
    /// Close stdin, send the reply, then keep running without reading.
    CloseStdin,
    /// Send a garbage line where the reply's first line belongs.
    Garbage,
    /// Send a 200-byte line where the reply's first line belongs.
    LongLine,
    /// Write 100 MB to stdout without a newline.
    FloodStdout,
    /// Write 1 GiB to stderr as fast as possible: 16 MiB before the reply,
    /// the rest from a thread while playing on.
    FloodStderr,
    /// Send the reply followed by two extra lines.
    ExtraLines,
    /// Send the reply before being asked for it: the setup before reading the
    /// player number (at 0), or a move before the opponent's move arrives.
    EarlyReply,
    /// Shrink the stdin pipe, stop reading stdin, and go on answering.
    StopReading,
    /// Fork a child that keeps stdout open and sleeps.
    ForkChild,
    /// Fork a grandchild that calls setsid() (leaving the process group) and sleeps.
    SetsidGrandchild,
    /// Ignore SIGTERM and keep running after the game ends.
    IgnoreTerm,
    /// Fork 50 children that sleep.
    ForkMany,
    /// Attack: SIGKILL to every sibling process (same parent: the
    /// opponent, without a sandbox), then play on.
    KillSiblings,
    /// Attack: read the stdin of every sibling and of pid 1 through
    /// `/proc/PID/fd/0`, write a forged move into their stdout, play on.
    ReadSiblings,
    /// Attack: ptrace every sibling and pid 1, then play on.
    PtraceSiblings,
    /// Attack: fork sleepers until a fork fails, then play on.
    ForkBomb,
    /// Attack: allocate and touch memory until refused, then play on.
    MemoryHog,
    /// Attack: fill the working directory and /tmp with 1 MiB files until
    /// a write fails, then play on.
    FillDisk,
    /// Attack: grow one file in /tmp without end.
    BigFile,
    /// Attack: connect to each `--connect` address, then play on.
    Connect,
    /// Attack: write a file into the working directory and /tmp (the
    /// opponent's too, without a sandbox) and into the referee's logs.
    Plant,
    /// Attack: `kill(-1, SIGKILL)` — only inside a jail of the referee.
    KillAll,
    /// Setup with an unknown code (13).
    SetupBadCode,
    /// Setup with wrong counts (4 Majors, 3 Captains).
    SetupBadCounts,
    /// Setup with a non-numeric line (`KO`).
    SetupNotANumber,
    /// 39 codes, then silence (a timeout).
    Setup39,
    /// Move from an empty square.
    MoveEmpty,
    /// Move an opponent's piece.
    MoveOpponent,
    /// Move a Bomb.
    MoveBomb,
    /// Move the Flag.
    MoveFlag,
    /// Move into a lake.
    MoveLake,
    /// Move off the board.
    MoveOffBoard,
    /// Move onto an own piece.
    MoveOwnPiece,
    /// Move a non-Scout two squares.
    MoveTwoSquares,
    /// Move a Scout through a piece.
    MoveBlockedScout,
    /// Direction `X`.
    MoveDirectionX,
    /// Distance 0.
    MoveDistance0,
    /// Distance `abc`.
    MoveDistanceAbc,
}

impl Mode {
    /// Whether the mode acts on the setup whatever `--at` says.
    pub fn is_setup_mode(self) -> bool {
        matches!(
            self,
            Mode::SetupBadCode | Mode::SetupBadCounts | Mode::SetupNotANumber | Mode::Setup39
        )
    }

    /// Whether the mode is an attack on the opponent, the referee or the
    /// machine (`faulty::attack`).
    pub fn is_attack(self) -> bool {
        matches!(
            self,
            Mode::KillSiblings
                | Mode::ReadSiblings
                | Mode::PtraceSiblings
                | Mode::ForkBomb
                | Mode::MemoryHog
                | Mode::FillDisk
                | Mode::BigFile
                | Mode::Connect
                | Mode::Plant
                | Mode::KillAll
        )
    }

    /// Whether the mode replaces a move by an illegal one.
    pub fn is_illegal_move(self) -> bool {
        matches!(
            self,
            Mode::MoveEmpty
                | Mode::MoveOpponent
                | Mode::MoveBomb
                | Mode::MoveFlag
                | Mode::MoveLake
                | Mode::MoveOffBoard
                | Mode::MoveOwnPiece
                | Mode::MoveTwoSquares
                | Mode::MoveBlockedScout
                | Mode::MoveDirectionX
                | Mode::MoveDistance0
                | Mode::MoveDistanceAbc
        )
    }
}

/// Everything the faulty player needs to know.
#[derive(Clone, Debug)]
pub struct Config {
    /// What to do wrong.
    pub mode: Mode,
    /// When: 0 = the setup reply, N ≥ 1 = the N-th own move.
    pub at: u32,
    /// The referee's time limit, to compute delays.
    pub limit: Duration,
    /// Seed of the correct random moves.
    pub seed: u64,
    /// File receiving every byte read from stdin, if any (`-`: stderr, as
    /// `@recv HEX` lines).
    pub transcript: Option<std::path::PathBuf>,
    /// Where the `connect` attack connects.
    pub connect: Vec<std::net::SocketAddr>,
}
