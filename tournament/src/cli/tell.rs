//! What the subcommands print: the report, the games merged, the resume.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use games::Registry;

use crate::plan::resume::Plan;
use crate::report::Report;
use crate::report::pages;
use crate::results::tally::Tally;
use crate::run::harvest::Harvest;

use super::Failure;

/// The report files every run writes in the tournament's log directory.
pub(super) const LOG_REPORTS: [&str; 2] = ["report.md", "report.html"];

/// Reads the records of the games `tally` counted (each move's reply
/// time) and, with `game_pages`, writes their viewer pages; says on
/// standard error how many records could not be read or replayed.
pub(super) fn read_records<R: Registry>(
    tally: &mut Tally,
    game_pages: bool,
    quiet: bool,
) -> Vec<pages::Page> {
    let pages = pages::read_records::<R>(tally, game_pages);
    let failed: Vec<&String> = pages
        .iter()
        .filter_map(|p| match p {
            pages::Page::Failed(why) => Some(why),
            _ => None,
        })
        .collect();
    if let Some(first) = failed.first()
        && !quiet
    {
        eprintln!(
            "tournament: {} game record(s) could not be read or replayed (first: {first}); \
             the reports leave them out of the median reply times",
            failed.len()
        );
    }
    pages
}

/// Prints the report (unless it has no game) and writes the report files,
/// and `report.md` and `report.html` in `log_dir`.
pub(super) fn print_report(
    report: &Report<'_>,
    games: u32,
    files: &[PathBuf],
    log_dir: &Path,
) -> Result<(), Failure> {
    if log_dir.is_dir() {
        for name in LOG_REPORTS {
            report
                .write(&log_dir.join(name))
                .map_err(anyhow::Error::from)?;
        }
    }
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

/// Says which programs changed (their games are replayed) and what
/// `--force` let through.
pub(super) fn tell_resume(plan: &Plan) {
    for c in &plan.changed {
        eprintln!(
            "tournament: program {} changed since its games were played ({}): its {} game(s) \
             are to be played again; every other result is kept",
            c.program, c.what, c.games
        );
    }
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
