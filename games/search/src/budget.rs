//! The time (and node) budget of one move: when to stop searching so the
//! reply is out before the deadline.

use std::time::{Duration, Instant};

/// Clock reads happen once every this many nodes by default (a power of
/// two): often enough to stop within a fraction of a millisecond, rarely
/// enough to cost nothing.
const CHECK_EVERY: u64 = 1024;

/// When a search must stop: after `max_nodes` nodes if given, counted
/// exactly, and in any case at the stop time, read every few nodes. A
/// node budget makes a search reproducible (the same moves for the same
/// seeds on any machine) for as long as the clock does not run out first;
/// the clock keeps even a node-bounded search within its deadline.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    start: Instant,
    stop: Instant,
    max_nodes: Option<u64>,
    /// `check_every - 1`: the clock is read when `nodes & mask == 0`.
    mask: u64,
    /// Set by [`Budget::stop`] once it has said stop.
    stopped: bool,
}

impl Budget {
    /// A budget from `start` to `deadline`, keeping `margin` for what
    /// follows the search (the aggregation, the reply itself), and at most
    /// `max_nodes` nodes if given.
    pub fn new(
        start: Instant,
        deadline: Instant,
        margin: Duration,
        max_nodes: Option<u64>,
    ) -> Budget {
        let stop = deadline.checked_sub(margin).unwrap_or(start).max(start);
        Budget {
            start,
            stop,
            max_nodes,
            mask: CHECK_EVERY - 1,
            stopped: false,
        }
    }

    /// A budget from now to `deadline`, with no margin.
    pub fn until(deadline: Instant, max_nodes: Option<u64>) -> Budget {
        Budget::new(Instant::now(), deadline, Duration::ZERO, max_nodes)
    }

    /// The same budget with the clock read once every `nodes` nodes (a
    /// power of two): fewer for a search whose nodes are slow.
    pub fn checking_every(self, nodes: u64) -> Budget {
        assert!(nodes.is_power_of_two(), "{nodes} is not a power of two");
        Budget {
            mask: nodes - 1,
            ..self
        }
    }

    /// Time left before the stop, zero once past it.
    pub fn remaining(&self) -> Duration {
        self.stop.saturating_duration_since(Instant::now())
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The start.
    pub fn start(&self) -> Instant {
        self.start
    }

    /// The stop time: the deadline less the margin.
    pub fn stop_time(&self) -> Instant {
        self.stop
    }

    /// Whether the search must stop after `nodes` nodes: the node budget
    /// is checked at every call, the clock only every few nodes.
    #[inline]
    pub fn exhausted(&self, nodes: u64) -> bool {
        if self.max_nodes.is_some_and(|m| nodes >= m) {
            return true;
        }
        nodes & self.mask == 0 && Instant::now() >= self.stop
    }

    /// [`exhausted`](Self::exhausted), for good: once it has said stop it
    /// says so at every later call, without a look at the count or the
    /// clock, so that a search unwinding from a stop never resumes on a
    /// node where the clock is not read. A new budget starts afresh.
    #[inline]
    pub fn stop(&mut self, nodes: u64) -> bool {
        if !self.stopped && self.exhausted(nodes) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether [`stop`](Self::stop) has said stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Whether the stop time has passed or the node budget is spent (reads
    /// the clock).
    pub fn over(&self, nodes: u64) -> bool {
        self.max_nodes.is_some_and(|m| nodes >= m) || Instant::now() >= self.stop
    }

    /// The node budget, if any.
    pub fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_budget_stops_exactly() {
        let now = Instant::now();
        let b = Budget::new(
            now,
            now + Duration::from_secs(3600),
            Duration::ZERO,
            Some(5000),
        );
        assert!(!b.exhausted(4999));
        assert!(b.exhausted(5000));
        // Not only on the clock's nodes.
        assert!(b.exhausted(5001));
        assert!(b.over(5000));
    }

    #[test]
    fn a_past_deadline_is_over_at_once() {
        let now = Instant::now();
        let b = Budget::new(now, now, Duration::from_millis(10), None);
        assert!(b.over(0));
        assert!(b.exhausted(CHECK_EVERY));
        assert!(
            !b.exhausted(CHECK_EVERY + 1),
            "the clock is read every few nodes"
        );
        assert_eq!(b.remaining(), Duration::ZERO);
    }

    #[test]
    fn the_clock_stops_a_node_bounded_search_too() {
        let now = Instant::now();
        let b = Budget::new(now, now, Duration::ZERO, Some(1_000_000));
        assert!(b.exhausted(CHECK_EVERY));
        assert!(b.over(1));
    }

    #[test]
    fn a_stop_is_for_good() {
        let now = Instant::now();
        let mut b = Budget::new(
            now,
            now + Duration::from_secs(3600),
            Duration::ZERO,
            Some(10),
        );
        assert!(!b.stop(9) && !b.stopped());
        assert!(b.stop(10));
        // Below the count again, as a search unwinding: still stopped.
        assert!(b.stop(3) && b.stopped());
        assert!(!b.exhausted(3), "exhausted itself keeps no state");
    }

    #[test]
    fn the_clock_can_be_read_more_often() {
        let b = Budget::until(Instant::now(), None).checking_every(32);
        assert!(b.exhausted(32));
        assert!(!b.exhausted(33));
    }
}
