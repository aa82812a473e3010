//! Answering a rampage: an identified enemy piece that keeps taking our
//! pieces draws the nearest piece of ours that beats or ties it, by a
//! bonus on the root moves that bring that piece closer and on the attack.
//!
//! Why: celsius sends its identified Colonel or General along our unmoved
//! front row or an edge file, and in 7 of the 10 games lost or drawn to it
//! over 200 one took 3 to 6 of our pieces in a row while
//! an unmoved Colonel, General or Marshal of ours stood 1 to 3 squares off
//! and never engaged (vixen's Colonels do the same, in games we win
//! anyway). The search sees one capture ahead: it moves the threatened
//! piece aside, and below the root the opponent knows every rank, so it
//! steps away from the piece coming for it and the approach looks
//! worthless. The real opponent does not know which of our pieces stops
//! it, and walks on. The root bonus stands for what the search cannot
//! see: the capture, or the trade of like for like, that ends the
//! rampage. [`Tuning::rampage`] sets it (0: off: against celsius it gained
//! nothing measurable, `docs/experiments/2026-11-28-threat-and-rampage.md`).

use stratego::bits::{Bits, LAKES};
use stratego::{Cell, Fight, Move, MoveResult, Rank, UncheckedMove, View, fight};

use super::geometry::{nearest, ring, spread};
use super::tuning::Tuning;
use super::values;

/// Plies (both sides') a capture counts towards a rampage.
const WINDOW: u32 = 16;

/// Captures by one enemy piece within [`WINDOW`] that make a rampage.
const CAPTURES: usize = 2;

/// Farthest (Manhattan squares) one of our pieces is drawn from: a piece
/// farther away arrives after the rampage is over.
const REACH: usize = 6;

/// Share of the pull for a quiet move that brings the answering piece a
/// square closer (an attack on the rampaging piece gets all of it).
const APPROACH_SHARE: f64 = 0.5;

/// Share of the pull for a quiet move of another piece of ours out of the
/// answering piece's way (see [`blockers`]).
const CLEAR_SHARE: f64 = 0.25;

/// The recent captures of enemy pieces, counted from the moves observed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rampages {
    /// Moves observed, both sides'.
    ply: u32,
    /// Which enemy piece (index into [`View::enemies`]) took one of our
    /// pieces at which ply, oldest first, within [`WINDOW`].
    captures: Vec<(usize, u32)>,
}

impl Rampages {
    /// At the start of a game: nothing taken.
    pub fn new() -> Rampages {
        Rampages::default()
    }

    /// Counts our move `mv` and its `result`; `view` is after the move.
    /// An attack of ours that the defender won is one more piece it took.
    pub fn observe_own(&mut self, view: &View, mv: Move, result: MoveResult) {
        self.ply += 1;
        if let MoveResult::Battle { attacker, defender } = result
            && fight(attacker, defender) == Fight::DefenderWins
            && let Some((i, _)) = view.enemy_at(mv.to())
        {
            self.captures.push((i, self.ply));
        }
        self.forget();
    }

    /// Counts the opponent's move `m` and its `result`; `view` is after
    /// the move.
    pub fn observe_opponent(&mut self, view: &View, m: UncheckedMove, result: MoveResult) {
        self.ply += 1;
        if let MoveResult::Battle { attacker, defender } = result
            && fight(attacker, defender) == Fight::AttackerWins
            && let Some(to) = m.from.step(m.dir, m.distance)
            && let Some((i, _)) = view.enemy_at(to)
        {
            self.captures.push((i, self.ply));
        }
        self.forget();
    }

    fn forget(&mut self) {
        let since = self.ply.saturating_sub(WINDOW);
        self.captures.retain(|&(_, at)| at > since);
    }

    /// The enemy pieces on a rampage in `view` and the pull on each, by
    /// `tuning`: none when [`Tuning::rampage`] is 0.
    pub fn answer(&self, view: &View, tuning: &Tuning) -> Answer {
        let mut targets = Vec::new();
        if tuning.rampage <= 0 {
            return Answer { targets };
        }
        let mut seen: Vec<usize> = Vec::new();
        for &(i, _) in &self.captures {
            if seen.contains(&i) {
                continue;
            }
            seen.push(i);
            let n = self.captures.iter().filter(|&&(j, _)| j == i).count();
            let e = &view.enemies()[i];
            let (Some(sq), Some(rank)) = (e.square, e.known_rank()) else {
                continue;
            };
            if n < CAPTURES || !rank.can_move() {
                continue;
            }
            let answerers = view
                .own_pieces()
                .filter(|&(_, r)| answers(r, rank))
                .fold(0 as Bits, |acc, (s, _)| acc | s.bit());
            let Some(d) = nearest(sq.index(), answerers) else {
                continue;
            };
            if d > REACH {
                continue;
            }
            targets.push(Target {
                square: sq.index(),
                rank,
                nearest: d,
                blockers: blockers(view, sq.index(), d, answerers & ring(sq.index(), d)),
                pull: f64::from(tuning.rampage) / 100.0 * f64::from(values::base(rank)),
            });
        }
        Answer { targets }
    }
}

/// The pieces of ours standing in the way of our nearest answering pieces
/// (on `nearest`, `d` squares off) towards `target`: on the squares next to them that are
/// closer to it, when none of those squares is free (nothing then if one
/// is: the answering piece can step there itself).
///
/// celsius's Colonel took six of our pieces in one game while our
/// Colonel, three squares off, had both its squares towards it taken by
/// our own Captains: no step of its own brought it closer.
fn blockers(view: &View, target: usize, d: usize, nearest: Bits) -> Bits {
    let own = view.own_squares();
    let toward = ring(target, d - 1);
    // The answering pieces are on ring `d`, so of their squares and
    // neighbours only the neighbours one ring in are left.
    let closer = spread(nearest) & toward;
    let free = closer & !own & !LAKES & !view.enemy_squares();
    if free != 0 {
        0
    } else {
        closer & own & !nearest
    }
}

/// Whether our piece of rank `ours` attacking `theirs` stops it: it wins,
/// or both go.
fn answers(ours: Rank, theirs: Rank) -> bool {
    ours.can_move() && fight(ours, theirs) != Fight::DefenderWins
}

/// One rampaging enemy piece.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Target {
    square: usize,
    rank: Rank,
    /// Distance of our nearest piece that answers it.
    nearest: usize,
    /// Our pieces in that piece's way (see [`blockers`]).
    blockers: Bits,
    /// The bonus of an attack on it, in root-value units.
    pull: f64,
}

/// The rampages of one position, shared by its root moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    targets: Vec<Target>,
}

impl Answer {
    /// Whether nothing is on a rampage.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The bonus of our move `mv` in `view`: for each rampaging piece, the
    /// whole pull for an attack on it by a piece that beats or ties it,
    /// [`APPROACH_SHARE`] of it for a quiet move of one of our nearest
    /// such pieces that brings it closer, and [`CLEAR_SHARE`] for a quiet
    /// move of another piece out of such a piece's way; otherwise 0.
    pub fn bonus(&self, view: &View, mv: Move) -> f64 {
        let Cell::Own(ours) = view.cell(mv.from()) else {
            return 0.0;
        };
        let (from, to) = (mv.from().index(), mv.to().index());
        let quiet = view.cell(mv.to()) == Cell::Empty;
        let mut bonus = 0.0;
        for t in &self.targets {
            if !answers(ours, t.rank) {
                if quiet && t.blockers & mv.from().bit() != 0 {
                    bonus += t.pull * CLEAR_SHARE;
                }
                continue;
            }
            // A step changes the distance by one: closer is one ring in.
            let bit = 1u128 << t.square;
            if to == t.square {
                bonus += t.pull;
            } else if quiet
                && ring(from, t.nearest) & bit != 0
                && ring(to, t.nearest - 1) & bit != 0
            {
                bonus += t.pull * APPROACH_SHARE;
            }
        }
        bonus
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{bits, mv, position, sq};
    use stratego::Player;

    /// Our view (player 0's) of the board of `pieces` (as [`position`]
    /// reads them), the enemy pieces on `revealed` identified (and moved),
    /// `to_move` to play.
    fn view(pieces: &str, revealed: &[&str], to_move: Player) -> View {
        let shown = bits(revealed);
        View::from_board(&position(pieces), Player::Zero, to_move, shown, shown)
    }

    fn tuned() -> Tuning {
        Tuning {
            rampage: 100,
            ..Tuning::default()
        }
    }

    /// Their Colonel (identified at E4) takes our Sergeant at E3, then,
    /// after a move of ours, our Lieutenant at F3.
    fn rampage() -> (Rampages, View) {
        let mut v = view(
            "Flag A0, Sergeant E3, Lieutenant F3, Captain G2, General H3, Colonel B1, Scout J0 \
             / Flag A9, Colonel E4, Scout J9",
            &["E4"],
            Player::One,
        );
        let mut r = Rampages::new();
        let hit = |at: Rank| MoveResult::Battle {
            attacker: Rank::Colonel,
            defender: at,
        };
        let m = mv("E4\nW\n1\n");
        v.apply_opponent(m, hit(Rank::Sergeant)).unwrap();
        r.observe_opponent(&v, m, hit(Rank::Sergeant));
        let ours = v.check(&mv("J0\nE\n1\n")).unwrap();
        v.apply_own(ours, MoveResult::Nothing).unwrap();
        r.observe_own(&v, ours, MoveResult::Nothing);
        let m = mv("E3\nS\n1\n");
        v.apply_opponent(m, hit(Rank::Lieutenant)).unwrap();
        r.observe_opponent(&v, m, hit(Rank::Lieutenant));
        (r, v)
    }

    fn own(v: &View, text: &str) -> Move {
        v.check(&mv(text)).unwrap()
    }

    #[test]
    fn the_nearest_piece_that_beats_a_rampaging_piece_is_drawn_to_it() {
        let (r, v) = rampage();
        let a = r.answer(&v, &tuned());
        assert!(!a.is_empty());
        let pull = f64::from(values::base(Rank::Colonel));
        // Our General at H3, two squares from their Colonel at F3, steps
        // closer: half the pull; stepping away or aside gets nothing.
        assert_eq!(a.bonus(&v, own(&v, "H3\nN\n1\n")), pull * APPROACH_SHARE);
        assert_eq!(a.bonus(&v, own(&v, "H3\nS\n1\n")), 0.0);
        assert_eq!(a.bonus(&v, own(&v, "H3\nW\n1\n")), 0.0);
        // Our Captain at G2, which it beats, is not drawn.
        assert_eq!(a.bonus(&v, own(&v, "G2\nN\n1\n")), 0.0);
        // Our Colonel at B1 would tie it, but stands farther than the
        // General: not drawn.
        assert_eq!(a.bonus(&v, own(&v, "B1\nS\n1\n")), 0.0);
        // Off by default.
        assert!(r.answer(&v, &Tuning::default()).is_empty());
    }

    #[test]
    fn the_attack_on_it_gets_the_whole_pull_and_a_tie_counts() {
        let (mut r, mut v) = rampage();
        let pull = f64::from(values::base(Rank::Colonel));
        let ours = own(&v, "H3\nN\n1\n");
        v.apply_own(ours, MoveResult::Nothing).unwrap();
        r.observe_own(&v, ours, MoveResult::Nothing);
        let theirs = mv("J9\nW\n1\n");
        v.apply_opponent(theirs, MoveResult::Nothing).unwrap();
        r.observe_opponent(&v, theirs, MoveResult::Nothing);
        let a = r.answer(&v, &tuned());
        assert_eq!(a.bonus(&v, own(&v, "G3\nN\n1\n")), pull);
        // A rampage where our Colonel is next to it and nothing of ours
        // beats it: the trade is pulled as well.
        let v = view(
            "Flag A0, Colonel F2, Scout J0 / Flag A9, Colonel F3",
            &["F3"],
            Player::Zero,
        );
        let a = on_rampage(&v, "F3").answer(&v, &tuned());
        assert_eq!(a.bonus(&v, own(&v, "F2\nE\n1\n")), pull);
    }

    #[test]
    fn one_capture_is_no_rampage_and_old_ones_are_forgotten() {
        let (mut r, mut v) = rampage();
        // The first capture alone.
        let mut first = r.clone();
        first.captures.truncate(1);
        assert!(first.answer(&v, &tuned()).is_empty());
        // WINDOW quiet plies later, both are forgotten.
        let mut to_move_ours = true;
        for _ in 0..WINDOW {
            if to_move_ours {
                let m = if v.cell(sq("J1")) == Cell::Empty {
                    own(&v, "J0\nE\n1\n")
                } else {
                    own(&v, "J1\nW\n1\n")
                };
                v.apply_own(m, MoveResult::Nothing).unwrap();
                r.observe_own(&v, m, MoveResult::Nothing);
            } else {
                let m = if v.cell(sq("J8")) == Cell::Empty {
                    mv("J9\nW\n1\n")
                } else {
                    mv("J8\nE\n1\n")
                };
                v.apply_opponent(m, MoveResult::Nothing).unwrap();
                r.observe_opponent(&v, m, MoveResult::Nothing);
            }
            to_move_ours = !to_move_ours;
        }
        assert!(r.answer(&v, &tuned()).is_empty());
    }

    /// Their identified Colonel at I9 has taken two of ours; our Colonel
    /// at H7, three squares off, with our Captains on `blocking`.
    fn boxed_in(blocking: &[&str]) -> (Rampages, View) {
        let captains: String = blocking.iter().map(|s| format!(", Captain {s}")).collect();
        let v = view(
            &format!("Flag A0, Colonel H7, Scout A3{captains} / Flag A9, Colonel I9"),
            &["I9"],
            Player::Zero,
        );
        (on_rampage(&v, "I9"), v)
    }

    /// The enemy piece on `at` took one of ours at plies 1 and 3.
    fn on_rampage(v: &View, at: &str) -> Rampages {
        let i = v.enemy_at(sq(at)).unwrap().0;
        Rampages {
            ply: 4,
            captures: vec![(i, 1), (i, 3)],
        }
    }

    #[test]
    fn pieces_in_the_answering_piece_s_way_are_moved_out_of_it() {
        let pull = f64::from(values::base(Rank::Colonel));
        let (r, v) = boxed_in(&["I7", "H8"]);
        let a = r.answer(&v, &tuned());
        // Both squares towards I9 are ours: our Colonel cannot step closer.
        assert_eq!(a.bonus(&v, own(&v, "H7\nN\n1\n")), 0.0);
        assert_eq!(a.bonus(&v, own(&v, "I7\nS\n1\n")), pull * CLEAR_SHARE);
        assert_eq!(a.bonus(&v, own(&v, "H8\nN\n1\n")), pull * CLEAR_SHARE);
        // A piece elsewhere gets nothing.
        assert_eq!(a.bonus(&v, own(&v, "A3\nS\n1\n")), 0.0);
        // With H8 free, the Colonel steps there itself and the Captain at
        // I7 is left where it is.
        let (r, v) = boxed_in(&["I7"]);
        let a = r.answer(&v, &tuned());
        assert_eq!(a.bonus(&v, own(&v, "H7\nE\n1\n")), pull * APPROACH_SHARE);
        assert_eq!(a.bonus(&v, own(&v, "I7\nS\n1\n")), 0.0);
    }

    #[test]
    fn a_piece_that_took_ours_when_we_attacked_it_is_counted() {
        let mut v = view(
            "Flag A0, Miner F2, Sergeant E3, General H3 / Flag A9, Colonel F3, Scout J9",
            &[],
            Player::Zero,
        );
        let mut r = Rampages::new();
        let lost = |ours: Rank| MoveResult::Battle {
            attacker: ours,
            defender: Rank::Colonel,
        };
        let m = own(&v, "F2\nE\n1\n");
        v.apply_own(m, lost(Rank::Miner)).unwrap();
        r.observe_own(&v, m, lost(Rank::Miner));
        let theirs = mv("J9\nW\n1\n");
        v.apply_opponent(theirs, MoveResult::Nothing).unwrap();
        r.observe_opponent(&v, theirs, MoveResult::Nothing);
        let m = own(&v, "E3\nS\n1\n");
        v.apply_own(m, lost(Rank::Sergeant)).unwrap();
        r.observe_own(&v, m, lost(Rank::Sergeant));
        let a = r.answer(&v, &tuned());
        assert_eq!(
            a.bonus(&v, own(&v, "H3\nN\n1\n")),
            f64::from(values::base(Rank::Colonel)) * APPROACH_SHARE
        );
    }
}
