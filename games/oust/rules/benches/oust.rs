//! Criterion benchmarks of the Oust rules: legal moves of 9x9 middle-game
//! positions (reached by seeded random play), and a move played on a copy.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::Rng;
use oust::{Options, Position};

/// Middle-game positions: `plies` random moves from the empty 9x9 board,
/// one per seed, unfinished.
fn positions(count: usize, plies: u32) -> Vec<Position> {
    let opts = Options { cols: 9, rows: 9 };
    let mut moves = Vec::new();
    Rng::per_seed(count, |rng| {
        let mut pos = Position::new(opts, 0);
        while pos.end().is_none() && pos.plies() < plies {
            pos.legal_moves(&mut moves);
            pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
        pos.end().is_none().then_some(pos)
    })
}

fn bench(c: &mut Criterion) {
    let positions = positions(64, 40);
    let mut moves = Vec::new();
    let total: usize = positions
        .iter()
        .map(|p| {
            p.legal_moves(&mut moves);
            moves.len()
        })
        .sum();
    let mut g = c.benchmark_group("oust");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("legal_moves_9x9_midgame", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                p.legal_moves(&mut moves);
                n += moves.len();
            }
            assert_eq!(n, total);
            n
        })
    });
    let first: Vec<_> = positions
        .iter()
        .map(|p| {
            p.legal_moves(&mut moves);
            moves[0]
        })
        .collect();
    g.bench_function("copy_and_play_9x9", |b| {
        b.iter(|| {
            let mut captured = 0;
            for (p, &m) in positions.iter().zip(&first) {
                let mut next = p.clone();
                captured += next.play_unchecked(m).captured;
            }
            captured
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
