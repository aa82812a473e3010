//! Distances on the board as square sets: for each square, the squares at
//! each Manhattan distance, so "how far is the nearest piece of this set"
//! is a few mask tests instead of a loop over pieces.

use stratego::Square;
use stratego::bits::{BOARD, Bits, COL0, COL9, LAKES};

/// Largest distance with a ring in the table; farther counts as "far".
pub const MAX_RING: usize = 12;

const fn rings() -> [[Bits; MAX_RING + 1]; Square::COUNT] {
    let mut t = [[0u128; MAX_RING + 1]; Square::COUNT];
    let mut a = 0;
    while a < Square::COUNT {
        let mut b = 0;
        while b < Square::COUNT {
            let (ra, ca) = ((a / 10) as i32, (a % 10) as i32);
            let (rb, cb) = ((b / 10) as i32, (b % 10) as i32);
            let d = (ra - rb).abs() + (ca - cb).abs();
            if d as usize <= MAX_RING {
                t[a][d as usize] |= 1u128 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

static RINGS: [[Bits; MAX_RING + 1]; Square::COUNT] = rings();

/// The squares at Manhattan distance exactly `d` (at most [`MAX_RING`]) from `sq`.
#[inline]
pub fn ring(sq: usize, d: usize) -> Bits {
    RINGS[sq][d]
}

/// Distance from square index `sq` to the nearest square of `set`, if
/// within [`MAX_RING`].
#[inline]
pub fn nearest(sq: usize, set: Bits) -> Option<usize> {
    nearest_within(sq, set, MAX_RING)
}

/// Distance from square index `sq` to the nearest square of `set`, if
/// within `max` (at most [`MAX_RING`]).
#[inline]
pub fn nearest_within(sq: usize, set: Bits, max: usize) -> Option<usize> {
    if set == 0 {
        return None;
    }
    (1..=max.min(MAX_RING)).find(|&d| RINGS[sq][d] & set != 0)
}

/// `set` and the squares next to it (lakes included: callers mask them).
#[inline]
pub fn spread(set: Bits) -> Bits {
    set | (set >> 10) | ((set << 10) & BOARD) | ((set & !COL0) >> 1) | ((set & !COL9) << 1)
}

/// Walking distances to a target: level `k` holds the squares from which a
/// piece reaches `target` in at most `k` steps, walking on `walkable`
/// squares only (the target's own squares count when walkable).
#[derive(Clone, Copy, Debug)]
pub struct Walk<const N: usize> {
    levels: [Bits; N],
}

impl<const N: usize> Walk<N> {
    /// The levels 0..N of walks to `target` over `walkable` (never the lakes).
    pub fn to(target: Bits, walkable: Bits) -> Walk<N> {
        let walkable = walkable & BOARD & !LAKES;
        let mut levels = [0; N];
        let mut reach = target & walkable;
        for level in levels.iter_mut() {
            *level = reach;
            reach |= spread(reach) & walkable;
        }
        Walk { levels }
    }

    /// Steps from the nearest square of `from` to the target, if fewer
    /// than `N`.
    pub fn steps(&self, from: Bits) -> Option<usize> {
        self.levels.iter().position(|&l| l & from != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_go_round_what_is_not_walkable() {
        let sq = |s: &str| s.parse::<Square>().unwrap().bit();
        // From A0 to A2 with A1 blocked: round by B0, B1, B2.
        let open = BOARD & !sq("A1");
        let w = Walk::<8>::to(sq("A2"), open);
        assert_eq!(w.steps(sq("A2")), Some(0));
        assert_eq!(w.steps(sq("A0")), Some(4));
        assert_eq!(w.steps(sq("A1")), None);
        // Lakes are never walked: C3 to C6 goes round them (D3, E3, E4,
        // E5, E6, D6, C6 or over row B).
        let w = Walk::<10>::to(sq("C6"), BOARD);
        assert_eq!(w.steps(sq("C3")), Some(5));
        assert_eq!(spread(sq("A0")), sq("A0") | sq("A1") | sq("B0"));
        assert_eq!(spread(sq("A9")), sq("A9") | sq("A8") | sq("B9"));
        assert_eq!(spread(sq("J0")) & sq("I9"), 0);
    }

    #[test]
    fn rings_match_manhattan_distance() {
        let e4: Square = "E4".parse().unwrap();
        assert_eq!(ring(e4.index(), 0), e4.bit());
        assert_eq!(ring(e4.index(), 1).count_ones(), 4);
        let a0: Square = "A0".parse().unwrap();
        let j9: Square = "J9".parse().unwrap();
        assert_eq!(nearest(a0.index(), j9.bit()), None);
        let c2: Square = "C2".parse().unwrap();
        assert_eq!(nearest(a0.index(), c2.bit() | j9.bit()), Some(4));
        assert_eq!(nearest(a0.index(), 0), None);
    }
}
