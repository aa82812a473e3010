//! The board as bit planes: one 16-bit mask of the occupied squares, and
//! for each attribute the mask of the squares whose piece has it. A pattern
//! of mask `m` is won when every square of `m` is occupied and, for some
//! attribute, its plane holds all of `m` or none of it: two comparisons
//! per attribute, no piece unpacked (`seed_board` keeps the seed's nibbles
//! for comparison; `make bench` measures both).

use std::fmt;

use crate::pattern::{Agreement, Level, Pattern};
use crate::piece::{Attribute, Piece, PieceSet};
use crate::square::Square;

/// The pieces on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    occupied: u16,
    /// `planes[a]`: the squares whose piece has attribute bit `a` set.
    planes: [u16; 4],
}

/// For each combination of shared set bits (low nibble) and shared clear
/// bits (high nibble) of three pieces, the pieces that share one of them:
/// the pieces that complete the pattern.
const COMPLETERS: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let (ones, zeros) = (i & 0xf, i >> 4);
        let mut p = 0;
        while p < 16 {
            if (p & ones) != 0 || (!p & zeros & 0xf) != 0 {
                t[i] |= 1 << p;
            }
            p += 1;
        }
        i += 1;
    }
    t
};

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board {
        occupied: 0,
        planes: [0; 4],
    };

    /// The board of `cells`, square by square in reading order.
    pub fn from_cells(cells: &[Option<Piece>; 16]) -> Board {
        let mut b = Board::EMPTY;
        for (s, c) in Square::ALL.into_iter().zip(cells) {
            if let Some(p) = c {
                b.place(s, *p);
            }
        }
        b
    }

    /// The occupied squares.
    pub const fn occupied(&self) -> u16 {
        self.occupied
    }

    /// The empty squares.
    pub const fn empty(&self) -> u16 {
        !self.occupied
    }

    /// How many squares are empty.
    pub const fn empties(&self) -> u32 {
        16 - self.occupied.count_ones()
    }

    /// The squares whose piece has attribute `a` set.
    pub const fn plane(&self, a: Attribute) -> u16 {
        self.planes[a.bit() as usize]
    }

    /// The piece on `s`.
    pub fn get(&self, s: Square) -> Option<Piece> {
        if self.occupied & s.bit() == 0 {
            return None;
        }
        let n = (0..4).fold(0u8, |n, a| {
            n | (((self.planes[a] >> s.index()) & 1) as u8) << a
        });
        Piece::new(n)
    }

    /// The pieces on the board.
    pub fn pieces(&self) -> PieceSet {
        Square::of_mask(self.occupied)
            .filter_map(|s| self.get(s))
            .fold(PieceSet::EMPTY, PieceSet::with_piece)
    }

    /// Where piece `p` stands, if it is on the board.
    pub fn find(&self, p: Piece) -> Option<Square> {
        Square::of_mask(self.occupied).find(|&s| self.get(s) == Some(p))
    }

    /// Puts `p` on `s`, which the caller knows to be empty.
    pub fn place(&mut self, s: Square, p: Piece) {
        debug_assert!(self.occupied & s.bit() == 0, "{s} is taken");
        self.occupied |= s.bit();
        for a in 0..4 {
            self.planes[a] |= u16::from(p.number() >> a & 1) << s.index();
        }
    }

    /// What the pieces on the (fully occupied) squares of `mask` share.
    pub fn agreement(&self, mask: u16) -> Agreement {
        let (mut ones, mut zeros) = (0u8, 0u8);
        for a in 0..4 {
            let plane = self.planes[a] & mask;
            ones |= u8::from(plane == mask) << a;
            zeros |= u8::from(plane == 0) << a;
        }
        Agreement { ones, zeros }
    }

    /// Whether the pattern of `mask` is full and its pieces share an
    /// attribute.
    pub fn is_won(&self, mask: u16) -> bool {
        self.occupied & mask == mask
            && self
                .planes
                .iter()
                .any(|&plane| plane & mask == mask || plane & mask == 0)
    }

    /// The first of `level`'s patterns that is won, with what its pieces
    /// share.
    pub fn won(&self, level: Level) -> Option<(Pattern, Agreement)> {
        level
            .patterns()
            .iter()
            .find(|p| self.is_won(p.mask))
            .map(|&p| (p, self.agreement(p.mask)))
    }

    /// Whether putting `p` on the empty square `s` wins at `level`.
    pub fn wins_at(&self, level: Level, s: Square, p: Piece) -> bool {
        let mut next = *self;
        next.place(s, p);
        level.through(s).iter().any(|&m| next.is_won(m))
    }

    /// The pattern that putting `p` on `s` wins, if any (for messages).
    pub fn winning_pattern(&self, level: Level, s: Square, p: Piece) -> Option<Pattern> {
        let mut next = *self;
        next.place(s, p);
        level
            .patterns()
            .iter()
            .find(|pat| pat.holds(s) && next.is_won(pat.mask))
            .copied()
    }

    /// The pieces that would win if put somewhere on this board at
    /// `level`: a piece in this set must not be given away (if another
    /// can be). One pass over the patterns with three pieces and a hole.
    pub fn completers(&self, level: Level) -> PieceSet {
        let mut set = 0u16;
        for &m in level.masks() {
            let full = self.occupied & m;
            if full.count_ones() != 3 {
                continue;
            }
            set |= self.completers_of(m, full);
        }
        PieceSet(set)
    }

    /// The pieces that would win on each empty square (the threats of
    /// patterns with three pieces and that square as their hole), to get
    /// the completers after a placement with
    /// [`completers_after`](Self::completers_after) without going over
    /// every pattern again.
    pub fn threats(&self, level: Level) -> Threats {
        let mut by_hole = [0u16; 16];
        for &m in level.masks() {
            let full = self.occupied & m;
            if full.count_ones() == 3 {
                let hole = (m & !self.occupied).trailing_zeros() as usize;
                by_hole[hole] |= self.completers_of(m, full);
            }
        }
        // For each square, the union over the other holes.
        let mut all_but = [0u16; 16];
        let mut before = 0u16;
        for (s, slot) in all_but.iter_mut().enumerate() {
            *slot = before;
            before |= by_hole[s];
        }
        let mut after = 0u16;
        for s in (0..16).rev() {
            all_but[s] |= after;
            after |= by_hole[s];
        }
        Threats { all_but }
    }

    /// The completers of the board after `p` is put on the empty square
    /// `s`, where it does not win: those of the patterns without `s`
    /// (from `threats`, this board's), and those of the patterns through
    /// `s` that the piece leaves with one hole.
    pub fn completers_after(
        &self,
        level: Level,
        threats: &Threats,
        s: Square,
        p: Piece,
    ) -> PieceSet {
        let mut next = *self;
        next.place(s, p);
        let mut set = threats.all_but[s.index()];
        for &m in level.through(s) {
            let full = next.occupied & m;
            if full.count_ones() == 3 {
                set |= next.completers_of(m, full);
            }
        }
        PieceSet(set)
    }

    /// The pieces that complete pattern `m`, whose occupied squares are
    /// `full` (three of them).
    #[inline]
    fn completers_of(&self, m: u16, full: u16) -> u16 {
        let mut index = 0usize;
        for a in 0..4 {
            let plane = self.planes[a] & m;
            index |= usize::from(plane == full) << a;
            index |= usize::from(plane == 0) << (a + 4);
        }
        COMPLETERS[index]
    }

    /// The empty squares where `p` wins at `level`.
    pub fn winning_squares(&self, level: Level, p: Piece) -> u16 {
        Square::of_mask(self.empty())
            .filter(|&s| self.wins_at(level, s, p))
            .fold(0, |m, s| m | s.bit())
    }
}

/// What [`Board::threats`] finds: for each square, the pieces that would
/// win on another square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Threats {
    all_but: [u16; 16],
}

impl fmt::Debug for Board {
    /// Four rows of piece numbers, `.` for an empty square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..4 {
            let cells: Vec<String> = (0..4)
                .map(|col| {
                    let s = Square::at(row, col).expect("on the board");
                    self.get(s)
                        .map_or_else(|| ".".to_owned(), |p| p.number().to_string())
                })
                .collect();
            write!(f, "{}{}", if row > 0 { " / " } else { "" }, cells.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn pc(n: u8) -> Piece {
        Piece::new(n).unwrap()
    }

    #[test]
    fn pieces_go_in_and_come_out() {
        let mut b = Board::EMPTY;
        b.place(sq("B3"), pc(10));
        b.place(sq("D4"), pc(0));
        assert_eq!(b.get(sq("B3")), Some(pc(10)));
        assert_eq!(b.get(sq("D4")), Some(pc(0)));
        assert_eq!(b.get(sq("A1")), None);
        assert_eq!(b.empties(), 14);
        assert_eq!(b.find(pc(10)), Some(sq("B3")));
        assert_eq!(b.find(pc(1)), None);
        assert_eq!(b.pieces().len(), 2);
        assert_eq!(format!("{b:?}"), ". . . . / . . 10 . / . . . . / . . . 0");
    }

    #[test]
    fn a_full_row_sharing_an_attribute_wins() {
        let mut b = Board::EMPTY;
        // Tall pieces 4, 5, 6 on A1..A3.
        for (s, p) in [("A1", 4), ("A2", 5), ("A3", 6)] {
            b.place(sq(s), pc(p));
        }
        assert!(b.won(Level::ALL[0]).is_none());
        assert!(b.wins_at(Level::ALL[0], sq("A4"), pc(7)));
        // 4, 5 and 6 are light and tall; 8 is brown and short.
        assert!(!b.wins_at(Level::ALL[0], sq("A4"), pc(8)));
        assert!(b.wins_at(Level::ALL[0], sq("A4"), pc(0)), "light");
        assert_eq!(
            b.completers(Level::ALL[0]),
            PieceSet::with(Attribute::Tall, true) | PieceSet::with(Attribute::Brown, false)
        );
        b.place(sq("A4"), pc(12));
        let (p, a) = b.won(Level::ALL[0]).unwrap();
        assert_eq!(p.to_string(), "row A (A1 A2 A3 A4)");
        assert_eq!(a.words(), "tall");
    }

    #[test]
    fn a_2x2_square_wins_from_level_2_only() {
        let mut b = Board::EMPTY;
        for (s, p) in [("B2", 1), ("B3", 3), ("C2", 5)] {
            b.place(sq(s), pc(p));
        }
        // All cubes.
        assert!(!b.wins_at(Level::ALL[0], sq("C3"), pc(7)));
        for l in &Level::ALL[1..] {
            assert!(b.wins_at(*l, sq("C3"), pc(7)));
            assert_eq!(
                b.winning_pattern(*l, sq("C3"), pc(7)).unwrap().to_string(),
                "2x2 square (B2 B3 C2 C3)"
            );
        }
        assert!(!b.wins_at(Level::ALL[3], sq("C3"), pc(8)));
        assert_eq!(b.winning_squares(Level::ALL[1], pc(7)), sq("C3").bit());
    }
}
