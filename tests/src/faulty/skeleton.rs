//! What the games' faulty players (`oust-faulty`, `quarto-faulty`,
//! `mansuba-faulty`) share: their command line (`--mode`, `--at`,
//! `--seed`), the faults of their process, which are the same in every
//! game, and the lines they read and write. Each game gives only its
//! faults of the wire (the replies its protocol refuses) and its play.

use std::io::{BufRead, Write};

use clap::ValueEnum;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use super::sys;

/// A game's faults of the wire: the bad replies of its protocol, one
/// `--mode` value each.
pub trait WireFault: ValueEnum + Copy + Eq + Send + Sync + std::fmt::Debug + 'static {}

impl<T: ValueEnum + Copy + Eq + Send + Sync + std::fmt::Debug + 'static> WireFault for T {}

/// The faults of a player's process, the same in every game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum ProcessFault {
    /// No answer: sleeps until killed.
    Sleep,
    /// Aborts (SIGABRT) without answering.
    Crash,
    /// Exits with status 0 without answering.
    ExitSilent,
    /// Closes its stdout and hangs.
    CloseStdout,
    /// Plays legally to its end (in a process per move, its one reply),
    /// then ignores SIGTERM and the end of its input and keeps running.
    Linger,
    /// Leaves a `setsid` sleeper behind, then plays legally.
    SetsidChild,
}

impl ProcessFault {
    /// Commits a fault that takes the place of a reply: never returns.
    /// Returns at once for the faults that play legally.
    fn instead_of_reply(self) {
        match self {
            ProcessFault::Sleep => sys::hang(),
            ProcessFault::Crash => std::process::abort(),
            ProcessFault::ExitSilent => std::process::exit(0),
            ProcessFault::CloseStdout => {
                sys::close_std(1);
                sys::hang()
            }
            ProcessFault::Linger | ProcessFault::SetsidChild => {}
        }
    }
}

/// How a faulty player misbehaves (`--mode`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode<W> {
    /// Never: random legal moves.
    None,
    /// A bad reply of the game's protocol.
    Wire(W),
    /// A fault of the process.
    Process(ProcessFault),
}

impl<W: WireFault> Mode<W> {
    /// Every mode's name and help, for the command line.
    fn possible_values() -> impl Iterator<Item = PossibleValue> {
        let none = PossibleValue::new("none").help("Never: random legal moves");
        let wire = W::value_variants().iter();
        let process = ProcessFault::value_variants().iter();
        std::iter::once(none)
            .chain(wire.filter_map(ValueEnum::to_possible_value))
            .chain(process.filter_map(ValueEnum::to_possible_value))
    }

    /// The mode named `name`, one of [`Mode::possible_values`].
    fn named(name: &str) -> Mode<W> {
        if name == "none" {
            Mode::None
        } else if let Ok(w) = W::from_str(name, false) {
            Mode::Wire(w)
        } else {
            Mode::Process(ProcessFault::from_str(name, false).expect("a possible value"))
        }
    }

    /// `--mode`'s parser: the possible values, then the mode they name.
    fn parser() -> impl TypedValueParser<Value = Mode<W>> {
        PossibleValuesParser::new(Self::possible_values()).map(|name| Self::named(&name))
    }
}

/// The command line of every game's faulty player.
#[derive(clap::Parser, Debug)]
#[command(version, about)]
pub struct Faults<W: WireFault> {
    /// The misbehaviour.
    #[arg(long, default_value = "none", value_parser = Mode::<W>::parser())]
    pub mode: Mode<W>,
    /// Misbehave once the game is this far, in the game's own count (the
    /// stones or pieces on the board, the turns played).
    #[arg(long, default_value_t = 0)]
    pub at: u32,
    /// Seed of the random legal moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

impl<W: WireFault> Faults<W> {
    /// Before the game: leaves the sleeper of
    /// [`ProcessFault::SetsidChild`].
    pub fn start(&self) {
        if self.mode == Mode::Process(ProcessFault::SetsidChild) {
            let _ = sys::fork_setsid_grandchild();
        }
    }

    /// The reply due when the game is `progress` far: `None` for a legal
    /// one, else the fault of the wire to send. A fault of the process that
    /// takes the place of the reply is committed here, and never returns.
    pub fn reply_at(&self, progress: u32) -> Option<W> {
        if progress < self.at {
            return None;
        }
        match self.mode {
            Mode::None => None,
            Mode::Wire(w) => Some(w),
            Mode::Process(p) => {
                p.instead_of_reply();
                None
            }
        }
    }

    /// After the game: [`ProcessFault::Linger`] keeps running, ignoring
    /// SIGTERM; otherwise returns.
    pub fn end(&self) {
        if self.mode == Mode::Process(ProcessFault::Linger) {
            let _ = sys::ignore_sigterm();
            sys::hang();
        }
    }
}

/// The next non-blank line of `input`, trimmed; `None` at its end.
pub fn next_line(input: &mut impl BufRead) -> Option<String> {
    loop {
        let mut line = String::new();
        if input.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim();
        if !line.is_empty() {
            return Some(line.to_owned());
        }
    }
}

/// Writes `bytes` to stdout at once (flushed).
pub fn send(bytes: &[u8]) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()
}
