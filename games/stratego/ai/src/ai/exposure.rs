//! What the opponent knows of our pieces: which ones a battle has revealed
//! and which ones have moved (so are neither Bomb nor Flag).

use stratego::bits::Bits;
use stratego::{Fight, Move, MoveResult, Square, UncheckedMove};

/// Our pieces as the opponent can know them, by the squares they stand on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Exposure {
    revealed: Bits,
    moved: Bits,
}

impl Exposure {
    /// At the start: nothing revealed, nothing moved.
    pub fn new() -> Exposure {
        Exposure::default()
    }

    /// Squares of our pieces whose rank the opponent has seen.
    pub fn revealed(&self) -> Bits {
        self.revealed
    }

    /// Squares of our pieces that have moved.
    pub fn moved(&self) -> Bits {
        self.moved
    }

    /// Whether our piece on `sq` has been revealed.
    pub fn is_revealed(&self, sq: Square) -> bool {
        self.revealed & sq.bit() != 0
    }

    /// Marks our piece on `sq` as revealed, for building test positions.
    #[cfg(test)]
    pub(crate) fn reveal_for_test(&mut self, sq: Square) {
        self.revealed |= sq.bit();
        self.moved |= sq.bit();
    }

    /// Records our move and its result.
    pub fn observe_own(&mut self, mv: Move, result: MoveResult) {
        let (from, to) = (mv.from().bit(), mv.to().bit());
        let was_revealed = self.revealed & from != 0;
        self.revealed &= !from;
        self.moved &= !from;
        match result {
            MoveResult::Nothing => {
                self.moved |= to;
                if was_revealed {
                    self.revealed |= to;
                }
            }
            MoveResult::Battle { attacker, defender } => {
                if stratego::fight(attacker, defender) == Fight::AttackerWins {
                    self.moved |= to;
                    self.revealed |= to;
                }
            }
            MoveResult::Error | MoveResult::Failure => {}
        }
    }

    /// Records the opponent's move and its result.
    pub fn observe_opponent(&mut self, m: UncheckedMove, result: MoveResult) {
        let MoveResult::Battle { attacker, defender } = result else {
            return;
        };
        let Some(to) = m.from.step(m.dir, m.distance) else {
            return;
        };
        if stratego::fight(attacker, defender) == Fight::DefenderWins {
            self.revealed |= to.bit();
        } else {
            self.revealed &= !to.bit();
            self.moved &= !to.bit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stratego::{Player, Rank, Setup, View};

    fn view() -> View {
        View::new(&crate::ai::setups::template(Player::Zero, 0))
    }

    fn mv(view: &View, text: &str) -> Move {
        let u = UncheckedMove::from_wire(text).unwrap();
        view.check(&u).unwrap()
    }

    #[test]
    fn a_won_attack_reveals_and_a_quiet_move_carries_the_reveal() {
        let v = view();
        let _: Option<Setup> = None;
        let mut e = Exposure::new();
        let m = mv(&v, "E3\nE\n1\n");
        e.observe_own(m, MoveResult::Nothing);
        assert_eq!(e.revealed(), 0);
        assert!(e.moved() & m.to().bit() != 0);
        e.observe_own(
            mv(&v, "F3\nE\n1\n"),
            MoveResult::Battle {
                attacker: Rank::Scout,
                defender: Rank::Flag,
            },
        );
        assert!(e.is_revealed("F4".parse().unwrap()));
    }

    #[test]
    fn a_defence_that_holds_reveals_the_defender() {
        let mut e = Exposure::new();
        let m = UncheckedMove::from_wire("E6\nW\n1\n").unwrap();
        e.observe_opponent(
            m,
            MoveResult::Battle {
                attacker: Rank::Scout,
                defender: Rank::Major,
            },
        );
        assert!(e.is_revealed("E5".parse().unwrap()));
        e.observe_opponent(
            m,
            MoveResult::Battle {
                attacker: Rank::General,
                defender: Rank::Major,
            },
        );
        assert!(!e.is_revealed("E5".parse().unwrap()));
    }
}
