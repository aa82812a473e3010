//! `procbench`: the process-level benchmarks of `make bench` (see
//! `docs/benchmarks.md`). Prints every figure and exits 0; a missed target
//! is reported, never a failure.

mod overhead;
mod timing;
mod tools;

use std::process::ExitCode;

use clap::Parser;

/// Process-level benchmarks of the referee: overhead per move against the
/// raw-pipe floor, timing precision, throughput, memory, the player.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// Moves per run of the overhead benchmark.
    #[arg(long, default_value_t = 20_000)]
    moves: u64,
    /// Runs of the overhead benchmark (each side).
    #[arg(long, default_value_t = 9)]
    runs: usize,
    /// Games with a player that never answers (timing precision).
    #[arg(long, default_value_t = 200)]
    kills: usize,
    /// Their time limit, ms.
    #[arg(long, default_value_t = 50)]
    kill_limit_ms: u64,
    /// Replies judged for the false-timeout count.
    #[arg(long, default_value_t = 500)]
    replies: u64,
    /// Their time limit, ms.
    #[arg(long, default_value_t = 100)]
    reply_limit_ms: u64,
    /// How long before the limit those replies come, ms.
    #[arg(long, default_value_t = 20)]
    margin_ms: u64,
    /// The referee to measure (default: the one beside procbench), to
    /// compare two builds.
    #[arg(long)]
    referee: Option<std::path::PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("procbench: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// How a target is reported.
fn met(ok: bool) -> &'static str {
    if ok { "met" } else { "MISSED" }
}

fn run(cli: &Cli) -> anyhow::Result<()> {
    let tools = tools::Tools::locate(cli.referee.clone())?;
    let o = overhead::measure(&tools, cli.moves, cli.runs)?;
    for l in o.lines() {
        println!("{l}");
    }
    let t = timing::measure(
        &tools,
        timing::Settings {
            kills: cli.kills,
            kill_limit_ms: cli.kill_limit_ms,
            replies: cli.replies,
            reply_limit_ms: cli.reply_limit_ms,
            margin_ms: cli.margin_ms,
        },
    )?;
    for l in t.lines() {
        println!("{l}");
    }
    Ok(())
}
