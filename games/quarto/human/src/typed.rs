//! A move as a person types it: the square for the piece they hold, then
//! the piece they give, as its number or its four letters in any order
//! and case: `B3 7`, `b3 7`, `b3,bthc`, `b37`; the piece alone on the
//! game's first move (`7`, `- 7`), the square alone after a winning or
//! the last placement (`D4`). Read into the same unchecked move as the
//! wire's, so that the rules judge it and say why it is refused.

use quarto::{Piece, Square, UncheckedMove};

/// What the person typed, read: a move, or one of [`terminal::command`]'s
/// words.
pub type Typed = terminal::Typed<UncheckedMove>;

/// How to type a move.
pub const HOW: &str = "type the square for the piece you hold, then the piece you give, by its \
     number or its four letters: B3 7, b3 bthc (on the first move, the piece alone: 7; when your \
     placement wins or fills the board, the square alone: D4); moves lists the free squares and \
     the pieces left; quit gives up";

/// Reads a typed line.
pub fn read(line: &str) -> Result<Typed, String> {
    if let Some(command) = terminal::command(line) {
        return Ok(command);
    }
    let words = terminal::words(line, &[',', ';', '/']);
    let (square, gift) = match words.as_slice() {
        [] => return Err(HOW.to_owned()),
        [one] => one_word(one)?,
        [s, g] => (square(s)?, piece(g)?),
        _ => return Err(format!("{:?} is not a move: {HOW}", line.trim())),
    };
    Ok(Typed::Move(UncheckedMove { square, gift }))
}

/// One word: a square, a piece, or both run together (`b37`, `b3bthc`).
fn one_word(w: &str) -> Result<(Option<Square>, Option<Piece>), String> {
    if let Some(s) = lenient_square(w) {
        return Ok((Some(s), None));
    }
    if let Some(p) = lenient_piece(w) {
        return Ok((None, Some(p)));
    }
    if let Some(s) = w.get(..2).and_then(lenient_square) {
        return Ok((Some(s), piece(&w[2..])?));
    }
    Err(format!(
        "{w:?} is neither a square (A1 to D4) nor a piece (0 to 15, or four letters): {HOW}"
    ))
}

/// `A1` .. `D4` in either case.
fn lenient_square(w: &str) -> Option<Square> {
    Square::parse(&w.to_ascii_uppercase())
}

/// `0` .. `15`, or four letters, one per attribute, in any order and case.
fn lenient_piece(w: &str) -> Option<Piece> {
    if !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) {
        return w.parse::<u8>().ok().and_then(Piece::new);
    }
    Piece::from_letters(w)
}

/// A square, or `-` for none.
fn square(w: &str) -> Result<Option<Square>, String> {
    if w == "-" {
        return Ok(None);
    }
    lenient_square(w)
        .map(Some)
        .ok_or_else(|| format!("{w:?} is not a square: A1 to D4, a row letter then a column digit"))
}

/// A piece, or `-` for none.
fn piece(w: &str) -> Result<Option<Piece>, String> {
    if w == "-" {
        return Ok(None);
    }
    lenient_piece(w).map(Some).ok_or_else(|| {
        format!(
            "{w:?} is not a piece: 0 to 15, or four letters, one of each pair B/L, T/S, H/F, C/R"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(square: Option<&str>, gift: Option<u8>) -> Result<Typed, String> {
        Ok(Typed::Move(UncheckedMove {
            square: square.and_then(Square::parse),
            gift: gift.and_then(Piece::new),
        }))
    }

    #[test]
    fn moves_are_read_leniently() {
        assert_eq!(read("B3 7"), mv(Some("B3"), Some(7)));
        assert_eq!(read("  b3   7 "), mv(Some("B3"), Some(7)));
        assert_eq!(read("b3,15"), mv(Some("B3"), Some(15)));
        assert_eq!(read("b3 / bthc"), mv(Some("B3"), Some(15)));
        assert_eq!(read("B3 chtb"), mv(Some("B3"), Some(15)));
        assert_eq!(read("B3 LSFR"), mv(Some("B3"), Some(0)));
        assert_eq!(read("b37"), mv(Some("B3"), Some(7)));
        assert_eq!(read("d4bshr"), mv(Some("D4"), Some(10)));
        assert_eq!(read("07"), mv(None, Some(7)));
        assert_eq!(read("- 7"), mv(None, Some(7)));
        assert_eq!(read("bshr"), mv(None, Some(10)));
        assert_eq!(read("d4"), mv(Some("D4"), None));
        assert_eq!(read("D4 -"), mv(Some("D4"), None));
        terminal::assert_reads_commands(read);
    }

    #[test]
    fn errors_say_what_is_wrong_and_how_to_type() {
        let e = read("E1 7").unwrap_err();
        assert_eq!(
            e,
            "\"E1\" is not a square: A1 to D4, a row letter then a column digit"
        );
        let e = read("B3 16").unwrap_err();
        assert!(
            e.starts_with("\"16\" is not a piece: 0 to 15, or four letters"),
            "{e}"
        );
        assert!(
            read("B3 BLHC")
                .unwrap_err()
                .starts_with("\"BLHC\" is not a piece")
        );
        let e = read("hello").unwrap_err();
        assert!(e.starts_with("\"hello\" is neither a square"), "{e}");
        assert!(e.contains(": type the square"), "{e}");
        let e = read("b3 7 8").unwrap_err();
        assert!(e.starts_with("\"b3 7 8\" is not a move: type"), "{e}");
        assert!(read("b3x").unwrap_err().starts_with("\"x\" is not a piece"));
        assert!(read("").unwrap_err().starts_with("type the square"));
    }
}
