//! The independent player's setups: random, within the principles a
//! Stratego primer gives. By depth from the back column (0) to the front
//! one (3): the Flag on the back column with Bombs on every square beside
//! it, one or two Bombs on the front squares that face a lake, the other
//! Bombs at depth 0 or 1; the General, the Marshal and the Colonels at
//! depth 2 or 3, the Spy beside the General and not in front, the Miners
//! at depth 0 or 1, the Scouts in front where there is room, the Majors
//! anywhere but the back; the rest shuffled over what is left. A fully
//! shuffled army put its Spy, Marshal and Miners anywhere, the front as
//! often as not (docs/experiments/2026-12-04-ismcts-evaluation.md).

use stratego::{Player, Rank, Setup, Square};

use crate::rng::Rng;

/// Rows (A = 0) whose front square faces a lake.
const LAKE_FRONT_ROWS: [u8; 4] = [2, 3, 6, 7];

/// The depths the General may stand at; the Spy goes beside it.
const GENERAL_DEPTHS: &[u8] = &[2, 3];

/// The ranks placed after the Bombs, the General and the Spy, each with
/// the depths it may stand at, in this order; what finds no room goes
/// with the rest.
const PLACED: [(Rank, &[u8]); 5] = [
    (Rank::Marshal, &[2, 3]),
    (Rank::Colonel, &[2, 3]),
    (Rank::Miner, &[0, 1]),
    (Rank::Scout, &[3]),
    (Rank::Major, &[1, 2, 3]),
];

/// A random setup for `me` (see the module's principles).
pub fn random_setup(me: Player, rng: &mut Rng) -> Setup {
    let squares = Setup::squares(me);
    let back = me.back_column();
    let depth = |sq: Square| sq.col().abs_diff(back);
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
        if depth(n) <= 1 {
            ranks[slot(n)] = Some(Rank::Bomb);
            bombs -= 1;
        }
    }
    // One or two lake fronts blocked: a cheap wall the enemy must probe.
    let front = *me
        .setup_columns()
        .iter()
        .max_by_key(|c| c.abs_diff(back))
        .expect("four setup columns");
    let mut fronts: Vec<usize> = LAKE_FRONT_ROWS
        .iter()
        .map(|&r| slot(Square::new(r, front).expect("on the board")))
        .collect();
    rng.shuffle(&mut fronts);
    for &i in fronts.iter().take(1 + rng.below(2)) {
        ranks[i] = Some(Rank::Bomb);
        bombs -= 1;
    }
    let place = |ranks: &mut [Option<Rank>; Rank::TOTAL],
                 rank: Rank,
                 n: usize,
                 depths: &[u8],
                 rng: &mut Rng| {
        let mut free: Vec<usize> = (0..Rank::TOTAL)
            .filter(|&i| ranks[i].is_none() && depths.contains(&depth(squares[i])))
            .collect();
        rng.shuffle(&mut free);
        let mut placed = Vec::new();
        for &i in free.iter().take(n) {
            ranks[i] = Some(rank);
            placed.push(i);
        }
        placed
    };
    let placed = place(&mut ranks, Rank::Bomb, bombs, &[0, 1], rng);
    debug_assert_eq!(placed.len(), bombs, "the two back rows hold the Bombs");
    // The General before the others, so that the square beside it the Spy
    // takes is still free: so far only Bombs stand, none at depth 2, where
    // one of its neighbours is.
    let general = squares[place(&mut ranks, Rank::General, 1, GENERAL_DEPTHS, rng)[0]];
    // The Spy beside it and not in front, where the first probe would
    // find it.
    let mut beside: Vec<usize> = general
        .neighbours()
        .filter_map(|n| squares.iter().position(|&s| s == n))
        .filter(|&i| ranks[i].is_none() && depth(squares[i]) <= 2)
        .collect();
    rng.shuffle(&mut beside);
    let spy = *beside.first().expect("a free square beside the General");
    ranks[spy] = Some(Rank::Spy);
    let mut left: Vec<Rank> = Vec::new();
    for &(rank, depths) in &PLACED {
        let n = usize::from(rank.count());
        let placed = place(&mut ranks, rank, n, depths, rng);
        left.extend(std::iter::repeat_n(rank, n - placed.len()));
    }
    left.extend(
        Rank::ALL
            .iter()
            .filter(|&&r| {
                !matches!(r, Rank::Flag | Rank::Bomb | Rank::General | Rank::Spy)
                    && !PLACED.iter().any(|&(p, _)| p == r)
            })
            .flat_map(|&r| std::iter::repeat_n(r, usize::from(r.count()))),
    );
    rng.shuffle(&mut left);
    let mut rest = left.into_iter();
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

    /// Depth of `sq` from `me`'s back column (0).
    fn depth(me: Player, sq: Square) -> u8 {
        sq.col().abs_diff(me.back_column())
    }

    /// The depth of every square holding `rank`.
    fn depths(setup: &Setup, me: Player, rank: Rank) -> Vec<u8> {
        setup
            .placements()
            .filter(|&(_, r)| r == rank)
            .map(|(s, _)| depth(me, s))
            .collect()
    }

    #[test]
    fn the_pieces_stand_where_the_principles_put_them() {
        for seed in 0..200 {
            for me in Player::BOTH {
                let setup = random_setup(me, &mut Rng::new(seed));
                let at = |rank| depths(&setup, me, rank);
                for rank in [Rank::Marshal, Rank::General, Rank::Colonel] {
                    assert!(
                        at(rank).iter().all(|&d| d >= 2),
                        "seed {seed}: {rank:?} {setup:?}"
                    );
                }
                assert!(
                    at(Rank::Miner).iter().all(|&d| d <= 1),
                    "seed {seed}: {setup:?}"
                );
                assert!(
                    at(Rank::Bomb).iter().all(|&d| d <= 1 || d == 3),
                    "seed {seed}: {setup:?}"
                );
                let front = setup
                    .placements()
                    .filter(|&(s, r)| r == Rank::Bomb && depth(me, s) == 3)
                    .map(|(s, _)| s.row())
                    .collect::<Vec<_>>();
                assert!(
                    (1..=2).contains(&front.len())
                        && front.iter().all(|r| LAKE_FRONT_ROWS.contains(r)),
                    "seed {seed}: front Bombs on rows {front:?}"
                );
                let (general, _) = setup
                    .placements()
                    .find(|&(_, r)| r == Rank::General)
                    .unwrap();
                let (spy, _) = setup.placements().find(|&(_, r)| r == Rank::Spy).unwrap();
                assert!(
                    general.neighbours().any(|n| n == spy),
                    "seed {seed}: {setup:?}"
                );
                assert!(depth(me, spy) <= 2, "seed {seed}: {setup:?}");
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
