//! Playing a tournament: turns scheduled games into `referee` jobs, records
//! each verdict in the results file as soon as its game ends, and keeps the
//! tally, the SPRT and the progress display up to date.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

use referee_schema::{ProgramSpec, RefereeCommand};
use serde_json::Value;
use thiserror::Error;

use crate::progress::Progress;
use crate::record::{self, GameRecord, Settings};
use crate::report::SprtStatus;
use crate::results_file::{Loaded, ResultsFile};
use crate::resume::Plan;
use crate::runner::{
    Control, Exit, Handler, Job, JobEnd, KillReason, Notice, RunOutcome, Runner, StopReason,
};
use crate::schedule::{Game, Mode};
use crate::spec::Program;
use crate::sprt::{Decision, Sprt};
use crate::tally::Tally;
use crate::verdict::Verdict;

/// Games in a row without a verdict after which the tournament stops: the
/// referee (or the machine) is broken, and playing on would only waste
/// time.
pub const MAX_FAILURES_IN_A_ROW: u32 = 5;

/// Time a referee gets between SIGTERM and SIGKILL.
pub const KILL_GRACE: Duration = Duration::from_secs(5);

/// Files of a game's log directory written by the tournament itself.
pub const VERDICT_FILE: &str = "verdict.json";
/// The referee's standard error.
pub const REFEREE_LOG: &str = "referee.log";
/// The game record (`referee --record`).
pub const GAME_RECORD: &str = "game.json";

/// A tournament, ready to play.
#[derive(Debug, Clone)]
pub struct Config {
    /// The tournament's name.
    pub name: String,
    /// The programs.
    pub programs: Vec<Program>,
    /// How they are paired.
    pub mode: Mode,
    /// Games per table (per pairing, in a two-seat game).
    pub games: u32,
    /// Seats of the game.
    pub seats: usize,
    /// Referee options of every game.
    pub settings: Settings,
    /// The referee executable.
    pub referee: PathBuf,
    /// The tournament's log directory (`logs/<name>`); game `ID` logs to
    /// `<log_dir>/ID/`.
    pub log_dir: PathBuf,
    /// Games played at once.
    pub concurrency: usize,
    /// Wall-clock limit of one referee process.
    pub game_timeout: Option<Duration>,
    /// The SPRT to run, between the first two programs.
    pub sprt: Option<Sprt>,
    /// No progress bar, no per-game lines.
    pub quiet: bool,
}

/// A game that ended without a verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFailure {
    /// The game.
    pub id: String,
    /// What went wrong.
    pub message: String,
}

/// Why a tournament cannot go on.
#[derive(Debug, Error)]
pub enum Fatal {
    /// The referee rejected its arguments (exit status 2): the options
    /// passed to it are wrong, and every game would fail the same way. The
    /// referee's own words (the end of its stderr).
    #[error("the referee rejected its arguments: {0}")]
    Usage(String),
    /// Games keep ending without a verdict.
    #[error(
        "{MAX_FAILURES_IN_A_ROW} games in a row ended without a verdict; stopping (the referee \
         or the machine seems broken); the last: game {last_game}: {last}"
    )]
    Broken {
        /// The last game that failed.
        last_game: String,
        /// What went wrong with it.
        last: String,
    },
    /// A verdict could not be written to the results file.
    #[error("cannot record a result")]
    Results(#[source] crate::results_file::ResultsError),
}

/// What playing did.
#[derive(Debug)]
pub struct Played {
    /// All finished games of the schedule: resumed and new.
    pub tally: Tally,
    /// The SPRT after the last game, if one runs.
    pub sprt: Option<SprtStatus>,
    /// Games played (with a verdict) in this run.
    pub new_games: usize,
    /// Games that ended without a verdict (to be replayed on resume).
    pub failures: Vec<GameFailure>,
    /// Why the tournament cannot go on, if it cannot (bad referee
    /// arguments, a broken referee, an unwritable results file).
    pub fatal: Option<Fatal>,
    /// How the run ended.
    pub outcome: RunOutcome,
    /// Scheduled games still without a result.
    pub unfinished: usize,
}

/// A program argument as passed in `game`: `{game}` becomes the game's
/// number within its pairing (1, 2, ...) and `{seed}` a seed derived from
/// the game id and the program's name, so that seeded programs play
/// different games throughout a tournament and the same games when it is
/// run again.
pub fn expand_arg(arg: &str, game: &Game, program: &Program) -> String {
    if !arg.contains('{') {
        return arg.to_owned();
    }
    arg.replace("{game}", &(game.index + 1).to_string())
        .replace("{seed}", &game_seed(&game.id, &program.name).to_string())
}

/// FNV-1a of `id/name`, cut to 63 bits so that it fits any signed or
/// unsigned 64-bit seed option.
pub fn game_seed(id: &str, name: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in id.bytes().chain([b'/']).chain(name.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash >> 1
}

/// The referee's command for `game`, whose log directory is `dir`: the
/// game and its options, the settings, the game's seed (the referee's own
/// random draws), each seat's protocol and time limit when its program has
/// one of its own, and each seat's program as a `--player` spec.
pub fn referee_command(config: &Config, game: &Game, dir: &Path) -> RefereeCommand {
    let s = &config.settings;
    let mut cmd = RefereeCommand::new(&config.referee)
        .game(&s.game)
        .game_options(&s.game_options)
        .json()
        .record(&dir.join(GAME_RECORD))
        .log_dir(dir)
        .time_limit_ms(s.time_limit_ms)
        .max_turns(s.max_turns)
        .seed(game_seed(&game.id, ""))
        .options(&s.referee_args);
    for (seat, &p) in game.seats.iter().enumerate() {
        let program = &config.programs[p];
        if let Some(protocol) = &program.protocol {
            cmd = cmd.seat_protocol(seat, protocol);
        }
        if let Some(ms) = program.time_limit_ms {
            cmd = cmd.seat_time_limit_ms(seat, ms);
        }
        cmd = cmd.player(ProgramSpec::new(
            program.path.to_string_lossy(),
            program.args.iter().map(|a| expand_arg(a, game, program)),
        ));
    }
    cmd
}

/// The referee's arguments for `game`, whose log directory is `dir`.
pub fn referee_args(config: &Config, game: &Game, dir: &Path) -> Vec<OsString> {
    referee_command(config, game, dir).args()
}

/// Plays the games `plan` leaves to play, appending each verdict to
/// `results`; `records` are the results file's records.
pub fn play(
    config: &Config,
    schedule: &[Game],
    plan: &Plan,
    records: &[Loaded],
    results: &mut ResultsFile,
) -> std::io::Result<Played> {
    let mut tally = Tally::new(config.programs.len());
    for (game, finished) in schedule.iter().zip(&plan.finished) {
        if let Some(i) = finished {
            tally.add(&game.seats, &records[*i].verdict);
        }
    }
    let sprt = config
        .sprt
        .map(|s| SprtStatus::new(s, tally.crosstable.get(0, 1)));
    let decided = sprt.is_some_and(|s| s.decision != Decision::Continue);
    let to_play: &[usize] = if decided { &[] } else { &plan.to_play };

    let progress = Progress::new(to_play.len() as u64, config.quiet);
    if let Some(s) = &sprt {
        progress.message(s.short());
    }
    let mut handler = GameHandler {
        config,
        schedule,
        results,
        progress: &progress,
        tally,
        sprt,
        new_games: 0,
        failures: Vec::new(),
        failures_in_a_row: 0,
        fatal: None,
        done: plan.finished.iter().filter(|f| f.is_some()).count(),
    };
    let jobs = to_play.iter().map(|&g| job(config, &schedule[g], g));
    let runner = Runner {
        concurrency: config.concurrency,
        grace: KILL_GRACE,
    };
    let outcome = runner.run(jobs, &mut handler)?;
    progress.finish();
    let unfinished = schedule.len() - handler.done;
    Ok(Played {
        tally: handler.tally,
        sprt: handler.sprt,
        new_games: handler.new_games,
        failures: handler.failures,
        fatal: handler.fatal,
        outcome,
        unfinished,
    })
}

fn game_dir(config: &Config, game: &Game) -> PathBuf {
    config.log_dir.join(&game.id)
}

/// The job of one game. Its log directory is emptied first: files of an
/// interrupted earlier attempt must not pass for this one's.
fn job(config: &Config, game: &Game, key: usize) -> Job {
    let dir = game_dir(config, game);
    // Failures surface when the job's output files are created.
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    Job {
        key,
        program: config.referee.clone(),
        args: referee_args(config, game, &dir),
        stdout: dir.join(VERDICT_FILE),
        stderr: dir.join(REFEREE_LOG),
        timeout: config.game_timeout,
    }
}

struct GameHandler<'a> {
    config: &'a Config,
    schedule: &'a [Game],
    results: &'a mut ResultsFile,
    progress: &'a Progress,
    tally: Tally,
    sprt: Option<SprtStatus>,
    new_games: usize,
    failures: Vec<GameFailure>,
    failures_in_a_row: u32,
    fatal: Option<Fatal>,
    /// Scheduled games with a result.
    done: usize,
}

/// What became of a game whose referee ended.
enum GameEnd {
    Verdict(Box<(Value, Verdict)>),
    /// No verdict: a failure to report.
    Failed(String),
    /// The referee rejected its arguments: nothing will work.
    Usage(String),
    /// Stopped on purpose (interrupt, SPRT): neither result nor failure.
    Cancelled,
}

impl GameHandler<'_> {
    fn classify(&self, end: &JobEnd, dir: &Path) -> GameEnd {
        let status = match &end.exit {
            Exit::SpawnFailed(e) => {
                return GameEnd::Failed(format!(
                    "cannot start the referee `{}`: {e}",
                    self.config.referee.display()
                ));
            }
            Exit::Status(status) => status,
        };
        let see_log = format!("see {}", dir.join(REFEREE_LOG).display());
        if status.code() == Some(0) {
            // A verdict counts even if we had just asked the referee to
            // stop: the game was over.
            return match read_verdict(&dir.join(VERDICT_FILE)) {
                Ok(read) => GameEnd::Verdict(Box::new(read)),
                Err(e) => GameEnd::Failed(format!("unreadable verdict: {e} ({see_log})")),
            };
        }
        match end.killed {
            Some(KillReason::Cancelled) => return GameEnd::Cancelled,
            Some(KillReason::TimedOut) => {
                let limit = self.config.game_timeout.unwrap_or_default().as_secs();
                return GameEnd::Failed(format!(
                    "no verdict within the game's wall-clock limit of {limit} s; the referee \
                     was stopped ({see_log})"
                ));
            }
            None => {}
        }
        if status.code() == Some(2) {
            return GameEnd::Usage(tail(&dir.join(REFEREE_LOG)));
        }
        GameEnd::Failed(format!(
            "the referee failed ({}; {see_log})",
            describe(status)
        ))
    }

    fn record(&self, game: &Game, end: &JobEnd, value: Value) -> GameRecord {
        GameRecord {
            schema: record::SCHEMA,
            id: game.id.clone(),
            pairing: game
                .table
                .iter()
                .map(|&p| self.config.programs[p].name.clone())
                .collect(),
            index: game.index,
            players: game
                .seats
                .iter()
                .map(|&p| self.config.programs[p].clone())
                .collect(),
            settings: self.config.settings.clone(),
            started_unix_ms: end
                .started
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64),
            wall_ms: end.wall.as_millis() as u64,
            log_dir: game_dir(self.config, game),
            verdict: value,
        }
    }

    fn game_line(&self, game: &Game, verdict: &Verdict, end: &JobEnd) -> String {
        let names: Vec<&str> = game
            .seats
            .iter()
            .map(|&p| self.config.programs[p].name.as_str())
            .collect();
        let mut line = format!(
            "{}  {}  {}, {} moves, {:.1} s  [{}]",
            names.join(" - "),
            verdict.result(),
            verdict.summary.reason,
            verdict.summary.moves,
            end.wall.as_secs_f64(),
            game.id
        );
        if let Some(s) = &self.sprt {
            line.push_str("  ");
            line.push_str(&s.short());
        }
        line
    }

    fn failed(&mut self, game: &Game, message: String) -> Control {
        self.progress
            .notice(&format!("game {}: no verdict: {message}", game.id));
        self.failures.push(GameFailure {
            id: game.id.clone(),
            message,
        });
        self.failures_in_a_row += 1;
        if self.failures_in_a_row >= MAX_FAILURES_IN_A_ROW && self.fatal.is_none() {
            let last = self.failures.last().expect("just pushed");
            self.fatal = Some(Fatal::Broken {
                last_game: last.id.clone(),
                last: last.message.clone(),
            });
            return Control::Stop;
        }
        Control::Continue
    }
}

impl Handler for GameHandler<'_> {
    fn ended(&mut self, end: JobEnd) -> Control {
        let game = &self.schedule[end.key];
        let dir = game_dir(self.config, game);
        match self.classify(&end, &dir) {
            GameEnd::Cancelled => Control::Continue,
            GameEnd::Usage(message) => {
                self.fatal.get_or_insert(Fatal::Usage(message));
                Control::Stop
            }
            GameEnd::Failed(message) => self.failed(game, message),
            GameEnd::Verdict(read) => {
                let (value, verdict) = *read;
                let record = self.record(game, &end, value);
                if let Err(e) = self.results.append(&record) {
                    // Without a results file nothing can be kept: stop now.
                    self.fatal.get_or_insert(Fatal::Results(e));
                    return Control::Cancel;
                }
                self.failures_in_a_row = 0;
                self.new_games += 1;
                self.done += 1;
                self.tally.add(&game.seats, &verdict);
                let mut control = Control::Continue;
                if let Some(s) = &mut self.sprt {
                    *s = SprtStatus::new(s.sprt, self.tally.crosstable.get(0, 1));
                    self.progress.message(s.short());
                    if s.decision != Decision::Continue {
                        control = Control::Cancel;
                    }
                }
                self.progress.game(&self.game_line(game, &verdict, &end));
                control
            }
        }
    }

    fn notice(&mut self, notice: Notice) {
        let id = |key: usize| self.schedule[key].id.as_str();
        let text = match notice {
            Notice::Stopping(StopReason::Requested, _) => return,
            Notice::Stopping(StopReason::Interrupted, n) => format!(
                "interrupted: starting no more games; waiting for {n} running game(s) \
                 (Ctrl-C again to stop them)"
            ),
            Notice::Stopping(StopReason::Cancelled, n) if self.fatal.is_none() => {
                if n == 0 {
                    return;
                }
                format!("SPRT decided: stopping {n} running game(s)")
            }
            Notice::Stopping(StopReason::Cancelled, n) => {
                format!("stopping {n} running game(s)")
            }
            Notice::Stopping(StopReason::Terminated, n) => format!(
                "stopping {n} running game(s) (their referees get SIGTERM; Ctrl-C again to \
                 kill them)"
            ),
            Notice::Stopping(StopReason::Killed, n) => {
                format!("killing {n} running game(s)")
            }
            Notice::TimedOut(key) => format!(
                "game {}: over its wall-clock limit, stopping its referee",
                id(key)
            ),
            Notice::ForceKilled(key) => format!(
                "game {}: the referee ignored SIGTERM for {} s and was killed",
                id(key),
                KILL_GRACE.as_secs()
            ),
            Notice::OrphansKilled(n) => {
                format!("killed {n} process(es) left behind by a referee")
            }
        };
        self.progress.notice(&text);
    }
}

/// Reads and checks the verdict a referee printed: the object kept
/// verbatim for the results file, and read.
fn read_verdict(path: &Path) -> Result<(Value, Verdict), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let value: Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
    let verdict = Verdict::from_value(&value).map_err(|e| e.to_string())?;
    Ok((value, verdict))
}

/// The last lines of the referee's standard error, for a usage error.
fn tail(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let start = lines.len().saturating_sub(5);
    match lines[start..].join("\n") {
        s if s.is_empty() => format!("no message (see {})", path.display()),
        s => s,
    }
}

fn describe(status: &std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(signal)) => format!("killed by signal {signal}"),
        _ => status.to_string(),
    }
}

/// An error and its causes on one line.
pub fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        s.push_str(": ");
        s.push_str(&cause.to_string());
        source = cause.source();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::schedule;

    fn config() -> Config {
        let program = |name: &str, args: &[&str]| Program {
            name: name.into(),
            path: format!("/bin/{name}").into(),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            protocol: None,
            time_limit_ms: None,
        };
        Config {
            name: "t".into(),
            programs: vec![
                program("a", &["--seed", "{seed}", "--x"]),
                program("b", &["--game={game}"]),
            ],
            mode: Mode::RoundRobin,
            games: 4,
            seats: 2,
            settings: Settings {
                game: "stratego".into(),
                game_options: vec![],
                time_limit_ms: 100,
                max_turns: 50,
                referee_args: vec!["--two-square-rule".into()],
            },
            referee: "/bin/referee".into(),
            log_dir: "logs/t".into(),
            concurrency: 1,
            game_timeout: None,
            sprt: None,
            quiet: true,
        }
    }

    #[test]
    fn referee_arguments_carry_settings_colours_and_program_arguments() {
        let config = config();
        let games = schedule(&["a".into(), "b".into()], Mode::RoundRobin, 4, 2);
        let dir = Path::new("logs/t/a+b+2");
        let args: Vec<String> = referee_args(&config, &games[1], dir)
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect();
        let seed = game_seed("a+b+2", "a");
        let game_seed = game_seed("a+b+2", "");
        assert_eq!(
            args,
            [
                "--game",
                "stratego",
                "--json",
                "--record",
                "logs/t/a+b+2/game.json",
                "--log-dir",
                "logs/t/a+b+2",
                "--time-limit-ms=100",
                "--max-turns=50",
                &format!("--seed={game_seed}"),
                "--two-square-rule",
                "--player",
                "/bin/b '--game=2'",
                "--player",
                &format!("/bin/a --seed {seed} --x"),
            ]
        );
    }

    #[test]
    fn a_program_with_a_protocol_of_its_own_has_it_at_every_seat() {
        let mut config = config();
        config.programs[0].protocol = Some("ucc".into());
        config.programs[0].time_limit_ms = Some(2000);
        let games = schedule(&["a".into(), "b".into()], Mode::RoundRobin, 4, 2);
        let dir = Path::new("logs/t/x");
        for g in &games[..2] {
            let args: Vec<String> = referee_args(&config, g, dir)
                .into_iter()
                .map(|a| a.into_string().unwrap())
                .collect();
            let seat = g.seats.iter().position(|&p| p == 0).unwrap();
            let protocols: Vec<&String> = args
                .iter()
                .filter(|a| a.starts_with("--protocol"))
                .collect();
            assert_eq!(protocols, [&format!("--protocol={seat}=ucc")], "{args:?}");
            let limit = format!("--player-time-limit-ms={seat}=2000");
            assert!(args.contains(&limit), "{args:?}");
        }
    }

    #[test]
    fn seeds_differ_between_games_and_programs_and_are_stable() {
        let seeds: std::collections::HashSet<u64> = ["a+b+1", "a+b+2", "a+c+1"]
            .iter()
            .flat_map(|id| [game_seed(id, "a"), game_seed(id, "b")])
            .collect();
        assert_eq!(seeds.len(), 6);
        // Pinned: changing the derivation would change every rerun's games.
        assert_eq!(game_seed("a+b+1", "a"), 2_336_898_471_511_313_672);
        assert!(game_seed("a+b+1", "a") < 1 << 63);
    }
}
