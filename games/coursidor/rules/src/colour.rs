//! The two players: black (`0`, moves first) and white (`1`), the course's
//! `player_color_t`.

use std::fmt;

/// A player's colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Colour {
    /// `BLACK = 0`: starts on vertex 0 and moves first.
    Black = 0,
    /// `WHITE = 1`: starts on the last vertex.
    White = 1,
}

impl Colour {
    /// Both, black first.
    pub const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

    /// 0 or 1.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour numbered `n`.
    pub const fn from_index(n: usize) -> Option<Colour> {
        match n {
            0 => Some(Colour::Black),
            1 => Some(Colour::White),
            _ => None,
        }
    }

    /// The other player.
    pub const fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// `"black"` or `"white"`.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
