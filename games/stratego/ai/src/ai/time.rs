//! The time (and node) budget of one move: when to stop searching so the
//! reply is out before the deadline.

use std::time::{Duration, Instant};

/// Clock checks happen once every this many nodes (a power of two): often
/// enough to stop within a fraction of a millisecond, rarely enough to cost
/// nothing.
const CHECK_EVERY: u64 = 1024;

/// When a search must stop.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    start: Instant,
    stop: Instant,
    max_nodes: Option<u64>,
}

impl Budget {
    /// A budget from `start` to `deadline`, keeping `margin` for the
    /// aggregation and the reply itself, and at most `max_nodes` nodes if
    /// given (node-bounded searches are reproducible; clock-bounded ones
    /// depend on the machine's speed).
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

    /// Whether the search must stop after `nodes` nodes. The clock is read
    /// only every [`CHECK_EVERY`] nodes.
    #[inline]
    pub fn exhausted(&self, nodes: u64) -> bool {
        if self.max_nodes.is_some_and(|m| nodes >= m) {
            return true;
        }
        nodes % CHECK_EVERY == 0 && Instant::now() >= self.stop
    }

    /// Whether the stop time has passed or the node budget is spent (reads the clock).
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
    }

    #[test]
    fn a_past_deadline_is_over_at_once() {
        let now = Instant::now();
        let b = Budget::new(now, now, Duration::from_millis(10), None);
        assert!(b.over(0));
        assert!(b.exhausted(CHECK_EVERY));
        assert_eq!(b.remaining(), Duration::ZERO);
    }
}
