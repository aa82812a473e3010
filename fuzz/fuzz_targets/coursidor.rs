//! Coursidor on arbitrary bytes: every reply line parses or is refused
//! without panic, and what parses writes back as the same move; then a game
//! driven by the bytes (each byte picks a legal move, or is read as a
//! reply to check) keeps the rules' invariants: what `check` accepts is in
//! the legal moves, a legal move always exists, and pawns never meet.
#![no_main]

use std::sync::Arc;

use coursidor::{Board, Layout, Position, Shape, UncheckedMove, wire};
use game_core::Rng;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for raw in data.split(|&b| b == b'\n') {
        if let Ok(m) = wire::parse_reply(&[raw.to_vec()]) {
            assert_eq!(wire::parse_move(&m.to_string()), Ok(m));
        }
    }
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let shape = [Shape::T, Shape::C, Shape::H][usize::from(pick % 3)];
    let m = [4, 5, 6][usize::from(pick / 3 % 3)];
    let Ok(board) = Board::new(shape, if shape == Shape::H { 6 } else { m }) else {
        return;
    };
    let Ok(layout) = Layout::draw(board, 4, &mut Rng::new(u64::from(pick))) else {
        return;
    };
    let mut pos = Position::new(Arc::new(layout), 0);
    let mut moves = Vec::new();
    for chunk in rest.chunks(5) {
        if pos.end().is_some() {
            break;
        }
        moves.clear();
        pos.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "no legal move");
        // A reply made of the chunk, checked: if accepted, it is listed.
        let n = |i: usize| u32::from(*chunk.get(i).unwrap_or(&0));
        let reply = if n(0) % 2 == 0 {
            UncheckedMove::Step(n(1))
        } else {
            UncheckedMove::Wall([
                coursidor::Edge {
                    from: n(1),
                    to: n(2),
                },
                coursidor::Edge {
                    from: n(1),
                    to: n(3),
                },
            ])
        };
        if let Ok(mv) = pos.check(&reply) {
            assert!(moves.iter().any(|m| m.to_unchecked() == mv.to_unchecked() || matches!((m, mv), (coursidor::Move::Wall(a), coursidor::Move::Wall(b)) if a.swapped() == b)));
        }
        let mv = moves[n(4) as usize % moves.len()];
        pos.play(mv);
        assert_ne!(
            pos.pawn(coursidor::Colour::Black),
            pos.pawn(coursidor::Colour::White)
        );
    }
});
