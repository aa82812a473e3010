//! Perft: the number of move sequences of depth 1 to 3 from fixture
//! positions (`tests/data/perft.txt`), by the fast generator and by a slow
//! one written here from the rules' text alone. A capture keeps the same
//! colour on move, so a ply is one placement or pass, whoever makes it; a
//! finished game has no moves (a sequence that ends the game early counts
//! for nothing at a greater depth).

use game_core::perft::{self, Fixture};
use oust::{Colour, Move, Options, Position, UncheckedMove};

/// The fixtures: `cols rows colour cells d1 d2 d3`, cells row by row.
const FIXTURES: &str = include_str!("../data/perft.txt");

fn fixtures() -> Vec<Fixture<Position>> {
    perft::fixtures(FIXTURES, 3, |line, w| {
        let opts = Options {
            cols: w[0].parse().unwrap(),
            rows: w[1].parse().unwrap(),
        };
        let colour = if w[2] == "1" {
            Colour::Black
        } else {
            Colour::White
        };
        let cells: Vec<u8> = w[3].bytes().map(|b| b - b'0').collect();
        assert_eq!(cells.len(), opts.points(), "line {line}");
        Position::from_cells(opts, &cells, colour, 0)
    })
}

/// Perft by the fast generator.
fn fast_perft(pos: &Position, depth: u32) -> u64 {
    perft::perft(pos, depth, &Position::legal_moves, &|p, m| {
        p.play(m);
    })
}

/// The slow generator: for every empty point, place the stone on a copy
/// of the board and decide by flood fills from scratch, as the rules say
/// it; a pass when nothing is legal.
fn slow_moves(cells: &[u8], o: Options, me: u8) -> Vec<Vec<u8>> {
    let them = 3 - me;
    let n = o.points();
    let neighbours = |i: usize| -> Vec<usize> {
        let (c, r) = (i % o.cols as usize, i / o.cols as usize);
        let mut v = Vec::new();
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < o.cols as usize {
            v.push(i + 1);
        }
        if r > 0 {
            v.push(i - o.cols as usize);
        }
        if r + 1 < o.rows as usize {
            v.push(i + o.cols as usize);
        }
        v
    };
    let group = |cells: &[u8], start: usize| -> Vec<usize> {
        let colour = cells[start];
        let mut seen = vec![start];
        let mut i = 0;
        while i < seen.len() {
            for q in neighbours(seen[i]) {
                if cells[q] == colour && !seen.contains(&q) {
                    seen.push(q);
                }
            }
            i += 1;
        }
        seen
    };
    let mut out = Vec::new();
    for p in 0..n {
        if cells[p] != 0 {
            continue;
        }
        let mut after = cells.to_vec();
        after[p] = me;
        if !neighbours(p).iter().any(|&q| cells[q] == me) {
            out.push(after);
            continue;
        }
        let mine = group(&after, p);
        let touched: Vec<Vec<usize>> = {
            let mut gs: Vec<Vec<usize>> = Vec::new();
            for &s in &mine {
                for q in neighbours(s) {
                    if after[q] == them && !gs.iter().any(|g| g.contains(&q)) {
                        gs.push(group(&after, q));
                    }
                }
            }
            gs
        };
        if touched.is_empty() || touched.iter().any(|g| g.len() >= mine.len()) {
            continue;
        }
        for g in touched {
            for q in g {
                after[q] = 0;
            }
        }
        out.push(after);
    }
    if out.is_empty() {
        out.push(cells.to_vec());
    }
    out
}

/// Perft by the slow generator, on raw cells: the colour to move, and
/// whether each colour has played.
fn slow_perft(cells: &[u8], o: Options, me: u8, played: [bool; 2], depth: u32) -> u64 {
    let count = |c: u8| cells.iter().filter(|&&x| x == c).count();
    if depth == 0 {
        return 1;
    }
    if played[0] && played[1] && (count(1) == 0 || count(2) == 0) {
        return 0;
    }
    let mut played = played;
    played[usize::from(me - 1)] = true;
    slow_moves(cells, o, me)
        .into_iter()
        .map(|after| {
            // A capture (the enemy lost stones) keeps the mover on move.
            let captured = after.iter().filter(|&&x| x == 3 - me).count() < count(3 - me);
            let next = if captured { me } else { 3 - me };
            slow_perft(&after, o, next, played, depth - 1)
        })
        .sum()
}

#[test]
fn fixtures_match_both_generators() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 6, "fixtures: {}", fixtures.len());
    let slow = |pos: &Position, depth| {
        let played = [pos.has_played(Colour::Black), pos.has_played(Colour::White)];
        slow_perft(
            pos.cells(),
            pos.options(),
            pos.to_move().digit(),
            played,
            depth,
        )
    };
    for f in &fixtures {
        f.check(&[("fast", &fast_perft), ("slow", &slow)]);
    }
}

#[test]
fn checked_moves_are_exactly_the_generated_ones() {
    for f in fixtures() {
        let mut moves = Vec::new();
        f.pos.legal_moves(&mut moves);
        let o = f.pos.options();
        let mut accepted = 0;
        for r in 0..u32::from(o.rows) {
            for c in 0..u32::from(o.cols) {
                if let Ok(m) = f.pos.check(&UncheckedMove::new(c, r)) {
                    assert!(moves.contains(&m), "line {}: {c} {r}", f.line);
                    accepted += 1;
                }
            }
        }
        let passes = usize::from(moves == [Move::Pass]);
        assert_eq!(accepted + passes, moves.len(), "line {}", f.line);
    }
}

/// Prints the counts of new fixtures:
/// `cargo test -p oust --test rules -- --ignored --nocapture print_perft`
#[test]
#[ignore]
fn print_perft() {
    for f in fixtures() {
        let c: Vec<u64> = (1..=3).map(|d| fast_perft(&f.pos, d)).collect();
        println!("line {}: {} {} {}", f.line, c[0], c[1], c[2]);
    }
}
