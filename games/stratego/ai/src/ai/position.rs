//! The position the search works on: a full-information board (one
//! determinization), which pieces each side has seen revealed, and a
//! Zobrist hash kept up to date by make/unmake.

use stratego::bits::Bits;
use stratego::{Board, Fight, Move, MoveList, Piece, Player, Square, Undo};

/// Zobrist keys: one per (owner, rank, square), built at compile time from
/// a fixed SplitMix64 sequence so hashes are the same in every run.
const fn zobrist_keys(seed: u64) -> [[[u64; Square::COUNT]; 12]; 2] {
    let mut keys = [[[0u64; Square::COUNT]; 12]; 2];
    let mut x: u64 = seed;
    let mut p = 0;
    while p < 2 {
        let mut r = 0;
        while r < 12 {
            let mut s = 0;
            while s < Square::COUNT {
                x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = x;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                keys[p][r][s] = z ^ (z >> 31);
                s += 1;
            }
            r += 1;
        }
        p += 1;
    }
    keys
}

static ZOBRIST: [[[u64; Square::COUNT]; 12]; 2] = zobrist_keys(0x5eed_5eed_1234_5678);

/// Keys of the shape ([`Pos::shape`]): by (owner, rank, square) for a piece
/// the other side knows, and for a piece it does not know the slot of the
/// Flag's index (no piece is known to be a Flag until it is taken).
static SHAPE: [[[u64; Square::COUNT]; 12]; 2] = zobrist_keys(0x0b5e_7ab1_e5a4_e123);

/// Key of the side to move being player 1.
const SIDE_KEY: u64 = 0x2d35_8dcc_aa6c_78a5;

/// The Zobrist key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    ZOBRIST[piece.owner.index()][piece.rank.index()][sq.index()]
}

/// The shape key of `piece` on `sq`, known to the other side or not.
#[inline]
fn shape_key(piece: Piece, sq: Square, known: bool) -> u64 {
    let rank = if known {
        piece.rank
    } else {
        stratego::Rank::Flag
    };
    SHAPE[piece.owner.index()][rank.index()][sq.index()]
}

/// A determinized position under search.
#[derive(Clone, Debug)]
pub struct Pos {
    board: Board,
    /// Per player, the squares of its pieces whose rank the other side knows.
    known: [Bits; 2],
    /// Per player, the squares of its pieces that have moved (so the other
    /// side knows they are neither Bomb nor Flag).
    moved: [Bits; 2],
    /// Per player and rank (by [`Rank::index`]), the squares of its pieces.
    ranks: [[Bits; 12]; 2],
    to_move: Player,
    hash: u64,
    shape: u64,
}

/// What [`Pos::make`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct PosUndo {
    undo: Undo,
    known: [Bits; 2],
    moved: [Bits; 2],
    hash: u64,
    shape: u64,
}

impl PosUndo {
    /// The board-level record: the move, the pieces, the battle.
    pub fn board_undo(&self) -> &Undo {
        &self.undo
    }
}

impl Pos {
    /// A position from a board, the side to move, and per player the
    /// squares of its pieces that the opponent has seen revealed, and of
    /// those that have moved.
    pub fn new(board: Board, to_move: Player, known: [Bits; 2], moved: [Bits; 2]) -> Pos {
        let mut hash = if to_move == Player::One { SIDE_KEY } else { 0 };
        let mut shape = hash;
        let mut ranks = [[0; 12]; 2];
        for p in Player::BOTH {
            for (sq, rank) in board.pieces(p) {
                let piece = Piece::new(p, rank);
                hash ^= piece_key(piece, sq);
                shape ^= shape_key(piece, sq, known[p.index()] & sq.bit() != 0);
                ranks[p.index()][rank.index()] |= sq.bit();
            }
        }
        Pos {
            board,
            known,
            moved,
            ranks,
            to_move,
            hash,
            shape,
        }
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The Zobrist hash of the pieces and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// A Zobrist hash of what both sides see: the side to move, and each
    /// piece by its owner and square, with its rank only if the other side
    /// knows it. The determinizations of one decision differ only in the
    /// ranks of pieces we do not know, so a position reached on several of
    /// them has one shape: the search keys what it learns about move order
    /// on it ([`super::search::Searcher`]), never values, which depend on
    /// the hidden ranks.
    #[inline]
    pub fn shape(&self) -> u64 {
        self.shape
    }

    /// Squares of `player`'s pieces whose rank the opponent knows.
    #[inline]
    pub fn known(&self, player: Player) -> Bits {
        self.known[player.index()]
    }

    /// Squares of `player`'s pieces that have moved.
    #[inline]
    pub fn moved(&self, player: Player) -> Bits {
        self.moved[player.index()]
    }

    /// Squares of `player`'s pieces, by rank (by [`Rank::index`]).
    #[inline]
    pub fn by_rank(&self, player: Player) -> &[Bits; 12] {
        &self.ranks[player.index()]
    }

    /// Legal moves of the side to move.
    #[inline]
    pub fn legal_moves(&self, out: &mut MoveList) {
        self.board.legal_moves(self.to_move, out);
    }

    /// The attacks of the side to move, in the order of [`Pos::legal_moves`].
    #[inline]
    pub fn legal_attacks(&self, out: &mut MoveList) {
        self.board.legal_attacks(self.to_move, out);
    }

    /// Plays `mv` (legal here): resolves the battle, reveals both pieces
    /// of a battle, passes the turn.
    pub fn make(&mut self, mv: Move) -> PosUndo {
        let saved = PosUndo {
            undo: self.board.make(mv),
            known: self.known,
            moved: self.moved,
            hash: self.hash,
            shape: self.shape,
        };
        let u = &saved.undo;
        let me = self.to_move.index();
        let them = 1 - me;
        let (from, to) = (mv.from().bit(), mv.to().bit());
        let mover = u.mover();
        let mut h = self.hash ^ SIDE_KEY ^ piece_key(mover, mv.from());
        let was_known = self.known[me] & from != 0;
        let def_known = self.known[them] & to != 0;
        let mut shape = self.shape ^ SIDE_KEY ^ shape_key(mover, mv.from(), was_known);
        self.known[me] &= !from;
        self.moved[me] &= !from;
        match (u.target(), u.fight()) {
            (None, _) => {
                h ^= piece_key(mover, mv.to());
                shape ^= shape_key(mover, mv.to(), was_known);
                self.moved[me] |= to;
                if was_known {
                    self.known[me] |= to;
                }
            }
            (Some(def), Some(Fight::AttackerWins)) => {
                h ^= piece_key(def, mv.to()) ^ piece_key(mover, mv.to());
                shape ^= shape_key(def, mv.to(), def_known) ^ shape_key(mover, mv.to(), true);
                self.known[them] &= !to;
                self.moved[them] &= !to;
                self.known[me] |= to;
                self.moved[me] |= to;
            }
            (Some(def), Some(Fight::DefenderWins)) => {
                shape ^= shape_key(def, mv.to(), def_known) ^ shape_key(def, mv.to(), true);
                self.known[them] |= to;
            }
            (Some(def), _) => {
                h ^= piece_key(def, mv.to());
                shape ^= shape_key(def, mv.to(), def_known);
                self.known[them] &= !to;
                self.moved[them] &= !to;
            }
        }
        self.hash = h;
        self.shape = shape;
        self.toggle_ranks(u);
        self.to_move = self.to_move.opponent();
        saved
    }

    /// Updates the per-rank sets for the move of `u`; its own inverse.
    #[inline]
    fn toggle_ranks(&mut self, u: &Undo) {
        let mv = u.mv();
        let mover = u.mover();
        let (from, to) = (mv.from().bit(), mv.to().bit());
        let m = &mut self.ranks[mover.owner.index()][mover.rank.index()];
        match (u.target(), u.fight()) {
            (None, _) | (Some(_), Some(Fight::AttackerWins)) => *m ^= from | to,
            _ => *m ^= from,
        }
        if let (Some(def), Some(Fight::AttackerWins | Fight::BothRemoved)) = (u.target(), u.fight())
        {
            self.ranks[def.owner.index()][def.rank.index()] ^= to;
        }
    }

    /// Takes back the last move made.
    pub fn unmake(&mut self, u: PosUndo) {
        self.toggle_ranks(&u.undo);
        self.board.unmake(u.undo);
        self.known = u.known;
        self.moved = u.moved;
        self.hash = u.hash;
        self.shape = u.shape;
        self.to_move = self.to_move.opponent();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stratego::Rank;
    use stratego::Setup;

    fn start() -> Pos {
        let s0 = crate::ai::setups::template(Player::Zero, 0);
        let s1 = crate::ai::setups::template(Player::One, 1);
        let board = Board::from_setups(&s0, &s1);
        let _: &Setup = &s0;
        Pos::new(board, Player::Zero, [0, 0], [0, 0])
    }

    #[test]
    fn make_unmake_restores_everything_and_hash_is_incremental() {
        let mut pos = start();
        let mut rng = crate::rng::Rng::new(3);
        let mut stack = Vec::new();
        let mut snapshots = Vec::new();
        for _ in 0..200 {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() || pos.board().count(Player::Zero, Rank::Flag) == 0 {
                break;
            }
            let Some(&mv) = rng.choose(&moves) else { break };
            if pos.board().count(Player::One, Rank::Flag) == 0 {
                break;
            }
            snapshots.push((
                pos.board().clone(),
                pos.known,
                pos.moved,
                (pos.hash, pos.shape),
            ));
            stack.push(pos.make(mv));
            let fresh = Pos::new(pos.board().clone(), pos.to_move(), pos.known, pos.moved);
            assert_eq!(fresh.hash(), pos.hash(), "incremental hash after {mv:?}");
            assert_eq!(fresh.shape(), pos.shape(), "incremental shape after {mv:?}");
            assert_eq!(fresh.ranks, pos.ranks, "rank sets after {mv:?}");
        }
        while let Some(u) = stack.pop() {
            pos.unmake(u);
            let (b, k, m, h) = snapshots.pop().unwrap();
            assert_eq!(pos.board(), &b);
            assert_eq!((pos.known, pos.moved, (pos.hash, pos.shape)), (k, m, h));
            let fresh = Pos::new(b, pos.to_move(), k, m);
            assert_eq!(fresh.ranks, pos.ranks);
        }
    }

    #[test]
    fn the_shape_is_blind_to_the_ranks_the_other_side_does_not_know() {
        let at = |ours: Rank, theirs: Rank, known: [Bits; 2]| {
            let mut board = Board::empty();
            board.set("E3".parse().unwrap(), Some(Piece::new(Player::Zero, ours)));
            board.set("E6".parse().unwrap(), Some(Piece::new(Player::One, theirs)));
            Pos::new(board, Player::Zero, known, [0, 0])
        };
        let e6: Square = "E6".parse().unwrap();
        let (a, b) = (
            at(Rank::General, Rank::Captain, [0, 0]),
            at(Rank::General, Rank::Bomb, [0, 0]),
        );
        assert_ne!(a.hash(), b.hash());
        assert_eq!(a.shape(), b.shape());
        // Known, the rank counts.
        let (a, b) = (
            at(Rank::General, Rank::Captain, [0, e6.bit()]),
            at(Rank::General, Rank::Bomb, [0, e6.bit()]),
        );
        assert_ne!(a.shape(), b.shape());
        // Whether a piece is known counts as well.
        assert_ne!(a.shape(), at(Rank::General, Rank::Captain, [0, 0]).shape());
    }

    #[test]
    fn battles_reveal_the_survivor() {
        let mut board = Board::empty();
        let a: Square = "E3".parse().unwrap();
        let b: Square = "E4".parse().unwrap();
        board.set(a, Some(Piece::new(Player::Zero, Rank::General)));
        board.set(b, Some(Piece::new(Player::One, Rank::Captain)));
        let mut pos = Pos::new(board, Player::Zero, [0, 0], [0, 0]);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let attack = moves.iter().copied().find(|m| m.to() == b).unwrap();
        let u = pos.make(attack);
        assert_eq!(pos.known(Player::Zero), b.bit());
        pos.unmake(u);
        assert_eq!(pos.known(Player::Zero), 0);
    }
}
