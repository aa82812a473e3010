//! The independent player's setups: random but sane — the Flag on the
//! back row with Bombs on every square around it, the other Bombs on the
//! two back rows, everything else shuffled.

use stratego::{Player, Rank, Setup, Square};

use crate::rng::Rng;

/// A random setup for `me` with the Flag on the back row, walled in by Bombs.
pub fn random_setup(me: Player, rng: &mut Rng) -> Setup {
    let squares = Setup::squares(me);
    let cols = me.setup_columns();
    let back = me.back_column();
    // The setup column next to the back one.
    let second = if back == cols[0] { cols[1] } else { cols[2] };
    let mut ranks: [Option<Rank>; Rank::TOTAL] = [None; Rank::TOTAL];
    let slot = |sq: Square| {
        squares
            .iter()
            .position(|&s| s == sq)
            .expect("a square of the setup area")
    };
    let flag = Square::new(rng.below(10) as u8, back).expect("on the board");
    ranks[slot(flag)] = Some(Rank::Flag);
    let mut bombs = usize::from(Rank::Bomb.count());
    for n in flag.neighbours() {
        if n.col() == back || n.col() == second {
            ranks[slot(n)] = Some(Rank::Bomb);
            bombs -= 1;
        }
    }
    let mut free: Vec<usize> = (0..Rank::TOTAL)
        .filter(|&i| ranks[i].is_none() && (squares[i].col() == back || squares[i].col() == second))
        .collect();
    rng.shuffle(&mut free);
    for &i in free.iter().take(bombs) {
        ranks[i] = Some(Rank::Bomb);
    }
    let mut rest: Vec<Rank> = Rank::ALL
        .iter()
        .filter(|&&r| r != Rank::Flag && r != Rank::Bomb)
        .flat_map(|&r| std::iter::repeat_n(r, usize::from(r.count())))
        .collect();
    rng.shuffle(&mut rest);
    let mut rest = rest.into_iter();
    let ranks: Vec<Rank> = ranks
        .iter()
        .map(|r| r.unwrap_or_else(|| rest.next().expect("40 pieces for 40 squares")))
        .collect();
    Setup::new(me, &ranks).expect("the full army, each rank its count")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_is_on_the_back_row_with_bombs_all_round() {
        for seed in 0..40 {
            for me in Player::BOTH {
                let setup = random_setup(me, &mut Rng::new(seed));
                let (flag, _) = setup.placements().find(|&(_, r)| r == Rank::Flag).unwrap();
                assert_eq!(flag.col(), me.back_column(), "seed {seed}: {setup:?}");
                let open: Vec<Square> = flag
                    .neighbours()
                    .filter(|&n| setup.rank_at(n).is_some_and(|r| r != Rank::Bomb))
                    .collect();
                assert!(open.is_empty(), "seed {seed}: no Bomb on {open:?}");
            }
        }
    }

    #[test]
    fn setups_vary_with_the_seed() {
        let a = random_setup(Player::Zero, &mut Rng::new(1));
        let b = random_setup(Player::Zero, &mut Rng::new(2));
        assert_ne!(a.ranks(), b.ranks());
    }
}
