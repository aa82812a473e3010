//! Figure 2: the precision of the referee's clock.
//!
//! - Kills: a player that never answers (`faulty-player --mode sleep`, at
//!   its first move) against the shuffler, once per game; the referee's
//!   report gives, from the deadline, the SIGKILL, the player's own death
//!   (in the sandbox, as its jail's init reaped it; without, as `waitid`
//!   saw it) and, in the sandbox, the jail's end after the kernel's
//!   teardown (`exit.deadline_kill`).
//! - The floor of that figure on this machine at this moment: before each
//!   game, this process sleeps until a deadline and measures how late it
//!   wakes up (the scheduler's wake-up latency, which no referee can beat).
//! - False timeouts: two shufflers that answer every move `margin` ms
//!   before the limit, until `replies` moves have been judged; a timeout is
//!   a false one, since every reply is complete `margin` ms early.
//!
//! Both use short limits so that `make bench` stays short: the referee's
//! timing path is the same whatever the limit (an absolute deadline, the
//! poll timeout to it), and the margin under test is absolute too.

use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use bench::stats::Summary;

use crate::tools::{self, Player, Tools};

/// Settings of the timing benchmark.
pub struct Settings {
    /// Games with a player that never answers.
    pub kills: usize,
    /// Their time limit, ms.
    pub kill_limit_ms: u64,
    /// Replies to judge with the late-but-in-time players.
    pub replies: u64,
    /// Their time limit, ms.
    pub reply_limit_ms: u64,
    /// How long before the limit they answer, ms.
    pub margin_ms: u64,
}

/// The figures of the timing benchmark.
pub struct Timing {
    /// The settings they were measured with.
    pub settings: Settings,
    /// From the deadline to the SIGKILL, ms.
    pub signal: Summary,
    /// From the deadline to the player's own death (its init's reaping), ms.
    pub death: Summary,
    /// From the deadline to the jail's end, seen by `waitid`, ms.
    pub teardown: Summary,
    /// The same without the sandbox (`--sandbox none`), games alternating.
    pub death_plain: Summary,
    /// How late a plain sleep until a deadline wakes up, ms.
    pub wake_floor: Summary,
    /// Replies judged.
    pub replies: u64,
    /// Timeouts among them.
    pub false_timeouts: u64,
    /// The slowest reply time the referee measured, ms.
    pub slowest_reply_ms: f64,
}

impl Timing {
    /// Target: p99 of the player's death after the deadline, sandboxed.
    pub const P99_TARGET_MS: f64 = 1.0;

    /// Whether both targets are met.
    pub fn met(&self) -> (bool, bool) {
        (
            self.death.percentile(99.0) <= Timing::P99_TARGET_MS,
            self.false_timeouts == 0,
        )
    }

    /// The figures, one per line.
    pub fn lines(&self) -> Vec<String> {
        let s = &self.settings;
        let (p99_ok, none_false) = self.met();
        let dist = |x: &Summary| {
            format!(
                "p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms (min {:.3})",
                x.median(),
                x.percentile(99.0),
                x.max(),
                x.min()
            )
        };
        vec![
            format!(
                "never answers, {} games, limit {} ms: from the deadline to",
                self.death.len(),
                s.kill_limit_ms
            ),
            format!("  SIGKILL sent        {}", dist(&self.signal)),
            format!(
                "  the player's death  {} (its jail's init reaping it); target p99 ≤ {} ms: {}",
                dist(&self.death),
                Timing::P99_TARGET_MS,
                crate::met(p99_ok)
            ),
            format!(
                "  the jail's end      {} (waitid, after the teardown)",
                dist(&self.teardown)
            ),
            format!(
                "  death seen without the sandbox {} ({} games, alternating)",
                dist(&self.death_plain),
                self.death_plain.len()
            ),
            format!(
                "  floor: a sleep until a deadline wakes {} late",
                dist(&self.wake_floor)
            ),
            format!(
                "answers at limit − {} ms (limit {} ms): {} false timeouts in {} replies \
                 (slowest reply as measured: {:.3} ms); target 0: {}",
                s.margin_ms,
                s.reply_limit_ms,
                self.false_timeouts,
                self.replies,
                self.slowest_reply_ms,
                crate::met(none_false)
            ),
        ]
    }
}

/// Runs the benchmark.
pub fn measure(tools: &Tools, settings: Settings) -> anyhow::Result<Timing> {
    let Kills {
        signal,
        death,
        teardown,
        floor: wake_floor,
        death_plain,
    } = kills(tools, &settings)?;
    let (replies, false_timeouts, slowest_reply_ms) = late_replies(tools, &settings)?;
    Ok(Timing {
        settings,
        signal: Summary::new(signal),
        death: Summary::new(death),
        teardown: Summary::new(teardown),
        death_plain: Summary::new(death_plain),
        wake_floor: Summary::new(wake_floor),
        replies,
        false_timeouts,
        slowest_reply_ms,
    })
}

/// How late this process wakes from a sleep until a deadline, ms.
fn wake_lateness() -> f64 {
    let deadline = Instant::now() + FLOOR_SLEEP;
    std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
    Instant::now()
        .saturating_duration_since(deadline)
        .as_secs_f64()
        * 1e3
}

/// The sleep of one floor sample.
const FLOOR_SLEEP: Duration = Duration::from_millis(10);

/// What the kills measured, each after the deadline, ms.
struct Kills {
    /// The SIGKILL sent.
    signal: Vec<f64>,
    /// The player's own death, sandboxed.
    death: Vec<f64>,
    /// The jail's end, sandboxed.
    teardown: Vec<f64>,
    /// The machine's wake-up lateness, before each game.
    floor: Vec<f64>,
    /// The player's death without the sandbox.
    death_plain: Vec<f64>,
}

/// The never-answering player, game after game, each after a sample of the
/// floor, each followed by the same game without the sandbox.
fn kills(tools: &Tools, s: &Settings) -> anyhow::Result<Kills> {
    let limit = s.kill_limit_ms.to_string();
    let sleeper = Player::new(
        &tools.bin("faulty-player"),
        &["--mode", "sleep", "--at", "1", "--limit-ms", &limit],
    );
    let shuffler = Player::new(&tools.bin("shuffler"), &[]);
    let options = vec![format!("--time-limit-ms={limit}")];
    let plain_options = vec![format!("--time-limit-ms={limit}"), "--sandbox=none".into()];
    let mut k = Kills {
        signal: Vec::new(),
        death: Vec::new(),
        teardown: Vec::new(),
        floor: Vec::new(),
        death_plain: Vec::new(),
    };
    let kill_of = |options: &[String]| -> anyhow::Result<referee_schema::DeadlineKill> {
        let run = tools::run(&mut tools.referee(0, options, [&sleeper, &shuffler]))?;
        let report = tools::report(&run)?;
        let p0 = tools::seat(&report, 0)?;
        let kill = match (&p0.failure, p0.exit.deadline_kill) {
            (Some(referee_schema::Reason::Timeout), Some(kill)) => kill,
            _ => bail!("the sleeping player did not time out: {}", report.to_json()),
        };
        if kill.death_ms.is_none() {
            bail!("the sleeper's death was not seen: {}", report.to_json());
        }
        Ok(kill)
    };
    for _ in 0..s.kills {
        k.floor.push(wake_lateness());
        let kill = kill_of(&options)?;
        k.signal.push(kill.signal_ms);
        k.death.push(kill.death_ms.context("seen")?);
        k.teardown
            .push(kill.teardown_ms.context("the jail's end seen")?);
        let kill = kill_of(&plain_options)?;
        k.death_plain.push(kill.death_ms.context("seen")?);
    }
    Ok(k)
}

/// Games of two players answering `margin` ms before the limit, until
/// `replies` replies are judged: (replies, timeouts, slowest reply ms).
fn late_replies(tools: &Tools, s: &Settings) -> anyhow::Result<(u64, u64, f64)> {
    ensure!(
        s.margin_ms < s.reply_limit_ms,
        "the margin must be below the limit"
    );
    let delay = (s.reply_limit_ms - s.margin_ms).to_string();
    let late = Player::new(&tools.bin("shuffler"), &["--delay-ms", &delay]);
    let (mut replies, mut timeouts, mut slowest) = (0, 0, 0.0f64);
    while replies < s.replies {
        let options = vec![
            format!("--time-limit-ms={}", s.reply_limit_ms),
            format!("--max-turns={}", s.replies - replies),
        ];
        let run = tools::run(&mut tools.referee(0, &options, [&late, &late]))?;
        let report = tools::report(&run)?;
        for i in 0..2 {
            let p = tools::seat(&report, i)?;
            let out = u64::from(p.timeouts);
            replies += u64::from(p.moves) + out;
            timeouts += out;
            if let Some(ms) = p.max_reply_ms {
                slowest = slowest.max(ms);
            }
        }
        if !matches!(report.reason.as_str(), "turn_limit" | "timeout") {
            bail!(
                "a late-replies game ended unexpectedly: {}",
                report.to_json()
            );
        }
    }
    Ok((replies, timeouts, slowest))
}
