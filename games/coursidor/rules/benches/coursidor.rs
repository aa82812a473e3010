//! Criterion benchmarks of the Coursidor rules: the legal steps, the
//! legal walls (each with the reachability rule) and the check of one
//! wall, on middle-game positions of the boards of the strength runs.

use std::hint::black_box;

use coursidor::{Move, Position, Shape};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};

/// Positions after 20 random moves (a wall one move in four), one per
/// seed.
fn positions(shape: Shape, m: u32, count: u64) -> Vec<Position> {
    (0..count)
        .filter_map(|seed| coursidor::sample::middle_game(shape, m, 4, seed, 20, 4))
        .collect()
}

/// Benchmarks `generate`, a move generator, on every position of `ps`.
fn bench_generator(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    ps: &[Position],
    generator: &str,
    generate: impl Fn(&Position, &mut Vec<Move>),
) {
    let mut moves = Vec::with_capacity(1024);
    g.bench_function(format!("{name}/{generator}"), |b| {
        b.iter(|| {
            for p in ps {
                moves.clear();
                generate(p, &mut moves);
                black_box(moves.len());
            }
        })
    });
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("coursidor");
    for (shape, m) in [(Shape::T, 5), (Shape::T, 6), (Shape::C, 6), (Shape::H, 6)] {
        let ps = positions(shape, m, 32);
        let name = format!("{shape}{m}");
        g.throughput(Throughput::Elements(ps.len() as u64));
        bench_generator(&mut g, &name, &ps, "legal_steps", Position::legal_steps);
        bench_generator(&mut g, &name, &ps, "legal_walls", Position::legal_walls);
        // One wall per position, checked from its wire form.
        let walls: Vec<_> = ps
            .iter()
            .map(|p| {
                let mut v = Vec::new();
                p.legal_walls(&mut v);
                v.into_iter()
                    .find(|m| matches!(m, Move::Wall(_)))
                    .expect("a wall")
                    .to_unchecked()
            })
            .collect();
        g.bench_function(format!("{name}/check_wall"), |b| {
            b.iter(|| {
                for (p, w) in ps.iter().zip(&walls) {
                    black_box(p.check(w).is_ok());
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
