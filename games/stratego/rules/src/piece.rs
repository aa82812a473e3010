//! Pieces: their ranks (wire codes 1..12), strengths, counts, and the two players.

use std::fmt;
use std::str::FromStr;

use crate::error::WireError;

game_core::named_enum! {
    /// The rank of a piece. The discriminant is the wire code of the protocol
    /// (`1` Marshal .. `12` Bomb), never the strength. The ranks are
    /// declared in code order and named in English, singular.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
    #[repr(u8)]
    pub enum Rank {
        /// Code 1, strength 10, one per player.
        Marshal = 1,
        /// Code 2, strength 9, one per player.
        General = 2,
        /// Code 3, strength 8, two per player.
        Colonel = 3,
        /// Code 4, strength 7, three per player.
        Major = 4,
        /// Code 5, strength 6, four per player.
        Captain = 5,
        /// Code 6, strength 5, four per player.
        Lieutenant = 6,
        /// Code 7, strength 4, four per player.
        Sergeant = 7,
        /// Code 8, strength 3, five per player; defuses Bombs.
        Miner = 8,
        /// Code 9, strength 2, eight per player; moves any distance in a line.
        Scout = 9,
        /// Code 10, strength 1, one per player; beats the Marshal when attacking it.
        Spy = 10,
        /// Code 11, strength 0, one per player; never moves; taking it wins.
        Flag = 11,
        /// Code 12, six per player; never moves; removes any attacker but a Miner.
        Bomb = 12,
    }
}

impl Rank {
    /// Number of pieces each player has.
    pub const TOTAL: usize = 40;

    /// The rank with wire code `code`, if in 1..=12.
    pub const fn from_code(code: u8) -> Option<Rank> {
        match code {
            1..=12 => Some(Rank::ALL[code as usize - 1]),
            _ => None,
        }
    }

    /// The wire code, 1..=12.
    #[inline]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// Index 0..12 (code − 1), for per-rank tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// Strength in battle: 10 for the Marshal .. 1 for the Spy, 0 for the
    /// Flag; `None` for the Bomb, which has special rules instead.
    pub const fn strength(self) -> Option<u8> {
        match self {
            Rank::Bomb => None,
            Rank::Flag => Some(0),
            Rank::Spy => Some(1),
            _ => Some(11 - self.code()),
        }
    }

    /// How many pieces of this rank each player sets up.
    pub const fn count(self) -> u8 {
        match self {
            Rank::Marshal | Rank::General | Rank::Spy | Rank::Flag => 1,
            Rank::Colonel => 2,
            Rank::Major => 3,
            Rank::Captain | Rank::Lieutenant | Rank::Sergeant => 4,
            Rank::Miner => 5,
            Rank::Scout => 8,
            Rank::Bomb => 6,
        }
    }

    /// Whether pieces of this rank ever move (all but Bomb and Flag).
    #[inline]
    pub const fn can_move(self) -> bool {
        !matches!(self, Rank::Bomb | Rank::Flag)
    }

    /// The 40 pieces of an army, by code: the Marshal, the General, the
    /// two Colonels, ..., the six Bombs (a valid setup in this order).
    pub fn army() -> [Rank; 40] {
        let mut army = [Rank::Flag; 40];
        let mut i = 0;
        for r in Rank::ALL {
            for _ in 0..r.count() {
                army[i] = r;
                i += 1;
            }
        }
        army
    }

    /// English name with a count: "1 Major", "4 Majors".
    pub fn counted(self, n: usize) -> String {
        if n == 1 {
            format!("1 {}", self.name())
        } else {
            format!("{n} {}s", self.name())
        }
    }

    /// A one-character symbol for boards drawn as text:
    /// `1`..`9` for codes 1..9, `s` Spy, `F` Flag, `B` Bomb.
    pub const fn symbol(self) -> char {
        match self {
            Rank::Spy => 's',
            Rank::Flag => 'F',
            Rank::Bomb => 'B',
            _ => (b'0' + self.code()) as char,
        }
    }
}

impl FromStr for Rank {
    type Err = WireError;

    /// Parses a wire code: a decimal integer in 1..=12.
    fn from_str(s: &str) -> Result<Rank, WireError> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(WireError::NotACode(s.to_owned()));
        }
        s.parse::<u8>()
            .ok()
            .and_then(Rank::from_code)
            .ok_or_else(|| WireError::NotACode(s.to_owned()))
    }
}

/// One of the two players. Player 0 sets up on columns 0–3 and moves first;
/// player 1 sets up on columns 6–9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Player {
    /// Player 0, on the left.
    Zero = 0,
    /// Player 1, on the right.
    One = 1,
}

impl Player {
    /// Both players, 0 then 1.
    pub const BOTH: [Player; 2] = [Player::Zero, Player::One];

    /// 0 or 1.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with number `i`, if 0 or 1.
    pub const fn from_index(i: usize) -> Option<Player> {
        match i {
            0 => Some(Player::Zero),
            1 => Some(Player::One),
            _ => None,
        }
    }

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::Zero => Player::One,
            Player::One => Player::Zero,
        }
    }

    /// The four columns this player sets up on, left to right.
    pub const fn setup_columns(self) -> [u8; 4] {
        match self {
            Player::Zero => [0, 1, 2, 3],
            Player::One => [6, 7, 8, 9],
        }
    }

    /// The column of this player's back line (0 for player 0, 9 for player 1).
    pub const fn back_column(self) -> u8 {
        match self {
            Player::Zero => 0,
            Player::One => 9,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.index())
    }
}

impl FromStr for Player {
    type Err = WireError;

    /// Parses `0` or `1`.
    fn from_str(s: &str) -> Result<Player, WireError> {
        match s {
            "0" => Ok(Player::Zero),
            "1" => Ok(Player::One),
            _ => Err(WireError::BadPlayer(s.to_owned())),
        }
    }
}

/// A piece on the board: its owner and rank.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Who owns it.
    pub owner: Player,
    /// What it is.
    pub rank: Rank,
}

impl Piece {
    /// A piece of `owner` with rank `rank`.
    pub const fn new(owner: Player, rank: Rank) -> Piece {
        Piece { owner, rank }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_strengths_and_counts_match_the_protocol_table() {
        let table: [(u8, Option<u8>, u8, bool); 12] = [
            (1, Some(10), 1, true),
            (2, Some(9), 1, true),
            (3, Some(8), 2, true),
            (4, Some(7), 3, true),
            (5, Some(6), 4, true),
            (6, Some(5), 4, true),
            (7, Some(4), 4, true),
            (8, Some(3), 5, true),
            (9, Some(2), 8, true),
            (10, Some(1), 1, true),
            (11, Some(0), 1, false),
            (12, None, 6, false),
        ];
        for (code, strength, count, moves) in table {
            let r = Rank::from_code(code).unwrap();
            assert_eq!(r.code(), code);
            assert_eq!(r.strength(), strength, "{r}");
            assert_eq!(r.count(), count, "{r}");
            assert_eq!(r.can_move(), moves, "{r}");
        }
        let total: u32 = Rank::ALL.iter().map(|r| u32::from(r.count())).sum();
        assert_eq!(total as usize, Rank::TOTAL);
        assert_eq!(Rank::from_code(0), None);
        assert_eq!(Rank::from_code(13), None);
    }

    #[test]
    fn parses_codes_strictly() {
        assert_eq!("4".parse::<Rank>().unwrap(), Rank::Major);
        assert_eq!("04".parse::<Rank>().unwrap(), Rank::Major);
        for bad in ["13", "0", "-1", "+4", "4.0", "abc", "", "999999999999"] {
            let err = bad.parse::<Rank>().unwrap_err();
            assert_eq!(err.to_string(), format!("{bad} is not a piece code"));
        }
    }

    #[test]
    fn players() {
        assert_eq!(Player::Zero.opponent(), Player::One);
        assert_eq!("1".parse::<Player>().unwrap(), Player::One);
        assert!("2".parse::<Player>().is_err());
        assert_eq!(Player::One.setup_columns(), [6, 7, 8, 9]);
    }
}
