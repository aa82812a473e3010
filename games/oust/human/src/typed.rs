//! A move as a person types it: the column, then the row, as on the wire
//! (`2 1`, `2,1`), or `pass`. Read into the same unchecked move as the
//! wire's, so that the rules judge it and say why it is refused.

use oust::{Options, UncheckedMove};

/// What the person typed, read: a move, or one of
/// [`terminal::command`]'s words.
pub type Typed = terminal::Typed<UncheckedMove>;

/// How to type a move.
pub const HOW: &str = "type the column, then the row of an empty point (2 1): a stone next to \
     none of yours ends your turn; one next to yours must make a group larger than every enemy \
     group it touches, which it captures, and you play again; pass only without any placement; \
     moves lists yours; quit gives up";

/// Reads a typed line on a board of `opts` (a pass is the point past its
/// corner, as on the wire).
pub fn read(line: &str, opts: Options) -> Result<Typed, String> {
    if let Some(command) = terminal::command(line) {
        return Ok(command);
    }
    let words = terminal::words(line, &[',']);
    let number = |w: &str| -> Result<u32, String> {
        if !w.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "{:?} is not a move: {w:?} is not a column or a row number; {HOW}",
                line.trim()
            ));
        }
        w.parse()
            .map_err(|_| format!("{w:?} is too large for a coordinate"))
    };
    match words.as_slice() {
        [] => Err(HOW.to_owned()),
        [p] if p.eq_ignore_ascii_case("pass") => Ok(Typed::Move(UncheckedMove::new(
            u32::from(opts.cols),
            u32::from(opts.rows),
        ))),
        [c, r] => Ok(Typed::Move(UncheckedMove::new(number(c)?, number(r)?))),
        _ => Err(format!("{:?} is not a move: {HOW}", line.trim())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIVE: Options = Options { cols: 5, rows: 5 };

    #[test]
    fn moves_are_read_leniently() {
        let mv = |c, r| Ok(Typed::Move(UncheckedMove::new(c, r)));
        assert_eq!(read("2 1", FIVE), mv(2, 1));
        assert_eq!(read("  2\t 1 ", FIVE), mv(2, 1));
        assert_eq!(read("2,1", FIVE), mv(2, 1));
        assert_eq!(read("PASS", FIVE), mv(5, 5));
        terminal::assert_reads_commands(|line| read(line, FIVE));
    }

    #[test]
    fn errors_say_what_was_received_and_how_to_type() {
        let e = read("hello there", FIVE).unwrap_err();
        assert!(
            e.starts_with("\"hello there\" is not a move: \"hello\" is not a column"),
            "{e}"
        );
        assert!(e.contains("; type the column, then the row"), "{e}");
        let e = read("1 2 3", FIVE).unwrap_err();
        assert!(e.starts_with("\"1 2 3\" is not a move: type"), "{e}");
        let e = read("-1 0", FIVE).unwrap_err();
        assert!(e.contains("\"-1\" is not a column"), "{e}");
        assert_eq!(
            read("99999999999 1", FIVE).unwrap_err(),
            "\"99999999999\" is too large for a coordinate"
        );
        assert!(read("", FIVE).unwrap_err().starts_with("type the column"));
    }
}
