//! Start places: the base version's columns, and the seed layout for two
//! to five players, checked against a brute force on small worlds.

use mansuba::{
    ConfigName, First, Neighbours, Options, Relation, RelationArg, Setup, World, columns, seeded,
};

#[test]
fn the_base_version_starts_on_the_first_and_last_columns() {
    let s = columns(World::new(10, 10).unwrap(), 2).unwrap();
    assert_eq!(s.sets[0], (0..10).map(|r| r * 10).collect::<Vec<u16>>());
    assert_eq!(s.sets[1], (0..10).map(|r| r * 10 + 9).collect::<Vec<u16>>());
    assert_eq!(
        columns(World::new(10, 10).unwrap(), 3)
            .unwrap_err()
            .to_string(),
        "the columns layout is for 2 players, not 3 (more players start with --start seeds)"
    );
}

#[test]
fn two_seeds_on_the_square_grid_are_opposite_corners() {
    let n = Neighbours::new(World::new(10, 10).unwrap(), Relation::Square4);
    let s = seeded(&n, 2, 10).unwrap();
    assert_eq!(s.seeds.as_deref(), Some(&[0, 99][..]));
    assert_eq!(s.spread, Some(18));
    // The ten places nearest a corner: a triangle, by distance then index.
    assert_eq!(s.sets[0], [0, 1, 10, 2, 11, 20, 3, 12, 21, 30]);
    assert_eq!(s.sets[1], [99, 89, 98, 79, 88, 97, 69, 78, 87, 96]);
}

/// The first set of `k` places (by index) that maximises the smallest
/// pairwise distance with disjoint start sets of `count`, by trying them
/// all (worlds of at most 64 places); with that distance.
fn brute(n: &Neighbours, k: usize, count: usize) -> Option<(Vec<u16>, u16)> {
    let size = n.world().size();
    assert!(size <= 64);
    let dist: Vec<Vec<u16>> = (0..size as u16).map(|p| n.distances([p])).collect();
    // Each place's start set as bits, if it reaches enough places.
    let near: Vec<Option<u64>> = (0..size as u16)
        .map(|p| {
            let order = n.nearest(p);
            (order.len() >= count).then(|| order[..count].iter().fold(0, |m, &(q, _)| m | 1 << q))
        })
        .collect();
    let mut best: Option<(Vec<u16>, u16)> = None;
    let mut pick: Vec<usize> = Vec::new();
    // Subsets in lexicographic order, each set's union of start sets
    // carried along.
    fn go(
        start: usize,
        k: usize,
        used: u64,
        pick: &mut Vec<usize>,
        near: &[Option<u64>],
        f: &mut dyn FnMut(&[usize]),
    ) {
        if pick.len() == k {
            f(pick);
            return;
        }
        for p in start..near.len() {
            let Some(bits) = near[p] else { continue };
            if bits & used != 0 {
                continue;
            }
            pick.push(p);
            go(p + 1, k, used | bits, pick, near, f);
            pick.pop();
        }
    }
    go(0, k, 0, &mut pick, &near, &mut |set: &[usize]| {
        let spread = (0..k)
            .flat_map(|i| (i + 1..k).map(move |j| (i, j)))
            .map(|(i, j)| dist[set[i]][set[j]])
            .min()
            .unwrap();
        if best.as_ref().is_none_or(|(_, b)| spread > *b) {
            best = Some((set.iter().map(|&p| p as u16).collect(), spread));
        }
    });
    best
}

#[test]
fn seeds_are_as_far_apart_as_the_relation_allows() {
    for (w, h) in [(5u16, 4u16), (6, 5), (4, 6)] {
        let world = World::new(w, h).unwrap();
        for r in Relation::ALL {
            let n = Neighbours::new(world, r);
            for k in 2..=5 {
                let got = seeded(&n, k, usize::from(h));
                match brute(&n, k, usize::from(h)) {
                    Some((seeds, spread)) => {
                        let got = got.unwrap_or_else(|e| panic!("{w}x{h} {r} {k}: {e}"));
                        assert_eq!(got.seeds.as_ref(), Some(&seeds), "{w}x{h} {r} {k}");
                        assert_eq!(got.spread, Some(spread), "{w}x{h} {r} {k}");
                    }
                    None => {
                        let e = got.unwrap_err().to_string();
                        assert!(e.contains("do not fit"), "{w}x{h} {r} {k}: {e}");
                    }
                }
            }
        }
    }
}

#[test]
fn start_sets_for_two_to_five_players_on_every_relation() {
    let world = World::new(10, 10).unwrap();
    for r in Relation::ALL {
        let n = Neighbours::new(world, r);
        for k in 2..=5 {
            let s = seeded(&n, k, 10).unwrap();
            let seeds = s.seeds.clone().unwrap();
            assert_eq!(s.sets.len(), k);
            let mut all: Vec<u16> = Vec::new();
            for (i, set) in s.sets.iter().enumerate() {
                assert_eq!(set.len(), 10);
                assert_eq!(set[0], seeds[i], "a seed is its own nearest place");
                all.extend(set);
            }
            all.sort_unstable();
            all.dedup();
            assert_eq!(all.len(), 10 * k, "{r} {k}: disjoint");
            assert!(seeds.windows(2).all(|w| w[0] < w[1]), "seat i, seed i");
        }
    }
}

#[test]
fn a_layout_that_cannot_be_built_is_a_clear_error() {
    let options = Options {
        width: 3,
        height: 3,
        players: 5,
        ..Options::default()
    };
    assert_eq!(
        Setup::new(&options, 18).unwrap_err().to_string(),
        "5 disjoint start sets of 3 places each do not fit under the square4 relation: the game cannot be played (fewer players, or a larger world)"
    );
    let options = Options {
        players: 3,
        start: Some(mansuba::Layout::Columns),
        ..Options::default()
    };
    assert!(Setup::new(&options, 200).is_err());
    let options = Options {
        players: 2,
        first: First::Seat(3),
        ..Options::default()
    };
    assert_eq!(
        Setup::new(&options, 200).unwrap_err().to_string(),
        "--first 3: there is no player 3 in a game of 2"
    );
}

#[test]
fn every_configuration_sets_up_for_two_to_five_players() {
    for config in ConfigName::ALL {
        for players in 2..=5 {
            let options = Options {
                config,
                players,
                relation: Some(RelationArg::Random),
                ..Options::default()
            };
            let setup = Setup::new(&options, 200).unwrap();
            for r in Relation::ALL {
                let rules = setup.rules(r).unwrap();
                assert_eq!(rules.players(), usize::from(players));
                // The lineup gives every seat the same sorts.
                let sorts = |seat: usize| -> Vec<char> {
                    let mut v: Vec<char> = (0..rules.start(seat).len())
                        .map(|i| rules.lineup_at(i).letter())
                        .collect();
                    v.sort_unstable();
                    v
                };
                for seat in 1..usize::from(players) {
                    assert_eq!(sorts(seat), sorts(0));
                }
            }
        }
    }
}
