//! Playing a tournament: hands the scheduled games to an executor (the
//! local runner, or GNU parallel), records each verdict in the results file
//! as soon as its game ends, and keeps the tally, the SPRT and the progress
//! display up to date. Whatever ran the games, their records are built
//! here, the same way.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use game_core::error_chain;

use referee_schema::Summary;
use thiserror::Error;

use crate::plan::job::{GameJob, game_dir};
use crate::plan::resume::Plan;
use crate::plan::schedule::{Game, Mode};
use crate::plan::spec::Program;
use crate::report::SprtStatus;
use crate::report::sprt::{Decision, Sprt};
use crate::results::file::{Loaded, ResultsFile};
use crate::results::record::{self, GameRecord, Settings};
use crate::results::tally::Tally;
use crate::results::verdict::{Verdict, VerdictError};
use crate::run::executor::{Executor, ExecutorError};
use crate::run::progress::Progress;
use crate::run::runner::{
    Control, Exit, Handler, JobEnd, KillReason, Notice, RunOutcome, StopReason,
};

/// Games in a row without a verdict after which the tournament stops: the
/// referee (or the machine) is broken, and playing on would only waste
/// time.
pub const MAX_FAILURES_IN_A_ROW: u32 = 5;

pub use crate::plan::job::{
    GAME_RECORD, KILL_GRACE, REFEREE_LOG, VERDICT_FILE, expand_arg, game_seed, referee_args,
    referee_command,
};

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
#[derive(Debug, Clone)]
pub struct GameFailure {
    /// The game.
    pub id: String,
    /// What went wrong.
    pub error: Arc<GameError>,
}

/// Why a game ended without a verdict.
#[derive(Debug, Error)]
pub enum GameError {
    /// The referee could not be started.
    #[error("cannot start the referee `{}`", .referee.display())]
    Spawn {
        /// The referee.
        referee: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// The referee ended well but its verdict cannot be read.
    #[error("unreadable verdict (see {})", .log.display())]
    Verdict {
        /// The referee's standard error.
        log: PathBuf,
        /// What is wrong with the verdict file.
        #[source]
        source: VerdictFileError,
    },
    /// The referee ran past the game's wall-clock limit and was stopped.
    #[error(
        "no verdict within the game's wall-clock limit of {limit_secs} s; the referee was \
         stopped (see {})",
        .log.display()
    )]
    TimedOut {
        /// The limit.
        limit_secs: u64,
        /// The referee's standard error.
        log: PathBuf,
    },
    /// The referee ended without a verdict.
    #[error("the referee failed ({status}; see {})", .log.display())]
    Referee {
        /// How it ended (`exit status 1`, `killed by signal 9`).
        status: String,
        /// The referee's standard error.
        log: PathBuf,
    },
}

/// Why a verdict file cannot be read as a verdict.
#[derive(Debug, Error)]
pub enum VerdictFileError {
    /// The file cannot be read.
    #[error("cannot read {}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// It holds no JSON document (an empty file: the game did not end).
    #[error("{} holds no JSON document", .path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// The parser's error.
        #[source]
        source: serde_json::Error,
    },
    /// The document is not a valid verdict.
    #[error("{} is not a valid verdict", .path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        source: VerdictError,
    },
}

/// Why a tournament cannot go on.
#[derive(Debug, Error)]
pub enum Fatal {
    /// The referee rejected its arguments (exit status 2): the options
    /// passed to it are wrong, and every game would fail the same way. The
    /// payload is the referee's own words (the end of its stderr), not an
    /// error of ours.
    #[error("the referee rejected its arguments: {0}")]
    Usage(String),
    /// Games keep ending without a verdict.
    #[error(
        "{MAX_FAILURES_IN_A_ROW} games in a row ended without a verdict; stopping (the referee \
         or the machine seems broken); the last: game {last_game}"
    )]
    Broken {
        /// The last game that failed.
        last_game: String,
        /// What went wrong with it.
        #[source]
        last: Arc<GameError>,
    },
    /// A verdict could not be written to the results file.
    #[error("cannot record a result")]
    Results(#[source] crate::results::file::ResultsError),
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

/// Plays the games `plan` leaves to play on `executor`, appending each
/// verdict to `results` as its game ends; `records` are the results file's
/// records.
pub fn play(
    executor: &Executor,
    config: &Config,
    schedule: &[Game],
    plan: &Plan,
    records: &[Loaded],
    results: &mut ResultsFile,
) -> Result<Played, ExecutorError> {
    let tally = tally_of(config, schedule, plan, records);
    let sprt = sprt_of(config, &tally);
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
    let jobs: Vec<GameJob> = to_play
        .iter()
        .map(|&g| GameJob::new(config, &schedule[g], g))
        .collect();
    let outcome = executor.run(config, jobs, &mut handler);
    progress.finish();
    let outcome = outcome?;
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

/// The tally of the games of `schedule` that `plan` finds finished in
/// `records`.
pub fn tally_of(config: &Config, schedule: &[Game], plan: &Plan, records: &[Loaded]) -> Tally {
    let mut tally = Tally::new(config.programs.len());
    for (game, finished) in schedule.iter().zip(&plan.finished) {
        if let Some(i) = finished {
            tally.count(&game.seats, &records[*i].record, &records[*i].verdict);
        }
    }
    tally
}

/// The SPRT's state after `tally`, if the tournament runs one.
pub fn sprt_of(config: &Config, tally: &Tally) -> Option<SprtStatus> {
    config
        .sprt
        .map(|s| SprtStatus::of(s, tally, config.settings.pairs))
}

/// The results-file record of `game` of `config`, whose referee started at
/// `started` and ran for `wall`, with the referee's verdict `verdict`.
pub fn game_record(
    config: &Config,
    game: &Game,
    started: SystemTime,
    wall: Duration,
    verdict: Summary,
) -> GameRecord {
    GameRecord {
        schema: record::SCHEMA,
        id: game.id.clone(),
        pairing: game
            .table
            .iter()
            .map(|&p| config.programs[p].name.clone())
            .collect(),
        index: game.index,
        players: game
            .seats
            .iter()
            .map(|&p| config.programs[p].clone())
            .collect(),
        settings: config.settings.clone(),
        started_unix_ms: started
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64),
        wall_ms: wall.as_millis() as u64,
        log_dir: game_dir(config, game),
        verdict,
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
    Verdict(Box<Verdict>),
    /// No verdict: a failure to report.
    Failed(GameError),
    /// The referee rejected its arguments: nothing will work.
    Usage(String),
    /// Stopped on purpose (interrupt, SPRT): neither result nor failure.
    Cancelled,
}

impl GameHandler<'_> {
    fn classify(&self, end: JobEnd, dir: &Path) -> GameEnd {
        let log = dir.join(REFEREE_LOG);
        let status = match end.exit {
            Exit::SpawnFailed(source) => {
                return GameEnd::Failed(GameError::Spawn {
                    referee: self.config.referee.clone(),
                    source,
                });
            }
            Exit::Status(status) => status,
        };
        if status.code() == Some(0) {
            // A verdict counts even if we had just asked the referee to
            // stop: the game was over.
            return match read_verdict(&dir.join(VERDICT_FILE)) {
                Ok(verdict) => GameEnd::Verdict(Box::new(verdict)),
                Err(source) => GameEnd::Failed(GameError::Verdict { log, source }),
            };
        }
        match end.killed {
            Some(KillReason::Cancelled) => return GameEnd::Cancelled,
            Some(KillReason::TimedOut) => {
                return GameEnd::Failed(GameError::TimedOut {
                    limit_secs: self.config.game_timeout.unwrap_or_default().as_secs(),
                    log,
                });
            }
            None => {}
        }
        if status.code() == Some(2) {
            return GameEnd::Usage(tail(&log));
        }
        GameEnd::Failed(GameError::Referee {
            status: describe(&status),
            log,
        })
    }

    fn game_line(&self, game: &Game, verdict: &Verdict, wall: Duration) -> String {
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
            wall.as_secs_f64(),
            game.id
        );
        if let Some(s) = &self.sprt {
            line.push_str("  ");
            line.push_str(&s.short());
        }
        line
    }

    fn failed(&mut self, game: &Game, error: GameError) -> Control {
        self.progress.notice(&format!(
            "game {}: no verdict: {}",
            game.id,
            error_chain(&error)
        ));
        let error = Arc::new(error);
        self.failures.push(GameFailure {
            id: game.id.clone(),
            error: Arc::clone(&error),
        });
        self.failures_in_a_row += 1;
        if self.failures_in_a_row >= MAX_FAILURES_IN_A_ROW && self.fatal.is_none() {
            self.fatal = Some(Fatal::Broken {
                last_game: game.id.clone(),
                last: error,
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
        let (started, wall) = (end.started, end.wall);
        match self.classify(end, &dir) {
            GameEnd::Cancelled => Control::Continue,
            GameEnd::Usage(message) => {
                self.fatal.get_or_insert(Fatal::Usage(message));
                Control::Stop
            }
            GameEnd::Failed(error) => self.failed(game, error),
            GameEnd::Verdict(verdict) => {
                let record = game_record(self.config, game, started, wall, verdict.summary.clone());
                if let Err(e) = self.results.append(&record) {
                    // Without a results file nothing can be kept: stop now.
                    self.fatal.get_or_insert(Fatal::Results(e));
                    return Control::Cancel;
                }
                self.failures_in_a_row = 0;
                self.new_games += 1;
                self.done += 1;
                self.tally.count(&game.seats, &record, &verdict);
                let mut control = Control::Continue;
                if let Some(s) = &mut self.sprt {
                    *s = SprtStatus::of(s.sprt, &self.tally, self.config.settings.pairs);
                    self.progress.message(s.short());
                    if s.decision != Decision::Continue {
                        control = Control::Cancel;
                    }
                }
                self.progress.game(&self.game_line(game, &verdict, wall));
                control
            }
        }
    }

    fn notice(&mut self, notice: Notice) {
        let id = |key: usize| self.schedule[key].id.as_str();
        let running = |n: Option<usize>| match n {
            Some(n) => format!("{n} running game(s)"),
            None => "the running games".to_owned(),
        };
        let text = match notice {
            Notice::Stopping(StopReason::Requested, _) => return,
            Notice::Stopping(StopReason::Interrupted, n) => format!(
                "interrupted: starting no more games; waiting for {} (Ctrl-C again to stop \
                 them)",
                running(n)
            ),
            Notice::Stopping(StopReason::Cancelled, n) if self.fatal.is_none() => {
                if n == Some(0) {
                    return;
                }
                format!("SPRT decided: stopping {}", running(n))
            }
            Notice::Stopping(StopReason::Cancelled, n) => {
                format!("stopping {}", running(n))
            }
            Notice::Stopping(StopReason::Terminated, n) => format!(
                "stopping {} (their referees get SIGTERM; Ctrl-C again to kill them)",
                running(n)
            ),
            Notice::Stopping(StopReason::Killed, n) => {
                format!("killing {}", running(n))
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

/// Reads and checks the verdict a referee printed.
pub fn read_verdict(path: &Path) -> Result<Verdict, VerdictFileError> {
    let text = std::fs::read_to_string(path).map_err(|source| VerdictFileError::Read {
        path: path.to_owned(),
        source,
    })?;
    let path = path.to_owned();
    match Summary::from_json(&text) {
        // A JSON document, but not a verdict.
        Err(e) if e.classify() == serde_json::error::Category::Data => {
            Err(VerdictFileError::Invalid {
                path,
                source: e.into(),
            })
        }
        Err(source) => Err(VerdictFileError::Json { path, source }),
        Ok(summary) => Verdict::from_summary(summary)
            .map_err(|source| VerdictFileError::Invalid { path, source }),
    }
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
