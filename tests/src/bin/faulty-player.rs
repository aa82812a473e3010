//! `faulty-player`: a Stratego player that plays correctly until a chosen
//! moment, then misbehaves in a chosen way — to probe the referee.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use tests::faulty::{Config, Mode};

/// Plays correctly (random legal moves from a fixed setup) until the chosen
/// moment, then misbehaves as MODE says.
///
/// Moments: `--at 0` is the setup reply, `--at N` (N ≥ 1) this player's
/// N-th move. `setup-*` modes always act on the setup. After a process mode
/// (fork-child, setsid-grandchild, ignore-term, fork-many) or a mode whose
/// reply still arrives (delay40, delay90, trickle-under, extra-lines, flood-stderr,
/// early-reply) it goes on playing.
#[derive(Parser, Debug)]
#[command(version, about, long_about)]
struct Cli {
    /// The misbehaviour.
    #[arg(long, value_enum, default_value_t = Mode::None)]
    mode: Mode,

    /// When to misbehave: 0 = the setup, N = the N-th own move.
    #[arg(long, default_value_t = 1)]
    at: u32,

    /// The referee's time limit in milliseconds, the base of every delay.
    #[arg(long, default_value_t = 500)]
    limit_ms: u64,

    /// Seed of the correct random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// Play correct moves passively: move one piece back and forth.
    #[arg(long)]
    passive: bool,

    /// Copy every byte received on stdin to this file; `-`: to stderr, as
    /// `@recv HEX` lines (the referee logs them, out of the sandbox).
    #[arg(long)]
    transcript: Option<PathBuf>,

    /// An address the `connect` attack tries (repeat for several).
    #[arg(long, value_name = "ADDR:PORT")]
    connect: Vec<std::net::SocketAddr>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let cfg = Config {
        mode: cli.mode,
        at: cli.at,
        limit: Duration::from_millis(cli.limit_ms),
        seed: cli.seed,
        transcript: cli.transcript,
        connect: cli.connect,
    };
    ExitCode::from(tests::faulty::run(&cfg, cli.passive) as u8)
}
