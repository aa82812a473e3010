//! Criterion benchmarks of the rules engine on mid-game positions:
//! legal-move generation for the side to move, and make + unmake of a move.
//!
//! Targets (issue "Foundation"): generation ≤ 1 µs per position, make (and
//! unmake) ≤ 50 ns. Each iteration covers every position of the set, so the
//! per-position figure is the reported time divided by the set size (shown
//! as throughput in elements/s).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use stratego::{Board, Game, Move, MoveList, Player, Rank, Rules, Setup};

/// A tiny deterministic generator so the position set never changes.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn random_setup(player: Player, rng: &mut Lcg) -> Setup {
    let mut ranks: Vec<Rank> = Rank::ALL
        .iter()
        .flat_map(|&r| std::iter::repeat_n(r, usize::from(r.count())))
        .collect();
    for i in (1..ranks.len()).rev() {
        ranks.swap(i, rng.below(i + 1));
    }
    Setup::new(player, &ranks).expect("a shuffled army is valid")
}

/// Positions after 40..200 random moves, with the side to move.
fn midgame_positions(n: usize) -> Vec<(Board, Player)> {
    let mut rng = Lcg(0x5eed);
    let mut out = Vec::with_capacity(n);
    let mut moves = MoveList::new();
    while out.len() < n {
        let s0 = random_setup(Player::Zero, &mut rng);
        let s1 = random_setup(Player::One, &mut rng);
        let mut game = Game::new(&s0, &s1, Rules::default());
        let plies = 40 + rng.below(160);
        for _ in 0..plies {
            if game.end().is_some() {
                break;
            }
            moves.clear();
            game.legal_moves(&mut moves);
            let m = moves[rng.below(moves.len())];
            game.play(m);
        }
        if game.end().is_none() {
            out.push((game.board().clone(), game.to_move()));
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    let positions = midgame_positions(64);
    let mean_moves: f64 = positions
        .iter()
        .map(|(b, p)| {
            let mut l = MoveList::new();
            b.legal_moves(*p, &mut l);
            l.len() as f64
        })
        .sum::<f64>()
        / positions.len() as f64;
    eprintln!(
        "{} mid-game positions, {:.1} legal moves each on average",
        positions.len(),
        mean_moves
    );

    let mut g = c.benchmark_group("rules");
    g.throughput(Throughput::Elements(positions.len() as u64));

    g.bench_function("legal_moves per 64 positions", |b| {
        let mut list = MoveList::new();
        b.iter(|| {
            for (board, side) in &positions {
                list.clear();
                board.legal_moves(*side, &mut list);
                black_box(list.len());
            }
        })
    });

    let picks: Vec<(Board, Move)> = positions
        .iter()
        .enumerate()
        .map(|(i, (board, side))| {
            let mut l = MoveList::new();
            board.legal_moves(*side, &mut l);
            (board.clone(), l[(i * 7) % l.len()])
        })
        .collect();

    g.bench_function("make+unmake per 64 positions", |b| {
        let mut boards = picks.clone();
        b.iter(|| {
            for (board, m) in boards.iter_mut() {
                let undo = board.make(black_box(*m));
                board.unmake(black_box(undo));
            }
        })
    });

    g.bench_function("make per 64 positions (with board copy)", |b| {
        b.iter(|| {
            for (board, m) in &picks {
                let mut copy = board.clone();
                black_box(copy.make(black_box(*m)));
            }
        })
    });

    g.bench_function("board copy per 64 positions", |b| {
        b.iter(|| {
            for (board, _) in &picks {
                black_box(board.clone());
            }
        })
    });
    g.finish();
}

criterion_group!(rules, benches);
criterion_main!(rules);
