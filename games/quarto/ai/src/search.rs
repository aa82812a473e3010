//! The search: negamax with alpha-beta over (board, piece in hand), a
//! transposition table on canonical keys, iterative deepening to the end
//! of the game (an exact solve) as far as the time allows.
//!
//! A node is the mover's turn: place the piece in hand, give one of the
//! pieces left. Two rules cut the tree before any search: a placement
//! that wins ends the game (the parent checks it first), and a piece that
//! lets the opponent win at once (one of the board's completers) is never
//! given while another can be; a placement after which every piece left
//! is such a piece loses at the opponent's next placement. So a node is
//! never entered with a winning piece in hand.
//!
//! Values are from the mover's side: a win `WIN + e` where `e` is the
//! number of empty squares left after the winning placement (the sooner
//! the better, and the same whatever the path, so the table needs no
//! adjustment), a loss its negation, a draw 0, and 0 too at the horizon
//! of a search that could not reach the end ("nothing forced"): the
//! search looks for forced results, and among the moves without one
//! prefers those whose replies lose most often (`most_traps`).

use std::time::{Duration, Instant};

use game_search::Budget;
use quarto::{Board, Level, Move, Piece, PieceSet, Position, Square};

use crate::symmetry::{Group, Key};
use crate::tt::{Bound, Table};

/// The value of a win with no empty square left; a win with `e` squares
/// left is worth `WIN + e`.
pub const WIN: i32 = 1000;
const INF: i32 = 30_000;
/// Nodes with this many empty squares or fewer skip the table.
const TT_MIN_EMPTIES: u32 = 6;

/// How to search (the defaults are the player's; the others measure).
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Use the transposition table.
    pub tt: bool,
    /// Key the table by the canonical form (every symmetry); without it,
    /// only complements are folded.
    pub symmetry: bool,
    /// The table holds `2^tt_bits` entries of 16 bytes.
    pub tt_bits: u32,
    /// Stop each search after this many nodes (reproducible games).
    pub max_nodes: Option<u64>,
    /// Among the moves of equal value, prefer those that leave the
    /// opponent the most replies that lose.
    pub traps: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            tt: true,
            symmetry: true,
            tt_bits: 20,
            max_nodes: None,
            traps: true,
        }
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// The move chosen.
    pub best: Move,
    /// Its value.
    pub score: i32,
    /// The depth of the last completed iteration, in placements.
    pub depth: u32,
    /// Whether the value is exact: the game was solved from here.
    pub exact: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl Report {
    /// The value in words: `win in 3 placements` (when the search knows
    /// how soon), `win`, `loss`, `draw` (exact), `not lost within the
    /// depth`.
    pub fn value_words(&self, empties: u32) -> String {
        let distance = |v: i32| empties.checked_sub((v - WIN) as u32).filter(|_| v >= WIN);
        let placements = |d: u32| if d == 1 { "placement" } else { "placements" };
        if self.score >= 1 {
            distance(self.score).map_or("win".to_owned(), |d| {
                format!("win in {d} {}", placements(d))
            })
        } else if self.score <= -1 {
            distance(-self.score).map_or("loss".to_owned(), |d| {
                format!("loss in {d} {}", placements(d))
            })
        } else if self.exact {
            "draw".to_owned()
        } else {
            "no forced result within the depth".to_owned()
        }
    }
}

/// A searcher: its table lives across the moves of a game.
pub struct Searcher {
    level: Level,
    group: &'static Group,
    table: Table,
    settings: Settings,
    nodes: u64,
    budget: Budget,
}

impl Searcher {
    /// A searcher for games at `level`.
    pub fn new(level: Level, settings: Settings) -> Searcher {
        Searcher {
            level,
            group: Group::of(level),
            table: Table::new(if settings.tt { settings.tt_bits } else { 0 }),
            settings,
            nodes: 0,
            budget: Budget::until(Instant::now(), None),
        }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Forgets the table (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    fn key(&self, board: &Board, hand: Piece) -> Key {
        if self.settings.symmetry {
            self.group.key(board, hand)
        } else {
            // Complements folded only: the planes XORed by the hand.
            let occ = board.occupied();
            let mut k = u128::from(occ) << 64;
            for (i, a) in quarto::Attribute::ALL.iter().enumerate() {
                let mut p = board.plane(*a);
                if hand.has(*a) {
                    p ^= occ;
                }
                k |= u128::from(p) << (16 * i);
            }
            Key(k)
        }
    }

    /// The value of placing `hand` on `board` and giving one of `avail`,
    /// searched `depth` placements deep, within (`alpha`, `beta`). `hand`
    /// does not win on `board`.
    pub fn negamax(
        &mut self,
        board: Board,
        hand: Piece,
        avail: PieceSet,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.budget.stop(self.nodes) {
            return 0;
        }
        let e = board.empties();
        if avail.is_empty() {
            // The last placement, which cannot win: a draw.
            return 0;
        }
        // Best case: win at the next own placement (e - 3 left); worst:
        // lose at the opponent's (e - 2 left).
        let most = WIN + e as i32 - 3;
        if alpha >= most {
            return most;
        }
        if depth == 0 {
            // The horizon: nothing forced is known.
            return 0;
        }
        // The depth that solves this node exactly.
        let full = e - 1;
        let depth = depth.min(full);
        // Near the end the table costs more than it saves.
        let key = (self.settings.tt && e > TT_MIN_EMPTIES).then(|| self.key(&board, hand));
        let mut hint = None;
        if let Some(hit) = key.and_then(|k| self.table.probe(k)) {
            if u32::from(hit.depth) >= depth {
                match hit.bound {
                    Bound::Exact => return hit.value,
                    Bound::Lower if hit.value >= beta => return hit.value,
                    Bound::Upper if hit.value <= alpha => return hit.value,
                    _ => {}
                }
            }
            hint = hit.hint;
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        // Every placement with the board it makes and the gifts it
        // leaves safe; tried in the order: the hint's square, then those
        // that leave the fewest safe gifts (the most pressure on the
        // opponent), a placement without any (a loss) last.
        let mut placements = [(Square::ALL[0], Board::EMPTY, PieceSet::EMPTY); 16];
        let mut count = 0;
        let threats = board.threats(self.level);
        for s in Square::of_mask(board.empty()) {
            let mut next = board;
            next.place(s, hand);
            let completers = board.completers_after(self.level, &threats, s, hand);
            placements[count] = (s, next, avail & !completers);
            count += 1;
        }
        let hint_square = hint.map(|h| h.0);
        placements[..count].sort_unstable_by_key(|&(s, _, safe)| {
            let rank = if Some(s.index() as u8) == hint_square {
                0
            } else if safe.is_empty() {
                17
            } else {
                safe.len()
            };
            (rank, s.index())
        });
        'squares: for &(s, next, safe) in &placements[..count] {
            if safe.is_empty() {
                // Every piece left wins for the opponent.
                let v = -(WIN + e as i32 - 2);
                if v > best {
                    best = v;
                    best_move = Some((
                        s.index() as u8,
                        avail.iter().next().map_or(0, Piece::number),
                    ));
                }
                continue;
            }
            let hint_gift = hint
                .and_then(|h| Piece::new(h.1))
                .filter(|&g| safe.contains(g));
            let mut gifts = [Piece::ALL[0]; 16];
            let mut ng = 0;
            for g in safe.iter() {
                gifts[ng] = g;
                ng += 1;
            }
            gifts[..ng].sort_unstable_by_key(|&g| Some(g) != hint_gift);
            for &g in &gifts[..ng] {
                let v = -self.negamax(
                    next,
                    g,
                    avail.without(g),
                    depth - 1,
                    -beta,
                    -alpha.max(best),
                );
                if self.budget.stopped() {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_move = Some((s.index() as u8, g.number()));
                    if v >= beta {
                        break 'squares;
                    }
                }
            }
        }
        alpha = alpha.max(best);
        if let Some(k) = key {
            let bound = if best >= beta {
                Bound::Lower
            } else if alpha > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.store(k, best, depth as u8, bound, best_move);
        }
        best
    }

    /// Our value of root move `m` (a placement and a gift), its child
    /// searched `depth` placements deep within (`alpha`, `beta`).
    #[allow(clippy::too_many_arguments)]
    fn root_child(
        &mut self,
        board: &Board,
        hand: Piece,
        avail: PieceSet,
        m: Move,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let (s, g) = (m.square().expect("placed"), m.gift().expect("given"));
        let mut next = *board;
        next.place(s, hand);
        -self.negamax(next, g, avail.without(g), depth, -beta, -alpha)
    }

    /// Chooses a move in `pos` (not over) by `deadline`.
    ///
    /// Iterative deepening: each iteration classifies every root move as a
    /// win, a loss or neither within its depth, with the narrow window
    /// (-1, 1) (so a search stops at the first win or refutation it finds);
    /// the last iteration reaches the end of the game, and then the classes
    /// are exact. A win is played at once. Among the moves that do not
    /// lose, the one whose opponent's replies (with a safe gift) lose most
    /// often; if every move loses, the slowest loss.
    pub fn search(&mut self, pos: &Position, deadline: Instant) -> Report {
        let start = Instant::now();
        self.budget = Budget::new(start, deadline, Duration::ZERO, self.settings.max_nodes);
        self.nodes = 0;
        let done = |best: Move, score: i32, depth: u32, exact: bool, nodes: u64| Report {
            best,
            score,
            depth,
            exact,
            nodes,
            elapsed: start.elapsed(),
        };
        let avail = pos.available();
        let Some(hand) = pos.hand() else {
            // The first gift: on the empty board every piece is every other
            // one after a complement, so any will do.
            let g = avail.iter().next().expect("sixteen pieces");
            return done(Move::new_unchecked(None, Some(g)), 0, 0, false, 0);
        };
        let board = *pos.board();
        let e = board.empties();
        // A win now.
        if let Some(s) =
            Square::of_mask(board.empty()).find(|&s| board.wins_at(self.level, s, hand))
        {
            return done(
                Move::new_unchecked(Some(s), None),
                WIN + e as i32 - 1,
                1,
                true,
                1,
            );
        }
        // The root moves: every placement with every safe gift; a
        // placement without one loses at once.
        let mut roots: Vec<Move> = Vec::new();
        let mut losing = None;
        for s in Square::of_mask(board.empty()) {
            let mut next = board;
            next.place(s, hand);
            if avail.is_empty() {
                return done(Move::new_unchecked(Some(s), None), 0, 1, true, 1);
            }
            let safe = avail & !next.completers(self.level);
            if safe.is_empty() {
                losing.get_or_insert(Move::new_unchecked(Some(s), avail.iter().next()));
            }
            roots.extend(safe.iter().map(|g| Move::new_unchecked(Some(s), Some(g))));
        }
        if roots.is_empty() {
            let m = losing.expect("a placement");
            return done(m, -(WIN + e as i32 - 2), 1, true, 1);
        }
        let n = roots.len();
        let mut values = vec![0; n];
        let mut order: Vec<usize> = (0..n).collect();
        let mut depth_done = 0;
        let mut exact = false;
        for depth in 1..e {
            let mut vals = vec![0; n];
            for &i in &order {
                let v = self.root_child(&board, hand, avail, roots[i], depth - 1, -1, 1);
                if self.budget.stopped() {
                    break;
                }
                if v >= 1 {
                    // A forced win: play it.
                    return done(roots[i], v, depth, true, self.nodes);
                }
                vals[i] = v;
            }
            if self.budget.stopped() {
                break;
            }
            values = vals;
            depth_done = depth;
            // The moves that do not lose first, in their last order.
            order.sort_by_key(|&i| values[i] < 0);
            if depth >= e - 1 || values.iter().all(|&v| v < 0) {
                exact = true;
                break;
            }
        }
        if depth_done == 0 {
            // Not even one placement deep: any safe move.
            return done(roots[order[0]], 0, 0, false, self.nodes);
        }
        if values.iter().all(|&v| v < 0) {
            // Every move loses: the slowest loss, searched exactly.
            let mut best = (roots[order[0]], -INF);
            for &i in &order {
                let v = self.root_child(&board, hand, avail, roots[i], depth_done - 1, -INF, INF);
                if self.budget.stopped() {
                    break;
                }
                if v > best.1 {
                    best = (roots[i], v);
                }
            }
            let score = if best.1 == -INF { -WIN } else { best.1 };
            return done(best.0, score, depth_done, exact, self.nodes);
        }
        let candidates: Vec<Move> = order
            .iter()
            .filter(|&&i| values[i] >= 0)
            .map(|&i| roots[i])
            .collect();
        let mut best = candidates[0];
        if self.settings.traps && candidates.len() > 1 {
            // The opponent's replies are searched as deep as the root
            // moves were, less their two placements.
            let depth = if exact {
                e
            } else {
                depth_done.saturating_sub(2)
            };
            best = self.most_traps(&board, hand, avail, &candidates, depth);
        }
        done(best, 0, depth_done, exact, self.nodes)
    }

    /// Among `candidates` (root moves of equal value), the one whose
    /// opponent's replies with a safe gift lose most often within `depth`
    /// further placements: the greatest share of losing replies, then the
    /// most of them. Stops at the deadline with the best found so far.
    fn most_traps(
        &mut self,
        board: &Board,
        hand: Piece,
        avail: PieceSet,
        candidates: &[Move],
        depth: u32,
    ) -> Move {
        let mut chosen: Option<(Move, u64, u64)> = None;
        for &m in candidates {
            let (s, g) = (m.square().expect("placed"), m.gift().expect("given"));
            let mut next = *board;
            next.place(s, hand);
            let left = avail.without(g);
            let (mut losing, mut replies) = (0u64, 0u64);
            for s2 in Square::of_mask(next.empty()) {
                let mut after = next;
                after.place(s2, g);
                if left.is_empty() {
                    replies += 1;
                    continue;
                }
                let safe = left & !after.completers(self.level);
                for g2 in safe.iter() {
                    replies += 1;
                    // Does the reply lose for the opponent: do we win,
                    // to move after it?
                    let v = self.negamax(after, g2, left.without(g2), depth, 0, 1);
                    if self.budget.stopped() {
                        return chosen.map_or(candidates[0], |c| c.0);
                    }
                    if v >= 1 {
                        losing += 1;
                    }
                }
            }
            let better = chosen.is_none_or(|(_, bl, br)| {
                let (a, b) = (losing * br.max(1), bl * replies.max(1));
                a > b || a == b && losing > bl
            });
            if better {
                chosen = Some((m, losing, replies));
            }
        }
        chosen.map_or(candidates[0], |c| c.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_words() {
        let r = Report {
            best: Move::new_unchecked(None, Piece::new(0)),
            score: WIN + 5,
            depth: 3,
            exact: true,
            nodes: 1,
            elapsed: Duration::ZERO,
        };
        assert_eq!(r.value_words(8), "win in 3 placements");
        assert_eq!(
            Report {
                score: WIN + 7,
                ..r
            }
            .value_words(8),
            "win in 1 placement"
        );
        assert_eq!(
            Report {
                score: -(WIN + 4),
                ..r
            }
            .value_words(8),
            "loss in 4 placements"
        );
        assert_eq!(Report { score: 0, ..r }.value_words(8), "draw");
        assert_eq!(Report { score: 1, ..r }.value_words(8), "win");
        assert_eq!(
            Report {
                score: 0,
                exact: false,
                ..r
            }
            .value_words(8),
            "no forced result within the depth"
        );
    }
}
