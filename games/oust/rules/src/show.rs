//! What the HTML viewer draws of a game (`docs/games/oust.md`, "Watching a
//! game"): the scene of a position, a JSON object, with the script and
//! the style that draw it. Pure: strings only.

use serde_json::{Value, json};

use crate::board::{Colour, Point};
use crate::position::Position;

/// The viewer's script: `drawScene(scene, element, view)` (see
/// `game_core::Viewer`).
pub const VIEWER_SCRIPT: &str = include_str!("../viewer/oust.js");

/// The viewer's style.
pub const VIEWER_STYLE: &str = include_str!("../viewer/oust.css");

/// The last move, as the viewer marks it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LastMove {
    /// Who played it.
    pub colour: Colour,
    /// The point placed on; `None` for a pass.
    pub point: Option<Point>,
    /// The enemy stones it removed, in point order.
    pub captured: Vec<Point>,
}

impl LastMove {
    /// The move `colour` just made on `point` (`None`: a pass) from the
    /// cells `before` it (row by row, as [`Position::cells`]) to those of
    /// `after`: the captured stones are the enemy's that are gone.
    pub fn between(colour: Colour, point: Option<Point>, before: &[u8], after: &Position) -> Self {
        let enemy = colour.other().digit();
        let captured = before
            .iter()
            .zip(after.cells())
            .enumerate()
            .filter(|&(_, (&was, &now))| was == enemy && now == 0)
            .map(|(i, _)| Point(i as u16))
            .collect();
        LastMove {
            colour,
            point,
            captured,
        }
    }
}

/// `[col, row]`.
fn coords(pos: &Position, p: Point) -> Value {
    let (c, r) = pos.options().coords(p);
    json!([c, r])
}

/// The scene of `pos` after `last`, with the end in `end_words` (the
/// referee's detail) once the game is over:
///
/// ```text
/// {"cols": 7, "rows": 7, "cells": "0012...": one digit a point, row by row
///  (0 empty, 1 black, 2 white), "to_move": "black", "stones": [black's,
///  white's], "last": null or {"colour": "white", "point": [col, row] or
///  null for a pass, "captured": [[col, row], ...]},
///  "end": null or {"winner": "black", "white" or null, "words": "..."}}
/// ```
pub fn scene(pos: &Position, last: Option<&LastMove>, end_words: Option<String>) -> String {
    let o = pos.options();
    let cells: String = pos.cells().iter().map(|&c| char::from(b'0' + c)).collect();
    let last = last.map(|m| {
        json!({
            "colour": m.colour.to_string(),
            "point": m.point.map(|p| coords(pos, p)),
            "captured": m.captured.iter().map(|&p| coords(pos, p)).collect::<Vec<_>>(),
        })
    });
    let end = pos.end().map(|e| {
        json!({
            "winner": e.winner.map(|w| w.to_string()),
            "words": end_words.unwrap_or_else(|| e.reason.words().to_owned()),
        })
    });
    json!({
        "cols": o.cols,
        "rows": o.rows,
        "cells": cells,
        "to_move": pos.to_move().to_string(),
        "stones": [pos.stones(Colour::Black), pos.stones(Colour::White)],
        "last": last,
        "end": end,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Options;
    use crate::position::UncheckedMove;

    /// Plays `col row` and returns the last move as the viewer marks it.
    fn play(pos: &mut Position, col: u32, row: u32) -> LastMove {
        let colour = pos.to_move();
        let before = pos.cells().to_vec();
        let mv = pos.check(&UncheckedMove::new(col, row)).unwrap();
        pos.play(mv);
        LastMove::between(colour, mv.point(), &before, pos)
    }

    #[test]
    fn a_scene_holds_the_stones_the_last_move_and_what_it_captured() {
        let mut pos = Position::new(Options { cols: 3, rows: 2 }, 0);
        let empty: Value = serde_json::from_str(&scene(&pos, None, None)).unwrap();
        assert_eq!(
            empty,
            json!({"cols": 3, "rows": 2, "cells": "000000", "to_move": "black",
                   "stones": [0, 0], "last": null, "end": null})
        );
        // Black 0 0, white 1 0, black 0 1 (touches its own stone, makes a
        // group of two, larger than white's one: captures it, plays again).
        play(&mut pos, 0, 0);
        play(&mut pos, 1, 0);
        let last = play(&mut pos, 0, 1);
        assert_eq!(last.captured, [Point(1)]);
        let s: Value = serde_json::from_str(&scene(&pos, Some(&last), None)).unwrap();
        assert_eq!(s["cells"], "100100");
        assert_eq!(s["to_move"], "black", "a capture plays again");
        assert_eq!(s["stones"], json!([2, 0]));
        assert_eq!(
            s["last"],
            json!({"colour": "black", "point": [0, 1], "captured": [[1, 0]]})
        );
        // White has played and has no stone left: black won.
        assert_eq!(s["end"]["winner"], "black");
        assert_eq!(s["end"]["words"], "a player lost its last stone");
        let told = scene(&pos, Some(&last), Some("black took it all".into()));
        assert!(told.contains(r#""words":"black took it all""#), "{told}");
    }

    #[test]
    fn a_pass_has_no_point_and_a_quiet_move_captures_nothing() {
        let mut pos = Position::new(Options { cols: 2, rows: 2 }, 0);
        let quiet = play(&mut pos, 1, 1);
        assert_eq!((quiet.point, quiet.captured.len()), (Some(Point(3)), 0));
        let pass = LastMove::between(Colour::White, None, pos.cells(), &pos);
        let s: Value = serde_json::from_str(&scene(&pos, Some(&pass), None)).unwrap();
        assert_eq!(
            s["last"],
            json!({"colour": "white", "point": null, "captured": []})
        );
    }
}
