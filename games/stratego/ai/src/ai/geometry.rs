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
///
/// Levels are worked out as far as the questions asked need them, not all
/// `N` at once: most questions are answered a few steps out (the race home
/// asks about the nearest intruder and defender), and the levels of every
/// walk took a sixth of the whole search when built in full.
#[derive(Clone, Copy, Debug)]
pub struct Walk<const N: usize> {
    levels: [Bits; N],
    /// How many levels are worked out (at least one).
    done: usize,
    walkable: Bits,
}

impl<const N: usize> Walk<N> {
    /// The walks to `target` over `walkable` (never the lakes), at most
    /// `N - 1` steps long.
    pub fn to(target: Bits, walkable: Bits) -> Walk<N> {
        let walkable = walkable & BOARD & !LAKES;
        let mut levels = [0; N];
        levels[0] = target & walkable;
        Walk {
            levels,
            done: 1,
            walkable,
        }
    }

    /// Steps from the nearest square of `from` to the target, if fewer
    /// than `N`.
    pub fn steps(&mut self, from: Bits) -> Option<usize> {
        if let Some(k) = self.levels[..self.done].iter().position(|&l| l & from != 0) {
            return Some(k);
        }
        while self.done < N {
            let last = self.levels[self.done - 1];
            let next = last | (spread(last) & self.walkable);
            if next == last {
                // Nothing more is reachable: the later levels are this
                // one, and `from` is not in it.
                self.levels[self.done..].fill(last);
                self.done = N;
                return None;
            }
            self.levels[self.done] = next;
            self.done += 1;
            if next & from != 0 {
                return Some(self.done - 1);
            }
        }
        None
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
        let mut w = Walk::<8>::to(sq("A2"), open);
        assert_eq!(w.steps(sq("A2")), Some(0));
        assert_eq!(w.steps(sq("A0")), Some(4));
        assert_eq!(w.steps(sq("A1")), None);
        // Lakes are never walked: C3 to C6 goes round them (D3, E3, E4,
        // E5, E6, D6, C6 or over row B).
        let mut w = Walk::<10>::to(sq("C6"), BOARD);
        assert_eq!(w.steps(sq("C3")), Some(5));
        assert_eq!(spread(sq("A0")), sq("A0") | sq("A1") | sq("B0"));
        assert_eq!(spread(sq("A9")), sq("A9") | sq("A8") | sq("B9"));
        assert_eq!(spread(sq("J0")) & sq("I9"), 0);
    }

    /// Levels worked out on demand answer as levels built in full would,
    /// whatever the order of the questions (near ones first, far ones
    /// first, squares that cannot be reached).
    #[test]
    fn lazy_walks_answer_as_full_ones() {
        let full = |target: Bits, walkable: Bits, from: Bits| -> Option<usize> {
            let walkable = walkable & BOARD & !LAKES;
            let mut reach = target & walkable;
            for k in 0..9 {
                if reach & from != 0 {
                    return Some(k);
                }
                reach |= spread(reach) & walkable;
            }
            None
        };
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..500 {
            // Boards from open to mostly blocked.
            let density = next() % 4;
            let mut walkable: Bits = BOARD;
            for sq in 0..100 {
                if next() % 4 < density {
                    walkable &= !(1u128 << sq);
                }
            }
            let target = 1u128 << (next() % 100) | 1u128 << (next() % 100);
            let mut walk = Walk::<9>::to(target, walkable);
            for _ in 0..6 {
                let from = 1u128 << (next() % 100);
                assert_eq!(walk.steps(from), full(target, walkable, from));
            }
        }
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
