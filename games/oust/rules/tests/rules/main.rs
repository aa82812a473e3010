//! The rules of Oust, one test per rule, perft-style fixtures checked
//! against a slow generator, and properties of random games.

mod perft;
mod props;
mod util;

use oust::{Colour, IllegalMove, Move, Position, UncheckedMove};
use util::{at, board};

#[test]
fn black_moves_first_on_an_empty_board() {
    let pos = Position::new(oust::Options { cols: 4, rows: 3 }, 0);
    assert_eq!(pos.to_move(), Colour::Black);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len(), 12);
    assert!(moves.iter().all(|m| matches!(m, Move::Quiet(_))));
}

#[test]
fn a_placement_touching_no_own_stone_ends_the_turn() {
    let mut pos = board(&["X . .", ". . O", ". . ."], Colour::Black);
    let m = pos.check(&at(2, 0)).unwrap();
    assert!(matches!(m, Move::Quiet(_)));
    let e = pos.play(m);
    assert!(!e.again);
    assert_eq!(e.captured, 0);
    assert_eq!(pos.to_move(), Colour::White);
    assert_eq!(pos.stones(Colour::Black), 2);
}

#[test]
fn a_capture_removes_the_smaller_enemy_groups_and_plays_again() {
    // Black at 1 0 joins 0 0 (a group of 2) and touches the white stone at
    // 2 0 (a group of 1): it is removed, black plays again.
    let mut pos = board(&["X . O", ". . .", "O . ."], Colour::Black);
    let m = pos.check(&at(1, 0)).unwrap();
    assert_eq!(
        m,
        Move::Capture {
            point: pos.options().point(1, 0).unwrap(),
            size: 2
        }
    );
    let e = pos.play(m);
    assert_eq!((e.captured, e.groups, e.again), (1, 1, true));
    assert_eq!(pos.to_move(), Colour::Black);
    assert_eq!(pos.stone(pos.options().point(2, 0).unwrap()), None);
    assert_eq!(pos.stones(Colour::White), 1);
}

#[test]
fn a_capture_must_touch_an_enemy_group() {
    let pos = board(&["X . .", ". . .", ". . O"], Colour::Black);
    assert_eq!(
        pos.check(&at(1, 0)).unwrap_err(),
        IllegalMove::NoEnemyTouched {
            col: 1,
            row: 0,
            colour: Colour::Black,
            size: 2
        }
    );
    assert_eq!(
        pos.check(&at(1, 0)).unwrap_err().to_string(),
        "1 0 touches black's own stones, and the group of 2 it makes touches no white group"
    );
}

#[test]
fn every_touched_enemy_group_must_be_strictly_smaller() {
    // Equal: the new black group of 2 touches a white group of 2.
    let pos = board(&["X . O", ". . O", ". . ."], Colour::Black);
    assert_eq!(
        pos.check(&at(1, 0)).unwrap_err(),
        IllegalMove::NotLarger {
            col: 1,
            row: 0,
            colour: Colour::Black,
            size: 2,
            enemy: 2
        }
    );
    // One smaller group and one larger: still illegal, nothing is removed.
    let pos = board(&["O X . O", ". . . O", ". . . O"], Colour::Black);
    let e = pos.check(&at(2, 0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "2 0 makes a black group of 2, which touches a white group of 3: a capture needs every touched group strictly smaller"
    );
}

#[test]
fn enemy_groups_touching_the_merged_group_count_too() {
    // Black at 1 1 joins 1 0 and 1 2 (a group of 3); the white stones at
    // 0 0 and 2 2 touch the old stones only, not 1 1: both go.
    let mut pos = board(&["O X .", ". . .", ". X O"], Colour::Black);
    let e = pos.play(pos.check(&at(1, 1)).unwrap());
    assert_eq!((e.captured, e.groups), (2, 2));
    assert_eq!(pos.stones(Colour::White), 0);
}

#[test]
fn the_capturer_of_the_last_stone_wins() {
    let mut pos = board(&["X . O", ". . .", ". . ."], Colour::Black);
    assert_eq!(pos.end(), None);
    pos.play(pos.check(&at(1, 0)).unwrap());
    let end = pos.end().expect("white has no stone left");
    assert_eq!(end.winner, Some(Colour::Black));
    assert_eq!(end.reason.as_str(), "all_captured");
    assert!(matches!(pos.check(&at(2, 2)), Err(IllegalMove::GameOver)));
}

#[test]
fn the_game_goes_on_until_each_player_has_played() {
    // White has no stone before its first move: that is not an end.
    let mut pos = Position::new(oust::Options { cols: 3, rows: 3 }, 0);
    pos.play(pos.check(&at(1, 1)).unwrap());
    assert_eq!(pos.stones(Colour::White), 0);
    assert_eq!(pos.end(), None);
    assert!(!pos.has_played(Colour::White));
}

#[test]
fn occupied_points_are_refused_naming_the_stone() {
    let pos = board(&["X . O", ". . .", ". . ."], Colour::Black);
    assert_eq!(
        pos.check(&at(2, 0)).unwrap_err().to_string(),
        "2 0 is taken by a white stone"
    );
}

#[test]
fn a_pass_is_legal_only_without_any_placement() {
    // The only empty point joins black's stones into a group of 3 that
    // touches white's group of 3: no legal placement, so a pass.
    let mut pos = board(&["X O", ". O", "X O"], Colour::Black);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves, [Move::Pass]);
    let m = pos.check(&UncheckedMove::new(5, 0)).unwrap();
    assert_eq!(m, Move::Pass);
    pos.play(m);
    assert_eq!(pos.to_move(), Colour::White);
    // With placements left, the same coordinates are refused.
    let pos = board(&["X . .", ". . .", ". . O"], Colour::Black);
    assert_eq!(
        pos.check(&UncheckedMove::new(3, 7))
            .unwrap_err()
            .to_string(),
        "3 7 is off the board, a pass, but 5 placements are legal: passing is allowed only without any"
    );
}

#[test]
fn the_turn_limit_draws() {
    let mut pos = Position::new(oust::Options { cols: 5, rows: 5 }, 2);
    pos.play(pos.check(&at(0, 0)).unwrap());
    assert_eq!(pos.end(), None);
    pos.play(pos.check(&at(4, 4)).unwrap());
    let end = pos.end().unwrap();
    assert_eq!((end.winner, end.reason.as_str()), (None, "turn_limit"));
}

#[test]
#[should_panic(expected = "not a legal move here")]
fn play_refuses_a_move_that_is_not_legal_here() {
    let mut pos = board(&["X . .", ". . .", ". . O"], Colour::Black);
    let p = pos.options().point(1, 0).unwrap();
    pos.play(Move::Quiet(p));
}

#[test]
fn two_passes_in_a_row_block_the_game_as_a_draw() {
    // A full board with no capture for either colour.
    let mut pos = board(&["X O", "O X"], Colour::Black);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves, [Move::Pass]);
    pos.play(Move::Pass);
    assert_eq!(pos.end(), None, "white may still have a placement");
    pos.legal_moves(&mut moves);
    assert_eq!(moves, [Move::Pass]);
    pos.play(Move::Pass);
    let end = pos.end().unwrap();
    assert_eq!((end.winner, end.reason.as_str()), (None, "blocked"));
}

#[test]
fn a_pass_then_a_placement_goes_on() {
    // Black must pass; white can still play, and the count starts again.
    let mut pos = board(&["X O", ". O", "X O"], Colour::Black);
    pos.play(Move::Pass);
    let m = pos.check(&at(0, 1)).unwrap();
    pos.play(m);
    assert_eq!(pos.end().map(|e| e.reason.as_str()), Some("all_captured"));
}
