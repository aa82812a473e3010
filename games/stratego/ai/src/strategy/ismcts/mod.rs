//! `--strategy ismcts`: the independent player, of another search family
//! than the AI: information-set Monte Carlo tree search over
//! determinizations dealt uniformly from what it has seen, scoring each
//! new node with an evaluation of its own. It shares nothing with
//! [`crate::ai`] (evaluation, beliefs, search, setups), so that the AI can
//! be measured against a player it was not built from.
//!
//! - [`determinize`]: the evidence and the uniform deals of hidden ranks;
//! - [`search`]: the tree and the evaluation;
//! - [`setup`]: random setups within a primer's principles.

pub mod determinize;
pub mod search;
pub mod setup;

use std::time::{Duration, Instant};

use game_search::Budget;
use stratego::{Move, MoveResult, Player, Setup, View};

use super::{SearchReport, Strategy};
use crate::rng::Rng;
use determinize::Evidence;
use search::{Params, Search};

/// Time kept back from the deadline for the reply itself.
const MARGIN: Duration = Duration::from_millis(30);

/// The clock is read every this many iterations.
const CHECK_EVERY: u64 = 8;

/// The ISMCTS player.
pub struct IsmctsStrategy {
    rng: Rng,
    max_iterations: Option<u64>,
    params: Params,
    /// Our last three moves, most recent first, for the two-square rule.
    recent: [Option<Move>; 3],
    last: Option<SearchReport>,
}

impl IsmctsStrategy {
    /// A player seeded with `seed`, running at most `max_iterations`
    /// iterations a move if given (the clock still applies).
    pub fn new(seed: u64, max_iterations: Option<u64>) -> IsmctsStrategy {
        IsmctsStrategy {
            rng: Rng::new(seed),
            max_iterations,
            params: Params::default(),
            recent: [None; 3],
            last: None,
        }
    }

    /// The move that would be our fourth in a row between the same two
    /// squares, which the two-square rule forbids where it applies.
    fn forbidden(&self) -> Option<Move> {
        let [Some(a), Some(b), Some(c)] = self.recent else {
            return None;
        };
        (a.from() == b.to() && a.to() == b.from() && c == a).then_some(b)
    }
}

impl Strategy for IsmctsStrategy {
    fn setup(&mut self, me: Player) -> Setup {
        setup::random_setup(me, &mut self.rng)
    }

    fn choose(&mut self, view: &View, deadline: Instant) -> Move {
        let mut budget = Budget::new(Instant::now(), deadline, MARGIN, self.max_iterations)
            .checking_every(CHECK_EVERY);
        let evidence = Evidence::from_view(view);
        let forbidden: Vec<Move> = self.forbidden().into_iter().collect();
        let mut search = Search::new(&evidence, view.me(), self.params);
        let forbidden = if has_other_move(view, &forbidden) {
            forbidden
        } else {
            Vec::new()
        };
        let out = search.run(&forbidden, &mut budget, &mut self.rng);
        self.last = Some(SearchReport {
            depth: out.depth as i32,
            boards: out.iterations as usize,
            nodes: out.iterations,
            value: out.children.first().map_or(50.0, |c| c.2 * 100.0),
            top: out
                .children
                .iter()
                .take(3)
                .map(|c| (c.0, c.2 * 100.0))
                .collect(),
            waiting: None,
            cautious_opponent: false,
            bold_opponent: false,
            settled: false,
            hoping: false,
        });
        out.best
    }

    fn observe_own(&mut self, _view: &View, mv: Move, _result: MoveResult) {
        self.recent = [Some(mv), self.recent[0], self.recent[1]];
    }

    fn report(&self) -> Option<SearchReport> {
        self.last.clone()
    }
}

/// Whether `view` has a legal move of ours besides `forbidden`.
fn has_other_move(view: &View, forbidden: &[Move]) -> bool {
    let mut moves = stratego::MoveList::new();
    view.legal_moves(&mut moves);
    moves.iter().any(|m| !forbidden.contains(m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{self, sq};
    use Player::Zero as Us;
    use stratego::MoveList;

    /// A small position, player 0 to move: a Marshal that can take an
    /// unmoved unknown piece or walk, a Miner, their Flag behind a Bomb.
    fn position() -> View {
        let pieces = "Flag A0, Marshal E4, Miner B1 / Sergeant E5, Flag J9, Bomb I9, Captain F9";
        View::from_board(&testkit::position(pieces), Us, Us, 0, sq("F9").bit())
    }

    #[test]
    fn a_node_budget_gives_a_reproducible_legal_move() {
        let v = position();
        let far = Instant::now() + Duration::from_secs(60);
        let mut legal = MoveList::new();
        v.legal_moves(&mut legal);
        let moves: Vec<Move> = (0..3)
            .map(|_| IsmctsStrategy::new(5, Some(400)).choose(&v, far))
            .collect();
        assert!(legal.contains(&moves[0]), "{} is not legal", moves[0]);
        assert!(moves.iter().all(|&m| m == moves[0]), "{moves:?}");
        let mut s = IsmctsStrategy::new(5, Some(400));
        s.choose(&v, far);
        assert_eq!(s.report().unwrap().nodes, 400);
    }

    #[test]
    fn the_two_square_rule_is_kept_unless_no_other_move_is_left() {
        // The Marshal on E4, walled in by the lake and our Bombs but towards
        // F4, and a Sergeant in a corner with two moves.
        let mut board =
            testkit::position("Flag A0, Sergeant A1, Bomb E3, Bomb E5, Marshal E4 / Flag J9");
        let v = View::from_board(&board, Us, Us, 0, 0);
        let far = Instant::now() + Duration::from_secs(60);
        let wire = |w: &str| v.check(&crate::testkit::mv(w)).unwrap();
        let e4f4 = wire("E4\nS\n1\n");
        let f4e4 = {
            View::from_board(&testkit::position("Flag A0, Marshal F4 /"), Us, Us, 0, 0)
                .check(&crate::testkit::mv("F4\nN\n1\n"))
                .unwrap()
        };
        // After F4-E4, E4-F4, F4-E4 (the last one first), E4-F4 again
        // would be the fourth move between the two squares.
        let shuttled = [Some(f4e4), Some(e4f4), Some(f4e4)];
        let mut chosen = Vec::new();
        for seed in 0..20 {
            let mut s = IsmctsStrategy::new(seed, Some(60));
            s.recent = shuttled;
            assert_eq!(s.forbidden(), Some(e4f4));
            let m = s.choose(&v, far);
            assert_ne!(m, e4f4, "seed {seed} broke the two-square rule");
            chosen.push(m);
        }
        assert!(chosen.iter().all(|m| m.from() == sq("A1")), "{chosen:?}");
        // With the Sergeant gone, the forbidden move is the only one left.
        board.set(sq("A1"), None);
        let v = View::from_board(&board, Us, Us, 0, 0);
        let mut s = IsmctsStrategy::new(1, Some(60));
        s.recent = shuttled;
        assert_eq!(s.choose(&v, far), e4f4);
    }

    #[test]
    fn it_takes_a_revealed_weaker_piece() {
        let board = testkit::position("Flag A0, Colonel E4 / Captain E5, Flag J9, Bomb J8");
        let v = View::from_board(&board, Us, Us, sq("E5").bit(), sq("E5").bit());
        let far = Instant::now() + Duration::from_secs(60);
        for seed in 0..3 {
            let m = IsmctsStrategy::new(seed, Some(3000)).choose(&v, far);
            assert_eq!((m.from(), m.to()), (sq("E4"), sq("E5")), "seed {seed}: {m}");
        }
    }
}
