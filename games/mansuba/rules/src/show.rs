//! The position drawn as text for people (`referee -v`, `referee replay`,
//! the `mansuba` program).

use std::fmt::Write as _;

use crate::position::Position;
use crate::world::Relation;

/// ANSI colours of the seats.
const COLOURS: [&str; 5] = ["31", "34", "32", "35", "33"];

/// The board: each row starts with its first place number; a piece is its
/// sort's letter and its seat (`P0`), a free place `.`, a free start place
/// `_` and its seat (`_1`). Hex rows are staggered as the relation lays
/// them. Then the prisoners and whose turn it is.
pub fn draw(pos: &Position, colour: bool) -> String {
    let rules = pos.rules();
    let world = rules.world();
    let width = usize::from(world.width());
    let label = (world.size() - 1).to_string().len();
    let mut s = String::new();
    let _ = write!(s, "{:label$} ", "");
    for c in 0..width {
        let _ = write!(s, "{c:>3}");
    }
    s.push('\n');
    for row in 0..i32::from(world.height()) {
        let first = world.place(row, 0).expect("inside");
        let _ = write!(s, "{first:>label$} ");
        if pos.relation() == Relation::Hex && row % 2 == 1 {
            s.push(' ');
        }
        for col in 0..i32::from(world.width()) {
            let p = world.place(row, col).expect("inside");
            let (text, seat) = match (pos.at(p), rules.start_owner(p)) {
                (Some(piece), _) => (
                    format!("{}{}", piece.sort.letter(), piece.seat),
                    Some(usize::from(piece.seat)),
                ),
                (None, Some(owner)) => (format!("_{owner}"), Some(owner)),
                (None, None) => (" .".to_owned(), None),
            };
            match seat {
                Some(seat) if colour => {
                    let _ = write!(s, " \x1b[{}m{text}\x1b[0m", COLOURS[seat % COLOURS.len()]);
                }
                _ => {
                    let _ = write!(s, " {text}");
                }
            }
        }
        s.push('\n');
    }
    for seat in 0..rules.players() {
        let prisoners = pos.prisoners(seat);
        if !prisoners.is_empty() {
            let list: Vec<String> = prisoners
                .iter()
                .map(|pr| format!("{} on {}", pr.sort.letter(), pr.place))
                .collect();
            let _ = writeln!(s, "player {seat}'s prisoners: {}", list.join(", "));
        }
    }
    let limit = match pos.max_turns() {
        0 => String::new(),
        n => format!(" of {n}"),
    };
    let _ = write!(s, "turn {}{limit}, {} relation", pos.turn(), pos.relation());
    match pos.end() {
        Some(end) => {
            let _ = match end.winner {
                Some(w) => writeln!(s, ", player {w} won: {}", end.reason.words()),
                None => writeln!(s, ", drawn: {}", end.reason.words()),
            };
        }
        None => {
            let _ = writeln!(s, ", player {} to move", pos.to_move());
        }
    }
    s
}
