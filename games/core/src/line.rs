//! Cleaning one raw line of a reply, with errors that say which line, which
//! byte and what was received.

use thiserror::Error;

/// Why a raw line was refused.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum LineError {
    /// Over the game's line limit.
    #[error("line {line} is too long ({bytes} bytes, over the {limit}-byte limit): {}", printable(.start))]
    TooLong {
        /// 1-based number of the line within the reply.
        line: usize,
        /// Its length in bytes.
        bytes: usize,
        /// The limit.
        limit: usize,
        /// Its first bytes, for the message.
        start: Vec<u8>,
    },
    /// A byte outside printable ASCII (tabs allowed).
    #[error("line {line} holds the byte {byte:#04x} at column {column}, which is not printable ASCII: {}", printable(.text))]
    NotPrintable {
        /// 1-based number of the line within the reply.
        line: usize,
        /// The first offending byte.
        byte: u8,
        /// Its 1-based position in the line.
        column: usize,
        /// The line as received.
        text: Vec<u8>,
    },
}

use linebuf::QUOTE_BYTES;
pub use linebuf::printable;

/// Cleans line number `line` (1-based) of a reply: checks the length
/// limit, drops a trailing `\r` and the spaces and tabs around the value,
/// and requires printable ASCII. `Ok(None)` for a blank line.
pub fn clean_line(raw: &[u8], line: usize, limit: usize) -> Result<Option<&str>, LineError> {
    if raw.len() > limit {
        return Err(LineError::TooLong {
            line,
            bytes: raw.len(),
            limit,
            start: raw[..raw.len().min(QUOTE_BYTES + 1)].to_vec(),
        });
    }
    let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
    let blank = |b: &u8| *b == b' ' || *b == b'\t';
    let start = raw.iter().position(|b| !blank(b)).unwrap_or(raw.len());
    let end = raw.iter().rposition(|b| !blank(b)).map_or(start, |i| i + 1);
    let value = &raw[start..end];
    if let Some(i) = value
        .iter()
        .position(|b| !((0x20..0x7f).contains(b) || *b == b'\t'))
    {
        return Err(LineError::NotPrintable {
            line,
            byte: value[i],
            column: start + i + 1,
            text: raw.to_vec(),
        });
    }
    if value.is_empty() {
        return Ok(None);
    }
    Ok(Some(
        std::str::from_utf8(value).expect("printable ASCII is UTF-8"),
    ))
}

/// Declares a game's wire error, why a message of its line-based wire
/// format could not be read: the game's own variants as written, then the
/// three that every such format shares, `Blank(line)` (a line of nothing
/// but blanks), `Line(LineError)` (too long, not printable: see
/// [`clean_line`]) and `Unexpected { expected, got }` (the player's side: a
/// message from the referee that is not the one expected at that point).
/// The enum derives `Clone`, `PartialEq`, `Eq`, `Debug` and
/// `thiserror::Error`, so the calling crate depends on `thiserror`.
#[macro_export]
macro_rules! wire_error {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($own:tt)* }) => {
        $(#[$meta])*
        #[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
        $vis enum $name {
            $($own)*
            /// A line holds nothing but blanks.
            #[error("line {0} is blank")]
            Blank(usize),
            /// The line itself is unreadable (too long, not printable ASCII).
            #[error(transparent)]
            Line(#[from] $crate::LineError),
            /// A message from the referee that is not the one expected (the
            /// player's side).
            #[error("expected {expected} from the referee, got {got}")]
            Unexpected {
                /// What was expected.
                expected: &'static str,
                /// What came, quoted.
                got: String,
            },
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleans_spaces_tabs_and_cr() {
        assert_eq!(clean_line(b"  B3 \t\r", 1, 64), Ok(Some("B3")));
        assert_eq!(clean_line(b" \t\r", 1, 64), Ok(None));
        assert_eq!(clean_line(b"", 1, 64), Ok(None));
    }

    #[test]
    fn names_the_line_and_the_byte() {
        let e = clean_line(b"ab\xb6c", 2, 64).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2 holds the byte 0xb6 at column 3, which is not printable ASCII: \"ab\\xb6c\""
        );
    }

    #[test]
    fn too_long_states_the_limit() {
        let e = clean_line(&[b'x'; 70], 1, 64).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 1 is too long (70 bytes, over the 64-byte limit): \"xxx"),
            "{e}"
        );
    }
}
