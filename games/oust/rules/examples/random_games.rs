//! How long random games last: plies per game by board size, and how many
//! end blocked (two passes in a row: a draw) rather than by a capture of
//! every stone (`cargo run --release -p oust --example
//! random_games -- 2000`).

use game_core::Rng;
use oust::{Options, Position};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    for side in [5u8, 7, 9, 11, 15, 19, 30] {
        let opts = Options {
            cols: side,
            rows: side,
        };
        let mut rng = Rng::new(u64::from(side));
        let mut plies = Vec::new();
        let mut blocked = 0;
        let mut moves = Vec::new();
        for _ in 0..games {
            let mut pos = Position::new(opts, 1_000_000);
            while pos.end().is_none() {
                pos.legal_moves(&mut moves);
                let m = moves[rng.below(moves.len() as u64) as usize];
                pos.play_unchecked(m);
            }
            if pos.end().unwrap().winner.is_none() {
                blocked += 1;
            }
            plies.push(pos.plies());
        }
        plies.sort_unstable();
        println!(
            "{side}x{side}: {games} random games, plies median {} p99 {} max {}, blocked (draws) {blocked}",
            plies[plies.len() / 2],
            plies[plies.len() * 99 / 100],
            plies[plies.len() - 1]
        );
    }
}
