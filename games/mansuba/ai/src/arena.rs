//! Games played in-process between our players, with the referee's draws
//! made exactly as `referee --game mansuba` makes them (the same seed
//! gives the same initial relation, first player, escapes and relation
//! changes).

use game_core::Rng;
use mansuba::{Action, Played, Position, Relation, Setup, change_relation};

/// Something that chooses the action of the seat to move.
pub trait Player {
    /// The action of the seat to move in `pos` (not over).
    fn act(&mut self, pos: &Position) -> Action;
}

/// One turn as it was played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Turn {
    /// The seat that acted.
    pub seat: usize,
    /// What it did.
    pub played: Played,
    /// The relation drawn after it, if it changed.
    pub relation: Option<Relation>,
}

/// Plays a game of `setup` with the referee's draws from `seed`, seat `i`
/// played by `players[i]`; `on_turn` sees the position after each turn.
/// Returns the final position. An illegal action is a bug of ours: it
/// panics with the rules' reason.
pub fn play(
    setup: &Setup,
    seed: u64,
    players: &mut [Box<dyn Player + '_>],
    mut on_turn: impl FnMut(&Position, &Turn),
) -> Position {
    let mut rng = Rng::new(seed);
    let mut pos = setup.start(&mut rng);
    assert_eq!(players.len(), pos.rules().players(), "one player per seat");
    while pos.end().is_none() {
        let seat = pos.to_move();
        let action = players[seat].act(&pos);
        if cfg!(debug_assertions) {
            if let Err(e) = pos.check(&action.to_unchecked()) {
                panic!("seat {seat} played {action}: {e}");
            }
        }
        let escaped = matches!(action, Action::Escape { .. }) && rng.coin();
        let played = pos.play(action, escaped);
        let relation = pos
            .change_due()
            .then(|| change_relation(&mut pos, &mut rng));
        on_turn(
            &pos,
            &Turn {
                seat,
                played,
                relation,
            },
        );
    }
    pos
}
