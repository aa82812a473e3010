//! The rules on arbitrary setups and arbitrary unchecked moves: no panic,
//! the legality check agrees with move generation, and make/unmake restore
//! the position.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use stratego::{Direction, Game, MoveList, Player, Rank, Rules, Setup, Square, UncheckedMove};

#[derive(Arbitrary, Debug)]
struct Input {
    shuffle: [[u8; 40]; 2],
    two_square_rule: bool,
    moves: Vec<(u8, u8, u32)>,
}

fn setup(player: Player, swaps: &[u8; 40]) -> Setup {
    let mut ranks: Vec<Rank> =
        Rank::ALL.iter().flat_map(|&r| std::iter::repeat_n(r, usize::from(r.count()))).collect();
    for (i, &s) in swaps.iter().enumerate() {
        ranks.swap(i, usize::from(s) % 40);
    }
    Setup::new(player, &ranks).expect("a permutation of the army is valid")
}

fuzz_target!(|input: Input| {
    let rules = Rules { max_turns: 0, two_square_rule: input.two_square_rule };
    let mut game = Game::new(&setup(Player::Zero, &input.shuffle[0]), &setup(Player::One, &input.shuffle[1]), rules);
    let mut legal = MoveList::new();
    for (sq, dir, distance) in input.moves {
        if game.end().is_some() {
            break;
        }
        legal.clear();
        game.legal_moves(&mut legal);
        assert!(!legal.is_empty(), "no legal move but the game goes on");
        let m = UncheckedMove {
            from: Square::from_index(usize::from(sq) % 100).expect("below 100"),
            dir: Direction::ALL[usize::from(dir) % 4],
            distance: distance % 12,
        };
        // Distance 0 cannot come from the wire; skip it like the parser would.
        if m.distance == 0 {
            continue;
        }
        let checked = game.check(&m);
        let generated = legal.iter().copied().find(|g| g.to_unchecked() == m);
        assert_eq!(checked.as_ref().ok().copied(), generated, "{m}: {checked:?}");
        // Play the move if legal, else a generated one chosen by the input.
        let mv = checked.unwrap_or(legal[usize::from(sq) % legal.len()]);
        let mut board = game.board().clone();
        let undo = board.make(mv);
        board.unmake(undo);
        assert_eq!(&board, game.board());
        game.play(mv);
        for s in Square::all().filter(|s| s.is_lake()) {
            assert!(game.board().get(s).is_none());
        }
    }
});
