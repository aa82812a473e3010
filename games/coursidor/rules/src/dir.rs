//! The six directions of the triangular lattice, with the course's numbers
//! (`graph.h`: `NW=1, NE=2, E=3, SE=4, SW=5, W=6`).

game_core::named_enum! {
    /// A direction from a vertex to a neighbour, declared in the course's
    /// order.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
    #[repr(u8)]
    pub enum Dir {
        /// North-west: the row above, half a step left.
        NW = 1,
        /// North-east: the row above, half a step right.
        NE = 2,
        /// East: the same row, one step right.
        E = 3,
        /// South-east: the row below, half a step right.
        SE = 4,
        /// South-west: the row below, half a step left.
        SW = 5,
        /// West: the same row, one step left.
        W = 6,
    }
}

impl Dir {
    /// The direction numbered `n` (1 to 6).
    pub const fn from_number(n: u8) -> Option<Dir> {
        match n {
            1..=6 => Some(Dir::ALL[n as usize - 1]),
            _ => None,
        }
    }

    /// Its number, 1 to 6.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// Its index, 0 to 5.
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// The opposite direction (`graph.h`'s `opposite_dir`: NW-SE, NE-SW,
    /// E-W).
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::NW => Dir::SE,
            Dir::NE => Dir::SW,
            Dir::E => Dir::W,
            Dir::SE => Dir::NW,
            Dir::SW => Dir::NE,
            Dir::W => Dir::E,
        }
    }

    /// The next direction counter-clockwise (`graph.h`'s `next_dir`: the
    /// number minus one, NW wrapping to W): E, NE, NW, W, SW, SE, E...
    pub const fn next(self) -> Dir {
        match self {
            Dir::NW => Dir::W,
            Dir::NE => Dir::NW,
            Dir::E => Dir::NE,
            Dir::SE => Dir::E,
            Dir::SW => Dir::SE,
            Dir::W => Dir::SW,
        }
    }

    /// The next direction clockwise (the inverse of [`next`](Self::next)).
    pub const fn prev(self) -> Dir {
        match self {
            Dir::NW => Dir::NE,
            Dir::NE => Dir::E,
            Dir::E => Dir::SE,
            Dir::SE => Dir::SW,
            Dir::SW => Dir::W,
            Dir::W => Dir::NW,
        }
    }

    /// Whether `self` and `other` are consecutive, one the
    /// [`next`](Self::next) of the other (60° apart on this lattice: the
    /// seed's "30°"): the two edges of a wall, and the turns a pawn may make
    /// at speed 2.
    pub const fn consecutive(self, other: Dir) -> bool {
        self.next() as u8 == other as u8 || other.next() as u8 == self as u8
    }

    /// The change of (row, column) one step in this direction makes, in
    /// the axial coordinates of `docs/games/coursidor.md`.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::NW => (-1, 0),
            Dir::NE => (-1, 1),
            Dir::E => (0, 1),
            Dir::SE => (1, 0),
            Dir::SW => (1, -1),
            Dir::W => (0, -1),
        }
    }
}

/// How far a pawn may go in direction `d` after its last step went in
/// `last` (`None`: it has not moved yet): 3 straight on, 2 after a turn of
/// one direction, 1 otherwise.
pub const fn max_steps(last: Option<Dir>, d: Dir) -> u32 {
    match last {
        None => 1,
        Some(l) if l as u8 == d as u8 => 3,
        Some(l) if l.consecutive(d) => 2,
        Some(_) => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_opposites_and_turns_are_the_courses() {
        for d in Dir::ALL {
            assert_eq!(Dir::from_number(d.number()), Some(d));
            assert_eq!(d.opposite().opposite(), d);
            assert_ne!(d.opposite(), d);
            // graph.h: d >= 4 maps to d - 3, else d + 3.
            let n = d.number();
            assert_eq!(d.opposite().number(), if n >= 4 { n - 3 } else { n + 3 });
            // next_dir: d - 1, NW wrapping to W.
            assert_eq!(d.next().number(), if n == 1 { 6 } else { n - 1 });
            assert_eq!(d.next().prev(), d);
            let (dr, dq) = d.delta();
            assert_eq!(d.opposite().delta(), (-dr, -dq));
            assert!(d.consecutive(d.next()) && d.next().consecutive(d));
            assert!(!d.consecutive(d) && !d.consecutive(d.opposite()));
        }
        assert!(Dir::W.consecutive(Dir::NW));
        assert!(!Dir::E.consecutive(Dir::NW));
        assert_eq!(Dir::from_number(0), None);
        assert_eq!(Dir::from_number(7), None);
        // The cycle counter-clockwise from E.
        let mut d = Dir::E;
        let mut cycle = Vec::new();
        for _ in 0..6 {
            cycle.push(d.name());
            d = d.next();
        }
        assert_eq!(cycle, ["E", "NE", "NW", "W", "SW", "SE"]);
    }

    #[test]
    fn momentum_allows_three_straight_two_after_a_turn_one_otherwise() {
        assert_eq!(max_steps(None, Dir::E), 1);
        assert_eq!(max_steps(Some(Dir::E), Dir::E), 3);
        assert_eq!(max_steps(Some(Dir::E), Dir::NE), 2);
        assert_eq!(max_steps(Some(Dir::E), Dir::SE), 2);
        assert_eq!(max_steps(Some(Dir::E), Dir::NW), 1);
        assert_eq!(max_steps(Some(Dir::E), Dir::W), 1);
        assert_eq!(max_steps(Some(Dir::NW), Dir::W), 2);
    }
}
