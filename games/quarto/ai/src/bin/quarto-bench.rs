//! `quarto-bench`: the Quarto figures of `make bench` (printed, never
//! asserted): the time to solve positions exactly (median and slowest)
//! with 8 to 12 empty squares, at level 1 and level 4, each from scratch
//! (a fresh table); nodes per second; and the earliest point of a game
//! from which the AI plays perfectly within its 0.5 s: the most empty
//! squares at which every sampled position is solved within 0.5 s (the
//! counts go on past 12 while they are).
//!
//! ```text
//! cargo run --release -p quarto-ai --bin quarto-bench -- --positions 9 --levels 1,4
//! ```

use std::time::{Duration, Instant};

use clap::Parser;
use game_core::Rng;
use game_search::stats::{first_drawn, median};
use quarto::{Level, Position};
use quarto_ai::search::{Searcher, Settings};
use quarto_ai::strategy::greedy;

/// Prints the Quarto solver's figures.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "The Quarto figures of make bench: exact solve times, nodes per second, the point from which the AI plays perfectly within 0.5 s"
)]
struct Cli {
    /// Positions per level and number of empty squares.
    #[arg(long, default_value_t = 9)]
    positions: u64,
    /// The fewest empty squares measured; then one more at a time, up to
    /// 12 at least, and on while every position is solved within the
    /// budget (the earliest perfect point), to 16 at most.
    #[arg(long, default_value_t = 8)]
    from: u32,
    /// Levels to measure (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "1,4")]
    levels: Vec<u8>,
    /// Give up a solve after this many seconds (it counts as this long).
    #[arg(long, default_value_t = 60.0)]
    cap_seconds: f64,
    /// The time that counts as "within" for the earliest perfect point.
    #[arg(long, default_value_t = 500)]
    budget_ms: u64,
    /// Without the canonical keys (complements only), for comparison.
    #[arg(long)]
    no_symmetry: bool,
}

/// A position of a game between two greedy players (every gift safe while
/// one is) with `empties` squares left and the game still on; one per seed.
pub fn midgame(level: Level, seed: u64, empties: u32) -> Position {
    first_drawn(seed, 1_000_003, |s| {
        let mut rng = Rng::new(s);
        let mut pos = Position::new(level, 0);
        while pos.end().is_none() && pos.board().empties() > empties {
            let m = greedy(&pos, &mut rng);
            pos.play(m);
        }
        let fits = pos.end().is_none() && pos.board().empties() == empties && pos.hand().is_some();
        fits.then_some(pos)
    })
}

fn main() {
    let cli = Cli::parse();
    println!("== Quarto ==");
    let settings = Settings {
        symmetry: !cli.no_symmetry,
        traps: false,
        ..Settings::default()
    };
    let cap = Duration::from_secs_f64(cli.cap_seconds);
    for &l in &cli.levels {
        let level = Level::new(l).expect("levels 1 to 4");
        let mut within_budget = Vec::new();
        for e in cli.from..=16 {
            let (mut times, mut rates, mut unsolved) = (Vec::new(), Vec::new(), 0);
            for i in 0..cli.positions {
                let pos = midgame(level, 1 + i, e);
                // A fresh table for each: a solve from scratch.
                let mut s = Searcher::new(level, settings);
                let start = Instant::now();
                let r = s.search(&pos, start + cap);
                let t = start.elapsed().as_secs_f64();
                if !r.exact {
                    unsolved += 1;
                }
                times.push(t);
                rates.push(r.nodes as f64 / t.max(1e-9));
            }
            let worst = times.iter().copied().fold(0.0, f64::max);
            let within = worst <= cli.budget_ms as f64 / 1e3 && unsolved == 0;
            within_budget.push((e, within));
            println!(
                "level {l}, {e} empty squares ({} positions from greedy games): exact solve median {:.1} ms, slowest {:.1} ms{}, {:.2} M nodes/s (median)",
                cli.positions,
                median(&times).unwrap_or(f64::NAN) * 1e3,
                worst * 1e3,
                if unsolved > 0 {
                    format!(", {unsolved} not solved within {:.0} s", cli.cap_seconds)
                } else {
                    String::new()
                },
                median(&rates).unwrap_or(f64::NAN) / 1e6
            );
            if e >= 12 && !within {
                break;
            }
        }
        let earliest = within_budget
            .iter()
            .filter(|(_, ok)| *ok)
            .map(|(e, _)| *e)
            .max();
        match earliest {
            Some(e) => println!(
                "level {l}: plays perfectly within {} ms from {e} empty squares (its placement {} of 16), solving from scratch",
                cli.budget_ms,
                17 - e
            ),
            None => println!(
                "level {l}: no measured point is solved within {} ms",
                cli.budget_ms
            ),
        }
    }
}
