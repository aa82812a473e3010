//! The evaluation of a position for the search: a race. Each player needs
//! a piece on a free start place of another (simple victory) or every
//! start place of one other covered (complex); its distance to that goal,
//! in simple moves under the relation now, against its opponents'.

use std::sync::Arc;

use mansuba::{Place, Position, Relation, Rules, UNREACHABLE, Victory};

/// A won game's value (less the plies it takes, so that quicker wins
/// score higher).
pub const WIN: i32 = 1_000_000;

/// Distances the evaluation reuses while the rules stay the same.
pub struct Evaluator {
    rules: Arc<Rules>,
    /// Per relation, per seat: the distance of each place to the nearest
    /// start place of another seat, free or not.
    to_any: Vec<Vec<Vec<u16>>>,
    /// Per relation, per seat, per start place of that seat (in order):
    /// the distance of each place to it (the complex victory).
    to_each: Vec<Vec<Vec<Vec<u16>>>>,
}

/// Cost of a distance that is not finite.
const FAR: i32 = 200;

impl Evaluator {
    /// The tables for `rules`.
    pub fn new(rules: Arc<Rules>) -> Evaluator {
        let players = rules.players();
        let to_any = Relation::ALL
            .iter()
            .map(|&r| {
                let nb = rules.neighbours(r);
                (0..players)
                    .map(|seat| {
                        nb.distances(
                            (0..players)
                                .filter(|&s| s != seat)
                                .flat_map(|s| rules.start(s).iter().copied()),
                        )
                    })
                    .collect()
            })
            .collect();
        let to_each = if rules.victory() == Victory::Complex {
            Relation::ALL
                .iter()
                .map(|&r| {
                    let nb = rules.neighbours(r);
                    (0..players)
                        .map(|seat| {
                            rules
                                .start(seat)
                                .iter()
                                .map(|&t| nb.distances([t]))
                                .collect()
                        })
                        .collect()
                })
                .collect()
        } else {
            Vec::new()
        };
        Evaluator {
            rules,
            to_any,
            to_each,
        }
    }

    /// Whether these tables are for `rules`.
    pub fn is_for(&self, rules: &Arc<Rules>) -> bool {
        Arc::ptr_eq(&self.rules, rules)
    }

    /// How far `seat` is from winning, in simple moves (lower is better),
    /// scaled by 16; and how developed its pieces are.
    fn progress(&self, pos: &Position, seat: usize) -> i32 {
        match self.rules.victory() {
            Victory::Simple => self.simple(pos, seat),
            Victory::Complex => self.complex(pos, seat),
        }
    }

    fn simple(&self, pos: &Position, seat: usize) -> i32 {
        let rules = &self.rules;
        let any = &self.to_any[pos.relation() as usize][seat];
        let free = pos.neighbours().distances(
            (0..rules.players())
                .filter(|&s| s != seat)
                .flat_map(|s| rules.start(s).iter().copied())
                .filter(|&p| pos.is_free(p)),
        );
        // A target still taken must first be left: worth a few moves.
        let cost = |p: Place| -> i32 {
            let f = free[usize::from(p)];
            let a = any[usize::from(p)];
            let via_any = if a == UNREACHABLE {
                FAR
            } else {
                i32::from(a) + 4
            };
            if f == UNREACHABLE {
                via_any
            } else {
                i32::from(f).min(via_any)
            }
        };
        let (mut m1, mut m2, mut sum) = (FAR, FAR, 0);
        for &p in pos.pieces(seat) {
            let c = cost(p);
            sum += c.min(FAR);
            if c < m1 {
                m2 = m1;
                m1 = c;
            } else if c < m2 {
                m2 = c;
            }
        }
        let n = pos.pieces(seat).len().max(1) as i32;
        // Prisoners are far from anywhere.
        let prisoners = pos.prisoners(seat).len() as i32;
        -(48 * m1 + 12 * m2 + (4 * sum) / n + 24 * prisoners)
    }

    fn complex(&self, pos: &Position, seat: usize) -> i32 {
        let rel = pos.relation() as usize;
        let mine = pos.pieces(seat);
        let mut best = i32::MIN;
        let mut pairs: Vec<(i32, usize, usize)> = Vec::new();
        for other in (0..self.rules.players()).filter(|&s| s != seat) {
            // Our pieces matched to the start places of `other`, nearest
            // pairs first, each piece and place once (a greedy
            // assignment); a place still held by `other` costs a few
            // moves more, one no piece of ours is left for, far.
            let places = self.rules.start(other);
            pairs.clear();
            for (i, _) in places.iter().enumerate() {
                let d = &self.to_each[rel][other][i];
                for (j, &p) in mine.iter().enumerate() {
                    let x = d[usize::from(p)];
                    let x = if x == UNREACHABLE { FAR } else { i32::from(x) };
                    pairs.push((x, i, j));
                }
            }
            pairs.sort_unstable();
            let mut place_done = vec![false; places.len()];
            let mut piece_done = vec![false; mine.len()];
            let mut cost = 0;
            let mut matched = 0;
            for &(x, i, j) in pairs.iter() {
                if place_done[i] || piece_done[j] {
                    continue;
                }
                place_done[i] = true;
                piece_done[j] = true;
                matched += 1;
                let t = places[i];
                let taken = matches!(pos.at(t), Some(q) if usize::from(q.seat) != seat);
                cost += x + 3 * i32::from(taken);
            }
            cost += FAR * (places.len() - matched) as i32;
            best = best.max(-16 * cost);
        }
        best - 24 * pos.prisoners(seat).len() as i32
    }

    /// The value of `pos` for `me`: its progress against that of its best
    /// opponent (they are all against it), and a tempo for the seat to
    /// move.
    pub fn eval(&self, pos: &Position, me: usize) -> i32 {
        let mut theirs = i32::MIN;
        let mut mine = 0;
        for seat in 0..self.rules.players() {
            let mut p = self.progress(pos, seat);
            if seat == pos.to_move() {
                p += 24;
            }
            if seat == me {
                mine = p;
            } else {
                theirs = theirs.max(p);
            }
        }
        mine - theirs
    }
}
