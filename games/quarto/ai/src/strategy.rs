//! The ways to choose a move ([`Strategy`]): the AI, and the baselines
//! `random` (any legal move) and `greedy` (a win at once if any; else a placement and a
//! gift with which the opponent cannot win at once, if any).

use std::time::Instant;

use game_core::Rng;
use quarto::{Move, Position, Square};

use crate::search::{Report, Searcher};

pub use game_search::Strategy;

/// What a strategy chose, and how (for the log): the AI's report.
pub type Choice = game_search::Choice<Move, Report>;

/// Chooses a move in `pos` (not over). `searcher` is the AI's (its table
/// lives across the game).
pub fn choose(
    strategy: Strategy,
    pos: &Position,
    rng: &mut Rng,
    deadline: Instant,
    searcher: &mut Searcher,
) -> Choice {
    match strategy {
        Strategy::Ai => {
            let r = searcher.search(pos, deadline);
            Choice::with(r.best, r)
        }
        Strategy::Greedy => Choice::bare(greedy(pos, rng)),
        Strategy::Random => Choice::bare(random(pos, rng)),
    }
}

/// Any legal move, uniformly (a winning placement counts once).
pub fn random(pos: &Position, rng: &mut Rng) -> Move {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves[rng.below(moves.len() as u64) as usize]
}

/// The greedy baseline: a winning placement if there is one; else, among
/// every placement and gift, one whose gift cannot win at once, if any;
/// uniformly at random among those.
pub fn greedy(pos: &Position, rng: &mut Rng) -> Move {
    let pick = |v: &[Move], rng: &mut Rng| v[rng.below(v.len() as u64) as usize];
    let Some(hand) = pos.hand() else {
        return random(pos, rng);
    };
    let board = pos.board();
    let level = pos.level();
    let wins: Vec<Move> = Square::of_mask(board.empty())
        .filter(|&s| board.wins_at(level, s, hand))
        .map(|s| Move::new_unchecked(Some(s), None))
        .collect();
    if !wins.is_empty() {
        return pick(&wins, rng);
    }
    let mut safe = Vec::new();
    for s in Square::of_mask(board.empty()) {
        let mut next = *board;
        next.place(s, hand);
        let ok = pos.available() & !next.completers(level);
        safe.extend(ok.iter().map(|g| Move::new_unchecked(Some(s), Some(g))));
    }
    if safe.is_empty() {
        return random(pos, rng);
    }
    pick(&safe, rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quarto::{Level, Piece, UncheckedMove};

    fn play(level: Level, moves: &[(&str, &str)]) -> Position {
        let mut pos = Position::new(level, 0);
        for (a, b) in moves {
            let u = UncheckedMove {
                square: quarto::wire::parse_square(a).unwrap(),
                gift: quarto::wire::parse_piece(b).unwrap(),
            };
            pos.play(pos.check(&u).unwrap());
        }
        pos
    }

    #[test]
    fn greedy_wins_at_once() {
        // Column 1 holds tall 4, 5, 6; the player to move holds 13 (tall).
        let pos = play(
            Level::default(),
            &[
                ("-", "4"),
                ("A1", "5"),
                ("B1", "6"),
                ("C1", "8"),
                ("A2", "13"),
            ],
        );
        for seed in 0..10 {
            let m = greedy(&pos, &mut Rng::new(seed));
            assert_eq!(m.square(), Square::parse("D1"));
        }
    }

    #[test]
    fn greedy_never_gives_a_winning_piece_when_it_can_avoid_it() {
        let pos = play(Level::default(), &[("-", "4"), ("A1", "5"), ("B1", "6")]);
        for seed in 0..50 {
            let m = greedy(&pos, &mut Rng::new(seed));
            let mut next = pos.clone();
            next.play(m);
            let g = m.gift().unwrap();
            assert!(
                !next.board().completers(Level::default()).contains(g),
                "{m}"
            );
        }
        // Random does hand them over, sometimes.
        let gave_one = (0..200).any(|seed| {
            let m = random(&pos, &mut Rng::new(seed));
            let mut next = pos.clone();
            next.play(m);
            m.gift()
                .is_some_and(|g: Piece| next.board().completers(Level::default()).contains(g))
        });
        assert!(gave_one);
    }
}
