//! A replayed game shown in the terminal, position by position: stepped
//! with keys (the terminal in non-canonical mode for the while), played on
//! by itself, or printed all at once.

use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::time::Duration;

use crate::replay::Replay;
use nix::sys::termios::{self, LocalFlags, SetArg, SpecialCharacterIndices, Termios};

/// How the positions follow each other.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// One key per step (on a terminal).
    Keys,
    /// On by itself, this long between positions (the screen is cleared
    /// between them on a terminal).
    Timed(Duration),
    /// Every position at once, one after the other.
    All,
}

/// The terminal's settings, put back when dropped.
struct RawInput {
    saved: Termios,
}

impl RawInput {
    /// Keys arrive one by one, unechoed; Ctrl-C is a key too (so that the
    /// settings are always put back).
    fn new() -> io::Result<RawInput> {
        let stdin = io::stdin();
        let saved = termios::tcgetattr(stdin.as_fd())?;
        let mut raw = saved.clone();
        raw.local_flags
            .remove(LocalFlags::ICANON | LocalFlags::ECHO | LocalFlags::ISIG);
        raw.control_chars[SpecialCharacterIndices::VMIN as usize] = 1;
        raw.control_chars[SpecialCharacterIndices::VTIME as usize] = 0;
        termios::tcsetattr(stdin.as_fd(), SetArg::TCSANOW, &raw)?;
        Ok(RawInput { saved })
    }

    fn key(&self) -> io::Result<u8> {
        let mut b = [0u8; 1];
        match io::stdin().lock().read(&mut b)? {
            0 => Ok(b'q'),
            _ => Ok(b[0]),
        }
    }
}

impl Drop for RawInput {
    fn drop(&mut self) {
        let _ = termios::tcsetattr(io::stdin().as_fd(), SetArg::TCSANOW, &self.saved);
    }
}

const CLEAR: &str = "\x1b[H\x1b[2J";

fn show(out: &mut impl Write, replay: &Replay, i: usize, clear: bool) -> io::Result<()> {
    let f = &replay.frames[i];
    if clear {
        out.write_all(CLEAR.as_bytes())?;
    }
    writeln!(
        out,
        "{} — {}",
        replay.game,
        replay
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| format!("player {i}: {p}"))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    writeln!(out, "{} [{}/{}]", f.title, i, replay.frames.len() - 1)?;
    out.write_all(f.text.as_bytes())?;
    out.flush()
}

/// Plays `replay` back on stdout.
pub fn play(replay: &Replay, mode: Mode) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let n = replay.frames.len();
    if n == 0 {
        return Ok(());
    }
    match mode {
        Mode::All => {
            for i in 0..n {
                if i > 0 {
                    writeln!(out)?;
                }
                show(&mut out, replay, i, false)?;
            }
        }
        Mode::Timed(step) => {
            let clear = io::IsTerminal::is_terminal(&io::stdout());
            for i in 0..n {
                if i > 0 {
                    std::thread::sleep(step);
                    if !clear {
                        writeln!(out)?;
                    }
                }
                show(&mut out, replay, i, clear)?;
            }
        }
        Mode::Keys => {
            let input = RawInput::new()?;
            let mut i = 0;
            loop {
                show(&mut out, replay, i, true)?;
                write!(out, "[n]ext  [b]ack  [a]uto  [q]uit ")?;
                out.flush()?;
                match input.key()? {
                    b'n' | b' ' | b'\r' | b'\n' | b'l' => i = (i + 1).min(n - 1),
                    b'b' | b'p' | b'h' | 0x7f => i = i.saturating_sub(1),
                    b'a' => {
                        while i + 1 < n {
                            i += 1;
                            std::thread::sleep(Duration::from_millis(300));
                            show(&mut out, replay, i, true)?;
                        }
                    }
                    b'q' | 0x03 | 0x04 | 0x1b => break,
                    _ => {}
                }
            }
            writeln!(out)?;
        }
    }
    Ok(())
}
