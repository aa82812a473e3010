//! The seed's players: `random` (the base version's loop: a random piece,
//! a random move of it) and `closer` (achievement 4: among the chosen
//! piece's moves, one of those that end closest to a free start place of
//! an opponent).

use game_core::Rng;
use mansuba::{Action, Place, Position, UNREACHABLE, Victory};

/// A piece the seed's loop may choose: on the board, or a prisoner.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Chosen {
    OnBoard(Place),
    Prisoner(usize),
}

/// The seed's choice of a piece: uniform among the mover's pieces, on the
/// board or prisoners; under the complex victory, pieces that already
/// stand on an opponent's start place are left out while others remain
/// (they hold what they took).
fn choose_piece(pos: &Position, rng: &mut Rng) -> Chosen {
    let seat = pos.to_move();
    let rules = pos.rules();
    let on_board = pos.pieces(seat);
    let prisoners = pos.prisoners(seat).len();
    let keep = |p: Place| {
        rules.victory() == Victory::Simple || !matches!(rules.start_owner(p), Some(o) if o != seat)
    };
    let free: Vec<Place> = on_board.iter().copied().filter(|&p| keep(p)).collect();
    let pool = if free.len() + prisoners == 0 {
        on_board.to_vec()
    } else {
        free
    };
    let i = rng.below((pool.len() + prisoners) as u64) as usize;
    match pool.get(i) {
        Some(&p) => Chosen::OnBoard(p),
        None => Chosen::Prisoner(i - pool.len()),
    }
}

/// A prisoner's only action: its escape if its place is free, else a pass.
fn prisoner_action(pos: &Position, i: usize) -> Action {
    let pr = pos.prisoners(pos.to_move())[i];
    if pos.is_free(pr.place) {
        Action::Escape {
            place: pr.place,
            sort: pr.sort,
        }
    } else {
        Action::Pass
    }
}

/// The seed's loop: a random piece, then one of its moves that `narrow`
/// keeps (all of them, or the best), drawn uniformly; a pass if it cannot
/// move.
fn seed_move(
    pos: &Position,
    rng: &mut Rng,
    scratch: &mut Vec<Place>,
    narrow: impl FnOnce(&mut Vec<Place>),
) -> Action {
    match choose_piece(pos, rng) {
        Chosen::Prisoner(i) => prisoner_action(pos, i),
        Chosen::OnBoard(from) => {
            scratch.clear();
            pos.destinations(from, scratch);
            narrow(scratch);
            if scratch.is_empty() {
                return Action::Pass;
            }
            let to = scratch[rng.below(scratch.len() as u64) as usize];
            Action::Move { from, to }
        }
    }
}

/// The base version's player: a random piece, then a random move of it;
/// a pass if it cannot move.
pub fn random(pos: &Position, rng: &mut Rng, scratch: &mut Vec<Place>) -> Action {
    seed_move(pos, rng, scratch, |_| {})
}

/// The distances, in simple moves under the relation now, from every
/// place to the nearest free start place of an opponent of `seat`
/// ([`UNREACHABLE`] where none is reachable, or none is free).
pub fn target_distances(pos: &Position, seat: usize) -> Vec<u16> {
    let rules = pos.rules();
    let targets = (0..rules.players())
        .filter(|&s| s != seat)
        .flat_map(|s| rules.start(s).iter().copied())
        .filter(|&p| pos.is_free(p));
    pos.neighbours().distances(targets)
}

/// Achievement 4's player: a random piece (as [`random`]), then one of its
/// moves that end closest to a free start place of an opponent, drawn
/// uniformly; a pass if it cannot move.
pub fn closer(pos: &Position, rng: &mut Rng, scratch: &mut Vec<Place>) -> Action {
    seed_move(pos, rng, scratch, |moves| {
        if moves.len() > 1 {
            let dist = target_distances(pos, pos.to_move());
            let best = moves
                .iter()
                .map(|&p| dist[usize::from(p)])
                .min()
                .unwrap_or(UNREACHABLE);
            moves.retain(|&p| dist[usize::from(p)] == best);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mansuba::{First, Options, Setup, UncheckedAction};

    fn start() -> Position {
        let options = Options {
            first: First::Seat(0),
            ..Options::default()
        };
        Setup::new(&options, 200).unwrap().start(&mut Rng::new(1))
    }

    #[test]
    fn the_baselines_play_legal_actions() {
        let mut rng = Rng::new(3);
        let mut scratch = Vec::new();
        for strategy in [random, closer] {
            let mut pos = start();
            while pos.end().is_none() {
                let a = strategy(&pos, &mut rng, &mut scratch);
                assert_eq!(pos.check(&a.to_unchecked()), Ok(a));
                pos.play(a, rng.coin());
            }
        }
    }

    #[test]
    fn closer_heads_for_a_free_start_place() {
        let mut pos = start();
        // Seat 1 leaves 49 free; seat 0's pawn on 40 may step to 30 (left
        // free) and 41, and jump nothing: 41 is the nearer to 49.
        for (from, to) in [(30, 31), (49, 48)] {
            let a = pos.check(&UncheckedAction::Move { from, to }).unwrap();
            pos.play(a, false);
        }
        let dist = target_distances(&pos, 0);
        assert_eq!(dist[49], 0);
        assert_eq!(dist[41], 8);
        assert_eq!(dist[30], 10);
        // Occupied start places are no targets: 9 is 4 away from 49.
        assert_eq!(dist[9], 4);
        let mut scratch = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let a = closer(&pos, &mut Rng::new(seed), &mut scratch);
            if let Action::Move { from: 40, to } = a {
                seen.insert(to);
            }
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), [41]);
    }
}
