//! `tournament`: plays many games between programs through the `referee`,
//! in parallel and resumably, and reports crosstable, ratings and SPRT.
//! See `docs/tournament.md`.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, anyhow};
use clap::Parser;

use tournament::play::{self, Config, Fatal, Played};
use tournament::rating::{Anchor, RatingOptions};
use tournament::record::Settings;
use tournament::report::{Format, Report, RunTime};
use tournament::results_file::ResultsFile;
use tournament::runner::StopReason;
use tournament::schedule::{self, Mode};
use tournament::sprt::{Decision, Sprt};
use tournament::{clock, resume, spec};

/// Runs a tournament between programs of any game of the referee (Stratego
/// by default): every game a separate `referee --json` process, many at
/// once, results appended to a JSON-lines file as games end (rerun to
/// resume), then a crosstable, Elo ratings and per-program failure counts.
#[derive(Parser, Debug)]
#[command(version, about, after_help = AFTER_HELP)]
struct Cli {
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
}

const AFTER_HELP: &str = "\
Examples:
  tournament ./player 'rand=./player --strategy random' -j 2
  tournament --gauntlet --games 10 new=./new-bot old1=./old-bot ./other
  tournament --sprt 0,10,0.05,0.05 'new=./player --seed {seed}' 'old=./old-player --seed {seed}'

Exit status: 0 when every game has a result (or the SPRT decided), 1 when
games ended without a verdict or on an internal error, 2 on bad input,
128+N when stopped by signal N. Rerun the same command to resume.";

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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
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
}

fn setup(cli: Cli) -> Result<Setup, Failure> {
    let game_options = shlex::split(&cli.game_options).ok_or_else(|| {
        usage(anyhow!(
            "--game-options `{}`: a quote is not closed, or it ends with a lone backslash",
            cli.game_options
        ))
    })?;
    let game = tournament::game::describe(&cli.game, &game_options).map_err(|e| usage(e.into()))?;
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
    let programs =
        spec::resolve(&parsed, std::env::var_os("PATH").as_deref()).map_err(|e| usage(e.into()))?;
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

fn run(cli: Cli) -> Result<u8, Failure> {
    let Setup {
        config,
        results: results_path,
        rating,
        reports,
        force,
    } = setup(cli)?;
    let (mut results, contents) = ResultsFile::open(&results_path).map_err(|e| usage(e.into()))?;
    if let Some(line) = contents.dropped_line {
        eprintln!(
            "tournament: {}: line {line} was incomplete (an interrupted write) and was dropped; \
             its game will be played again",
            results_path.display()
        );
    }
    let names: Vec<String> = config.programs.iter().map(|p| p.name.clone()).collect();
    let games = schedule::schedule(&names, config.mode, config.games, config.seats);
    let plan = resume::plan(
        &games,
        &config.programs,
        &config.settings,
        &contents.records,
        force,
    )
    .map_err(|e| usage(e.into()))?;
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
    let finished = games.len() - plan.to_play.len();
    if !config.quiet {
        eprintln!(
            "tournament {}: {} of {} programs, {} game(s) per pairing: {} games; {} already in \
             {}; {} at a time; logs in {}/",
            config.name,
            config.mode,
            config.programs.len(),
            config.games,
            games.len(),
            finished,
            results_path.display(),
            config.concurrency,
            config.log_dir.display(),
        );
    }

    let start = Instant::now();
    let played = play::play(&config, &games, &plan, &contents.records, &mut results)
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
    // A report of no game says nothing; files asked for are still written.
    if played.tally.games > 0 {
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(report.markdown().as_bytes());
        let _ = stdout.flush();
    }
    for path in &reports {
        report.write(path).map_err(anyhow::Error::from)?;
    }
    finish(&config, &results_path, &played)
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
        return Some(format!("stopped: {}", play::error_chain(fatal)));
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
            return Err(anyhow!("{}; {resume_hint}", play::error_chain(fatal)).into());
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
            .map(|f| format!(" (first: game {}: {})", f.id, play::error_chain(&*f.error)))
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
