//! What the unit tests share: squares, positions and moves written as
//! text, and a valid setup.

use crate::{Board, Piece, Player, Rank, Setup, Square, UncheckedMove};

/// The square `text` names (`E3`).
pub fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

/// A position from its pieces, each its owner, its rank and its square,
/// separated by commas: `0 Scout E3, 1 Flag J9`.
pub fn position(pieces: &str) -> Board {
    let mut b = Board::empty();
    for piece in pieces.split(',') {
        let [owner, rank, square] = piece.split_whitespace().collect::<Vec<_>>()[..] else {
            panic!("{piece:?} is not `OWNER RANK SQUARE`");
        };
        let owner = owner.parse().unwrap();
        let rank = Rank::from_name(rank).unwrap();
        b.set(sq(square), Some(Piece::new(owner, rank)));
    }
    b
}

/// A move as the wire writes it, on one line: `E2 S 1`.
pub fn mv(text: &str) -> UncheckedMove {
    let [square, dir, distance] = text.split(' ').collect::<Vec<_>>()[..] else {
        panic!("{text:?} is not `SQUARE DIRECTION DISTANCE`");
    };
    UncheckedMove::from_lines(square, dir, distance).unwrap()
}

/// A valid setup, in wire order, as codes.
pub const CODES: [u8; 40] = [
    12, 11, 12, 8, //
    12, 12, 8, 9, //
    7, 12, 9, 4, //
    6, 12, 5, 9, //
    3, 8, 2, 9, //
    1, 8, 3, 9, //
    10, 8, 5, 9, //
    7, 4, 6, 9, //
    5, 6, 7, 9, //
    4, 5, 6, 7, //
];

/// The ranks of [`CODES`].
pub fn ranks() -> Vec<Rank> {
    CODES.iter().map(|&c| Rank::from_code(c).unwrap()).collect()
}

/// The setup of [`CODES`] for `player`.
pub fn setup(player: Player) -> Setup {
    Setup::new(player, &ranks()).unwrap()
}
