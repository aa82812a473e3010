//! A game in progress: the pawns, their momentum, the objectives each has
//! visited, the walls; moves checked and played; the end.

use std::sync::Arc;

use crate::board::{Board, Vertex};
use crate::colour::Colour;
use crate::dir::{Dir, max_steps};
use crate::error::IllegalMove;
use crate::layout::Layout;
use crate::moves::{Edge, Move, Step, UncheckedMove, Wall};

/// What a move led to: the mover's result letter, shared by the
/// session games (`N`, `W`, `D`).
pub use game_core::session::Outcome;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// A player ended a move on its start with every objective visited.
    TourCompleted,
    /// The turn limit was reached.
    TurnLimit,
}

impl EndReason {
    /// The stable name in the verdict.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::TourCompleted => "tour_completed",
            EndReason::TurnLimit => "turn_limit",
        }
    }

    /// In words.
    pub const fn words(self) -> &'static str {
        match self {
            EndReason::TourCompleted => {
                "a player came back to its start with every objective visited"
            }
            EndReason::TurnLimit => "the turn limit was reached",
        }
    }
}

/// The end of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct End {
    /// The winner; `None` for a draw.
    pub winner: Option<Colour>,
    /// Why.
    pub reason: EndReason,
}

/// A position: everything the rules need to check and play the next move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    layout: Arc<Layout>,
    pawns: [Vertex; 2],
    last: [Option<Dir>; 2],
    visited: [u8; 2],
    walls_left: [u32; 2],
    /// Per vertex, bit `d.index()` set when its edge in direction `d` is
    /// walled.
    walled: Vec<u8>,
    walls: Vec<Wall>,
    to_move: Colour,
    plies: u32,
    max_plies: u32,
    end: Option<End>,
}

impl Position {
    /// The start of a game on `layout`: black on its start, white on its
    /// own, black to move, each with its walls. `max_plies` moves (of
    /// either player) draw the game; 0 for no limit.
    pub fn new(layout: Arc<Layout>, max_plies: u32) -> Position {
        let walls = layout.walls_per_player();
        let n = layout.board().vertices();
        Position {
            pawns: [layout.start(Colour::Black), layout.start(Colour::White)],
            last: [None; 2],
            visited: [0; 2],
            walls_left: [walls; 2],
            walled: vec![0; n],
            walls: Vec::new(),
            to_move: Colour::Black,
            plies: 0,
            max_plies,
            end: None,
            layout,
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// The board.
    pub fn board(&self) -> &Board {
        self.layout.board()
    }

    /// Where `c`'s pawn stands.
    pub fn pawn(&self, c: Colour) -> Vertex {
        self.pawns[c.index()]
    }

    /// The direction of `c`'s last unit step (`None` before its first
    /// move).
    pub fn last_dir(&self, c: Colour) -> Option<Dir> {
        self.last[c.index()]
    }

    /// The objectives `c` has visited, as bits of the layout.
    pub fn visited(&self, c: Colour) -> u8 {
        self.visited[c.index()]
    }

    /// The walls `c` has left.
    pub fn walls_left(&self, c: Colour) -> u32 {
        self.walls_left[c.index()]
    }

    /// The walls placed, in order.
    pub fn walls(&self) -> &[Wall] {
        &self.walls
    }

    /// The player to move.
    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Moves played.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The turn limit (0: none).
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// The end of the game, if it is over.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Whether the edge from `v` in direction `d` is walled.
    #[inline]
    pub fn is_walled(&self, v: Vertex, d: Dir) -> bool {
        self.walled[usize::from(v)] & (1 << d.index()) != 0
    }

    /// The walled directions of `v`, as bits `1 << d.index()`.
    #[inline]
    pub fn walled_bits(&self, v: Vertex) -> u8 {
        self.walled[usize::from(v)]
    }

    /// The neighbour of `v` in direction `d` through an edge that is not
    /// walled.
    #[inline]
    pub fn live(&self, v: Vertex, d: Dir) -> Option<Vertex> {
        if self.is_walled(v, d) {
            None
        } else {
            self.board().neighbour(v, d)
        }
    }

    /// Checks a reply against the position: a legal move, or what is
    /// wrong with it.
    pub fn check(&self, mv: &UncheckedMove) -> Result<Move, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        match *mv {
            UncheckedMove::Step(to) => self.check_step(to).map(Move::Step),
            UncheckedMove::Wall(edges) => self.check_wall(edges).map(Move::Wall),
        }
    }

    fn check_step(&self, to: u32) -> Result<Step, IllegalMove> {
        let board = self.board();
        if !board.contains(to) {
            return Err(IllegalMove::NotAVertex {
                vertex: to,
                vertices: board.vertices(),
            });
        }
        let to = to as Vertex;
        let me = self.to_move;
        let from = self.pawns[me.index()];
        let opp = self.pawns[me.other().index()];
        if to == from {
            return Err(IllegalMove::StaysPut(from));
        }
        // In line with the pawn, whatever the walls?
        let line = Dir::ALL.into_iter().find_map(|d| {
            let mut cur = from;
            for k in 1..=3 {
                cur = board.neighbour(cur, d)?;
                if cur == to {
                    return Some((d, k));
                }
            }
            None
        });
        let straight = line.map(|(d, k)| self.straight(from, d, k, to, opp));
        if let Some(Ok(s)) = straight {
            return Ok(s);
        }
        let jump = self.jump(from, opp, to);
        if let Some(Ok(j)) = jump {
            return Ok(j);
        }
        match (straight, jump) {
            // The opponent is next to us and the destination next to it: a
            // jump was meant, and its reason says more.
            (_, Some(Err(e))) | (Some(Err(e)), None) => Err(e),
            _ => Err(IllegalMove::NotReachable {
                from,
                to,
                opponent: opp,
            }),
        }
    }

    /// The straight move of `k` steps in direction `d`.
    fn straight(
        &self,
        from: Vertex,
        d: Dir,
        k: u32,
        to: Vertex,
        opp: Vertex,
    ) -> Result<Step, IllegalMove> {
        let last = self.last[self.to_move.index()];
        let allowed = max_steps(last, d);
        if k > allowed {
            return Err(IllegalMove::TooFar {
                from,
                to,
                dir: d,
                steps: k,
                last,
                allowed,
            });
        }
        let mut cur = from;
        let mut visits = 0;
        for _ in 0..k {
            let next = self.board().neighbour(cur, d).expect("on the line");
            if self.is_walled(cur, d) {
                return Err(IllegalMove::WalledPath {
                    from,
                    to,
                    a: cur,
                    b: next,
                });
            }
            if next == opp {
                return Err(IllegalMove::Occupied { to, at: opp });
            }
            visits |= self.layout.objective_bit(next);
            cur = next;
        }
        Ok(Step {
            from,
            to,
            dir: d,
            len: k as u8,
            over: None,
            visits,
        })
    }

    /// The jump from `from` over the opponent on `opp` to `to`, if the
    /// three are placed for one (`None` otherwise).
    fn jump(&self, from: Vertex, opp: Vertex, to: Vertex) -> Option<Result<Step, IllegalMove>> {
        let board = self.board();
        let d1 = board.direction(from, opp)?;
        let d2 = board.direction(opp, to)?;
        let walled = if self.is_walled(from, d1) {
            Some((from, opp))
        } else if self.is_walled(opp, d2) {
            Some((opp, to))
        } else {
            None
        };
        Some(match walled {
            Some((a, b)) => Err(IllegalMove::WalledJump {
                from,
                over: opp,
                to,
                a,
                b,
            }),
            None => Ok(self.jump_step(from, opp, to, d2)),
        })
    }

    /// The jump from `from` over `opp` to `to`, in direction `d` from `opp`.
    fn jump_step(&self, from: Vertex, opp: Vertex, to: Vertex, d: Dir) -> Step {
        Step {
            from,
            to,
            dir: d,
            len: 2,
            over: Some(opp),
            visits: self.layout.objective_bit(to),
        }
    }

    fn check_wall(&self, edges: [Edge; 2]) -> Result<Wall, IllegalMove> {
        let me = self.to_move;
        if self.walls_left[me.index()] == 0 {
            return Err(IllegalMove::NoWallsLeft(self.layout.walls_per_player()));
        }
        let [e0, e1] = edges;
        if e0.from != e1.from {
            return Err(IllegalMove::WallNotFromOneVertex {
                a: e0.from,
                b: e0.to,
                c: e1.from,
                d: e1.to,
            });
        }
        let board = self.board();
        let mut dirs = [Dir::NW; 2];
        for (i, e) in edges.iter().enumerate() {
            let d = (board.contains(e.from) && board.contains(e.to))
                .then(|| board.direction(e.from as Vertex, e.to as Vertex))
                .flatten();
            match d {
                Some(d) => dirs[i] = d,
                None => {
                    return Err(IllegalMove::NotAnEdge { a: e.from, b: e.to });
                }
            }
        }
        let at = e0.from as Vertex;
        let ends = [e0.to as Vertex, e1.to as Vertex];
        if ends[0] == ends[1] {
            return Err(IllegalMove::SameEdge { a: at, b: ends[0] });
        }
        for (i, &d) in dirs.iter().enumerate() {
            if self.is_walled(at, d) {
                return Err(IllegalMove::AlreadyWalled { a: at, b: ends[i] });
            }
        }
        if !dirs[0].consecutive(dirs[1]) {
            return Err(IllegalMove::NotConsecutive {
                from: at,
                d0: dirs[0],
                d1: dirs[1],
            });
        }
        let wall = Wall { at, dirs, ends };
        self.cut_by(wall).map_or(Ok(wall), Err)
    }

    /// What `wall` would cut a player off from, if anything: each player
    /// must still reach, along edges that are not walled (pawns aside),
    /// its start and every objective it has not visited.
    pub fn cut_by(&self, wall: Wall) -> Option<IllegalMove> {
        let board = self.board();
        let n = board.vertices();
        let blocked = |v: Vertex, d: Dir| -> bool { self.is_walled(v, d) || wall.covers(v, d) };
        let mut seen = vec![0u64; n.div_ceil(64)];
        let mut queue = Vec::with_capacity(64);
        // Searches from `from` until `done` says so; `seen` holds what it
        // reached.
        let mut search =
            |from: Vertex, seen: &mut Vec<u64>, done: &mut dyn FnMut(&[u64]) -> bool| -> bool {
                seen.fill(0);
                queue.clear();
                seen[usize::from(from) / 64] |= 1 << (from % 64);
                queue.push(from);
                let mut i = 0;
                while i < queue.len() {
                    if done(seen) {
                        return true;
                    }
                    let v = queue[i];
                    i += 1;
                    for d in Dir::ALL {
                        if blocked(v, d) {
                            continue;
                        }
                        if let Some(w) = board.neighbour(v, d) {
                            let (word, bit) = (usize::from(w) / 64, 1u64 << (w % 64));
                            if seen[word] & bit == 0 {
                                seen[word] |= bit;
                                queue.push(w);
                            }
                        }
                    }
                }
                done(seen)
            };
        let has = |seen: &[u64], v: Vertex| seen[usize::from(v) / 64] & (1 << (v % 64)) != 0;
        // If the wall's vertex still reaches both other ends, any path the
        // two edges served goes round them: nothing is cut. The usual case,
        // found within a few vertices.
        let [a, b] = wall.ends;
        if search(wall.at, &mut seen, &mut |s| has(s, a) && has(s, b)) {
            return None;
        }
        for c in Colour::BOTH {
            let from = self.pawns[c.index()];
            search(from, &mut seen, &mut |_| false);
            let start = self.layout.start(c);
            if !has(&seen, start) {
                return Some(IllegalMove::Cuts {
                    who: c,
                    from,
                    what: "its start",
                    target: start,
                });
            }
            let visited = self.visited[c.index()];
            for (i, &o) in self.layout.objectives().iter().enumerate() {
                if visited & (1 << i) == 0 && !has(&seen, o) {
                    return Some(IllegalMove::Cuts {
                        who: c,
                        from,
                        what: "objective",
                        target: o,
                    });
                }
            }
        }
        None
    }

    /// Whether `wall`'s vertex still reaches both other ends once it is
    /// placed: then the wall changes what reaches what nowhere on the
    /// board (the strictest reading of the wall rule in the course's
    /// projects, which our client library keeps to).
    pub fn wall_keeps_connections(&self, wall: Wall) -> bool {
        let board = self.board();
        let mut seen = vec![false; board.vertices()];
        let mut stack = vec![wall.at];
        seen[usize::from(wall.at)] = true;
        while let Some(v) = stack.pop() {
            for d in Dir::ALL {
                if wall.covers(v, d) {
                    continue;
                }
                if let Some(w) = self.live(v, d)
                    && !seen[usize::from(w)]
                {
                    if seen[usize::from(wall.ends[0])] && seen[usize::from(wall.ends[1])] {
                        return true;
                    }
                    seen[usize::from(w)] = true;
                    stack.push(w);
                }
            }
        }
        seen[usize::from(wall.ends[0])] && seen[usize::from(wall.ends[1])]
    }

    /// Appends the legal steps of the player to move: straight moves in
    /// each direction as far as its momentum, the walls and the opponent
    /// allow, then the jumps that land where no straight move does.
    pub fn legal_steps(&self, out: &mut Vec<Move>) {
        if self.end.is_some() {
            return;
        }
        let me = self.to_move;
        let from = self.pawns[me.index()];
        let opp = self.pawns[me.other().index()];
        let last = self.last[me.index()];
        for d in Dir::ALL {
            let mut cur = from;
            let mut visits = 0;
            for k in 1..=max_steps(last, d) {
                match self.live(cur, d) {
                    Some(next) if next != opp => {
                        visits |= self.layout.objective_bit(next);
                        cur = next;
                        out.push(Move::Step(Step {
                            from,
                            to: next,
                            dir: d,
                            len: k as u8,
                            over: None,
                            visits,
                        }));
                    }
                    _ => break,
                }
            }
        }
        for d1 in Dir::ALL {
            if self.live(from, d1) != Some(opp) {
                continue;
            }
            for d2 in Dir::ALL {
                let Some(to) = self.live(opp, d2) else {
                    continue;
                };
                // A neighbour of ours through a live edge is a straight
                // move already (which sets the momentum: the seed's rule).
                let straight = Dir::ALL.into_iter().any(|d| self.live(from, d) == Some(to));
                if to != from && !straight {
                    out.push(Move::Step(self.jump_step(from, opp, to, d2)));
                }
            }
        }
    }

    /// Appends the legal walls of the player to move, each pair of edges
    /// once (the first edge's direction, then the next counter-clockwise).
    pub fn legal_walls(&self, out: &mut Vec<Move>) {
        if self.end.is_some() || self.walls_left[self.to_move.index()] == 0 {
            return;
        }
        for at in 0..self.board().vertices() as Vertex {
            for d in Dir::ALL {
                let d2 = d.next();
                if let (Some(a), Some(b)) = (self.live(at, d), self.live(at, d2)) {
                    let wall = Wall {
                        at,
                        dirs: [d, d2],
                        ends: [a, b],
                    };
                    if self.cut_by(wall).is_none() {
                        out.push(Move::Wall(wall));
                    }
                }
            }
        }
    }

    /// Appends every legal move: the steps, then the walls.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal_steps(out);
        self.legal_walls(out);
    }

    /// Plays a legal move of the player to move (one that
    /// [`check`](Self::check) or the `legal_*` lists gave for this
    /// position: the move is trusted).
    pub fn play(&mut self, mv: Move) -> Outcome {
        let me = self.to_move;
        let i = me.index();
        let mut outcome = Outcome::Next;
        match mv {
            Move::Step(s) => {
                self.pawns[i] = s.to;
                self.last[i] = Some(s.dir);
                self.visited[i] |= s.visits;
                if s.to == self.layout.start(me) && self.visited[i] == self.layout.all_objectives()
                {
                    outcome = Outcome::Win;
                }
            }
            Move::Wall(w) => {
                self.walls_left[i] -= 1;
                for (k, d) in w.dirs.into_iter().enumerate() {
                    self.walled[usize::from(w.at)] |= 1 << d.index();
                    self.walled[usize::from(w.ends[k])] |= 1 << d.opposite().index();
                }
                self.walls.push(w);
            }
        }
        self.plies += 1;
        self.to_move = me.other();
        if outcome == Outcome::Win {
            self.end = Some(End {
                winner: Some(me),
                reason: EndReason::TourCompleted,
            });
        } else if self.max_plies > 0 && self.plies >= self.max_plies {
            outcome = Outcome::Draw;
            self.end = Some(End {
                winner: None,
                reason: EndReason::TurnLimit,
            });
        }
        outcome
    }

    /// Puts `c`'s pawn on `v` with momentum `last` and visits `visited`,
    /// without any check (tests and analysis: positions that are tedious
    /// to reach by playing).
    pub fn place_unchecked(&mut self, c: Colour, v: Vertex, last: Option<Dir>, visited: u8) {
        self.pawns[c.index()] = v;
        self.last[c.index()] = last;
        self.visited[c.index()] = visited;
    }

    /// Sets the player to move, without any check (tests and analysis).
    pub fn set_to_move_unchecked(&mut self, c: Colour) {
        self.to_move = c;
    }
}
