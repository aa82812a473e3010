//! `referee reproduce RECORD --seat N [--player SPEC]`: the program of a
//! seat whose fault ended a recorded game is sent again exactly what it
//! was sent, under the record's limits and sandbox, the other seats'
//! replies being the record's; then whether the fault recurs.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use super::Failure;
use anyhow::{Context as _, anyhow};
use clap::Parser;
use game_core::{Game, SetupRecordOf, Spec};
use games::Registry;
use referee_schema::{ProgramSpec, Record, exit};

use crate::game::reproduce::{recorded_fault, reproduce};
use crate::process::sandbox::{BindDir, EnvPolicy, EnvVar, Layers, ResourceLimits, Sandbox};
use crate::{MatchConfig, Program};

/// `referee reproduce`.
#[derive(Parser, Debug)]
#[command(
    name = "referee reproduce",
    about = "Plays again the fault that ended a recorded game (--record): the program of seat N \
             is sent exactly what it was sent, up to its failing reply, under the record's limits \
             and sandbox; the other players are not run, their recorded moves are played",
    after_help = "Exit status: 0 when the fault recurs (the same reason, the same seat), 3 when \
                  it does not (the line says what happened instead), 2 for a usage error (a seat \
                  that did not fault, a record without programs and no --player), 1 when the \
                  record cannot be read or the referee fails."
)]
pub struct ReproduceCli {
    /// The record, as `referee --record FILE` wrote it.
    pub record: PathBuf,
    /// The seat whose fault to reproduce.
    #[arg(long, value_name = "N")]
    pub seat: usize,
    /// The program to run in place of the recorded one, `[NAME=]PATH
    /// [ARG...]` as the referee's --player takes it.
    #[arg(long = "player", value_name = "SPEC")]
    pub player: Option<String>,
    /// Directory of the program's log, player<N>.log (created if missing).
    #[arg(long, value_name = "DIR", default_value = "logs/reproduce")]
    pub log_dir: PathBuf,
    /// Pass the referee's variable NAME to the program, or set it to VALUE
    /// (repeatable), as the referee's option: the record does not keep it.
    #[arg(long = "sandbox-env", value_name = "NAME[=VALUE]")]
    pub sandbox_env: Vec<EnvVar>,
    /// Show the program the directory DIR whole (repeatable), as the
    /// referee's option: the record does not keep it.
    #[arg(long = "sandbox-bind", value_name = "DIR[:rw]")]
    pub sandbox_bind: Vec<BindDir>,
}

/// Whether `args` (with the program name first) is a `reproduce` command.
pub fn is_command(args: &[OsString]) -> bool {
    args.get(1).is_some_and(|a| a == "reproduce")
}

/// The command that reproduces `seat`'s fault in the record at `path`,
/// the path quoted as a shell needs it.
pub fn command(path: &Path, seat: usize) -> String {
    let text = path.to_string_lossy();
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./+-=,:@%".contains(c));
    let quoted = if plain {
        text.into_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    };
    format!("referee reproduce {quoted} --seat {seat}")
}

/// Runs `referee reproduce`.
pub fn main<R: Registry>(args: &[OsString]) -> ExitCode {
    match ReproduceCli::try_parse_from(&args[1..]) {
        Ok(cli) => Failure::exit("referee reproduce", run::<R>(&cli)),
        Err(e) => super::clap_exit(&e),
    }
}

fn run<R: Registry>(cli: &ReproduceCli) -> Result<i32, Failure> {
    let path = &cli.record;
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the record {}", path.display()))?;
    let record: Record = Record::from_json(&text).with_context(|| {
        format!(
            "{} is not a record written by referee --record",
            path.display()
        )
    })?;
    match R::visit(&record.game, Visit { cli, text: &text }) {
        Some(result) => result,
        None => Err(anyhow!(
            "{}: its game '{}' is not one of this referee's: {}",
            path.display(),
            record.game,
            R::names().join(", ")
        )
        .into()),
    }
}

/// The reproduction with a game's types.
struct Visit<'c> {
    cli: &'c ReproduceCli,
    text: &'c str,
}

impl games::Visit for Visit<'_> {
    type Output = Result<i32, Failure>;

    fn visit<S: Spec>(self) -> Self::Output {
        reproduce_game::<S>(self.cli, self.text)
    }
}

fn reproduce_game<S: Spec>(cli: &ReproduceCli, text: &str) -> Result<i32, Failure> {
    type Rec<G> = Record<<G as Game>::MoveRecord, SetupRecordOf<G>>;
    let path = cli.record.display();
    let record: Rec<S::Game> = Record::from_json(text)
        .with_context(|| format!("{path} is not a record of {}", S::NAME))?;
    let options: S::Options =
        serde_json::from_value(serde_json::Value::Object(record.settings.options.clone()))
            .with_context(|| format!("{path}: the options of {} do not read", S::NAME))?;
    let mut cfg = config(&record, cli);
    let game = S::new(&options, &cfg.context())
        .map_err(|e| anyhow!("{path}: the record's options are refused: {e}"))?;
    let seats = game.seats();
    let seat = cli.seat;
    if seat >= seats {
        return Err(Failure::Usage(format!(
            "--seat {seat}: {} has {seats} players, 0 to {}",
            S::NAME,
            seats - 1
        )));
    }
    recorded_fault(&record, seat).map_err(|e| Failure::Usage(format!("{path}: {e}")))?;
    cfg.programs = programs::<S>(&record, cli, &options, seats)?;
    let options_json = record.settings.options.clone();
    let found = reproduce(game, options_json, S::NAME, &cfg, &record, seat)
        .context("the game could not be played again")?;
    let mut out = found.line.clone() + "\n";
    if let Some(p) = found
        .report
        .as_ref()
        .and_then(|r| r.summary.players.get(seat))
    {
        out.push_str(&format!("log: {}\n", p.log));
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
        .context("cannot write the answer")?;
    if let Some(report) = &found.report {
        if let Some(sig) = report.interrupted_by {
            return Ok(exit::after_signal(sig));
        }
    }
    Ok(if found.reproduced {
        exit::VERDICT
    } else {
        exit::DIFFERS
    })
}

/// The record's settings as a match's; the programs come after.
fn config<M, St>(record: &Record<M, St>, cli: &ReproduceCli) -> MatchConfig {
    let s = &record.settings;
    let mut cfg = MatchConfig::new(Vec::new());
    cfg.time_limit = Duration::from_millis(s.time_limit_ms);
    cfg.setup_time_limit = s
        .setup_time_limit_ms
        .map_or(cfg.time_limit, Duration::from_millis);
    // Each seat's own limit as the game was told it (a limit equal to the
    // shared one is the shared one, as a replay reads it).
    cfg.player_time_limits = s
        .player_time_limits_ms
        .iter()
        .flatten()
        .enumerate()
        .filter_map(|(seat, own)| match own {
            Some(ms) if *ms == s.time_limit_ms => None,
            Some(ms) => Some((seat, Some(Duration::from_millis(*ms)))),
            None => Some((seat, None)),
        })
        .collect::<BTreeMap<_, _>>();
    cfg.grace = Duration::from_millis(s.grace_ms);
    cfg.no_ponder = s.no_ponder;
    cfg.max_turns = s.max_turns;
    cfg.seed = s.seed.unwrap_or(0);
    cfg.log_dir = cli.log_dir.clone();
    cfg.sandbox = match &s.sandbox {
        None => Sandbox {
            layers: Layers::NONE,
            ..Sandbox::default()
        },
        Some(sb) => Sandbox {
            layers: sb.layers.join(",").parse().unwrap_or(Layers::NONE),
            limits: ResourceLimits {
                address_space: sb.address_space_bytes,
                cpu_time: Duration::from_secs(sb.cpu_seconds),
                processes: sb.processes,
                open_files: sb.open_files,
                file_size: sb.file_size_bytes,
                disk: sb.disk_bytes,
                memory: sb.memory_bytes,
            },
            env: EnvPolicy {
                keep_all: false,
                extra: cli.sandbox_env.clone(),
            },
            binds: cli.sandbox_bind.clone(),
            ..Sandbox::default()
        },
    };
    cfg
}

/// Every seat's program: the record's, `--player` in place of the
/// seat's. Only the seat's runs; the others name their seats in the
/// report.
fn programs<S: Spec>(
    record: &Record<impl Sized, impl Sized>,
    cli: &ReproduceCli,
    options: &S::Options,
    seats: usize,
) -> Result<Vec<Program>, Failure> {
    let mut programs: Vec<Program> = (0..seats)
        .map(|i| match record.programs.get(i) {
            Some(p) => Program::new(&p.path, &p.args),
            None => Program::new(
                record
                    .players
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("player {i}")),
                Vec::<String>::new(),
            ),
        })
        .collect();
    let seat = cli.seat;
    programs[seat] = match &cli.player {
        Some(text) => {
            let spec =
                ProgramSpec::parse(text).map_err(|e| Failure::Usage(format!("--player: {e}")))?;
            let program = Program::new(spec.path, spec.args);
            // A program the game runs in a host of ours, as the referee
            // runs it.
            let here = std::env::current_exe().context("the referee's own path")?;
            let dir = here.parent().unwrap_or(Path::new("."));
            let host = S::host(options, seat, Path::new(&program.path));
            crate::hosted(host, program, dir).map_err(anyhow::Error::from)?
        }
        None if record.programs.len() == seats => programs[seat].clone(),
        None => {
            return Err(Failure::Usage(format!(
                "{} names no programs (a referee older than `reproduce` wrote it): give player \
                 {seat}'s with --player SPEC",
                cli.record.display()
            )));
        }
    };
    Ok(programs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_quotes_what_a_shell_would_split() {
        assert_eq!(
            command(Path::new("logs/t/a+b+2/game.json"), 1),
            "referee reproduce logs/t/a+b+2/game.json --seat 1"
        );
        assert_eq!(
            command(Path::new("my games/it's.json"), 0),
            "referee reproduce 'my games/it'\\''s.json' --seat 0"
        );
    }
}
