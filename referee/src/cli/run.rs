//! `referee`'s `main`: the game picked, its command line parsed, the match
//! played and its verdict printed; or a record replayed or shown.

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use anyhow::Context as _;
use game_core::{Game, Spec};
use games::Registry;
use referee_schema::exit;

use super::Failure;
use super::args as cli;
use super::{check, output, records, reproduce};

/// The `referee` program with the games of registry `R`: `args` is its
/// command line, the program's name first. Prints the verdict, or a usage
/// error, and returns the exit status (`docs/referee.md`).
pub fn main<R: Registry>(args: Vec<OsString>) -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    if records::is_command(&args) {
        return records::main::<R>(&args);
    }
    if check::is_command(&args) {
        return check::main::<R>(&args);
    }
    if reproduce::is_command(&args) {
        return reproduce::main::<R>(&args);
    }
    let name = cli::game_name(&args).unwrap_or_else(|| games::DEFAULT.to_owned());
    let run = Run {
        args,
        list: output::game_list(&R::entries()),
    };
    super::visit_game::<R, _>(&name, run, "", " (referee --list-games)")
}

/// Runs the referee for one game's [`Spec`].
struct Run {
    args: Vec<OsString>,
    /// What `--list-games` prints: the registry's games.
    list: String,
}

impl games::Visit for Run {
    type Output = ExitCode;

    fn visit<S: Spec>(self) -> ExitCode {
        let (cli, options) = match cli::parse::<S>(&self.args) {
            Ok(parsed) => parsed,
            Err(e) => return super::clap_exit(&e),
        };
        if cli.list_games {
            print!("{}", self.list);
            return ExitCode::SUCCESS;
        }
        match run::<S>(&cli, &options) {
            Ok(code) => code,
            Err(Failure::Usage(message)) => {
                let _ = cli::usage_error::<S>(message).print();
                ExitCode::from(exit::USAGE as u8)
            }
            Err(Failure::Internal(e)) => {
                eprintln!("referee: error: {e:#}");
                ExitCode::from(exit::INTERNAL as u8)
            }
        }
    }
}

fn run<S: Spec>(cli: &cli::Cli, options: &S::Options) -> Result<ExitCode, Failure> {
    let defaults = game_core::Defaults {
        max_turns: S::default_max_turns(options),
        ..S::DEFAULTS
    };
    // The game first: its options may set its number of seats.
    let probe = cli.config(Vec::new(), defaults);
    let game = S::new(options, &probe.context()).map_err(|e| Failure::Usage(e.to_string()))?;
    let players = cli.players(game.seats()).map_err(Failure::Usage)?;
    // A program the game runs in a host of ours (a course client `.so`)
    // becomes the host, found beside this executable.
    let here = std::env::current_exe().context("the referee's own path")?;
    let dir = here.parent().unwrap_or(std::path::Path::new("."));
    let mut hosts = Vec::new();
    let players = players
        .into_iter()
        .enumerate()
        .map(|(seat, (name, program))| {
            let host = S::host(options, seat, std::path::Path::new(&program.path));
            hosts.push(host.clone());
            crate::hosted(host, program, dir).map(|p| (name, p))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(anyhow::Error::from)?;
    let mut config = cli.config(players, defaults);
    config.seed = probe.seed;
    config.hosts = hosts;
    let options_json = match serde_json::to_value(options) {
        Ok(serde_json::Value::Object(map)) => map,
        Ok(_) => serde_json::Map::new(),
        Err(e) => return Err(anyhow::Error::from(e).context("the game's options").into()),
    };
    let report = if cli.verbose {
        let mut printer = output::board_printer(cli.json);
        crate::play_match(game, options_json, S::NAME, &config, &mut printer)
    } else {
        crate::play_match(game, options_json, S::NAME, &config, &mut ())
    }
    .context("the game could not be played")?;
    let mut report = report;
    if let (Some(path), Some(seat)) = (&cli.record, output::seat_at_fault(&report.summary)) {
        report.summary.reproduce = Some(reproduce::command(path, seat));
    }

    let mut stdout = std::io::stdout().lock();
    let written = if cli.json {
        writeln!(stdout, "{}", report.to_json())
    } else {
        write!(stdout, "{}", output::summary(&report.summary))
    };
    written
        .and_then(|()| stdout.flush())
        .context("cannot write the verdict")?;
    if let Some(path) = &cli.record {
        std::fs::write(path, report.record_json() + "\n")
            .with_context(|| format!("cannot write the record to {}", path.display()))?;
    }
    if let Some(path) = &cli.html {
        let replay = crate::replay::rejudge::<S>(&report.record_json(), false)
            .context("the game's record cannot be shown")?;
        records::write_page(&replay, path)?;
    }
    Ok(match report.interrupted_by {
        Some(sig) => ExitCode::from(exit::after_signal(sig).clamp(0, 255) as u8),
        None => ExitCode::SUCCESS,
    })
}
