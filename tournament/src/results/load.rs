//! Whether a game's players waited for a CPU: from its verdict's CPU time
//! per move beside the wall time (`referee` measures both). A program
//! that computes gets about as much CPU as wall time on a machine with a
//! core free for it; far less, and the machine was overloaded (too many
//! games at once, other work), so that a timeout there may not be the
//! program's. A program that sleeps or waits for I/O gets little CPU too:
//! the warning names both causes.

use referee_schema::Summary;

/// The CPU time per wall time below which a seat's moves waited for a CPU.
pub const MIN_CPU_SHARE: f64 = 0.5;

/// Mean reply times shorter than this (ms) are not judged: the time to
/// pass the question and the reply through the pipes, and `/proc`'s
/// 10 ms clock ticks, make up most of them.
pub const MIN_JUDGED_REPLY_MS: f64 = 20.0;

/// What a verdict says of its players' CPU time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CpuShare {
    /// No seat can be judged: no CPU times (an older referee, none
    /// readable), or replies too quick to judge.
    Unknown,
    /// Every judged seat got at least [`MIN_CPU_SHARE`] of its time.
    Enough,
    /// A seat's moves (or its timed-out move) got less.
    Waited,
}

/// Judges the game of `verdict`: a seat waited if the move it timed out
/// on got less than [`MIN_CPU_SHARE`] of its limit in CPU time, or if its
/// moves, at least [`MIN_JUDGED_REPLY_MS`] on average, got less than that
/// share of their wall time.
pub fn cpu_share(verdict: &Summary) -> CpuShare {
    let mut judged = false;
    for (seat, p) in verdict.players.iter().enumerate() {
        let limit = verdict
            .settings
            .player_time_limits_ms
            .as_ref()
            .and_then(|l| l.get(seat).copied().flatten())
            .unwrap_or(verdict.settings.time_limit_ms) as f64;
        if let Some(cpu) = p.timeout_cpu_ms.filter(|_| limit > 0.0) {
            if cpu < MIN_CPU_SHARE * limit {
                return CpuShare::Waited;
            }
            judged = true;
        }
        if let (Some(cpu), Some(wall)) = (p.mean_cpu_ms, p.mean_reply_ms)
            && wall >= MIN_JUDGED_REPLY_MS
        {
            if cpu < MIN_CPU_SHARE * wall {
                return CpuShare::Waited;
            }
            judged = true;
        }
    }
    if judged {
        CpuShare::Enough
    } else {
        CpuShare::Unknown
    }
}

/// The games judged, and those whose players waited for a CPU.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CpuWaits {
    /// Games whose CPU times could be judged.
    pub judged: u32,
    /// Those of them in which a seat waited.
    pub waited: u32,
    /// The first few of those, by id, for the warning.
    pub examples: Vec<String>,
}

/// Games named in the warning, at most.
const EXAMPLES: usize = 3;

impl CpuWaits {
    /// Counts the game `id` of `verdict`.
    pub fn add(&mut self, id: Option<&str>, verdict: &Summary) {
        match cpu_share(verdict) {
            CpuShare::Unknown => {}
            CpuShare::Enough => self.judged += 1,
            CpuShare::Waited => {
                self.judged += 1;
                self.waited += 1;
                if let Some(id) = id.filter(|_| self.examples.len() < EXAMPLES) {
                    self.examples.push(id.to_owned());
                }
            }
        }
    }

    /// The warning, if a game waited.
    pub fn warning(&self) -> Option<String> {
        if self.waited == 0 {
            return None;
        }
        let examples = if self.examples.is_empty() {
            String::new()
        } else {
            format!(
                " ({}{})",
                self.examples.join(", "),
                if self.waited as usize > self.examples.len() {
                    ", ..."
                } else {
                    ""
                }
            )
        };
        Some(format!(
            "Warning: in {} of {} games{examples} a player's moves got less than {:.0}% CPU of \
             their wall time: the machine was overloaded (fewer games at once, -j, or \
             --affinity may help), and timeouts there may not be the programs' own; or the \
             programs wait (sleep, I/O) rather than compute.",
            self.waited,
            self.judged,
            MIN_CPU_SHARE * 100.0
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use referee_schema::PlayerReport;

    fn game(players: Vec<PlayerReport>) -> Summary {
        let mut s = Summary::from_json(r#"{"result": "1-0", "reason": "timeout"}"#).unwrap();
        s.settings.time_limit_ms = 300;
        s.players = players;
        s
    }

    fn seat(mean_reply: f64, mean_cpu: f64) -> PlayerReport {
        PlayerReport {
            mean_reply_ms: Some(mean_reply),
            mean_cpu_ms: Some(mean_cpu),
            ..PlayerReport::default()
        }
    }

    #[test]
    fn a_timeout_with_little_cpu_waited_and_one_with_its_time_did_not() {
        let timed_out = |cpu: f64| PlayerReport {
            timeout_cpu_ms: Some(cpu),
            ..PlayerReport::default()
        };
        // "timed out with 12 ms CPU of 300 ms": the machine's fault.
        assert_eq!(cpu_share(&game(vec![timed_out(12.0)])), CpuShare::Waited);
        // "300 ms CPU": the program's.
        assert_eq!(cpu_share(&game(vec![timed_out(298.0)])), CpuShare::Enough);
        // A seat's own limit is the one judged against.
        let mut own = game(vec![timed_out(120.0)]);
        own.settings.player_time_limits_ms = Some(vec![Some(200)]);
        assert_eq!(cpu_share(&own), CpuShare::Enough);
    }

    #[test]
    fn moves_are_judged_by_their_share_of_cpu_when_long_enough() {
        assert_eq!(
            cpu_share(&game(vec![seat(100.0, 90.0), seat(50.0, 45.0)])),
            CpuShare::Enough
        );
        assert_eq!(
            cpu_share(&game(vec![seat(100.0, 90.0), seat(50.0, 20.0)])),
            CpuShare::Waited
        );
        // Quick replies are not judged, nor verdicts without CPU times.
        assert_eq!(cpu_share(&game(vec![seat(0.2, 0.0)])), CpuShare::Unknown);
        assert_eq!(
            cpu_share(&game(vec![PlayerReport::default()])),
            CpuShare::Unknown
        );
    }

    #[test]
    fn the_warning_counts_the_games_that_waited() {
        let mut w = CpuWaits::default();
        assert_eq!(w.warning(), None);
        w.add(Some("g1"), &game(vec![seat(100.0, 90.0)]));
        w.add(Some("g2"), &game(vec![seat(0.1, 0.0)]));
        assert_eq!(w.warning(), None);
        for id in ["g3", "g4", "g5", "g6"] {
            w.add(Some(id), &game(vec![seat(100.0, 10.0)]));
        }
        assert_eq!((w.judged, w.waited), (5, 4));
        let text = w.warning().unwrap();
        assert!(
            text.starts_with(
                "Warning: in 4 of 5 games (g3, g4, g5, ...) a player's moves got less than 50% CPU"
            ),
            "{text}"
        );
    }
}
