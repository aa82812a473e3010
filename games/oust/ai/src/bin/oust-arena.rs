//! `oust-arena`: many in-process Oust games between two strategies, sides
//! alternating; prints A's wins, draws and losses with a 95% interval, and
//! the AI's mean depth. For measuring (use a release build):
//!
//! ```text
//! cargo run --release -p oust-ai --bin oust-arena -- --a ai --b greedy --games 100 --move-time-ms 100
//! ```

use std::time::Duration;

use clap::Parser;
use game_search::arena::Match;
use oust::{Colour, Options};
use oust_ai::arena::{Side, play};
use oust_ai::search::Settings;

/// Plays strategy A against strategy B, sides alternating.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Plays many in-process Oust games between two strategies, sides alternating"
)]
struct Cli {
    /// The strategies, the games and the first seed.
    #[command(flatten)]
    game: Match,
    /// Time per move of a search, in ms.
    #[arg(long, default_value_t = 100)]
    move_time_ms: u64,
    /// Board columns.
    #[arg(long, default_value_t = 7)]
    cols: u8,
    /// Board rows.
    #[arg(long, default_value_t = 7)]
    rows: u8,
    /// Random moves before the strategies take over, the same for both
    /// games of a pair (colours swapped): the AI is deterministic, and
    /// from the empty board a game between equals is decided by colour.
    #[arg(long, default_value_t = 0)]
    opening: u32,
    /// A's search without the transposition table.
    #[arg(long)]
    a_no_tt: bool,
    /// A's search without move ordering.
    #[arg(long)]
    a_no_ordering: bool,
    /// A's search without iterative deepening (one search to --a-depth).
    #[arg(long)]
    a_no_iterative: bool,
    /// A's depth without iterative deepening.
    #[arg(long, default_value_t = 4)]
    a_depth: u32,
    /// A's search without quiescence.
    #[arg(long)]
    a_no_quiescence: bool,
    /// A evaluates material alone.
    #[arg(long)]
    a_material_only: bool,
}

fn main() {
    let cli = Cli::parse();
    let a = Side {
        strategy: cli.game.a,
        settings: Settings {
            tt: !cli.a_no_tt,
            ordering: !cli.a_no_ordering,
            iterative: !cli.a_no_iterative,
            fixed_depth: cli.a_depth,
            quiescence: !cli.a_no_quiescence,
            weights: if cli.a_material_only {
                oust_ai::eval::Weights::MATERIAL
            } else {
                oust_ai::eval::Weights::DEFAULT
            },
            ..Settings::default()
        },
    };
    let b = Side {
        strategy: cli.game.b,
        settings: Settings::default(),
    };
    let opts = Options {
        cols: cli.cols,
        rows: cli.rows,
    };
    let per_move = Duration::from_millis(cli.move_time_ms);
    let (mut depth_sum, mut depth_n, mut plies) = (0u64, 0u64, 0u64);
    let tally = cli.game.play(&a, &b, |g, a_seat, sides| {
        // Pairs of games share a seed, so share their opening.
        let seed = cli.game.seed + u64::from(g / 2);
        let game = play(sides[0], sides[1], opts, per_move, seed, cli.opening);
        let (s, n) = game.depth[a_seat];
        depth_sum += s;
        depth_n += n;
        plies += u64::from(game.plies);
        game.winner.map(Colour::seat)
    });
    let n = f64::from(cli.game.games);
    println!(
        "{:?} vs {:?} on {}x{}, {} ms/move: {tally}, A's mean depth {:.2}, mean plies {:.1}",
        cli.game.a,
        cli.game.b,
        cli.cols,
        cli.rows,
        cli.move_time_ms,
        if depth_n > 0 {
            depth_sum as f64 / depth_n as f64
        } else {
            0.0
        },
        plies as f64 / n
    );
}
