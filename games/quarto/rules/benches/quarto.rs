//! Criterion benchmarks of the Quarto rules: the win check of the bit
//! planes (`Board`) against the seed's nibbles and accumulator
//! (`SeedBoard`), on the same middle-game positions at level 1 and level
//! 4; the pieces that must not be given (`completers`); the legal moves.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::Rng;
use quarto::seed_board::SeedBoard;
use quarto::{Level, Position, Square};

/// Middle-game positions: random non-winning moves from the start until
/// `empties` squares are left, one per seed.
fn positions(level: Level, count: usize, empties: u32) -> Vec<Position> {
    let mut moves = Vec::new();
    Rng::per_seed(count, |rng| {
        let mut pos = Position::new(level, 0);
        while pos.end().is_none() && pos.board().empties() > empties {
            pos.legal_moves(&mut moves);
            moves.retain(|m| m.gift().is_some());
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
        (pos.end().is_none() && pos.board().empties() == empties).then_some(pos)
    })
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("quarto");
    for level in [Level::ALL[0], Level::ALL[3]] {
        let l = level.number();
        let positions = positions(level, 64, 8);
        let seeds: Vec<SeedBoard> = positions.iter().map(|p| SeedBoard::of(p.board())).collect();
        // Every placement of the piece in hand: does it win?
        let placements: usize = positions.iter().map(|p| p.board().empties() as usize).sum();
        g.throughput(Throughput::Elements(placements as u64));
        g.bench_function(format!("wins_at_bitplanes_level{l}"), |b| {
            b.iter(|| {
                let mut n = 0;
                for p in &positions {
                    let hand = p.hand().expect("in play");
                    for q in Square::of_mask(p.board().empty()) {
                        n += usize::from(p.board().wins_at(level, q, hand));
                    }
                }
                black_box(n)
            })
        });
        g.bench_function(format!("wins_at_seed_nibbles_level{l}"), |b| {
            b.iter(|| {
                let mut n = 0;
                for (p, s) in positions.iter().zip(&seeds) {
                    let hand = p.hand().expect("in play");
                    for q in Square::of_mask(p.board().empty()) {
                        n += usize::from(s.wins_at(level, q, hand));
                    }
                }
                black_box(n)
            })
        });
        // A whole-board check, every pattern of the level.
        g.throughput(Throughput::Elements(positions.len() as u64));
        g.bench_function(format!("won_bitplanes_level{l}"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .filter(|p| black_box(p.board()).won(level).is_some())
                    .count()
            })
        });
        g.bench_function(format!("won_seed_nibbles_level{l}"), |b| {
            b.iter(|| seeds.iter().filter(|s| black_box(s).won(level)).count())
        });
        g.bench_function(format!("completers_level{l}"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|p| black_box(p.board()).completers(level).len())
                    .sum::<u32>()
            })
        });
        let mut moves = Vec::new();
        g.bench_function(format!("legal_moves_level{l}"), |b| {
            b.iter(|| {
                let mut n = 0;
                for p in &positions {
                    p.legal_moves(&mut moves);
                    n += moves.len();
                }
                n
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
