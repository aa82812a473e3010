//! `strength`: the strength benchmark (`make bench-strength`). Plays the AI
//! against each baseline strategy through the real referee, colours
//! alternating, and prints wins/draws/losses, the score with its 95%
//! interval, how the games ended, the reply times, and the search depth
//! reached; then checks the targets of the issue.
//!
//! Exit status: 0 when every target is met, 1 when one is missed, 2 for a
//! usage error.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use anyhow::{Context, Result, bail};
use bench::game::{GameSpec, Played};
use bench::summary::{Tally, max};
use clap::Parser;

/// Plays the player's AI against baseline strategies through the referee.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Plays the AI against baseline strategies through the referee and checks the strength targets"
)]
struct Cli {
    /// Games against each opponent.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Opponent strategies of the player program (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "random,greedy")]
    opponents: Vec<String>,
    /// Games played at once. Each game runs the AI on one core; more jobs
    /// than cores make the reply times meaningless.
    #[arg(short, long, default_value_t = 2)]
    jobs: usize,
    /// The referee program.
    #[arg(long, default_value = "target/release/referee")]
    referee: PathBuf,
    /// The player program (the AI and the baselines).
    #[arg(long, default_value = "target/release/player")]
    player: PathBuf,
    /// The AI's time budget per move.
    #[arg(long, default_value_t = 350)]
    move_time_ms: u64,
    /// The referee's limit per reply.
    #[arg(long, default_value_t = 500)]
    time_limit_ms: u64,
    /// Where each game's logs and record go.
    #[arg(long, default_value = "logs/bench-strength")]
    log_dir: PathBuf,
    /// Seed of the first game; game i of each opponent uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A target of the issue: the lowest score against an opponent.
fn target_score(opponent: &str) -> Option<f64> {
    match opponent {
        "random" => Some(0.99),
        "greedy" => Some(0.90),
        _ => None,
    }
}

/// Replies must stay under this (the referee allows 500 ms).
const TARGET_MAX_REPLY_MS: f64 = 450.0;

struct Job {
    opponent: usize,
    index: u32,
}

fn spec(cli: &Cli, opponent: &str, index: u32) -> (GameSpec, usize) {
    let seed = cli.seed + u64::from(index);
    let ai_args = vec![
        "--seed".to_owned(),
        seed.to_string(),
        "--move-time-ms".to_owned(),
        cli.move_time_ms.to_string(),
    ];
    let opp_args = vec![
        "--strategy".to_owned(),
        opponent.to_owned(),
        "--seed".to_owned(),
        (seed ^ 0x5eed).to_string(),
    ];
    let ai_side = (index % 2) as usize;
    let ai = (cli.player.clone(), ai_args);
    let opp = (cli.player.clone(), opp_args);
    let (player0, player1) = if ai_side == 0 { (ai, opp) } else { (opp, ai) };
    let spec = GameSpec {
        referee: cli.referee.clone(),
        player0,
        player1,
        time_limit_ms: cli.time_limit_ms,
        dir: cli.log_dir.join(opponent).join(format!("game-{index:04}")),
    };
    (spec, ai_side)
}

fn run(cli: &Cli) -> Result<bool> {
    for (what, path) in [("referee", &cli.referee), ("player", &cli.player)] {
        if !path.is_file() {
            bail!(
                "the {what} program {} does not exist (build with `cargo build --release --workspace --bins`)",
                path.display()
            );
        }
    }
    let jobs: Vec<Job> = (0..cli.opponents.len())
        .flat_map(|o| (0..cli.games).map(move |index| Job { opponent: o, index }))
        .collect();
    let total = jobs.len();
    let queue = Mutex::new(jobs.into_iter());
    let tallies = Mutex::new(vec![Tally::default(); cli.opponents.len()]);
    let errors: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let done = AtomicU32::new(0);
    std::thread::scope(|s| {
        for _ in 0..cli.jobs.max(1) {
            s.spawn(|| {
                loop {
                    let Some(job) = queue.lock().expect("queue lock").next() else {
                        break;
                    };
                    let opponent = &cli.opponents[job.opponent];
                    let (spec, ai_side) = spec(cli, opponent, job.index);
                    let result: Result<Played> = spec
                        .play()
                        .with_context(|| format!("game {} against {opponent}", job.index));
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    match result {
                        Ok(played) => {
                            let v = &played.verdict;
                            let outcome = match v.winner.map(usize::from) {
                                Some(w) if w == ai_side => "win",
                                Some(_) => "LOSS",
                                None => "draw",
                            };
                            eprintln!(
                                "[{n}/{total}] vs {opponent} game {} (AI is player {ai_side}): {outcome}, {} after {} moves, AI max reply {:.1} ms",
                                job.index,
                                v.reason,
                                v.moves,
                                max(&played.reply_ms[ai_side]).unwrap_or(0.0)
                            );
                            tallies.lock().expect("tally lock")[job.opponent]
                                .add(&played, ai_side);
                        }
                        Err(e) => {
                            eprintln!("[{n}/{total}] {e:#}");
                            errors.lock().expect("error lock").push(format!("{e:#}"));
                        }
                    }
                }
            });
        }
    });
    let tallies = tallies.into_inner().expect("tally lock");
    let errors = errors.into_inner().expect("error lock");
    println!(
        "strength: the AI ({}, --move-time-ms {}) through {} (--time-limit-ms {}), {} jobs",
        cli.player.display(),
        cli.move_time_ms,
        cli.referee.display(),
        cli.time_limit_ms,
        cli.jobs
    );
    let mut met = errors.is_empty();
    for (name, t) in cli.opponents.iter().zip(&tallies) {
        println!("against {name}:");
        print!("{t}");
        if let Some(target) = target_score(name) {
            let ok = t.score() >= target;
            met &= ok;
            println!(
                "  target score >= {:.0}%: {}",
                target * 100.0,
                if ok { "met" } else { "MISSED" }
            );
        }
        let ok = t.max_reply_ms < TARGET_MAX_REPLY_MS;
        met &= ok && t.faults == 0;
        println!(
            "  target max reply < {TARGET_MAX_REPLY_MS:.0} ms: {}; no game lost by E or F: {}",
            if ok { "met" } else { "MISSED" },
            if t.faults == 0 { "met" } else { "MISSED" }
        );
    }
    for e in &errors {
        println!("error: {e}");
    }
    println!("all targets {}", if met { "met" } else { "NOT met" });
    Ok(met)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("strength: {e:#}");
            ExitCode::from(2)
        }
    }
}
