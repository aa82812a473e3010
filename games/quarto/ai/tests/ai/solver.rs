//! The solver against plain minimax (every legal move, giving a winning
//! piece included, no pruning, no table, no symmetry) on positions with up
//! to 7 empty squares; and the two rules of safety on random positions.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use quarto::{Level, Outcome, Piece, Position, Square};
use quarto_ai::search::{Searcher, Settings, WIN};

use crate::util::{code, position};

/// The value of `pos` for the side to move, by minimax: a win worth `WIN`
/// plus the empty squares left after the winning placement. Values are
/// remembered per exact position (the same board and hand), which only
/// saves time.
fn minimax(pos: &Position, seen: &mut HashMap<(u128, Option<Piece>), i32>) -> i32 {
    let key = (code(pos.board()), pos.hand());
    if let Some(&v) = seen.get(&key) {
        return v;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let v = moves
        .iter()
        .map(|&m| {
            let mut next = pos.clone();
            match next.play(m) {
                Outcome::Win => WIN + next.board().empties() as i32,
                Outcome::Draw => 0,
                Outcome::Next => -minimax(&next, seen),
            }
        })
        .max()
        .expect("a legal move");
    seen.insert(key, v);
    v
}

fn solve(pos: &Position) -> quarto_ai::search::Report {
    let mut s = Searcher::new(
        pos.level(),
        Settings {
            tt_bits: 16,
            ..Settings::default()
        },
    );
    s.search(pos, Instant::now() + Duration::from_secs(60))
}

#[test]
fn the_solver_agrees_with_minimax_up_to_7_empty_squares() {
    let mut decided = [0u32; 3];
    for level in Level::ALL {
        for empties in 1..=7 {
            for seed in 0..8 {
                let wild = seed % 3 == 0;
                let pos = position(level, seed, empties, wild);
                let mut seen = HashMap::new();
                let expected = minimax(&pos, &mut seen);
                let r = solve(&pos);
                let ctx = format!("level {level}, {pos:?}");
                assert!(r.exact, "{ctx}: not solved");
                assert_eq!(r.score, expected, "{ctx}");
                // The move chosen keeps that value.
                let mut next = pos.clone();
                let got = match next.play(r.best) {
                    Outcome::Win => WIN + next.board().empties() as i32,
                    Outcome::Draw => 0,
                    Outcome::Next => -minimax(&next, &mut seen),
                };
                assert_eq!(got, expected, "{ctx}: {} is worse", r.best);
                decided[usize::from(expected > 0) + usize::from(expected >= 0)] += 1;
            }
        }
    }
    // Wins, draws and losses all occur among the positions.
    assert!(
        decided.iter().all(|&n| n > 5),
        "losses, draws, wins: {decided:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn never_misses_a_win_never_gives_a_winning_piece_when_avoidable(
        level in 1u8..=4,
        seed in any::<u64>(),
        empties in 2u32..=15,
    ) {
        let level = Level::new(level).unwrap();
        let pos = position(level, seed, empties, true);
        let mut s = Searcher::new(level, Settings { tt_bits: 12, max_nodes: Some(2000), ..Settings::default() });
        let r = s.search(&pos, Instant::now() + Duration::from_secs(5));
        let board = pos.board();
        let hand = pos.hand().unwrap();
        let can_win = Square::of_mask(board.empty()).any(|q| board.wins_at(level, q, hand));
        let mut next = pos.clone();
        let outcome = next.play(r.best);
        if can_win {
            prop_assert_eq!(outcome, Outcome::Win);
            return Ok(());
        }
        let safe_exists = Square::of_mask(board.empty()).any(|q| {
            let mut b = *board;
            b.place(q, hand);
            !(pos.available() & !b.completers(level)).is_empty()
        });
        if safe_exists && outcome == Outcome::Next {
            let g = r.best.gift().unwrap();
            prop_assert!(!next.board().completers(level).contains(g), "{:?}: gave {}", pos, g);
        }
    }
}
