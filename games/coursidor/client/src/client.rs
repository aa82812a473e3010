//! Our AI behind the course's `player.h`, in safe Rust: the server's graph
//! read and matched against our boards (whatever its numbering), the
//! opponent's moves followed, ours chosen by the search and given back in
//! the server's numbers.

use std::sync::Arc;
use std::time::{Duration, Instant};

use coursidor::{
    Board, Colour, Dir, Edge, Layout, Move, Position, Shape, Step, UncheckedMove, Vertex, Wall,
};
use coursidor_abi::{EdgeT, MOVE, MoveT, NO_TYPE, WALL};
use coursidor_ai::search::{Searcher, Settings};

/// The graph a server gives `initialize`, read into plain data.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GraphInfo {
    /// `type`: 0 T, 1 C, 2 H.
    pub kind: u32,
    /// `num_vertices`.
    pub vertices: u32,
    /// `start`, by colour.
    pub starts: [u32; 2],
    /// `objectives`.
    pub objectives: Vec<u32>,
    /// The matrix's entries: `(i, j, direction from i to j)`.
    pub entries: Vec<(u32, u32, u32)>,
}

/// The server's vertices against ours.
#[derive(Clone, Debug)]
struct Numbering {
    ours: Vec<Vertex>,
    theirs: Vec<u32>,
}

impl Numbering {
    fn ours(&self, v: u32) -> Option<Vertex> {
        self.ours.get(v as usize).copied()
    }

    fn theirs(&self, v: Vertex) -> u32 {
        self.theirs[usize::from(v)]
    }
}

/// Our board for the server's graph, and how its vertices map onto ours:
/// the shape from `type`, the size from the number of vertices, the map
/// from each vertex's place in the lattice, which the directions of the
/// edges give (a server that numbers the vertices otherwise than row by
/// row, as one of the course's projects does, is followed all the same).
fn match_board(g: &GraphInfo) -> Result<(Board, Numbering), String> {
    let shape = match g.kind {
        0 => Shape::T,
        1 => Shape::C,
        2 => Shape::H,
        k => return Err(format!("unknown graph type {k}")),
    };
    let n = g.vertices as usize;
    let board = (shape.min_size()..=coursidor::board::MAX_SIZE)
        .filter_map(|m| Board::new(shape, m).ok())
        .find(|b| b.vertices() == n)
        .ok_or_else(|| format!("no board of type {shape} has {n} vertices"))?;
    // Each vertex's place, from vertex 0, along the directions.
    let mut adjacent: Vec<Vec<(u32, Dir)>> = vec![Vec::new(); n];
    for &(i, j, d) in &g.entries {
        let d = u8::try_from(d).ok().and_then(Dir::from_number);
        match d {
            Some(d) if (i as usize) < n && (j as usize) < n => adjacent[i as usize].push((j, d)),
            _ => {
                return Err(format!(
                    "the matrix entry ({i}, {j}) is not an edge of the lattice"
                ));
            }
        }
    }
    let mut place: Vec<Option<(i32, i32)>> = vec![None; n];
    place[0] = Some((0, 0));
    let mut stack = vec![0usize];
    while let Some(v) = stack.pop() {
        let (r, q) = place[v].expect("placed");
        for &(w, d) in &adjacent[v] {
            let (dr, dq) = d.delta();
            let at = (r + dr, q + dq);
            match place[w as usize] {
                None => {
                    place[w as usize] = Some(at);
                    stack.push(w as usize);
                }
                Some(p) if p == at => {}
                Some(_) => return Err("the directions of the edges disagree".to_owned()),
            }
        }
    }
    let places: Vec<(i32, i32)> = place
        .into_iter()
        .collect::<Option<_>>()
        .ok_or("the graph is not connected")?;
    // Their top-left vertex onto ours, vertex 0.
    let top = places.iter().min().expect("vertices");
    let ours0 = board.coords(0);
    let (dr, dq) = (ours0.0 - top.0, ours0.1 - top.1);
    let mut ours = Vec::with_capacity(n);
    let mut theirs = vec![u32::MAX; n];
    for (v, &(r, q)) in places.iter().enumerate() {
        let o = board
            .at(r + dr, q + dq)
            .ok_or("the graph is not a board of its type")?;
        if theirs[usize::from(o)] != u32::MAX {
            return Err("two vertices in one place".to_owned());
        }
        theirs[usize::from(o)] = v as u32;
        ours.push(o);
    }
    let numbering = Numbering { ours, theirs };
    let edges: usize = adjacent.iter().map(Vec::len).sum();
    let same = edges == 2 * board.edges() as usize
        && adjacent.iter().enumerate().all(|(v, list)| {
            list.iter()
                .all(|&(w, d)| board.neighbour(numbering.ours[v], d) == numbering.ours(w))
        });
    if !same {
        return Err("the graph's edges are not those of its board".to_owned());
    }
    Ok((board, numbering))
}

/// One player of ours, between `initialize` and `finalize`.
pub struct Client {
    me: Colour,
    numbering: Numbering,
    pos: Position,
    searcher: Searcher,
    move_time: Duration,
}

impl Client {
    /// The player of colour `id` on the server's graph `g`, thinking
    /// `move_time` a move.
    pub fn new(id: u32, g: &GraphInfo, move_time: Duration) -> Result<Client, String> {
        let me = Colour::from_index(id as usize).ok_or(format!("player id {id}"))?;
        let (board, numbering) = match_board(g)?;
        let map = |v: u32| {
            numbering
                .ours(v)
                .map(u32::from)
                .ok_or(format!("vertex {v} is not on the board"))
        };
        let starts = [map(g.starts[0])?, map(g.starts[1])?];
        let objectives = g
            .objectives
            .iter()
            .map(|&o| map(o))
            .collect::<Result<Vec<u32>, String>>()?;
        let layout = Layout::with_starts(board, starts, &objectives).map_err(|e| e.to_string())?;
        Ok(Client {
            me,
            numbering,
            pos: Position::new(Arc::new(layout), 0),
            searcher: Searcher::new(Settings {
                compatible: true,
                ..Settings::default()
            }),
            move_time,
        })
    }

    /// Our colour.
    pub fn colour(&self) -> Colour {
        self.me
    }

    /// Follows the opponent's move as the server gives it: by the rules
    /// when they accept it, else as it says (the server judged it).
    fn follow(&mut self, mv: &MoveT) {
        let them = self.me.other();
        self.pos.set_to_move_unchecked(them);
        let n = &self.numbering;
        let unchecked = match mv.t {
            MOVE => n.ours(mv.m).map(|v| UncheckedMove::Step(u32::from(v))),
            WALL => {
                let edge = |e: &EdgeT| {
                    Some(Edge {
                        from: u32::from(n.ours(e.fr)?),
                        to: u32::from(n.ours(e.to)?),
                    })
                };
                edge(&mv.e[0])
                    .zip(edge(&mv.e[1]))
                    .map(|(a, b)| UncheckedMove::Wall([a, b]))
            }
            _ => None,
        };
        match unchecked.map(|u| (u, self.pos.check(&u))) {
            Some((_, Ok(m))) => {
                self.pos.play(m);
            }
            // What our rules refuse but the server accepted.
            Some((UncheckedMove::Step(v), Err(_))) => {
                let to = v as Vertex;
                let from = self.pos.pawn(them);
                let dir = self
                    .pos
                    .board()
                    .direction(from, to)
                    .or(self.pos.last_dir(them));
                let visits = self.pos.layout().objective_bit(to);
                let step = Step::new_unchecked(from, to, dir.unwrap_or(Dir::E), 1, None, visits);
                self.pos.play(Move::Step(step));
            }
            Some((UncheckedMove::Wall([a, b]), Err(_))) => {
                let board = self.pos.board();
                let (at, x, y) = (a.from as Vertex, a.to as Vertex, b.to as Vertex);
                if let (Some(d0), Some(d1)) = (board.direction(at, x), board.direction(at, y))
                    && a.from == b.from
                    && self.pos.walls_left(them) > 0
                {
                    self.pos
                        .play(Move::Wall(Wall::new_unchecked(at, [d0, d1], [x, y])));
                }
            }
            None => {}
        }
        self.pos.set_to_move_unchecked(self.me);
    }

    /// `play(previous)`: follows the opponent's move, chooses ours.
    pub fn play(&mut self, previous: &MoveT) -> MoveT {
        if previous.t != NO_TYPE {
            self.follow(previous);
        }
        self.pos.set_to_move_unchecked(self.me);
        let deadline = Instant::now() + self.move_time;
        let (mv, _) = self.searcher.choose(&self.pos, deadline);
        self.pos.play(mv);
        let mut out = MoveT {
            c: self.me.index() as u32,
            ..MoveT::default()
        };
        match mv {
            Move::Step(s) => {
                out.t = MOVE;
                out.m = self.numbering.theirs(s.to());
            }
            Move::Wall(w) => {
                out.t = WALL;
                let at = self.numbering.theirs(w.at());
                for (i, end) in w.ends().into_iter().enumerate() {
                    out.e[i] = EdgeT {
                        fr: at,
                        to: self.numbering.theirs(end),
                    };
                }
            }
        }
        out
    }
}

/// Which of our players a `play(previous)` is for, when a server loaded us
/// for both colours (one library, one process): the opponent of the
/// previous move's colour, black for the first move.
pub fn player_for(previous: &MoveT) -> Colour {
    match previous.t {
        NO_TYPE => Colour::Black,
        _ if previous.c == 0 => Colour::White,
        _ => Colour::Black,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coursidor::layout::Layout;

    /// The graph a server numbering row by row gives, as `initialize`
    /// receives it.
    fn graph(shape: Shape, m: u32, objectives: &[u32]) -> GraphInfo {
        let board = Board::new(shape, m).unwrap();
        let mut entries = Vec::new();
        for v in 0..board.vertices() as Vertex {
            for d in Dir::ALL {
                if let Some(w) = board.neighbour(v, d) {
                    entries.push((u32::from(v), u32::from(w), u32::from(d.number())));
                }
            }
        }
        GraphInfo {
            kind: shape.number(),
            vertices: board.vertices() as u32,
            starts: [0, board.vertices() as u32 - 1],
            objectives: objectives.to_vec(),
            entries,
        }
    }

    #[test]
    fn two_of_our_players_play_a_whole_game_through_the_abi() {
        for (shape, m, objectives) in [
            (Shape::T, 4, vec![5, 31]),
            (Shape::C, 5, vec![3, 38]),
            (Shape::H, 6, vec![20, 63]),
        ] {
            let g = graph(shape, m, &objectives);
            let t = Duration::from_millis(20);
            let mut players = [
                Client::new(0, &g, t).unwrap(),
                Client::new(1, &g, t).unwrap(),
            ];
            // A referee of our own: the rules judge each move.
            let board = Board::new(shape, m).unwrap();
            let layout = Arc::new(Layout::new(board, &objectives).unwrap());
            let mut pos = Position::new(layout, 400);
            let mut previous = MoveT {
                c: 2,
                t: NO_TYPE,
                ..MoveT::default()
            };
            while pos.end().is_none() {
                let c = player_for(&previous);
                assert_eq!(c, pos.to_move());
                let mv = players[c.index()].play(&previous);
                let u = match mv.t {
                    MOVE => UncheckedMove::Step(mv.m),
                    _ => UncheckedMove::Wall([
                        Edge {
                            from: mv.e[0].fr,
                            to: mv.e[0].to,
                        },
                        Edge {
                            from: mv.e[1].fr,
                            to: mv.e[1].to,
                        },
                    ]),
                };
                let checked = pos.check(&u).unwrap_or_else(|e| panic!("{u}: {e}"));
                if let Move::Wall(w) = checked {
                    assert!(pos.wall_keeps_connections(w), "{u}");
                }
                pos.play(checked);
                assert_eq!(mv.c, c.index() as u32);
                previous = mv;
            }
            // (Two equal players, keeping to straight jumps, may block each
            // other round a corner until the turn limit: either end will
            // do, every move having been legal.)
        }
    }

    #[test]
    fn a_server_that_numbers_otherwise_is_followed() {
        // T 3 numbered column by column (along NW-SE lines), as one of the
        // course's projects does: our 0 is their 2.
        let ours = Board::new(Shape::T, 3).unwrap();
        let mut order: Vec<Vertex> = (0..ours.vertices() as Vertex).collect();
        order.sort_by_key(|&v| {
            let (r, q) = ours.coords(v);
            (q, r)
        });
        let theirs_of = |v: Vertex| order.iter().position(|&o| o == v).unwrap() as u32;
        let mut g = graph(Shape::T, 3, &[4, 14]);
        g.entries = g
            .entries
            .iter()
            .map(|&(i, j, d)| (theirs_of(i as Vertex), theirs_of(j as Vertex), d))
            .collect();
        g.starts = [theirs_of(0), theirs_of(18)];
        g.objectives = vec![theirs_of(4), theirs_of(14)];
        let (_, numbering) = match_board(&g).unwrap();
        for v in 0..19 {
            assert_eq!(numbering.theirs(v), theirs_of(v));
        }
        let mut black = Client::new(0, &g, Duration::from_millis(10)).unwrap();
        let first = black.play(&MoveT {
            c: 2,
            t: NO_TYPE,
            ..MoveT::default()
        });
        assert_eq!(first.c, 0);
        // Whatever it chose is a move of ours, in their numbers.
        let moved = numbering.ours(first.m).unwrap();
        assert!(first.t == WALL || ours.direction(0, moved).is_some());
        // A graph that is no board is refused with the reason.
        let mut bad = graph(Shape::T, 3, &[4, 14]);
        bad.entries[0].2 = 5;
        assert!(Client::new(0, &bad, Duration::from_millis(10)).is_err());
    }
}
