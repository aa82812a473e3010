//! Strategies: how a player sets up and chooses its moves.

mod random;

pub use random::RandomStrategy;

use std::time::Instant;

use protocol::{Move, MoveResult, Player, Setup, UncheckedMove, View};

/// A way of playing. The session drives it: one setup, then a move each
/// time it is this player's turn, with every observed move reported.
pub trait Strategy {
    /// The 40-piece setup for `me`.
    fn setup(&mut self, me: Player) -> Setup;

    /// A legal move in `view`, where this player is to move and has at
    /// least one legal move. The reply must be ready before `deadline`.
    fn choose(&mut self, view: &View, deadline: Instant) -> Move;

    /// Called after this player's own move and its result were applied to `view`.
    fn observe_own(&mut self, _view: &View, _mv: Move, _result: MoveResult) {}

    /// Called after the opponent's move and its result were applied to `view`.
    fn observe_opponent(&mut self, _view: &View, _mv: UncheckedMove, _result: MoveResult) {}
}
