//! `--strategy ai` (the default): the Stratego AI of [`crate::ai`] behind
//! the [`Strategy`] interface — setups from the library, beliefs updated
//! from every observation, determinized search within the time budget.

use std::time::{Duration, Instant};

use stratego::{Move, MoveResult, Player, Setup, UncheckedMove, View};

use super::{SearchReport, Strategy};
use crate::ai::exposure::Exposure;
use crate::ai::history::History;
use crate::ai::knowledge::Knowledge;
use crate::ai::opponent::{self, OpponentModel};
use crate::ai::pimc::{self, Decision, Inputs};
use crate::ai::rampage::Rampages;
use crate::ai::search::Searcher;
use crate::ai::setups;
use crate::ai::spy_watch::SpyWatch;
use crate::ai::stall::Stall;
use crate::ai::tuning::Tuning;
use crate::rng::Rng;
use game_search::Budget;

/// The default time budget of a move (`player --move-time-ms`), from the
/// moment the request was read.
pub const MOVE_TIME: Duration = Duration::from_millis(350);

/// The latest a reply goes out, counted from the moment the request was
/// read, whatever the budget and the margins made of it: the referee
/// allows 500 ms, and the 80 ms left cover the pipe, the referee's own
/// read, and a thread descheduled after its last look at the clock. The
/// search stops [`REPLY_FINISH`] before it, between boards and between
/// passes as well as inside them. A budget set beyond it (node-budget runs
/// under a generous referee limit) is its own hard deadline.
pub const REPLY_CAP: Duration = Duration::from_millis(420);

/// Kept back from the hard deadline for what follows the search: the
/// averaging of the boards' values and the reply itself.
pub const REPLY_FINISH: Duration = Duration::from_millis(20);

/// How long after the request was read the reply to a move with a time
/// budget of `move_time` is due at the latest: [`REPLY_CAP`], or the
/// budget itself when longer.
pub fn reply_due(move_time: Duration) -> Duration {
    move_time.max(REPLY_CAP)
}

/// How the AI spends its time.
#[derive(Clone, Copy, Debug)]
pub struct AiConfig {
    /// Time kept back from the deadline for aggregation and the reply.
    pub margin: Duration,
    /// How long after the deadline it is given the reply may still go out:
    /// the hard deadline is that deadline plus this. A caller whose
    /// deadline is the request's read plus a budget `b` sets it to
    /// `reply_due(b) - b` (see [`AiConfig::for_move_time`]), so that the
    /// reply is out [`REPLY_CAP`] after the read whatever the margins
    /// computed from the load.
    pub grace: Duration,
    /// Stop each search after this many nodes (reproducible games); the
    /// deadline still applies.
    pub max_nodes: Option<u64>,
    /// Weights of evaluation, search and move choice.
    pub tuning: Tuning,
}

impl Default for AiConfig {
    fn default() -> AiConfig {
        AiConfig::for_move_time(MOVE_TIME)
    }
}

impl AiConfig {
    /// The default configuration for moves whose deadline is the request's
    /// read plus `move_time`.
    pub fn for_move_time(move_time: Duration) -> AiConfig {
        AiConfig {
            margin: Duration::from_millis(40),
            grace: reply_due(move_time) - move_time,
            max_nodes: None,
            tuning: Tuning::default(),
        }
    }

    /// The hard deadline of a reply whose budget ends at `deadline`.
    pub fn hard_deadline(&self, deadline: Instant) -> Instant {
        deadline + self.grace
    }

    /// When the search of a reply whose budget ends at `deadline` stops:
    /// at `soft_stop` (the deadline less the margins), or [`REPLY_FINISH`]
    /// before the hard deadline if earlier.
    fn stop_time(&self, deadline: Instant, soft_stop: Instant) -> Instant {
        let hard = self.hard_deadline(deadline);
        soft_stop.min(hard.checked_sub(REPLY_FINISH).unwrap_or(hard))
    }
}

/// The AI player.
#[derive(Clone)]
pub struct AiStrategy {
    rng: Rng,
    config: AiConfig,
    knowledge: Option<Knowledge>,
    exposure: Exposure,
    opponent: OpponentModel,
    history: History,
    stall: Stall,
    rampages: Rampages,
    searcher: Searcher,
    last: Option<Decision>,
    /// Whether the last search modelled the opponent as cautious.
    last_cautious: bool,
    /// Whether it took that opponent for bold.
    last_bold: bool,
    /// How late recent searches finished (decaying maximum).
    lateness: Duration,
    /// The share of recent searches' time this thread spent waiting for a
    /// CPU (decaying maximum; 0 where the kernel does not say).
    contention: f64,
}

/// Most time kept back for lateness and contention on top of the
/// configured margin.
const MAX_EXTRA_MARGIN: Duration = Duration::from_millis(250);
/// Per move, the factor on the remembered lateness and contention.
const LATENESS_DECAY: f64 = 0.9;
/// Share of the move's budget kept back per unit of contention: waiting
/// for a CPU half the time keeps back 35% of the budget. (At 0.5 and 150
/// ms at most, a machine loaded 10 on 2 cores, our thread waiting 90 to 99%
/// of the time, still saw 5 replies in 60 games over 500 ms.)
const CONTENTION_MARGIN: f64 = 0.7;

/// Before any search of ours was measured: the share of time a busy
/// thread can expect to wait for a CPU, from the load average (more
/// runnable threads than CPUs share them), 0 where unknown.
fn expected_contention() -> f64 {
    let Ok(text) = std::fs::read_to_string("/proc/loadavg") else {
        return 0.0;
    };
    let Some(load) = text
        .split_ascii_whitespace()
        .next()
        .and_then(|w| w.parse::<f64>().ok())
    else {
        return 0.0;
    };
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    // This thread is about to be one more runnable thread.
    (1.0 - cpus / (load + 1.0)).clamp(0.0, 1.0)
}

/// The scheduler's account of this thread, in nanoseconds: time on a CPU
/// and time runnable but waiting for one (`/proc/thread-self/schedstat`;
/// `None` where the kernel does not keep it).
fn schedstat() -> Option<(u64, u64)> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let mut it = text.split_ascii_whitespace().map(|w| w.parse::<u64>().ok());
    Some((it.next()??, it.next()??))
}

impl std::fmt::Debug for AiStrategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AiStrategy")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl AiStrategy {
    /// An AI whose random choices (setup, determinizations, tie-breaks) are
    /// determined by `seed`.
    pub fn new(seed: u64, config: AiConfig) -> AiStrategy {
        AiStrategy {
            rng: Rng::new(seed),
            config,
            knowledge: None,
            exposure: Exposure::new(),
            opponent: OpponentModel::new(),
            history: History::new(),
            stall: Stall::new(),
            rampages: Rampages::new(),
            searcher: Searcher::default(),
            last: None,
            last_cautious: false,
            last_bold: false,
            lateness: Duration::ZERO,
            contention: 0.0,
        }
    }

    /// This player as it stands (its beliefs, its tables, its random
    /// state), with another `config` and no memory of late or crowded
    /// searches: to search one position of a game again under other
    /// budgets (`examples/depth.rs`).
    pub fn with_config(&self, config: AiConfig) -> AiStrategy {
        AiStrategy {
            config,
            lateness: Duration::ZERO,
            contention: 0.0,
            ..self.clone()
        }
    }

    fn knowledge(&mut self, view: &View) -> &mut Knowledge {
        self.knowledge
            .get_or_insert_with(|| Knowledge::tuned(view, &self.config.tuning))
    }
}

impl Strategy for AiStrategy {
    fn setup(&mut self, me: Player) -> Setup {
        self.knowledge = None;
        self.exposure = Exposure::new();
        self.opponent = OpponentModel::new();
        self.history = History::new();
        self.stall = Stall::new();
        self.rampages = Rampages::new();
        self.contention = expected_contention();
        let tuning = &self.config.tuning;
        let variation = setups::Variation {
            reorder: tuning.setup_reorder,
            swaps: tuning.setup_swaps,
            decoy: tuning.setup_decoy,
        };
        setups::random_setup_with(me, &mut self.rng, variation)
    }

    fn choose(&mut self, view: &View, deadline: Instant) -> Move {
        let start = Instant::now();
        let sched = schedstat();
        // On a loaded machine the search can be descheduled between two
        // clock checks, or after the last one, and finish late: keep back
        // what recent moves overran by, or, if more, a share of the budget
        // growing with how long this thread recently waited for a CPU (the
        // longer it waits in turn, the longer its worst waits), on top of
        // the configured margin. On a quiet machine neither costs anything.
        let total = deadline.saturating_duration_since(start);
        let crowded = total.mul_f64((self.contention * CONTENTION_MARGIN).min(1.0));
        let margin = self.config.margin + self.lateness.max(crowded).min(MAX_EXTRA_MARGIN);
        let soft = deadline.checked_sub(margin).unwrap_or(start);
        let stop = self.config.stop_time(deadline, soft);
        let budget = Budget::new(start, stop, Duration::ZERO, self.config.max_nodes);
        self.knowledge(view).refresh(view);
        let knowledge = self.knowledge.as_ref().expect("created above");
        let history = &self.history;
        let tuning = &self.opponent.apply(&self.config.tuning);
        let push = self.stall.push(view, tuning);
        let answer = self.rampages.answer(view, tuning);
        let watch = SpyWatch::new(view, &self.exposure, tuning);
        let adjust = |m: Move| {
            let mut a = -tuning.repeat_penalty * f64::from(history.repetitions_after(view, m));
            a += push.bonus(view, m);
            a += answer.bonus(view, m);
            a -= watch.cost(view, m);
            a += opponent::bold_attack_bonus(view, m, tuning);
            if history.undoes_last(m) {
                a -= tuning.undo_penalty;
            }
            a
        };
        let forbidden = |m: Move| history.breaks_two_square(m);
        let inputs = Inputs {
            view,
            knowledge,
            exposure: &self.exposure,
            adjust: &adjust,
            forbidden: &forbidden,
        };
        let d = pimc::choose(&inputs, &mut self.searcher, &mut self.rng, &budget, tuning);
        let late = Instant::now().saturating_duration_since(stop);
        self.lateness = late.max(self.lateness.mul_f64(LATENESS_DECAY));
        if let (Some((run0, wait0)), Some((run1, wait1))) = (sched, schedstat()) {
            let (run, wait) = (run1.saturating_sub(run0), wait1.saturating_sub(wait0));
            if run + wait > 0 {
                let share = wait as f64 / (run + wait) as f64;
                self.contention = share.max(self.contention * LATENESS_DECAY);
            }
        }
        let mv = d.mv;
        self.last = Some(d);
        self.last_cautious = tuning.cautious_opponent;
        self.last_bold = tuning.cautious_opponent && tuning.bold_opponent;
        mv
    }

    fn observe_own(&mut self, view: &View, mv: Move, result: MoveResult) {
        self.exposure.observe_own(mv, result);
        self.stall.observe(result);
        self.rampages.observe_own(view, mv, result);
        self.history.record_own(view, mv);
    }

    fn observe_opponent(&mut self, view: &View, mv: UncheckedMove, result: MoveResult) {
        self.opponent.observe(view, &self.exposure, mv, result);
        self.exposure.observe_opponent(mv, result);
        self.stall.observe(result);
        self.rampages.observe_opponent(view, mv, result);
        let exposure = self.exposure;
        self.knowledge(view)
            .observe_opponent(view, &exposure, mv, result);
    }

    fn report(&self) -> Option<SearchReport> {
        self.last.as_ref().map(|d| SearchReport {
            depth: d.depth,
            boards: d.samples,
            nodes: d.nodes,
            value: d.value,
            top: d.top.clone(),
            waiting: (self.contention > 0.0).then_some(self.contention),
            cautious_opponent: self.last_cautious,
            bold_opponent: self.last_bold,
            settled: d.settled,
            hoping: d.hoping,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reply_is_due_by_the_cap_whatever_the_budget() {
        let read = Instant::now();
        // The default budget: due at the cap, the search stopping before.
        let config = AiConfig::for_move_time(MOVE_TIME);
        let deadline = read + MOVE_TIME;
        assert_eq!(config.hard_deadline(deadline), read + REPLY_CAP);
        // Margins that would let the search run past the cap are cut.
        let late = read + Duration::from_secs(3600);
        assert_eq!(
            config.stop_time(deadline, late),
            read + REPLY_CAP - REPLY_FINISH
        );
        let early = read + Duration::from_millis(100);
        assert_eq!(config.stop_time(deadline, early), early);
        // A budget under the cap is still due at the cap.
        let short = Duration::from_millis(100);
        let config = AiConfig::for_move_time(short);
        assert_eq!(config.hard_deadline(read + short), read + REPLY_CAP);
        // A budget over it is its own deadline.
        let long = Duration::from_secs(5);
        let config = AiConfig::for_move_time(long);
        assert_eq!(config.hard_deadline(read + long), read + long);
        assert_eq!(reply_due(long), long);
    }
}
