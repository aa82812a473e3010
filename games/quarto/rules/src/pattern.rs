//! The winning patterns of the four levels, as data: each a 16-bit mask
//! of its four squares (`docs/games/quarto.md` draws every one; a test
//! reads the drawings there and compares them with this table).
//!
//! The levels are cumulative, so one table serves them all: level `n`'s
//! patterns are the first [`Level::count`] of [`PATTERNS`].

use std::fmt;

use crate::piece::{Attribute, Piece};
use crate::square::Square;

/// What shape a pattern has.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// A row (level 1).
    Row,
    /// A column (level 1).
    Column,
    /// One of the two long diagonals (level 1).
    Diagonal,
    /// A 2x2 square (level 2).
    Square,
    /// The four corners of a 3x3 square (level 3).
    Corners,
    /// A diamond of width two: the four squares around a centre square,
    /// above, below, left and right of it (level 4).
    Diamond,
    /// The four corners of a diamond of width three: a square standing on
    /// a corner, its sides going one row and two columns (or two rows and
    /// one column) from corner to corner (level 4).
    TiltedSquare,
}

impl Kind {
    /// Its name for people.
    pub const fn words(self) -> &'static str {
        match self {
            Kind::Row => "row",
            Kind::Column => "column",
            Kind::Diagonal => "diagonal",
            Kind::Square => "2x2 square",
            Kind::Corners => "corners of the 3x3 square",
            Kind::Diamond => "diamond",
            Kind::TiltedSquare => "corners of the diamond of width three",
        }
    }
}

/// A winning pattern: four squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pattern {
    /// Its shape.
    pub kind: Kind,
    /// Its squares, bit `n` for square `n`.
    pub mask: u16,
}

impl Pattern {
    /// Its four squares in reading order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        Square::of_mask(self.mask)
    }

    /// Whether it holds square `s`.
    pub const fn holds(self, s: Square) -> bool {
        self.mask & s.bit() != 0
    }

    /// The attributes four pieces share, as the seed computes them: the
    /// bits on which they all agree (set: all have it; clear in `ones` but
    /// set in `agree`: none has it).
    pub fn agreement(pieces: [Piece; 4]) -> Agreement {
        let ones = pieces.iter().fold(0xf, |acc, p| acc & p.number());
        let zeros = pieces.iter().fold(0xf, |acc, p| acc & !p.number() & 0xf);
        Agreement { ones, zeros }
    }
}

/// What four pieces have in common: the attributes all have set and those
/// all have clear.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Agreement {
    /// Bits every piece has set.
    pub ones: u8,
    /// Bits every piece has clear.
    pub zeros: u8,
}

impl Agreement {
    /// Whether they share anything (the pattern wins).
    pub const fn any(self) -> bool {
        self.ones | self.zeros != 0
    }

    /// The first shared attribute (from bit 3 down) and its value.
    pub fn first(self) -> Option<(Attribute, bool)> {
        Attribute::ALL.into_iter().find_map(|a| {
            if self.ones >> a.bit() & 1 == 1 {
                Some((a, true))
            } else if self.zeros >> a.bit() & 1 == 1 {
                Some((a, false))
            } else {
                None
            }
        })
    }

    /// Every shared attribute in words (`"tall and round"`).
    pub fn words(self) -> String {
        let words: Vec<&str> = Attribute::ALL
            .into_iter()
            .filter_map(|a| {
                if self.ones >> a.bit() & 1 == 1 {
                    Some(a.word(true))
                } else if self.zeros >> a.bit() & 1 == 1 {
                    Some(a.word(false))
                } else {
                    None
                }
            })
            .collect();
        match words.as_slice() {
            [] => "nothing".to_owned(),
            [one] => (*one).to_owned(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    }
}

impl fmt::Display for Pattern {
    /// `row B (B1 B2 B3 B4)`, `2x2 square B2 B3 C2 C3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let squares: Vec<String> = self.squares().map(|s| s.to_string()).collect();
        let first = self.squares().next().expect("four squares");
        match self.kind {
            Kind::Row => write!(f, "row {}", char::from(b'A' + first.row()))?,
            Kind::Column => write!(f, "column {}", first.col() + 1)?,
            kind => f.write_str(kind.words())?,
        }
        write!(f, " ({})", squares.join(" "))
    }
}

/// How many of [`PATTERNS`] each level plays with: levels 1 to 4.
const COUNTS: [usize; 4] = [10, 19, 23, 29];

/// A level of the seed: which patterns win. Always 1 to 4.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    /// The four levels.
    pub const ALL: [Level; 4] = [Level(1), Level(2), Level(3), Level(4)];

    /// Level `n`, if it is 1 to 4.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 4 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// Its number, 1 to 4.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// How many patterns win at this level.
    pub const fn count(self) -> usize {
        COUNTS[self.0 as usize - 1]
    }

    /// The patterns that win at this level.
    pub fn patterns(self) -> &'static [Pattern] {
        &PATTERNS[..self.count()]
    }

    /// The masks of this level's patterns that hold square `s`.
    pub fn through(self, s: Square) -> &'static [u16] {
        let t = &THROUGH[self.0 as usize - 1][s.index()];
        &t.masks[..t.len]
    }

    /// The masks of this level's patterns, in table order.
    pub fn masks(self) -> &'static [u16] {
        &MASKS[..self.count()]
    }
}

impl Default for Level {
    fn default() -> Level {
        Level(1)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

// The squares by name, for a table that reads like the drawings.
const A1: u8 = 0;
const A2: u8 = 1;
const A3: u8 = 2;
const A4: u8 = 3;
const B1: u8 = 4;
const B2: u8 = 5;
const B3: u8 = 6;
const B4: u8 = 7;
const C1: u8 = 8;
const C2: u8 = 9;
const C3: u8 = 10;
const C4: u8 = 11;
const D1: u8 = 12;
const D2: u8 = 13;
const D3: u8 = 14;
const D4: u8 = 15;

const fn p(kind: Kind, squares: [u8; 4]) -> Pattern {
    let mut mask = 0u16;
    let mut i = 0;
    while i < 4 {
        mask |= 1 << squares[i];
        i += 1;
    }
    Pattern { kind, mask }
}

/// Every pattern, level by level: level 1's ten, then the nine of level 2,
/// the four of level 3 and the six of level 4.
pub const PATTERNS: [Pattern; 29] = [
    // Level 1: the rows, the columns, the two diagonals.
    p(Kind::Row, [A1, A2, A3, A4]),
    p(Kind::Row, [B1, B2, B3, B4]),
    p(Kind::Row, [C1, C2, C3, C4]),
    p(Kind::Row, [D1, D2, D3, D4]),
    p(Kind::Column, [A1, B1, C1, D1]),
    p(Kind::Column, [A2, B2, C2, D2]),
    p(Kind::Column, [A3, B3, C3, D3]),
    p(Kind::Column, [A4, B4, C4, D4]),
    p(Kind::Diagonal, [A1, B2, C3, D4]),
    p(Kind::Diagonal, [A4, B3, C2, D1]),
    // Level 2: every 2x2 square.
    p(Kind::Square, [A1, A2, B1, B2]),
    p(Kind::Square, [A2, A3, B2, B3]),
    p(Kind::Square, [A3, A4, B3, B4]),
    p(Kind::Square, [B1, B2, C1, C2]),
    p(Kind::Square, [B2, B3, C2, C3]),
    p(Kind::Square, [B3, B4, C3, C4]),
    p(Kind::Square, [C1, C2, D1, D2]),
    p(Kind::Square, [C2, C3, D2, D3]),
    p(Kind::Square, [C3, C4, D3, D4]),
    // Level 3: the corners of every 3x3 square.
    p(Kind::Corners, [A1, A3, C1, C3]),
    p(Kind::Corners, [A2, A4, C2, C4]),
    p(Kind::Corners, [B1, B3, D1, D3]),
    p(Kind::Corners, [B2, B4, D2, D4]),
    // Level 4: the diamonds of width two (around B2, B3, C2, C3), and the
    // corners of the two diamonds of width three.
    p(Kind::Diamond, [A2, B1, B3, C2]),
    p(Kind::Diamond, [A3, B2, B4, C3]),
    p(Kind::Diamond, [B2, C1, C3, D2]),
    p(Kind::Diamond, [B3, C2, C4, D3]),
    p(Kind::TiltedSquare, [A2, B4, D3, C1]),
    p(Kind::TiltedSquare, [A3, C4, D2, B1]),
];

const MASKS: [u16; 29] = {
    let mut m = [0u16; 29];
    let mut i = 0;
    while i < 29 {
        m[i] = PATTERNS[i].mask;
        i += 1;
    }
    m
};

/// The patterns through one square at one level.
#[derive(Clone, Copy)]
struct Through {
    masks: [u16; 16],
    len: usize,
}

const THROUGH: [[Through; 16]; 4] = {
    let empty = Through {
        masks: [0; 16],
        len: 0,
    };
    let mut t = [[empty; 16]; 4];
    let mut level = 0;
    while level < 4 {
        let mut s = 0;
        while s < 16 {
            let mut i = 0;
            while i < COUNTS[level] {
                if PATTERNS[i].mask >> s & 1 == 1 {
                    let n = t[level][s].len;
                    t[level][s].masks[n] = PATTERNS[i].mask;
                    t[level][s].len = n + 1;
                }
                i += 1;
            }
            s += 1;
        }
        level += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_has_four_distinct_squares_and_none_repeats() {
        for (i, p) in PATTERNS.iter().enumerate() {
            assert_eq!(p.mask.count_ones(), 4, "{p}");
            assert!(PATTERNS[..i].iter().all(|q| q.mask != p.mask), "{p} twice");
        }
    }

    #[test]
    fn counts_per_level() {
        let counts: Vec<usize> = Level::ALL.iter().map(|l| l.patterns().len()).collect();
        assert_eq!(counts, [10, 19, 23, 29]);
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(5), None);
    }

    #[test]
    fn the_patterns_through_a_square() {
        let b2 = Square::parse("B2").unwrap();
        let a1 = Square::parse("A1").unwrap();
        // Row, column, diagonal; four 2x2 squares; one 3x3's corners; two
        // diamonds.
        let n: Vec<usize> = Level::ALL.iter().map(|l| l.through(b2).len()).collect();
        assert_eq!(n, [3, 7, 8, 10]);
        let n: Vec<usize> = Level::ALL.iter().map(|l| l.through(a1).len()).collect();
        assert_eq!(n, [3, 4, 5, 5]);
        for l in Level::ALL {
            for s in Square::ALL {
                let expected: Vec<u16> = l
                    .patterns()
                    .iter()
                    .filter(|p| p.holds(s))
                    .map(|p| p.mask)
                    .collect();
                assert_eq!(l.through(s), expected.as_slice());
            }
        }
    }

    #[test]
    fn names_for_people() {
        assert_eq!(PATTERNS[1].to_string(), "row B (B1 B2 B3 B4)");
        assert_eq!(PATTERNS[6].to_string(), "column 3 (A3 B3 C3 D3)");
        assert_eq!(PATTERNS[9].to_string(), "diagonal (A4 B3 C2 D1)");
        assert_eq!(PATTERNS[14].to_string(), "2x2 square (B2 B3 C2 C3)");
        assert_eq!(
            PATTERNS[28].to_string(),
            "corners of the diamond of width three (A3 B1 C4 D2)"
        );
    }

    #[test]
    fn agreement_is_the_seeds_accumulator() {
        let pieces = |ns: [u8; 4]| ns.map(|n| Piece::new(n).unwrap());
        // 0b0110, 0b0100, 0b1100, 0b0101: all tall.
        let a = Pattern::agreement(pieces([6, 4, 12, 5]));
        assert!(a.any());
        assert_eq!(a.first(), Some((Attribute::Tall, true)));
        assert_eq!(a.words(), "tall");
        // 0 and 15 share nothing.
        assert!(!Pattern::agreement(pieces([0, 15, 1, 2])).any());
        let a = Pattern::agreement(pieces([0, 2, 0, 2]));
        assert_eq!(a.words(), "light, short and round");
    }
}
