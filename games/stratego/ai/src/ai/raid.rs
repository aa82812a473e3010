//! Identified enemy raiders among our pieces: what each could take next,
//! for the pieces of ours no piece of ours would avenge.
//!
//! peternlewis walks its General, once we have identified it, through our
//! side and takes whatever it beats: in the games lost to it, its known
//! General took 6.3 of our pieces a game (3.2 in the games won; 100 games
//! of stop 24: 6.7 and 3.6), its known Colonels 2.8 to 4.6, while the
//! search, three or four plies deep, saw one capture at a time and let
//! the next victim stand. A piece of ours stands exposed when an
//! identified enemy piece that beats it is one or two steps away and no
//! piece of ours that beats the raider stands next to it (the raider that
//! takes it would be taken back on the same square).

use stratego::bits::{BitIter, Bits};
use stratego::{Player, Rank};

use super::fights::{BEATEN_BY, BEATS};
use super::geometry::{ring, spread};
use super::position::Pos;
use super::values::Values;

/// Share (per hundred) of an exposed piece's value, by its distance to the
/// raider (none from 3 squares on): next to it, the raider takes it on its
/// next move unless it flees, and it cannot flee from two raiders at once.
const EXPOSED: [i32; 3] = [0, 40, 15];

/// The ranks counted as raiders: the pieces strong enough that most of our
/// army falls to them (Marshal to Major).
const RAIDERS: usize = 4;

/// Value of our pieces exposed to identified enemy raiders, as shares of
/// what each is worth to us ([`EXPOSED`] by distance), for `me`.
///
/// Only our pieces that have moved or that the enemy has identified count:
/// an unmoved piece it has not seen may be a Bomb, and raiders do not walk
/// into those.
pub fn exposed(pos: &Pos, me: Player, v_own: &Values) -> i32 {
    let them = me.opponent();
    let theirs = pos.by_rank(them);
    let ours = pos.by_rank(me);
    let seen = pos.moved(me) | pos.known(me);
    let mut total = 0;
    for (r, &raiders) in theirs.iter().enumerate().take(RAIDERS) {
        let raiders = raiders & pos.known(them);
        if raiders == 0 {
            continue;
        }
        // Our pieces that would take the raider back, and the squares
        // they guard.
        let avengers = rank_set(ours, BEATEN_BY[r]);
        let guarded = spread(avengers);
        let prey = rank_set(ours, BEATS[r]) & seen & !guarded;
        if prey == 0 {
            continue;
        }
        for x in BitIter(raiders) {
            for (d, share) in EXPOSED.iter().enumerate().skip(1) {
                let near = ring(x as usize, d) & prey;
                if near == 0 {
                    continue;
                }
                for (rank, &squares) in ours.iter().enumerate().take(10) {
                    let n = (squares & near).count_ones() as i32;
                    total += n * v_own.of(Rank::ALL[rank]) * share / 100;
                }
            }
        }
    }
    total
}

/// The squares of `ranks`' pieces (bit per [`Rank::index`]) in `by_rank`,
/// leaving out the Flag and Bombs, which do not move out of reach and are
/// scored by the Flag's own terms.
fn rank_set(by_rank: &[Bits; 12], ranks: u16) -> Bits {
    by_rank
        .iter()
        .take(10)
        .enumerate()
        .filter(|&(r, _)| ranks & (1 << r) != 0)
        .fold(0, |acc, (_, &b)| acc | b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use stratego::{Board, Piece, Square};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// Every piece listed has moved and is known to the other side.
    fn pos(pieces: &[(&str, Player, Rank)]) -> Pos {
        let mut b = Board::empty();
        let mut seen = [0; 2];
        for &(s, p, r) in pieces {
            b.set(sq(s), Some(Piece::new(p, r)));
            seen[p.index()] |= sq(s).bit();
        }
        Pos::new(b, Player::Zero, seen, seen)
    }

    fn values(pos: &Pos) -> Values {
        let counts = |p: Player| std::array::from_fn(|i| pos.by_rank(p)[i].count_ones() as u8);
        Values::new(&counts(Player::Zero), &counts(Player::One))
    }

    fn exposure(pieces: &[(&str, Player, Rank)]) -> i32 {
        let p = pos(pieces);
        exposed(&p, Player::Zero, &values(&p))
    }

    #[test]
    fn a_piece_next_to_a_known_general_is_exposed_unless_avenged() {
        use Player::*;
        let general = ("E5", One, Rank::General);
        let lieutenant = ("E4", Zero, Rank::Lieutenant);
        let alone = exposure(&[general, lieutenant]);
        assert!(alone > 0);
        // Two steps away, less; our Marshal beside the Lieutenant avenges it.
        assert!(exposure(&[general, ("E3", Zero, Rank::Lieutenant)]) < alone);
        assert_eq!(
            exposure(&[general, lieutenant, ("F4", Zero, Rank::Marshal)]),
            0
        );
        // A piece that beats or ties the General is no prey.
        assert_eq!(exposure(&[general, ("E4", Zero, Rank::General)]), 0);
        // Nor is anything near a raider we have not identified.
        let mut p = pos(&[general, lieutenant]);
        p = Pos::new(
            p.board().clone(),
            Zero,
            [p.known(Zero), 0],
            [p.moved(Zero), 0],
        );
        assert_eq!(exposed(&p, Zero, &values(&p)), 0);
    }

    #[test]
    fn an_unmoved_piece_the_enemy_has_not_seen_may_be_a_bomb() {
        use Player::*;
        let p = pos(&[("E5", One, Rank::General)]);
        let mut b = p.board().clone();
        b.set(sq("E4"), Some(Piece::new(Zero, Rank::Sergeant)));
        let unseen = Pos::new(b, Zero, [0, p.known(One)], [0, p.moved(One)]);
        assert_eq!(exposed(&unseen, Zero, &values(&unseen)), 0);
    }
}
