//! Properties of random games.

use game_core::Rng;
use oust::{Colour, Move, Options, Position};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A capture never removes a group as large as the capturer's; stones
    /// change only by the mover's placement (+1) and the captured enemy
    /// stones; the capturer plays again; random games end, by a capture of
    /// every stone or (a full board, no capture) two passes in a row, long
    /// before the default turn limit.
    #[test]
    fn random_games_keep_the_rules(seed in any::<u64>(), cols in 2u8..=9, rows in 2u8..=9) {
        let mut rng = Rng::new(seed);
        let mut pos = Position::new(Options { cols, rows }, 100_000);
        let mut moves = Vec::new();
        while pos.end().is_none() {
            pos.legal_moves(&mut moves);
            prop_assert!(!moves.is_empty());
            let m = moves[rng.below(moves.len() as u64) as usize];
            let me = pos.to_move();
            let before = (pos.stones(me), pos.stones(me.other()));
            let old = pos.clone();
            let old_groups = old.groups();
            let e = pos.play(m);
            let placed = u16::from(m.point().is_some());
            prop_assert_eq!(pos.stones(me), before.0 + placed);
            prop_assert_eq!(pos.stones(me.other()), before.1 - e.captured);
            if let Move::Capture { size, .. } = m {
                prop_assert!(e.captured > 0);
                prop_assert!(e.again);
                prop_assert_eq!(pos.to_move(), me);
                // The capturer's group, counted after the move, has `size`.
                let p = m.point().unwrap();
                let new_groups = pos.groups();
                let mine = new_groups.group(p).unwrap();
                prop_assert_eq!(new_groups.size(mine), size);
                // Every removed stone belonged to an enemy group of the
                // position before, strictly smaller than that, removed
                // whole.
                let mut removed_groups = std::collections::BTreeSet::new();
                for i in 0..old.options().points() {
                    let q = oust::Point(i as u16);
                    if old.stone(q) == Some(me.other()) && pos.stone(q).is_none() {
                        removed_groups.insert(old_groups.group(q).unwrap());
                    }
                }
                prop_assert_eq!(removed_groups.len(), usize::from(e.groups));
                let mut counted = 0;
                for &g in &removed_groups {
                    prop_assert!(old_groups.size(g) < size, "a group of {} taken by {}", old_groups.size(g), size);
                    counted += old_groups.size(g);
                    for i in 0..old.options().points() {
                        let q = oust::Point(i as u16);
                        if old_groups.group(q) == Some(g) {
                            prop_assert!(pos.stone(q).is_none(), "a group removed in part");
                        }
                    }
                }
                prop_assert_eq!(counted, e.captured);
            } else {
                prop_assert_eq!(e.captured, 0);
                prop_assert_eq!(pos.to_move(), me.other());
            }
            prop_assert!(pos.plies() < 100_000);
        }
        let end = pos.end().unwrap();
        match end.reason.as_str() {
            "all_captured" => {
                let w = end.winner.unwrap();
                prop_assert!(pos.stones(w) > 0);
                prop_assert_eq!(pos.stones(w.other()), 0);
                prop_assert!(pos.has_played(Colour::Black) && pos.has_played(Colour::White));
            }
            "blocked" => prop_assert_eq!(end.winner, None),
            other => prop_assert!(false, "ended by {}", other),
        }
    }

    /// The wire's position text reads back as the same position.
    #[test]
    fn position_text_round_trips(seed in any::<u64>(), cols in 2u8..=30, rows in 2u8..=30, plies in 0usize..60) {
        let mut rng = Rng::new(seed);
        let mut pos = Position::new(Options { cols, rows }, 0);
        let mut moves = Vec::new();
        for _ in 0..plies {
            if pos.end().is_some() {
                break;
            }
            pos.legal_moves(&mut moves);
            pos.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        let (o, cells, c) = oust::wire::parse_position(&oust::wire::position_text(&pos)).unwrap();
        prop_assert_eq!(o, pos.options());
        prop_assert_eq!(cells.as_slice(), pos.cells());
        prop_assert_eq!(c, pos.to_move());
    }
}
