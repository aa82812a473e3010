//! `--strategy greedy`: the heuristic baseline. It attacks pieces it knows
//! it beats, keeps away from pieces it knows are stronger, probes unknown
//! pieces with cheap ones, and otherwise advances.

use std::time::Instant;

use stratego::{Cell, Fight, Move, MoveList, Player, Rank, Setup, Square, View, fight};

use super::Strategy;
use crate::ai::{setups, values};
use crate::rng::Rng;

/// The greedy baseline player.
#[derive(Debug)]
pub struct GreedyStrategy {
    rng: Rng,
}

impl GreedyStrategy {
    /// A greedy player whose choices are determined by `seed`.
    pub fn new(seed: u64) -> GreedyStrategy {
        GreedyStrategy {
            rng: Rng::new(seed),
        }
    }
}

/// Whether an enemy piece known as `theirs` next to `sq` could take our `mine`.
fn threatened_by_known(view: &View, sq: Square, mine: Rank, moving_from: Square) -> bool {
    sq.neighbours()
        .filter(|&n| n != moving_from)
        .filter_map(|n| view.enemy_at(n))
        .filter_map(|(_, e)| e.known_rank())
        .any(|theirs| theirs.can_move() && fight(theirs, mine) != Fight::DefenderWins)
}

/// Columns towards the enemy: +1 per column gained.
fn advance(me: Player, mv: Move) -> i32 {
    let (a, b) = (i32::from(mv.from().col()), i32::from(mv.to().col()));
    match me {
        Player::Zero => b - a,
        Player::One => a - b,
    }
}

/// The greedy score of `mv`.
fn score(view: &View, mv: Move) -> i32 {
    let Cell::Own(mine) = view.cell(mv.from()) else {
        return i32::MIN;
    };
    let worth = values::base(mine);
    let mut s = match view.enemy_at(mv.to()) {
        Some((_, e)) => match e.known_rank() {
            Some(theirs) => match fight(mine, theirs) {
                Fight::AttackerWins => 1000 + values::base(theirs),
                Fight::BothRemoved if values::base(theirs) >= worth => 200,
                Fight::BothRemoved => -300,
                Fight::DefenderWins => -5000,
            },
            // Probe unknown pieces with cheap pieces only; never with the
            // top ones, and not unmoved ones (Bombs) unless a Miner.
            None if worth <= 40 && (e.moved || mine == Rank::Miner) => 60 - worth,
            None if worth <= 40 => 10 - worth,
            None => -worth,
        },
        None => 5 * advance(view.me(), mv).signum() + mv.distance().min(3) as i32,
    };
    if threatened_by_known(view, mv.from(), mine, mv.from()) {
        s += 400; // moving away from a known threat
    }
    if view.enemy_at(mv.to()).is_none() && threatened_by_known(view, mv.to(), mine, mv.from()) {
        s -= 600 + worth;
    }
    s
}

impl Strategy for GreedyStrategy {
    fn setup(&mut self, me: Player) -> Setup {
        setups::random_setup(me, &mut self.rng, false)
    }

    fn choose(&mut self, view: &View, _deadline: Instant) -> Move {
        let mut moves = MoveList::new();
        view.legal_moves(&mut moves);
        let mut best = Vec::new();
        let mut top = i32::MIN;
        for &m in moves.iter() {
            // A little noise so equal moves are chosen in turn, not always
            // the same one.
            let s = score(view, m) * 4 + self.rng.below(4) as i32;
            if s > top {
                top = s;
                best.clear();
            }
            if s == top {
                best.push(m);
            }
        }
        *self
            .rng
            .choose(&best)
            .expect("the referee asks for a move only when one exists")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{position, sq};
    use Player::Zero as Us;

    /// The greedy moves of seeds 0 to 4, player 0 to move, with our `ours`
    /// on E4 and their known `theirs` on `at`, beside a Flag and a Scout of
    /// ours and their Flag.
    fn choices(ours: Rank, at: &str, theirs: Rank) -> Vec<Move> {
        let board = position(&format!(
            "Flag A0, {ours} E4, Scout J0 / {theirs} {at}, Flag J9"
        ));
        let known = sq(at).bit();
        let v = View::from_board(&board, Us, Us, known, known);
        (0..5)
            .map(|seed| GreedyStrategy::new(seed).choose(&v, Instant::now()))
            .collect()
    }

    #[test]
    fn takes_a_known_weaker_piece() {
        for m in choices(Rank::Major, "E5", Rank::Captain) {
            assert_eq!((m.from(), m.to()), (sq("E4"), sq("E5")), "{m}");
        }
    }

    #[test]
    fn keeps_away_from_a_known_stronger_piece() {
        for m in choices(Rank::Captain, "E6", Rank::Major) {
            assert_ne!(m.to(), sq("E5"), "{m} walks the Captain next to the Major");
            assert_ne!(m.to(), sq("E6"), "{m} attacks the Major with a Captain");
        }
    }
}
