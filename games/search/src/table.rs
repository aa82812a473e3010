//! A transposition table: a power-of-two number of slots, each found by
//! the low bits of a position's hash. What an entry holds is the game's.

/// What a stored value says of the position's true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Bound {
    /// It is the value.
    #[default]
    Exact,
    /// The value is at least this (the search failed high).
    Lower,
    /// The value is at most this (the search failed low).
    Upper,
}

impl Bound {
    /// The bound of `value`, found with the window (`alpha`, `beta`) as it
    /// was when the node's search began.
    pub fn of<V: PartialOrd>(value: V, alpha: V, beta: V) -> Bound {
        if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `value` of this bound settles the node searched
    /// with the window (`alpha`, `beta`).
    pub fn cuts<V: PartialOrd>(self, value: V, alpha: V, beta: V) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        }
    }
}

/// `2^bits` slots of entries `E`, an empty slot being `E::default()`.
#[derive(Clone, Debug)]
pub struct Table<E> {
    slots: Vec<E>,
    mask: u64,
}

impl<E: Copy + Default> Table<E> {
    /// A table of `2^bits` empty slots.
    pub fn new(bits: u32) -> Table<E> {
        Table {
            slots: vec![E::default(); 1 << bits],
            mask: (1u64 << bits) - 1,
        }
    }

    /// The slot of `hash`.
    #[inline]
    pub fn get(&self, hash: u64) -> E {
        self.slots[(hash & self.mask) as usize]
    }

    /// Writes the slot of `hash`.
    #[inline]
    pub fn set(&mut self, hash: u64, entry: E) {
        self.slots[(hash & self.mask) as usize] = entry;
    }

    /// Empties every slot (a new game).
    pub fn clear(&mut self) {
        self.slots.fill(E::default());
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never: a table has at least one slot.
    pub fn is_empty(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_found_by_the_low_bits() {
        let mut t: Table<u32> = Table::new(4);
        assert_eq!(t.len(), 16);
        t.set(0x13, 7);
        assert_eq!(t.get(0x03), 7);
        assert_eq!(t.get(0x14), 0);
        t.clear();
        assert_eq!(t.get(0x13), 0);
    }

    #[test]
    fn bounds_follow_the_window() {
        assert_eq!(Bound::of(-5, -5, 5), Bound::Upper);
        assert_eq!(Bound::of(5, -5, 5), Bound::Lower);
        assert_eq!(Bound::of(0, -5, 5), Bound::Exact);
        assert!(Bound::Lower.cuts(6, -5, 5));
        assert!(!Bound::Lower.cuts(4, -5, 5));
        assert!(Bound::Upper.cuts(-6, -5, 5));
        assert!(Bound::Exact.cuts(0, -5, 5));
    }
}
