//! What a player of ours chooses with: its strategy, the AI or a baseline,
//! and the move it chose with what the choice rests on.

/// How a player of ours chooses its moves, in the games whose baselines
/// are a greedy one and a random one (Oust, Quarto): each game's
/// `strategy` module says what its greedy baseline is greedy for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, clap::ValueEnum)]
pub enum Strategy {
    /// The search.
    #[default]
    Ai,
    /// The game's greedy baseline: the best move by a look one move ahead
    /// (ties at random).
    Greedy,
    /// Any legal move, uniformly.
    Random,
}

/// A move chosen, and for the log what the choice rests on: `R`, the
/// search's report; `None` for a baseline that says nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice<M, R> {
    /// The move.
    pub mv: M,
    /// What the choice rests on.
    pub report: Option<R>,
}

impl<M, R> Choice<M, R> {
    /// `mv`, chosen for what `report` says.
    pub fn with(mv: M, report: R) -> Choice<M, R> {
        Choice {
            mv,
            report: Some(report),
        }
    }

    /// `mv`, chosen with nothing to say.
    pub fn bare(mv: M) -> Choice<M, R> {
        Choice { mv, report: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    #[test]
    fn strategies_are_named_in_lower_case_the_ai_first() {
        let names: Vec<String> = Strategy::value_variants()
            .iter()
            .map(|s| s.to_possible_value().unwrap().get_name().to_owned())
            .collect();
        assert_eq!(names, ["ai", "greedy", "random"]);
        assert_eq!(Strategy::default(), Strategy::Ai);
        assert_eq!(Choice::<u8, ()>::bare(3).report, None);
        assert_eq!(Choice::with(3, "depth 2").report, Some("depth 2"));
    }
}
