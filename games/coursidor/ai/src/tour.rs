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

use coursidor::{Colour, Dir, Position, Step, Vertex, max_steps};

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
    /// Scratch: the rays of the walls computed.
    rays: Vec<Ray>,
    /// Scratch: the bucket queue.
    buckets: Vec<Vec<u32>>,
}

/// From a vertex in one direction: the vertices 1, 2, 3 steps away through
/// live edges (`len` of them), and the objectives passed to reach each.
#[derive(Clone, Copy, Default, Debug)]
struct Ray {
    to: [Vertex; 3],
    bits: [u8; 3],
    len: u8,
}

impl Tours {
    /// An empty table, to be [`compute`](Self::compute)d.
    pub fn new() -> Tours {
        Tours {
            n: 0,
            objectives: 0,
            base: 0,
            values: Vec::new(),
            rays: Vec::new(),
            buckets: Vec::new(),
        }
    }

    /// The tours of `colour` in `pos` (its walls, its layout), for every
    /// set of objectives that holds those it has visited.
    pub fn compute(&mut self, pos: &Position, colour: Colour) {
        self.compute_from(pos, colour, pos.visited(colour));
    }

    /// The same for every set of objectives that holds `base` (a subset of
    /// what the player has visited: a search computes tables deep in its
    /// tree for every node above).
    pub fn compute_from(&mut self, pos: &Position, colour: Colour, base: u8) {
        let layout = pos.layout();
        let n = layout.board().vertices();
        let k = layout.objectives().len();
        self.n = n;
        self.objectives = k;
        self.base = base;
        let full = layout.all_objectives();
        self.values.clear();
        self.values.resize((1usize << k) * n * MOMENTA, UNREACHABLE);
        let start = usize::from(layout.start(colour));
        // The rays: from each vertex in each direction, the 1 to 3 vertices
        // a move reaches through live edges, and the objectives passed on
        // the way to each.
        self.rays.clear();
        self.rays.resize(n * 6, Ray::default());
        for v in 0..n {
            for d in Dir::ALL {
                let ray = &mut self.rays[v * 6 + d.index()];
                let mut cur = v as Vertex;
                let mut bits = 0;
                for step in 0..3 {
                    let Some(w) = pos.live(cur, d) else { break };
                    cur = w;
                    bits |= layout.objective_bit(w);
                    ray.to[step] = w;
                    ray.bits[step] = bits;
                    ray.len += 1;
                }
            }
        }
        // The steps allowed, by momentum and direction.
        let mut steps = [[0u8; 6]; MOMENTA];
        for (m, row) in steps.iter_mut().enumerate() {
            for d in Dir::ALL {
                row[d.index()] = max_steps(Dir::from_number(m as u8), d) as u8;
            }
        }
        let base = self.base;
        let mut masks: Vec<u8> = (0..=full).filter(|m| m & base == base).collect();
        masks.sort_unstable_by_key(|m| std::cmp::Reverse(m.count_ones()));
        for mask in masks {
            let layer = usize::from(mask) * n * MOMENTA;
            // 1. Each state's best move out of the layer (or to the win):
            // per direction, the best of its first 1, 2, 3 steps, then per
            // momentum the best over what each direction allows it.
            let mut top = 0usize;
            for v in 0..n {
                let mut prefix = [[UNREACHABLE; 3]; 6];
                for (d, row) in prefix.iter_mut().enumerate() {
                    let ray = &self.rays[v * 6 + d];
                    let mut best = UNREACHABLE;
                    let len = usize::from(ray.len);
                    for (step, slot) in row.iter_mut().enumerate().take(len) {
                        let w = usize::from(ray.to[step]);
                        let bits = mask | ray.bits[step];
                        let after = if w == start && bits == full {
                            0
                        } else if bits != mask {
                            self.values[(usize::from(bits) * n + w) * MOMENTA + d + 1]
                        } else {
                            UNREACHABLE
                        };
                        best = best.min(after);
                        *slot = best;
                    }
                }
                for (m, allowed) in steps.iter().enumerate() {
                    let mut best = UNREACHABLE;
                    for d in 0..6 {
                        let reach = usize::from(self.rays[v * 6 + d].len.min(allowed[d]));
                        if reach > 0 {
                            best = best.min(prefix[d][reach - 1]);
                        }
                    }
                    let best = best.saturating_add(1);
                    self.values[layer + v * MOMENTA + m] = best;
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
            for state in 0..n * MOMENTA {
                let val = self.values[layer + state];
                if val != UNREACHABLE && state % MOMENTA != 0 {
                    self.buckets[usize::from(val)].push(state as u32);
                }
            }
            let mut level = 0;
            while level < self.buckets.len() {
                while let Some(state) = self.buckets[level].pop() {
                    let state = state as usize;
                    if usize::from(self.values[layer + state]) != level {
                        continue;
                    }
                    let (w, m) = (state / MOMENTA, state % MOMENTA);
                    // The no-momentum state is no move's landing.
                    if m == 0 || layout.objective_bit(w as Vertex) & !mask != 0 {
                        continue;
                    }
                    let d = Dir::from_number(m as u8).expect("a direction");
                    let back = d.opposite().index();
                    let next = (level + 1) as u16;
                    // Walk back from w against d: the vertices a move along
                    // d of 1, 2, 3 steps came from.
                    let ray = self.rays[w * 6 + back];
                    for step in 0..usize::from(ray.len) {
                        let u = usize::from(ray.to[step]);
                        for (pm, allowed) in steps.iter().enumerate() {
                            if usize::from(allowed[d.index()]) <= step {
                                continue;
                            }
                            let slot = layer + u * MOMENTA + pm;
                            if self.values[slot] > next {
                                self.values[slot] = next;
                                if self.buckets.len() <= usize::from(next) {
                                    self.buckets.resize(usize::from(next) + 1, Vec::new());
                                }
                                self.buckets[usize::from(next)].push((u * MOMENTA + pm) as u32);
                            }
                        }
                        // A longer move passes u: it must be new to nothing.
                        if layout.objective_bit(u as Vertex) & !mask != 0 {
                            break;
                        }
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

    /// The tour of `colour` after its step `s` in `pos`: 0 if the step
    /// wins.
    pub fn after(&self, pos: &Position, colour: Colour, s: &Step) -> u16 {
        let layout = pos.layout();
        let visited = pos.visited(colour) | s.visits();
        if s.to() == layout.start(colour) && visited == layout.all_objectives() {
            0
        } else {
            self.get(s.to(), Some(s.dir()), visited)
        }
    }

    /// The objectives every set of the table holds.
    pub fn base(&self) -> u8 {
        self.base
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
