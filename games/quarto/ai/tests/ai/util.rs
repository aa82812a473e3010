//! Positions for the tests.

use game_core::Rng;
use quarto::{Board, Level, Position, Square};
use quarto_ai::strategy::{greedy, random};

/// A position of a game between two greedy players (or random ones, with
/// `wild`) with `empties` squares left and the game still on.
pub fn position(level: Level, seed: u64, empties: u32, wild: bool) -> Position {
    let mut s = seed;
    loop {
        let mut rng = Rng::new(s);
        let mut pos = Position::new(level, 0);
        while pos.end().is_none() && pos.board().empties() > empties {
            let m = if wild {
                random(&pos, &mut rng)
            } else {
                greedy(&pos, &mut rng)
            };
            pos.play(m);
        }
        if pos.end().is_none() && pos.board().empties() == empties && pos.hand().is_some() {
            return pos;
        }
        s = s.wrapping_add(0x9e37_79b9);
    }
}

/// A board as one number: five bits per square, the piece plus one (0
/// for an empty square).
pub fn code(b: &Board) -> u128 {
    Square::ALL.iter().fold(0u128, |acc, &s| {
        acc << 5 | b.get(s).map_or(0, |p| u128::from(p.number()) + 1)
    })
}
