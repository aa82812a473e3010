//! What people see of a game: the scene the HTML viewer draws (every piece,
//! or what one player knows), its script and style, and a player's view
//! drawn as text (the `human` program's board). Pure: strings only.

use std::fmt::Write as _;

use crate::bits::Bits;
use crate::board::Board;
use crate::game::Game;
use crate::piece::{Player, Rank};
use crate::square::Square;
use crate::view::{Cell, View};

/// The viewer's script: `drawScene(scene, element, view)` (see
/// `game_core::Viewer`).
pub const VIEWER_SCRIPT: &str = include_str!("../viewer/stratego.js");

/// The viewer's style.
pub const VIEWER_STYLE: &str = include_str!("../viewer/stratego.css");

/// The letter of a square in a scene's board: `.` empty, `~` lake, `a`..`l`
/// player 0's piece of code 1..12, `A`..`L` player 1's, `x` / `X` a piece of
/// player 0 / 1 whose rank the viewer does not know.
fn letter(owner: Player, rank: Option<Rank>) -> char {
    let base = match owner {
        Player::Zero => b'a',
        Player::One => b'A',
    };
    match rank {
        Some(r) => char::from(base + r.code() - 1),
        None => char::from(base + (b'x' - b'a')),
    }
}

/// A scene for the viewer: a JSON object, `{"board": 100 letters (rows A
/// to J, columns 0 to 9, see [`letter`]), "from": square, "to": square}`
/// (the last move, if any). `viewer` sees every rank of its own pieces and
/// those of the opponent on `revealed` (shown in battle); `None` sees all.
pub fn scene(
    board: &Board,
    revealed: Bits,
    viewer: Option<Player>,
    last: Option<(Square, Square)>,
) -> String {
    let mut cells = String::with_capacity(Square::COUNT);
    for sq in Square::all() {
        cells.push(match board.get(sq) {
            None if sq.is_lake() => '~',
            None => '.',
            Some(p) => {
                let known = viewer.is_none_or(|v| v == p.owner) || revealed & sq.bit() != 0;
                letter(p.owner, known.then_some(p.rank))
            }
        });
    }
    let mut s = format!("{{\"board\":\"{cells}\"");
    if let Some((from, to)) = last {
        let _ = write!(s, ",\"from\":\"{from}\",\"to\":\"{to}\"");
    }
    s.push('}');
    s
}

/// The squares whose piece both players have seen in battle, after a
/// move from `from` to `to`: a piece that moves keeps its mark, a piece
/// that fought is marked, a square left empty is not.
pub fn revealed_after(
    revealed: Bits,
    board: &Board,
    from: Square,
    to: Square,
    battle: bool,
) -> Bits {
    let moved = revealed & from.bit() != 0;
    let mut r = revealed & !from.bit() & !to.bit();
    if board.get(to).is_some() && (battle || moved) {
        r |= to.bit();
    }
    r
}

/// A 10x10 board as text: column numbers, row letters, and for each
/// square the three characters `cell` gives, painted with the ANSI code it
/// gives when `colour`.
fn grid(colour: bool, mut cell: impl FnMut(Square) -> (String, Option<&'static str>)) -> String {
    let mut s = String::from("   ");
    for c in 0..10 {
        let _ = write!(s, " {c} ");
    }
    s.push('\n');
    for r in 0..10u8 {
        let _ = write!(s, " {} ", char::from(b'A' + r));
        for c in 0..10 {
            let (text, code) = cell(Square::new(r, c).expect("on the board"));
            match code.filter(|_| colour) {
                Some(code) => {
                    let _ = write!(s, "\x1b[{code}m{text}\x1b[0m");
                }
                None => s.push_str(&text),
            }
        }
        s.push('\n');
    }
    s
}

/// The ANSI colour of a player's pieces: red for player 0, blue for 1.
fn paint(owner: Player) -> &'static str {
    match owner {
        Player::Zero => "1;31",
        Player::One => "1;34",
    }
}

/// The board as everyone sees it (`referee -v`, `referee replay`): player
/// 0's pieces plain, player 1's in parentheses (red and blue in colour),
/// lakes `~`.
pub fn draw_board(game: &Game, colour: bool) -> String {
    grid(colour, |sq| match game.board().get(sq) {
        None if sq.is_lake() => (" ~ ".to_owned(), Some("36")),
        None => (" . ".to_owned(), Some("2")),
        Some(p) if p.owner == Player::Zero => {
            (format!(" {} ", p.rank.symbol()), Some(paint(p.owner)))
        }
        Some(p) => (format!("({})", p.rank.symbol()), Some(paint(p.owner))),
    })
}

/// `view`'s board as text, for its player at a terminal: its own pieces by
/// symbol (`1`..`9`, `s` Spy, `F` Flag, `B` Bomb), the opponent's as `?`
/// or, once revealed or given away by a Scout's move, by symbol in
/// parentheses; `~~~` lakes. `mark` squares (the last move) are bracketed.
/// With `colour`, player 0's pieces red and player 1's blue.
pub fn draw_view(view: &View, colour: bool, mark: &[Square]) -> String {
    grid(colour, |sq| {
        if sq.is_lake() {
            return ("~~~".to_owned(), Some("36"));
        }
        let (symbol, known_enemy, owner) = match view.cell(sq) {
            Cell::Empty => ('.', false, None),
            Cell::Own(rank) => (rank.symbol(), false, Some(view.me())),
            Cell::Enemy(i) => match view.enemies()[usize::from(i)].known_rank() {
                Some(rank) => (rank.symbol(), true, Some(view.me().opponent())),
                None => ('?', false, Some(view.me().opponent())),
            },
        };
        let (open, close) = if mark.contains(&sq) {
            ('[', ']')
        } else if known_enemy {
            ('(', ')')
        } else {
            (' ', ' ')
        };
        (format!("{open}{symbol}{close}"), owner.map(paint))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;
    use crate::testing::sq;

    #[test]
    fn a_scene_hides_what_the_viewer_does_not_know() {
        let mut b = Board::empty();
        b.set(sq("A0"), Some(Piece::new(Player::Zero, Rank::Flag)));
        b.set(sq("J9"), Some(Piece::new(Player::One, Rank::Marshal)));
        b.set(sq("E5"), Some(Piece::new(Player::One, Rank::Spy)));
        let all = scene(&b, 0, None, Some((sq("E6"), sq("E5"))));
        assert!(all.starts_with("{\"board\":\"k........."), "{all}");
        assert!(all.ends_with(",\"from\":\"E6\",\"to\":\"E5\"}"), "{all}");
        let board = |s: &str| s[10..110].to_owned();
        let all = board(&all);
        assert_eq!(&all[99..], "A");
        assert_eq!(&all[45..46], "J");
        assert_eq!(&all[24..26], "~~");
        // Player 0 sees its Flag, not the rest; once E5 is revealed, the Spy.
        let zero = board(&scene(&b, 0, Some(Player::Zero), None));
        assert_eq!((&zero[0..1], &zero[45..46], &zero[99..]), ("k", "X", "X"));
        let zero = board(&scene(&b, sq("E5").bit(), Some(Player::Zero), None));
        assert_eq!(&zero[45..46], "J");
        let one = board(&scene(&b, 0, Some(Player::One), None));
        assert_eq!((&one[0..1], &one[99..]), ("x", "A"));
    }

    #[test]
    fn revealed_marks_follow_the_pieces() {
        let mut b = Board::empty();
        b.set(sq("B4"), Some(Piece::new(Player::Zero, Rank::Colonel)));
        // B3 attacked B4 and won: B4 is marked, B3 is empty.
        let r = revealed_after(0, &b, sq("B3"), sq("B4"), true);
        assert_eq!(r, sq("B4").bit());
        // The marked piece moves on: the mark moves with it.
        b.set(sq("B4"), None);
        b.set(sq("B5"), Some(Piece::new(Player::Zero, Rank::Colonel)));
        let r = revealed_after(r, &b, sq("B4"), sq("B5"), false);
        assert_eq!(r, sq("B5").bit());
        // Both removed: nothing marked there.
        b.set(sq("B5"), None);
        assert_eq!(revealed_after(r, &b, sq("B6"), sq("B5"), true), 0);
    }

    #[test]
    fn a_view_is_drawn_with_the_opponent_hidden() {
        let setup = crate::setup::Setup::new(Player::Zero, &Rank::army()).unwrap();
        let v = View::new(&setup);
        let text = draw_view(&v, false, &[sq("A0")]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "    0  1  2  3  4  5  6  7  8  9 ");
        assert_eq!(lines[1], " A [1] 2  3  3  .  .  ?  ?  ?  ? ", "{text}");
        assert_eq!(lines[3], " C  5  5  5  6 ~~~~~~ ?  ?  ?  ? ", "{text}");
    }
}
