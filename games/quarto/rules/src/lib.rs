//! Quarto (`docs/games/quarto.md`): a 4x4 board, sixteen pieces that are
//! every combination of four binary attributes; each turn a player places
//! the piece it was given and gives the opponent one of those left. The
//! player whose placement completes a winning pattern of four pieces that
//! share an attribute wins; the seed's four levels decide which patterns
//! win.
//!
//! Pure: no files, no processes, no clock. Validity lives in the types,
//! after shakmaty: the wire gives an [`UncheckedMove`], [`Position::check`]
//! makes it a legal [`Move`], [`Position::play`] plays it.
//!
//! ```
//! use quarto::{Level, Piece, Position, Square, UncheckedMove};
//!
//! let mut pos = Position::new(Level::new(1).unwrap(), 0);
//! // Seat 0 gives piece 10 to seat 1.
//! let first = UncheckedMove { square: None, gift: Piece::new(10) };
//! pos.play(pos.check(&first).unwrap());
//! // Seat 1 puts it on B3 and gives piece 10 back: it is on the board.
//! let bad = UncheckedMove { square: Square::parse("B3"), gift: Piece::new(10) };
//! assert_eq!(
//!     pos.check(&bad).unwrap_err().to_string(),
//!     "piece 10 (BSHR) is the one you are placing: give one of the pieces left"
//! );
//! ```

/// For a newtype of the numbers 0 to 15, `$t(u8)` (a piece, a square,
/// always valid): `ALL`, every value by its number, `new`, the value of a
/// number below 16, `index`, its number as an index, and `of_mask`, the
/// values of a 16-bit set.
macro_rules! numbered_0_to_15 {
    ($t:ident, $what:literal) => {
        impl $t {
            #[doc = concat!("Every ", $what, ", by its number, 0 to 15.")]
            pub const ALL: [$t; 16] = {
                let mut all = [$t(0); 16];
                let mut i = 0;
                while i < 16 {
                    all[i] = $t(i as u8);
                    i += 1;
                }
                all
            };

            #[doc = concat!("The ", $what, " numbered `n`, if `n` is 0 to 15.")]
            pub const fn new(n: u8) -> Option<$t> {
                if n < 16 { Some($t(n)) } else { None }
            }

            /// Its number as an index, 0 to 15.
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            #[doc = concat!(
                                "The ", $what, "s of a 16-bit set (bit `n` for number `n`), ",
                                "in increasing number."
                            )]
            pub fn of_mask(mask: u16) -> impl Iterator<Item = $t> {
                let mut m = mask;
                std::iter::from_fn(move || {
                    if m == 0 {
                        return None;
                    }
                    let i = m.trailing_zeros() as u8;
                    m &= m - 1;
                    Some($t(i))
                })
            }
        }
    };
}

mod board;
mod error;
mod pattern;
mod piece;
mod position;
pub mod referee_game;
pub mod seed_board;
pub mod show;
mod square;
pub mod wire;

pub use board::{Board, Threats};
pub use error::{IllegalMove, PositionError, WireError};
pub use pattern::{Agreement, Kind, Level, PATTERNS, Pattern};
pub use piece::{Attribute, Piece, PieceSet};
pub use position::{End, EndReason, Move, Outcome, Position, UncheckedMove};
pub use square::Square;
