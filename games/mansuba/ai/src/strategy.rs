//! The ways our player can play, behind one [`Player`].

use game_core::Rng;
use mansuba::{Action, Place, Position};

use crate::arena::Player;
use crate::baseline;
use crate::search::{Searcher, Settings};

/// A way to play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, clap::ValueEnum)]
pub enum Strategy {
    /// Our AI: search with chance nodes (docs/games/mansuba.md).
    #[default]
    Ai,
    /// The seed's base loop: a random piece, a random move of it.
    Random,
    /// Achievement 4: a random piece, one of its moves closest to a free
    /// start place of an opponent.
    Closer,
}

impl Strategy {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Ai => "ai",
            Strategy::Random => "random",
            Strategy::Closer => "closer",
        }
    }
}

/// A player of one strategy with its own random numbers.
pub struct Bot {
    strategy: Strategy,
    rng: Rng,
    scratch: Vec<Place>,
    searcher: Option<Searcher>,
}

impl Bot {
    /// A player of `strategy`, its random choices from `seed`; the AI
    /// searches with `settings`.
    pub fn new(strategy: Strategy, seed: u64, settings: Settings) -> Bot {
        Bot {
            strategy,
            rng: Rng::new(seed),
            scratch: Vec::new(),
            searcher: (strategy == Strategy::Ai).then(|| Searcher::new(settings)),
        }
    }

    /// Its strategy.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The AI's searcher (its last search's report), for the AI.
    pub fn searcher(&self) -> Option<&Searcher> {
        self.searcher.as_ref()
    }
}

impl Player for Bot {
    fn act(&mut self, pos: &Position) -> Action {
        match self.strategy {
            Strategy::Random => baseline::random(pos, &mut self.rng, &mut self.scratch),
            Strategy::Closer => baseline::closer(pos, &mut self.rng, &mut self.scratch),
            Strategy::Ai => self
                .searcher
                .as_mut()
                .expect("the AI has a searcher")
                .choose(pos, &mut self.rng),
        }
    }
}
