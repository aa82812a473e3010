//! Canonical keys: every position equivalent under a symmetry (a square
//! permutation of the level's group, a complement, an attribute
//! permutation) gets the same key, and inequivalent positions different
//! keys (checked against the orbit enumerated by brute force).

use std::collections::HashSet;

use proptest::prelude::*;
use quarto::{Board, Level, Piece, Square};
use quarto_ai::symmetry::Group;

use crate::util::{code, position};

/// The 24 permutations of the four attribute bits.
fn bit_perms() -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                for d in 0..4u8 {
                    let p = [a, b, c, d];
                    if (0..4).all(|i| p.contains(&i)) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// Piece `p` complemented by `xor`, then bit `i` moved to bit `perm[i]`.
fn map_piece(p: Piece, xor: u8, perm: [u8; 4]) -> Piece {
    let x = p.number() ^ xor;
    let n = (0..4).fold(0u8, |n, i| n | ((x >> i) & 1) << perm[i]);
    Piece::new(n).unwrap()
}

/// The image of (board, hand) by square symmetry `g`, complement `xor`,
/// attribute permutation `perm`.
fn transform(
    group: &Group,
    g: usize,
    xor: u8,
    perm: [u8; 4],
    board: &Board,
    hand: Piece,
) -> (Board, Piece) {
    let image = group.perms()[g];
    let mut out = Board::EMPTY;
    for s in Square::ALL {
        if let Some(p) = board.get(s) {
            out.place(
                Square::new(image[s.index()]).unwrap(),
                map_piece(p, xor, perm),
            );
        }
    }
    (out, map_piece(hand, xor, perm))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_image_of_a_position_has_its_key(
        level in 1u8..=4,
        seed in any::<u64>(),
        empties in 1u32..=15,
        g in any::<prop::sample::Index>(),
        xor in 0u8..16,
        perm in any::<prop::sample::Index>(),
    ) {
        let level = Level::new(level).unwrap();
        let group = Group::of(level);
        let pos = position(level, seed, empties, true);
        let (board, hand) = (*pos.board(), pos.hand().unwrap());
        let perms = bit_perms();
        let (b2, h2) = transform(group, g.index(group.len()), xor, perms[perm.index(24)], &board, hand);
        prop_assert_eq!(group.key(&board, hand), group.key(&b2, h2));
    }
}

#[test]
fn inequivalent_positions_have_different_keys() {
    // Positions with few pieces, where collisions of the orbits of
    // different positions are likely if the key forgot something.
    let perms = bit_perms();
    for level in [Level::ALL[0], Level::ALL[3]] {
        let group = Group::of(level);
        for empties in [13, 14, 15] {
            let positions: Vec<(Board, Piece)> = (0..30)
                .map(|s| {
                    let p = position(level, s, empties, true);
                    (*p.board(), p.hand().unwrap())
                })
                .collect();
            for (i, (b, h)) in positions.iter().enumerate() {
                let mut orbit = HashSet::new();
                for g in 0..group.len() {
                    for xor in 0..16 {
                        for &perm in &perms {
                            let (b2, h2) = transform(group, g, xor, perm, b, *h);
                            orbit.insert((code(&b2), h2));
                        }
                    }
                }
                for (b2, h2) in &positions[i + 1..] {
                    let same_orbit = orbit.contains(&(code(b2), *h2));
                    let same_key = group.key(b, *h) == group.key(b2, *h2);
                    assert_eq!(
                        same_orbit, same_key,
                        "level {level}: {b:?} hand {h} and {b2:?} hand {h2}"
                    );
                }
            }
        }
    }
}
