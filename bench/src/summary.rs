//! Aggregates games into what the strength benchmark prints.

use std::collections::BTreeMap;
use std::fmt;

use crate::game::{Played, search_reports};

/// Reasons by which a player loses through its own fault: the referee's
/// `E` (illegal move) and every `F` cause.
pub const FAULTS: [&str; 7] = [
    "illegal_move",
    "timeout",
    "crashed",
    "exited",
    "closed_output",
    "stopped_reading",
    "exec_failed",
];

/// The games of one player (the measured one) against one opponent.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// Games won by the measured player.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Games lost through the measured player's own fault (`E` or `F`).
    pub faults: u32,
    /// `"win: flag_captured"` .. with counts.
    pub endings: BTreeMap<String, u32>,
    /// Every move reply time of the measured player, in milliseconds.
    pub reply_ms: Vec<f64>,
    /// Moves per game.
    pub lengths: Vec<u32>,
    /// Search depth reached per move.
    pub depths: Vec<u32>,
    /// Boards (determinizations) searched per move.
    pub boards: Vec<u32>,
    /// Nodes searched per move.
    pub nodes: Vec<u64>,
}

impl Tally {
    /// Adds a game in which the measured player was player `me` (0 or 1).
    pub fn add(&mut self, game: &Played, me: usize) {
        let v = &game.verdict;
        self.games += 1;
        let outcome = match v.winner.map(usize::from) {
            Some(w) if w == me => {
                self.wins += 1;
                "win"
            }
            Some(_) => {
                self.losses += 1;
                if FAULTS.contains(&v.reason.as_str()) {
                    self.faults += 1;
                }
                "loss"
            }
            None => {
                self.draws += 1;
                "draw"
            }
        };
        *self
            .endings
            .entry(format!("{outcome}: {}", v.reason))
            .or_insert(0) += 1;
        self.reply_ms.extend(&game.reply_ms[me]);
        if let Some(max) = v.players[me].max_reply_ms {
            // The verdict's maximum counts a reply the record may lack (the
            // last, illegal or late one).
            self.reply_ms.push(max);
        }
        self.lengths.push(v.moves);
        for (d, b, n) in search_reports(&game.logs[me]) {
            self.depths.push(d);
            self.boards.push(b);
            self.nodes.push(n);
        }
    }

    /// The score (a win 1, a draw ½) per game.
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games)
    }

    /// The 95% Wilson interval of the score (draws counted as half a win):
    /// unlike the normal approximation it stays inside [0, 1] and is not
    /// empty when every game is won.
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.score(), f64::from(self.games))
    }
}

/// The 95% Wilson score interval of a proportion `p` over `n` trials.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The median of `values` (the upper one for an even count), if any.
pub fn median<T: Copy + PartialOrd>(values: &[T]) -> Option<T> {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    v.get(v.len() / 2).copied()
}

/// The largest of `values`, if any.
pub fn max(values: &[f64]) -> Option<f64> {
    values.iter().copied().reduce(f64::max)
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = self.interval();
        writeln!(
            f,
            "  {} games: +{} ={} -{}  score {:.1}% (95% interval {:.1}%..{:.1}%)",
            self.games,
            self.wins,
            self.draws,
            self.losses,
            self.score() * 100.0,
            lo * 100.0,
            hi * 100.0
        )?;
        writeln!(f, "  games lost by E or F: {}", self.faults)?;
        for (e, n) in &self.endings {
            writeln!(f, "    {n:4}  {e}")?;
        }
        if let (Some(med), Some(mx)) = (median(&self.reply_ms), max(&self.reply_ms)) {
            writeln!(
                f,
                "  reply time: median {med:.1} ms, max {mx:.1} ms over {} replies",
                self.reply_ms.len()
            )?;
        }
        if let Some(len) = median(&self.lengths) {
            writeln!(f, "  game length: median {len} moves")?;
        }
        if let (Some(d), Some(b), Some(n)) = (
            median(&self.depths),
            median(&self.boards),
            median(&self.nodes),
        ) {
            let dmin = self.depths.iter().min().copied().unwrap_or(0);
            let dmax = self.depths.iter().max().copied().unwrap_or(0);
            writeln!(
                f,
                "  search per move: depth median {d} (min {dmin}, max {dmax}), {b} boards, {n} nodes (medians)"
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_is_inside_the_unit_interval_and_not_empty_at_the_edges() {
        let (lo, hi) = wilson(1.0, 200.0);
        assert!(lo > 0.97 && lo < 1.0 && hi > 1.0 - 1e-9, "{lo} {hi}");
        let (lo, hi) = wilson(0.5, 100.0);
        assert!(
            (lo - 0.404).abs() < 0.002 && (hi - 0.596).abs() < 0.002,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0.3, 0.0), (0.0, 1.0));
    }

    #[test]
    fn medians() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median::<u32>(&[]), None);
        assert_eq!(max(&[1.0, 5.0, 2.0]), Some(5.0));
    }
}
