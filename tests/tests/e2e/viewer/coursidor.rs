//! Coursidor's drawing in Chromium: on a board of each kind (T, C and H),
//! every position of a real game shows exactly the lattice, the walls, the
//! pawns with their momentum, the objectives each player visited and the
//! walls each has left that the record implies.

use coursidor::referee_game::{Match, MoveRecord, Options};
use coursidor::{Colour, Edge, Position, UncheckedMove, Vertex};
use serde::Deserialize;

use super::{assert_every_position, chromium, open_game, options_of, player_spec};

/// A Coursidor record, typed.
type CoursidorRecord = referee_schema::Record<MoveRecord, game_core::NoSetup>;

/// What the page shows of a position, each list sorted: the vertices
/// (`V:R Q:OBJECTIVE:VISITED:START`, `17:-2 3:objective:black white:`),
/// the edges (`V W:walled` or `V W:`), the walls (`AT END END`), the pawns
/// (`black:V:MOMENTUM`) and each player's facts (`black:WALLS LEFT:VISITED`).
#[derive(Debug, PartialEq, Deserialize)]
struct Shown {
    vertices: Vec<String>,
    edges: Vec<String>,
    walls: Vec<String>,
    pawns: Vec<String>,
    players: Vec<String>,
}

/// Reads [`Shown`] off the drawing: the marks drawn (objective, visits,
/// start rings, walled edges), checked against the data- attributes, and
/// every edge one step of the lattice long.
const READ: &str = r#"(function () {
  const view = document.querySelector("section.view");
  const all = function (sel, f) { return Array.from(view.querySelectorAll(sel)).map(f).sort(); };
  const vertices = all("g[data-vertex]", function (g) {
    const objective = g.querySelector(".coursidor-objective") ? "objective" : "";
    const visited = ["black", "white"].filter(function (c) {
      return g.querySelector(".coursidor-visit." + c);
    }).join(" ");
    const ring = g.querySelector(".coursidor-start");
    const start = ring ? (ring.classList.contains("black") ? "black" : "white") : "";
    if ((g.dataset.objective ? "objective" : "") !== objective || g.dataset.visited !== visited ||
        g.dataset.start !== start) return "data- attributes differ: " + g.outerHTML;
    return g.dataset.vertex + ":" + g.dataset.r + " " + g.dataset.q + ":" + objective + ":" + visited + ":" + start;
  });
  const edges = all("line[data-edge]", function (l) {
    const length = Math.hypot(l.x2.baseVal.value - l.x1.baseVal.value, l.y2.baseVal.value - l.y1.baseVal.value);
    if (Math.abs(length - COURSIDOR_STEP) > 0.01) return "not a step of the lattice: " + l.outerHTML;
    const walled = l.classList.contains("walled") ? "walled" : "";
    if ((l.dataset.walled ? "walled" : "") !== walled) return "data- attributes differ: " + l.outerHTML;
    return l.dataset.edge + ":" + walled;
  });
  const walls = all("line[data-wall]", function (l) { return l.dataset.wall; });
  const pawns = all("g[data-pawn]", function (g) {
    const arrow = g.querySelector(".coursidor-momentum") ? "" : "no arrow";
    if ((g.dataset.momentum ? "" : "no arrow") !== arrow) return "momentum not drawn: " + g.outerHTML;
    return g.dataset.pawn + ":" + g.dataset.on + ":" + g.dataset.momentum;
  });
  const players = all("li[data-colour]", function (li) {
    return li.dataset.colour + ":" + li.dataset.wallsLeft + ":" + li.dataset.visited;
  });
  return { vertices: vertices, edges: edges, walls: walls, pawns: pawns, players: players };
})()"#;

/// What each position of `record` must show, from the rules.
fn expected(record: &CoursidorRecord) -> Vec<Shown> {
    let options: Options = options_of(record);
    let seed = record.settings.seed.expect("a seed");
    let m = Match::new(&options, seed, record.settings.max_turns).expect("the game");
    let mut pos = m.position().clone();
    let mut out = vec![shown(&pos)];
    for mv in &record.moves {
        let d = &mv.detail;
        let u = match (d.wall, d.to) {
            (Some([a, b, c, e]), _) => UncheckedMove::Wall([
                Edge {
                    from: a.into(),
                    to: b.into(),
                },
                Edge {
                    from: c.into(),
                    to: e.into(),
                },
            ]),
            (None, Some(to)) => UncheckedMove::Step(to.into()),
            (None, None) => panic!("move {}: neither a step nor a wall", mv.ply),
        };
        pos.play(pos.check(&u).expect("a recorded move is legal"));
        out.push(shown(&pos));
    }
    out
}

/// The objectives `c` visited.
fn visited(pos: &Position, c: Colour) -> Vec<Vertex> {
    pos.layout().objectives_in(pos.visited(c)).collect()
}

fn shown(pos: &Position) -> Shown {
    let board = pos.board();
    let layout = pos.layout();
    let join = |vs: &[Vertex]| {
        vs.iter()
            .map(Vertex::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    let vertices = (0..board.vertices() as Vertex)
        .map(|v| {
            let (r, q) = board.coords(v);
            let objective = layout.objective_bit(v) != 0;
            let by: Vec<&str> = Colour::BOTH
                .into_iter()
                .filter(|&c| objective && visited(pos, c).contains(&v))
                .map(Colour::name)
                .collect();
            let start = Colour::BOTH
                .into_iter()
                .find(|&c| layout.start(c) == v)
                .map_or("", Colour::name);
            let objective = if objective { "objective" } else { "" };
            format!("{v}:{r} {q}:{objective}:{}:{start}", by.join(" "))
        })
        .collect();
    let edges = board
        .edge_list()
        .map(|(v, w, d)| {
            let walled = if pos.is_walled(v, d) { "walled" } else { "" };
            format!("{v} {w}:{walled}")
        })
        .collect();
    let walls = pos
        .walls()
        .iter()
        .map(|w| format!("{} {} {}", w.at(), w.ends()[0], w.ends()[1]))
        .collect();
    let pawns = Colour::BOTH
        .map(|c| {
            let momentum = pos.last_dir(c).map(|d| d.to_string()).unwrap_or_default();
            format!("{c}:{}:{momentum}", pos.pawn(c))
        })
        .to_vec();
    let players = Colour::BOTH
        .map(|c| format!("{c}:{}:{}", pos.walls_left(c), join(&visited(pos, c))))
        .to_vec();
    Shown {
        vertices: sorted(vertices),
        edges: sorted(edges),
        walls: sorted(walls),
        pawns: sorted(pawns),
        players: sorted(players),
    }
}

#[test]
fn the_coursidor_viewer_draws_every_position_on_boards_t_c_and_h_in_chromium() {
    let test = "the_coursidor_viewer_draws_every_position_on_boards_t_c_and_h_in_chromium";
    let Some(mut b) = chromium(test) else { return };
    let (mut walls, mut jumps) = (0, 0);
    for (board, seed, seats) in [
        (
            ["-t", "T", "-m", "4", "--objectives", "3"],
            "3",
            ["random --seed 3", "tour --seed 2"],
        ),
        (
            ["-t", "C", "-m", "5", "--objectives", "2"],
            "2",
            ["random --seed 3", "tour --seed 4"],
        ),
        (
            ["-t", "H", "-m", "6", "--objectives", "2"],
            "3",
            ["tour --seed 5", "random --seed 6"],
        ),
    ] {
        let seats = seats.map(|s| player_spec("coursidor", &format!("--strategy {s}")));
        let args = [&board[..], &["--seed", seed, "--max-turns", "80"]].concat();
        let o = open_game::<CoursidorRecord>(&mut b, "coursidor", &args, &seats);
        let record = &o.record;
        walls += record
            .moves
            .iter()
            .filter(|m| m.detail.wall.is_some())
            .count();
        jumps += record
            .moves
            .iter()
            .filter(|m| m.detail.over.is_some())
            .count();
        let expected = expected(record);
        let name = format!("coursidor {} {}", board[1], board[3]);
        assert_every_position(&mut b, READ, &expected, &name);
    }
    assert!(walls >= 4 && jumps >= 1, "{walls} walls, {jumps} jumps");
}
