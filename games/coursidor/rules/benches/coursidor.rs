//! Criterion benchmarks of the Coursidor rules: the legal steps, the
//! legal walls (each with the reachability rule) and the check of one
//! wall, on middle-game positions of the boards of the strength runs.

use std::hint::black_box;
use std::sync::Arc;

use coursidor::{Board, Layout, Move, Position, Shape};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::Rng;

/// Positions after `plies` random moves (a wall one move in four), one per
/// seed.
fn positions(shape: Shape, m: u32, count: u64, plies: u32) -> Vec<Position> {
    let board = Board::new(shape, m).unwrap();
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for seed in 0..count {
        let mut rng = Rng::new(seed);
        let layout = Arc::new(Layout::draw(board.clone(), 4, &mut rng).unwrap());
        let mut pos = Position::new(layout, 0);
        for _ in 0..plies {
            moves.clear();
            if rng.below(4) == 0 {
                pos.legal_walls(&mut moves);
            }
            if moves.is_empty() {
                pos.legal_steps(&mut moves);
            }
            pos.play(moves[rng.below(moves.len() as u64) as usize]);
            if pos.end().is_some() {
                break;
            }
        }
        if pos.end().is_none() {
            out.push(pos);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("coursidor");
    for (shape, m) in [(Shape::T, 5), (Shape::T, 6), (Shape::C, 6), (Shape::H, 6)] {
        let ps = positions(shape, m, 32, 20);
        let name = format!("{shape}{m}");
        g.throughput(Throughput::Elements(ps.len() as u64));
        let mut moves = Vec::with_capacity(1024);
        g.bench_function(format!("{name}/legal_steps"), |b| {
            b.iter(|| {
                for p in &ps {
                    moves.clear();
                    p.legal_steps(&mut moves);
                    black_box(moves.len());
                }
            })
        });
        g.bench_function(format!("{name}/legal_walls"), |b| {
            b.iter(|| {
                for p in &ps {
                    moves.clear();
                    p.legal_walls(&mut moves);
                    black_box(moves.len());
                }
            })
        });
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
