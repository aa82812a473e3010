//! The shield of a hidden strong piece: while one of our pieces that beats
//! or ties an enemy rank is unidentified, any unknown piece of ours may be
//! it, and that rank attacks our unknown pieces at its peril.
//!
//! peternlewis attacks a piece only when every rank it could be loses to
//! the attacker (ties included), and strikes a rank off all our unknown
//! pieces once every piece of that rank has been seen in battle. So once
//! our Marshal and General had both fought, its General took every piece
//! of ours that had moved: over 80 games of stop 25 and 26, 342 of the
//! 349 takes of unknown pieces of ours by its General came after both had
//! been seen, 163 of the 175 by its Colonels after our Marshal, General
//! and both Colonels had. Strong human players keep the General hidden for
//! the same reason.
//!
//! What reveals our strong pieces is mostly the enemy's probes, not their
//! own attacks: peternlewis attacks every unknown piece of ours next to
//! one of its Captains, Lieutenants, Sergeants or Scouts, and in 14 games
//! 23 of the 28 first sights of our Marshal and General came from such
//! an attack. The search cannot see a probe coming (below the root the
//! opponent plays the sampled board, where a Captain does not attack a
//! General), so a piece next to an enemy mover counts as seen already.

use stratego::bits::Bits;
use stratego::{Player, Rank};

use super::geometry::spread;
use super::position::Pos;

/// Bonus for each enemy rank (Marshal, General, Colonel) that has a piece
/// on the board while at least one piece of ours that beats or ties it is
/// unidentified.
const SHIELD: [i32; 3] = [80, 150, 60];

/// The shield bonus of side `p`: for each strong enemy rank still on the
/// board, [`SHIELD`] if one of `p`'s pieces at least as strong is alive,
/// unidentified, and not next to an enemy piece that moves (which may
/// probe it) unless it stands on `home` (near its Flag, where it must
/// meet intruders whatever it shows).
pub fn shield(pos: &Pos, p: Player, home: Bits) -> i32 {
    let ours = pos.by_rank(p);
    let theirs = pos.by_rank(p.opponent());
    let probed = spread(pos.board().movers(p.opponent())) & !home;
    let hidden = !pos.known(p) & !probed;
    let mut total = 0;
    // Our unidentified pieces of rank index < r + 1 (Marshal..rank r).
    let mut cover = 0;
    for (r, &bonus) in SHIELD.iter().enumerate() {
        cover |= ours[r] & hidden;
        if theirs[r] != 0 && cover != 0 {
            total += bonus;
        }
    }
    debug_assert_eq!(Rank::ALL[SHIELD.len() - 1], Rank::Colonel);
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use stratego::{Board, Piece, Square};

    fn shield0(pos: &Pos, p: Player) -> i32 {
        shield(pos, p, 0)
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// Our Marshal on A0 and General on A1, theirs on J0 and J1; `known`
    /// lists which of ours the enemy has identified.
    fn pos(known: &[&str]) -> Pos {
        let mut b = Board::empty();
        for (s, p, r) in [
            ("A0", Player::Zero, Rank::Marshal),
            ("A1", Player::Zero, Rank::General),
            ("J0", Player::One, Rank::Marshal),
            ("J1", Player::One, Rank::General),
        ] {
            b.set(sq(s), Some(Piece::new(p, r)));
        }
        let k: Bits = known.iter().fold(0, |acc, s| acc | sq(s).bit());
        Pos::new(b, Player::Zero, [k, 0], [k, 0])
    }

    #[test]
    fn the_last_hidden_match_for_their_general_is_worth_most() {
        let all_hidden = shield0(&pos(&[]), Player::Zero);
        // The Marshal seen: the General still covers their General.
        let marshal_seen = shield0(&pos(&["A0"]), Player::Zero);
        // Both seen: their Marshal and General attack our unknown pieces.
        let both_seen = shield0(&pos(&["A0", "A1"]), Player::Zero);
        assert_eq!(all_hidden - marshal_seen, SHIELD[0]);
        assert_eq!(marshal_seen - both_seen, SHIELD[1]);
        assert_eq!(both_seen, 0);
        // The General seen first leaves the Marshal covering both ranks.
        assert_eq!(shield0(&pos(&["A1"]), Player::Zero), all_hidden);
    }

    #[test]
    fn a_piece_next_to_an_enemy_mover_may_be_probed() {
        let marshal_seen = pos(&["A0"]);
        let mut b = marshal_seen.board().clone();
        b.set(sq("B1"), Some(Piece::new(Player::One, Rank::Captain)));
        let probed = Pos::new(b, Player::Zero, [sq("A0").bit(), 0], [sq("A0").bit(), 0]);
        assert_eq!(shield0(&marshal_seen, Player::Zero), SHIELD[1]);
        assert_eq!(shield0(&probed, Player::Zero), 0);
    }
}
