//! Every state's tour in the table against value iteration over (vertex,
//! momentum, objectives visited), on positions of random games with walls.

use std::collections::HashMap;
use std::sync::Arc;

use coursidor::{Board, Colour, Dir, Layout, Position, Shape, Vertex, max_steps};
use coursidor_ai::tour::{Tours, UNREACHABLE};
use game_core::Rng;

/// Every state's fewest moves to a move that ends on `c`'s start with
/// every objective visited, by value iteration: each state's value made
/// one more than its best move's, over and over until nothing changes.
fn reference(pos: &Position, c: Colour) -> HashMap<(Vertex, Option<Dir>, u8), u16> {
    let layout = pos.layout();
    let start = layout.start(c);
    let full = layout.all_objectives();
    let n = pos.board().vertices() as Vertex;
    let lasts: Vec<Option<Dir>> = std::iter::once(None).chain(Dir::ALL.map(Some)).collect();
    let mut value = HashMap::new();
    for v in 0..n {
        for &l in &lasts {
            for vis in 0..=full {
                value.insert((v, l, vis), UNREACHABLE);
            }
        }
    }
    loop {
        let mut changed = false;
        for v in 0..n {
            for &l in &lasts {
                for vis in 0..=full {
                    let mut best = UNREACHABLE;
                    for d in Dir::ALL {
                        let mut cur = v;
                        let mut bits = vis;
                        for _ in 0..max_steps(l, d) {
                            let Some(w) = pos.live(cur, d) else { break };
                            cur = w;
                            bits |= layout.objective_bit(w);
                            let after = if w == start && bits == full {
                                0
                            } else {
                                value[&(w, Some(d), bits)]
                            };
                            best = best.min(after.saturating_add(1));
                        }
                    }
                    if best < value[&(v, l, vis)] {
                        value.insert((v, l, vis), best);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return value;
        }
    }
}

#[test]
fn the_table_is_value_iteration_over_every_state() {
    for (shape, m, k) in [
        (Shape::T, 3, 2),
        (Shape::C, 4, 2),
        (Shape::T, 4, 3),
        (Shape::H, 6, 2),
    ] {
        let board = Board::new(shape, m).unwrap();
        for seed in 0..3 {
            let mut rng = Rng::new(seed);
            let layout = Arc::new(Layout::draw(board.clone(), k, &mut rng).unwrap());
            let mut pos = Position::new(layout, 0);
            let mut moves = Vec::new();
            for ply in 0..12 {
                moves.clear();
                if ply % 2 == 0 {
                    pos.legal_walls(&mut moves);
                }
                if moves.is_empty() {
                    pos.legal_steps(&mut moves);
                }
                pos.play(moves[rng.below(moves.len() as u64) as usize]);
            }
            let mut tours = Tours::new();
            for c in Colour::BOTH {
                tours.compute(&pos, c);
                let reference = reference(&pos, c);
                let base = pos.visited(c);
                let full = pos.layout().all_objectives();
                for v in 0..pos.board().vertices() as Vertex {
                    for last in std::iter::once(None).chain(Dir::ALL.map(Some)) {
                        for visited in (0..=full).filter(|m| m & base == base) {
                            assert_eq!(
                                tours.get(v, last, visited),
                                reference[&(v, last, visited)],
                                "{shape} {m} seed {seed}, {c} on {v} after {last:?}, visited {visited:b}"
                            );
                        }
                    }
                }
            }
        }
    }
}
