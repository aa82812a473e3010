//! An in-process arena's match, for the games whose strategies are
//! [`Strategy`]'s (Oust, Quarto): its two sides, and their games with the
//! seats alternating, tallied from A's side.

use crate::{Strategy, Tally};

/// What a match is on the arena's command line: the two strategies, the
/// games and the first seed.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Match {
    /// The strategy measured.
    #[arg(long, value_enum, default_value_t = Strategy::Ai)]
    pub a: Strategy,
    /// Its opponent.
    #[arg(long, value_enum, default_value_t = Strategy::Greedy)]
    pub b: Strategy,
    /// Games.
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// First seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// One side of an arena game: its strategy, and the settings of its
/// search (which only the AI reads).
#[derive(Clone, Copy, Debug)]
pub struct Side<T> {
    /// Its strategy.
    pub strategy: Strategy,
    /// Its search settings.
    pub settings: T,
}

impl Match {
    /// Plays the match between `a` and `b`: in game `g` A sits at seat
    /// `g % 2`; `game(g, a_seat, sides)` plays game `g` between `sides`
    /// (`sides[0]` at seat 0) and gives its winner's seat, `None` for a
    /// draw. Returns A's results.
    pub fn play<'a, T>(
        &self,
        a: &'a Side<T>,
        b: &'a Side<T>,
        mut game: impl FnMut(u32, usize, [&'a Side<T>; 2]) -> Option<usize>,
    ) -> Tally {
        let mut tally = Tally::default();
        for g in 0..self.games {
            let a_seat = (g % 2) as usize;
            let sides = if a_seat == 0 { [a, b] } else { [b, a] };
            tally.add(game(g, a_seat, sides), a_seat);
        }
        tally
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plays_both_seats_in_turn() {
        let m = Match {
            a: Strategy::Ai,
            b: Strategy::Random,
            games: 4,
            seed: 1,
        };
        let side = |strategy| Side {
            strategy,
            settings: (),
        };
        let (a, b) = (side(m.a), side(m.b));
        let mut seen = Vec::new();
        // Seat 0 always wins: A wins its games at seat 0, loses the others.
        let tally = m.play(&a, &b, |g, a_seat, sides| {
            seen.push((g, a_seat, sides[0].strategy));
            Some(0)
        });
        assert_eq!(
            seen,
            [
                (0, 0, Strategy::Ai),
                (1, 1, Strategy::Random),
                (2, 0, Strategy::Ai),
                (3, 1, Strategy::Random)
            ]
        );
        assert_eq!((tally.wins, tally.draws, tally.losses), (2, 0, 2));
    }
}
