//! `referee check`: a program's pre-flight. It plays the program in a few
//! short games against an opponent of ours (by default our `player`),
//! through the match driver and the process layer of every game, sandbox
//! and limits included, with the opponent scripted ([`scripted`]) to make
//! the moves that are rare in a real game: an illegal move, an unreadable
//! reply, a failure. Each game is judged from its report — the verdict,
//! the program's statistics, how its process ended — into lines of
//! [`Check`]s, each quoting what the program sent.
//!
//! The games it plays ([`SCENARIOS`]) are the same for every game: what
//! differs, what the program is told and when, is the game's own
//! ([`game_core::Game`]).

pub mod scripted;

use std::path::{Path, PathBuf};
use std::time::Duration;

use game_core::{Game, Host, Seat, SetupPhase, Spec};
use referee_schema::{MoveEntry, Reason, SetupStatus, Summary};
use thiserror::Error;

use crate::game::{HostError, MatchConfig, MatchError, Observer};
use crate::process::{ProcessEnd, Program, Termination};
use scripted::{Deviation, Plan, Scripted};

/// One game of the check.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    /// Its name, also the name of its log directory.
    pub name: &'static str,
    /// The program's seat.
    pub seat: Seat,
    /// What the opponents do.
    pub plan: Plan,
}

/// The games a check plays, in order.
pub const SCENARIOS: [Scenario; 5] = [
    Scenario {
        name: "player-0",
        seat: 0,
        plan: Plan::Plain,
    },
    Scenario {
        name: "player-1",
        seat: 1,
        plan: Plan::Plain,
    },
    Scenario {
        name: "illegal",
        seat: 0,
        plan: Plan::Illegal,
    },
    Scenario {
        name: "unreadable",
        seat: 0,
        plan: Plan::Unreadable,
    },
    Scenario {
        name: "fails",
        seat: 0,
        plan: Plan::Fails,
    },
];

/// A reply's time above this share of its limit fails the reply-time
/// check: on a loaded machine (a tournament's) it would run out.
pub const REPLY_MARGIN: f64 = 0.9;

/// What a check is run with.
#[derive(Clone, Debug)]
pub struct CheckConfig {
    /// Limits, sandbox, seed, logs (its `log_dir` holds a directory per
    /// scenario), and the game's turn limit. Its `programs` are ignored.
    pub base: MatchConfig,
    /// The program's moves in each plain game, after which it ends.
    pub moves: usize,
    /// The program under check, as given.
    pub program: Program,
    /// The opponent's program, in every other seat.
    pub opponent: Program,
    /// The opponent's own time limit, for its setup and its moves; `None`:
    /// the game's. The opponent's failure waits for it.
    pub opponent_limit: Option<Duration>,
    /// Where the hosts of a game's programs are (the referee's directory).
    pub host_dir: PathBuf,
}

/// Why a check could not be run (never the program's fault).
#[derive(Debug, Error)]
pub enum CheckError {
    /// The game refused its options.
    #[error("the game's options: {0}")]
    Options(String),
    /// The program's host could not be found.
    #[error(transparent)]
    Host(#[from] HostError),
    /// A signal (SIGINT, SIGTERM, SIGHUP) interrupted a game: the check
    /// stops there.
    #[error("interrupted by {}", crate::process::signal_name(*.0))]
    Interrupted(i32),
    /// A game could not be played.
    #[error("the {scenario} game could not be played")]
    Match {
        /// The scenario.
        scenario: &'static str,
        /// Why.
        #[source]
        source: MatchError,
    },
}

/// How a check came out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// Passed.
    Pass,
    /// Failed: the program does something the protocol forbids.
    Fail,
    /// Not checked here (the game gave no occasion), which fails nothing.
    Skip,
}

impl Status {
    /// `pass`, `FAIL` or `skip`.
    pub fn word(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "FAIL",
            Status::Skip => "skip",
        }
    }
}

/// One line of a check's report.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Check {
    /// A stable name (`start-up`, `illegal`, `exit`).
    pub name: &'static str,
    /// How it came out.
    pub status: Status,
    /// What was seen, quoting the program's bytes.
    pub detail: String,
}

impl Check {
    fn new(name: &'static str, status: Status, detail: impl Into<String>) -> Check {
        Check {
            name,
            status,
            detail: detail.into(),
        }
    }

    /// The check `name` over every game: failed by `failing`, the first
    /// game that fails it, `in the NAME game` followed by what `fail` says
    /// of it; else passed, saying `pass`.
    fn passed_unless(
        name: &'static str,
        failing: Option<&Played>,
        pass: impl Into<String>,
        fail: impl FnOnce(&Played) -> String,
    ) -> Check {
        match failing {
            None => Check::new(name, Status::Pass, pass),
            Some(p) => Check::new(
                name,
                Status::Fail,
                format!("in the {} game{}", p.scenario.name, fail(p)),
            ),
        }
    }
}

/// The report of a check.
#[derive(Clone, Debug)]
pub struct CheckReport {
    /// Every check, in order.
    pub checks: Vec<Check>,
}

impl CheckReport {
    /// Whether no check failed.
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.status != Status::Fail)
    }

    /// The report as lines: `pass  NAME  DETAIL`.
    pub fn lines(&self) -> String {
        let width = self.checks.iter().map(|c| c.name.len()).max().unwrap_or(0);
        self.checks
            .iter()
            .map(|c| {
                format!(
                    "{}  {:width$}  {}\n",
                    c.status.word(),
                    c.name,
                    c.detail,
                    width = width
                )
            })
            .collect()
    }
}

/// What one scenario's game left behind.
struct Played {
    scenario: Scenario,
    summary: Summary,
    end: ProcessEnd,
    deviation: Deviation,
    /// The program's move times, in order.
    replies: Vec<f64>,
    /// Bytes of the program's stderr log.
    log_bytes: u64,
}

impl Played {
    /// The program's fault in this game, in the verdict's words, if it
    /// lost by one.
    fn fault(&self) -> Option<String> {
        let me = &self.summary.players[self.scenario.seat];
        let faulted =
            me.failure.is_some() || me.illegal_moves > 0 || me.setup == Some(SetupStatus::Refused);
        faulted.then(|| self.verdict())
    }

    fn verdict(&self) -> String {
        format!("{}: {}", self.summary.reason_text, self.summary.detail)
    }
}

/// Collects the program's move times.
struct Times {
    seat: Seat,
    replies: Vec<f64>,
}

impl<G: Game> Observer<G> for Times {
    fn moved(&mut self, _game: &G, mv: &MoveEntry<G::MoveRecord>) {
        if usize::from(mv.player) == self.seat {
            self.replies.push(mv.reply_ms);
        }
    }
}

/// Checks `cfg.program` at game `S` with its `options`.
pub fn check<S: Spec>(options: &S::Options, cfg: &CheckConfig) -> Result<CheckReport, CheckError> {
    let mut played = Vec::new();
    for scenario in SCENARIOS {
        played.push(play::<S>(options, cfg, scenario)?);
    }
    Ok(judge::<S>(cfg, &played))
}

/// Plays one scenario's game.
fn play<S: Spec>(
    options: &S::Options,
    cfg: &CheckConfig,
    scenario: Scenario,
) -> Result<Played, CheckError> {
    let mut match_cfg = cfg.base.clone();
    match_cfg.log_dir = cfg.base.log_dir.join(scenario.name);
    let game = S::new(options, &match_cfg.context()).map_err(|e| CheckError::Options(e.0))?;
    let seats = game.seats();
    let mut hosts: Vec<Option<Host>> = Vec::new();
    let mut programs = Vec::new();
    for seat in 0..seats {
        let given = if seat == scenario.seat {
            &cfg.program
        } else {
            &cfg.opponent
        };
        let host = S::host(options, seat, Path::new(&given.path));
        programs.push(crate::hosted(host.clone(), given.clone(), &cfg.host_dir)?);
        hosts.push(host);
    }
    if let Some(limit) = cfg.opponent_limit {
        for seat in (0..seats).filter(|&s| s != scenario.seat) {
            match_cfg.player_time_limits.insert(seat, Some(limit));
        }
    }
    match_cfg.names = vec![None; seats];
    match_cfg.programs = programs;
    match_cfg.hosts = hosts;
    let moves = (scenario.plan == Plan::Plain).then_some(cfg.moves);
    let (game, watch) = Scripted::new(game, scenario.seat, scenario.plan, moves);
    let mut times = Times {
        seat: scenario.seat,
        replies: Vec::new(),
    };
    let report = crate::play_match(
        game,
        serde_json::Map::new(),
        S::NAME,
        &match_cfg,
        &mut times,
    )
    .map_err(|source| CheckError::Match {
        scenario: scenario.name,
        source,
    })?;
    if let Some(signal) = report.interrupted_by {
        return Err(CheckError::Interrupted(signal));
    }
    let log_bytes = std::fs::metadata(match_cfg.log_path(scenario.seat)).map_or(0, |m| m.len());
    Ok(Played {
        scenario,
        end: report.ends[scenario.seat],
        summary: report.summary,
        deviation: watch.deviation(),
        replies: times.replies,
        log_bytes,
    })
}

/// Quotes bytes for a report line.
fn quote(bytes: &[u8]) -> String {
    format!("\"{}\"", bytes.escape_ascii())
}

/// Quotes reply lines, each with its newline.
fn quote_lines(lines: &[Vec<u8>]) -> String {
    let mut all = Vec::new();
    for l in lines {
        all.extend_from_slice(l);
        all.push(b'\n');
    }
    quote(&all)
}

/// What the program was told of the opponent's deviation, in words.
fn told(text: &str) -> String {
    if text.is_empty() {
        "the program was told nothing more (as the game says) and stopped cleanly".to_owned()
    } else {
        format!(
            "the program was told {} and stopped cleanly",
            quote(text.as_bytes())
        )
    }
}

fn ms(d: Duration) -> u64 {
    d.as_millis() as u64
}

/// The checks, from every scenario's game.
fn judge<S: Spec>(cfg: &CheckConfig, played: &[Played]) -> CheckReport {
    let secret = <<S::Game as Game>::Phase as SetupPhase<S::Game>>::SECRET;
    let base = &cfg.base;
    let mut checks = Vec::new();
    let first = &played[0];

    // Start-up: the setup, or the first reply, within its limit.
    let startup = if secret {
        let me = &first.summary.players[first.scenario.seat];
        let limit = ms(base.setup_time_limit);
        match (me.setup, me.setup_ms) {
            (Some(SetupStatus::Accepted), Some(t)) => Check::new(
                "start-up",
                Status::Pass,
                format!("set up in {t:.0} ms, start-up included (limit {limit} ms)"),
            ),
            _ => Check::new("start-up", Status::Fail, first.verdict()),
        }
    } else {
        let limit = ms(base.time_limit);
        match (first.replies.first(), first.fault()) {
            (Some(t), _) => Check::new(
                "start-up",
                Status::Pass,
                format!("first reply in {t:.0} ms, start-up included (limit {limit} ms)"),
            ),
            (None, Some(fault)) => Check::new("start-up", Status::Fail, fault),
            (None, None) => Check::new(
                "start-up",
                Status::Skip,
                format!("the game ended before it moved: {}", first.verdict()),
            ),
        }
    };
    checks.push(startup);

    // Flushed replies: a reply held in a buffer never arrives.
    let timeouts: Vec<&Played> = played
        .iter()
        .filter(|p| p.summary.players[p.scenario.seat].failure == Some(Reason::Timeout))
        .collect();
    let replies: usize = played.iter().map(|p| p.replies.len()).sum();
    checks.push(Check::passed_unless(
        "flush",
        timeouts.first().copied(),
        format!("{replies} replies, each complete without more input"),
        |p| {
            format!(
                ": {} (too slow, or a reply not flushed: the referee never sees it)",
                p.verdict()
            )
        },
    ));

    for p in played {
        checks.push(scenario_check(p));
    }

    // Nothing after the end.
    checks.push(Check::passed_unless(
        "after-end",
        played
            .iter()
            .find(|p| p.end.unasked.bytes > 0 && p.fault().is_none()),
        "nothing sent after the end of any game",
        |p| {
            format!(
                ", {} bytes that no reply took: {}",
                p.end.unasked.bytes,
                quote(p.end.unasked.head())
            )
        },
    ));

    // Exit at the end of input.
    let grace = ms(base.grace);
    let late = played
        .iter()
        .find(|p| matches!(p.end.killed_by, Some(Termination::Term | Termination::Kill)));
    checks.push(Check::passed_unless(
        "exit",
        late,
        format!("exited within {grace} ms of the end of its input, every game"),
        |p| {
            format!(
                ", still running {grace} ms after its input ended: {}",
                p.end
            )
        },
    ));

    // No process left behind.
    let left = played.iter().find(|p| p.end.leftovers == Some(true));
    let known = played.iter().all(|p| p.end.leftovers.is_some());
    checks.push(match left {
        None if !known => Check::new(
            "leftovers",
            Status::Skip,
            "not known without the sandbox's PID namespace",
        ),
        left => Check::passed_unless(
            "leftovers",
            left,
            "no process of its own left running when it ended",
            |_| ", processes it started were still running when it ended".to_owned(),
        ),
    });

    // Stderr.
    let most = played.iter().map(|p| p.log_bytes).max().unwrap_or(0);
    checks.push(if most >= base.max_log_bytes {
        Check::new(
            "stderr",
            Status::Fail,
            format!(
                "its log reached the cap of {} bytes and was cut",
                base.max_log_bytes
            ),
        )
    } else {
        Check::new(
            "stderr",
            Status::Pass,
            format!(
                "at most {most} bytes a game (cap {} bytes)",
                base.max_log_bytes
            ),
        )
    });

    // Reply times.
    let mut times: Vec<f64> = played.iter().flat_map(|p| p.replies.clone()).collect();
    times.sort_by(f64::total_cmp);
    let limit = base.time_limit.as_secs_f64() * 1000.0;
    checks.push(match (times.get(times.len() / 2), times.last()) {
        (Some(median), Some(&max)) => {
            let words = format!(
                "median {median:.0} ms, max {max:.0} ms over {} moves (limit {limit:.0} ms)",
                times.len()
            );
            if max > limit * REPLY_MARGIN {
                Check::new(
                    "reply-time",
                    Status::Fail,
                    format!("{words}: above {:.0}% of the limit", REPLY_MARGIN * 100.0),
                )
            } else {
                Check::new("reply-time", Status::Pass, words)
            }
        }
        _ => Check::new("reply-time", Status::Skip, "no move was played"),
    });
    CheckReport { checks }
}

/// The check of one scenario's game.
fn scenario_check(p: &Played) -> Check {
    let name = p.scenario.name;
    if let Some(fault) = p.fault() {
        return Check::new(name, Status::Fail, fault);
    }
    let d = &p.deviation;
    match p.scenario.plan {
        Plan::Plain => Check::new(
            name,
            Status::Pass,
            format!(
                "a game as player {}, {} moves: {}",
                p.scenario.seat,
                p.summary.moves,
                p.verdict()
            ),
        ),
        _ if d.impossible.is_some() => {
            Check::new(name, Status::Skip, d.impossible.clone().unwrap_or_default())
        }
        _ if d.seat.is_none() => Check::new(
            name,
            Status::Skip,
            format!("the game ended before the opponent's turn: {}", p.verdict()),
        ),
        Plan::Illegal | Plan::Unreadable => Check::new(
            name,
            Status::Pass,
            // Not the verdict's detail: it quotes the lines the
            // opponent's program sent, which the script replaced.
            format!(
                "the opponent sent {}, {}",
                quote_lines(&d.sent),
                told(&d.told)
            ),
        ),
        Plan::Fails => Check::new(
            name,
            Status::Pass,
            format!(
                "the opponent failed, {} ({})",
                told(&d.told),
                p.summary.detail
            ),
        ),
    }
}
