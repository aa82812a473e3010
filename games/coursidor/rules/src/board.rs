//! The boards: subgraphs of the triangular lattice, numbered row by row
//! from the top, left to right (`docs/games/coursidor.md` draws them).
//!
//! Cells have axial coordinates (row `r`, column `q`): the top row is
//! `r = -(m-1)`, `q` grows to the east, and the hexagonal distance from the
//! centre is `max(|r|, |q|, |r+q|)`. Type T keeps every cell within `m-1`
//! of the centre (a hexagon of side `m`); C the ring of cells at `m-2` or
//! `m-1`; H takes T and removes seven hexagonal holes of side `m/3 - 1`,
//! one at the centre and six at distance `2m/3 - 1` along the six
//! directions.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dir::Dir;
use crate::error::BoardError;

/// A vertex of a board: its number, `0` to `n-1`.
pub type Vertex = u16;

/// No vertex (a missing neighbour).
const NONE: Vertex = Vertex::MAX;

/// The largest `m` a board may have (T 60 has 10,621 vertices).
pub const MAX_SIZE: u32 = 60;

/// The three kinds of board of the course (`graph.h`'s `graph_type_t`:
/// `TRIANGULAR=0, CYCLIC=1, HOLEY=2`).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, clap::ValueEnum, Default,
)]
pub enum Shape {
    /// Triangular: a hexagon of side `m` (`m >= 2`).
    #[default]
    #[value(name = "T")]
    T,
    /// Cyclic: the ring two vertices wide around T's border (`m >= 3`).
    #[value(name = "C")]
    C,
    /// Holed: T with seven holes (`m >= 6`, a multiple of 3).
    #[value(name = "H")]
    H,
}

impl Shape {
    /// Its letter on the command line and the wire.
    pub const fn letter(self) -> char {
        match self {
            Shape::T => 'T',
            Shape::C => 'C',
            Shape::H => 'H',
        }
    }

    /// The shape of letter `c`.
    pub const fn from_letter(c: char) -> Option<Shape> {
        match c {
            'T' => Some(Shape::T),
            'C' => Some(Shape::C),
            'H' => Some(Shape::H),
            _ => None,
        }
    }

    /// Its number in `graph.h` (`graph_type_t`).
    pub const fn number(self) -> u32 {
        match self {
            Shape::T => 0,
            Shape::C => 1,
            Shape::H => 2,
        }
    }

    /// The smallest `m` of this shape.
    pub const fn min_size(self) -> u32 {
        match self {
            Shape::T => 2,
            Shape::C => 3,
            Shape::H => 6,
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The hexagonal distance of cell `(r, q)` from the centre.
const fn hex_dist(r: i32, q: i32) -> i32 {
    let (a, b, c) = (r.abs(), q.abs(), (r + q).abs());
    let ab = if a > b { a } else { b };
    if ab > c { ab } else { c }
}

/// A board: its vertices, their coordinates and their neighbours in each
/// direction. Built once per game and never changed (walls belong to the
/// position).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    shape: Shape,
    size: u32,
    coords: Vec<(i32, i32)>,
    neighbours: Vec<[Vertex; 6]>,
    edges: u32,
    /// The vertex at each cell of the `(2m-1)²` square of coordinates.
    grid: Vec<Vertex>,
}

impl Board {
    /// The board of `shape` with size `m`, or why there is none.
    pub fn new(shape: Shape, m: u32) -> Result<Board, BoardError> {
        if m < shape.min_size() {
            return Err(BoardError::TooSmall {
                shape,
                size: m,
                min: shape.min_size(),
            });
        }
        if m > MAX_SIZE {
            return Err(BoardError::TooLarge { size: m });
        }
        if shape == Shape::H && m % 3 != 0 {
            return Err(BoardError::NotMultipleOf3 { size: m });
        }
        let r = m as i32 - 1;
        let k = m as i32 / 3;
        let holes: Vec<(i32, i32)> = std::iter::once((0, 0))
            .chain(Dir::ALL.iter().map(|d| {
                let (dr, dq) = d.delta();
                (dr * (2 * k - 1), dq * (2 * k - 1))
            }))
            .collect();
        let keep = |row: i32, q: i32| -> bool {
            let d = hex_dist(row, q);
            match shape {
                Shape::T => d <= r,
                Shape::C => d == r || d == r - 1,
                Shape::H => {
                    d <= r
                        && holes
                            .iter()
                            .all(|&(hr, hq)| hex_dist(row - hr, q - hq) > k - 2)
                }
            }
        };
        let side = (2 * r + 1) as usize;
        let mut grid = vec![NONE; side * side];
        let mut coords = Vec::new();
        for row in -r..=r {
            for q in -r..=r {
                if keep(row, q) {
                    grid[(row + r) as usize * side + (q + r) as usize] = coords.len() as Vertex;
                    coords.push((row, q));
                }
            }
        }
        let mut board = Board {
            shape,
            size: m,
            coords,
            neighbours: Vec::new(),
            edges: 0,
            grid,
        };
        let mut edges = 0;
        board.neighbours = (0..board.coords.len())
            .map(|v| {
                let (row, q) = board.coords[v];
                let mut n = [NONE; 6];
                for d in Dir::ALL {
                    let (dr, dq) = d.delta();
                    if let Some(w) = board.at(row + dr, q + dq) {
                        n[d.index()] = w;
                        edges += 1;
                    }
                }
                n
            })
            .collect();
        board.edges = edges / 2;
        Ok(board)
    }

    /// Its shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Its size `m`.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// The number of vertices, `n`.
    pub fn vertices(&self) -> usize {
        self.coords.len()
    }

    /// The number of (undirected) edges.
    pub fn edges(&self) -> u32 {
        self.edges
    }

    /// The walls each player has: the edges divided by 16, rounded up.
    pub fn walls_per_player(&self) -> u32 {
        self.edges.div_ceil(16)
    }

    /// The vertex at row `r`, column `q` (axial coordinates).
    pub fn at(&self, r: i32, q: i32) -> Option<Vertex> {
        let c = self.size as i32 - 1;
        let side = 2 * c + 1;
        if !(-c..=c).contains(&r) || !(-c..=c).contains(&q) {
            return None;
        }
        let v = self.grid[((r + c) * side + q + c) as usize];
        (v != NONE).then_some(v)
    }

    /// The coordinates (row, column) of `v`.
    pub fn coords(&self, v: Vertex) -> (i32, i32) {
        self.coords[usize::from(v)]
    }

    /// Whether `v` is a vertex of this board.
    pub fn contains(&self, v: u32) -> bool {
        (v as usize) < self.coords.len()
    }

    /// The neighbour of `v` in direction `d`, if there is one.
    #[inline]
    pub fn neighbour(&self, v: Vertex, d: Dir) -> Option<Vertex> {
        let w = self.neighbours[usize::from(v)][d.index()];
        (w != NONE).then_some(w)
    }

    /// The direction from `v` to `w`, when they are neighbours.
    pub fn direction(&self, v: Vertex, w: Vertex) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|&d| self.neighbour(v, d) == Some(w))
    }

    /// The degree of `v`.
    pub fn degree(&self, v: Vertex) -> usize {
        self.neighbours[usize::from(v)]
            .iter()
            .filter(|&&w| w != NONE)
            .count()
    }

    /// Every edge once, as `(v, w, d)` with `v < w` and `w` in direction
    /// `d` of `v`, in the order of `v` then of `d`.
    pub fn edge_list(&self) -> impl Iterator<Item = (Vertex, Vertex, Dir)> + '_ {
        (0..self.coords.len() as Vertex).flat_map(move |v| {
            Dir::ALL
                .into_iter()
                .filter_map(move |d| self.neighbour(v, d).filter(|&w| v < w).map(|w| (v, w, d)))
        })
    }

    /// The vertex that the half-turn about the centre maps `v` to: `n-1-v`
    /// on every board (they are centrally symmetric and numbered in
    /// reading order).
    pub fn mirror(&self, v: Vertex) -> Vertex {
        (self.coords.len() - 1 - usize::from(v)) as Vertex
    }

    /// The name of the board as the command line gives it: `T 6`.
    pub fn name(&self) -> String {
        format!("{} {}", self.shape, self.size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_facts_drawings_of_small_boards() {
        let t2 = Board::new(Shape::T, 2).unwrap();
        assert_eq!(
            t2.coords,
            [(-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (1, -1), (1, 0)]
        );
        // "No edge between 1 and 2" (the seed's example).
        assert_eq!(t2.direction(1, 2), None);
        let t6 = Board::new(Shape::T, 6).unwrap();
        let nb = |v: Vertex| -> Vec<(Dir, Vertex)> {
            Dir::ALL
                .into_iter()
                .filter_map(|d| t6.neighbour(v, d).map(|w| (d, w)))
                .collect()
        };
        assert_eq!(nb(0), [(Dir::E, 1), (Dir::SE, 7), (Dir::SW, 6)]);
        assert_eq!(nb(5), [(Dir::SE, 12), (Dir::SW, 11), (Dir::W, 4)]);
        assert_eq!(nb(90), [(Dir::NW, 83), (Dir::NE, 84), (Dir::W, 89)]);
        assert_eq!(t6.coords(45), (0, 0));
    }
}
