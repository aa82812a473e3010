//! `tournament` (and `tournament plan`): the games planned, then played
//! here or handed to an executor, and the report.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, anyhow};
use games::Registry;

use crate::plan::file::PlanFile;
use crate::plan::job;
use crate::report::sprt::Decision;
use crate::report::{Report, RunTime};
use crate::results::file::ResultsFile;
use crate::run::affinity::Pinning;
use crate::run::executor::slurm::{self, Slurm};
use crate::run::executor::{self as exec, Executor, Parallel};
use crate::run::play::{self, Config, Fatal, Played};
use crate::run::runner::StopReason;
use crate::run::session::{self, Prepared};

use super::args::*;
use super::setup::*;
use super::tell::*;
use super::{Failure, usage};

/// Runs the tournament (or, with `plan_only`, writes its plan and job
/// list).
pub(super) fn run<R: Registry>(args: TournamentArgs, plan_only: bool) -> Result<u8, Failure> {
    let Setup {
        config,
        results: results_path,
        rating,
        reports,
        game_pages,
        force,
        executor,
        jobs,
        sshloginfile,
        sbatch_args,
        games_per_task,
        dry_run,
        affinity,
    } = setup::<R>(args)?;
    if affinity && plan_only {
        return Err(usage(anyhow!(
            "--affinity pins the players of the games the tournament runs itself; `tournament \
             plan` runs none"
        )));
    }
    let workdir = workdir()?;
    let plan_path = PlanFile::path(&config.log_dir);
    let previous = PlanFile::read(&plan_path).map_err(|e| usage(e.into()))?;
    if let Some(job) = previous.as_ref().and_then(|p| p.slurm_job.as_deref())
        && slurm::still_queued(Path::new("squeue"), job) == Some(true)
        && !force
    {
        return Err(usage(anyhow!(
            "the Slurm array job {job} of this tournament is still queued or running: wait \
             for it (then `tournament merge {}`), cancel it (scancel {job}), or --force to plan \
             again anyway (its games may then run twice; they count once)",
            config.log_dir.display()
        )));
    }
    let (mut results, contents) = ResultsFile::open(&results_path).map_err(|e| usage(e.into()))?;
    if let Some(line) = contents.dropped_line {
        eprintln!(
            "tournament: {}: line {line} was incomplete (an interrupted write) and was dropped; \
             its game will be played again",
            results_path.display()
        );
    }
    let kind = if plan_only && executor != ExecutorKind::Slurm {
        "plan"
    } else {
        executor.name()
    };
    let mut plan_file = PlanFile::new(
        &config,
        &workdir,
        &results_path,
        &rating,
        &reports,
        force,
        kind,
    );
    let prepared = session::prepare(
        &config,
        &mut results,
        contents.records,
        previous.as_ref(),
        &plan_file,
    )
    .map_err(|e| match e {
        session::SessionError::Resume(e) => usage(e.into()),
        e => Failure::from(anyhow::Error::from(e)),
    })?;
    tell_harvest(
        &prepared.harvest,
        &config.log_dir,
        prepared.not_merged.as_deref(),
    );
    let Prepared {
        schedule: games,
        records,
        plan,
        ..
    } = prepared;
    tell_resume(&plan);
    let finished = games.len() - plan.to_play.len();
    let job_list = exec::JobList {
        dir: config.log_dir.clone(),
        workdir,
    };

    if plan_only || executor == ExecutorKind::Slurm {
        let jobs_to_play: Vec<job::GameJob> = plan
            .to_play
            .iter()
            .map(|&g| job::GameJob::new(&config, &games[g], g))
            .collect();
        results.close().map_err(anyhow::Error::from)?;
        if executor == ExecutorKind::Slurm {
            let slurm = Slurm {
                job_list,
                name: config.name.clone(),
                sbatch_args,
                games_per_task,
                max_running: jobs,
            };
            return submit(
                &slurm,
                &jobs_to_play,
                plan_only || dry_run,
                &mut plan_file,
                &plan_path,
                (finished, games.len()),
            );
        }
        let list = job_list.path();
        job_list.write(&jobs_to_play).map_err(anyhow::Error::from)?;
        println!(
            "{}: {} game(s) to run, one referee command a line ({} of {} already in {}); plan \
             in {}. Run the lines with any scheduler (`parallel --joblog {} :::: {}`, for one), \
             then `tournament merge {}`.",
            list.display(),
            jobs_to_play.len(),
            finished,
            games.len(),
            results_path.display(),
            plan_path.display(),
            config.log_dir.join(exec::parallel::JOBLOG).display(),
            list.display(),
            config.log_dir.display(),
        );
        return Ok(0);
    }

    let exec = match executor {
        ExecutorKind::Parallel => Executor::Parallel(Parallel {
            program: "parallel".into(),
            job_list,
            sshloginfile,
            jobs,
        }),
        _ if affinity => {
            let cpus = referee::process::affinity::allowed_cpus()
                .context("cannot read the CPUs this process may use")?;
            let pinning = Pinning::plan(&cpus, config.concurrency, config.seats);
            eprintln!("tournament: {}", pinning.note);
            Executor::Local {
                slot_args: pinning.slot_args(),
            }
        }
        _ => Executor::local(),
    };
    if !config.quiet {
        let at_once = match (&exec, jobs) {
            (Executor::Local { .. }, _) => format!("{} at a time", config.concurrency),
            (Executor::Parallel(p), Some(n)) if p.sshloginfile.is_some() => {
                format!("GNU parallel, {n} at a time on each worker")
            }
            (Executor::Parallel(p), None) if p.sshloginfile.is_some() => {
                "GNU parallel, one per CPU on each worker".to_owned()
            }
            (Executor::Parallel(_), _) => {
                format!("GNU parallel, {} at a time", config.concurrency)
            }
        };
        eprintln!(
            "tournament {}: {} of {} programs, {} game(s) per pairing: {} games; {} already in \
             {}; {at_once}; logs in {}/",
            config.name,
            config.mode,
            config.programs.len(),
            config.games,
            games.len(),
            finished,
            results_path.display(),
            config.log_dir.display(),
        );
    }

    let start = Instant::now();
    let mut played = play::play(&exec, &config, &games, &plan, &records, &mut results)
        .context("cannot run the games")?;
    let wall = start.elapsed();
    results.close().map_err(anyhow::Error::from)?;

    let stopped = stop_text(&config, &played);
    let pages = read_records::<R>(&mut played.tally, game_pages, config.quiet);
    let mut report = Report::new(
        &config.name,
        config.mode,
        config.games,
        &config.programs,
        &played.tally,
        rating,
        played.sprt,
        games.len(),
        stopped,
    );
    report.run = Some(RunTime {
        games: played.new_games,
        wall,
        concurrency: config.concurrency,
    });
    report.pages = pages;
    report.changed = plan.changed.clone();
    print_report(&report, played.tally.games, &reports, &config.log_dir)?;
    finish(&config, &results_path, &played)
}

/// Writes the Slurm batch script and submits it (or prints it).
pub(super) fn submit(
    slurm: &Slurm,
    jobs: &[job::GameJob],
    dry_run: bool,
    plan_file: &mut PlanFile,
    plan_path: &Path,
    (finished, scheduled): (usize, usize),
) -> Result<u8, Failure> {
    if jobs.is_empty() {
        eprintln!(
            "tournament: every game already has a result ({finished} of {scheduled}); nothing \
             to submit; `tournament merge {}` prints the report",
            slurm.job_list.dir.display()
        );
        return Ok(0);
    }
    let script = slurm.write(jobs).map_err(anyhow::Error::from)?;
    let summary = format!(
        "{} game(s) ({finished} of {scheduled} already have a result), {} per task: array \
         1-{}; job list {}, script {}",
        script.games,
        script.per_task,
        script.tasks,
        slurm.job_list.path().display(),
        script.path.display()
    );
    if dry_run {
        print!("{}", script.text);
        eprintln!(
            "tournament: not submitted: {summary}; submit it with `sbatch {}`, then \
             `tournament merge {}`",
            script.path.display(),
            slurm.job_list.dir.display()
        );
        return Ok(0);
    }
    let id = slurm
        .submit(Path::new("sbatch"))
        .map_err(anyhow::Error::from)?;
    plan_file.slurm_job = Some(id.clone());
    plan_file.write(plan_path).map_err(anyhow::Error::from)?;
    println!(
        "submitted array job {id}: {summary}. When it is done (squeue -j {id}), run \
         `tournament merge {}`; running this command again submits the games still missing.",
        slurm.job_list.dir.display()
    );
    Ok(0)
}

/// Why the tournament ended early, for the report's first line.
pub(super) fn stop_text(config: &Config, played: &Played) -> Option<String> {
    if matches!(
        played.outcome.stop,
        Some(StopReason::Interrupted | StopReason::Terminated | StopReason::Killed)
    ) {
        return Some("interrupted".into());
    }
    if let Some(fatal) = &played.fatal {
        return Some(format!("stopped: {}", game_core::error_chain(fatal)));
    }
    if config.sprt.is_some()
        && played
            .sprt
            .is_some_and(|s| s.decision != Decision::Continue)
    {
        return Some("stopped by the SPRT".into());
    }
    (played.unfinished > 0).then(|| format!("{} without a verdict", played.unfinished))
}

/// Final words on standard error and the exit status.
pub(super) fn finish(config: &Config, results: &Path, played: &Played) -> Result<u8, Failure> {
    let resume_hint = format!(
        "rerun the same command (results in {}) to play the missing games",
        results.display()
    );
    if let Some(signal) = played.outcome.signal {
        eprintln!(
            "tournament: interrupted: {} game(s) played in this run, {} unfinished; {resume_hint}",
            played.new_games, played.unfinished
        );
        return Ok(128u8.saturating_add(signal as u8));
    }
    match &played.fatal {
        Some(fatal @ Fatal::Usage(_)) => return Err(usage(anyhow!("{fatal}"))),
        Some(fatal) => {
            return Err(anyhow!("{}; {resume_hint}", game_core::error_chain(fatal)).into());
        }
        None => {}
    }
    let sprt_decided = played
        .sprt
        .is_some_and(|s| s.decision != Decision::Continue);
    if played.unfinished > 0 && !sprt_decided {
        let first = played
            .failures
            .first()
            .map(|f| {
                format!(
                    " (first: game {}: {})",
                    f.id,
                    game_core::error_chain(&*f.error)
                )
            })
            .unwrap_or_default();
        return Err(anyhow!(
            "{} game(s) ended without a verdict{first}; {resume_hint}",
            played.failures.len()
        )
        .into());
    }
    if !config.quiet && played.new_games == 0 && played.unfinished == 0 {
        eprintln!("tournament: every game already had a result; nothing was played");
    }
    Ok(0)
}
