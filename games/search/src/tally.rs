//! The results of an in-process arena, seen from the side measured (A).

use std::fmt;

use crate::stats::wilson;

/// A's wins, draws and losses.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl Tally {
    /// Counts a game whose winner is `winner` (`None`: a draw), A playing
    /// `a_seat`.
    pub fn add<S: PartialEq>(&mut self, winner: Option<S>, a_seat: S) {
        match winner {
            None => self.draws += 1,
            Some(w) if w == a_seat => self.wins += 1,
            Some(_) => self.losses += 1,
        }
    }

    /// The games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score, a draw half a win; 0 for no game.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// The 95% Wilson interval of the score.
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.score(), f64::from(self.games()))
    }
}

impl fmt::Display for Tally {
    /// `12 W / 3 D / 5 L, score 67.5% (95% 45.6-83.8%)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = self.interval();
        write!(
            f,
            "{} W / {} D / {} L, score {:.1}% (95% {:.1}-{:.1}%)",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score(),
            100.0 * lo,
            100.0 * hi
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_counted_from_a_s_side() {
        let mut t = Tally::default();
        t.add(Some(0), 0);
        t.add(Some(1), 0);
        t.add(None, 1);
        t.add(Some(1), 1);
        assert_eq!((t.wins, t.draws, t.losses), (2, 1, 1));
        assert_eq!(t.score(), 0.625);
        assert!(
            t.to_string()
                .starts_with("2 W / 1 D / 1 L, score 62.5% (95% ")
        );
    }
}
