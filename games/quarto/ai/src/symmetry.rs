//! The symmetries of Quarto and the canonical key of a position.
//!
//! Two positions play alike when one is the other after
//! - a permutation of the squares that maps the level's winning patterns
//!   onto themselves (at level 1 the 32 that keep rows, columns and
//!   diagonals: the 8 of the square, the swap of the inner and outer
//!   rings, the swap of the middle rows and columns and their products;
//!   fewer at higher levels, where more patterns must be kept), found here
//!   by an exhaustive search rather than listed by hand;
//! - a complement of any attributes (every piece XOR a constant), and a
//!   permutation of the four attributes, which keep "sharing an attribute"
//!   (16 × 24 = 384 of them).
//!
//! The key of a position (a board and the piece in hand; the pieces left
//! follow from them) is the same for every position of its class, and
//! differs between classes: complement every piece by the one in hand (so
//! the hand becomes 0, which fixes the complement), and for each square
//! permutation take the occupied squares and the four attribute planes
//! moved by it, the planes sorted (which forgets the attribute
//! permutation); the key is the least of these over the group.

use std::sync::OnceLock;

use quarto::{Board, Level, Piece};

/// A permutation of the squares: `image[s]` is where square `s` goes.
pub type Perm = [u8; 16];

/// The symmetries of one level's patterns, with tables to move a 16-bit
/// set of squares by each in two lookups.
pub struct Group {
    perms: Vec<Perm>,
    /// `low[g][b]`: the image by `g` of the squares 0..8 in byte `b`;
    /// `high[g][b]` the same for squares 8..16.
    low: Vec<[u16; 256]>,
    high: Vec<[u16; 256]>,
}

impl Group {
    /// The group of `level` (computed once).
    pub fn of(level: Level) -> &'static Group {
        static GROUPS: [OnceLock<Group>; 4] = [const { OnceLock::new() }; 4];
        GROUPS[usize::from(level.number()) - 1].get_or_init(|| Group::new(level.masks()))
    }

    /// The group of the square permutations that map the set of `patterns`
    /// onto itself: an exhaustive search that assigns images square by
    /// square and drops a branch as soon as the assigned part of a pattern
    /// is sent outside every pattern (a pattern must go to a pattern, so its
    /// parts to parts of one).
    pub fn new(patterns: &[u16]) -> Group {
        let mut is_part = vec![false; 1 << 16];
        for &m in patterns {
            // Every subset of the pattern.
            let mut sub = m;
            loop {
                is_part[usize::from(sub)] = true;
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & m;
            }
        }
        let mut perms = Vec::new();
        let mut image = [0u8; 16];
        extend(0, 0, &mut image, patterns, &is_part, &mut perms);
        let (low, high) = perms
            .iter()
            .map(|p| {
                let mut low = [0u16; 256];
                let mut high = [0u16; 256];
                for b in 0..256usize {
                    for bit in 0..8 {
                        if b >> bit & 1 == 1 {
                            low[b] |= 1 << p[bit];
                            high[b] |= 1 << p[bit + 8];
                        }
                    }
                }
                (low, high)
            })
            .unzip();
        Group { perms, low, high }
    }

    /// How many symmetries.
    pub fn len(&self) -> usize {
        self.perms.len()
    }

    /// Whether the group is empty (never: it holds the identity).
    pub fn is_empty(&self) -> bool {
        self.perms.is_empty()
    }

    /// The permutations.
    pub fn perms(&self) -> &[Perm] {
        &self.perms
    }

    /// The image of the set of squares `mask` by symmetry `g`.
    #[inline]
    pub fn apply(&self, g: usize, mask: u16) -> u16 {
        self.low[g][usize::from(mask as u8)] | self.high[g][usize::from(mask >> 8)]
    }

    /// The canonical key of a board with `hand` to be placed: equal for
    /// two positions exactly when a symmetry maps one onto the other.
    pub fn key(&self, board: &Board, hand: Piece) -> Key {
        let occ = board.occupied();
        let h = hand.number();
        let planes: [u16; 4] = std::array::from_fn(|a| {
            let p = board.plane(quarto::Attribute::from_bit(a as u8).expect("0..4"));
            if h >> a & 1 == 1 { p ^ occ } else { p }
        });
        let mut best = u128::MAX;
        let mut best_occ = u16::MAX;
        for g in 0..self.perms.len() {
            let o = self.apply(g, occ);
            if o > best_occ {
                continue;
            }
            let mut p = planes.map(|x| self.apply(g, x));
            sort4(&mut p);
            let k = u128::from(o) << 64
                | u128::from(p[0]) << 48
                | u128::from(p[1]) << 32
                | u128::from(p[2]) << 16
                | u128::from(p[3]);
            if k < best {
                best = k;
                best_occ = o;
            }
        }
        Key(best)
    }
}

/// A canonical key: the occupied squares and the four sorted attribute
/// planes of the least image, 80 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Key(pub u128);

impl Key {
    /// 64 well-mixed bits of the key, for a table index.
    pub fn hash(self) -> u64 {
        let lo = self.0 as u64;
        let hi = (self.0 >> 64) as u64;
        let mut z = lo ^ hi.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Sorts four values with five compare-exchanges.
#[inline]
fn sort4(v: &mut [u16; 4]) {
    let mut cx = |i: usize, j: usize| {
        if v[i] > v[j] {
            v.swap(i, j);
        }
    };
    cx(0, 1);
    cx(2, 3);
    cx(0, 2);
    cx(1, 3);
    cx(1, 2);
}

/// Gives square `s` each unused image in turn, keeping the branches where
/// the assigned part of every pattern through `s` goes to a part of a
/// pattern (and, once all its squares are assigned, to a whole one, as
/// the only parts of four squares are whole patterns).
fn extend(
    s: usize,
    used: u16,
    image: &mut Perm,
    patterns: &[u16],
    is_part: &[bool],
    out: &mut Vec<Perm>,
) {
    if s == 16 {
        out.push(*image);
        return;
    }
    let assigned = (1u32 << (s + 1)) - 1;
    for t in 0..16u8 {
        if used >> t & 1 == 1 {
            continue;
        }
        image[s] = t;
        let ok = patterns.iter().filter(|&&m| m >> s & 1 == 1).all(|&m| {
            let part = u32::from(m) & assigned;
            let moved = (0..=s)
                .filter(|&q| part >> q & 1 == 1)
                .fold(0u16, |acc, q| acc | 1 << image[q]);
            is_part[usize::from(moved)]
        });
        if ok {
            extend(s + 1, used | 1 << t, image, patterns, is_part, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_groups_of_the_levels() {
        let sizes: Vec<usize> = Level::ALL.iter().map(|&l| Group::of(l).len()).collect();
        // Level 1: the known 32 of the classic game. The 2x2 squares keep
        // only the 8 of the square itself, and so do the later levels.
        assert_eq!(sizes, [32, 8, 8, 8]);
        for &l in &Level::ALL {
            let g = Group::of(l);
            assert!(
                g.perms().contains(&std::array::from_fn(|i| i as u8)),
                "identity"
            );
            for p in g.perms() {
                for &m in l.masks() {
                    let moved = quarto::Square::of_mask(m).fold(0u16, |a, s| a | 1 << p[s.index()]);
                    assert!(l.masks().contains(&moved));
                }
            }
        }
    }

    #[test]
    fn apply_moves_every_square() {
        let g = Group::of(Level::ALL[0]);
        for (i, p) in g.perms().iter().enumerate() {
            for (s, &t) in p.iter().enumerate() {
                assert_eq!(g.apply(i, 1 << s), 1 << t);
            }
            assert_eq!(g.apply(i, 0xffff), 0xffff);
        }
    }
}
