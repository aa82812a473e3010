//! `quarto-faulty`: a Quarto session player that plays random legal moves
//! until the board holds `--at` pieces, then misbehaves on its next reply
//! as `--mode` says — to probe the referee with every kind of bad reply of
//! `docs/games/quarto.md`.

use std::process::ExitCode;

use clap::Parser;
use game_core::Rng;
use quarto::wire::{self, MoveResult};
use quarto::{Outcome, Position, Square, UncheckedMove};
use tests::faulty::skeleton::{Faults, next_line, send};

/// Quarto's bad replies.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
enum Fault {
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
}

fn text(m: UncheckedMove) -> Vec<u8> {
    wire::reply_text(m).into_bytes()
}

/// The bad reply `fault` in `pos`, if this position allows it (else a
/// legal move is sent and the player tries again at its next turn).
fn bad_reply(fault: Fault, pos: &Position) -> Option<Vec<u8>> {
    let board = pos.board();
    let placed = Square::of_mask(board.occupied()).next();
    let empty = Square::of_mask(board.empty()).next();
    let any_left = pos.available().iter().next();
    Some(match fault {
        Fault::Garbage => b"hello\nworld\n".to_vec(),
        Fault::LowerSquare => b"b3\n5\n".to_vec(),
        Fault::BadPiece => b"B3\n16\n".to_vec(),
        Fault::FirstSquare if pos.hand().is_none() => b"B3\n7\n".to_vec(),
        Fault::FirstDash if pos.hand().is_none() => b"-\n-\n".to_vec(),
        Fault::FirstSquare | Fault::FirstDash => return None,
        Fault::DashSquare => text(UncheckedMove {
            square: None,
            gift: any_left,
        }),
        Fault::Occupied => text(UncheckedMove {
            square: Some(placed?),
            gift: any_left,
        }),
        Fault::GiftInHand => text(UncheckedMove {
            square: Some(empty?),
            gift: Some(pos.hand()?),
        }),
        Fault::GiftOnBoard => text(UncheckedMove {
            square: Some(empty?),
            gift: board.get(placed?),
        }),
        Fault::GiftMissing => {
            let hand = pos.hand()?;
            let s =
                Square::of_mask(board.empty()).find(|&s| !board.wins_at(pos.level(), s, hand))?;
            any_left?;
            text(UncheckedMove {
                square: Some(s),
                gift: None,
            })
        }
        Fault::LongLine => vec![b'B'; 100].into_iter().chain(*b"\n7\n").collect(),
        Fault::Binary => b"B\xb6\n7\n".to_vec(),
    })
}

fn main() -> ExitCode {
    let faults = &Faults::<Fault>::parse();
    faults.start();
    let mut input = std::io::stdin().lock();
    let Some(seat) = next_line(&mut input).and_then(|l| wire::parse_seat(&l).ok()) else {
        return ExitCode::FAILURE;
    };
    let Some(level) = next_line(&mut input).and_then(|l| wire::parse_level(&l).ok()) else {
        return ExitCode::FAILURE;
    };
    let mut pos = Position::new(level, 0);
    let mut rng = Rng::new(faults.seed);
    let mut moves = Vec::new();
    loop {
        if pos.to_move() == seat {
            pos.legal_moves(&mut moves);
            let legal = moves[rng.below(moves.len() as u64) as usize];
            let bytes = faults
                .reply_at(pos.board().occupied().count_ones())
                .and_then(|fault| bad_reply(fault, &pos))
                .unwrap_or_else(|| text(legal.to_unchecked()));
            if send(&bytes).is_err() {
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
    faults.end();
    ExitCode::SUCCESS
}
