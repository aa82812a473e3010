//! `relay`: the physical floor of the referee's architecture.
//!
//! Three processes and raw pipes, exactly as under the referee: it starts
//! the two player programs with piped stdin and stdout, sends them their
//! numbers, waits for their 40 setup lines and answers `OK`, then for each
//! of `--moves` moves reads the mover's three lines, writes `N\n` back to
//! the mover and the three lines plus `N\n` to the other player (two
//! writes, in the referee's order), and finally closes both stdins and
//! waits for both players. No parsing (only the newlines are counted, to
//! know when a reply is complete), no rules, no clock, no poll: blocking
//! reads on the one pipe that must speak next. The players must be ones
//! whose every move gets the result `N` (`shuffler`).

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};

use anyhow::{Context, bail};
use clap::Parser;

/// Relays a scripted game between two players through raw pipes, as the
/// floor the referee's overhead is compared against.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// Moves to relay, both players together.
    #[arg(long)]
    moves: u64,
    /// Player 0's program.
    player0: PathBuf,
    /// Player 1's program.
    player1: PathBuf,
}

/// One player: its process and its pipes.
struct End {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: ChildStdout,
    /// Bytes read and not yet relayed (a read may return more than a reply).
    pending: Vec<u8>,
}

impl End {
    fn start(program: &PathBuf) -> anyhow::Result<End> {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {}", program.display()))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        Ok(End {
            child,
            stdin: Some(stdin),
            stdout,
            pending: Vec::with_capacity(4096),
        })
    }

    fn send(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        self.stdin
            .as_mut()
            .expect("open until the end")
            .write_all(bytes)
            .context("writing to a player")
    }

    /// Reads until `n` lines are in, and moves them (newlines included) to
    /// `out`.
    fn take_lines(&mut self, n: usize, out: &mut Vec<u8>) -> anyhow::Result<()> {
        let mut scan = 0;
        let mut seen = 0;
        loop {
            while let Some(i) = self.pending[scan..].iter().position(|&b| b == b'\n') {
                scan += i + 1;
                seen += 1;
                if seen == n {
                    out.extend_from_slice(&self.pending[..scan]);
                    self.pending.drain(..scan);
                    return Ok(());
                }
            }
            let mut chunk = [0u8; 4096];
            let got = self
                .stdout
                .read(&mut chunk)
                .context("reading from a player")?;
            if got == 0 {
                bail!("a player closed its output after {seen} of {n} lines");
            }
            self.pending.extend_from_slice(&chunk[..got]);
        }
    }
}

fn relay(cli: &Cli) -> anyhow::Result<()> {
    let mut ends = [End::start(&cli.player0)?, End::start(&cli.player1)?];
    ends[0].send(b"0\n")?;
    ends[1].send(b"1\n")?;
    let mut scratch = Vec::with_capacity(256);
    for end in &mut ends {
        scratch.clear();
        end.take_lines(40, &mut scratch)?;
    }
    for end in &mut ends {
        end.send(b"OK\n")?;
    }
    for ply in 0..cli.moves {
        let mover = (ply % 2) as usize;
        scratch.clear();
        ends[mover].take_lines(3, &mut scratch)?;
        ends[mover].send(b"N\n")?;
        scratch.extend_from_slice(b"N\n");
        ends[1 - mover].send(&scratch)?;
    }
    for end in &mut ends {
        end.stdin = None;
    }
    for end in &mut ends {
        let status = end.child.wait().context("waiting for a player")?;
        if !status.success() {
            bail!("a player ended badly: {status}");
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    bench::exit_status("relay", relay(&Cli::parse()))
}
