//! Zobrist keys of positions: one random number per point and colour, one
//! for the colour to move and one per "has played" flag, XORed together.

use std::sync::OnceLock;

use game_core::Rng;
use oust::{Colour, Position};

/// The seed of the keys: fixed, so that keys never change between runs.
const SEED: u64 = 0x0057_2010_0015_7007;

/// The key tables.
struct Keys {
    stones: Vec<[u64; 2]>,
    white_to_move: u64,
    played: [u64; 2],
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = Rng::new(SEED);
        let stones = (0..oust::MAX_POINTS)
            .map(|_| [rng.next_u64(), rng.next_u64()])
            .collect();
        Keys {
            stones,
            white_to_move: rng.next_u64(),
            played: [rng.next_u64(), rng.next_u64()],
        }
    })
}

/// The key of a position.
pub fn key(pos: &Position) -> u64 {
    let k = keys();
    let mut h = 0;
    for (i, &c) in pos.cells().iter().enumerate() {
        if c != 0 {
            h ^= k.stones[i][usize::from(c - 1)];
        }
    }
    if pos.to_move() == Colour::White {
        h ^= k.white_to_move;
    }
    for c in [Colour::Black, Colour::White] {
        if pos.has_played(c) {
            h ^= k.played[c.seat()];
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use oust::{Options, UncheckedMove};

    #[test]
    fn the_keys_never_change() {
        // Pinned: a change of the key stream would silently change every
        // search.
        let k = keys();
        assert_eq!(
            k.stones[0],
            [14_253_840_988_854_681_457, 956_978_679_659_182_073]
        );
        assert_eq!(k.white_to_move, 8_774_796_426_313_068_114);
    }

    #[test]
    fn equal_positions_have_equal_keys_and_others_differ() {
        let o = Options { cols: 5, rows: 5 };
        let mut a = Position::new(o, 0);
        let mut b = Position::new(o, 0);
        let empty = key(&a);
        for (c, r) in [(0, 0), (4, 4), (2, 2)] {
            let m = a.check(&UncheckedMove::new(c, r)).unwrap();
            a.play(m);
        }
        for (c, r) in [(2, 2), (4, 4), (0, 0)] {
            let m = b.check(&UncheckedMove::new(c, r)).unwrap();
            b.play(m);
        }
        // Same stones, same colour to move, both have played.
        assert_eq!(key(&a), key(&b));
        assert_ne!(key(&a), empty);
    }
}
