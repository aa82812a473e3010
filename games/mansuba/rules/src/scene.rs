//! What the HTML viewer draws of a game (`docs/games/mansuba.md`,
//! "Watching a game"): the scene of a position, a JSON object, with the
//! script and the style that draw it. Pure: strings only.

use serde_json::json;

use crate::position::{Action, Played, Position};
use crate::world::Relation;

/// The viewer's script: `drawScene(scene, element, view)` (see
/// `game_core::Viewer`).
pub const VIEWER_SCRIPT: &str = include_str!("../viewer/mansuba.js");

/// The viewer's style.
pub const VIEWER_STYLE: &str = include_str!("../viewer/mansuba.css");

/// The last turn, as the viewer marks it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LastTurn {
    /// The seat that played it.
    pub seat: usize,
    /// What it did.
    pub played: Played,
    /// The relation drawn after it, when it changed.
    pub relation: Option<Relation>,
}

/// The scene of `pos` after `last`, with the end in `end_words` (the
/// referee's detail) once the game is over:
///
/// ```text
/// {"width": 10, "height": 10, "players": 3, "relation": "hex",
///  "victory": "simple", "captures": true, "change_every": 15 (0: never),
///  "starts": "00.1..." (per place, the seat whose start place it is, or "."),
///  "pieces": [[place, seat, "T"], ...] (by place),
///  "prisoners": [[[place of capture, "P"], ...] per seat, in the order of capture],
///  "to_move": 1, "turn": 12, "max_turns": 200 (0: none),
///  "last": null or {"seat": 0, "action": "move", "from": 3, "to": 4,
///                   "captured": [seat, "P"] or null}
///        or {"seat": 0, "action": "escape", "place": 4, "sort": "T", "escaped": true}
///        or {"seat": 0, "action": "pass"},
///  "relation_changed": true when the last turn changed the relation,
///  "end": null or {"winner": seat or null, "words": "..."}}
/// ```
pub fn scene(pos: &Position, last: Option<&LastTurn>, end_words: Option<String>) -> String {
    let rules = pos.rules();
    let world = rules.world();
    let places = 0..world.size() as u16;
    let starts: String = places
        .clone()
        .map(|p| match rules.start_owner(p) {
            Some(seat) => char::from(b'0' + seat as u8),
            None => '.',
        })
        .collect();
    let pieces: Vec<_> = places
        .filter_map(|p| {
            pos.at(p)
                .map(|piece| json!([p, piece.seat, piece.sort.letter().to_string()]))
        })
        .collect();
    let prisoners: Vec<Vec<_>> = (0..rules.players())
        .map(|seat| {
            pos.prisoners(seat)
                .iter()
                .map(|pr| json!([pr.place, pr.sort.letter().to_string()]))
                .collect()
        })
        .collect();
    let last_json = last.map(|t| match t.played.action {
        Action::Move { from, to } => json!({
            "seat": t.seat, "action": "move", "from": from, "to": to,
            "captured": t.played.captured.map(|c| json!([c.seat, c.sort.letter().to_string()])),
        }),
        Action::Escape { place, sort } => json!({
            "seat": t.seat, "action": "escape", "place": place,
            "sort": sort.letter().to_string(), "escaped": t.played.escaped == Some(true),
        }),
        Action::Pass => json!({"seat": t.seat, "action": "pass"}),
    });
    let end = pos.end().map(|e| {
        json!({
            "winner": e.winner,
            "words": end_words.unwrap_or_else(|| e.reason.words().to_owned()),
        })
    });
    json!({
        "width": world.width(),
        "height": world.height(),
        "players": rules.players(),
        "relation": pos.relation().name(),
        "victory": rules.victory().name(),
        "captures": rules.captures(),
        "change_every": pos.change_every(),
        "starts": starts,
        "pieces": pieces,
        "prisoners": prisoners,
        "to_move": pos.to_move(),
        "turn": pos.turn(),
        "max_turns": pos.max_turns(),
        "last": last_json,
        "relation_changed": last.is_some_and(|t| t.relation.is_some()),
        "end": end,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use serde_json::Value;

    use super::*;
    use crate::config::ConfigName;
    use crate::options::{First, Options, Setup};
    use crate::position::{Piece, Prisoner, UncheckedAction};
    use crate::sort::Sort;
    use game_core::Rng;

    fn parse(s: &str) -> Value {
        serde_json::from_str(s).unwrap()
    }

    /// The start of the game of `options`, drawn after `max_turns`, the
    /// referee's draws from `seed`.
    fn start(options: &Options, max_turns: u32, seed: u64) -> Position {
        Setup::new(options, max_turns)
            .unwrap()
            .start(&mut Rng::new(seed))
    }

    #[test]
    fn the_start_of_a_game_of_three_on_a_small_world() {
        let options = Options {
            width: 4,
            height: 3,
            players: 3,
            first: First::Seat(2),
            ..Options::default()
        };
        let pos = start(&options, 24, 1);
        let s = parse(&scene(&pos, None, None));
        assert_eq!(
            (s["width"].clone(), s["height"].clone()),
            (json!(4), json!(3))
        );
        assert_eq!(s["players"], 3);
        assert_eq!(s["relation"], "square4");
        assert_eq!(s["to_move"], 2);
        assert_eq!(s["last"], Value::Null);
        assert_eq!(s["relation_changed"], false);
        // Three pieces per seat (HEIGHT), each on one of its start places.
        let starts = s["starts"].as_str().unwrap();
        assert_eq!(starts.len(), 12);
        let pieces = s["pieces"].as_array().unwrap();
        assert_eq!(pieces.len(), 9);
        for p in pieces {
            let (place, seat) = (p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap());
            assert_eq!(starts.as_bytes()[place], b'0' + seat as u8, "{p}");
            assert_eq!(p[2], "P");
        }
        assert_eq!(s["prisoners"], json!([[], [], []]));
    }

    #[test]
    fn a_capture_a_prisoner_an_escape_and_a_change_of_relation() {
        let options = Options {
            config: ConfigName::Full,
            width: 4,
            height: 4,
            first: First::Seat(0),
            ..Options::default()
        };
        let start = start(&options, 32, 3);
        let rules = Arc::clone(start.rules());
        // Player 0's tower on 5 takes player 1's pawn on 6; player 1 holds
        // a bishop captured on 9.
        let mut board = vec![None; 16];
        board[5] = Some(Piece {
            seat: 0,
            sort: Sort::Tower,
        });
        board[6] = Some(Piece {
            seat: 1,
            sort: Sort::Pawn,
        });
        let prisoners = vec![
            Vec::new(),
            vec![Prisoner {
                place: 9,
                sort: Sort::Bishop,
            }],
        ];
        let mut pos = Position::from_parts(rules, board, prisoners, Relation::Square4, 0, 0, 32);
        let take = pos
            .check(&UncheckedAction::Move { from: 5, to: 6 })
            .unwrap();
        let played = pos.play(take, false);
        let last = LastTurn {
            seat: 0,
            played,
            relation: Some(Relation::Hex),
        };
        pos.set_relation(Relation::Hex);
        let s = parse(&scene(&pos, Some(&last), None));
        assert_eq!(s["pieces"], json!([[6, 0, "T"]]));
        assert_eq!(s["prisoners"], json!([[], [[9, "B"], [6, "P"]]]));
        assert_eq!(
            s["last"],
            json!({"seat": 0, "action": "move", "from": 5, "to": 6, "captured": [1, "P"]})
        );
        assert_eq!(s["relation"], "hex");
        assert_eq!(s["relation_changed"], true);
        assert_eq!(s["captures"], true);
        // Player 1's bishop escapes to 9.
        let out = UncheckedAction::Escape {
            place: 9,
            sort: None,
        };
        let played = pos.play(pos.check(&out).unwrap(), true);
        let last = LastTurn {
            seat: 1,
            played,
            relation: None,
        };
        let s = parse(&scene(&pos, Some(&last), None));
        assert_eq!(
            s["last"],
            json!({"seat": 1, "action": "escape", "place": 9, "sort": "B", "escaped": true})
        );
        assert_eq!(s["prisoners"], json!([[], [[6, "P"]]]));
        assert_eq!(s["pieces"], json!([[6, 0, "T"], [9, 1, "B"]]));
        assert_eq!(s["relation_changed"], false);
    }
}
