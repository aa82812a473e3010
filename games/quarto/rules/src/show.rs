//! What people see of a game: the board drawn as text (`referee -v`,
//! `referee replay`, the `human` program), the levels in words, and the
//! scene the HTML viewer draws, with its script and style. Pure: strings
//! only.

use std::fmt::Write as _;

use crate::board::Board;
use crate::pattern::Level;
use crate::piece::{Attribute, Piece};
use crate::position::Position;
use crate::square::Square;

/// The viewer's script: `drawScene(scene, element, view)` (see
/// `game_core::Viewer`), which draws each piece so that its four
/// attributes show.
pub const VIEWER_SCRIPT: &str = include_str!("../viewer/quarto.js");

/// The viewer's style.
pub const VIEWER_STYLE: &str = include_str!("../viewer/quarto.css");

/// The patterns that win at `level`, in words.
pub fn level_words(level: Level) -> &'static str {
    match level.number() {
        1 => "rows, columns and the two long diagonals",
        2 => "rows, columns, the two long diagonals and every 2x2 square",
        3 => {
            "rows, columns, the two long diagonals, every 2x2 square and the corners of every \
             3x3 square"
        }
        _ => {
            "rows, columns, the two long diagonals, every 2x2 square, the corners of every 3x3 \
             square and the diamonds"
        }
    }
}

/// What the four letters of a piece mean, in one line.
pub const LETTERS: &str = "B brown / L light, T tall / S short, H hollow / F filled (solid), \
                           C cube / R round";

/// The board as text: the column numbers, then a row per line, each piece
/// as its number and letters (` 10 BSHR `). `mark` is framed in brackets
/// (the last placement); the squares of `won` (a pattern's mask, 0 for
/// none) are framed in stars, and shown in reverse video in colour, where
/// brown pieces are yellow and light ones bold.
pub fn grid(board: &Board, colour: bool, mark: Option<Square>, won: u16) -> String {
    let mut s = String::from("   ");
    for c in 1..=4 {
        let _ = write!(s, "    {c}    ");
    }
    trim_end(&mut s);
    s.push('\n');
    for row in 0..4u8 {
        let _ = write!(s, " {} ", char::from(b'A' + row));
        for col in 0..4 {
            let sq = Square::at(row, col).expect("on the board");
            let piece = board.get(sq);
            let inner = match piece {
                Some(p) => format!("{:>2} {}", p.number(), p.letters()),
                None => "   .   ".to_owned(),
            };
            let is_won = won & sq.bit() != 0;
            let (open, close) = if is_won {
                ('*', '*')
            } else if mark == Some(sq) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            let text = format!("{open}{inner}{close}");
            if colour {
                let mut codes = vec![match piece {
                    Some(p) if p.has(Attribute::Brown) => "33",
                    Some(_) => "1",
                    None => "2",
                }];
                if is_won {
                    codes.push("7");
                }
                let _ = write!(s, "\x1b[{}m{text}\x1b[0m", codes.join(";"));
            } else {
                s.push_str(&text);
            }
        }
        trim_end(&mut s);
        s.push('\n');
    }
    s
}

/// Drops the blanks at the end of `s` (a drawn line).
fn trim_end(s: &mut String) {
    s.truncate(s.trim_end_matches(' ').len());
}

/// The mask of the pattern that won the game, 0 if none.
fn won_mask(pos: &Position) -> u16 {
    pos.end().and_then(|e| e.won).map_or(0, |(p, _, _)| p.mask)
}

/// The whole position for people, from every seat's view (`referee -v`,
/// `referee replay`): the board (the won pattern starred), then who holds
/// which piece, or the end, and the pieces left.
pub fn draw(pos: &Position, colour: bool) -> String {
    let mut s = grid(pos.board(), colour, None, won_mask(pos));
    match (pos.end(), pos.hand()) {
        (Some(e), _) => {
            let _ = match e.won {
                Some((p, a, _)) => writeln!(s, "won: {p}, all {}", a.words()),
                None => writeln!(s, "{}", e.reason.words()),
            };
        }
        (None, Some(h)) => {
            let _ = writeln!(s, "player {} places {h}", pos.to_move());
        }
        (None, None) => {
            let _ = writeln!(s, "player {} gives the first piece", pos.to_move());
        }
    }
    let left: Vec<String> = pos
        .available()
        .iter()
        .map(|p| p.number().to_string())
        .collect();
    let _ = writeln!(
        s,
        "left: {}",
        if left.is_empty() {
            "none".to_owned()
        } else {
            left.join(" ")
        }
    );
    s
}

/// A JSON string (the scene's texts are ASCII without control bytes).
fn json_str(text: &str) -> String {
    let mut s = String::from("\"");
    for c in text.chars() {
        if matches!(c, '"' | '\\') {
            s.push('\\');
        }
        s.push(c);
    }
    s.push('"');
    s
}

/// A scene for the viewer: a JSON object,
///
/// ```text
/// {"level": 1, "board": [16 pieces (0..15) or null, A1 to D4], "hand": 7 or null (the
///  piece to place: none before the first gift and after the end),
///  "to_move": 0, "left": [the pieces that can still be given], "last": "B3" or null,
///  "end": null, or {"winner": 0, 1 or null, "won": ["A1", ...] (the winning pattern's
///                   squares, empty for a draw), "words": "column 1 (A1 B1 C1 D1), all tall"}}
/// ```
///
/// `last` is the square of the last placement.
pub fn scene(pos: &Position, last: Option<Square>) -> String {
    let number = |p: Option<Piece>| p.map_or_else(|| "null".to_owned(), |p| p.number().to_string());
    let board: Vec<String> = Square::ALL
        .iter()
        .map(|&sq| number(pos.board().get(sq)))
        .collect();
    let left: Vec<String> = pos
        .available()
        .iter()
        .map(|p| p.number().to_string())
        .collect();
    let end = match pos.end() {
        None => "null".to_owned(),
        Some(e) => {
            let (won, words) = match e.won {
                Some((p, a, _)) => (
                    p.squares().map(|sq| json_str(&sq.to_string())).collect(),
                    format!("{p}, all {}", a.words()),
                ),
                None => (Vec::new(), e.reason.words().to_owned()),
            };
            format!(
                "{{\"winner\":{},\"won\":[{}],\"words\":{}}}",
                e.winner
                    .map_or_else(|| "null".to_owned(), |w| w.to_string()),
                won.join(","),
                json_str(&words)
            )
        }
    };
    format!(
        "{{\"level\":{},\"board\":[{}],\"hand\":{},\"to_move\":{},\"left\":[{}],\"last\":{},\"end\":{end}}}",
        pos.level(),
        board.join(","),
        number(pos.hand().filter(|_| pos.end().is_none())),
        pos.to_move(),
        left.join(","),
        last.map_or_else(|| "null".to_owned(), |sq| json_str(&sq.to_string())),
    )
}

/// The sixteen pieces in two rows, light ones then brown ones, each as
/// its number and letters in a place of its own, blank unless `shown`
/// (the pieces a person can still give): a piece stays where the eye
/// found it before.
pub fn piece_rows(shown: impl Fn(Piece) -> bool) -> [String; 2] {
    let row = |brown: bool| {
        let mut s = String::new();
        for p in Piece::ALL
            .into_iter()
            .filter(|p| p.has(Attribute::Brown) == brown)
        {
            if shown(p) {
                let _ = write!(s, "{:>3} {}  ", p.number(), p.letters());
            } else {
                s.push_str(&" ".repeat(10));
            }
        }
        trim_end(&mut s);
        s
    };
    [row(false), row(true)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::UncheckedMove;

    fn play(pos: &mut Position, square: &str, gift: Option<u8>) {
        let m = pos
            .check(&UncheckedMove {
                square: Square::parse(square),
                gift: gift.and_then(Piece::new),
            })
            .unwrap();
        pos.play(m);
    }

    #[test]
    fn the_board_is_drawn_with_the_hand_and_the_pieces_left() {
        let mut pos = Position::new(Level::default(), 0);
        play(&mut pos, "-", Some(10));
        play(&mut pos, "B3", Some(0));
        let d = draw(&pos, false);
        assert_eq!(
            d,
            "       1        2        3        4\n\
             \x20A     .        .        .        .\n\
             \x20B     .        .     10 BSHR     .\n\
             \x20C     .        .        .        .\n\
             \x20D     .        .        .        .\n\
             player 0 places 0 (LSFR)\n\
             left: 1 2 3 4 5 6 7 8 9 11 12 13 14 15\n"
        );
        assert!(draw(&pos, true).contains("\x1b[33m 10 BSHR \x1b[0m"));
        let marked = grid(pos.board(), false, Square::parse("B3"), 0);
        assert!(
            marked.contains(" B     .        .    [10 BSHR]"),
            "{marked}"
        );
    }

    #[test]
    fn the_won_pattern_is_starred() {
        // Tall pieces down column 1: 4, 5, 6, then 7 wins.
        let mut pos = Position::new(Level::default(), 0);
        play(&mut pos, "-", Some(4));
        for (sq, gift) in [("A1", 5), ("B1", 6), ("C1", 7)] {
            play(&mut pos, sq, Some(gift));
        }
        play(&mut pos, "D1", None);
        let d = draw(&pos, false);
        assert!(d.contains(" A * 4 LTFR*"), "{d}");
        assert!(d.contains(" D * 7 LTHC*"), "{d}");
        assert!(
            d.contains("won: column 1 (A1 B1 C1 D1), all light and tall"),
            "{d}"
        );
        assert!(
            draw(&pos, true).contains("\x1b[1;7m* 7 LTHC*\x1b[0m"),
            "{d}"
        );
    }

    #[test]
    fn scenes_hold_the_board_the_hand_the_pieces_left_and_the_end() {
        let mut pos = Position::new(Level::default(), 0);
        let empty = scene(&pos, None);
        assert_eq!(
            empty,
            format!(
                "{{\"level\":1,\"board\":[{}],\"hand\":null,\"to_move\":0,\"left\":[{}],\"last\":null,\"end\":null}}",
                ["null"; 16].join(","),
                (0..16)
                    .map(|n: u8| n.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            )
        );
        play(&mut pos, "-", Some(4));
        for (sq, gift) in [("A1", 5), ("B1", 6), ("C1", 7)] {
            play(&mut pos, sq, Some(gift));
        }
        let s = scene(&pos, Square::parse("C1"));
        assert!(s.contains("\"board\":[4,null,null,null,5,null"), "{s}");
        assert!(
            s.contains("\"hand\":7,\"to_move\":0,\"left\":[0,1,2,3,8,"),
            "{s}"
        );
        assert!(s.contains("\"last\":\"C1\",\"end\":null}"), "{s}");
        play(&mut pos, "D1", None);
        let s = scene(&pos, Square::parse("D1"));
        assert!(
            s.ends_with(
                "\"end\":{\"winner\":0,\"won\":[\"A1\",\"B1\",\"C1\",\"D1\"],\"words\":\"column 1 (A1 B1 C1 D1), all light and tall\"}}"
            ),
            "{s}"
        );
        assert_eq!(json_str("a\"b\\"), "\"a\\\"b\\\\\"");
    }

    #[test]
    fn pieces_keep_their_place_in_the_rows() {
        let [light, brown] = piece_rows(|p| p.number() != 1 && p.number() != 15);
        assert_eq!(
            light,
            "  0 LSFR              2 LSHR    3 LSHC    4 LTFR    5 LTFC    6 LTHR    7 LTHC"
        );
        assert!(brown.ends_with(" 14 BTHR"), "{brown}");
        assert_eq!(piece_rows(|_| false), [String::new(), String::new()]);
    }
}
