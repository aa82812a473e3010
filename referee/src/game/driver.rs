//! The game flow every game shares, over the process layer and without
//! system calls: greetings, the setup phase, the turns, the faults and
//! their verdicts, the statistics and the record. What depends on the
//! rules is the game's ([`game_core::Game`]).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use game_core::{
    Game, Launch, Question, ReplyKind, Seat, SetupOf, SetupPhase, SetupRecordOf, Tell,
};
use linebuf::Framing;
use referee_schema::{
    EndReport, MoveEntry, Outcome, Phase, PlayerReport, Reason, Record, RecordedProgram,
    RejectedReply, SCHEMA, Settings, SetupStatus, Summary, millis,
};
use serde_json::{Map, Value};
use thiserror::Error;

use super::config::MatchConfig;
use super::report::{MatchReport, exit_report, sandbox_settings};
use super::verdict::{Verdict, early_note, illegal_detail, reason_of, who};
use crate::process::{
    self, ChildId, ChildSpec, Event, Failure, ProcessEnd, Supervisor, SupervisorConfig,
    SupervisorError,
};

/// Watches a match as it is played (the `-v` board uses it).
pub trait Observer<G: Game> {
    /// Play starts from `game` (after the setups, if any).
    fn started(&mut self, _game: &G) {}
    /// A legal move was played; `game` is the position after it.
    fn moved(&mut self, _game: &G, _mv: &MoveEntry<G::MoveRecord>) {}
}

/// An observer that does nothing.
impl<G: Game> Observer<G> for () {}

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
    /// The number of programs is not the game's number of seats.
    #[error("this game takes {seats} players, {given} programs were given")]
    Seats {
        /// The game's seats.
        seats: usize,
        /// Programs given.
        given: usize,
    },
    /// The process layer failed.
    #[error(transparent)]
    Supervisor(#[from] SupervisorError),
    /// A game played from a record ([`Script`]) left it: a program
    /// replied otherwise than the record says, or the record holds no
    /// reply where a seat without a program is asked for one.
    #[error("{0}")]
    OffRecord(String),
}

/// A record's game, played again with programs in some seats only
/// (`referee reproduce`): every other seat gives the replies the record
/// holds, and each seat with a program must play the recorded moves, so
/// that it is sent exactly what it was sent in the recorded game. A reply
/// that leaves the record ends the game with [`MatchError::OffRecord`].
pub struct Script<'r, G: Game> {
    /// The recorded game (its setups, moves and refused replies).
    pub record: &'r Record<G::MoveRecord, SetupRecordOf<G>>,
    /// Whether each seat runs its program (`MatchConfig::programs`);
    /// the others' programs are not run.
    pub runs: Vec<bool>,
}

impl<G: Game> Script<'_, G> {
    /// The recorded reply of `seat`, which runs no program, to the setup
    /// question, as its lines.
    fn setup_reply(&self, game: &G, seat: Seat) -> Result<Vec<Vec<u8>>, MatchError> {
        if let Some(Some(rec)) = self.record.setups.get(seat) {
            return Ok(G::Phase::reply(game, seat, rec));
        }
        self.record
            .rejected
            .iter()
            .find(|r| usize::from(r.player) == seat && r.phase == Phase::Setup)
            .and_then(RejectedReply::raw_lines)
            .ok_or_else(|| {
                MatchError::OffRecord(format!("the record holds no setup of player {seat}"))
            })
    }

    /// The recorded reply of `seat`, which runs no program, at move `ply`
    /// (1-based), as its lines, and its recorded reply time: the move
    /// played there, or the refused reply that ended the game there.
    fn move_reply(
        &self,
        game: &G,
        seat: Seat,
        ply: u32,
    ) -> Result<(Vec<Vec<u8>>, Duration), MatchError> {
        let record = self.record;
        match record.moves.get(ply as usize - 1) {
            Some(m) if usize::from(m.player) == seat => Ok((
                game.move_reply(&m.detail),
                Duration::from_secs_f64(m.reply_ms.max(0.0) / 1e3),
            )),
            Some(m) => Err(MatchError::OffRecord(format!(
                "player {seat} is to move at ply {ply}, where the record has player {}'s move",
                m.player
            ))),
            None => record
                .rejected
                .iter()
                .find(|r| usize::from(r.player) == seat && r.phase == Phase::Move)
                .and_then(RejectedReply::raw_lines)
                .map(|lines| (lines, Duration::ZERO))
                .ok_or_else(|| {
                    MatchError::OffRecord(format!(
                        "the record holds no reply of player {seat} at ply {ply}"
                    ))
                }),
        }
    }

    /// Whether the move played at `ply` is the record's; else why not.
    fn follows(&self, seat: Seat, ply: u32, played: &G::MoveRecord) -> Result<(), MatchError> {
        match self.record.moves.get(ply as usize - 1) {
            Some(m) if m.detail == *played => Ok(()),
            Some(m) => Err(MatchError::OffRecord(format!(
                "at ply {ply} player {seat} played {played}, the record has {}",
                m.detail
            ))),
            None => Err(MatchError::OffRecord(format!(
                "at ply {ply} player {seat} played {played}, a legal move, where the record's \
                 game ended"
            ))),
        }
    }

    /// Whether `seat`'s setup, judged (`Some`: accepted as this record),
    /// is the record's; else why not.
    fn same_setup(&self, seat: Seat, setup: Option<&SetupRecordOf<G>>) -> Result<(), MatchError> {
        let json = |s: &SetupRecordOf<G>| serde_json::to_value(s).ok();
        let recorded = self.record.setups.get(seat).and_then(Option::as_ref);
        match (setup, recorded) {
            (Some(a), Some(b)) if json(a) == json(b) => Ok(()),
            (None, None) => Ok(()),
            (Some(_), Some(_)) => Err(MatchError::OffRecord(format!(
                "player {seat}'s setup is not the record's"
            ))),
            (Some(_), None) => Err(MatchError::OffRecord(format!(
                "player {seat}'s setup is accepted, the record's was refused"
            ))),
            (None, Some(_)) => Err(MatchError::OffRecord(format!(
                "player {seat}'s setup is refused, the record's was accepted"
            ))),
        }
    }
}

/// What is known of a seat's setup during the setup phase.
enum SetupState<S> {
    Waiting,
    Accepted(S),
    Refused(String),
    Failed,
}

/// Per-seat statistics gathered during the match.
#[derive(Default)]
struct Stats {
    setup: Option<SetupStatus>,
    setup_time: Option<Duration>,
    reply_times: Vec<Duration>,
    /// The CPU time of each move reply it could be read for.
    reply_cpu: Vec<Duration>,
    /// The CPU time of the move it timed out on, if it could be read.
    timeout_cpu: Option<Duration>,
    timeouts: u32,
    illegal_moves: u32,
    failure: Option<Reason>,
}

struct Match<'a, G: Game> {
    cfg: &'a MatchConfig,
    game: G,
    sup: Supervisor,
    launch: Launch,
    stats: Vec<Stats>,
    setups: Vec<Option<SetupRecordOf<G>>>,
    moves: Vec<MoveEntry<G::MoveRecord>>,
    /// Replies refused (setups, the last move), for the record.
    rejected: Vec<RejectedReply>,
    tell: Tell,
    interrupted_by: Option<i32>,
    /// Each seat's child in the supervisor; `None` for a seat that runs
    /// no program (its replies are the script's).
    children: Vec<Option<ChildId>>,
    /// The record followed, when the game is played from one.
    script: Option<&'a Script<'a, G>>,
    /// The replies of the seats without a program, delivered before the
    /// supervisor's events.
    scripted: VecDeque<Event>,
    /// A setup the script does not hold (its seat failed in the setups
    /// of the record, or the game ended there for another's fault): it
    /// never comes, which matters only once nothing else can.
    unscripted: Option<String>,
}

/// Plays one whole match of `game` and returns its report. Returns an
/// error only if the referee itself fails; whatever the players do gives a
/// verdict (or, after SIGINT/SIGTERM/SIGHUP, [`Reason::Interrupted`]).
/// `options` are the game's options as the record shows them.
pub fn play_match<G: Game>(
    game: G,
    options: Map<String, Value>,
    game_name: &str,
    cfg: &MatchConfig,
    observer: &mut dyn Observer<G>,
) -> Result<MatchReport, MatchError> {
    play(game, options, game_name, cfg, observer, None)
}

/// Plays the game of `script`'s record again with the programs of the
/// seats it runs only ([`Script`]), `cfg` being the record's settings;
/// the other seats' programs in `cfg` are not run. Ends as
/// [`play_match`] does, or with [`MatchError::OffRecord`] when a program
/// leaves the recorded game.
pub fn play_scripted<G: Game>(
    game: G,
    options: Map<String, Value>,
    game_name: &str,
    cfg: &MatchConfig,
    script: &Script<'_, G>,
) -> Result<MatchReport, MatchError> {
    play(game, options, game_name, cfg, &mut (), Some(script))
}

fn play<'a, G: Game>(
    game: G,
    options: Map<String, Value>,
    game_name: &str,
    cfg: &'a MatchConfig,
    observer: &mut dyn Observer<G>,
    script: Option<&'a Script<'a, G>>,
) -> Result<MatchReport, MatchError> {
    let seats = game.seats();
    if cfg.programs.len() != seats {
        return Err(MatchError::Seats {
            seats,
            given: cfg.programs.len(),
        });
    }
    std::fs::create_dir_all(&cfg.log_dir).map_err(|source| MatchError::LogDir {
        path: cfg.log_dir.clone(),
        source,
    })?;
    let logs: Vec<_> = (0..seats).map(|i| cfg.log_path(i)).collect();
    let launch = game.launch();
    let runs = |seat: usize| script.is_none_or(|s| s.runs.get(seat) == Some(&true));
    let mut children = Vec::with_capacity(seats);
    let mut next = 0;
    for seat in 0..seats {
        children.push(runs(seat).then(|| {
            next += 1;
            next - 1
        }));
    }
    let specs: Vec<ChildSpec> = cfg
        .programs
        .iter()
        .zip(&logs)
        .enumerate()
        .filter(|&(seat, _)| runs(seat))
        .map(|(seat, (program, log))| ChildSpec {
            program: program.clone(),
            log: log.clone(),
            launch: match launch {
                Launch::Session => process::Launch::Session,
                Launch::PerMove => process::Launch::PerReply,
            },
            // A seat without a time limit is a person's: the program it
            // runs (`human`) talks to them through the terminal.
            terminal: cfg.move_limit(seat).is_none(),
            cpus: cfg.cpus_of(seat).to_vec(),
        })
        .collect();
    let framing = game_core::framing_of::<G>();
    let start = Instant::now();
    let sup = Supervisor::start_children(
        &specs,
        SupervisorConfig {
            framing: Framing {
                max_line_bytes: framing.max_line_bytes,
                max_reply_bytes: framing.max_reply_bytes,
                skip_blank: true,
                strip_cr: true,
            },
            time_limit: cfg.time_limit,
            grace: cfg.grace,
            max_log_bytes: cfg.max_log_bytes,
            sandbox: cfg.sandbox.clone(),
        },
    )?;
    let mut m = Match {
        cfg,
        game,
        sup,
        launch,
        stats: (0..seats).map(|_| Stats::default()).collect(),
        setups: (0..seats).map(|_| None).collect(),
        moves: Vec::new(),
        rejected: Vec::new(),
        tell: Tell::new(),
        interrupted_by: None,
        children,
        script,
        scripted: VecDeque::new(),
        unscripted: None,
    };
    let verdict = m.run(observer);
    let warnings = m.game.warnings();
    let Match {
        sup,
        stats,
        setups,
        moves,
        rejected,
        interrupted_by,
        children,
        ..
    } = m;
    let sandbox = sandbox_settings(&cfg.sandbox, &sup.sandbox_status());
    // Clean up even when the game loop failed.
    let ends = sup.finish();
    let verdict = verdict?;
    let ends = ends?;
    log::info!("verdict: {verdict:?}");
    // A seat without a program has no process end.
    let never = ProcessEnd {
        status: None,
        started: false,
        killed_by: None,
        deadline_kill: None,
        processes: 0,
        limit: None,
        cpu_source: None,
        unasked: Default::default(),
        leftovers: None,
    };
    let ends: Vec<ProcessEnd> = children
        .iter()
        .map(|c| c.map_or(never, |c| ends[c]))
        .collect();

    let has_setups = G::Phase::SECRET;
    let players = stats
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let n = s.reply_times.len();
            let total: Duration = s.reply_times.iter().sum();
            let cpu = CpuFigures::of(&s.reply_cpu);
            PlayerReport {
                name: cfg.names.get(i).cloned().flatten(),
                program: cfg.programs[i].display(),
                args: cfg.programs[i]
                    .args
                    .iter()
                    .map(|a| a.to_string_lossy().into_owned())
                    .collect(),
                setup: has_setups.then(|| s.setup.unwrap_or(SetupStatus::None)),
                setup_ms: s.setup_time.map(millis),
                moves: n as u32,
                timeouts: s.timeouts,
                illegal_moves: s.illegal_moves,
                failure: s.failure,
                max_reply_ms: s.reply_times.iter().max().copied().map(millis),
                mean_reply_ms: (n > 0).then(|| millis(total / n as u32)),
                median_cpu_ms: cpu.map(|c| c.median),
                max_cpu_ms: cpu.map(|c| c.max),
                mean_cpu_ms: cpu.map(|c| c.mean),
                timeout_cpu_ms: s.timeout_cpu.map(millis),
                cpu_source: ends[i].cpu_source.map(|c| c.as_str().to_owned()),
                processes: (launch == Launch::PerMove).then_some(ends[i].processes),
                exit: exit_report(&ends[i]),
                log: logs[i].display().to_string(),
            }
        })
        .collect();
    let ms = |d: Duration| d.as_millis() as u64;
    let settings = Settings {
        time_limit_ms: ms(cfg.time_limit),
        setup_time_limit_ms: has_setups.then(|| ms(cfg.setup_time_limit)),
        no_ponder: cfg.no_ponder,
        player_time_limits_ms: (!cfg.player_time_limits.is_empty())
            .then(|| (0..seats).map(|s| cfg.move_limit(s).map(ms)).collect()),
        grace_ms: cfg.grace.as_millis() as u64,
        max_turns: cfg.max_turns,
        seed: Some(cfg.seed),
        affinity: cfg
            .affinity
            .iter()
            .any(|a| !a.is_empty())
            .then(|| (0..seats).map(|s| cfg.cpus_of(s).to_vec()).collect()),
        sandbox,
        options,
    };
    let points = verdict.outcome.as_ref().map(|o| o.points().to_vec());
    let winner = verdict.winner().map(|w| w as u8);
    let result = verdict.result();
    let labels = (0..seats)
        .map(|i| match cfg.names.get(i).cloned().flatten() {
            Some(name) => name,
            None => std::iter::once(cfg.programs[i].display())
                .chain(
                    cfg.programs[i]
                        .args
                        .iter()
                        .map(|a| a.to_string_lossy().into_owned()),
                )
                .collect::<Vec<_>>()
                .join(" "),
        })
        .collect();
    let record = Record {
        schema: SCHEMA,
        game: game_name.to_owned(),
        settings: settings.clone(),
        players: labels,
        programs: cfg
            .programs
            .iter()
            .map(|p| RecordedProgram {
                path: p.path.to_string_lossy().into_owned(),
                args: p
                    .args
                    .iter()
                    .map(|a| a.to_string_lossy().into_owned())
                    .collect(),
            })
            .collect(),
        setups: if has_setups { setups } else { Vec::new() },
        moves,
        rejected,
        end: EndReport {
            winner,
            result: result.clone(),
            points: points.clone(),
            reason: verdict.reason.clone(),
            reason_text: verdict.reason_text.clone(),
            detail: verdict.detail.clone(),
        },
    };
    let summary = Summary {
        schema: SCHEMA,
        game: game_name.to_owned(),
        winner,
        result,
        points,
        reason: verdict.reason,
        reason_text: verdict.reason_text,
        detail: verdict.detail,
        rejected: record.rejected.clone(),
        warnings,
        reproduce: None,
        moves: record.moves.len() as u32,
        duration_ms: millis(start.elapsed()),
        settings,
        players,
    };
    Ok(MatchReport {
        summary,
        record: Box::new(record),
        duration: start.elapsed(),
        interrupted_by,
        ends,
    })
}

impl<G: Game> Match<'_, G> {
    fn seats(&self) -> usize {
        self.stats.len()
    }

    fn run(&mut self, observer: &mut dyn Observer<G>) -> Result<Verdict, MatchError> {
        if self.launch == Launch::Session {
            for seat in 0..self.seats() {
                let greeting = self.game.greeting(seat);
                if !greeting.is_empty() {
                    self.send(seat, greeting.as_bytes());
                }
            }
        }
        if G::Phase::SECRET {
            if let Err(verdict) = self.setup_phase()? {
                return Ok(verdict);
            }
        }
        observer.started(&self.game);
        self.play_phase(observer)
    }

    /// Sends what the game queued in `self.tell`, but not to failed seats
    /// (the process layer drops those).
    fn send_told(&mut self) {
        let told: Vec<(Seat, String)> = self.tell.drain().collect();
        for (seat, text) in told {
            self.send(seat, text.as_bytes());
        }
    }

    /// Sends `bytes` to `seat`'s program, if it runs one.
    fn send(&mut self, seat: Seat, bytes: &[u8]) {
        if let Some(child) = self.children[seat] {
            self.sup.send(child, bytes);
        }
    }

    /// `seat`'s failure, if its program has failed.
    fn failure(&self, seat: Seat) -> Option<&Failure> {
        self.children[seat].and_then(|c| self.sup.failure(c))
    }

    /// The next event, of a seat: a scripted reply first, else the
    /// supervisor's.
    fn next_event(&mut self) -> Result<Event, MatchError> {
        if let Some(e) = self.scripted.pop_front() {
            return Ok(e);
        }
        let seat_of = |child: ChildId| {
            self.children
                .iter()
                .position(|c| *c == Some(child))
                .expect("every child is a seat's")
        };
        let event = match (self.sup.next_event(), self.unscripted.take()) {
            (Err(SupervisorError::NothingAwaited), Some(why)) => {
                return Err(MatchError::OffRecord(why));
            }
            (event, unscripted) => {
                self.unscripted = unscripted;
                event?
            }
        };
        Ok(event.map_child(seat_of))
    }

    /// Asks `seat` the question `q`, under `limit` (if any). A seat
    /// without a program gives the script's reply at once.
    fn ask(
        &mut self,
        seat: Seat,
        kind: ReplyKind,
        q: &Question,
        limit: Option<Duration>,
    ) -> Result<(), MatchError> {
        let Some(child) = self.children[seat] else {
            let script = self
                .script
                .expect("a seat without a program plays a script");
            let (lines, elapsed) = if kind == ReplyKind::Setup {
                match script.setup_reply(&self.game, seat) {
                    Ok(lines) => (lines, Duration::ZERO),
                    Err(MatchError::OffRecord(why)) => {
                        self.unscripted = Some(why);
                        return Ok(());
                    }
                    Err(e) => return Err(e),
                }
            } else {
                script.move_reply(&self.game, seat, self.moves.len() as u32 + 1)?
            };
            // The script's reply was sent by no program: it took no CPU
            // and none of it came early.
            self.scripted.push_back(Event::Reply {
                child: seat,
                lines,
                elapsed,
                cpu: None,
                early: 0,
            });
            return Ok(());
        };
        match self.launch {
            Launch::Session => {
                if !q.input.is_empty() {
                    self.sup.send(child, q.input.as_bytes());
                }
            }
            Launch::PerMove => self.sup.launch(child, &q.args, q.input.as_bytes())?,
        }
        self.sup.expect_reply_limited(child, q.lines, limit);
        Ok(())
    }

    /// Counts a failure in the seat's statistics.
    fn note_failure(&mut self, seat: Seat, failure: &Failure) {
        self.stats[seat].failure = Some(reason_of(failure));
        if let Failure::Timeout { cpu, .. } = failure {
            self.stats[seat].timeouts += 1;
            self.stats[seat].timeout_cpu = *cpu;
        }
    }

    /// The seats whose programs have failed, `seat` among them.
    fn failed_seats(&self) -> Vec<Seat> {
        (0..self.seats())
            .filter(|&s| self.failure(s).is_some())
            .collect()
    }

    /// Records a failure and returns the verdict it gives: the failed
    /// seats lose, the others (told so) share the point; if every seat
    /// has failed, a draw.
    fn failed(&mut self, seat: Seat, failure: &Failure) -> Verdict {
        self.note_failure(seat, failure);
        let mut reason = reason_of(failure);
        let mut detail = self.failed_words(seat, failure);
        let failed = self.failed_seats();
        let others: Vec<(Seat, Failure)> = failed
            .iter()
            .filter(|&&s| s != seat)
            .filter_map(|&s| self.failure(s).cloned().map(|f| (s, f)))
            .collect();
        for (s, theirs) in &others {
            // Failed at once: their event is still to come.
            self.note_failure(*s, theirs);
            reason = reason.max(reason_of(theirs));
        }
        if failed.len() == self.seats() {
            let mut parts = vec![detail];
            parts.extend(others.iter().map(|(s, f)| self.failed_words(*s, f)));
            return Verdict::new(
                Some(Outcome::draw(self.seats())),
                reason,
                format!(
                    "{} failed; {}",
                    if parts.len() == 2 {
                        "both players"
                    } else {
                        "every player"
                    },
                    parts.join("; ")
                ),
            );
        }
        for (s, f) in &others {
            detail.push_str(&format!("; {}", self.failed_words(*s, f)));
        }
        self.game.tell_failure(seat, &mut self.tell);
        self.send_told();
        Verdict::new(Some(Outcome::lost(&failed, self.seats())), reason, detail)
    }

    fn interrupted(&mut self, signal: i32) -> Verdict {
        self.interrupted_by = Some(signal);
        Verdict::new(
            None,
            Reason::Interrupted,
            format!("the referee received {}", process::signal_name(signal)),
        )
    }

    /// Every seat sets up at once. `Ok(Err(verdict))` if the game ends here.
    fn setup_phase(&mut self) -> Result<Result<(), Verdict>, MatchError> {
        let n = self.seats();
        for seat in 0..n {
            let q = G::Phase::question(&self.game, seat).expect("every seat sets up");
            self.ask(seat, ReplyKind::Setup, &q, self.cfg.setup_limit(seat))?;
        }
        let mut state: Vec<SetupState<SetupOf<G>>> = (0..n).map(|_| SetupState::Waiting).collect();
        while state.iter().any(|s| matches!(s, SetupState::Waiting)) {
            match self.next_event()? {
                Event::Reply {
                    child,
                    lines,
                    elapsed,
                    ..
                } => {
                    self.stats[child].setup_time = Some(elapsed);
                    state[child] = match G::Phase::parse(&self.game, child, &lines) {
                        Ok(s) => SetupState::Accepted(s),
                        Err(e) => {
                            let reply = RejectedReply::new(child, Phase::Setup, &lines);
                            self.rejected.push(reply);
                            SetupState::Refused(e.to_string())
                        }
                    };
                }
                Event::BadReply {
                    child,
                    fault,
                    elapsed,
                    ..
                } => {
                    self.stats[child].setup_time = Some(elapsed);
                    state[child] = SetupState::Refused(fault.to_string());
                }
                Event::Failed { child, failure } => {
                    self.stats[child].setup = Some(SetupStatus::Failed);
                    state[child] = SetupState::Failed;
                    return Ok(Err(self.failed_in_setup(child, &failure, state)));
                }
                Event::Interrupted { signal } => return Ok(Err(self.interrupted(signal))),
            }
        }
        let mut refused = Vec::new();
        let mut accepted = Vec::new();
        for (seat, s) in state.into_iter().enumerate() {
            match s {
                SetupState::Accepted(s) => {
                    self.setups[seat] = Some(G::Phase::record(&self.game, &s));
                    self.stats[seat].setup = Some(SetupStatus::Accepted);
                    let answer = G::Phase::answer(&self.game, seat, true);
                    self.send(seat, answer.as_bytes());
                    accepted.push(s);
                }
                SetupState::Refused(why) => {
                    self.stats[seat].setup = Some(SetupStatus::Refused);
                    let answer = G::Phase::answer(&self.game, seat, false);
                    self.send(seat, answer.as_bytes());
                    refused.push((seat, format!("player {seat}'s setup refused: {why}")));
                }
                SetupState::Waiting | SetupState::Failed => {
                    unreachable!("failures return early; the loop waits for every setup")
                }
            }
        }
        if let Some(script) = self.script {
            for seat in (0..n).filter(|&s| self.children[s].is_some()) {
                script.same_setup(seat, self.setups[seat].as_ref())?;
            }
        }
        if refused.is_empty() {
            G::Phase::begin(&mut self.game, accepted);
            return Ok(Ok(()));
        }
        let losers: Vec<Seat> = refused.iter().map(|(s, _)| *s).collect();
        let detail: Vec<String> = refused.into_iter().map(|(_, d)| d).collect();
        Ok(Err(Verdict::new(
            Some(Outcome::lost(&losers, n)),
            Reason::SetupRefused,
            detail.join("; "),
        )))
    }

    /// A seat failed during the setup phase: the game ends. A seat whose
    /// setup was refused still gets its answer and loses too; the others
    /// are told of the failure.
    fn failed_in_setup(
        &mut self,
        seat: Seat,
        failure: &Failure,
        state: Vec<SetupState<SetupOf<G>>>,
    ) -> Verdict {
        let mut refused = Vec::new();
        for (other, s) in state.iter().enumerate() {
            match s {
                SetupState::Refused(why) => {
                    self.stats[other].setup = Some(SetupStatus::Refused);
                    let answer = G::Phase::answer(&self.game, other, false);
                    self.send(other, answer.as_bytes());
                    refused.push((other, why.clone()));
                }
                SetupState::Accepted(_) => self.stats[other].setup = Some(SetupStatus::Accepted),
                SetupState::Waiting | SetupState::Failed => {}
            }
        }
        if refused.is_empty() {
            return self.failed(seat, failure);
        }
        // Refused setups lose with the failed seat.
        self.note_failure(seat, failure);
        let mut losers = self.failed_seats();
        losers.extend(refused.iter().map(|(s, _)| *s));
        let mut detail = self.failed_words(seat, failure);
        for (s, why) in &refused {
            detail.push_str(&format!("; player {s}'s setup refused: {why}"));
        }
        let n = self.seats();
        if losers.len() < n {
            self.game.tell_failure(seat, &mut self.tell);
            let told: Vec<(Seat, String)> = self.tell.drain().collect();
            for (s, text) in told {
                if !losers.contains(&s) {
                    self.send(s, text.as_bytes());
                }
            }
        }
        Verdict::new(Some(Outcome::lost(&losers, n)), reason_of(failure), detail)
    }

    /// The turns, until the game ends.
    fn play_phase(&mut self, observer: &mut dyn Observer<G>) -> Result<Verdict, MatchError> {
        loop {
            if let Some(end) = self.game.end() {
                let n = self.seats();
                return Ok(Verdict {
                    outcome: Some(match end.winner {
                        Some(w) => Outcome::win(w, n),
                        None => Outcome::draw(n),
                    }),
                    reason: Reason::Game(end.reason.to_owned()),
                    reason_text: end.words.to_owned(),
                    detail: end.detail,
                });
            }
            let me = self.game.to_move();
            let q = self.game.question(me);
            if self.cfg.no_ponder && self.launch == Launch::Session {
                self.only_on_move_runs(me);
            }
            self.ask(me, ReplyKind::Move, &q, self.cfg.move_limit(me))?;
            let (lines, elapsed, cpu, early) = match self.next_event()? {
                Event::Reply {
                    child,
                    lines,
                    elapsed,
                    cpu,
                    early,
                } => {
                    debug_assert_eq!(child, me, "only the mover is asked");
                    (Ok(lines), elapsed, cpu, early)
                }
                Event::BadReply {
                    fault,
                    elapsed,
                    cpu,
                    ..
                } => (Err(fault.to_string()), elapsed, cpu, 0),
                Event::Failed { child, failure } => return Ok(self.failed(child, &failure)),
                Event::Interrupted { signal } => return Ok(self.interrupted(signal)),
            };
            self.stats[me].reply_times.push(elapsed);
            self.stats[me].reply_cpu.extend(cpu);
            let parsed = match &lines {
                Ok(l) => self.game.parse(me, l).map_err(|e| e.to_string()),
                Err(why) => Err(why.clone()),
            };
            let checked = match &parsed {
                Ok(u) => self.game.check(me, u).map_err(|e| e.to_string()),
                Err(why) => Err(why.clone()),
            };
            let mv = match checked {
                Ok(mv) => mv,
                Err(why) => {
                    if let Ok(l) = &lines {
                        self.rejected.push(RejectedReply::new(me, Phase::Move, l));
                    }
                    let reply = lines.as_deref().ok();
                    return Ok(self.illegal(me, reply, early, parsed.ok().as_ref(), why));
                }
            };
            let detail = self.game.play(mv, &mut self.tell);
            self.send_told();
            let ply = self.moves.len() as u32 + 1;
            if let Some(script) = self.script {
                script.follows(me, ply, &detail)?;
            }
            if let (Launch::PerMove, Some(child)) = (self.launch, self.children[me]) {
                self.sup.retire(child)?;
            }
            let entry = MoveEntry {
                ply,
                player: me as u8,
                detail,
                reply_ms: millis(elapsed),
                cpu_ms: cpu.map(millis),
            };
            observer.moved(&self.game, &entry);
            self.moves.push(entry);
        }
    }

    /// `--no-ponder`: every seat but `me` is stopped, `me` runs (its reply
    /// is timed from the moment it was continued).
    fn only_on_move_runs(&mut self, me: Seat) {
        for seat in (0..self.seats()).filter(|&s| s != me) {
            if let Some(child) = self.children[seat] {
                self.sup.pause(child);
            }
        }
        if let Some(child) = self.children[me] {
            self.sup.resume(child);
        }
    }

    /// `seat`'s move reply (`reply`, its lines, when it was complete, the
    /// first `early` of them sent before the program was asked) was
    /// unreadable or illegal: it loses, the detail quoting the reply.
    fn illegal(
        &mut self,
        seat: Seat,
        reply: Option<&[Vec<u8>]>,
        early: usize,
        parsed: Option<&game_core::UncheckedOf<G>>,
        why: String,
    ) -> Verdict {
        self.stats[seat].illegal_moves += 1;
        self.game.tell_illegal(seat, parsed, &mut self.tell);
        self.send_told();
        let mut detail = illegal_detail(&self.who(seat), reply, &why);
        if early > 0 {
            detail.push_str(&early_note(early));
        }
        Verdict::new(
            Some(Outcome::lost(&[seat], self.seats())),
            Reason::IllegalMove,
            detail,
        )
    }

    fn who(&self, seat: Seat) -> String {
        who(&self.game, seat)
    }

    /// `seat`'s failure as the verdict says it: who, how, and for a
    /// program run in a host that exited with a status of its own, why
    /// the host stopped (which the status alone does not tell).
    fn failed_words(&self, seat: Seat, failure: &Failure) -> String {
        let who = self.who(seat);
        let stopped = match (failure, self.cfg.host(seat)) {
            (Failure::Exited(code), Some(host)) => {
                super::host::stopped(host, *code, &self.cfg.log_path(seat))
            }
            _ => None,
        };
        match stopped {
            Some(why) => format!("{who}: {failure}: {why}"),
            None => format!("{who}: {failure}"),
        }
    }
}

/// The median, largest and mean CPU time per reply, in ms.
#[derive(Clone, Copy, Debug, PartialEq)]
struct CpuFigures {
    median: f64,
    max: f64,
    mean: f64,
}

impl CpuFigures {
    /// Of the CPU times `cpu`; `None` without any.
    fn of(cpu: &[Duration]) -> Option<CpuFigures> {
        if cpu.is_empty() {
            return None;
        }
        let mut sorted = cpu.to_vec();
        sorted.sort_unstable();
        let n = sorted.len();
        let median = if n % 2 == 1 {
            sorted[n / 2]
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        };
        Some(CpuFigures {
            median: millis(median),
            max: millis(sorted[n - 1]),
            mean: millis(sorted.iter().sum::<Duration>() / n as u32),
        })
    }
}

#[cfg(test)]
mod cpu_tests {
    use super::*;

    #[test]
    fn cpu_figures_are_the_median_max_and_mean() {
        let ms = Duration::from_millis;
        assert_eq!(CpuFigures::of(&[]), None);
        let f = CpuFigures::of(&[ms(30), ms(10), ms(20), ms(40)]).unwrap();
        assert_eq!(
            f,
            CpuFigures {
                median: 25.0,
                max: 40.0,
                mean: 25.0
            }
        );
        assert_eq!(CpuFigures::of(&[ms(7), ms(1), ms(1)]).unwrap().median, 1.0);
    }
}
