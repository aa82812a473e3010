//! The game so far as it matters for not going round in circles: how often
//! each position has been seen after our move, and our last three moves
//! (for the two-square rule some referees enforce).

use std::collections::HashMap;

use stratego::{Cell, Move, Piece, Rank, Square, View};

use super::position::piece_key;

/// Positions seen and recent moves.
#[derive(Clone, Debug, Default)]
pub struct History {
    seen: HashMap<u64, u32>,
    recent: [Option<Move>; 3],
}

/// A hash of what the view shows: our pieces by rank, the enemy pieces by
/// square (and rank when known).
pub fn view_hash(view: &View) -> u64 {
    let me = view.me();
    let them = me.opponent();
    let mut h = 0;
    for sq in Square::all() {
        h ^= match view.cell(sq) {
            Cell::Empty => 0,
            Cell::Own(r) => piece_key(Piece::new(me, r), sq),
            Cell::Enemy(i) => {
                let e = &view.enemies()[usize::from(i)];
                // Unknown pieces all hash alike: which one stands where
                // matters less than that the picture repeats.
                piece_key(Piece::new(them, e.known_rank().unwrap_or(Rank::Flag)), sq)
            }
        };
    }
    h
}

impl History {
    /// An empty history.
    pub fn new() -> History {
        History::default()
    }

    /// Records our move, once `view` has applied it.
    pub fn record_own(&mut self, view: &View, mv: Move) {
        *self.seen.entry(view_hash(view)).or_insert(0) += 1;
        self.recent = [Some(mv), self.recent[0], self.recent[1]];
    }

    /// How many times the position after our quiet move `mv` in `view` has
    /// been seen before (0 for attacks: their outcome makes a new position).
    pub fn repetitions_after(&self, view: &View, mv: Move) -> u32 {
        let Cell::Own(rank) = view.cell(mv.from()) else {
            return 0;
        };
        if view.cell(mv.to()) != Cell::Empty {
            return 0;
        }
        let p = Piece::new(view.me(), rank);
        let h = view_hash(view) ^ piece_key(p, mv.from()) ^ piece_key(p, mv.to());
        self.seen.get(&h).copied().unwrap_or(0)
    }

    /// Whether `mv` would be the fourth move in a row between the same two
    /// squares (what the two-square rule forbids).
    pub fn breaks_two_square(&self, mv: Move) -> bool {
        let [a, b, c] = self.recent;
        match (a, b, c) {
            (Some(a), Some(b), Some(c)) => {
                a.from() == mv.to() && a.to() == mv.from() && b == mv && c == a
            }
            _ => false,
        }
    }

    /// Whether `mv` takes back our previous move (the piece returns).
    pub fn undoes_last(&self, mv: Move) -> bool {
        self.recent[0].is_some_and(|a| a.from() == mv.to() && a.to() == mv.from())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stratego::{MoveResult, Player, UncheckedMove};

    fn play(view: &mut View, h: &mut History, ours: &str, theirs: &str) -> Move {
        let m = view
            .check(&UncheckedMove::from_wire(ours).unwrap())
            .unwrap();
        view.apply_own(m, MoveResult::Nothing).unwrap();
        h.record_own(view, m);
        let r = UncheckedMove::from_wire(theirs).unwrap();
        view.apply_opponent(r, MoveResult::Nothing).unwrap();
        m
    }

    #[test]
    fn shuffling_is_counted_and_the_fourth_shuttle_is_flagged() {
        let mut view = View::new(&crate::ai::setups::template(Player::Zero, 0));
        let mut h = History::new();
        let out = play(&mut view, &mut h, "E3\nE\n1\n", "E6\nW\n1\n");
        let back = play(&mut view, &mut h, "E4\nW\n1\n", "E5\nE\n1\n");
        assert!(h.undoes_last(out));
        // The position after E3-E4 again has been seen once.
        assert_eq!(h.repetitions_after(&view, out), 1);
        play(&mut view, &mut h, "E3\nE\n1\n", "E6\nW\n1\n");
        assert!(h.breaks_two_square(back));
        assert!(!h.breaks_two_square(out));
    }
}
