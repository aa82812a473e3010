//! The person's view between two processes: the position after their last
//! move and the news they were told, in a file of the directory given by
//! `--memory` (one per colour, so that a person may play both seats); and
//! the opponent's moves found between that position and the next one.

use std::io;
use std::path::{Path, PathBuf};

use oust::{Colour, Move, Position, UncheckedMove, wire};

/// The line between the position and the news in a memory file.
const NEWS: &str = "news:";

/// What one process leaves the next.
#[derive(Clone)]
pub struct Memory {
    /// The position after the person's last move (the opponent to move,
    /// or the person again after a capture).
    pub position: Position,
    /// The news lines told, the oldest first.
    pub news: Vec<String>,
}

/// The memory file of `colour` in `dir`.
pub fn file(dir: &Path, colour: Colour) -> PathBuf {
    dir.join(format!("oust-{colour}.txt"))
}

/// Reads a memory file: `None` when there is none, or it is not one.
pub fn load(path: &Path) -> Option<Memory> {
    let text = std::fs::read_to_string(path).ok()?;
    let (position, news) = text.split_once(&format!("{NEWS}\n"))?;
    let (opts, cells, colour) = wire::parse_position(position).ok()?;
    Some(Memory {
        position: Position::from_cells(opts, &cells, colour, 0),
        news: news.lines().map(str::to_owned).collect(),
    })
}

/// Writes a memory file (a whole file or none: written aside, then
/// renamed over the last).
pub fn save(path: &Path, position: &Position, news: &[String]) -> io::Result<()> {
    let mut text = wire::position_text(position);
    text.push_str(NEWS);
    text.push('\n');
    for line in news {
        text.push_str(line);
        text.push('\n');
    }
    let aside = path.with_extension("new");
    std::fs::write(&aside, text)?;
    std::fs::rename(&aside, path)
}

/// The empty board of `now`'s size, black to move: where every game
/// starts.
pub fn start(now: &Position) -> Position {
    Position::new(now.options(), 0)
}

/// The opponent's moves that lead from `before` to `now`, in an order
/// the rules allow: each a capture but the last (a capture keeps the
/// mover on move), or a pass; empty when `before` left the person on move
/// (they captured) and nothing changed. `None` when no such moves exist
/// (the memory is of another game).
pub fn between(before: &Position, now: &Position) -> Option<Vec<Move>> {
    let me = now.to_move();
    if before.options() != now.options() {
        return None;
    }
    if before.to_move() == me {
        return (before.cells() == now.cells()).then(Vec::new);
    }
    let (mine, theirs) = (me.digit(), me.other().digit());
    let mut placed = Vec::new();
    for (i, (&b, &n)) in before.cells().iter().zip(now.cells()).enumerate() {
        // The person's stones can only go, the opponent's only come.
        if (n == mine && b != mine) || (b == theirs && n != theirs) {
            return None;
        }
        if n == theirs && b != theirs {
            placed.push(i);
        }
    }
    let mut path = Vec::new();
    let mut used = vec![false; placed.len()];
    search(before, now, &placed, &mut used, &mut path).then_some(path)
}

/// Depth-first: the opponent's moves from `pos` on the points of `placed`
/// not `used` yet, until the person is on move in `now`.
fn search(
    pos: &Position,
    now: &Position,
    placed: &[usize],
    used: &mut [bool],
    path: &mut Vec<Move>,
) -> bool {
    if pos.to_move() == now.to_move() {
        return used.iter().all(|&u| u) && pos.cells() == now.cells();
    }
    let opts = pos.options();
    let mine = now.to_move().digit();
    let mut tries: Vec<(usize, UncheckedMove)> = Vec::new();
    for (k, &i) in placed.iter().enumerate() {
        if !used[k] {
            let (col, row) = opts.coords(oust::Point(i as u16));
            tries.push((k, UncheckedMove::new(col, row)));
        }
    }
    if tries.is_empty() {
        let pass = UncheckedMove::new(u32::from(opts.cols), u32::from(opts.rows));
        tries.push((usize::MAX, pass));
    }
    for (k, u) in tries {
        let Ok(mv) = pos.check(&u) else { continue };
        let mut next = pos.clone();
        next.play(mv);
        // A stone of the person's that is still on the board now cannot
        // have been captured on the way.
        let kept = now
            .cells()
            .iter()
            .zip(next.cells())
            .all(|(&n, &x)| n != mine || x == mine);
        if !kept {
            continue;
        }
        if let Some(u) = used.get_mut(k) {
            *u = true;
        }
        path.push(mv);
        if search(&next, now, placed, used, path) {
            return true;
        }
        path.pop();
        if let Some(u) = used.get_mut(k) {
            *u = false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        let (o, cells, c) = wire::parse_position(text).unwrap();
        Position::from_cells(o, &cells, c, 0)
    }

    fn coords(p: &Position, moves: &[Move]) -> Vec<String> {
        let o = p.options();
        moves
            .iter()
            .map(|m| match m.point() {
                Some(pt) => {
                    let (c, r) = o.coords(pt);
                    format!("{c} {r}")
                }
                None => "pass".to_owned(),
            })
            .collect()
    }

    #[test]
    fn the_opponents_moves_are_found_in_an_order_the_rules_allow() {
        // White to move; white then plays 2 0 (capturing the black stone
        // on 3 0 with its group of 2), and again 2 2, a quiet move.
        let before = pos("4 3\n0 2 0 1\n0 0 0 0\n1 0 0 0\n2\n");
        let now = pos("4 3\n0 2 2 0\n0 0 0 0\n1 0 2 0\n1\n");
        let moves = between(&before, &now).unwrap();
        assert_eq!(coords(&now, &moves), ["2 0", "2 2"]);
        assert!(moves[0].is_capture() && !moves[1].is_capture());
        // The empty board leads to white's first position.
        let first = pos("4 3\n0 0 0 0\n0 1 0 0\n0 0 0 0\n2\n");
        let moves = between(&start(&first), &first).unwrap();
        assert_eq!(coords(&first, &moves), ["1 1"]);
        // A black stone that appeared, or a white one that went: another
        // game.
        assert!(between(&now, &before).is_none());
        let other = pos("4 3\n0 0 0 0\n0 0 0 0\n0 0 0 1\n1\n");
        assert!(between(&before, &other).is_none());
        // The person captured: they are on move again, nothing between.
        let again = pos("4 3\n0 2 0 1\n0 0 0 0\n1 0 0 0\n1\n");
        assert_eq!(between(&again, &again).map(|m| m.len()), Some(0));
    }

    #[test]
    fn a_memory_is_saved_and_loaded() {
        let dir = std::env::temp_dir().join(format!("oust-human-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = file(&dir, Colour::White);
        assert!(path.ends_with("oust-white.txt"));
        assert!(load(&path).is_none());
        let p = pos("2 2\n0 1\n0 2\n1\n");
        save(&path, &p, &["one".to_owned(), "two".to_owned()]).unwrap();
        let m = load(&path).unwrap();
        assert_eq!(m.position.cells(), p.cells());
        assert_eq!(m.position.to_move(), Colour::Black);
        assert_eq!(m.news, ["one", "two"]);
        std::fs::write(&path, "not a memory").unwrap();
        assert!(load(&path).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
