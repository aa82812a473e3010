//! Determinization: full boards drawn from the belief, with exactly the
//! counts of unidentified ranks that remain.
//!
//! Drawing each piece from its marginal independently would break the
//! counts; drawing sequentially from the remaining counts alone would ignore
//! the beliefs. Each piece's rank is drawn with weight
//! `belief(r) × remaining(r) / expected_remaining(r)`, where the expected
//! remaining demand is the sum of the beliefs of the pieces not yet drawn:
//! a rank still over-supplied is pushed onto the later pieces, one
//! exhausted is never drawn. Pieces that moved are drawn first, because only
//! they are constrained (no Bomb or Flag): that keeps every draw feasible.

use stratego::{Board, Rank, View};

use super::knowledge::Knowledge;
use crate::rng::Rng;

/// The ranks drawn for each enemy piece (by index; `None` if removed).
pub type Assignment = Vec<Option<Rank>>;

/// Draws a rank for every enemy piece on the board.
pub fn draw(view: &View, knowledge: &Knowledge, rng: &mut Rng) -> Assignment {
    let enemies = view.enemies();
    let mut out: Assignment = enemies
        .iter()
        .map(|e| if e.alive() { e.known_rank() } else { None })
        .collect();
    let mut remaining: [u32; 12] = view.unidentified_counts().map(u32::from);
    let mut moved: Vec<usize> = Vec::new();
    let mut still: Vec<usize> = Vec::new();
    for (i, e) in enemies.iter().enumerate() {
        if e.alive() && e.known_rank().is_none() {
            if e.moved {
                moved.push(i)
            } else {
                still.push(i)
            }
        }
    }
    rng.shuffle(&mut moved);
    rng.shuffle(&mut still);
    let mut demand = [0.0f64; 12];
    for &i in moved.iter().chain(&still) {
        for (d, p) in demand.iter_mut().zip(knowledge.distribution(i)) {
            *d += p;
        }
    }
    for &i in moved.iter().chain(&still) {
        let belief = knowledge.distribution(i);
        let movable_only = enemies[i].moved;
        let allowed = |k: usize| remaining[k] > 0 && (!movable_only || Rank::ALL[k].can_move());
        let mut w = [0.0f64; 12];
        for k in 0..12 {
            if allowed(k) {
                w[k] = belief[k] * f64::from(remaining[k]) / demand[k].max(1e-9);
            }
        }
        if w.iter().sum::<f64>() <= 0.0 {
            for (k, x) in w.iter_mut().enumerate() {
                if allowed(k) {
                    *x = f64::from(remaining[k]);
                }
            }
        }
        let k = pick(&w, rng).expect("a consistent view always leaves a rank to draw");
        out[i] = Some(Rank::ALL[k]);
        remaining[k] -= 1;
        for (d, p) in demand.iter_mut().zip(belief) {
            *d = (*d - p).max(0.0);
        }
    }
    out
}

/// The board with the drawn ranks.
pub fn board(view: &View, assignment: &Assignment) -> Board {
    view.determinize(|i, _| assignment[i].expect("every piece on the board has a drawn rank"))
}

/// An index drawn with probability proportional to `w`.
fn pick(w: &[f64; 12], rng: &mut Rng) -> Option<usize> {
    let total: f64 = w.iter().sum();
    if total <= 0.0 {
        return None;
    }
    let mut x = rng.unit() * total;
    let mut last = None;
    for (k, &p) in w.iter().enumerate() {
        if p > 0.0 {
            if x < p {
                return Some(k);
            }
            x -= p;
            last = Some(k);
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::quiet_turn;
    use stratego::{MoveResult, Player};

    #[test]
    fn draws_respect_counts_moves_and_beliefs() {
        let setup = crate::ai::setups::template(Player::Zero, 2);
        let mut view = View::new(&setup);
        let mut k = Knowledge::new(&view);
        let exposure = crate::ai::exposure::Exposure::new();
        // We move, they move a front piece: it can be neither Bomb nor Flag.
        let r = quiet_turn(&mut view, "E3\nE\n1\n", "F6\nW\n1\n");
        k.observe_opponent(&view, &exposure, r, MoveResult::Nothing);
        let mover = view.enemy_at("F5".parse().unwrap()).unwrap().0;
        let mut rng = Rng::new(11);
        let mut flag_at_back = 0;
        for _ in 0..400 {
            let a = draw(&view, &k, &mut rng);
            let mut counts = [0u8; 12];
            for r in a.iter().flatten() {
                counts[r.index()] += 1;
            }
            let full: [u8; 12] = std::array::from_fn(|i| Rank::ALL[i].count());
            assert_eq!(counts, full);
            assert!(a[mover].unwrap().can_move());
            let b = board(&view, &a);
            let (flag_sq, _) = b
                .pieces(Player::One)
                .find(|&(_, r)| r == Rank::Flag)
                .unwrap();
            if flag_sq.col() == 9 {
                flag_at_back += 1;
            }
        }
        assert!(
            flag_at_back > 250,
            "flag on the back column in {flag_at_back}/400 draws"
        );
    }
}
