//! What the unit tests build their positions from: squares and sets of
//! squares by their names, boards written as text, moves.

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

/// A board from its two armies written as text: player 0's pieces, a `/`,
/// player 1's; each piece its rank's name and its square, the pieces of an
/// army separated by commas: `"Flag J0, Scout E1 / Flag E9, Bomb E8"`.
pub fn position(text: &str) -> Board {
    let (ours, theirs) = text
        .split_once('/')
        .unwrap_or_else(|| panic!("{text:?} is not `OURS / THEIRS`"));
    let mut b = Board::empty();
    for (army, owner) in [(ours, Player::Zero), (theirs, Player::One)] {
        for piece in army.split(',').filter(|p| !p.trim().is_empty()) {
            let [rank, square] = piece.split_whitespace().collect::<Vec<_>>()[..] else {
                panic!("{piece:?} is not `RANK SQUARE`");
            };
            let rank = Rank::from_name(rank).unwrap_or_else(|| panic!("no rank {rank:?}"));
            assert!(b.get(sq(square)).is_none(), "two pieces on {square}");
            b.set(sq(square), Some(Piece::new(owner, rank)));
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
