//! The enemy Spy's reply to our identified Marshal: the cost, on a root
//! move, of leaving our Marshal, known to the opponent, next to enemy
//! pieces we have not identified while their Spy lives unidentified.
//!
//! Why: the Spy takes the Marshal by attacking it, and a program can bait
//! it. peternlewis, of the UCC 2012 agents, leaves a cheap piece for our
//! Marshal to take next to its unmoved Spy: in 160 games against it, our
//! identified Marshal died to the Spy 17 times, 11 of them in games we
//! lost. While its Spy lived unidentified, 13 of the 26 unmoved
//! unidentified enemy pieces next to a square our identified Marshal took
//! were the Spy, 4 of the 8 next to a square it stepped to, and none of
//! the 32 pieces that had moved. The belief, learnt from setups people
//! make, puts the Spy on any one of those squares far less often, and the
//! search, a few plies deep, walks the Marshal away before its horizon,
//! so neither sees the risk of the very next enemy move. The cost is
//! [`Tuning::spy_risk`] per unmoved such neighbour and a tenth of it per
//! moved one, in root-value units, on top of what the search finds.
//!
//! A moved piece that stands beside one of their identified Generals or
//! Colonels counts [`Tuning::spy_escort`] of the risk (by default a tenth,
//! as any moved piece): a Spy escorts the piece our Marshal wants to take.
//! Against a stronger engine than the UCC agents, its Spy, moving beside
//! its General, took our Marshal right after the Marshal took that General
//! or a Colonel in 3 of 20 games, charged a tenth of the risk because it
//! had moved.

use stratego::bits::Bits;
use stratego::{Cell, Move, Rank, Square, View};

use super::exposure::Exposure;
use super::geometry::ring;
use super::tuning::Tuning;

/// Share of the risk for an enemy piece that has moved: the Spy that
/// took our Marshal had never moved, every time.
pub const MOVED_SHARE: f64 = 0.1;

/// What every root move of one position shares: our Marshal, whether the
/// opponent has identified it, and the enemy pieces that may be the Spy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpyWatch {
    /// Our Marshal's square and whether the opponent has seen its rank;
    /// `None` when nothing is to be feared (no Marshal of ours, their Spy
    /// gone or identified, no risk configured).
    marshal: Option<(Square, bool)>,
    /// Squares of the enemy pieces whose rank we do not know, that have
    /// not moved.
    unmoved: Bits,
    /// The same, for those that have moved, beside an identified General
    /// or Colonel of theirs (an escort).
    escorts: Bits,
    /// The other enemy pieces whose rank we do not know (they have moved).
    moved: Bits,
    risk: f64,
    escort_share: f64,
}

impl SpyWatch {
    /// The watch in `view`, with what the opponent knows of our pieces.
    pub fn new(view: &View, exposure: &Exposure, tuning: &Tuning) -> SpyWatch {
        let spy_unknown = view.unidentified_counts()[Rank::Spy.index()] > 0;
        let marshal = view
            .own_pieces()
            .find(|&(_, r)| r == Rank::Marshal)
            .map(|(sq, _)| (sq, exposure.is_revealed(sq)))
            .filter(|_| spy_unknown && tuning.spy_risk > 0.0);
        let escorted = view
            .enemies()
            .iter()
            .filter(|e| matches!(e.known_rank(), Some(Rank::General | Rank::Colonel)))
            .filter_map(|e| e.square)
            .fold(0, |near, sq| near | ring(sq.index(), 1));
        let (mut unmoved, mut escorts, mut moved) = (0, 0, 0);
        for e in view.enemies().iter().filter(|e| e.known_rank().is_none()) {
            if let Some(sq) = e.square {
                if !e.moved {
                    unmoved |= sq.bit();
                } else if escorted & sq.bit() != 0 {
                    escorts |= sq.bit();
                } else {
                    moved |= sq.bit();
                }
            }
        }
        SpyWatch {
            marshal,
            unmoved,
            escorts,
            moved,
            risk: tuning.spy_risk,
            escort_share: tuning.spy_escort,
        }
    }

    /// The cost of our move `mv` in the position: the risk for each
    /// unmoved unidentified enemy piece next to where our Marshal stands
    /// after it, [`MOVED_SHARE`] of it for each moved one, if the opponent
    /// then knows the Marshal (it was identified, or it attacks now, which
    /// shows its rank).
    pub fn cost(&self, view: &View, mv: Move) -> f64 {
        let attack = matches!(view.cell(mv.to()), Cell::Enemy(_));
        self.cost_of(mv.from(), mv.to(), attack)
    }

    /// [`SpyWatch::cost`] from the move's squares and whether it attacks.
    fn cost_of(&self, from: Square, to: Square, attack: bool) -> f64 {
        let Some((marshal, revealed)) = self.marshal else {
            return 0.0;
        };
        // The piece on `to` is taken or identified by an attack, and no
        // longer a suspect; a quiet move leaves the suspects as they are.
        let gone = !to.bit();
        let (at, known) = if from == marshal {
            (to, revealed || attack)
        } else {
            (marshal, revealed)
        };
        if !known {
            return 0.0;
        }
        let near = ring(at.index(), 1);
        let unmoved = (near & self.unmoved & gone).count_ones();
        let escorts = (near & self.escorts & gone).count_ones();
        let moved = (near & self.moved & gone).count_ones();
        self.risk
            * (f64::from(unmoved)
                + self.escort_share * f64::from(escorts)
                + MOVED_SHARE * f64::from(moved))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{bits, mv, quiet_turn, sq};
    use stratego::{MoveResult, Player, UncheckedMove};

    fn watch(marshal: &str, revealed: bool, suspects: &[&str]) -> SpyWatch {
        SpyWatch {
            marshal: Some((sq(marshal), revealed)),
            unmoved: bits(suspects),
            escorts: 0,
            moved: 0,
            risk: Tuning::default().spy_risk,
            escort_share: 0.5,
        }
    }

    #[test]
    fn an_identified_marshal_next_to_unidentified_pieces_costs_the_risk_for_each() {
        let r = Tuning::default().spy_risk;
        assert!(r > 0.0);
        let w = watch("E3", true, &["E5", "F4", "D6"]);
        // E3 -> E4: next to E5 and F4.
        assert_eq!(w.cost_of(sq("E3"), sq("E4"), false), 2.0 * r);
        // E3 -> E2: next to none of them.
        assert_eq!(w.cost_of(sq("E3"), sq("E2"), false), 0.0);
        // Another piece moves: the Marshal stays on E3, next to none.
        assert_eq!(w.cost_of(sq("A0"), sq("A1"), false), 0.0);
        let w = watch("E4", true, &["E5", "F4", "D6"]);
        // It stays next to E5 and F4 while another piece moves...
        assert_eq!(w.cost_of(sq("A0"), sq("A1"), false), 2.0 * r);
        // ...unless that piece attacks one of them.
        assert_eq!(w.cost_of(sq("F3"), sq("F4"), true), r);
    }

    #[test]
    fn a_piece_that_has_moved_costs_a_share() {
        let r = Tuning::default().spy_risk;
        let w = SpyWatch {
            moved: bits(&["F4"]),
            ..watch("E3", true, &["E5"])
        };
        assert_eq!(w.cost_of(sq("E3"), sq("E4"), false), r + MOVED_SHARE * r);
        assert_eq!(w.cost_of(sq("E3"), sq("F3"), false), MOVED_SHARE * r);
    }

    #[test]
    fn an_unidentified_marshal_costs_nothing_until_it_attacks() {
        let r = Tuning::default().spy_risk;
        let w = watch("E3", false, &["E5", "F4", "F5"]);
        assert_eq!(w.cost_of(sq("E3"), sq("E4"), false), 0.0);
        // Taking F4 shows its rank, next to F5.
        assert_eq!(w.cost_of(sq("E3"), sq("F3"), false), 0.0);
        assert_eq!(w.cost_of(sq("E4"), sq("F4"), true), 0.0);
        let w = watch("E4", false, &["E5", "F4", "F5"]);
        assert_eq!(w.cost_of(sq("E4"), sq("F4"), true), r);
    }

    /// Template 0 has our Marshal on E2 and a Scout in front of it on E3.
    fn opened() -> View {
        let mut view = View::new(&crate::ai::setups::template(Player::Zero, 0));
        for (ours, theirs) in [("E3\nE\n1\n", "E6\nW\n1\n"), ("E4\nS\n1\n", "E5\nW\n1\n")] {
            let mv = view
                .check(&UncheckedMove::from_wire(ours).unwrap())
                .unwrap();
            view.apply_own(mv, MoveResult::Nothing).unwrap();
            let theirs = UncheckedMove::from_wire(theirs).unwrap();
            view.apply_opponent(theirs, MoveResult::Nothing).unwrap();
        }
        view
    }

    #[test]
    fn the_watch_follows_the_view() {
        let view = opened();
        assert_eq!(view.cell(sq("E2")), Cell::Own(Rank::Marshal));
        assert!(matches!(view.cell(sq("E4")), Cell::Enemy(_)));
        let step = view
            .check(&UncheckedMove::from_wire("E2\nE\n1\n").unwrap())
            .unwrap();
        let t = Tuning::default();
        assert_eq!(
            SpyWatch::new(&view, &Exposure::new(), &t).cost(&view, step),
            0.0
        );
        let mut exposure = Exposure::new();
        exposure.reveal_for_test(sq("E2"));
        let w = SpyWatch::new(&view, &exposure, &t);
        // The piece on E4 has moved.
        assert_eq!(w.cost(&view, step), MOVED_SHARE * t.spy_risk);
        // Turned off by the tuning.
        let off = Tuning { spy_risk: 0.0, ..t };
        assert_eq!(SpyWatch::new(&view, &exposure, &off).cost(&view, step), 0.0);
    }

    #[test]
    fn a_moved_piece_beside_their_identified_general_counts_as_an_escort() {
        let mut view = opened();
        // Their piece on F6 steps to F5; their piece on E4 takes our
        // Scout on F4 and shows a General: F5 escorts it.
        quiet_turn(&mut view, "A3\nE\n1\n", "F6\nW\n1\n");
        let ours = view.check(&mv("A4\nE\n1\n")).unwrap();
        view.apply_own(ours, MoveResult::Nothing).unwrap();
        let battle = MoveResult::Battle {
            attacker: Rank::General,
            defender: Rank::Scout,
        };
        view.apply_opponent(mv("E4\nS\n1\n"), battle).unwrap();
        let mut exposure = Exposure::new();
        exposure.reveal_for_test(sq("E2"));
        let t = Tuning {
            spy_escort: 0.5,
            ..Tuning::default()
        };
        let w = SpyWatch::new(&view, &exposure, &t);
        assert_eq!(w.escorts, sq("F5").bit());
        assert_eq!(w.moved, 0);
        assert_eq!(w.unmoved & sq("F5").bit(), 0);
        // Our Marshal stepping beside F5 pays the escort's share for it.
        let at_e4 = SpyWatch {
            marshal: Some((sq("E4"), true)),
            ..w
        };
        assert_eq!(at_e4.cost_of(sq("E4"), sq("E5"), false), 0.5 * t.spy_risk);
    }

    #[test]
    fn nothing_to_fear_once_their_spy_is_gone() {
        let mut view = opened();
        // Their piece on E4 attacks our Scout on F4: it was the Spy, and
        // loses.
        let mv = view
            .check(&UncheckedMove::from_wire("A3\nE\n1\n").unwrap())
            .unwrap();
        view.apply_own(mv, MoveResult::Nothing).unwrap();
        let hit = UncheckedMove::from_wire("E4\nS\n1\n").unwrap();
        view.apply_opponent(
            hit,
            MoveResult::Battle {
                attacker: Rank::Spy,
                defender: Rank::Scout,
            },
        )
        .unwrap();
        let mut exposure = Exposure::new();
        exposure.reveal_for_test(sq("E2"));
        let w = SpyWatch::new(&view, &exposure, &Tuning::default());
        assert_eq!(w.marshal, None);
    }
}
