//! Figure 3: games per second between two random players
//! (`player --strategy random`), one game at a time and two at a time.
//!
//! Each run plays the same list of seeded games (default settings of the
//! referee), so every run does the same work; games per second is the
//! number of games over the run's wall-clock time.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::bail;
use bench::stats::Summary;

use crate::tools::{self, Player, Tools};

/// The figures of the throughput benchmark.
pub struct Throughput {
    /// Games per run.
    pub games: usize,
    /// Mean moves per game.
    pub mean_moves: f64,
    /// Games per second, one at a time.
    pub sequential: Summary,
    /// Games per second, two at a time.
    pub parallel: Summary,
}

impl Throughput {
    /// The figures, one per line.
    pub fn lines(&self) -> Vec<String> {
        vec![
            format!(
                "{} games per run (random players, seeds fixed, {:.0} moves per game on average), {} runs",
                self.games,
                self.mean_moves,
                self.sequential.len()
            ),
            format!("one at a time  {} games/s", self.sequential.display(1)),
            format!("two at a time  {} games/s", self.parallel.display(1)),
        ]
    }
}

/// Plays every game of `seeds` with `workers` games at a time; returns the
/// wall-clock seconds and the total moves.
fn play_all(tools: &Tools, seeds: &[u64], workers: usize) -> anyhow::Result<(f64, u64)> {
    let next = AtomicUsize::new(0);
    let moves = Mutex::new(0u64);
    let start = Instant::now();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let handles: Vec<_> = (0..workers)
            .map(|slot| {
                let (next, moves) = (&next, &moves);
                scope.spawn(move || -> anyhow::Result<()> {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&seed) = seeds.get(i) else {
                            return Ok(());
                        };
                        let players = random_players(tools, seed);
                        let run =
                            tools::run(&mut tools.referee(slot, &[], [&players[0], &players[1]]))?;
                        let report = tools::report(&run)?;
                        if report.result.is_none() {
                            bail!("a random game had no verdict: {}", report.to_json());
                        }
                        *moves.lock().expect("no panic while held") += u64::from(report.moves);
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().expect("a worker panicked")?;
        }
        Ok(())
    })?;
    let total = *moves.lock().expect("no panic while held");
    Ok((start.elapsed().as_secs_f64(), total))
}

fn random_players(tools: &Tools, seed: u64) -> [Player; 2] {
    let player = tools.player_path();
    let s0 = (2 * seed).to_string();
    let s1 = (2 * seed + 1).to_string();
    [
        Player::new(player, &["--strategy", "random", "--seed", &s0]),
        Player::new(player, &["--strategy", "random", "--seed", &s1]),
    ]
}

/// Runs the benchmark: `runs` runs of `games` games in each mode,
/// alternating.
pub fn measure(tools: &Tools, games: usize, runs: usize) -> anyhow::Result<Throughput> {
    let seeds: Vec<u64> = (1..=games as u64).collect();
    let (mut sequential, mut parallel) = (Vec::new(), Vec::new());
    let mut moves = 0;
    for _ in 0..runs {
        let (secs, m) = play_all(tools, &seeds, 1)?;
        sequential.push(games as f64 / secs);
        moves = m;
        let (secs, _) = play_all(tools, &seeds, 2)?;
        parallel.push(games as f64 / secs);
    }
    Ok(Throughput {
        games,
        mean_moves: moves as f64 / games as f64,
        sequential: Summary::new(sequential),
        parallel: Summary::new(parallel),
    })
}
