//! Strategies: how a player sets up and chooses its moves.

mod ai;
mod greedy;
pub mod ismcts;
mod random;

pub use ai::{AiConfig, AiStrategy, MOVE_TIME, REPLY_CAP, REPLY_FINISH, reply_due};
pub use greedy::GreedyStrategy;
pub use ismcts::IsmctsStrategy;
pub use random::{RandomStrategy, full_army};

use std::time::Instant;

use stratego::{Move, MoveResult, Player, Setup, UncheckedMove, View};

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

    /// How the last move was chosen, for strategies that search.
    fn report(&self) -> Option<SearchReport> {
        None
    }
}

/// How a searching strategy chose its last move.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport {
    /// Deepest search completed on every sampled board (plies).
    pub depth: i32,
    /// Boards (determinizations) searched.
    pub boards: usize,
    /// Nodes searched.
    pub nodes: u64,
    /// Value of the chosen move, in evaluation units.
    pub value: f64,
    /// The best few moves with their values, best first.
    pub top: Vec<(Move, f64)>,
    /// The share of recent searches' time spent waiting for a CPU (a loaded
    /// machine), where the kernel says.
    pub waiting: Option<f64>,
    /// Whether the search modelled the opponent as cautious
    /// ([`crate::ai::opponent`]).
    pub cautious_opponent: bool,
    /// Whether that cautious opponent was searched as bold, sending its
    /// strong pieces at our moved ones ([`crate::ai::opponent`]).
    pub bold_opponent: bool,
    /// Whether the boards drawn were settled (nearly all alike), which
    /// lifts the cautious model's depth cap ([`crate::ai::pimc`]).
    pub settled: bool,
    /// Whether every move lost the Flag on every board, so that the
    /// opponent was searched as not knowing where our Flag is.
    pub hoping: bool,
}

impl std::fmt::Display for SearchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "depth {}, {} boards, {} nodes, value {:+.0}",
            self.depth, self.boards, self.nodes, self.value
        )?;
        if let Some(w) = self.waiting.filter(|&w| w >= 0.005) {
            write!(f, ", waiting {:.0}%", w * 100.0)?;
        }
        if self.cautious_opponent {
            f.write_str(if self.bold_opponent {
                ", opponent bold"
            } else {
                ", opponent cautious"
            })?;
            if self.settled {
                f.write_str(", boards settled")?;
            }
        }
        if self.hoping {
            f.write_str(", hoping")?;
        }
        Ok(())
    }
}

/// The strategies a command line can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StrategyName {
    /// The AI: setup library, Bayesian beliefs, determinized search.
    Ai,
    /// The heuristic baseline: takes known weaker pieces, avoids known
    /// stronger ones, advances otherwise.
    Greedy,
    /// The independent player: information-set Monte Carlo tree search
    /// with an evaluation of its own (`--max-nodes` counts its iterations).
    Ismcts,
    /// A random valid setup and uniformly random legal moves.
    Random,
}

impl StrategyName {
    /// A strategy of this kind seeded with `seed` (`ai` is used by the AI
    /// only, but for its node budget, which `ismcts` reads too).
    pub fn build(self, seed: u64, ai: AiConfig) -> Box<dyn Strategy> {
        match self {
            StrategyName::Ai => Box::new(AiStrategy::new(seed, ai)),
            StrategyName::Greedy => Box::new(GreedyStrategy::new(seed)),
            StrategyName::Ismcts => Box::new(IsmctsStrategy::new(seed, ai.max_nodes)),
            StrategyName::Random => Box::new(RandomStrategy::new(seed)),
        }
    }
}
