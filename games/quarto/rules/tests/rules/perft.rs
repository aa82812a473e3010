//! Perft: the number of move sequences of depth 1 to 3 from fixture
//! positions (`tests/data/perft.txt`), by the fast generator and by a slow
//! one written from the rules' text on the seed's representation. Moves
//! are counted one per distinct effect: a placement that wins or fills the
//! board counts once; a finished game has no moves.

use game_core::perft::{self, Fixture};
use quarto::seed_board::SeedBoard;
use quarto::{Board, Level, Piece, Position, Square};

/// The fixtures: `level hand board d1 d2 d3`; the board square by square
/// in reading order, a hex digit per piece, `.` for an empty square; the
/// hand a hex digit, or `-`.
const FIXTURES: &str = include_str!("../data/perft.txt");

fn hex(c: u8) -> Piece {
    Piece::new(char::from(c).to_digit(16).expect("a hex digit") as u8).unwrap()
}

fn fixtures() -> Vec<Fixture<Position>> {
    perft::fixtures(FIXTURES, 3, |line, w| {
        let level = Level::new(w[0].parse().unwrap()).unwrap();
        let hand = (w[1] != "-").then(|| hex(w[1].as_bytes()[0]));
        let mut cells = [None; 16];
        assert_eq!(w[2].len(), 16, "line {line}");
        for (c, b) in cells.iter_mut().zip(w[2].bytes()) {
            *c = (b != b'.').then(|| hex(b));
        }
        Position::from_parts(level, Board::from_cells(&cells), hand)
            .unwrap_or_else(|e| panic!("line {line}: {e}"))
    })
}

/// Perft by the fast generator.
fn fast_perft(pos: &Position, depth: u32) -> u64 {
    perft::perft(pos, depth, &Position::legal_moves, &|p, m| {
        p.play(m);
    })
}

/// The slow generator's state: the seed's board, the piece in hand, over.
#[derive(Clone, Copy)]
struct Slow {
    level: Level,
    board: SeedBoard,
    hand: Option<Piece>,
    over: bool,
}

fn slow_perft(s: Slow, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if s.over {
        return 0;
    }
    let on_board = |p: Piece| Square::ALL.iter().any(|&q| s.board.get(q) == Some(p));
    let left: Vec<Piece> = Piece::ALL
        .into_iter()
        .filter(|&p| Some(p) != s.hand && !on_board(p))
        .collect();
    let Some(hand) = s.hand else {
        // The first move: a gift.
        return left
            .iter()
            .map(|&g| slow_perft(Slow { hand: Some(g), ..s }, depth - 1))
            .sum();
    };
    let mut total = 0;
    for q in Square::ALL {
        if s.board.is_occupied(q) {
            continue;
        }
        let mut b = s.board;
        b.place(q, hand);
        if b.won(s.level) || left.is_empty() {
            total += slow_perft(
                Slow {
                    board: b,
                    hand: None,
                    over: true,
                    ..s
                },
                depth - 1,
            );
            continue;
        }
        for &g in &left {
            total += slow_perft(
                Slow {
                    board: b,
                    hand: Some(g),
                    over: false,
                    ..s
                },
                depth - 1,
            );
        }
    }
    total
}

#[test]
fn perft_fixtures_fast_and_slow() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 6);
    let slow = |pos: &Position, depth| {
        let s = Slow {
            level: pos.level(),
            board: SeedBoard::of(pos.board()),
            hand: pos.hand(),
            over: false,
        };
        slow_perft(s, depth)
    };
    for f in &fixtures {
        f.check(&[("fast", &fast_perft), ("slow", &slow)]);
    }
}
