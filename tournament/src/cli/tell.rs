//! What the subcommands print: the report, the games merged, the resume.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::plan::resume::Plan;
use crate::report::Report;
use crate::run::harvest::Harvest;

use super::Failure;

/// Prints the report (unless it has no game) and writes the report files.
pub(super) fn print_report(
    report: &Report<'_>,
    games: u32,
    files: &[PathBuf],
) -> Result<(), Failure> {
    // A report of no game says nothing; files asked for are still written.
    if games > 0 {
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(report.markdown().as_bytes());
        let _ = stdout.flush();
    }
    for path in files {
        report.write(path).map_err(anyhow::Error::from)?;
    }
    Ok(())
}

/// Says what merging the games an earlier run left found.
pub(super) fn tell_harvest(harvest: &Harvest, log_dir: &Path, not_merged: Option<&str>) {
    if let Some(why) = not_merged {
        eprintln!("tournament: {why}");
    }
    if !harvest.merged.is_empty() {
        eprintln!(
            "tournament: merged {} finished game(s) from {} (their verdicts were not in the \
             results file yet)",
            harvest.merged.len(),
            log_dir.display()
        );
    }
    for (id, what) in &harvest.mismatched {
        eprintln!("tournament: game {id}: its verdict is not this game's ({what}); left out");
    }
}

/// Says what `--force` let through.
pub(super) fn tell_resume(plan: &Plan) {
    if !plan.conflicts.is_empty() {
        eprintln!(
            "tournament: --force: {} game(s) played with other programs or settings will be \
             played again",
            plan.conflicts.len()
        );
    }
    if !plan.foreign.is_empty() {
        eprintln!(
            "tournament: --force: {} game(s) in the results file are not part of this \
             tournament and are left out",
            plan.foreign.len()
        );
    }
}
