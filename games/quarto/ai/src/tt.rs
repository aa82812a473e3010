//! The transposition table: values of canonical positions (one entry
//! serves every symmetric position), with the depth searched and the kind
//! of bound, and the best move found as a hint for move ordering.

use crate::symmetry::Key;

pub use game_search::Bound;

/// One stored position, packed in 128 bits (so that a table of zeros,
/// which the system hands out untouched, is an empty table): bits 0..64
/// the key's low 64 bits, 64..80 its high 16 bits, 80..96 the value,
/// 96..104 the depth (placements searched below, at least 1; 0 for an
/// empty slot), 104..112 the bound, 112..120 the hint (the best move's
/// square in the low nibble, its gift in the high one; 0xff for none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry(u128);

impl Entry {
    fn key_matches(self, key: Key) -> bool {
        self.0 & ((1 << 80) - 1) == key.0 & ((1 << 80) - 1)
    }

    fn value(self) -> i16 {
        (self.0 >> 80) as u16 as i16
    }

    fn depth(self) -> u8 {
        (self.0 >> 96) as u8
    }

    fn bound(self) -> u8 {
        (self.0 >> 104) as u8
    }

    fn hint(self) -> u8 {
        (self.0 >> 112) as u8
    }

    fn new(key: Key, value: i16, depth: u8, bound: u8, hint: u8) -> Entry {
        Entry(
            key.0 & ((1 << 80) - 1)
                | u128::from(value as u16) << 80
                | u128::from(depth) << 96
                | u128::from(bound) << 104
                | u128::from(hint) << 112,
        )
    }
}

/// What a probe found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Hit {
    /// The value.
    pub value: i32,
    /// The depth it was searched to.
    pub depth: u8,
    /// Its kind of bound.
    pub bound: Bound,
    /// The best move found: square and gift numbers (a hint: it may come
    /// from a symmetric position, where it means another move).
    pub hint: Option<(u8, u8)>,
}

/// A table of `2^bits` entries, indexed by the key's hash.
pub struct Table {
    entries: game_search::Table<u128>,
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Table {
        Table {
            entries: game_search::Table::new(bits),
        }
    }

    /// The entry of `key`, if stored.
    pub fn probe(&self, key: Key) -> Option<Hit> {
        let e = Entry(self.entries.get(key.hash()));
        if e.depth() == 0 || !e.key_matches(key) {
            return None;
        }
        Some(Hit {
            value: i32::from(e.value()),
            depth: e.depth(),
            bound: match e.bound() {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            hint: (e.hint() != u8::MAX).then_some((e.hint() & 0xf, e.hint() >> 4)),
        })
    }

    /// Stores a value searched `depth` (at least 1) placements deep,
    /// replacing what the slot held unless that was searched deeper for
    /// the same key.
    pub fn store(&mut self, key: Key, value: i32, depth: u8, bound: Bound, hint: Option<(u8, u8)>) {
        debug_assert!(depth >= 1, "depth 0 marks an empty slot");
        let old = Entry(self.entries.get(key.hash()));
        if old.depth() > depth && old.key_matches(key) && bound != Bound::Exact {
            return;
        }
        let bound = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let hint = hint.map_or(u8::MAX, |(s, g)| s | g << 4);
        self.entries.set(
            key.hash(),
            Entry::new(key, value as i16, depth, bound, hint).0,
        );
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_the_whole_key() {
        let mut t = Table::new(4);
        let k = Key(0x1234_5678_9abc_def0_1122);
        assert_eq!(t.probe(k), None);
        t.store(k, -1005, 7, Bound::Lower, Some((3, 12)));
        let h = t.probe(k).unwrap();
        assert_eq!(
            (h.value, h.depth, h.bound, h.hint),
            (-1005, 7, Bound::Lower, Some((3, 12)))
        );
        // Another key in the same slot is not a hit.
        let mut other = Key(k.0 ^ (1 << 70));
        while (other.hash() ^ k.hash()) & 15 != 0 {
            other.0 += 1 << 64;
        }
        assert_eq!(t.probe(other), None);
        t.clear();
        assert_eq!(t.probe(k), None);
    }
}
