//! A move as a person types it: the vertex the pawn goes to (`34`, or as
//! on the wire, `M 34`), or a wall by its corner and the two other ends of
//! its edges (`w 12 13 19`, or as on the wire, `W 12 13 12 19`). Read into
//! the same unchecked move as the wire's, so that the rules judge it and
//! say why it is refused.

use coursidor::{Edge, UncheckedMove};

/// What the person typed, read: a move, or one of
/// [`terminal::command`]'s words.
pub type Typed = terminal::Typed<UncheckedMove>;

/// How to type a move.
pub const HOW: &str = "type the vertex your pawn goes to (34, or M 34), or a wall: w, the vertex \
     its two edges share, then their other ends (w 12 13 19, or W 12 13 12 19); moves lists your \
     pawn's moves; quit gives up";

/// Reads a typed line.
pub fn read(line: &str) -> Result<Typed, String> {
    if let Some(command) = terminal::command(line) {
        return Ok(command);
    }
    let words = terminal::words(line, &[',']);
    let not_a_move = || format!("{:?} is not a move: {HOW}", line.trim());
    let number = |w: &str| -> Result<u32, String> {
        if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{w:?} is not a vertex number: {HOW}"));
        }
        w.parse()
            .map_err(|_| format!("{w:?} is too large for a vertex"))
    };
    let edge = |from: &str, to: &str| -> Result<Edge, String> {
        Ok(Edge {
            from: number(from)?,
            to: number(to)?,
        })
    };
    let (kind, rest) = match words.split_first() {
        None => return Err(HOW.to_owned()),
        Some((k, rest)) if k.eq_ignore_ascii_case("m") => ('m', rest),
        Some((k, rest)) if k.eq_ignore_ascii_case("w") => ('w', rest),
        Some(_) => ('?', &words[..]),
    };
    Ok(Typed::Move(match (kind, rest) {
        ('m' | '?', [v]) => UncheckedMove::Step(number(v)?),
        ('w', [a, b, c]) => UncheckedMove::Wall([edge(a, b)?, edge(a, c)?]),
        ('w', [a, b, c, d]) => UncheckedMove::Wall([edge(a, b)?, edge(c, d)?]),
        _ => return Err(not_a_move()),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wall(a: u32, b: u32, c: u32, d: u32) -> Result<Typed, String> {
        Ok(Typed::Move(UncheckedMove::Wall([
            Edge { from: a, to: b },
            Edge { from: c, to: d },
        ])))
    }

    #[test]
    fn moves_are_read_leniently() {
        let step = |v| Ok(Typed::Move(UncheckedMove::Step(v)));
        assert_eq!(read("34"), step(34));
        assert_eq!(read(" m 34 "), step(34));
        assert_eq!(read("M 034"), step(34));
        assert_eq!(read("w 12 13 19"), wall(12, 13, 12, 19));
        assert_eq!(read("W 12 13 12 19"), wall(12, 13, 12, 19));
        assert_eq!(read("w 12,13,19"), wall(12, 13, 12, 19));
        terminal::assert_reads_commands(read);
    }

    #[test]
    fn errors_say_what_was_received_and_how_to_type() {
        let e = read("hello there").unwrap_err();
        assert!(
            e.starts_with("\"hello there\" is not a move: type the vertex"),
            "{e}"
        );
        let e = read("x").unwrap_err();
        assert!(e.starts_with("\"x\" is not a vertex number"), "{e}");
        assert!(
            read("w 1 2")
                .unwrap_err()
                .starts_with("\"w 1 2\" is not a move")
        );
        assert!(read("99999999999").unwrap_err().contains("too large"));
        assert!(read("").unwrap_err().starts_with("type the vertex"));
    }
}
