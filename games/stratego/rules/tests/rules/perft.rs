//! Perft fixtures: for fixed setup pairs, the number of legal move
//! sequences of depth 1..3 from the start, as recorded in `tests/data/*.perft`,
//! must match both the real move generator and an independent slow one
//! written here from the text of the rules.

use stratego::{Board, Direction, Move, MoveList, Outcome, Player, Rank, Square, UncheckedMove};

use crate::util::setup_from_codes;

/// One fixture: two setups and expected counts by depth.
struct Fixture {
    name: String,
    setup0: String,
    setup1: String,
    expected: Vec<(u32, u64)>,
}

fn parse_fixture(name: &str, text: &str) -> Fixture {
    let mut f = Fixture {
        name: name.to_owned(),
        setup0: String::new(),
        setup1: String::new(),
        expected: Vec::new(),
    };
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("{name}:{}: expected `key: value`", n + 1));
        match key.trim() {
            "setup0" => f.setup0 = value.trim().to_owned(),
            "setup1" => f.setup1 = value.trim().to_owned(),
            k if k.starts_with("perft ") => {
                let depth = k["perft ".len()..].trim().parse().expect("depth");
                f.expected
                    .push((depth, value.trim().parse().expect("count")));
            }
            other => panic!("{name}:{}: unknown key {other:?}", n + 1),
        }
    }
    f
}

/// Leaf count with the real generator. A move that takes a Flag ends the
/// game, so it is a leaf whatever the remaining depth.
fn perft(board: &mut Board, side: Player, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    board.legal_moves(side, &mut moves);
    let mut n = 0;
    for &m in moves.iter() {
        let undo = board.make(m);
        n += if undo.outcome().takes_flag() {
            1
        } else {
            perft(board, side.opponent(), depth - 1)
        };
        board.unmake(undo);
    }
    n
}

/// Moves of `side` found the slow way: every square, direction and
/// distance, walked square by square with nothing but `Board::get`.
fn slow_moves(board: &Board, side: Player) -> Vec<Move> {
    let mut out = Vec::new();
    for from in Square::all() {
        let Some(piece) = board.get(from) else {
            continue;
        };
        if piece.owner != side || matches!(piece.rank, Rank::Bomb | Rank::Flag) {
            continue;
        }
        let reach = if piece.rank == Rank::Scout { 9 } else { 1 };
        for dir in Direction::ALL {
            for distance in 1..=reach {
                let mut ok = true;
                let mut last = from;
                for step in 1..=distance {
                    let (r, c) = (
                        i32::from(from.row()) + i32::from(dir.row_delta()) * step as i32,
                        i32::from(from.col()) + i32::from(dir.col_delta()) * step as i32,
                    );
                    if !(0..10).contains(&r) || !(0..10).contains(&c) {
                        ok = false;
                        break;
                    }
                    let sq = Square::new(r as u8, c as u8).expect("checked above");
                    let lake = matches!((r, c), (2 | 3 | 6 | 7, 4 | 5));
                    let here = board.get(sq);
                    let passing = step < distance;
                    if lake
                        || (passing && here.is_some())
                        || (!passing && here.is_some_and(|p| p.owner == side))
                    {
                        ok = false;
                        break;
                    }
                    last = sq;
                }
                if ok {
                    let m = board
                        .check(
                            side,
                            &UncheckedMove {
                                from,
                                dir,
                                distance,
                            },
                        )
                        .unwrap_or_else(|e| {
                            panic!("slow generator found {from} {dir} {distance}, check says {e}")
                        });
                    assert_eq!(m.to(), last);
                    out.push(m);
                }
            }
        }
    }
    out
}

fn slow_perft(board: &mut Board, side: Player, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for m in slow_moves(board, side) {
        let undo = board.make(m);
        n += if matches!(
            undo.outcome(),
            Outcome::Battle {
                defender: Rank::Flag,
                ..
            }
        ) {
            1
        } else {
            slow_perft(board, side.opponent(), depth - 1)
        };
        board.unmake(undo);
    }
    n
}

fn fixtures() -> Vec<Fixture> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    entries.sort();
    assert!(
        entries.len() >= 3,
        "expected perft fixtures in {}",
        dir.display()
    );
    entries
        .iter()
        .map(|p| {
            let name = p
                .file_name()
                .expect("file name")
                .to_string_lossy()
                .into_owned();
            parse_fixture(
                &name,
                &std::fs::read_to_string(p).expect("readable fixture"),
            )
        })
        .collect()
}

#[test]
fn perft_matches_fixtures_and_the_slow_generator() {
    for f in fixtures() {
        let s0 = setup_from_codes(Player::Zero, &f.setup0);
        let s1 = setup_from_codes(Player::One, &f.setup1);
        let mut board = Board::from_setups(&s0, &s1);
        assert!(!f.expected.is_empty(), "{}: no perft lines", f.name);
        for &(depth, expected) in &f.expected {
            let fast = perft(&mut board, Player::Zero, depth);
            let slow = slow_perft(&mut board, Player::Zero, depth);
            assert_eq!(slow, expected, "{}: slow perft {depth}", f.name);
            assert_eq!(fast, expected, "{}: perft {depth}", f.name);
        }
    }
}

/// Prints the counts for a new fixture: `cargo test -p stratego --test rules -- --ignored --nocapture print_perft`
/// with `PERFT_SETUPS="codes0|codes1"`.
#[test]
#[ignore = "a tool for writing fixtures, not a test"]
fn print_perft() {
    let spec = std::env::var("PERFT_SETUPS").expect("PERFT_SETUPS=codes0|codes1");
    let (a, b) = spec.split_once('|').expect("two setups separated by |");
    let mut board = Board::from_setups(
        &setup_from_codes(Player::Zero, a),
        &setup_from_codes(Player::One, b),
    );
    for depth in 1..=3 {
        println!(
            "perft {depth}: {}",
            slow_perft(&mut board, Player::Zero, depth)
        );
    }
}
