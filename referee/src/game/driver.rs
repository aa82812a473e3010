//! The game flow of §3: setups, turns, the forwarding of moves and
//! results, and every end — over the process layer, without system calls.

use std::time::{Duration, Instant};

use stratego::wire::{self, clean_line};
use stratego::{
    Game, MoveResult, OpponentTurn, Player, Rules, Setup, SetupAnswer, SetupError, UncheckedMove,
    WireError,
};
use thiserror::Error;

use super::config::MatchConfig;
use super::report::{
    ExitReport, MatchReport, MoveRecord, PlayerReport, Record, Settings, SetupStatus,
    VerdictReport, millis,
};
use super::verdict::{Reason, Verdict};
use crate::process::{Event, Failure, Supervisor, SupervisorConfig, SupervisorError};

/// Lines of a setup reply.
const SETUP_LINES: usize = stratego::Rank::TOTAL;
/// Lines of a move reply.
const MOVE_LINES: usize = 3;

/// Watches a match as it is played (the `-v` board uses it).
pub trait Observer {
    /// Both setups were accepted; the game starts from `game`.
    fn started(&mut self, _game: &Game) {}
    /// A legal move was played; `game` is the position after it.
    fn moved(&mut self, _game: &Game, _mv: &MoveRecord) {}
}

/// An observer that does nothing.
impl Observer for () {}

/// A failure of the referee itself: no verdict can be given.
#[derive(Debug, Error)]
pub enum MatchError {
    /// The log directory could not be created.
    #[error("cannot create the log directory {}", .path.display())]
    LogDir {
        /// The directory.
        path: std::path::PathBuf,
        /// The system error.
        #[source]
        source: std::io::Error,
    },
    /// The process layer failed.
    #[error(transparent)]
    Supervisor(#[from] SupervisorError),
}

/// What is known of a player's setup during the setup phase.
enum SetupState {
    Waiting,
    Accepted(Setup),
    Refused(String),
    Failed,
}

/// Per-player statistics gathered during the match.
#[derive(Default)]
struct Stats {
    setup: Option<SetupStatus>,
    setup_time: Option<Duration>,
    reply_times: Vec<Duration>,
    timeouts: u32,
    illegal_moves: u32,
    failure: Option<Reason>,
}

struct Match<'a> {
    cfg: &'a MatchConfig,
    sup: Supervisor,
    stats: [Stats; 2],
    setups: [Option<Vec<u8>>; 2],
    moves: Vec<MoveRecord>,
    interrupted_by: Option<i32>,
}

fn player(i: usize) -> Player {
    Player::from_index(i).expect("two players")
}

/// Plays one whole match and returns its report. Returns an error only
/// if the referee itself fails; whatever the players do gives a verdict
/// (or, after SIGINT/SIGTERM/SIGHUP, [`Reason::Interrupted`]).
pub fn play_match(
    cfg: &MatchConfig,
    observer: &mut dyn Observer,
) -> Result<MatchReport, MatchError> {
    std::fs::create_dir_all(&cfg.log_dir).map_err(|source| MatchError::LogDir {
        path: cfg.log_dir.clone(),
        source,
    })?;
    let logs = [cfg.log_path(0), cfg.log_path(1)];
    let start = Instant::now();
    let sup = Supervisor::start(
        &cfg.programs,
        &logs,
        SupervisorConfig {
            framing: linebuf::Framing {
                max_line_bytes: wire::MAX_LINE_BYTES,
                max_reply_bytes: wire::MAX_REPLY_BYTES,
                skip_blank: true,
                strip_cr: true,
            },
            time_limit: cfg.time_limit,
            grace: cfg.grace,
            max_log_bytes: cfg.max_log_bytes,
        },
    )?;
    let mut m = Match {
        cfg,
        sup,
        stats: Default::default(),
        setups: [None, None],
        moves: Vec::new(),
        interrupted_by: None,
    };
    let verdict = m.run(observer);
    let Match {
        sup,
        mut stats,
        setups,
        moves,
        interrupted_by,
        ..
    } = m;
    // Clean up even when the game loop failed.
    let ends = sup.finish();
    let verdict = verdict?;
    let ends = ends?;
    log::info!("verdict: {verdict:?}");

    let players = std::array::from_fn(|i| {
        let s = std::mem::take(&mut stats[i]);
        let n = s.reply_times.len();
        let total: Duration = s.reply_times.iter().sum();
        PlayerReport {
            program: cfg.programs[i].display(),
            args: cfg.programs[i]
                .args
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect(),
            setup: s.setup.unwrap_or(SetupStatus::None),
            setup_ms: s.setup_time.map(millis),
            moves: n as u32,
            timeouts: s.timeouts,
            illegal_moves: s.illegal_moves,
            failure: s.failure,
            max_reply_ms: s.reply_times.iter().max().copied().map(millis),
            mean_reply_ms: (n > 0).then(|| millis(total / n as u32)),
            exit: ExitReport::from(ends[i]),
            log: logs[i].display().to_string(),
        }
    });
    let record = Record {
        schema: super::report::SCHEMA,
        settings: Settings {
            time_limit_ms: cfg.time_limit.as_millis() as u64,
            grace_ms: cfg.grace.as_millis() as u64,
            max_turns: cfg.max_turns,
            two_square_rule: cfg.two_square_rule,
        },
        setups,
        moves,
        end: VerdictReport::from(&verdict),
    };
    Ok(MatchReport {
        moves: record.moves.len() as u32,
        verdict,
        duration: start.elapsed(),
        players,
        record,
        interrupted_by,
    })
}

/// Reads a setup reply's lines into a setup.
fn parse_setup(p: Player, lines: &[Vec<u8>]) -> Result<Setup, SetupError> {
    let mut cleaned = Vec::with_capacity(lines.len());
    for (i, raw) in lines.iter().enumerate() {
        let line = match clean_line(raw) {
            Ok(Some(l)) => l,
            Ok(None) => "",
            Err(source) => {
                return Err(SetupError::Line {
                    line: i + 1,
                    source,
                });
            }
        };
        cleaned.push(line);
    }
    Setup::from_lines(p, &cleaned)
}

/// Reads a move reply's three lines.
fn parse_move(lines: &[Vec<u8>]) -> Result<UncheckedMove, WireError> {
    let mut cleaned = Vec::with_capacity(MOVE_LINES);
    for raw in lines {
        cleaned.push(clean_line(raw)?.unwrap_or(""));
    }
    UncheckedMove::from_lines(cleaned[0], cleaned[1], cleaned[2])
}

impl Match<'_> {
    fn run(&mut self, observer: &mut dyn Observer) -> Result<Verdict, MatchError> {
        let (s0, s1) = match self.setup_phase()? {
            Ok(setups) => setups,
            Err(verdict) => return Ok(verdict),
        };
        let rules = Rules {
            max_turns: self.cfg.max_turns,
            two_square_rule: self.cfg.two_square_rule,
        };
        let mut game = Game::new(&s0, &s1, rules);
        observer.started(&game);
        self.play_phase(&mut game, observer)
    }

    /// Counts a failure in the player's statistics.
    fn note_failure(&mut self, child: usize, failure: &Failure) {
        self.stats[child].failure = Some(Reason::of_failure(failure));
        if matches!(failure, Failure::Timeout(_)) {
            self.stats[child].timeouts += 1;
        }
    }

    /// Records a failure and returns the verdict it gives: the other player
    /// wins (and receives `F`) unless it has failed too (draw).
    fn failed(&mut self, child: usize, failure: &Failure) -> Verdict {
        self.note_failure(child, failure);
        let other = 1 - child;
        let reason = Reason::of_failure(failure);
        let detail = format!("player {child}: {failure}");
        if let Some(theirs) = self.sup.failure(other).cloned() {
            // Both failed at once: a draw.
            self.note_failure(other, &theirs);
            return Verdict {
                winner: None,
                reason: reason.max(Reason::of_failure(&theirs)),
                detail: format!("both players failed; {detail}; player {other}: {theirs}"),
            };
        }
        self.sup
            .send(other, OpponentTurn::Failure.to_wire().as_bytes());
        Verdict {
            winner: Some(player(other)),
            reason,
            detail,
        }
    }

    fn interrupted(&mut self, signal: i32) -> Verdict {
        self.interrupted_by = Some(signal);
        Verdict {
            winner: None,
            reason: Reason::Interrupted,
            detail: format!(
                "the referee received {}",
                crate::process::signal_name(signal)
            ),
        }
    }

    /// §3.1: both players set up at once. `Ok(Err(verdict))` if the game
    /// ends here.
    #[allow(clippy::type_complexity)]
    fn setup_phase(&mut self) -> Result<Result<(Setup, Setup), Verdict>, MatchError> {
        for i in 0..2 {
            self.sup
                .send(i, wire::player_number_to_wire(player(i)).as_bytes());
            self.sup.expect_reply(i, SETUP_LINES);
        }
        let mut state = [SetupState::Waiting, SetupState::Waiting];
        while state.iter().any(|s| matches!(s, SetupState::Waiting)) {
            match self.sup.next_event()? {
                Event::Reply {
                    child,
                    lines,
                    elapsed,
                } => {
                    self.stats[child].setup_time = Some(elapsed);
                    state[child] = match parse_setup(player(child), &lines) {
                        Ok(s) => SetupState::Accepted(s),
                        Err(e) => SetupState::Refused(e.to_string()),
                    };
                }
                Event::BadReply {
                    child,
                    fault,
                    elapsed,
                } => {
                    self.stats[child].setup_time = Some(elapsed);
                    state[child] = SetupState::Refused(fault.to_string());
                }
                Event::Failed { child, failure } => {
                    self.stats[child].setup = Some(SetupStatus::Failed);
                    state[child] = SetupState::Failed;
                    let other = 1 - child;
                    return Ok(Err(match &state[other] {
                        // A refused setup still gets its KO; both are bad: draw.
                        SetupState::Refused(why) => {
                            self.stats[other].setup = Some(SetupStatus::Refused);
                            self.sup.send(other, SetupAnswer::Ko.to_wire().as_bytes());
                            self.note_failure(child, &failure);
                            let reason = Reason::of_failure(&failure);
                            Verdict {
                                winner: None,
                                reason,
                                detail: format!(
                                    "player {child}: {failure}; player {other}'s setup refused: {why}"
                                ),
                            }
                        }
                        // The survivor receives F in place of its answer.
                        other_state => {
                            if matches!(other_state, SetupState::Accepted(_)) {
                                self.stats[other].setup = Some(SetupStatus::Accepted);
                            }
                            self.failed(child, &failure)
                        }
                    }));
                }
                Event::Interrupted { signal } => return Ok(Err(self.interrupted(signal))),
            }
        }
        let [a, b] = state;
        match (a, b) {
            (SetupState::Accepted(s0), SetupState::Accepted(s1)) => {
                self.setups = [Some(codes(&s0)), Some(codes(&s1))];
                for i in 0..2 {
                    self.stats[i].setup = Some(SetupStatus::Accepted);
                    self.sup.send(i, SetupAnswer::Ok.to_wire().as_bytes());
                }
                Ok(Ok((s0, s1)))
            }
            (a, b) => {
                let mut refused = Vec::new();
                for (i, s) in [a, b].into_iter().enumerate() {
                    match s {
                        SetupState::Accepted(s) => {
                            self.setups[i] = Some(codes(&s));
                            self.stats[i].setup = Some(SetupStatus::Accepted);
                            self.sup.send(i, SetupAnswer::Ok.to_wire().as_bytes());
                        }
                        SetupState::Refused(why) => {
                            self.stats[i].setup = Some(SetupStatus::Refused);
                            self.sup.send(i, SetupAnswer::Ko.to_wire().as_bytes());
                            refused.push(format!("player {i}'s setup refused: {why}"));
                        }
                        SetupState::Waiting | SetupState::Failed => {
                            unreachable!("failures return early; the loop waits for every setup")
                        }
                    }
                }
                let winner = match (&self.stats[0].setup, &self.stats[1].setup) {
                    (Some(SetupStatus::Accepted), _) => Some(Player::Zero),
                    (_, Some(SetupStatus::Accepted)) => Some(Player::One),
                    _ => None,
                };
                Ok(Err(Verdict {
                    winner,
                    reason: Reason::SetupRefused,
                    detail: refused.join("; "),
                }))
            }
        }
    }

    /// §3.2–§3.5: the turns, until the game ends.
    fn play_phase(
        &mut self,
        game: &mut Game,
        observer: &mut dyn Observer,
    ) -> Result<Verdict, MatchError> {
        loop {
            if let Some(end) = game.end() {
                return Ok(self.end_of_play(game, end));
            }
            let mover = game.to_move();
            let me = mover.index();
            let other = 1 - me;
            self.sup.expect_reply(me, MOVE_LINES);
            let (parsed, elapsed) = match self.sup.next_event()? {
                Event::Reply {
                    child,
                    lines,
                    elapsed,
                } => {
                    debug_assert_eq!(child, me, "only the mover is asked");
                    let checked = parse_move(&lines)
                        .map_err(|e| e.to_string())
                        .and_then(|m| game.check(&m).map_err(|e| e.to_string()));
                    (checked, elapsed)
                }
                Event::BadReply { fault, elapsed, .. } => (Err(fault.to_string()), elapsed),
                Event::Failed { child, failure } => return Ok(self.failed(child, &failure)),
                Event::Interrupted { signal } => return Ok(self.interrupted(signal)),
            };
            self.stats[me].reply_times.push(elapsed);
            let mv = match parsed {
                Ok(mv) => mv,
                Err(why) => {
                    // §3.2: E to the mover as its result, E alone to the opponent.
                    self.stats[me].illegal_moves += 1;
                    self.sup.send(me, MoveResult::Error.to_wire().as_bytes());
                    self.sup
                        .send(other, OpponentTurn::Error.to_wire().as_bytes());
                    return Ok(Verdict {
                        winner: Some(mover.opponent()),
                        reason: Reason::IllegalMove,
                        detail: format!("player {me}: {why}"),
                    });
                }
            };
            let result = MoveResult::from(game.play(mv));
            self.sup.send(me, result.to_wire().as_bytes());
            let forwarded = OpponentTurn::Move(mv.to_unchecked(), result);
            self.sup.send(other, forwarded.to_wire().as_bytes());
            let (attacker, defender) = match result {
                MoveResult::Battle { attacker, defender } => {
                    (Some(attacker.code()), Some(defender.code()))
                }
                _ => (None, None),
            };
            let u = mv.to_unchecked();
            let record = MoveRecord {
                ply: game.plies(),
                player: me as u8,
                square: u.from.to_string(),
                direction: u.dir.to_string(),
                distance: u.distance,
                result: result.letter().to_string(),
                attacker,
                defender,
                reply_ms: millis(elapsed),
            };
            observer.moved(game, &record);
            self.moves.push(record);
        }
    }

    fn end_of_play(&self, game: &Game, end: stratego::GameEnd) -> Verdict {
        let reason = Reason::of_end(end.reason);
        let detail = match end.reason {
            stratego::EndReason::FlagCaptured => {
                let last = self.moves.last().expect("a flag is taken by a move");
                let winner = end.winner.expect("a flag capture has a winner");
                format!(
                    "player {winner} took the flag: {} {} {}",
                    last.square, last.direction, last.distance
                )
            }
            stratego::EndReason::NoLegalMove => {
                format!("player {} has no legal move", game.to_move())
            }
            stratego::EndReason::NeitherCanMove => "neither player has a legal move".to_owned(),
            stratego::EndReason::TurnLimit => format!("{} moves played", game.plies()),
        };
        Verdict {
            winner: end.winner,
            reason,
            detail,
        }
    }
}

fn codes(s: &Setup) -> Vec<u8> {
    s.ranks().iter().map(|r| r.code()).collect()
}
