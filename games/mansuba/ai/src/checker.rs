//! The independent checker of the puzzles' certificates
//! (`mansuba puzzle --check FILE`). It shares no code with the rules
//! crate or the generator: it reads the puzzle text with its own parser,
//! lays the relations out from their definitions, generates moves its
//! own way (chains of jumps explored path by path, the piece lifted off
//! the board), and proves the claim again: the relaxed distance, or an
//! exhaustive search to the turn limit.

use std::collections::HashSet;

/// A direction as rows and columns (row 0 at the top), in the order of
/// the course's `dir_t` values -4..4 without 0.
const DIRS: [(&str, i32, i32); 8] = [
    ("SEAST", 1, 1),
    ("SOUTH", 1, 0),
    ("SWEST", 1, -1),
    ("WEST", 0, -1),
    ("EAST", 0, 1),
    ("NEAST", -1, 1),
    ("NORTH", -1, 0),
    ("NWEST", -1, -1),
];

fn cardinal(d: usize) -> bool {
    DIRS[d].1 == 0 || DIRS[d].2 == 0
}

fn opposite(d: usize) -> usize {
    (0..8)
        .find(|&e| DIRS[e].1 == -DIRS[d].1 && DIRS[e].2 == -DIRS[d].2)
        .expect("every direction has an opposite")
}

const RELATIONS: [&str; 4] = ["square4", "square8", "triangular", "hex"];

/// The neighbour of place `p` in direction `d` under relation `rel` on a
/// `w` × `h` world.
fn neighbour(w: usize, h: usize, rel: usize, p: usize, d: usize) -> Option<usize> {
    let (r, c) = ((p / w) as i32, (p % w) as i32);
    let (dr, dc) = (DIRS[d].1, DIRS[d].2);
    let (nr, nc) = match RELATIONS[rel] {
        "square4" if !cardinal(d) => return None,
        "triangular" if (dr, dc) == (1, 1) || (dr, dc) == (-1, -1) => return None,
        "hex" => {
            if dc == 0 {
                return None; // no north, no south
            }
            if dr == 0 {
                (r, c + dc)
            } else {
                // Odd rows sit half a place to the right.
                let odd = r % 2 == 1;
                let col = if dc > 0 {
                    if odd { c + 1 } else { c }
                } else if odd {
                    c
                } else {
                    c - 1
                };
                (r + dr, col)
            }
        }
        _ => (r + dr, c + dc),
    };
    ((0..h as i32).contains(&nr) && (0..w as i32).contains(&nc))
        .then(|| nr as usize * w + nc as usize)
}

/// A move kind: its name and whether each direction is in it.
#[derive(Clone, Debug)]
struct Kind {
    name: String,
    dirs: [bool; 8],
}

/// A puzzle as read.
#[derive(Clone, Debug)]
struct Puzzle {
    w: usize,
    h: usize,
    players: usize,
    relation: usize,
    change: bool,
    complex: bool,
    captures: bool,
    turn: u32,
    max_turns: u32,
    to_move: usize,
    sorts: Vec<(char, Vec<Kind>)>,
    start: Vec<Vec<usize>>,
    board: Vec<Option<(usize, char)>>,
    prisoners: Vec<Vec<(usize, char)>>,
    loser: usize,
    certificate: Vec<String>,
}

/// The verdict on one puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Verdict {
    /// Its number in the file (1, 2...).
    pub number: usize,
    /// Whether the certificate holds.
    pub verified: bool,
    /// What was found, in words.
    pub words: String,
}

/// Checks every puzzle of `text`; an error names the line that does not
/// read.
pub fn check(text: &str) -> Result<Vec<Verdict>, String> {
    let mut verdicts = Vec::new();
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    while let Some((n, l)) = lines.next() {
        if l != "puzzle" {
            return Err(format!("line {n}: expected `puzzle`, got {l:?}"));
        }
        let number = verdicts.len() + 1;
        let mut body = Vec::new();
        loop {
            match lines.next() {
                Some((_, "end")) => break,
                Some(line) => body.push(line),
                None => return Err(format!("puzzle {number}: no `end`")),
            }
        }
        let puzzle = read(&body).map_err(|e| format!("puzzle {number}: {e}"))?;
        let (verified, words) = verify(&puzzle);
        verdicts.push(Verdict {
            number,
            verified,
            words,
        });
    }
    Ok(verdicts)
}

fn read(body: &[(usize, &str)]) -> Result<Puzzle, String> {
    let mut p = Puzzle {
        w: 0,
        h: 0,
        players: 0,
        relation: 0,
        change: false,
        complex: false,
        captures: false,
        turn: 0,
        max_turns: 0,
        to_move: 0,
        sorts: Vec::new(),
        start: Vec::new(),
        board: Vec::new(),
        prisoners: Vec::new(),
        loser: 0,
        certificate: Vec::new(),
    };
    let mut rows = 0;
    for &(n, line) in body {
        let bad = |what: &str| format!("line {n}: {what}: {line:?}");
        let mut words = line.split_ascii_whitespace();
        let key = words.next().unwrap_or_default();
        let rest: Vec<&str> = words.collect();
        let num = |i: usize| -> Result<usize, String> {
            rest.get(i)
                .and_then(|t| t.parse().ok())
                .ok_or_else(|| bad("a number is missing or wrong"))
        };
        let on = |i: usize| -> Result<bool, String> {
            match rest.get(i).copied() {
                Some("on") => Ok(true),
                Some("off") => Ok(false),
                _ => Err(bad("expected on or off")),
            }
        };
        match key {
            "world" => {
                p.w = num(0)?;
                p.h = num(1)?;
                p.board = vec![None; p.w * p.h];
            }
            "players" => {
                p.players = num(0)?;
                p.prisoners = vec![Vec::new(); p.players];
            }
            "relation" => {
                p.relation = RELATIONS
                    .iter()
                    .position(|r| Some(r) == rest.first())
                    .ok_or_else(|| bad("an unknown relation"))?;
            }
            "relation-change" => p.change = on(0)?,
            "captures" => p.captures = on(0)?,
            "victory" => {
                p.complex = match rest.first().copied() {
                    Some("simple") => false,
                    Some("complex") => true,
                    _ => return Err(bad("expected simple or complex")),
                }
            }
            "turn" => {
                p.turn = num(0)? as u32;
                p.max_turns = num(1)? as u32;
            }
            "to-move" => p.to_move = num(0)?,
            "sort" => {
                let letter = rest
                    .first()
                    .and_then(|l| l.chars().next())
                    .ok_or_else(|| bad("a sort letter"))?;
                let kinds = rest
                    .iter()
                    .skip(2)
                    .map(|k| {
                        let (name, dirs) = k.split_once(':')?;
                        let set: [bool; 8] = std::array::from_fn(|d| match dirs {
                            "all" => true,
                            "cardinal" => cardinal(d),
                            "diagonal" => !cardinal(d),
                            _ => false,
                        });
                        let known =
                            matches!(name, "step" | "jump" | "multi-jump" | "slide" | "double")
                                && matches!(dirs, "all" | "cardinal" | "diagonal");
                        known.then(|| Kind {
                            name: name.to_owned(),
                            dirs: set,
                        })
                    })
                    .collect::<Option<Vec<Kind>>>()
                    .ok_or_else(|| bad("an unknown move kind"))?;
                p.sorts.push((letter, kinds));
            }
            "start" => {
                let places: Vec<usize> = (1..rest.len()).map(num).collect::<Result<_, _>>()?;
                p.start.push(places);
            }
            "row" => {
                if rest.len() != p.w || rows >= p.h {
                    return Err(bad("a row of WIDTH places, HEIGHT rows"));
                }
                for (c, t) in rest.iter().enumerate() {
                    if *t != "." {
                        let mut ch = t.chars();
                        let (Some(letter), Some(seat)) = (ch.next(), ch.next()) else {
                            return Err(bad("a place is `.` or a letter and a seat"));
                        };
                        let seat = seat.to_digit(10).ok_or_else(|| bad("a seat"))? as usize;
                        p.board[rows * p.w + c] = Some((seat, letter));
                    }
                }
                rows += 1;
            }
            "prisoner" => {
                let seat = num(0)?;
                let place = num(1)?;
                let letter = rest
                    .get(2)
                    .and_then(|l| l.chars().next())
                    .ok_or_else(|| bad("a sort letter"))?;
                p.prisoners
                    .get_mut(seat)
                    .ok_or_else(|| bad("no such seat"))?
                    .push((place, letter));
            }
            "loser" => p.loser = num(0)?,
            "certificate" => p.certificate = rest.iter().map(|s| s.to_string()).collect(),
            _ => return Err(bad("an unknown line")),
        }
    }
    if p.w == 0 || rows != p.h || p.players < 2 || p.start.len() != p.players {
        return Err("the world, its rows, the players or their start sets are missing".into());
    }
    if p.loser >= p.players || p.to_move >= p.players {
        return Err("the loser or the player to move is not a seat".into());
    }
    let mut all: Vec<usize> = p.start.iter().flatten().copied().collect();
    let count = all.len();
    all.sort_unstable();
    all.dedup();
    if all.len() != count || all.last().is_some_and(|&x| x >= p.w * p.h) {
        return Err("start sets overlap or leave the world".into());
    }
    Ok(p)
}

/// The game state the search plays on.
#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    board: Vec<Option<(usize, char)>>,
    prisoners: Vec<Vec<(usize, char)>>,
    relation: usize,
    to_move: usize,
    turn: u32,
    winner: Option<usize>,
    over: bool,
}

/// An action.
#[derive(Clone, Copy, Debug)]
enum Act {
    Move(usize, usize),
    Escape(usize, char),
    Pass,
}

struct Game<'a> {
    p: &'a Puzzle,
}

impl Game<'_> {
    fn kinds(&self, sort: char) -> &[Kind] {
        self.p
            .sorts
            .iter()
            .find(|(l, _)| *l == sort)
            .map_or(&[][..], |(_, k)| k.as_slice())
    }

    fn start_owner(&self, place: usize) -> Option<usize> {
        self.p.start.iter().position(|s| s.contains(&place))
    }

    fn nb(&self, rel: usize, x: usize, d: usize) -> Option<usize> {
        neighbour(self.p.w, self.p.h, rel, x, d)
    }

    /// Where the piece on `from` can go, each place once.
    fn moves(&self, s: &State, from: usize) -> Vec<usize> {
        let (seat, sort) = s.board[from].expect("a piece");
        let mut board = s.board.clone();
        board[from] = None; // lifted while it moves
        let takes = |q: usize, b: &[Option<(usize, char)>]| {
            self.p.captures
                && matches!(b[q], Some((o, _)) if o != seat)
                && self.start_owner(q).is_none()
        };
        let mut out: Vec<usize> = Vec::new();
        let rel = s.relation;
        for k in self.kinds(sort) {
            let dirs: Vec<usize> = (0..8).filter(|&d| k.dirs[d]).collect();
            match k.name.as_str() {
                "step" => {
                    for &d in &dirs {
                        if let Some(q) = self.nb(rel, from, d) {
                            if board[q].is_none() || takes(q, &board) {
                                out.push(q);
                            }
                        }
                    }
                }
                "slide" => {
                    for &d in &dirs {
                        let mut x = from;
                        while let Some(q) = self.nb(rel, x, d) {
                            if board[q].is_none() {
                                out.push(q);
                                x = q;
                            } else {
                                if takes(q, &board) {
                                    out.push(q);
                                }
                                break;
                            }
                        }
                    }
                }
                "double" => {
                    for &a in &dirs {
                        for &b in &dirs {
                            if b == opposite(a) {
                                continue;
                            }
                            if let Some(q) = self.nb(rel, from, a).and_then(|m| self.nb(rel, m, b))
                            {
                                if q != from && (board[q].is_none() || takes(q, &board)) {
                                    out.push(q);
                                }
                            }
                        }
                    }
                }
                "jump" | "multi-jump" => {
                    // Chains explored path by path.
                    let multi = k.name == "multi-jump";
                    let mut stack: Vec<Vec<usize>> = vec![vec![from]];
                    while let Some(path) = stack.pop() {
                        let x = *path.last().expect("a path");
                        for &d in &dirs {
                            let Some(over) = self.nb(rel, x, d) else {
                                continue;
                            };
                            if board[over].is_none() {
                                continue;
                            }
                            let Some(q) = self.nb(rel, over, d) else {
                                continue;
                            };
                            if path.contains(&q) {
                                continue;
                            }
                            if board[q].is_none() {
                                out.push(q);
                                if multi {
                                    let mut longer = path.clone();
                                    longer.push(q);
                                    stack.push(longer);
                                }
                            } else if takes(q, &board) {
                                out.push(q);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        out.sort_unstable();
        out.dedup();
        out.retain(|&q| q != from);
        out
    }

    fn actions(&self, s: &State) -> Vec<Act> {
        let seat = s.to_move;
        let mut out = Vec::new();
        let mut stuck = false;
        for x in 0..s.board.len() {
            if matches!(s.board[x], Some((o, _)) if o == seat) {
                let m = self.moves(s, x);
                stuck |= m.is_empty();
                out.extend(m.into_iter().map(|q| Act::Move(x, q)));
            }
        }
        let mut prs = s.prisoners[seat].clone();
        prs.sort_unstable();
        prs.dedup();
        for (place, sort) in prs {
            if s.board[place].is_none() {
                out.push(Act::Escape(place, sort));
            } else {
                stuck = true;
            }
        }
        if stuck {
            out.push(Act::Pass);
        }
        out
    }

    /// The states after `a` (one per chance outcome).
    fn after(&self, s: &State, a: Act) -> Vec<State> {
        let mut outcomes = Vec::new();
        let seat = s.to_move;
        let escapes: &[bool] = if matches!(a, Act::Escape(..)) {
            &[true, false]
        } else {
            &[false]
        };
        for &free in escapes {
            let mut t = s.clone();
            match a {
                Act::Move(from, to) => {
                    let piece = t.board[from].take();
                    if let Some((o, sort)) = t.board[to] {
                        t.prisoners[o].push((to, sort));
                    }
                    t.board[to] = piece;
                    let reached = self.start_owner(to).filter(|&o| o != seat);
                    if let Some(o) = reached {
                        let covered = self.p.start[o]
                            .iter()
                            .all(|&q| matches!(t.board[q], Some((x, _)) if x == seat));
                        if !self.p.complex || covered {
                            t.winner = Some(seat);
                            t.over = true;
                        }
                    }
                }
                Act::Escape(place, sort) => {
                    if free {
                        let i = t.prisoners[seat]
                            .iter()
                            .position(|&x| x == (place, sort))
                            .expect("a prisoner");
                        t.prisoners[seat].remove(i);
                        t.board[place] = Some((seat, sort));
                    }
                }
                Act::Pass => {}
            }
            t.turn += 1;
            if !t.over && self.p.max_turns > 0 && t.turn >= self.p.max_turns {
                t.over = true;
            }
            if t.over {
                outcomes.push(t);
                continue;
            }
            t.to_move = (seat + 1) % self.p.players;
            let every = self.change_every();
            if every > 0 && t.turn % every == 0 {
                for r in (0..4).filter(|&r| r != t.relation) {
                    let mut u = t.clone();
                    u.relation = r;
                    outcomes.push(u);
                }
            } else {
                outcomes.push(t);
            }
        }
        outcomes
    }

    fn change_every(&self) -> u32 {
        if !self.p.change || self.p.max_turns == 0 {
            return 0;
        }
        (1..)
            .find(|r: &u32| r * r >= self.p.max_turns)
            .expect("a root")
    }

    /// The fewest relaxed actions of a piece of each sort from each place
    /// to a start place of another seat than the loser.
    fn relaxed(&self) -> Vec<(char, Vec<u32>)> {
        let n = self.p.w * self.p.h;
        let rels: Vec<usize> = if self.change_every() > 0 {
            (0..4).collect()
        } else {
            vec![self.p.relation]
        };
        let targets: Vec<usize> = (0..self.p.players)
            .filter(|&s| s != self.p.loser)
            .flat_map(|s| self.p.start[s].iter().copied())
            .collect();
        self.p
            .sorts
            .iter()
            .map(|(letter, kinds)| {
                // Successors with every place free and taken at once.
                let succ: Vec<Vec<usize>> = (0..n)
                    .map(|x| {
                        let mut out = Vec::new();
                        for &rel in &rels {
                            for k in kinds {
                                let dirs: Vec<usize> = (0..8).filter(|&d| k.dirs[d]).collect();
                                match k.name.as_str() {
                                    "step" => {
                                        out.extend(dirs.iter().filter_map(|&d| self.nb(rel, x, d)))
                                    }
                                    "slide" => {
                                        for &d in &dirs {
                                            let mut y = x;
                                            while let Some(q) = self.nb(rel, y, d) {
                                                out.push(q);
                                                y = q;
                                            }
                                        }
                                    }
                                    "double" => {
                                        for &a in &dirs {
                                            for &b in &dirs {
                                                if b != opposite(a) {
                                                    out.extend(
                                                        self.nb(rel, x, a)
                                                            .and_then(|m| self.nb(rel, m, b)),
                                                    );
                                                }
                                            }
                                        }
                                    }
                                    _ => {
                                        // Jumps: every landing of a chain
                                        // (a single jump is its first hop).
                                        let multi = k.name == "multi-jump";
                                        let mut todo = vec![x];
                                        let mut seen = vec![x];
                                        while let Some(y) = todo.pop() {
                                            for &d in &dirs {
                                                if let Some(q) = self
                                                    .nb(rel, y, d)
                                                    .and_then(|m| self.nb(rel, m, d))
                                                {
                                                    if !seen.contains(&q) {
                                                        seen.push(q);
                                                        out.push(q);
                                                        if multi {
                                                            todo.push(q);
                                                        }
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                        out
                    })
                    .collect();
                // Backwards from the targets: a place is d+1 away when a
                // successor is d away.
                let mut dist = vec![u32::MAX; n];
                for &t in &targets {
                    dist[t] = 0;
                }
                let mut level = 0;
                loop {
                    let mut next = Vec::new();
                    for x in 0..n {
                        if dist[x] == u32::MAX && succ[x].iter().any(|&y| dist[y] == level) {
                            next.push(x);
                        }
                    }
                    if next.is_empty() {
                        break;
                    }
                    level += 1;
                    for x in next {
                        dist[x] = level;
                    }
                }
                (*letter, dist)
            })
            .collect()
    }

    fn need(&self, s: &State, dist: &[(char, Vec<u32>)]) -> u32 {
        let of = |sort: char, place: usize| {
            dist.iter()
                .find(|(l, _)| *l == sort)
                .map_or(u32::MAX, |(_, d)| d[place])
        };
        let seat = self.p.loser;
        let board = (0..s.board.len()).filter_map(|x| match s.board[x] {
            Some((o, sort)) if o == seat => Some(of(sort, x)),
            _ => None,
        });
        let prisoners = s.prisoners[seat]
            .iter()
            .map(|&(place, sort)| of(sort, place).saturating_add(1));
        board.chain(prisoners).min().unwrap_or(u32::MAX)
    }

    fn left(&self, s: &State) -> u32 {
        if self.p.max_turns == 0 {
            return u32::MAX - 1;
        }
        let n = self.p.players;
        (0..self.p.max_turns.saturating_sub(s.turn))
            .filter(|&i| (s.to_move + i as usize) % n == self.p.loser)
            .count() as u32
    }

    /// Whether some play wins for the loser; positions searched counted.
    fn wins(
        &self,
        s: &State,
        dist: &[(char, Vec<u32>)],
        seen: &mut HashSet<State>,
        count: &mut u64,
    ) -> bool {
        if s.over {
            return s.winner == Some(self.p.loser);
        }
        if self.need(s, dist) > self.left(s) || !seen.insert(s.clone()) {
            return false;
        }
        *count += 1;
        self.actions(s).into_iter().any(|a| {
            self.after(s, a)
                .iter()
                .any(|t| self.wins(t, dist, seen, count))
        })
    }
}

impl State {
    /// The puzzle's position.
    fn of(p: &Puzzle) -> State {
        State {
            board: p.board.clone(),
            prisoners: p.prisoners.clone(),
            relation: p.relation,
            to_move: p.to_move,
            turn: p.turn,
            winner: None,
            over: false,
        }
    }
}

fn verify(p: &Puzzle) -> (bool, String) {
    let g = Game { p };
    let state = State::of(p);
    let dist = g.relaxed();
    let need = g.need(&state, &dist);
    let left = g.left(&state);
    let show = |x: u32| match x {
        u32::MAX => "no path".to_owned(),
        1 => "1 action".to_owned(),
        _ => format!("{x} actions"),
    };
    match p.certificate.first().map(String::as_str) {
        Some("distance") => {
            if need > left {
                (
                    true,
                    format!(
                        "player {} needs {} at least and has {left} left",
                        p.loser,
                        show(need)
                    ),
                )
            } else {
                (
                    false,
                    format!(
                        "refuted: player {} may need only {} and has {left} left",
                        p.loser,
                        show(need)
                    ),
                )
            }
        }
        Some("search") => {
            if p.max_turns == 0 {
                return (false, "refuted: a search needs a turn limit".into());
            }
            let mut seen = HashSet::new();
            let mut count = 0;
            if g.wins(&state, &dist, &mut seen, &mut count) {
                (false, format!("refuted: player {} can still win", p.loser))
            } else {
                (
                    true,
                    format!(
                        "no play of the {} turns left wins for player {} ({count} positions searched)",
                        p.max_turns - p.turn,
                        p.loser
                    ),
                )
            }
        }
        _ => (false, "no certificate (distance or search)".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Certificate, Puzzle as Generated};
    use game_core::Rng;
    use mansuba::{Action, ConfigName, Options, Setup};

    const BISHOPS: &str = "puzzle
world 5 4
players 2
relation square4
relation-change off
victory simple
captures off
turn 36 40
to-move 0
sort B bishop slide:diagonal
sort P pawn step:all jump:all multi-jump:all
start 0 0 5 10 15
start 1 4 9 14 19
row B0 . . . P1
row B0 . . . P1
row B0 . . . P1
row B0 . . . P1
";

    fn verdict(text: &str) -> Verdict {
        let v = check(text).unwrap();
        assert_eq!(v.len(), 1);
        v[0].clone()
    }

    #[test]
    fn no_path_is_a_distance_of_never() {
        // Bishops cannot move without diagonals.
        let v = verdict(&format!(
            "{BISHOPS}loser 0\ncertificate distance never 2\nend\n"
        ));
        assert!(v.verified, "{v:?}");
        assert_eq!(v.words, "player 0 needs no path at least and has 2 left");
        // Seat 1's pawns could jump to seat 0's column in one action if
        // there were pieces to jump: no distance certificate; but the
        // bishops never leave, so no play of the 4 turns left wins for
        // seat 1, which the search proves.
        let v = verdict(&format!(
            "{BISHOPS}loser 1\ncertificate distance 5 2\nend\n"
        ));
        assert!(!v.verified, "{v:?}");
        assert_eq!(
            v.words,
            "refuted: player 1 may need only 1 action and has 2 left"
        );
        let v = verdict(&format!("{BISHOPS}loser 1\ncertificate search 4 0\nend\n"));
        assert!(v.verified, "{v:?}");
    }

    #[test]
    fn a_player_that_can_still_win_refutes_the_certificate() {
        // Seat 0's pawn on 3 steps onto 4, a free start place of seat 1.
        let text = "puzzle\nworld 5 4\nplayers 2\nrelation square4\nrelation-change off\n\
                    victory simple\ncaptures off\nturn 30 40\nto-move 1\n\
                    sort P pawn step:all jump:all multi-jump:all\n\
                    start 0 0 5 10 15\nstart 1 4 9 14 19\n\
                    row P0 . . P0 .\nrow P0 . . . P1\nrow P0 . . . P1\nrow . . . . P1\n\
                    loser 0\ncertificate search 10 5\nend\n";
        let v = verdict(text);
        assert!(!v.verified);
        assert_eq!(v.words, "refuted: player 0 can still win");
        let v = verdict(&text.replace("search 10 5", "distance 3 5"));
        assert!(!v.verified);
    }

    #[test]
    fn unreadable_puzzles_name_the_line() {
        let e = check("puzzle\nworld 5 4\nplayers 2\nrelation moebius\nend\n").unwrap_err();
        assert!(
            e.contains("line 4") && e.contains("an unknown relation"),
            "{e}"
        );
        let e = check("hello\n").unwrap_err();
        assert_eq!(e, "line 1: expected `puzzle`, got \"hello\"");
        let e = check("puzzle\nworld 5 4\n").unwrap_err();
        assert_eq!(e, "puzzle 1: no `end`");
    }

    /// The checker's own rules against the engine's, on positions of
    /// random games of every configuration: the same legal actions, and
    /// after each the same winner or none.
    #[test]
    fn the_checkers_rules_agree_with_the_engine() {
        let mut compared = 0;
        for config in ConfigName::ALL {
            for players in [2u8, 3] {
                let options = Options {
                    config,
                    players,
                    width: 7,
                    height: 6,
                    ..Options::default()
                };
                let setup = Setup::new(&options, 84).unwrap();
                let mut rng = Rng::new(u64::from(players) * 7 + config as u64);
                let mut pos = setup.start(&mut rng);
                let mut actions = Vec::new();
                while pos.end().is_none() {
                    let text = Generated {
                        position: pos.clone(),
                        seat: 0,
                        certificate: Certificate::Search {
                            turns: 0,
                            positions: 0,
                        },
                        seed: 0,
                    }
                    .to_text(1);
                    let body: Vec<(usize, &str)> = text
                        .lines()
                        .enumerate()
                        .filter(|(_, l)| !l.starts_with('#') && *l != "puzzle" && *l != "end")
                        .collect();
                    let p = read(&body).unwrap();
                    let g = Game { p: &p };
                    let state = State::of(&p);
                    let show = |a: &Act| match *a {
                        Act::Move(x, y) => format!("{x} {y}"),
                        Act::Escape(x, s) => format!("escape {x} {s}"),
                        Act::Pass => "pass".into(),
                    };
                    let mut mine: Vec<String> = g.actions(&state).iter().map(show).collect();
                    actions.clear();
                    pos.legal_actions(&mut actions);
                    let mut theirs: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
                    mine.sort();
                    theirs.sort();
                    assert_eq!(mine, theirs, "{text}");
                    for a in g.actions(&state) {
                        let after = g.after(&state, a);
                        let engine = match a {
                            Act::Move(x, y) => Action::Move {
                                from: x as u16,
                                to: y as u16,
                            },
                            Act::Escape(x, s) => Action::Escape {
                                place: x as u16,
                                sort: mansuba::Sort::from_letter(s).unwrap(),
                            },
                            Act::Pass => Action::Pass,
                        };
                        let mut p2 = pos.clone();
                        p2.play(engine, true);
                        assert_eq!(
                            after[0].winner,
                            p2.end().and_then(|e| e.winner),
                            "{text}\n{engine}"
                        );
                        assert_eq!(after[0].over, p2.end().is_some());
                        compared += 1;
                    }
                    let a = actions[rng.below(actions.len() as u64) as usize];
                    pos.play(a, rng.coin());
                    if pos.change_due() {
                        mansuba::change_relation(&mut pos, &mut rng);
                    }
                }
            }
        }
        assert!(compared > 1000, "{compared}");
    }

    #[test]
    fn generated_puzzles_are_verified() {
        let options = Options {
            width: 6,
            height: 5,
            ..Options::default()
        };
        for (config, max_turns) in [(ConfigName::Base, 60), (ConfigName::Full, 30)] {
            let options = Options {
                config,
                ..options.clone()
            };
            let setup = Setup::new(&options, max_turns).unwrap();
            let found = crate::puzzle::generate(&setup, 0, 1, 3, 200, 5, 100_000);
            assert!(!found.is_empty(), "{config}");
            let text: String = found
                .iter()
                .enumerate()
                .map(|(i, p)| p.to_text(i + 1))
                .collect();
            let verdicts = check(&text).unwrap();
            assert_eq!(verdicts.len(), found.len());
            assert!(verdicts.iter().all(|v| v.verified), "{verdicts:?}\n{text}");
        }
    }
}
