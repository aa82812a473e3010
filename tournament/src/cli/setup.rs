//! What the command line decides, checked: the tournament's
//! configuration, its files and its executor.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use anyhow::{Context, anyhow};
use games::Registry;

use crate::plan::schedule::Mode;
use crate::plan::{clock, spec};
use crate::report::Format;
use crate::report::rating::{Anchor, RatingOptions};
use crate::results::record::Settings;
use crate::run::play::Config;

use super::args::*;
use super::{Failure, usage};

/// Everything the command line decides, checked.
pub(super) struct Setup {
    pub(super) config: Config,
    pub(super) results: PathBuf,
    pub(super) rating: RatingOptions,
    pub(super) reports: Vec<PathBuf>,
    /// Whether the HTML reports get each game's viewer page.
    pub(super) game_pages: bool,
    pub(super) force: bool,
    pub(super) executor: ExecutorKind,
    /// `-j` as given.
    pub(super) jobs: Option<usize>,
    pub(super) sshloginfile: Option<PathBuf>,
    pub(super) sbatch_args: Vec<String>,
    pub(super) games_per_task: Option<usize>,
    pub(super) dry_run: bool,
    /// `--affinity`: each game's players pinned to CPUs of their own.
    pub(super) affinity: bool,
}

pub(super) fn setup<R: Registry>(cli: TournamentArgs) -> Result<Setup, Failure> {
    if cli.affinity && cli.executor != ExecutorKind::Local {
        return Err(usage(anyhow!(
            "--affinity is for the local executor (the tournament's own runner): pin the \
             workers of --executor {} with its own means",
            cli.executor.name()
        )));
    }
    match cli.executor {
        ExecutorKind::Parallel => {}
        _ if cli.sshloginfile.is_some() => {
            return Err(usage(anyhow!("--sshloginfile is for --executor parallel")));
        }
        _ => {}
    }
    if cli.executor != ExecutorKind::Slurm
        && (!cli.sbatch_arg.is_empty() || cli.games_per_task.is_some() || cli.dry_run)
    {
        return Err(usage(anyhow!(
            "--sbatch-arg, --games-per-task and --dry-run are for --executor slurm"
        )));
    }
    if cli.executor == ExecutorKind::Slurm && cli.sprt.is_some() {
        return Err(usage(anyhow!(
            "--sprt needs to see games end while it runs: use --executor local or parallel"
        )));
    }
    if let Some(file) = &cli.sshloginfile
        && !file.is_file()
    {
        return Err(usage(anyhow!(
            "--sshloginfile `{}`: no such file",
            file.display()
        )));
    }
    let game_options = shlex::split(&cli.game_options).ok_or_else(|| {
        usage(anyhow!(
            "--game-options `{}`: a quote is not closed, or it ends with a lone backslash",
            cli.game_options
        ))
    })?;
    let game =
        crate::plan::game::describe::<R>(&cli.game, &game_options).map_err(|e| usage(e.into()))?;
    let mut parsed = Vec::with_capacity(cli.programs.len());
    for (i, text) in cli.programs.iter().enumerate() {
        let arg = spec::parse(text)
            .with_context(|| format!("program {} (`{text}`)", i + 1))
            .map_err(usage)?;
        parsed.push(arg);
    }
    if parsed.len() < game.seats.max(2) {
        return Err(usage(anyhow!(
            "a tournament of {} ({} seats) needs at least {} programs (got {})",
            game.name,
            game.seats,
            game.seats.max(2),
            parsed.len()
        )));
    }
    let mut programs =
        spec::resolve(&parsed, std::env::var_os("PATH").as_deref()).map_err(|e| usage(e.into()))?;
    for p in &cli.protocol {
        let (name, protocol) = p
            .split_once('=')
            .filter(|(n, pr)| !n.is_empty() && !pr.is_empty())
            .ok_or_else(|| usage(anyhow!("--protocol `{p}` is not NAME=PROTOCOL")))?;
        let program = programs
            .iter_mut()
            .find(|q| q.name == name)
            .ok_or_else(|| usage(anyhow!("--protocol `{p}`: no program is named `{name}`")))?;
        program.protocol = Some(protocol.to_owned());
    }
    for p in &cli.program_time_limit_ms {
        let parsed = p
            .split_once('=')
            .and_then(|(n, ms)| Some((n, ms.parse::<u64>().ok().filter(|&ms| ms > 0)?)));
        let Some((name, ms)) = parsed else {
            return Err(usage(anyhow!(
                "--program-time-limit-ms `{p}` is not NAME=MS (MS a positive number)"
            )));
        };
        let program = programs
            .iter_mut()
            .find(|q| q.name == name)
            .ok_or_else(|| {
                usage(anyhow!(
                    "--program-time-limit-ms `{p}`: no program is named `{name}`"
                ))
            })?;
        program.time_limit_ms = Some(ms);
    }
    // Each program's identity on resume: what its files are now.
    for program in &mut programs {
        program.content = Some(spec::identify(program).map_err(|e| usage(e.into()))?);
    }
    if cli.sprt.is_some() && (programs.len() != 2 || game.seats != 2) {
        return Err(usage(anyhow!(
            "--sprt compares two programs in a two-seat game (got {} programs, {} seats)",
            programs.len(),
            game.seats
        )));
    }
    if cli.pairs && game.seats != 2 {
        return Err(usage(anyhow!(
            "--pairs swaps the seats of a two-seat game ({} has {} seats)",
            game.name,
            game.seats
        )));
    }
    if cli.pairs
        && let Some(n) = cli.games.filter(|n| n % 2 == 1)
    {
        return Err(usage(anyhow!(
            "--pairs plays games two by two: --games must be even (got {n})"
        )));
    }
    let anchor = match &cli.anchor {
        None => Anchor::Mean,
        Some(name) => Anchor::Program(
            programs
                .iter()
                .position(|p| &p.name == name)
                .ok_or_else(|| usage(anyhow!("--anchor: no program is named `{name}`")))?,
        ),
    };
    if !(cli.prior.is_finite() && cli.prior >= 0.0) {
        return Err(usage(anyhow!(
            "--prior must be a number of draws, 0 or more"
        )));
    }
    for path in &cli.report {
        Format::of(path).map_err(|e| usage(e.into()))?;
    }
    let referee = match cli.referee {
        Some(path) => path,
        None => default_referee()?,
    };
    spec::check_executable(&referee).map_err(|e| {
        usage(anyhow!(
            "referee: {e} (build it with `cargo build --bins`, or pass --referee PATH)"
        ))
    })?;
    let name = match (&cli.name, &cli.results) {
        (Some(name), _) => name.clone(),
        (None, Some(results)) => stem_name(results),
        (None, None) => format!("tournament-{}", clock::utc_stamp(SystemTime::now())),
    };
    if !spec::is_valid_name(&name) {
        return Err(usage(anyhow!(
            "invalid tournament name `{name}`: use letters, digits, `.`, `_` and `-`"
        )));
    }
    let log_dir = cli.log_dir.join(&name);
    let results = cli.results.unwrap_or_else(|| log_dir.join("results.jsonl"));
    let time_limit_ms = cli.time_limit_ms.unwrap_or(game.defaults.time_limit_ms);
    let max_turns = cli.max_turns.unwrap_or(u64::from(game.defaults.max_turns));
    let settings = Settings {
        game: game.name.clone(),
        game_options,
        time_limit_ms,
        max_turns,
        referee_args: cli.referee_arg,
        pairs: cli.pairs,
    };
    let game_timeout = match cli.game_timeout {
        Some(0) => None,
        Some(secs) => Some(Duration::from_secs(secs)),
        // Without a turn limit a game has no longest length.
        None if max_turns == 0 => None,
        // Every turn and the setups may take the whole reply limit (a
        // setup's limit is at most a few seconds more).
        None => Some(
            Duration::from_millis(
                2u64.saturating_mul(max_turns.saturating_add(2))
                    .saturating_mul(time_limit_ms),
            )
            .saturating_add(Duration::from_secs(60)),
        ),
    };
    let concurrency = match cli.concurrency {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let games = cli
        .games
        .unwrap_or(if cli.sprt.is_some() { 20_000 } else { 2 });
    Ok(Setup {
        config: Config {
            name,
            programs,
            mode: if cli.gauntlet {
                Mode::Gauntlet
            } else {
                Mode::RoundRobin
            },
            games,
            seats: game.seats,
            settings,
            referee,
            log_dir,
            concurrency,
            game_timeout,
            sprt: cli.sprt,
            quiet: cli.quiet,
        },
        results,
        rating: RatingOptions {
            prior_draws: cli.prior,
            anchor,
        },
        reports: cli.report,
        game_pages: !cli.no_game_pages,
        force: cli.force,
        executor: cli.executor,
        jobs: cli.concurrency.map(|n| n as usize),
        sshloginfile: cli.sshloginfile,
        sbatch_args: cli.sbatch_arg,
        games_per_task: cli.games_per_task.map(|n| n as usize),
        dry_run: cli.dry_run,
        affinity: cli.affinity,
    })
}

/// `referee` in the directory of this executable (where cargo puts both).
pub(super) fn default_referee() -> Result<PathBuf, Failure> {
    let exe = std::env::current_exe().context("cannot locate the tournament executable")?;
    Ok(exe.with_file_name("referee"))
}

/// A tournament name from a results file name: its stem, made valid.
pub(super) fn stem_name(results: &Path) -> String {
    let stem = results
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    spec::name_from(&stem).unwrap_or_else(|| "tournament".to_owned())
}

/// The working directory, absolute: every job enters it.
pub(super) fn workdir() -> Result<PathBuf, Failure> {
    Ok(std::env::current_dir().context("cannot read the working directory")?)
}
