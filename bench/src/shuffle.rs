//! The scripted game of the overhead benchmark: fixed setups and a Scout
//! that each player moves back and forth, so that every move is legal,
//! instant to produce and never a battle (the result is always `N`).
//!
//! Player 0 shuffles its Scout between E3 and E4, player 1 between F6 and
//! F5: the two Scouts are never on adjacent squares, and the two-square
//! rule is off by default, so the game goes on until the turn limit.

/// Player 0's setup in wire order (rows A..J over columns 0..3), with
/// Scouts (9) on E3 and F3. Player 1 uses it mirrored (each row reversed),
/// which puts its Scouts on E6 and F6.
pub const SETUP: [u8; 40] = [
    11, 12, 8, 12, // A
    12, 8, 12, 7, // B
    12, 4, 5, 6, // C
    8, 3, 10, 1, // D
    9, 5, 6, 9, // E: E3 is player 0's shuffling Scout
    7, 4, 2, 9, // F: mirrored, F6 is player 1's shuffling Scout
    8, 5, 6, 3, // G
    9, 7, 4, 5, // H
    9, 6, 9, 8, // I
    9, 7, 12, 9, // J
];

/// The setup reply of player `me` (0 or 1): 40 lines, one code each.
pub fn setup_reply(me: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    for row in SETUP.chunks(4) {
        let mut row = row.to_vec();
        if me == 1 {
            row.reverse();
        }
        for code in row {
            out.extend_from_slice(code.to_string().as_bytes());
            out.push(b'\n');
        }
    }
    out
}

/// The `k`-th move (0-based) of player `me`, as the three lines it sends.
/// Moves alternate between going out and coming back.
pub fn move_reply(me: usize, k: u64) -> &'static [u8] {
    match (me, k % 2) {
        (0, 0) => b"E3\nE\n1\n",
        (0, _) => b"E4\nW\n1\n",
        (_, 0) => b"F6\nW\n1\n",
        (_, _) => b"F5\nE\n1\n",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stratego::{Game, MoveResult, Player, Rules, Setup, UncheckedMove};

    fn setup(me: usize) -> Setup {
        let text = String::from_utf8(setup_reply(me)).unwrap();
        Setup::from_wire(Player::from_index(me).unwrap(), &text).unwrap()
    }

    #[test]
    fn both_setups_are_valid() {
        setup(0);
        setup(1);
    }

    /// The shuffle is legal, never a battle, for a whole default-length game.
    #[test]
    fn the_shuffle_is_legal_and_quiet_until_the_turn_limit() {
        let mut game = Game::new(&setup(0), &setup(1), Rules::default());
        let mut k = [0u64; 2];
        while game.end().is_none() {
            let me = game.to_move().index();
            let text = std::str::from_utf8(move_reply(me, k[me])).unwrap();
            let mv = game
                .check(&UncheckedMove::from_wire(text).unwrap())
                .unwrap();
            assert_eq!(MoveResult::from(game.play(mv)), MoveResult::Nothing);
            k[me] += 1;
        }
        assert_eq!(game.plies(), Rules::DEFAULT_MAX_TURNS);
    }
}
