//! The full-information board: who stands where, move generation, and
//! make/unmake of moves with battle resolution.

use std::fmt;

use crate::battle::{Fight, Outcome, fight};
use crate::bits::{BitIter, Bits};
use crate::error::IllegalMove;
use crate::movegen::Occupancy;
use crate::moves::{Move, MoveList, UncheckedMove};
use crate::piece::{Piece, Player, Rank};
use crate::setup::Setup;
use crate::square::Square;

/// A position with every piece known: the referee's view, or one guess
/// (determinization) of a player's search.
///
/// Besides the squares it keeps, per player, square sets of all pieces, of
/// one-step movers and of Scouts, and the count of pieces of each rank, so
/// move generation and evaluation need not scan the board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Piece>; Square::COUNT],
    occ: [Bits; 2],
    walkers: [Bits; 2],
    scouts: [Bits; 2],
    counts: [[u8; 12]; 2],
}

/// What [`Board::make`] needs to take a move back, and what happened.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Undo {
    mv: Move,
    mover: Piece,
    target: Option<Piece>,
    fight: Option<Fight>,
}

impl Undo {
    /// The move that was made.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The piece that moved.
    pub fn mover(&self) -> Piece {
        self.mover
    }

    /// The piece that stood on the destination, if any.
    pub fn target(&self) -> Option<Piece> {
        self.target
    }

    /// The result of the move: quiet, or a battle with both ranks.
    pub fn outcome(&self) -> Outcome {
        match self.target {
            None => Outcome::Quiet,
            Some(t) => Outcome::Battle {
                attacker: self.mover.rank,
                defender: t.rank,
            },
        }
    }

    /// The battle's outcome, if there was one.
    pub fn fight(&self) -> Option<Fight> {
        self.fight
    }
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            cells: [None; Square::COUNT],
            occ: [0; 2],
            walkers: [0; 2],
            scouts: [0; 2],
            counts: [[0; 12]; 2],
        }
    }

    /// The starting position given both players' setups.
    pub fn from_setups(s0: &Setup, s1: &Setup) -> Board {
        let mut b = Board::empty();
        for s in [s0, s1] {
            for (sq, rank) in s.placements() {
                b.add(sq, Piece::new(s.player(), rank));
            }
        }
        b
    }

    /// The piece on `sq`.
    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()]
    }

    /// Puts `piece` on `sq` (or empties it), for building positions.
    ///
    /// # Panics
    /// If `sq` is a lake and `piece` is `Some`.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        assert!(
            piece.is_none() || !sq.is_lake(),
            "no piece can stand on the lake at {sq}"
        );
        if let Some(old) = self.cells[sq.index()] {
            self.remove(sq, old);
        }
        if let Some(p) = piece {
            self.add(sq, p);
        }
    }

    #[inline]
    fn toggle(&mut self, sq: Square, p: Piece) {
        let b = sq.bit();
        let o = p.owner.index();
        self.occ[o] ^= b;
        if p.rank == Rank::Scout {
            self.scouts[o] ^= b;
        } else if p.rank.can_move() {
            self.walkers[o] ^= b;
        }
    }

    #[inline]
    fn add(&mut self, sq: Square, p: Piece) {
        self.cells[sq.index()] = Some(p);
        self.toggle(sq, p);
        self.counts[p.owner.index()][p.rank.index()] += 1;
    }

    #[inline]
    fn remove(&mut self, sq: Square, p: Piece) {
        self.cells[sq.index()] = None;
        self.toggle(sq, p);
        self.counts[p.owner.index()][p.rank.index()] -= 1;
    }

    /// Squares holding `player`'s pieces.
    #[inline]
    pub fn occupied_by(&self, player: Player) -> Bits {
        self.occ[player.index()]
    }

    /// Squares of `player`'s pieces that can move (Bombs and Flag excluded).
    #[inline]
    pub fn movers(&self, player: Player) -> Bits {
        self.walkers[player.index()] | self.scouts[player.index()]
    }

    /// How many pieces of `rank` `player` still has.
    #[inline]
    pub fn count(&self, player: Player, rank: Rank) -> u8 {
        self.counts[player.index()][rank.index()]
    }

    /// How many pieces of each rank (by [`Rank::index`]) `player` still has.
    #[inline]
    pub fn counts(&self, player: Player) -> [u8; 12] {
        self.counts[player.index()]
    }

    /// How many pieces `player` still has.
    pub fn total(&self, player: Player) -> u32 {
        self.occ[player.index()].count_ones()
    }

    /// `player`'s pieces with their squares, in square order.
    pub fn pieces(&self, player: Player) -> impl Iterator<Item = (Square, Rank)> + '_ {
        BitIter(self.occ[player.index()]).map(move |i| {
            let sq = Square::from_index_unchecked(i);
            (
                sq,
                self.cells[i as usize]
                    .expect("occupancy matches cells")
                    .rank,
            )
        })
    }

    pub(crate) fn occupancy(&self, player: Player) -> Occupancy {
        let p = player.index();
        Occupancy {
            own: self.occ[p],
            other: self.occ[1 - p],
            walkers: self.walkers[p],
            scouts: self.scouts[p],
        }
    }

    /// Appends every legal move of `player` to `out` (two-square rule not
    /// applied: that needs the history, see [`Game`](crate::Game)).
    pub fn legal_moves(&self, player: Player, out: &mut MoveList) {
        self.occupancy(player).generate(out);
    }

    /// Appends the attacks of `player` (its legal moves onto an
    /// opponent's piece) to `out`, in the order [`Board::legal_moves`]
    /// lists them.
    pub fn legal_attacks(&self, player: Player, out: &mut MoveList) {
        self.occupancy(player).generate_attacks(out);
    }

    /// Whether `player` has a legal move onto an empty square.
    pub fn has_quiet_move(&self, player: Player) -> bool {
        self.occupancy(player).has_quiet_move()
    }

    /// Whether `player` has at least one legal move.
    pub fn has_legal_move(&self, player: Player) -> bool {
        self.occupancy(player).has_move()
    }

    /// Checks an unchecked move of `player` against this position.
    pub fn check(&self, player: Player, m: &UncheckedMove) -> Result<Move, IllegalMove> {
        self.occupancy(player).check(
            |sq| {
                self.cells[sq.index()]
                    .expect("own piece on an occupied square")
                    .rank
            },
            m,
        )
    }

    /// Plays `mv`, which must be legal here, resolving any battle.
    pub fn make(&mut self, mv: Move) -> Undo {
        let mover = self.cells[mv.from.index()].expect("a legal move starts on a piece");
        let target = self.cells[mv.to.index()];
        self.remove(mv.from, mover);
        let fight = match target {
            None => {
                self.add(mv.to, mover);
                None
            }
            Some(def) => {
                let f = fight(mover.rank, def.rank);
                match f {
                    Fight::AttackerWins => {
                        self.remove(mv.to, def);
                        self.add(mv.to, mover);
                    }
                    Fight::DefenderWins => {}
                    Fight::BothRemoved => self.remove(mv.to, def),
                }
                Some(f)
            }
        };
        Undo {
            mv,
            mover,
            target,
            fight,
        }
    }

    /// Takes back the move that produced `undo` (the last one made).
    pub fn unmake(&mut self, undo: Undo) {
        let Undo {
            mv,
            mover,
            target,
            fight,
        } = undo;
        match (target, fight) {
            (None, _) => self.remove(mv.to, mover),
            (Some(def), Some(Fight::AttackerWins)) => {
                self.remove(mv.to, mover);
                self.add(mv.to, def);
            }
            (Some(def), Some(Fight::BothRemoved)) => self.add(mv.to, def),
            (Some(_), _) => {}
        }
        self.add(mv.from, mover);
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

/// Draws the board as text: one row per line, `.` for an empty square, `~`
/// for a lake, player 0's pieces as ` 4 ` and player 1's as `(4)`, with the
/// symbols of [`Rank::symbol`].
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("  ")?;
        for c in 0..10 {
            write!(f, " {c} ")?;
        }
        writeln!(f)?;
        for r in 0..10u8 {
            write!(f, "{} ", char::from(b'A' + r))?;
            for c in 0..10 {
                let sq = Square::new(r, c).expect("on the board");
                match self.get(sq) {
                    None if sq.is_lake() => f.write_str(" ~ ")?,
                    None => f.write_str(" . ")?,
                    Some(Piece {
                        owner: Player::Zero,
                        rank,
                    }) => write!(f, " {} ", rank.symbol())?,
                    Some(Piece {
                        owner: Player::One,
                        rank,
                    }) => write!(f, "({})", rank.symbol())?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        fmt::Display::fmt(self, f)
    }
}
