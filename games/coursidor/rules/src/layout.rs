//! What a game is played on: the board, the two starts, the objectives and
//! the walls each player has.

use game_core::Rng;

use crate::board::{Board, Vertex};
use crate::colour::Colour;
use crate::error::LayoutError;

/// The most objectives a game may have (a player's visits are a bit set).
pub const MAX_OBJECTIVES: usize = 8;

/// The board with its starts and objectives: fixed for the whole game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Layout {
    board: Board,
    starts: [Vertex; 2],
    objectives: Vec<Vertex>,
    /// Per vertex, the bit of its objective (0 for none).
    bits: Vec<u8>,
}

impl Layout {
    /// The layout with these objectives (any order; kept sorted): black
    /// starts on vertex 0, white on the last one; each player has
    /// [`Board::walls_per_player`] walls.
    pub fn new(board: Board, objectives: &[u32]) -> Result<Layout, LayoutError> {
        let last = (board.vertices() - 1) as u32;
        Layout::with_starts(board, [0, last], objectives)
    }

    /// The layout with these starts (black's, white's) and objectives: the
    /// referee always starts the players on 0 and `n-1` ([`Layout::new`]),
    /// but other servers of the course's clients may not.
    pub fn with_starts(
        board: Board,
        starts: [u32; 2],
        objectives: &[u32],
    ) -> Result<Layout, LayoutError> {
        for (i, &s) in starts.iter().enumerate() {
            if !board.contains(s) || starts[1 - i] == s {
                return Err(LayoutError::BadStarts { starts });
            }
        }
        if objectives.is_empty() || objectives.len() > MAX_OBJECTIVES {
            return Err(LayoutError::Count {
                count: objectives.len(),
            });
        }
        let n = board.vertices();
        let mut sorted = Vec::with_capacity(objectives.len());
        for &o in objectives {
            let why = if !board.contains(o) {
                Some("not a vertex of the board")
            } else if starts.contains(&o) {
                Some("a start")
            } else if sorted.contains(&(o as Vertex)) {
                Some("given twice")
            } else {
                None
            };
            if let Some(why) = why {
                return Err(LayoutError::Bad { vertex: o, why });
            }
            sorted.push(o as Vertex);
        }
        sorted.sort_unstable();
        let mut bits = vec![0u8; n];
        for (i, &o) in sorted.iter().enumerate() {
            bits[usize::from(o)] = 1 << i;
        }
        Ok(Layout {
            board,
            starts: starts.map(|s| s as Vertex),
            objectives: sorted,
            bits,
        })
    }

    /// `count` objectives drawn with `rng`, placed symmetrically: with
    /// each objective `v`, its mirror `n-1-v`; an odd count takes the
    /// centre vertex, which only T has. Never on a start.
    pub fn draw(board: Board, count: usize, rng: &mut Rng) -> Result<Layout, LayoutError> {
        if count == 0 || count > MAX_OBJECTIVES {
            return Err(LayoutError::Count { count });
        }
        let n = board.vertices();
        let centre = (n % 2 == 1).then_some((n - 1) / 2);
        if count % 2 == 1 && centre.is_none() {
            return Err(LayoutError::Odd {
                count,
                board: board.name(),
                vertices: n,
            });
        }
        // The vertices 1 .. below the middle, each standing for its pair.
        let mut pairs: Vec<u32> = (1..(n / 2) as u32).collect();
        let room = 2 * pairs.len() + usize::from(centre.is_some());
        if count > room {
            return Err(LayoutError::NoRoom {
                count,
                board: board.name(),
                room,
            });
        }
        let mut chosen = Vec::with_capacity(count);
        for i in 0..count / 2 {
            let j = i + rng.below((pairs.len() - i) as u64) as usize;
            pairs.swap(i, j);
            chosen.push(pairs[i]);
            chosen.push((n - 1) as u32 - pairs[i]);
        }
        if let Some(c) = centre.filter(|_| count % 2 == 1) {
            chosen.push(c as u32);
        }
        Layout::new(board, &chosen)
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The objectives, in increasing order: objective `i` is bit `i` of a
    /// player's visits.
    pub fn objectives(&self) -> &[Vertex] {
        &self.objectives
    }

    /// The objectives whose bits are set in `bits` (a player's visits, a
    /// step's), in increasing order.
    pub fn objectives_in(&self, bits: u8) -> impl Iterator<Item = Vertex> + '_ {
        self.objectives
            .iter()
            .enumerate()
            .filter(move |&(i, _)| bits & (1 << i) != 0)
            .map(|(_, &o)| o)
    }

    /// Every objective's bit set.
    pub fn all_objectives(&self) -> u8 {
        ((1u16 << self.objectives.len()) - 1) as u8
    }

    /// The bit of the objective on `v` (0 if `v` is none).
    #[inline]
    pub fn objective_bit(&self, v: Vertex) -> u8 {
        self.bits[usize::from(v)]
    }

    /// Where `colour` starts (under the referee: black on 0, white on
    /// `n-1`).
    pub fn start(&self, colour: Colour) -> Vertex {
        self.starts[colour.index()]
    }

    /// The walls each player has.
    pub fn walls_per_player(&self) -> u32 {
        self.board.walls_per_player()
    }
}
