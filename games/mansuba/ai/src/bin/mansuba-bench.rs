//! `mansuba-bench`: the Mansuba figures of `make bench` (printed, never
//! asserted): whole games per second of the in-process program between
//! the seed's players; the time to lay out the start sets of five players
//! (the seeds' search) on worlds up to 40 × 40; and the AI's search in
//! middle games — depth reached and nodes per second in its 200 ms.
//!
//! ```text
//! cargo run --release -p mansuba-ai --bin mansuba-bench -- --games 20000
//! ```

use std::time::{Duration, Instant};

use clap::Parser;
use game_core::Rng;
use game_search::stats::first_drawn;
use mansuba::{ConfigName, Neighbours, Options, Position, Relation, Setup, World, seeded};
use mansuba_ai::arena::{self, Player};
use mansuba_ai::search::{Searcher, Settings};
use mansuba_ai::strategy::{Bot, Strategy};

/// Prints the Mansuba figures.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "The Mansuba figures of make bench: in-process games per second, start-set layout times, the AI's depth and nodes per second"
)]
struct Cli {
    /// Games per line of the games-per-second table.
    #[arg(long, default_value_t = 20_000)]
    games: u64,
    /// Middle-game positions the AI searches per line.
    #[arg(long, default_value_t = 20)]
    positions: u64,
    /// The AI's time per position, in milliseconds.
    #[arg(long, default_value_t = 200)]
    move_time_ms: u64,
}

fn games_per_second(options: &Options, strategy: Strategy, games: u64) -> (f64, f64) {
    let setup = Setup::new(options, options.default_max_turns()).expect("a game");
    let seats = setup.players();
    let mut turns = 0u64;
    let start = Instant::now();
    for seed in 0..games {
        let mut players: Vec<Box<dyn Player>> = (0..seats)
            .map(|i| {
                Box::new(Bot::new(strategy, seed * 8 + i as u64, Settings::default()))
                    as Box<dyn Player>
            })
            .collect();
        let pos = arena::play(&setup, seed, &mut players, |_, _| {});
        turns += u64::from(pos.turn());
    }
    let secs = start.elapsed().as_secs_f64();
    (games as f64 / secs, turns as f64 / games as f64)
}

/// A position after 12 turns of the seed's closer players, one per seed.
fn midgame(options: &Options, seed: u64) -> Position {
    let setup = Setup::new(options, options.default_max_turns()).expect("a game");
    first_drawn(seed, 1000, |s| {
        let mut rng = Rng::new(s);
        let mut pos = setup.start(&mut rng);
        let mut bot = Bot::new(Strategy::Closer, s, Settings::default());
        while pos.end().is_none() && pos.turn() < 12 {
            let a = bot.act(&pos);
            pos.play(a, rng.coin());
            if pos.change_due() {
                mansuba::change_relation(&mut pos, &mut rng);
            }
        }
        pos.end().is_none().then_some(pos)
    })
}

fn main() {
    let cli = Cli::parse();
    println!("mansuba-bench (the figures of docs/games/mansuba.md)");
    println!("\nin-process games (the `mansuba` program), 10 x 10:");
    for (config, players, strategy) in [
        (ConfigName::Base, 2u8, Strategy::Random),
        (ConfigName::Base, 2, Strategy::Closer),
        (ConfigName::Base, 5, Strategy::Random),
        (ConfigName::ChessLike, 2, Strategy::Random),
        (ConfigName::Full, 2, Strategy::Random),
    ] {
        let options = Options {
            config,
            players,
            ..Options::default()
        };
        let (per_s, turns) = games_per_second(&options, strategy, cli.games);
        println!(
            "  {:<17} {players} players, {:<6}: {per_s:>8.0} games/s ({turns:.1} turns a game)",
            config.name(),
            strategy.name()
        );
    }
    println!("\nstart sets of 5 players (the seeds' search), milliseconds:");
    println!("  side  square4  square8  triangular    hex");
    for side in [10u16, 20, 40] {
        let world = World::new(side, side).expect("a world");
        let times: Vec<String> = Relation::ALL
            .iter()
            .map(|&r| {
                let n = Neighbours::new(world, r);
                let t = Instant::now();
                let _ = seeded(&n, 5, usize::from(side));
                format!("{:>8.1}", t.elapsed().as_secs_f64() * 1e3)
            })
            .collect();
        println!("  {side:>4} {}", times.join(" "));
    }
    println!(
        "\nthe AI in middle games (after 12 turns of closer players), {} ms a position:",
        cli.move_time_ms
    );
    for (config, players) in [
        (ConfigName::Base, 2u8),
        (ConfigName::Base, 5),
        (ConfigName::ChessLike, 2),
        (ConfigName::Full, 3),
    ] {
        let options = Options {
            config,
            players,
            ..Options::default()
        };
        let mut depths = Vec::new();
        let (mut nodes, mut secs) = (0u64, 0.0);
        for seed in 0..cli.positions {
            let pos = midgame(&options, seed + 1);
            let mut s = Searcher::new(Settings {
                move_time: Duration::from_millis(cli.move_time_ms),
                ..Settings::default()
            });
            let t = Instant::now();
            s.choose(&pos, &mut Rng::new(seed));
            secs += t.elapsed().as_secs_f64();
            let r = s.report();
            depths.push(r.depth);
            nodes += r.nodes;
        }
        depths.sort_unstable();
        println!(
            "  {:<17} {players} players: depth median {} (min {}, max {}), {:.0} nodes/s",
            config.name(),
            depths[depths.len() / 2],
            depths[0],
            depths[depths.len() - 1],
            nodes as f64 / secs
        );
    }
}
