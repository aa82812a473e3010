//! The player's thinking between messages: the strategy, and what it keeps
//! from one move to the next (our tours, recomputed when a wall changes
//! the board).

use std::fmt;
use std::time::Instant;

use coursidor::{Move, Position};
use game_core::Rng;

use crate::search::{self, Searcher, Settings};
use crate::strategy::{self, Strategy};
use crate::tour::Tours;

/// A chosen move and what the strategy has to say about it.
pub type Choice = game_search::Choice<Move, Report>;

/// What a choice rests on, for the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The tour baseline: our tour after the move, in moves.
    Tour(u16),
    /// The AI's search.
    Search(search::Report),
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Report::Tour(t) => write!(f, "tour {t}"),
            Report::Search(r) => r.fmt(f),
        }
    }
}

/// Chooses moves for one game.
pub struct Thinker {
    strategy: Strategy,
    searcher: Option<Searcher>,
    tours: Tours,
    /// The walls the tours were computed with (`None`: not yet).
    tours_walls: Option<usize>,
}

impl Thinker {
    /// A thinker for `strategy`; `max_nodes` bounds the AI's searches.
    pub fn new(strategy: Strategy, max_nodes: Option<u64>) -> Thinker {
        Thinker {
            strategy,
            searcher: (strategy == Strategy::Ai).then(|| {
                Searcher::new(Settings {
                    max_nodes,
                    ..Settings::default()
                })
            }),
            tours: Tours::new(),
            tours_walls: None,
        }
    }

    /// Our tours for `pos` (recomputed when the walls changed).
    fn tours(&mut self, pos: &Position) -> &Tours {
        let walls = pos.walls().len();
        if self.tours_walls != Some(walls) {
            self.tours.compute(pos, pos.to_move());
            self.tours_walls = Some(walls);
        }
        &self.tours
    }

    /// The move to play in `pos` (our turn), by `deadline`.
    pub fn choose(&mut self, pos: &Position, rng: &mut Rng, deadline: Instant) -> Choice {
        match self.strategy {
            Strategy::Ai => {
                let searcher = self.searcher.as_mut().expect("the AI's searcher");
                let (mv, report) = searcher.choose(pos, deadline);
                Choice::with(mv, Report::Search(report))
            }
            Strategy::Random => Choice::bare(strategy::random(pos, rng)),
            Strategy::Tour => {
                let me = pos.to_move();
                let tours = self.tours(pos);
                let mv = strategy::tour(pos, tours, rng);
                let mut after = pos.clone();
                after.play(mv);
                let tour = if after.end().is_some() {
                    0
                } else {
                    tours.of(&after, me)
                };
                Choice::with(mv, Report::Tour(tour))
            }
        }
    }
}
