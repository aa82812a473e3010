//! Battles (§3.4): who survives when one piece attacks another.

use crate::piece::Rank;

/// The outcome of an attack for the two pieces involved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Fight {
    /// The defender is removed and the attacker takes its square.
    AttackerWins,
    /// The attacker is removed; the defender stays.
    DefenderWins,
    /// Both pieces are removed.
    BothRemoved,
}

/// Resolves an attack of `attacker` on `defender`.
///
/// - taking the Flag always succeeds (the game is then won);
/// - on a Bomb, a Miner wins and any other attacker is removed;
/// - a Spy attacking the Marshal wins (a Marshal attacking the Spy wins by strength);
/// - otherwise the higher strength wins and equal strengths remove both.
///
/// The attacker is a movable piece; an immobile attacker (never produced by
/// a legal move) is treated by strength.
pub const fn fight(attacker: Rank, defender: Rank) -> Fight {
    match (attacker, defender) {
        (_, Rank::Flag) => Fight::AttackerWins,
        (Rank::Miner, Rank::Bomb) => Fight::AttackerWins,
        (_, Rank::Bomb) => Fight::DefenderWins,
        (Rank::Spy, Rank::Marshal) => Fight::AttackerWins,
        _ => {
            let a = strength(attacker);
            let d = strength(defender);
            if a > d {
                Fight::AttackerWins
            } else if a < d {
                Fight::DefenderWins
            } else {
                Fight::BothRemoved
            }
        }
    }
}

const fn strength(r: Rank) -> u8 {
    match r.strength() {
        Some(s) => s,
        // A Bomb as attacker cannot come from a legal move; rank it above all.
        None => 11,
    }
}

/// What happened on the destination square of a played move: the move
/// went to an empty square, or a battle took place (both codes revealed).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The destination was empty.
    Quiet,
    /// A battle between the attacker and the defender.
    Battle {
        /// The moving piece.
        attacker: Rank,
        /// The piece that was on the destination.
        defender: Rank,
    },
}

impl Outcome {
    /// The fight, for a battle.
    pub const fn fight(self) -> Option<Fight> {
        match self {
            Outcome::Quiet => None,
            Outcome::Battle { attacker, defender } => Some(fight(attacker, defender)),
        }
    }

    /// Whether this outcome captured a Flag.
    pub const fn takes_flag(self) -> bool {
        matches!(
            self,
            Outcome::Battle {
                defender: Rank::Flag,
                ..
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Fight::*;
    use super::*;
    use Rank::*;

    #[test]
    fn spy_attacking_marshal_wins() {
        assert_eq!(fight(Spy, Marshal), AttackerWins);
    }

    #[test]
    fn marshal_attacking_spy_wins() {
        assert_eq!(fight(Marshal, Spy), AttackerWins);
    }

    #[test]
    fn spy_loses_to_everyone_else_both_ways() {
        for r in [
            General, Colonel, Major, Captain, Lieutenant, Sergeant, Miner, Scout,
        ] {
            assert_eq!(fight(Spy, r), DefenderWins, "Spy attacks {r}");
            assert_eq!(fight(r, Spy), AttackerWins, "{r} attacks Spy");
        }
    }

    #[test]
    fn miner_defuses_bomb() {
        assert_eq!(fight(Miner, Bomb), AttackerWins);
    }

    #[test]
    fn every_other_piece_dies_on_a_bomb() {
        for r in Rank::ALL
            .into_iter()
            .filter(|r| r.can_move() && *r != Miner)
        {
            assert_eq!(fight(r, Bomb), DefenderWins, "{r}");
        }
    }

    #[test]
    fn equal_strengths_remove_both() {
        for r in Rank::ALL.into_iter().filter(|r| r.can_move()) {
            assert_eq!(fight(r, r), BothRemoved, "{r}");
        }
    }

    #[test]
    fn higher_strength_wins() {
        assert_eq!(fight(Marshal, General), AttackerWins);
        assert_eq!(fight(General, Marshal), DefenderWins);
        assert_eq!(fight(Scout, Miner), DefenderWins);
        assert_eq!(fight(Miner, Scout), AttackerWins);
        assert_eq!(fight(Captain, Major), DefenderWins);
    }

    #[test]
    fn anyone_takes_the_flag() {
        for r in Rank::ALL.into_iter().filter(|r| r.can_move()) {
            assert_eq!(fight(r, Flag), AttackerWins, "{r}");
        }
        assert!(
            Outcome::Battle {
                attacker: Spy,
                defender: Flag
            }
            .takes_flag()
        );
    }
}
