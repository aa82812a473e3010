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
//!
//! Between the two, a cautious opponent may still send those pieces at our
//! pieces that have *moved* (no Bomb, no Flag) without knowing what they
//! are: the strong engine held out from our development did, 87 times in
//! 12 games it won, taking 69 of them, while it attacked unmoved ones 4
//! times in 20 games, so the cautious model never let it go. Such attacks
//! are counted apart (`bold`), and past `bold_limit` of them the opponent
//! is searched as [`super::eval::AttackRule::Bold`].

use stratego::{Cell, Fight, Move, MoveResult, Rank, UncheckedMove, View};

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
    /// Attacks by those ranks on one of our pieces that it had seen move
    /// but not identified, while some unidentified piece of ours of a
    /// moving rank would have beaten or tied the attacker.
    bold: u32,
}

/// The ranks whose attacks on what they may lose to tell a reckless
/// opponent from a cautious one (cheap pieces probe under either), and
/// that [`super::eval::AttackRule::Bold`] sends at moved pieces.
pub(crate) fn is_precious(r: Rank) -> bool {
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

    /// How many bold attacks (on our moved unidentified pieces, that the
    /// attacker might have lost) the opponent has made.
    pub fn bold(&self) -> u32 {
        self.bold
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
        if !is_precious(attacker) || exposure.is_revealed(to) {
            return;
        }
        let moved = exposure.moved() & to.bit() != 0;
        // Our pieces the opponent had not identified, as they stood before
        // the battle: the defender, and every other piece of ours not
        // revealed (the target might have been any of them that could have
        // done what it did: never moved, any; moved, any of a moving rank).
        let others = view
            .own_pieces()
            .filter(|&(sq, _)| sq != to && !exposure.is_revealed(sq))
            .map(|(_, r)| r)
            .filter(|r| !moved || r.can_move());
        let risky = std::iter::once(defender)
            .chain(others)
            .any(|r| stratego::fight(attacker, r) != Fight::AttackerWins);
        match (risky, moved) {
            (false, _) => {}
            (true, false) => self.reckless += 1,
            (true, true) => self.bold += 1,
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
    ///
    /// A cautious opponent that has made `bold_limit` bold attacks (0:
    /// never) is searched as bold too (`bold_opponent`).
    pub fn apply(&self, tuning: &Tuning) -> Tuning {
        let mut t = *tuning;
        if self.is_cautious(tuning) {
            t.cautious_opponent = true;
            if tuning.bold_limit > 0 && self.bold >= tuning.bold_limit {
                t.bold_opponent = true;
            }
        }
        t
    }
}

/// The root bonus of our move `mv` in `view` under `tuning.bold_attack`:
/// for an attack of our Marshal, General, Colonel or Major on an enemy
/// piece that has moved and is not identified, the whole bonus; else 0.
pub fn bold_attack_bonus(view: &View, mv: Move, tuning: &Tuning) -> f64 {
    if tuning.bold_attack == 0.0 {
        return 0.0;
    }
    let (Cell::Own(rank), Some((_, enemy))) = (view.cell(mv.from()), view.enemy_at(mv.to())) else {
        return 0.0;
    };
    if is_precious(rank) && enemy.moved && enemy.known_rank().is_none() {
        tuning.bold_attack
    } else {
        0.0
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
    fn strong_attacks_on_moved_pieces_it_might_have_lost_are_bold() {
        let v = view();
        // Our E3 walks to E4 and is attacked there: it has moved, and our
        // Marshal, unidentified, might have been it.
        let mut moved = Exposure::new();
        moved.observe_own(own(&v, "E3\nE\n1\n"), MoveResult::Nothing);
        let at_e4 = UncheckedMove::from_wire("E5\nW\n1\n").unwrap();
        let mut o = OpponentModel::new();
        o.observe(&v, &moved, at_e4, battle(Rank::General, Rank::Sergeant));
        o.observe(&v, &moved, at_e4, battle(Rank::Major, Rank::Scout));
        assert_eq!((o.reckless(), o.bold()), (0, 2));
        // A probe is no gamble, nor an attack on a piece it had seen fight.
        o.observe(&v, &moved, at_e4, battle(Rank::Sergeant, Rank::Scout));
        let mut seen = moved;
        seen.reveal_for_test(crate::testkit::sq("E4"));
        o.observe(&v, &seen, at_e4, battle(Rank::General, Rank::Sergeant));
        assert_eq!((o.reckless(), o.bold()), (0, 2));
        // Our Bombs and Flag could not have moved: with every mover of ours
        // that beats or ties a Colonel identified, its attack on a moved
        // piece risks nothing (the template's Bombs would beat it).
        let v = View::new(&crate::ai::setups::template(Player::Zero, 0));
        let mut known = moved;
        for (sq, r) in v.own_pieces() {
            if matches!(r, Rank::Marshal | Rank::General | Rank::Colonel) {
                known.reveal_for_test(sq);
            }
        }
        let mut o = OpponentModel::new();
        o.observe(&v, &known, at_e4, battle(Rank::Colonel, Rank::Sergeant));
        assert_eq!((o.reckless(), o.bold()), (0, 0));
    }

    #[test]
    fn a_cautious_opponent_is_bold_after_bold_limit_such_attacks() {
        let v = view();
        let mut moved = Exposure::new();
        moved.observe_own(own(&v, "E3\nE\n1\n"), MoveResult::Nothing);
        let at_e4 = UncheckedMove::from_wire("E5\nW\n1\n").unwrap();
        let off = Tuning {
            bold_opponent: false,
            ..Tuning::default()
        };
        assert_eq!(off.bold_limit, 0);
        let on = Tuning {
            bold_limit: 2,
            ..off
        };
        let mut o = OpponentModel::new();
        for _ in 0..2 {
            assert_eq!(rule(&o, &on), AttackRule::Cautious);
            o.observe(&v, &moved, at_e4, battle(Rank::General, Rank::Sergeant));
        }
        assert_eq!(rule(&o, &on), AttackRule::Bold);
        assert_eq!(rule(&o, &off), AttackRule::Cautious, "bold_limit 0: never");
        // Reckless beats bold: shown free, the opponent is searched free.
        for _ in 0..on.reckless_limit {
            o.observe(
                &v,
                &Exposure::new(),
                attack_e3(),
                battle(Rank::Marshal, Rank::Scout),
            );
        }
        assert_eq!(rule(&o, &on), AttackRule::Free);
    }

    #[test]
    fn the_bold_attack_bonus_goes_to_strong_pieces_attacking_moved_unknowns() {
        use crate::testkit::{bits, position};
        // Their moved E5 and unmoved F4 beside our General E4, their
        // identified moved E3 beside it too, and our Sergeant F5 beside E5.
        let board = position(
            "General E4, Sergeant F5, Flag A0 / Captain E5, Captain F4, Major E3, Flag J9",
        );
        let v = View::from_board(
            &board,
            Player::Zero,
            Player::Zero,
            bits(&["E3"]),
            bits(&["E5", "E3"]),
        );
        let t = Tuning {
            bold_attack: 150.0,
            ..Tuning::default()
        };
        let bonus = |wire: &str| bold_attack_bonus(&v, own(&v, wire), &t);
        assert_eq!(bonus("E4\nE\n1\n"), 150.0, "General on the moved unknown");
        assert_eq!(bonus("E4\nS\n1\n"), 0.0, "on the unmoved one");
        assert_eq!(bonus("E4\nW\n1\n"), 0.0, "on the identified one");
        assert_eq!(bonus("F5\nN\n1\n"), 0.0, "a Sergeant's attack");
        assert_eq!(bonus("F5\nE\n1\n"), 0.0, "a quiet move");
        let off = Tuning::default();
        assert_eq!(bold_attack_bonus(&v, own(&v, "E4\nE\n1\n"), &off), 0.0);
    }

    #[test]
    fn the_opponent_is_cautious_until_shown_otherwise() {
        // By default cautious means bold: free against our moved pieces.
        let bold = Tuning::default();
        let t = Tuning {
            bold_opponent: false,
            ..bold
        };
        let (v, e) = (view(), Exposure::new());
        let mut o = OpponentModel::new();
        let a = o.apply(&t);
        assert!(a.cautious_opponent);
        for _ in 0..t.reckless_limit {
            assert_eq!(rule(&o, &t), AttackRule::Cautious);
            assert_eq!(rule(&o, &bold), AttackRule::Bold);
            o.observe(&v, &e, attack_e3(), battle(Rank::Marshal, Rank::Lieutenant));
        }
        assert_eq!(rule(&o, &t), AttackRule::Free);
        assert_eq!(rule(&o, &bold), AttackRule::Free);
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
