//! `referee check [--game NAME] PROGRAM [ARGS...]`: a program's
//! pre-flight (`crate::check`), one line per check, with the game's
//! limits and sandbox as a game of `referee` has them.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args as _, CommandFactory, FromArgMatches, Parser};
use game_core::Spec;
use games::Registry;
use referee_schema::{ProgramSpec, exit};

use super::Failure;
use super::args;
use crate::check::{self, CheckConfig};
use crate::process::Program;

/// `referee check`.
#[derive(Parser, Debug)]
#[command(
    name = "referee check",
    about = "Checks a player program before a tournament: plays it in short games against our \
             player, which the check makes send an illegal move, an unreadable reply and fail, \
             and prints one line per check, pass or FAIL, quoting what the program sent",
    after_help = "Exit status: 0 when every check passed, 4 when one failed, 2 for a usage \
                  error, 1 when the check could not be run, 128+N after signal N. The logs of \
                  each game are in LOG_DIR/SCENARIO/."
)]
pub struct CheckCli {
    /// The game (`referee --list-games`).
    #[arg(long, value_name = "NAME", default_value = games::DEFAULT)]
    pub game: String,
    /// The opponent, `PATH [ARG...]` split like a shell command line
    /// [default: our `player --game NAME --strategy random --seed SEED`,
    /// beside the referee].
    #[arg(long, value_name = "SPEC")]
    pub opponent: Option<String>,
    /// The opponent's own time limit, in milliseconds, for its setup and
    /// each move [default: the game's]: its failure waits for it.
    #[arg(long, value_name = "N")]
    pub opponent_time_limit_ms: Option<u64>,
    /// The program's moves in each plain game, after which it ends (if the
    /// game's rules have not ended it first).
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub moves: u64,
    /// Time allowed for each move reply, in milliseconds [default: the
    /// game's].
    #[arg(long, value_name = "N")]
    pub time_limit_ms: Option<u64>,
    /// Time allowed for the setup reply, start-up included, in
    /// milliseconds [default: the game's].
    #[arg(long, value_name = "N")]
    pub setup_time_limit_ms: Option<u64>,
    /// Grace period at the end, in milliseconds.
    #[arg(long, value_name = "N")]
    pub grace_ms: Option<u64>,
    /// The players' sandbox, as `referee --sandbox`.
    #[arg(long, value_name = "LAYERS")]
    pub sandbox: Option<String>,
    /// Cap of the program's stderr log, in bytes, each game.
    #[arg(long, value_name = "N")]
    pub max_log_bytes: Option<u64>,
    /// Seed of the referee's and the opponent's draws.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Directory of the games' logs, one directory per game.
    #[arg(long, value_name = "DIR", default_value = "logs/check")]
    pub log_dir: PathBuf,
    /// The program to check, then its arguments (everything after the
    /// program is its own).
    #[arg(value_name = "PROGRAM [ARGS]", required = true, num_args = 1..,
          trailing_var_arg = true, allow_hyphen_values = true)]
    pub command: Vec<OsString>,
}

/// Whether `args` (with the program name first) is a `check` command.
pub fn is_command(args: &[OsString]) -> bool {
    args.get(1).is_some_and(|a| a == "check")
}

/// Runs `referee check`.
pub fn main<R: Registry>(args: &[OsString]) -> ExitCode {
    let rest = args[1..].to_vec();
    // The game first, for its options: errors wait for the real parse.
    let name = CheckCli::command()
        .ignore_errors(true)
        .try_get_matches_from(&rest)
        .ok()
        .map(|m| m.get_one::<String>("game").cloned())
        // `--help` stops clap before it has read the game: by its name.
        .unwrap_or_else(|| super::args::game_name(&rest))
        .unwrap_or_else(|| games::DEFAULT.to_owned());
    super::visit_game::<R, _>(&name, Run { args: rest }, "referee check: ", "")
}

/// `referee check` for one game's [`Spec`]: the check's options and the
/// game's own.
struct Run {
    args: Vec<OsString>,
}

impl games::Visit for Run {
    type Output = ExitCode;

    fn visit<S: Spec>(self) -> ExitCode {
        // The game's options carry their own doc comment, which clap takes
        // for the command's about: the check's is set again after them.
        let check = CheckCli::command();
        let about = check.get_about().cloned().unwrap_or_default();
        let mut cmd =
            S::Options::augment_args(check.next_help_heading(format!("Options of {}", S::NAME)))
                .about(about);
        let parsed = cmd.try_get_matches_from_mut(&self.args).and_then(|m| {
            let cli = CheckCli::from_arg_matches(&m)?;
            let options = S::Options::from_arg_matches(&m)?;
            Ok((cli, options))
        });
        let (cli, options) = match parsed {
            Ok(parsed) => parsed,
            Err(e) => return super::clap_exit(&e.format(&mut cmd)),
        };
        Failure::exit("referee check", run::<S>(&cli, &options))
    }
}

/// The referee's own command line for the check's settings: its
/// defaults and the game's are those of any game.
fn referee_args(cli: &CheckCli) -> Vec<OsString> {
    let mut argv: Vec<OsString> = vec!["referee".into(), "--game".into(), cli.game.clone().into()];
    let mut option = |name: &str, value: String| {
        argv.push(format!("--{name}").into());
        argv.push(value.into());
    };
    option("seed", cli.seed.to_string());
    option("log-dir", cli.log_dir.display().to_string());
    if let Some(ms) = cli.time_limit_ms {
        option("time-limit-ms", ms.to_string());
    }
    if let Some(ms) = cli.setup_time_limit_ms {
        option("setup-time-limit-ms", ms.to_string());
    }
    if let Some(ms) = cli.grace_ms {
        option("grace-ms", ms.to_string());
    }
    if let Some(n) = cli.max_log_bytes {
        option("max-log-bytes", n.to_string());
    }
    if let Some(layers) = &cli.sandbox {
        option("sandbox", layers.clone());
    }
    argv
}

/// A program and its arguments, for people.
fn command_line(p: &Program) -> String {
    std::iter::once(p.display())
        .chain(p.args.iter().map(|a| a.to_string_lossy().into_owned()))
        .collect::<Vec<_>>()
        .join(" ")
}

fn run<S: Spec>(cli: &CheckCli, options: &S::Options) -> Result<i32, Failure> {
    let (referee, _) = args::parse::<S>(&referee_args(cli)).map_err(|e| {
        // The message without clap's usage of `referee`.
        let text = e.to_string();
        Failure::Usage(text.lines().next().unwrap_or_default().to_owned())
    })?;
    let defaults = game_core::Defaults {
        max_turns: S::default_max_turns(options),
        ..S::DEFAULTS
    };
    let base = referee.config(Vec::new(), defaults);
    let here = std::env::current_exe()
        .map_err(|e| Failure::Internal(anyhow::Error::from(e).context("the referee's own path")))?;
    let host_dir = here
        .parent()
        .unwrap_or(std::path::Path::new("."))
        .to_path_buf();
    let opponent = match &cli.opponent {
        Some(spec) => {
            let p = ProgramSpec::parse(spec)
                .map_err(|e| Failure::Usage(format!("--opponent {spec:?}: {e}")))?;
            Program::new(p.path, p.args)
        }
        None => {
            let player = host_dir.join("player");
            if !player.is_file() {
                return Err(Failure::Usage(format!(
                    "our player, the opponent, is not at {} (build it: cargo build -p player), \
                     or give one with --opponent",
                    player.display()
                )));
            }
            let seed = cli.seed.to_string();
            let args = ["--game", S::NAME, "--strategy", "random", "--seed", &seed];
            Program::new(player, args)
        }
    };
    let program = Program::new(cli.command[0].clone(), cli.command[1..].to_vec());
    println!(
        "referee check: {} at {}, against {} (logs in {})",
        command_line(&program),
        S::NAME,
        command_line(&opponent),
        cli.log_dir.display()
    );
    let cfg = CheckConfig {
        base,
        moves: cli.moves as usize,
        program,
        opponent,
        opponent_limit: cli
            .opponent_time_limit_ms
            .map(std::time::Duration::from_millis),
        host_dir,
    };
    let report = match check::check::<S>(options, &cfg) {
        Ok(report) => report,
        Err(check::CheckError::Interrupted(signal)) => {
            eprintln!(
                "referee check: interrupted by {}",
                crate::process::signal_name(signal)
            );
            return Ok(exit::after_signal(signal));
        }
        Err(e) => return Err(Failure::Internal(anyhow::Error::from(e))),
    };
    print!("{}", report.lines());
    let failed = report
        .checks
        .iter()
        .filter(|c| c.status == check::Status::Fail)
        .count();
    if failed == 0 {
        println!("all {} checks passed", report.checks.len());
        Ok(exit::VERDICT)
    } else {
        println!("{failed} of {} checks failed", report.checks.len());
        Ok(exit::CHECK_FAILED)
    }
}
