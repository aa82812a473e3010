//! The local executor: the tournament's own runner, each game's referee a
//! child process in its own process group, with the game's wall-clock
//! limit, staged stopping on signals and the clean-up of orphans.

use crate::plan::job::{GameJob, KILL_GRACE};
use crate::run::play::Config;
use crate::run::runner::{Handler, RunOutcome, Runner};

/// Runs `jobs`, `config.concurrency` at a time. Each game's log directory
/// is emptied just before its referee starts.
pub fn run(
    config: &Config,
    jobs: Vec<GameJob>,
    handler: &mut dyn Handler,
) -> std::io::Result<RunOutcome> {
    let runner = Runner {
        concurrency: config.concurrency,
        grace: KILL_GRACE,
    };
    runner.run(
        jobs.into_iter().map(|job| {
            job.clear_dir();
            job.runner_job()
        }),
        handler,
    )
}
