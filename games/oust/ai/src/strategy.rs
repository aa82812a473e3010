//! The ways to choose a move ([`Strategy`]): the AI, and the baselines
//! `random` (any legal move) and `greedy` (the largest capture if any,
//! else the placement that leaves the opponent the fewest captures).

use std::time::Instant;

use game_core::Rng;
use oust::{Move, Position};

use crate::search::{self, Report, Settings};

pub use game_search::Strategy;

/// What a strategy chose, and how (for the log): the AI's report.
pub type Choice = game_search::Choice<Move, Report>;

/// Chooses a move in `pos` (not over).
pub fn choose(
    strategy: Strategy,
    pos: &Position,
    rng: &mut Rng,
    deadline: Instant,
    settings: &Settings,
) -> Choice {
    match strategy {
        Strategy::Ai => {
            let r = search::search(pos, deadline, settings);
            Choice::with(r.best, r)
        }
        Strategy::Greedy => Choice::bare(greedy(pos, rng)),
        Strategy::Random => {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            Choice::bare(moves[rng.below(moves.len() as u64) as usize])
        }
    }
}

/// The greedy baseline; ties are broken at random.
pub fn greedy(pos: &Position, rng: &mut Rng) -> Move {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let pick = |best: Vec<Move>, rng: &mut Rng| best[rng.below(best.len() as u64) as usize];
    // The largest capture, by stones removed.
    let mut best: (u16, Vec<Move>) = (0, Vec::new());
    for &m in moves.iter().filter(|m| m.is_capture()) {
        let mut next = pos.clone();
        let taken = next.play_unchecked(m).captured;
        if taken > best.0 {
            best = (taken, vec![m]);
        } else if taken == best.0 {
            best.1.push(m);
        }
    }
    if !best.1.is_empty() {
        return pick(best.1, rng);
    }
    // Else the move that leaves the opponent the fewest captures.
    let mut fewest: (usize, Vec<Move>) = (usize::MAX, Vec::new());
    let mut replies = Vec::new();
    for &m in &moves {
        let mut next = pos.clone();
        next.play_unchecked(m);
        next.legal_moves(&mut replies);
        let n = replies.iter().filter(|r| r.is_capture()).count();
        if n < fewest.0 {
            fewest = (n, vec![m]);
        } else if n == fewest.0 {
            fewest.1.push(m);
        }
    }
    pick(fewest.1, rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use oust::{Colour, Options, UncheckedMove};

    #[test]
    fn greedy_takes_the_largest_capture() {
        // X X . O O . O
        // . . . . . . X
        // At 2 0 black makes a group of 3 and takes the white pair; at 5 1
        // it would take the single stone at 6 0.
        let cells = [1, 1, 0, 2, 2, 0, 2, 0, 0, 0, 0, 0, 0, 1];
        let pos = Position::from_cells(Options { cols: 7, rows: 2 }, &cells, Colour::Black, 0);
        let mut rng = Rng::new(1);
        assert_eq!(
            greedy(&pos, &mut rng),
            pos.check(&UncheckedMove::new(2, 0)).unwrap()
        );
    }

    #[test]
    fn greedy_leaves_the_fewest_captures() {
        // Black to move, no capture: a stone near the white one would give
        // white a capture, one far from it none.
        let mut cells = [0; 16];
        cells[0] = 2;
        let pos = Position::from_cells(Options { cols: 4, rows: 4 }, &cells, Colour::Black, 0);
        let captures_after = |m: Move| {
            let mut next = pos.clone();
            next.play(m);
            let mut replies = Vec::new();
            next.legal_moves(&mut replies);
            replies.iter().filter(|r| r.is_capture()).count()
        };
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let fewest = moves.iter().map(|&m| captures_after(m)).min().unwrap();
        assert_eq!(fewest, 0);
        assert!(moves.iter().any(|&m| captures_after(m) > 0));
        for seed in 0..20 {
            let m = greedy(&pos, &mut Rng::new(seed));
            assert_eq!(captures_after(m), fewest, "seed {seed}: {m:?}");
        }
    }
}
