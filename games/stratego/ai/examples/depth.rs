//! How deep the AI searches, on a fixed set of middle-game positions: the
//! AI plays itself at a small node budget (reproducible games), and at
//! every `--every` plies from `--from` to `--to` the side to move searches
//! its position again, as it stands in the game (beliefs, tables, the
//! opponent model), once within `--move-time-ms` and once within
//! `--nodes`. Prints a line per position and, per budget, the median
//! depth, the depths' counts, the median boards and the nodes per second.
//!
//! ```text
//! cargo run --release -p stratego-ai --example depth -- \
//!     [--games 4] [--seed 1] [--from 40] [--to 200] [--every 20] \
//!     [--play-nodes 30000] [--nodes 1000000] [--move-time-ms 350] [--tune NAME=VALUE]..
//! ```
//!
//! `--move-time-ms 0` skips the timed searches. `--tune` changes a weight of `ai/tuning.rs` for the measured searches
//! only (the games are the same). The time figure depends on the machine
//! and its load; the node figure does not (about 1,000,000 nodes is the
//! 350 ms budget on a quiet core).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use stratego::{MoveResult, Rules};
use stratego_ai::strategy::{AiConfig, AiStrategy, SearchReport, Strategy};

struct Options {
    games: u64,
    seed: u64,
    from: u32,
    to: u32,
    every: u32,
    play_nodes: u64,
    nodes: u64,
    move_time: Duration,
    tune: Vec<String>,
}

fn options() -> Result<Options> {
    let mut o = Options {
        games: 4,
        seed: 1,
        from: 40,
        to: 200,
        every: 20,
        play_nodes: 30_000,
        nodes: 1_000_000,
        move_time: Duration::from_millis(350),
        tune: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().with_context(|| format!("{a} needs a value"));
        let number = |v: String| -> Result<u64> {
            v.parse()
                .with_context(|| format!("{a}: not a number: {v:?}"))
        };
        match a.as_str() {
            "--games" => o.games = number(value()?)?,
            "--seed" => o.seed = number(value()?)?,
            "--from" => o.from = u32::try_from(number(value()?)?)?,
            "--to" => o.to = u32::try_from(number(value()?)?)?,
            "--every" => o.every = u32::try_from(number(value()?)?)?.max(1),
            "--play-nodes" => o.play_nodes = number(value()?)?,
            "--nodes" => o.nodes = number(value()?)?,
            "--move-time-ms" => o.move_time = Duration::from_millis(number(value()?)?),
            "--tune" => o.tune.push(value()?),
            other => bail!("depth: unknown argument {other:?} (see the file's doc comment)"),
        }
    }
    Ok(o)
}

/// The reports of one budget over every position.
#[derive(Default)]
struct Tally {
    reports: Vec<SearchReport>,
    seconds: f64,
}

impl Tally {
    fn print(&self, name: &str) {
        if self.reports.is_empty() {
            println!("{name}: no position");
            return;
        }
        let median = |mut v: Vec<u64>| {
            v.sort_unstable();
            v[v.len() / 2]
        };
        let depths: Vec<u64> = self.reports.iter().map(|r| r.depth as u64).collect();
        let mut counts: BTreeMap<u64, usize> = BTreeMap::new();
        for &d in &depths {
            *counts.entry(d).or_default() += 1;
        }
        let counts: Vec<String> = counts.iter().map(|(d, n)| format!("{d}:{n}")).collect();
        let nodes: u64 = self.reports.iter().map(|r| r.nodes).sum();
        println!(
            "{name}: {} positions, depth median {} (depth:positions {}), boards median {}, nodes median {}, {:.0} knodes/s",
            self.reports.len(),
            median(depths),
            counts.join(" "),
            median(self.reports.iter().map(|r| r.boards as u64).collect()),
            median(self.reports.iter().map(|r| r.nodes).collect()),
            nodes as f64 / self.seconds.max(1e-9) / 1e3,
        );
    }
}

fn main() -> Result<()> {
    let o = options()?;
    let mut measured = AiConfig::default();
    for t in &o.tune {
        measured.tuning.set(t).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    let play = AiConfig {
        max_nodes: Some(o.play_nodes),
        ..AiConfig::default()
    };
    let at_time = AiConfig {
        max_nodes: None,
        ..measured
    };
    let at_nodes = AiConfig {
        max_nodes: Some(o.nodes),
        ..measured
    };
    let (mut timed, mut counted) = (Tally::default(), Tally::default());
    for g in 0..o.games {
        let seed = o.seed + g;
        let mut players = [
            AiStrategy::new(seed * 2 + 1, play),
            AiStrategy::new(seed * 2 + 2, play),
        ];
        let [a, b] = &mut players;
        let (mut game, mut views) = stratego_ai::arena::start([a, b], Rules::default());
        while game.end().is_none() && game.plies() <= o.to {
            let side = game.to_move();
            let (i, k) = (side.index(), side.opponent().index());
            let ply = game.plies();
            if ply >= o.from && (ply - o.from) % o.every == 0 {
                let mut line = format!("game {seed} ply {ply:3} player {side}:");
                for (name, config, tally, deadline) in [
                    ("time", at_time, &mut timed, o.move_time),
                    ("nodes", at_nodes, &mut counted, Duration::from_secs(600)),
                ] {
                    if deadline.is_zero() {
                        continue;
                    }
                    let mut probe = players[i].with_config(config);
                    let start = Instant::now();
                    probe.choose(&views[i], start + deadline);
                    tally.seconds += start.elapsed().as_secs_f64();
                    let r = probe.report().context("the AI reports its search")?;
                    line += &format!(" {name} [{r}]");
                    tally.reports.push(r);
                }
                println!("{line}");
            }
            let mv = players[i].choose(&views[i], Instant::now() + Duration::from_secs(60));
            let mv = game
                .check(&mv.to_unchecked())
                .context("the AI plays legal moves")?;
            let r = MoveResult::from(game.play(mv));
            let u = mv.to_unchecked();
            views[i].apply_own(mv, r).context("legal move")?;
            players[i].observe_own(&views[i], mv, r);
            views[k].apply_opponent(u, r).context("legal move")?;
            players[k].observe_opponent(&views[k], u, r);
        }
    }
    timed.print(&format!("at {} ms", o.move_time.as_millis()));
    counted.print(&format!("at {} nodes", o.nodes));
    Ok(())
}
