//! The transposition table: values of canonical positions (one entry
//! serves every symmetric position), with the depth searched and the kind
//! of bound, and the best move found as a hint for move ordering.

use crate::symmetry::Key;

/// What a stored value says.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The value is at least this (a cut-off above beta).
    Lower,
    /// The value is at most this (nothing reached alpha).
    Upper,
}

/// One stored position: 16 bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The low 64 bits of the key.
    lo: u64,
    /// The high 16 bits of the key (the key is 80 bits).
    hi: u16,
    value: i16,
    /// Placements searched below; `u8::MAX` for an empty slot.
    depth: u8,
    /// 0 exact, 1 lower, 2 upper.
    bound: u8,
    /// The best move's square (low nibble) and gift (high nibble), in the
    /// coordinates of the position that stored it; 0xff for none.
    hint: u8,
    _pad: u8,
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
    entries: Vec<Entry>,
    mask: u64,
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Table {
        let empty = Entry {
            depth: u8::MAX,
            hint: u8::MAX,
            ..Entry::default()
        };
        Table {
            entries: vec![empty; 1 << bits],
            mask: (1u64 << bits) - 1,
        }
    }

    fn slot(&self, key: Key) -> usize {
        (key.hash() & self.mask) as usize
    }

    /// The entry of `key`, if stored.
    pub fn probe(&self, key: Key) -> Option<Hit> {
        let e = &self.entries[self.slot(key)];
        if e.depth == u8::MAX || e.lo != key.0 as u64 || e.hi != (key.0 >> 64) as u16 {
            return None;
        }
        Some(Hit {
            value: i32::from(e.value),
            depth: e.depth,
            bound: match e.bound {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            hint: (e.hint != u8::MAX).then_some((e.hint & 0xf, e.hint >> 4)),
        })
    }

    /// Stores a value, replacing what the slot held unless that was
    /// searched deeper for the same key.
    pub fn store(&mut self, key: Key, value: i32, depth: u8, bound: Bound, hint: Option<(u8, u8)>) {
        let slot = self.slot(key);
        let e = &mut self.entries[slot];
        let same = e.lo == key.0 as u64 && e.hi == (key.0 >> 64) as u16 && e.depth != u8::MAX;
        if same && e.depth > depth && bound != Bound::Exact {
            return;
        }
        *e = Entry {
            lo: key.0 as u64,
            hi: (key.0 >> 64) as u16,
            value: value as i16,
            depth,
            bound: match bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            },
            hint: hint.map_or(u8::MAX, |(s, g)| s | g << 4),
            _pad: 0,
        };
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        let empty = Entry {
            depth: u8::MAX,
            hint: u8::MAX,
            ..Entry::default()
        };
        self.entries.fill(empty);
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
        while t.slot(other) != t.slot(k) {
            other.0 += 1 << 64;
        }
        assert_eq!(t.probe(other), None);
        t.clear();
        assert_eq!(t.probe(k), None);
    }
}
