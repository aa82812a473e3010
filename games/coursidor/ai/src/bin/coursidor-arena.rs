//! `coursidor-arena`: games between two of our strategies in one process
//! (no referee), colours alternating, on one board: W/D/L for side A and
//! the mean game length. For measurements while developing the AI; the
//! strength figures go through the referee (`make bench-coursidor-strength`).

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use coursidor::Shape;
use coursidor_ai::arena::{self, Result, Side};
use coursidor_ai::strategy::Strategy;

#[derive(Parser, Debug)]
#[command(
    version,
    about = "Games between two of our Coursidor strategies, in one process"
)]
struct Cli {
    /// Side A.
    #[arg(long, value_enum, default_value_t = Strategy::Ai)]
    a: Strategy,
    /// Side B.
    #[arg(long, value_enum, default_value_t = Strategy::Tour)]
    b: Strategy,
    /// The board type.
    #[arg(short = 't', long, value_enum, default_value_t = Shape::T)]
    board: Shape,
    /// The board size.
    #[arg(short = 'm', long, default_value_t = 6)]
    size: u32,
    /// Objectives.
    #[arg(long, default_value_t = 4)]
    objectives: usize,
    /// Games (colours alternate).
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// Time per move of each side, in milliseconds.
    #[arg(long, default_value_t = 100)]
    move_time_ms: u64,
    /// Nodes per search of each side (instead of time).
    #[arg(long)]
    max_nodes: Option<u64>,
    /// First seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Turn limit.
    #[arg(long, default_value_t = 1000)]
    max_turns: u32,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let side = |strategy| Side {
        strategy,
        move_time: Duration::from_millis(cli.move_time_ms),
        max_nodes: cli.max_nodes,
    };
    let (mut w, mut d, mut l, mut plies) = (0, 0, 0, 0u64);
    for g in 0..cli.games {
        let a_black = g % 2 == 0;
        let seed = cli.seed + g / 2;
        let (r, p) = arena::play(
            cli.board,
            cli.size,
            cli.objectives,
            seed,
            side(cli.a),
            side(cli.b),
            a_black,
            cli.max_turns,
        );
        plies += p.len() as u64;
        match r {
            Result::Win => w += 1,
            Result::Draw => d += 1,
            Result::Loss => {
                l += 1;
                println!(
                    "loss: seed {seed}, A {}: {}",
                    if a_black { "black" } else { "white" },
                    p.join(", ")
                );
            }
        }
    }
    println!(
        "{:?} v {:?} on {}{}: {w} won, {d} drawn, {l} lost; {:.1} moves a game",
        cli.a,
        cli.b,
        cli.board,
        cli.size,
        plies as f64 / cli.games.max(1) as f64
    );
    ExitCode::SUCCESS
}
