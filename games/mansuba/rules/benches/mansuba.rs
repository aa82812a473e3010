//! Criterion benchmarks of the Mansuba rules: every legal action of the
//! player to move (move generation per position) in middle-game positions
//! of the configurations, with two and five players; one piece's
//! destinations; a whole random game.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::Rng;
use mansuba::{ConfigName, Options, Position, Setup};

/// Positions after `turns` random actions from the start, one per seed,
/// games over left out.
fn positions(options: &Options, count: usize, turns: u32) -> Vec<Position> {
    let setup = Setup::new(options, options.default_max_turns()).unwrap();
    let mut actions = Vec::new();
    Rng::per_seed(count, |rng| {
        let mut pos = setup.start(rng);
        while pos.end().is_none() && pos.turn() < turns {
            actions.clear();
            pos.legal_actions(&mut actions);
            pos.play(
                actions[rng.below(actions.len() as u64) as usize],
                rng.coin(),
            );
            if pos.change_due() {
                mansuba::change_relation(&mut pos, rng);
            }
        }
        pos.end().is_none().then_some(pos)
    })
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("mansuba");
    for (config, players) in [
        (ConfigName::Base, 2u8),
        (ConfigName::Base, 5),
        (ConfigName::ChessLike, 2),
        (ConfigName::Full, 2),
    ] {
        let options = Options {
            config,
            players,
            ..Options::default()
        };
        let name = format!("{config}_{players}p");
        let positions = positions(&options, 64, 12);
        g.throughput(Throughput::Elements(positions.len() as u64));
        let mut out = Vec::new();
        g.bench_function(format!("legal_actions_{name}"), |b| {
            b.iter(|| {
                let mut n = 0;
                for p in &positions {
                    out.clear();
                    p.legal_actions(&mut out);
                    n += out.len();
                }
                black_box(n)
            })
        });
        let pieces: usize = positions.iter().map(|p| p.pieces(p.to_move()).len()).sum();
        g.throughput(Throughput::Elements(pieces as u64));
        let mut dests = Vec::new();
        g.bench_function(format!("destinations_{name}"), |b| {
            b.iter(|| {
                let mut n = 0;
                for p in &positions {
                    for &from in p.pieces(p.to_move()) {
                        dests.clear();
                        p.destinations(from, &mut dests);
                        n += dests.len();
                    }
                }
                black_box(n)
            })
        });
    }
    // A whole game of random legal actions (every action generated each
    // turn, as a search's leaf would) on 10 x 10, two players.
    let setup = Setup::new(&Options::default(), 200).unwrap();
    g.throughput(Throughput::Elements(1));
    let mut seed = 0;
    let mut actions = Vec::new();
    g.bench_function("random_game_base_2p", |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = Rng::new(seed);
            let mut pos = setup.start(&mut rng);
            while pos.end().is_none() {
                actions.clear();
                pos.legal_actions(&mut actions);
                pos.play(actions[rng.below(actions.len() as u64) as usize], false);
            }
            black_box(pos.turn())
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
