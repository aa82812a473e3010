//! Our search: iterative-deepening alpha-beta over the turns of every
//! player. With more than two players it is paranoid: the others all play
//! against us (one coalition, so alpha-beta prunes as with two). Chance
//! nodes average the referee's draws: an escape's coin, the new relation
//! of a change. A transposition table keyed by Zobrist hashing, moves
//! ordered by the table's best move, wins, captures, then progress.

use std::time::{Duration, Instant};

use game_core::Rng;
use game_search::{Bound, Budget, Table};
use mansuba::{Action, Place, Position, Relation, Sort};

use crate::eval::{Evaluator, WIN};

/// How the AI searches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    /// Time for a move.
    pub move_time: Duration,
    /// Stop each search after this many nodes (reproducible games).
    pub max_nodes: Option<u64>,
    /// The deepest iteration.
    pub max_depth: u32,
    /// The table holds 2^bits entries.
    pub tt_bits: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            move_time: Duration::from_millis(200),
            max_nodes: None,
            max_depth: 64,
            tt_bits: 18,
        }
    }
}

/// What the last search did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Report {
    /// Depth completed (plies).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The value of the move chosen, for the mover.
    pub value: i32,
    /// Legal actions at the root.
    pub actions: usize,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: i32,
    depth: i8,
    bound: Bound,
    best: u32,
}

/// The searcher, with its table and Zobrist keys (kept from move to
/// move).
pub struct Searcher {
    settings: Settings,
    table: Table<Entry>,
    keys: Vec<u64>,
    eval: Option<Evaluator>,
    nodes: u64,
    budget: Budget,
    root: usize,
    report: Report,
}

/// An action packed in 32 bits for the table (0: none).
fn pack(a: Action) -> u32 {
    match a {
        Action::Move { from, to } => 1 | u32::from(from) << 2 | u32::from(to) << 17,
        Action::Escape { place, sort } => 2 | u32::from(place) << 2 | (sort.index() as u32) << 17,
        Action::Pass => 3,
    }
}

impl Searcher {
    /// A searcher with `settings`.
    pub fn new(settings: Settings) -> Searcher {
        Searcher {
            table: Table::new(settings.tt_bits),
            settings,
            keys: Vec::new(),
            eval: None,
            nodes: 0,
            budget: Budget::until(Instant::now(), None),
            root: 0,
            report: Report::default(),
        }
    }

    /// What the last search did.
    pub fn report(&self) -> Report {
        self.report
    }

    fn prepare(&mut self, pos: &Position) {
        let rules = pos.rules();
        if !self.eval.as_ref().is_some_and(|e| e.is_for(rules)) {
            self.eval = Some(Evaluator::new(rules.clone()));
            self.table.clear();
        }
        // Keys: per place, per seat and sort, on the board and as a
        // prisoner; then per seat to move and per relation.
        let n = rules.world().size() * 5 * Sort::ALL.len() * 2 + 5 + Relation::ALL.len();
        if self.keys.len() != n {
            let mut rng = Rng::new(0x006d_616e_7375_6261);
            self.keys = (0..n).map(|_| rng.next_u64()).collect();
        }
    }

    fn key(&self, pos: &Position) -> u64 {
        let per_place = 5 * Sort::ALL.len();
        let size = pos.rules().world().size();
        let mut k = 0;
        for seat in 0..pos.rules().players() {
            for &p in pos.pieces(seat) {
                let sort = pos.at(p).expect("a piece").sort;
                k ^= self.keys[usize::from(p) * per_place + seat * 6 + sort.index()];
            }
            for pr in pos.prisoners(seat) {
                k ^= self.keys
                    [(size + usize::from(pr.place)) * per_place + seat * 6 + pr.sort.index()];
            }
        }
        let base = size * per_place * 2;
        k ^ self.keys[base + pos.to_move()] ^ self.keys[base + 5 + pos.relation() as usize]
    }

    /// The action of the seat to move in `pos` (not over).
    pub fn choose(&mut self, pos: &Position, _rng: &mut Rng) -> Action {
        self.prepare(pos);
        self.root = pos.to_move();
        self.nodes = 0;
        let start = Instant::now();
        // Mansuba's nodes are slow (an escape averages two children): the
        // clock is read every 256 of them.
        self.budget = Budget::until(start + self.settings.move_time, self.settings.max_nodes)
            .checking_every(256);
        let mut actions = Vec::new();
        pos.legal_actions(&mut actions);
        assert!(!actions.is_empty(), "a pass at least");
        let mut best = actions[0];
        self.report = Report {
            actions: actions.len(),
            ..Report::default()
        };
        if actions.len() == 1 {
            return best;
        }
        let mut pos = pos.clone();
        for depth in 1..=self.settings.max_depth {
            let (value, action) = self.root_search(&mut pos, &mut actions, depth as i32);
            if self.budget.stopped() {
                break;
            }
            best = action;
            self.report.depth = depth;
            self.report.value = value;
            if value.abs() >= WIN - 1000 {
                break;
            }
            // The next iteration takes several times as long: do not
            // start what cannot finish.
            let spent = start.elapsed();
            if spent * 3 > self.settings.move_time {
                break;
            }
        }
        self.report.nodes = self.nodes;
        best
    }

    fn root_search(
        &mut self,
        pos: &mut Position,
        actions: &mut [Action],
        depth: i32,
    ) -> (i32, Action) {
        self.order(pos, actions, 0);
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        let mut best = actions[0];
        let mut best_i = 0;
        for (i, &a) in actions.iter().enumerate() {
            let v = self.after_action(pos, a, depth - 1, 1, alpha, beta);
            if self.budget.stopped() {
                break;
            }
            if v > alpha {
                alpha = v;
                best = a;
                best_i = i;
            }
        }
        // The best first in the next iteration.
        actions[..=best_i].rotate_right(1);
        (alpha, best)
    }

    /// The value of playing `a` in `pos`, an escape averaged over its two
    /// outcomes.
    fn after_action(
        &mut self,
        pos: &mut Position,
        a: Action,
        depth: i32,
        ply: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if matches!(a, Action::Escape { .. }) {
            let mut sum = 0;
            for escaped in [true, false] {
                let undo = pos.play_undoable(a, escaped);
                sum += self.after_play(pos, depth, ply, -WIN - 1, WIN + 1);
                pos.undo(undo);
            }
            return sum / 2;
        }
        let undo = pos.play_undoable(a, false);
        let v = self.after_play(pos, depth, ply, alpha, beta);
        pos.undo(undo);
        v
    }

    /// The value after a turn: a relation change due is averaged over its
    /// draws.
    fn after_play(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if !pos.change_due() {
            return self.search(pos, depth, ply, alpha, beta);
        }
        let choices = pos.relation_choices();
        let mut sum = 0;
        for &r in &choices {
            let old = pos.set_relation(r);
            sum += self.search(pos, depth, ply, -WIN - 1, WIN + 1);
            pos.unset_relation(old);
        }
        sum / choices.len() as i32
    }

    fn search(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: i32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if let Some(end) = pos.end() {
            return match end.winner {
                Some(w) if w == self.root => WIN - ply,
                Some(_) => -WIN + ply,
                None => 0,
            };
        }
        if depth <= 0 || self.budget.stop(self.nodes) {
            return self.eval.as_ref().expect("prepared").eval(pos, self.root);
        }
        let key = self.key(pos);
        let entry = self.table.get(key);
        let mut tt_best = 0;
        if entry.key == key {
            tt_best = entry.best;
            if i32::from(entry.depth) >= depth && entry.bound.cuts(entry.value, alpha, beta) {
                return entry.value;
            }
        }
        let mut actions = Vec::new();
        pos.legal_actions(&mut actions);
        if tt_best != 0 {
            if let Some(i) = actions.iter().position(|&a| pack(a) == tt_best) {
                actions.swap(0, i);
            }
        }
        self.order(pos, &mut actions, usize::from(tt_best != 0));
        let maximizing = pos.to_move() == self.root;
        let (a0, b0) = (alpha, beta);
        let mut best = if maximizing { -WIN - 1 } else { WIN + 1 };
        let mut best_action = actions[0];
        for &a in &actions {
            let v = self.after_action(pos, a, depth - 1, ply + 1, alpha, beta);
            if self.budget.stopped() {
                return best.clamp(-WIN, WIN);
            }
            if maximizing {
                if v > best {
                    best = v;
                    best_action = a;
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_action = a;
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let entry = Entry {
            key,
            value: best,
            depth: depth.min(127) as i8,
            bound: Bound::of(best, a0, b0),
            best: pack(best_action),
        };
        self.table.set(key, entry);
        best
    }

    /// Orders `actions[skip..]`: wins and captures first, then by the
    /// progress they make toward the mover's targets.
    fn order(&mut self, pos: &Position, actions: &mut [Action], skip: usize) {
        let seat = pos.to_move();
        let rules = pos.rules();
        let dist = crate::baseline::target_distances(pos, seat);
        let d = |p: Place| -> i32 {
            let x = dist[usize::from(p)];
            if x == mansuba::UNREACHABLE {
                100
            } else {
                i32::from(x)
            }
        };
        let score = |a: &Action| -> i32 {
            match *a {
                Action::Move { from, to } => {
                    let mut s = d(from) - d(to);
                    if matches!(rules.start_owner(to), Some(o) if o != seat) && pos.is_free(to) {
                        s += 1000;
                    }
                    if !pos.is_free(to) {
                        s += 500;
                    }
                    s
                }
                Action::Escape { .. } => 50,
                Action::Pass => -50,
            }
        };
        if actions.len() > skip {
            actions[skip..].sort_by_cached_key(|a| -score(a));
        }
    }
}
