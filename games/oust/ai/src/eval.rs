//! The evaluation of a position, from the side to move: material, the
//! largest groups, and the captures each side has ready.

use oust::{Colour, Groups, Move, Point, Position};

/// The weights of the evaluation's terms (in hundredths of a stone).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Weights {
    /// Per stone more than the opponent.
    pub material: i32,
    /// Per stone of the largest group more than the opponent's largest.
    pub largest_group: i32,
    /// Per capturing placement available, more than the opponent.
    pub captures: i32,
    /// Per stone of the largest capturing group available, more than the
    /// opponent's (a large capture is a large threat).
    pub best_capture: i32,
}

impl Weights {
    /// The weights the AI plays with (docs/games/oust.md: measured).
    pub const DEFAULT: Weights = Weights {
        material: 100,
        largest_group: 20,
        captures: 15,
        best_capture: 10,
    };

    /// Material alone, for comparison.
    pub const MATERIAL: Weights = Weights {
        material: 100,
        largest_group: 0,
        captures: 0,
        best_capture: 0,
    };
}

/// What one colour has on the board and ready to play.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Side {
    /// Stones.
    pub stones: i32,
    /// Size of its largest group.
    pub largest: i32,
    /// Capturing placements available.
    pub captures: i32,
    /// Size of the largest group a capture of it would make.
    pub best_capture: i32,
}

/// Counts both colours' terms in one pass.
pub fn sides(pos: &Position, g: &Groups) -> [Side; 2] {
    analyse(pos, g, None)
}

/// Counts both colours' terms in one pass, and collects the capturing
/// placements of the colour to move into `captures` if given (the
/// quiescence search needs both, and the groups only once).
pub fn analyse(pos: &Position, g: &Groups, mut captures: Option<&mut Vec<Move>>) -> [Side; 2] {
    let to_move = pos.to_move();
    let mut s = [Side::default(); 2];
    for c in [Colour::Black, Colour::White] {
        s[c.seat()].stones = i32::from(pos.stones(c));
    }
    let cells = pos.cells();
    for (i, &c) in cells.iter().enumerate() {
        let p = Point(i as u16);
        if c == 0 {
            for colour in [Colour::Black, Colour::White] {
                if let Ok(m @ Move::Capture { size, .. }) = pos.placement(p, colour, g) {
                    let side = &mut s[colour.seat()];
                    side.captures += 1;
                    side.best_capture = side.best_capture.max(i32::from(size));
                    if colour == to_move
                        && let Some(out) = captures.as_deref_mut()
                    {
                        out.push(m);
                    }
                }
            }
        } else {
            let size = i32::from(g.size(g.group(p).expect("a stone has a group")));
            let side = &mut s[usize::from(c - 1)];
            side.largest = side.largest.max(size);
        }
    }
    s
}

/// The value of `pos` for the side to move.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    score(pos, &sides(pos, &pos.groups()), w)
}

/// The value for the side to move of a position whose terms are `s`.
pub fn score(pos: &Position, s: &[Side; 2], w: &Weights) -> i32 {
    let me = pos.to_move().seat();
    let (a, b) = (s[me], s[1 - me]);
    w.material * (a.stones - b.stones)
        + w.largest_group * (a.largest - b.largest)
        + w.captures * (a.captures - b.captures)
        + w.best_capture * (a.best_capture - b.best_capture)
}

#[cfg(test)]
mod tests {
    use super::*;
    use oust::Options;

    #[test]
    fn terms_count_what_each_side_has() {
        // X X . O
        // . . . O
        let cells = [1, 1, 0, 2, 0, 0, 0, 2];
        let pos = Position::from_cells(Options { cols: 4, rows: 2 }, &cells, Colour::White, 0);
        let s = sides(&pos, &pos.groups());
        // Black: 2 stones, a group of 2, a capture at 2 0? It joins the
        // pair into 3, touching white's 2: yes.
        assert_eq!(
            s[0],
            Side {
                stones: 2,
                largest: 2,
                captures: 1,
                best_capture: 3
            }
        );
        // White: at 2 0 it makes 3 touching black's 2; at 2 1 it makes 3
        // touching nothing black... 2 1 touches no black stone.
        assert_eq!(s[1].captures, 1);
        assert_eq!(s[1].best_capture, 3);
        // Equal material and threats: only the side to move differs.
        assert_eq!(evaluate(&pos, &Weights::DEFAULT), 0);
    }
}
