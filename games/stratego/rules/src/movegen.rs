//! Move generation and legality checking over square sets, shared by the
//! full-information [`Board`](crate::Board) and the player's [`View`](crate::View).

use crate::bits::{BOARD, BitIter, Bits, COL0, COL9, LAKES};
use crate::error::IllegalMove;
use crate::moves::{Move, MoveList, UncheckedMove};
use crate::piece::Rank;
use crate::square::{Direction, Square};

/// What move generation needs to know of a position, for one side.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Occupancy {
    /// Squares holding the mover's pieces.
    pub own: Bits,
    /// Squares holding the opponent's pieces.
    pub other: Bits,
    /// The mover's pieces that move one square (movable, not Scouts).
    pub walkers: Bits,
    /// The mover's Scouts.
    pub scouts: Bits,
}

#[inline]
fn push_all(out: &mut MoveList, targets: Bits, from_offset: i32) {
    for to in BitIter(targets) {
        out.push(Move {
            from: Square::from_index_unchecked((to as i32 + from_offset) as u32),
            to: Square::from_index_unchecked(to),
        });
    }
}

impl Occupancy {
    /// Appends every legal move of the side to `out` (without clearing it).
    pub fn generate(&self, out: &mut MoveList) {
        self.push_steps(out, BOARD & !LAKES & !self.own);
        self.push_scout_lines::<true>(out);
    }

    /// Appends the side's attacks (its legal moves onto an opponent's
    /// piece) to `out`, in the order [`Occupancy::generate`] lists them:
    /// the quiescence search wants only these, and generating every move
    /// to keep a few cost it most of its time.
    pub fn generate_attacks(&self, out: &mut MoveList) {
        self.push_steps(out, self.other);
        self.push_scout_lines::<false>(out);
    }

    /// The one-square moves of the pieces that move so (not the Scouts)
    /// onto `targets`: up, down, right, left. Always inlined: the move
    /// generators are the searches' hottest code, and a call apart costs
    /// them.
    #[inline(always)]
    fn push_steps(&self, out: &mut MoveList, targets: Bits) {
        let w = self.walkers;
        push_all(out, (w >> 10) & targets, 10);
        push_all(out, (w << 10) & targets, -10);
        push_all(out, ((w & !COL9) << 1) & targets, -1);
        push_all(out, ((w & !COL0) >> 1) & targets, 1);
    }

    /// The Scouts' moves along their lines, Scout by Scout, line by line:
    /// to every empty square a line passes when `QUIET`, and onto the
    /// opponent's piece that ends it. A constant, so that each list has a
    /// loop of its own.
    #[inline]
    fn push_scout_lines<const QUIET: bool>(&self, out: &mut MoveList) {
        let other = self.other;
        let empty = BOARD & !LAKES & !self.own & !other;
        for s in BitIter(self.scouts) {
            let from = Square::from_index_unchecked(s);
            for dir in Direction::ALL {
                let mut sq = from;
                while let Some(next) = sq.step(dir, 1) {
                    let b = next.bit();
                    if empty & b != 0 {
                        if QUIET {
                            out.push(Move { from, to: next });
                        }
                        sq = next;
                    } else {
                        if other & b != 0 {
                            out.push(Move { from, to: next });
                        }
                        break;
                    }
                }
            }
        }
    }

    /// Whether one of the side's movers stands next to a square of
    /// `targets` (a Scout's longer moves pass through a neighbour first).
    fn steps_onto(&self, targets: Bits) -> bool {
        let w = self.walkers | self.scouts;
        (w >> 10) & targets != 0
            || (w << 10) & targets != 0
            || ((w & !COL9) << 1) & targets != 0
            || ((w & !COL0) >> 1) & targets != 0
    }

    /// Whether the side has a legal move onto an empty square.
    pub fn has_quiet_move(&self) -> bool {
        self.steps_onto(BOARD & !LAKES & !self.own & !self.other)
    }

    /// Whether the side has at least one legal move.
    pub fn has_move(&self) -> bool {
        self.steps_onto(BOARD & !LAKES & !self.own)
    }

    /// Checks `m` for the side; `rank_at` gives the rank of one of the
    /// side's own pieces.
    pub fn check(
        &self,
        rank_at: impl Fn(Square) -> Rank,
        m: &UncheckedMove,
    ) -> Result<Move, IllegalMove> {
        let from = m.from;
        if self.own & from.bit() == 0 {
            return Err(if self.other & from.bit() != 0 {
                IllegalMove::OpponentPiece(from)
            } else {
                IllegalMove::EmptySquare(from)
            });
        }
        let rank = rank_at(from);
        if !rank.can_move() {
            return Err(IllegalMove::Immobile(from, rank));
        }
        if m.distance > 1 && rank != Rank::Scout {
            return Err(IllegalMove::TooFar {
                square: from,
                rank,
                distance: m.distance,
            });
        }
        // Walk square by square so the error names the first obstacle.
        let mut sq = from;
        for step in 1..=m.distance {
            let last = step == m.distance;
            sq = sq.step(m.dir, 1).ok_or(IllegalMove::OffBoard {
                from,
                dir: m.dir,
                distance: m.distance,
            })?;
            if sq.is_lake() {
                return Err(if last {
                    IllegalMove::LakeDestination(sq)
                } else {
                    IllegalMove::LakeInPath(sq)
                });
            }
            if !last && (self.own | self.other) & sq.bit() != 0 {
                return Err(IllegalMove::Blocked(sq));
            }
            if last && self.own & sq.bit() != 0 {
                return Err(IllegalMove::OwnPiece(sq));
            }
        }
        Ok(Move { from, to: sq })
    }
}
