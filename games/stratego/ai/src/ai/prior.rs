//! The prior over an enemy piece's rank, from the square it started on.
//!
//! Setups are not random: Flags sit on the back column, Bombs round them
//! and in the back half, Scouts and the strong pieces in front, Miners in
//! the back for the end game. The table gives, for each rank, the share of
//! its pieces that setups put in each column counted from the front. The
//! shares follow the placement statistics of human setups reported in the
//! Stratego literature (de Boer's "Invincible" thesis, Stankiewicz and
//! Schadd's opponent modelling), rounded; the Sinkhorn step in
//! [`knowledge`](super::knowledge) makes the expected counts exact anyway.

use stratego::{Player, Rank, Square};

/// For each rank (by [`Rank::index`]), the share of its pieces in the
/// front column, the second, the third and the back column.
const SHARE_BY_DEPTH: [[f64; 4]; 12] = [
    [0.30, 0.40, 0.25, 0.05], // Marshal
    [0.30, 0.40, 0.25, 0.05], // General
    [0.30, 0.35, 0.25, 0.10], // Colonel
    [0.30, 0.30, 0.25, 0.15], // Major
    [0.30, 0.30, 0.25, 0.15], // Captain
    [0.30, 0.25, 0.25, 0.20], // Lieutenant
    [0.25, 0.25, 0.25, 0.25], // Sergeant
    [0.10, 0.20, 0.30, 0.40], // Miner
    [0.40, 0.25, 0.20, 0.15], // Scout
    [0.15, 0.40, 0.35, 0.10], // Spy
    [0.00, 0.03, 0.12, 0.85], // Flag
    [0.12, 0.23, 0.30, 0.35], // Bomb
];

/// How far `origin` lies behind `owner`'s front column: 0 for the front
/// column (3 or 6), 3 for the back column (0 or 9).
pub fn depth(owner: Player, origin: Square) -> usize {
    match owner {
        Player::Zero => 3 - usize::from(origin.col().min(3)),
        Player::One => usize::from(origin.col().max(6)) - 6,
    }
}

/// Unnormalised prior weights of each rank for a piece of `owner` that
/// started on `origin`: the expected number of pieces of that rank a setup
/// puts on a square of that column, mixed with the share of that rank in
/// the army at weight `agnostic_weight` (the AI's `prior_agnostic`):
/// programs do not all set up like humans, and a zero prior could never be
/// overturned by what the game shows.
pub fn weights(owner: Player, origin: Square, agnostic_weight: f64) -> [f64; 12] {
    let d = depth(owner, origin);
    std::array::from_fn(|i| {
        let count = f64::from(Rank::ALL[i].count());
        let typical = SHARE_BY_DEPTH[i][d] * count / 10.0;
        let agnostic = count / Rank::TOTAL as f64;
        (1.0 - agnostic_weight) * typical + agnostic_weight * agnostic
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_from_the_front_for_both_players() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(depth(Player::Zero, sq("A3")), 0);
        assert_eq!(depth(Player::Zero, sq("J0")), 3);
        assert_eq!(depth(Player::One, sq("A6")), 0);
        assert_eq!(depth(Player::One, sq("E9")), 3);
    }

    #[test]
    fn shares_are_distributions_and_columns_hold_about_ten_pieces() {
        for row in SHARE_BY_DEPTH {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
        for d in 0..4 {
            let per_column: f64 = SHARE_BY_DEPTH
                .iter()
                .zip(Rank::ALL)
                .map(|(share, r)| share[d] * f64::from(r.count()))
                .sum();
            assert!((per_column - 10.0).abs() < 1.0, "column {d}: {per_column}");
        }
    }

    #[test]
    fn the_flag_is_likeliest_at_the_back() {
        let share = crate::ai::tuning::Tuning::default().prior_agnostic;
        let back = weights(Player::One, "E9".parse().unwrap(), share);
        let front = weights(Player::One, "E6".parse().unwrap(), share);
        assert!(back[Rank::Flag.index()] > 10.0 * front[Rank::Flag.index()]);
        assert!(
            front[Rank::Flag.index()] > 0.0,
            "a front Flag stays possible"
        );
        assert!(front[Rank::Scout.index()] > back[Rank::Scout.index()]);
    }
}
