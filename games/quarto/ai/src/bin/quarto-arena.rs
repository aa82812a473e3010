//! `quarto-arena`: many in-process Quarto games between two strategies,
//! sides alternating; prints A's wins, draws and losses with a 95%
//! interval. For measuring (use a release build):
//!
//! ```text
//! cargo run --release -p quarto-ai --bin quarto-arena -- --a ai --b greedy --games 100 --level 4
//! ```

use std::time::Duration;

use clap::Parser;
use game_search::arena::Match;
use quarto::Level;
use quarto_ai::arena::{Side, play};
use quarto_ai::search::Settings;

/// Plays strategy A against strategy B, sides alternating.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Plays many in-process Quarto games between two strategies, sides alternating"
)]
struct Cli {
    /// The strategies, the games and the first seed.
    #[command(flatten)]
    game: Match,
    /// The level.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=4))]
    level: u8,
    /// Time per move of a search, in ms.
    #[arg(long, default_value_t = 500)]
    move_time_ms: u64,
    /// A without the tie-break by traps.
    #[arg(long)]
    a_no_traps: bool,
    /// A without symmetries in its table (complements only).
    #[arg(long)]
    a_no_symmetry: bool,
    /// A without a transposition table.
    #[arg(long)]
    a_no_tt: bool,
}

fn main() {
    let cli = Cli::parse();
    let level = Level::new(cli.level).expect("1 to 4");
    let a = Side {
        strategy: cli.game.a,
        settings: Settings {
            traps: !cli.a_no_traps,
            symmetry: !cli.a_no_symmetry,
            tt: !cli.a_no_tt,
            ..Settings::default()
        },
    };
    let b = Side {
        strategy: cli.game.b,
        settings: Settings::default(),
    };
    let per_move = Duration::from_millis(cli.move_time_ms);
    let mut slowest = Duration::ZERO;
    let tally = cli.game.play(&a, &b, |g, a_seat, sides| {
        let game = play(sides, level, per_move, cli.game.seed + u64::from(g));
        slowest = slowest.max(game.slowest[a_seat]);
        game.winner.map(usize::from)
    });
    println!(
        "{:?} vs {:?} at level {}, {} ms/move: {tally}, A's slowest move {:.0} ms",
        cli.game.a,
        cli.game.b,
        cli.level,
        cli.move_time_ms,
        slowest.as_secs_f64() * 1e3
    );
}
