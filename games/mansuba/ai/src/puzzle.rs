//! Achievement 7: manṣūbas — positions in which a named player can no
//! longer win — each with a certificate that [`crate::checker`] verifies
//! on its own.
//!
//! Two certificates:
//! - **distance** (no path): in a relaxation of the rules where every
//!   place is free and taken at once (every jump, slide and double step
//!   the geometry allows, under every relation the game may still have),
//!   each of the player's pieces, and each prisoner once escaped, needs
//!   more actions to reach a start place of another player than the
//!   player has turns left before the limit (infinitely many when no
//!   path exists: a tower under the hex relation keeps its row);
//! - **search**: an exhaustive search of every sequence of actions of
//!   every player, every escape's outcome and every new relation, up to
//!   the turn limit, finds no win of the player (pruned by the distance
//!   bound, positions seen once).
//!
//! The generator plays games of the seed's random players and keeps the
//! positions near the turn limit where the named player can no longer win
//! though it still has turns to play.

use std::collections::HashSet;
use std::fmt::Write as _;

use game_core::Rng;
use mansuba::{
    Action, Dirs, Kind, Piece, Place, Position, Relation, Rules, Setup, Sort, Victory,
    change_relation,
};

use crate::baseline;

/// Not reachable, in relaxed actions.
pub const NEVER: u32 = u32::MAX;

/// Per sort, the relaxed action-distance from every place to the nearest
/// start place of a seat other than `seat`, under any of `relations`.
pub fn relaxed_distances(rules: &Rules, seat: usize, relations: &[Relation]) -> Vec<Vec<u32>> {
    let n = rules.world().size();
    let targets: Vec<Place> = (0..rules.players())
        .filter(|&s| s != seat)
        .flat_map(|s| rules.start(s).iter().copied())
        .collect();
    Sort::ALL
        .iter()
        .map(|&sort| {
            let mut dist = vec![NEVER; n];
            if rules.moves(sort).is_empty() {
                return dist;
            }
            for &t in &targets {
                dist[usize::from(t)] = 0;
            }
            let succ: Vec<Vec<Place>> = (0..n as Place)
                .map(|x| relaxed_moves(rules, sort, relations, x))
                .collect();
            // Relax until nothing changes: d(x) = 1 + min d(successor).
            loop {
                let mut changed = false;
                for x in 0..n {
                    let best = succ[x]
                        .iter()
                        .map(|&y| dist[usize::from(y)])
                        .min()
                        .unwrap_or(NEVER);
                    if best != NEVER && best + 1 < dist[x] {
                        dist[x] = best + 1;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            dist
        })
        .collect()
}

/// The places a piece of `sort` on `x` could reach in one action if any
/// place could be free or taken as it needs, under any of `relations`.
fn relaxed_moves(rules: &Rules, sort: Sort, relations: &[Relation], x: Place) -> Vec<Place> {
    let mut out = Vec::new();
    for &r in relations {
        let nb = rules.neighbours(r);
        for mk in rules.moves(sort) {
            let dirs = match mk.dirs {
                Dirs::All => &mansuba::Dir::ALL[..],
                Dirs::Cardinal => &mansuba::Dir::CARDINAL[..],
                Dirs::Diagonal => &mansuba::Dir::DIAGONAL[..],
            };
            match mk.kind {
                Kind::Step => out.extend(dirs.iter().filter_map(|&d| nb.get(x, d))),
                Kind::Jump => out.extend(
                    dirs.iter()
                        .filter_map(|&d| nb.get(x, d).and_then(|m| nb.get(m, d))),
                ),
                Kind::MultiJump => {
                    let mut seen = vec![x];
                    let mut i = 0;
                    while i < seen.len() {
                        let p = seen[i];
                        i += 1;
                        for &d in dirs {
                            if let Some(y) = nb.get(p, d).and_then(|m| nb.get(m, d)) {
                                if !seen.contains(&y) {
                                    seen.push(y);
                                }
                            }
                        }
                    }
                    out.extend(&seen[1..]);
                }
                Kind::Slide => {
                    for &d in dirs {
                        let mut p = x;
                        while let Some(y) = nb.get(p, d) {
                            out.push(y);
                            p = y;
                        }
                    }
                }
                Kind::Double => {
                    for &a in dirs {
                        for &b in dirs {
                            if b == a.opposite() {
                                continue;
                            }
                            if let Some(y) = nb.get(x, a).and_then(|m| nb.get(m, b)) {
                                out.push(y);
                            }
                        }
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out.retain(|&y| y != x);
    out
}

/// The relations a game may still have: all four if it changes them, else
/// the current one.
pub fn relations_ahead(pos: &Position) -> Vec<Relation> {
    if pos.change_every() > 0 {
        Relation::ALL.to_vec()
    } else {
        vec![pos.relation()]
    }
}

/// The turns `seat` still plays before the turn limit.
pub fn actions_left(pos: &Position, seat: usize) -> u32 {
    let n = pos.rules().players();
    let left = pos.max_turns().saturating_sub(pos.turn());
    (0..left)
        .filter(|i| (pos.to_move() + *i as usize) % n == seat)
        .count() as u32
}

/// The fewest relaxed actions `seat` needs to put a piece on a start place
/// of another seat: over its pieces, and its prisoners (one action to
/// escape, then from the place of capture).
pub fn relaxed_need(pos: &Position, seat: usize, dist: &[Vec<u32>]) -> u32 {
    let on_board = pos.pieces(seat).iter().map(|&p| {
        let sort = pos.at(p).expect("a piece").sort;
        dist[sort.index()][usize::from(p)]
    });
    let prisoners = pos
        .prisoners(seat)
        .iter()
        .map(|pr| dist[pr.sort.index()][usize::from(pr.place)].saturating_add(1));
    on_board.chain(prisoners).min().unwrap_or(NEVER)
}

/// A certificate that a player can no longer win.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Certificate {
    /// The relaxed distance: `need` actions at least, `left` to play.
    Distance {
        /// Relaxed actions the player needs ([`NEVER`]: no path).
        need: u32,
        /// Actions it has left.
        left: u32,
    },
    /// The exhaustive search of the `turns` turns left found no win, over
    /// `positions` positions.
    Search {
        /// Turns searched (all the game has left).
        turns: u32,
        /// Positions searched.
        positions: u64,
    },
}

/// The exhaustive search: whether some sequence of actions (any player's,
/// any chance outcome) up to the end of the game wins it for `seat`.
/// Gives up (returns `None`) past `budget` positions.
pub fn can_still_win(pos: &Position, seat: usize, budget: u64) -> Option<(bool, u64)> {
    let dist = relaxed_distances(pos.rules(), seat, &relations_ahead(pos));
    let mut s = Exhaust {
        seat,
        dist,
        seen: HashSet::new(),
        positions: 0,
        budget,
    };
    let mut pos = pos.clone();
    let won = s.search(&mut pos)?;
    Some((won, s.positions))
}

struct Exhaust {
    seat: usize,
    dist: Vec<Vec<u32>>,
    seen: HashSet<Vec<u8>>,
    positions: u64,
    budget: u64,
}

impl Exhaust {
    fn search(&mut self, pos: &mut Position) -> Option<bool> {
        if let Some(end) = pos.end() {
            return Some(end.winner == Some(self.seat));
        }
        if relaxed_need(pos, self.seat, &self.dist) > actions_left(pos, self.seat) {
            return Some(false);
        }
        if !self.seen.insert(encode(pos)) {
            return Some(false);
        }
        self.positions += 1;
        if self.positions > self.budget {
            return None;
        }
        let mut actions = Vec::new();
        pos.legal_actions(&mut actions);
        for a in actions {
            let outcomes: &[bool] = if matches!(a, Action::Escape { .. }) {
                &[true, false]
            } else {
                &[false]
            };
            for &escaped in outcomes {
                let undo = pos.play_undoable(a, escaped);
                let won = if pos.change_due() {
                    let mut any = false;
                    for r in pos.relation_choices() {
                        let old = pos.set_relation(r);
                        let w = self.search(pos);
                        pos.unset_relation(old);
                        if w? {
                            any = true;
                            break;
                        }
                    }
                    any
                } else {
                    self.search(pos)?
                };
                pos.undo(undo);
                if won {
                    return Some(true);
                }
            }
        }
        Some(false)
    }
}

/// A position as bytes, for the set of positions seen.
fn encode(pos: &Position) -> Vec<u8> {
    let mut v: Vec<u8> = pos
        .board()
        .iter()
        .map(|c| c.map_or(0, |p| 1 + p.seat * 8 + p.sort.index() as u8))
        .collect();
    for seat in 0..pos.rules().players() {
        let mut prs: Vec<(Place, usize)> = pos
            .prisoners(seat)
            .iter()
            .map(|pr| (pr.place, pr.sort.index()))
            .collect();
        prs.sort_unstable();
        v.push(0xff);
        for (p, s) in prs {
            v.extend(p.to_le_bytes());
            v.push(s as u8);
        }
    }
    v.extend(pos.turn().to_le_bytes());
    v.push(pos.to_move() as u8);
    v.push(pos.relation() as u8);
    v
}

/// The certificate that `seat` can no longer win in `pos`, if one is
/// found: the distance first, else the search (within `budget`
/// positions).
pub fn certify(pos: &Position, seat: usize, budget: u64) -> Option<Certificate> {
    if pos.end().is_some() || pos.max_turns() == 0 && pos.change_every() > 0 {
        return None;
    }
    let dist = relaxed_distances(pos.rules(), seat, &relations_ahead(pos));
    let need = relaxed_need(pos, seat, &dist);
    let left = if pos.max_turns() == 0 {
        NEVER - 1
    } else {
        actions_left(pos, seat)
    };
    if need > left {
        return Some(Certificate::Distance { need, left });
    }
    if pos.max_turns() == 0 {
        return None;
    }
    match can_still_win(pos, seat, budget) {
        Some((false, positions)) => Some(Certificate::Search {
            turns: pos.max_turns() - pos.turn(),
            positions,
        }),
        _ => None,
    }
}

/// A puzzle: a position, the player that can no longer win, the proof.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The position.
    pub position: Position,
    /// The player.
    pub seat: usize,
    /// The certificate.
    pub certificate: Certificate,
    /// The game's seed it came from.
    pub seed: u64,
}

/// Plays games of the seed's random players (game `i` from seed `seed +
/// i`) and keeps, in each, the earliest position among the last
/// `window` turns where `seat` can no longer win though it has a turn
/// left, until `count` puzzles are found or `games` games are played.
pub fn generate(
    setup: &Setup,
    seat: usize,
    seed: u64,
    count: usize,
    games: u64,
    window: u32,
    budget: u64,
) -> Vec<Puzzle> {
    let mut found = Vec::new();
    let mut scratch = Vec::new();
    for g in 0..games {
        if found.len() >= count {
            break;
        }
        let game_seed = seed.wrapping_add(g);
        let mut rng = Rng::new(game_seed);
        let mut pos = setup.start(&mut rng);
        let mut players = Rng::new(game_seed ^ 0x7075_7a7a_6c65);
        while pos.end().is_none() {
            let near_end = pos.max_turns() > 0 && pos.max_turns() - pos.turn() <= window;
            if near_end && actions_left(&pos, seat) > 0 {
                if let Some(certificate) = certify(&pos, seat, budget) {
                    found.push(Puzzle {
                        position: pos.clone(),
                        seat,
                        certificate,
                        seed: game_seed,
                    });
                    break;
                }
            }
            let a = baseline::random(&pos, &mut players, &mut scratch);
            let escaped = matches!(a, Action::Escape { .. }) && rng.coin();
            pos.play(a, escaped);
            if pos.change_due() {
                change_relation(&mut pos, &mut rng);
            }
        }
    }
    found
}

impl Puzzle {
    /// The puzzle as text (`docs/games/mansuba.md`, "Puzzles"), read back
    /// by [`crate::checker`].
    pub fn to_text(&self, number: usize) -> String {
        let pos = &self.position;
        let rules = pos.rules();
        let world = rules.world();
        let mut s = String::new();
        let _ = writeln!(
            s,
            "# puzzle {number}: player {} can no longer win (from the game of seed {}, turn {})",
            self.seat,
            self.seed,
            pos.turn()
        );
        s.push_str("puzzle\n");
        let _ = writeln!(s, "world {} {}", world.width(), world.height());
        let _ = writeln!(s, "players {}", rules.players());
        let _ = writeln!(s, "relation {}", pos.relation());
        let _ = writeln!(
            s,
            "relation-change {}",
            if pos.change_every() > 0 { "on" } else { "off" }
        );
        let _ = writeln!(
            s,
            "victory {}",
            match rules.victory() {
                Victory::Simple => "simple",
                Victory::Complex => "complex",
            }
        );
        let _ = writeln!(
            s,
            "captures {}",
            if rules.captures() { "on" } else { "off" }
        );
        let _ = writeln!(s, "turn {} {}", pos.turn(), pos.max_turns());
        let _ = writeln!(s, "to-move {}", pos.to_move());
        for def in rules.sorts() {
            let _ = writeln!(s, "sort {def}");
        }
        for seat in 0..rules.players() {
            let places: Vec<String> = rules.start(seat).iter().map(|p| p.to_string()).collect();
            let _ = writeln!(s, "start {seat} {}", places.join(" "));
        }
        for row in 0..i32::from(world.height()) {
            let cells: Vec<String> = (0..i32::from(world.width()))
                .map(|c| {
                    let p = world.place(row, c).expect("inside");
                    pos.at(p).map_or(".".to_owned(), |q: Piece| {
                        format!("{}{}", q.sort.letter(), q.seat)
                    })
                })
                .collect();
            let _ = writeln!(s, "row {}", cells.join(" "));
        }
        for seat in 0..rules.players() {
            for pr in pos.prisoners(seat) {
                let _ = writeln!(s, "prisoner {seat} {} {}", pr.place, pr.sort.letter());
            }
        }
        let _ = writeln!(s, "loser {}", self.seat);
        let _ = match self.certificate {
            Certificate::Distance { need, left } => writeln!(
                s,
                "certificate distance {} {left}",
                if need == NEVER {
                    "never".to_owned()
                } else {
                    need.to_string()
                }
            ),
            Certificate::Search { turns, positions } => {
                writeln!(s, "certificate search {turns} {positions}")
            }
        };
        s.push_str("end\n");
        s
    }
}
