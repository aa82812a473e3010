//! The shortest tour of a player: how many moves it needs, at least, to
//! visit every objective it has not visited and come back to its start,
//! under the momentum rule and the walls placed, the opponent's pawn
//! aside (it moves) and without jumps.
//!
//! A [`Tours`] table holds that number for every state of the player's
//! pawn — its vertex, the direction of its last step (its momentum) and
//! the objectives visited — so that a search reads any position's tour in
//! one lookup and recomputes the table only when a wall changes the graph.
//! It is computed backwards, objectives sets from the fullest down: within
//! one set, the moves that visit nothing new form a graph of unit edges,
//! solved by a bucket queue from the values the larger sets give.

use coursidor::{Colour, Dir, Position, Vertex, max_steps};

/// No tour (a state that cannot finish: never, once walls keep every
/// target reachable, for a state the game can reach).
pub const UNREACHABLE: u16 = u16::MAX;

/// Momentum states per vertex: none (before the first move), then the six
/// directions by number.
const MOMENTA: usize = 7;

/// The tours of one player from every state of its pawn, for the walls of
/// one position.
#[derive(Clone, Debug)]
pub struct Tours {
    n: usize,
    objectives: usize,
    /// From this set of visited objectives up (the others are not
    /// computed).
    base: u8,
    values: Vec<u16>,
    /// Scratch: the bucket queue.
    buckets: Vec<Vec<u32>>,
}

impl Tours {
    /// An empty table, to be [`compute`](Self::compute)d.
    pub fn new() -> Tours {
        Tours {
            n: 0,
            objectives: 0,
            base: 0,
            values: Vec::new(),
            buckets: Vec::new(),
        }
    }

    /// The tours of `colour` in `pos` (its walls, its layout), for every
    /// set of objectives that holds those it has visited.
    pub fn compute(&mut self, pos: &Position, colour: Colour) {
        let layout = pos.layout();
        let board = layout.board();
        let n = board.vertices();
        let k = layout.objectives().len();
        self.n = n;
        self.objectives = k;
        self.base = pos.visited(colour);
        let full = layout.all_objectives();
        let size = (1usize << k) * n * MOMENTA;
        self.values.clear();
        self.values.resize(size, UNREACHABLE);
        let start = layout.start(colour);
        let idx = |mask: u8, v: usize, m: usize| (usize::from(mask) * n + v) * MOMENTA + m;
        // Masks from the fullest down, supersets of the base only.
        let base = self.base;
        let mut masks: Vec<u8> = (0..=full).filter(|m| m & base == base).collect();
        masks.sort_unstable_by_key(|m| std::cmp::Reverse(m.count_ones()));
        for mask in masks {
            // 1. Each state's best move out of the layer (or to the win).
            let mut top = 0usize;
            for v in 0..n {
                let v16 = v as Vertex;
                for m in 0..MOMENTA {
                    let last = Dir::from_number(m as u8);
                    let mut best = UNREACHABLE;
                    for d in Dir::ALL {
                        let mut cur = v16;
                        let mut bits = mask;
                        for _ in 0..max_steps(last, d) {
                            let Some(w) = pos.live(cur, d) else { break };
                            cur = w;
                            bits |= layout.objective_bit(w);
                            let after = if w == start && bits == full {
                                0
                            } else if bits != mask {
                                self.values[idx(bits, usize::from(w), d.number().into())]
                            } else {
                                continue;
                            };
                            best = best.min(after.saturating_add(1));
                        }
                    }
                    self.values[idx(mask, v, m)] = best;
                    if best != UNREACHABLE {
                        top = top.max(usize::from(best));
                    }
                }
            }
            // 2. Within the layer: unit moves that visit nothing new,
            // relaxed backwards from the smallest value up.
            if self.buckets.len() <= top + 1 {
                self.buckets.resize(top + 2, Vec::new());
            }
            for v in 0..n {
                for m in 0..MOMENTA {
                    let val = self.values[idx(mask, v, m)];
                    if val != UNREACHABLE {
                        self.buckets[usize::from(val)].push((v * MOMENTA + m) as u32);
                    }
                }
            }
            let mut level = 0;
            while level < self.buckets.len() {
                while let Some(state) = self.buckets[level].pop() {
                    let (w, m) = (state as usize / MOMENTA, state as usize % MOMENTA);
                    if usize::from(self.values[idx(mask, w, m)]) != level || m == 0 {
                        // Stale, or the no-momentum state, which no move
                        // reaches.
                        continue;
                    }
                    let d = Dir::from_number(m as u8).expect("a direction");
                    let next = (level + 1) as u16;
                    // Walk back from w against d: the vertices a move
                    // along d of 1, 2, 3 steps came from.
                    let mut cur = w as Vertex;
                    if layout.objective_bit(cur) & !mask != 0 {
                        continue;
                    }
                    for k in 1..=3u32 {
                        let Some(u) = pos.live(cur, d.opposite()) else {
                            break;
                        };
                        for pm in 0..MOMENTA {
                            if max_steps(Dir::from_number(pm as u8), d) < k {
                                continue;
                            }
                            let slot = idx(mask, usize::from(u), pm);
                            if self.values[slot] > next {
                                self.values[slot] = next;
                                if self.buckets.len() <= usize::from(next) {
                                    self.buckets.resize(usize::from(next) + 1, Vec::new());
                                }
                                self.buckets[usize::from(next)]
                                    .push((usize::from(u) * MOMENTA + pm) as u32);
                            }
                        }
                        // A longer move passes u: it must be new to nothing.
                        if layout.objective_bit(u) & !mask != 0 {
                            break;
                        }
                        cur = u;
                    }
                }
                level += 1;
            }
        }
    }

    /// The moves the tour from this state takes: the pawn on `v` with
    /// momentum `last`, objectives `visited` (a superset of those the table
    /// was computed from).
    #[inline]
    pub fn get(&self, v: Vertex, last: Option<Dir>, visited: u8) -> u16 {
        debug_assert_eq!(visited & self.base, self.base);
        let m = last.map_or(0, |d| usize::from(d.number()));
        self.values[(usize::from(visited) * self.n + usize::from(v)) * MOMENTA + m]
    }

    /// The tour of `colour` in `pos` (the table must be that player's).
    pub fn of(&self, pos: &Position, colour: Colour) -> u16 {
        self.get(pos.pawn(colour), pos.last_dir(colour), pos.visited(colour))
    }
}

impl Default for Tours {
    fn default() -> Tours {
        Tours::new()
    }
}
