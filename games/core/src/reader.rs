//! The players' side of a session: cutting a byte stream into cleaned,
//! non-blank lines, whatever the way its bytes are split across reads.
//!
//! Every game's player (and the human front ends) reads the referee's
//! messages this way; only the line limit differs, so the games pass theirs.

use std::io::{self, Read};

use thiserror::Error;

use crate::line::{LineError, clean_line};

/// Why the next line could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    /// Reading the stream failed.
    #[error("reading the referee's messages failed")]
    Io(#[from] io::Error),
    /// A line is unreadable (too long, not printable ASCII).
    #[error(transparent)]
    Line(#[from] LineError),
}

/// Reads cleaned, non-blank lines (see [`clean_line`]) from a byte stream.
///
/// Memory is bounded: at most one line over the limit is held before the
/// line is refused, so a writer that never sends `\n` costs a few
/// kilobytes, not its whole output.
pub struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    start: usize,
    /// Lines read so far, blank ones included (errors name the line by its
    /// number in the stream).
    lines: usize,
    limit: usize,
}

impl<R: Read> LineReader<R> {
    /// Wraps a byte stream whose lines hold at most `limit` bytes (not
    /// counting the `\n`).
    pub fn new(inner: R, limit: usize) -> LineReader<R> {
        LineReader {
            inner,
            buf: Vec::with_capacity(limit.min(4096) + 1),
            start: 0,
            lines: 0,
            limit,
        }
    }

    /// The next non-blank line, cleaned; `None` at the end of the stream. A
    /// last line without its `\n` still counts.
    pub fn next_line(&mut self) -> Result<Option<String>, ReadError> {
        loop {
            if let Some(pos) = self.buf[self.start..].iter().position(|&b| b == b'\n') {
                let raw = &self.buf[self.start..self.start + pos];
                self.start += pos + 1;
                self.lines += 1;
                if let Some(line) = clean_line(raw, self.lines, self.limit)? {
                    return Ok(Some(line.to_owned()));
                }
                continue;
            }
            // Keep only the unfinished line before reading more.
            self.buf.drain(..self.start);
            self.start = 0;
            if self.buf.len() > self.limit + 1 {
                // Too long already: the cleaning says so, naming the line.
                let e = clean_line(&self.buf, self.lines + 1, self.limit)
                    .expect_err("a line over the limit is refused");
                return Err(e.into());
            }
            let mut chunk = [0u8; 4096];
            let n = loop {
                match self.inner.read(&mut chunk) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e.into()),
                }
            };
            if n == 0 {
                if self.buf.is_empty() {
                    return Ok(None);
                }
                let rest = std::mem::take(&mut self.buf);
                self.lines += 1;
                return Ok(clean_line(&rest, self.lines, self.limit)?.map(str::to_owned));
            }
            self.buf.extend_from_slice(&chunk[..n]);
        }
    }
}

/// A player's session on `input`: `play` reads the referee's messages
/// from it (through its own [`LineReader`]) up to the one that ends the
/// game, then the rest of `input` is read and dropped until its end.
/// What `play` returned, or the first error.
///
/// A player whose game is over waits for the referee to close its input
/// rather than exit at once: a referee may still write to it, or not end
/// the game where the player thinks it ends (the course's referee never
/// sends `F`, and plays on after a Flag capture), and a player that exits
/// first races with the referee's own end of the game. What comes is not
/// read as messages: after the end nothing can be wrong with it.
pub fn play_to_the_end<R: Read, T, E: From<io::Error>>(
    mut input: R,
    play: impl FnOnce(&mut R) -> Result<T, E>,
) -> Result<T, E> {
    let end = play(&mut input)?;
    let mut chunk = [0u8; 4096];
    loop {
        match input.read(&mut chunk) {
            Ok(0) => return Ok(end),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
}

/// Runs `session` on `input` handed over a byte at a time ([`Trickle`]),
/// and checks that it read all of it, as a player must whatever comes
/// after the message that ends its game; returns what `session` returned
/// (the tests of our players' sessions).
pub fn assert_reads_to_the_end<T>(input: &str, session: impl FnOnce(&mut Trickle<'_>) -> T) -> T {
    let mut rest = Trickle::new(input.as_bytes());
    let got = session(&mut rest);
    assert!(
        rest.rest().is_empty(),
        "{input:?}: left {:?}",
        String::from_utf8_lossy(rest.rest())
    );
    got
}

/// A byte stream that hands over one byte per read, as a slow pipe may:
/// for tests of how much of its input a program reads (a test reads the
/// bytes left with [`Trickle::rest`]).
#[derive(Clone, Debug)]
pub struct Trickle<'a> {
    text: &'a [u8],
}

impl<'a> Trickle<'a> {
    /// The stream of `text`.
    pub fn new(text: &'a [u8]) -> Trickle<'a> {
        Trickle { text }
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.text
    }
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.text.len().min(1).min(buf.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that returns at most `n` bytes per read, and an
    /// interruption before each.
    struct Trickle<'a> {
        text: &'a [u8],
        n: usize,
        interrupt: bool,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = self.text.len().min(self.n).min(buf.len());
            buf[..n].copy_from_slice(&self.text[..n]);
            self.text = &self.text[n..];
            Ok(n)
        }
    }

    fn trickle(text: &[u8], n: usize) -> LineReader<Trickle<'_>> {
        LineReader::new(
            Trickle {
                text,
                n,
                interrupt: false,
            },
            16,
        )
    }

    #[test]
    fn lines_come_out_whatever_the_reads() {
        let text = b"1\r\n\n T 2 \nM 3\n\t\nlast";
        for size in [1, 2, 3, 100] {
            let mut r = trickle(text, size);
            let mut got = Vec::new();
            while let Some(l) = r.next_line().unwrap() {
                got.push(l);
            }
            assert_eq!(got, ["1", "T 2", "M 3", "last"], "reads of {size}");
            assert!(r.next_line().unwrap().is_none(), "the end stays the end");
        }
    }

    #[test]
    fn an_empty_stream_has_no_line() {
        assert!(trickle(b"", 3).next_line().unwrap().is_none());
    }

    #[test]
    fn errors_name_the_line_by_its_number_in_the_stream() {
        let mut r = trickle(b"a\n\nb\xb6\n", 100);
        assert_eq!(r.next_line().unwrap().as_deref(), Some("a"));
        let e = r.next_line().unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3 holds the byte 0xb6 at column 2, which is not printable ASCII: \"b\\xb6\""
        );
    }

    #[test]
    fn a_line_without_end_is_refused_once_over_the_limit() {
        // 10 kB without a newline: refused before the stream ends, and
        // without holding it all.
        let text = vec![b'x'; 10_000];
        let mut r = trickle(&text, 7);
        let e = r.next_line().unwrap_err();
        assert!(e.to_string().starts_with("line 1 is too long"), "{e}");
        assert!(r.buf.len() < 64, "held {} bytes", r.buf.len());
    }

    #[test]
    fn play_to_the_end_reads_to_the_end_whatever_comes() {
        // After the end message: more messages, bytes no line allows, a
        // line over the limit; all of it read, none of it an error.
        let mut text = b"E\nB3\nN\n\xff\xfe\n".to_vec();
        text.extend([b'x'; 100]);
        let mut input = trickle(&text, 5).inner;
        let end = play_to_the_end(&mut input, |input| LineReader::new(input, 16).next_line());
        assert_eq!(end.unwrap().as_deref(), Some("E"));
        assert!(input.text.is_empty(), "the whole stream was read");
        assert!(LineReader::new(input, 16).next_line().unwrap().is_none());
    }

    #[test]
    fn a_read_error_is_reported() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::ErrorKind::ConnectionReset.into())
            }
        }
        let e = LineReader::new(Broken, 16).next_line().unwrap_err();
        assert!(
            matches!(e, ReadError::Io(ref err) if err.kind() == io::ErrorKind::ConnectionReset)
        );
    }
}
