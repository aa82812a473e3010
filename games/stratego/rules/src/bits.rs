//! Square sets as 128-bit masks (bit `i` = square index `i`), the
//! representation behind fast move generation.

/// A set of squares: bit `row * 10 + col`.
pub type Bits = u128;

/// Every square of the board.
pub const BOARD: Bits = (1u128 << 100) - 1;

/// The eight lakes: `C4 C5 D4 D5 G4 G5 H4 H5`.
pub const LAKES: Bits =
    bit(24) | bit(25) | bit(34) | bit(35) | bit(64) | bit(65) | bit(74) | bit(75);

/// Squares of column 0.
pub const COL0: Bits = column(0);

/// Squares of column 9.
pub const COL9: Bits = column(9);

const fn bit(i: u32) -> Bits {
    1u128 << i
}

const fn column(c: u32) -> Bits {
    let mut m = 0;
    let mut r = 0;
    while r < 10 {
        m |= bit(r * 10 + c);
        r += 1;
    }
    m
}

/// Iterator over the square indices of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct BitIter(pub Bits);

impl Iterator for BitIter {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
}
