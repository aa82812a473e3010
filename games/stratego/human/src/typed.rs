//! A move as a person types it: `B3 S 1`, lower case too, the distance 1
//! when left out, with or without spaces (`b3s1`). Read into the same
//! unchecked move as the wire's, so that every error says what the
//! protocol would.

use stratego::UncheckedMove;

/// What the person typed, read: a move, or a command (`?` and `moves`
/// list the legal moves here, `help` tells how to type one).
pub type Typed = terminal::Typed<UncheckedMove>;

/// How to type a move.
pub const HOW: &str = "type the square of your piece, a direction (N up, S down, W left, E right) and a distance: B3 S 1 \
     (the distance may be left out for 1); ? lists your moves; quit gives up";

/// Reads a typed line.
pub fn read(line: &str) -> Result<Typed, String> {
    let line = line.trim().to_ascii_uppercase();
    match line.as_str() {
        "?" | "MOVES" => return Ok(Typed::List),
        "HELP" | "H" => return Ok(Typed::Help),
        "QUIT" | "Q" | "RESIGN" => return Ok(Typed::Quit),
        "" => return Err(HOW.to_owned()),
        _ => {}
    }
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let (square, dir, distance) = match words.as_slice() {
        [s, d, n] => (s.to_string(), d.to_string(), n.to_string()),
        [s, d] => (s.to_string(), d.to_string(), "1".to_owned()),
        // B3S1, B3S: a square of two characters, then the direction.
        [compact] if compact.len() >= 3 && compact.is_char_boundary(2) => {
            let (s, rest) = compact.split_at(2);
            let (d, n) = rest.split_at(1.min(rest.len()));
            let n = if n.is_empty() { "1" } else { n };
            (s.to_owned(), d.to_owned(), n.to_owned())
        }
        _ => return Err(format!("{line:?} is not a move: {HOW}")),
    };
    UncheckedMove::from_lines(&square, &dir, &distance)
        .map(Typed::Move)
        .map_err(|e| format!("{e}: {HOW}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_read_leniently() {
        for (typed, wire) in [
            ("B3 S 1", "B3\nS\n1\n"),
            ("  b3   s  ", "B3\nS\n1\n"),
            ("b3s4", "B3\nS\n4\n"),
            ("B3,E,2", "B3\nE\n2\n"),
        ] {
            let mv = UncheckedMove::from_wire(wire).unwrap();
            assert_eq!(read(typed), Ok(Typed::Move(mv)), "{typed:?}");
        }
        assert_eq!(read("?"), Ok(Typed::List));
        assert_eq!(read("quit"), Ok(Typed::Quit));
    }

    #[test]
    fn errors_say_what_is_wrong_and_how_to_type() {
        for (typed, said) in [
            ("B3 X 1", "\"X\" is not a direction (N, S, E or W): type"),
            ("Z9 N", "Z9 is off the board"),
            ("B3 N 0", "distance 0 is not positive"),
            ("", "type the square"),
        ] {
            let e = read(typed).unwrap_err();
            assert!(e.starts_with(said), "{typed:?}: {e}");
        }
        assert!(
            read("hello there you all")
                .unwrap_err()
                .contains("is not a move")
        );
    }
}
