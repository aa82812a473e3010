//! Getting a run ready, whatever will run its games: the games an earlier
//! run left finished but unrecorded are merged (by that run's plan), the
//! results file is matched against the schedule (resume), and the plan
//! file of this run is written before any game starts.

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::plan::file::{PlanFile, PlanFileError};
use crate::plan::resume::{self, Plan, PlanError};
use crate::plan::schedule::{self, Game};
use crate::results::file::{Loaded, ResultsFile};
use crate::run::harvest::{self, Harvest, HarvestError};
use crate::run::play::Config;

/// A run, ready to play.
#[derive(Debug)]
pub struct Prepared {
    /// The tournament's games.
    pub schedule: Vec<Game>,
    /// The results file's records, those merged now included.
    pub records: Vec<Loaded>,
    /// Which games are finished, which to play.
    pub plan: Plan,
    /// What the merge of the earlier run's games found.
    pub harvest: Harvest,
    /// Why the earlier run's games were not merged, if they were not.
    pub not_merged: Option<String>,
}

/// Why a run cannot start.
#[derive(Debug, Error)]
pub enum SessionError {
    /// A plan file could not be read or written.
    #[error(transparent)]
    PlanFile(#[from] PlanFileError),
    /// Merging the earlier run's games failed.
    #[error(transparent)]
    Harvest(#[from] HarvestError),
    /// The results file does not match the tournament.
    #[error(transparent)]
    Resume(#[from] PlanError),
}

/// The games of `config`, in playing order, paired if it plays pairs.
pub fn schedule_of(config: &Config) -> Vec<Game> {
    let names: Vec<String> = config.programs.iter().map(|p| p.name.clone()).collect();
    let mut games = schedule::schedule(&names, config.mode, config.games, config.seats);
    if config.settings.pairs {
        schedule::pair(&mut games);
    }
    games
}

/// Gets `config`'s run ready: merges into `results` (holding `records`)
/// the games that the run of `previous` (the plan file found in the log
/// directory, if any) left unrecorded, matches the results against the
/// schedule, and writes `plan` (this run's: its working directory, results
/// file and `--force`) as the new plan file.
pub fn prepare(
    config: &Config,
    results: &mut ResultsFile,
    mut records: Vec<Loaded>,
    previous: Option<&PlanFile>,
    plan: &PlanFile,
) -> Result<Prepared, SessionError> {
    let (workdir, results_path, force) = (&plan.workdir, &plan.results, plan.force);
    let plan_path = PlanFile::path(&config.log_dir);
    let mut harvest = Harvest::default();
    let mut not_merged = None;
    if let Some(previous) = previous {
        if !same_place(&previous.workdir_for(&plan_path), workdir) {
            not_merged = Some(format!(
                "{} was written by a run in {}: run `tournament merge` there to collect its games",
                plan_path.display(),
                previous.workdir.display()
            ));
        } else if &previous.results != results_path {
            not_merged = Some(format!(
                "{} is for the results file {}, not {}: run `tournament merge {}` to collect its \
                 games there",
                plan_path.display(),
                previous.results.display(),
                results_path.display(),
                config.log_dir.display()
            ));
        } else {
            let earlier = previous.config(&plan_path, true)?;
            let earlier_schedule = schedule_of(&earlier);
            harvest = harvest::harvest(&earlier, &earlier_schedule, workdir, &records, results)?;
            records.extend(harvest.merged.iter().cloned());
        }
    }
    let schedule = schedule_of(config);
    let resumed = resume::plan(
        &schedule,
        &config.programs,
        &config.settings,
        &records,
        force,
    )?;
    plan.write(&plan_path)?;
    Ok(Prepared {
        schedule,
        records,
        plan: resumed,
        harvest,
        not_merged,
    })
}

/// Whether two directories are the same (both may not exist).
fn same_place(a: &Path, b: &Path) -> bool {
    let canon = |p: &Path| -> PathBuf { p.canonicalize().unwrap_or_else(|_| p.to_owned()) };
    canon(a) == canon(b)
}
