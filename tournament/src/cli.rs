//! The `tournament` program: plays many games between programs through
//! the `referee`, in parallel and resumably, and reports crosstable,
//! ratings and SPRT (`docs/tournament.md`). Generic over the registry of
//! games, so that a program may run it with games of its own added
//! ([`games::And`]: the tests' tournament plays their sixth game); the one
//! we ship (`src/main.rs`) plays the list's. Its errors end here, printed:
//! nothing of it but [`main`] is public.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, anyhow};
use clap::{Args, Parser, Subcommand, ValueEnum};
use games::Registry;

use crate::executor::slurm::{self, Slurm};
use crate::executor::{self as exec, Executor, Parallel};
use crate::harvest::{self, Harvest};
use crate::plan_file::PlanFile;
use crate::play::{self, Config, Fatal, Played};
use crate::rating::{Anchor, RatingOptions};
use crate::record::Settings;
use crate::report::{Format, Report, RunTime};
use crate::results_file::ResultsFile;
use crate::resume::Plan;
use crate::runner::StopReason;
use crate::schedule::Mode;
use crate::session::{self, Prepared};
use crate::sprt::{Decision, Sprt};
use crate::{clock, job, resume, spec};

/// Runs a tournament between programs of any game of the referee (Stratego
/// by default): every game a separate `referee --json` process, many at
/// once (here, through GNU parallel on local job slots or ssh workers, or
/// as a Slurm array job), results appended to a JSON-lines file as games
/// end (rerun to resume), then a crosstable, Elo ratings and per-program
/// failure counts.
#[derive(Parser, Debug)]
#[command(
    version,
    about,
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Sub>,
    #[command(flatten)]
    run: TournamentArgs,
}

#[derive(Subcommand, Debug)]
enum Sub {
    /// Writes the tournament's plan and job list (one referee command per
    /// game still without a result, each writing its verdict to its own
    /// file) for any scheduler; with --executor slurm, the batch script
    /// too. Nothing is run. (A program named `plan` or `merge` is written
    /// `./plan`.)
    Plan(Box<TournamentArgs>),
    /// Merges the games that the job list's commands finished into the
    /// results file, by game id (a game that ran twice counts once), and
    /// prints the report.
    Merge(MergeArgs),
}

/// What runs the games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ExecutorKind {
    /// The tournament itself, -j games at once.
    Local,
    /// GNU parallel: local job slots (-j), or the workers of --sshloginfile.
    Parallel,
    /// Slurm: a batch script running the job list as an array job, submitted
    /// with sbatch; `tournament merge` collects the games.
    Slurm,
}

impl ExecutorKind {
    fn name(self) -> &'static str {
        match self {
            ExecutorKind::Local => "local",
            ExecutorKind::Parallel => "parallel",
            ExecutorKind::Slurm => "slurm",
        }
    }
}

#[derive(Args, Debug)]
struct TournamentArgs {
    /// `[NAME=]PATH [ARG...]`, one argument per program (quote it): the
    /// program, its arguments (split like a shell would, without expansions)
    /// and optionally its name (default: the file name, numbered if shared).
    /// In arguments, `{seed}` becomes a per-game seed and `{game}` the
    /// game's number in its pairing.
    #[arg(required = true, value_name = "PROGRAM")]
    programs: Vec<String>,

    /// The game (`referee --list-games`).
    #[arg(long, value_name = "NAME", default_value = games::DEFAULT)]
    game: String,

    /// The game's own options, one string split like a shell command line
    /// (`--game-options '--cols 9 --rows 9'`); they decide the number of
    /// seats of games that have several.
    #[arg(
        long,
        value_name = "OPTIONS",
        default_value = "",
        allow_hyphen_values = true
    )]
    game_options: String,

    /// Seat the first program with each combination of the others only
    /// (default: every combination; in a two-seat game, every pair).
    #[arg(long)]
    gauntlet: bool,

    /// Games per table (per pairing, in a two-seat game); seats rotate
    /// [default: 2, or 20000 with --sprt].
    #[arg(short = 'g', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    games: Option<u32>,

    /// Games played at once [default: the number of cores].
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    concurrency: Option<u64>,

    /// Results file (JSON lines), appended as games end; an existing file is
    /// resumed [default: LOG_DIR/NAME/results.jsonl].
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,

    /// Tournament name, used for its log directory [default: the results
    /// file's stem, or tournament-YYYYMMDD-HHMMSS].
    #[arg(long)]
    name: Option<String>,

    /// Root of the log directories: game ID logs to LOG_DIR/NAME/ID/.
    #[arg(long, value_name = "DIR", default_value = "logs")]
    log_dir: PathBuf,

    /// Also write the report to FILE: Markdown for .md/.markdown; CSV for
    /// .csv (standings, with the crosstable in FILE's .crosstable.csv
    /// sibling). Repeatable.
    #[arg(long, value_name = "FILE")]
    report: Vec<PathBuf>,

    /// Resume even when the results file holds games played with other
    /// programs or settings (they are replayed) or games not in this
    /// tournament (they are ignored).
    #[arg(long)]
    force: bool,

    /// Stop as soon as the SPRT decides whether the first program is elo0 or
    /// elo1 Elo stronger than the second (two programs only).
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    sprt: Option<Sprt>,

    /// Virtual draws added to every pair that played, keeping ratings finite
    /// after 100% scores; 0 = pure maximum likelihood.
    #[arg(long, value_name = "DRAWS", default_value_t = 1.0)]
    prior: f64,

    /// Rate relative to this program instead of the programs' mean.
    #[arg(long, value_name = "NAME")]
    anchor: Option<String>,

    /// The referee [default: `referee` next to this executable].
    #[arg(long, value_name = "PATH")]
    referee: Option<PathBuf>,

    /// The referee's per-reply time limit [default: the game's].
    #[arg(long, value_name = "MS")]
    time_limit_ms: Option<u64>,

    /// The referee's turn limit [default: the game's].
    #[arg(long, value_name = "N")]
    max_turns: Option<u64>,

    /// NAME=PROTOCOL: the program named NAME speaks the game's protocol
    /// PROTOCOL rather than the game's own (Stratego: `ucc`, an agent of
    /// the UCC 2012 manager); the referee is told its seat in each game
    /// (`--protocol SEAT=PROTOCOL`). Repeatable.
    #[arg(long, value_name = "NAME=PROTOCOL")]
    protocol: Vec<String>,

    /// NAME=MS: the program named NAME has a time limit of its own for its
    /// setup and every move, in ms (the referee's `--player-time-limit-ms`
    /// for its seat in each game). Repeatable.
    #[arg(long, value_name = "NAME=MS")]
    program_time_limit_ms: Vec<String>,

    /// A further referee argument, passed as it is (repeatable; write
    /// `--referee-arg=--option`).
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    referee_arg: Vec<String>,

    /// Wall-clock limit of one game, after which its referee is stopped and
    /// the game counts as failed; 0 = none [default: twice the longest
    /// possible game plus a minute; none with --max-turns 0].
    #[arg(long, value_name = "SECS")]
    game_timeout: Option<u64>,

    /// No progress bar and no line per game (notices and the report stay).
    #[arg(short, long)]
    quiet: bool,

    /// What runs the games: `local` (this process), `parallel` (GNU
    /// parallel) or `slurm` (an sbatch array job).
    #[arg(long, value_enum, default_value_t = ExecutorKind::Local)]
    executor: ExecutorKind,

    /// GNU parallel's workers, one sshlogin a line (`parallel
    /// --sshloginfile`; `:` is this machine); the programs, the referee and
    /// the working directory must be at the same paths on every worker.
    #[arg(long, value_name = "FILE")]
    sshloginfile: Option<PathBuf>,

    /// A further `#SBATCH` option of the batch script (`--sbatch-arg
    /// --partition=short`); repeatable.
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    sbatch_arg: Vec<String>,

    /// Games run one after another by each Slurm array task [default: as
    /// few as keep the array within 1000 tasks].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    games_per_task: Option<u64>,

    /// With --executor slurm: write the job list and the batch script and
    /// print the script, without submitting it.
    #[arg(long)]
    dry_run: bool,
}

#[derive(Args, Debug)]
struct MergeArgs {
    /// The tournament's log directory (LOG_DIR/NAME), or its plan file.
    #[arg(value_name = "DIR")]
    dir: PathBuf,

    /// Also write the report to FILE (besides those the plan names).
    #[arg(long, value_name = "FILE")]
    report: Vec<PathBuf>,

    /// Virtual draws per pair that played [default: the plan's].
    #[arg(long, value_name = "DRAWS")]
    prior: Option<f64>,

    /// Rate relative to this program [default: the plan's].
    #[arg(long, value_name = "NAME")]
    anchor: Option<String>,

    /// Accept a results file that holds games played with other programs
    /// or settings (they are left out) or games not in this tournament.
    #[arg(long)]
    force: bool,

    /// Fewer notices.
    #[arg(short, long)]
    quiet: bool,
}

const AFTER_HELP: &str = "\
Examples:
  tournament ./player 'rand=./player --strategy random' -j 2
  tournament --gauntlet --games 10 new=./new-bot old1=./old-bot ./other
  tournament --sprt 0,10,0.05,0.05 'new=./player --seed {seed}' 'old=./old-player --seed {seed}'
  tournament --executor parallel --sshloginfile workers -j 4 'a=/opt/bots/a' 'b=/opt/bots/b'
  tournament --executor slurm --sbatch-arg=--partition=short 'a=/opt/a' 'b=/opt/b'
  tournament merge logs/NAME

Exit status: 0 when every game has a result (or the SPRT decided; for
--executor slurm and plan: when the job list is written, and submitted), 1
when games ended without a verdict (or, for merge, are still missing) or on
an internal error, 2 on bad input, 128+N when stopped by signal N. Rerun the
same command to resume.";

/// An error and the exit status it calls for.
struct Failure {
    error: anyhow::Error,
    status: u8,
}

/// Bad input: exit status 2.
fn usage(error: anyhow::Error) -> Failure {
    Failure { error, status: 2 }
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Failure {
        Failure { error, status: 1 }
    }
}

/// The `tournament` program with the games of registry `R`: `args` is its
/// command line, the program's name first. Returns the exit status.
pub fn main<R: Registry>(args: Vec<std::ffi::OsString>) -> ExitCode {
    let cli = Cli::parse_from(args);
    let result = match cli.command {
        None => run::<R>(cli.run, false),
        Some(Sub::Plan(args)) => run::<R>(*args, true),
        Some(Sub::Merge(args)) => merge(args),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(failure) => {
            eprintln!("tournament: error: {:#}", failure.error);
            ExitCode::from(failure.status)
        }
    }
}

/// Everything the command line decides, checked.
struct Setup {
    config: Config,
    results: PathBuf,
    rating: RatingOptions,
    reports: Vec<PathBuf>,
    force: bool,
    executor: ExecutorKind,
    /// `-j` as given.
    jobs: Option<usize>,
    sshloginfile: Option<PathBuf>,
    sbatch_args: Vec<String>,
    games_per_task: Option<usize>,
    dry_run: bool,
}

fn setup<R: Registry>(cli: TournamentArgs) -> Result<Setup, Failure> {
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
    let game = crate::game::describe::<R>(&cli.game, &game_options).map_err(|e| usage(e.into()))?;
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
    if cli.sprt.is_some() && (programs.len() != 2 || game.seats != 2) {
        return Err(usage(anyhow!(
            "--sprt compares two programs in a two-seat game (got {} programs, {} seats)",
            programs.len(),
            game.seats
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
        force: cli.force,
        executor: cli.executor,
        jobs: cli.concurrency.map(|n| n as usize),
        sshloginfile: cli.sshloginfile,
        sbatch_args: cli.sbatch_arg,
        games_per_task: cli.games_per_task.map(|n| n as usize),
        dry_run: cli.dry_run,
    })
}

/// `referee` in the directory of this executable (where cargo puts both).
fn default_referee() -> Result<PathBuf, Failure> {
    let exe = std::env::current_exe().context("cannot locate the tournament executable")?;
    Ok(exe.with_file_name("referee"))
}

/// A tournament name from a results file name: its stem, made valid.
fn stem_name(results: &Path) -> String {
    let stem = results
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    spec::name_from(&stem).unwrap_or_else(|| "tournament".to_owned())
}

/// The working directory, absolute: every job enters it.
fn workdir() -> Result<PathBuf, Failure> {
    Ok(std::env::current_dir().context("cannot read the working directory")?)
}

/// Runs the tournament (or, with `plan_only`, writes its plan and job
/// list).
fn run<R: Registry>(args: TournamentArgs, plan_only: bool) -> Result<u8, Failure> {
    let Setup {
        config,
        results: results_path,
        rating,
        reports,
        force,
        executor,
        jobs,
        sshloginfile,
        sbatch_args,
        games_per_task,
        dry_run,
    } = setup::<R>(args)?;
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

    if plan_only || executor == ExecutorKind::Slurm {
        let jobs_to_play: Vec<job::GameJob> = plan
            .to_play
            .iter()
            .map(|&g| job::GameJob::new(&config, &games[g], g))
            .collect();
        results.close().map_err(anyhow::Error::from)?;
        if executor == ExecutorKind::Slurm {
            let slurm = Slurm {
                dir: config.log_dir.clone(),
                workdir: workdir.clone(),
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
        let list = config.log_dir.join(exec::parallel::JOB_LIST);
        exec::write_job_list(&list, &workdir, &jobs_to_play).map_err(anyhow::Error::from)?;
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
            dir: config.log_dir.clone(),
            workdir: workdir.clone(),
            sshloginfile,
            jobs,
        }),
        _ => Executor::Local,
    };
    if !config.quiet {
        let at_once = match (&exec, jobs) {
            (Executor::Local, _) => format!("{} at a time", config.concurrency),
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
    let played = play::play_on(&exec, &config, &games, &plan, &records, &mut results)
        .context("cannot run the games")?;
    let wall = start.elapsed();
    results.close().map_err(anyhow::Error::from)?;

    let stopped = stop_text(&config, &played);
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
    print_report(&report, played.tally.games, &reports)?;
    finish(&config, &results_path, &played)
}

/// Prints the report (unless it has no game) and writes the report files.
fn print_report(report: &Report<'_>, games: u32, files: &[PathBuf]) -> Result<(), Failure> {
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
fn tell_harvest(harvest: &Harvest, log_dir: &Path, not_merged: Option<&str>) {
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
fn tell_resume(plan: &Plan) {
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

/// Writes the Slurm batch script and submits it (or prints it).
fn submit(
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
            slurm.dir.display()
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
        slurm.job_list().display(),
        script.path.display()
    );
    if dry_run {
        print!("{}", script.text);
        eprintln!(
            "tournament: not submitted: {summary}; submit it with `sbatch {}`, then \
             `tournament merge {}`",
            script.path.display(),
            slurm.dir.display()
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
        slurm.dir.display()
    );
    Ok(0)
}

/// `tournament merge`: collects the finished games into the results file
/// and prints the report.
fn merge(args: MergeArgs) -> Result<u8, Failure> {
    let given = if args.dir.is_dir() {
        args.dir.join(crate::plan_file::FILE)
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
    let tally = play::tally_of(&config, &games, &plan, &records);
    let sprt = play::sprt_of(&config, &tally);
    let missing = plan.to_play.len();
    let sprt_decided = sprt.is_some_and(|s| s.decision != Decision::Continue);
    let stopped = (missing > 0 && !sprt_decided).then(|| format!("{missing} without a result yet"));
    let report = Report::new(
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
    print_report(&report, tally.games, &reports)?;
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

/// Why the tournament ended early, for the report's first line.
fn stop_text(config: &Config, played: &Played) -> Option<String> {
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
fn finish(config: &Config, results: &Path, played: &Played) -> Result<u8, Failure> {
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
