//! The command line: the tournament's arguments and its subcommands'.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::report::sprt::Sprt;

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
pub(super) struct Cli {
    #[command(subcommand)]
    pub(super) command: Option<Sub>,
    #[command(flatten)]
    pub(super) run: TournamentArgs,
}

#[derive(Subcommand, Debug)]
pub(super) enum Sub {
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
pub(super) enum ExecutorKind {
    /// The tournament itself, -j games at once.
    Local,
    /// GNU parallel: local job slots (-j), or the workers of --sshloginfile.
    Parallel,
    /// Slurm: a batch script running the job list as an array job, submitted
    /// with sbatch; `tournament merge` collects the games.
    Slurm,
}

impl ExecutorKind {
    pub(super) fn name(self) -> &'static str {
        match self {
            ExecutorKind::Local => "local",
            ExecutorKind::Parallel => "parallel",
            ExecutorKind::Slurm => "slurm",
        }
    }
}

#[derive(Args, Debug)]
pub(super) struct TournamentArgs {
    /// `[NAME=]PATH [ARG...]`, one argument per program (quote it): the
    /// program, its arguments (split like a shell would, without expansions)
    /// and optionally its name (default: the file name, numbered if shared).
    /// In arguments, `{seed}` becomes a per-game seed and `{game}` the
    /// game's number in its pairing.
    #[arg(required = true, value_name = "PROGRAM")]
    pub(super) programs: Vec<String>,

    /// The game (`referee --list-games`).
    #[arg(long, value_name = "NAME", default_value = games::DEFAULT)]
    pub(super) game: String,

    /// The game's own options, one string split like a shell command line
    /// (`--game-options '--cols 9 --rows 9'`); they decide the number of
    /// seats of games that have several.
    #[arg(
        long,
        value_name = "OPTIONS",
        default_value = "",
        allow_hyphen_values = true
    )]
    pub(super) game_options: String,

    /// Seat the first program with each combination of the others only
    /// (default: every combination; in a two-seat game, every pair).
    #[arg(long)]
    pub(super) gauntlet: bool,

    /// Games per table (per pairing, in a two-seat game); seats rotate
    /// [default: 2, or 20000 with --sprt].
    #[arg(short = 'g', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub(super) games: Option<u32>,

    /// Games played at once [default: the number of cores].
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) concurrency: Option<u64>,

    /// Pin each game's players to CPUs of their own (one each where there
    /// are enough for -j games; else each game's players share the game's
    /// own; else none, as the run says), so that games running at once do
    /// not take each other's time. The local executor only.
    #[arg(long)]
    pub(super) affinity: bool,

    /// Results file (JSON lines), appended as games end; an existing file is
    /// resumed [default: LOG_DIR/NAME/results.jsonl].
    #[arg(long, value_name = "FILE")]
    pub(super) results: Option<PathBuf>,

    /// Tournament name, used for its log directory [default: the results
    /// file's stem, or tournament-YYYYMMDD-HHMMSS].
    #[arg(long)]
    pub(super) name: Option<String>,

    /// Root of the log directories: game ID logs to LOG_DIR/NAME/ID/.
    #[arg(long, value_name = "DIR", default_value = "logs")]
    pub(super) log_dir: PathBuf,

    /// Also write the report to FILE: Markdown for .md/.markdown; HTML for
    /// .html/.htm (linking each game's viewer page); CSV for .csv
    /// (standings, with the crosstable in FILE's .crosstable.csv sibling).
    /// Repeatable. The log directory gets report.md and report.html
    /// anyway.
    #[arg(long, value_name = "FILE")]
    pub(super) report: Vec<PathBuf>,

    /// Write no viewer page per game (LOG_DIR/NAME/ID/view.html) for the
    /// HTML reports: for huge tournaments (the report then lists the games
    /// without links).
    #[arg(long)]
    pub(super) no_game_pages: bool,

    /// Resume even when the results file holds games played with other
    /// referee settings (they are replayed) or games not in this
    /// tournament (they are ignored). A changed program needs no --force:
    /// its own games are replayed, and only those.
    #[arg(long)]
    pub(super) force: bool,

    /// Stop as soon as the SPRT decides whether the first program is elo0 or
    /// elo1 Elo stronger than the second (two programs only).
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    pub(super) sprt: Option<Sprt>,

    /// Play the games of each pairing in pairs (two-seat games): games 2k−1
    /// and 2k get the same seeds (the referee's, so the same drawn start,
    /// and each program's `{seed}`) with the seats swapped; the SPRT and
    /// its Elo interval then count pairs (pentanomial: 0, ½, 1, 1½ or 2
    /// points a pair). --games must be even.
    #[arg(long)]
    pub(super) pairs: bool,

    /// Virtual draws added to every pair that played, keeping ratings finite
    /// after 100% scores; 0 = pure maximum likelihood.
    #[arg(long, value_name = "DRAWS", default_value_t = 1.0)]
    pub(super) prior: f64,

    /// Rate relative to this program instead of the programs' mean.
    #[arg(long, value_name = "NAME")]
    pub(super) anchor: Option<String>,

    /// The referee [default: `referee` next to this executable].
    #[arg(long, value_name = "PATH")]
    pub(super) referee: Option<PathBuf>,

    /// The referee's per-reply time limit [default: the game's].
    #[arg(long, value_name = "MS")]
    pub(super) time_limit_ms: Option<u64>,

    /// The referee's turn limit [default: the game's].
    #[arg(long, value_name = "N")]
    pub(super) max_turns: Option<u64>,

    /// NAME=PROTOCOL: the program named NAME speaks the game's protocol
    /// PROTOCOL rather than the game's own (Stratego: `ucc`, an agent of
    /// the UCC 2012 manager); the referee is told its seat in each game
    /// (`--protocol SEAT=PROTOCOL`). Repeatable.
    #[arg(long, value_name = "NAME=PROTOCOL")]
    pub(super) protocol: Vec<String>,

    /// NAME=MS: the program named NAME has a time limit of its own for its
    /// setup and every move, in ms (the referee's `--player-time-limit-ms`
    /// for its seat in each game). Repeatable.
    #[arg(long, value_name = "NAME=MS")]
    pub(super) program_time_limit_ms: Vec<String>,

    /// A further referee argument, passed as it is (repeatable; write
    /// `--referee-arg=--option`).
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    pub(super) referee_arg: Vec<String>,

    /// Wall-clock limit of one game, after which its referee is stopped and
    /// the game counts as failed; 0 = none [default: twice the longest
    /// possible game plus a minute; none with --max-turns 0].
    #[arg(long, value_name = "SECS")]
    pub(super) game_timeout: Option<u64>,

    /// No progress bar and no line per game (notices and the report stay).
    #[arg(short, long)]
    pub(super) quiet: bool,

    /// What runs the games: `local` (this process), `parallel` (GNU
    /// parallel) or `slurm` (an sbatch array job).
    #[arg(long, value_enum, default_value_t = ExecutorKind::Local)]
    pub(super) executor: ExecutorKind,

    /// GNU parallel's workers, one sshlogin a line (`parallel
    /// --sshloginfile`; `:` is this machine); the programs, the referee and
    /// the working directory must be at the same paths on every worker.
    #[arg(long, value_name = "FILE")]
    pub(super) sshloginfile: Option<PathBuf>,

    /// A further `#SBATCH` option of the batch script (`--sbatch-arg
    /// --partition=short`); repeatable.
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    pub(super) sbatch_arg: Vec<String>,

    /// Games run one after another by each Slurm array task [default: as
    /// few as keep the array within 1000 tasks].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) games_per_task: Option<u64>,

    /// With --executor slurm: write the job list and the batch script and
    /// print the script, without submitting it.
    #[arg(long)]
    pub(super) dry_run: bool,
}

#[derive(Args, Debug)]
pub(super) struct MergeArgs {
    /// The tournament's log directory (LOG_DIR/NAME), or its plan file.
    #[arg(value_name = "DIR")]
    pub(super) dir: PathBuf,

    /// Also write the report to FILE (besides those the plan names).
    #[arg(long, value_name = "FILE")]
    pub(super) report: Vec<PathBuf>,

    /// Write no viewer page per game for the HTML reports.
    #[arg(long)]
    pub(super) no_game_pages: bool,

    /// Virtual draws per pair that played [default: the plan's].
    #[arg(long, value_name = "DRAWS")]
    pub(super) prior: Option<f64>,

    /// Rate relative to this program [default: the plan's].
    #[arg(long, value_name = "NAME")]
    pub(super) anchor: Option<String>,

    /// Accept a results file that holds games played with other referee
    /// settings (they are left out) or games not in this tournament.
    #[arg(long)]
    pub(super) force: bool,

    /// Fewer notices.
    #[arg(short, long)]
    pub(super) quiet: bool,
}

pub(super) const AFTER_HELP: &str = "\
Examples:
  tournament ./player 'rand=./player --strategy random' -j 2
  tournament --gauntlet --games 10 new=./new-bot old1=./old-bot ./other
  tournament --sprt 0,10,0.05,0.05 'new=./player --seed {seed}' 'old=./old-player --seed {seed}'
  tournament --sprt 0,10,0.05,0.05 --pairs --game mansuba 'new=./player --game mansuba' 'old=./old-player --game mansuba'
  tournament --executor parallel --sshloginfile workers -j 4 'a=/opt/bots/a' 'b=/opt/bots/b'
  tournament --executor slurm --sbatch-arg=--partition=short 'a=/opt/a' 'b=/opt/b'
  tournament merge logs/NAME

Exit status: 0 when every game has a result (or the SPRT decided; for
--executor slurm and plan: when the job list is written, and submitted), 1
when games ended without a verdict (or, for merge, are still missing) or on
an internal error, 2 on bad input, 128+N when stopped by signal N. Rerun the
same command to resume.";
