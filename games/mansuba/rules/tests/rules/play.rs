//! Playing: captures and escapes (exact under a fixed seed, about half of
//! them free over many seeds), both victories, the turn limit, relation
//! changes, passes; and take-backs that restore a position exactly.

use game_core::{Context, Game as _, Rng, Spec as _, Tell};
use mansuba::referee_game::{Match, MoveRecord, Spec};
use mansuba::{
    Action, ConfigName, EndReason, First, Layout, Options, Outcome, Position, Relation, Setup,
    Sort, Switch, UncheckedAction, Victory,
};
use proptest::prelude::*;

use crate::util::{base54, board, rules};

fn context(seed: u64, max_turns: u32) -> Context {
    Context::uniform(max_turns, std::time::Duration::from_millis(1000), seed)
}

/// Chess-like on 5 × 4, seat 0 first: towers on 0 and 4, elephants on 5
/// and 9, bishops on 10 and 14, queens on 15 and 19.
fn chess_match(seed: u64) -> Match {
    let options = Options {
        config: ConfigName::ChessLike,
        width: 5,
        height: 4,
        first: First::Seat(0),
        ..Options::default()
    };
    Spec::new(&options, &context(seed, 40)).unwrap()
}

fn reply(m: &mut Match, line: &str) -> (Tell, MoveRecord) {
    game_core::play_reply(m, &[line])
}

/// Why seat 0 may not free its prisoner to `place` (of `sort`, if said).
fn escape_refused(m: &Match, place: u32, sort: Option<Sort>) -> String {
    let u = UncheckedAction::Escape { place, sort };
    m.check(0, &u).unwrap_err().to_string()
}

/// Seat 1's tower takes seat 0's on 2, leaves it free again; seat 0 may
/// then try to free its tower: returns the match at that point.
fn capture_then_free_place(seed: u64) -> Match {
    let mut m = chess_match(seed);
    reply(&mut m, "0 2");
    let (_, r) = reply(&mut m, "4 2");
    assert_eq!(r.captured.as_deref(), Some("0T"));
    assert_eq!(r.to_string(), "4 2 takes 0T -> N");
    assert_eq!(
        m.position().prisoners(0),
        [mansuba::Prisoner {
            place: 2,
            sort: Sort::Tower
        }]
    );
    // The place of capture is taken: no escape yet.
    assert_eq!(
        escape_refused(&m, 2, None),
        "your tower cannot escape to 2: player 1's tower stands there"
    );
    reply(&mut m, "10 6");
    reply(&mut m, "2 1");
    m
}

#[test]
fn an_escape_is_the_referees_coin_from_the_seed() {
    for seed in 0..20u64 {
        let mut m = capture_then_free_place(seed);
        let (tell, r) = reply(&mut m, "escape 2");
        // The escape is the game's first draw (the relation and the
        // first player are fixed).
        let free = Rng::new(seed).coin();
        assert_eq!(r.escaped, Some(free), "seed {seed}");
        assert_eq!(r.sort.as_deref(), Some("T"));
        let pos = m.position();
        if free {
            assert_eq!(tell.messages()[0].1, "0 escape 2 T free\nN\n");
            assert_eq!(pos.at(2).unwrap().sort, Sort::Tower);
            assert!(pos.prisoners(0).is_empty());
            assert!(pos.pieces(0).contains(&2));
        } else {
            assert_eq!(tell.messages()[0].1, "0 escape 2 T held\nN\n");
            assert_eq!(pos.at(2), None);
            assert_eq!(pos.prisoners(0).len(), 1);
        }
        // Every seat reads the same message.
        assert_eq!(tell.messages().len(), 2);
        assert_eq!(tell.messages()[0].1, tell.messages()[1].1);
    }
    // Pinned: seed 1 frees the tower, seed 3 does not.
    let (_, r) = reply(&mut capture_then_free_place(1), "escape 2 T");
    assert_eq!(r.to_string(), "escape 2 T: free -> N");
    let (_, r) = reply(&mut capture_then_free_place(3), "escape 2");
    assert_eq!(r.to_string(), "escape 2 T: held -> N");
}

#[test]
fn about_half_the_escapes_succeed() {
    let n = 2000u64;
    let free = (0..n)
        .filter(|&s| {
            let mut m = capture_then_free_place(1000 + s);
            reply(&mut m, "escape 2").1.escaped == Some(true)
        })
        .count() as f64;
    let rate = free / n as f64;
    // Three standard deviations (0.011) around one half.
    assert!((0.467..=0.533).contains(&rate), "rate {rate}");
}

#[test]
fn bad_escapes_are_named() {
    let m = capture_then_free_place(1);
    for (place, sort, expected) in [
        (
            3,
            None,
            "you have no prisoner captured on 3 (yours: tower on 2)",
        ),
        (
            2,
            Some(Sort::Pawn),
            "you have no pawn captured on 2 (there: T)",
        ),
        (99, None, "place 99 is off the board (places are 0 to 19)"),
    ] {
        assert_eq!(escape_refused(&m, place, sort), expected);
    }
    // Without captures there is no escape at all.
    let options = Options {
        first: First::Seat(0),
        ..Options::default()
    };
    let base = Spec::new(&options, &context(1, 0)).unwrap();
    assert_eq!(
        escape_refused(&base, 2, None),
        "there are no captures in this game, so no prisoner can escape"
    );
}

#[test]
fn the_simple_victory_reaches_any_start_place_of_another() {
    let r = base54(false);
    let mut pos = board(
        &r,
        ". . . P0 .
         . . . .  P1
         . . . .  .
         . . . .  .",
        Relation::Square4,
        0,
    );
    // Back to its own column is no victory.
    let mut p = pos.clone();
    p.play(
        p.check(&UncheckedAction::Move { from: 3, to: 2 }).unwrap(),
        false,
    );
    assert_eq!(p.end(), None);
    let played = pos.play(
        pos.check(&UncheckedAction::Move { from: 3, to: 4 })
            .unwrap(),
        false,
    );
    assert_eq!(played.outcome, Outcome::Win);
    let end = pos.end().unwrap();
    assert_eq!(
        (end.winner, end.reason, end.at),
        (Some(0), EndReason::SimpleVictory, Some((4, 1)))
    );
    // Nothing more is legal.
    let mut all = Vec::new();
    pos.legal_actions(&mut all);
    assert!(all.is_empty());
    assert_eq!(
        pos.check(&UncheckedAction::Pass).unwrap_err().to_string(),
        "the game is over"
    );
}

#[test]
fn the_complex_victory_covers_every_start_place_of_one_other() {
    let r = rules(
        ConfigName::Base,
        5,
        4,
        2,
        false,
        Victory::Complex,
        Layout::Columns,
        Relation::Square4,
    );
    // Seat 0 holds 4, 9 and 14 (seat 1's column); 19 is seat 1's own.
    let mut pos = board(
        &r,
        ". . . . P0
         . . . . P0
         . . . . P0
         . . . P0 P1",
        Relation::Square4,
        0,
    );
    let mut p = pos.clone();
    // 18 cannot take 19 (no captures, and a start place): 18 goes on.
    assert!(
        p.check(&UncheckedAction::Move { from: 18, to: 19 })
            .is_err()
    );
    p.play(
        p.check(&UncheckedAction::Move { from: 18, to: 13 })
            .unwrap(),
        false,
    );
    assert_eq!(p.end(), None, "a start place reached is not enough");
    // Once 19 is free, covering it wins.
    pos = board(
        &r,
        ". . . . P0
         . . . . P0
         . . . . P0
         . . P1 P0 .",
        Relation::Square4,
        0,
    );
    let played = pos.play(
        pos.check(&UncheckedAction::Move { from: 18, to: 19 })
            .unwrap(),
        false,
    );
    assert_eq!(played.outcome, Outcome::Win);
    assert_eq!(pos.end().unwrap().reason, EndReason::ComplexVictory);
}

#[test]
fn the_turn_limit_draws_and_a_win_on_the_last_turn_counts() {
    let options = Options {
        first: First::Seat(1),
        width: 5,
        height: 4,
        ..Options::default()
    };
    let mut m = Spec::new(&options, &context(1, 3)).unwrap();
    reply(&mut m, "4 3");
    reply(&mut m, "0 1");
    let (tell, r) = reply(&mut m, "3 2");
    assert_eq!(r.result, "D");
    assert_eq!(tell.messages()[0].1, "1 3 2\nD\n");
    let end = m.end().unwrap();
    assert_eq!((end.winner, end.reason), (None, "turn_limit"));
    assert_eq!(end.detail, "3 turns played");
    // The default limit is 2 · WIDTH · HEIGHT.
    assert_eq!(Spec::default_max_turns(&options), 40);
    assert_eq!(Spec::default_max_turns(&Options::default()), 200);
}

#[test]
fn the_relation_changes_every_ceil_sqrt_max_turns_turns() {
    assert_eq!(
        [1, 2, 4, 5, 9, 10, 200, 800].map(mansuba::ceil_sqrt),
        [1, 2, 2, 3, 3, 4, 15, 29]
    );
    let options = Options {
        first: First::Seat(0),
        relation_change: Some(Switch::On),
        ..Options::default()
    };
    // Ten turns: a change after turns 4 and 8 (⌈√10⌉ = 4).
    let mut m = Spec::new(&options, &context(7, 10)).unwrap();
    let mut rng = Rng::new(7);
    let mut relation = Relation::Square4;
    let mut actions = Vec::new();
    for turn in 1..=10u32 {
        actions.clear();
        m.position().legal_actions(&mut actions);
        let a = actions[0];
        let mut tell = Tell::new();
        let r = m.play(a, &mut tell);
        if turn % 4 == 0 && turn < 10 {
            let choices: Vec<Relation> = Relation::ALL
                .into_iter()
                .filter(|&x| x != relation)
                .collect();
            relation = choices[rng.below(3) as usize];
            assert_eq!(r.relation.as_deref(), Some(relation.name()), "turn {turn}");
            assert!(
                tell.messages()[0]
                    .1
                    .contains(&format!("relation {relation}\n"))
            );
        } else {
            assert_eq!(r.relation, None, "turn {turn}");
        }
        assert_eq!(m.position().relation(), relation);
    }
    // A change needs a turn limit.
    let e = Spec::new(&options, &context(7, 0)).err().unwrap();
    assert!(e.to_string().contains("need a turn limit"), "{e}");
}

#[test]
fn a_pass_is_legal_only_when_a_piece_cannot_act() {
    let options = Options {
        first: First::Seat(0),
        ..Options::default()
    };
    let m = Spec::new(&options, &context(1, 0)).unwrap();
    let e = m.check(0, &UncheckedAction::Pass).unwrap_err().to_string();
    assert!(
        e.starts_with(
            "you may pass only when one of your pieces cannot act, and each of yours can (the pawn on 0 can go to 1"
        ),
        "{e}"
    );
}

#[test]
fn the_first_player_and_a_random_relation_are_drawn_from_the_seed() {
    let options = Options {
        relation: Some(mansuba::RelationArg::Random),
        ..Options::default()
    };
    let setup = Setup::new(&options, 200).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..64 {
        let pos = setup.start(&mut Rng::new(seed));
        let mut rng = Rng::new(seed);
        let relation = Relation::ALL[rng.below(4) as usize];
        let first = rng.below(2) as usize;
        assert_eq!((pos.relation(), pos.to_move()), (relation, first));
        seen.insert((relation, first));
    }
    assert_eq!(seen.len(), 8, "every relation and first player occurs");
}

/// Plays random legal actions (escape outcomes drawn too) from the start
/// of `options`, checking after each that taking it back restores the
/// position exactly and that no piece is lost.
fn random_game(setup: &Setup, seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    let mut pos = setup.start(&mut rng);
    let players = pos.rules().players();
    let h = usize::from(pos.rules().world().height());
    let mut actions = Vec::new();
    while pos.end().is_none() {
        actions.clear();
        pos.legal_actions(&mut actions);
        assert!(!actions.is_empty(), "a legal action, a pass at least");
        let a = actions[rng.below(actions.len() as u64) as usize];
        assert_eq!(pos.check(&a.to_unchecked()), Ok(a));
        let before = pos.clone();
        let escaped = rng.coin();
        let undo = pos.play_undoable(a, escaped);
        let after = pos.clone();
        pos.undo(undo);
        assert_eq!(pos, before, "{a} taken back");
        pos.play(a, escaped);
        assert_eq!(pos, after);
        if pos.change_due() {
            mansuba::change_relation(&mut pos, &mut rng);
        }
        for seat in 0..players {
            assert_eq!(pos.pieces(seat).len() + pos.prisoners(seat).len(), h);
            for &p in pos.pieces(seat) {
                assert_eq!(pos.at(p).map(|q| usize::from(q.seat)), Some(seat));
            }
            for pr in pos.prisoners(seat) {
                assert_eq!(
                    pos.rules().start_owner(pr.place),
                    None,
                    "taken on a start place"
                );
            }
        }
    }
    pos
}

#[test]
fn random_games_of_every_configuration_and_number_of_players() {
    for config in ConfigName::ALL {
        for players in 2..=5u8 {
            let options = Options {
                config,
                players,
                ..Options::default()
            };
            let setup = Setup::new(&options, options.default_max_turns()).unwrap();
            for seed in 0..2 {
                let pos = random_game(&setup, seed);
                assert!(pos.turn() <= options.default_max_turns());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Take-backs on small worlds with captures and relation changes.
    #[test]
    fn take_backs_restore_the_position(seed in any::<u64>(), players in 2..=3u8) {
        let options = Options {
            config: ConfigName::Full,
            width: 6,
            height: 5,
            players,
            ..Options::default()
        };
        random_game(&Setup::new(&options, 60).unwrap(), seed);
    }
}

#[test]
fn a_capture_is_taken_back_with_its_place_in_the_lists() {
    let r = crate::util::chess54(true);
    let mut pos = board(
        &r,
        "T0 . P1 . T1
         .  . .  . .
         .  . .  . .
         .  P1 . . .",
        Relation::Square8,
        0,
    );
    let before = pos.clone();
    let a = pos
        .check(&UncheckedAction::Move { from: 0, to: 4 })
        .map_err(|e| e.to_string());
    assert_eq!(
        a,
        Err("your tower on 0 cannot go to 4: its moves are to 1, 2, 5, 10, 15".to_owned())
    );
    assert_eq!(pos.pieces(1), [2, 4, 16]);
    let a = Action::Move { from: 0, to: 2 };
    let u = pos.play_undoable(pos.check(&a.to_unchecked()).unwrap(), false);
    assert_eq!(pos.pieces(1), [16, 4]);
    assert_eq!(pos.prisoners(1).len(), 1);
    pos.undo(u);
    assert_eq!(pos, before);
}
