//! `quarto-faulty`: a Quarto session player that plays random legal moves
//! until the board holds `--at` pieces, then misbehaves on its next reply
//! as `--mode` says — to probe the referee with every kind of bad reply of
//! `docs/games/quarto.md`.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use game_core::Rng;
use quarto::wire::{self, MoveResult};
use quarto::{Move, Outcome, Position, Square, UncheckedMove};
use tests::faulty::sys;

/// How to misbehave.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
enum Mode {
    /// Never: random legal moves.
    None,
    /// Two lines of words.
    Garbage,
    /// A square in lower case (`b3`).
    LowerSquare,
    /// A piece number out of range (`16`).
    BadPiece,
    /// A square on the game's first move (seat 0 at 0 pieces).
    FirstSquare,
    /// Nothing given on the game's first move (`-`, `-`).
    FirstDash,
    /// `-` for the square, holding a piece.
    DashSquare,
    /// A square that holds a piece.
    Occupied,
    /// The piece being placed, given back.
    GiftInHand,
    /// A piece on the board, given.
    GiftOnBoard,
    /// `-` for the gift while pieces remain and the placement does not
    /// win.
    GiftMissing,
    /// A line over the 64-byte limit.
    LongLine,
    /// A byte that is not printable ASCII (`B\xb6`).
    Binary,
    /// No answer: sleeps an hour.
    Sleep,
    /// Aborts (SIGABRT) without answering.
    Crash,
    /// Exits with status 0 without answering.
    ExitSilent,
    /// Closes its stdout and hangs.
    CloseStdout,
    /// Plays legally to the end, then ignores SIGTERM and the end of its
    /// input and keeps running.
    Linger,
    /// Leaves a `setsid` sleeper behind, then plays legally.
    SetsidChild,
}

/// Plays random legal Quarto moves until the board holds --at pieces, then
/// misbehaves on its next reply as MODE says.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// The misbehaviour.
    #[arg(long, value_enum, default_value_t = Mode::None)]
    mode: Mode,
    /// Misbehave once the board holds at least this many pieces.
    #[arg(long, default_value_t = 0)]
    at: u32,
    /// Seed of the random moves.
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

fn text(m: UncheckedMove) -> Vec<u8> {
    wire::reply_text(m).into_bytes()
}

/// The bad reply of `mode` in `pos`, if this position allows it (else a
/// legal move is sent and the player tries again at its next turn).
fn bad_reply(mode: Mode, pos: &Position, legal: Move) -> Option<Vec<u8>> {
    let board = pos.board();
    let placed = Square::of_mask(board.occupied()).next();
    let empty = Square::of_mask(board.empty()).next();
    let any_left = pos.available().iter().next();
    Some(match mode {
        Mode::None | Mode::Linger | Mode::SetsidChild => unreachable!("plays legally"),
        Mode::Garbage => b"hello\nworld\n".to_vec(),
        Mode::LowerSquare => b"b3\n5\n".to_vec(),
        Mode::BadPiece => b"B3\n16\n".to_vec(),
        Mode::FirstSquare if pos.hand().is_none() => b"B3\n7\n".to_vec(),
        Mode::FirstDash if pos.hand().is_none() => b"-\n-\n".to_vec(),
        Mode::FirstSquare | Mode::FirstDash => return None,
        Mode::DashSquare => text(UncheckedMove {
            square: None,
            gift: any_left,
        }),
        Mode::Occupied => text(UncheckedMove {
            square: Some(placed?),
            gift: any_left,
        }),
        Mode::GiftInHand => text(UncheckedMove {
            square: Some(empty?),
            gift: Some(pos.hand()?),
        }),
        Mode::GiftOnBoard => text(UncheckedMove {
            square: Some(empty?),
            gift: board.get(placed?),
        }),
        Mode::GiftMissing => {
            let hand = pos.hand()?;
            let s =
                Square::of_mask(board.empty()).find(|&s| !board.wins_at(pos.level(), s, hand))?;
            any_left?;
            text(UncheckedMove {
                square: Some(s),
                gift: None,
            })
        }
        Mode::LongLine => vec![b'B'; 100].into_iter().chain(*b"\n7\n").collect(),
        Mode::Binary => b"B\xb6\n7\n".to_vec(),
        Mode::Sleep => {
            std::thread::sleep(Duration::from_secs(3600));
            Vec::new()
        }
        Mode::Crash => std::process::abort(),
        Mode::ExitSilent => std::process::exit(0),
        Mode::CloseStdout => {
            sys::close_std(1);
            sys::hang()
        }
    })
    .or_else(|| Some(text(legal.to_unchecked())))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.mode == Mode::SetsidChild {
        let _ = sys::fork_setsid_grandchild();
    }
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let Some(seat) = next_line(&mut input).and_then(|l| wire::parse_seat(&l).ok()) else {
        return ExitCode::FAILURE;
    };
    let Some(level) = next_line(&mut input).and_then(|l| wire::parse_level(&l).ok()) else {
        return ExitCode::FAILURE;
    };
    let mut pos = Position::new(level, 0);
    let mut rng = Rng::new(cli.seed);
    let mut moves = Vec::new();
    let acting =
        |pos: &Position| cli.mode != Mode::None && pos.board().occupied().count_ones() >= cli.at;
    loop {
        if pos.to_move() == seat {
            pos.legal_moves(&mut moves);
            let legal = moves[rng.below(moves.len() as u64) as usize];
            let playing_on = matches!(cli.mode, Mode::Linger | Mode::SetsidChild);
            let bytes = if acting(&pos) && !playing_on {
                bad_reply(cli.mode, &pos, legal).expect("a reply")
            } else {
                text(legal.to_unchecked())
            };
            if out.write_all(&bytes).and_then(|()| out.flush()).is_err() {
                return ExitCode::FAILURE;
            }
            match next_line(&mut input).map(|l| MoveResult::from_line(&l)) {
                Some(Ok(MoveResult::Legal(o))) => {
                    if bytes == text(legal.to_unchecked()) {
                        pos.play(legal);
                    }
                    if o != Outcome::Next {
                        break;
                    }
                }
                _ => break,
            }
        } else {
            let Some(first) = next_line(&mut input) else {
                break;
            };
            if first == "E" || first == "F" {
                break;
            }
            let (Some(gift), Some(result)) = (next_line(&mut input), next_line(&mut input)) else {
                break;
            };
            let (Ok(square), Ok(gift)) = (wire::parse_square(&first), wire::parse_piece(&gift))
            else {
                return ExitCode::FAILURE;
            };
            let u = UncheckedMove { square, gift };
            let Ok(m) = pos.check(&u) else {
                return ExitCode::FAILURE;
            };
            pos.play(m);
            if !matches!(
                MoveResult::from_line(&result),
                Ok(MoveResult::Legal(Outcome::Next))
            ) {
                break;
            }
        }
    }
    if cli.mode == Mode::Linger {
        let _ = sys::ignore_sigterm();
        sys::hang();
    }
    ExitCode::SUCCESS
}
