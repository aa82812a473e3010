//! Which attacks the search lets the opponent make, chosen from how it has
//! attacked so far.
//!
//! peternlewis attacks with its Marshal, General, Colonel and Major only
//! what they beat whatever it is, so modelling it that way below the root
//! ([`super::eval::AttackRule::Cautious`], searched three plies deep) won
//! 88.0% of 100 games against 79.0%; celsius sends the same pieces at
//! pieces of ours that have never moved (Bombs, for all it knows), and
//! against it the same model lost a quarter of its games. Such an attack,
//! one the attacker may lose, is what tells them apart: over 200 recorded
//! games each, celsius made a second one by ply 20 or 27 (median) in 196
//! games, peternlewis in 4 of 200, and hunter in 2 of 100
//! (`docs/experiments/2026-11-28-opponent-model.md`).

use stratego::{Fight, MoveResult, Rank, UncheckedMove, View};

use super::exposure::Exposure;
use super::tuning::Tuning;

/// What the opponent's attacks have shown of its rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpponentModel {
    /// Attacks by its Marshal, General, Colonel or Major on one of our
    /// pieces that it had neither identified nor seen move, while some
    /// piece of ours it had not identified would have beaten or tied the
    /// attacker.
    reckless: u32,
}

/// The ranks whose attacks on what they may lose to tell a reckless
/// opponent from a cautious one (cheap pieces probe under either).
fn is_precious(r: Rank) -> bool {
    matches!(
        r,
        Rank::Marshal | Rank::General | Rank::Colonel | Rank::Major
    )
}

impl OpponentModel {
    /// At the start of a game: nothing seen.
    pub fn new() -> OpponentModel {
        OpponentModel::default()
    }

    /// How many reckless attacks the opponent has made.
    pub fn reckless(&self) -> u32 {
        self.reckless
    }

    /// Counts the opponent's move `m` with its `result`. `view` is after
    /// the move, `exposure` before it (what the opponent knew when it
    /// chose).
    pub fn observe(
        &mut self,
        view: &View,
        exposure: &Exposure,
        m: UncheckedMove,
        result: MoveResult,
    ) {
        let MoveResult::Battle { attacker, defender } = result else {
            return;
        };
        let Some(to) = m.from.step(m.dir, m.distance) else {
            return;
        };
        if !is_precious(attacker) || (exposure.revealed() | exposure.moved()) & to.bit() != 0 {
            return;
        }
        // Our pieces the opponent had not identified, as they stood before
        // the battle: the defender, and every other piece of ours not
        // revealed (the target never moved, so any of them may have been
        // it).
        let others = view
            .own_pieces()
            .filter(|&(sq, _)| sq != to && !exposure.is_revealed(sq))
            .map(|(_, r)| r);
        let risky = std::iter::once(defender)
            .chain(others)
            .any(|r| stratego::fight(attacker, r) != Fight::AttackerWins);
        if risky {
            self.reckless += 1;
        }
    }

    /// Whether the search should still take the opponent for cautious
    /// under `tuning`: forced by `cautious_opponent`, or, with
    /// `adaptive_opponent`, until it has made `reckless_limit` reckless
    /// attacks.
    pub fn is_cautious(&self, tuning: &Tuning) -> bool {
        tuning.cautious_opponent
            || (tuning.adaptive_opponent && self.reckless < tuning.reckless_limit)
    }

    /// `tuning` as this move's search should use it: `cautious_opponent`
    /// set while [`OpponentModel::is_cautious`] (which rule that makes is
    /// [`super::eval::EvalContext`]'s to say, and how deep the search then
    /// goes [`super::pimc`]'s).
    pub fn apply(&self, tuning: &Tuning) -> Tuning {
        let mut t = *tuning;
        if self.is_cautious(tuning) {
            t.cautious_opponent = true;
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::{AttackRule, EvalContext};
    use stratego::{Board, Move, Player};

    fn view() -> View {
        View::new(&crate::ai::setups::template(Player::Zero, 0))
    }

    fn own(view: &View, text: &str) -> Move {
        view.check(&UncheckedMove::from_wire(text).unwrap())
            .unwrap()
    }

    fn battle(attacker: Rank, defender: Rank) -> MoveResult {
        MoveResult::Battle { attacker, defender }
    }

    /// The rule the search gives the opponent (player one) this move.
    fn rule(o: &OpponentModel, tuning: &Tuning) -> AttackRule {
        EvalContext::new(&Board::empty(), Player::Zero, &o.apply(tuning)).attack_rule(Player::One)
    }

    /// Their piece on E4 attacks our E3, which has never moved.
    fn attack_e3() -> UncheckedMove {
        UncheckedMove::from_wire("E4\nW\n1\n").unwrap()
    }

    #[test]
    fn a_general_attacking_a_piece_that_never_moved_is_reckless() {
        let (v, e) = (view(), Exposure::new());
        let mut o = OpponentModel::new();
        o.observe(&v, &e, attack_e3(), battle(Rank::General, Rank::Sergeant));
        assert_eq!(o.reckless(), 1);
        // Lost or won, it was a gamble.
        o.observe(&v, &e, attack_e3(), battle(Rank::Major, Rank::Bomb));
        assert_eq!(o.reckless(), 2);
    }

    #[test]
    fn probes_and_attacks_on_seen_pieces_are_not_reckless() {
        let v = view();
        let mut o = OpponentModel::new();
        let e = Exposure::new();
        o.observe(&v, &e, attack_e3(), battle(Rank::Captain, Rank::Sergeant));
        o.observe(&v, &e, attack_e3(), battle(Rank::Scout, Rank::Bomb));
        // Our E3 walks to E4 and is attacked there: it has moved.
        let mut moved = Exposure::new();
        moved.observe_own(own(&v, "E3\nE\n1\n"), MoveResult::Nothing);
        let at_e4 = UncheckedMove::from_wire("E5\nW\n1\n").unwrap();
        o.observe(&v, &moved, at_e4, battle(Rank::Colonel, Rank::Sergeant));
        // A quiet move is no attack.
        o.observe(&v, &e, attack_e3(), MoveResult::Nothing);
        assert_eq!(o.reckless(), 0);
    }

    #[test]
    fn the_opponent_is_cautious_until_shown_otherwise() {
        let t = Tuning::default();
        let (v, e) = (view(), Exposure::new());
        let mut o = OpponentModel::new();
        let a = o.apply(&t);
        assert!(a.cautious_opponent);
        for _ in 0..t.reckless_limit {
            assert_eq!(rule(&o, &t), AttackRule::Cautious);
            o.observe(&v, &e, attack_e3(), battle(Rank::Marshal, Rank::Lieutenant));
        }
        assert_eq!(rule(&o, &t), AttackRule::Free);
        let a = o.apply(&t);
        assert!(!a.cautious_opponent);
        let blind = Tuning {
            blind_opponent: true,
            ..t
        };
        assert_eq!(rule(&o, &blind), AttackRule::Blind);
        let forced = Tuning {
            cautious_opponent: true,
            ..t
        };
        assert_eq!(rule(&o, &forced), AttackRule::Cautious);
        let fixed = Tuning {
            adaptive_opponent: false,
            ..t
        };
        assert_eq!(rule(&OpponentModel::new(), &fixed), AttackRule::Free);
    }
}
