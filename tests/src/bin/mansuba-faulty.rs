//! `mansuba-faulty`: a Mansuba session player that plays random legal
//! actions until `--at` turns have been played, then misbehaves on its
//! next reply as `--mode` says — to probe the referee with every kind of
//! bad reply of `docs/games/mansuba.md`.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use game_core::Rng;
use mansuba::wire::{self, Event, Greeting};
use mansuba::{Action, Outcome, Position, UncheckedAction};
use tests::faulty::sys;

/// How to misbehave.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
enum Mode {
    /// Never: random legal actions.
    None,
    /// A line of words.
    Garbage,
    /// A place number beyond the world.
    OffBoard,
    /// A move from a place that holds no piece of ours.
    NotYours,
    /// A move of one of our pieces to a place it cannot reach.
    CannotGo,
    /// An escape where we have no prisoner.
    BadEscape,
    /// A pass while every piece of ours can act.
    BadPass,
    /// A line over the 64-byte limit.
    LongLine,
    /// A byte that is not printable ASCII.
    Binary,
    /// No answer: sleeps an hour.
    Sleep,
    /// Aborts (SIGABRT) without answering.
    Crash,
    /// Closes its stdout and hangs.
    CloseStdout,
}

/// Plays random legal Mansuba actions until --at turns have been played,
/// then misbehaves on its next reply as MODE says.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// The misbehaviour.
    #[arg(long, value_enum, default_value_t = Mode::None)]
    mode: Mode,
    /// Misbehave once this many turns have been played.
    #[arg(long, default_value_t = 0)]
    at: u32,
    /// Seed of the random actions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The next non-blank line of stdin, trimmed; `None` at its end.
fn next_line(input: &mut impl BufRead) -> Option<String> {
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

/// The bad reply of `mode` in `pos`, if this position allows it (else a
/// legal action is sent and the player tries again at its next turn).
fn bad_reply(mode: Mode, pos: &Position, legal: Action) -> Option<Vec<u8>> {
    let me = pos.to_move();
    let size = pos.rules().world().size();
    let line = |s: String| Some(format!("{s}\n").into_bytes());
    match mode {
        Mode::None => None,
        Mode::Garbage => line("hello world".into()),
        Mode::OffBoard => line(format!("{} {}", pos.pieces(me)[0], size + 5)),
        Mode::NotYours => {
            let other =
                (0..size as u16).find(|&p| pos.at(p).is_none_or(|q| usize::from(q.seat) != me))?;
            line(format!("{other} {}", pos.pieces(me)[0]))
        }
        Mode::CannotGo => {
            let mut dests = Vec::new();
            for &from in pos.pieces(me) {
                dests.clear();
                pos.destinations(from, &mut dests);
                if let Some(to) = (0..size as u16).find(|&p| p != from && !dests.contains(&p)) {
                    return line(format!("{from} {to}"));
                }
            }
            None
        }
        Mode::BadEscape => {
            let mine = pos.prisoners(me);
            let p = (0..size as u16).find(|&p| !mine.iter().any(|pr| pr.place == p))?;
            line(format!("escape {p}"))
        }
        Mode::BadPass => (!pos.may_pass(me)).then(|| b"pass\n".to_vec()),
        Mode::LongLine => Some(vec![b'1'; 100].into_iter().chain(*b" 2\n").collect()),
        Mode::Binary => Some(b"1\xb6 2\n".to_vec()),
        Mode::Sleep => {
            std::thread::sleep(Duration::from_secs(3600));
            None
        }
        Mode::Crash => std::process::abort(),
        Mode::CloseStdout => {
            sys::close_std(1);
            sys::hang()
        }
    }
    .or_else(|| line(legal.to_string()))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let Ok(greeting) = Greeting::read(|| next_line(&mut input).ok_or(mansuba::WireError::Blank(0)))
    else {
        return ExitCode::FAILURE;
    };
    let Some(mut pos) = greeting.position() else {
        return ExitCode::FAILURE;
    };
    let me = greeting.seat;
    let mut rng = Rng::new(cli.seed);
    let mut actions = Vec::new();
    loop {
        if pos.to_move() == me {
            actions.clear();
            pos.legal_actions(&mut actions);
            let legal = actions[rng.below(actions.len() as u64) as usize];
            let bytes = if cli.mode != Mode::None && pos.turn() >= cli.at {
                bad_reply(cli.mode, &pos, legal).expect("a reply")
            } else {
                format!("{legal}\n").into_bytes()
            };
            if out.write_all(&bytes).and_then(|()| out.flush()).is_err() {
                return ExitCode::FAILURE;
            }
        }
        // The turn's message, as every seat reads it.
        let Some(first) = next_line(&mut input) else {
            break;
        };
        let (seat, action, escaped): (usize, UncheckedAction, Option<bool>) =
            match wire::parse_event(&first) {
                Ok(Event::Acted {
                    seat,
                    action,
                    escaped,
                }) => (seat, action, escaped),
                _ => break,
            };
        let Ok(checked) = pos.check(&action) else {
            return ExitCode::FAILURE;
        };
        let _ = seat;
        let played = pos.play(checked, escaped == Some(true));
        let Some(mut next) = next_line(&mut input) else {
            break;
        };
        if let Ok(Event::Relation(r)) = wire::parse_event(&next) {
            pos.set_relation(r);
            let Some(n) = next_line(&mut input) else {
                break;
            };
            next = n;
        }
        if played.outcome != Outcome::Next || next != "N" {
            break;
        }
    }
    ExitCode::SUCCESS
}
