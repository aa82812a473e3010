//! Calibration of the AI's beliefs: the AI plays itself, and every time a
//! side attacks a piece it has not identified, its belief about that piece
//! is set against the rank the battle reveals. Prints, per rank, the
//! believed probability in bins against how often it was right, and the
//! mean log loss. Searches are node-bounded, so runs are reproducible.
//!
//! ```text
//! cargo run --release -p stratego-ai --example calibration -- [GAMES]
//! ```
//!
//! GAMES is 10 when not given.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use stratego::{MoveResult, Rank, Rules};
use stratego_ai::ai::exposure::Exposure;
use stratego_ai::ai::knowledge::Knowledge;
use stratego_ai::strategy::{AiConfig, AiStrategy, Strategy};

/// One attack on an unidentified piece: the attacker's belief, the truth.
type Record = ([f64; 12], Rank);

fn play(seed: u64, config: AiConfig, records: &mut Vec<Record>) -> u32 {
    let mut players = [
        AiStrategy::new(seed * 2 + 1, config),
        AiStrategy::new(seed * 2 + 2, config),
    ];
    let [a, b] = &mut players;
    let (mut game, mut views) = stratego_ai::arena::start([a, b], Rules::default());
    // A copy of each side's belief, kept by the same calls the AI makes.
    let mut exposure = [Exposure::new(), Exposure::new()];
    let mut beliefs = [Knowledge::new(&views[0]), Knowledge::new(&views[1])];
    while game.end().is_none() {
        let side = game.to_move();
        let (i, o) = (side.index(), side.opponent().index());
        let mv = players[i].choose(&views[i], Instant::now() + Duration::from_secs(10));
        let mv = game
            .check(&mv.to_unchecked())
            .expect("the AI plays legal moves");
        if let Some((index, e)) = views[i].enemy_at(mv.to()) {
            if e.known_rank().is_none() {
                beliefs[i].refresh(&views[i]);
                let truth = game.board().get(mv.to()).expect("attacked piece").rank;
                records.push((*beliefs[i].distribution(index), truth));
            }
        }
        let r = MoveResult::from(game.play(mv));
        let u = mv.to_unchecked();
        views[i].apply_own(mv, r).expect("legal move");
        players[i].observe_own(&views[i], mv, r);
        exposure[i].observe_own(mv, r);
        views[o].apply_opponent(u, r).expect("legal move");
        players[o].observe_opponent(&views[o], u, r);
        exposure[o].observe_opponent(u, r);
        beliefs[o].observe_opponent(&views[o], &exposure[o], u, r);
    }
    game.plies()
}

mod replay;

fn main() -> Result<()> {
    replay::quiet_when_closed(run(&mut std::io::stdout().lock()))
}

fn run(out: &mut impl Write) -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = match &args[..] {
        [] => 10,
        [n] => n
            .parse()
            .with_context(|| format!("GAMES is a number of games to play, got {n:?}"))?,
        _ => bail!("usage: calibration [GAMES]"),
    };
    let config = AiConfig {
        max_nodes: Some(30_000),
        ..AiConfig::default()
    };
    let mut records: Vec<Record> = Vec::new();
    for g in 0..games {
        let plies = play(g, config, &mut records);
        eprintln!("game {g}: {plies} moves, {} attacks so far", records.len());
    }
    let edges = [0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.01];
    for rank in [
        Rank::Bomb,
        Rank::Flag,
        Rank::Marshal,
        Rank::Scout,
        Rank::Spy,
    ] {
        writeln!(out, "{rank}:")?;
        let k = rank.index();
        for w in edges.windows(2) {
            let bin: Vec<&Record> = records
                .iter()
                .filter(|(d, _)| d[k] >= w[0] && d[k] < w[1])
                .collect();
            if bin.is_empty() {
                continue;
            }
            let n = bin.len() as f64;
            let believed = bin.iter().map(|(d, _)| d[k]).sum::<f64>() / n;
            let actual = bin.iter().filter(|(_, t)| *t == rank).count() as f64 / n;
            writeln!(
                out,
                "  believed {:.2}..{:.2}: {:5} attacks, mean belief {believed:.3}, actual {actual:.3}",
                w[0],
                w[1],
                bin.len()
            )?;
        }
    }
    let loss = records
        .iter()
        .map(|(d, t)| -d[t.index()].max(1e-6).ln())
        .sum::<f64>()
        / records.len().max(1) as f64;
    writeln!(out, "{} attacks, mean log loss {loss:.3}", records.len())?;
    Ok(())
}
