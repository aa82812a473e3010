//! The boards against the facts (`docs/games/coursidor.md`): counts,
//! numbering, directions, symmetry.

use coursidor::{Board, Dir, Shape};

/// Facts §2.6: type, m, vertices, edges, walls per player.
const SIZES: &[(Shape, u32, usize, u32, u32)] = &[
    (Shape::T, 2, 7, 12, 1),
    (Shape::T, 3, 19, 42, 3),
    (Shape::T, 4, 37, 90, 6),
    (Shape::T, 5, 61, 156, 10),
    (Shape::T, 6, 91, 240, 15),
    (Shape::T, 7, 127, 342, 22),
    (Shape::T, 8, 169, 462, 29),
    (Shape::T, 9, 217, 600, 38),
    (Shape::T, 10, 271, 756, 48),
    (Shape::C, 3, 18, 36, 3),
    (Shape::C, 4, 30, 60, 4),
    (Shape::C, 5, 42, 84, 6),
    (Shape::C, 6, 54, 108, 7),
    (Shape::C, 7, 66, 132, 9),
    (Shape::C, 8, 78, 156, 10),
    (Shape::C, 9, 90, 180, 12),
    (Shape::C, 10, 102, 204, 13),
    (Shape::H, 6, 84, 198, 13),
    (Shape::H, 9, 168, 390, 25),
    (Shape::H, 12, 264, 618, 39),
    (Shape::H, 15, 372, 882, 56),
    (Shape::H, 18, 492, 1182, 74),
];

#[test]
fn vertex_edge_and_wall_counts_are_the_facts_table() {
    for &(shape, m, v, e, walls) in SIZES {
        let b = Board::new(shape, m).unwrap();
        assert_eq!(
            (b.vertices(), b.edges(), b.walls_per_player()),
            (v, e, walls),
            "{shape} {m}"
        );
        assert_eq!(b.edge_list().count(), e as usize, "{shape} {m}");
    }
}

#[test]
fn the_closed_formulas_hold_for_every_size() {
    for m in 2..=30u32 {
        let b = Board::new(Shape::T, m).unwrap();
        assert_eq!(b.vertices() as u32, 3 * m * m - 3 * m + 1);
        assert_eq!(b.edges(), 9 * m * m - 15 * m + 6);
        if m >= 3 {
            let c = Board::new(Shape::C, m).unwrap();
            assert_eq!(c.vertices() as u32, 12 * m - 18);
            assert_eq!(c.edges(), 24 * m - 36);
        }
        if m >= 6 && m % 3 == 0 {
            let h = Board::new(Shape::H, m).unwrap();
            assert_eq!(h.vertices() as u32, 2 * m * m / 3 + 18 * m - 48);
            assert_eq!(h.edges(), 2 * m * m + 34 * m - 78);
        }
    }
}

/// The first vertex of each row and the row lengths, top to bottom.
fn rows(b: &Board) -> Vec<(u16, usize)> {
    let mut out: Vec<(u16, usize)> = Vec::new();
    let mut last_row = None;
    for v in 0..b.vertices() as u16 {
        let (r, _) = b.coords(v);
        if last_row == Some(r) {
            out.last_mut().unwrap().1 += 1;
        } else {
            out.push((v, 1));
            last_row = Some(r);
        }
    }
    out
}

#[test]
fn numbering_is_row_by_row_as_the_facts_drawings() {
    let t5 = Board::new(Shape::T, 5).unwrap();
    let lengths: Vec<usize> = rows(&t5).iter().map(|r| r.1).collect();
    assert_eq!(lengths, [5, 6, 7, 8, 9, 8, 7, 6, 5]);
    // Corners of T 5.
    assert_eq!(t5.coords(0), (-4, 0));
    assert_eq!(t5.coords(4), (-4, 4));
    assert_eq!(t5.coords(26), (0, -4));
    assert_eq!(t5.coords(34), (0, 4));
    assert_eq!(t5.coords(56), (4, -4));
    assert_eq!(t5.coords(60), (4, 0));
    let c4 = Board::new(Shape::C, 4).unwrap();
    assert_eq!(
        rows(&c4),
        [(0, 4), (4, 5), (9, 4), (13, 4), (17, 4), (21, 5), (26, 4)]
    );
    // C 4: 9 10 . . 11 12 — the gap is the inner hexagon.
    assert_eq!(c4.direction(10, 11), None);
    assert_eq!(c4.coords(11).1 - c4.coords(10).1, 3);
    let h6 = Board::new(Shape::H, 6).unwrap();
    assert_eq!(
        rows(&h6),
        [
            (0, 6),
            (6, 7),
            (13, 6),
            (19, 9),
            (28, 10),
            (38, 8),
            (46, 10),
            (56, 9),
            (65, 6),
            (71, 7),
            (78, 6)
        ]
    );
    // H 6 row 3: 13 14 . 15 16 . 17 18.
    assert_eq!(h6.neighbour(14, Dir::E), None);
    assert_eq!(h6.neighbour(15, Dir::E), Some(16));
    assert_eq!(h6.at(0, 0), None, "the centre is a hole");
    let h9 = Board::new(Shape::H, 9).unwrap();
    // Each hole of H 9 has 7 cells: the centre's ring of 6 is gone too.
    assert!(Dir::ALL.iter().all(|d| {
        let (dr, dq) = d.delta();
        h9.at(dr, dq).is_none()
    }));
    assert!(h9.at(2, 0).is_some());
}

#[test]
fn every_edge_goes_both_ways_in_opposite_directions() {
    for &(shape, m, ..) in SIZES {
        let b = Board::new(shape, m).unwrap();
        for v in 0..b.vertices() as u16 {
            for d in Dir::ALL {
                if let Some(w) = b.neighbour(v, d) {
                    assert_eq!(
                        b.neighbour(w, d.opposite()),
                        Some(v),
                        "{shape} {m}: {v} {d}"
                    );
                    let (r, q) = b.coords(v);
                    let (dr, dq) = d.delta();
                    assert_eq!(b.coords(w), (r + dr, q + dq));
                }
            }
        }
    }
}

#[test]
fn the_half_turn_maps_v_to_n_minus_1_minus_v() {
    for &(shape, m, ..) in SIZES {
        let b = Board::new(shape, m).unwrap();
        for v in 0..b.vertices() as u16 {
            let (r, q) = b.coords(v);
            assert_eq!(b.coords(b.mirror(v)), (-r, -q), "{shape} {m}: {v}");
            for d in Dir::ALL {
                assert_eq!(
                    b.neighbour(v, d).map(|w| b.mirror(w)),
                    b.neighbour(b.mirror(v), d.opposite())
                );
            }
        }
    }
}

#[test]
fn degrees_of_c4_are_the_facts() {
    let c4 = Board::new(Shape::C, 4).unwrap();
    let mut count = [0; 7];
    for v in 0..c4.vertices() as u16 {
        count[c4.degree(v)] += 1;
    }
    assert_eq!((count[3], count[4], count[5]), (6, 18, 6));
}

#[test]
fn bad_sizes_are_refused_with_the_reason() {
    let e = |s, m| Board::new(s, m).unwrap_err().to_string();
    assert_eq!(e(Shape::T, 1), "a board of type T needs m >= 2, not 1");
    assert_eq!(e(Shape::C, 2), "a board of type C needs m >= 3, not 2");
    assert_eq!(e(Shape::H, 3), "a board of type H needs m >= 6, not 3");
    assert_eq!(
        e(Shape::H, 10),
        "a board of type H needs m a multiple of 3, not 10"
    );
    assert_eq!(e(Shape::T, 61), "m = 61 is over the largest size, 60");
}
