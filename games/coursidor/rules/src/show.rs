//! What the HTML viewer draws of a game (`docs/games/coursidor.md`,
//! "Watching a game"): the scene of a position, a JSON object, with the
//! script and the style that draw it. Pure: strings only.

use serde_json::{Value, json};

use crate::board::{Board, Vertex};
use crate::colour::Colour;
use crate::moves::Move;
use crate::position::Position;

/// The viewer's script: `drawScene(scene, element, view)` (see
/// `game_core::Viewer`).
pub const VIEWER_SCRIPT: &str = include_str!("../viewer/coursidor.js");

/// The viewer's style.
pub const VIEWER_STYLE: &str = include_str!("../viewer/coursidor.css");

/// The board's cells as runs, `[row, first column, last column]`, in
/// reading order: numbered in that order, the runs are the vertices (every
/// board is whole rows of the lattice with holes). A few runs a row, where
/// the list of vertices would repeat thousands of coordinates in every
/// position of a large board.
pub fn runs(board: &Board) -> Vec<[i32; 3]> {
    let mut runs: Vec<[i32; 3]> = Vec::new();
    for v in 0..board.vertices() as Vertex {
        let (r, q) = board.coords(v);
        match runs.last_mut() {
            Some(run) if run[0] == r && run[2] + 1 == q => run[2] = q,
            _ => runs.push([r, q, q]),
        }
    }
    runs
}

/// The scene of `pos` after `last` (the colour that moved and its move),
/// `black` the seat playing black, with the end in `end_words` (the
/// referee's detail) once the game is over:
///
/// ```text
/// {"board": "T", "size": 6, "vertices": 91, "runs": [[row, q0, q1], ...] (see runs),
///  "starts": [black's, white's], "objectives": [vertices, increasing],
///  "black": the seat playing black,
///  "pawns": [black's vertex, white's], "momentum": [black's direction ("SE") or null, white's],
///  "walls_left": [black's, white's], "visited": [[objectives black visited], [white's]],
///  "walls": [[at, end, end], ...] (each wall: the edges at-end and at-end),
///  "to_move": "black", "plies": 12, "max_plies": 1000 (0: none),
///  "last": null, {"colour": "white", "step": [from, to], "over": vertex or null}
///          or {"colour": "black", "wall": [at, end, end]},
///  "end": null or {"winner": "black", "white" or null, "words": "..."}}
/// ```
pub fn scene(
    pos: &Position,
    black: usize,
    last: Option<(Colour, Move)>,
    end_words: Option<String>,
) -> String {
    let board = pos.board();
    let layout = pos.layout();
    let both = |f: &dyn Fn(Colour) -> Value| Value::Array(Colour::BOTH.map(f).to_vec());
    let visited = |c: Colour| json!(layout.objectives_in(pos.visited(c)).collect::<Vec<_>>());
    let walls: Vec<[Vertex; 3]> = pos
        .walls()
        .iter()
        .map(|w| [w.at(), w.ends()[0], w.ends()[1]])
        .collect();
    let last = last.map(|(c, mv)| match mv {
        Move::Step(s) => json!({"colour": c.name(), "step": [s.from(), s.to()], "over": s.over()}),
        Move::Wall(w) => json!({"colour": c.name(), "wall": [w.at(), w.ends()[0], w.ends()[1]]}),
    });
    let end = pos.end().map(|e| {
        json!({
            "winner": e.winner.map(Colour::name),
            "words": end_words.unwrap_or_else(|| e.reason.words().to_owned()),
        })
    });
    json!({
        "board": board.shape().letter().to_string(),
        "size": board.size(),
        "vertices": board.vertices(),
        "runs": runs(board),
        "starts": both(&|c| json!(layout.start(c))),
        "objectives": layout.objectives(),
        "black": black,
        "pawns": both(&|c| json!(pos.pawn(c))),
        "momentum": both(&|c| json!(pos.last_dir(c).map(|d| d.to_string()))),
        "walls_left": both(&|c| json!(pos.walls_left(c))),
        "walls_per_player": layout.walls_per_player(),
        "visited": both(&visited),
        "walls": walls,
        "to_move": pos.to_move().name(),
        "plies": pos.plies(),
        "max_plies": pos.max_plies(),
        "last": last,
        "end": end,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::board::Shape;
    use crate::layout::Layout;
    use crate::moves::{Edge, UncheckedMove};

    #[test]
    fn runs_number_the_vertices_of_every_kind_of_board() {
        for (shape, m) in [(Shape::T, 2), (Shape::T, 7), (Shape::C, 5), (Shape::H, 9)] {
            let board = Board::new(shape, m).unwrap();
            let rs = runs(&board);
            let cells: Vec<(i32, i32)> = rs
                .iter()
                .flat_map(|&[r, a, b]| (a..=b).map(move |q| (r, q)))
                .collect();
            let want: Vec<(i32, i32)> = (0..board.vertices() as Vertex)
                .map(|v| board.coords(v))
                .collect();
            assert_eq!(cells, want, "{shape} {m}");
        }
        // T 2: three rows of two, three and two cells; C 5 has a hole in
        // its middle rows; H 9 holes in its rows too.
        let t2 = Board::new(Shape::T, 2).unwrap();
        assert_eq!(runs(&t2), [[-1, 0, 1], [0, -1, 1], [1, -1, 0]]);
        let c5 = Board::new(Shape::C, 5).unwrap();
        assert_eq!(runs(&c5).iter().filter(|r| r[0] == 0).count(), 2);
        let h9 = Board::new(Shape::H, 9).unwrap();
        assert!(runs(&h9).iter().filter(|r| r[0] == 0).count() >= 3);
    }

    #[test]
    fn a_scene_holds_the_pawns_walls_objectives_and_the_last_move() {
        let layout = Layout::new(Board::new(Shape::T, 2).unwrap(), &[3]).unwrap();
        let mut pos = Position::new(Arc::new(layout), 50);
        let s: Value = serde_json::from_str(&scene(&pos, 1, None, None)).unwrap();
        assert_eq!(
            s,
            json!({"board": "T", "size": 2, "vertices": 7,
                   "runs": [[-1, 0, 1], [0, -1, 1], [1, -1, 0]],
                   "starts": [0, 6], "objectives": [3], "black": 1, "pawns": [0, 6],
                   "momentum": [null, null], "walls_left": [1, 1], "walls_per_player": 1,
                   "visited": [[], []], "walls": [], "to_move": "black", "plies": 0,
                   "max_plies": 50, "last": null, "end": null})
        );
        let step = pos.check(&UncheckedMove::Step(3)).unwrap();
        pos.play(step);
        let wall = UncheckedMove::Wall([Edge { from: 6, to: 5 }, Edge { from: 6, to: 3 }]);
        let wall = pos.check(&wall).unwrap();
        pos.play(wall);
        let s: Value =
            serde_json::from_str(&scene(&pos, 1, Some((Colour::White, wall)), None)).unwrap();
        assert_eq!(s["pawns"], json!([3, 6]));
        assert_eq!(s["momentum"], json!(["SE", null]));
        assert_eq!(s["visited"], json!([[3], []]));
        assert_eq!(s["walls"], json!([[6, 5, 3]]));
        assert_eq!(s["walls_left"], json!([1, 0]));
        assert_eq!(s["last"], json!({"colour": "white", "wall": [6, 5, 3]}));
        let s: Value =
            serde_json::from_str(&scene(&pos, 1, Some((Colour::Black, step)), None)).unwrap();
        assert_eq!(
            s["last"],
            json!({"colour": "black", "step": [0, 3], "over": null})
        );
        // Back home with the objective visited: black won.
        let home = pos.check(&UncheckedMove::Step(0)).unwrap();
        pos.play(home);
        let s: Value = serde_json::from_str(&scene(&pos, 1, None, Some("home".into()))).unwrap();
        assert_eq!(s["end"], json!({"winner": "black", "words": "home"}));
    }
}
