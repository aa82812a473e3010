//! `--wire course`: a move reply read as the course's referee reads it.
//!
//! The course's referee does not check a reply's lines: it takes the
//! characters it expects and ignores the rest. A square is its first two
//! bytes (row letter `A`..`J`, column digit), a direction its first byte,
//! a distance its leading digits after an optional `+` (C's `atoi`); what
//! follows is ignored, whatever it is. So `B6x` is `B6`, `West` is `W`,
//! `E\xe6\x7f` (a student's stack garbage after the letter) is `E`, and
//! `+1` and `1x` are 1. Everything else is as strict as this referee's own
//! wire: a reply that does not read so is refused with the strict error,
//! which names the line and the byte.
//!
//! Each line read only this way is a [`Leniency`]: what was received and
//! what it was taken for, for the verdict's warnings.

use game_core::printable;

use crate::error::WireError;
use crate::moves::UncheckedMove;
use crate::square::{Direction, Square};
use crate::wire::clean_line;

/// A reply line the strict wire refuses and the course's referee reads.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Leniency {
    /// 1-based number of the line in the reply (1 square, 2 direction,
    /// 3 distance).
    pub line: usize,
    /// The line as received.
    pub received: Vec<u8>,
    /// What it was read as (`B6`, `W`, `1`).
    pub read_as: String,
}

impl std::fmt::Display for Leniency {
    /// `line 2 "E\xe6\x7f" read as "E"`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {} {} read as \"{}\"",
            self.line,
            printable(&self.received),
            self.read_as
        )
    }
}

/// The bytes of a raw line after its leading spaces and tabs (the strict
/// wire ignores them too).
fn trimmed(raw: &[u8]) -> &[u8] {
    let start = raw
        .iter()
        .position(|b| *b != b' ' && *b != b'\t')
        .unwrap_or(raw.len());
    &raw[start..]
}

/// A square as the course's referee reads it: the first two bytes.
fn course_square(raw: &[u8]) -> Option<Square> {
    match trimmed(raw) {
        [r @ b'A'..=b'J', c @ b'0'..=b'9', ..] => Square::new(r - b'A', c - b'0'),
        _ => None,
    }
}

/// A direction as the course's referee reads it: the first byte.
fn course_direction(raw: &[u8]) -> Option<Direction> {
    let first = *trimmed(raw).first()?;
    Direction::from_name(std::str::from_utf8(&[first]).ok()?)
}

/// A distance as the course's referee reads it (`atoi`): an optional `+`,
/// then at least one digit, the rest ignored. Zero is no distance, and a
/// negative one is refused: neither is a move.
fn course_distance(raw: &[u8]) -> Option<u32> {
    let s = trimmed(raw);
    let s = s.strip_prefix(b"+").unwrap_or(s);
    let digits = s.iter().take_while(|b| b.is_ascii_digit()).count();
    let value = s[..digits].iter().fold(0u32, |acc, b| {
        acc.saturating_mul(10).saturating_add(u32::from(b - b'0'))
    });
    (value > 0).then_some(value)
}

/// One line: the strict reading if it reads so, else the course's
/// (noted), else the strict error.
fn line<T: ToString>(
    raw: &[u8],
    number: usize,
    strict: impl FnOnce(&str) -> Result<T, WireError>,
    course: impl FnOnce(&[u8]) -> Option<T>,
    notes: &mut Vec<Leniency>,
) -> Result<T, WireError> {
    let error = match clean_line(raw, number) {
        // A blank line never reaches here (the framing skips it), and
        // would be refused as the strict wire refuses an empty value.
        Ok(text) => match strict(text.unwrap_or_default()) {
            Ok(value) => return Ok(value),
            Err(e) => e,
        },
        Err(e) => e.into(),
    };
    let value = course(raw).ok_or(error)?;
    notes.push(Leniency {
        line: number,
        received: raw.to_vec(),
        read_as: value.to_string(),
    });
    Ok(value)
}

/// Reads a move's three raw lines (without `\n` or a trailing `\r`) as
/// the course's referee reads them: the move, and the lines that only the
/// course's reading accepts.
pub fn read_move(lines: &[Vec<u8>]) -> Result<(UncheckedMove, Vec<Leniency>), WireError> {
    let [square, dir, distance] = lines else {
        return Err(WireError::Truncated("a move's three lines"));
    };
    let mut notes = Vec::new();
    let from = line(square, 1, str::parse, course_square, &mut notes)?;
    let dir = line(dir, 2, str::parse, course_direction, &mut notes)?;
    let distance = line(
        distance,
        3,
        crate::moves::parse_distance,
        course_distance,
        &mut notes,
    )?;
    Ok((
        UncheckedMove {
            from,
            dir,
            distance,
        },
        notes,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(lines: [&[u8]; 3]) -> Result<(String, Vec<String>), String> {
        read_move(&lines.map(<[u8]>::to_vec))
            .map(|(m, notes)| (m.to_string(), notes.iter().map(|n| n.to_string()).collect()))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_strict_move_reads_without_a_note() {
        assert_eq!(read([b"A3", b"E", b"1"]), Ok(("A3 E 1".into(), vec![])));
        // What the strict wire tolerates is no leniency either.
        assert_eq!(
            read([b" B6 ", b"\tW", b"12 "]),
            Ok(("B6 W 12".into(), vec![]))
        );
    }

    #[test]
    fn the_students_stack_garbage_after_the_direction_is_ignored() {
        assert_eq!(
            read([b"A3", b"E\xe6\x7f", b"1"]),
            Ok((
                "A3 E 1".into(),
                vec![r#"line 2 "E\xe6\x7f" read as "E""#.into()]
            ))
        );
    }

    #[test]
    fn every_form_the_courses_referee_accepts() {
        for (lines, read_as, note) in [
            (
                [&b"B6x"[..], b"W", b"1"],
                "B6 W 1",
                r#"line 1 "B6x" read as "B6""#,
            ),
            (
                [b"B6", b"West", b"1"],
                "B6 W 1",
                r#"line 2 "West" read as "W""#,
            ),
            ([b"B6", b"W", b"+1"], "B6 W 1", r#"line 3 "+1" read as "1""#),
            ([b"B6", b"W", b"1x"], "B6 W 1", r#"line 3 "1x" read as "1""#),
            (
                [b"A10", b"S", b"1"],
                "A1 S 1",
                r#"line 1 "A10" read as "A1""#,
            ),
            (
                [b"B6", b"W", b"3 squares"],
                "B6 W 3",
                r#"line 3 "3 squares" read as "3""#,
            ),
        ] {
            assert_eq!(
                read(lines),
                Ok((read_as.into(), vec![note.into()])),
                "{lines:?}"
            );
        }
        // Several lenient lines in one reply: each is noted.
        let (m, notes) = read([b"J9\xff", b"North!", b"+2..."]).unwrap();
        assert_eq!(m, "J9 N 2");
        assert_eq!(notes.len(), 3, "{notes:?}");
    }

    #[test]
    fn what_even_the_courses_referee_cannot_read_is_refused_with_the_strict_error() {
        for (lines, error) in [
            (
                [&b"b3"[..], b"E", b"1"],
                "\"b3\" is not a square (a row letter A..J then a column digit 0..9)",
            ),
            (
                [b"K3", b"E", b"1"],
                "K3 is off the board (rows A..J, columns 0..9)",
            ),
            (
                [b"B", b"E", b"1"],
                "\"B\" is not a square (a row letter A..J then a column digit 0..9)",
            ),
            (
                [b"B3", b"X", b"1"],
                "\"X\" is not a direction (N, S, E or W)",
            ),
            (
                [b"B3", b"east", b"1"],
                "\"east\" is not a direction (N, S, E or W)",
            ),
            (
                [b"B3", b"\xe6E", b"1"],
                "line 2 holds the byte 0xe6 at column 1, which is not printable ASCII: \"\\xe6E\"",
            ),
            ([b"B3", b"E", b"0"], "distance 0 is not positive"),
            (
                [b"B3", b"E", b"-1"],
                "\"-1\" is not a distance (a positive integer)",
            ),
            (
                [b"B3", b"E", b"x1"],
                "\"x1\" is not a distance (a positive integer)",
            ),
            (
                [b"B3", b"E", b"+"],
                "\"+\" is not a distance (a positive integer)",
            ),
        ] {
            assert_eq!(read(lines), Err(error.into()), "{lines:?}");
        }
    }
}
