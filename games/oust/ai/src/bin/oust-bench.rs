//! `oust-bench`: the Oust figures of `make bench` (printed, never
//! asserted): legal moves of 9x9 middle-game positions, and our search's
//! nodes per second and depth reached in the seed's 4 seconds on 7x7 and
//! 11x11 middle-game positions.
//!
//! ```text
//! cargo run --release -p oust-ai --bin oust-bench -- --seconds 4 --positions 5
//! ```
//!
//! `--variants` adds the seed's comparison of the optimisations: the depth
//! reached on the same positions with each one switched off (the win rates
//! of the same variants come from `oust-arena`, `docs/games/oust.md`).

use std::time::{Duration, Instant};

use clap::Parser;
use game_core::Rng;
use game_search::stats::{first_drawn, median};
use oust::{Options, Position};
use oust_ai::search::{Settings, search};

/// Prints the Oust benchmarks.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "The Oust figures of make bench: move generation, nodes per second, depth reached"
)]
struct Cli {
    /// Time of each search, in seconds (the seed's rule: 4).
    #[arg(long, default_value_t = 4.0)]
    seconds: f64,
    /// Positions searched per board size.
    #[arg(long, default_value_t = 5)]
    positions: u64,
    /// Also search each position with each optimisation switched off (the
    /// transposition table, move ordering, the quiescence search) and
    /// print the depth each variant reached.
    #[arg(long)]
    variants: bool,
}

/// The search settings compared by `--variants`: the full search, then
/// one optimisation off at a time. Iterative deepening is not among them:
/// without it there is no "depth reached" within a time, only a fixed
/// depth that finishes or not (`oust-arena --a-no-iterative` measures its
/// strength).
fn variants(all_of_them: bool) -> Vec<(&'static str, Settings)> {
    let full = Settings::default();
    let mut v = vec![("full", full)];
    if all_of_them {
        v.push(("no transposition table", Settings { tt: false, ..full }));
        v.push((
            "no move ordering",
            Settings {
                ordering: false,
                ..full
            },
        ));
        v.push((
            "no quiescence",
            Settings {
                quiescence: false,
                ..full
            },
        ));
    }
    v
}

/// A middle-game position: random moves from the empty board until
/// `fill` of its points hold stones (or `plies` moves), unfinished.
fn middle_game(opts: Options, seed: u64, plies: u32) -> Position {
    first_drawn(seed, 1000, |s| {
        let mut rng = Rng::new(s);
        let mut pos = Position::new(opts, 0);
        let mut moves = Vec::new();
        while pos.end().is_none() && pos.plies() < plies {
            pos.legal_moves(&mut moves);
            pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
        pos.end().is_none().then_some(pos)
    })
}

fn main() {
    let cli = Cli::parse();
    println!("== Oust ==");
    // Move generation on 9x9 middle games.
    let nine = Options { cols: 9, rows: 9 };
    let positions: Vec<Position> = (1..=64).map(|s| middle_game(nine, s, 40)).collect();
    let mut moves = Vec::new();
    let mut per_position = Vec::new();
    for _ in 0..15 {
        let start = Instant::now();
        let mut n = 0;
        for _ in 0..100 {
            for p in &positions {
                p.legal_moves(&mut moves);
                n += moves.len();
            }
        }
        let each = start.elapsed().as_secs_f64() / (100.0 * positions.len() as f64);
        per_position.push(each * 1e6);
        assert!(n > 0);
    }
    let mut legal = 0;
    for p in &positions {
        p.legal_moves(&mut moves);
        legal += moves.len();
    }
    println!(
        "legal moves, 9x9 middle games (40 random moves in): {:.2} µs per position (median of 15 runs; {:.1} moves per position)",
        median(&per_position).unwrap_or(f64::NAN),
        legal as f64 / positions.len() as f64
    );
    // The search.
    let budget = Duration::from_secs_f64(cli.seconds);
    for side in [7u8, 11] {
        let opts = Options {
            cols: side,
            rows: side,
        };
        let positions: Vec<Position> = (0..cli.positions)
            .map(|s| middle_game(opts, 100 + s, u32::from(side) * 2))
            .collect();
        for (name, settings) in variants(cli.variants) {
            let (mut depths, mut rates) = (Vec::new(), Vec::new());
            for pos in &positions {
                let r = search(pos, Instant::now() + budget, &settings);
                depths.push(f64::from(r.depth));
                rates.push(r.nodes as f64 / r.elapsed.as_secs_f64());
            }
            let (lo, hi) = (
                depths.iter().copied().fold(f64::INFINITY, f64::min),
                depths.iter().copied().fold(0.0, f64::max),
            );
            let label = if cli.variants {
                format!(", {name}")
            } else {
                String::new()
            };
            println!(
                "search, {side}x{side} middle games ({} positions, {:.1} s each{label}): depth reached median {} ({lo}-{hi}), {:.0} k nodes/s (median)",
                cli.positions,
                cli.seconds,
                median(&depths).unwrap_or(f64::NAN),
                median(&rates).unwrap_or(f64::NAN) / 1e3
            );
        }
    }
}
