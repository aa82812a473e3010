//! `arena`: plays many in-process games between two strategies, colours
//! alternating, and prints wins/draws/losses of the first, how the games
//! ended, and the time per move. For tuning; use a release build.
//!
//! ```text
//! cargo run --release -p stratego-ai --bin arena -- --a ai --b greedy --games 20 --move-time-ms 100
//! ```

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use stratego::{Player, Rules};
use stratego_ai::arena::{self, Ending};
use stratego_ai::strategy::{AiConfig, StrategyName};

/// Plays strategy A against strategy B in-process.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Plays many in-process games between two strategies, colours alternating, and prints how the first one fared"
)]
struct Cli {
    /// The strategy measured.
    #[arg(long, value_enum, default_value_t = StrategyName::Ai)]
    a: StrategyName,
    /// Its opponent.
    #[arg(long, value_enum, default_value_t = StrategyName::Greedy)]
    b: StrategyName,
    /// Number of games; A plays player 0 in even-numbered games.
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Time per move, in milliseconds, for both.
    #[arg(long, default_value_t = 350)]
    move_time_ms: u64,
    /// Node budget per AI move (reproducible games).
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Node budget per move of A only (overrides --max-nodes).
    #[arg(long)]
    a_max_nodes: Option<u64>,
    /// Node budget per move of B only (overrides --max-nodes).
    #[arg(long)]
    b_max_nodes: Option<u64>,
    /// A weight of A's AI, `name=value` (repeatable; see stratego_ai::ai::tuning).
    #[arg(long)]
    a_tune: Vec<String>,
    /// A weight of B's AI, `name=value` (repeatable).
    #[arg(long)]
    b_tune: Vec<String>,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Turn limit (moves of both players together).
    #[arg(long, default_value_t = Rules::DEFAULT_MAX_TURNS)]
    max_turns: u32,
    /// Print one line per game.
    #[arg(long)]
    verbose: bool,
    /// Print the final position of each game (player 0's pieces as ` 4 `,
    /// player 1's as `(4)`).
    #[arg(long)]
    boards: bool,
    /// Print every move (and the board every 100 moves).
    #[arg(long)]
    trace: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let rules = Rules {
        max_turns: cli.max_turns,
        two_square_rule: false,
    };
    let config = |nodes: Option<u64>, tune: &[String]| -> Result<AiConfig, String> {
        let mut c = AiConfig {
            max_nodes: nodes.or(cli.max_nodes),
            ..AiConfig::for_move_time(Duration::from_millis(cli.move_time_ms))
        };
        for t in tune {
            c.tuning.set(t).map_err(|e| e.to_string())?;
        }
        Ok(c)
    };
    let (a_config, b_config) = match (
        config(cli.a_max_nodes, &cli.a_tune),
        config(cli.b_max_nodes, &cli.b_tune),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("arena: {e}");
            return ExitCode::from(2);
        }
    };
    let move_time = Duration::from_millis(cli.move_time_ms);
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut endings: BTreeMap<String, u32> = BTreeMap::new();
    let mut a_times: Vec<Duration> = Vec::new();
    let mut b_times: Vec<Duration> = Vec::new();
    let mut plies = Vec::new();
    let mut reports = Vec::new();
    for g in 0..cli.games {
        let seed = cli.seed + u64::from(g);
        let mut a = cli.a.build(seed, a_config);
        let mut b = cli.b.build(seed ^ 0x9e37_79b9, b_config);
        let a_side = if g % 2 == 0 {
            Player::Zero
        } else {
            Player::One
        };
        let mut tracer = |n: u32, s: arena::Step<'_>| {
            if cli.trace {
                let who = if s.player == a_side { "A" } else { "B" };
                let report = s.report.as_ref().map_or_else(String::new, |r| {
                    let top: Vec<String> =
                        r.top.iter().map(|(m, v)| format!("{m} {v:+.1}")).collect();
                    format!("  [{r}] {}", top.join(", "))
                });
                println!("{n:4} {who} {} -> {}{report}", s.mv, s.result);
                if n % 100 == 0 {
                    println!("{}", s.board);
                }
            }
        };
        let record = if a_side == Player::Zero {
            arena::play_traced([a.as_mut(), b.as_mut()], rules, move_time, &mut tracer)
        } else {
            arena::play_traced([b.as_mut(), a.as_mut()], rules, move_time, &mut tracer)
        };
        let outcome = match record.winner {
            Some(w) if w == a_side => {
                wins += 1;
                "win"
            }
            Some(_) => {
                losses += 1;
                "loss"
            }
            None => {
                draws += 1;
                "draw"
            }
        };
        let ending = match record.ending {
            Ending::Illegal(p) if p == a_side => "illegal move by A".to_owned(),
            Ending::Illegal(_) => "illegal move by B".to_owned(),
            e => e.to_string(),
        };
        let a_max = record.times[a_side.index()]
            .iter()
            .max()
            .copied()
            .unwrap_or_default();
        if cli.verbose {
            println!(
                "game {g:3} seed {seed}: A as player {a_side} {outcome} ({ending}) after {} moves, A max {:.1} ms",
                record.plies,
                a_max.as_secs_f64() * 1e3
            );
        }
        if cli.boards {
            println!("{}", record.board);
        }
        *endings.entry(format!("{outcome}: {ending}")).or_insert(0) += 1;
        a_times.extend(&record.times[a_side.index()]);
        b_times.extend(&record.times[a_side.opponent().index()]);
        plies.push(record.plies);
        reports.extend(record.reports[a_side.index()].iter().cloned());
    }
    let n = f64::from(cli.games.max(1));
    let score = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
    println!(
        "A={:?} vs B={:?}: {} games, +{wins} ={draws} -{losses}, score {:.1}%",
        cli.a,
        cli.b,
        cli.games,
        score * 100.0
    );
    for (e, c) in &endings {
        println!("  {c:4}  {e}");
    }
    plies.sort_unstable();
    if let Some(m) = plies.get(plies.len() / 2) {
        println!("  median game length {m} moves");
    }
    for (name, t) in [("A", &mut a_times), ("B", &mut b_times)] {
        t.sort_unstable();
        if let (Some(max), Some(med)) = (t.last(), t.get(t.len() / 2)) {
            println!(
                "  {name} time per move: median {:.1} ms, max {:.1} ms over {} moves",
                med.as_secs_f64() * 1e3,
                max.as_secs_f64() * 1e3,
                t.len()
            );
        }
    }
    if !reports.is_empty() {
        let mut depths: Vec<i32> = reports.iter().map(|r| r.depth).collect();
        let mut boards: Vec<usize> = reports.iter().map(|r| r.boards).collect();
        let mut nodes: Vec<u64> = reports.iter().map(|r| r.nodes).collect();
        depths.sort_unstable();
        boards.sort_unstable();
        nodes.sort_unstable();
        let mid = reports.len() / 2;
        let total_nodes: u64 = nodes.iter().sum();
        let total_time: f64 = a_times.iter().map(Duration::as_secs_f64).sum();
        println!(
            "  A search: depth median {} (min {}, max {}), boards median {} (min {}), nodes median {}, {:.0} knodes/s",
            depths[mid],
            depths[0],
            depths[depths.len() - 1],
            boards[mid],
            boards[0],
            nodes[mid],
            total_nodes as f64 / total_time.max(1e-9) / 1e3
        );
    }
    ExitCode::SUCCESS
}
