//! `coursidor-bench`: Coursidor's figures for `make bench`
//! (`docs/games/coursidor.md`): the time of a tour table (every state's
//! shortest tour) on each board of the strength runs; the AI's nodes per
//! second; and games per second through the referee, course clients in
//! `coursidor-host` against program players (the example client is
//! compiled with `cc` when it and libgsl-dev are there).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use clap::Parser;
use coursidor::{Colour, Position, Shape};
use coursidor_ai::search::{Searcher, Settings};
use coursidor_ai::tour::Tours;
use game_search::stats::median;

#[derive(Parser, Debug)]
#[command(
    version,
    about = "Coursidor's benchmarks: tour tables, the AI's nodes per second, games per second through the referee and coursidor-host"
)]
struct Cli {
    /// Positions per board.
    #[arg(long, default_value_t = 40)]
    positions: u64,
    /// Nodes per search.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Games per kind of player through the referee.
    #[arg(long, default_value_t = 40)]
    games: u32,
    /// The referee (coursidor-host beside it).
    #[arg(long, default_value = "target/release/referee")]
    referee: PathBuf,
    /// The player program.
    #[arg(long, default_value = "target/release/player")]
    player: PathBuf,
}

/// Middle-game positions: 16 random moves (a wall one move in six) from
/// the start, one per seed.
fn positions(shape: Shape, m: u32, objectives: usize, count: u64) -> Vec<Position> {
    (0..count)
        .filter_map(|seed| coursidor::sample::middle_game(shape, m, objectives, seed, 16, 6))
        .collect()
}

/// The example client built with `cc` in `dir`, if it can be.
fn example_client(dir: &Path) -> Option<PathBuf> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../examples/coursidor");
    let out = dir.join("random-client.so");
    let ok = Command::new("cc")
        .args(["-std=c99", "-O2", "-shared", "-fPIC"])
        .arg(format!("-I{}", source.join("include").display()))
        .arg("-o")
        .arg(&out)
        .arg(source.join("random-client.c"))
        .output()
        .is_ok_and(|o| o.status.success());
    ok.then_some(out)
}

/// `games` games through the referee between `a` and `b` (`--player`
/// specs) on T 5, at most 200 moves: games per second.
fn games_per_second(cli: &Cli, dir: &Path, a: &str, b: &str) -> Result<f64, String> {
    let start = Instant::now();
    for g in 0..cli.games {
        let out = Command::new(&cli.referee)
            .current_dir(dir)
            .args([
                "--game",
                "coursidor",
                "-t",
                "T",
                "-m",
                "5",
                "-M",
                "200",
                "--json",
            ])
            .args(["--seed", &g.to_string(), "--player", a, "--player", b])
            .output()
            .map_err(|e| format!("cannot run {}: {e}", cli.referee.display()))?;
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).into_owned());
        }
        let json = String::from_utf8_lossy(&out.stdout);
        if !json.contains("\"reason\":\"tour_completed\"")
            && !json.contains("\"reason\":\"turn_limit\"")
        {
            return Err(format!("a game did not end by the rules: {json}"));
        }
    }
    Ok(f64::from(cli.games) / start.elapsed().as_secs_f64())
}

fn main() -> ExitCode {
    let mut cli = Cli::parse();
    // The games run in a directory of their own.
    for p in [&mut cli.referee, &mut cli.player] {
        if let Ok(abs) = std::fs::canonicalize(&*p) {
            *p = abs;
        }
    }
    println!(
        "coursidor-bench: tour tables (median of {} middle-game positions, both players)",
        cli.positions
    );
    for (shape, m, k) in [
        (Shape::T, 5, 4),
        (Shape::T, 6, 4),
        (Shape::C, 6, 4),
        (Shape::H, 6, 4),
        (Shape::T, 6, 8),
        (Shape::H, 18, 4),
    ] {
        let ps = positions(shape, m, k, cli.positions);
        let mut tours = Tours::new();
        let times: Vec<f64> = ps
            .iter()
            .flat_map(|p| Colour::BOTH.map(|c| (p, c)))
            .map(|(p, c)| {
                let t = Instant::now();
                tours.compute(p, c);
                std::hint::black_box(tours.of(p, c));
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        println!(
            "  {shape}{m}, {k} objectives: {:.3} ms a table",
            median(&times).unwrap_or(f64::NAN)
        );
    }
    println!(
        "the AI's search ({} nodes a position, tables included)",
        cli.nodes
    );
    for (shape, m) in [(Shape::T, 5), (Shape::T, 6), (Shape::C, 6), (Shape::H, 6)] {
        let ps = positions(shape, m, 4, cli.positions.min(20));
        let rates: Vec<f64> = ps
            .iter()
            .map(|p| {
                let mut s = Searcher::new(Settings {
                    max_nodes: Some(cli.nodes),
                    ..Settings::default()
                });
                let t = Instant::now();
                let (_, r) = s.choose(p, Instant::now() + Duration::from_secs(600));
                r.nodes as f64 / t.elapsed().as_secs_f64()
            })
            .collect();
        println!(
            "  {shape}{m}: {:.0} nodes/s",
            median(&rates).unwrap_or(f64::NAN)
        );
    }
    let dir = std::env::temp_dir().join(format!("coursidor-bench-{}", std::process::id()));
    if std::fs::create_dir_all(&dir).is_err() {
        eprintln!("coursidor-bench: cannot create {}", dir.display());
        return ExitCode::FAILURE;
    }
    println!(
        "games through the referee, T5, at most 200 moves ({} games each)",
        cli.games
    );
    let random = format!(
        "{} --game coursidor --strategy random --seed 1",
        cli.player.display()
    );
    let mut status = ExitCode::SUCCESS;
    match games_per_second(&cli, &dir, &random, &random) {
        Ok(r) => println!("  program players (player --strategy random): {r:.1} games/s"),
        Err(e) => {
            eprintln!("coursidor-bench: {e}");
            status = ExitCode::FAILURE;
        }
    }
    match example_client(&dir) {
        Some(so) => {
            let so = so.display().to_string();
            match games_per_second(&cli, &dir, &so, &so) {
                Ok(r) => println!(
                    "  course clients in coursidor-host (random-client.so): {r:.1} games/s"
                ),
                Err(e) => {
                    eprintln!("coursidor-bench: {e}");
                    status = ExitCode::FAILURE;
                }
            }
        }
        None => println!(
            "  course clients: skipped (cc or libgsl-dev missing: scripts/need.sh cc:gcc /usr/include/gsl/gsl_spmatrix_uint.h:libgsl-dev)"
        ),
    }
    let _ = std::fs::remove_dir_all(&dir);
    status
}
