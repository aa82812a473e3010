//! Who beats whom, as sets of ranks (bit per [`Rank::index`]), for the
//! evaluation and the search to test many ranks at once.

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

#[cfg(test)]
mod tests {
    use super::*;

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
