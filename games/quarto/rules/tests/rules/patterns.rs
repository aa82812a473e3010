//! The pattern table against the drawings of `docs/games/quarto.md`:
//! every fenced block headed `level N: NAME` draws boards side by side
//! (`#` a square of the pattern, `.` another), four lines a row of boards,
//! rows of boards separated by blank lines.

use quarto::{Kind, Level, PATTERNS};

const DOC: &str = include_str!("../../../../../docs/games/quarto.md");

/// A block of drawings: its level, its name, its patterns in order.
struct Block {
    level: u8,
    name: String,
    masks: Vec<u16>,
}

fn blocks() -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = DOC.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```text" {
            continue;
        }
        let body: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        let Some(head) = body.first().and_then(|h| h.strip_prefix("level ")) else {
            continue;
        };
        let (n, name) = head.split_once(": ").expect("level N: NAME");
        let rows: Vec<&str> = body[1..]
            .iter()
            .copied()
            .filter(|l| !l.trim().is_empty())
            .collect();
        assert_eq!(rows.len() % 4, 0, "{head}: rows of four lines");
        let mut masks = Vec::new();
        for group in rows.chunks(4) {
            let cells: Vec<Vec<bool>> = group
                .iter()
                .map(|l| {
                    l.split_whitespace()
                        .map(|c| match c {
                            "#" => true,
                            "." => false,
                            _ => panic!("{head}: {c:?} in a drawing"),
                        })
                        .collect()
                })
                .collect();
            let boards = cells[0].len() / 4;
            assert!(
                cells.iter().all(|r| r.len() == boards * 4),
                "{head}: ragged drawing"
            );
            for b in 0..boards {
                let mut mask = 0u16;
                for (row, r) in cells.iter().enumerate() {
                    for col in 0..4 {
                        if r[b * 4 + col] {
                            mask |= 1 << (row * 4 + col);
                        }
                    }
                }
                masks.push(mask);
            }
        }
        out.push(Block {
            level: n.parse().expect("a level number"),
            name: name.to_owned(),
            masks,
        });
    }
    out
}

fn kind_of(name: &str) -> Kind {
    match name {
        "rows" => Kind::Row,
        "columns" => Kind::Column,
        "diagonals" => Kind::Diagonal,
        "2x2 squares" => Kind::Square,
        "corners of 3x3 squares" => Kind::Corners,
        "diamonds of width two" => Kind::Diamond,
        "corners of diamonds of width three" => Kind::TiltedSquare,
        _ => panic!("a drawing of unknown patterns: {name}"),
    }
}

#[test]
fn the_drawings_are_the_table_kind_by_kind_in_order() {
    let blocks = blocks();
    assert_eq!(blocks.len(), 7, "seven kinds of patterns drawn");
    for b in &blocks {
        assert_eq!(
            b.masks.iter().map(|m| m.count_ones()).max(),
            Some(4),
            "{}",
            b.name
        );
        assert!(
            b.masks.iter().all(|m| m.count_ones() == 4),
            "{}: four squares each",
            b.name
        );
        let kind = kind_of(&b.name);
        let table: Vec<u16> = PATTERNS
            .iter()
            .filter(|p| p.kind == kind)
            .map(|p| p.mask)
            .collect();
        assert_eq!(b.masks, table, "{}", b.name);
    }
}

#[test]
fn each_level_wins_with_the_patterns_drawn_up_to_it() {
    let blocks = blocks();
    for level in Level::ALL {
        let mut drawn: Vec<u16> = blocks
            .iter()
            .filter(|b| b.level <= level.number())
            .flat_map(|b| b.masks.iter().copied())
            .collect();
        let mut table: Vec<u16> = level.masks().to_vec();
        assert_eq!(drawn.len(), level.count(), "level {level}");
        drawn.sort_unstable();
        table.sort_unstable();
        assert_eq!(drawn, table, "level {level}");
    }
    let per_level: Vec<usize> = Level::ALL.iter().map(|l| l.count()).collect();
    assert_eq!(per_level, [10, 19, 23, 29]);
}
