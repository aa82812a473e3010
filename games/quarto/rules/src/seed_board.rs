//! The seed's representation, kept to be measured against [`Board`]
//! (`make bench`) and to check it (a property test plays the same games on
//! both): a 64-bit board of 4-bit pieces, square 0 in the most significant
//! nibble, and a 16-bit occupancy summary, square 0 in its most
//! significant bit. A pattern is won when its four squares are occupied
//! and the accumulator of the bits on which consecutive pieces agree,
//! `acc &= !(pred ^ v)`, is not zero at the end.
//!
//! [`Board`]: crate::Board

use crate::board::Board;
use crate::pattern::Level;
use crate::piece::Piece;
use crate::square::Square;

/// The seed's board: `board` holds the pieces, `summary` which squares
/// hold one.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SeedBoard {
    /// Bit `15 - n` is set when square `n` holds a piece.
    pub summary: u16,
    /// The nibble at bits `60 - 4n ..` is the piece on square `n`.
    pub board: u64,
}

impl SeedBoard {
    /// The empty board.
    pub const EMPTY: SeedBoard = SeedBoard {
        summary: 0,
        board: 0,
    };

    /// The same pieces on the same squares as `board`.
    pub fn of(board: &Board) -> SeedBoard {
        let mut b = SeedBoard::EMPTY;
        for q in Square::ALL {
            if let Some(p) = board.get(q) {
                b.place(q, p);
            }
        }
        b
    }

    /// Whether square `s` holds a piece.
    pub const fn is_occupied(&self, s: Square) -> bool {
        self.summary >> (15 - s.index()) & 1 == 1
    }

    /// The piece on `s`.
    pub fn get(&self, s: Square) -> Option<Piece> {
        self.is_occupied(s)
            .then(|| Piece::new((self.board >> (60 - 4 * s.index())) as u8 & 0xf))
            .flatten()
    }

    /// Puts `p` on the empty square `s`: the piece's nibble, repeated over
    /// the 64 bits as in the seed's `piece_t`, masked by the square's.
    pub fn place(&mut self, s: Square, p: Piece) {
        let repeated = u64::from(p.number()) * 0x1111_1111_1111_1111;
        let square = 0xf_u64 << (60 - 4 * s.index());
        self.board |= repeated & square;
        self.summary |= 1 << (15 - s.index());
    }

    /// Whether the pattern of `mask` is won, by the seed's accumulator.
    pub fn is_won(&self, mask: u16) -> bool {
        let mut squares = Square::of_mask(mask);
        let first = squares.next().expect("four squares");
        if !self.is_occupied(first) {
            return false;
        }
        let nibble = |s: Square| (self.board >> (60 - 4 * s.index())) as u8 & 0xf;
        let mut acc = 0xf_u8;
        let mut pred = nibble(first);
        for s in squares {
            if !self.is_occupied(s) {
                return false;
            }
            let v = nibble(s);
            acc &= !(pred ^ v);
            if acc & 0xf == 0 {
                return false;
            }
            pred = v;
        }
        acc & 0xf != 0
    }

    /// Whether one of `level`'s patterns is won.
    pub fn won(&self, level: Level) -> bool {
        level.masks().iter().any(|&m| self.is_won(m))
    }

    /// Whether putting `p` on the empty square `s` wins at `level`.
    pub fn wins_at(&self, level: Level, s: Square, p: Piece) -> bool {
        let mut next = *self;
        next.place(s, p);
        level.through(s).iter().any(|&m| next.is_won(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_layout() {
        let mut b = SeedBoard::EMPTY;
        // The seed's P3 mask, and its C1_HUGE_HOLE_SQUARE piece (0b0110).
        b.place(Square::new(3).unwrap(), Piece::new(0b0110).unwrap());
        assert_eq!(b.board, 0x0006_0000_0000_0000);
        assert_eq!(b.summary, 0b0001_0000_0000_0000);
        assert_eq!(b.get(Square::new(3).unwrap()), Piece::new(6));
        assert_eq!(b.get(Square::new(2).unwrap()), None);
    }
}
