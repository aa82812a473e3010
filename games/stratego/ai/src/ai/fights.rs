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

/// For each defending rank, the attacking ranks that beat it.
pub const BEATEN_BY: [u16; 12] = table(false);

/// The ranks that move (Marshal to Spy), bit per [`Rank::index`]: the
/// tables above count a Bomb "attacking" as beating what it would beat
/// defending, and only movers attack.
pub const MOVERS: u16 = (1 << 10) - 1;

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
        let beat_the_major = union_of(&pieces, BEATEN_BY[Rank::Major.index()] & MOVERS);
        assert_eq!(beat_the_major, 1 | 1 << 3 | 1 << 6);
        // Without the mask, the table's Bomb "attacking" comes in too.
        let with_bombs = union_of(&pieces, BEATEN_BY[Rank::Major.index()]);
        assert_eq!(with_bombs, beat_the_major | pieces[Rank::Bomb.index()]);
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
        for (a, beats) in BEATS.iter().enumerate() {
            for (d, beaten_by) in BEATEN_BY.iter().enumerate() {
                assert_eq!(beats >> d & 1, beaten_by >> a & 1);
            }
        }
    }
}
