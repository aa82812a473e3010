//! The sixteen pieces: every combination of four binary attributes, the
//! seed's four bits, and sets of pieces as 16-bit masks.

use std::fmt;

/// One of the four attributes, by its bit in a piece's number (the seed's
/// order: "Est-ce que la pièce est marron ? grande ? creuse ? un cube ?",
/// most significant bit first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Attribute {
    /// Bit 0 (value 1): a cube (set) or round, a cylinder (clear).
    Cube = 0,
    /// Bit 1 (value 2): hollow (set) or solid (clear).
    Hollow = 1,
    /// Bit 2 (value 4): tall (set) or short (clear).
    Tall = 2,
    /// Bit 3 (value 8): brown (set) or light (clear).
    Brown = 3,
}

impl Attribute {
    /// The four, from bit 3 down to bit 0 (the order of a piece's letters).
    pub const ALL: [Attribute; 4] = [
        Attribute::Brown,
        Attribute::Tall,
        Attribute::Hollow,
        Attribute::Cube,
    ];

    /// Its bit in a piece's number (0 to 3).
    pub const fn bit(self) -> u8 {
        self as u8
    }

    /// The attribute of bit `bit` (0 to 3).
    pub fn from_bit(bit: u8) -> Option<Attribute> {
        Attribute::ALL.into_iter().find(|a| a.bit() == bit)
    }

    /// Its two faces, clear then set, each as a letter and a word: `L`
    /// light and `B` brown, `S` short and `T` tall, `F` filled (solid) and
    /// `H` hollow, `R` round and `C` cube.
    const fn faces(self) -> [(char, &'static str); 2] {
        match self {
            Attribute::Brown => [('L', "light"), ('B', "brown")],
            Attribute::Tall => [('S', "short"), ('T', "tall")],
            Attribute::Hollow => [('F', "solid"), ('H', "hollow")],
            Attribute::Cube => [('R', "round"), ('C', "cube")],
        }
    }

    /// The letter of a piece with this attribute set (`true`) or clear.
    pub const fn letter(self, set: bool) -> char {
        self.faces()[set as usize].0
    }

    /// The word for a piece with this attribute set (`true`) or clear.
    pub const fn word(self, set: bool) -> &'static str {
        self.faces()[set as usize].1
    }
}

/// A piece, by its number 0 to 15: the seed's four bits (8 brown, 4 tall,
/// 2 hollow, 1 cube). Always valid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Piece(u8);

numbered_0_to_15!(Piece, "piece");

impl Piece {
    /// Its number, 0 to 15.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Whether it has attribute `a` set (brown, tall, hollow, cube).
    pub const fn has(self, a: Attribute) -> bool {
        self.0 >> a.bit() & 1 == 1
    }

    /// Its four letters, bit 3 first (`LSFR` for 0, `BTHC` for 15).
    pub fn letters(self) -> String {
        Attribute::ALL
            .iter()
            .map(|&a| a.letter(self.has(a)))
            .collect()
    }

    /// Reads four letters, one per attribute in any order, upper or lower
    /// case (`bthc`, `CHTB`): the entry of a piece by a person.
    pub fn from_letters(text: &str) -> Option<Piece> {
        if text.len() != 4 {
            return None;
        }
        let mut n = 0u8;
        let mut seen = 0u8;
        for c in text.chars().map(|c| c.to_ascii_uppercase()) {
            let (a, set) = Attribute::ALL.iter().find_map(|&a| {
                [true, false]
                    .into_iter()
                    .find(|&s| a.letter(s) == c)
                    .map(|s| (a, s))
            })?;
            if seen >> a.bit() & 1 == 1 {
                return None;
            }
            seen |= 1 << a.bit();
            n |= u8::from(set) << a.bit();
        }
        Some(Piece(n))
    }

    /// This piece's attributes in words (`"brown, short, hollow, round"`).
    pub fn words(self) -> String {
        Attribute::ALL
            .iter()
            .map(|&a| a.word(self.has(a)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for Piece {
    /// The number and the letters: `10 (BSHR)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0, self.letters())
    }
}

/// A set of pieces: bit `n` for piece `n`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct PieceSet(pub u16);

impl PieceSet {
    /// No piece.
    pub const EMPTY: PieceSet = PieceSet(0);
    /// All sixteen.
    pub const ALL: PieceSet = PieceSet(0xffff);

    /// The pieces that have attribute `a` set (`set`) or clear.
    pub const fn with(a: Attribute, set: bool) -> PieceSet {
        let mut m = 0u16;
        let mut i = 0;
        while i < 16 {
            if ((i >> a.bit()) & 1 == 1) == set {
                m |= 1 << i;
            }
            i += 1;
        }
        PieceSet(m)
    }

    /// Whether `p` is in the set.
    pub const fn contains(self, p: Piece) -> bool {
        self.0 >> p.0 & 1 == 1
    }

    /// The set with `p` added.
    #[must_use]
    pub const fn with_piece(self, p: Piece) -> PieceSet {
        PieceSet(self.0 | 1 << p.0)
    }

    /// The set without `p`.
    #[must_use]
    pub const fn without(self, p: Piece) -> PieceSet {
        PieceSet(self.0 & !(1 << p.0))
    }

    /// How many pieces.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether it holds no piece.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pieces, in increasing number.
    pub fn iter(self) -> impl Iterator<Item = Piece> {
        Piece::of_mask(self.0)
    }
}

impl std::ops::BitOr for PieceSet {
    type Output = PieceSet;
    fn bitor(self, o: PieceSet) -> PieceSet {
        PieceSet(self.0 | o.0)
    }
}

impl std::ops::BitAnd for PieceSet {
    type Output = PieceSet;
    fn bitand(self, o: PieceSet) -> PieceSet {
        PieceSet(self.0 & o.0)
    }
}

impl std::ops::Not for PieceSet {
    type Output = PieceSet;
    fn not(self) -> PieceSet {
        PieceSet(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_bits() {
        // The seed's example: the small brown round piece that is hollow.
        let p = Piece::new(0b1010).unwrap();
        assert!(p.has(Attribute::Brown));
        assert!(!p.has(Attribute::Tall));
        assert!(p.has(Attribute::Hollow));
        assert!(!p.has(Attribute::Cube));
        assert_eq!(p.letters(), "BSHR");
        assert_eq!(p.to_string(), "10 (BSHR)");
        assert_eq!(p.words(), "brown, short, hollow, round");
        assert_eq!(Piece::new(0).unwrap().letters(), "LSFR");
        assert_eq!(Piece::new(15).unwrap().letters(), "BTHC");
        assert_eq!(Piece::new(16), None);
    }

    #[test]
    fn letters_round_trip_in_any_order_and_case() {
        for p in Piece::ALL {
            assert_eq!(Piece::from_letters(&p.letters()), Some(p));
            let rev: String = p.letters().chars().rev().collect();
            assert_eq!(Piece::from_letters(&rev.to_lowercase()), Some(p));
        }
        for bad in ["", "BTH", "BTHCC", "BBHC", "BLHC", "XTHC", "1234"] {
            assert_eq!(Piece::from_letters(bad), None, "{bad}");
        }
    }

    #[test]
    fn sets_by_attribute_hold_eight_pieces() {
        for a in Attribute::ALL {
            let yes = PieceSet::with(a, true);
            let no = PieceSet::with(a, false);
            assert_eq!((yes.len(), no.len()), (8, 8));
            assert_eq!(yes | no, PieceSet::ALL);
            assert!(yes.iter().all(|p| p.has(a)));
        }
        let s = PieceSet::EMPTY
            .with_piece(Piece::new(3).unwrap())
            .with_piece(Piece::new(9).unwrap());
        assert_eq!(s.iter().map(Piece::number).collect::<Vec<_>>(), [3, 9]);
        assert_eq!(s.without(Piece::new(3).unwrap()).len(), 1);
    }
}
