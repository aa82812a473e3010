//! Properties of random games: the bit planes and the seed's nibbles agree
//! on every win; the pieces that must not be given are exactly those that
//! win somewhere; every listed move is legal and every legal reply is
//! listed; a game ends by the 17th move.

use proptest::prelude::*;
use quarto::seed_board::SeedBoard;
use quarto::{Level, Move, Piece, PieceSet, Position, Square, UncheckedMove};

/// A random game at `level` from `seed`: the positions it went through.
fn game(level: Level, seed: u64) -> Vec<Position> {
    let mut rng = game_core::Rng::new(seed);
    let mut pos = Position::new(level, 0);
    let mut seen = vec![pos.clone()];
    let mut moves = Vec::new();
    while pos.end().is_none() {
        pos.legal_moves(&mut moves);
        let m = moves[rng.below(moves.len() as u64) as usize];
        pos.play(m);
        seen.push(pos.clone());
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn both_representations_agree_on_every_win(level in 1u8..=4, seed in any::<u64>()) {
        let level = Level::new(level).unwrap();
        for pos in game(level, seed) {
            let seed_board = SeedBoard::of(pos.board());
            prop_assert_eq!(seed_board.won(level), pos.board().won(level).is_some());
            for q in Square::of_mask(pos.board().empty()) {
                for p in pos.available().iter() {
                    prop_assert_eq!(
                        seed_board.wins_at(level, q, p),
                        pos.board().wins_at(level, q, p),
                        "{:?}: {} on {}", pos, p, q
                    );
                }
            }
        }
    }

    #[test]
    fn completers_are_the_pieces_that_win_somewhere(level in 1u8..=4, seed in any::<u64>()) {
        let level = Level::new(level).unwrap();
        for pos in game(level, seed) {
            if pos.end().is_some() {
                continue;
            }
            let b = pos.board();
            let expected = Piece::ALL
                .into_iter()
                .filter(|&p| Square::of_mask(b.empty()).any(|q| b.wins_at(level, q, p)))
                .fold(PieceSet::EMPTY, PieceSet::with_piece);
            prop_assert_eq!(b.completers(level), expected, "{:?}", pos);
            // After each placement of the piece in hand that does not win,
            // the incremental way gives the same.
            let threats = b.threats(level);
            let Some(hand) = pos.hand() else { continue };
            for q in Square::of_mask(b.empty()).filter(|&q| !b.wins_at(level, q, hand)) {
                let mut next = *b;
                next.place(q, hand);
                prop_assert_eq!(b.completers_after(level, &threats, q, hand), next.completers(level));
            }
        }
    }

    #[test]
    fn the_legal_moves_are_the_replies_that_check(level in 1u8..=4, seed in any::<u64>()) {
        let level = Level::new(level).unwrap();
        let mut moves: Vec<Move> = Vec::new();
        for pos in game(level, seed) {
            pos.legal_moves(&mut moves);
            let squares = std::iter::once(None).chain(Square::ALL.map(Some));
            for square in squares {
                for gift in std::iter::once(None).chain(Piece::ALL.map(Some)) {
                    let u = UncheckedMove { square, gift };
                    match pos.check(&u) {
                        Ok(m) => {
                            let listed = moves.contains(&m)
                                || moves.contains(&Move::new_unchecked(square, None));
                            prop_assert!(listed, "{:?}: {} checks but is not listed", pos, u);
                        }
                        Err(_) => prop_assert!(!moves.iter().any(|m| m.to_unchecked() == u)),
                    }
                }
            }
        }
    }

    #[test]
    fn games_end_by_the_seventeenth_move(level in 1u8..=4, seed in any::<u64>()) {
        let level = Level::new(level).unwrap();
        let positions = game(level, seed);
        let last = positions.last().unwrap();
        let end = last.end().unwrap();
        prop_assert!(last.plies() <= 17);
        match end.winner {
            // The winner placed last: the seat that moved at the last ply.
            Some(w) => prop_assert_eq!(u32::from(w), (last.plies() - 1) % 2),
            None => prop_assert_eq!(last.plies(), 17),
        }
    }
}
