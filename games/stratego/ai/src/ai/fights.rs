//! Who beats whom, as sets of ranks (bit per [`Rank::index`]), for the
//! evaluation and the search to test many ranks at once.

use stratego::bits::Bits;
use stratego::{Fight, Rank, fight};

/// `table[x]` holds the ranks `y` for which `wins(x, y)`.
const fn table(attacker_side: bool) -> [u16; 12] {
    let mut t = [0u16; 12];
    let mut x = 0;
    while x < 12 {
        let mut y = 0;
        while y < 12 {
            let (a, d) = if attacker_side { (x, y) } else { (y, x) };
            if matches!(fight(Rank::ALL[a], Rank::ALL[d]), Fight::AttackerWins) {
                t[x] |= 1 << y;
            }
            y += 1;
        }
        x += 1;
    }
    t
}

/// For each attacking rank, the defending ranks it beats.
pub const BEATS: [u16; 12] = table(true);

/// For each defending rank, the attacking ranks that beat it: movers only
/// (the battle rules rank a Bomb "attacking" above all, which no legal
/// move makes, and a hunter or defender set built from it took in our
/// Bombs).
pub const BEATEN_BY: [u16; 12] = movers_only(table(false));

/// The ranks that move (Marshal to Spy), bit per [`Rank::index`].
const MOVERS: u16 = (1 << 10) - 1;

const fn movers_only(mut t: [u16; 12]) -> [u16; 12] {
    let mut i = 0;
    while i < 12 {
        t[i] &= MOVERS;
        i += 1;
    }
    t
}

/// The squares of `pieces` (one set per [`Rank::index`]) whose rank is in
/// `ranks` (bit per rank index), one set bit at a time: the evaluation
/// asks this for every hunted rank, and a loop over all twelve ranks took
/// a fiftieth of the search.
#[inline]
pub fn union_of(pieces: &[Bits; 12], ranks: u16) -> Bits {
    let mut ranks = ranks;
    let mut set = 0;
    while ranks != 0 {
        set |= pieces[ranks.trailing_zeros() as usize];
        ranks &= ranks - 1;
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_of_takes_the_listed_ranks() {
        let pieces: [Bits; 12] = std::array::from_fn(|i| 1u128 << (i * 3));
        // The Marshal, the General and the Colonel; not our Bombs.
        let beat_the_major = union_of(&pieces, BEATEN_BY[Rank::Major.index()]);
        assert_eq!(beat_the_major, 1 | 1 << 3 | 1 << 6);
        assert_eq!(union_of(&pieces, 0), 0);
        let all = (0..12).fold(0, |acc, i| acc | pieces[i]);
        assert_eq!(union_of(&pieces, 0xfff), all);
    }

    #[test]
    fn the_tables_are_each_others_transpose() {
        let bit = |r: Rank| 1u16 << r.index();
        assert_ne!(BEATS[Rank::Spy.index()] & bit(Rank::Marshal), 0);
        assert_eq!(BEATS[Rank::Marshal.index()] & bit(Rank::Bomb), 0);
        assert_ne!(BEATEN_BY[Rank::Bomb.index()] & bit(Rank::Miner), 0);
        // Transposed for the attackers that move; Bombs and the Flag
        // never attack.
        for (a, beats) in BEATS.iter().enumerate() {
            for (d, beaten_by) in BEATEN_BY.iter().enumerate() {
                let moves = a < Rank::Flag.index();
                assert_eq!(moves && beats >> d & 1 == 1, beaten_by >> a & 1 == 1);
            }
        }
    }
}
