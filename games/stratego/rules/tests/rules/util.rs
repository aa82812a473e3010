//! Helpers shared by the integration tests.

use stratego::{Player, Rank, Setup};

/// All 40 ranks of one army, in code order.
pub fn army() -> Vec<Rank> {
    Rank::ALL
        .iter()
        .flat_map(|&r| std::iter::repeat_n(r, usize::from(r.count())))
        .collect()
}

/// A setup from 40 space-separated codes.
pub fn setup_from_codes(player: Player, codes: &str) -> Setup {
    let ranks: Vec<Rank> = codes
        .split_whitespace()
        .map(|c| c.parse().unwrap_or_else(|e| panic!("bad code {c:?}: {e}")))
        .collect();
    Setup::new(player, &ranks).unwrap_or_else(|e| panic!("bad setup {codes:?}: {e}"))
}
