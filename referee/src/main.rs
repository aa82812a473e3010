//! `referee`: plays one Stratego game between two player programs (see
//! `docs/referee.md`) and prints the verdict.

mod cli;
mod output;

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    // clap exits with status 2 on a usage error.
    let cli = cli::Cli::parse();
    match run(&cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("referee: error: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: &cli::Cli) -> anyhow::Result<ExitCode> {
    let config = cli.config();
    let report = if cli.verbose {
        referee::play_match(&config, &mut output::board_printer(cli.json))
    } else {
        referee::play_match(&config, &mut ())
    }
    .context("the game could not be played")?;

    let mut stdout = std::io::stdout().lock();
    if cli.json {
        writeln!(stdout, "{}", report.to_json())?;
    } else {
        write!(stdout, "{}", output::summary(&report))?;
    }
    stdout.flush()?;
    if let Some(path) = &cli.record {
        std::fs::write(path, report.record_json() + "\n")
            .with_context(|| format!("cannot write the record to {}", path.display()))?;
    }
    Ok(match report.interrupted_by {
        Some(sig) => ExitCode::from(128u8.saturating_add(sig as u8)),
        None => ExitCode::SUCCESS,
    })
}
