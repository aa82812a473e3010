//! Helpers: moves from wire text, games from move lists.

use quarto::{Level, Piece, Position, Square, UncheckedMove, wire};

/// A move from its two wire lines.
pub fn mv(square: &str, gift: &str) -> UncheckedMove {
    UncheckedMove {
        square: wire::parse_square(square).unwrap(),
        gift: wire::parse_piece(gift).unwrap(),
    }
}

/// The position after `moves`, each checked.
pub fn play_all(level: Level, moves: &[(&str, &str)]) -> Position {
    let mut pos = Position::new(level, 0);
    for (i, (a, b)) in moves.iter().enumerate() {
        let m = pos
            .check(&mv(a, b))
            .unwrap_or_else(|e| panic!("move {} ({a} {b}): {e}", i + 1));
        pos.play(m);
    }
    pos
}

/// A full board with no level-1 pattern won, square by square: the
/// pieces of each row, column and diagonal disagree on every attribute.
pub fn draw_board() -> [Piece; 16] {
    // Found by a random search, checked by `the_draw_board_wins_nothing`.
    let n: [u8; 16] = [12, 8, 2, 7, 5, 0, 10, 4, 11, 14, 9, 3, 1, 13, 6, 15];
    n.map(|x| Piece::new(x).unwrap())
}

#[test]
fn the_draw_board_wins_nothing() {
    let mut b = quarto::Board::EMPTY;
    for (s, p) in Square::ALL.into_iter().zip(draw_board()) {
        b.place(s, p);
    }
    assert_eq!(b.pieces().len(), 16);
    assert!(b.won(Level::default()).is_none(), "{b:?}");
}
