//! The AI's search: alpha-beta over pawn moves and a short list of walls,
//! the leaves valued by the race of the two shortest tours.
//!
//! - **Value.** The side to move finishes after its tour `T_s` of its own
//!   moves, the other after `T_o`; it moves first, so it wins the race when
//!   `T_s <= T_o`. A position is worth `100 (T_o - T_s) + 50` (hundredths
//!   of a move; the 50 is the tempo) plus a little for each wall in hand
//!   (up to three), which can still slow the other down.
//! - **Tours** come from [`Tours`] tables, one per player and per set of
//!   walls, cached: a pawn's move is valued by two lookups; a wall by
//!   tables computed once for its set of walls.
//! - **Walls.** At the root, every wall that covers an edge of the
//!   opponent's shortest tour is tried, and ranked by what it costs the
//!   opponent against what it costs us (a wall no tour of the opponent
//!   crosses cannot lengthen it); the best few, for each side, are the
//!   walls of the search.
//! - **Search.** Negamax alpha-beta, iterative deepening under the move's
//!   deadline (no new iteration past half of it: it would not finish) or a
//!   node budget (reproducible games), a transposition table keyed by
//!   Zobrist hashes of the pawns, their momentum, their visits and the
//!   walls.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use coursidor::{Colour, Dir, Edge, Move, Position, UncheckedMove, Vertex, Wall};
use game_core::Rng;
use game_search::{Bound, Budget, Table};

use crate::tour::{Tours, UNREACHABLE};

/// A won position, before the distance to the win.
const WIN: i32 = 1_000_000;

/// The value of a wall in hand (up to [`WALLS_COUNTED`] of them).
const WALL_IN_HAND: i32 = 15;
/// Walls in hand that count.
const WALLS_COUNTED: u32 = 3;

/// What a search found, for the log and the benchmarks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Report {
    /// Depth completed, in moves.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The value of the move, for the side that made the search.
    pub value: i32,
    /// Our tour and the opponent's before the move.
    pub tours: (u16, u16),
    /// Walls tried at the root (ours).
    pub walls: usize,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth {}, {} nodes, value {}, tours {} v {}, {} walls tried",
            self.depth, self.nodes, self.value, self.tours.0, self.tours.1, self.walls
        )
    }
}

/// Settings of the search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    /// Stop after this many nodes (reproducible games).
    pub max_nodes: Option<u64>,
    /// Deepest iteration.
    pub max_depth: u32,
    /// Walls of each side in the search.
    pub walls: usize,
    /// Keep to the moves every course server accepts (our client library
    /// under other servers): jumps straight over the opponent only, and
    /// walls that keep every vertex reaching what it reached.
    pub compatible: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            max_nodes: None,
            max_depth: 12,
            walls: 8,
            compatible: false,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    depth: u32,
    value: i32,
    bound: Bound,
    best: Option<Move>,
}

/// Random keys for the Zobrist hashes of one layout.
struct Keys {
    pawn: Vec<[u64; 2]>,
    last: [[u64; 7]; 2],
    visited: [[u64; 256]; 2],
    /// Per vertex, per direction: the edge walled (both ends share it).
    edge: Vec<[u64; 6]>,
    walls_left: [[u64; 64]; 2],
    white: u64,
}

impl Keys {
    fn new(pos: &Position) -> Keys {
        let mut rng = Rng::new(0x00c0_5d10_0000_0001);
        let board = pos.board();
        let n = board.vertices();
        let mut edge = vec![[0u64; 6]; n];
        for v in 0..n as Vertex {
            for d in Dir::ALL {
                if let Some(w) = board.neighbour(v, d)
                    && v < w
                {
                    let k = rng.next_u64();
                    edge[usize::from(v)][d.index()] = k;
                    edge[usize::from(w)][d.opposite().index()] = k;
                }
            }
        }
        let mut table = |len: usize| (0..len).map(|_| rng.next_u64()).collect::<Vec<u64>>();
        let pawn: Vec<[u64; 2]> = table(2 * n).chunks(2).map(|c| [c[0], c[1]]).collect();
        let mut fill = |out: &mut [u64]| out.iter_mut().for_each(|x| *x = rng.next_u64());
        let mut last = [[0; 7]; 2];
        let mut visited = [[0; 256]; 2];
        let mut walls_left = [[0; 64]; 2];
        for c in 0..2 {
            fill(&mut last[c]);
            fill(&mut visited[c]);
            fill(&mut walls_left[c]);
        }
        Keys {
            pawn,
            last,
            visited,
            edge,
            walls_left,
            white: rng.next_u64(),
        }
    }

    /// The hash of the walls alone (the key of the tour tables).
    fn walls(&self, pos: &Position) -> u64 {
        pos.walls().iter().fold(0, |h, w| {
            h ^ self.edge[usize::from(w.at())][w.dirs()[0].index()]
                ^ self.edge[usize::from(w.at())][w.dirs()[1].index()]
        })
    }

    /// The hash of the whole position.
    fn position(&self, pos: &Position, walls: u64) -> u64 {
        let mut h = walls;
        for c in Colour::BOTH {
            let i = c.index();
            h ^= self.pawn[usize::from(pos.pawn(c))][i];
            h ^= self.last[i][pos.last_dir(c).map_or(0, |d| usize::from(d.number()))];
            h ^= self.visited[i][usize::from(pos.visited(c))];
            h ^= self.walls_left[i][pos.walls_left(c).min(63) as usize];
        }
        if pos.to_move() == Colour::White {
            h ^= self.white;
        }
        h
    }
}

/// The search, and what it keeps from one move to the next: the tour
/// tables of the sets of walls met, the transposition table.
pub struct Searcher {
    settings: Settings,
    keys: Option<Keys>,
    /// The tour tables met, by the hash of their walls and the colour.
    tables: HashMap<(u64, Colour), Arc<Tours>>,
    tt: Table<Option<Entry>>,
    /// Walls each side may place in the search (by colour).
    candidates: [Vec<Wall>; 2],
    /// The objectives each side had visited at the root.
    base: [u8; 2],
    nodes: u64,
    budget: Budget,
}

/// The reply that places a wall on `at`-`a` and `at`-`b`.
fn wall_move(at: Vertex, a: Vertex, b: Vertex) -> UncheckedMove {
    let edge = |to: Vertex| Edge {
        from: u32::from(at),
        to: u32::from(to),
    };
    UncheckedMove::Wall([edge(a), edge(b)])
}

/// The transposition table holds 2^TT_BITS entries.
const TT_BITS: u32 = 18;
/// Tour tables kept before the cache is emptied.
const MAX_TABLES: usize = 4096;

impl Searcher {
    /// A searcher with these settings.
    pub fn new(settings: Settings) -> Searcher {
        Searcher {
            settings,
            keys: None,
            tables: HashMap::new(),
            tt: Table::new(TT_BITS),
            candidates: [Vec::new(), Vec::new()],
            base: [0; 2],
            nodes: 0,
            budget: Budget::until(Instant::now(), None),
        }
    }

    fn keys(&mut self, pos: &Position) -> &Keys {
        self.keys.get_or_insert_with(|| Keys::new(pos))
    }

    /// The tours of `c` for the walls of `pos` (computed from the
    /// objectives it had visited at the root, valid for every node of the
    /// search and every later position with the same walls).
    pub fn tours(&mut self, pos: &Position, c: Colour) -> Arc<Tours> {
        let key = (self.keys(pos).walls(pos), c);
        if let Some(t) = self.tables.get(&key)
            && pos.visited(c) & t.base() == t.base()
        {
            return Arc::clone(t);
        }
        if self.tables.len() >= MAX_TABLES {
            self.tables.clear();
        }
        let mut t = Tours::new();
        // From the objectives visited at the root: the table serves every
        // node of the search.
        t.compute_from(pos, c, self.base[c.index()] & pos.visited(c));
        let t = Arc::new(t);
        self.tables.insert(key, Arc::clone(&t));
        t
    }

    /// `c`'s tour in `pos`.
    fn tour(&mut self, pos: &Position, c: Colour) -> u16 {
        self.tours(pos, c).of(pos, c)
    }

    /// The value of `pos` for the side to move, without search.
    fn evaluate(&mut self, pos: &Position) -> i32 {
        if let Some(end) = pos.end() {
            return match end.winner {
                // The side to move did not make the last move.
                Some(_) => -WIN,
                None => 0,
            };
        }
        let s = pos.to_move();
        let o = s.other();
        let ts = self.tour(pos, s);
        let to = self.tour(pos, o);
        if ts == UNREACHABLE || to == UNREACHABLE {
            // Never with legal walls; valued as even rather than trusted.
            return 0;
        }
        let walls = |c: Colour| pos.walls_left(c).min(WALLS_COUNTED) as i32;
        (i32::from(to) - i32::from(ts)) * 100 + 50 + WALL_IN_HAND * (walls(s) - walls(o))
    }

    /// The edges of one shortest tour of `c` from `pos`, by the tables
    /// (each as the vertex and the direction it is left by).
    fn tour_edges(tours: &Tours, pos: &Position, c: Colour) -> Vec<(Vertex, Dir)> {
        let layout = pos.layout();
        let start = layout.start(c);
        let full = layout.all_objectives();
        let (mut v, mut last, mut visited) = (pos.pawn(c), pos.last_dir(c), pos.visited(c));
        let mut value = tours.get(v, last, visited);
        let mut edges = Vec::new();
        while value != 0 && value != UNREACHABLE {
            let mut next = None;
            'dirs: for d in Dir::ALL {
                let mut cur = v;
                let mut bits = visited;
                for k in 0..coursidor::max_steps(last, d) {
                    let Some(w) = pos.live(cur, d) else { break };
                    cur = w;
                    bits |= layout.objective_bit(w);
                    let after = if w == start && bits == full {
                        0
                    } else {
                        tours.get(w, Some(d), bits)
                    };
                    if after + 1 == value {
                        next = Some((w, d, bits, k + 1));
                        break 'dirs;
                    }
                }
            }
            let Some((w, d, bits, steps)) = next else {
                break;
            };
            let mut cur = v;
            for _ in 0..steps {
                edges.push((cur, d));
                cur = pos.live(cur, d).expect("on the tour");
            }
            (v, last, visited) = (w, Some(d), bits);
            value -= 1;
        }
        edges
    }

    /// The legal walls of the side to move that cover an edge of the
    /// opponent's shortest tour, best first by what they cost the opponent
    /// against what they cost us, at most `count` (only those that cost the
    /// opponent something); tried until `until`.
    fn wall_candidates(
        &mut self,
        pos: &Position,
        count: usize,
        until: Instant,
    ) -> Vec<(Wall, i32)> {
        let me = pos.to_move();
        if pos.walls_left(me) == 0 || count == 0 {
            return Vec::new();
        }
        let them = me.other();
        let before = (self.tour(pos, me), self.tour(pos, them));
        let theirs = self.tours(pos, them);
        let ours = self.tours(pos, me);
        // A wall off our own shortest tour leaves our tour as it is.
        let our_edges: std::collections::HashSet<(Vertex, Dir)> = Self::tour_edges(&ours, pos, me)
            .into_iter()
            .flat_map(|(v, d)| {
                let w = pos.board().neighbour(v, d).expect("an edge");
                [(v, d), (w, d.opposite())]
            })
            .collect();
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        let board = pos.board();
        for (v, d) in Self::tour_edges(&theirs, pos, them) {
            if Instant::now() >= until {
                break;
            }
            let w = board.neighbour(v, d).expect("an edge");
            for (at, dir) in [(v, d), (w, d.opposite())] {
                for dirs in [[dir, dir.next()], [dir.prev(), dir]] {
                    let (Some(a), Some(b)) =
                        (board.neighbour(at, dirs[0]), board.neighbour(at, dirs[1]))
                    else {
                        continue;
                    };
                    if !seen.insert((at, dirs[0])) {
                        continue;
                    }
                    let Ok(mv @ Move::Wall(wall)) = pos.check(&wall_move(at, a, b)) else {
                        continue;
                    };
                    if self.settings.compatible && !pos.wall_keeps_connections(wall) {
                        continue;
                    }
                    let mut after = pos.clone();
                    after.play(mv);
                    let t_them = self.tour(&after, them);
                    if t_them <= before.1 {
                        continue;
                    }
                    let touches_us = dirs.iter().any(|&x| our_edges.contains(&(at, x)));
                    let t_me = if touches_us {
                        self.tour(&after, me)
                    } else {
                        before.0
                    };
                    let gain = (i32::from(t_them) - i32::from(before.1))
                        - (i32::from(t_me) - i32::from(before.0));
                    out.push((wall, gain));
                }
            }
        }
        out.sort_by_key(|&(_, g)| std::cmp::Reverse(g));
        out.truncate(count);
        out
    }

    /// The moves searched in `pos`: the pawn's moves, best tour first, then
    /// the walls of the side's list still legal here.
    fn moves(&mut self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        pos.legal_steps(out);
        let me = pos.to_move();
        if self.settings.compatible {
            // Straight jumps only (the landing in line with us and the
            // opponent), unless nothing else moves us.
            let board = pos.board();
            let straight = |m: &Move| match m {
                Move::Step(s) => s
                    .over()
                    .is_none_or(|over| board.direction(s.from(), over) == Some(s.dir())),
                Move::Wall(_) => true,
            };
            if out.iter().any(straight) {
                out.retain(straight);
            }
        }
        let tours = self.tours(pos, me);
        out.sort_by_key(|m| match m {
            Move::Step(s) => tours.after(pos, me, s),
            Move::Wall(_) => u16::MAX,
        });
        if pos.walls_left(me) > 0 {
            for &w in &self.candidates[me.index()] {
                let [a, b] = w.ends();
                if let Ok(m) = pos.check(&wall_move(w.at(), a, b)) {
                    out.push(m);
                }
            }
        }
    }

    fn negamax(&mut self, pos: &Position, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if pos.end().is_some() || depth == 0 {
            let v = self.evaluate(pos);
            // Nearer wins are worth more, nearer losses less.
            return if v <= -WIN { v + ply as i32 } else { v };
        }
        let walls = self.keys(pos).walls(pos);
        let key = self.keys(pos).position(pos, walls);
        let mut tt_move = None;
        if let Some(e) = self.tt.get(key).filter(|e| e.key == key) {
            tt_move = e.best;
            if e.depth >= depth && e.bound.cuts(e.value, alpha, beta) {
                return e.value;
            }
        }
        let mut moves = Vec::new();
        self.moves(pos, &mut moves);
        if let Some(t) = tt_move
            && let Some(i) = moves.iter().position(|&m| m == t)
        {
            moves[..=i].rotate_right(1);
        }
        let alpha0 = alpha;
        let mut best = -2 * WIN;
        let mut best_move = None;
        for m in moves {
            let mut child = pos.clone();
            child.play(m);
            let v = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha);
            if self.budget.stopped() {
                return best.max(v);
            }
            if v > best {
                best = v;
                best_move = Some(m);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
            if self.budget.stop(self.nodes) {
                break;
            }
        }
        if !self.budget.stopped() {
            let entry = Entry {
                key,
                depth,
                value: best,
                bound: Bound::of(best, alpha0, beta),
                best: best_move,
            };
            self.tt.set(key, Some(entry));
        }
        best
    }

    /// The best move in `pos` by `deadline`, with what the search found.
    pub fn choose(&mut self, pos: &Position, deadline: Instant) -> (Move, Report) {
        let started = Instant::now();
        self.nodes = 0;
        // A node of Coursidor's is slow (its tours are computed again):
        // the clock is read every 32 of them.
        self.budget = Budget::until(deadline, self.settings.max_nodes).checking_every(32);
        self.base = [pos.visited(Colour::Black), pos.visited(Colour::White)];
        let me = pos.to_move();
        let tours = (self.tour(pos, me), self.tour(pos, me.other()));
        // The walls of the search: ours against the opponent's tour, and
        // the opponent's against ours (as if it were to move), within the
        // first part of the time.
        let count = self.settings.walls;
        let now = Instant::now();
        // Under a node budget (reproducible games) the choice of walls is not
        // cut short by the clock; only the search's stop rule reads it.
        let share = match self.settings.max_nodes {
            Some(_) => std::time::Duration::from_secs(3600),
            None => deadline.saturating_duration_since(now) / 4,
        };
        let ours: Vec<Wall> = self
            .wall_candidates(pos, count, now + share)
            .into_iter()
            .map(|(w, _)| w)
            .collect();
        let mut flipped = pos.clone();
        flipped.set_to_move_unchecked(me.other());
        let theirs: Vec<Wall> = self
            .wall_candidates(&flipped, count, now + 2 * share)
            .into_iter()
            .map(|(w, _)| w)
            .collect();
        let walls = ours.len();
        self.candidates[me.index()] = ours;
        self.candidates[me.other().index()] = theirs;
        let mut moves = Vec::new();
        self.moves(pos, &mut moves);
        let mut best = (moves[0], i32::MIN);
        let mut report = Report {
            depth: 0,
            nodes: 0,
            value: 0,
            tours,
            walls,
        };
        // A win at once needs no search.
        let mut won = pos.clone();
        won.play(moves[0]);
        if won.end().is_some_and(|e| e.winner == Some(me)) {
            report.value = WIN;
            return (moves[0], report);
        }
        for depth in 1..=self.settings.max_depth {
            let mut alpha = -2 * WIN;
            let mut iteration = None;
            for &m in &moves {
                let mut child = pos.clone();
                child.play(m);
                let v = -self.negamax(&child, depth - 1, 1, -2 * WIN, -alpha);
                if self.budget.stopped() {
                    break;
                }
                if v > alpha || iteration.is_none() {
                    alpha = v;
                    iteration = Some((m, v));
                }
            }
            if self.budget.stopped() {
                // A partial iteration counts when a move beat, at this
                // depth, the best of the last one (searched first).
                if let Some((m, v)) = iteration
                    && m != moves[0]
                {
                    best = (m, v);
                }
                break;
            }
            let (m, v) = iteration.expect("a move");
            best = (m, v);
            report.depth = depth;
            // Search the best move first next time.
            if let Some(i) = moves.iter().position(|&x| x == m) {
                moves[..=i].rotate_right(1);
            }
            // Another iteration takes longer than all the ones before:
            // past half the time, it would not finish.
            let half_gone = self.settings.max_nodes.is_none()
                && started.elapsed() * 2 >= deadline.saturating_duration_since(started);
            if v.abs() >= WIN - 1000 || half_gone || self.budget.stop(self.nodes) {
                break;
            }
        }
        report.nodes = self.nodes;
        report.value = best.1;
        (best.0, report)
    }
}
