//! The legal move lists against a slow generator that asks `check` about
//! every destination and every pair of edges, on positions of random
//! games on every board type; and properties of random games.

use std::collections::BTreeSet;
use std::sync::Arc;

use coursidor::{Board, Colour, Dir, Edge, Layout, Move, Position, Shape, UncheckedMove, Wall};
use game_core::Rng;

/// A move as a comparable key: a step by its destination and how it gets
/// there, a wall by its vertex and its two directions (unordered).
fn key(m: &Move) -> (u16, u16, u8, u8) {
    match m {
        Move::Step(s) => (0, s.to(), s.dir().number(), s.over().map_or(0, |_| 1)),
        Move::Wall(w) => {
            let [a, b] = w.dirs();
            (
                1,
                w.at(),
                a.number().min(b.number()),
                a.number().max(b.number()),
            )
        }
    }
}

/// Whether every player still reaches its start and the objectives it has
/// not visited (a slow breadth-first search of its own).
fn all_reachable(pos: &Position) -> bool {
    Colour::BOTH.into_iter().all(|c| {
        let mut seen = vec![false; pos.board().vertices()];
        let mut stack = vec![pos.pawn(c)];
        seen[usize::from(pos.pawn(c))] = true;
        while let Some(v) = stack.pop() {
            for d in Dir::ALL {
                if let Some(w) = pos.live(v, d)
                    && !seen[usize::from(w)]
                {
                    seen[usize::from(w)] = true;
                    stack.push(w);
                }
            }
        }
        let layout = pos.layout();
        seen[usize::from(layout.start(c))]
            && layout
                .objectives()
                .iter()
                .enumerate()
                .all(|(i, &o)| pos.visited(c) & (1 << i) != 0 || seen[usize::from(o)])
    })
}

/// Every legal move by brute force: the steps `check` accepts among every
/// number; the walls among every pair of edges from a vertex, judged by the
/// seed's definition (live, consecutive, walls left, then nobody cut off
/// once it is placed), each compared with what `check` says.
fn slow(pos: &Position) -> BTreeSet<(u16, u16, u8, u8)> {
    let b = pos.board();
    let n = b.vertices() as u32;
    let mut out = BTreeSet::new();
    for v in 0..n + 2 {
        if let Ok(m) = pos.check(&UncheckedMove::Step(v)) {
            out.insert(key(&m));
        }
    }
    let me = pos.to_move();
    for at in 0..n as u16 {
        for d0 in Dir::ALL {
            for d1 in Dir::ALL {
                let (Some(x), Some(y)) = (b.neighbour(at, d0), b.neighbour(at, d1)) else {
                    continue;
                };
                let legal = pos.walls_left(me) > 0
                    && d0.consecutive(d1)
                    && pos.live(at, d0).is_some()
                    && pos.live(at, d1).is_some()
                    && {
                        let mut after = pos.clone();
                        after.play(Move::Wall(Wall::new_unchecked(at, [d0, d1], [x, y])));
                        all_reachable(&after)
                    };
                let e = |to: u16| Edge {
                    from: u32::from(at),
                    to: u32::from(to),
                };
                let checked = pos.check(&UncheckedMove::Wall([e(x), e(y)]));
                assert_eq!(legal, checked.is_ok(), "W {at} {x} {at} {y}: {checked:?}");
                if let Ok(m) = checked {
                    out.insert(key(&m));
                }
            }
        }
    }
    out
}

/// Random games on `shape` `m`, `plies` moves each, walls one move in
/// three; `f` sees every position.
fn random_games(shape: Shape, m: u32, games: u64, plies: u32, mut f: impl FnMut(&Position)) {
    let board = Board::new(shape, m).unwrap();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let layout = Arc::new(Layout::draw(board.clone(), 4, &mut rng).unwrap());
        let mut pos = Position::new(layout, 0);
        let mut moves = Vec::new();
        for _ in 0..plies {
            if pos.end().is_some() {
                break;
            }
            f(&pos);
            moves.clear();
            if rng.below(3) == 0 {
                pos.legal_walls(&mut moves);
            }
            if moves.is_empty() {
                pos.legal_steps(&mut moves);
            }
            assert!(
                !moves.is_empty(),
                "no legal move:\n{}",
                coursidor::draw(&pos, false)
            );
            pos.play(moves[rng.below(moves.len() as u64) as usize]);
        }
    }
}

#[test]
fn legal_moves_are_exactly_the_moves_check_accepts() {
    for (shape, m) in [(Shape::T, 3), (Shape::T, 4), (Shape::C, 4), (Shape::H, 6)] {
        let mut positions = 0;
        random_games(shape, m, 4, 30, |pos| {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let fast: BTreeSet<_> = moves.iter().map(key).collect();
            assert_eq!(fast.len(), moves.len(), "a move listed twice");
            assert_eq!(
                fast,
                slow(pos),
                "{shape} {m}:\n{}",
                coursidor::draw(pos, false)
            );
            // What check says of each listed move is the move itself.
            for mv in &moves {
                assert_eq!(pos.check(&mv.to_unchecked()).map(|m| key(&m)), Ok(key(mv)));
            }
            positions += 1;
        });
        assert!(positions > 50, "{shape} {m}: {positions}");
    }
}

#[test]
fn random_games_keep_their_invariants() {
    // Every position has a legal move, pawns never meet, walls are counted,
    // and every target stays reachable (checked by the rules' own list).
    for (shape, m) in [(Shape::T, 4), (Shape::C, 5), (Shape::H, 9)] {
        random_games(shape, m, 10, 150, |pos| {
            assert_ne!(pos.pawn(Colour::Black), pos.pawn(Colour::White));
            let placed = pos.walls().len() as u32;
            let per = pos.layout().walls_per_player();
            assert_eq!(
                placed,
                2 * per - pos.walls_left(Colour::Black) - pos.walls_left(Colour::White)
            );
            for w in pos.walls() {
                assert!(w.dirs()[0].consecutive(w.dirs()[1]));
                assert!(pos.is_walled(w.at(), w.dirs()[0]));
            }
        });
    }
}
