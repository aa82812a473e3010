//! The eight directions, with the values of the course's `enum dir_t`
//! (`geometry.h`): opposite directions are opposite integers, the
//! cardinal ones are odd, the diagonals even.

game_core::named_enum! {
    /// A direction from a place to a neighbour, declared in the order of a
    /// neighbour list (`get_neighbors`), by increasing value, -4 to 4, and
    /// named as `dir_t`'s values (`EAST`, `NEAST`...).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
    #[repr(i8)]
    pub enum Dir {
        /// South-east, -4.
        SEast = -4 => "SEAST",
        /// South, -3.
        South = -3 => "SOUTH",
        /// South-west, -2.
        SWest = -2 => "SWEST",
        /// West, -1.
        West = -1 => "WEST",
        /// East, 1.
        East = 1 => "EAST",
        /// North-east, 2.
        NEast = 2 => "NEAST",
        /// North, 3.
        North = 3 => "NORTH",
        /// North-west, 4.
        NWest = 4 => "NWEST",
    }
}

impl Dir {
    /// The four cardinal directions (E, N, W, S), in neighbour order.
    pub const CARDINAL: [Dir; 4] = [Dir::South, Dir::West, Dir::East, Dir::North];

    /// The four diagonals, in neighbour order.
    pub const DIAGONAL: [Dir; 4] = [Dir::SEast, Dir::SWest, Dir::NEast, Dir::NWest];

    /// The value of `dir_t`.
    pub fn value(self) -> i8 {
        self as i8
    }

    /// The direction of a `dir_t` value; `None` for 0 (`NO_DIR`) and values
    /// out of -4..=4.
    pub fn from_value(v: i8) -> Option<Dir> {
        Some(match v {
            -4 => Dir::SEast,
            -3 => Dir::South,
            -2 => Dir::SWest,
            -1 => Dir::West,
            1 => Dir::East,
            2 => Dir::NEast,
            3 => Dir::North,
            4 => Dir::NWest,
            _ => return None,
        })
    }

    /// The opposite direction (the opposite value).
    pub fn opposite(self) -> Dir {
        Dir::from_value(-self.value()).expect("-d is a direction")
    }

    /// Whether it is E, N, W or S (an odd value).
    pub fn is_cardinal(self) -> bool {
        self.value() % 2 != 0
    }

    /// Its position in [`Dir::ALL`], 0 to 7.
    pub fn index(self) -> usize {
        let v = self.value();
        if v < 0 {
            (v + 4) as usize
        } else {
            (v + 3) as usize
        }
    }

    /// Rows and columns moved on the square grid (row 0 at the top).
    pub fn offset(self) -> (i32, i32) {
        match self {
            Dir::East => (0, 1),
            Dir::NEast => (-1, 1),
            Dir::North => (-1, 0),
            Dir::NWest => (-1, -1),
            Dir::West => (0, -1),
            Dir::SWest => (1, -1),
            Dir::South => (1, 0),
            Dir::SEast => (1, 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_the_skeletons() {
        let values: Vec<i8> = Dir::ALL.iter().map(|d| d.value()).collect();
        assert_eq!(values, [-4, -3, -2, -1, 1, 2, 3, 4]);
        for (i, d) in Dir::ALL.iter().enumerate() {
            assert_eq!(d.index(), i);
            assert_eq!(Dir::from_value(d.value()), Some(*d));
            assert_eq!(d.opposite().value(), -d.value());
            let (r, c) = d.offset();
            assert_eq!(d.opposite().offset(), (-r, -c));
            assert_eq!(d.is_cardinal(), r == 0 || c == 0);
        }
        assert_eq!(Dir::from_value(0), None);
        assert_eq!(Dir::from_value(-10), None);
        assert_eq!(Dir::from_value(5), None);
        assert!(Dir::CARDINAL.iter().all(|d| d.is_cardinal()));
        assert!(Dir::DIAGONAL.iter().all(|d| !d.is_cardinal()));
        assert_eq!(Dir::NEast.to_string(), "NEAST");
    }
}
