//! The world (WIDTH × HEIGHT places, row-major, row 0 at the top) and the
//! relations between its places: which neighbour lies in each direction.

use crate::dir::Dir;
use crate::error::SetupError;
use std::collections::VecDeque;

/// A place: `row * WIDTH + col`, 0 to `WORLD_SIZE - 1`.
pub type Place = u16;

/// The longest side of a world.
pub const MAX_SIDE: u16 = 40;

/// The most places of a world (`MAX_SIDE²`).
pub const MAX_PLACES: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// The distance of a place no path reaches.
pub const UNREACHABLE: u16 = u16::MAX;

/// The places: `width` columns, `height` rows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct World {
    width: u16,
    height: u16,
}

impl World {
    /// A world of `width` columns and `height` rows, each 2 to [`MAX_SIDE`].
    pub fn new(width: u16, height: u16) -> Result<World, SetupError> {
        for (what, n) in [("width", width), ("height", height)] {
            if !(2..=MAX_SIDE).contains(&n) {
                return Err(SetupError::Size { what, n });
            }
        }
        Ok(World { width, height })
    }

    /// Columns (`WIDTH`).
    pub fn width(self) -> u16 {
        self.width
    }

    /// Rows (`HEIGHT`).
    pub fn height(self) -> u16 {
        self.height
    }

    /// `WORLD_SIZE`, the number of places.
    pub fn size(self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// The place at `row`, `col`, if inside.
    pub fn place(self, row: i32, col: i32) -> Option<Place> {
        let inside =
            (0..i32::from(self.height)).contains(&row) && (0..i32::from(self.width)).contains(&col);
        inside.then(|| (row * i32::from(self.width) + col) as Place)
    }

    /// The row of `p`.
    pub fn row(self, p: Place) -> i32 {
        i32::from(p / self.width)
    }

    /// The column of `p`.
    pub fn col(self, p: Place) -> i32 {
        i32::from(p % self.width)
    }

    /// Whether `p` is a place of this world.
    pub fn contains(self, p: u32) -> bool {
        (p as usize) < self.size()
    }
}

game_core::named_enum! {
    /// How places are related: which neighbour lies in which direction.
    ///
    /// Declared in the order of their numbers (`init_neighbors`'s seed) and
    /// named as on the command line and the wire.
    #[derive(
        Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
    )]
    #[serde(rename_all = "kebab-case")]
    pub enum Relation {
        /// The square grid, four neighbours (E, N, W, S).
        Square4 => "square4",
        /// The square grid with its diagonals, eight neighbours.
        Square8 => "square8",
        /// The triangular lattice: the square grid plus the NE–SW diagonal,
        /// six neighbours in three straight lines, so that jumps work in every
        /// direction (facts §5.2, family B).
        Triangular => "triangular",
        /// Hexagonal cells in offset rows, odd rows shifted half a cell right:
        /// E, W and the four diagonals, no N or S (facts §5.2, family C).
        Hex => "hex",
    }
}

impl Relation {
    /// The neighbour of (`row`, `col`) in direction `d` on an unbounded
    /// grid, if the relation has that direction there.
    fn step(self, row: i32, col: i32, d: Dir) -> Option<(i32, i32)> {
        let (dr, dc) = d.offset();
        match self {
            Relation::Square4 if !d.is_cardinal() => None,
            Relation::Triangular if matches!(d, Dir::SEast | Dir::NWest) => None,
            Relation::Square4 | Relation::Square8 | Relation::Triangular => {
                Some((row + dr, col + dc))
            }
            Relation::Hex => match d {
                Dir::North | Dir::South => None,
                Dir::East | Dir::West => Some((row, col + dc)),
                // Odd rows sit half a cell to the right: their NE and SE
                // neighbours are one column right, their NW and SW in
                // their own column; even rows the other way round.
                _ => {
                    let odd = row.rem_euclid(2) == 1;
                    let c = match (odd, dc > 0) {
                        (true, true) => col + 1,
                        (true, false) | (false, true) => col,
                        (false, false) => col - 1,
                    };
                    Some((row + dr, c))
                }
            },
        }
    }
}

/// The neighbours of every place under one relation, computed once.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Neighbours {
    world: World,
    relation: Relation,
    /// Per place, per direction (in [`Dir::ALL`] order): the neighbour, or
    /// `u16::MAX`.
    table: Vec<[u16; 8]>,
}

const NONE: u16 = u16::MAX;

impl Neighbours {
    /// The table of `relation` on `world`.
    pub fn new(world: World, relation: Relation) -> Neighbours {
        let table = (0..world.size() as Place)
            .map(|p| {
                let mut row = [NONE; 8];
                for d in Dir::ALL {
                    if let Some((r, c)) = relation.step(world.row(p), world.col(p), d) {
                        if let Some(n) = world.place(r, c) {
                            row[d.index()] = n;
                        }
                    }
                }
                row
            })
            .collect();
        Neighbours {
            world,
            relation,
            table,
        }
    }

    /// The world.
    pub fn world(&self) -> World {
        self.world
    }

    /// The relation.
    pub fn relation(&self) -> Relation {
        self.relation
    }

    /// The neighbour of `p` in direction `d` (`get_neighbor`); `None` if
    /// there is none or `p` is not a place.
    #[inline]
    pub fn get(&self, p: Place, d: Dir) -> Option<Place> {
        let n = *self.table.get(usize::from(p))?.get(d.index())?;
        (n != NONE).then_some(n)
    }

    /// The neighbours of `p` in the order of `get_neighbors`: by increasing
    /// direction value (SEAST, SOUTH, SWEST, WEST, EAST, NEAST, NORTH,
    /// NWEST), absent ones skipped; none if `p` is not a place.
    pub fn of(&self, p: Place) -> impl Iterator<Item = (Dir, Place)> + '_ {
        let row = self.table.get(usize::from(p));
        Dir::ALL.into_iter().filter_map(move |d| {
            let n = row?[d.index()];
            (n != NONE).then_some((d, n))
        })
    }

    /// The distances, in simple moves under this relation, from the
    /// nearest of `sources` to every place ([`UNREACHABLE`] where no path
    /// goes).
    pub fn distances(&self, sources: impl IntoIterator<Item = Place>) -> Vec<u16> {
        let mut dist = vec![UNREACHABLE; self.world.size()];
        let mut queue = VecDeque::new();
        for s in sources {
            if dist[usize::from(s)] != 0 {
                dist[usize::from(s)] = 0;
                queue.push_back(s);
            }
        }
        while let Some(p) = queue.pop_front() {
            let next = dist[usize::from(p)] + 1;
            for &n in &self.table[usize::from(p)] {
                if n != NONE && dist[usize::from(n)] == UNREACHABLE {
                    dist[usize::from(n)] = next;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// The places in order of their distance from `from`, ties by index,
    /// with their distances; places no path reaches are left out.
    pub fn nearest(&self, from: Place) -> Vec<(Place, u16)> {
        let dist = self.distances([from]);
        let mut order: Vec<(Place, u16)> = (0..self.world.size() as Place)
            .filter(|&p| dist[usize::from(p)] != UNREACHABLE)
            .map(|p| (p, dist[usize::from(p)]))
            .collect();
        order.sort_by_key(|&(p, d)| (d, p));
        order
    }
}
