//! Worlds and relations: the 5 × 4 expectations of the course's tests
//! (facts §10: guewenc, sakhalifa, Antt-Catt), then each relation's shape.

use mansuba::{Dir, Neighbours, Relation, World};

fn nb(relation: Relation) -> Neighbours {
    Neighbours::new(World::new(5, 4).unwrap(), relation)
}

fn list(n: &Neighbours, p: u16) -> Vec<(Dir, u16)> {
    n.of(p).collect()
}

#[test]
fn square4_as_guewenc_tests_it() {
    let n = nb(Relation::Square4);
    use Dir::*;
    assert_eq!(n.get(0, North), None);
    assert_eq!(n.get(0, South), Some(5));
    assert_eq!(n.get(0, East), Some(1));
    assert_eq!(n.get(0, West), None);
    for d in Dir::DIAGONAL {
        assert_eq!(n.get(0, d), None, "{d}");
        assert_eq!(n.get(6, d), None, "{d}");
    }
    assert_eq!(
        [
            n.get(6, North),
            n.get(6, South),
            n.get(6, East),
            n.get(6, West)
        ],
        [Some(1), Some(11), Some(7), Some(5)]
    );
    assert_eq!(
        [
            n.get(12, North),
            n.get(12, South),
            n.get(12, East),
            n.get(12, West)
        ],
        [Some(7), Some(17), Some(13), Some(11)]
    );
    for d in Dir::ALL {
        assert_eq!(n.get(20, d), None, "index 20 is off a 5x4 world");
    }
    // get_neighbors' order: by increasing direction value.
    assert_eq!(list(&n, 6), [(South, 11), (West, 5), (East, 7), (North, 1)]);
}

#[test]
fn square8_as_guewenc_tests_it() {
    let n = nb(Relation::Square8);
    use Dir::*;
    assert_eq!(n.get(0, SEast), Some(6));
    assert_eq!(
        [
            n.get(6, SWest),
            n.get(6, SEast),
            n.get(6, NWest),
            n.get(6, NEast)
        ],
        [Some(10), Some(12), Some(0), Some(2)]
    );
    assert_eq!(
        [
            n.get(12, SWest),
            n.get(12, SEast),
            n.get(12, NWest),
            n.get(12, NEast)
        ],
        [Some(16), Some(18), Some(6), Some(8)]
    );
    assert_eq!(
        list(&n, 6),
        [
            (SEast, 12),
            (South, 11),
            (SWest, 10),
            (West, 5),
            (East, 7),
            (NEast, 2),
            (North, 1),
            (NWest, 0)
        ]
    );
    assert_eq!(list(&n, 0), [(SEast, 6), (South, 5), (East, 1)]);
}

#[test]
fn counts_and_lookups_as_sakhalifa_tests_them() {
    let n = nb(Relation::Square4);
    for (p, count) in [(0, 2), (1, 3), (4, 2), (7, 4), (18, 3), (19, 2)] {
        assert_eq!(n.of(p).count(), count, "place {p}");
    }
    // Off the world, and -1 cast to unsigned.
    for p in [20, 24, 100, u16::MAX] {
        assert_eq!(n.of(p).count(), 0, "place {p}");
    }
    use Dir::*;
    assert_eq!(n.get(0, North), None);
    assert_eq!(n.get(0, South), Some(5));
    assert_eq!(n.get(4, West), Some(3));
    assert_eq!(n.get(4, East), None);
    // sakhalifa's square get_neighbor answers the diagonals too: ours on
    // the 8-neighbour grid.
    let n = nb(Relation::Square8);
    assert_eq!(n.get(7, SEast), Some(13));
    assert_eq!(n.get(9, SWest), Some(13));
    assert_eq!(n.get(19, NWest), Some(13));
    assert_eq!(n.get(19, NEast), None);
    assert_eq!(n.get(18, NEast), Some(14));
}

#[test]
fn the_8_grid_as_antt_catt_tests_it() {
    let n = nb(Relation::Square8);
    use Dir::*;
    assert_eq!(n.get(0, NEast), None);
    assert_eq!(n.get(0, South), Some(5));
    assert_eq!(n.get(12, NWest), Some(6));
    assert_eq!(n.get(14, East), None);
    let places = |p: u16| -> Vec<u16> { n.of(p).map(|(_, q)| q).collect() };
    assert_eq!(places(9), [14, 13, 8, 4, 3]);
    assert_eq!(places(15), [16, 11, 10]);
    assert_eq!(places(7), [13, 12, 11, 6, 8, 3, 2, 1]);
}

#[test]
fn hex_offset_rows_as_sakhalifa_tests_them() {
    let n = nb(Relation::Hex);
    use Dir::*;
    assert_eq!(
        [
            n.get(12, NEast),
            n.get(12, NWest),
            n.get(12, SEast),
            n.get(12, SWest)
        ],
        [Some(7), Some(6), Some(17), Some(16)]
    );
    assert_eq!(
        [
            n.get(7, NEast),
            n.get(7, NWest),
            n.get(7, SEast),
            n.get(7, SWest)
        ],
        [Some(3), Some(2), Some(13), Some(12)]
    );
    for d in [West, SWest, NWest] {
        assert_eq!(n.get(0, d), None, "{d}");
    }
    assert_eq!([n.get(4, East), n.get(4, NEast)], [None, None]);
    // sakhalifa leaves the last place of odd rows out; every place plays
    // here, so 4 has 9 to its south-east.
    assert_eq!(n.get(4, SEast), Some(9));
    // No north or south anywhere.
    for p in 0..20 {
        assert_eq!(n.get(p, North), None);
        assert_eq!(n.get(p, South), None);
    }
}

#[test]
fn the_triangular_lattice_is_the_square_grid_and_one_diagonal() {
    let n = nb(Relation::Triangular);
    use Dir::*;
    assert_eq!(
        list(&n, 6),
        [
            (South, 11),
            (SWest, 10),
            (West, 5),
            (East, 7),
            (NEast, 2),
            (North, 1)
        ]
    );
    assert_eq!(list(&n, 0), [(South, 5), (East, 1)]);
    assert_eq!(list(&n, 4), [(South, 9), (SWest, 8), (West, 3)]);
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
