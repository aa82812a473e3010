//! Worlds and relations: the 5 × 4 expectations of the course's tests
//! (facts §10: guewenc, sakhalifa, Antt-Catt), then each relation's shape.

use mansuba::{Dir, Neighbours, Relation, World};

fn nb(relation: Relation) -> Neighbours {
    Neighbours::new(World::new(5, 4).unwrap(), relation)
}

/// The neighbours the course's tests expect on 5 × 4: a relation, a
/// place, and its neighbour in each direction named (`-`: none).
#[test]
fn neighbours_as_the_courses_tests_expect_them() {
    use Relation::*;
    let cases = [
        // guewenc's square 4.
        (Square4, 0, "NORTH -, SOUTH 5, EAST 1, WEST -"),
        (Square4, 6, "NORTH 1, SOUTH 11, EAST 7, WEST 5"),
        (Square4, 12, "NORTH 7, SOUTH 17, EAST 13, WEST 11"),
        // guewenc's square 8.
        (Square8, 0, "SEAST 6"),
        (Square8, 6, "SWEST 10, SEAST 12, NWEST 0, NEAST 2"),
        (Square8, 12, "SWEST 16, SEAST 18, NWEST 6, NEAST 8"),
        // sakhalifa's lookups; its square get_neighbor answers the diagonals
        // too: ours on the 8-neighbour grid.
        (Square4, 4, "WEST 3, EAST -"),
        (Square8, 7, "SEAST 13"),
        (Square8, 9, "SWEST 13"),
        (Square8, 19, "NWEST 13, NEAST -"),
        (Square8, 18, "NEAST 14"),
        // Antt-Catt's 8-neighbour grid.
        (Square8, 0, "NEAST -, SOUTH 5"),
        (Square8, 12, "NWEST 6"),
        (Square8, 14, "EAST -"),
        // sakhalifa's hex offset rows; it leaves the last place of odd rows out,
        // every place plays here, so 4 has 9 to its south-east.
        (Hex, 12, "NEAST 7, NWEST 6, SEAST 17, SWEST 16"),
        (Hex, 7, "NEAST 3, NWEST 2, SEAST 13, SWEST 12"),
        (Hex, 0, "WEST -, SWEST -, NWEST -"),
        (Hex, 4, "EAST -, NEAST -, SEAST 9"),
    ];
    for (relation, p, expected) in cases {
        let n = nb(relation);
        for neighbour in expected.split(", ") {
            let (d, q) = neighbour.split_once(' ').unwrap();
            let d = Dir::from_name(d).unwrap();
            assert_eq!(n.get(p, d), q.parse().ok(), "{relation}: {p} {d}");
        }
    }
}

#[test]
fn square4_has_no_diagonals_and_lists_by_direction_value() {
    let n = nb(Relation::Square4);
    for d in Dir::DIAGONAL {
        assert_eq!(n.get(0, d), None, "{d}");
        assert_eq!(n.get(6, d), None, "{d}");
    }
    for d in Dir::ALL {
        assert_eq!(n.get(20, d), None, "index 20 is off a 5x4 world");
    }
}

/// A place's neighbours in the order of `get_neighbors`, by increasing
/// direction value: a relation, a place, and its list.
#[test]
fn neighbours_are_listed_by_direction_value() {
    use Relation::*;
    for (relation, p, expected) in [
        (Square4, 6, "SOUTH 11, WEST 5, EAST 7, NORTH 1"),
        (
            Square8,
            6,
            "SEAST 12, SOUTH 11, SWEST 10, WEST 5, EAST 7, NEAST 2, NORTH 1, NWEST 0",
        ),
        (Square8, 0, "SEAST 6, SOUTH 5, EAST 1"),
        // Antt-Catt's lists.
        (Square8, 9, "SOUTH 14, SWEST 13, WEST 8, NORTH 4, NWEST 3"),
        (Square8, 15, "EAST 16, NEAST 11, NORTH 10"),
        (
            Square8,
            7,
            "SEAST 13, SOUTH 12, SWEST 11, WEST 6, EAST 8, NEAST 3, NORTH 2, NWEST 1",
        ),
        // The triangular lattice: the square grid and one diagonal.
        (
            Triangular,
            6,
            "SOUTH 11, SWEST 10, WEST 5, EAST 7, NEAST 2, NORTH 1",
        ),
        (Triangular, 0, "SOUTH 5, EAST 1"),
        (Triangular, 4, "SOUTH 9, SWEST 8, WEST 3"),
    ] {
        let listed: Vec<String> = nb(relation)
            .of(p)
            .map(|(d, q)| format!("{d} {q}"))
            .collect();
        assert_eq!(listed.join(", "), expected, "{relation}: {p}");
    }
}

#[test]
fn counts_as_sakhalifa_tests_them() {
    let n = nb(Relation::Square4);
    for (p, count) in [(0, 2), (1, 3), (4, 2), (7, 4), (18, 3), (19, 2)] {
        assert_eq!(n.of(p).count(), count, "place {p}");
    }
    // Off the world, and -1 cast to unsigned.
    for p in [20, 24, 100, u16::MAX] {
        assert_eq!(n.of(p).count(), 0, "place {p}");
    }
}

#[test]
fn hex_has_no_north_or_south() {
    let n = nb(Relation::Hex);
    for p in 0..20 {
        assert_eq!(n.get(p, Dir::North), None);
        assert_eq!(n.get(p, Dir::South), None);
    }
}

/// Every relation is symmetric: q is p's neighbour in d exactly when p is
/// q's in the opposite direction; interior places of the lattices have
/// their full count.
#[test]
fn every_relation_is_symmetric() {
    let world = World::new(7, 6).unwrap();
    for r in Relation::ALL {
        let n = Neighbours::new(world, r);
        for p in 0..world.size() as u16 {
            for (d, q) in n.of(p) {
                assert_eq!(n.get(q, d.opposite()), Some(p), "{r}: {p} {d} {q}");
            }
        }
        let interior = world.place(2, 3).unwrap();
        let full = match r {
            Relation::Square4 => 4,
            Relation::Square8 => 8,
            Relation::Triangular | Relation::Hex => 6,
        };
        assert_eq!(n.of(interior).count(), full, "{r}");
    }
}

#[test]
fn distances_in_simple_moves() {
    // sakhalifa's distance test: from the columns, the distance to
    // BLACK's start places is the column, to WHITE's 4 - column.
    let world = World::new(5, 4).unwrap();
    let n = Neighbours::new(world, Relation::Square4);
    let black = n.distances([0, 5, 10, 15]);
    let white = n.distances([4, 9, 14, 19]);
    for p in 0..20u16 {
        assert_eq!(i32::from(black[usize::from(p)]), world.col(p));
        assert_eq!(i32::from(white[usize::from(p)]), 4 - world.col(p));
    }
    // The diagonal halves the way across on the 8-neighbour grid, and
    // the NE-SW diagonal helps one way only on the triangular lattice.
    let d8 = Neighbours::new(world, Relation::Square8).distances([0]);
    assert_eq!(d8[19], 4);
    let tri = Neighbours::new(world, Relation::Triangular);
    assert_eq!(tri.distances([0])[19], 7);
    assert_eq!(tri.distances([4])[15], 4);
    // Nearest places, ties by index.
    let near: Vec<u16> = n.nearest(0).iter().take(6).map(|&(p, _)| p).collect();
    assert_eq!(near, [0, 1, 5, 2, 6, 10]);
}
