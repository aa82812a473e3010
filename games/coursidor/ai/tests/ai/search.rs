//! The AI's search: a win at once, reproducible choices under a node
//! budget, and the walls it places cost the opponent.

use std::sync::Arc;
use std::time::{Duration, Instant};

use coursidor::{Board, Colour, Dir, Layout, Move, Position, Shape, UncheckedMove};
use coursidor_ai::search::{Searcher, Settings};
use coursidor_ai::tour::Tours;
use game_core::Rng;

fn settings(nodes: u64) -> Settings {
    Settings {
        max_nodes: Some(nodes),
        ..Settings::default()
    }
}

fn far() -> Instant {
    Instant::now() + Duration::from_secs(60)
}

#[test]
fn the_ai_takes_a_win_at_once() {
    // T 2: black on 3 has visited the objective 3; 0, its start, is one
    // step away.
    let layout = Arc::new(Layout::new(Board::new(Shape::T, 2).unwrap(), &[3]).unwrap());
    let mut pos = Position::new(layout, 0);
    pos.place_unchecked(Colour::Black, 3, Some(Dir::SE), 1);
    let (mv, report) = Searcher::new(settings(1000)).choose(&pos, far());
    assert_eq!(mv.to_unchecked(), UncheckedMove::Step(0));
    assert!(report.value >= 999_000, "{report}");
}

/// A middle game on `shape` `m` after `plies` random steps.
fn middle(shape: Shape, m: u32, seed: u64, plies: u32) -> Position {
    let mut rng = Rng::new(seed);
    let layout = Arc::new(Layout::draw(Board::new(shape, m).unwrap(), 4, &mut rng).unwrap());
    let mut pos = Position::new(layout, 0);
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        pos.legal_steps(&mut moves);
        pos.play(moves[rng.below(moves.len() as u64) as usize]);
    }
    pos
}

#[test]
fn under_a_node_budget_the_choice_is_the_same_every_time() {
    for (shape, m) in [(Shape::T, 5), (Shape::C, 6)] {
        let pos = middle(shape, m, 3, 6);
        let a = Searcher::new(settings(3000)).choose(&pos, far());
        let b = Searcher::new(settings(3000)).choose(&pos, far());
        assert_eq!(a, b);
        assert!(pos.check(&a.0.to_unchecked()).is_ok());
    }
}

#[test]
fn a_wall_it_chooses_lengthens_the_opponents_tour_more_than_its_own() {
    let mut walls = 0;
    for seed in 0..10 {
        let pos = middle(Shape::T, 6, seed, 4);
        let (mv, _) = Searcher::new(settings(2500)).choose(&pos, far());
        assert!(pos.check(&mv.to_unchecked()).is_ok());
        if let Move::Wall(_) = mv {
            walls += 1;
            let me = pos.to_move();
            let tour = |p: &Position, c: Colour| {
                let mut t = Tours::new();
                t.compute(p, c);
                t.of(p, c)
            };
            let mut after = pos.clone();
            after.play(mv);
            let theirs = tour(&after, me.other()) - tour(&pos, me.other());
            let ours = tour(&after, me) as i32 - tour(&pos, me) as i32;
            assert!(
                i32::from(theirs) > ours,
                "seed {seed}: {mv}: +{theirs} for them, {ours:+} for us"
            );
        }
    }
    assert!(walls > 0, "no wall in 10 positions");
}
