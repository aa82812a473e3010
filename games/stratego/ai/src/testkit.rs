//! What the unit tests build their positions from: squares and sets of
//! squares by their names, boards from lists of pieces.

use stratego::bits::Bits;
use stratego::{Board, MoveResult, Piece, Player, Rank, Square, UncheckedMove, View};

/// The square named `s` (`E4`).
pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// The set of the squares named.
pub fn bits(squares: &[&str]) -> Bits {
    squares.iter().fold(0, |acc, s| acc | sq(s).bit())
}

/// A board with `pieces` on it, and nothing else.
pub fn board(pieces: &[(&str, Player, Rank)]) -> Board {
    let mut b = Board::empty();
    for &(s, p, r) in pieces {
        b.set(sq(s), Some(Piece::new(p, r)));
    }
    b
}

/// A board with player 0's pieces `ours` and player 1's `theirs`.
pub fn armies(ours: &[(&str, Rank)], theirs: &[(&str, Rank)]) -> Board {
    let mut b = Board::empty();
    for (pieces, p) in [(ours, Player::Zero), (theirs, Player::One)] {
        for &(s, r) in pieces {
            b.set(sq(s), Some(Piece::new(p, r)));
        }
    }
    b
}

/// A move as the wire writes it, a line each: `E3\nE\n1\n`.
pub fn mv(wire: &str) -> UncheckedMove {
    UncheckedMove::from_wire(wire).unwrap()
}

/// Our move `ours` and their reply `theirs` (as [`mv`] reads them),
/// neither a battle, played in `view`; returns their move.
pub fn quiet_turn(view: &mut View, ours: &str, theirs: &str) -> UncheckedMove {
    let m = view.check(&mv(ours)).unwrap();
    view.apply_own(m, MoveResult::Nothing).unwrap();
    let r = mv(theirs);
    view.apply_opponent(r, MoveResult::Nothing).unwrap();
    r
}
