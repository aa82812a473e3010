//! The position drawn as text for people (`referee -v`, `referee replay`,
//! the viewer's default scene): the lattice with its edges, walls, pawns,
//! starts and objectives, and a line per player.

use std::fmt::Write as _;

use crate::board::Vertex;
use crate::colour::Colour;
use crate::dir::Dir;
use crate::position::Position;

/// One cell of the drawing and how to colour it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ink {
    Plain,
    Dim,
    Wall,
    Black,
    White,
    Objective,
}

impl Ink {
    const fn code(self) -> &'static str {
        match self {
            Ink::Plain => "0",
            Ink::Dim => "2",
            Ink::Wall => "1;31",
            Ink::Black => "1;7",
            Ink::White => "1;33",
            Ink::Objective => "1;32",
        }
    }
}

/// Draws `pos`: `B` and `W` the pawns, `b` and `w` the starts, `*` an
/// objective, `.` any other vertex; `-`, `/`, `\` the edges and `#` a
/// walled one. Each row starts with the number of its first vertex.
/// `colour` allows ANSI colours.
pub fn draw(pos: &Position, colour: bool) -> String {
    let board = pos.board();
    let layout = pos.layout();
    let m = board.size() as i32;
    let width = (8 * (m - 1) + 1) as usize;
    let lines = (4 * (m - 1) + 1) as usize;
    let mut grid = vec![vec![(' ', Ink::Plain); width]; lines];
    let mut row_start: Vec<Option<Vertex>> = vec![None; lines];
    let x_of = |r: i32, q: i32| (2 * (2 * q + r) + 4 * (m - 1)) as usize;
    let y_of = |r: i32| (2 * (r + m - 1)) as usize;
    for v in 0..board.vertices() as Vertex {
        let (r, q) = board.coords(v);
        let (x, y) = (x_of(r, q), y_of(r));
        row_start[y].get_or_insert(v);
        let cell = if v == pos.pawn(Colour::Black) {
            ('B', Ink::Black)
        } else if v == pos.pawn(Colour::White) {
            ('W', Ink::White)
        } else if layout.objective_bit(v) != 0 {
            ('*', Ink::Objective)
        } else if v == layout.start(Colour::Black) {
            ('b', Ink::Plain)
        } else if v == layout.start(Colour::White) {
            ('w', Ink::Plain)
        } else {
            ('.', Ink::Plain)
        };
        grid[y][x] = cell;
        // The edges east, south-east and south-west, drawn half-way.
        for (d, dx, dy, c) in [
            (Dir::E, 2i32, 0usize, '-'),
            (Dir::SE, 1, 1, '\\'),
            (Dir::SW, -1, 1, '/'),
        ] {
            if board.neighbour(v, d).is_some() {
                let walled = pos.is_walled(v, d);
                grid[y + dy][(x as i32 + dx) as usize] = if walled {
                    ('#', Ink::Wall)
                } else {
                    (c, Ink::Dim)
                };
            }
        }
    }
    let margin = board.vertices().to_string().len();
    let mut s = String::new();
    for (y, row) in grid.iter().enumerate() {
        match row_start[y] {
            Some(v) => {
                let _ = write!(s, "{v:>margin$} ");
            }
            None => s.push_str(&" ".repeat(margin + 1)),
        }
        let end = row
            .iter()
            .rposition(|&(c, _)| c != ' ')
            .map_or(0, |i| i + 1);
        for &(c, ink) in &row[..end] {
            if colour && ink != Ink::Plain {
                let _ = write!(s, "\x1b[{}m{c}\x1b[0m", ink.code());
            } else {
                s.push(c);
            }
        }
        s.truncate(s.trim_end_matches(' ').len());
        s.push('\n');
    }
    let objectives = layout.objectives();
    for c in Colour::BOTH {
        let visited: Vec<String> = layout
            .objectives_in(pos.visited(c))
            .map(|o| o.to_string())
            .collect();
        let _ = writeln!(
            s,
            "{c} ({}): on {}, momentum {}, {} wall(s) left, objectives visited {}/{}{}",
            if c == Colour::Black { 'B' } else { 'W' },
            pos.pawn(c),
            pos.last_dir(c).map_or("none".to_owned(), |d| d.to_string()),
            pos.walls_left(c),
            visited.len(),
            objectives.len(),
            if visited.is_empty() {
                String::new()
            } else {
                format!(" ({})", visited.join(" "))
            }
        );
    }
    let list: Vec<String> = objectives.iter().map(u16::to_string).collect();
    let _ = writeln!(s, "objectives: {}", list.join(" "));
    let _ = match pos.end() {
        Some(e) => match e.winner {
            Some(w) => writeln!(s, "{w} won: {}", e.reason.words()),
            None => writeln!(s, "drawn: {}", e.reason.words()),
        },
        None => writeln!(s, "move {}, {} to move", pos.plies() + 1, pos.to_move()),
    };
    s
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::board::{Board, Shape};
    use crate::layout::Layout;
    use crate::moves::{Edge, UncheckedMove};

    #[test]
    fn t2_with_a_wall() {
        let layout = Layout::new(Board::new(Shape::T, 2).unwrap(), &[3]).unwrap();
        let mut pos = Position::new(Arc::new(layout), 0);
        let wall = UncheckedMove::Wall([Edge { from: 3, to: 4 }, Edge { from: 3, to: 6 }]);
        pos.play(pos.check(&wall).unwrap());
        assert_eq!(
            draw(&pos, false),
            "0   B - .\n   / \\ / \\\n2 . - * # .\n   \\ / # /\n5   . - W\n\
             black (B): on 0, momentum none, 0 wall(s) left, objectives visited 0/1\n\
             white (W): on 6, momentum none, 1 wall(s) left, objectives visited 0/1\n\
             objectives: 3\n\
             move 2, white to move\n"
        );
        assert!(draw(&pos, true).contains("\x1b[1;31m#\x1b[0m"));
    }
}
