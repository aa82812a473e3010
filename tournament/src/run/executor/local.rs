//! The local executor: the tournament's own runner, each game's referee a
//! child process in its own process group, with the game's wall-clock
//! limit, staged stopping on signals and the clean-up of orphans.

use crate::plan::job::{GameJob, KILL_GRACE};
use crate::run::play::Config;
use crate::run::runner::{Handler, RunOutcome, Runner};

/// Runs `jobs`, `config.concurrency` at a time, each with the arguments
/// of its slot (`slot_args`) added. Each game's log directory is emptied
/// just before its referee starts.
pub fn run(
    config: &Config,
    jobs: Vec<GameJob>,
    slot_args: &[Vec<std::ffi::OsString>],
    handler: &mut dyn Handler,
) -> std::io::Result<RunOutcome> {
    let runner = Runner {
        concurrency: config.concurrency,
        grace: KILL_GRACE,
        slot_args: slot_args.to_vec(),
    };
    runner.run(
        jobs.into_iter().map(|job| {
            job.clear_dir();
            job.runner_job()
        }),
        handler,
    )
}
