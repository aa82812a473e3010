//! The rules of Coursidor, one test per rule; the boards against the
//! facts; legal moves against a slow generator built on `check`; random
//! games.

mod boards;
mod perft;
mod util;

use coursidor::{
    Board, Colour, Dir, EndReason, IllegalMove, Layout, Move, Outcome, Position, Shape,
};
use game_core::Rng;
use util::{destinations, play, refuses, step, t, wall, walls, why};

// T 6 around its centre 45 = (0, 0): E 46 47 48, W 44, NE 35 26, NW 34,
// SE 56 66, SW 55.

/// T 6 with black on `v` (momentum `last`) to move, white far away on 90.
fn black_on(v: u16, last: Option<Dir>) -> Position {
    let mut pos = t(6, &[5, 85]);
    pos.place_unchecked(Colour::Black, v, last, 0);
    pos
}

#[test]
fn before_its_first_move_a_pawn_steps_once() {
    let pos = t(6, &[5, 85]);
    assert_eq!(destinations(&pos), [1, 6, 7]);
    assert_eq!(
        why(&pos, step(2)),
        "2 is 2 steps E of 0: before its first step a pawn moves 1 step"
    );
}

#[test]
fn momentum_three_straight_on_two_after_a_turn_one_otherwise() {
    let pos = black_on(45, Some(Dir::E));
    assert_eq!(destinations(&pos), [26, 34, 35, 44, 46, 47, 48, 55, 56, 66]);
    refuses(
        &pos,
        [
            (
                step(18),
                "18 is 3 steps NE of 45: after a step E, a pawn moves up to 2 NE (a turn of one direction)",
            ),
            (
                step(43),
                "43 is 2 steps W of 45: after a step E, a pawn moves up to 1 W (more than one direction off)",
            ),
        ],
    );
    let mut pos = black_on(45, Some(Dir::NW));
    // NW: 34 24 15; W and NE 2; the rest 1.
    assert_eq!(destinations(&pos), [15, 24, 26, 34, 35, 43, 44, 46, 55, 56]);
    // The step sets the momentum; a wall keeps it.
    play(&mut pos, step(43));
    assert_eq!(pos.last_dir(Colour::Black), Some(Dir::W));
    play(&mut pos, wall(90, 89, 90, 83));
    play(&mut pos, wall(0, 1, 0, 7));
    assert_eq!(pos.last_dir(Colour::Black), Some(Dir::W));
    // From 43 after W: W 42 41 40; NW 32 22; SW 53 62; E 44, NE 33, SE 54.
    pos.set_to_move_unchecked(Colour::Black);
    assert_eq!(destinations(&pos), [22, 32, 33, 40, 41, 42, 44, 53, 54, 62]);
}

#[test]
fn a_move_stops_at_walls_and_at_the_opponent() {
    let mut pos = black_on(45, Some(Dir::E));
    pos.place_unchecked(Colour::White, 48, None, 0);
    assert_eq!(
        why(&pos, step(48)),
        "the opponent's pawn is on 48, the destination"
    );
    pos.place_unchecked(Colour::White, 47, None, 0);
    assert_eq!(
        why(&pos, step(48)),
        "the opponent's pawn is on 47, on the way"
    );
    assert!(destinations(&pos).contains(&46));
    assert!(!destinations(&pos).contains(&47));
    let mut pos = black_on(45, Some(Dir::E));
    pos.set_to_move_unchecked(Colour::White);
    play(&mut pos, wall(46, 47, 46, 36));
    assert_eq!(
        why(&pos, step(48)),
        "the edge 46-47 on the way from 45 to 48 is walled"
    );
    assert_eq!(destinations(&pos), [26, 34, 35, 44, 46, 55, 56, 66]);
}

#[test]
fn objectives_passed_through_count() {
    let mut pos = t(6, &[47, 43]);
    pos.place_unchecked(Colour::Black, 45, Some(Dir::E), 0);
    play(&mut pos, step(48));
    assert_eq!(pos.visited(Colour::Black), 0b10);
}

#[test]
fn a_jump_lands_on_any_live_neighbour_of_the_adjacent_opponent() {
    let mut pos = black_on(45, Some(Dir::W));
    pos.place_unchecked(Colour::White, 46, None, 0);
    // 46's neighbours but 45: 35 NW, 36 NE, 47 E, 57 SE, 56 SW; 35 and 56
    // are black's own neighbours, straight moves.
    let mut moves = Vec::new();
    pos.legal_steps(&mut moves);
    let jumps: Vec<(u16, Dir)> = moves
        .iter()
        .filter_map(|m| match m {
            Move::Step(s) if s.over() == Some(46) => Some((s.to(), s.dir())),
            _ => None,
        })
        .collect();
    assert_eq!(jumps, [(36, Dir::NE), (47, Dir::E), (57, Dir::SE)]);
    let Move::Step(s) = pos.check(&step(35)).unwrap() else {
        panic!()
    };
    assert_eq!((s.over(), s.dir()), (None, Dir::NE), "straight first");
    let mut p = pos.clone();
    play(&mut p, step(36));
    assert_eq!(p.last_dir(Colour::Black), Some(Dir::NE));
    // With the edge 45-35 walled, 35 is reached by the jump (46 -> 35 is NW).
    pos.set_to_move_unchecked(Colour::White);
    play(&mut pos, wall(45, 35, 45, 34));
    let Move::Step(s) = pos.check(&step(35)).unwrap() else {
        panic!()
    };
    assert_eq!((s.over(), s.dir()), (Some(46), Dir::NW));
    // A wall between the pawns forbids the jump.
    pos.set_to_move_unchecked(Colour::White);
    play(&mut pos, wall(45, 46, 45, 56));
    refuses(
        &pos,
        [
            (
                step(47),
                "a jump from 45 over 46 to 47: the edge 45-46 is walled",
            ),
            (
                step(60),
                "60 is neither in a straight line from 45 within 3 steps nor a jump over the opponent's pawn (on 46) from there",
            ),
        ],
    );
}

#[test]
fn destination_errors_name_the_vertex() {
    let pos = t(6, &[5, 85]);
    refuses(
        &pos,
        [
            (step(91), "91 is not a vertex of the board (0 to 90)"),
            (step(0), "your pawn is on 0 already"),
        ],
    );
}

#[test]
fn a_wall_covers_two_live_edges_from_one_vertex_in_consecutive_directions() {
    let mut pos = black_on(45, None);
    refuses(
        &pos,
        [
            (
                wall(45, 46, 45, 44),
                "the edges go E and W from 45: a wall covers two edges in consecutive directions (such as NE and E)",
            ),
            (
                wall(45, 46, 46, 47),
                "the two edges of a wall must start from the same vertex: 45-46 and 46-47",
            ),
            (wall(45, 47, 45, 46), "45-47 is not an edge of the board"),
            (wall(45, 46, 45, 99), "45-99 is not an edge of the board"),
            (wall(45, 46, 45, 46), "the wall names the edge 45-46 twice"),
        ],
    );
    // W and NW wrap around: consecutive.
    play(&mut pos, wall(45, 44, 45, 34));
    assert_eq!(pos.walls_left(Colour::Black), 14);
    assert!(pos.is_walled(44, Dir::E) && pos.is_walled(34, Dir::SE));
    play(&mut pos, wall(90, 89, 90, 83));
    assert_eq!(
        why(&pos, wall(44, 45, 44, 34)),
        "the edge 44-45 is walled already"
    );
    let legal = walls(&pos);
    assert!(
        legal
            .iter()
            .all(|m| matches!(m, Move::Wall(w) if w.dirs()[0].consecutive(w.dirs()[1])))
    );
    assert!(legal.iter().all(|m| pos.check(&m.to_unchecked()).is_ok()));
}

#[test]
fn walls_run_out() {
    // T 2: one wall each.
    let mut pos = t(2, &[3]);
    play(&mut pos, wall(0, 1, 0, 3));
    play(&mut pos, wall(6, 5, 6, 3));
    assert_eq!(
        why(&pos, wall(2, 0, 2, 3)),
        "you have no walls left (each player has 1)"
    );
    assert!(walls(&pos).is_empty());
}

#[test]
fn a_wall_may_not_cut_a_player_off_from_its_start_or_an_objective_it_needs() {
    // T 2: black on 0 walls 0-1 and 0-3; white may not wall 2-0 and 2-3,
    // which would shut 0 in.
    let mut pos = t(2, &[3]);
    play(&mut pos, wall(0, 1, 0, 3));
    assert_eq!(
        why(&pos, wall(2, 0, 2, 3)),
        "the wall would cut black (on 0) off from objective 3"
    );
    // C 3, a ring: cutting it across once (walls at 2 and 5, over the
    // edges 1-2, 2-5, 5-6, 5-9) is allowed; cutting it again opposite
    // (walls at 15 and 12) would part black from objective 13.
    let mut pos = Position::new(util::layout(Shape::C, 3, &[4, 13]), 0);
    play(&mut pos, wall(2, 1, 2, 5));
    play(&mut pos, wall(5, 6, 5, 9));
    play(&mut pos, wall(15, 16, 15, 12));
    assert_eq!(
        why(&pos, wall(12, 11, 12, 8)),
        "the wall would cut black (on 0) off from objective 13"
    );
    // Whatever the walls, each legal wall keeps every target reachable.
    let mut rng = Rng::new(11);
    let mut pos = Position::new(util::layout(Shape::C, 4, &[2, 27]), 0);
    let mut moves = Vec::new();
    for _ in 0..60 {
        if pos.end().is_some() {
            break;
        }
        moves.clear();
        pos.legal_walls(&mut moves);
        if moves.is_empty() {
            pos.legal_steps(&mut moves);
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        pos.play(m);
        for c in Colour::BOTH {
            assert!(reachable(&pos, c, pos.layout().start(c)));
            for &o in pos.layout().objectives() {
                assert!(reachable(&pos, c, o));
            }
        }
    }
}

/// Whether `c`'s pawn reaches `target` through live edges (a slow check).
fn reachable(pos: &Position, c: Colour, target: u16) -> bool {
    let mut seen = vec![pos.pawn(c)];
    let mut i = 0;
    while i < seen.len() {
        let v = seen[i];
        i += 1;
        for d in Dir::ALL {
            if let Some(w) = pos.live(v, d)
                && !seen.contains(&w)
            {
                seen.push(w);
            }
        }
    }
    seen.contains(&target)
}

#[test]
fn the_reachability_rule_ignores_objectives_already_visited() {
    // T 3, objectives at the corners 2 and 16. Shutting 2 in (walls at 2
    // and at 6) is legal once both players have visited it.
    let shut_in = |white_visited: u8| {
        let mut pos = Position::new(util::layout(Shape::T, 3, &[2, 16]), 0);
        pos.place_unchecked(Colour::Black, 7, Some(Dir::W), 0b01);
        pos.place_unchecked(Colour::White, 11, Some(Dir::E), white_visited);
        play(&mut pos, wall(2, 1, 2, 5));
        play(&mut pos, wall(17, 16, 17, 13));
        pos.check(&wall(6, 2, 6, 5))
    };
    assert!(shut_in(0b01).is_ok());
    assert_eq!(
        shut_in(0).unwrap_err().to_string(),
        "the wall would cut white (on 11) off from objective 2"
    );
}

#[test]
fn a_player_wins_ending_a_move_on_its_start_with_every_objective_visited() {
    let mut pos = t(2, &[3]);
    assert_eq!(play(&mut pos, step(3)), Outcome::Next);
    play(&mut pos, step(5));
    // Black back on 0 with 3 visited: it wins.
    assert_eq!(play(&mut pos, step(0)), Outcome::Win);
    let end = pos.end().unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Some(Colour::Black), EndReason::TourCompleted)
    );
    assert_eq!(pos.check(&step(3)), Err(IllegalMove::GameOver));
    // Back on the start without every objective: play on.
    let mut pos = t(2, &[1, 5]);
    play(&mut pos, step(1));
    play(&mut pos, step(5));
    assert_eq!(play(&mut pos, step(0)), Outcome::Next);
    assert_eq!(pos.end(), None);
}

#[test]
fn the_turn_limit_draws_on_the_last_move() {
    let mut pos = Position::new(util::layout(Shape::T, 3, &[4, 14]), 3);
    play(&mut pos, step(1));
    play(&mut pos, step(17));
    assert_eq!(play(&mut pos, step(0)), Outcome::Draw);
    assert_eq!(pos.end().unwrap().reason, EndReason::TurnLimit);
}

#[test]
fn objectives_are_symmetric_off_the_starts_and_follow_the_seed() {
    for (shape, m) in [
        (Shape::T, 2),
        (Shape::T, 6),
        (Shape::C, 3),
        (Shape::H, 6),
        (Shape::H, 18),
    ] {
        let board = Board::new(shape, m).unwrap();
        let n = board.vertices() as u16;
        for seed in 0..50 {
            for k in [1usize, 2, 4, 5, 8] {
                let l = Layout::draw(board.clone(), k, &mut Rng::new(seed));
                if k % 2 == 1 && n % 2 == 0 {
                    assert!(l.is_err());
                    continue;
                }
                let l = match l {
                    Ok(l) => l,
                    // T 2 has room for 5.
                    Err(_) => {
                        assert!(k > 5 && n == 7);
                        continue;
                    }
                };
                let o = l.objectives();
                assert_eq!(o.len(), k);
                assert!(o.iter().all(|&v| v != 0 && v != n - 1));
                assert!(o.iter().all(|&v| o.contains(&(n - 1 - v))));
                let again = Layout::draw(board.clone(), k, &mut Rng::new(seed)).unwrap();
                assert_eq!(again.objectives(), o);
            }
        }
    }
    let e = Layout::draw(Board::new(Shape::C, 4).unwrap(), 3, &mut Rng::new(1))
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "3 objectives cannot be placed symmetrically on C 4: it has no centre vertex (its number of vertices, 30, is even); ask for an even number"
    );
    let e = Layout::draw(Board::new(Shape::T, 2).unwrap(), 0, &mut Rng::new(1))
        .unwrap_err()
        .to_string();
    assert_eq!(e, "the number of objectives must be 1 to 8, not 0");
    let e = Layout::new(Board::new(Shape::T, 2).unwrap(), &[6])
        .unwrap_err()
        .to_string();
    assert_eq!(e, "objective 6: a start");
}
