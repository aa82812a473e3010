//! `shuffler`: an instant scripted Stratego player for the benchmarks.
//!
//! It sends a fixed setup, then moves a Scout back and forth
//! ([`bench::shuffle`]), answering as soon as it is asked — or, with
//! `--delay-ms D`, exactly D ms after it read the last line it needed (the
//! "answers at limit − 20 ms" player of the timing benchmark). It reads the
//! referee's messages only as far as needed to know whose turn it is, and
//! exits 0 at end of file or on `F`; anything unexpected (`KO`, `E`, a
//! battle) is reported on stderr with exit status 1, since the script
//! never allows one.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use bench::shuffle;
use clap::Parser;

/// An instant scripted player: a fixed setup, then a Scout moved back and forth.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// Answer each move this many milliseconds after the request was read
    /// (0: at once).
    #[arg(long, default_value_t = 0)]
    delay_ms: u64,
}

/// Why the game stopped for this player.
enum Stop {
    /// End of file or `F`: the game is over, normally.
    Over,
    /// Something the script never expects.
    Unexpected(String),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        // The referee closing our stdout at the end is the end of the game.
        if e.kind() == io::ErrorKind::BrokenPipe {
            Stop::Over
        } else {
            Stop::Unexpected(format!("i/o error: {e}"))
        }
    }
}

struct Lines<R> {
    input: R,
    line: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// The next line without its `\n`; `Stop::Over` at end of file.
    fn next(&mut self) -> Result<&[u8], Stop> {
        self.line.clear();
        if self.input.read_until(b'\n', &mut self.line)? == 0 {
            return Err(Stop::Over);
        }
        if self.line.last() == Some(&b'\n') {
            self.line.pop();
        }
        Ok(&self.line)
    }

    /// Reads a result (`N`; `F` ends the game; anything else is unexpected).
    fn result(&mut self) -> Result<(), Stop> {
        match self.next()? {
            b"N" => Ok(()),
            b"F" => Err(Stop::Over),
            other => Err(Stop::Unexpected(format!(
                "unexpected result {:?}",
                String::from_utf8_lossy(other)
            ))),
        }
    }
}

fn play(delay: Duration) -> Result<(), Stop> {
    let mut lines = Lines {
        input: io::stdin().lock(),
        line: Vec::with_capacity(64),
    };
    let mut out = io::stdout().lock();
    let me = match lines.next()? {
        b"0" => 0,
        b"1" => 1,
        other => {
            return Err(Stop::Unexpected(format!(
                "unexpected player number {:?}",
                String::from_utf8_lossy(other)
            )));
        }
    };
    out.write_all(&shuffle::setup_reply(me))?;
    out.flush()?;
    match lines.next()? {
        b"OK" => {}
        b"F" => return Err(Stop::Over),
        other => {
            return Err(Stop::Unexpected(format!(
                "setup answer {:?}",
                String::from_utf8_lossy(other)
            )));
        }
    }
    let mut asked_at = Instant::now();
    let mut my_turn = me == 0;
    let mut k = 0u64;
    loop {
        if my_turn {
            if !delay.is_zero() {
                std::thread::sleep((asked_at + delay).saturating_duration_since(Instant::now()));
            }
            out.write_all(shuffle::move_reply(me, k))?;
            out.flush()?;
            k += 1;
            lines.result()?;
        } else {
            match lines.next()? {
                b"F" => return Err(Stop::Over),
                b"E" => return Err(Stop::Unexpected("the opponent's move was illegal".into())),
                _square => {}
            }
            lines.next()?; // direction
            lines.next()?; // distance
            lines.result()?;
            asked_at = Instant::now();
        }
        my_turn = !my_turn;
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match play(Duration::from_millis(cli.delay_ms)) {
        Ok(()) | Err(Stop::Over) => ExitCode::SUCCESS,
        Err(Stop::Unexpected(why)) => {
            eprintln!("shuffler: {why}");
            ExitCode::FAILURE
        }
    }
}
