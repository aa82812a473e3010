//! `mansuba-faulty`: a Mansuba session player that plays random legal
//! actions until `--at` turns have been played, then misbehaves on its
//! next reply as `--mode` says — to probe the referee with every kind of
//! bad reply of `docs/games/mansuba.md`.

use std::process::ExitCode;

use clap::Parser;
use game_core::Rng;
use mansuba::wire::{self, Event, Greeting};
use mansuba::{Outcome, Position, UncheckedAction};
use tests::faulty::skeleton::{Faults, next_line, send};

/// Mansuba's bad replies.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
enum Fault {
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
}

/// The bad reply `fault` in `pos`, if this position allows it (else a
/// legal action is sent and the player tries again at its next turn).
fn bad_reply(fault: Fault, pos: &Position) -> Option<Vec<u8>> {
    let me = pos.to_move();
    let size = pos.rules().world().size();
    let line = |s: String| Some(format!("{s}\n").into_bytes());
    match fault {
        Fault::Garbage => line("hello world".into()),
        Fault::OffBoard => line(format!("{} {}", pos.pieces(me)[0], size + 5)),
        Fault::NotYours => {
            let other =
                (0..size as u16).find(|&p| pos.at(p).is_none_or(|q| usize::from(q.seat) != me))?;
            line(format!("{other} {}", pos.pieces(me)[0]))
        }
        Fault::CannotGo => {
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
        Fault::BadEscape => {
            let mine = pos.prisoners(me);
            let p = (0..size as u16).find(|&p| !mine.iter().any(|pr| pr.place == p))?;
            line(format!("escape {p}"))
        }
        Fault::BadPass => (!pos.may_pass(me)).then(|| b"pass\n".to_vec()),
        Fault::LongLine => Some(vec![b'1'; 100].into_iter().chain(*b" 2\n").collect()),
        Fault::Binary => Some(b"1\xb6 2\n".to_vec()),
    }
}

fn main() -> ExitCode {
    let faults = &Faults::<Fault>::parse();
    faults.start();
    let mut input = std::io::stdin().lock();
    let Ok(greeting) = Greeting::read(|| next_line(&mut input).ok_or(mansuba::WireError::Blank(0)))
    else {
        return ExitCode::FAILURE;
    };
    let Some(mut pos) = greeting.position() else {
        return ExitCode::FAILURE;
    };
    let me = greeting.seat;
    let mut rng = Rng::new(faults.seed);
    let mut actions = Vec::new();
    loop {
        if pos.to_move() == me {
            actions.clear();
            pos.legal_actions(&mut actions);
            let legal = actions[rng.below(actions.len() as u64) as usize];
            let bytes = faults
                .reply_at(pos.turn())
                .and_then(|fault| bad_reply(fault, &pos))
                .unwrap_or_else(|| format!("{legal}\n").into_bytes());
            if send(&bytes).is_err() {
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
    faults.end();
    ExitCode::SUCCESS
}
