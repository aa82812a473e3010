//! What each piece is worth, depending on what remains on the board.
//!
//! The base values follow the usual ordering of Stratego programs (the
//! Marshal worth about two Generals, a Miner more than its strength because
//! only Miners open bombed Flags, the Spy worth much while the enemy Marshal
//! lives). The adjustments are the ones the issue asks for: the Marshal is
//! worth more once the enemy Spy is gone, the Spy almost nothing once the
//! enemy Marshal is gone, the last Miners and Scouts more than the first,
//! and a piece more than its rank alone says as the enemy pieces that can
//! stop it go: by 30% once none is left.

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

/// The bonus, in thousandths of a piece's value, of a piece no enemy mover
/// beats or ties.
const UNSTOPPABLE: i32 = 300;

/// Per rank (by [`Rank::index`]), its stoppers against a full enemy army:
/// twice the enemy movers that beat it, plus those that tie it (the
/// measure of [`stoppers_bonus`]).
const FULL_STOPPERS: [usize; 9] = {
    let mut h = [0usize; 9];
    let mut stronger = 0usize;
    let mut i = 1;
    while i < 9 {
        stronger += Rank::ALL[i - 1].count() as usize;
        h[i] = 2 * stronger + Rank::ALL[i].count() as usize;
        i += 1;
    }
    h
};

/// `1000 × 2^(-h/2)` for `h` = 0, 1, ..: each enemy mover that beats a
/// piece halves what it is worth beyond its rank, each one that ties it
/// takes a square root of two off.
const HALVINGS: [i32; 64] = {
    let mut t = [0i32; 64];
    // 2^(-1/2) in millionths, applied in integers.
    let mut x: i64 = 1_000_000_000;
    let mut h = 0;
    while h < 64 {
        t[h] = ((x + 500_000) / 1_000_000) as i32;
        x = x * 707_107 / 1_000_000;
        h += 1;
    }
    t
};

/// The bonus, in thousandths of its value, of a piece that `h` enemy
/// movers can stop (twice those that beat it, plus those that tie it) out
/// of the `full` a whole enemy army has: nothing at `full`, the whole
/// [`UNSTOPPABLE`] bonus at 0, and in between by halvings ([`HALVINGS`]):
/// a Colonel once their Marshal and General are gone (`h` = 2 of 6) gets
/// 13%, our General once their Marshal is gone (1 of 3) 16%.
///
/// Why: a strong piece is worth what it can do, and what it can do is
/// bounded by the enemy pieces that take it. Against a strong engine all
/// 40 of our Colonels died, 15 of them to its Marshal or General: a
/// Colonel is worth little more than its rank while two enemy pieces beat
/// it, and more once they are gone; the other way round, taking their
/// General raises every one of our pieces that only it and their Marshal
/// beat.
fn stoppers_bonus(h: usize, full: usize) -> i32 {
    let at = |h: usize| HALVINGS.get(h).copied().unwrap_or(0);
    if h >= full {
        return 0;
    }
    UNSTOPPABLE * (at(h) - at(full)) / (1000 - at(full))
}

/// The base value of `rank`, before any adjustment.
pub const fn base(rank: Rank) -> i32 {
    BASE[rank.index()]
}

/// The value of each rank for one side, given how many pieces of each rank
/// both sides still have (indexed by [`Rank::index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Values([i32; 12]);

impl Values {
    /// Values of `own` pieces when the opponent has `opp` pieces left.
    pub fn new(own: &[u8; 12], opp: &[u8; 12]) -> Values {
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
        // A Marshal that no enemy piece beats or ties (their Marshal and
        // Spy gone) rules the board: it can hunt freely.
        if !opp_has(Rank::Marshal) && !opp_has(Rank::Spy) {
            v[0] += v[0] * UNSTOPPABLE / 1000;
        }
        // The others by how many enemy movers can still stop them.
        let mut stronger = 0usize;
        for i in 1..9 {
            stronger += usize::from(opp[i - 1]);
            let h = 2 * stronger + usize::from(opp[i]);
            v[i] += v[i] * stoppers_bonus(h, FULL_STOPPERS[i]) / 1000;
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
    fn against_a_full_army_every_piece_is_worth_its_rank() {
        for r in [
            General, Colonel, Major, Captain, Lieutenant, Sergeant, Scout,
        ] {
            assert_eq!(value(r, &[], &[]), base(r), "{r}");
        }
    }

    #[test]
    fn halvings_halve() {
        assert_eq!(HALVINGS[0], 1000);
        assert_eq!(HALVINGS[1], 707);
        assert_eq!(HALVINGS[2], 500);
        assert_eq!(HALVINGS[4], 250);
        assert_eq!(FULL_STOPPERS[General.index()], 3);
        assert_eq!(FULL_STOPPERS[Colonel.index()], 6);
    }

    #[test]
    fn a_piece_gains_as_the_enemy_pieces_that_beat_it_go() {
        // Our Colonel: beaten by their Marshal and General, tied by their
        // two Colonels.
        let full = value(Colonel, &[], &[]);
        let no_general = value(Colonel, &[], &[(General, 0)]);
        let only_ties = value(Colonel, &[], &[(General, 0), (Marshal, 0)]);
        let one_tie = value(Colonel, &[], &[(General, 0), (Marshal, 0), (Colonel, 1)]);
        let none = value(Colonel, &[], &[(General, 0), (Marshal, 0), (Colonel, 0)]);
        assert!(full < no_general, "{full} {no_general}");
        assert!(no_general < only_ties && only_ties < one_tie && one_tie < none);
        assert_eq!(none, base(Colonel) * 13 / 10);
        // Beaten by one piece is worth more than beaten by two, whichever.
        assert_eq!(no_general, value(Colonel, &[], &[(Marshal, 0)]));
        // Their General gone: our General gains less than when their
        // Marshal (which beats it, where the General only ties) is gone.
        let g_tie_gone = value(General, &[], &[(General, 0)]);
        let g_beater_gone = value(General, &[], &[(Marshal, 0)]);
        assert!(base(General) < g_tie_gone && g_tie_gone < g_beater_gone);
        // Weaker pieces than the stoppers do not care.
        assert_eq!(value(Colonel, &[], &[(Major, 0)]), base(Colonel));
    }

    #[test]
    fn an_unstoppable_piece_is_worth_more() {
        let stoppers = [(Marshal, 0), (General, 0)];
        assert!(value(General, &[], &stoppers) > value(General, &[], &[]));
    }
}
