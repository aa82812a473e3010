//! A bounded line buffer that frames a byte stream into *replies*: groups
//! of N non-blank lines.
//!
//! A program talking over a pipe writes lines; a `read` may return part of
//! a line, several lines, or the end of one reply and the start of the
//! next. [`LineBuffer`] keeps the bytes received since the end of the
//! previous reply and answers one question, [`LineBuffer::take_reply`]:
//! "are the next N non-blank lines here?"
//!
//! Memory is bounded by design: the buffer never holds more than
//! [`Framing::max_reply_bytes`]. The reader asks [`LineBuffer::spare_mut`]
//! for room and reads at most that much, so a writer that sends 100 MB
//! without a newline costs at most that many bytes here; once the buffer is
//! full without a complete reply, the reply is judged over-long. Bytes are
//! never dropped: lines written before they are asked for, or after a
//! complete reply, stay queued in order and count toward the *next* reply
//! (stream semantics).
//!
//! ```
//! use linebuf::{Framing, LineBuffer, Reply};
//!
//! let mut buf = LineBuffer::new(Framing::default());
//! buf.push(b"B3\r\n\nE\n1");
//! assert_eq!(buf.take_reply(3), Reply::Pending);
//! buf.push(b"\nA0\n");
//! assert_eq!(
//!     buf.take_reply(3),
//!     Reply::Complete { lines: vec![b"B3".to_vec(), b"E".to_vec(), b"1".to_vec()], bytes: 9 }
//! );
//! // "A0" stays queued for the next reply.
//! assert_eq!(buf.len(), 3);
//! ```

/// How a stream is cut into lines and replies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Framing {
    /// Longest line, in bytes, not counting its `\n` (a trailing `\r`
    /// counts). A longer line makes the reply it belongs to bad.
    pub max_line_bytes: usize,
    /// Most bytes of one reply, counted from the end of the previous reply
    /// up to and including the `\n` of the reply's last line; also the
    /// capacity of the buffer.
    pub max_reply_bytes: usize,
    /// Whether lines holding only spaces, tabs and `\r` are skipped (they
    /// neither count as lines nor appear in replies; their bytes count).
    pub skip_blank: bool,
    /// Whether one trailing `\r` is removed from each line (CRLF input).
    pub strip_cr: bool,
}

impl Default for Framing {
    /// The Stratego protocol's framing: lines of at most 64 bytes, replies
    /// of at most 4096 bytes, blank lines skipped, CRLF accepted.
    fn default() -> Framing {
        Framing {
            max_line_bytes: 64,
            max_reply_bytes: 4096,
            skip_blank: true,
            strip_cr: true,
        }
    }
}

/// What [`LineBuffer::take_reply`] found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reply {
    /// The reply is complete; its lines (without `\n`, and without the
    /// trailing `\r` if [`Framing::strip_cr`]) have been removed from the
    /// buffer.
    Complete {
        /// The non-blank lines, in order.
        lines: Vec<Vec<u8>>,
        /// Bytes the reply took in the stream, blank lines and newlines included.
        bytes: usize,
    },
    /// Not complete yet; more input may complete it.
    Pending,
    /// A line of the reply is longer than [`Framing::max_line_bytes`]
    /// (known as soon as that many bytes arrive without a newline).
    LineTooLong {
        /// 1-based number of the line among the reply's non-blank lines.
        line: usize,
        /// Its length so far, in bytes (the whole length if its `\n` arrived).
        bytes: usize,
    },
    /// [`Framing::max_reply_bytes`] bytes arrived without completing the reply.
    Overlong {
        /// The limit that was reached.
        bytes: usize,
        /// Complete non-blank lines within those bytes.
        lines: usize,
    },
    /// The stream ended before the reply was complete.
    Closed {
        /// Complete non-blank lines received before the end.
        lines: usize,
    },
}

/// The unconsumed bytes of a stream, framed by a [`Framing`]. See the
/// crate documentation.
#[derive(Clone)]
pub struct LineBuffer {
    framing: Framing,
    buf: Box<[u8]>,
    len: usize,
    closed: bool,
}

impl LineBuffer {
    /// An empty buffer with room for `framing.max_reply_bytes` bytes.
    pub fn new(framing: Framing) -> LineBuffer {
        LineBuffer {
            framing,
            buf: vec![0; framing.max_reply_bytes].into_boxed_slice(),
            len: 0,
            closed: false,
        }
    }

    /// The framing in force.
    pub fn framing(&self) -> Framing {
        self.framing
    }

    /// Bytes held (received and not yet part of a taken reply).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no byte is held.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the buffer is full: nothing more can be read until a reply
    /// is taken.
    pub fn is_full(&self) -> bool {
        self.len == self.buf.len()
    }

    /// The free room at the end of the buffer, to read into directly; call
    /// [`commit`](Self::commit) with the number of bytes written.
    pub fn spare_mut(&mut self) -> &mut [u8] {
        &mut self.buf[self.len..]
    }

    /// Marks `n` bytes written into [`spare_mut`](Self::spare_mut) as received.
    ///
    /// # Panics
    /// If `n` is larger than the spare room.
    pub fn commit(&mut self, n: usize) {
        assert!(n <= self.buf.len() - self.len, "commit past the spare room");
        self.len += n;
    }

    /// Copies as much of `data` as fits; returns how many bytes were taken.
    pub fn push(&mut self, data: &[u8]) -> usize {
        let n = data.len().min(self.buf.len() - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&data[..n]);
        self.len += n;
        n
    }

    /// Marks the end of the stream: an unterminated last line now counts
    /// as a line.
    pub fn close(&mut self) {
        self.closed = true;
    }

    /// Whether [`close`](Self::close) was called.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The complete non-blank lines held: those a reply asked for now
    /// would take first (lines that came before it was asked for).
    pub fn complete_lines(&self) -> usize {
        let data = &self.buf[..self.len];
        data.split(|&b| b == b'\n')
            .take(data.iter().filter(|&&b| b == b'\n').count())
            .filter(|line| !self.is_blank(line))
            .count()
    }

    fn is_blank(&self, line: &[u8]) -> bool {
        self.framing.skip_blank && line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r'))
    }

    /// Takes the next reply of `count` non-blank lines if it is complete,
    /// or says why not. Only a [`Reply::Complete`] consumes bytes; the
    /// other answers leave the buffer as it was.
    pub fn take_reply(&mut self, count: usize) -> Reply {
        let data = &self.buf[..self.len];
        let max_line = self.framing.max_line_bytes;
        let mut ranges = Vec::with_capacity(count);
        let mut pos = 0;
        while ranges.len() < count {
            let rest = &data[pos..];
            let (line, next) = match rest.iter().position(|&b| b == b'\n') {
                Some(i) => (&rest[..i], pos + i + 1),
                // The end of the stream ends the last line too.
                None if self.closed && !rest.is_empty() => (rest, data.len()),
                None => {
                    if rest.len() > max_line {
                        return Reply::LineTooLong {
                            line: ranges.len() + 1,
                            bytes: rest.len(),
                        };
                    }
                    break;
                }
            };
            if line.len() > max_line {
                return Reply::LineTooLong {
                    line: ranges.len() + 1,
                    bytes: line.len(),
                };
            }
            if !self.is_blank(line) {
                let mut end = pos + line.len();
                if self.framing.strip_cr && line.last() == Some(&b'\r') {
                    end -= 1;
                }
                ranges.push(pos..end);
            }
            pos = next;
        }
        if ranges.len() < count {
            return if self.is_full() {
                Reply::Overlong {
                    bytes: self.len,
                    lines: ranges.len(),
                }
            } else if self.closed {
                Reply::Closed {
                    lines: ranges.len(),
                }
            } else {
                Reply::Pending
            };
        }
        let lines = ranges.into_iter().map(|r| data[r].to_vec()).collect();
        self.buf.copy_within(pos..self.len, 0);
        self.len -= pos;
        Reply::Complete { lines, bytes: pos }
    }
}

/// What a [`LineBuffer`] holds short of a complete reply, for messages
/// ([`LineBuffer::pending`]).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Pending {
    /// The complete non-blank lines held (as a reply would give them).
    pub lines: Vec<Vec<u8>>,
    /// The bytes after the last newline: a line whose newline has not come.
    pub tail: Vec<u8>,
}

impl LineBuffer {
    /// What is held, without consuming it: the complete non-blank lines and
    /// the unterminated rest (what a player had sent when its time ran out).
    pub fn pending(&self) -> Pending {
        let data = &self.buf[..self.len];
        let mut out = Pending::default();
        let mut rest = data;
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            let mut line = &rest[..i];
            if !self.is_blank(line) {
                if self.framing.strip_cr && line.last() == Some(&b'\r') {
                    line = &line[..line.len() - 1];
                }
                out.lines.push(line.to_vec());
            }
            rest = &rest[i + 1..];
        }
        if !self.is_blank(rest) {
            out.tail = rest.to_vec();
        }
        out
    }
}

impl Pending {
    /// What was received short of a reply of `expected` lines, for people:
    /// `nothing received`, `got 1 of 3 lines: "J3 E 1"`, `got 1 of 3 lines:
    /// "B3", then "E" without a newline`. Lines are quoted with
    /// [`printable`]; past [`QUOTED_LINES`] lines, the rest are counted.
    pub fn describe(&self, expected: usize) -> String {
        if self.lines.is_empty() && self.tail.is_empty() {
            return "nothing received".to_owned();
        }
        let plural = if expected == 1 { "line" } else { "lines" };
        let mut s = format!("got {} of {expected} {plural}", self.lines.len());
        let quoted: Vec<String> = self
            .lines
            .iter()
            .take(QUOTED_LINES)
            .map(|l| printable(l))
            .collect();
        if !quoted.is_empty() {
            s.push_str(": ");
            s.push_str(&quoted.join(", "));
        }
        if self.lines.len() > QUOTED_LINES {
            s.push_str(&format!(" and {} more", self.lines.len() - QUOTED_LINES));
        }
        if !self.tail.is_empty() {
            s.push_str(if quoted.is_empty() { ": " } else { ", then " });
            s.push_str(&printable(&self.tail));
            s.push_str(" without a newline");
        }
        s
    }
}

/// How many lines [`Pending::describe`] quotes: a whole Stratego setup.
pub const QUOTED_LINES: usize = 40;

/// How much of a line [`printable`] quotes.
pub const QUOTE_BYTES: usize = 48;

/// `bytes` quoted for a message: printable ASCII as it is, anything else
/// as `\xNN`, cut after [`QUOTE_BYTES`] bytes with `...`.
pub fn printable(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes.iter().take(QUOTE_BYTES) {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            b'\t' => s.push_str("\\t"),
            0x20..0x7f => s.push(char::from(b)),
            _ => s.push_str(&format!("\\x{b:02x}")),
        }
    }
    s.push('"');
    if bytes.len() > QUOTE_BYTES {
        s.push_str("...");
    }
    s
}

impl std::fmt::Debug for LineBuffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineBuffer")
            .field("framing", &self.framing)
            .field("held", &String::from_utf8_lossy(&self.buf[..self.len]))
            .field("closed", &self.closed)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn pending_shows_complete_lines_and_the_unterminated_rest() {
        let mut buf = LineBuffer::new(Framing::default());
        buf.push(b"J3 E 1\r\n\n  \nA0");
        let p = buf.pending();
        assert_eq!(p.lines, [b"J3 E 1".to_vec()]);
        assert_eq!(p.tail, b"A0");
        // Nothing is consumed.
        assert_eq!(buf.take_reply(3), Reply::Pending);
        assert_eq!(buf.pending(), p);
        assert_eq!(
            LineBuffer::new(Framing::default()).pending(),
            Pending::default()
        );
    }

    #[test]
    fn complete_lines_count_what_a_reply_would_take_first() {
        let mut buf = LineBuffer::new(Framing::default());
        assert_eq!(buf.complete_lines(), 0);
        buf.push(b"N\r\n\n  \nA0");
        assert_eq!(
            buf.complete_lines(),
            1,
            "blank lines and the tail are not lines"
        );
        buf.push(b"\nE\n");
        assert_eq!(buf.complete_lines(), 3);
        assert!(matches!(buf.take_reply(2), Reply::Complete { .. }));
        assert_eq!(buf.complete_lines(), 1);
    }

    #[test]
    fn pending_is_described_for_people() {
        let described = |bytes: &[u8], expected| {
            let mut buf = LineBuffer::new(Framing::default());
            buf.push(bytes);
            buf.pending().describe(expected)
        };
        assert_eq!(described(b"", 3), "nothing received");
        assert_eq!(described(b"\n \n", 3), "nothing received");
        assert_eq!(described(b"J3 E 1\n", 3), "got 1 of 3 lines: \"J3 E 1\"");
        assert_eq!(
            described(b"B3\nE", 3),
            "got 1 of 3 lines: \"B3\", then \"E\" without a newline"
        );
        assert_eq!(
            described(b"B3", 1),
            "got 0 of 1 line: \"B3\" without a newline"
        );
        let many = "7\n".repeat(41);
        assert!(
            described(many.as_bytes(), 50).ends_with("\"7\" and 1 more"),
            "{}",
            described(many.as_bytes(), 50)
        );
    }

    #[test]
    fn quotes_are_escaped_and_cut() {
        assert_eq!(printable(b"a\"b\\\n\xb6"), "\"a\\\"b\\\\\\x0a\\xb6\"");
        assert!(printable(&[b'y'; 100]).ends_with("\"..."));
    }

    fn lines(ls: &[&str]) -> Vec<Vec<u8>> {
        ls.iter().map(|l| l.as_bytes().to_vec()).collect()
    }

    fn complete(r: Reply) -> Vec<Vec<u8>> {
        match r {
            Reply::Complete { lines, .. } => lines,
            other => panic!("expected a complete reply, got {other:?}"),
        }
    }

    #[test]
    fn split_reads_keep_partial_lines() {
        let mut b = LineBuffer::new(Framing::default());
        for chunk in [&b"B"[..], b"3", b"\nE", b"\n", b"1"] {
            b.push(chunk);
            assert_eq!(b.take_reply(3), Reply::Pending);
        }
        b.push(b"\n");
        assert_eq!(complete(b.take_reply(3)), lines(&["B3", "E", "1"]));
        assert!(b.is_empty());
    }

    #[test]
    fn several_lines_in_one_read_queue_for_the_next_reply() {
        let mut b = LineBuffer::new(Framing::default());
        b.push(b"B3\nE\n1\nA0\nS\n2\nJ9");
        assert_eq!(complete(b.take_reply(3)), lines(&["B3", "E", "1"]));
        assert_eq!(b.take_reply(4), Reply::Pending);
        b.push(b"\n");
        assert_eq!(complete(b.take_reply(3)), lines(&["A0", "S", "2"]));
        assert_eq!(complete(b.take_reply(1)), lines(&["J9"]));
    }

    #[test]
    fn crlf_and_blank_lines() {
        let mut b = LineBuffer::new(Framing::default());
        b.push(b"\r\nB3\r\n \t\r\n\nE\r\n1\r\n");
        assert_eq!(
            b.take_reply(3),
            Reply::Complete {
                lines: lines(&["B3", "E", "1"]),
                bytes: 17
            }
        );
    }

    #[test]
    fn without_skipping_or_stripping() {
        let mut b = LineBuffer::new(Framing {
            skip_blank: false,
            strip_cr: false,
            ..Framing::default()
        });
        b.push(b"a\r\n\nb\n");
        assert_eq!(complete(b.take_reply(2)), lines(&["a\r", ""]));
    }

    #[test]
    fn over_long_line() {
        let mut b = LineBuffer::new(Framing::default());
        b.push(&[b'x'; 64]);
        assert_eq!(b.take_reply(1), Reply::Pending);
        b.push(b"\n");
        assert_eq!(complete(b.take_reply(1)).len(), 1);

        // Known too long before its newline arrives.
        b.push(b"ok\n");
        b.push(&[b'x'; 65]);
        assert_eq!(b.take_reply(2), Reply::LineTooLong { line: 2, bytes: 65 });
        b.push(b"xx\n");
        assert_eq!(b.take_reply(2), Reply::LineTooLong { line: 2, bytes: 67 });
        // A trailing \r counts toward the length, as on the wire.
        let mut b = LineBuffer::new(Framing::default());
        b.push(&[b'x'; 64]);
        b.push(b"\r\n");
        assert_eq!(b.take_reply(1), Reply::LineTooLong { line: 1, bytes: 65 });
    }

    #[test]
    fn eof_mid_line() {
        let mut b = LineBuffer::new(Framing::default());
        b.push(b"B3\nE\n1");
        assert_eq!(b.take_reply(3), Reply::Pending);
        b.close();
        assert_eq!(complete(b.take_reply(3)), lines(&["B3", "E", "1"]));
        assert_eq!(b.take_reply(1), Reply::Closed { lines: 0 });

        let mut b = LineBuffer::new(Framing::default());
        b.push(b"B3\nE");
        b.close();
        assert_eq!(b.take_reply(3), Reply::Closed { lines: 2 });
    }

    #[test]
    fn reply_cap_of_4096_bytes() {
        // Exactly 4096 bytes, the last being the final newline: accepted.
        let mut b = LineBuffer::new(Framing::default());
        let blank = vec![b'\n'; 4096 - 7];
        assert_eq!(b.push(&blank), blank.len());
        assert_eq!(b.push(b"B3\nE\n1\nmore"), 7);
        assert!(b.is_full());
        assert_eq!(
            b.take_reply(3),
            Reply::Complete {
                lines: lines(&["B3", "E", "1"]),
                bytes: 4096
            }
        );
        // One byte more: over-long, whatever follows.
        let mut b = LineBuffer::new(Framing::default());
        b.push(&vec![b'\n'; 4096 - 6]);
        b.push(b"B3\nE\n1\n");
        assert_eq!(
            b.take_reply(3),
            Reply::Overlong {
                bytes: 4096,
                lines: 2
            }
        );
        // The cap counts from the end of the previous reply.
        let mut b = LineBuffer::new(Framing::default());
        b.push(b"1\n");
        b.push(&vec![b'\n'; 4000]);
        assert_eq!(complete(b.take_reply(1)), lines(&["1"]));
        assert_eq!(b.len(), 4000);
        b.push(&[b'\n'; 90]);
        b.push(b"2\n");
        assert_eq!(complete(b.take_reply(1)), lines(&["2"]));
    }

    #[test]
    fn memory_stays_bounded_without_newlines() {
        let mut b = LineBuffer::new(Framing {
            max_line_bytes: 10_000,
            ..Framing::default()
        });
        let chunk = [b'x'; 65536];
        let mut taken = 0;
        for _ in 0..1600 {
            taken += b.push(&chunk); // 100 MB offered
        }
        assert_eq!(taken, 4096);
        assert_eq!(b.spare_mut().len(), 0);
        assert_eq!(
            b.take_reply(1),
            Reply::Overlong {
                bytes: 4096,
                lines: 0
            }
        );
    }

    #[test]
    fn spare_and_commit() {
        let mut b = LineBuffer::new(Framing::default());
        b.spare_mut()[..3].copy_from_slice(b"7\n8");
        b.commit(3);
        assert_eq!(complete(b.take_reply(1)), lines(&["7"]));
        assert_eq!(b.len(), 1);
    }

    proptest! {
        /// However the stream is cut into reads, the same replies come out.
        #[test]
        fn replies_do_not_depend_on_read_boundaries(
            text in "([A-J][0-9]|[NSEW]|[0-9]{1,3}| |\r|\n){0,120}",
            cuts in proptest::collection::vec(0usize..40, 0..20),
        ) {
            let whole = {
                let mut b = LineBuffer::new(Framing::default());
                b.push(text.as_bytes());
                b.close();
                let mut out = Vec::new();
                while let Reply::Complete { lines, .. } = b.take_reply(2) {
                    out.push(lines);
                }
                out
            };
            let mut b = LineBuffer::new(Framing::default());
            let mut out = Vec::new();
            let mut rest = text.as_bytes();
            for c in cuts {
                let (now, later) = rest.split_at(c.min(rest.len()));
                b.push(now);
                rest = later;
                while let Reply::Complete { lines, .. } = b.take_reply(2) {
                    out.push(lines);
                }
            }
            b.push(rest);
            b.close();
            while let Reply::Complete { lines, .. } = b.take_reply(2) {
                out.push(lines);
            }
            prop_assert_eq!(whole, out);
        }
    }
}
