//! What each piece is worth, depending on what remains on the board.
//!
//! The base values follow the usual ordering of Stratego programs (the
//! Marshal worth about two Generals, a Miner more than its strength because
//! only Miners open bombed Flags, the Spy worth much while the enemy Marshal
//! lives). The adjustments are the ones the issue asks for: the Marshal is
//! worth more once the enemy Spy is gone, the Spy almost nothing once the
//! enemy Marshal is gone, the last Miners and Scouts more than the first,
//! and a piece that no enemy piece can stop more than its rank alone says.

use stratego::Rank;

/// Base value of each rank, by [`Rank::index`].
const BASE: [i32; 12] = [
    400, // Marshal
    250, // General
    140, // Colonel
    90,  // Major
    55,  // Captain
    35,  // Lieutenant
    22,  // Sergeant
    40,  // Miner
    16,  // Scout
    80,  // Spy
    0,   // Flag: its loss ends the game, the search scores that apart
    12,  // Bomb: an obstacle the opponent must spend a Miner on
];

/// The base value of `rank`, before any adjustment.
pub const fn base(rank: Rank) -> i32 {
    BASE[rank.index()]
}

/// For each rank from the Marshal to the Scout, how many enemy movers
/// beat or tie it, given the enemy's `opp` pieces left: those from the
/// Marshal down to it, since [`Rank::ALL`] is in order of strength with the
/// Spy after the Scout. A running sum, not a filter over the ranks: it is
/// worked out twice at every leaf of the search.
fn stoppers(opp: &[u8; 12]) -> [i32; 9] {
    let mut sum = 0;
    std::array::from_fn(|i| {
        sum += i32::from(opp[Rank::ALL[i].index()]);
        sum
    })
}

/// The value of each rank for one side before the bonus of a piece that
/// rules the board: the Marshal, Spy, Miners and the last Scouts by what
/// remains.
fn adjusted(own: &[u8; 12], opp: &[u8; 12]) -> [i32; 12] {
    let mut v = BASE;
    let opp_has = |r: Rank| opp[r.index()] > 0;
    if !opp_has(Rank::Spy) {
        v[Rank::Marshal.index()] = 500;
    }
    if !opp_has(Rank::Marshal) {
        v[Rank::Spy.index()] = 10;
    }
    v[Rank::Miner.index()] = if !opp_has(Rank::Bomb) {
        20
    } else {
        match own[Rank::Miner.index()] {
            0 | 1 => 110,
            2 => 80,
            3 => 55,
            _ => 40,
        }
    };
    if own[Rank::Scout.index()] <= 2 {
        v[Rank::Scout.index()] = 26;
    }
    v
}

/// The value of each rank for one side, given how many pieces of each rank
/// both sides still have (indexed by [`Rank::index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Values([i32; 12]);

impl Values {
    /// Values of `own` pieces when the opponent has `opp` pieces left.
    pub fn new(own: &[u8; 12], opp: &[u8; 12]) -> Values {
        Values::graded(own, opp, 0)
    }

    /// [`Values::new`], with the bonus of a piece that rules the board
    /// graded by how many enemy movers still beat or tie it (its
    /// stoppers) over `grades` steps: the whole bonus with none left, a
    /// `grades`-th less for each, nothing from `grades` stoppers on; 0
    /// gives the bonus to a piece with no stopper only, as [`Values::new`].
    ///
    /// The grading is the AI's `ruling_grades`: while the enemy's stronger
    /// pieces live, a Colonel that takes small pieces and dies to an
    /// unmoved Marshal has traded its value for theirs, but it has also
    /// taken a stopper away from each enemy Colonel, and that is worth
    /// something only when the stoppers are few (the Colonel race of
    /// issue 52: all 40 of our Colonels died in 12 lost games, the
    /// opponent's 21 of 40).
    pub fn graded(own: &[u8; 12], opp: &[u8; 12], grades: i32) -> Values {
        let mut v = adjusted(own, opp);
        let opp_has = |r: Rank| opp[r.index()] > 0;
        // A piece that no remaining movable enemy piece beats or ties rules
        // the board: it can hunt freely.
        let stoppers = stoppers(opp);
        // Ungraded (0 or less) is one grade: the whole bonus with no
        // stopper left, none with one.
        let of = grades.max(1);
        for (r, stoppers) in Rank::ALL[..9].iter().zip(stoppers) {
            let spy_threat = *r == Rank::Marshal && opp_has(Rank::Spy);
            if spy_threat {
                continue;
            }
            if stoppers >= of {
                // No bonus, nor for any weaker rank: the stoppers only
                // grow down the ranks.
                break;
            }
            let steps_left = of - stoppers;
            v[r.index()] += v[r.index()] * 3 * steps_left / (10 * of);
        }
        Values(v)
    }

    /// The value of `rank`.
    #[inline]
    pub fn of(&self, rank: Rank) -> i32 {
        self.0[rank.index()]
    }

    /// Total value of an army with `counts` pieces of each rank.
    pub fn total(&self, counts: &[u8; 12]) -> i32 {
        counts
            .iter()
            .zip(self.0)
            .map(|(&n, v)| i32::from(n) * v)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rank::*;

    /// The value of our `rank` with full armies but for the counts
    /// `own` and `opp` give.
    fn value(rank: Rank, own: &[(Rank, u8)], opp: &[(Rank, u8)]) -> i32 {
        let counts = |changes: &[(Rank, u8)]| {
            let mut c: [u8; 12] = std::array::from_fn(|i| Rank::ALL[i].count());
            for &(r, n) in changes {
                c[r.index()] = n;
            }
            c
        };
        Values::new(&counts(own), &counts(opp)).of(rank)
    }

    #[test]
    fn marshal_gains_when_the_enemy_spy_is_gone() {
        let (before, after) = (value(Marshal, &[], &[]), value(Marshal, &[], &[(Spy, 0)]));
        assert!(after > before, "{before} -> {after}");
    }

    #[test]
    fn spy_is_cheap_once_the_enemy_marshal_is_gone() {
        assert!(value(Spy, &[], &[]) > value(Captain, &[], &[]));
        let gone = [(Marshal, 0)];
        assert!(value(Spy, &[], &gone) < value(Scout, &[], &gone));
    }

    #[test]
    fn the_last_miner_is_precious_while_bombs_remain() {
        let last = [(Miner, 1)];
        assert!(value(Miner, &last, &[]) > value(Major, &last, &[]));
        assert!(value(Miner, &last, &[(Bomb, 0)]) < value(Miner, &last, &[]));
    }

    #[test]
    fn the_stoppers_are_the_enemy_movers_that_beat_or_tie_a_rank_and_grade_its_bonus() {
        // The running sum, and the bonus graded from it, against their
        // definitions, over the counts of the ranks down to the Captain and
        // of the Spy.
        let full: [u8; 12] = std::array::from_fn(|i| Rank::ALL[i].count());
        for code in 0..(2 * 2 * 3 * 4 * 5 * 2) {
            let mut opp = full;
            let mut left = code;
            for r in [Marshal, General, Colonel, Major, Captain, Spy] {
                let n = u32::from(r.count()) + 1;
                opp[r.index()] = (left % n) as u8;
                left /= n;
            }
            let got = stoppers(&opp);
            for (i, r) in Rank::ALL[..9].iter().enumerate() {
                let s = r.strength().unwrap_or(0);
                let want: i32 = Rank::ALL
                    .iter()
                    .filter(|e| e.strength().is_some_and(|es| es >= s))
                    .map(|e| i32::from(opp[e.index()]))
                    .sum();
                assert_eq!(got[i], want, "{r:?} against {opp:?}");
                // The bonus graded from them, by its definition.
                for grades in 0..5 {
                    let steps_left = if grades <= 0 {
                        i32::from(want == 0)
                    } else {
                        (grades - want).max(0)
                    };
                    let spy_threat = *r == Marshal && opp[Spy.index()] > 0;
                    let before = adjusted(&full, &opp)[r.index()];
                    let bonus = if spy_threat {
                        0
                    } else {
                        before * 3 * steps_left / (10 * grades.max(1))
                    };
                    assert_eq!(
                        Values::graded(&full, &opp, grades).of(*r),
                        before + bonus,
                        "{r:?} at {grades} grades against {opp:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn graded_the_ruling_bonus_grows_as_the_stoppers_go() {
        let graded = |own: &[(Rank, u8)], opp: &[(Rank, u8)]| {
            let counts = |changes: &[(Rank, u8)]| {
                let mut c: [u8; 12] = std::array::from_fn(|i| Rank::ALL[i].count());
                for &(r, n) in changes {
                    c[r.index()] = n;
                }
                c
            };
            Values::graded(&counts(own), &counts(opp), 3).of(Colonel)
        };
        // Their Marshal, General and two Colonels stop our Colonels.
        let full = graded(&[], &[]);
        let one = graded(&[], &[(Marshal, 0), (General, 0), (Colonel, 1)]);
        let two = graded(&[], &[(General, 0), (Colonel, 1)]);
        let none = graded(&[], &[(Marshal, 0), (General, 0), (Colonel, 0)]);
        assert_eq!(full, base(Colonel));
        assert_eq!(two, base(Colonel) + base(Colonel) / 10);
        assert!(
            full < two && two < one && one < none,
            "{full} {two} {one} {none}"
        );
        // No grade without stoppers gone, and the whole bonus without any,
        // as ungraded.
        assert_eq!(
            none,
            value(Colonel, &[], &[(Marshal, 0), (General, 0), (Colonel, 0)])
        );
    }

    #[test]
    fn ungraded_values_are_new() {
        let c: [u8; 12] = std::array::from_fn(|i| Rank::ALL[i].count());
        let mut thin = c;
        thin[Marshal.index()] = 0;
        thin[General.index()] = 0;
        for (own, opp) in [(c, c), (c, thin), (thin, c)] {
            assert_eq!(Values::graded(&own, &opp, 0), Values::new(&own, &opp));
        }
    }

    #[test]
    fn an_unstoppable_piece_is_worth_more() {
        let stoppers = [(Marshal, 0), (General, 0)];
        assert!(value(General, &[], &stoppers) > value(General, &[], &[]));
    }
}
