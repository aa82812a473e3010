//! The search: negamax alpha-beta with iterative deepening against a
//! deadline, a transposition table, move ordering (the table's move,
//! captures by size, killers, history), capture chains (after a capture
//! the same side moves again: no change of sign, the same window), and a
//! quiescence search over captures at the horizon. Each optimisation can
//! be switched off, for the measurements of `docs/games/oust.md`.

use std::time::{Duration, Instant};

use game_search::{Bound, Budget, Table};
use oust::{Move, Point, Position};

use crate::eval::{Weights, analyse, evaluate, score};
use crate::zobrist;

/// A won game's score (less the plies to reach it).
pub const WIN: i32 = 1_000_000;
const INF: i32 = 2 * WIN;
/// How deep the quiescence search follows a capture chain: captures keep
/// the same side on move, so a chain is one side's sequence of captures;
/// past two the evaluation's capture terms stand in for the rest.
const MAX_QUIESCENCE: u32 = 2;

/// What the search may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    /// The transposition table.
    pub tt: bool,
    /// Move ordering: captures first by size, killers, history.
    pub ordering: bool,
    /// Iterative deepening; without it, one search to `fixed_depth`.
    pub iterative: bool,
    /// The depth searched without iterative deepening.
    pub fixed_depth: u32,
    /// The quiescence search over captures at the horizon.
    pub quiescence: bool,
    /// Stop after this many nodes (for reproducible games), if set.
    pub max_nodes: Option<u64>,
    /// The evaluation.
    pub weights: Weights,
    /// log2 of the number of table entries.
    pub tt_bits: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            tt: true,
            ordering: true,
            iterative: true,
            fixed_depth: 4,
            quiescence: true,
            max_nodes: None,
            weights: Weights::DEFAULT,
            tt_bits: 20,
        }
    }
}

/// What a search found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Report {
    /// The move to play.
    pub best: Move,
    /// Its value for the side to move.
    pub score: i32,
    /// The deepest iteration completed (0: none, the move is the first
    /// of the ordering).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    depth: i16,
    score: i32,
    bound: Bound,
    /// The best move's point, `u16::MAX` for a pass, `u16::MAX - 1` for none.
    best: u16,
}

const NO_MOVE: u16 = u16::MAX - 1;
const PASS: u16 = u16::MAX;

fn code(m: Move) -> u16 {
    m.point().map_or(PASS, |p| p.0)
}

struct Searcher {
    s: Settings,
    tt: Table<Entry>,
    killers: Vec<[u16; 2]>,
    /// History counts by colour and point.
    history: Vec<[u32; 2]>,
    nodes: u64,
    budget: Budget,
}

/// Searches `pos` until `deadline` (or the node limit) and returns the
/// move to play. The position must not be over.
pub fn search(pos: &Position, deadline: Instant, s: &Settings) -> Report {
    let start = Instant::now();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(!moves.is_empty(), "search of a finished game");
    let mut me = Searcher {
        s: *s,
        // Without a table, one slot that is never read.
        tt: Table::new(if s.tt { s.tt_bits } else { 0 }),
        killers: vec![[NO_MOVE; 2]; 256],
        history: vec![[0; 2]; oust::MAX_POINTS],
        nodes: 0,
        budget: Budget::new(start, deadline, Duration::ZERO, s.max_nodes),
    };
    let mut report = Report {
        best: moves[0],
        score: 0,
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    if moves.len() == 1 {
        report.elapsed = start.elapsed();
        return report;
    }
    me.order(pos, &mut moves, NO_MOVE, 0);
    let depths: Vec<u32> = if s.iterative {
        (1..=200).collect()
    } else {
        vec![s.fixed_depth]
    };
    for depth in depths {
        let (best, score, complete) = me.root(pos, &mut moves, depth as i32);
        if let Some(best) = best {
            report.best = best;
            report.score = score;
        }
        if !complete {
            break;
        }
        report.depth = depth;
        // A proven result needs no deeper look.
        if score.abs() > WIN - 1000 {
            break;
        }
    }
    report.nodes = me.nodes;
    report.elapsed = start.elapsed();
    report
}

impl Searcher {
    /// One iteration at the root: the best move (of the moves fully
    /// searched), its score, and whether the iteration completed. The
    /// moves are reordered best first for the next iteration.
    fn root(
        &mut self,
        pos: &Position,
        moves: &mut [Move],
        depth: i32,
    ) -> (Option<Move>, i32, bool) {
        let (mut alpha, beta) = (-INF, INF);
        let mut best: Option<(usize, i32)> = None;
        for (i, &m) in moves.iter().enumerate() {
            let score = self.child(pos, m, depth, 1, alpha, beta);
            if self.budget.stopped() {
                break;
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((i, score));
            }
            alpha = alpha.max(score);
        }
        let complete = !self.budget.stopped();
        match best {
            Some((i, score)) => {
                moves[..=i].rotate_right(1);
                (Some(moves[0]), score, complete)
            }
            None => (None, 0, complete),
        }
    }

    /// The value of playing `m` in `pos`, for the side to move in `pos`.
    fn child(
        &mut self,
        pos: &Position,
        m: Move,
        depth: i32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut next = pos.clone();
        next.play_unchecked(m);
        if next.to_move() == pos.to_move() {
            // A capture: the same side plays on, same sign, same window.
            self.negamax(&next, depth - 1, ply, alpha, beta)
        } else {
            -self.negamax(&next, depth - 1, ply, -beta, -alpha)
        }
    }

    fn terminal(pos: &Position, ply: u32) -> Option<i32> {
        let end = pos.end()?;
        Some(match end.winner {
            None => 0,
            Some(w) if w == pos.to_move() => WIN - ply as i32,
            Some(_) => -WIN + ply as i32,
        })
    }

    fn negamax(&mut self, pos: &Position, depth: i32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.budget.stop(self.nodes) {
            return 0;
        }
        if let Some(score) = Self::terminal(pos, ply) {
            return score;
        }
        if depth <= 0 {
            return if self.s.quiescence {
                self.quiesce(pos, ply, alpha, beta, 0)
            } else {
                evaluate(pos, &self.s.weights)
            };
        }
        let key = zobrist::key(pos);
        let mut tt_move = NO_MOVE;
        if self.s.tt {
            let e = self.tt.get(key);
            if e.key == key {
                tt_move = e.best;
                if i32::from(e.depth) >= depth {
                    let score = from_tt(e.score, ply);
                    if e.bound.cuts(score, alpha, beta) {
                        return score;
                    }
                }
            }
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        self.order(pos, &mut moves, tt_move, ply);
        let alpha0 = alpha;
        let (mut best, mut best_move) = (-INF, moves[0]);
        for &m in &moves {
            let score = self.child(pos, m, depth, ply + 1, alpha, beta);
            if self.budget.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if self.s.ordering && !m.is_capture() {
                    self.remember(pos, m, ply, depth);
                }
                break;
            }
        }
        if self.s.tt {
            let bound = Bound::of(best, alpha0, beta);
            let slot = self.tt.get(key);
            if depth >= i32::from(slot.depth) || slot.key != key {
                let entry = Entry {
                    key,
                    depth: depth as i16,
                    score: to_tt(best, ply),
                    bound,
                    best: code(best_move),
                };
                self.tt.set(key, entry);
            }
        }
        best
    }

    /// At the horizon: the side to move may stop (the evaluation) or go on
    /// capturing, until the position is quiet.
    fn quiesce(&mut self, pos: &Position, ply: u32, mut alpha: i32, beta: i32, qdepth: u32) -> i32 {
        self.nodes += 1;
        if self.budget.stop(self.nodes) {
            return 0;
        }
        if let Some(score) = Self::terminal(pos, ply) {
            return score;
        }
        let g = pos.groups();
        let mut moves = Vec::new();
        let sides = analyse(pos, &g, Some(&mut moves));
        let stand = score(pos, &sides, &self.s.weights);
        if stand >= beta || qdepth >= MAX_QUIESCENCE {
            return stand;
        }
        alpha = alpha.max(stand);
        moves.sort_by_key(|m| match m {
            Move::Capture { size, .. } => std::cmp::Reverse(*size),
            _ => std::cmp::Reverse(0),
        });
        let mut best = stand;
        for m in moves {
            let mut next = pos.clone();
            next.play_unchecked(m);
            // A capture keeps the side on move.
            let score = self.quiesce(&next, ply + 1, alpha, beta, qdepth + 1);
            if self.budget.stopped() {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Orders moves: the table's move, then (with ordering on) captures by
    /// the size of the group they make, killers, and quiet moves by history.
    fn order(&self, pos: &Position, moves: &mut [Move], tt_move: u16, ply: u32) {
        let colour = pos.to_move().seat();
        let killers = self
            .killers
            .get(ply as usize)
            .copied()
            .unwrap_or([NO_MOVE; 2]);
        let ordering = self.s.ordering;
        let score = |m: &Move| -> i64 {
            let c = code(*m);
            if c == tt_move {
                return i64::MAX;
            }
            if !ordering {
                return 0;
            }
            match m {
                Move::Capture { size, .. } => 1 << 40 | i64::from(*size),
                Move::Quiet(p) => {
                    let killer = if killers[0] == c {
                        2
                    } else if killers[1] == c {
                        1
                    } else {
                        0
                    };
                    killer << 32 | i64::from(self.history[p.index()][colour])
                }
                Move::Pass => 0,
            }
        };
        moves.sort_by_cached_key(|m| std::cmp::Reverse(score(m)));
    }

    /// A quiet move that cut off: a killer at this ply, and history.
    fn remember(&mut self, pos: &Position, m: Move, ply: u32, depth: i32) {
        let Some(Point(p)) = m.point() else { return };
        if let Some(k) = self.killers.get_mut(ply as usize)
            && k[0] != p
        {
            k[1] = k[0];
            k[0] = p;
        }
        let h = &mut self.history[usize::from(p)][pos.to_move().seat()];
        *h = h.saturating_add((depth * depth) as u32);
    }
}

/// A score to store: wins relative to this node, not the root.
fn to_tt(score: i32, ply: u32) -> i32 {
    if score > WIN - 1000 {
        score + ply as i32
    } else if score < -WIN + 1000 {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    if score > WIN - 1000 {
        score - ply as i32
    } else if score < -WIN + 1000 {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oust::{Colour, Options, UncheckedMove};

    fn pos(rows: &[&str], to_move: Colour) -> Position {
        let cells: Vec<u8> = rows
            .iter()
            .flat_map(|r| r.split_whitespace())
            .map(|c| match c {
                "X" => 1,
                "O" => 2,
                _ => 0,
            })
            .collect();
        let cols = rows[0].split_whitespace().count() as u8;
        Position::from_cells(
            Options {
                cols,
                rows: rows.len() as u8,
            },
            &cells,
            to_move,
            0,
        )
    }

    fn best(p: &Position, s: &Settings) -> Report {
        search(p, Instant::now() + Duration::from_secs(5), s)
    }

    #[test]
    fn takes_the_last_stone_when_it_can() {
        let p = pos(&["X . O .", ". . . .", ". . . X"], Colour::Black);
        let r = best(&p, &Settings::default());
        let win = p.check(&UncheckedMove::new(1, 0)).unwrap();
        assert_eq!(r.best, win);
        assert!(r.score > WIN - 100, "{r:?}");
    }

    #[test]
    fn finds_a_win_through_a_capture_chain() {
        // Black takes both white stones in one turn: at 2 1 at once (its
        // group of 2 touches both), or at 1 0 then 3 0 (a capture chain).
        let p = pos(&["X . O .", ". . . X", ". . . O"], Colour::Black);
        for s in [
            Settings::default(),
            Settings {
                tt: false,
                ordering: false,
                ..Settings::default()
            },
        ] {
            let r = best(&p, &s);
            assert!(r.score > WIN - 100, "a forced win: {r:?}");
        }
    }

    #[test]
    fn every_switch_still_finds_a_legal_move() {
        let p = Position::new(Options { cols: 5, rows: 5 }, 0);
        for s in [
            Settings {
                tt: false,
                ..Settings::default()
            },
            Settings {
                ordering: false,
                ..Settings::default()
            },
            Settings {
                iterative: false,
                fixed_depth: 2,
                ..Settings::default()
            },
            Settings {
                quiescence: false,
                ..Settings::default()
            },
        ] {
            let r = search(&p, Instant::now() + Duration::from_millis(100), &s);
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            assert!(moves.contains(&r.best));
        }
    }

    #[test]
    fn a_node_limit_makes_the_search_reproducible() {
        let mut p = Position::new(Options { cols: 6, rows: 6 }, 0);
        for (c, r) in [(1, 1), (4, 4), (3, 1), (1, 4)] {
            let m = p.check(&UncheckedMove::new(c, r)).unwrap();
            p.play(m);
        }
        let s = Settings {
            max_nodes: Some(20_000),
            ..Settings::default()
        };
        let a = best(&p, &s);
        let b = best(&p, &s);
        assert_eq!(
            (a.best, a.score, a.depth, a.nodes),
            (b.best, b.score, b.depth, b.nodes)
        );
    }
}
