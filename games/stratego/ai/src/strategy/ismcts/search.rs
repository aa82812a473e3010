//! Single-observer information-set Monte Carlo tree search (Cowling,
//! Powley and Whitehouse 2012). The tree's nodes are move sequences from
//! our information set; each iteration draws a determinization, descends
//! the tree choosing by UCB among the children legal on that board (each
//! child's bandit counts the iterations it was available in, not its
//! parent's visits), adds one node, scores it with a simple evaluation of
//! its own, and backs the result up the path. No rollout: random playouts
//! of 4 or 12 plies scored worse against peternlewis than the evaluation
//! at the new node (docs/experiments/2026-12-04-ismcts-evaluation.md).

use game_search::Budget;
use stratego::{Board, Move, MoveList, Player, Rank, Square};

use super::determinize::Evidence;
use crate::rng::Rng;

/// The knobs of the search.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// UCB's exploration constant (rewards lie in 0..=1).
    pub exploration: f64,
    /// Evaluation units for which the logistic reaches about 73%.
    pub scale: f64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            exploration: 0.7,
            scale: 60.0,
        }
    }
}

/// The result of one search.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The move chosen: the root's most visited child.
    pub best: Move,
    /// Iterations run.
    pub iterations: u64,
    /// Deepest tree node reached (plies from the root).
    pub depth: u32,
    /// The root's children as (move, visits, mean reward for us), most
    /// visited first.
    pub children: Vec<(Move, u32, f64)>,
}

#[derive(Clone, Debug)]
struct Node {
    mv: Move,
    /// Who played `mv`: the player whose reward this node sums.
    player: Player,
    visits: u32,
    available: u32,
    reward: f64,
    children: Vec<u32>,
}

/// A key for a move: from and to square.
fn key(m: Move) -> usize {
    m.from().index() * Square::COUNT + m.to().index()
}

/// The search's own material scale, in evaluation units.
fn worth(rank: Rank) -> f64 {
    match rank {
        Rank::Marshal => 100.0,
        Rank::General => 75.0,
        Rank::Colonel => 50.0,
        Rank::Major => 35.0,
        Rank::Captain => 25.0,
        Rank::Lieutenant => 18.0,
        Rank::Sergeant => 13.0,
        Rank::Miner => 20.0,
        Rank::Scout => 10.0,
        Rank::Spy => 30.0,
        Rank::Bomb => 8.0,
        Rank::Flag => 0.0,
    }
}

/// Evaluation units per square of distance between a player's nearest
/// mover and the enemy Flag: a pull towards the Flag when nothing is to
/// be taken.
const FLAG_PULL: f64 = 0.6;

/// How far `player`'s nearest mobile piece is from the opponent's Flag
/// (Manhattan distance; 20 without a Flag or a mover).
fn flag_distance(board: &Board, player: Player) -> u32 {
    let Some(flag) = board
        .pieces(player.opponent())
        .find(|&(_, r)| r == Rank::Flag)
        .map(|(s, _)| s)
    else {
        return 20;
    };
    board
        .pieces(player)
        .filter(|&(_, r)| r.can_move())
        .map(|(s, _)| u32::from(s.row().abs_diff(flag.row()) + s.col().abs_diff(flag.col())))
        .min()
        .unwrap_or(20)
}

/// The evaluation of `board` for `me`, as a win chance in 0..=1: material
/// and the approach to the Flags, through a logistic.
pub fn evaluate(board: &Board, me: Player, scale: f64) -> f64 {
    let material = |p: Player| -> f64 {
        Rank::ALL
            .iter()
            .map(|&r| f64::from(board.count(p, r)) * worth(r))
            .sum()
    };
    let them = me.opponent();
    let diff = material(me) - material(them)
        + FLAG_PULL * (f64::from(flag_distance(board, them)) - f64::from(flag_distance(board, me)));
    1.0 / (1.0 + (-diff / scale).exp())
}

/// The search tree of one move.
pub struct Search<'a> {
    evidence: &'a Evidence,
    me: Player,
    params: Params,
    nodes: Vec<Node>,
    /// `stamp[key(m)] == epoch` marks the moves legal at the current node.
    legal_stamp: Vec<u32>,
    /// `stamp[key(m)] == epoch` marks the moves of the current node's children.
    child_stamp: Vec<u32>,
    epoch: u32,
    moves: MoveList,
    path: Vec<u32>,
}

impl<'a> Search<'a> {
    /// A search for `me` to move, over boards drawn from `evidence`.
    pub fn new(evidence: &'a Evidence, me: Player, params: Params) -> Search<'a> {
        Search {
            evidence,
            me,
            params,
            nodes: Vec::new(),
            legal_stamp: vec![0; Square::COUNT * Square::COUNT],
            child_stamp: vec![0; Square::COUNT * Square::COUNT],
            epoch: 0,
            moves: MoveList::new(),
            path: Vec::new(),
        }
    }

    /// Runs iterations until `budget` says stop (each iteration is one of
    /// its nodes) and returns the most visited of our legal moves but the
    /// `forbidden` ones (by the two-square rule), of which there must be one.
    pub fn run(&mut self, forbidden: &[Move], budget: &mut Budget, rng: &mut Rng) -> Outcome {
        let mut root_moves = MoveList::new();
        self.evidence
            .sample(rng)
            .legal_moves(self.me, &mut root_moves);
        root_moves.retain(|m| !forbidden.contains(&m));
        assert!(!root_moves.is_empty(), "a search needs a move to choose");
        self.nodes.clear();
        self.nodes.push(Node {
            mv: root_moves[0],
            player: self.me.opponent(),
            visits: 0,
            available: 0,
            reward: 0.0,
            children: Vec::new(),
        });
        let mut iterations = 0;
        let mut depth = 0;
        // At least one iteration, so that even a spent budget gives a move
        // that was looked at.
        loop {
            depth = depth.max(self.iterate(forbidden, rng));
            iterations += 1;
            if root_moves.len() == 1 || budget.stop(iterations) {
                break;
            }
        }
        let mut children: Vec<(Move, u32, f64)> = self.nodes[0]
            .children
            .iter()
            .map(|&c| {
                let n = &self.nodes[c as usize];
                (n.mv, n.visits, n.reward / f64::from(n.visits.max(1)))
            })
            .collect();
        children.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        let best = children.first().map_or(root_moves[0], |c| c.0);
        Outcome {
            best,
            iterations,
            depth,
            children,
        }
    }

    /// One iteration; returns the depth of the node it added or stopped at.
    fn iterate(&mut self, forbidden: &[Move], rng: &mut Rng) -> u32 {
        let mut board = self.evidence.sample(rng);
        let mut to_move = self.me;
        let mut node = 0usize;
        self.path.clear();
        self.path.push(0);
        // The result for player 0, once known.
        let mut result: Option<f64> = None;
        loop {
            self.moves.clear();
            board.legal_moves(to_move, &mut self.moves);
            if node == 0 {
                self.moves.retain(|m| !forbidden.contains(&m));
            }
            if self.moves.is_empty() {
                result = Some(if to_move == Player::Zero { 0.0 } else { 1.0 });
                break;
            }
            self.epoch += 1;
            let epoch = self.epoch;
            for &m in self.moves.iter() {
                self.legal_stamp[key(m)] = epoch;
            }
            for &c in &self.nodes[node].children {
                self.child_stamp[key(self.nodes[c as usize].mv)] = epoch;
            }
            let untried = self
                .moves
                .iter()
                .filter(|&&m| self.child_stamp[key(m)] != epoch)
                .count();
            let chosen = if untried > 0 {
                let pick = rng.below(untried);
                let mv = *self
                    .moves
                    .iter()
                    .filter(|&&m| self.child_stamp[key(m)] != epoch)
                    .nth(pick)
                    .expect("pick < untried");
                let child = self.nodes.len() as u32;
                self.nodes.push(Node {
                    mv,
                    player: to_move,
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                    children: Vec::new(),
                });
                self.nodes[node].children.push(child);
                child as usize
            } else {
                self.select(node, epoch)
            };
            let mv = self.nodes[chosen].mv;
            let undo = board.make(mv);
            self.path.push(chosen as u32);
            node = chosen;
            if undo.target().is_some_and(|t| t.rank == Rank::Flag) {
                result = Some(if to_move == Player::Zero { 1.0 } else { 0.0 });
                break;
            }
            to_move = to_move.opponent();
            if untried > 0 {
                break;
            }
        }
        let depth = self.path.len() as u32 - 1;
        let r0 = result.unwrap_or_else(|| evaluate(&board, Player::Zero, self.params.scale));
        for &n in &self.path {
            let n = &mut self.nodes[n as usize];
            n.visits += 1;
            n.reward += if n.player == Player::Zero {
                r0
            } else {
                1.0 - r0
            };
        }
        depth
    }

    /// The child of `node` with the best UCB among those legal here (all
    /// of them have been tried), counting one more availability for each.
    fn select(&mut self, node: usize, epoch: u32) -> usize {
        let c = self.params.exploration;
        let mut best = usize::MAX;
        let mut top = f64::NEG_INFINITY;
        for i in 0..self.nodes[node].children.len() {
            let ci = self.nodes[node].children[i] as usize;
            let child = &mut self.nodes[ci];
            if self.legal_stamp[key(child.mv)] != epoch {
                continue;
            }
            child.available += 1;
            let n = f64::from(child.visits.max(1));
            let ucb = child.reward / n + c * (f64::from(child.available).ln() / n).sqrt();
            if ucb > top {
                top = ucb;
                best = ci;
            }
        }
        debug_assert!(best != usize::MAX, "a legal move with no child was untried");
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::position;

    #[test]
    fn the_evaluation_favours_material_and_is_symmetric() {
        let b = position("Flag A0, Marshal B0 / Flag J9, Scout I9");
        let e0 = evaluate(&b, Player::Zero, 60.0);
        let e1 = evaluate(&b, Player::One, 60.0);
        assert!(e0 > 0.8, "{e0}");
        assert!((e0 + e1 - 1.0).abs() < 1e-9, "{e0} + {e1}");
    }

    #[test]
    fn flag_distance_is_from_the_nearest_mover() {
        let b = position("Flag A0, Scout E0, Bomb J5 / Flag J9, Miner A9");
        assert_eq!(flag_distance(&b, Player::Zero), 5 + 9);
        assert_eq!(flag_distance(&b, Player::One), 9);
    }
}
