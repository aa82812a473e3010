//! Every sort's moves on fixed boards, under the relations that change
//! them; and every kind of move against a slow generator of our own on
//! random boards.

use std::collections::BTreeSet;
use std::sync::Arc;

use mansuba::{
    ConfigName, Dirs, Kind, Layout, MoveKind, Piece, Position, Prisoner, Relation, Rules, Sort,
    SortDef, StartSets, Victory, World,
};
use proptest::prelude::*;

use crate::util::{base54, board, chess54, dests};

#[test]
fn the_pawn_steps_jumps_and_chains_as_antt_catt_tests_it() {
    // A pawn on 6 with pieces on 7, 11 and 13 (4-neighbour grid): steps to
    // 1 and 5, jumps to 8 and 16, and on from 8 over 13 to 18.
    let r = base54(false);
    let pos = board(
        &r,
        ". .  .  .  .
         . P0 P1 .  .
         . P1 .  P1 .
         . .  .  .  .",
        Relation::Square4,
        0,
    );
    assert_eq!(dests(&pos, 6), [1, 5, 8, 16, 18]);
    // A chain back to the start is no move: 6 over 7 to 8, 8 over 7 back.
    assert!(!dests(&pos, 6).contains(&6));
}

#[test]
fn a_jump_goes_over_any_piece_and_needs_a_free_landing() {
    let r = base54(false);
    // Over its own piece and an enemy alike; not onto an occupied place.
    let pos = board(
        &r,
        ". . . . .
         P0 P0 . P1 .
         . . . . .
         . . . . .",
        Relation::Square4,
        0,
    );
    // 5 jumps its own 6 to 7, then seat 1's 8 to 9.
    assert_eq!(dests(&pos, 5), [0, 7, 9, 10]);
    // 6 cannot jump 5: the world ends beyond it.
    assert_eq!(dests(&pos, 6), [1, 7, 11]);
    // Nothing next to 8: steps only.
    assert_eq!(dests(&pos, 8), [3, 7, 9, 13]);
}

#[test]
fn the_multiple_jump_chains_in_every_direction_of_the_relation() {
    // On the 8-neighbour grid a chain turns at each landing.
    let r = crate::util::rules(
        ConfigName::Base,
        5,
        4,
        2,
        false,
        Victory::Simple,
        Layout::Columns,
        Relation::Square8,
    );
    let pos = board(
        &r,
        "P0 .  .  .  .
         .  P1 .  .  .
         .  .  .  P1 .
         .  .  .  .  .",
        Relation::Square8,
        0,
    );
    // 0 over 6 (SE) to 12, 12 over 13 (E) to 14.
    assert_eq!(dests(&pos, 0), [1, 5, 12, 14]);
}

#[test]
fn the_tower_slides_cardinally_and_captures_the_first_enemy() {
    for captures in [false, true] {
        let r = chess54(captures);
        let pos = board(
            &r,
            ". . P0 . .
             . . .  . .
             . . T0 P1 .
             . . .  . .",
            Relation::Square8,
            0,
        );
        let want: &[u16] = if captures {
            &[7, 10, 11, 13, 17]
        } else {
            &[7, 10, 11, 17]
        };
        assert_eq!(dests(&pos, 12), want, "captures {captures}");
    }
    // Under the hex relation only east and west remain.
    let r = chess54(false);
    let pos = board(
        &r,
        ". . . . .
         . . . . .
         . . T0 . .
         . . . . .",
        Relation::Hex,
        0,
    );
    assert_eq!(dests(&pos, 12), [10, 11, 13, 14]);
}

#[test]
fn nothing_on_a_start_place_is_captured() {
    // 14 is seat 1's start place (the last column): the tower stops
    // before it; 13 is not, and is taken.
    let r = chess54(true);
    let pos = board(
        &r,
        ". . . . .
         . . . . .
         . . T0 . P1
         . . . . .",
        Relation::Square8,
        0,
    );
    assert_eq!(dests(&pos, 12), [2, 7, 10, 11, 13, 17]);
    // Seat 0's own start places protect seat 1's pieces too.
    let pos = board(
        &r,
        ". . . . .
         . . . . .
         P1 T0 . . .
         . . . . .",
        Relation::Square8,
        0,
    );
    assert_eq!(dests(&pos, 11), [1, 6, 12, 13, 14, 16]);
}

#[test]
fn the_elephant_takes_two_cardinal_steps_over_anything() {
    let r = chess54(true);
    // The places between may be taken (7 by its own pawn); 8 holds its
    // own piece; 16 an enemy, taken.
    let pos = board(
        &r,
        ". . .  .  .
         . . P0 P0 .
         . . E0 .  .
         . P1 . .  .",
        Relation::Square8,
        0,
    );
    assert_eq!(dests(&pos, 12), [2, 6, 10, 14, 16, 18]);
    // Without diagonals it still goes, by two cardinal steps (N+E...).
    let pos = board(
        &r,
        ". . .  . .
         . . .  . .
         . . E0 . .
         . . .  . .",
        Relation::Square4,
        0,
    );
    assert_eq!(dests(&pos, 12), [2, 6, 8, 10, 14, 16, 18]);
    // Under hex: east-east and west-west only.
    let pos = board(
        &r,
        ". . .  . .
         . . .  . .
         . . E0 . .
         . . .  . .",
        Relation::Hex,
        0,
    );
    assert_eq!(dests(&pos, 12), [10, 14]);
}

#[test]
fn the_bishop_queen_king_and_chess_pawn() {
    let r = chess54(true);
    let empty_but = |code: &str| {
        let mut cells = vec!["."; 20];
        cells[12] = code;
        board(&r, &cells.join(" "), Relation::Square8, 0)
    };
    assert_eq!(dests(&empty_but("B0"), 12), [0, 4, 6, 8, 16, 18]);
    assert_eq!(
        dests(&empty_but("Q0"), 12),
        [0, 2, 4, 6, 7, 8, 10, 11, 13, 14, 16, 17, 18]
    );
    assert_eq!(dests(&empty_but("K0"), 12), [6, 7, 8, 11, 13, 16, 17, 18]);
    assert_eq!(dests(&empty_but("P0"), 12), [7, 11, 13, 17]);
    // The bishop's slide stops on the first piece: takes an enemy.
    let pos = board(
        &r,
        ". . . . .
         . P1 . P0 .
         . . B0 . .
         . . . . .",
        Relation::Square8,
        0,
    );
    assert_eq!(dests(&pos, 12), [6, 16, 18]);
}

#[test]
fn a_piece_may_have_no_move_and_then_its_player_may_pass() {
    let r = base54(false);
    // The pawn on 0 is walled in: 1 and 5 taken, 2 and 10 too.
    let pos = board(
        &r,
        "P0 P0 P0 . .
         P0 . . . .
         P0 . . . .
         . . . . P1",
        Relation::Square4,
        0,
    );
    assert!(dests(&pos, 0).is_empty());
    assert!(pos.may_pass(0));
    assert!(!pos.may_pass(1));
    let mut all = Vec::new();
    pos.legal_actions(&mut all);
    assert_eq!(all.last(), Some(&mansuba::Action::Pass));
}

/// Rules with one sort (the pawn) of the given moves, on a world of
/// `n` × `n`, the two start sets on its last two rows.
fn one_sort(n: u16, moves: &[MoveKind], captures: bool) -> Arc<Rules> {
    let world = World::new(n, n).unwrap();
    let last = world.size() as u16;
    let sets = vec![
        (last - 2 * n..last - n).collect::<Vec<u16>>(),
        (last - n..last).collect::<Vec<u16>>(),
    ];
    Arc::new(
        Rules::from_parts(
            world,
            2,
            vec![SortDef::new(Sort::Pawn, moves)],
            vec![Sort::Pawn],
            Victory::Simple,
            captures,
            false,
            StartSets {
                sets,
                seeds: None,
                spread: None,
            },
            Relation::Square4,
        )
        .unwrap(),
    )
}

/// The destinations of a piece by a slow generator: each kind on its
/// own, chains explored path by path with the piece lifted off the board.
fn slow(pos: &Position, from: u16) -> BTreeSet<u16> {
    let piece = pos.at(from).unwrap();
    let nb = pos.neighbours();
    let rules = pos.rules();
    let mut board: Vec<Option<Piece>> = pos.board().to_vec();
    board[usize::from(from)] = None;
    let takes = |p: u16| -> bool {
        rules.captures()
            && matches!(board[usize::from(p)], Some(q) if q.seat != piece.seat)
            && rules.start_owner(p).is_none()
    };
    let free = |p: u16| board[usize::from(p)].is_none();
    let mut out = BTreeSet::new();
    for mk in rules.moves(piece.sort) {
        let dirs = mk.dirs.list();
        match mk.kind {
            Kind::Step => {
                for &d in dirs {
                    if let Some(n) = nb.get(from, d).filter(|&n| free(n) || takes(n)) {
                        out.insert(n);
                    }
                }
            }
            Kind::Jump | Kind::MultiJump => {
                fn chain(
                    p: u16,
                    path: &mut Vec<u16>,
                    out: &mut BTreeSet<u16>,
                    multi: bool,
                    ctx: &dyn Fn(u16, mansuba::Dir) -> Option<(u16, bool)>,
                    dirs: &[mansuba::Dir],
                ) {
                    for &d in dirs {
                        if let Some((n, capture)) = ctx(p, d) {
                            if path.contains(&n) {
                                continue;
                            }
                            out.insert(n);
                            if multi && !capture {
                                path.push(n);
                                chain(n, path, out, multi, ctx, dirs);
                                path.pop();
                            }
                        }
                    }
                }
                let ctx = |p: u16, d: mansuba::Dir| -> Option<(u16, bool)> {
                    let over = nb.get(p, d)?;
                    if free(over) {
                        return None;
                    }
                    let n = nb.get(over, d)?;
                    if free(n) {
                        Some((n, false))
                    } else if takes(n) {
                        Some((n, true))
                    } else {
                        None
                    }
                };
                let mut path = vec![from];
                chain(
                    from,
                    &mut path,
                    &mut out,
                    mk.kind == Kind::MultiJump,
                    &ctx,
                    dirs,
                );
            }
            Kind::Slide => {
                for &d in dirs {
                    let mut p = from;
                    while let Some(n) = nb.get(p, d) {
                        if free(n) {
                            out.insert(n);
                            p = n;
                        } else {
                            if takes(n) {
                                out.insert(n);
                            }
                            break;
                        }
                    }
                }
            }
            Kind::Double => {
                for &a in dirs {
                    for &b in dirs {
                        if b == a.opposite() {
                            continue;
                        }
                        if let Some(n) = nb.get(from, a).and_then(|m| nb.get(m, b)) {
                            if n != from && (free(n) || takes(n)) {
                                out.insert(n);
                            }
                        }
                    }
                }
            }
        }
    }
    out.remove(&from);
    out
}

fn kinds() -> impl Strategy<Value = Vec<MoveKind>> {
    let kind = prop_oneof![
        Just(Kind::Step),
        Just(Kind::Jump),
        Just(Kind::MultiJump),
        Just(Kind::Slide),
        Just(Kind::Double)
    ];
    let dirs = prop_oneof![Just(Dirs::All), Just(Dirs::Cardinal), Just(Dirs::Diagonal)];
    prop::collection::vec((kind, dirs), 1..=3)
        .prop_map(|v| v.into_iter().map(|(k, d)| MoveKind::new(k, d)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every kind of move, alone or combined, under every relation, with
    /// captures or not, on random boards: the generator gives exactly the
    /// slow generator's destinations, each once.
    #[test]
    fn destinations_match_the_slow_generator(
        moves in kinds(),
        captures in any::<bool>(),
        relation in 0..4usize,
        cells in prop::collection::vec(0..5u8, 64),
        from in 0..48usize,
    ) {
        // 8 x 8: the start sets on the last two rows, which the random
        // board fills too (their pieces cannot be taken).
        let r = one_sort(8, &moves, captures);
        let relation = Relation::ALL[relation];
        let mut board: Vec<Option<Piece>> = cells
            .iter()
            .map(|&c| match c {
                1 => Some(Piece { seat: 0, sort: Sort::Pawn }),
                2 => Some(Piece { seat: 1, sort: Sort::Pawn }),
                _ => None,
            })
            .collect();
        board[from] = Some(Piece { seat: 0, sort: Sort::Pawn });
        let pos = Position::from_parts(
            r.clone(), board, vec![Vec::<Prisoner>::new(); 2], relation, 0, 0, 0,
        );
        let mut fast = Vec::new();
        pos.destinations(from as u16, &mut fast);
        let set: BTreeSet<u16> = fast.iter().copied().collect();
        prop_assert_eq!(set.len(), fast.len(), "each destination once");
        prop_assert_eq!(set, slow(&pos, from as u16));
    }
}
