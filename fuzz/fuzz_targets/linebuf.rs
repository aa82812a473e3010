//! The line buffer against a model: every byte pushed is either held or
//! refused (never lost), a complete reply is exactly the next non-blank
//! lines of the stream, and a refused reply consumes nothing.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use linebuf::{Framing, LineBuffer, Reply};

#[derive(Arbitrary, Debug)]
enum Op {
    Push(Vec<u8>),
    Take(u8),
    Close,
}

#[derive(Arbitrary, Debug)]
struct Input {
    max_line: u8,
    max_reply: u16,
    skip_blank: bool,
    strip_cr: bool,
    ops: Vec<Op>,
}

fuzz_target!(|input: Input| {
    let framing = Framing {
        max_line_bytes: usize::from(input.max_line),
        max_reply_bytes: usize::from(input.max_reply % 8192) + 1,
        skip_blank: input.skip_blank,
        strip_cr: input.strip_cr,
    };
    let mut buf = LineBuffer::new(framing);
    // What the buffer must hold: the bytes it accepted and has not given out.
    let mut held: Vec<u8> = Vec::new();
    for op in input.ops {
        match op {
            Op::Push(data) => {
                let n = buf.push(&data);
                assert!(n <= data.len());
                assert!(n == data.len() || buf.is_full(), "refused bytes while not full");
                held.extend_from_slice(&data[..n]);
            }
            Op::Close => buf.close(),
            Op::Take(count) => {
                let count = usize::from(count % 41) + 1;
                let before = buf.len();
                match buf.take_reply(count) {
                    Reply::Complete { lines, bytes } => {
                        assert_eq!(lines.len(), count);
                        assert!(bytes <= framing.max_reply_bytes && bytes <= held.len());
                        assert_eq!(buf.len(), before - bytes);
                        // Rebuild the lines from the consumed bytes.
                        let consumed: Vec<u8> = held.drain(..bytes).collect();
                        let body = consumed.strip_suffix(b"\n").unwrap_or(&consumed);
                        let mut expected = Vec::new();
                        for raw in body.split(|&b| b == b'\n') {
                            assert!(raw.len() <= framing.max_line_bytes, "over-long line accepted");
                            let blank = raw.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r'));
                            if framing.skip_blank && blank {
                                continue;
                            }
                            let line = if framing.strip_cr { raw.strip_suffix(b"\r").unwrap_or(raw) } else { raw };
                            expected.push(line.to_vec());
                        }
                        assert_eq!(lines, expected);
                    }
                    Reply::Pending | Reply::Closed { .. } => assert_eq!(buf.len(), before),
                    Reply::Overlong { bytes, lines } => {
                        assert_eq!(buf.len(), before);
                        assert!(buf.is_full());
                        assert_eq!(bytes, framing.max_reply_bytes);
                        assert!(lines < count);
                    }
                    Reply::LineTooLong { line, bytes } => {
                        assert_eq!(buf.len(), before);
                        assert!(bytes > framing.max_line_bytes);
                        assert!(line >= 1 && line <= count);
                    }
                }
            }
        }
        assert_eq!(buf.len(), held.len(), "held bytes differ from the model");
        assert!(buf.len() <= framing.max_reply_bytes);
    }
});
