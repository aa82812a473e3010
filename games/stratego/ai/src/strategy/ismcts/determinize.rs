//! Determinizations: one full board drawn from what we have seen, the
//! hidden enemy ranks dealt uniformly among the deals consistent with the
//! evidence — ranks revealed in battle (or by a Scout's long move), pieces
//! that have moved (so neither Bomb nor Flag), and the counts of each rank
//! still on the board.

use stratego::{Board, Piece, Player, Rank, Square, View};

use crate::rng::Rng;

/// What a determinization is drawn from: the board with everything known
/// (our pieces and the identified enemy ones), the squares of the enemy
/// pieces still unidentified, and the ranks left to deal them.
#[derive(Clone, Debug)]
pub struct Evidence {
    known: Board,
    them: Player,
    /// Unidentified enemy pieces that have moved.
    moved: Vec<Square>,
    /// Unidentified enemy pieces that never moved.
    unmoved: Vec<Square>,
    /// Ranks left for the unidentified pieces that can move.
    mobile: Vec<Rank>,
    /// Bombs and Flag left among the unidentified pieces.
    immobile: Vec<Rank>,
}

impl Evidence {
    /// The evidence in `view`.
    pub fn from_view(view: &View) -> Evidence {
        let them = view.me().opponent();
        let mut known = Board::empty();
        for (sq, rank) in view.own_pieces() {
            known.set(sq, Some(Piece::new(view.me(), rank)));
        }
        let (mut moved, mut unmoved) = (Vec::new(), Vec::new());
        for e in view.enemies() {
            let Some(sq) = e.square else { continue };
            match e.known_rank() {
                Some(rank) => known.set(sq, Some(Piece::new(them, rank))),
                None if e.moved => moved.push(sq),
                None => unmoved.push(sq),
            }
        }
        let (mut mobile, mut immobile) = (Vec::new(), Vec::new());
        for (i, &n) in view.unidentified_counts().iter().enumerate() {
            let rank = Rank::ALL[i];
            let pool = if rank.can_move() {
                &mut mobile
            } else {
                &mut immobile
            };
            pool.extend(std::iter::repeat_n(rank, usize::from(n)));
        }
        Evidence {
            known,
            them,
            moved,
            unmoved,
            mobile,
            immobile,
        }
    }

    /// How many enemy pieces are unidentified.
    pub fn hidden(&self) -> usize {
        self.moved.len() + self.unmoved.len()
    }

    /// A board with the hidden ranks dealt at random: the Bombs and the
    /// Flag left go to a uniformly drawn set of the unmoved pieces, the
    /// mobile ranks are shuffled over the rest. Every deal consistent with
    /// the evidence comes out equally often (each set of unmoved pieces
    /// holds the immobile ranks in as many deals as any other).
    ///
    /// Only a view that contradicts itself can leave more immobile ranks
    /// than unmoved pieces; the surplus then goes to moved pieces rather
    /// than nowhere, so that the board still holds every piece.
    pub fn sample(&self, rng: &mut Rng) -> Board {
        let mut board = self.known.clone();
        let mut unmoved = self.unmoved.clone();
        rng.shuffle(&mut unmoved);
        let mut ranks = self.mobile.clone();
        rng.shuffle(&mut ranks);
        let k = self.immobile.len().min(unmoved.len());
        let (bombs_flag, rest) = unmoved.split_at(k);
        let mut immobile = self.immobile.iter();
        for (&sq, &rank) in bombs_flag.iter().zip(immobile.by_ref()) {
            board.set(sq, Some(Piece::new(self.them, rank)));
        }
        let mut dealt = ranks.iter().chain(immobile);
        for &sq in self.moved.iter().chain(rest) {
            let rank = *dealt.next().expect("as many ranks as hidden pieces");
            board.set(sq, Some(Piece::new(self.them, rank)));
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{position, sq};
    use Player::{One as Them, Zero as Us};
    use stratego::bits::Bits;

    /// A view of `pieces` (as [`position`] reads them) for player 0, with
    /// `revealed` and `moved` enemies.
    fn view(pieces: &str, revealed: Bits, moved: Bits) -> View {
        View::from_board(&position(pieces), Us, Us, revealed, moved)
    }

    #[test]
    fn deals_respect_revealed_ranks_moves_and_counts() {
        // Their army: a Flag, two Bombs, a Marshal (revealed), a Miner and
        // a Scout (both moved, unrevealed).
        let pieces = "Flag A0, Major B0 \
                      / Flag J9, Bomb I9, Bomb J8, Marshal E6, Miner F6, Scout G6";
        let revealed = sq("E6").bit();
        let moved = sq("E6").bit() | sq("F6").bit() | sq("G6").bit();
        let v = view(pieces, revealed, moved);
        let army = position(pieces);
        let ev = Evidence::from_view(&v);
        assert_eq!(ev.hidden(), 5);
        let mut rng = Rng::new(7);
        let mut flag_at = std::collections::HashMap::new();
        for _ in 0..600 {
            let b = ev.sample(&mut rng);
            assert_eq!(b.get(sq("E6")), Some(Piece::new(Them, Rank::Marshal)));
            assert_eq!(b.get(sq("B0")), Some(Piece::new(Us, Rank::Major)));
            for moved in ["F6", "G6"] {
                let r = b.get(sq(moved)).unwrap().rank;
                assert!(r.can_move(), "{moved} moved but was dealt a {r}");
            }
            // Exactly the ranks the opponent has left, each once per piece.
            for r in Rank::ALL {
                assert_eq!(b.count(Them, r), army.count(Them, r), "{r}");
            }
            for (s, r) in b.pieces(Them) {
                if r == Rank::Flag {
                    *flag_at.entry(s).or_insert(0) += 1;
                }
            }
        }
        // The Flag is among the three unmoved pieces, each about a third of
        // the time (200 expected).
        assert_eq!(flag_at.len(), 3, "{flag_at:?}");
        for (s, n) in flag_at {
            assert!((150..250).contains(&n), "Flag on {s} {n} times in 600");
        }
    }

    #[test]
    fn a_scouts_long_move_identifies_it() {
        let pieces = "Flag A0 / Flag J9, Scout E6, Sergeant F6";
        let mut v = View::from_board(&position(pieces), Us, Them, 0, 0);
        v.apply_opponent(
            crate::testkit::mv("E6\nW\n3\n"),
            stratego::MoveResult::Nothing,
        )
        .unwrap();
        let ev = Evidence::from_view(&v);
        assert_eq!(ev.hidden(), 2);
        let mut rng = Rng::new(1);
        for _ in 0..50 {
            let b = ev.sample(&mut rng);
            assert_eq!(b.get(sq("E3")), Some(Piece::new(Them, Rank::Scout)));
            assert_ne!(b.get(sq("F6")).unwrap().rank, Rank::Scout);
        }
    }
}
