//! Breaking a stalled game: how long it has gone without a battle, and the
//! push that grows with it on the root moves that bring cheap pieces to the
//! enemy's unidentified ones and throw them in.
//!
//! Why: against an opponent that shuffles one piece back and forth behind
//! a wall of unmoved pieces (hunter, of the UCC 2012 agents), every attack
//! on an unidentified piece costs material on average (the wall holds
//! Bombs and strong pieces), so the search, which sees a few moves ahead
//! and a position it already judges good, shuffles too, and the game is
//! drawn at the turn limit: without the push, 2 of 2 games were drawn at
//! 2,000 moves. Only probing the wall wins such a game, and only cheap pieces
//! can afford it. The push starts after [`Tuning::stall_start`] plies
//! without a battle (either side's), grows by [`Tuning::stall_ramp`] per
//! ply up to [`Tuning::stall_max`], and is gone with the next battle: in a
//! game with contact it never starts. Nor while we have more than
//! [`Tuning::stall_behind`] (3) movers fewer than the opponent: started
//! after 30 quiet plies and regardless of movers, it lost 4 of 27 games to
//! `greedy` that the AI without it won on the same seeds (3 of the 4 with
//! no movable piece of ours left); with none fewer allowed, hunter drew 8
//! of 100 games at the turn limit, 6 of them quiet for hundreds of plies
//! with us one or two movers behind out of two dozen
//! (`docs/experiments/2026-11-27-stall-push.md`,
//! `docs/experiments/2026-11-29-settled-boards-and-flag-defence.md`).

use stratego::bits::Bits;
use stratego::{Cell, Move, MoveResult, Rank, View};

use super::geometry::nearest;
use super::knowledge::enemy_squares;
use super::tuning::Tuning;

/// Plies since the last battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stall {
    quiet: u32,
}

/// How much of the push each of our ranks gets: the cheap pieces all of it,
/// the Miners (needed for the Bombs) and the Majors half, the Colonels a
/// quarter, the Generals, the Marshal and the Spy nothing.
fn cheapness(rank: Rank) -> f64 {
    match rank {
        Rank::Scout | Rank::Sergeant | Rank::Lieutenant | Rank::Captain => 1.0,
        Rank::Miner | Rank::Major => 0.5,
        Rank::Colonel => 0.25,
        _ => 0.0,
    }
}

/// Share of the push a quiet move gets when it brings the piece nearer to
/// the nearest unidentified enemy piece.
const APPROACH_SHARE: f64 = 0.3;

/// Whether we have more than `behind` movable pieces fewer than the
/// opponent: then the game is not stalled by a passive opponent but lost
/// slowly, and throwing our movers at theirs runs us out of them first (a
/// side with no movable piece loses).
fn fewer_movers(view: &View, behind: usize) -> bool {
    let ours = view.own_pieces().filter(|(_, r)| r.can_move()).count();
    // Theirs: every enemy piece on the board but the Bombs and the Flag
    // not yet taken.
    let alive = view.enemies().iter().filter(|e| e.alive()).count();
    let immobile = usize::from(Rank::Bomb.count() - view.enemy_lost(Rank::Bomb))
        + usize::from(Rank::Flag.count() - view.enemy_lost(Rank::Flag));
    ours + behind < alive.saturating_sub(immobile)
}

impl Stall {
    /// A game that has just started.
    pub fn new() -> Stall {
        Stall::default()
    }

    /// Counts a move of either side and its result.
    pub fn observe(&mut self, result: MoveResult) {
        self.quiet = match result {
            MoveResult::Battle { .. } => 0,
            _ => self.quiet.saturating_add(1),
        };
    }

    /// Plies since the last battle.
    pub fn quiet(&self) -> u32 {
        self.quiet
    }

    /// The push of this stall, in root-value units (0 before it starts).
    pub fn pressure(&self, tuning: &Tuning) -> f64 {
        let over = f64::from(self.quiet.saturating_sub(tuning.stall_start));
        (over * tuning.stall_ramp).min(tuning.stall_max)
    }

    /// The bonus of our move `mv` in `view` (see [`Push::bonus`]); to
    /// judge many moves of one position, take its [`Stall::push`] once.
    pub fn bonus(&self, view: &View, mv: Move, tuning: &Tuning) -> f64 {
        self.push(view, tuning).bonus(view, mv)
    }

    /// The push in `view`, what every root move of it shares: none while
    /// we have fewer movers (by more than [`Tuning::stall_behind`]), and
    /// the squares of the unidentified enemy pieces it pushes towards.
    pub fn push(&self, view: &View, tuning: &Tuning) -> Push {
        let pressure = self.pressure(tuning);
        if pressure <= 0.0 || fewer_movers(view, tuning.stall_behind) {
            return Push {
                pressure: 0.0,
                targets: 0,
            };
        }
        let targets = enemy_squares(view, |e| e.known_rank().is_none());
        Push { pressure, targets }
    }
}

/// The push of one position, shared by its root moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Push {
    pressure: f64,
    /// The unidentified enemy pieces' squares.
    targets: Bits,
}

impl Push {
    /// The bonus of our move `mv` in the position: for an attack on an
    /// unidentified piece, the push scaled by the attacker's cheapness;
    /// for a quiet move bringing the piece nearer to an unidentified
    /// piece, a share of that; otherwise 0.
    pub fn bonus(&self, view: &View, mv: Move) -> f64 {
        if self.pressure <= 0.0 {
            return 0.0;
        }
        let Cell::Own(rank) = view.cell(mv.from()) else {
            return 0.0;
        };
        let push = self.pressure * cheapness(rank);
        match view.cell(mv.to()) {
            Cell::Enemy(_) if self.targets & mv.to().bit() != 0 => push,
            Cell::Enemy(_) | Cell::Own(_) => 0.0,
            Cell::Empty => match (
                nearest(mv.from().index(), self.targets),
                nearest(mv.to().index(), self.targets),
            ) {
                (Some(before), Some(after)) if after < before => push * APPROACH_SHARE,
                (None, Some(_)) => push * APPROACH_SHARE,
                _ => 0.0,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{mv, quiet_turn};
    use stratego::Player;

    fn stalled(plies: u32) -> Stall {
        let mut s = Stall::new();
        s.observe(MoveResult::Battle {
            attacker: Rank::Scout,
            defender: Rank::Scout,
        });
        for _ in 0..plies {
            s.observe(MoveResult::Nothing);
        }
        s
    }

    #[test]
    fn the_push_starts_late_grows_and_is_capped() {
        let t = Tuning::default();
        assert_eq!(stalled(t.stall_start).pressure(&t), 0.0);
        assert!(stalled(t.stall_start + 10).pressure(&t) > 0.0);
        assert_eq!(stalled(10_000).pressure(&t), t.stall_max);
        let mut s = stalled(10_000);
        s.observe(MoveResult::Battle {
            attacker: Rank::Miner,
            defender: Rank::Bomb,
        });
        assert_eq!((s.quiet(), s.pressure(&t)), (0, 0.0));
    }

    #[test]
    fn cheap_pieces_are_pushed_forward_precious_ones_are_not() {
        let t = Tuning::default();
        let view = View::new(&crate::ai::setups::template(Player::Zero, 0));
        let moves: Vec<Move> = {
            let mut l = stratego::MoveList::new();
            view.legal_moves(&mut l);
            l.to_vec()
        };
        let s = stalled(10_000);
        assert_eq!(Stall::new().bonus(&view, moves[0], &t), 0.0);
        // Every opening move goes forward, towards the enemy's pieces.
        for &m in &moves {
            let Cell::Own(rank) = view.cell(m.from()) else {
                unreachable!()
            };
            let b = s.bonus(&view, m, &t);
            // A Scout's long move may reach the enemy's front: an attack.
            let share = if view.cell(m.to()) == Cell::Empty {
                APPROACH_SHARE
            } else {
                1.0
            };
            let expected = t.stall_max * cheapness(rank) * share;
            assert!((b - expected).abs() < 1e-9, "{m:?} {rank:?}: {b}");
        }
    }

    #[test]
    fn an_attack_on_an_unidentified_piece_gets_the_whole_push() {
        let t = Tuning::default();
        let mut view = View::new(&crate::ai::setups::template(Player::Zero, 0));
        quiet_turn(&mut view, "E3\nE\n1\n", "E6\nW\n1\n");
        let attack = view.check(&mv("E4\nE\n1\n")).unwrap();
        let Cell::Own(rank) = view.cell(attack.from()) else {
            unreachable!()
        };
        let s = stalled(10_000);
        assert_eq!(s.bonus(&view, attack, &t), t.stall_max * cheapness(rank));
        // Stepping back, away from it, gets nothing.
        let back = view.check(&mv("E4\nW\n1\n")).unwrap();
        assert_eq!(s.bonus(&view, back, &t), 0.0);
    }

    #[test]
    fn no_push_while_we_have_fewer_movers() {
        let t = Tuning {
            stall_behind: 0,
            ..Tuning::default()
        };
        let mut view = View::new(&crate::ai::setups::template(Player::Zero, 0));
        let out = view.check(&mv("E3\nE\n1\n")).unwrap();
        let Cell::Own(ours) = view.cell(out.from()) else {
            unreachable!()
        };
        view.apply_own(out, MoveResult::Nothing).unwrap();
        let s = stalled(10_000);
        let forward = |view: &View| {
            let mut l = stratego::MoveList::new();
            view.legal_moves(&mut l);
            l.iter().map(|&m| s.bonus(view, m, &t)).sum::<f64>()
        };
        // Their piece comes out: as many movers on each side, a push.
        view.apply_opponent(mv("E6\nW\n1\n"), MoveResult::Nothing)
            .unwrap();
        assert!(forward(&view) > 0.0);
        // We move another piece, to an empty square.
        let other = {
            let mut l = stratego::MoveList::new();
            view.legal_moves(&mut l);
            l.iter()
                .copied()
                .find(|m| m.from() != out.to() && view.cell(m.to()) == Cell::Empty)
                .unwrap()
        };
        view.apply_own(other, MoveResult::Nothing).unwrap();
        // It takes our piece and survives: one mover fewer, no push.
        let attacker = if ours == Rank::Marshal {
            Rank::Spy
        } else {
            Rank::Marshal
        };
        view.apply_opponent(
            mv("E5\nW\n1\n"),
            MoveResult::Battle {
                attacker,
                defender: ours,
            },
        )
        .unwrap();
        assert_eq!(forward(&view), 0.0);
        // One mover behind is allowed with `stall_behind` at 1.
        let lenient = Tuning {
            stall_behind: 1,
            ..t
        };
        let pushed: f64 = {
            let mut l = stratego::MoveList::new();
            view.legal_moves(&mut l);
            l.iter().map(|&m| s.bonus(&view, m, &lenient)).sum()
        };
        assert!(pushed > 0.0);
    }
}
