//! Distances on the board as square sets: for each square, the squares at
//! each Manhattan distance, so "how far is the nearest piece of this set"
//! is a few mask tests instead of a loop over pieces.

use stratego::Square;
use stratego::bits::Bits;

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
    if set == 0 {
        return None;
    }
    (1..=MAX_RING).find(|&d| RINGS[sq][d] & set != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

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
