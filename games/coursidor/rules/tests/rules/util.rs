//! Helpers: layouts, positions and replies by their wire text.

use std::sync::Arc;

use coursidor::{Board, Edge, Layout, Move, Position, Shape, UncheckedMove};

/// The layout of `shape` `m` with these objectives.
pub fn layout(shape: Shape, m: u32, objectives: &[u32]) -> Arc<Layout> {
    Arc::new(Layout::new(Board::new(shape, m).unwrap(), objectives).unwrap())
}

/// A new game on T `m` with these objectives, no turn limit.
pub fn t(m: u32, objectives: &[u32]) -> Position {
    Position::new(layout(Shape::T, m, objectives), 0)
}

/// `M v`.
pub fn step(v: u32) -> UncheckedMove {
    UncheckedMove::Step(v)
}

/// `W a b c d`.
pub fn wall(a: u32, b: u32, c: u32, d: u32) -> UncheckedMove {
    UncheckedMove::Wall([Edge { from: a, to: b }, Edge { from: c, to: d }])
}

/// Checks and plays `mv`, panicking with the reason if it is illegal.
pub fn play(pos: &mut Position, mv: UncheckedMove) -> coursidor::Outcome {
    let m = pos
        .check(&mv)
        .unwrap_or_else(|e| panic!("{mv} is illegal: {e}"));
    pos.play(m)
}

/// The reason `mv` is illegal, as text.
pub fn why(pos: &Position, mv: UncheckedMove) -> String {
    match pos.check(&mv) {
        Ok(m) => panic!("{mv} is legal: {m:?}"),
        Err(e) => e.to_string(),
    }
}

/// Checks that each move is refused, for the reason given.
pub fn refuses<const N: usize>(pos: &Position, cases: [(UncheckedMove, &str); N]) {
    for (mv, reason) in cases {
        assert_eq!(why(pos, mv), reason, "{mv}");
    }
}

/// The legal walls, as the position lists them.
pub fn walls(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_walls(&mut moves);
    moves
}

/// The destinations of the legal steps, sorted.
pub fn destinations(pos: &Position) -> Vec<u16> {
    let mut moves = Vec::new();
    pos.legal_steps(&mut moves);
    let mut v: Vec<u16> = moves
        .iter()
        .map(|m| match m {
            Move::Step(s) => s.to(),
            Move::Wall(_) => unreachable!(),
        })
        .collect();
    v.sort_unstable();
    v
}
