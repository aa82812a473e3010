//! Property tests: random legal games keep the state consistent; every
//! message survives a format/parse round trip; move generation and the
//! legality check agree.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use stratego::wire::{player_number_from_wire, player_number_to_wire};
use stratego::{
    Board, Direction, Fight, Game, Move, MoveList, MoveResult, OpponentTurn, Outcome, Player, Rank,
    Rules, Setup, SetupAnswer, Square, UncheckedMove,
};

use crate::util::army;

fn setup(player: Player) -> impl Strategy<Value = Setup> {
    Just(army()).prop_shuffle().prop_map(move |ranks| {
        Setup::new(player, &ranks).expect("a shuffled army is a valid setup")
    })
}

fn square() -> impl Strategy<Value = Square> {
    (0usize..100).prop_map(|i| Square::from_index(i).expect("below 100"))
}

fn direction() -> impl Strategy<Value = Direction> {
    prop::sample::select(Direction::ALL.to_vec())
}

fn rank() -> impl Strategy<Value = Rank> {
    prop::sample::select(Rank::ALL.to_vec())
}

fn unchecked_move() -> impl Strategy<Value = UncheckedMove> {
    (
        square(),
        direction(),
        prop_oneof![1u32..=10, 1u32..=u32::MAX],
    )
        .prop_map(|(from, dir, distance)| UncheckedMove {
            from,
            dir,
            distance,
        })
}

fn move_result() -> impl Strategy<Value = MoveResult> {
    prop_oneof![
        Just(MoveResult::Nothing),
        Just(MoveResult::Error),
        Just(MoveResult::Failure),
        (rank(), rank()).prop_map(|(attacker, defender)| MoveResult::Battle { attacker, defender }),
    ]
}

/// Pieces of `player` per rank on the board.
fn counts(b: &Board, player: Player) -> [u8; 12] {
    let mut c = [0; 12];
    for (_, r) in b.pieces(player) {
        c[r.index()] += 1;
    }
    c
}

/// A random game: two shuffled setups, and choices (`moves` of them at
/// most) that pick each move among the legal ones.
fn random_game(
    moves: std::ops::Range<usize>,
) -> impl Strategy<Value = (Setup, Setup, Vec<prop::sample::Index>)> {
    (
        setup(Player::Zero),
        setup(Player::One),
        prop::collection::vec(any::<prop::sample::Index>(), moves),
    )
}

/// Plays the random game of `random_game` until the choices run out or the
/// game ends, showing `visit` the game before each move and the move; the
/// game as it is then.
fn walk(
    (s0, s1, choices): (Setup, Setup, Vec<prop::sample::Index>),
    mut visit: impl FnMut(&Game, Move) -> Result<(), TestCaseError>,
) -> Result<Game, TestCaseError> {
    let mut game = Game::new(&s0, &s1, Rules::default());
    let mut moves = MoveList::new();
    for choice in choices {
        if game.end().is_some() {
            break;
        }
        moves.clear();
        game.legal_moves(&mut moves);
        prop_assert!(!moves.is_empty(), "no move but the game is not over");
        let mv = moves[choice.index(moves.len())];
        visit(&game, mv)?;
        game.play(mv);
    }
    Ok(game)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A random legal game: no piece on a lake, piece counts fall only
    /// through battles and exactly as the battle says, each side's pieces are
    /// its setup minus its losses, and unmake restores the position.
    #[test]
    fn random_games_stay_consistent(game in random_game(1..400)) {
        let mut lost = [[0u8; 12]; 2];
        walk(game, |game, mv| {
            let mover = game.to_move();
            let before = game.board();

            // make/unmake on a copy restores it exactly.
            let mut scratch = before.clone();
            let undo = scratch.make(mv);
            scratch.unmake(undo);
            prop_assert_eq!(&scratch, before);

            let total_before = before.total(Player::Zero) + before.total(Player::One);
            let mut next = game.clone();
            let outcome = next.play(mv);
            let after = next.board();
            let total_after = after.total(Player::Zero) + after.total(Player::One);
            match outcome {
                Outcome::Quiet => prop_assert_eq!(total_after, total_before),
                Outcome::Battle { attacker, defender } => {
                    let (a, d) = (mover.index(), mover.opponent().index());
                    match stratego::fight(attacker, defender) {
                        Fight::AttackerWins => lost[d][defender.index()] += 1,
                        Fight::DefenderWins => lost[a][attacker.index()] += 1,
                        Fight::BothRemoved => {
                            lost[d][defender.index()] += 1;
                            lost[a][attacker.index()] += 1;
                        }
                    }
                    let removed = match stratego::fight(attacker, defender) {
                        Fight::BothRemoved => 2,
                        _ => 1,
                    };
                    prop_assert_eq!(total_after + removed, total_before);
                }
            }
            for sq in Square::all().filter(|s| s.is_lake()) {
                prop_assert_eq!(after.get(sq), None);
            }
            for p in Player::BOTH {
                let c = counts(after, p);
                for r in Rank::ALL {
                    prop_assert_eq!(c[r.index()] + lost[p.index()][r.index()], r.count(), "player {} {}", p, r);
                    prop_assert_eq!(after.count(p, r), c[r.index()]);
                }
            }
            Ok(())
        })?;
    }

    /// The attacks alone are the legal moves onto the opponent's pieces,
    /// in the same order, and a quiet move exists exactly when a legal
    /// move goes onto an empty square: for both sides, all along random
    /// games (the quiescence search relies on both).
    #[test]
    fn attacks_are_the_legal_moves_onto_enemy_pieces(game in random_game(0..400)) {
        let (mut moves, mut attacks) = (MoveList::new(), MoveList::new());
        walk(game, |game, _| {
            let board = game.board();
            for p in Player::BOTH {
                moves.clear();
                attacks.clear();
                board.legal_moves(p, &mut moves);
                board.legal_attacks(p, &mut attacks);
                let onto_enemy: Vec<_> = moves
                    .iter()
                    .filter(|m| board.get(m.to()).is_some())
                    .copied()
                    .collect();
                prop_assert_eq!(attacks.iter().copied().collect::<Vec<_>>(), onto_enemy);
                let quiet = moves.iter().any(|m| board.get(m.to()).is_none());
                prop_assert_eq!(board.has_quiet_move(p), quiet);
            }
            Ok(())
        })?;
    }

    /// Every generated move passes the check; every unchecked move the
    /// check accepts is in the generated list, and one it refuses is not.
    #[test]
    fn generation_and_checking_agree(
        game in random_game(0..150),
        probes in prop::collection::vec(unchecked_move(), 20),
    ) {
        let game = walk(game, |_, _| Ok(()))?;
        if game.end().is_none() {
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            for &m in moves.iter() {
                prop_assert_eq!(game.check(&m.to_unchecked()), Ok(m));
            }
            // Every square, direction and distance up to 10, plus random probes.
            let exhaustive = Square::all().flat_map(|from| {
                Direction::ALL
                    .into_iter()
                    .flat_map(move |dir| (1..=10).map(move |distance| UncheckedMove { from, dir, distance }))
            });
            for probe in exhaustive.chain(probes) {
                let generated = moves.iter().find(|m| m.to_unchecked() == probe);
                match game.check(&probe) {
                    Ok(m) => prop_assert_eq!(Some(&m), generated),
                    Err(_) => prop_assert!(generated.is_none(), "{} refused but generated", probe),
                }
            }
        }
    }

    #[test]
    fn squares_round_trip(sq in square()) {
        prop_assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }

    #[test]
    fn player_numbers_round_trip(i in 0usize..2) {
        let p = Player::from_index(i).expect("0 or 1");
        prop_assert_eq!(player_number_from_wire(&player_number_to_wire(p)), Ok(p));
    }

    #[test]
    fn setups_round_trip(s in setup(Player::One)) {
        prop_assert_eq!(Setup::from_wire(Player::One, &s.to_wire()), Ok(s));
    }

    #[test]
    fn setup_answers_round_trip(ok in any::<bool>()) {
        let a = if ok { SetupAnswer::Ok } else { SetupAnswer::Ko };
        prop_assert_eq!(SetupAnswer::from_wire(a.to_wire()), Ok(a));
    }

    #[test]
    fn moves_round_trip(m in unchecked_move()) {
        prop_assert_eq!(UncheckedMove::from_wire(&m.to_wire()), Ok(m));
    }

    #[test]
    fn results_round_trip(r in move_result()) {
        prop_assert_eq!(MoveResult::from_wire(&r.to_wire()), Ok(r));
    }

    #[test]
    fn opponent_turns_round_trip(m in unchecked_move(), r in move_result(), kind in 0u8..3) {
        let t = match kind {
            0 => OpponentTurn::Move(m, r),
            1 => OpponentTurn::Error,
            _ => OpponentTurn::Failure,
        };
        prop_assert_eq!(OpponentTurn::from_wire(&t.to_wire()), Ok(t));
    }

    /// The tolerance of §3: `\r`, spaces and tabs around values and blank
    /// lines change nothing.
    #[test]
    fn tolerated_noise_changes_nothing(
        m in unchecked_move(),
        pads in prop::collection::vec(("[ \t]{0,3}", "[ \t]{0,3}", any::<bool>(), 0usize..3), 3),
    ) {
        let mut text = String::new();
        for (line, (before, after, cr, blanks)) in m.to_wire().lines().zip(pads) {
            for _ in 0..blanks {
                text.push('\n');
            }
            text.push_str(&before);
            text.push_str(line);
            text.push_str(&after);
            if cr {
                text.push('\r');
            }
            text.push('\n');
        }
        prop_assert_eq!(UncheckedMove::from_wire(&text), Ok(m));
    }
}
