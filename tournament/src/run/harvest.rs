//! Merging: the games whose referee wrote its verdict (the game's result
//! file) but whose result is not in the results file yet — games run by
//! GNU parallel, by a Slurm array, by any other scheduler, or by a run
//! that was stopped before it could record them — are appended to the
//! results file, by game id, with the same records a local run writes.
//!
//! What makes a verdict file the game's: every run empties the log
//! directories of the games it is about to play before anything runs them
//! (the local runner just before each game; the job list writers before
//! writing the list), and writes its plan file first. So a verdict in the
//! log directory of a game without a result was written by that plan's
//! command for it. The verdict is checked against the plan all the same
//! (the programs, their arguments and the game's seed), and a game
//! already in the results file is never appended again: a game that ran
//! twice counts once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use thiserror::Error;

use crate::plan::job::{GameJob, game_seed};
use crate::plan::resume;
use crate::plan::schedule::Game;
use crate::results::file::{Loaded, ResultsError, ResultsFile};
use crate::results::verdict::Verdict;
use crate::run::executor::joblog::{self, Entry};
use crate::run::play::{self, Config, VerdictFileError};

/// What a merge found.
#[derive(Debug, Default)]
pub struct Harvest {
    /// The records appended, as loaded records.
    pub merged: Vec<Loaded>,
    /// Games whose verdict file exists but is not (yet) a verdict: still
    /// being written, or a game that did not end.
    pub unreadable: Vec<(String, VerdictFileError)>,
    /// Games whose verdict is of another game or other programs (a file
    /// copied in by hand, or a directory shared by two tournaments).
    pub mismatched: Vec<(String, String)>,
}

/// Why merging stopped.
#[derive(Debug, Error)]
pub enum HarvestError {
    /// A record could not be appended.
    #[error(transparent)]
    Results(#[from] ResultsError),
}

/// Appends to `results` the verdicts of the games of `schedule` (played
/// by `config`, from `workdir`) that have none in `records` (matching
/// their programs and settings). Start times and run times come from the
/// joblogs in the tournament's log directory (GNU parallel's, the Slurm
/// tasks'); without an entry, from the verdict file's time and the
/// referee's own measure of the game.
pub fn harvest(
    config: &Config,
    schedule: &[Game],
    workdir: &Path,
    records: &[Loaded],
    results: &mut ResultsFile,
) -> Result<Harvest, HarvestError> {
    // With `force`, a game recorded with other programs or settings is to
    // play, so its verdict (from this plan) is taken too.
    let plan = match resume::plan(schedule, &config.programs, &config.settings, records, true) {
        Ok(plan) => plan,
        Err(_) => unreachable!("a forced plan is never refused"),
    };
    let mut harvest = Harvest::default();
    let mut timings: Option<HashMap<String, Entry>> = None;
    for &g in &plan.to_play {
        let game = &schedule[g];
        let job = GameJob::new(config, game, g);
        let path = job.verdict_file();
        if !path.exists() {
            continue;
        }
        let verdict = match play::read_verdict(&path) {
            Ok(read) => read,
            Err(e) => {
                harvest.unreadable.push((game.id.clone(), e));
                continue;
            }
        };
        if let Some(what) = mismatch(config, game, &verdict) {
            harvest.mismatched.push((game.id.clone(), what));
            continue;
        }
        let timings = timings.get_or_insert_with(|| joblog::successes(&config.log_dir));
        let (started, wall) = job
            .shell_line(workdir)
            .ok()
            .and_then(|line| timings.get(&line))
            .map(|e| (e.started, e.runtime))
            .unwrap_or_else(|| file_timing(&path, &verdict));
        let record = play::game_record(config, game, started, wall, verdict.summary.clone());
        let line = results.append(&record)?;
        harvest.merged.push(Loaded {
            line,
            record,
            verdict,
        });
    }
    Ok(harvest)
}

/// What, in `verdict`, shows it is not of `game` as `config` plays it.
fn mismatch(config: &Config, game: &Game, verdict: &Verdict) -> Option<String> {
    let summary = &verdict.summary;
    let seed = game_seed(&game.seed_id, "");
    if summary.settings.seed.is_some_and(|s| s != seed) {
        return Some(format!(
            "its referee seed is {}, the game's is {seed}",
            summary.settings.seed.unwrap_or_default()
        ));
    }
    if summary.players.len() != game.seats.len() {
        return Some(format!(
            "it has {} players, the game {}",
            summary.players.len(),
            game.seats.len()
        ));
    }
    for (seat, (report, &p)) in summary.players.iter().zip(&game.seats).enumerate() {
        let program = &config.programs[p];
        let args: Vec<String> = program
            .args
            .iter()
            .map(|a| play::expand_arg(a, game, program))
            .collect();
        if Path::new(&report.program) != program.path || report.args != args {
            return Some(format!(
                "player {seat} was `{} {}`, the game's is `{} {}`",
                report.program,
                report.args.join(" "),
                program.path.display(),
                args.join(" ")
            ));
        }
    }
    None
}

/// A game's start and run time without a joblog entry: the referee's
/// measure of the game, ending when the verdict file was last written.
fn file_timing(path: &PathBuf, verdict: &Verdict) -> (SystemTime, Duration) {
    let wall = Duration::from_secs_f64((verdict.summary.duration_ms / 1000.0).max(0.0));
    let written = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or_else(|_| SystemTime::now());
    (written.checked_sub(wall).unwrap_or(written), wall)
}
