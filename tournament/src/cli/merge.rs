//! `tournament merge`: the games other schedulers ran merged into the
//! results file by game id, and the report.

use std::path::PathBuf;

use anyhow::{Context, anyhow};
use games::Registry;

use crate::plan::file::PlanFile;
use crate::plan::resume;
use crate::report::rating::Anchor;
use crate::report::sprt::Decision;
use crate::report::{Format, Report};
use crate::results::file::ResultsFile;
use crate::run::harvest::{self};
use crate::run::play::{self};
use crate::run::session::{self};

use super::args::*;
use super::setup::*;
use super::tell::*;
use super::{Failure, usage};

/// `tournament merge`: collects the finished games into the results file
/// and prints the report.
pub(super) fn merge<R: Registry>(args: MergeArgs) -> Result<u8, Failure> {
    let given = if args.dir.is_dir() {
        args.dir.join(crate::plan::file::FILE)
    } else {
        args.dir.clone()
    };
    let cwd = workdir()?;
    let plan_path = cwd.join(&given);
    let plan_file = PlanFile::read(&plan_path)
        .map_err(|e| usage(e.into()))?
        .ok_or_else(|| {
            usage(anyhow!(
                "no plan file {} (a tournament's log directory has one once it was run or \
                 planned)",
                given.display()
            ))
        })?;
    // Report files are named from here; the tournament's paths from its
    // working directory.
    let mut reports: Vec<PathBuf> = plan_file
        .reports
        .iter()
        .map(|r| plan_file.workdir_for(&plan_path).join(r))
        .collect();
    reports.extend(args.report.iter().map(|r| cwd.join(r)));
    for path in &reports {
        Format::of(path).map_err(|e| usage(e.into()))?;
    }
    let workdir = plan_file.workdir_for(&plan_path);
    std::env::set_current_dir(&workdir).with_context(|| {
        format!(
            "cannot enter the tournament's directory {}",
            workdir.display()
        )
    })?;
    let config = plan_file
        .config(&plan_path, args.quiet)
        .map_err(|e| usage(e.into()))?;
    let mut rating = plan_file.rating(&plan_path).map_err(|e| usage(e.into()))?;
    if let Some(prior) = args.prior {
        if !(prior.is_finite() && prior >= 0.0) {
            return Err(usage(anyhow!(
                "--prior must be a number of draws, 0 or more"
            )));
        }
        rating.prior_draws = prior;
    }
    if let Some(name) = &args.anchor {
        rating.anchor = Anchor::Program(
            config
                .programs
                .iter()
                .position(|p| &p.name == name)
                .ok_or_else(|| usage(anyhow!("--anchor: no program is named `{name}`")))?,
        );
    }
    let (mut results, contents) =
        ResultsFile::open(&plan_file.results).map_err(|e| usage(e.into()))?;
    let games = session::schedule_of(&config);
    let mut records = contents.records;
    let harvest = harvest::harvest(&config, &games, &workdir, &records, &mut results)
        .map_err(anyhow::Error::from)?;
    records.extend(harvest.merged.iter().cloned());
    let force = args.force || plan_file.force;
    let plan = resume::plan(&games, &config.programs, &config.settings, &records, force)
        .map_err(|e| usage(e.into()))?;
    results.close().map_err(anyhow::Error::from)?;
    if !args.quiet {
        tell_resume(&plan);
        for (id, what) in &harvest.mismatched {
            eprintln!("tournament: game {id}: its verdict is not this game's ({what}); left out");
        }
    }
    let mut tally = play::tally_of(&config, &games, &plan, &records);
    let pages = read_records::<R>(&mut tally, !args.no_game_pages, args.quiet);
    let sprt = play::sprt_of(&config, &tally);
    let missing = plan.to_play.len();
    let sprt_decided = sprt.is_some_and(|s| s.decision != Decision::Continue);
    let stopped = (missing > 0 && !sprt_decided).then(|| format!("{missing} without a result yet"));
    let mut report = Report::new(
        &config.name,
        config.mode,
        config.games,
        &config.programs,
        &tally,
        rating,
        sprt,
        games.len(),
        stopped,
    );
    report.pages = pages;
    print_report(&report, tally.games, &reports, &config.log_dir)?;
    eprintln!(
        "tournament: merged {} game(s) into {}; {} of {} games have a result",
        harvest.merged.len(),
        plan_file.results.display(),
        games.len() - missing,
        games.len()
    );
    if missing > 0 && !sprt_decided {
        let running = if harvest.unreadable.is_empty() {
            String::new()
        } else {
            format!(
                " ({} have a verdict file that is not a verdict yet: still running, or \
                 stopped)",
                harvest.unreadable.len()
            )
        };
        return Err(anyhow!(
            "{missing} game(s) have no result yet{running}; when they are done, merge again; \
             rerunning the tournament's command plans (and with --executor slurm submits) \
             only the missing ones"
        )
        .into());
    }
    Ok(0)
}
