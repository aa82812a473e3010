//! `procbench`: the process-level benchmarks of `make bench` (see
//! `docs/benchmarks.md`). Prints every figure and exits 0; a missed target
//! is reported, never a failure.

mod overhead;
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
    Ok(())
}
