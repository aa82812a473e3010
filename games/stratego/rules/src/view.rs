//! The player-side view: what one player can know from the messages it
//! receives — its own pieces exactly, the opponent's as unknowns identified
//! by where they started, with what battles revealed and how they moved.

use thiserror::Error;

use crate::battle::{Fight, fight};
use crate::bits::Bits;
use crate::board::Board;
use crate::error::IllegalMove;
use crate::movegen::Occupancy;
use crate::moves::{Move, MoveList, UncheckedMove};
use crate::piece::{Piece, Player, Rank};
use crate::setup::Setup;
use crate::square::Square;
use crate::wire::MoveResult;

/// What a player knows of one opponent piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EnemyPiece {
    /// Where it was set up: its identity for the whole game.
    pub origin: Square,
    /// Where it stands now; `None` once removed.
    pub square: Option<Square>,
    /// Its rank, once a battle revealed it.
    pub revealed: Option<Rank>,
    /// Whether it has ever moved (so it is neither Bomb nor Flag).
    pub moved: bool,
    /// Whether it has moved more than one square at once (so it is a Scout).
    pub scouted: bool,
}

impl EnemyPiece {
    /// Its rank if certain: revealed in battle, or a Scout by its movement.
    pub fn known_rank(&self) -> Option<Rank> {
        self.revealed.or(if self.scouted {
            Some(Rank::Scout)
        } else {
            None
        })
    }

    /// Whether it is still on the board.
    pub fn alive(&self) -> bool {
        self.square.is_some()
    }
}

/// The content of a square as a player sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    /// Nothing there (or a lake).
    Empty,
    /// One of the player's own pieces.
    Own(Rank),
    /// An opponent piece: index into [`View::enemies`].
    Enemy(u8),
}

/// Messages that contradict what the player knows: the referee (or the
/// player's own bookkeeping) is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ViewError {
    /// A move arrived when the other player was to move.
    #[error("it is not player {0}'s turn")]
    NotTheirTurn(Player),
    /// The reported opponent move starts where no opponent piece stands.
    #[error("the opponent moved from {0}, where none of its pieces stands")]
    NoEnemyThere(Square),
    /// The reported opponent move is impossible on the known board.
    #[error("the opponent's move {0} is impossible here: {1}")]
    ImpossibleMove(UncheckedMove, IllegalMove),
    /// A result that does not fit the destination (battle on an empty square, ..).
    #[error("result {result} does not fit the move {mv}")]
    ResultMismatch {
        /// The move.
        mv: UncheckedMove,
        /// The result received.
        result: MoveResult,
    },
    /// A revealed rank that contradicts what was already known of the piece.
    #[error("the piece on {square} was known as a {known}, now shown as a {shown}")]
    Contradiction {
        /// Where the piece stands.
        square: Square,
        /// What was known.
        known: Rank,
        /// What was shown.
        shown: Rank,
    },
    /// A piece that has moved was shown as a Bomb or the Flag.
    #[error("the piece on {square} has moved, so it cannot be a {rank}")]
    MovedYetImmobile {
        /// Where the piece stands.
        square: Square,
        /// The immobile rank it was shown as.
        rank: Rank,
    },
    /// `E` or `F` is not a move result a view can apply.
    #[error("result {0} ends the game and changes no square")]
    Final(MoveResult),
}

/// Everything one player can know of the game.
#[derive(Clone, Debug)]
pub struct View {
    me: Player,
    to_move: Player,
    plies: u32,
    cells: [Cell; Square::COUNT],
    own_ranks: [Option<Rank>; Square::COUNT],
    occ: Occupancy,
    enemies: Vec<EnemyPiece>,
    own_lost: [u8; 12],
    enemy_lost: [u8; 12],
}

impl View {
    /// The view at the start of the game: own setup known, the opponent's
    /// 40 pieces on its four columns, all unknown.
    pub fn new(setup: &Setup) -> View {
        let me = setup.player();
        let mut v = View {
            me,
            to_move: Player::Zero,
            plies: 0,
            cells: [Cell::Empty; Square::COUNT],
            own_ranks: [None; Square::COUNT],
            occ: Occupancy::default(),
            enemies: Vec::with_capacity(Rank::TOTAL),
            own_lost: [0; 12],
            enemy_lost: [0; 12],
        };
        for (sq, rank) in setup.placements() {
            v.put_own(sq, rank);
        }
        for (i, sq) in Setup::squares(me.opponent()).into_iter().enumerate() {
            v.enemies.push(EnemyPiece {
                origin: sq,
                square: Some(sq),
                revealed: None,
                moved: false,
                scouted: false,
            });
            v.cells[sq.index()] = Cell::Enemy(i as u8);
            v.occ.other |= sq.bit();
        }
        v
    }

    fn put_own(&mut self, sq: Square, rank: Rank) {
        self.cells[sq.index()] = Cell::Own(rank);
        self.own_ranks[sq.index()] = Some(rank);
        self.toggle_own(sq, rank);
    }

    fn take_own(&mut self, sq: Square) -> Rank {
        let rank = self.own_ranks[sq.index()].take().expect("own piece there");
        self.cells[sq.index()] = Cell::Empty;
        self.toggle_own(sq, rank);
        rank
    }

    fn toggle_own(&mut self, sq: Square, rank: Rank) {
        let b = sq.bit();
        self.occ.own ^= b;
        if rank == Rank::Scout {
            self.occ.scouts ^= b;
        } else if rank.can_move() {
            self.occ.walkers ^= b;
        }
    }

    fn move_enemy(&mut self, id: u8, to: Option<Square>) {
        let e = &mut self.enemies[usize::from(id)];
        if let Some(from) = e.square {
            self.cells[from.index()] = Cell::Empty;
            self.occ.other &= !from.bit();
        }
        e.square = to;
        if let Some(to) = to {
            self.cells[to.index()] = Cell::Enemy(id);
            self.occ.other |= to.bit();
        }
    }

    fn remove_enemy(&mut self, id: u8, rank: Rank) {
        self.move_enemy(id, None);
        self.enemy_lost[rank.index()] += 1;
    }

    /// This player.
    pub fn me(&self) -> Player {
        self.me
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Moves played so far, both players together.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// What stands on `sq`.
    #[inline]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    /// Every opponent piece, indexed as in [`Cell::Enemy`], removed ones included.
    pub fn enemies(&self) -> &[EnemyPiece] {
        &self.enemies
    }

    /// The opponent piece on `sq`, with its index.
    pub fn enemy_at(&self, sq: Square) -> Option<(usize, &EnemyPiece)> {
        match self.cells[sq.index()] {
            Cell::Enemy(i) => Some((usize::from(i), &self.enemies[usize::from(i)])),
            _ => None,
        }
    }

    /// Own pieces with their squares, in square order.
    pub fn own_pieces(&self) -> impl Iterator<Item = (Square, Rank)> + '_ {
        crate::bits::BitIter(self.occ.own).map(move |i| {
            let sq = Square::from_index_unchecked(i);
            (
                sq,
                self.own_ranks[i as usize].expect("own occupancy matches"),
            )
        })
    }

    /// Squares holding own pieces.
    pub fn own_squares(&self) -> Bits {
        self.occ.own
    }

    /// Squares holding opponent pieces.
    pub fn enemy_squares(&self) -> Bits {
        self.occ.other
    }

    /// How many of its own pieces of `rank` this player has lost.
    pub fn own_lost(&self, rank: Rank) -> u8 {
        self.own_lost[rank.index()]
    }

    /// How many opponent pieces of `rank` have been removed.
    pub fn enemy_lost(&self, rank: Rank) -> u8 {
        self.enemy_lost[rank.index()]
    }

    /// For each rank (by [`Rank::index`]), how many opponent pieces on the
    /// board are of that rank but not yet identified: the initial count,
    /// less those removed, less those alive whose rank is known.
    pub fn unidentified_counts(&self) -> [u8; 12] {
        let mut c: [u8; 12] = std::array::from_fn(|i| Rank::ALL[i].count() - self.enemy_lost[i]);
        for e in self.enemies.iter().filter(|e| e.alive()) {
            if let Some(r) = e.known_rank() {
                c[r.index()] = c[r.index()].saturating_sub(1);
            }
        }
        c
    }

    /// Appends this player's legal moves to `out` (two-square rule not applied).
    pub fn legal_moves(&self, out: &mut MoveList) {
        self.occ.generate(out);
    }

    /// Checks a move of this player against what it knows (legality never
    /// depends on the hidden ranks).
    pub fn check(&self, m: &UncheckedMove) -> Result<Move, IllegalMove> {
        self.occ
            .check(|sq| self.own_ranks[sq.index()].expect("own piece there"), m)
    }

    /// Applies this player's own move and the result the referee sent.
    pub fn apply_own(&mut self, mv: Move, result: MoveResult) -> Result<(), ViewError> {
        if self.to_move != self.me {
            return Err(ViewError::NotTheirTurn(self.me));
        }
        let wire = mv.to_unchecked();
        self.check(&wire)
            .map_err(|e| ViewError::ImpossibleMove(wire, e))?;
        let mismatch = ViewError::ResultMismatch { mv: wire, result };
        let mine = self.own_ranks[mv.from.index()].expect("checked");
        match (result, self.cells[mv.to.index()]) {
            (MoveResult::Nothing, Cell::Empty) => {
                self.take_own(mv.from);
                self.put_own(mv.to, mine);
            }
            (MoveResult::Battle { attacker, defender }, Cell::Enemy(id)) if attacker == mine => {
                self.reveal(id, defender)?;
                self.take_own(mv.from);
                match fight(attacker, defender) {
                    Fight::AttackerWins => {
                        self.remove_enemy(id, defender);
                        self.put_own(mv.to, mine);
                    }
                    Fight::DefenderWins => self.own_lost[mine.index()] += 1,
                    Fight::BothRemoved => {
                        self.remove_enemy(id, defender);
                        self.own_lost[mine.index()] += 1;
                    }
                }
            }
            (MoveResult::Error | MoveResult::Failure, _) => return Err(ViewError::Final(result)),
            _ => return Err(mismatch),
        }
        self.end_turn();
        Ok(())
    }

    /// Applies the opponent's move (as forwarded by the referee) and its result.
    pub fn apply_opponent(
        &mut self,
        m: UncheckedMove,
        result: MoveResult,
    ) -> Result<(), ViewError> {
        let them = self.me.opponent();
        if self.to_move != them {
            return Err(ViewError::NotTheirTurn(them));
        }
        let Cell::Enemy(id) = self.cells[m.from.index()] else {
            return Err(ViewError::NoEnemyThere(m.from));
        };
        // Check the path with the sides swapped; the rank is unknown, so
        // let it be a Scout: the path rules are what can be checked.
        let theirs = Occupancy {
            own: self.occ.other,
            other: self.occ.own,
            walkers: 0,
            scouts: m.from.bit(),
        };
        let mv = theirs
            .check(|_| Rank::Scout, &m)
            .map_err(|e| ViewError::ImpossibleMove(m, e))?;
        let e = self.enemies[usize::from(id)];
        if let Some(known) = e.revealed {
            if !known.can_move() {
                return Err(ViewError::MovedYetImmobile {
                    square: m.from,
                    rank: known,
                });
            }
            if m.distance > 1 && known != Rank::Scout {
                return Err(ViewError::Contradiction {
                    square: m.from,
                    known,
                    shown: Rank::Scout,
                });
            }
        }
        {
            let e = &mut self.enemies[usize::from(id)];
            e.moved = true;
            e.scouted |= m.distance > 1;
        }
        let mismatch = ViewError::ResultMismatch { mv: m, result };
        match (result, self.cells[mv.to.index()]) {
            (MoveResult::Nothing, Cell::Empty) => self.move_enemy(id, Some(mv.to)),
            (MoveResult::Battle { attacker, defender }, Cell::Own(mine)) if defender == mine => {
                self.reveal(id, attacker)?;
                match fight(attacker, defender) {
                    Fight::AttackerWins => {
                        self.take_own(mv.to);
                        self.own_lost[mine.index()] += 1;
                        self.move_enemy(id, Some(mv.to));
                    }
                    Fight::DefenderWins => self.remove_enemy(id, attacker),
                    Fight::BothRemoved => {
                        self.take_own(mv.to);
                        self.own_lost[mine.index()] += 1;
                        self.remove_enemy(id, attacker);
                    }
                }
            }
            (MoveResult::Error | MoveResult::Failure, _) => return Err(ViewError::Final(result)),
            _ => return Err(mismatch),
        }
        self.end_turn();
        Ok(())
    }

    fn reveal(&mut self, id: u8, shown: Rank) -> Result<(), ViewError> {
        let e = &mut self.enemies[usize::from(id)];
        let square = e.square.expect("revealed pieces are on the board");
        if let Some(known) = e.known_rank() {
            if known != shown {
                return Err(ViewError::Contradiction {
                    square,
                    known,
                    shown,
                });
            }
        }
        if e.moved && !shown.can_move() {
            return Err(ViewError::MovedYetImmobile {
                square,
                rank: shown,
            });
        }
        e.revealed = Some(shown);
        Ok(())
    }

    fn end_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.plies += 1;
    }

    /// A full-information board with this player's pieces as they are and
    /// each opponent piece still on the board given the rank `guess(index)`
    /// (a determinization for search).
    pub fn determinize(&self, mut guess: impl FnMut(usize, &EnemyPiece) -> Rank) -> Board {
        let mut b = Board::empty();
        for (sq, rank) in self.own_pieces() {
            b.set(sq, Some(Piece::new(self.me, rank)));
        }
        for (i, e) in self.enemies.iter().enumerate() {
            if let Some(sq) = e.square {
                b.set(sq, Some(Piece::new(self.me.opponent(), guess(i, e))));
            }
        }
        b
    }

    /// The view `me` would have of `board`, with `to_move` to play, if the
    /// opponent pieces standing on `revealed` had been identified in battle
    /// and those on `moved` had moved; every opponent piece is taken to
    /// have started where it stands, and pieces missing from `board` to
    /// have been lost. For building positions in tests and analysis.
    pub fn from_board(
        board: &Board,
        me: Player,
        to_move: Player,
        revealed: Bits,
        moved: Bits,
    ) -> View {
        let them = me.opponent();
        let mut v = View {
            me,
            to_move,
            plies: 0,
            cells: [Cell::Empty; Square::COUNT],
            own_ranks: [None; Square::COUNT],
            occ: Occupancy::default(),
            enemies: Vec::with_capacity(Rank::TOTAL),
            own_lost: std::array::from_fn(|i| Rank::ALL[i].count() - board.count(me, Rank::ALL[i])),
            enemy_lost: std::array::from_fn(|i| {
                Rank::ALL[i].count() - board.count(them, Rank::ALL[i])
            }),
        };
        for (sq, rank) in board.pieces(me) {
            v.put_own(sq, rank);
        }
        for (sq, rank) in board.pieces(them) {
            let i = v.enemies.len() as u8;
            v.enemies.push(EnemyPiece {
                origin: sq,
                square: Some(sq),
                revealed: (revealed & sq.bit() != 0).then_some(rank),
                moved: moved & sq.bit() != 0 && rank.can_move(),
                scouted: false,
            });
            v.cells[sq.index()] = Cell::Enemy(i);
            v.occ.other |= sq.bit();
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{mv, position, setup, sq};
    use Rank::*;

    fn battle(attacker: Rank, defender: Rank) -> MoveResult {
        MoveResult::Battle { attacker, defender }
    }

    /// Checks and applies our move `m` (as text), told `result`.
    fn own(v: &mut View, m: &str, result: MoveResult) -> Result<(), ViewError> {
        let checked = v.check(&mv(m)).unwrap();
        v.apply_own(checked, result)
    }

    #[test]
    fn starts_with_own_pieces_known_and_forty_unknowns() {
        let v = View::new(&setup(Player::One));
        assert_eq!(v.me(), Player::One);
        assert_eq!(v.cell(sq("A7")), Cell::Own(Flag));
        assert!(matches!(v.cell(sq("A0")), Cell::Enemy(0)));
        assert_eq!(v.enemies().len(), 40);
        assert!(
            v.enemies()
                .iter()
                .all(|e| e.known_rank().is_none() && !e.moved)
        );
        let counts = v.unidentified_counts();
        assert_eq!(counts[Bomb.index()], 6);
        assert_eq!(counts[Scout.index()], 8);
        assert_eq!(v.to_move(), Player::Zero);
    }

    #[test]
    fn opponent_moves_mark_pieces_moved_and_scouts() {
        let mut v = View::new(&setup(Player::One));
        v.apply_opponent(mv("B3 E 1"), MoveResult::Nothing).unwrap();
        let (_, e) = v.enemy_at(sq("B4")).unwrap();
        assert!(e.moved && !e.scouted);
        assert_eq!(e.origin, sq("B3"));
        assert_eq!(v.cell(sq("B3")), Cell::Empty);
        // Our move, then a two-square move of theirs: a Scout.
        let mine = v.check(&mv("A9 W 1"));
        assert!(mine.is_err(), "A8 is our own piece");
        own(&mut v, "E6 W 1", MoveResult::Nothing).unwrap();
        v.apply_opponent(mv("A3 E 2"), MoveResult::Nothing).unwrap();
        let (_, e) = v.enemy_at(sq("A5")).unwrap();
        assert_eq!(e.known_rank(), Some(Scout));
        assert_eq!(v.unidentified_counts()[Scout.index()], 7);
    }

    #[test]
    fn battles_reveal_and_remove() {
        let mut v = View::new(&setup(Player::Zero));
        // Our Scout on F3 runs to F6 and dies on a Major.
        own(&mut v, "F3 E 3", battle(Scout, Major)).unwrap();
        assert_eq!(v.cell(sq("F3")), Cell::Empty);
        assert_eq!(v.own_lost(Scout), 1);
        let (_, e) = v.enemy_at(sq("F6")).unwrap();
        assert_eq!(e.revealed, Some(Major));
        assert_eq!(v.unidentified_counts()[Major.index()], 2);
        // Their Major walks to F5, our Colonel to F3; their Major attacks it and loses.
        v.apply_opponent(mv("F6 W 1"), MoveResult::Nothing).unwrap();
        own(&mut v, "F2 E 1", MoveResult::Nothing).unwrap();
        v.apply_opponent(mv("F5 W 1"), MoveResult::Nothing).unwrap();
        own(&mut v, "A3 E 1", MoveResult::Nothing).unwrap();
        v.apply_opponent(mv("F4 W 1"), battle(Major, Colonel))
            .unwrap();
        assert_eq!(v.cell(sq("F3")), Cell::Own(Colonel));
        assert_eq!(v.cell(sq("F4")), Cell::Empty);
        assert_eq!(v.enemy_lost(Major), 1);
        // A battle reported on an empty square does not fit.
        assert!(matches!(
            own(&mut v, "F3 E 1", battle(Colonel, Spy)),
            Err(ViewError::ResultMismatch { .. })
        ));
    }

    #[test]
    fn own_attack_removes_the_defeated_enemy() {
        let mut v = View::new(&setup(Player::Zero));
        own(&mut v, "B3 E 3", battle(Scout, Spy)).unwrap();
        assert_eq!(v.cell(sq("B6")), Cell::Own(Scout));
        assert_eq!(v.enemy_lost(Spy), 1);
        assert_eq!(v.unidentified_counts()[Spy.index()], 0);
        assert!(!v.enemies()[4].alive());
    }

    #[test]
    fn inconsistent_messages_are_errors() {
        let mut v = View::new(&setup(Player::One));
        assert_eq!(
            v.apply_opponent(mv("B5 E 1"), MoveResult::Nothing),
            Err(ViewError::NoEnemyThere(sq("B5")))
        );
        assert!(matches!(
            v.apply_opponent(mv("B3 E 1"), battle(Scout, Spy)),
            Err(ViewError::ResultMismatch { .. })
        ));
        assert!(matches!(
            v.apply_opponent(mv("C3 E 1"), MoveResult::Nothing),
            Err(ViewError::ImpossibleMove(..))
        ));
        assert_eq!(
            own(&mut v, "E6 W 1", MoveResult::Nothing),
            Err(ViewError::NotTheirTurn(Player::One))
        );
    }

    #[test]
    fn a_piece_that_moved_cannot_be_shown_as_a_bomb() {
        let mut v = View::new(&setup(Player::One));
        v.apply_opponent(mv("E3 E 1"), MoveResult::Nothing).unwrap();
        own(&mut v, "E6 W 1", MoveResult::Nothing).unwrap();
        let err = v.apply_opponent(mv("E4 E 1"), battle(Bomb, Colonel));
        assert_eq!(
            err,
            Err(ViewError::MovedYetImmobile {
                square: sq("E4"),
                rank: Bomb
            })
        );
    }

    #[test]
    fn determinize_places_every_living_piece() {
        let v = View::new(&setup(Player::Zero));
        let b = v.determinize(|_, _| Scout);
        assert_eq!(b.total(Player::Zero), 40);
        assert_eq!(b.total(Player::One), 40);
        assert_eq!(b.count(Player::One, Scout), 40);
    }

    #[test]
    fn a_view_built_from_a_board_hides_what_was_not_revealed() {
        let b = position("0 Flag A0, 0 Marshal E2, 1 Flag J9, 1 Spy E5, 1 Scout F7");
        let v = View::from_board(
            &b,
            Player::Zero,
            Player::Zero,
            sq("E5").bit(),
            sq("F7").bit(),
        );
        assert_eq!(v.cell(sq("E2")), Cell::Own(Marshal));
        let (_, spy) = v.enemy_at(sq("E5")).unwrap();
        assert_eq!(spy.known_rank(), Some(Spy));
        let (_, scout) = v.enemy_at(sq("F7")).unwrap();
        assert_eq!((scout.known_rank(), scout.moved), (None, true));
        assert_eq!(v.enemy_lost(Bomb), 6);
        assert_eq!(v.own_lost(General), 1);
        let counts = v.unidentified_counts();
        assert_eq!(
            (
                counts[Flag.index()],
                counts[Scout.index()],
                counts[Spy.index()]
            ),
            (1, 1, 0)
        );
        let mut moves = MoveList::new();
        v.legal_moves(&mut moves);
        assert_eq!(moves.len(), 4);
    }
}
