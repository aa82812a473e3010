//! The session wire format (`docs/games/coursidor.md`), both ways: what the
//! referee sends each seat, the parse of a reply, and the player's side
//! (the referee's messages read back, and [`LineReader`], which cuts them
//! out of any byte stream).
//!
//! ```text
//! referee -> each seat    0 or 1                 its colour: 0 black (moves first), 1 white
//!                         T 6                    the board: type, m
//!                         91 240                 vertices, edges
//!                         0 1 3                  each edge once: V W D, V < W, W in direction D (1..6) of V
//!                         ...
//!                         0 90                   the starts: black's, white's
//!                         4 17 40 50 73          the objectives: their number, then each
//!                         15                     the walls each player has
//!                         0                      the turn limit (0: none)
//! seat to move -> referee M 34                   the pawn goes to 34
//!                         W 12 13 12 19          or a wall on the edges 12-13 and 12-19
//! referee -> mover        N, W, D or E           play on, you won, draw, illegal (you lose)
//! referee -> opponent     M 34 / N               the move and its result; or E (illegal), F (failure)
//! ```

use std::fmt::Write as _;

use std::io::Read;

use game_core::{ReadError, clean_line, printable};

use crate::board::{Board, Shape};
use crate::colour::Colour;
use crate::error::WireError;
use crate::layout::Layout;
use crate::moves::{Edge, UncheckedMove};

pub use game_core::session::{MoveResult, OpponentTurn};

/// Longest line of a reply, in bytes (without the `\n`).
pub const MAX_LINE_BYTES: usize = 128;
/// Most bytes before a reply is complete.
pub const MAX_REPLY_BYTES: usize = 4096;
/// Non-blank lines of a reply.
pub const REPLY_LINES: usize = 1;

/// What a seat is told first: its colour, then the layout and the turn
/// limit.
pub fn greeting(colour: Colour, layout: &Layout, max_turns: u32) -> String {
    let board = layout.board();
    let mut s = String::with_capacity(16 + 10 * board.edges() as usize);
    let _ = writeln!(s, "{}", colour.index());
    let _ = writeln!(s, "{} {}", board.shape(), board.size());
    let _ = writeln!(s, "{} {}", board.vertices(), board.edges());
    for (v, w, d) in board.edge_list() {
        let _ = writeln!(s, "{v} {w} {}", d.number());
    }
    let _ = writeln!(
        s,
        "{} {}",
        layout.start(Colour::Black),
        layout.start(Colour::White)
    );
    let _ = write!(s, "{}", layout.objectives().len());
    for o in layout.objectives() {
        let _ = write!(s, " {o}");
    }
    s.push('\n');
    let _ = writeln!(s, "{}", layout.walls_per_player());
    let _ = writeln!(s, "{max_turns}");
    s
}

/// Reads a decimal number: digits only, at most `u32::MAX`.
fn number(what: &'static str, word: &str) -> Result<u32, WireError> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(WireError::Number {
            what,
            got: printable(word.as_bytes()),
        });
    }
    let digits = word.trim_start_matches('0');
    match digits.parse::<u32>() {
        Ok(n) => Ok(n),
        Err(_) if digits.is_empty() => Ok(0),
        Err(_) => Err(WireError::TooLarge {
            what,
            got: printable(word.as_bytes()),
        }),
    }
}

/// Reads a move line: `M V` or `W A B C D` (words separated by blanks;
/// `m` and `w` too), or a player's `! REASON`.
pub fn parse_move(line: &str) -> Result<UncheckedMove, WireError> {
    if let Some(reason) = line.strip_prefix('!') {
        return Err(WireError::Declared(reason.trim().to_owned()));
    }
    let words: Vec<&str> = line.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    match words.as_slice() {
        [k, v] if k.eq_ignore_ascii_case("M") => Ok(UncheckedMove::Step(number("vertex", v)?)),
        [k, a, b, c, d] if k.eq_ignore_ascii_case("W") => Ok(UncheckedMove::Wall([
            Edge {
                from: number("the first edge's first vertex", a)?,
                to: number("the first edge's second vertex", b)?,
            },
            Edge {
                from: number("the second edge's first vertex", c)?,
                to: number("the second edge's second vertex", d)?,
            },
        ])),
        _ => Err(WireError::Syntax(printable(line.as_bytes()))),
    }
}

/// Reads a reply: its raw line (without `\n`), cleaned (a `\r` and the
/// blanks around the value dropped, printable ASCII required).
pub fn parse_reply(lines: &[Vec<u8>]) -> Result<UncheckedMove, WireError> {
    let raw = lines.first().map_or(&[][..], Vec::as_slice);
    let line = clean_line(raw, 1, MAX_LINE_BYTES)?.ok_or(WireError::Blank(1))?;
    parse_move(line)
}

/// The greeting as a player reads it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Greeting {
    /// Our colour.
    pub colour: Colour,
    /// The layout (checked against the board the rules build).
    pub layout: Layout,
    /// The turn limit (0: none).
    pub max_turns: u32,
}

/// Reads the greeting from `next_line` (the player's side): checks that
/// the edges, starts and walls told are those of the board and layout the
/// rules build, so that a player and the referee never disagree silently.
pub fn read_greeting(
    mut next_line: impl FnMut() -> Result<Option<String>, WireError>,
) -> Result<Option<Greeting>, WireError> {
    let bad = |expected: &'static str, got: &str| WireError::Unexpected {
        expected,
        got: printable(got.as_bytes()),
    };
    let Some(first) = next_line()? else {
        return Ok(None);
    };
    let mut line = |expected: &'static str| -> Result<String, WireError> {
        match next_line()? {
            Some(l) => Ok(l),
            None => Err(WireError::Unexpected {
                expected,
                got: "the end of the input".to_owned(),
            }),
        }
    };
    let colour = match first.as_str() {
        "0" => Colour::Black,
        "1" => Colour::White,
        _ => return Err(bad("the colour, 0 or 1", &first)),
    };
    let words = |l: &str| -> Vec<String> { l.split_whitespace().map(str::to_owned).collect() };
    let b = line("the board")?;
    let (shape, size) = match words(&b).as_slice() {
        [t, m] => (
            t.chars()
                .next()
                .filter(|_| t.len() == 1)
                .and_then(Shape::from_letter)
                .ok_or_else(|| bad("the board type, T, C or H", &b))?,
            number("the board size", m)?,
        ),
        _ => return Err(bad("the board, TYPE M", &b)),
    };
    let board = Board::new(shape, size).map_err(|_| bad("a board the rules know", &b))?;
    let counts = line("the numbers of vertices and edges")?;
    let expected_counts = format!("{} {}", board.vertices(), board.edges());
    if words(&counts).join(" ") != expected_counts {
        return Err(bad(
            "the numbers of vertices and edges of the board",
            &counts,
        ));
    }
    for (v, w, d) in board.edge_list() {
        let e = line("an edge")?;
        if words(&e).join(" ") != format!("{v} {w} {}", d.number()) {
            return Err(bad("the next edge of the board, V W DIRECTION", &e));
        }
    }
    let starts = line("the starts")?;
    if words(&starts).join(" ") != format!("0 {}", board.vertices() - 1) {
        return Err(bad("the starts, 0 and the last vertex", &starts));
    }
    let o = line("the objectives")?;
    let ws = words(&o);
    let count = number(
        "the number of objectives",
        ws.first().map_or("", String::as_str),
    )?;
    if ws.len() != count as usize + 1 {
        return Err(bad("the objectives: their number, then each", &o));
    }
    let objectives = ws[1..]
        .iter()
        .map(|w| number("an objective", w))
        .collect::<Result<Vec<u32>, _>>()?;
    let layout = Layout::new(board, &objectives).map_err(|_| bad("valid objectives", &o))?;
    let walls = line("the walls per player")?;
    if number("the walls per player", &walls)? != layout.walls_per_player() {
        return Err(bad("the walls per player of the board", &walls));
    }
    let turns = line("the turn limit")?;
    let max_turns = number("the turn limit", &turns)?;
    Ok(Some(Greeting {
        colour,
        layout,
        max_turns,
    }))
}

/// The longest line the referee sends (an edge, the objectives), for
/// [`LineReader`].
pub const MAX_MESSAGE_LINE: usize = 256;

/// The referee's messages as Coursidor's players read them: cleaned,
/// non-blank lines of at most [`MAX_MESSAGE_LINE`] bytes.
pub struct LineReader<R> {
    lines: game_core::LineReader<R>,
}

impl<R: Read> LineReader<R> {
    /// Wraps a byte stream.
    pub fn new(inner: R) -> LineReader<R> {
        LineReader {
            lines: game_core::LineReader::new(inner, MAX_MESSAGE_LINE),
        }
    }

    /// The next non-blank line, cleaned; `None` at the end of the stream.
    /// A failed read is told as what came in place of a message (the
    /// error is plain data, so it carries the read error's text).
    pub fn next_line(&mut self) -> Result<Option<String>, WireError> {
        self.lines.next_line().map_err(|e| match e {
            ReadError::Line(e) => e.into(),
            ReadError::Io(e) => WireError::Unexpected {
                expected: "a message",
                got: format!("a read error: {e}"),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout() -> Layout {
        Layout::new(Board::new(Shape::T, 2).unwrap(), &[3]).unwrap()
    }

    #[test]
    fn the_greeting_of_t2() {
        let g = greeting(Colour::White, &layout(), 50);
        assert_eq!(
            g,
            "1\nT 2\n7 12\n0 1 3\n0 3 4\n0 2 5\n1 4 4\n1 3 5\n2 3 3\n2 5 4\n3 4 3\n3 6 4\n3 5 5\n4 6 5\n5 6 3\n0 6\n1 3\n1\n50\n"
        );
        let mut lines = g.lines().map(str::to_owned);
        let read = read_greeting(|| Ok(lines.next())).unwrap().unwrap();
        assert_eq!(read.colour, Colour::White);
        assert_eq!(read.layout, layout());
        assert_eq!(read.max_turns, 50);
    }

    #[test]
    fn a_greeting_that_disagrees_with_the_rules_is_refused() {
        let g = greeting(Colour::Black, &layout(), 0).replace("0 3 4", "0 3 5");
        let mut lines = g.lines().map(str::to_owned);
        let e = read_greeting(|| Ok(lines.next())).unwrap_err().to_string();
        assert_eq!(
            e,
            "expected the next edge of the board, V W DIRECTION from the referee, got \"0 3 5\""
        );
    }

    #[test]
    fn replies_read_moves_and_walls() {
        let r = |s: &str| parse_reply(&[s.as_bytes().to_vec()]);
        assert_eq!(r(" M 34\r").unwrap(), UncheckedMove::Step(34));
        assert_eq!(r("m\t007").unwrap(), UncheckedMove::Step(7));
        let w = r("W 12 13  12 19").unwrap();
        assert_eq!(w.to_string(), "W 12 13 12 19");
        let e = |s: &str| r(s).unwrap_err().to_string();
        assert_eq!(
            e("M 3 4"),
            "expected a move, \"M VERTEX\" or \"W A B A C\" (a wall on the edges A-B and A-C), got \"M 3 4\""
        );
        assert_eq!(e("M -3"), "vertex: expected a number, got \"-3\"");
        assert_eq!(
            e("M 99999999999"),
            "vertex: \"99999999999\" is too large (over 4294967295)"
        );
        assert_eq!(
            r("M 4294967295").unwrap(),
            UncheckedMove::Step(4_294_967_295)
        );
        assert_eq!(
            e("W 1 2 x 4"),
            "the second edge's first vertex: expected a number, got \"x\""
        );
        assert_eq!(e(""), "line 1 is blank");
        assert_eq!(
            e("! move_t.c is 1, not this player's colour 0"),
            "the player's move is invalid: move_t.c is 1, not this player's colour 0"
        );
        assert!(e(&"M ".repeat(80)).contains("over the 128-byte limit"));
    }

    #[test]
    fn the_opponent_reads_the_move_normalised() {
        assert_eq!(UncheckedMove::Step(12).to_string(), "M 12");
    }
}
